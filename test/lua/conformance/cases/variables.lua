-- Index and call errors, with the variable kind Lua names: local, global, upvalue, field, method,
-- constant. Also globals, locals, shadowing and scopes.

-- case: index a nil local
local x
print(x.y)
-- error: input:2: attempt to index a nil value (local 'x')

-- case: index a nil global
print(config.value)
-- error: input:1: attempt to index a nil value (global 'config')

-- case: index a nil upvalue
local t
local function f() return t.name end
f()
-- error: input:2: attempt to index a nil value (upvalue 't')

-- case: index a nil field
local a = {}
print(a.b.c)
-- error: input:2: attempt to index a nil value (field 'b')

-- case: index a nil field by bracket
local a = {}
print(a["b"]["c"])
-- error: input:2: attempt to index a nil value (field 'b')

-- case: index a nil value by a variable key
local a, k = {}, "b"
print(a[k].c)
-- error: input:2: attempt to index a nil value (field '?')

-- case: index a number local
local n = 1
print(n.x)
-- error: input:2: attempt to index a number value (local 'n')

-- case: index a boolean field
local t = { flag = true }
print(t.flag.x)
-- error: input:2: attempt to index a boolean value (field 'flag')

-- case: index a string constant field
print(("abc").x.y)
-- error: input:1: attempt to index a nil value (field 'x')

-- case: index a function
print(print.x)
-- error: input:1: attempt to index a function value (global 'print')

-- case: assign into a nil local
local x
x.y = 1
-- error: input:2: attempt to index a nil value (local 'x')

-- case: assign into a nil global
cache.hits = 1
-- error: input:1: attempt to index a nil value (global 'cache')

-- case: assign into a nil field
local t = {}
t.a.b = 1
-- error: input:2: attempt to index a nil value (field 'a')

-- case: assign into a number
local n = 3
n[1] = 2
-- error: input:2: attempt to index a number value (local 'n')

-- case: call a nil global
undefinedFunction(1, 2)
-- error: input:1: attempt to call a nil value (global 'undefinedFunction')

-- case: call a nil local
local f
f()
-- error: input:2: attempt to call a nil value (local 'f')

-- case: call a nil field
local t = {}
t.run()
-- error: input:2: attempt to call a nil value (field 'run')

-- case: call a nil method
local obj = {}
obj:start()
-- error: input:2: attempt to call a nil value (method 'start')

-- case: call a nil upvalue
local g
local function h() return g() end
h()
-- error: input:2: attempt to call a nil value (upvalue 'g')

-- case: call a number
local n = 42
n()
-- error: input:2: attempt to call a number value (local 'n')

-- case: call a table
local t = {}
t()
-- error: input:2: attempt to call a table value (local 't')

-- case: call a string field
local t = { name = "x" }
t.name()
-- error: input:2: attempt to call a string value (field 'name')

-- case: call a nil field of a nested table
local api = { v1 = {} }
api.v1.fetch("x")
-- error: input:2: attempt to call a nil value (field 'fetch')

-- case: call a string method that does not exist
local s = "abc"
s:nonexistent()
-- error: input:2: attempt to call a nil value (method 'nonexistent')

-- case: call result of a call
local function f() return nil end
f()()
-- error: input:2: attempt to call a nil value

-- case: call errors are catchable
print(pcall(function() local q; q() end))
print(pcall(function() missingGlobal() end))
-- expect:
-- false	input:1: attempt to call a nil value (local 'q')
-- false	input:2: attempt to call a nil value (global 'missingGlobal')

-- case: index errors are catchable
print(pcall(function() local q; return q.x end))
-- expect:
-- false	input:1: attempt to index a nil value (local 'q')

-- case: globals are assignable and readable
x = 10
y = x * 2
print(x, y, z)
-- expect:
-- 10	20	nil

-- case: locals shadow globals
value = "global"
local value = "local"
print(value)
do
  local value = "inner"
  print(value)
end
print(value)
-- expect:
-- local
-- inner
-- local

-- case: local declared later is not visible earlier
local function f() return later end
local later = 5
print(f())
-- expect:
-- nil

-- case: local function can recurse
local function fact(n) if n <= 1 then return 1 end return n * fact(n - 1) end
print(fact(10), fact(20))
-- expect:
-- 3628800	2432902008176640000

-- case: local f = function cannot see itself
local fib = function(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(pcall(fib, 5))
-- expect:
-- false	input:1: attempt to call a nil value (global 'fib')

-- case: nested scopes and upvalues
local a = 1
local function f()
  local b = 2
  return function()
    local c = 3
    return a + b + c
  end
end
print(f()())
-- expect:
-- 6

-- case: assigning a local does not change the global
n = 1
local n = 2
n = 3
print(n)
-- expect:
-- 3

-- case: multiple locals with the same name
local x = 1
local x = x + 1
local x = x * 10
print(x)
-- expect:
-- 20

-- case: global function definitions
function greet(name) return "hello " .. name end
print(greet("lua"), type(greet))
-- expect:
-- hello lua	function

-- case: field function definitions
local M = {}
function M.add(a, b) return a + b end
function M:twice(v) return self.add(v, v) end
print(M.add(1, 2), M:twice(4))
-- expect:
-- 3	8

-- case: nested field function definitions
local a = { b = { c = {} } }
function a.b.c.f(x) return x * 2 end
function a.b.c:g(x) return self.f(x) + 1 end
print(a.b.c.f(3), a.b.c:g(3))
-- expect:
-- 6	7

-- case: method call passes self
local counter = { n = 0 }
function counter:inc(by) self.n = self.n + (by or 1) return self end
counter:inc():inc(5):inc()
print(counter.n)
-- expect:
-- 7

-- case: method call on string literal
print(("%d-%d"):format(1, 2), ("x"):rep(3), #("abc"):upper())
-- expect:
-- 1-2	xxx	3

-- case: upvalue shared between closures
local function make()
  local n = 0
  return function() n = n + 1 return n end, function() return n end
end
local inc, get = make()
inc() inc()
print(get())
-- expect:
-- 2

-- case: _G is the table of globals
print(type(_G), _G.print == print, _G._G == _G)
-- expect:
-- table	true	true

-- case: global assignment through _G
_G.answer = 42
print(answer)
-- expect:
-- 42

-- case: _VERSION
print(_VERSION)
-- expect:
-- Lua 5.4

-- case: index a nil local with a method call
local s
s:upper()
-- error: input:2: attempt to index a nil value (local 's')

-- case: calling through a field of a global
string.nothing()
-- error: input:1: attempt to call a nil value (field 'nothing')

-- case: call a string constant
print(("x")())
-- error: input:1: attempt to call a string value (constant 'x')

-- case: call a const local names the constant
local handler <const> = "not a function"
handler()
-- error: input:2: attempt to call a string value (constant 'not a function')

-- case: bitwise on a string constant names the constant
print(1 & "x")
-- error: input:1: attempt to perform bitwise operation on a string value (constant 'x')

-- case: call a nil integer index
local t = {}
t[1]()
-- error: input:2: attempt to call a nil value (field 'integer index')

-- case: arithmetic on a nil integer index
local list = {}
print(list[1] + 1)
-- error: input:2: attempt to perform arithmetic on a nil value (field 'integer index')

-- case: index through a nil integer index
local rows = {}
print(rows[1].name)
-- error: input:2: attempt to index a nil value (field 'integer index')

-- case: index a nil value from a variable integer key
local rows, i = {}, 1
print(rows[i].name)
-- error: input:2: attempt to index a nil value (field '?')

-- case: index a nil field of an upvalue
local config = {}
local function read() return config.section.key end
read()
-- error: input:2: attempt to index a nil value (field 'section')

-- case: method call on a nil upvalue
local obj
local function run() obj:start() end
run()
-- error: input:2: attempt to index a nil value (upvalue 'obj')

-- case: call a nil method of a nested field
local app = { server = {} }
app.server:listen(80)
-- error: input:2: attempt to call a nil value (method 'listen')

-- case: index the result of a call
local function get() return nil end
print(get().field)
-- error: input:2: attempt to index a nil value

-- case: length of a nil literal has no name
print(#nil)
-- error: input:1: attempt to get length of a nil value

-- case: error kinds are reported inside nested functions too
local data = { user = {} }
local function outer()
  local function inner()
    return data.user.profile.name
  end
  return inner()
end
print(pcall(outer))
-- expect:
-- false	input:4: attempt to index a nil value (field 'profile')
