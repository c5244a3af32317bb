-- Control flow: if, numeric and generic for, while, repeat, break, goto and labels.

-- case: if elseif else
local function classify(n)
  if n < 0 then return "negative" elseif n == 0 then return "zero" elseif n < 10 then return "small" else return "large" end
end
print(classify(-5), classify(0), classify(5), classify(50))
-- expect:
-- negative	zero	small	large

-- case: numeric for with integer step
local out = {}
for i = 1, 5 do out[#out + 1] = i end
print(table.concat(out, " "))
-- expect:
-- 1 2 3 4 5

-- case: numeric for with step 2 and negative step
local a, b = {}, {}
for i = 1, 10, 3 do a[#a + 1] = i end
for i = 10, 1, -3 do b[#b + 1] = i end
print(table.concat(a, " "), table.concat(b, " "))
-- expect:
-- 1 4 7 10	10 7 4 1

-- case: numeric for that does not run
local n = 0
for i = 5, 1 do n = n + 1 end
for i = 1, 5, -1 do n = n + 1 end
print(n)
-- expect:
-- 0

-- case: numeric for loop variable types
for i = 1, 2 do print(i, math.type(i)) end
for i = 1.0, 2 do print(i, math.type(i)) end
for i = 1, 2.5 do print(i, math.type(i)) end
-- expect:
-- 1	integer
-- 2	integer
-- 1.0	float
-- 2.0	float
-- 1	integer
-- 2	integer

-- case: numeric for with float step
local out = {}
for x = 0, 1, 0.25 do out[#out + 1] = x end
print(table.concat(out, " "))
-- expect:
-- 0.0 0.25 0.5 0.75 1.0

-- case: numeric for float accumulation
local count, last = 0, nil
for x = 0, 1, 0.1 do count = count + 1 last = x end
print(count, last)
-- expect:
-- 11	1.0

-- case: numeric for with negative float step
local out = {}
for x = 1, 0, -0.5 do out[#out + 1] = x end
print(table.concat(out, " "))
-- expect:
-- 1.0 0.5 0.0

-- case: numeric for near maxinteger does not overflow
local n = 0
for i = math.maxinteger - 2, math.maxinteger do n = n + 1 end
print(n)
-- expect:
-- 3

-- case: numeric for near mininteger with negative step
local n = 0
for i = math.mininteger + 2, math.mininteger, -1 do n = n + 1 end
print(n)
-- expect:
-- 3

-- case: numeric for with large step does not wrap
local out = {}
for i = 1, math.maxinteger, math.maxinteger // 2 do out[#out + 1] = i end
print(#out, out[1], out[2], out[3])
-- expect:
-- 3	1	4611686018427387904	9223372036854775807

-- case: numeric for with float limit beyond integers
local n = 0
for i = math.maxinteger - 1, 1e100 do n = n + 1 end
print(n)
-- expect:
-- 2

-- case: numeric for with zero step errors
for i = 1, 10, 0 do end
-- error: input:1: 'for' step is zero

-- case: numeric for with string bound errors
for i = 1, "x" do end
-- error: input:1: bad 'for' limit (number expected, got string)

-- case: numeric for with nil initial value errors
local start
for i = start, 10 do end
-- error: input:2: bad 'for' initial value (number expected, got nil)

-- case: numeric for with non number step errors
for i = 1, 2, {} do end
-- error: input:1: bad 'for' step (number expected, got table)

-- case: numeric for evaluates bounds once
local limit = 3
local n = 0
for i = 1, limit do limit = 10 n = n + 1 end
print(n)
-- expect:
-- 3

-- case: generic for with ipairs
for i, v in ipairs({ "a", "b", "c" }) do print(i, v) end
-- expect:
-- 1	a
-- 2	b
-- 3	c

-- case: ipairs stops at the first nil
local t = { 1, 2, nil, 4 }
local n = 0
for _ in ipairs(t) do n = n + 1 end
print(n)
-- expect:
-- 2

-- case: generic for with pairs over a sequence
local t = { 10, 20, 30 }
local sum = 0
for k, v in pairs(t) do sum = sum + k * v end
print(sum)
-- expect:
-- 140

-- case: generic for with pairs sorted keys
local t = { banana = 3, apple = 1, cherry = 2 }
local keys = {}
for k in pairs(t) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do print(k, t[k]) end
-- expect:
-- apple	1
-- banana	3
-- cherry	2

-- case: generic for with next directly
local t = { x = 1 }
for k, v in next, t do print(k, v) end
-- expect:
-- x	1

-- case: generic for with a custom iterator
local function range(n)
  local i = 0
  return function() i = i + 1 if i <= n then return i end end
end
local out = {}
for i in range(4) do out[#out + 1] = i end
print(table.concat(out, ","))
-- expect:
-- 1,2,3,4

-- case: generic for with a stateless iterator
local function iter(t, i)
  i = i + 1
  if t[i] then return i, t[i] end
end
for i, v in iter, { "x", "y" }, 0 do print(i, v) end
-- expect:
-- 1	x
-- 2	y

-- case: generic for with string.gmatch
for word in string.gmatch("one two three", "%a+") do print(word) end
-- expect:
-- one
-- two
-- three

-- case: generic for over non function errors
for x in 5 do end
-- error: input:1: attempt to call a number value (for iterator 'for iterator')

-- case: generic for over nil errors
local t
for k, v in pairs(t) do end
-- error: input:2: bad argument #1 to 'for iterator' (table expected, got nil)

-- case: while loop
local i, s = 0, 0
while i < 10 do i = i + 1 s = s + i end
print(i, s)
-- expect:
-- 10	55

-- case: while with break
local i = 0
while true do
  i = i + 1
  if i >= 5 then break end
end
print(i)
-- expect:
-- 5

-- case: repeat until
local i = 0
repeat i = i + 1 until i >= 3
print(i)
-- expect:
-- 3

-- case: repeat until sees body locals
local i = 0
repeat
  i = i + 1
  local done = i * i > 10
until done
print(i)
-- expect:
-- 4

-- case: repeat runs at least once
local n = 0
repeat n = n + 1 until true
print(n)
-- expect:
-- 1

-- case: break from nested loops breaks the inner one
local out = {}
for i = 1, 3 do
  for j = 1, 3 do
    if j > i then break end
    out[#out + 1] = i .. j
  end
end
print(table.concat(out, " "))
-- expect:
-- 11 21 22 31 32 33

-- case: break inside repeat
local n = 0
repeat
  n = n + 1
  if n == 4 then break end
until false
print(n)
-- expect:
-- 4

-- case: goto continue idiom
local out = {}
for i = 1, 10 do
  if i % 3 == 0 then goto continue end
  out[#out + 1] = i
  ::continue::
end
print(table.concat(out, " "))
-- expect:
-- 1 2 4 5 7 8 10

-- case: backward goto loop
local i = 1
local out = {}
::top::
out[#out + 1] = i
i = i + 1
if i <= 5 then goto top end
print(table.concat(out, " "))
-- expect:
-- 1 2 3 4 5

-- case: goto out of nested loops
local found
for i = 1, 5 do
  for j = 1, 5 do
    if i * j == 12 then
      found = i .. "x" .. j
      goto done
    end
  end
end
::done::
print(found)
-- expect:
-- 3x4

-- case: goto in while with continue
local i, out = 0, {}
while i < 6 do
  i = i + 1
  if i % 2 == 1 then goto continue end
  out[#out + 1] = i
  ::continue::
end
print(table.concat(out, ","))
-- expect:
-- 2,4,6

-- case: goto continue in repeat
local i, out = 0, {}
repeat
  i = i + 1
  if i == 2 then goto continue end
  out[#out + 1] = i
  ::continue::
until i >= 4
print(table.concat(out, ","))
-- expect:
-- 1,3,4

-- case: goto creates fresh locals on each jump
local fns = {}
local i = 1
::again::
local x = i * 10
fns[i] = function() return x end
i = i + 1
if i <= 3 then goto again end
print(fns[1](), fns[2](), fns[3]())
-- expect:
-- 10	20	30

-- case: nested blocks with same label names
do
  goto a
  ::a::
end
do
  goto a
  print("skipped")
  ::a::
end
print("ok")
-- expect:
-- ok

-- case: goto to undefined label is a syntax error
goto nowhere
-- syntax error: input:1: no visible label 'nowhere' for <goto> at line 1

-- case: goto into the scope of a local is a syntax error
goto skip
local x = 1
::skip::
print(x)
-- syntax error: input:4: <goto skip> at line 1 jumps into the scope of local 'x'

-- case: duplicate label is a syntax error
::a::
::a::
-- syntax error: input:2: label 'a' already defined on line 2

-- case: break outside a loop is a syntax error
break
-- syntax error: input:1: break outside loop at line 1

-- case: do block scopes locals
local x = "outer"
do local x = "inner" print(x) end
print(x)
-- expect:
-- inner
-- outer

-- case: loops with return inside functions
local function find(t, v)
  for i, x in ipairs(t) do if x == v then return i end end
  return nil
end
print(find({ "a", "b", "c" }, "b"), find({ "a" }, "z"))
-- expect:
-- 2	nil

-- case: nested functions in loops with return
local function firstEven(t)
  for _, v in ipairs(t) do
    if v % 2 == 0 then return v end
  end
end
print(firstEven({ 1, 3, 8, 10 }), firstEven({ 1 }))
-- expect:
-- 8

-- case: while with complex condition
local a, b = 0, 10
while a < b and b - a > 2 do a = a + 1 b = b - 1 end
print(a, b)
-- expect:
-- 4	6

-- case: numeric for with float start and integer step
for i = 0.5, 2 do print(i) end
-- expect:
-- 0.5
-- 1.5

-- case: if with assignment of nil branches
local x
if x then print("no") elseif x == nil then print("nil") end
-- expect:
-- nil

-- case: numeric for loop variable is a copy
local t = {}
for i = 1, 3 do
  t[i] = i
  i = 100
end
print(t[1], t[2], t[3], #t)
-- expect:
-- 1	2	3	3

-- case: large loop count
local s = 0
for i = 1, 100000 do s = s + i end
print(s)
-- expect:
-- 5000050000

-- case: nested loops with goto continue at both levels
local out = {}
for i = 1, 3 do
  for j = 1, 3 do
    if j == 2 then goto next_j end
    out[#out + 1] = i * 10 + j
    ::next_j::
  end
  if i == 2 then goto next_i end
  out[#out + 1] = "|"
  ::next_i::
end
print(table.concat(out, " "))
-- expect:
-- 11 13 | 21 23 31 33 |
