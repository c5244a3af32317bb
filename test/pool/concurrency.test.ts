/**
 * JavaScript tool calls run concurrently: a call's request reaches the host when the program makes
 * it, not when the program awaits it, so twenty 50 ms calls under `Promise.all` overlap. The proof
 * here is structural (every call started before the first one ended), plus one generous wall-clock
 * bound (sequential calls would take at least a second).
 */

import { Effect, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Namespace, Tool, WorkerPool } from "../../index.js"

const run = (runtime: { execute(source: string): Effect.Effect<unknown, never, never> }, source: string) =>
  Effect.runPromise(runtime.execute(source)) as Promise<any>

/** Host-side record of when each call started and ended. */
const timeline: Array<{ id: number; event: "start" | "end" }> = []

const slow = Tool.make({
  description: "Waits ms milliseconds, then echoes id",
  input: Schema.Struct({ id: Schema.Number, ms: Schema.Number }),
  output: Schema.Struct({ id: Schema.Number }),
  execute: ({ id, ms }) =>
    Effect.sync(() => timeline.push({ id, event: "start" })).pipe(
      Effect.andThen(Effect.sleep(ms)),
      Effect.andThen(Effect.sync(() => timeline.push({ id, event: "end" }))),
      Effect.as({ id }),
    ),
})

const boom = Tool.make({
  description: "Fails after ms milliseconds",
  input: Schema.Struct({ ms: Schema.Number }),
  execute: ({ ms }) => Effect.sleep(ms).pipe(Effect.andThen(Effect.fail(new Error("boom")))),
})

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 2 })
afterAll(() => pool.close())
const runtime = CodeMode.make({ language: "javascript", tools: { t: Namespace.make({ description: "Timing", tools: { slow, boom } }) }, pool })

describe("concurrent tool calls in JavaScript", () => {
  it("twenty 50 ms calls under Promise.all overlap", async () => {
    await run(runtime, "return 1") // a warm worker, so the bound below measures the calls
    timeline.length = 0
    const started = performance.now()
    const result = await run(
      runtime,
      `const ids = Array.from({ length: 20 }, (_, i) => i)
       const out = await Promise.all(ids.map((id) => tools.t.slow({ id, ms: 50 })))
       return out.map((o) => o.id)`,
    )
    const elapsed = performance.now() - started
    expect(result.value).toEqual(Array.from({ length: 20 }, (_, i) => i))
    expect(result.toolCalls).toHaveLength(20)
    const firstEnd = timeline.findIndex((e) => e.event === "end")
    expect(timeline.slice(0, firstEnd).filter((e) => e.event === "start")).toHaveLength(20)
    expect(elapsed).toBeLessThan(1000)
  })

  it("settles promises in the order answers arrive, with microtasks in the standard order", async () => {
    const result = await run(
      runtime,
      `const log = []
       const task = async (name, ms) => { log.push(name + " start"); const r = await tools.t.slow({ id: ms, ms }); log.push(name + " got " + r.id); return name }
       const p = Promise.all([task("late", 120), task("early", 10)])
       log.push("sync end")
       const names = await p
       log.push("all " + names.join(","))
       return log`,
    )
    expect(result.value).toEqual(["late start", "early start", "sync end", "early got 10", "late got 120", "all late,early"])
  })

  it("the program keeps running while calls are out", async () => {
    const result = await run(
      runtime,
      `const p = tools.t.slow({ id: 1, ms: 30 })
       let spins = 0
       for (let i = 0; i < 1000; i++) spins++
       const r = await p
       return [spins, r.id]`,
    )
    expect(result.value).toEqual([1000, 1])
  })

  it("a rejection races other calls and is caught where awaited", async () => {
    const result = await run(
      runtime,
      `const results = await Promise.allSettled([tools.t.slow({ id: 1, ms: 40 }), tools.t.boom({ ms: 5 })])
       return results.map((r) => r.status + ":" + (r.value?.id ?? r.reason.message))`,
    )
    expect(result.value).toEqual(["fulfilled:1", "rejected:tools.t.boom failed: boom"])
  })

  it("calls still running when the program returns are interrupted, and reported", async () => {
    const result = await run(runtime, `tools.t.slow({ id: 9, ms: 5000 }); return "done"`)
    expect(result.value).toBe("done")
    expect(result.toolCalls.map((c: any) => [c.name, c.status])).toEqual([["t.slow", "interrupted"]])
  })

  it("an un-awaited rejection becomes a warning", async () => {
    const result = await run(runtime, `tools.t.boom({ ms: 1 }); await tools.t.slow({ id: 2, ms: 30 }); return "ok"`)
    expect(result.value).toBe("ok")
    expect(result.warnings.map((w: any) => w.message).join("\n")).toMatch(/Unhandled promise rejection: .*boom/)
  })

  it("more than maxPendingCalls calls out at once stops the program", async () => {
    const result = await run(runtime, `for (let id = 0; id < 1500; id++) tools.t.slow({ id, ms: 2000 }); return "unreachable"`)
    expect(result.error).toMatchObject({ kind: "ExecutionFailure", message: expect.stringContaining("maxPendingCalls") })
    expect(result.toolCalls).toHaveLength(1000)
    expect(result.toolCalls.every((c: any) => c.status === "interrupted")).toBe(true)
  })

  it("the host's timeout stops a program waiting on many calls", async () => {
    const limited = CodeMode.make({
      language: "javascript",
      tools: { t: Namespace.make({ description: "Timing", tools: { slow, boom } }) },
      pool,
      limits: { timeoutMs: 300 },
    })
    const result = await run(limited, `await Promise.all([1, 2, 3].map((id) => tools.t.slow({ id, ms: 10000 }))); return 1`)
    expect(result.error?.kind).toBe("TimeoutExceeded")
    expect(result.toolCalls.every((c: any) => c.status === "interrupted")).toBe(true)
  })
})
