-- Lua patterns: find, match, gmatch, gsub with classes, sets, captures, %b, %f, anchors,
-- position captures, back-references, replacement kinds and counts, and pattern errors.

-- case: find plain substring
print(string.find("hello world", "wor"), string.find("hello", "xyz"), string.find("hello", ""))
-- expect:
-- 7	nil	1	0

-- case: find with init
print(string.find("abcabc", "b", 3), string.find("abc", "c", -1), string.find("abc", "a", 10), string.find("abc", "", 4), string.find("abc", "", 5))
-- expect:
-- 5	3	nil	4	nil

-- case: find plain flag ignores magic characters
print(string.find("a.b*c", ".", 1, true), string.find("a.b*c", "*c", 1, true), string.find("x%y", "%", 1, true))
-- expect:
-- 2	4	2	2

-- case: find with captures returns them
print(string.find("key=value", "(%w+)=(%w+)"))
-- expect:
-- 1	9	key	value

-- case: find with negative init
print(string.find("hello", "l", -2), string.find("hello", "h", -100))
-- expect:
-- 4	1	1

-- case: match returns the whole match without captures
print(string.match("hello 123 world", "%d+"), string.match("abc", "x"), string.match("abc", ""))
-- expect:
-- 123	nil	

-- case: match with captures
print(string.match("2024-01-15", "(%d+)-(%d+)-(%d+)"))
-- expect:
-- 2024	01	15

-- case: match with init
print(string.match("a1b2c3", "%a%d", 3), string.match("abc", "^b", 2))
-- expect:
-- b2	b

-- case: character classes
local s = "aB3 \t_.!\n"
for _, c in ipairs({ "%a", "%d", "%l", "%u", "%s", "%w", "%p", "%c", "%x" }) do
  local n = select(2, s:gsub(c, ""))
  print(c, n)
end
-- expect:
-- %a	2
-- %d	1
-- %l	1
-- %u	1
-- %s	3
-- %w	3
-- %p	3
-- %c	2
-- %x	3

-- case: negated character classes
print(("abc123"):gsub("%D", "."), ("a b\tc"):gsub("%S", "x"), ("Hello World"):gsub("%L", "_"))
-- expect:
-- ...123	x x	x	_ello__orld	3

-- case: dot matches any byte
print(("a\0b"):match("a.b") == "a\0b", ("\n"):match("."), #("abc"):match(".+"))
-- expect:
-- true	
-- 	3

-- case: sets
print(("hello world"):match("[aeiou]+"), ("x-y"):match("[%-]"), ("abc]"):match("[]]"), ("a^b"):match("[%^b]+"))
-- expect:
-- e	-	]	^b

-- case: set ranges and negation
print(("Hello123"):match("[A-Z][a-z]+"), ("abc123"):match("[^%a]+"), ("a-z"):match("[a%-z]+"), ("0x1F"):match("0x([%x]+)"))
-- expect:
-- Hello	123	a-z	1F

-- case: set with class inside
print(("ab12_cd"):match("[%d_]+"), ("  x"):match("[^%s]"))
-- expect:
-- 12_	x

-- case: quantifiers
print(("aaab"):match("a*"), ("aaab"):match("a+"), ("aaab"):match("a-b"), ("b"):match("a?b"), ("ab"):match("a?b"))
-- expect:
-- aaa	aaa	aaab	b	ab

-- case: lazy quantifier
print(("<a><b>"):match("<(.-)>"), ("<a><b>"):match("<(.*)>"))
-- expect:
-- a	a><b

-- case: anchors
print(("hello"):match("^h"), ("hello"):match("^e"), ("hello"):match("o$"), ("hello"):match("^hello$"), ("a$b"):match("$b"))
-- expect:
-- h	nil	o	hello	$b

-- case: anchor in gmatch matches only at start
local out = {}
for w in ("aaa"):gmatch("^a") do out[#out + 1] = w end
print(#out)
-- expect:
-- 0

-- case: position captures
print(("hello"):match("()ll()"), ("abc"):find("()"), ("x"):match("()"))
-- expect:
-- 3	1	1

-- case: back references
print(("say 'hi' and \"bye\""):match("([\"'])(.-)%1"), ("abcabc"):match("(abc)%1"), ("aa bb cd"):match("(%a)%1"))
-- expect:
-- '	abc	a

-- case: balanced match
print(("f(a(b)c) d"):match("%b()"), ("[[x]]"):match("%b[]"), ("no close ("):match("%b()"), ("{a}{b}"):gsub("%b{}", "X"))
-- expect:
-- (a(b)c)	[[x]]	nil	XX	2

-- case: frontier pattern
print(("THE (quick) fox"):gsub("%f[%a]%a+", "W"), ("hello world"):find("%f[%w]%w+", 2))
local words = {}
for w in ("one two  three"):gmatch("%f[%S]%S+") do words[#words + 1] = w end
print(table.concat(words, "|"))
-- expect:
-- W (W) W	7	11
-- two|three

-- case: frontier at string boundaries
print(("abc"):find("%f[%a]"), ("abc"):find("%f[%A]"), ("abc"):gsub("%f[%w]", "^"))
-- expect:
-- 1	4	^abc	1

-- case: nested captures
print(("abcd"):match("((a)(b)(c))"))
-- expect:
-- abc	a	b	c

-- case: empty capture and optional parts
print(("key="):match("(%w+)=(%w*)"), ("x"):match("(y?)x"))
-- expect:
-- key	

-- case: gmatch iterates matches
local out = {}
for k, v in ("a=1, b=2, c=3"):gmatch("(%w+)=(%w+)") do out[#out + 1] = k .. v end
print(table.concat(out, " "))
-- expect:
-- a1 b2 c3

-- case: gmatch with empty matches
local out = {}
for m in ("abc"):gmatch("x*") do out[#out + 1] = "[" .. m .. "]" end
print(table.concat(out))
-- expect:
-- [][][][]

-- case: gmatch with position captures
local out = {}
for p in ("a,b,,c"):gmatch("(),") do out[#out + 1] = p end
print(table.concat(out, " "))
-- expect:
-- 2 4 5

-- case: gmatch with init argument
local out = {}
for w in string.gmatch("one two three", "%a+", 5) do out[#out + 1] = w end
print(table.concat(out, " "))
-- expect:
-- two three

-- case: gsub with string replacement
print(string.gsub("hello world", "o", "0"))
print(string.gsub("hello world", "o", "0", 1))
print(string.gsub("abc", "", "-"))
-- expect:
-- hell0 w0rld	2
-- hell0 world	1
-- -a-b-c-	4

-- case: gsub with capture references
print(string.gsub("hello world", "(%w+)", "<%1>"))
print(string.gsub("john smith", "(%w+) (%w+)", "%2, %1"))
print(string.gsub("abc", "%w", "%0%0"))
print(string.gsub("50%", "%%", "%% percent"))
-- expect:
-- <hello> <world>	2
-- smith, john	1
-- aabbcc	3
-- 50% percent	1

-- case: gsub with table replacement
local vars = { name = "Lua", version = "5.4" }
print(string.gsub("$name $version $missing", "%$(%w+)", vars))
-- expect:
-- Lua 5.4 $missing	3

-- case: gsub with table replacement and false value keeps match
print(string.gsub("a b c", "%a", { a = "1", b = false }))
-- expect:
-- 1 b c	3

-- case: gsub with function replacement
print(string.gsub("1 2 3", "%d", function(d) return d * 2 end))
print(string.gsub("abc", "%w", function(c) if c == "b" then return nil end return c:upper() end))
-- expect:
-- 2 4 6	3
-- AbC	3

-- case: gsub function receives all captures
print(string.gsub("k1=v1;k2=v2", "(%w+)=(%w+)", function(k, v) return v .. "=" .. k end))
-- expect:
-- v1=k1;v2=k2	2

-- case: gsub function with position capture
print(string.gsub("abc", "()", function(p) return p end))
-- expect:
-- 1a2b3c4	4

-- case: gsub with n limit
print(string.gsub("aaaa", "a", "b", 2), string.gsub("aaaa", "a", "b", 0), string.gsub("aaaa", "a", "b", -1))
-- expect:
-- bbaa	aaaa	aaaa	0

-- case: gsub with anchored pattern
print(string.gsub("hello hello", "^hello", "bye"))
-- expect:
-- bye hello	1

-- case: gsub invalid replacement escape
print(pcall(string.gsub, "abc", "b", "%2"))
print(pcall(string.gsub, "abc", "b", "%x"))
-- expect:
-- false	invalid capture index %2
-- false	invalid use of '%' in replacement string

-- case: gsub invalid replacement type
string.gsub("abc", "b", true)
-- error: input:1: bad argument #3 to 'gsub' (string/function/table expected, got boolean)

-- case: gsub replacement function returns invalid type
string.gsub("abc", "b", function() return {} end)
-- error: input:1: invalid replacement value (a table)

-- case: gsub number replacement
print(string.gsub("abc", "b", 42))
-- expect:
-- a42c	1

-- case: gsub counts with empty pattern matches
print(string.gsub("", "", "x"), string.gsub("ab", ".-", "x"))
-- expect:
-- x	xaxbx	3

-- case: malformed pattern ending with escape
string.find("abc", "%")
-- error: input:1: malformed pattern (ends with '%')

-- case: malformed pattern missing bracket
string.find("abc", "[a")
-- error: input:1: malformed pattern (missing ']')

-- case: malformed pattern unbalanced capture
string.match("abc", "(a")
-- error: input:1: unfinished capture

-- case: invalid pattern capture close
string.match("abc", "a)")
-- error: input:1: invalid pattern capture

-- case: invalid back reference
string.match("abc", "%1")
-- error: input:1: invalid capture index %1

-- case: malformed balanced pattern
string.match("abc", "%b")
-- error: input:1: malformed pattern (missing arguments to '%b')

-- case: missing frontier set
string.match("abc", "%f")
-- error: input:1: missing '[' after '%f' in pattern

-- case: match with special characters escaped
print(("a+b=c"):match("a%+b"), ("1.5"):match("%d%.%d"), ("(x)"):match("%((.)%)"), ("a%b"):match("%%"))
-- expect:
-- a+b	1.5	x	%

-- case: trim idiom
local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end
print("[" .. trim("  hi there \t\n") .. "]")
print("[" .. ("  x  "):match("^%s*(.-)%s*$") .. "]")
-- expect:
-- [hi there]
-- [x]

-- case: split idiom
local parts = {}
for field in ("a,b,,c"):gmatch("([^,]*)") do parts[#parts + 1] = "<" .. field .. ">" end
print(table.concat(parts))
-- expect:
-- <a><b><><c>

-- case: pattern matching is byte based
print(("héllo"):match("h(.)"):byte(), #("héllo"):match("h(.)"), ("héllo"):find("l"), ("héllo"):match("h(..)") == "é")
-- expect:
-- 195	1	4	true

-- case: find returns integers
local i, j = ("abc"):find("b")
print(math.type(i), math.type(j))
-- expect:
-- integer	integer

-- case: match on numbers
print(string.match(12345, "%d%d"), string.find(3.25, "%."))
-- expect:
-- 12	2	2

-- case: gmatch in a for loop with multiple captures per line
local text = "x=1\ny=22\nz=333"
for k, v in text:gmatch("(%a)=(%d+)") do print(k, v, #v) end
-- expect:
-- x	1	1
-- y	22	2
-- z	333	3

-- case: max expansion with alternate quantifiers
print(("aaa"):match("^(a-)(a*)$"), ("xyz"):match("^(.-)$"))
-- expect:
-- 	xyz

-- case: pattern too complex is not triggered by normal input
print(("a"):rep(100):match("^(a*)$") == ("a"):rep(100))
-- expect:
-- true

-- case: find special pattern with init past end
print(("abc"):find("c", 4), ("abc"):match(".", 4))
-- expect:
-- nil	nil

-- case: gsub replacement with percent zero
print(("hello"):gsub("l+", "[%0]"))
-- expect:
-- he[ll]o	1

-- case: gmatch does not match past anchors in the middle
print(("a^b"):match("a^b"), ("$"):match("$"), ("a$"):match("a$"))
-- expect:
-- a^b		nil

-- case: pattern class percent followed by non alphanumeric
print(("a.b"):gsub("%.", "!"), ("a]b"):match("%]"))
-- expect:
-- a!b	]

-- case: gsub with pattern special chars in replacement string
print(("x"):gsub("x", "%%1"))
-- expect:
-- %1	1
