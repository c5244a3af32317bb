// The simple string builtins (byte char len lower rep reverse sub upper), their positions and
// errors, against expectations recorded from real Lua 5.4 (see generate.mjs), and their bounds.

import { describe, expect, it } from "vitest"
import { HostStop } from "../../../worker/engine-host.js"
import { LuaError, LuaTable, type LuaFunction } from "../../../worker/lua/runtime/value.js"
import { openString } from "../../../worker/lua/stdlib/string.js"
import { luaCases, makeState, runCase } from "./helpers.js"

const cases = luaCases(String.raw`
-- len
string.len("")                                --> 0
string.len("abc")                             --> 3
string.len("a\0b")                            --> 3
string.len(123)                               --> 3
string.len(1.5)                               --> 3
string.len()                                  --> error: bad argument #1 to 'len' (string expected, got no value)
string.len(nil)                               --> error: bad argument #1 to 'len' (string expected, got nil)
string.len({})                                --> error: bad argument #1 to 'len' (string expected, got table)
string.len(true)                              --> error: bad argument #1 to 'len' (string expected, got boolean)

-- sub
string.sub("hello", 2, 4)                     --> "ell"
string.sub("hello", 2)                        --> "ello"
string.sub("hello", -3)                       --> "llo"
string.sub("hello", -3, -2)                   --> "ll"
string.sub("hello", 0)                        --> "hello"
string.sub("hello", -100, 2)                  --> "he"
string.sub("hello", 3, 100)                   --> "llo"
string.sub("hello", 4, 2)                     --> ""
string.sub("hello", 6)                        --> ""
string.sub("hello", 5, 5)                     --> "o"
string.sub("hello", 0, 0)                     --> ""
string.sub("hello", 2, -100)                  --> ""
string.sub("hello", math.mininteger, math.maxinteger) --> "hello"
string.sub("hello", 2.0, 3.0)                 --> "el"
string.sub("hello", "2", "3")                 --> "el"
string.sub("hello")                           --> error: bad argument #2 to 'sub' (number expected, got no value)
string.sub("hello", 1.5)                      --> error: bad argument #2 to 'sub' (number has no integer representation)
string.sub("hello", 1, 2.5)                   --> error: bad argument #3 to 'sub' (number has no integer representation)
string.sub("hello", "x")                      --> error: bad argument #2 to 'sub' (number expected, got string)
string.sub(12345, 2, 3)                       --> "23"
string.sub("", 1, 1)                          --> ""

-- byte
string.byte("ABC")                            --> 65
string.byte("ABC", 2)                         --> 66
string.byte("ABC", -1)                        --> 67
string.byte("ABC", 1, -1)                     --> 65, 66, 67
string.byte("ABC", 0)                         --> (none)
string.byte("ABC", 4)                         --> (none)
string.byte("ABC", -10, 2)                    --> 65, 66
string.byte("ABC", 2, 10)                     --> 66, 67
string.byte("ABC", 3, 2)                      --> (none)
string.byte("")                               --> (none)
string.byte("\0\255\128")                     --> 0
string.byte("\0\255\128", 1, 3)               --> 0, 255, 128
string.byte("ABC", 1.5)                       --> error: bad argument #2 to 'byte' (number has no integer representation)
string.byte("ABC", nil, 2)                    --> 65, 66
string.byte()                                 --> error: bad argument #1 to 'byte' (string expected, got no value)

-- char
string.char()                                 --> ""
string.char(72, 105)                          --> "Hi"
string.char(0, 255, 128)                      --> "\000\255\128"
string.char(65.0)                             --> "A"
string.char("66")                             --> "B"
string.char(256)                              --> error: bad argument #1 to 'char' (value out of range)
string.char(-1)                               --> error: bad argument #1 to 'char' (value out of range)
string.char(65, 300)                          --> error: bad argument #2 to 'char' (value out of range)
string.char(65.5)                             --> error: bad argument #1 to 'char' (number has no integer representation)
string.char(65, nil)                          --> error: bad argument #2 to 'char' (number expected, got nil)
string.char(math.maxinteger)                  --> error: bad argument #1 to 'char' (value out of range)
string.char({})                               --> error: bad argument #1 to 'char' (number expected, got table)

-- upper, lower, reverse
string.upper("Hello, World! 123")             --> "HELLO, WORLD! 123"
string.lower("Hello, World! 123")             --> "hello, world! 123"
string.upper("\224\255abc\181")               --> "\224\255ABC\181"
string.lower("\192\222ABC")                   --> "\192\222abc"
string.upper("")                              --> ""
string.upper(12)                              --> "12"
string.upper()                                --> error: bad argument #1 to 'upper' (string expected, got no value)
string.reverse("hello")                       --> "olleh"
string.reverse("")                            --> ""
string.reverse("a")                           --> "a"
string.reverse("a\0b\255")                    --> "\255b\000a"
string.reverse(123)                           --> "321"
string.reverse()                              --> error: bad argument #1 to 'reverse' (string expected, got no value)

-- rep
string.rep("ab", 3)                           --> "ababab"
string.rep("ab", 3, ",")                      --> "ab,ab,ab"
string.rep("ab", 1, ",")                      --> "ab"
string.rep("ab", 0)                           --> ""
string.rep("ab", -5)                          --> ""
string.rep("ab", 0, ",")                      --> ""
string.rep("", 5)                             --> ""
string.rep("", 5, "-")                        --> "----"
string.rep("x", 3, "")                        --> "xxx"
string.rep("x", 3.0)                          --> "xxx"
string.rep("x", "2")                          --> "xx"
string.rep(5, 3)                              --> "555"
string.rep("x", 3, 5)                         --> "x5x5x"
string.rep("x", 2.5)                          --> error: bad argument #2 to 'rep' (number has no integer representation)
string.rep("x")                               --> error: bad argument #2 to 'rep' (number expected, got no value)
string.rep()                                  --> error: bad argument #1 to 'rep' (string expected, got no value)
string.rep("x", math.mininteger)              --> ""
`)

describe("string builtins (expectations from real Lua 5.4)", () => {
  it.each(cases)("%s", (text, expected) => {
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

const lib = (st = makeState()) => {
  const t = openString(st)
  return (name: string) => t.get(name) as LuaFunction
}

describe("string builtins: bounds", () => {
  it("string.rep fails fast on a huge result, before allocating", () => {
    const st = makeState()
    const rep = lib(st)("rep")
    expect(stopMessage(() => rep(["x", 1e10]))).toBe("string of 10000000000 bytes exceeds the limit of 16777216 bytes")
    expect(stopMessage(() => rep(["ab", 2n ** 62n, ","]))).toMatch(/^string of \d+ bytes exceeds the limit of 16777216 bytes$/)
  })

  it("string.rep respects a lowered maxStringBytes exactly", () => {
    const rep = lib(makeState({ maxStringBytes: 10 }))("rep")
    expect(rep(["ab", 5])).toEqual(["ababababab"])
    expect(stopMessage(() => rep(["ab", 5, ","]))).toBe("string of 14 bytes exceeds the limit of 10 bytes")
  })

  it("string.rep of an empty string and separator returns at once, whatever the count", () => {
    expect(lib()("rep")(["", 2n ** 62n])).toEqual([""])
  })

  it("string.rep charges fuel in proportion to the bytes it builds", () => {
    const st = makeState({ maxFuel: 100_000 })
    const rep = lib(st)("rep")
    rep(["x", 1_000_000]) // 1 MB: about 15,600 units
    expect(stopMessage(() => {
      for (let i = 0; i < 10; i++) rep(["x", 1_000_000])
    })).toMatch(/exceeded its work budget of 100000 steps/)
  })

  it("string.char and string.byte are bounded too", () => {
    const st = makeState({ maxStringBytes: 4 })
    expect(stopMessage(() => lib(st)("char")([65, 66, 67, 68, 69]))).toBe("string of 5 bytes exceeds the limit of 4 bytes")
    const big = "x".repeat(1_000_000)
    expect(() => lib()("byte")([big, 1, -1])).toThrow(LuaError)
    expect(() => lib()("byte")([big, 1, -1])).toThrow("stack overflow (string slice too long)")
    expect(lib()("byte")([big, 1, 1000]).length).toBe(1000)
  })

  it("a builtin's error carries the caller's line", () => {
    const st = makeState()
    st.line = 7
    expect(() => lib(st)("rep")([])).toThrow("input:7: bad argument #1 to 'rep' (string expected, got no value)")
  })

  it("openString builds a fresh table without the absent functions", () => {
    const st = makeState()
    const a = openString(st)
    const b = openString(st)
    expect(a).not.toBe(b)
    expect(a).toBeInstanceOf(LuaTable)
    for (const name of ["dump"]) expect(a.get(name)).toBeUndefined()
    const names: string[] = []
    for (let e = a.next(undefined); e; e = a.next(e[0])) names.push(String(e[0]))
    expect(names.sort()).toEqual(["byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack", "packsize", "rep", "reverse", "sub", "unpack", "upper"])
  })
})
