-- Disagreements with Lua 5.4.4 the fuzzer found: the name a tail-called builtin gets in its
-- "bad argument" errors, and the line an operator's error reports when the expression spans lines.

-- case: tail-called builtin is named after its call
print(pcall(function() return string.sub() end))
print(pcall(function() return math.floor() end))
print(pcall(function() return string.format() end))
print(pcall(function() return utf8.char({}) end))
-- expect:
-- false	input:1: bad argument #1 to 'sub' (string expected, got no value)
-- false	input:2: bad argument #1 to 'floor' (number expected, got no value)
-- false	input:3: bad argument #1 to 'format' (string expected, got no value)
-- false	input:4: bad argument #1 to 'char' (number expected, got table)

-- case: tail-called builtin through a local, a field and a method
local s = string.sub
local t = { f = string.rep }
print(pcall(function() return s() end))
print(pcall(function() return t.f() end))
print(pcall(function() return ("x"):rep() end))
print(pcall(function() return ("x"):rep({}) end))
-- expect:
-- false	input:3: bad argument #1 to 's' (string expected, got no value)
-- false	input:4: bad argument #1 to 'f' (string expected, got no value)
-- false	input:5: bad argument #1 to 'rep' (number expected, got no value)
-- false	input:6: bad argument #1 to 'rep' (number expected, got table)

-- case: tail-called builtin after a chain of tail calls
local function g() return string.rep("x") end
local function h() return g() end
print(pcall(h))
print(pcall(function() return h() end))
print(pcall(function() return pcall(function() return string.sub() end) end))
-- expect:
-- false	input:1: bad argument #2 to 'rep' (number expected, got no value)
-- false	input:1: bad argument #2 to 'rep' (number expected, got no value)
-- true	false	input:5: bad argument #1 to 'sub' (string expected, got no value)

-- case: builtin called by pcall directly keeps its qualified name
print(pcall(string.sub))
print(pcall(function() local x = string.sub() return x end))
-- expect:
-- false	bad argument #1 to 'string.sub' (string expected, got no value)
-- false	input:2: bad argument #1 to 'sub' (string expected, got no value)

-- case: tail-called builtin error uncaught
local function f() return math.floor("a") end
f()
-- error: input:1: bad argument #1 to 'floor' (number expected, got string)

-- case: arithmetic error on the line of the operator
local a
local c = a
 +
 1
-- error: input:3: attempt to perform arithmetic on a nil value (local 'a')

-- case: arithmetic error with the operator after parentheses and comments
local a
local x = (a
) --[[ long
comment ]] + -- short
 1
-- error: input:4: attempt to perform arithmetic on a nil value (local 'a')

-- case: arithmetic error in a folded constant sum
local a
local c = 1 + 2
 + a
-- error: input:3: attempt to perform arithmetic on a nil value (local 'a')

-- case: bitwise error on the operator line
local a = 2
local x = a
 >> {}
-- error: input:3: attempt to perform bitwise operation on a table value

-- case: unary minus on the line of the operator
local a
local c = -
 a
-- error: input:2: attempt to perform arithmetic on a nil value (local 'a')

-- case: concatenation error on the line of the last operator
local a
local c = a ..
 "y" ..
 "z"
-- error: input:3: attempt to concatenate a nil value (local 'a')

-- case: concatenation error with the last operator in parentheses
local a
local x = a .. "y" .. ("z"
 .. "w")
-- error: input:3: attempt to concatenate a nil value (local 'a')

-- case: comparison error on the line of the right operand
local a = {}
local c = 1 <
 a
-- error: input:3: attempt to compare number with table

-- case: accumulation error on the operator line
local a
local x = 0
x = x
 + a
-- error: input:4: attempt to perform arithmetic on a nil value (local 'a')

-- case: modulo by zero reports the function's start line
local a = 1
local b = 0
local c = (a +
 a) % b
-- error: input:1: attempt to perform 'n%0'

-- case: division by zero reports the last call's line
local a = 1
local b = 0
print(1)
local c = a //
 b
-- expect:
-- 1
-- error: input:3: attempt to divide by zero

-- case: division by zero reports the line of a for loop
local a = 1
local b = 0
for i = 1, 2 do
  local c = a % b
end
-- error: input:3: attempt to perform 'n%0'

-- case: division by zero reports the line of a concatenation
local a = 1
local b = 0
local s = "x" .. a
local c = a // b
-- error: input:3: attempt to divide by zero

-- case: division by zero in a function without calls
local function f(a, b)
  local x = 1
  local c = a //
    b
end
print(pcall(f, 1, 0))
-- expect:
-- false	input:1: attempt to divide by zero

-- case: division by zero after a call in the same function
local function f(a, b)
  print("x")
  return a % b
end
local function g()
  return f(1, 0)
end
print(pcall(g))
-- expect:
-- x
-- false	input:2: attempt to perform 'n%0'

-- case: division by zero after loops in a called function
local function h(n)
  local s = 0
  for i = 1, n do
    s = s + i
  end
  return s // (n - n)
end
print(pcall(h, 3))
-- expect:
-- false	input:3: attempt to divide by zero
