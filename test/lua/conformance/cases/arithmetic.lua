-- Arithmetic operators, their coercions and their error messages (with the variable kinds).

-- case: basic integer arithmetic
print(1 + 2, 10 - 20, 6 * 7, 2 - -3, -(2 + 3))
-- expect:
-- 3	-10	42	5	-5

-- case: mixed arithmetic
print(1 + 0.5, 3 * 1.5, 10 - 0.25, 0.1 * 3, 1e308 * 10)
-- expect:
-- 1.5	4.5	9.75	0.3	inf

-- case: division always float
print(4 / 2, 1 / 3, -9 / 3, 0 / 5, math.type(4 / 2))
-- expect:
-- 2.0	0.33333333333333	-3.0	0.0	float

-- case: arithmetic on nil local
local x
print(x + 1)
-- error: input:2: attempt to perform arithmetic on a nil value (local 'x')

-- case: arithmetic on nil global
print(undefinedThing + 1)
-- error: input:1: attempt to perform arithmetic on a nil value (global 'undefinedThing')

-- case: arithmetic on nil upvalue
local x
local function f() return x * 2 end
print(f())
-- error: input:2: attempt to perform arithmetic on a nil value (upvalue 'x')

-- case: arithmetic on nil field
local t = {}
print(t.count - 1)
-- error: input:2: attempt to perform arithmetic on a nil value (field 'count')

-- case: arithmetic on nil indexed by string
local t = {}
print(t["count"] / 2)
-- error: input:2: attempt to perform arithmetic on a nil value (field 'count')

-- case: arithmetic on nil indexed by variable
local t, k = {}, "count"
print(t[k] + 1)
-- error: input:2: attempt to perform arithmetic on a nil value (field '?')

-- case: arithmetic on a table
local t = {}
print(1 + t)
-- error: input:2: attempt to perform arithmetic on a table value (local 't')

-- case: arithmetic on a boolean
local b = true
print(b * 2)
-- error: input:2: attempt to perform arithmetic on a boolean value (local 'b')

-- case: arithmetic on a function
print(-print)
-- error: input:1: attempt to perform arithmetic on a function value (global 'print')

-- case: unary minus on nil
local v
print(-v)
-- error: input:2: attempt to perform arithmetic on a nil value (local 'v')

-- case: arithmetic on nil field of nested table
local cfg = { limits = {} }
print(cfg.limits.max + 1)
-- error: input:2: attempt to perform arithmetic on a nil value (field 'max')

-- case: arithmetic on nil returned by a call
local function f() end
print(f() + 1)
-- error: input:2: attempt to perform arithmetic on a nil value

-- case: arithmetic on a string that is not a number
local s = "12abc"
print(s * 2)
-- error: input:2: attempt to mul a 'string' with a 'number'

-- case: arithmetic error names the second operand
local a, b = 1, nil
print(a - b)
-- error: input:2: attempt to perform arithmetic on a nil value (local 'b')

-- case: arithmetic on an empty string
print(("x") .. "" + 1)
-- error: input:1: attempt to add a 'string' with a 'number'

-- case: exponent with nil
local e
print(2 ^ e)
-- error: input:2: attempt to perform arithmetic on a nil value (local 'e')

-- case: modulo with nil global
print(10 % missing)
-- error: input:1: attempt to perform arithmetic on a nil value (global 'missing')

-- case: floor division with boolean
print(10 // false)
-- error: input:1: attempt to perform arithmetic on a boolean value

-- case: pcall catches arithmetic errors
print(pcall(function() local z; return z + 1 end))
-- expect:
-- false	input:1: attempt to perform arithmetic on a nil value (local 'z')

-- case: increment idiom
local n = 0
for i = 1, 10 do n = n + i end
print(n)
-- expect:
-- 55

-- case: float accumulation
local s = 0
for i = 1, 10 do s = s + 0.1 end
print(s, s == 1.0, string.format("%.17g", s))
-- expect:
-- 1.0	false	0.99999999999999989

-- case: integer arithmetic stays integer
local x = 5
x = x * 3 - 2
x = x // 2
print(x, math.type(x))
-- expect:
-- 6	integer

-- case: coercion of hex and float strings
print("0x1p4" + 0, "1e2" * 1, "  0x10  " + 1, ".5" + 0)
-- expect:
-- 16.0	100.0	17	0.5

-- case: coercion error on bad hex string
print("0xg" + 1)
-- error: input:1: attempt to add a 'string' with a 'number'

-- case: arithmetic result of string integer overflow
print("9223372036854775807" + 1, "9223372036854775808" + 0)
-- expect:
-- -9223372036854775808	9.2233720368548e+18

-- case: comparison of arithmetic results
print(7 // 2 == 3, 7 / 2 == 3.5, 2 ^ 2 == 4, 1 / 3 * 3 == 1)
-- expect:
-- true	true	true	true

-- case: large float to integer arithmetic
print(2 ^ 53 + 1, 1e15 + 1, math.type(1e15 + 1))
-- expect:
-- 9.007199254741e+15	1e+15	float

-- case: arithmetic on a nil method result
local obj = { get = function(self) return nil end }
print(obj:get() + 1)
-- error: input:2: attempt to perform arithmetic on a nil value

-- case: arithmetic error inside a nested function reports its line
local function outer()
  local function inner(v)
    return v.x + 1
  end
  return inner({})
end
print(pcall(outer))
-- expect:
-- false	input:3: attempt to perform arithmetic on a nil value (field 'x')

-- case: unary minus on a string that is not a number
print(-"abc")
-- error: input:1: attempt to unm a 'string' with a 'string'

-- case: length of a number
local n = 5
print(#n)
-- error: input:2: attempt to get length of a number value (local 'n')

-- case: length of nil global
print(#nothing)
-- error: input:1: attempt to get length of a nil value (global 'nothing')

-- case: length of nil field
local t = {}
print(#t.items)
-- error: input:2: attempt to get length of a nil value (field 'items')
