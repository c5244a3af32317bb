-- Library corners: format rounding and flags, math at the edges, pattern errors, utf8 limits,
-- argument coercions and positions.

-- case: format f e g with width flags and precision
print(string.format("%10.4f|%-10.3e|%+.3g", math.pi, -math.pi, 1e-5))
-- expect:
--     3.1416|-3.142e+00|+1e-05

-- case: format rounding of halves
print(("%5s|%-5s|"):format("ab", "cd"), ("%.0f %.0f %.0f %.0f"):format(0.5, 1.5, 2.5, -0.5))
-- expect:
--    ab|cd   |	0 2 2 -0

-- case: format g switches to exponents
print(string.format("%g %g %g %g %g", 1e15, 1e16, 123456, 1234567, 0.1))
-- expect:
-- 1e+15 1e+16 123456 1.23457e+06 0.1

-- case: format g with 14 and 17 digits
print(string.format("%.14g %.17g %.3g", 0.1, 0.1, 1e-300))
-- expect:
-- 0.1 0.10000000000000001 1e-300

-- case: format a of subnormals and huge
print(string.format("%a %a %a", 1e-320, math.huge, 2^-1074))
-- expect:
-- 0x0.00000000007e8p-1022 inf 0x0.0000000000001p-1022

-- case: format o and X of negatives and hash of zero
print(string.format("%o %X %#o %#x", -1, -1, 0, 0))
-- expect:
-- 1777777777777777777777 FFFFFFFFFFFFFFFF 0 0

-- case: format c wraps the byte
print(string.format("%c", 256 + 65))
-- expect:
-- A

-- case: floor ceil and fmod at the edges
print(math.floor(-3.5), math.ceil(-3.5), math.floor(2^62 + 0.5), math.fmod(-1, math.huge), math.fmod(1, -math.huge))
-- expect:
-- -4	-3	4611686018427387904	-1.0	1.0

-- case: max and min with zeros and infinities
print(math.max(0.0, -0.0), math.min(-0.0, 0), math.max(math.huge, 1/0), math.ult(-1, -2))
-- expect:
-- 0.0	-0.0	inf	false

-- case: floor division and modulo of floats by zero
print(7 // 0.0, -7 // 0.0, 0/0 == 0/0, -7 % 0.0 ~= -7 % 0.0, 7.5 // -0.0)
-- expect:
-- inf	-inf	false	true	-inf

-- case: power overflow and underflow
print(2^1024, -2^1024, 2^-1080, (-8)^(1/3) ~= (-8)^(1/3))
-- expect:
-- inf	-inf	0.0	true

-- case: tointeger of strings and large floats
print(math.tointeger("0x10"), math.tointeger(" 8 "), math.tointeger("8.0"), math.tointeger(2^63 - 1024))
-- expect:
-- 16	8	8	9223372036854774784

-- case: rep with separators
print(string.rep("a", 3, "b"):len(), ("abc"):rep(2, "--"), ("x"):rep(-5, "y"))
-- expect:
-- 5	abc--abc	

-- case: byte with a range beyond both ends
print(("abc"):byte(-10, 10))
-- expect:
-- 97	98	99

-- case: find plain with init
print(("hello world from lua"):find("o", 1, true), ("a+b"):find("+", 1, true), ("abc"):find("b", -1, true))
-- expect:
-- 5	2	nil

-- case: gsub collapsing spaces and table values
print(("  x  y  "):gsub("%s+", " "), ("abc"):gsub(".", { a = 1, b = true }))
-- error: input:1: invalid replacement value (a boolean)

-- case: gsub table value that is a table
print(pcall(string.gsub, "abc", ".", { a = {} }))
-- expect:
-- false	invalid replacement value (a table)

-- case: gsub with empty and percent replacements
print(("abc"):gsub("", ""), ("abc"):gsub(".", "%%"), ("a.b"):gsub("%.", "%%."))
-- expect:
-- abc	%%%	a%.b	1

-- case: find with an unfinished range
print(string.find("abc", "[a-"), 1)
-- error: input:1: malformed pattern (missing ']')

-- case: find malformed patterns through pcall
print(pcall(string.find, "abc", "[a"), pcall(string.find, "abc", "(()"))
-- expect:
-- false	false	unfinished capture

-- case: rep negative and format d of a float string
print(pcall(string.rep, "x", -1), pcall(string.format, "%d", "1.5"))
-- expect:
-- true	false	bad argument #2 to 'string.format' (number has no integer representation)

-- case: rep then format
print(("%s"):rep(3, "|"):format(1, 2, 3))
-- expect:
-- 1|2|3

-- case: select with negative and string indices
print(select(-1, 1, 2, 3), select(2, "a"), select("2", "a", "b"))
-- expect:
-- 3	nil	b

-- case: select with a float index
print(pcall(select, 1.5, "a"))
-- expect:
-- false	bad argument #1 to 'select' (number has no integer representation)

-- case: concat with a range past the end
print(table.concat({ 1, 2, 3 }, ", ", 2, 3), pcall(table.concat, { 1, 2 }, ",", 1, 3))
-- expect:
-- 2, 3	false	invalid value (nil) at index 3 in table for 'concat'

-- case: sort descending and sort with a hole
local t = { 5, 3, 1 }
table.sort(t, function(a, b) return a > b end)
print(t[1], t[2], t[3], pcall(table.sort, { 1, nil, 3 }))
-- expect:
-- 5	3	1	false	attempt to compare nil with number

-- case: insert with float and string positions
print(pcall(table.insert, { 1 }, 1.5, 2), pcall(table.insert, { 1 }, "2", 2))
-- expect:
-- false	true

-- case: unpack with a string index and a huge range
print(table.unpack({ 1, 2, 3 }, "2"), pcall(table.unpack, {}, 1, math.maxinteger))
-- expect:
-- 2	false	too many results to unpack

-- case: next with a missing key through pcall
print(next({}, nil), pcall(next, { a = 1 }, "b"), type(next))
-- expect:
-- nil	false	function

-- case: method calls on numbers
print(tostring(12):rep(2), (12):type())
-- error: input:1: attempt to index a number value

-- case: length and power precedence odds
print(#{ n = 1, 1, 2 }, #"\u{FFFF}", -2 ^ 2, 2 ^ -1 ^ 2)
-- expect:
-- 2	3	-4.0	0.5

-- case: assignment with fewer values
local a = {}
a.x, a.y = 1
print(a.x, a.y)
-- expect:
-- 1	nil

-- case: constructors with multiple results and nil
local function f() return 1, 2, 3 end
local t = { f(), f() }
local u = { f(), nil }
print(#t, #u, select("#", f(), nil))
-- expect:
-- 4	1	2

-- case: format without arguments
print(("x"):format(), ("%%"):format(), pcall(("%"):format))
-- syntax error: input:1: function arguments expected near ')'

-- case: format flags in any order
print(string.format("%-+5d|%+-5d|%- 5d|", 1, 2, 3))
-- expect:
-- +1   |+2   | 3   |

-- case: format q with precision
print(string.format("%.3q", "a"))
-- error: input:1: specifier '%q' cannot have modifiers

-- case: format s precisions
print(string.format("%5.3s|%.0s|%s", "abcdef", "abc", ""))
-- expect:
--   abc||

-- case: tostring of infinities
print(tostring(1/0), tostring(-1/0), math.huge == 1/0, -math.huge < math.mininteger)
-- expect:
-- inf	-inf	true	true

-- case: abs of mininteger
print(math.abs(math.mininteger) == math.mininteger, math.abs(-2^63) == 2^63)
-- expect:
-- true	true

-- case: modulo with floats and large integers
print(8 % 3.5, -8 % 3.5, 8 % -3.5, 2^53 % 3, math.maxinteger % 2, math.mininteger % 3)
-- expect:
-- 1.0	2.5	-2.5	2.0	1	1

-- case: floor division and modulo by 0.1
print(1 // 0.1, 1 % 0.1, 0.3 // 0.1, 0.3 % 0.1)
-- expect:
-- 10.0	0.1	2.0	0.1

-- case: utf8 char of the largest code point
print(utf8.char(72, 0x10FFFF):byte(-4, -1))
-- expect:
-- 244	143	191	191

-- case: utf8 truncated and out of range sequences
print(utf8.len("\xF0\x9F\x98"), utf8.codepoint("\u{10FFFF}"), pcall(utf8.codepoint, "\xF4\x90\x80\x80"))
-- expect:
-- nil	1114111	false	invalid UTF-8 code

-- case: utf8 offset at the ends
print(utf8.offset("abc", 0), utf8.offset("abc", 4), utf8.offset("abc", 5), utf8.offset("", 1), utf8.offset("", 0))
-- expect:
-- 1	4	nil	1	1

-- case: utf8 position errors
print(pcall(utf8.offset, "abc", 1, 0), pcall(utf8.len, "abc", 0), utf8.len("abc", 4), pcall(utf8.len, "abc", 5))
-- expect:
-- false	false	0	false	bad argument #2 to 'utf8.len' (initial position out of bounds)

-- case: utf8 codes in lax mode
for p, c in utf8.codes("ab", true) do print(p, c) end
-- expect:
-- 1	97
-- 2	98

-- case: format s of a huge float
print(string.format("%s", 1e100), 1e100 // 1, math.type(1e100 // 1))
-- expect:
-- 1e+100	1e+100	float

-- case: chained string methods
print(("test"):upper():lower():rep(2):sub(2, -2):len())
-- expect:
-- 6

-- case: loops with negative integer and float steps
local s = 0
for i = 10, 1, -3 do s = s + i end
for i = 1.5, 0, -0.5 do s = s + i end
print(s)
-- expect:
-- 25.0

-- case: for with a float zero step
print(pcall(function() for i = 1, 10, 0.0 do end end))
-- expect:
-- false	input:1: 'for' step is zero
