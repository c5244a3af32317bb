-- error, pcall, xpcall and assert: error values of every type, levels, positions, handlers.

-- case: error with a string adds the position
error("boom")
-- error: input:1: boom

-- case: error with level 0 adds no position
error("plain", 0)
-- error: plain

-- case: error with level 2 blames the caller
local function check(x)
  if type(x) ~= "number" then error("expected a number", 2) end
  return x
end
check("nope")
-- error: input:5: expected a number

-- case: error with level 2 in pcall
local function check(x)
  if not x then error("missing value", 2) end
end
local function caller()
  check(nil)
end
print(pcall(caller))
-- expect:
-- false	input:5: missing value

-- case: error with level 1 in a nested function
local function inner() error("from inner", 1) end
local function outer() inner() end
print(pcall(outer))
-- expect:
-- false	input:1: from inner

-- case: error with level 3
local function a() error("deep", 3) end
local function b() a() end
local function c()
  b()
end
print(pcall(c))
-- expect:
-- false	input:4: deep

-- case: error at level 2 from the main chunk has no position
error("top", 2)
-- error: top

-- case: error with a table value
local ok, e = pcall(error, { code = 42 })
print(ok, type(e), e.code)
-- expect:
-- false	table	42

-- case: error with a table value from a function
local ok, e = pcall(function() error({ code = "E1", detail = { 1, 2 } }) end)
print(ok, e.code, #e.detail)
-- expect:
-- false	E1	2

-- case: error with a table is not modified by position
local err = { msg = "x" }
local ok, e = pcall(function() error(err, 2) end)
print(ok, e == err, e.msg)
-- expect:
-- false	true	x

-- case: error with a number value
local ok, e = pcall(error, 42)
print(ok, e, math.type(e))
-- expect:
-- false	42	integer

-- case: error with a number value from a function keeps the number
local ok, e = pcall(function() error(3.5) end)
print(ok, e, type(e))
-- expect:
-- false	3.5	number

-- case: error with nil value
local ok, e = pcall(error, nil)
print(ok, e)
-- expect:
-- false	nil

-- case: error with no value
local ok, e = pcall(error)
print(ok, e)
-- expect:
-- false	nil

-- case: error with a boolean value
local ok, e = pcall(error, false)
print(ok, e)
-- expect:
-- false	false

-- case: uncaught error with a number value
error(42)
-- error: 42

-- case: uncaught error with a table value
error({ code = 1 })
-- error: (error object is a table value)

-- case: uncaught error with nil
error(nil)
-- error: (error object is a nil value)

-- case: pcall returns all results on success
print(pcall(function(a, b) return a + b, a * b end, 3, 4))
-- expect:
-- true	7	12

-- case: pcall with no results
print(pcall(function() end))
-- expect:
-- true

-- case: pcall of a non function
print(pcall(42))
print(pcall(nil))
-- expect:
-- false	attempt to call a number value
-- false	attempt to call a nil value

-- case: pcall with no arguments
print(pcall())
-- error: input:1: bad argument #1 to 'pcall' (value expected)

-- case: pcall passes arguments
print(pcall(string.rep, "ab", 3))
-- expect:
-- true	ababab

-- case: pcall catches builtin errors
print(pcall(string.rep))
print(pcall(string.sub))
-- expect:
-- false	bad argument #1 to 'string.rep' (string expected, got no value)
-- false	bad argument #1 to 'string.sub' (string expected, got no value)

-- case: nested pcall
local ok1, ok2, e = pcall(function()
  return pcall(function() error("inner") end)
end)
print(ok1, ok2, e)
-- expect:
-- true	false	input:2: inner

-- case: error rethrown from pcall keeps its value
local ok, e = pcall(function()
  local ok2, e2 = pcall(error, { tag = "x" })
  error(e2)
end)
print(ok, e.tag)
-- expect:
-- false	x

-- case: error rethrown with a string gets a new position
local ok, e = pcall(function()
  local ok2, e2 = pcall(error, "first")
  error(e2)
end)
print(ok, e)
-- expect:
-- false	input:3: first

-- case: xpcall with a handler
print(xpcall(function() error("bad") end, function(m) return "handled: " .. m end))
-- expect:
-- false	handled: input:1: bad

-- case: xpcall handler receives table errors
print(xpcall(function() error({ code = 7 }) end, function(e) return e.code * 2 end))
-- expect:
-- false	14

-- case: xpcall returns values on success
print(xpcall(function(a, b) return a, b end, print, 1, 2))
-- expect:
-- true	1	2

-- case: xpcall handler runtime error values
print(xpcall(function() local x = nil; return x.y end, function(m) return "H:" .. m end))
-- expect:
-- false	H:input:1: attempt to index a nil value (local 'x')

-- case: xpcall handler result can be several values
print(xpcall(error, function(m) return m, "extra" end, "msg", 0))
-- expect:
-- false	msg

-- case: xpcall without a handler
print(pcall(xpcall, print))
-- expect:
-- false	bad argument #2 to 'xpcall' (function expected, got no value)

-- case: assert returns all its arguments
print(assert(1, 2, 3))
print(assert("v"))
-- expect:
-- 1	2	3
-- v

-- case: assert failure default message
assert(false)
-- error: input:1: assertion failed!

-- case: assert failure with nil
assert(nil)
-- error: input:1: assertion failed!

-- case: assert with a message
assert(1 == 2, "one is not two")
-- error: input:1: one is not two

-- case: assert with a table message
local ok, e = pcall(assert, false, { reason = "r" })
print(ok, e.reason)
-- expect:
-- false	r

-- case: assert with a number message
local ok, e = pcall(assert, false, 12)
print(ok, e, math.type(e))
-- expect:
-- false	12	integer

-- case: assert with no arguments
assert()
-- error: input:1: bad argument #1 to 'assert' (value expected)

-- case: assert message gets a position like error
local ok, e = pcall(function() assert(false, "no position") end)
print(e)
-- expect:
-- input:1: no position

-- case: error message from a deeper line
local function validate(t)
  if not t.name then
    error("name is required")
  end
end
print(pcall(validate, {}))
-- expect:
-- false	input:3: name is required

-- case: runtime errors inside pcall report the line
print(pcall(function()
  local t = {}
  return t.a.b
end))
-- expect:
-- false	input:3: attempt to index a nil value (field 'a')

-- case: error in a loop stops the loop
local n = 0
local ok, e = pcall(function()
  for i = 1, 10 do
    n = i
    if i == 4 then error("stop at " .. i, 0) end
  end
end)
print(ok, e, n)
-- expect:
-- false	stop at 4	4

-- case: error function arguments are checked
print(pcall(error, "x", "y"))
-- expect:
-- false	bad argument #2 to 'error' (number expected, got string)

-- case: tostring of error values
local ok, e = pcall(error, 12.5)
print(tostring(e), type(e), math.type(e))
-- expect:
-- 12.5	number	float

-- case: error objects can be compared
local E = {}
local ok, e = pcall(error, E)
print(e == E)
-- expect:
-- true

-- case: pcall returns false and message for calling nil field
local t = {}
print(pcall(function() return t.missing() end))
-- expect:
-- false	input:2: attempt to call a nil value (field 'missing')

-- case: error with newline free long message
local ok, e = pcall(error, string.rep("x", 50) .. "!")
print(#e, e:sub(-3))
-- expect:
-- 51	xx!

-- case: pcall inside a loop keeps going
local results = {}
for i = 1, 4 do
  local ok, v = pcall(function() if i % 2 == 0 then error("even", 0) end return i end)
  results[#results + 1] = tostring(ok) .. ":" .. tostring(v)
end
print(table.concat(results, " "))
-- expect:
-- true:1 false:even true:3 false:even

-- case: error level 2 inside method
local Account = {}
function Account.withdraw(self, n)
  if n > self.balance then error("insufficient funds", 2) end
  self.balance = self.balance - n
end
local acc = { balance = 10 }
local ok, e = pcall(function()
  Account.withdraw(acc, 5)
  Account.withdraw(acc, 50)
end)
print(ok, e, acc.balance)
-- expect:
-- false	input:9: insufficient funds	5

-- case: a handler that fails gives error in error handling
print(xpcall(function() error("x") end, function(m) error("in handler") end))
print(xpcall(function() error("x") end, function(m) local t = nil; return t.x end))
-- expect:
-- false	error in error handling
-- false	error in error handling

-- case: a handler that succeeds can transform the message
print(xpcall(function() error("x") end, function(m) return m:upper() end))
-- expect:
-- false	INPUT:1: X
