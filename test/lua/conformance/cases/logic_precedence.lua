-- Logical operators (short-circuit, returned values) and operator precedence.

-- case: and returns first falsy or last
print(1 and 2, nil and 1, false and nil, 1 and nil, "a" and "b")
-- expect:
-- 2	nil	false	nil	b

-- case: or returns first truthy or last
print(1 or 2, nil or 1, false or nil, nil or false, false or "x")
-- expect:
-- 1	1	nil	false	x

-- case: not
print(not nil, not false, not 0, not "", not {}, not not 1)
-- expect:
-- true	true	false	false	false	true

-- case: zero and empty string are truthy
if 0 then print("0 is true") end
if "" then print("empty string is true") end
-- expect:
-- 0 is true
-- empty string is true

-- case: short circuit skips evaluation
local calls = 0
local function f() calls = calls + 1 return true end
local _ = false and f()
local _ = true or f()
local _ = nil and f() or f()
print(calls)
-- expect:
-- 1

-- case: and or idiom
local function pick(c) return c and "yes" or "no" end
print(pick(true), pick(false), pick(nil), pick(0))
-- expect:
-- yes	no	no	yes

-- case: and or idiom fails with false middle value
local x = true and false or "fallback"
print(x)
-- expect:
-- fallback

-- case: default values with or
local function greet(name) name = name or "world" return "hi " .. name end
print(greet(), greet("lua"))
-- expect:
-- hi world	hi lua

-- case: not has higher precedence than ==
print(not nil == true, not (nil == true), not 1 == nil)
-- expect:
-- true	true	false

-- case: power is right associative and binds tighter than unary minus
print(2 ^ 3 ^ 2, -2 ^ 2, 2 ^ -2, (-2) ^ 2, -2 ^ -2)
-- expect:
-- 512.0	-4.0	0.25	4.0	-0.25

-- case: concat is right associative and lower than arithmetic
print(1 + 2 .. "", "a" .. 1 + 2 .. "b", 2 .. 3 * 4)
-- expect:
-- 3	a3b	212

-- case: arithmetic precedence
print(1 + 2 * 3, (1 + 2) * 3, 10 - 4 - 3, 2 * 3 % 4, 7 // 2 * 2, -3 % 5, -3 ^ 2)
-- expect:
-- 7	9	3	2	6	2	-9.0

-- case: comparison lower than concat
print("a" .. "b" == "ab", 1 .. 2 == "12", 1 + 1 < 3)
-- expect:
-- true	true	true

-- case: and binds tighter than or
print(true or false and false, (true or false) and false, nil and 1 or 2, false or nil and 1)
-- expect:
-- true	false	2	nil

-- case: bitwise precedence
print(1 | 2 & 3, 1 | 2 ~ 3, 5 & 3 << 1, 1 << 2 + 1, 0xF0 >> 4 | 1, ~0 & 0xFF)
-- expect:
-- 3	1	4	8	15	255

-- case: concat binds tighter than bitwise or
print(pcall(function() return 1 .. 2 | 3 end))
-- expect:
-- false	input:1: attempt to perform bitwise operation on a string value

-- case: comparison of bitwise results
print(6 & 3 == 2, (6 & 3) == 2)
-- expect:
-- true	true

-- case: unary operators stack
print(- -1, not not nil, ~~5, -~5, #"abc" + 1, -#"ab")
-- expect:
-- 1	false	5	6	4	-2

-- case: length binds tighter than binary operators
local t = { 1, 2, 3 }
print(#t * 2, #t .. "", -#t, #"x" == 1)
-- expect:
-- 6	3	-3	true

-- case: string comparison in and or
local a, b = "x", "y"
print(a < b and "less" or "not less")
-- expect:
-- less

-- case: or in condition with nil
local t = {}
if t.missing or t.other then print("yes") else print("no") end
-- expect:
-- no

-- case: and with function calls returning multiple values truncates
local function two() return 1, 2 end
print(two() and two())
print((two()))
-- expect:
-- 1
-- 1

-- case: parenthesized comparison with not
print(not (1 > 2), not 1 > 2)
-- error: input:1: attempt to compare number with boolean
