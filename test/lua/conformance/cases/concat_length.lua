-- Concatenation (with number coercion and errors) and the length operator on strings and sequences.

-- case: concatenation of strings
print("a" .. "b" .. "c", "" .. "", "x" .. "")
-- expect:
-- abc		x

-- case: concatenation of numbers
print(1 .. 2, 1 .. "", 1.5 .. "|", -1 .. "", 2 ^ 53 .. "", math.mininteger .. "")
-- expect:
-- 12	1	1.5|	-1	9.007199254741e+15	-9223372036854775808

-- case: concatenation needs spaces after integer literals
local a = 10 .. 20
print(a, type(a), #a)
-- expect:
-- 1020	string	4

-- case: concatenation is right associative
local parts = {}
local s = "a" .. "b" .. "c" .. "d"
print(s)
-- expect:
-- abcd

-- case: concatenation with nil local
local name
print("hello " .. name)
-- error: input:2: attempt to concatenate a nil value (local 'name')

-- case: concatenation with nil global
print("x" .. undefinedName)
-- error: input:1: attempt to concatenate a nil value (global 'undefinedName')

-- case: concatenation with nil field
local t = {}
print("id: " .. t.id)
-- error: input:2: attempt to concatenate a nil value (field 'id')

-- case: concatenation with a table
local t = {}
print("t" .. t)
-- error: input:2: attempt to concatenate a table value (local 't')

-- case: concatenation with a boolean
print("flag: " .. true)
-- error: input:1: attempt to concatenate a boolean value

-- case: concatenation with nil upvalue
local suffix
local function f() return "a" .. suffix end
f()
-- error: input:2: attempt to concatenate a nil value (upvalue 'suffix')

-- case: concatenation of many values in a loop
local s = ""
for i = 1, 10 do s = s .. i .. "," end
print(s, #s)
-- expect:
-- 1,2,3,4,5,6,7,8,9,10,	21

-- case: concatenation of floats uses %.14g
print(0.1 .. "", (1 / 3) .. "", 1e100 .. "", (2 ^ 63) .. "", -0.0 .. "")
-- expect:
-- 0.1	0.33333333333333	1e+100	9.2233720368548e+18	-0.0

-- case: concatenation error in the middle of a chain
local a, b, c = "a", nil, "c"
print(a .. b .. c)
-- error: input:2: attempt to concatenate a nil value (local 'b')

-- case: length of strings counts bytes
print(#"", #"abc", #"\0\0", #"h\195\169llo", #"\u{10FFFF}")
-- expect:
-- 0	3	2	6	4

-- case: length of sequences
print(#{}, #{ 1, 2, 3 }, #{ "a", "b" }, #{ n = 1 }, #{ 1, 2, 3, nil })
-- expect:
-- 0	3	2	0	3

-- case: length after appends and removals at the end
local t = {}
for i = 1, 5 do t[#t + 1] = i * i end
print(#t)
t[#t] = nil
t[#t] = nil
print(#t, t[3])
-- expect:
-- 5
-- 3	9

-- case: length with string keys
local t = { 1, 2, x = 3, y = 4 }
print(#t)
-- expect:
-- 2

-- case: length of a table built by index
local t = {}
t[1] = "a"
t[2] = "b"
t[3] = "c"
print(#t)
-- expect:
-- 3

-- case: length of a table with trailing nil in constructor
local t = { 1, 2, nil }
print(#t)
-- expect:
-- 2

-- case: rawlen of tables and strings
print(rawlen({ 1, 2 }), rawlen("abcd"), rawlen({}))
-- expect:
-- 2	4	0

-- case: rawlen of a number is an error
print(rawlen(5))
-- error: input:1: bad argument #1 to 'rawlen' (table or string expected, got number)

-- case: length of a boolean
local b = false
print(#b)
-- error: input:2: attempt to get length of a boolean value (local 'b')

-- case: tostring and concat of integers and floats
print(1 .. "" == "1", 1.0 .. "" == "1.0", (3 / 1) .. "")
-- expect:
-- true	true	3.0

-- case: concatenation of a very small float
print(1e-300 .. "", 123456789012 .. "")
-- expect:
-- 1e-300	123456789012
