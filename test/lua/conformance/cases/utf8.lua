-- The utf8 library: char charpattern codepoint codes len offset, and invalid sequences.
-- Printed strings stay ASCII or valid UTF-8; bytes are shown with string.byte where needed.

-- case: char builds UTF-8
print(utf8.char(72, 105), utf8.char(), #utf8.char(233), #utf8.char(0x20AC), #utf8.char(0x10FFFF), #utf8.char(0x7FFFFFFF))
print(utf8.char(233, 0x20AC) == "\u{E9}\u{20AC}", string.byte(utf8.char(0x20AC), 1, -1))
-- expect:
-- Hi		2	3	4	6
-- true	226	130	172

-- case: char out of range
utf8.char(-1)
-- error: input:1: bad argument #1 to 'char' (value out of range)

-- case: char beyond the maximum
utf8.char(0x80000000)
-- error: input:1: bad argument #1 to 'char' (value out of range)

-- case: char with non number
utf8.char("x")
-- error: input:1: bad argument #1 to 'char' (number expected, got string)

-- case: charpattern
print(utf8.charpattern == "[\0-\x7F\xC2-\xFD][\x80-\xBF]*", #utf8.charpattern)
-- expect:
-- true	14

-- case: iterate characters with charpattern
local out = {}
for ch in ("aé€😀"):gmatch(utf8.charpattern) do out[#out + 1] = #ch end
print(table.concat(out, " "))
-- expect:
-- 1 2 3 4

-- case: len counts characters
print(utf8.len("abc"), utf8.len(""), utf8.len("héllo"), utf8.len("€uro"), utf8.len("😀"))
-- expect:
-- 3	0	5	4	1

-- case: len with ranges
local s = "aé€b"
print(utf8.len(s, 2), utf8.len(s, 4), utf8.len(s, 1, 1), utf8.len(s, -1), utf8.len(s, 1, -1))
-- expect:
-- 3	2	1	1	4

-- case: len of invalid sequences returns nil and position
print(utf8.len("ab\xffcd"))
print(utf8.len("\xC3"))
print(utf8.len("a\x80"))
print(utf8.len("\xE2\x82"))
-- expect:
-- nil	3
-- nil	1
-- nil	2
-- nil	1

-- case: len rejects overlong and surrogate encodings
print(utf8.len("\xC0\x80"))
print(utf8.len("\xED\xA0\x80"))
print(utf8.len("\xF4\x90\x80\x80"))
-- expect:
-- nil	1
-- nil	1
-- nil	1

-- case: len lax mode accepts surrogates and large values
print(utf8.len("\xED\xA0\x80", 1, -1, true), utf8.len("\xF4\x90\x80\x80", 1, -1, true))
-- expect:
-- 1	1

-- case: len with position out of bounds
utf8.len("abc", 5)
-- error: input:1: bad argument #2 to 'len' (initial position out of bounds)

-- case: len starting in the middle of a character
print(utf8.len("é", 2))
-- expect:
-- nil	2

-- case: codepoint
print(utf8.codepoint("A"), utf8.codepoint("é"), utf8.codepoint("€"), utf8.codepoint("😀"))
-- expect:
-- 65	233	8364	128512

-- case: codepoint with ranges
print(utf8.codepoint("abc", 1, 3))
print(utf8.codepoint("aé€", 1, -1))
print(select("#", utf8.codepoint("abc", 4, 3)), select("#", utf8.codepoint("", 1, 0)))
-- expect:
-- 97	98	99
-- 97	233	8364
-- 0	0

-- case: codepoint of an invalid sequence
utf8.codepoint("\xff")
-- error: input:1: invalid UTF-8 code

-- case: codepoint out of bounds
utf8.codepoint("abc", 5)
-- error: input:1: bad argument #3 to 'codepoint' (out of bounds)

-- case: codepoint of a continuation byte
utf8.codepoint("é", 2)
-- error: input:1: invalid UTF-8 code

-- case: codepoint lax mode
print(utf8.codepoint("\xED\xA0\x80", 1, 1, true))
-- expect:
-- 55296

-- case: codes iterates positions and code points
for p, c in utf8.codes("aé€") do print(p, c) end
-- expect:
-- 1	97
-- 2	233
-- 4	8364

-- case: codes on an empty string
local n = 0
for _ in utf8.codes("") do n = n + 1 end
print(n)
-- expect:
-- 0

-- case: codes on an invalid string errors
for p, c in utf8.codes("a\xffb") do print(p, c) end
-- expect:
-- 1	97
-- error: input:1: invalid UTF-8 code

-- case: codes on a truncated sequence errors
for p, c in utf8.codes("ab\xE2\x82") do print(p, c) end
-- expect:
-- 1	97
-- 2	98
-- error: input:1: invalid UTF-8 code

-- case: offset
local s = "aé€b"
print(utf8.offset(s, 1), utf8.offset(s, 2), utf8.offset(s, 3), utf8.offset(s, 4), utf8.offset(s, 5), utf8.offset(s, 6))
-- expect:
-- 1	2	4	7	8	nil

-- case: offset negative
local s = "aé€b"
print(utf8.offset(s, -1), utf8.offset(s, -2), utf8.offset(s, -3), utf8.offset(s, -4), utf8.offset(s, -5))
-- expect:
-- 7	4	2	1	nil

-- case: offset zero finds the start of a character
local s = "aé€b"
print(utf8.offset(s, 0, 1), utf8.offset(s, 0, 3), utf8.offset(s, 0, 5), utf8.offset(s, 0, 6))
-- expect:
-- 1	2	4	4

-- case: offset with i
print(utf8.offset("abcdef", 2, 3), utf8.offset("abcdef", -2, 3))
-- expect:
-- 4	1

-- case: offset from a continuation byte errors
utf8.offset("é", 1, 2)
-- error: input:1: initial position is a continuation byte

-- case: offset position out of bounds
utf8.offset("abc", 1, 5)
-- error: input:1: bad argument #3 to 'offset' (position out of bounds)

-- case: utf8 functions Code Mode keeps are all present
print(type(utf8.char), type(utf8.charpattern), type(utf8.codepoint), type(utf8.codes), type(utf8.len), type(utf8.offset))
-- expect:
-- function	string	function	function	function	function

-- case: reverse a UTF-8 string by characters
local s = "añb€"
local chars = {}
for _, c in utf8.codes(s) do table.insert(chars, 1, utf8.char(c)) end
print(table.concat(chars) == "€bña", utf8.len(table.concat(chars)))
-- expect:
-- true	4

-- case: string length versus utf8 length
local s = "日本語"
print(#s, utf8.len(s), s:sub(1, 3) == "日")
-- expect:
-- 9	3	true

-- case: char of a string number
print(utf8.char("65", 66.0))
-- expect:
-- AB
