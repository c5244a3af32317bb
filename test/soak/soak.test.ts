/**
 * A CI-sized soak: 1,000 executions of every kind (slow and quick tools in both languages,
 * sequential and `Promise.all`, fast programs, timeouts, memory bombs, errors, failing and
 * defective tools) at concurrency 100 on the default shared pool, with eight worker threads
 * killed at seeded points of the run. What is asserted is what must hold however slow the
 * machine: every execution got exactly its right Result, every logical tool call reached its
 * tool exactly once, and the kills, suspensions and recoveries did happen. Speed is reported by
 * `npm run soak`, never asserted here.
 */

import { describe, expect, it } from "vitest"
import { auditCalls, jobFor, killSchedule, random, runSoak } from "../../perf/soak.js"
import { Invocations } from "../../perf/soak-tools.js"

const SEED = 20240601
const EXECUTIONS = 1_000

describe("soak", () => {
  it("draws a reproducible mix that covers every scenario, and reproducible kill points", () => {
    const draw = (seed: number) => {
      const r = random(seed)
      return Array.from({ length: EXECUTIONS }, (_, i) => jobFor(i, r))
    }
    const scenarios = new Set(draw(SEED).map((job) => job.scenario))
    expect([...scenarios].sort()).toEqual([
      "hanging tool", "js error", "js fast", "js quick tools", "js slow Promise.all", "js slow sequential", "js timeout",
      "js tool failure", "lua error", "lua fast", "lua quick tool", "lua slow sequential", "lua timeout", "lua tool failure",
      "memory bomb", "tool defect",
    ])
    expect(draw(SEED).map((job) => job.source)).toEqual(draw(SEED).map((job) => job.source))
    const ids = draw(SEED).flatMap((job) => [...job.calls, ...job.mayCall])
    expect(new Set(ids).size).toBe(ids.length)
    expect(killSchedule(random(3), EXECUTIONS, 12)).toEqual(killSchedule(random(3), EXECUTIONS, 12))
  })

  it("the audit finds a call made twice, a call never made, and a call no program owns", () => {
    const r = random(1)
    const jobs = Array.from({ length: 400 }, (_, i) => jobFor(i, r)).filter((job) => job.calls.length >= 2).slice(0, 2)
    const ledger = new Invocations()
    const [first, second] = jobs as [(typeof jobs)[number], (typeof jobs)[number]]
    for (const id of first.calls) ledger.enter(id, {})
    ledger.enter(first.calls[0]!, {})
    ledger.enter(second.calls[0]!, {})
    ledger.enter("e999999c0", {})
    const { lostCalls, duplicated } = auditCalls([first, second], ledger)
    expect(lostCalls).toEqual(second.calls.slice(1).map((id) => expect.stringContaining(`call ${id} never reached its tool`)))
    expect(duplicated).toEqual([
      expect.stringContaining(`call ${first.calls[0]} reached its tool 2 times`),
      expect.stringContaining("call e999999c0 reached its tool but no program makes it"),
    ])
  })

  it(`gives every one of ${EXECUTIONS} executions its exact Result and each tool call one invocation, through worker kills`, async () => {
    const report = await runSoak({ executions: EXECUTIONS, concurrency: 100, seed: SEED, kills: 8, stallMs: 60_000 })
    expect(report.lost).toEqual([])
    expect(report.lostCalls).toEqual([])
    expect(report.duplicated).toEqual([])
    expect(report.toolCalls).toBeGreaterThan(1_000)
    expect(report.byOutcome.ok).toBeGreaterThan(700)
    expect(report.byOutcome.TimeoutExceeded).toBeGreaterThan(0)
    expect(report.workerReplacements).toBeGreaterThan(0)
    expect(report.kills.made).toBe(8)
    expect(report.sharedPool.suspensions).toBeGreaterThan(0)
    expect(report.sharedPool.recoveries).toBeGreaterThan(0)
  }, 300_000)
})
