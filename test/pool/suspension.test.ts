/**
 * Suspension by replay, through the public API: a program waiting on a slow tool gives its thread
 * back while other work is queued, and runs again from its log when the answer arrives.
 *
 * Each test uses a one-thread pool (or a small one) with a short grace window, so that a second
 * program queued behind a waiting one forces the suspension; `pool.stats` shows it happened.
 * Every tool counts its real invocations: across suspensions each logical call runs exactly once.
 */

import { Effect, Fiber, Schema } from "effect"
import { TestClock } from "effect/testing"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { CodeMode, Tool, WorkerPool } from "../../index.js"
import { MAX_RECOVERIES } from "../../pool/execution.js"
import { barrier, gate } from "../state/helpers.js"

const pools: WorkerPool[] = []
/** A small pool whose threads have started (so tight deadlines do not include a thread's start). */
const makePool = async (options: Parameters<typeof WorkerPool.make>[0] = {}) => {
  const pool = WorkerPool.make({ maxThreads: 1, hotThreads: 1, suspendAfterMs: 1, ...options })
  pools.push(pool)
  const warm = CodeMode.make({ language: "lua", pool })
  await Promise.all(Array.from({ length: pool.maxThreads }, () => Effect.runPromise(warm.execute("return 0"))))
  await warm.close()
  return pool
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()))
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Tools that count their invocations. */
const countingTools = () => {
  const invocations: Array<{ name: string; input: unknown }> = []
  const slow = Tool.make({
    description: "Answers after ms milliseconds with what it was given",
    input: Schema.Struct({ ms: Schema.Number, tag: Schema.optional(Schema.Unknown) }),
    output: Schema.Struct({ tag: Schema.Unknown, n: Schema.Number }),
    execute: ({ ms, tag }) =>
      Effect.sync(() => invocations.push({ name: "slow", input: { ms, tag } })).pipe(
        Effect.andThen(Effect.sleep(ms)),
        Effect.as({ tag: tag ?? null, n: invocations.length }),
      ),
  })
  const fast = Tool.make({
    description: "Answers at once",
    input: Schema.Struct({ tag: Schema.optional(Schema.Unknown) }),
    output: Schema.Struct({ tag: Schema.Unknown }),
    execute: ({ tag }) => Effect.sync(() => (invocations.push({ name: "fast", input: { tag } }), { tag: tag ?? null })),
  })
  return { tools: { t: { slow, fast } }, invocations }
}

const run = (runtime: { execute(source: string): Effect.Effect<any, never, never> }, source: string) =>
  Effect.runPromise(runtime.execute(source))

describe("suspension by replay", () => {
  it("suspends a Lua program waiting on a slow tool so a queued one runs, each call made once", async () => {
    const pool = await makePool()
    const { tools, invocations } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools, pool })
    const waiting = run(
      runtime,
      `local a = tools.t.slow({ ms = 150, tag = "a" })
       local b = tools.t.slow({ ms = 150, tag = "b" })
       print("done", a.tag, b.tag)
       return { a = a.tag, b = b.tag, r = math.random(1, 1000000) }`,
    )
    await sleep(30)
    const quick = await run(runtime, `return tools.t.fast({ tag = "q" }).tag`)
    expect(quick).toMatchObject({ ok: true, value: "q" })
    const result = await waiting
    expect(result).toMatchObject({ ok: true, value: { a: "a", b: "b" }, logs: ["done\ta\tb"] })
    expect(result.toolCalls.map((c: any) => c.name)).toEqual(["t.slow", "t.slow"])
    expect(invocations.map((i) => i.name).sort()).toEqual(["fast", "slow", "slow"])
    expect(pool.stats.suspensions).toBeGreaterThanOrEqual(1)
  })

  it("gives every run of a Lua program the same math.random sequence", async () => {
    const pool = await makePool()
    const { tools, invocations } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools, pool })
    // Each call's input carries a number drawn before it: a run that drew another would ask for
    // another call than the log holds, which the runtime refuses.
    const waiting = run(
      runtime,
      `local a = tools.t.slow({ ms = 150, tag = math.random(1, 1000000000) })
       local b = tools.t.slow({ ms = 150, tag = math.random(1, 1000000000) })
       return { a = a.tag, b = b.tag }`,
    )
    await sleep(30)
    await run(runtime, `return tools.t.fast({ tag = "q" }).tag`)
    await sleep(170)
    await run(runtime, `return tools.t.fast({ tag = "q" }).tag`)
    const result = await waiting
    expect(result).toMatchObject({ ok: true })
    const slow = invocations.filter((i) => i.name === "slow").map((i) => (i.input as { tag: unknown }).tag)
    expect(slow).toEqual([result.value.a, result.value.b])
    expect(pool.stats.suspensions).toBeGreaterThanOrEqual(1)
  })

  it("replays JavaScript's clock, random numbers and the settlement order of concurrent calls", async () => {
    const pool = await makePool()
    const { tools, invocations } = countingTools()
    const runtime = CodeMode.make({ language: "javascript", tools, pool })
    // Everything the program read before each call goes into the call's input: a replay that read
    // anything differently would send different arguments, which the runtime refuses.
    const source = `
      const seen = []
      const r0 = Math.random(), t0 = Date.now(), u0 = crypto.randomUUID()
      const calls = [360, 40, 180].map((ms, i) => tools.t.slow({ ms, tag: { i, r0, t0, u0 } }).then((x) => seen.push(x.tag.i)))
      await Promise.all(calls)
      const r1 = Math.random(), t1 = Date.now()
      const last = await tools.t.slow({ ms: 60, tag: { seen, r1, t1 } })
      console.log("order", seen.join(","))
      return { seen, r0, r1, t0, t1, u0, last: last.tag }`
    const program = run(runtime, source)
    // Keep the one thread wanted, so the program is suspended at each wait.
    for (let i = 0; i < 6; i++) {
      await sleep(25)
      void run(runtime, "return 1")
    }
    const result = await program
    expect(result.ok).toBe(true)
    const value = result.value
    expect(value.seen).toEqual([1, 2, 0])
    expect(value.last).toEqual({ seen: [1, 2, 0], r1: value.r1, t1: value.t1 })
    expect(result.logs).toEqual(["order 1,2,0"])
    const slowInputs = invocations.filter((i) => i.name === "slow").map((i) => i.input as any)
    expect(slowInputs).toHaveLength(4)
    for (const input of slowInputs.slice(0, 3)) expect(input.tag).toMatchObject({ r0: value.r0, t0: value.t0, u0: value.u0 })
    expect(pool.stats.suspensions).toBeGreaterThanOrEqual(1)
  })

  it("gives the same random numbers on every run of one execution, and different ones to two executions", async () => {
    const pool = await makePool()
    const { tools } = countingTools()
    const runtime = CodeMode.make({ language: "javascript", tools, pool })
    const source = `const a = Math.random(); await tools.t.slow({ ms: 60, tag: a }); return [a, Math.random()]`
    const first = run(runtime, source)
    const second = run(runtime, source)
    const [x, y] = await Promise.all([first, second])
    expect(x.ok && y.ok).toBe(true)
    expect(x.value[0]).not.toBe(y.value[0])
    expect(pool.stats.suspensions).toBeGreaterThanOrEqual(1)
  })

  it("fails an execution whose replay asks for something else than its log, naming the call", async () => {
    const entry = fileURLToPath(new URL("./fixtures/diverging-worker.mjs", import.meta.url))
    const pool = await makePool({ entry })
    const { tools, invocations } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools, pool })
    const program = run(runtime, `local a = tools.t.slow({ ms = 100, tag = "x" }) local b = tools.t.slow({ ms = 100, tag = "y" }) return b.tag`)
    await sleep(30)
    void run(runtime, "return 1")
    await sleep(150)
    void run(runtime, "return 1")
    const result = await program
    expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    expect(result.error.message).toContain("call 1 asked for tools.t.slow with other arguments")
    expect(invocations.filter((i) => i.name === "slow").length).toBeLessThanOrEqual(2)
  })

  it("ends a suspended execution at its deadline, naming the call it waited on", async () => {
    const pool = await makePool()
    const { tools } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools, pool, limits: { timeoutMs: 2_000 } })
    const program = run(runtime, `tools.t.fast({}) return tools.t.slow({ ms = 5000 })`)
    await sleep(30)
    expect(await run(runtime, "return 2")).toMatchObject({ ok: true, value: 2 })
    const result = await program
    expect(result).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
    expect(result.error.message).toContain("while waiting on tools.t.slow (call 2)")
    expect(pool.stats.suspensions).toBeGreaterThanOrEqual(1)
  })

  it("reads deadlines through the caller's Clock: TestClock moves a waiting execution past its deadline", async () => {
    const pool = await makePool()
    const { tools } = countingTools()
    const runtime = CodeMode.make({ language: "javascript", tools, pool, limits: { timeoutMs: 60_000 } })
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(runtime.execute(`await tools.t.fast({}); return (await tools.t.slow({ ms: 1e9 })).n`))
        yield* Effect.promise(() => sleep(100))
        yield* TestClock.adjust("61 seconds")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(result).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
  })

  it("ends at its deadline an execution whose worker was giving its thread back when the deadline passed", async () => {
    const pool = await makePool()
    // The tool starts once the host has read the call and asked the worker to yield (a program
    // is queued behind it): moving the clock past the deadline there lets the worker's suspension
    // arrive after the deadline, which then must end the execution, not leave it suspended.
    const trap = Tool.make({
      description: "Moves the caller's clock past the deadline, then never answers",
      input: Schema.Struct({}),
      execute: () => Effect.andThen(TestClock.adjust("61 seconds"), Effect.never),
    })
    const runtime = CodeMode.make({ language: "lua", tools: { t: { trap } }, pool, limits: { timeoutMs: 60_000 } })
    const behind = CodeMode.make({ language: "lua", pool })
    const waited = Effect.runPromise(
      Effect.gen(function* () {
        // A moment of compute first, so the program behind is queued when the call is read.
        const fiber = yield* Effect.forkChild(runtime.execute("local n = 0 for i = 1, 100000 do n = n + i end tools.t.trap({}) return n"))
        const other = yield* Effect.forkChild(behind.execute("return 2"))
        yield* Fiber.join(other)
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(TestClock.layer())),
    )
    const result = await Promise.race([waited, sleep(15_000).then(() => "no Result" as const)])
    expect(result).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
  }, 30_000)

  it("fails an execution whose log outgrows maxReplayLogBytes when it suspends", async () => {
    const pool = await makePool({ maxReplayLogBytes: 10_000 })
    const big = Tool.make({
      description: "A large answer",
      input: Schema.Struct({}),
      output: Schema.String,
      execute: () => Effect.succeed("x".repeat(20_000)),
    })
    const { tools } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools: { ...tools, big }, pool })
    const program = run(runtime, `local s = tools.big({}) tools.t.slow({ ms = 200 }) return #s`)
    await sleep(40)
    void run(runtime, "return 1")
    const result = await program
    expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    expect(result.error.message).toContain("over its bound of 10000 (maxReplayLogBytes)")
  })

  it("recovers an execution whose worker was terminated from outside: no call is made twice", async () => {
    const pool = await makePool({ suspendAfterMs: Infinity })
    const { tools, invocations } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools, pool })
    const program = run(runtime, `local a = tools.t.slow({ ms = 200, tag = "a" }) local b = tools.t.fast({ tag = "b" }) return a.tag .. b.tag`)
    await sleep(60)
    expect(await pool.terminateThreadForTesting(0)).toBe(true)
    const result = await program
    expect(result).toMatchObject({ ok: true, value: "ab" })
    expect(invocations.map((i) => i.name)).toEqual(["slow", "fast"])
    expect(pool.stats.recoveries).toBe(1)
  })

  it("recovers an execution blocked on the host however often its thread dies: it cannot be the cause", async () => {
    // More deaths than MAX_RECOVERIES allows a program whose code was running; each lands while
    // the program waits on its one call (given time to get back to it after every replacement),
    // which answers only once the test opens the gate.
    const pool = await makePool({ suspendAfterMs: Infinity })
    const { tools, arrived, open, arrivals } = gate()
    const runtime = CodeMode.make({ language: "lua", tools, pool, limits: { timeoutMs: 60_000 } })
    const program = run(runtime, `tools.gate.wait({}) return "released"`)
    await arrived
    for (let k = 0; k < MAX_RECOVERIES + 2; k++) {
      await sleep(400)
      expect(await pool.terminateThreadForTesting(0, true)).toBe(true)
    }
    open()
    const result = await program
    expect(result).toMatchObject({ ok: true, value: "released" })
    expect(arrivals()).toBe(1)
    expect(pool.stats.recoveries).toBe(MAX_RECOVERIES + 2)
  })

  it("a run handed over behind a busy thread is not left there by a costly run that waits on it", async () => {
    // One hot thread and room for more: the second program is handed over behind the first while
    // the first computes. The first then waits on a barrier the second must reach, with more
    // compute behind it than a replay is normally allowed to cost; only its yielding lets the
    // second reach its thread (before, both waited until their deadline).
    const pool = WorkerPool.make({ minThreads: 1, maxThreads: 4, hotThreads: 1, suspendAfterMs: 1 })
    pools.push(pool)
    const runtime = CodeMode.make({ language: "lua", tools: barrier(2), pool, limits: { timeoutMs: 20_000 } })
    await run(runtime, "return 0")
    const costly = run(runtime, `local x = 0; for i = 1, 4000000 do x = x + i % 7 end; tools.sync.barrier({}); return x > 0`)
    const behind = run(runtime, `tools.sync.barrier({}); return "reached"`)
    expect(await Promise.all([costly, behind])).toMatchObject([{ ok: true, value: true }, { ok: true, value: "reached" }])
    expect(pool.stats.suspensions).toBeGreaterThan(0)
    await runtime.close()
  })

  it("close with a drain lets a suspended execution finish; past the drain it ends saying the runtime was closed", async () => {
    const pool = await makePool()
    const { tools } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools, pool })
    const finishing = run(runtime, `return tools.t.slow({ ms = 150, tag = "ok" }).tag`)
    const cut = run(runtime, `return tools.t.slow({ ms = 5000, tag = "late" }).tag`)
    await sleep(30)
    await runtime.close({ drainMs: 600 })
    expect(await finishing).toMatchObject({ ok: true, value: "ok" })
    expect(await cut).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: "The runtime was closed while this program ran" } })
  })
})
