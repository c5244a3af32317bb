/**
 * `store` / `load` as programs use them, in both languages, against both real backends: what is
 * committed, what is discarded, read-your-writes, the plain-data shapes, the size bounds.
 */

import { Effect, Fiber } from "effect"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { CodeMode, MAX_BRANCH_CHARS, MAX_VALUE_CHARS, WorkerPool, type Language, type Runtime } from "../../index.js"
import { BACKENDS } from "./backends.js"
import { barrier, gate, run } from "./helpers.js"

// One pool for the file: runtimes come and go per test without starting threads each time.
const pool = WorkerPool.make({ minThreads: 2 })
afterAll(() => pool.close())

const open: Runtime<any>[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((runtime) => runtime.close()))
})

describe.each(BACKENDS)("state on $name", (backend) => {
  const runtimeOn = async (language: Language, extra: Partial<CodeMode.Options<any>> = {}) => {
    const layer = await backend.fresh()
    const make = (options: Partial<CodeMode.Options<any>> = extra) => {
      const runtime = CodeMode.make({ language, state: layer(), pool, limits: { timeoutMs: 20_000 }, ...options }) as Runtime<never>
      open.push(runtime)
      return runtime
    }
    return { runtime: make(), make }
  }

  describe("Lua", () => {
    it("a value stored by one execution is loaded by the next, with its JSON shape", async () => {
      const { runtime } = await runtimeOn("lua")
      const first = await run(runtime, `
        store("plan", { steps = { "a", "b" }, cursor = 2, done = false, note = json.null, empty = json.array(), meta = {} })
        store("name", "héllo")
        return "stored"`)
      expect(first).toMatchObject({ ok: true, value: "stored" })
      const second = await run(runtime, `return { plan = load("plan"), name = load("name"), missing = load("missing") == nil }`)
      expect(second).toMatchObject({
        ok: true,
        value: { plan: { steps: ["a", "b"], cursor: 2, done: false, note: null, empty: [], meta: {} }, name: "héllo", missing: true },
      })
    })

    it("a program reads its own staged writes, deletes included", async () => {
      const { runtime } = await runtimeOn("lua")
      await run(runtime, `store("n", 1); store("gone", "x")`)
      const result = await run(runtime, `
        local before = load("n")
        store("n", before + 41)
        store("gone", nil)
        return { n = load("n"), gone = load("gone") == nil, before = before }`)
      expect(result).toMatchObject({ ok: true, value: { n: 42, gone: true, before: 1 } })
      expect(await run(runtime, `return { load("n"), load("gone") == nil }`)).toMatchObject({ ok: true, value: [42, true] })
    })

    it("an error discards the staged writes (a caught error does not, if the program then succeeds)", async () => {
      const { runtime } = await runtimeOn("lua")
      await run(runtime, `store("n", 1)`)
      const failed = await run(runtime, `store("n", 2); store("other", true); error("the plan changed")`)
      expect(failed).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
      expect(await run(runtime, `return { load("n"), load("other") == nil }`)).toMatchObject({ ok: true, value: [1, true] })
      const caught = await run(runtime, `store("n", 3); local ok = pcall(error, "ignored"); return ok`)
      expect(caught).toMatchObject({ ok: true, value: false })
      expect(await run(runtime, `return load("n")`)).toMatchObject({ ok: true, value: 3 })
    })

    it("a timeout discards the staged writes", async () => {
      const { runtime } = await runtimeOn("lua", { limits: { timeoutMs: 300 } })
      const result = await run(runtime, `store("n", 5); while true do end`)
      expect(result).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
      expect(await run(runtime, `return load("n") == nil`)).toMatchObject({ ok: true, value: true })
    })

    it("cancelling the execution discards the staged writes", async () => {
      const waiting = gate()
      const { runtime } = await runtimeOn("lua", { tools: waiting.tools })
      const fiber = Effect.runFork(runtime.execute(`store("n", 7); tools.gate.wait({}); return "done"`))
      await waiting.arrived
      await Effect.runPromise(Fiber.interrupt(fiber))
      waiting.open()
      expect(await run(runtime, `return load("n") == nil`)).toMatchObject({ ok: true, value: true })
    })

    it("closing the runtime discards the staged writes of an execution still running", async () => {
      const waiting = gate()
      const { runtime, make } = await runtimeOn("lua", { tools: waiting.tools })
      const pending = run(runtime, `store("n", 9); tools.gate.wait({}); return "done"`)
      await waiting.arrived
      await runtime.close()
      waiting.open()
      expect((await pending).ok).toBe(false)
      expect(await run(make({}), `return load("n") == nil`)).toMatchObject({ ok: true, value: true })
    })

    it("a key must be a string; a value must be plain data", async () => {
      const { runtime } = await runtimeOn("lua")
      const key = await run(runtime, `local ok, e = pcall(store, 1, "x"); return e`)
      expect(key).toMatchObject({ ok: true, value: expect.stringContaining("bad argument #1 to 'store' (string expected, got number)") })
      const nul = await run(runtime, `local ok, e = pcall(load, "a\\0b"); return e`)
      expect(nul).toMatchObject({ ok: true, value: "load: a key must not contain the character U+0000" })
      const data = await run(runtime, `store("f", { fn = print })`)
      expect(data).toMatchObject({ ok: false, error: { kind: "InvalidDataValue", message: expect.stringContaining("value.fn") } })
    })

    it("state calls are not tools: maxToolCalls does not count them and toolCalls does not list them", async () => {
      const { runtime } = await runtimeOn("lua", { limits: { maxToolCalls: 0 } })
      const result = await run(runtime, `for i = 1, 20 do store("k" .. i, i) end; return load("k20")`)
      expect(result).toMatchObject({ ok: true, value: 20, toolCalls: [] })
    })
  })

  describe("JavaScript", () => {
    it("store and load work with and without await; undefined deletes", async () => {
      const { runtime } = await runtimeOn("javascript")
      const first = await run(runtime, `
        store("cursor", { page: 3, seen: ["a"] })
        await store("flag", true)
        store("tmp", 1)
        return [load("cursor"), await load("flag")]`)
      expect(first).toMatchObject({ ok: true, value: [{ page: 3, seen: ["a"] }, true] })
      const second = await run(runtime, `
        const cursor = load("cursor")
        cursor.page += 1
        store("cursor", cursor)
        store("tmp", undefined)
        return { cursor: load("cursor"), tmp: load("tmp") === undefined, store: store("x", 1) === undefined }`)
      expect(second).toMatchObject({ ok: true, value: { cursor: { page: 4, seen: ["a"] }, tmp: true, store: true } })
    })

    it("load returns a fresh copy each time: changing it changes nothing stored", async () => {
      const { runtime } = await runtimeOn("javascript")
      const result = await run(runtime, `
        store("list", [1, 2])
        const a = load("list"); a.push(3)
        return load("list")`)
      expect(result).toMatchObject({ ok: true, value: [1, 2] })
    })

    it("an uncaught rejection discards the staged writes", async () => {
      const { runtime } = await runtimeOn("javascript")
      const failed = await run(runtime, `store("n", 1); throw new Error("no")`)
      expect(failed.ok).toBe(false)
      expect(await run(runtime, `return load("n") === undefined`)).toMatchObject({ ok: true, value: true })
    })

    it("a key that is not a string is a TypeError the program may catch", async () => {
      const { runtime } = await runtimeOn("javascript")
      const result = await run(runtime, `try { load({}) } catch (e) { return e instanceof TypeError && e.message }`)
      expect(result).toMatchObject({ ok: true, value: "load(key): the key must be a string, got #<Object>" })
    })
  })

  describe("size bounds", () => {
    it(`a value of ${MAX_VALUE_CHARS} characters of JSON is stored; one more fails naming the bound, and nothing is stored`, async () => {
      const { runtime } = await runtimeOn("javascript")
      const fits = await run(runtime, `store("v", "x".repeat(${MAX_VALUE_CHARS - 2})); return load("v").length`)
      expect(fits).toMatchObject({ ok: true, value: MAX_VALUE_CHARS - 2 })
      const over = await run(runtime, `store("w", 1); store("v", "y".repeat(${MAX_VALUE_CHARS - 1})); return "unreachable"`)
      expect(over).toMatchObject({
        ok: false,
        error: { kind: "ExecutionFailure", message: `store("v"): the value is 262,145 characters of JSON, over the bound of 262,144 characters per stored value; nothing was stored` },
      })
      expect(await run(runtime, `return [load("v")[0], load("w") === undefined]`)).toMatchObject({ ok: true, value: ["x", true] })
    })

    it("a bound passed names the line of the store, in both languages", async () => {
      const lua = await runtimeOn("lua")
      const luaOver = await run(lua.runtime, `local n = 1\n\nstore("v", string.rep("y", ${MAX_VALUE_CHARS}))\nreturn n`)
      expect(luaOver).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", location: { line: 3 }, message: expect.stringContaining("per stored value") } })
      const js = await runtimeOn("javascript")
      const jsOver = await run(js.runtime, `const n = 1\nif (n) {\n  store("v", "y".repeat(${MAX_VALUE_CHARS}))\n}\nreturn n`)
      expect(jsOver).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", location: { line: 3 }, message: expect.stringContaining("per stored value") } })
    })

    it("a value past the bound cannot be caught and stored around", async () => {
      const { runtime } = await runtimeOn("lua")
      const result = await run(runtime, `store("a", 1); local ok = pcall(store, "v", string.rep("y", ${MAX_VALUE_CHARS})); return ok`)
      expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining("262,144 characters per stored value") } })
      expect(await run(runtime, `return load("a") == nil`)).toMatchObject({ ok: true, value: true })
    })

    it(`a branch holds at most ${MAX_BRANCH_CHARS} characters of keys and values, counting what is committed`, async () => {
      const { runtime } = await runtimeOn("lua")
      const big = MAX_VALUE_CHARS - 2 // a string whose JSON is exactly the value bound
      expect(await run(runtime, `for _, k in ipairs({ "a", "b", "c" }) do store(k, string.rep("x", ${big})) end`)).toMatchObject({ ok: true })
      // 3 * (1 + 262,144) = 786,435 committed; "d" may add at most 262,141 characters (key included).
      const over = await run(runtime, `store("e", 1); store("d", string.rep("y", ${big}))`)
      expect(over).toMatchObject({
        ok: false,
        error: { message: `store("d"): branch 'main' would hold 1,048,582 characters of keys and values, over the bound of 1,048,576 characters per branch; nothing was stored` },
      })
      expect(await run(runtime, `return load("e") == nil and load("d") == nil`)).toMatchObject({ ok: true, value: true })
      const exact = await run(runtime, `store("d", string.rep("y", ${1_048_576 - 786_435 - 1 - 2})); return "ok"`)
      expect(exact).toMatchObject({ ok: true, value: "ok" })
      // Full: growing fails, shrinking and deleting work.
      expect(await run(runtime, `store("z", 1)`)).toMatchObject({ ok: false, error: { message: expect.stringContaining("per branch") } })
      expect(await run(runtime, `store("a", "small"); store("b", nil); store("z", 1); return load("z")`)).toMatchObject({ ok: true, value: 1 })
    })

    it("the branch bound is checked again at commit, against what other executions committed meanwhile", async () => {
      const sync = barrier(2)
      const { runtime } = await runtimeOn("lua", { tools: sync })
      const program = (key: string) => `
        store("${key}1", string.rep("x", 200000))
        store("${key}2", string.rep("x", 200000))
        store("${key}3", string.rep("x", 200000))
        tools.sync.barrier({})
        return "${key}"`
      const results = await Promise.all([run(runtime, program("p")), run(runtime, program("q"))])
      const ok = results.filter((r) => r.ok)
      const failed = results.filter((r) => !r.ok)
      expect(ok).toHaveLength(1)
      expect(failed).toHaveLength(1)
      expect(failed[0]).toMatchObject({ error: { kind: "ExecutionFailure", message: "Committing would leave branch 'main' with 1,200,024 characters of keys and values, over the bound of 1,048,576 characters per branch (other executions grew it meanwhile); nothing was stored" } })
      const winner = (ok[0] as { value: string }).value
      const loser = winner === "p" ? "q" : "p"
      expect(await run(runtime, `return { load("${winner}1") ~= nil, load("${loser}1") == nil, load("${loser}2") == nil }`)).toMatchObject({ ok: true, value: [true, true, true] })
    })
  })
})
