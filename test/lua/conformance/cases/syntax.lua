-- Syntax: <const> locals, comments, literals, semicolons, parenthesised expressions, method
-- definitions. Compile errors are recorded as `-- syntax error:`.

-- case: const locals can be read
local limit <const> = 10
local name <const> = "x"
print(limit * 2, name)
-- expect:
-- 20	x

-- case: assigning to a const local is a compile error
local x <const> = 1
x = 2
-- syntax error: input:2: attempt to assign to const variable 'x'

-- case: assigning to a const upvalue is a compile error
local x <const> = 1
local function f() x = 2 end
-- syntax error: input:2: attempt to assign to const variable 'x'

-- case: const with several names
local a <const>, b = 1, 2
b = 3
print(a, b)
-- expect:
-- 1	3

-- case: const in nested scope
local v <const> = "outer"
do
  local v = "inner"
  v = "changed"
  print(v)
end
print(v)
-- expect:
-- changed
-- outer

-- case: const with a table value can still be mutated
local t <const> = {}
t.x = 1
print(t.x)
-- expect:
-- 1

-- case: const with an unknown attribute
local x <bogus> = 1
-- syntax error: input:1: unknown attribute 'bogus'

-- case: semicolons are optional separators
local a = 1; local b = 2;;; print(a + b);
-- expect:
-- 3

-- case: line comments
-- a comment
print("x") -- trailing comment
--print("commented out")
-- expect:
-- x

-- case: block comment inside an expression
print(1 + --[[ inline ]] 2)
-- expect:
-- 3

-- case: long comment with levels
--[==[
print("not run")
]]
]==]
print("run")
-- expect:
-- run

-- case: parenthesised varargs and calls
local function f(...) return (...) end
print(f(1, 2, 3))
-- expect:
-- 1

-- case: nested function definitions
local function outer()
  local function inner() return "inner" end
  return inner()
end
print(outer())
-- expect:
-- inner

-- case: method definition with colon and dot call
local obj = { v = 3 }
function obj:get() return self.v end
print(obj:get(), obj.get(obj), obj.get({ v = 4 }))
-- expect:
-- 3	3	4

-- case: string literal forms
print('single', "double", [[long]], [==[lev]el]==], "\65", '\x42', "\u{43}")
-- expect:
-- single	double	long	lev]el	A	B	C

-- case: integer literal forms
print(0, 42, 0x2A, 0X2a, 1e3, 0xA.0, 3., .3)
-- expect:
-- 0	42	42	42	1000.0	10.0	3.0	0.3

-- case: very long integer literal wraps in hex
print(0x123456789ABCDEF0123, 0xFFFFFFFFFFFFFFFFF)
-- expect:
-- 5001117282205630755	-1

-- case: decimal integer literal overflow becomes float
print(18446744073709551615, math.type(18446744073709551615))
-- expect:
-- 1.844674407371e+19	float

-- case: unary minus on literals
print(-1, - 1, -0x10, -1e2, -(-1))
-- expect:
-- -1	-1	-16	-100.0	1

-- case: keywords as field names
local t = { ["end"] = 1, ["nil"] = 2 }
t["and"] = 3
print(t["end"], t["nil"], t["and"])
-- expect:
-- 1	2	3

-- case: labels in a do block
do
  local i = 0
  ::loop::
  i = i + 1
  if i < 3 then goto loop end
  print(i)
end
-- expect:
-- 3

-- case: empty statements and do end
do end
;
print("ok")
-- expect:
-- ok

-- case: return must be last in a block
local function f()
  do return 1 end
  return 2
end
print(f())
-- expect:
-- 1

-- case: return with parenthesised call
local function g() return 1, 2 end
local function f() return (g()) end
print(f())
-- expect:
-- 1

-- case: chained calls and indexing
local t = { f = function() return { g = function() return "deep" end } end }
print(t.f().g(), t["f"]()["g"]())
-- expect:
-- deep	deep

-- case: string methods on literals need parentheses
print(("abc"):upper(), #"abc")
-- expect:
-- ABC	3

-- case: long string skips first newline
local s = [[
x]]
print(#s, s)
-- expect:
-- 1	x
