/**
 * The bounds that always hold (worker/limits.ts), each reached by a program and each beyond the
 * reach of `pcall`: a program that wraps the runaway part in `pcall` is stopped all the same, and
 * nothing after it runs. Tests lower a bound (`bounds` only ever lowers) to reach it quickly.
 */

import { describe, expect, it } from "vitest"
import { DEFAULT_BOUNDS, type Bounds } from "../../../protocol/bounds.js"
import { runLua } from "../../../worker/lua/index.js"

type Stop = { kind: string; message: string }

/** Runs a program that must be stopped; returns its diagnostic. */
const stopped = (source: string, bounds?: Partial<Bounds>, deadline?: number): Stop => {
  const result = runLua(source, { ...(bounds === undefined ? {} : { bounds }), ...(deadline === undefined ? {} : { deadline }) })
  if (result.ok) throw new Error(`expected the program to be stopped, got ${JSON.stringify(result.value)}`)
  return result.error
}

/**
 * The same runaway code, bare and inside `pcall` with a line printed after it: both must stop
 * with the same kind, and the line after the `pcall` must never print.
 */
const expectUncatchable = (body: string, kind: string, bounds?: Partial<Bounds>, deadline?: () => number) => {
  const bare = stopped(body, bounds, deadline?.())
  expect(bare.kind).toBe(kind)
  const wrapped = `local ok, e = pcall(function()\n${body}\nend)\nprint("caught", e)\nreturn "survived"`
  const result = runLua(wrapped, { ...(bounds === undefined ? {} : { bounds }), ...(deadline === undefined ? {} : { deadline: deadline() }) })
  expect(result.ok).toBe(false)
  if (result.ok) return bare
  expect(result.error.kind).toBe(kind)
  expect(result.logs.some((l) => l.startsWith("caught"))).toBe(false)
  return bare
}

describe("source size", () => {
  it("a program larger than maxSourceBytes is refused before it runs", () => {
    const source = `print("ran")\nreturn "${"x".repeat(200)}"`
    const result = runLua(source, { bounds: { maxSourceBytes: 100 } })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe("ParseError")
    expect(result.error.message).toContain("100")
    expect(result.logs).toEqual([])
  })
  it("counts bytes of UTF-8, not characters", () => {
    const source = `return "${"é".repeat(60)}"` // 120 bytes of UTF-8, 69 characters
    expect(runLua(source, { bounds: { maxSourceBytes: 100 } }).ok).toBe(false)
  })
})

describe("syntax depth", () => {
  it("300 nested parentheses are refused (default bound 200)", () => {
    const result = runLua(`return ${"(".repeat(300)}1${")".repeat(300)}`)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.kind).toBe("ParseError")
  })
  it("100k nested parentheses fail cleanly, without exhausting the JavaScript stack", () => {
    const result = runLua(`return ${"(".repeat(100_000)}1${")".repeat(100_000)}`)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.kind).toBe("ParseError")
      expect(result.error.message).not.toMatch(/Maximum call stack/i)
    }
  })
  it("deeply nested blocks and tables are refused too", () => {
    const blocks = `${"do ".repeat(300)}${"end ".repeat(300)}`
    const tables = `return ${"{".repeat(300)}${"}".repeat(300)}`
    for (const source of [blocks, tables]) {
      const result = runLua(source)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.kind).toBe("ParseError")
    }
  })
  it("nesting within the bound runs", () => {
    expect(runLua(`return ${"(".repeat(50)}1${")".repeat(50)}`)).toMatchObject({ ok: true, value: 1 })
  })
})

describe("fuel", () => {
  it("an endless loop runs out of fuel", () => {
    const stop = expectUncatchable("while true do end", "ExecutionFailure", { maxFuel: 1_000_000 })
    expect(stop.message).toMatch(/work budget of 1000000/)
  })
  it("endless recursion through tail calls runs out of fuel", () => {
    expectUncatchable("local function f() return f() end\nf()", "ExecutionFailure", { maxFuel: 1_000_000 })
  })
  it("builtins pay for their work (string.rep in a loop)", () => {
    // 5000 iterations cost 5000 units of loop fuel; only the bytes string.rep copies (5e8) exceed the budget.
    expectUncatchable('for i = 1, 5000 do local s = string.rep("x", 100000) end', "ExecutionFailure", { maxFuel: 1_000_000 })
  })
  it("a pattern matcher that backtracks pays for each step", () => {
    // One find backtracks about 300^3/6 steps: far more than the budget, in a handful of loop iterations.
    const source = 'local s = string.rep("a", 300)\nfor i = 1, 10 do s:find(".-.-b") end'
    expectUncatchable(source, "ExecutionFailure", { maxFuel: 1_000_000 })
  })
  it("sorting pays for each comparison, even without a comparator function", () => {
    const source = "local t = {}\nfor i = 1, 5000 do t[i] = -i end\nfor i = 1, 100 do table.sort(t) end"
    expectUncatchable(source, "ExecutionFailure", { maxFuel: 1_000_000 })
  })
})

describe("deadline", () => {
  it("a busy loop stops itself at the deadline with TimeoutExceeded", () => {
    const stop = expectUncatchable("while true do end", "TimeoutExceeded", undefined, () => performance.now() + 50)
    expect(stop.message).toMatch(/line 1|line 2/)
  })
  it("a deadline already past stops at the first metering point", () => {
    const stop = stopped("local n = 0\nwhile true do n = n + 1 end", undefined, performance.now() - 1)
    expect(stop.kind).toBe("TimeoutExceeded")
  })
})

describe("call depth", () => {
  it("non-tail recursion is stopped at maxCallDepth", () => {
    const stop = expectUncatchable("local function f(n) return 1 + f(n + 1) end\nf(1)", "ExecutionFailure")
    expect(stop.message).toContain(String(DEFAULT_BOUNDS.maxCallDepth))
  })
  it("a lowered bound stops sooner", () => {
    const result = runLua("local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end\nreturn f(60)", { bounds: { maxCallDepth: 50 } })
    expect(result.ok).toBe(false)
    expect(runLua("local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end\nreturn f(40)", { bounds: { maxCallDepth: 50 } })).toMatchObject({ ok: true, value: 40 })
  })
  it("recursion through builtins (pcall, sort comparators, gsub callbacks) counts too", () => {
    expectUncatchable("local function f() pcall(f) end\nf()", "ExecutionFailure")
    expectUncatchable('local function f(s) return (s:gsub(".", f)) end\nf("ab")', "ExecutionFailure")
  })
  it("proper tail calls do not count", () => {
    const source = "local function f(n) if n == 0 then return 'done' end return f(n - 1) end\nreturn f(100000)"
    expect(runLua(source, { bounds: { maxCallDepth: 50 } })).toMatchObject({ ok: true, value: "done" })
  })
})

describe("string length", () => {
  it("string.rep is refused before it allocates", () => {
    const stop = expectUncatchable('local s = string.rep("x", 1 << 40)', "ExecutionFailure")
    expect(stop.message).toContain(String(DEFAULT_BOUNDS.maxStringBytes))
  })
  it("repeated concatenation stops at the bound", () => {
    expectUncatchable('local s = "x"\nwhile true do s = s .. s end', "ExecutionFailure", { maxStringBytes: 1 << 16 })
  })
  it("string.rep with a separator, table.concat, string.format and gsub are bounded too", () => {
    const bounds = { maxStringBytes: 10_000 }
    expectUncatchable('local s = string.rep("ab", 4000, ",")', "ExecutionFailure", bounds)
    expectUncatchable('local t = {}\nfor i = 1, 3000 do t[i] = "abcd" end\nlocal s = table.concat(t)', "ExecutionFailure", bounds)
    expectUncatchable('local s = string.rep("x", 6000)\nlocal r = string.format("%s%s", s, s)', "ExecutionFailure", bounds)
    expectUncatchable('local s = string.rep("x", 6000)\nlocal r = s:gsub("x", "yy")', "ExecutionFailure", bounds)
  })
  it("string.pack is refused before it allocates: fixed strings, padding, prefixed and zero-terminated strings", () => {
    const stop = expectUncatchable('local s = string.pack("c2000000000", "")', "ExecutionFailure")
    expect(stop.message).toContain(String(DEFAULT_BOUNDS.maxStringBytes))
    const bounds = { maxStringBytes: 10_000 }
    expectUncatchable('local s = string.pack(string.rep("x", 12000))', "ExecutionFailure", bounds)
    expectUncatchable('local s = string.rep("x", 6000)\nlocal r = string.pack("s4 s4", s, s)', "ExecutionFailure", bounds)
    expectUncatchable('local s = string.rep("x", 6000)\nlocal r = string.pack("z z", s, s)', "ExecutionFailure", bounds)
    expectUncatchable('local r = string.pack("!8 b" .. string.rep(" x Xj", 2000), 1)', "ExecutionFailure", bounds)
  })
  it("string.pack and string.unpack pay for the bytes they build and read", () => {
    expectUncatchable('local s = string.pack("c100000", "")\nfor i = 1, 5000 do string.unpack("c100000", s) end', "ExecutionFailure", { maxFuel: 1_000_000 })
    expectUncatchable('for i = 1, 5000 do string.pack("c100000", "") end', "ExecutionFailure", { maxFuel: 1_000_000 })
  })
  it("strings within the bound are fine", () => {
    expect(runLua('return #string.rep("x", 5000)', { bounds: { maxStringBytes: 10_000 } })).toMatchObject({ ok: true, value: 5000 })
  })
})

describe("table size", () => {
  it("an array growing past maxTableEntries stops the program", () => {
    expectUncatchable("local t = {}\nfor i = 1, 2000 do t[i] = i end", "ExecutionFailure", { maxTableEntries: 1000 })
  })
  it("a hash growing past maxTableEntries stops the program", () => {
    expectUncatchable('local t = {}\nfor i = 1, 2000 do t["k" .. i] = i end', "ExecutionFailure", { maxTableEntries: 1000 })
  })
  it("table.insert, table.move and table.pack are bounded too", () => {
    const bounds = { maxTableEntries: 1000 }
    expectUncatchable("local t = {}\nfor i = 1, 2000 do table.insert(t, i) end", "ExecutionFailure", bounds)
    expectUncatchable("local t = {}\nfor i = 1, 900 do t[i] = i end\ntable.move(t, 1, 900, 901)", "ExecutionFailure", bounds)
    expectUncatchable('local t = table.pack(string.byte(string.rep("x", 2000), 1, -1))', "ExecutionFailure", bounds)
  })
  it("tables within the bound are fine", () => {
    expect(runLua("local t = {}\nfor i = 1, 900 do t[i] = i end\nreturn #t", { bounds: { maxTableEntries: 1000 } })).toMatchObject({ ok: true, value: 900 })
  })
})

describe("data copy", () => {
  it("a result larger than maxDataBytes is InvalidDataValue", () => {
    const stop = stopped('return { text = string.rep("x", 2000) }', { maxDataBytes: 1000 })
    expect(stop.kind).toBe("InvalidDataValue")
    expect(stop.message).toContain("1000 bytes")
  })
  it("a result nested deeper than maxDataDepth is InvalidDataValue", () => {
    const stop = stopped("local t = {}\nlocal root = t\nfor i = 1, 300 do t.next = {} t = t.next end\nreturn root")
    expect(stop.kind).toBe("InvalidDataValue")
    expect(stop.message).toContain(`more than ${DEFAULT_BOUNDS.maxDataDepth} levels`)
  })
  it("a tool input beyond the bound stops even inside pcall", () => {
    const host = { call: () => null }
    const source = 'local ok = pcall(tools.a.b, { text = string.rep("x", 2000) })\nprint("caught")\nreturn 1'
    const result = runLua(source, { host, bounds: { maxDataBytes: 1000 } })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.kind).toBe("InvalidDataValue")
    expect(result.logs).toEqual([])
  })
})

describe("log size", () => {
  it("printing more than maxLogBytes stops the program", () => {
    const stop = expectUncatchable('for i = 1, 1000 do print(string.rep("x", 50)) end', "ExecutionFailure", { maxLogBytes: 1000 })
    expect(stop.message).toContain("1000 bytes")
  })
  it("logs up to the stop are kept", () => {
    const result = runLua('for i = 1, 1000 do print(string.rep("x", 50)) end', { bounds: { maxLogBytes: 1000 } })
    expect(result.ok).toBe(false)
    expect(result.logs.length).toBeGreaterThan(0)
    expect(result.logs.join("\n").length).toBeLessThanOrEqual(1000)
  })
})
