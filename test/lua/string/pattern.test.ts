// Lua patterns through find, match, gmatch and gsub, against expectations recorded from real
// Lua 5.4 (see generate.mjs); then the metering of catastrophic patterns.

import { describe, expect, it } from "vitest"
import { HostStop } from "../../../worker/engine-host.js"
import type { LuaFunction } from "../../../worker/lua/runtime/value.js"
import { openString } from "../../../worker/lua/stdlib/string.js"
import { luaCases, makeState, runCase } from "./helpers.js"

const findCases = luaCases(String.raw`
-- find: plain and special patterns, init, captures
string.find("hello world", "o")               --> 5, 5
string.find("hello world", "o", 6)            --> 8, 8
string.find("hello world", "o", -3)           --> nil
string.find("hello world", "o", -100)         --> 5, 5
string.find("hello world", "xyz")             --> nil
string.find("hello", "")                      --> 1, 0
string.find("hello", "", 10)                  --> nil
string.find("hello", "", 6)                   --> 6, 5
string.find("hello", "", 5)                   --> 5, 4
string.find("hello", "l", 0)                  --> 3, 3
string.find("", "")                           --> 1, 0
string.find("", "", 2)                        --> nil
string.find("a.b", ".", 1, true)              --> 2, 2
string.find("a+b", "+", 1, true)              --> 2, 2
string.find("a%b", "%", 1, true)              --> 2, 2
string.find("a.b", ".")                       --> 1, 1
string.find("a.b", "%.")                      --> 2, 2
string.find("a)b", ")")                       --> 2, 2
string.find("a]b", "]")                       --> 2, 2
string.find("a\0b", "\0")                     --> 2, 2
string.find("a\0b", "%z")                     --> 2, 2
string.find("hello", "l+")                    --> 3, 4
string.find("hello", "(l+)(o)")               --> 3, 5, "ll", "o"
string.find("hello", "()ll()")                --> 3, 4, 3, 5
string.find("hello", "^h")                    --> 1, 1
string.find("hello", "^e")                    --> nil
string.find("hello", "^e", 2)                 --> 2, 2
string.find("hello", "o$")                    --> 5, 5
string.find("hello", "l$")                    --> nil
string.find("a$b", "$b")                      --> 2, 3
string.find("a^b", "a^")                      --> 1, 2
string.find("hello", "h", 1.0)                --> 1, 1
string.find("hello", "h", 1.5)                --> error: bad argument #3 to 'find' (number has no integer representation)
string.find("hello")                          --> error: bad argument #2 to 'find' (string expected, got no value)
string.find(nil, "x")                         --> error: bad argument #1 to 'find' (string expected, got nil)
string.find(12345, 34)                        --> 3, 4
string.find("abc", "b", 1, false)             --> 2, 2
string.find("a.c", ".", 1, nil)               --> 1, 1

-- match: classes and their complements, sets, quantifiers
string.match("hello123", "%a+")               --> "hello"
string.match("hello123", "%d+")               --> "123"
string.match("hello123", "%A+")               --> "123"
string.match("  \t\n x", "%s+")               --> "  \009\010 "
string.match("abc DEF", "%u+")                --> "DEF"
string.match("abc DEF", "%l+")                --> "abc"
string.match("a,b;c!", "%p")                  --> ","
string.match("a,b;c!", "%P+")                 --> "a"
string.match("\1\2abc", "%c+")                --> "\001\002"
string.match("0x1F", "%x+", 3)                --> "1F"
string.match("hi_there 9", "%w+")             --> "hi"
string.match("hi there", "%g+")               --> "hi"
string.match(" \127\128", "%G+")              --> " \127\128"
string.match("\200\201abc", "%W+")            --> "\200\201"
string.match("\200\201abc", ".")              --> "\200"
string.match("abc", "%S+")                    --> "abc"
string.match("[x]", "%[(.)%]")                --> "x"
string.match("hello", "[aeiou]+")             --> "e"
string.match("hello", "[^aeiou]+")            --> "h"
string.match("hello", "[a-f]+")               --> "e"
string.match("x-y", "[a-]+")                  --> "-"
string.match("x-y", "[-a]+")                  --> "-"
string.match("a]b", "[]]")                    --> "]"
string.match("a]b", "[^]]+")                  --> "a"
string.match("a^b", "[b^]+")                  --> "^b"
string.match("a1_b", "[%w_]+")                --> "a1_b"
string.match("a1_b", "[%d%l]+")               --> "a1"
string.match("a%b", "[%%]")                   --> "%"
string.match("z-a", "[z-a]")                  --> nil
string.match("aaa", "a-")                     --> ""
string.match("aaab", "a-b")                   --> "aaab"
string.match("aaa", "a*")                     --> "aaa"
string.match("bbb", "a*")                     --> ""
string.match("aaa", "a?a?a?a")                --> "aaa"
string.match("ab", "a?b?c?")                  --> "ab"
string.match("<a><b>", "<(.-)>")              --> "a"
string.match("<a><b>", "<(.*)>")              --> "a><b"
string.match("  trim me  ", "^%s*(.-)%s*$")   --> "trim me"
string.match("key = value", "(%w+)%s*=%s*(%w+)") --> "key", "value"
string.match("2024-01-15", "(%d+)-(%d+)-(%d+)") --> "2024", "01", "15"
string.match("hello", "(h)(e)(l)(l)(o)")      --> "h", "e", "l", "l", "o"
string.match("hello", "()")                   --> 1
string.match("hello", "()", 3)                --> 3
string.match("hello", "()", 6)                --> 6
string.match("hello", "()", 7)                --> nil
string.match("hello", ".-$")                  --> "hello"
string.match("hello", "((l)(l))")             --> "ll", "l", "l"
string.match("hello", "(l)%1")                --> "l"
string.match("abcabc", "(a(b)c)%1")           --> "abc", "b"
string.match("xyxy", "(x)(y)%1%2")            --> "x", "y"
string.match("hello", "()(l)%2")              --> 3, "l"
string.match("hello", "(h)()%2")              --> nil

-- balanced and frontier
string.match("f(a(b)c)d", "%b()")             --> "(a(b)c)"
string.match("f(a(b c)d", "%b()")             --> "(b c)"
string.match("[[x]]", "%b[]")                 --> "[[x]]"
string.match("if x then y end", "%bie")       --> "if x the"
string.match("THE (quick) fox", "%f[%a]%a+")  --> "THE"
string.find("THE (quick) fox", "%f[%a]%a+", 5) --> 6, 10
string.match("hello world", "%f[%w]%w+$")     --> "world"
string.match("foo", "%f[%z]")                 --> ""
string.find("ab", "%f[^%z]")                  --> 1, 0
string.find("ab", "%f[%z]")                   --> 3, 2
string.find("a1b2", "%f[%d]", 3)              --> 4, 3
`)

const errorCases = luaCases(String.raw`
-- malformed patterns, in Lua's words; raised only when the matcher reaches the bad piece
string.find("abc", "%")                       --> error: malformed pattern (ends with '%')
string.find("abc", "a%")                      --> error: malformed pattern (ends with '%')
string.find("abc", "x%")                      --> nil
string.find("abc", "[a")                      --> error: malformed pattern (missing ']')
string.find("abc", "[a%")                     --> error: malformed pattern (missing ']')
string.find("abc", "[]")                      --> error: malformed pattern (missing ']')
string.find("abc", "[^]")                     --> error: malformed pattern (missing ']')
string.find("abc", "[%]")                     --> error: malformed pattern (missing ']')
string.find("abc", "(b")                      --> error: unfinished capture
string.match("abc", "(b")                     --> error: unfinished capture
string.find("abc", "b)")                      --> nil
string.match("abc", "b)")                     --> error: invalid pattern capture
string.match("abc", ")")                      --> error: invalid pattern capture
string.match("abc", "%1")                     --> error: invalid capture index %1
string.match("abc", "%0")                     --> error: invalid capture index %0
string.match("abc", "(a)%2")                  --> error: invalid capture index %2
string.match("abc", "(a%1)")                  --> error: invalid capture index %1
string.match("abc", "%f")                     --> error: missing '[' after '%f' in pattern
string.match("abc", "%fa")                    --> error: missing '[' after '%f' in pattern
string.match("abc", "%f[a")                   --> error: malformed pattern (missing ']')
string.match("abc", "%b")                     --> error: malformed pattern (missing arguments to '%b')
string.match("abc", "%ba")                    --> error: malformed pattern (missing arguments to '%b')
string.match("abc", "(((((((((((((((((((((((((((((((((a)))))))))))))))))))))))))))))))))") --> error: too many captures
string.match(string.rep("a", 300), string.rep("a?", 300)) --> error: pattern too complex
string.match(string.rep("a", 150), string.rep("a?", 150)) --> "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
string.gsub("abc", "(b", "x")                 --> "axc", 1
string.gsub("abc", "(b", "%1")                --> error: unfinished capture
`)

const gmatchCases = luaCases(String.raw`
collect(string.gmatch("one two  three", "%a+")) --> {{"one"}, {"two"}, {"three"}}
collect(string.gmatch("a=1, b=2", "(%w+)=(%w+)")) --> {{"a", "1"}, {"b", "2"}}
collect(string.gmatch("one two", "%a*"))      --> {{"one"}, {"two"}}
collect(string.gmatch("abc", ""))             --> {{""}, {""}, {""}, {""}}
collect(string.gmatch("abc", "()"))           --> {{1}, {2}, {3}, {4}}
collect(string.gmatch("abcdef", "..", 3))     --> {{"cd"}, {"ef"}}
collect(string.gmatch("abcdef", "..", -3))    --> {{"de"}}
collect(string.gmatch("abcdef", ".", 10))     --> {}
collect(string.gmatch("abc", "^(.)"))         --> {}
collect(string.gmatch("a^bc", "^(.)"))        --> {{"b"}}
collect(string.gmatch("hello", "l*"))         --> {{""}, {""}, {"ll"}, {""}}
collect(string.gmatch("x1y22z333", "%d+"))    --> {{"1"}, {"22"}, {"333"}}
collect(string.gmatch("", "x*"))              --> {{""}}
collect(string.gmatch("abc", "[b"))           --> error: malformed pattern (missing ']')
`)

const gsubCases = luaCases(String.raw`
-- string replacements
string.gsub("hello world", "o", "0")          --> "hell0 w0rld", 2
string.gsub("hello world", "(%w+)", "<%1>")   --> "<hello> <world>", 2
string.gsub("hello world", "%w+", "%0 %0")    --> "hello hello world world", 2
string.gsub("hello world", "(%w+) (%w+)", "%2 %1") --> "world hello", 1
string.gsub("abc", "%w", "%%")                --> "%%%", 3
string.gsub("abc", "%w", "%1")                --> "abc", 3
string.gsub("abc", "", "-")                   --> "-a-b-c-", 4
string.gsub("hello", "l*", "-")               --> "-h-e-o-", 4
string.gsub("hello", "^h", "H")               --> "Hello", 1
string.gsub("hello", "^", ">")                --> ">hello", 1
string.gsub("hello", "$", "<")                --> "hello<", 1
string.gsub("hello", "^x", "H")               --> "hello", 0
string.gsub("abc", "()", "%1")                --> "1a2b3c4", 4
string.gsub("a.b.c", ".", "-")                --> "-----", 5
string.gsub("a.b.c", "%.", "-")               --> "a-b-c", 2
string.gsub("a.b.c", "b", "%0%0")             --> "a.bb.c", 1
string.gsub("aaa", "a", "b", 2)               --> "bba", 2
string.gsub("aaa", "a", "b", 0)               --> "aaa", 0
string.gsub("aaa", "a", "b", -1)              --> "aaa", 0
string.gsub("aaa", "a", "b", 2.0)             --> "bba", 2
string.gsub("aaa", "a", "b", 2.5)             --> error: bad argument #4 to 'gsub' (number has no integer representation)
string.gsub("aaa", "a", "b", "x")             --> error: bad argument #4 to 'gsub' (number expected, got string)
string.gsub("aaa", "a", "b", math.maxinteger) --> "bbb", 3
string.gsub("abc", "b", 5)                    --> "a5c", 1
string.gsub("abc", "b", 2.5)                  --> "a2.5c", 1
string.gsub("abc", "b", 2.0)                  --> "a2.0c", 1
string.gsub(123, "2", "x")                    --> "1x3", 1
string.gsub(123, "9", "x")                    --> "123", 0
string.gsub(123, "(2)", {})                   --> "123", 1
string.gsub("abc", "b", "%2")                 --> error: invalid capture index %2
string.gsub("abc", "(b)", "%2")               --> error: invalid capture index %2
string.gsub("abc", "b", "%")                  --> error: invalid use of '%' in replacement string
string.gsub("abc", "b", "%x")                 --> error: invalid use of '%' in replacement string
string.gsub("abc", "x", "%x")                 --> "abc", 0
string.gsub("abc", "b")                       --> error: bad argument #3 to 'gsub' (string/function/table expected, got no value)
string.gsub("abc", "b", true)                 --> error: bad argument #3 to 'gsub' (string/function/table expected, got boolean)
string.gsub("abc", "b", nil)                  --> error: bad argument #3 to 'gsub' (string/function/table expected, got nil)
string.gsub("abc")                            --> error: bad argument #2 to 'gsub' (string expected, got no value)
string.gsub("a\0b\0", "\0", "%%0")            --> "a%0b%0", 2
string.gsub("c^ac)[(*", ")", "-")              --> error: invalid pattern capture
string.gsub("a]b", "]", "-")                  --> "a-b", 1
string.gsub("a^b^", "b^", "-")                --> "a^-", 1

-- table replacements
string.gsub("$name is $age", "%$(%w+)", {name = "Bob", age = 42}) --> "Bob is 42", 2
string.gsub("$name is $x", "%$(%w+)", {name = "Bob"}) --> "Bob is $x", 2
string.gsub("abc", "%w", {a = "1", b = true}) --> error: invalid replacement value (a boolean)
string.gsub("abc", "%w", {a = "1", b = false}) --> "1bc", 3
string.gsub("abc", "%w", {a = {}})            --> error: invalid replacement value (a table)
string.gsub("abc", "%w", {a = 2.5, b = 3.0})  --> "2.53.0c", 3
string.gsub("abc", "()", {[1] = "x", [3] = "y"}) --> "xabyc", 4
string.gsub("abc", "b", {b = "B"})            --> "aBc", 1
string.gsub("abc", "(b)(c)", {b = "X"})       --> "aX", 1

-- function replacements
string.gsub("hello world", "%w+", upper)      --> "HELLO WORLD", 2
string.gsub("hello world", "(%w)(%w*)", join) --> "h,ello w,orld", 2
string.gsub("hello", "()(l)", join)           --> "he3,l4,lo", 2
string.gsub("abc", "%w", no)                  --> "abc", 3
string.gsub("abc", "%w", none)                --> "abc", 3
string.gsub("abc", "%w", tbl)                 --> error: invalid replacement value (a table)
string.gsub("abc", "%w", num)                 --> "424242", 3
string.gsub("abc", "%w", flt)                 --> "2.02.02.0", 3
string.gsub("abc", "%w", fail)                --> error: boom
string.gsub("abc", "b", upper)                --> "aBc", 1
string.gsub("abc", "", join)                  --> "abc", 4
string.gsub("abc", "x*", join, 2)             --> "abc", 2
`)

describe("string.find and string.match (expectations from real Lua 5.4)", () => {
  it.each(findCases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})

describe("pattern errors (expectations from real Lua 5.4)", () => {
  it.each(errorCases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})

describe("string.gmatch (expectations from real Lua 5.4)", () => {
  it.each(gmatchCases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})

describe("string.gsub (expectations from real Lua 5.4)", () => {
  it.each(gsubCases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})

const stopMessage = (body: () => unknown): string => {
  try {
    body()
  } catch (error) {
    if (error instanceof HostStop) return error.message
    throw error
  }
  throw new Error("expected a stop")
}

describe("pattern metering", () => {
  const subject = "a".repeat(20_000)

  it("a catastrophic pattern on a long subject stops at the work budget", () => {
    const st = makeState({ maxFuel: 100_000 })
    const find = openString(st).get("find") as LuaFunction
    // O(n^3) backtracking: real Lua takes minutes on this; we stop after 100,000 steps.
    expect(stopMessage(() => find([subject, ".-.-.-b"]))).toMatch(/exceeded its work budget of 100000 steps/)
  })

  it("the same stop in gsub, gmatch and match", () => {
    for (const [name, extra] of [["gsub", "x"], ["match", 1]] as const) {
      const st = makeState({ maxFuel: 100_000 })
      const fn = openString(st).get(name) as LuaFunction
      expect(stopMessage(() => fn([subject, "(.-)(.-)(.-)b", extra]))).toMatch(/work budget/)
    }
    const st = makeState({ maxFuel: 100_000 })
    const iterate = (openString(st).get("gmatch") as LuaFunction)([subject, "(a*)(a*)b"])[0] as LuaFunction
    expect(stopMessage(() => iterate([]))).toMatch(/work budget/)
  })

  it("a deadline in the past stops the matcher at its next check", () => {
    const st = makeState()
    const late = Object.assign(st, { deadline: -1 }) // deadline is readonly for programs, not for this test
    const find = openString(late).get("find") as LuaFunction
    try {
      find([subject, ".-.-.-b"])
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(HostStop)
      expect((error as HostStop).diagnostic.kind).toBe("TimeoutExceeded")
    }
  })

  it("ordinary matching costs about one unit per step", () => {
    const st = makeState()
    const find = openString(st).get("find") as LuaFunction
    const before = st.fuel
    expect(find(["x".repeat(1000) + "y", "x*y"])).toEqual([1, 1001])
    const spent = before - st.fuel
    expect(spent).toBeGreaterThan(1000)
    expect(spent).toBeLessThan(1100)
  })

  it("gsub output growth is checked against maxStringBytes", () => {
    const st = makeState({ maxStringBytes: 1000 })
    const gsub = openString(st).get("gsub") as LuaFunction
    expect(stopMessage(() => gsub(["a".repeat(100), "a", "xxxxxxxxxxxx"]))).toMatch(/exceeds the limit of 1000 bytes/)
    expect(stopMessage(() => gsub(["a".repeat(100), "(a)", "%1%1%1%1%1%1%1%1%1%1%1"]))).toMatch(/exceeds the limit of 1000 bytes/)
  })
})
