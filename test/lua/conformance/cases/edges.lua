-- Edge cases that interpreters get wrong: signed zeros, infinities in modulo, loop bounds at the
-- integer limits, goto over locals at the end of a block, pattern classes, string escapes.

-- case: floor division keeps the sign of zero for floats
print(0 // -1, 0.0 // -1, -0.0 // 1, 0.0 // 1)
-- expect:
-- 0	-0.0	-0.0	0.0

-- case: modulo with infinities
print(3 % -math.huge, -3 % math.huge, 3 % math.huge, -3 % -math.huge)
-- expect:
-- -inf	inf	3.0	-3.0

-- case: modulo of negative zero
print(-0.0 % 1, 0.0 % -1, 5 % -0.0 ~= 5 % -0.0)
-- expect:
-- -0.0	0.0	true

-- case: format of negative zero
print(string.format("%d %.3f %g %5.1f", -0.0, -0.0, -0.0, -0.0))
-- expect:
-- 0 -0.000 -0  -0.0

-- case: format q of nan and huge
print(string.format("%q %q", 0 / 0, 1e308 * 10))
-- expect:
-- (0/0) 1e9999

-- case: rawequal of zeros
print(rawequal(0, -0.0), rawequal(0, 0.0), 0 == -0, -0.0 == 0)
-- expect:
-- true	true	true	true

-- case: numeric for with a step beyond the limit runs once
local n = 0
for i = math.maxinteger - 1, math.maxinteger, 2 do n = n + 1 end
print(n)
-- expect:
-- 1

-- case: numeric for with an integral float step gives floats
local out = {}
for i = 1, 3, 1.0 do out[#out + 1] = tostring(i) end
print(table.concat(out, " "))
-- expect:
-- 1.0 2.0 3.0

-- case: numeric for accepts numeric strings
local out = {}
for i = "1", "3" do out[#out + 1] = math.type(i) end
for i = 1, 2, "1" do out[#out + 1] = math.type(i) end
print(table.concat(out, " "))
-- expect:
-- float float float float float

-- case: numeric for with integer start and float limit clamps
local out = {}
for i = 1, 3.7 do out[#out + 1] = i end
for i = 3, 0.5, -1 do out[#out + 1] = i end
print(table.concat(out, " "))
-- expect:
-- 1 2 3 3 2 1

-- case: goto continue past a local at the end of the block
local out = {}
for i = 1, 4 do
  if i % 2 == 0 then goto continue end
  local label = "odd" .. i
  out[#out + 1] = label
  ::continue::
end
print(table.concat(out, " "))
-- expect:
-- odd1 odd3

-- case: goto past a local into the until condition is an error
local x = 1
repeat
  if x then goto cont end
  local xuxu = 10
  ::cont::
until xuxu < x
-- syntax error: input:6: <goto cont> at line 3 jumps into the scope of local 'xuxu'

-- case: label at the end of a function body after a local
local function f(n)
  if n > 0 then goto done end
  local message = "non-positive"
  do return message end
  ::done::
end
print(f(1), f(-1))
-- expect:
-- nil	non-positive

-- case: printable class g
print(("a b\tc\n!"):gsub("%g", "."))
print(("a b"):gsub("%G", "_"))
-- expect:
-- . .	.
-- .	4
-- a_b	1

-- case: string comparison of high bytes is bytewise
print("\xff" > "a", "\x80" > "\x7f", "a\xff" < "b", "" < "\0")
-- expect:
-- true	true	true	true

-- case: tonumber of more forms
print(tonumber("0x1P4"), tonumber("1e+2"), tonumber("."), tonumber("0x.1"), tonumber("1_000"), tonumber("0x1p"))
-- expect:
-- 16.0	100.0	nil	0.0625	nil	nil

-- case: tonumber with a float base
print(tonumber("10", 16.0))
-- expect:
-- 16

-- case: concatenating floats with exponents
print(1e15 .. "", 1e16 .. "", 123e-7 .. "", 2 ^ 24 .. "")
-- expect:
-- 1e+15	1e+16	1.23e-05	16777216.0

-- case: integer and float keys are the same key
local t = {}
t[1] = "int"
t[1.0] = "float"
t[2 ^ 53] = "big"
print(t[1], #t, t[2 ^ 53 | 0])
-- expect:
-- float	1	big

-- case: negative zero as a table key is zero
local t = { [0] = "zero" }
print(t[-0.0], t[0.0])
-- expect:
-- zero	zero

-- case: string.format with integer-valued floats for d
print(string.format("%d %x %5.2d", 3.0, 255.0, 2.0))
-- expect:
-- 3 ff    02

-- case: multiple assignment evaluates calls left to right
local log = {}
local function v(x) log[#log + 1] = x return x end
local a, b, c = v(1), v(2), v(3)
print(table.concat(log, ","), a, b, c)
-- expect:
-- 1,2,3	1	2	3

-- case: nested functions returning varargs through pcall
local function pass(...) return ... end
print(select("#", pcall(pass)), select("#", pcall(pass, nil, nil)))
-- expect:
-- 1	3

-- case: string keys versus number keys
local t = { ["1"] = "string", [1] = "number" }
print(t["1"], t[1], t[tonumber("1")])
-- expect:
-- string	number	number

-- case: large integer keys and negative keys in constructors
local t = { [math.maxinteger] = "max", [math.mininteger] = "min", [-1] = "neg" }
print(t[math.maxinteger], t[math.mininteger], t[-1])
-- expect:
-- max	min	neg

-- case: integer overflow in string to number coercion
print(math.type("9223372036854775807" + 0), math.type("9223372036854775808" + 0), "-9223372036854775808" + 0)
-- expect:
-- integer	float	-9223372036854775808

-- case: hex strings wrap in coercion
print("0xffffffffffffffff" + 0, "0x7fffffffffffffff" + 1)
-- expect:
-- -1	-9223372036854775808

-- case: comparison of mixed huge integers and floats
print(math.maxinteger < 9.2233720368547758e18, math.maxinteger + 1.0 == 2 ^ 63, 2 ^ 63 > math.maxinteger, -2 ^ 63 <= math.mininteger)
-- expect:
-- true	true	true	true

-- case: length of a string with escapes
print(#"\z
      abc", #"\x00\u{0}\0", #"\\")
-- expect:
-- 3	3	1

-- case: string.rep with empty separator and zero count
print("[" .. string.rep("ab", 3, "") .. "]", "[" .. table.concat({}, ",", 1, 0) .. "]")
-- expect:
-- [ababab]	[]

-- case: method call on a number string
print(("5"):rep(3), ("10"):len(), ("3.5"):byte())
-- expect:
-- 555	2	51
