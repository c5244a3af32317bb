-- Functions: arguments, varargs, select, multiple returns and their truncation, closures, upvalues,
-- recursion and proper tail calls.

-- case: missing arguments are nil and extra are dropped
local function f(a, b, c) return a, b, c end
print(f(1))
print(f(1, 2, 3, 4))
-- expect:
-- 1	nil	nil
-- 1	2	3

-- case: varargs pass through
local function f(...) return ... end
print(f(1, nil, 3))
print(f())
-- expect:
-- 1	nil	3
--

-- case: select count counts trailing nils
print(select("#"), select("#", nil), select("#", 1, nil, nil), select("#", nil, nil, nil))
-- expect:
-- 0	1	3	3

-- case: select with positive index
print(select(2, "a", "b", "c"))
print(select(3, "a", "b", "c"))
print(select(4, "a", "b", "c"))
-- expect:
-- b	c
-- c
--

-- case: select with negative index
print(select(-1, "a", "b", "c"))
print(select(-2, "a", "b", "c"))
print(select(-3, "a", "b", "c"))
-- expect:
-- c
-- b	c
-- a	b	c

-- case: select with index out of range
print(select(-4, "a", "b", "c"))
-- error: input:1: bad argument #1 to 'select' (index out of range)

-- case: select with zero index
print(select(0, "a"))
-- error: input:1: bad argument #1 to 'select' (index out of range)

-- case: select with non number
print(select("x", 1))
-- error: input:1: bad argument #1 to 'select' (number expected, got string)

-- case: varargs in table constructor
local function pack(...) return { ... } end
local t = pack(1, 2, 3)
print(#t, t[1], t[3])
-- expect:
-- 3	1	3

-- case: varargs with nils and table.pack
local function f(...)
  local t = table.pack(...)
  return t.n, t[1], t[2], t[3]
end
print(f(nil, 2, nil))
-- expect:
-- 3	nil	2	nil

-- case: varargs count in function
local function count(...) return select("#", ...) end
print(count(), count(nil), count(1, 2), count(nil, nil, nil), count(count()))
-- expect:
-- 0	1	2	3	1

-- case: varargs in the middle are truncated
local function f(...) return ..., "end" end
print(f(1, 2, 3))
-- expect:
-- 1	end

-- case: named parameters with varargs
local function f(a, ...)
  local rest = { ... }
  return a, #rest, ...
end
print(f(1, 2, 3))
-- expect:
-- 1	2	2	3

-- case: multiple returns at end of argument list
local function two() return 1, 2 end
print(two())
print(two(), two())
print(two(), 10)
print((two()))
-- expect:
-- 1	2
-- 1	1	2
-- 1	10
-- 1

-- case: multiple returns in table constructors
local function three() return "a", "b", "c" end
local t1 = { three() }
local t2 = { three(), three() }
local t3 = { three(), 1 }
local t4 = { (three()) }
print(#t1, #t2, #t3, #t4)
print(t2[1], t2[2], t2[4], t3[1], t3[2])
-- expect:
-- 3	4	2	1
-- a	a	c	a	1

-- case: multiple returns passed to another function
local function three() return 1, 2, 3 end
local function sum(a, b, c) return a + b + c end
print(sum(three()))
print(select("#", three()))
print(math.max(three()))
-- expect:
-- 6
-- 3
-- 3

-- case: no return gives nothing
local function f() end
print(select("#", f()), f())
local x = f()
print(x)
-- expect:
-- 0
-- nil

-- case: return nil is one value
local function f() return nil end
print(select("#", f()))
-- expect:
-- 1

-- case: multiple returns in string.format
local function pair() return 3, 4 end
print(string.format("%d %d", pair()))
-- expect:
-- 3 4

-- case: closures capture variables not values
local x = 1
local function get() return x end
x = 2
print(get())
-- expect:
-- 2

-- case: fresh upvalue per loop iteration in numeric for
local fns = {}
for i = 1, 3 do fns[i] = function() return i end end
print(fns[1](), fns[2](), fns[3]())
-- expect:
-- 1	2	3

-- case: fresh upvalue per loop iteration in generic for
local fns = {}
for k, v in ipairs({ "a", "b", "c" }) do fns[k] = function() return k .. v end end
print(fns[1](), fns[2](), fns[3]())
-- expect:
-- 1a	2b	3c

-- case: fresh local per while iteration
local fns = {}
local i = 1
while i <= 3 do
  local j = i
  fns[i] = function() return j end
  i = i + 1
end
print(fns[1](), fns[2](), fns[3]())
-- expect:
-- 1	2	3

-- case: closures in repeat loop get fresh locals
local fns = {}
local i = 0
repeat
  i = i + 1
  local v = i * 10
  fns[i] = function() v = v + 1 return v end
until i == 3
print(fns[1](), fns[1](), fns[2](), fns[3]())
-- expect:
-- 11	12	21	31

-- case: loop variable modification does not affect iteration
local out = {}
for i = 1, 3 do
  local seen = i
  i = i * 10
  out[#out + 1] = seen .. ":" .. i
end
print(table.concat(out, " "))
-- expect:
-- 1:10 2:20 3:30

-- case: counter generator
local function counter()
  local n = 0
  return function() n = n + 1 return n end
end
local c1, c2 = counter(), counter()
print(c1(), c1(), c1(), c2())
-- expect:
-- 1	2	3	1

-- case: shared upvalue across closures after scope exit
local get, set
do
  local v = "initial"
  get = function() return v end
  set = function(x) v = x end
end
set("changed")
print(get())
-- expect:
-- changed

-- case: recursion
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(fib(20))
-- expect:
-- 6765

-- case: mutual recursion with forward local
local isEven, isOdd
function isEven(n) if n == 0 then return true end return isOdd(n - 1) end
function isOdd(n) if n == 0 then return false end return isEven(n - 1) end
print(isEven(10), isOdd(7), isEven(7))
-- expect:
-- true	true	false

-- case: deep tail recursion does not overflow
local function loop(n, acc) if n == 0 then return acc end return loop(n - 1, acc + 1) end
print(loop(100000, 0))
-- expect:
-- 100000

-- case: tail calls between two functions
local ping, pong
function ping(n) if n == 0 then return "done" end return pong(n - 1) end
function pong(n) if n == 0 then return "done" end return ping(n - 1) end
print(ping(200001))
-- expect:
-- done

-- case: tail call returns all values
local function values() return 1, 2, 3 end
local function f() return values() end
print(f())
-- expect:
-- 1	2	3

-- case: tail call of a builtin
local function f(s) return string.upper(s) end
print(f("abc"))
-- expect:
-- ABC

-- case: moderately deep non-tail recursion works
local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end
print(depth(150))
-- expect:
-- 150

-- case: function values are first class
local ops = { add = function(a, b) return a + b end, mul = function(a, b) return a * b end }
local names = {}
for name in pairs(ops) do names[#names + 1] = name end
table.sort(names)
for _, name in ipairs(names) do print(name, ops[name](3, 4)) end
-- expect:
-- add	7
-- mul	12

-- case: higher order functions
local function map(t, f) local r = {} for i, v in ipairs(t) do r[i] = f(v) end return r end
local function filter(t, p) local r = {} for _, v in ipairs(t) do if p(v) then r[#r + 1] = v end end return r end
local squares = map({ 1, 2, 3, 4 }, function(x) return x * x end)
local evens = filter(squares, function(x) return x % 2 == 0 end)
print(table.concat(squares, ","), table.concat(evens, ","))
-- expect:
-- 1,4,9,16	4,16

-- case: varargs forwarded through several calls
local function inner(...) return select("#", ...), ... end
local function middle(...) return inner(...) end
local function outer(...) return middle(...) end
print(outer(1, nil, 3, nil))
-- expect:
-- 4	1	nil	3	nil

-- case: vararg in main chunk is empty
print(select("#", ...))
-- expect:
-- 0

-- case: type of functions
print(type(print), type(function() end), type(string.len))
-- expect:
-- function	function	function

-- case: immediately invoked function
print((function(a, b) return a * b end)(6, 7))
-- expect:
-- 42

-- case: functions compare by identity
local function f() end
local g = f
print(f == g, f == function() end)
-- expect:
-- true	false

-- case: string call syntax without parentheses
local function f(s) return "<" .. s .. ">" end
print(f"abc", f[[long]])
-- expect:
-- <abc>	<long>

-- case: table call syntax without parentheses
local function count(t) return #t end
print(count{ 1, 2, 3 })
-- expect:
-- 3

-- case: method definitions with varargs
local obj = { base = 10 }
function obj:sum(...)
  local s = self.base
  for _, v in ipairs({ ... }) do s = s + v end
  return s
end
print(obj:sum(1, 2, 3))
-- expect:
-- 16

-- case: closures over loop with break
local fns = {}
for i = 1, 10 do
  fns[#fns + 1] = function() return i end
  if i == 3 then break end
end
print(#fns, fns[1](), fns[3]())
-- expect:
-- 3	1	3

-- case: upvalues of nested closures three levels deep
local function a()
  local x = 0
  return function()
    return function()
      x = x + 1
      return x
    end
  end
end
local f = a()()
print(f(), f(), f())
-- expect:
-- 1	2	3

-- case: table.unpack of a range with nils
print(table.unpack({ 1, nil, 3 }, 1, 3))
-- expect:
-- 1	nil	3
