-- More runtime error messages: variable kinds in chains, builtin argument errors through pcall,
-- error levels and handlers.

-- case: assign through two nil fields
local t = {}
t.x.y.z = 1
-- error: input:2: attempt to index a nil value (field 'x')

-- case: assign into a string field
local a = "x"
a.b.c = 1
-- error: input:2: attempt to index a nil value (field 'b')

-- case: index a nil field of a string
local s = "abc"
print(s.x.y)
-- error: input:2: attempt to index a nil value (field 'x')

-- case: call a missing math function
print(math.foo())
-- error: input:1: attempt to call a nil value (field 'foo')

-- case: index a missing string field
print(string.x.y)
-- error: input:1: attempt to index a nil value (field 'x')

-- case: method call on a number field
local t = { f = 1 }
t:f()
-- error: input:2: attempt to call a number value (method 'f')

-- case: arithmetic on two nil locals
local x = nil
local y = x + x
-- error: input:2: attempt to perform arithmetic on a nil value (local 'x')

-- case: concatenate a nil integer index
local t = {}
local v = t[1] .. "x"
-- error: input:2: attempt to concatenate a nil value (field 'integer index')

-- case: length of a nil upvalue
local up = nil
local function f() return #up end
f()
-- error: input:2: attempt to get length of a nil value (upvalue 'up')

-- case: index a nil parameter
local function f(a) return a.b end
f(nil)
-- error: input:1: attempt to index a nil value (local 'a')

-- case: index a nil vararg local
local function f(...) local a = ... return a.b end
f()
-- error: input:1: attempt to index a nil value (local 'a')

-- case: concatenate nil to a constant
print(("x") .. nil)
-- error: input:1: attempt to concatenate a nil value

-- case: compare a nil field
local t = {}
print(t.a < 1)
-- error: input:2: attempt to compare nil with number

-- case: negate a nil field
local t = {}
print(-t.a)
-- error: input:2: attempt to perform arithmetic on a nil value (field 'a')

-- case: index a nil integer index twice
local t = { {} }
print(t[1][2][3])
-- error: input:2: attempt to index a nil value (field 'integer index')

-- case: generic for with next over nil
for k, v in pairs({}) do end
for k, v in next, nil do end
-- error: input:2: bad argument #1 to 'for iterator' (table expected, got nil)

-- case: ipairs with no argument
for i, v in ipairs() do end
-- error: input:1: bad argument #1 to 'ipairs' (value expected)

-- case: for limit that is a table
local a = {}
for i = 1, a do end
-- error: input:2: bad 'for' limit (number expected, got table)

-- case: call a number local
local x = 5
x()
-- error: input:2: attempt to call a number value (local 'x')

-- case: call a missing method on a string result
local obj = { name = "x" }
obj.name:upper():nope()
-- error: input:2: attempt to call a nil value (method 'nope')

-- case: assign into a nil integer index
local t = {}
t[1][1] = 2
-- error: input:2: attempt to index a nil value (field 'integer index')

-- case: length of a function
print(#print)
-- error: input:1: attempt to get length of a function value (global 'print')

-- case: concatenate a function
local f = function() end
print(f .. "")
-- error: input:2: attempt to concatenate a function value (local 'f')

-- case: pcall of error with nil
print(pcall(error))
print(pcall(error, nil, 2))
print(select("#", pcall(error)))
-- expect:
-- false	nil
-- false	nil
-- 2

-- case: error levels one two and three
local function lvl(n) error("L" .. n, n) end
local function a() lvl(1) end
local function b() lvl(2) end
local function c() lvl(3) end
print(pcall(a))
print(pcall(b))
print(pcall(c))
-- expect:
-- false	input:1: L1
-- false	input:3: L2
-- false	L3

-- case: error with no arguments in a function
local ok, e = pcall(function() error() end)
print(ok, e)
-- expect:
-- false	nil

-- case: xpcall handler receives a table
local ok, e = xpcall(function() error({}) end, function(x) return type(x) end)
print(ok, e)
-- expect:
-- false	table

-- case: xpcall with a nil handler
print(xpcall(function() return 1 end, nil))
-- error: input:1: bad argument #2 to 'xpcall' (function expected, got nil)

-- case: tostring of nil false and nan comparisons
print(tostring(nil) .. tostring(false) .. tostring(0/0 ~= 0/0))
-- expect:
-- nilfalsetrue

-- case: char with a non numeric string
print(pcall(string.char, 65, "B"))
-- expect:
-- false	bad argument #2 to 'string.char' (number expected, got string)

-- case: byte of a table
print(pcall(string.byte, {}))
-- expect:
-- false	bad argument #1 to 'string.byte' (string expected, got table)

-- case: rep with no arguments
print(pcall(("x").rep))
-- expect:
-- false	bad argument #1 to 'string.rep' (string expected, got no value)

-- case: floor of a table
print(pcall(math.floor, {}))
-- expect:
-- false	bad argument #1 to 'math.floor' (number expected, got table)

-- case: max with nil
print(pcall(math.max, 1, nil))
-- expect:
-- false	attempt to compare number with nil

-- case: tostring and tonumber argument errors
print(pcall(tostring))
print(pcall(tonumber, "10", 99))
-- expect:
-- false	bad argument #1 to 'tostring' (value expected)
-- false	bad argument #2 to 'tonumber' (base out of range)

-- case: assign nil to a NaN key
local t = {}
t[0/0] = nil
-- error: input:2: table index is NaN

-- case: rawget nil key and rawset NaN key
print(rawget({}, nil), pcall(rawset, {}, 0/0, 1))
-- expect:
-- nil	false	table index is NaN

-- case: ipairs with no argument through pcall
print(pcall(ipairs))
-- expect:
-- false	bad argument #1 to 'ipairs' (value expected)

-- case: concat with a table separator
print(pcall(table.concat, {}, {}))
-- expect:
-- false	bad argument #2 to 'table.concat' (string expected, got table)

-- case: move without a destination position
print(pcall(table.move, {}, 1, 2))
-- expect:
-- false	bad argument #4 to 'table.move' (number expected, got no value)

-- case: format star width
print(pcall(string.format, "%*d", 5, 1))
-- expect:
-- false	invalid conversion '%*' to 'format'

-- case: format lone percent
print(pcall(string.format, "%", 1))
-- expect:
-- false	invalid conversion '%' to 'format'

-- case: format q with width and precision
print(pcall(string.format, "%10.3q", "x"))
-- expect:
-- false	specifier '%q' cannot have modifiers

-- case: utf8 char of a negative
print(pcall(utf8.char, 65, -1))
-- expect:
-- false	bad argument #2 to 'utf8.char' (value out of range)

-- case: gsub invalid capture in replacement
print(pcall(string.gsub, "x", "x", "%9"))
-- expect:
-- false	invalid capture index %9

-- case: gmatch of nil
print(pcall(string.gmatch, nil))
-- expect:
-- false	bad argument #1 to 'string.gmatch' (string expected, got nil)
