/**
 * What Code Mode leaves out of Lua 5.4 on purpose, and how a program finds out.
 *
 * Each absent global or library function, when a program calls it or indexes into it, fails with
 * an ordinary error that says it is not available in Code Mode (not a bare "attempt to call a nil
 * value"), positioned like any runtime error. Reading the name itself still gives nil, so
 * feature tests such as `if setmetatable then` keep working.
 */

import { describe, expect, it } from "vitest"
import { runLua } from "../../../worker/lua/index.js"
import { LuaMessages } from "../../../worker/lua/messages.js"
import { absentReason } from "../../../worker/lua/stdlib/absent.js"

/** Runs `source` and returns its failure, asserting that it failed as a plain runtime error. */
const failure = (source: string) => {
  const result = runLua(source)
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`)
  expect(result.error.kind).toBe("ExecutionFailure")
  return result.error
}

const expectNotAvailable = (source: string, name: string, line = 1) => {
  const error = failure(source)
  expect(error.message).toContain("not available in Code Mode")
  expect(error.message).toContain(name)
  const reason = absentReason(name)
  expect(reason, `absent.ts gives no reason for ${name}`).toBeDefined()
  expect(error.message).toBe(`input:${line}: ${LuaMessages.absent(name, reason!)}`)
}

/** Absent functions, each with a call a program might write. */
const ABSENT_CALLS: ReadonlyArray<readonly [name: string, source: string]> = [
  ["setmetatable", "setmetatable({}, { __index = {} })"],
  ["getmetatable", 'getmetatable("x")'],
  ["loadstring", 'loadstring("return 1")'],
  ["dofile", 'dofile("x.lua")'],
  ["loadfile", 'loadfile("x.lua")'],
  ["require", 'require("json")'],
  ["collectgarbage", 'collectgarbage("count")'],
  ["string.dump", "string.dump(print)"],
]

/** Absent libraries, each with a use a program might write. */
const ABSENT_LIBRARIES: ReadonlyArray<readonly [name: string, source: string]> = [
  ["coroutine", "coroutine.wrap(function() end)"],
  ["coroutine", "local co = coroutine.create(print)"],
  ["io", 'io.write("x")'],
  ["io", 'local f = io.open("data.txt")'],
  ["os", "print(os.time())"],
  ["os", 'os.exit(1)'],
  ["debug", "debug.traceback()"],
  ["package", 'package.path = "./?.lua"'],
  ["package", "print(package.loaded)"],
]

describe("absent functions", () => {
  for (const [name, source] of ABSENT_CALLS) {
    it(`${name}: calling it says it is not available`, () => expectNotAvailable(source, name))
  }
  it("the error is on the line of the use", () => expectNotAvailable('local x = 1\n\nsetmetatable(x, {})', "setmetatable", 3))
  it("pcall catches it like any error", () => {
    const result = runLua('local ok, e = pcall(function() return loadstring("x") end)\nprint(ok, e)')
    expect(result.ok).toBe(true)
    expect(result.logs).toHaveLength(1)
    expect(result.logs[0]).toMatch(/^false\tinput:1: .*loadstring.*not available in Code Mode/)
  })
})

describe("absent libraries", () => {
  for (const [name, source] of ABSENT_LIBRARIES) {
    it(`${name}: ${source}`, () => expectNotAvailable(source, name))
  }
})

describe("absent names read as nil", () => {
  const names = ["setmetatable", "getmetatable", "coroutine", "loadstring", "dofile", "loadfile", "require", "io", "os", "debug", "collectgarbage", "package"]
  for (const name of names) {
    it(`type(${name}) is nil`, () => {
      const result = runLua(`return { type(${name}), ${name} == nil }`)
      expect(result).toMatchObject({ ok: true, value: ["nil", true] })
    })
  }
  it("string.dump is nil", () => {
    expect(runLua("return type(string.dump)")).toMatchObject({ ok: true, value: "nil" })
  })
  it("string.pack, string.unpack and string.packsize are present (only string.dump is absent)", () => {
    expect(runLua("return { type(string.pack), type(string.unpack), type(string.packsize) }")).toMatchObject({ ok: true, value: ["function", "function", "function"] })
    expect(absentReason("string.pack")).toBeUndefined()
  })
  it("feature tests keep working", () => {
    const result = runLua('if setmetatable then return "has" else return "none" end')
    expect(result).toMatchObject({ ok: true, value: "none" })
  })
})

describe("absent syntax", () => {
  it("<close> locals are UnsupportedSyntax", () => {
    const result = runLua("do\n  local x <close> = nil\nend")
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe("UnsupportedSyntax")
    expect(result.error.message).toContain("close")
    expect(result.error.location?.line).toBe(2)
  })
})
