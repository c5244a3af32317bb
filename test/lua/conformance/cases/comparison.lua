-- Comparison operators: numbers, strings, mixed types, and their errors.

-- case: integer comparisons
print(1 < 2, 2 < 1, 1 <= 1, 1 >= 2, 3 > 2, 1 == 1, 1 ~= 1)
-- expect:
-- true	false	true	false	true	true	false

-- case: float comparisons
print(1.5 < 2, 2.5 <= 2.5, -0.0 == 0.0, 0.1 + 0.2 == 0.3, 1e308 < math.huge)
-- expect:
-- true	true	true	false	true

-- case: string comparisons are bytewise
print("a" < "b", "abc" < "abd", "ab" < "abc", "B" < "a", "" == "", "a" ~= "A")
-- expect:
-- true	true	true	true	true	true

-- case: string comparison with embedded zeros
print("a\0b" < "a\0c", "a\0" > "a", #"a\0b")
-- expect:
-- true	true	3

-- case: string comparison of digits
print("2" < "10", "10" < "2", "0.5" < "1")
-- expect:
-- false	true	true

-- case: compare number with nil
local x
print(1 < x)
-- error: input:2: attempt to compare number with nil

-- case: compare nil with number
local x
print(x < 1)
-- error: input:2: attempt to compare nil with number

-- case: compare number with string
print(1 < "x")
-- error: input:1: attempt to compare number with string

-- case: compare string with number using le
print("a" <= 2)
-- error: input:1: attempt to compare string with number

-- case: compare two tables
print({} < {})
-- error: input:1: attempt to compare two table values

-- case: compare boolean with boolean
print(true < false)
-- error: input:1: attempt to compare two boolean values

-- case: compare table with number using gt
local t = {}
print(t > 1)
-- error: input:2: attempt to compare number with table

-- case: compare nil with nil
print(nil >= nil)
-- error: input:1: attempt to compare two nil values

-- case: compare function with number
print(print < 1)
-- error: input:1: attempt to compare function with number

-- case: equality never errors
print({} == {}, 1 == "1", nil == false, print == print, "x" == "x")
-- expect:
-- false	false	false	true	true

-- case: table identity
local a = {}
local b = a
print(a == b, a ~= {}, rawequal(a, b))
-- expect:
-- true	true	true

-- case: comparison chain is an error
print(1 < 2 < 3)
-- error: input:1: attempt to compare boolean with number

-- case: comparison results in conditions
local function cmp(a, b)
  if a < b then return "lt" elseif a > b then return "gt" else return "eq" end
end
print(cmp(1, 2), cmp("b", "a"), cmp(2.0, 2), cmp(-1, -1.5))
-- expect:
-- lt	gt	eq	gt

-- case: mixed integer float order
print(1 < 1.1, 2 > 1.9, math.maxinteger < math.huge, math.mininteger > -math.huge)
-- expect:
-- true	true	true	true

-- case: comparing large integers with floats
print(2 ^ 53 == 2 ^ 53 + 1, 9007199254740993 > 2 ^ 53, 9007199254740993 < 9007199254740994.0)
-- expect:
-- true	true	true

-- case: not equal with nan
local nan = 0 / 0
print(nan ~= nan, not (nan == nan), nan ~= 1)
-- expect:
-- true	true	true

-- case: compare error inside pcall
print(pcall(function() return {} <= {} end))
-- expect:
-- false	input:1: attempt to compare two table values

-- case: compare error with field operand
local t = { a = 1 }
print(t.a < t.b)
-- error: input:2: attempt to compare number with nil
