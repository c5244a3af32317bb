/**
 * A CI-sized soak: two thousand executions of every kind (fast, slow tools, timeouts, memory
 * bombs, errors, failing tools, Lua and JavaScript) at concurrency 100, through the public API.
 * The only assertion that matters is that every execution got exactly the Result its program
 * must produce; timing is reported by `node dist/perf/soak.js`, never asserted here.
 */

import { describe, expect, it } from "vitest"
import { jobFor, random, runSoak } from "../../perf/soak.js"

describe("soak", () => {
  it("draws a reproducible mix that covers every scenario", () => {
    const draw = (seed: number) => {
      const r = random(seed)
      return Array.from({ length: 2_000 }, (_, i) => jobFor(i, r))
    }
    const scenarios = new Set(draw(7).map((job) => job.scenario))
    expect([...scenarios].sort()).toEqual([
      "hanging tool", "js error", "js fast", "js slow tools", "js timeout", "js tool failure",
      "lua error", "lua fast", "lua slow tool", "lua timeout", "lua tool failure", "memory bomb", "tool defect",
    ])
    expect(draw(7).map((job) => job.source)).toEqual(draw(7).map((job) => job.source))
  })

  it("gives every one of 2,000 mixed executions its exact Result", async () => {
    const report = await runSoak({ executions: 2_000, concurrency: 100, seed: 20240601, stallMs: 60_000 })
    expect(report.lost).toEqual([])
    expect(report.byOutcome.ok).toBeGreaterThan(1_000)
    expect(report.byOutcome.TimeoutExceeded).toBeGreaterThan(0)
    expect(report.workerReplacements).toBeGreaterThan(0)
  }, 180_000)
})
