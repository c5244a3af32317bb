-- The string library apart from patterns and format: byte char len lower upper rep reverse sub,
-- string methods on values, escapes in literals.

-- case: string.len and the length operator
print(string.len(""), string.len("abc"), ("abc"):len(), #"a\0b", string.len(123))
-- expect:
-- 0	3	3	3	3

-- case: string.sub with positive indices
local s = "hello world"
print(s:sub(1, 5), s:sub(7), s:sub(7, 100), s:sub(5, 5), s:sub(6, 5))
-- expect:
-- hello	world	world	o	

-- case: string.sub with negative indices
local s = "hello world"
print(s:sub(-5), s:sub(-5, -2), s:sub(1, -7), s:sub(-100, 3), s:sub(0), s:sub(-1, 1))
-- expect:
-- world	worl	hello	hel	hello world	

-- case: string.sub with zero and out of range
local s = "abc"
print(s:sub(0, 0), s:sub(4), s:sub(3, 2), s:sub(2, 0), "[" .. s:sub(10, 20) .. "]")
-- expect:
-- 				[]

-- case: string.sub with float indices
print(("abcdef"):sub(2.0, 4.0))
-- expect:
-- bcd

-- case: string.sub with non integral float index errors
print(("abcdef"):sub(1.5))
-- error: input:1: bad argument #1 to 'sub' (number has no integer representation)

-- case: string.sub with huge indices
print(("abc"):sub(math.mininteger, math.maxinteger), ("abc"):sub(2, math.maxinteger))
-- expect:
-- abc	bc

-- case: string.upper and lower
print(string.upper("Hello, World 1!"), string.lower("ÀBC Mixed"), ("x"):upper())
-- expect:
-- HELLO, WORLD 1!	Àbc mixed	X

-- case: string.rep basics
print(string.rep("ab", 3), string.rep("x", 0), string.rep("x", -1), "[" .. string.rep("", 5) .. "]")
-- expect:
-- ababab			[]

-- case: string.rep with separator
print(string.rep("ab", 3, ","), string.rep("x", 1, ","), string.rep("a", 2, ""), string.rep("-", 0, "|"))
-- expect:
-- ab,ab,ab	x	aa	

-- case: string.rep with wrong arguments
string.rep("x")
-- error: input:1: bad argument #2 to 'rep' (number expected, got no value)

-- case: string.rep with float count
print(string.rep("a", 3.0))
print(pcall(string.rep, "a", 2.5))
-- expect:
-- aaa
-- false	bad argument #2 to 'string.rep' (number has no integer representation)

-- case: string.reverse
print(string.reverse("abc"), string.reverse(""), ("racecar"):reverse(), string.reverse("a\0b") == "b\0a")
-- expect:
-- cba		racecar	true

-- case: string.byte
print(string.byte("A"), string.byte("abc", 2), string.byte("abc", 1, 3), string.byte("abc", -1))
-- expect:
-- 65	98	97	99

-- case: string.byte out of range returns nothing
print(select("#", string.byte("abc", 10)), select("#", string.byte("")), string.byte("abc", 3, 1))
-- expect:
-- 0	0

-- case: string.byte with negative range
print(string.byte("hello", -3, -1))
-- expect:
-- 108	108	111

-- case: string.char
print(string.char(72, 105), string.char(), #string.char(0, 255), string.char(97, 98, 99))
-- expect:
-- Hi		2	abc

-- case: string.char out of range
string.char(256)
-- error: input:1: bad argument #1 to 'char' (value out of range)

-- case: string.char negative
string.char(-1)
-- error: input:1: bad argument #1 to 'char' (value out of range)

-- case: string.char with a string number
print(string.char("65", 66.0))
-- expect:
-- AB

-- case: string.char with non number
string.char("x")
-- error: input:1: bad argument #1 to 'char' (number expected, got string)

-- case: byte and char round trip
local s = ""
for i = 0, 255 do s = s .. string.char(i) end
local ok = true
for i = 1, 256 do if s:byte(i) ~= i - 1 then ok = false end end
print(#s, ok)
-- expect:
-- 256	true

-- case: string methods through the colon
local s = "Lua"
print(s:upper(), s:lower(), s:len(), s:rep(2), s:sub(2), s:byte(1), s:reverse())
-- expect:
-- LUA	lua	3	LuaLua	ua	76	auL

-- case: method call on a number is an error
local n = 5
print(n:rep(2))
-- error: input:2: attempt to index a number value (local 'n')

-- case: string indexing returns string library functions
print(("x").upper == string.upper, ("x").nope)
-- expect:
-- true	nil

-- case: string indexing with a number returns nil
local s = "abc"
print(s[1], s.len == string.len)
-- expect:
-- nil	true

-- case: string functions accept numbers
print(string.upper(12), string.len(1.5), string.rep(7, 3), string.sub(12345, 2, 3), string.reverse(120))
-- expect:
-- 12	3	777	23	021

-- case: string function with nil argument
string.upper(nil)
-- error: input:1: bad argument #1 to 'upper' (string expected, got nil)

-- case: string function with table argument
string.len({})
-- error: input:1: bad argument #1 to 'len' (string expected, got table)

-- case: string.len error via method call
local s = {}
print(("x").len(s))
-- error: input:2: bad argument #1 to 'len' (string expected, got table)

-- case: string method with bad argument on self
local s = "abc"
print(s:rep("x"))
-- error: input:2: bad argument #1 to 'rep' (number expected, got string)

-- case: escapes in short strings
print("a\tb", "q\"q", 'q\'q', "back\\slash", "\65\066\0671", #"\0", "\x41\x42", "\u{48}\u{49}")
-- expect:
-- a	b	q"q	q'q	back\slash	ABC1	1	AB	HI

-- case: newline escapes
local s = "line1\nline2"
print(#s, s:byte(6))
local t = "a\
b"
print(#t, t:byte(2))
-- expect:
-- 11	10
-- 3	10

-- case: escape z skips whitespace
local s = "abc\z
       def"
print(s)
-- expect:
-- abcdef

-- case: decimal escapes with three digits
print("\1002", #"\1002", "\0651" == "A1", ("\255"):byte())
-- expect:
-- d2	2	true	255

-- case: unicode escapes produce UTF-8
print(#"\u{7F}", #"\u{80}", #"\u{7FF}", #"\u{800}", #"\u{FFFF}", #"\u{10000}", #"\u{7FFFFFFF}")
print("\u{E9}" == "\xC3\xA9", "\u{20AC}" == "\xE2\x82\xAC")
-- expect:
-- 1	2	2	3	3	4	6
-- true	true

-- case: other escapes
print(("\a\b\f\v\r"):byte(1, -1))
-- expect:
-- 7	8	12	11	13

-- case: long strings
local s = [[
first line
second line]]
print(s)
print(#[[]], [[a]] .. [==[b]]c]==])
-- expect:
-- first line
-- second line
-- 0	ab]]c

-- case: long string with levels keeps inner brackets
local s = [==[
contains ]] and ]=] inside]==]
print(s)
-- expect:
-- contains ]] and ]=] inside

-- case: long strings do not process escapes
print([[a\nb]], #[[\t]])
-- expect:
-- a\nb	2

-- case: long comments
--[[ this is
a long comment ]] print("after comment")
--[==[ another
]] still comment
]==]
print("done")
-- expect:
-- after comment
-- done

-- case: string comparison and equality
print("abc" == "abc", "abc" < "abd", "Z" < "a", "" < " ", "a\0" > "a")
-- expect:
-- true	true	true	true	true

-- case: strings are immutable values
local a = "hello"
local b = a
b = b .. "!"
print(a, b)
-- expect:
-- hello	hello!

-- case: tostring on strings returns them
local s = "same"
print(tostring(s) == s, tostring(s))
-- expect:
-- true	same

-- case: string.len with no argument
string.len()
-- error: input:1: bad argument #1 to 'len' (string expected, got no value)

-- case: string.sub with missing start
print(pcall(string.sub, "abc"))
-- expect:
-- false	bad argument #2 to 'string.sub' (number expected, got no value)

-- case: string.byte with non integral index
print(pcall(string.byte, "abc", 1.5))
-- expect:
-- false	bad argument #2 to 'string.byte' (number has no integer representation)

-- case: the string functions Code Mode keeps are all present
local names = { "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse", "sub", "upper" }
local kinds = {}
for i, name in ipairs(names) do kinds[i] = type(string[name]) end
print(table.concat(kinds, " "))
-- expect:
-- function function function function function function function function function function function function function
