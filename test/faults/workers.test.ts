/**
 * Dying workers and a closing pool. A fault entry (fixtures/fault-worker.mjs) makes a worker die
 * at chosen points of the channel protocol: as the task arrives, right after posting a host call,
 * with half a request written, with half a response read; or spin forever after posting. Then
 * threads are terminated from the host at moments drawn from a seeded generator while a mixed load
 * runs, and pools are closed with executions in flight.
 *
 * Every execution must get exactly one Result (its value, or `ExecutionFailure` / `TimeoutExceeded`
 * saying what happened), each admitted call must reach `after` with the status the Result gives it,
 * and the pool must come back to its configured number of threads and serve normal work.
 */

import { Effect, Schema } from "effect"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CodeMode, Tool, WorkerPool } from "../../index.js"
import { afterStatuses, callStatuses, expectRecovered, recordingHooks, seeded, settled, sleep, type HookEvent } from "./harness.js"

const FAULT_ENTRY = fileURLToPath(new URL("./fixtures/fault-worker.mjs", import.meta.url))

const slow = Tool.make({
  description: "Waits, then echoes",
  input: Schema.Struct({ ms: Schema.Number, n: Schema.Number }),
  output: Schema.Struct({ n: Schema.Number }),
  execute: ({ ms, n }) => Effect.as(Effect.sleep(ms), { n }),
})
const big = Tool.make({
  description: "A response larger than the channel's ring",
  input: Schema.Struct({ n: Schema.Number }),
  execute: ({ n }) => Effect.succeed({ n, text: "y".repeat(300_000) }),
})
const tools = { f: { slow, big } }

describe("a worker dying at a chosen point", () => {
  const pool = WorkerPool.make({ maxThreads: 2, minThreads: 2, entry: FAULT_ENTRY })
  beforeAll(() => expectRecovered(pool, 2))
  afterAll(() => pool.close())

  // A worker that dies is not taken to be the program's fault: the execution runs again from its
  // log (at most three times when its code was running). A fault that strikes every run fails the execution in the end; one that
  // a replay does not meet (it reads the answer from the log, not the channel) is recovered.
  const KINDS: Record<string, { kind?: string; message?: RegExp; calls: string[] }> = {
    "exit-at-start": { kind: "ExecutionFailure", message: /stopped unexpectedly \(worker exited with code: 70\); it was replaced/, calls: [] },
    "exit-after-post": { kind: "ExecutionFailure", message: /stopped unexpectedly/, calls: ["interrupted"] },
    // The request never fully arrived, so no call was admitted.
    "exit-mid-request": { kind: "ExecutionFailure", message: /stopped unexpectedly/, calls: [] },
    // The tool succeeded; the worker died reading its answer; the next run reads it from the log.
    "exit-mid-response": { calls: ["success"] },
    // Never reads the answer: the deadline passes, the grace passes, the worker is terminated.
    "stall-after-post": { kind: "TimeoutExceeded", message: /timed out/, calls: ["success"] },
    "throw-at-start": { kind: "ExecutionFailure", message: /the fault entry refused this task/, calls: [] },
  }

  for (const language of ["lua", "javascript"] as const) {
    for (const [fault, expected] of Object.entries(KINDS)) {
      it(`${language}: ${fault}`, async () => {
        const events: HookEvent[] = []
        const timeoutMs = fault.startsWith("stall") ? 500 : 10_000
        const runtime = CodeMode.make({ language, pool, tools, hooks: recordingHooks(events), limits: { timeoutMs } })
        // A call that outlasts the restarts, so that every run of exit-after-post posts it again.
        const call = fault === "exit-mid-response" ? "tools.f.big({ n = 1 })" : `tools.f.slow({ ms = ${fault === "exit-after-post" ? 5000 : 100}, n = 1 })`
        const source =
          language === "lua"
            ? `-- fault: ${fault}\nlocal r = ${call}\nreturn r.n`
            : `// fault: ${fault}\nconst r = await ${call.replace(/ = /g, ": ")}; r.n`
        const result = await settled(runtime, source)
        if (expected.kind === undefined) expect(result).toMatchObject({ ok: true, value: 1 })
        else expect(result).toMatchObject({ ok: false, error: { kind: expected.kind, message: expect.stringMatching(expected.message!) } })
        expect(callStatuses(result)).toEqual(expected.calls)
        expect(afterStatuses(events)).toEqual(expected.calls)
        await expectRecovered(pool, 2)
      })
    }
  }
})

describe("threads terminated at seeded random moments under load", () => {
  const THREADS = 3
  const pool = WorkerPool.make({ maxThreads: THREADS, minThreads: THREADS })
  beforeAll(() => expectRecovered(pool, THREADS))
  afterAll(() => pool.close())

  it("gives every execution one right Result and recovers", async () => {
    const r = seeded(Number(process.env.FAULT_SEED ?? 6))
    const events: HookEvent[] = []
    const lua = CodeMode.make({ language: "lua", pool, tools, hooks: recordingHooks(events), limits: { timeoutMs: 20_000 } })
    const js = CodeMode.make({ language: "javascript", pool, tools, hooks: recordingHooks(events), limits: { timeoutMs: 20_000 } })
    // Programs that spend their time in every phase: computing, waiting on a tool, reading a large
    // answer, several calls in flight at once (JavaScript).
    const programs = Array.from({ length: 48 }, (_, i) => {
      const ms = Math.floor(r() * 40)
      switch (i % 4) {
        case 0:
          return { runtime: lua, source: `local s = 0 for k = 1, ${20_000 + Math.floor(r() * 200_000)} do s = s + k % 7 end return tools.f.slow({ ms = ${ms}, n = ${i} }).n`, value: i }
        case 1:
          return { runtime: lua, source: `local b = tools.f.big({ n = ${i} }) return b.n + #b.text - 300000`, value: i }
        case 2:
          return { runtime: js, source: `const [a, b] = await Promise.all([tools.f.slow({ ms: ${ms}, n: ${i} }), tools.f.big({ n: 0 })]); a.n + b.n`, value: i }
        default:
          return { runtime: js, source: `let s = 0; for (let k = 0; k < ${10_000 + Math.floor(r() * 100_000)}; k++) s += k % 3; (await tools.f.slow({ ms: ${ms}, n: ${i} })).n`, value: i }
      }
    })
    const killer = (async () => {
      const kills: string[] = []
      for (let k = 0; k < 10; k++) {
        await sleep(5 + Math.floor(r() * 60))
        const index = Math.floor(r() * THREADS)
        // One crash at a time: Piscina never replaces threads again once one dies while starting.
        kills.push(`${index}:${await pool.terminateThreadForTesting(index, true)}`)
      }
      return kills
    })()
    const results = await Promise.all(programs.map((p) => settled(p.runtime, p.source)))
    await killer
    // Every execution hit by a kill ran again from its log: none failed, none was lost.
    results.forEach((result, i) => expect(result.ok ? result.value : `${result.error.kind}: ${result.error.message}`).toBe(programs[i]!.value))
    // Some executions were hit (the moments are seeded, so this is stable).
    expect(pool.stats.recoveries).toBeGreaterThan(0)
    // Every admitted call reached `after`, with the status its Result reports.
    const reported = results.flatMap((result) => callStatuses(result)).sort()
    await sleep(50)
    expect(afterStatuses(events).sort()).toEqual(reported)
    await expectRecovered(pool, THREADS)
  })
})

describe("the pool closed with executions in flight", () => {
  for (const language of ["lua", "javascript"] as const) {
    it(`${language}: every execution gets one Result and every call is reported`, async () => {
      const pool = WorkerPool.make({ maxThreads: 2, minThreads: 2 })
      await expectRecovered(pool, 2)
      const events: HookEvent[] = []
      const runtime = CodeMode.make({ language, pool, tools, hooks: recordingHooks(events), limits: { timeoutMs: 20_000 } })
      const call = language === "lua" ? "tools.f.slow({ ms = 5000, n = 1 })" : "await tools.f.slow({ ms: 5000, n: 1 })"
      // Two running, two handed over behind them, two waiting in the pool's own queue.
      const running = Array.from({ length: 6 }, () => settled(runtime, language === "lua" ? `return ${call}` : call))
      await sleep(300)
      await pool.close()
      const results = await Promise.all(running)
      for (const result of results) expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
      const reported = results.flatMap((result) => callStatuses(result))
      expect(reported.every((s) => s === "interrupted")).toBe(true)
      expect(afterStatuses(events)).toEqual(reported)
      // A closed pool refuses new work with a Result, not an exception.
      expect(await settled(runtime, "return 1")).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    })
  }
})
