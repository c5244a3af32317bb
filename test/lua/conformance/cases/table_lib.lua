-- The table library: concat insert move pack remove sort unpack, with their errors.

-- case: concat basics
print(table.concat({ 1, 2, 3 }), table.concat({ "a", "b" }, ", "), table.concat({}), table.concat({}, "x"))
-- expect:
-- 123	a, b		

-- case: concat with range
local t = { "a", "b", "c", "d" }
print(table.concat(t, "-", 2), table.concat(t, "-", 2, 3), table.concat(t, "-", 3, 2), table.concat(t, "", 4, 4))
-- expect:
-- b-c-d	b-c		d

-- case: concat of numbers uses their text
print(table.concat({ 1, 2.5, 3.0, -0.0, 2 ^ 63 }, " "))
-- expect:
-- 1 2.5 3.0 -0.0 9.2233720368548e+18

-- case: concat with a nil hole errors
table.concat({ 1, nil, 3 }, ",", 1, 3)
-- error: input:1: invalid value (nil) at index 2 in table for 'concat'

-- case: concat with a table element errors
table.concat({ 1, {}, 3 })
-- error: input:1: invalid value (table) at index 2 in table for 'concat'

-- case: concat with a boolean element errors
table.concat({ true })
-- error: input:1: invalid value (boolean) at index 1 in table for 'concat'

-- case: concat with non table
table.concat("abc")
-- error: input:1: bad argument #1 to 'concat' (table expected, got string)

-- case: concat with a number separator
print(table.concat({ 1, 2 }, 0))
-- expect:
-- 102

-- case: insert appends
local t = {}
table.insert(t, "a")
table.insert(t, "b")
print(#t, t[1], t[2])
-- expect:
-- 2	a	b

-- case: insert at position shifts up
local t = { "a", "c" }
table.insert(t, 2, "b")
table.insert(t, 1, "start")
table.insert(t, #t + 1, "end")
print(table.concat(t, " "))
-- expect:
-- start a b c end

-- case: insert at invalid position
local t = { 1, 2 }
table.insert(t, 5, "x")
-- error: input:2: bad argument #2 to 'insert' (position out of bounds)

-- case: insert at position zero
table.insert({}, 0, "x")
-- error: input:1: bad argument #2 to 'insert' (position out of bounds)

-- case: insert with wrong number of arguments
table.insert({}, 1, 2, 3)
-- error: input:1: wrong number of arguments to 'insert'

-- case: insert with no value
table.insert({})
-- error: input:1: wrong number of arguments to 'insert'

-- case: insert nil appends nothing visible
local t = { 1 }
table.insert(t, nil)
print(#t)
-- expect:
-- 1

-- case: insert into non table
table.insert(nil, 1)
-- error: input:1: bad argument #1 to 'insert' (table expected, got nil)

-- case: remove from the end
local t = { 1, 2, 3 }
print(table.remove(t), #t, table.remove(t), #t)
-- expect:
-- 3	2	2	1

-- case: remove from a position shifts down
local t = { "a", "b", "c", "d" }
print(table.remove(t, 1), table.concat(t, ","))
print(table.remove(t, 2), table.concat(t, ","))
-- expect:
-- a	b,c,d
-- c	b,d

-- case: remove from an empty table
local t = {}
print(table.remove(t), #t, select("#", table.remove(t)))
-- expect:
-- nil	0	1

-- case: remove at n plus one and zero
local t = { 1, 2 }
print(table.remove(t, 3), #t)
local e = {}
print(table.remove(e, 0), table.remove(e, 1))
-- expect:
-- nil	2
-- nil	nil

-- case: remove at invalid position
-- (Lua 5.4.4 numbers this argument #1, later 5.4 releases #2: only the reason is checked.)
local ok, e = pcall(table.remove, { 1, 2, 3 }, 7)
print(ok, (e:gsub("#%d", "#N")))
-- expect:
-- false	bad argument #N to 'table.remove' (position out of bounds)

-- case: move within a table
local t = { 1, 2, 3, 4, 5 }
table.move(t, 2, 4, 1)
print(table.concat(t, ","))
local u = { 1, 2, 3, 4, 5 }
table.move(u, 1, 3, 3)
print(table.concat(u, ","))
-- expect:
-- 2,3,4,4,5
-- 1,2,1,2,3

-- case: move to another table
local a = { "x", "y", "z" }
local b = { "1", "2" }
local r = table.move(a, 1, 3, 2, b)
print(r == b, table.concat(b, ","))
-- expect:
-- true	1,x,y,z

-- case: move with empty range
local t = { 1, 2 }
print(table.move(t, 3, 1, 1) == t, table.concat(t, ","))
-- expect:
-- true	1,2

-- case: move with too many elements
table.move({}, 1, math.maxinteger, 2)
-- error: input:1: bad argument #4 to 'move' (destination wrap around)

-- case: pack sets n
local t = table.pack(1, nil, 3)
print(t.n, t[1], t[2], t[3], table.pack().n)
-- expect:
-- 3	1	nil	3	0

-- case: pack with no values
local t = table.pack()
print(t.n, next(t))
-- expect:
-- 0	n	0

-- case: unpack with n from pack
local t = table.pack(1, nil, nil)
print(select("#", table.unpack(t, 1, t.n)))
-- expect:
-- 3

-- case: sort numbers
local t = { 5, 2, 8, 1, 9, 3 }
table.sort(t)
print(table.concat(t, " "))
-- expect:
-- 1 2 3 5 8 9

-- case: sort strings
local t = { "pear", "apple", "fig", "Banana", "cherry" }
table.sort(t)
print(table.concat(t, " "))
-- expect:
-- Banana apple cherry fig pear

-- case: sort with comparator descending
local t = { 3, 1, 2, 5, 4 }
table.sort(t, function(a, b) return a > b end)
print(table.concat(t, " "))
-- expect:
-- 5 4 3 2 1

-- case: sort records by field
local people = { { name = "bo", age = 30 }, { name = "al", age = 25 }, { name = "cy", age = 35 } }
table.sort(people, function(a, b) return a.age < b.age end)
for _, p in ipairs(people) do print(p.name, p.age) end
-- expect:
-- al	25
-- bo	30
-- cy	35

-- case: sort mixed integers and floats
local t = { 3, 1.5, 2, -1, 2.5, 0 }
table.sort(t)
print(table.concat(t, " "))
-- expect:
-- -1 0 1.5 2 2.5 3

-- case: sort with mixed types errors
local t = { 1, "a", 2 }
table.sort(t)
-- error: attempt to compare string with number

-- case: sort with an invalid order function
local t = {}
for i = 1, 100 do t[i] = (i * 37) % 17 end
print(pcall(table.sort, t, function(a, b) return true end))
-- expect:
-- false	invalid order function for sorting

-- case: sort with comparator that errors
print(pcall(table.sort, { 3, 2, 1 }, function(a, b) error("cmp failed", 0) end))
-- expect:
-- false	cmp failed

-- case: sort with comparator that is not a function
table.sort({ 2, 1 }, 5)
-- error: input:1: bad argument #2 to 'sort' (function expected, got number)

-- case: sort of empty and single tables
local a, b = {}, { 1 }
table.sort(a)
table.sort(b)
print(#a, b[1])
-- expect:
-- 0	1

-- case: sort is not stable but sorts correctly with ties
local t = {}
for i = 1, 50 do t[i] = { key = i % 5, id = i } end
table.sort(t, function(a, b) return a.key < b.key end)
local ok = true
for i = 2, #t do if t[i - 1].key > t[i].key then ok = false end end
print(ok, t[1].key, t[50].key)
-- expect:
-- true	0	4

-- case: sort larger random array
math.randomseed(42)
local t = {}
for i = 1, 500 do t[i] = math.random(1, 1000) end
table.sort(t)
local ok = true
for i = 2, #t do if t[i - 1] > t[i] then ok = false end end
print(ok, #t)
-- expect:
-- true	500

-- case: sort strings with comparator by length
local t = { "ccc", "a", "bb", "dddd" }
table.sort(t, function(x, y) return #x < #y end)
print(table.concat(t, ","))
-- expect:
-- a,bb,ccc,dddd

-- case: table library functions on nil
table.sort(nil)
-- error: input:1: bad argument #1 to 'sort' (table expected, got nil)

-- case: table.unpack on a non table
table.unpack(nil)
-- error: attempt to get length of a nil value

-- case: the table functions Code Mode keeps are all present
local names = { "concat", "insert", "move", "pack", "remove", "sort", "unpack" }
local kinds = {}
for i, name in ipairs(names) do kinds[i] = type(table[name]) end
print(table.concat(kinds, " "))
-- expect:
-- function function function function function function function

-- case: table constructors with mixed entries
local t = { 1, 2, x = "x", [3] = 3, 4, ["y z"] = "yz", [10] = 10 }
print(t[1], t[2], t[3], t.x, t["y z"], t[10])
-- expect:
-- 1	2	4	x	yz	10

-- case: table constructor with trailing separators
local t = { 1, 2, 3, }
local u = { a = 1; b = 2; }
print(#t, u.a + u.b)
-- expect:
-- 3	3

-- case: table constructor positional overrides explicit index
local t = { [1] = "explicit", "positional" }
print(t[1])
-- expect:
-- positional

-- case: nested tables
local t = { a = { b = { c = "deep" } }, list = { { 1 }, { 2, 3 } } }
print(t.a.b.c, #t.list, t.list[2][2])
-- expect:
-- deep	2	3

-- case: tables as keys
local k1, k2 = {}, {}
local t = { [k1] = "one", [k2] = "two" }
print(t[k1], t[k2], t[{}])
-- expect:
-- one	two	nil

-- case: boolean and float keys
local t = { [true] = "yes", [false] = "no", [1.5] = "float", [2.0] = "two" }
print(t[true], t[false], t[1.5], t[2], t[2.0])
-- expect:
-- yes	no	float	two	two

-- case: integer keys beyond the array part
local t = {}
t[1000000] = "far"
t[-1] = "neg"
t[0] = "zero"
print(t[1000000], t[-1], t[0], t[1])
-- expect:
-- far	neg	zero	nil
