/**
 * Threads that die while starting. Piscina stops replacing threads after one start-up failure,
 * so without the pool's wake-up (pool/workers.ts, `afterThreadLoss`) work handed to it would wait
 * forever. Here: once a thread starts, it serves the queued executions and all later ones;
 * threads that can never start give each execution an ExecutionFailure instead of no Result.
 */

import { Effect } from "effect"
import { rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, WorkerPool } from "../../index.js"

const entry = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const counter = join(tmpdir(), `codemode-boot-failures-${process.pid}`)
const run = (runtime: { execute(source: string): Effect.Effect<unknown> }, source: string) => Effect.runPromise(runtime.execute(source)) as Promise<any>

describe("threads dying at start-up", () => {
  afterAll(() => rmSync(counter, { force: true }))

  it("work queued behind threads that failed to start runs once a thread starts", async () => {
    rmSync(counter, { force: true })
    const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1, entry: entry("boot-fails-twice.mjs") })
    try {
      const runtime = CodeMode.make({ language: "lua", tools: {}, pool, limits: { timeoutMs: 60_000 } })
      // An execution given to a thread that then died starting fails with that thread's error;
      // every other one runs, and so does everything after.
      const first = await Promise.all([1, 2, 3, 4].map((n) => run(runtime, `return ${n} * 10`)))
      first.forEach((r, i) => {
        if (r.ok) expect(r.value).toBe((i + 1) * 10)
        else expect(r.error).toMatchObject({ kind: "ExecutionFailure", message: expect.stringContaining("simulated start-up failure") })
      })
      expect(first.filter((r) => r.ok).length).toBeGreaterThanOrEqual(2)
      const later = await Promise.all([5, 6, 7].map((n) => run(runtime, `return ${n}`)))
      expect(later.map((r) => r.value)).toEqual([5, 6, 7])
    } finally {
      await pool.close()
    }
  })

  it("threads that can never start fail each execution instead of leaving it waiting", async () => {
    const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1, entry: entry("boot-always-fails.mjs") })
    try {
      const runtime = CodeMode.make({ language: "javascript", tools: {}, pool })
      const results = await Promise.all([1, 2, 3].map((n) => run(runtime, `return ${n}`)))
      for (const result of results) expect(result.error?.kind).toBe("ExecutionFailure")
    } finally {
      await pool.close()
    }
  })
})
