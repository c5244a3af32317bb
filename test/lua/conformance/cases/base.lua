-- The base library: type, tostring, tonumber, raw functions, next, pairs, ipairs, select.

-- case: type of every kind of value
print(type(nil), type(true), type(1), type(1.5), type("s"), type({}), type(print), type(type))
-- expect:
-- nil	boolean	number	number	string	table	function	function

-- case: type with no argument
type()
-- error: input:1: bad argument #1 to 'type' (value expected)

-- case: tostring of simple values
print(tostring(nil), tostring(true), tostring(false), tostring(12), tostring(-0.5), tostring("x"))
-- expect:
-- nil	true	false	12	-0.5	x

-- case: tostring of tables and functions has a type prefix
print(tostring({}):match("^table: ") ~= nil, tostring(print):match("^%a+: ") ~= nil)
-- expect:
-- true	true

-- case: tostring with no argument
tostring()
-- error: input:1: bad argument #1 to 'tostring' (value expected)

-- case: tonumber of numbers returns them
print(tonumber(10), tonumber(1.5), math.type(tonumber(10)), math.type(tonumber(2.0)))
-- expect:
-- 10	1.5	integer	float

-- case: tonumber of decimal strings
print(tonumber("10"), tonumber("10.0"), tonumber("-3"), tonumber("+4"), tonumber(".5"), tonumber("5."))
-- expect:
-- 10	10.0	-3	4	0.5	5.0

-- case: tonumber of exponents and hex
print(tonumber("1e1"), tonumber("1E-2"), tonumber("0x10"), tonumber("0X1F"), tonumber("0x1p4"), tonumber("-0x10"))
-- expect:
-- 10.0	0.01	16	31	16.0	-16

-- case: tonumber trims whitespace
print(tonumber("  5  "), tonumber("\t7\n"), tonumber(" 0x10 "), tonumber(" "))
-- expect:
-- 5	7	16	nil

-- case: tonumber of invalid strings is nil
print(tonumber("5x"), tonumber("x5"), tonumber(""), tonumber("1e"), tonumber("0x"), tonumber("1 2"), tonumber("--1"))
-- expect:
-- nil	nil	nil	nil	nil	nil	nil

-- case: tonumber of inf and nan strings is nil
print(tonumber("inf"), tonumber("nan"), tonumber("infinity"), tonumber("1e500"))
-- expect:
-- nil	nil	nil	inf

-- case: tonumber of non strings is nil
print(tonumber(nil), tonumber(true), tonumber({}))
-- expect:
-- nil	nil	nil

-- case: tonumber with no argument
tonumber()
-- error: input:1: bad argument #1 to 'tonumber' (value expected)

-- case: tonumber integer overflow in strings becomes float
print(tonumber("9223372036854775807"), tonumber("9223372036854775808"), tonumber("-9223372036854775808"))
-- expect:
-- 9223372036854775807	9.2233720368548e+18	-9223372036854775808

-- case: tonumber of hex wraps around
print(tonumber("0xffffffffffffffff"), tonumber("0x10000000000000001"))
-- expect:
-- -1	1

-- case: tonumber with bases
print(tonumber("ff", 16), tonumber("FF", 16), tonumber("777", 8), tonumber("1010", 2), tonumber("zz", 36), tonumber("Zz", 36))
-- expect:
-- 255	255	511	10	1295	1295

-- case: tonumber with base 10 explicit
print(tonumber("123", 10), tonumber("12.5", 10), tonumber("1e2", 10))
-- expect:
-- 123	nil	nil

-- case: tonumber with base rejects invalid digits
print(tonumber("8", 8), tonumber("2", 2), tonumber("g", 16), tonumber("", 16), tonumber("-", 10))
-- expect:
-- nil	nil	nil	nil	nil

-- case: tonumber with base accepts sign and spaces
print(tonumber("-ff", 16), tonumber("  11  ", 2), tonumber("- 1", 10), tonumber("+z", 36))
-- expect:
-- -255	3	nil	35

-- case: tonumber with base out of range
print(tonumber("1", 1))
-- error: input:1: bad argument #2 to 'tonumber' (base out of range)

-- case: tonumber with base 37
print(tonumber("1", 37))
-- error: input:1: bad argument #2 to 'tonumber' (base out of range)

-- case: tonumber with base needs a string
print(tonumber(10, 16))
-- error: input:1: bad argument #1 to 'tonumber' (string expected, got number)

-- case: tonumber with base wraps large values
print(tonumber("ffffffffffffffff", 16), tonumber("7fffffffffffffff", 16), tonumber("zzzzzzzzzzzzzz", 36))
-- expect:
-- -1	9223372036854775807	-1823562080465190913

-- case: tonumber base 2 to 36 round trip
local out = {}
for base = 2, 36, 5 do out[#out + 1] = tonumber("11", base) end
print(table.concat(out, " "))
-- expect:
-- 3 8 13 18 23 28 33

-- case: rawequal
local t = {}
print(rawequal(1, 1), rawequal(1, 1.0), rawequal("a", "a"), rawequal(t, t), rawequal(t, {}), rawequal(nil, nil))
-- expect:
-- true	true	true	true	false	true

-- case: rawequal needs two arguments
rawequal(1)
-- error: input:1: bad argument #2 to 'rawequal' (value expected)

-- case: rawget and rawset
local t = {}
rawset(t, "a", 1)
rawset(t, 1, "one")
print(rawget(t, "a"), rawget(t, 1), rawget(t, "missing"), rawget(t, 1.0))
-- expect:
-- 1	one	nil	one

-- case: rawset returns the table
local t = {}
print(rawset(t, "k", "v") == t, t.k)
-- expect:
-- true	v

-- case: rawget on a non table
rawget("s", 1)
-- error: input:1: bad argument #1 to 'rawget' (table expected, got string)

-- case: rawset with nil key
rawset({}, nil, 1)
-- error: table index is nil

-- case: next on empty table
print(next({}))
-- expect:
-- nil

-- case: next on a sequence
local t = { "a", "b" }
print(next(t))
print(next(t, 1))
print(next(t, 2))
-- expect:
-- 1	a
-- 2	b
-- nil

-- case: next with an invalid key
next({}, "nope")
-- error: invalid key to 'next'

-- case: next with no table
next()
-- error: input:1: bad argument #1 to 'next' (table expected, got no value)

-- case: pairs visits every key once
local t = { 1, 2, 3, x = "a", y = "b", [10] = "ten" }
local count, keys = 0, {}
for k in pairs(t) do count = count + 1 keys[#keys + 1] = tostring(k) end
table.sort(keys)
print(count, table.concat(keys, ","))
-- expect:
-- 6	1,10,2,3,x,y

-- case: pairs returns next
local f, t, k = pairs({})
print(f == next, k)
-- expect:
-- true	nil

-- case: pairs on nil
pairs(nil)
-- expect:

-- case: clearing fields during traversal is allowed
local t = { a = 1, b = 2, c = 3, d = 4 }
for k in pairs(t) do t[k] = nil end
print(next(t))
-- expect:
-- nil

-- case: ipairs returns three values
local f, t, i = ipairs({})
print(type(f), type(t), i)
-- expect:
-- function	table	0

-- case: ipairs on a string yields nothing
for i, v in ipairs("abc") do print(i, v) end
-- expect:

-- case: ipairs on nil
ipairs(nil)
-- expect:

-- case: ipairs over a table with holes and keys
local t = { "a", "b", [4] = "d", x = "x" }
for i, v in ipairs(t) do print(i, v) end
-- expect:
-- 1	a
-- 2	b

-- case: select negative out of range
select(-5, 1, 2)
-- error: input:1: bad argument #1 to 'select' (index out of range)

-- case: table.unpack basics
print(table.unpack({ 1, 2, 3 }))
print(table.unpack({ 1, 2, 3 }, 2))
print(table.unpack({ 1, 2, 3 }, 2, 3))
print(table.unpack({}, 1, 2))
print(select("#", table.unpack({}, 1, 0)))
-- expect:
-- 1	2	3
-- 2	3
-- 2	3
-- nil	nil
-- 0

-- case: table.unpack with explicit bounds past the end
print(table.unpack({ "a" }, 1, 3))
-- expect:
-- a	nil	nil

-- case: table.unpack with negative range
print(table.unpack({ 1, 2 }, -1, 1))
-- expect:
-- nil	nil	1

-- case: table.unpack too many results
table.unpack({}, 1, 1e8)
-- error: input:1: too many results to unpack

-- case: print with no arguments prints an empty line
print()
print("after")
-- expect:
--
-- after

-- case: print with nil arguments
print(nil, nil)
print(nil)
-- expect:
-- nil	nil
-- nil

-- case: print separates with tabs
print(1, "two", 3.0, true)
-- expect:
-- 1	two	3.0	true

-- case: print integer-valued floats
print(1e15, 2^24, -2^31, 1e100)
-- expect:
-- 1e+15	16777216.0	-2147483648.0	1e+100

-- case: print converts with tostring
print(10 // 3, 10 / 4, "x" .. 1)
-- expect:
-- 3	2.5	x1

-- case: the ipairs iterator wraps around after maxinteger
local f = ipairs({})
print(f({ [math.mininteger] = 10 }, math.maxinteger))
print(f({}, math.maxinteger))
-- expect:
-- -9223372036854775808	10
-- nil

-- case: the ipairs iterator called directly
local f, t, i = ipairs({ "a", "b" })
print(f(t, i))
print(f(t, 1))
print(f(t, 2))
-- expect:
-- 1	a
-- 2	b
-- nil
