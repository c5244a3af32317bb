/**
 * What every fault test shares: a seeded generator, broken tools and extensions, a recorder for
 * hook events, and the two checks each test ends with.
 *
 * The checks are the contract of issue 6. `settled` gives every execution a generous deadline of
 * its own, so a Result that never comes fails the test by name instead of hanging the suite.
 * `expectRecovered` waits for the pool to have its configured number of threads again and then
 * runs a burst of executions in both languages that must all succeed: a pool that lost a thread,
 * leaked a channel or kept a poisoned worker fails here.
 */

import { Effect, Schema } from "effect"
import { expect } from "vitest"
import { CodeMode, Extension, Tool, type Result, type Runtime, type WorkerPool } from "../../index.js"

/** mulberry32: a small deterministic generator, so "random moments" are the same on every run. */
export const seeded = (seed: number) => {
  let a = seed >>> 0
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Longest any execution in these tests may take to settle; far above every configured timeout. */
export const SETTLE_MS = 15_000

/** Runs one program and insists on a Result within `SETTLE_MS`; the failure names the program. */
export const settled = async <R>(runtime: Runtime<R>, source: string): Promise<any> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const lost = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no Result after ${SETTLE_MS} ms for: ${source}`)), SETTLE_MS)
  })
  try {
    const result = await Promise.race([Effect.runPromise(runtime.execute(source) as Effect.Effect<Result>), lost])
    expectWellFormed(result)
    return result
  } finally {
    clearTimeout(timer)
  }
}

/** A Result is ok with a value, or a typed Diagnostic; every tool call has a known status. */
export const expectWellFormed = (result: Result): void => {
  expect(typeof result.ok).toBe("boolean")
  if (!result.ok) {
    expect(typeof result.error.kind).toBe("string")
    expect(typeof result.error.message).toBe("string")
  }
  for (const call of result.toolCalls) expect(["success", "failure", "denied", "interrupted"]).toContain(call.status)
}

// ---------------------------------------------------------------------------------------------
// Hook events

export interface HookEvent {
  readonly hook: "tool.before" | "tool.after" | "extension.before" | "extension.after"
  readonly name: string
  readonly status?: string
}

/** Hooks that record every event; `misbehave` may make one of them throw, die or hang. */
export const recordingHooks = (
  events: HookEvent[],
  misbehave: Partial<Record<HookEvent["hook"], (event: HookEvent) => unknown>> = {},
) => {
  const on = (hook: HookEvent["hook"], name: string, status?: string) => {
    const event: HookEvent = status === undefined ? { hook, name } : { hook, name, status }
    events.push(event)
    return misbehave[hook]?.(event)
  }
  return {
    tool: {
      before: (e: { name: string }) => on("tool.before", e.name) as any,
      after: (e: { name: string; outcome: { status: string } }) => on("tool.after", e.name, e.outcome.status) as any,
    },
    extension: {
      before: (e: { name: string }) => on("extension.before", e.name) as any,
      after: (e: { name: string; outcome: { status: string } }) => on("extension.after", e.name, e.outcome.status) as any,
    },
  }
}

/** The `after` statuses, in order, against the statuses the Result reports for the same calls. */
export const afterStatuses = (events: ReadonlyArray<HookEvent>): string[] =>
  events.filter((e) => e.hook.endsWith(".after")).map((e) => e.status!)

export const callStatuses = (result: Result): string[] => result.toolCalls.filter((c) => c.status !== "denied").map((c) => c.status)

// ---------------------------------------------------------------------------------------------
// Recovery

const echo = Tool.make({
  description: "Echo",
  input: Schema.Struct({ n: Schema.Number }),
  output: Schema.Struct({ n: Schema.Number }),
  execute: ({ n }) => Effect.succeed({ n }),
})

/** Waits for `threads` live workers, then runs `2 x threads` mixed executions that must all succeed. */
export const expectRecovered = async (pool: WorkerPool, threads: number): Promise<void> => {
  const until = Date.now() + 10_000
  while (pool.threadCount !== threads && Date.now() < until) await sleep(20)
  expect(pool.threadCount).toBe(threads)
  const lua = CodeMode.make({ language: "lua", pool, tools: { probe: { echo } }, limits: { timeoutMs: 10_000 } })
  const js = CodeMode.make({ language: "javascript", pool, tools: { probe: { echo } }, limits: { timeoutMs: 10_000 } })
  const runs = Array.from({ length: 2 * threads }, (_, i) =>
    i % 2 === 0
      ? settled(lua, `return tools.probe.echo({ n = ${i} }).n + 1`)
      : settled(js, `const r = await tools.probe.echo({ n: ${i} }); r.n + 1`),
  )
  const results = await Promise.all(runs)
  expect(results.map((r) => (r.ok ? r.value : `${r.error.kind}: ${r.error.message}`))).toEqual(
    Array.from({ length: 2 * threads }, (_, i) => i + 1),
  )
  expect(pool.threadCount).toBe(threads)
}

export { CodeMode, Extension, Tool }
