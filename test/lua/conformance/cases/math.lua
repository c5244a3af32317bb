-- The math library: every function, integer vs float results, random with fixed seeds, errors.

-- case: constants
print(math.pi, math.huge, -math.huge, math.maxinteger, math.mininteger)
-- expect:
-- 3.1415926535898	inf	-inf	9223372036854775807	-9223372036854775808

-- case: abs
print(math.abs(-3), math.abs(3), math.abs(-2.5), math.abs(-0.0), math.abs(math.mininteger), math.type(math.abs(-3)))
-- expect:
-- 3	3	2.5	0.0	-9223372036854775808	integer

-- case: ceil and floor return integers when they fit
print(math.floor(3.7), math.floor(-3.7), math.ceil(3.2), math.ceil(-3.2), math.floor(5), math.ceil(5))
print(math.type(math.floor(3.7)), math.type(math.ceil(1.0)), math.floor(-0.0))
-- expect:
-- 3	-4	4	-3	5	5
-- integer	integer	0

-- case: ceil and floor of huge floats stay floats
print(math.floor(1e100), math.ceil(-1e100), math.floor(2 ^ 62), math.floor(2 ^ 63), math.floor(math.huge))
-- expect:
-- 1e+100	-1e+100	4611686018427387904	9.2233720368548e+18	inf

-- case: floor of a string number
print(math.floor("3.7"), math.ceil("2"))
-- expect:
-- 3	2

-- case: floor of a non number
math.floor("x")
-- error: input:1: bad argument #1 to 'floor' (number expected, got string)

-- case: sqrt exp log
print(math.sqrt(16), math.sqrt(2), math.exp(0), math.exp(1), math.log(1), math.log(math.exp(2)))
-- expect:
-- 4.0	1.4142135623731	1.0	2.718281828459	0.0	2.0

-- case: log with base
print(math.log(8, 2), math.log(100, 10), math.log(27, 3), math.log(1024, 2), math.log(2, 4))
-- expect:
-- 3.0	2.0	3.0	10.0	0.5

-- case: log of zero and negative
print(math.log(0), math.log(-1) ~= math.log(-1), math.sqrt(-1) ~= math.sqrt(-1))
-- expect:
-- -inf	true	true

-- case: trigonometry
print(math.sin(0), math.cos(0), math.tan(0), math.sin(math.pi / 2), math.cos(math.pi))
print(math.asin(1), math.acos(1), math.atan(1), math.atan(1, 1), math.atan(-1, -1), math.atan(0, -1))
-- expect:
-- 0.0	1.0	0.0	1.0	-1.0
-- 1.5707963267949	0.0	0.78539816339745	0.78539816339745	-2.3561944901923	3.1415926535898

-- case: atan with one argument and defaults
print(math.atan(0), math.atan(1, 0), math.atan(0, 0))
-- expect:
-- 0.0	1.5707963267949	0.0

-- case: degree conversion by formula
print(math.pi / 180 * 90 == math.pi / 2, 180 / math.pi * math.pi)
-- expect:
-- true	180.0

-- case: fmod
print(math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7, -3), math.fmod(-7, -3), math.fmod(7.5, 2), math.fmod(-7.5, 2))
-- expect:
-- 1	-1	1	-1	1.5	-1.5

-- case: fmod integer and float subtypes
print(math.type(math.fmod(7, 3)), math.type(math.fmod(7.0, 3)), math.fmod(math.mininteger, -1), math.fmod(5, math.huge))
-- expect:
-- integer	float	0	5.0

-- case: fmod by zero
print(pcall(math.fmod, 1, 0))
print(math.fmod(1, 0.0) ~= math.fmod(1, 0.0))
-- expect:
-- false	bad argument #2 to 'math.fmod' (zero)
-- true

-- case: modf
print(math.modf(3.7), math.modf(-3.7), math.modf(5), math.modf(math.huge), math.modf(-math.huge))
-- expect:
-- 3	-3	5	inf	-inf	0.0

-- case: modf subtypes
local i, f = math.modf(2.5)
print(math.type(i), math.type(f), math.modf(-0.0))
-- expect:
-- integer	float	0	0.0

-- case: tointeger
print(math.tointeger(5), math.tointeger(5.0), math.tointeger(5.5), math.tointeger("5"), math.tointeger({}), math.tointeger(2 ^ 53))
-- expect:
-- 5	5	nil	5	nil	9007199254740992

-- case: tointeger with no argument
print(pcall(math.tointeger))
-- expect:
-- false	bad argument #1 to 'math.tointeger' (value expected)

-- case: type
print(math.type(1), math.type(1.0), math.type("1"), math.type({}), math.type(math.huge))
-- expect:
-- integer	float	nil	nil	float

-- case: type with no argument
math.type()
-- error: input:1: bad argument #1 to 'type' (value expected)

-- case: ult
print(math.ult(1, 2), math.ult(-1, 2), math.ult(2, -1), math.ult(math.maxinteger, math.mininteger), math.ult(0, 0))
-- expect:
-- true	false	true	true	false

-- case: ult with floats
print(math.ult(1.0, 2))
print(pcall(math.ult, 1.5, 2))
-- expect:
-- true
-- false	bad argument #1 to 'math.ult' (number has no integer representation)

-- case: max and min
print(math.max(1, 5, 3), math.min(1, 5, 3), math.max(-1.5, -2), math.min(2, 2.0), math.max(2.0, 2))
print(math.type(math.max(1, 2.5)), math.type(math.max(3, 2.5)), math.max(1), math.min(math.huge, 1))
-- expect:
-- 5	1	-1.5	2	2.0
-- float	integer	1	1

-- case: max with no arguments
math.max()
-- error: input:1: bad argument #1 to 'max' (value expected)

-- case: min with a non number
math.min(1, "x")
-- error: attempt to compare string with number

-- case: max keeps the first of equal values
print(math.max(1, 1.0), math.max(1.0, 1), math.min(0.0, -0.0), math.min(-0.0, 0.0))
-- expect:
-- 1	1.0	0.0	-0.0

-- case: huge and pi are floats
print(math.type(math.huge), math.type(math.pi), math.huge > math.maxinteger)
-- expect:
-- float	float	true

-- case: random with a fixed seed is repeatable
math.randomseed(42)
local a = { math.random(1, 100), math.random(1, 100), math.random(1, 100) }
math.randomseed(42)
local b = { math.random(1, 100), math.random(1, 100), math.random(1, 100) }
print(a[1] == b[1] and a[2] == b[2] and a[3] == b[3])
-- expect:
-- true

-- case: random integers with a fixed seed
math.randomseed(42)
local out = {}
for i = 1, 10 do out[i] = math.random(1, 100) end
print(table.concat(out, " "))
-- expect:
-- 50 76 86 54 64 7 25 3 24 24

-- case: random floats with a fixed seed
math.randomseed(7)
local out = {}
for i = 1, 5 do out[i] = string.format("%.17g", math.random()) end
print(table.concat(out, " "))
-- expect:
-- 0.77898184896708966 0.38808095006412724 0.74830981146053188 0.36610929344954557 0.016710592659205381

-- case: random with one argument
math.randomseed(123)
local out = {}
for i = 1, 10 do out[i] = math.random(6) end
print(table.concat(out, " "))
-- expect:
-- 5 1 1 2 6 2 1 4 6 1

-- case: random with zero gives a full integer
math.randomseed(5)
print(math.random(0), math.random(0), math.type(math.random(0)))
-- expect:
-- 3549359249216114506	2266472947662378741	integer

-- case: random over negative ranges and huge ranges
math.randomseed(99)
print(math.random(-10, -5), math.random(math.mininteger, math.maxinteger), math.random(-3, 3), math.random(3, 3))
-- expect:
-- -5	4784593548815553492	2	3

-- case: random with two part seed
math.randomseed(1, 2)
print(math.random(1000), math.random(1000))
math.randomseed(1, 3)
print(math.random(1000), math.random(1000))
-- expect:
-- 130	905
-- 672	884

-- case: random stays in range
math.randomseed(2024)
local ok = true
for i = 1, 1000 do
  local r = math.random(3, 7)
  if r < 3 or r > 7 or math.type(r) ~= "integer" then ok = false end
  local f = math.random()
  if f < 0 or f >= 1 then ok = false end
end
print(ok)
-- expect:
-- true

-- case: random with an empty interval
math.random(5, 1)
-- error: input:1: bad argument #1 to 'random' (interval is empty)

-- case: random with too many arguments
math.random(1, 2, 3)
-- error: input:1: wrong number of arguments

-- case: random with a float argument
print(pcall(math.random, 1.5))
math.randomseed(3)
print(pcall(math.random, 5, 5.0))
-- expect:
-- false	bad argument #1 to 'math.random' (number has no integer representation)
-- true	5

-- case: random with zero upper bound
math.random(0, -1)
-- error: input:1: bad argument #1 to 'random' (interval is empty)

-- case: abs of a string number
print(math.abs("-3"), math.abs("-3.5"))
-- expect:
-- 3.0	3.5

-- case: sqrt of a big integer
print(math.sqrt(math.maxinteger), math.sqrt(4) == 2)
-- expect:
-- 3037000499.976	true

-- case: exp and log overflows
print(math.exp(1000), math.exp(-1000), math.log(math.huge))
-- expect:
-- inf	0.0	inf

-- case: pow via operator and sqrt agree
print(2 ^ 0.5 == math.sqrt(2), 10 ^ 2, 10 ^ -2)
-- expect:
-- true	100.0	0.01

-- case: math functions with no arguments
math.sqrt()
-- error: input:1: bad argument #1 to 'sqrt' (number expected, got no value)

-- case: the math functions Code Mode keeps are all present
local names = { "abs", "acos", "asin", "atan", "ceil", "cos", "deg", "exp", "floor", "fmod", "huge", "log", "max", "maxinteger", "min", "mininteger", "modf", "pi", "rad", "random", "randomseed", "sin", "sqrt", "tan", "tointeger", "type", "ult" }
local kinds = {}
for i, name in ipairs(names) do kinds[i] = type(math[name]) end
print(table.concat(kinds, " "))
-- expect:
-- function function function function function function function function function function number function function number function number function number function function function function function function function function function

-- case: deg and rad
print(math.deg(math.pi), math.rad(180), math.deg(1), math.rad(1))
-- expect:
-- 180.0	3.1415926535898	57.295779513082	0.017453292519943

-- case: rounding idiom
local function round(x) return math.floor(x + 0.5) end
print(round(2.5), round(2.4), round(-2.5), round(-2.6))
-- expect:
-- 3	2	-2	-3

-- case: integer square root via floor
print(math.floor(math.sqrt(17)), math.floor(math.sqrt(16)))
-- expect:
-- 4	4

-- case: min and max of mixed huge values
print(math.max(math.maxinteger, 2 ^ 63), math.min(math.mininteger, -2 ^ 63), math.max(-math.huge, math.mininteger))
-- expect:
-- 9.2233720368548e+18	-9223372036854775808	-9223372036854775808
