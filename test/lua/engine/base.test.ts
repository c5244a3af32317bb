/**
 * stdlib/base.ts, runtime/tostring.ts and stdlib/absent.ts: the base functions where Code Mode
 * has choices to make (identities, logs as text, error levels, what pcall catches), and the
 * absent features' messages.
 */

import { describe, expect, it } from "vitest"
import { ABSENT_FIELDS, ABSENT_GLOBALS } from "../../../worker/lua/stdlib/absent.js"
import { expectFailure, failure, printed, valueOf } from "./helpers.js"

describe("tostring and print", () => {
  it("tables and functions get identities that are stable within an execution and across runs", () => {
    const source = "local t = {} local f = function() end print(tostring(t), tostring(t), tostring({}), tostring(f), tostring(print))"
    const expected = ["table: 0x00000001\ttable: 0x00000001\ttable: 0x00000002\tfunction: 0x00000003\tfunction: builtin: 0x00000004"]
    expect(printed(source)).toEqual(expected)
    expect(printed(source)).toEqual(expected)
  })
  it("json.null and tool references", () => {
    expect(printed("print(json.null, tools, tools.a.b, type(json.null))")).toEqual(["json.null\ttools\ttools.a.b\tuserdata"])
  })
  it("print separates with tabs and decodes bytes as UTF-8, replacing invalid ones", () => {
    expect(printed('print("é", 1, nil, 2.5, "\\xff")')).toEqual(["é\t1\tnil\t2.5\t\uFFFD"])
  })
  it("print is bounded by maxLogBytes", () => {
    expect(failure('for i = 1, 100 do print("0123456789") end', { bounds: { maxLogBytes: 200 } }).message).toContain("200 bytes of logs")
  })
})

describe("error and pcall", () => {
  it("error levels point at the caller, or nowhere", () => {
    const source = `
      local function check(x) if not x then error("missing", 2) end end
      local function use() check(nil) end
      print(pcall(use))
      print(pcall(error, "direct"))
      print(pcall(function() error("plain", 0) end))
      print(pcall(function() error({ code = 7 }) end))`
    const lines = printed(source)
    expect(lines.slice(0, 3)).toEqual(["false\tinput:3: missing", "false\tdirect", "false\tplain"])
    expect(lines[3]).toMatch(/^false\ttable: 0x/)
  })
  it("a caught error value is the very value raised", () => {
    expect(valueOf("local e = {} local ok, got = pcall(error, e) return got == e")).toBe(true)
  })
  it("xpcall passes the error to its handler", () => {
    expect(printed("print(xpcall(function() error('x', 0) end, function(m) return 'handled ' .. m end))")).toEqual([
      "false\thandled x",
    ])
  })
  it("runtime errors raised inside builtins are caught too", () => {
    expect(printed("print(pcall(rawset, {}, nil, 1))")).toEqual(["false\ttable index is nil"])
    expect(printed("print(pcall(next, {}, 'nope'))")).toEqual(["false\tinvalid key to 'next'"])
  })
  it("assert returns its arguments, or raises its message", () => {
    expect(printed("print(assert(1, 2, 3))")).toEqual(["1\t2\t3"])
    expectFailure("assert(false)", "ExecutionFailure", "input:1: assertion failed!")
    expectFailure("assert(nil, 'custom')", "ExecutionFailure", "input:1: custom")
  })
})

describe("other base functions", () => {
  it("select, tonumber, rawlen, rawequal, rawget, unpack, _G", () => {
    expect(printed("print(select(-1, 'a', 'b'), select('#', nil, nil), select(2, 'a', 'b', 'c'))")).toEqual(["b\t2\tb\tc"])
    expect(printed("print(tonumber('0x10'), tonumber('z', 36), tonumber('+7', 8), tonumber('1e2'), tonumber('x'), tonumber(5))")).toEqual([
      "16\t35\t7\t100.0\tnil\t5",
    ])
    expect(printed("print(rawlen({1, 2}), rawlen('abc'), rawequal(1, 1.0), rawget({ a = 1 }, 'a'))")).toEqual(["2\t3\ttrue\t1"])
    expect(printed("print(unpack({1, 2, 3}))")).toEqual(["1\t2\t3"])
    expect(valueOf("return _G._G == _G and _G.print == print and _VERSION")).toBe("Lua 5.4")
  })
  it("globals are a table of the execution: set through _G, read by name", () => {
    expect(valueOf("_G.answer = 42 rawset(_G, 'other', 1) return answer + other")).toBe(43)
  })
})

describe("absent features", () => {
  it("stay nil", () => {
    expect(valueOf("return { type(os), type(setmetatable), type(string.dump), type(coroutine) }")).toEqual(["nil", "nil", "nil", "nil"])
  })
  it("calling or indexing one says it is not available and why", () => {
    for (const [name, reason] of ABSENT_GLOBALS) {
      if (name === "_ENV") continue
      const call = failure(`${name}()`)
      expect(call.message).toBe(`input:1: '${name}' is not available in Code Mode: ${reason}`)
      expect(failure(`local x = ${name}.field`).message).toBe(`input:1: '${name}' is not available in Code Mode: ${reason}`)
    }
    for (const [path, reason] of ABSENT_FIELDS) {
      expect(failure(`${path}(print)`).message).toBe(`input:1: '${path}' is not available in Code Mode: ${reason}`)
    }
  })
  it("a program may define a global of the same name", () => {
    expect(valueOf("os = { time = function() return 1 end } return os.time()")).toBe(1)
  })
})
