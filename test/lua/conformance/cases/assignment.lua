-- Multiple assignment: adjustment of value lists, swaps, and evaluation where Lua defines it.

-- case: extra values are dropped
local a, b = 1, 2, 3
print(a, b)
-- expect:
-- 1	2

-- case: missing values are nil
local a, b, c = 1
print(a, b, c)
-- expect:
-- 1	nil	nil

-- case: swap
local x, y = 1, 2
x, y = y, x
print(x, y)
-- expect:
-- 2	1

-- case: rotate three
local a, b, c = 1, 2, 3
a, b, c = b, c, a
print(a, b, c)
-- expect:
-- 2	3	1

-- case: all expressions are evaluated before assignment
local i = 1
local t = {}
i, t[i] = i + 1, 20
print(i, t[1], t[2])
-- expect:
-- 2	20	nil

-- case: function call expands at the end of the list
local function three() return 1, 2, 3 end
local a, b, c, d = three()
print(a, b, c, d)
local e, f, g = 0, three()
print(e, f, g)
-- expect:
-- 1	2	3	nil
-- 0	1	2

-- case: function call truncated when not last
local function three() return 1, 2, 3 end
local a, b, c = three(), 10
print(a, b, c)
-- expect:
-- 1	10	nil

-- case: parentheses truncate to one value
local function three() return 1, 2, 3 end
local a, b = (three())
print(a, b)
-- expect:
-- 1	nil

-- case: assignment to table fields
local t = {}
t.a, t.b, t[1] = "x", "y", "z"
print(t.a, t.b, t[1])
-- expect:
-- x	y	z

-- case: swap table elements
local t = { 1, 2, 3 }
t[1], t[3] = t[3], t[1]
print(t[1], t[2], t[3])
-- expect:
-- 3	2	1

-- case: global multiple assignment
g1, g2 = "one", "two"
print(g1, g2)
-- expect:
-- one	two

-- case: assignment from varargs
local function f(...)
  local a, b = ...
  return a, b
end
print(f(1), f(1, 2, 3))
-- expect:
-- 1	1	2

-- case: nested table assignment
local t = { inner = {} }
t.inner.x, t.inner.y = 5, 6
print(t.inner.x + t.inner.y)
-- expect:
-- 11

-- case: local with no value is nil
local v
print(v, type(v))
-- expect:
-- nil	nil

-- case: assigning nil deletes a field
local t = { a = 1, b = 2 }
t.a = nil
local n = 0
for _ in pairs(t) do n = n + 1 end
print(t.a, n)
-- expect:
-- nil	1

-- case: assignment evaluates right side calls once
local count = 0
local function next_id() count = count + 1 return count end
local a, b, c = next_id(), next_id(), next_id()
print(a, b, c, count)
-- expect:
-- 1	2	3	3

-- case: assigning to a table index of nil errors
local t = {}
t[nil] = 1
-- error: input:2: table index is nil

-- case: assigning to a NaN index errors
local t = {}
t[0 / 0] = 1
-- error: input:2: table index is NaN

-- case: reading a nil or NaN index is fine
local t = {}
print(t[nil], t[0 / 0])
-- expect:
-- nil	nil

-- case: compound update of a field
local stats = { hits = 0 }
for _ = 1, 3 do stats.hits = stats.hits + 1 end
print(stats.hits)
-- expect:
-- 3
