/**
 * Two executions on one branch at once, under real concurrency, against both real backends.
 *
 * The rule (state/staging.ts): optimistic. An execution's commit succeeds only if no key it read
 * or wrote was committed by another execution since it first touched it; otherwise its Result is
 * a `State conflict` diagnostic (`State.isConflict`) and nothing of it is stored. The barrier tool
 * makes the overlap certain rather than likely: every execution has read before any commits.
 */

import { afterAll, afterEach, describe, expect, it } from "vitest"
import { CodeMode, State, WorkerPool, type Result, type Runtime } from "../../index.js"
import { BACKENDS } from "./backends.js"
import { barrier, pauseTools, run } from "./helpers.js"

const pool = WorkerPool.make({ minThreads: 2, maxThreads: 8 })
afterAll(() => pool.close())

const open: Runtime<any>[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((runtime) => runtime.close()))
})

const INCREMENT = `
  local n = load("n") or 0
  tools.sync.barrier({})
  store("n", n + 1)
  return n + 1`

const PARTIES = 6

describe.each(BACKENDS)("concurrent executions on $name", (backend) => {
  const runtimeFor = (layer: () => ReturnType<typeof State.sqlite>, tools: object) => {
    const runtime = CodeMode.make({ language: "lua", state: layer(), pool, tools: tools as never, limits: { timeoutMs: 20_000 } }) as Runtime<never>
    open.push(runtime)
    return runtime
  }

  it(`of ${PARTIES} read-modify-writes of one key that overlap, exactly one commits; the rest conflict and store nothing`, async () => {
    const runtime = runtimeFor(await backend.fresh(), barrier(PARTIES))
    const results = await Promise.all(Array.from({ length: PARTIES }, () => run(runtime, INCREMENT)))
    // Anything but one commit and conflicts (a timeout, a server error) shows here in full.
    expect(results.filter((r) => !r.ok && !State.isConflict(r))).toEqual([])
    const committed = results.filter((r) => r.ok)
    expect(committed).toEqual([expect.objectContaining({ ok: true, value: 1 })])
    for (const failed of results.filter((r) => !r.ok)) {
      expect(State.isConflict(failed)).toBe(true)
      expect(failed).toMatchObject({
        error: { kind: "ExecutionFailure", message: `State conflict on branch 'main': key "n" was changed by another execution after this program read it; nothing was stored. Run the program again to retry` },
      })
    }
    expect(await run(runtimeFor(await backend.fresh(), {}), `return load("n") == nil`)).toMatchObject({ ok: true, value: true })
    expect(await run(runtime, `return load("n")`)).toMatchObject({ ok: true, value: 1 })
  })

  it("the same holds across two runtimes (two connections) on one database", async () => {
    const layer = await backend.fresh()
    const sync = barrier(2)
    const a = runtimeFor(layer, sync)
    const b = runtimeFor(layer, sync)
    const results = await Promise.all([run(a, INCREMENT), run(b, INCREMENT)])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => State.isConflict(r))).toHaveLength(1)
    expect(await run(a, `return load("n")`)).toMatchObject({ ok: true, value: 1 })
  })

  it("a host that retries on conflict loses no update: n concurrent increments give n", async () => {
    const runtime = runtimeFor(await backend.fresh(), pauseTools)
    const increment = `local n = load("n") or 0; tools.pause.ms({ ms = 5 }); store("n", n + 1); return n + 1`
    const withRetry = async (): Promise<{ result: Result; attempts: number }> => {
      for (let attempts = 1; attempts <= 100; attempts++) {
        const result = await run(runtime, increment)
        if (!State.isConflict(result)) return { result, attempts }
      }
      throw new Error("still conflicting after 100 attempts")
    }
    const outcomes = await Promise.all(Array.from({ length: 8 }, withRetry))
    expect(outcomes.every((o) => o.result.ok)).toBe(true)
    expect(outcomes.map((o) => (o.result as { value: number }).value).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(await run(runtime, `return load("n")`)).toMatchObject({ ok: true, value: 8 })
  })

  it("executions that write different keys of one branch at once all commit", async () => {
    const runtime = runtimeFor(await backend.fresh(), barrier(4))
    const results = await Promise.all(
      ["a", "b", "c", "d"].map((key) => run(runtime, `store("${key}", (load("${key}") or 0) + 1); tools.sync.barrier({}); return "${key}"`)),
    )
    expect(results.every((r) => r.ok)).toBe(true)
    expect(await run(runtime, `return { load("a"), load("b"), load("c"), load("d") }`)).toMatchObject({ ok: true, value: [1, 1, 1, 1] })
  })

  it("an execution that only reads never conflicts", async () => {
    const runtime = runtimeFor(await backend.fresh(), barrier(3))
    await run(runtime, `store("n", 0)`).catch(() => undefined)
    const results = await Promise.all([
      run(runtime, INCREMENT),
      run(runtime, `local n = load("n"); tools.sync.barrier({}); return n`),
      run(runtime, `local n = load("n"); tools.sync.barrier({}); return n`),
    ])
    expect(results[0]).toMatchObject({ ok: true, value: 1 })
    expect(results[1]).toMatchObject({ ok: true, value: 0 })
    expect(results[2]).toMatchObject({ ok: true, value: 0 })
  })
})
