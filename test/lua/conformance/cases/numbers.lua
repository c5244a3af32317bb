-- Numbers: the integer and float subtypes, their text forms, literals, overflow and coercions.

-- case: integer and float division
print(3 // 2, 3 / 2, 2 ^ 2, 7 // 2.0, 1 / 2)
-- expect:
-- 1	1.5	4.0	3.0	0.5

-- case: math.type of results
print(math.type(1), math.type(1.0), math.type(3 // 2), math.type(3 / 2), math.type(2 ^ 2), math.type("1"), math.type(nil))
-- expect:
-- integer	float	integer	float	float	nil	nil

-- case: integral floats print with .0
print(1.0, -1.0, 2 ^ 53, 100 / 2, 3.0 == 3)
-- expect:
-- 1.0	-1.0	9.007199254741e+15	50.0	true

-- case: tostring of large floats
print(tostring(1e15), tostring(1e16), tostring(2 ^ 63), tostring(1e100), tostring(-1e15))
-- expect:
-- 1e+15	1e+16	9.2233720368548e+18	1e+100	-1e+15

-- case: tostring of small floats
print(0.1, 1 / 3, 1e-5, 123.456, 5e-324)
-- expect:
-- 0.1	0.33333333333333	1e-05	123.456	4.9406564584125e-324

-- case: float precision is 14 digits
print(0.1 + 0.2, 100 / 3, 2 / 3 * 3, 3.14159265358979)
-- expect:
-- 0.3	33.333333333333	2.0	3.1415926535898

-- case: division by zero
print(1 / 0, -1 / 0, 10 // 0.0, -10 // 0.0, 0 / 0 ~= 0 / 0)
-- expect:
-- inf	-inf	inf	-inf	true

-- case: float modulo by zero is nan
local nan = 5 % 0.0
print(nan ~= nan, math.type(nan))
-- expect:
-- true	float

-- case: integer division by zero is an error
local a, b = 10, 0; print(a // b)
-- error: input:1: attempt to divide by zero

-- case: integer modulo by zero is an error
local a, b = 10, 0; print(a % b)
-- error: input:1: attempt to perform 'n%0'

-- case: integer division by zero inside pcall
print(pcall(function(a, b) return a // b end, 1, 0))
print(pcall(function(a, b) return a % b end, 1, 0))
print(pcall(function(a, b) return a // b end, 1.0, 0))
-- expect:
-- false	input:1: attempt to divide by zero
-- false	input:2: attempt to perform 'n%0'
-- true	inf

-- case: negative zero
print(-0.0, 0.0, -0.0 == 0.0, 1 / -0.0, 0 * -1, math.type(-0.0))
-- expect:
-- -0.0	0.0	true	-inf	0	float

-- case: maxinteger and mininteger
print(math.maxinteger, math.mininteger, tostring(math.maxinteger), #tostring(math.maxinteger))
-- expect:
-- 9223372036854775807	-9223372036854775808	9223372036854775807	19

-- case: integer overflow wraps around
print(math.maxinteger + 1 == math.mininteger, math.mininteger - 1 == math.maxinteger, math.maxinteger + 1)
-- expect:
-- true	true	-9223372036854775808

-- case: integer multiplication wraps
print(math.maxinteger * 2, math.mininteger * -1, 4611686018427387904 * 4, 3037000500 * 3037000500)
-- expect:
-- -2	-9223372036854775808	0	-9223372036709301616

-- case: negation of mininteger wraps
print(-math.mininteger, -math.mininteger == math.mininteger)
-- expect:
-- -9223372036854775808	true

-- case: large integer arithmetic is exact
local big = 9007199254740993
print(big, big + 1, big * 3, big - 2, big // 7, big % 1000)
-- expect:
-- 9007199254740993	9007199254740994	27021597764222979	9007199254740991	1286742750677284	993

-- case: integers around 2^53
print(2 ^ 53 == 9007199254740992, 9007199254740992 + 1, 9007199254740993 == 2 ^ 53 + 1, math.type(2 ^ 53))
-- expect:
-- true	9007199254740993	false	float

-- case: integer float equality across subtypes
print(1 == 1.0, math.maxinteger == 2 ^ 63, math.maxinteger + 0.0 == 2 ^ 63, -0 == 0.0)
-- expect:
-- true	false	true	true

-- case: hex integer literals
print(0xff, 0XA, 0x7fffffffffffffff, 0xffffffffffffffff, 0x10000000000000000)
-- expect:
-- 255	10	9223372036854775807	-1	0

-- case: hex float literals
print(0x1p4, 0x.8, 0xA.8p1, 0x1P-2, 0x.1p4)
-- expect:
-- 16.0	0.5	21.0	0.25	1.0

-- case: decimal literals with exponents
print(1e2, 1E2, 1e-2, .5, 5., 3e0, 0.5e1, math.type(1e2))
-- expect:
-- 100.0	100.0	0.01	0.5	5.0	3.0	5.0	float

-- case: integer literal too large becomes float
print(9223372036854775807, 9223372036854775808, math.type(9223372036854775808), -9223372036854775808)
-- expect:
-- 9223372036854775807	9.2233720368548e+18	float	-9.2233720368548e+18

-- case: string to number coercion in arithmetic
print("10" + 1, "3.0" + 1, "0x10" + 0, " 5 " * 2, "1e1" + 0, math.type("10" + 1), math.type("10" * 1.0))
-- expect:
-- 11	4.0	16	10	10.0	integer	float

-- case: string arithmetic keeps string subtype rules
print("10" // "3", "7" % "2", "2" ^ "3", -"3", "10" / "2")
-- expect:
-- 3	1	8.0	-3	5.0

-- case: number to string coercion in concatenation
print(10 .. 20, 1.5 .. "", 2 ^ 63 .. "", -0.0 .. "", 1e100 .. "")
-- expect:
-- 1020	1.5	9.2233720368548e+18	-0.0	1e+100

-- case: arithmetic on a non-numeric string fails
local s = "abc"
print(s + 1)
-- error: input:2: attempt to add a 'string' with a 'number'

-- case: arithmetic on a string constant names it
print("abc" + 1)
-- error: input:1: attempt to add a 'string' with a 'number'

-- case: float to integer conversions in bitwise ops
print(3.0 | 0, 2 ^ 53 | 0, -0.0 | 0, 1e3 ~ 0)
-- expect:
-- 3	9007199254740992	0	1000

-- case: strings are not coerced in bitwise ops
print("3" | 0)
-- error: input:1: attempt to perform bitwise operation on a string value (constant '3')

-- case: float without integer representation in bitwise op
local f = 1.5
print(f | 0)
-- error: input:2: number (local 'f') has no integer representation

-- case: integer conversion of huge float fails
local f = 2 ^ 64
print(f & 1)
-- error: input:2: number (local 'f') has no integer representation

-- case: float keys normalize to integers
local t = {}
t[1.0] = "a"
t[2] = "b"
print(t[1], t[2.0], #t, math.type(next(t)))
-- expect:
-- a	b	2	integer

-- case: comparisons between integers and floats are exact
print(math.maxinteger < 2 ^ 63, math.maxinteger + 0.0 < 2 ^ 63, 1 < 1.5, -1 > -1.5, 2 ^ 53 < 2 ^ 53 + 1)
-- expect:
-- true	false	true	true	false

-- case: integer and float comparison near 2^63
print(math.maxinteger <= 2 ^ 63, math.mininteger == -2 ^ 63, math.mininteger < -2 ^ 63)
-- expect:
-- true	true	false

-- case: nan comparisons are false
local nan = 0 / 0
print(nan == nan, nan < 1, nan > 1, nan <= nan, nan ~= nan, 1 < nan)
-- expect:
-- false	false	false	false	true	false

-- case: inf arithmetic
local inf = math.huge
print(inf + 1, inf - inf ~= inf - inf, -inf, inf * 0 ~= inf * 0, inf // 1, math.type(inf))
-- expect:
-- inf	true	-inf	true	inf	float

-- case: exponentiation is always float
print(2 ^ 0, 2 ^ 10, 2 ^ -1, (-2) ^ 2, 4 ^ 0.5, 0 ^ 0)
-- expect:
-- 1.0	1024.0	0.5	4.0	2.0	1.0

-- case: unary minus of strings and floats
print(-"2", -"2.5", - -3, -(-0.0))
-- expect:
-- -2	-2.5	3	0.0

-- case: floor division and modulo signs
print(7 // 2, -7 // 2, 7 // -2, -7 // -2, 7.0 // 2, -7.0 // 2)
print(7 % 3, -7 % 3, 7 % -3, -7 % -3, 7.5 % 2, -7.5 % 2)
-- expect:
-- 3	-4	-4	3	3.0	-4.0
-- 1	2	-2	-1	1.5	0.5

-- case: float modulo results
print(5.5 % 2, -5.5 % 2, 5 % -2.5, 1e308 % 3, 3 % math.huge, -3 % math.huge)
-- expect:
-- 1.5	0.5	0.0	2.0	3.0	inf

-- case: modulo by mininteger and -1
print(math.mininteger % -1, math.mininteger // -1, 5 // -1, 5 % -1)
-- expect:
-- 0	-9223372036854775808	-5	0

-- case: tostring and tonumber round trip
local values = { 1, 1.5, -2, 1e300, 2 ^ 63, math.mininteger, 0.1 }
for _, v in ipairs(values) do
  print(tostring(v), tonumber(tostring(v)) == v)
end
-- expect:
-- 1	true
-- 1.5	true
-- -2	true
-- 1e+300	true
-- 9.2233720368548e+18	false
-- -9223372036854775808	true
-- 0.1	true

-- case: number formatting of floats with %.14g
print(123456789012345.0, 1234567890123456.0, 0.000001, 0.0000001, 12345678901234567890)
-- expect:
-- 1.2345678901234e+14	1.2345678901235e+15	1e-06	1e-07	1.2345678901235e+19

-- case: addition of integer and float gives float
print(1 + 1.0, 2 * 0.5, 3 - 1.0, 10 // 2.0, math.type(1 + 1.0))
-- expect:
-- 2.0	1.0	2.0	5.0	float

-- case: float to string for integers beyond 2^63
print(2 ^ 64, -2 ^ 64, 1e19, 2 ^ 63 * 2)
-- expect:
-- 1.844674407371e+19	-1.844674407371e+19	1e+19	1.844674407371e+19

-- case: string numbers compare as strings not numbers
print("10" < "9", "a" < "b", "" < "a", "Z" < "a")
-- expect:
-- true	true	true	true

-- case: number and string never compare
print(pcall(function() return 1 < "2" end))
-- expect:
-- false	input:1: attempt to compare number with string

-- case: number equals string is false
print(1 == "1", "1" == 1, 0 == false, nil == false)
-- expect:
-- false	false	false	false

-- case: hex literal arithmetic wraps
print(0x7fffffffffffffff + 1, 0xffffffffffffffff + 1, -0x8000000000000000)
-- expect:
-- -9223372036854775808	0	-9223372036854775808

-- case: integer division and modulo identity
for _, a in ipairs({ 7, -7, 13, -13 }) do
  for _, b in ipairs({ 3, -3, 5 }) do
    print(a, b, a // b, a % b, (a // b) * b + a % b == a)
  end
end
-- expect:
-- 7	3	2	1	true
-- 7	-3	-3	-2	true
-- 7	5	1	2	true
-- -7	3	-3	2	true
-- -7	-3	2	-1	true
-- -7	5	-2	3	true
-- 13	3	4	1	true
-- 13	-3	-5	-2	true
-- 13	5	2	3	true
-- -13	3	-5	2	true
-- -13	-3	4	-1	true
-- -13	5	-3	2	true

-- case: float floor division keeps float
print(7.5 // 2, -7.5 // 2, 1 // 0.3, math.type(4.0 // 2))
-- expect:
-- 3.0	-4.0	3.0	float

-- case: number literals with leading zeros
print(010, 0010.5, 00, 0e0)
-- expect:
-- 10	10.5	0	0.0

-- case: math.tointeger on strings and floats
print(math.tointeger(3.0), math.tointeger(3.5), math.tointeger("8"), math.tointeger(2 ^ 63), math.tointeger(-0.0))
-- expect:
-- 3	nil	8	nil	0
