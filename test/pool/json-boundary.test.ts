/**
 * The data boundary follows JSON, as the reference does: NaN and infinities become null with one
 * warning naming the first place converted, in both languages and both directions (a result, a
 * tool's input, an extension's arguments, a tool's output); JavaScript strings with lone
 * surrogates cross as they are. Before, `return { avg: total / count }` with `count = 0` failed the
 * whole execution with `InvalidDataValue`.
 */

import { Effect, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Extension, Tool, WorkerPool, type Language } from "../../index.js"

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1 })
afterAll(() => pool.close())

const received: unknown[] = []
const echo = Tool.make({ description: "Echo", input: { type: "object" }, execute: (input) => Effect.sync(() => (received.push(input), input)) })
const ratio = Tool.make({ description: "A ratio", input: Schema.Struct({}), execute: () => Effect.succeed({ ratio: NaN, max: -Infinity, n: 2 }) })
const text = Tool.make({ description: "Text", input: { type: "object" }, execute: () => Effect.succeed({ s: "a\uD800b" }) })
const tools = { t: { echo, ratio, text } }
const args: unknown[][] = []
const jsExtension = Extension.make({ name: "log", globals: { record: (...given: unknown[]) => (args.push(given), true) } })
const luaExtension = Extension.lua({ name: "log", globals: { record: (...given: unknown[]) => Effect.sync(() => (args.push(given), true)) } })

const run = (language: Language, code: string) =>
  Effect.runPromise(
    CodeMode.execute({ language, pool, tools, extensions: [language === "lua" ? luaExtension : jsExtension], code }) as Effect.Effect<CodeMode.Result>,
  )

const warning = (path: string, spelled: string) => ({
  kind: "InvalidDataValue",
  message: `${path} was ${spelled}, which JSON cannot represent: it crossed as null (as JSON.stringify writes it); later non-finite numbers in this execution became null too, without another warning`,
})

describe("NaN and infinities become null, with one warning naming the first place", () => {
  it("in a JavaScript result", async () => {
    const result = await run("javascript", `const total = 0, count = 0; return { avg: total / count, top: [1 / 0, -1 / 0], count }`)
    expect(result).toMatchObject({ ok: true, value: { avg: null, top: [null, null], count: 0 }, warnings: [warning("result.avg", "NaN")], toolCalls: [] })
  })

  it("in a Lua result", async () => {
    const result = await run("lua", `local total, count = 0, 0 return { avg = total / count, top = { math.huge, -math.huge }, count = count }`)
    expect(result).toMatchObject({ ok: true, value: { avg: null, top: [null, null], count: 0 } })
    expect(result.ok && result.warnings).toHaveLength(1)
    expect(result.ok && result.warnings?.[0]?.message).toMatch(/^result\.(avg|top\[1\]) was (NaN|-NaN|Infinity)/)
  })

  it("in tool inputs and extension arguments, both languages", async () => {
    received.length = 0
    args.length = 0
    const js = await run("javascript", `await tools.t.echo({ x: NaN, y: 1 }); record(Infinity, "a"); return 1`)
    expect(received).toEqual([{ x: null, y: 1 }])
    expect(args).toEqual([[null, "a"]])
    expect(js).toMatchObject({ ok: true, value: 1, warnings: [warning("input.x", "NaN")] })
    const lua = await run("lua", `tools.t.echo({ x = 0/0, y = 1 }) record(-math.huge, "a") return 1`)
    expect(received[1]).toEqual({ x: null, y: 1 })
    expect(args[1]).toEqual([null, "a"])
    expect(lua.ok && lua.warnings).toHaveLength(1)
    expect(lua.ok && lua.warnings?.[0]?.message).toMatch(/^input\.x was (-?NaN)/)
    const extensionOnly = await run("lua", `record(1, math.huge) return 1`)
    expect(extensionOnly).toMatchObject({ ok: true, warnings: [warning("args[2]", "Infinity")] })
  })

  it("in a tool's output, on the host side", async () => {
    for (const language of ["javascript", "lua"] as const) {
      const code = language === "lua" ? `local r = tools.t.ratio({}) return { r = r.ratio == json.null, n = r.n }` : `const r = await tools.t.ratio({}); return { r: r.ratio === null, n: r.n }`
      const result = await run(language, code)
      expect(result).toMatchObject({ ok: true, value: { r: true, n: 2 }, warnings: [warning("tools.t.ratio: output.ratio", "NaN")] })
    }
  })

  it("in an extension's result, on the host side", async () => {
    const stats = Extension.make({ name: "stats", globals: { mean: () => ({ mean: NaN, n: 0 }) } })
    const result = await Effect.runPromise(
      CodeMode.execute({ language: "javascript", pool, extensions: [stats], code: "return mean()" }) as Effect.Effect<CodeMode.Result>,
    )
    expect(result).toMatchObject({ ok: true, value: { mean: null, n: 0 }, warnings: [warning("mean: result.mean", "NaN")] })
  })

  it("JSON.stringify inside the program is unchanged, and json.encode still refuses", async () => {
    expect(await run("javascript", `return JSON.stringify({ a: NaN })`)).toMatchObject({ ok: true, value: '{"a":null}' })
    const lua = await run("lua", `return (pcall(json.encode, { a = 0/0 }))`)
    expect(lua).toMatchObject({ ok: true, value: false })
  })
})

describe("lone surrogates cross as they are (JavaScript)", () => {
  it("in a result, a tool's input and a tool's output", async () => {
    received.length = 0
    const result = await run(
      "javascript",
      `const lone = "x\\uDC00"
       await tools.t.echo({ lone })
       const { s } = await tools.t.text({})
       return { lone, back: [s.length, s.charCodeAt(1)] }`,
    )
    expect(result).toMatchObject({ ok: true, value: { lone: "x\uDC00", back: [3, 0xd800] } })
    expect(result.ok && result.warnings).toBeUndefined()
    expect(received).toEqual([{ lone: "x\uDC00" }])
    expect(JSON.stringify(result.ok && result.value)).toBe('{"lone":"x\\udc00","back":[3,55296]}')
  })
})
