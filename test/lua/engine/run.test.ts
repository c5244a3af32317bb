/**
 * runLua as the worker sees it: the result value, the diagnostic of every way a program can end,
 * the options (deadline, interrupt, seed), and that nothing ever escapes as a JavaScript exception.
 */

import { describe, expect, it } from "vitest"
import type { Host } from "../../../worker/engine-host.js"
import { resolveBounds } from "../../../protocol/bounds.js"
import { runLua, takeState } from "../../../worker/lua/index.js"
import { LuaState } from "../../../worker/lua/runtime/state.js"
import { failure, printed, valueOf } from "./helpers.js"

describe("the result", () => {
  it("is the first return value as plain data; nothing or nil is null", () => {
    expect(valueOf("return { a = { 1, 2 }, b = 'x' }, 'ignored'")).toEqual({ a: [1, 2], b: "x" })
    expect(valueOf("local x = 1")).toBe(null)
    expect(valueOf("return nil")).toBe(null)
  })
  it("comes back even when the main chunk ends in a tail call", () => {
    expect(valueOf("local function f() return 'tail' end return f()")).toBe("tail")
  })
  it("a value that is not plain data fails with InvalidDataValue and a path", () => {
    const error = failure("return { items = { { fn = print } } }")
    expect(error.kind).toBe("InvalidDataValue")
    expect(error.message).toContain("result.items[1].fn")
  })
  it("logs are kept when the program fails", () => {
    const result = runLua('print("before")\nerror("boom")')
    expect(result.ok).toBe(false)
    expect(result.logs).toEqual(["before"])
  })
})

describe("uncaught errors", () => {
  it("a string error keeps Lua's message and its line", () => {
    expect(failure("local x = 1\nerror('boom')")).toEqual({ kind: "ExecutionFailure", message: "input:2: boom", location: { line: 2 } })
  })
  it("other values are shown as the lua standalone shows them", () => {
    // A table is shown as JSON after the line of the error call (the standalone interpreter shows only the phrase).
    expect(failure("error({})")).toEqual({ kind: "ExecutionFailure", message: "input:1: (error object is a table value) {}", location: { line: 1 } })
    expect(failure('local x = 1\nerror({ code = "NOT_OPEN" })').message).toBe('input:2: (error object is a table value) {"code":"NOT_OPEN"}')
    expect(failure("error(nil)").message).toBe("(error object is a nil value)")
    expect(failure("error(42)").message).toBe("42")
    expect(failure("error(1.5, 2)").message).toBe("1.5")
  })
  it("runtime errors are ExecutionFailure with the line", () => {
    expect(failure("local t\n\nreturn t.x")).toEqual({
      kind: "ExecutionFailure",
      message: "input:3: attempt to index a nil value (local 't')",
      location: { line: 3 },
    })
  })
  it("a table past maxTableEntries stops with the bound named, even inside pcall", () => {
    const bounds = { maxTableEntries: 100 }
    const error = failure("local t = {}\nprint(pcall(function() for i = 1, 1000 do t[i] = i end end))", { bounds })
    expect(error).toEqual({
      kind: "ExecutionFailure",
      message: "input:2: table grew past the limit of 100 entries (maxTableEntries)",
      location: { line: 2 },
    })
    const list = `local t = {${"1, ".repeat(150)}}`
    expect(failure(list, { bounds }).message).toBe("input:1: table grew past the limit of 100 entries (maxTableEntries)")
    expect(failure("local t = {} for i = 1, 200 do t['k' .. i] = i end", { bounds }).message).toContain("maxTableEntries")
  })
})

describe("options", () => {
  it("a busy loop stops itself at the deadline", () => {
    const error = failure("local n = 0\nwhile true do n = n + 1 end", { deadline: performance.now() + 30 })
    expect(error).toEqual({ kind: "TimeoutExceeded", message: "execution timed out while running code at line 2", location: { line: 2 } })
  })
  it("the interrupt flag stops the program at its next metering point", () => {
    const interrupt = new Int32Array(new SharedArrayBuffer(4))
    const host: Host = {
      call() {
        Atomics.store(interrupt, 0, 1)
        return null
      },
    }
    const error = failure("tools.raise.flag() while true do end", { host, interrupt })
    expect(error.message).toBe("execution was interrupted")
  })
  it("the work budget stops an endless loop", () => {
    expect(failure("while true do end", { bounds: { maxFuel: 50_000 } }).message).toContain("work budget of 50000 steps")
  })
  it("the random seed makes math.random repeatable", () => {
    const source = "return { math.random(1000), math.random(1000), math.random() }"
    expect(valueOf(source, { randomSeed: 7 })).toEqual(valueOf(source, { randomSeed: 7 }))
  })
})

describe("runLua never throws", () => {
  it("a host that throws something strange becomes an internal error, not an exception", () => {
    const host: Host = {
      call() {
        throw new TypeError("host bug")
      },
    }
    const result = runLua("return tools.a.b()", { host })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.kind).toBe("ExecutionFailure")
      expect(result.error.message).toContain("internal error")
    }
  })
  it("invalid bounds are reported, not thrown", () => {
    const result = runLua("return 1", { bounds: { maxFuel: -1 } })
    expect(result.ok).toBe(false)
  })
  it("one execution leaves nothing behind for the next", () => {
    expect(printed("x = 1 print(x)")).toEqual(["1"])
    expect(printed("print(x)")).toEqual(["nil"])
  })
})

describe("a program run again", () => {
  it("reuses its compiled closures but nothing of the previous execution", () => {
    const source = "counter = (counter or 0) + 1\nlocal t = {} print(tostring(t))\nreturn { counter, select('#', ...) }"
    for (let i = 0; i < 3; i++) {
      const result = runLua(source)
      expect(result).toEqual({
        ok: true,
        value: [1, 0],
        logs: ["table: 0x00000001"],
        warnings: [],
        output: [{ type: "console", level: "log", text: "table: 0x00000001" }],
      })
    }
  })
  it("each run talks to its own host", () => {
    const source = "return tools.echo.value({})"
    const hostAnswering = (answer: string): Host => ({ call: () => answer })
    expect(valueOf(source, { host: hostAnswering("first") })).toBe("first")
    expect(valueOf(source, { host: hostAnswering("second") })).toBe("second")
  })
  it("a run started from inside a run of the same program gets its own copy", () => {
    const source = "local before = tools.nested.run({}) return before .. '+outer'"
    const host: Host = { call: () => "inner" }
    const nesting: Host = {
      call: () => {
        const inner = runLua(source, { host })
        return inner.ok ? String(inner.value) : inner.error.message
      },
    }
    expect(valueOf(source, { host: nesting })).toBe("inner+outer+outer")
  })
  it("lowered bounds are never bypassed by a program cached with larger ones", () => {
    const source = `return "${"x".repeat(300)}"`
    expect(valueOf(source)).toHaveLength(300)
    expect(failure(source, { bounds: { maxSourceBytes: 100 } }).kind).toBe("ParseError")
  })
})

describe("the state a thread keeps from run to run", () => {
  it("begins exactly as a new state starts, whatever the run before it did", () => {
    const source = `
      print("x") math.randomseed(7) local r = math.random(1, 9)
      local ok = pcall(error, { code = 1 }) local s = tostring({}) .. tostring(print)
      text("block") return r`
    expect(runLua(source, { randomSeed: 3 }).ok).toBe(true)
    const options = { host: { call: () => null }, bounds: resolveBounds(undefined), deadline: 5, randomSeed: 11, chunkName: "input" }
    const kept = takeState(options)
    expect(kept.libraries).toBeDefined()
    const fresh = new LuaState(options)
    const fields = (st: LuaState) => Object.keys(st).filter((key) => key !== "libraries").sort()
    expect(fields(kept)).toEqual(fields(fresh))
    for (const key of fields(fresh)) {
      expect((kept as unknown as Record<string, unknown>)[key], key).toEqual((fresh as unknown as Record<string, unknown>)[key])
    }
  })
  it("a run's changes to the libraries and to _G never reach the next run", () => {
    const vandal = `
      string.upper = nil string.extra = 1 math.pi = 3 table.insert = print json.encode = nil
      utf8.char = nil models.x = 1 _G.print = nil _G.tostring = nil x = 1 rawset(_G, "y", 2)
      unpack = nil tools = nil _G._G = nil ALL_TOOLS = nil return 1`
    expect(valueOf(vandal)).toBe(1)
    expect(valueOf(`return {
      ("a"):upper() == "A", string.upper ~= nil, string.extra == nil, math.pi > 3.14,
      table.insert ~= print, json.encode ~= nil, utf8.char ~= nil, models.x == nil,
      print ~= nil, tostring ~= nil, x == nil, y == nil, unpack ~= nil, tools ~= nil,
      _G._G == _G, #ALL_TOOLS == 0 }`)).toEqual(Array(16).fill(true))
  })
  it("each run's random sequence follows its own seed, not the run before", () => {
    const draw = "local t = {} for i = 1, 5 do t[i] = math.random(1, 1000) end return t"
    const first = valueOf(draw, { randomSeed: 42 })
    expect(valueOf("math.randomseed(5) return math.random(1, 10)", { randomSeed: 42 })).toBeTypeOf("number")
    expect(valueOf(draw, { randomSeed: 42 })).toEqual(first)
  })
  it("takes each run's bounds: a lowered one, then the defaults again", () => {
    const deep = "local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end return f(150)"
    expect(failure(deep, { bounds: { maxCallDepth: 50 } }).message).toContain("stack overflow")
    expect(valueOf(deep)).toBe(150)
    // _G grows under the run's bound (with room for the libraries), not the one it was made with.
    const globals = "for i = 1, 100 do _G['g' .. i] = i end return g100"
    expect(failure(globals, { bounds: { maxTableEntries: 20 } }).message).toContain("table")
    expect(valueOf(globals)).toBe(100)
  })
})
