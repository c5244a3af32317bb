/**
 * What every runtime measure shares: its result types and the few ways of taking a number.
 *
 * A measure that throws does not stop the scenario: `attempt` turns the error into a `{ failed }`
 * value that the table prints in the measure's cell, so one broken path still leaves the others'
 * numbers on screen.
 */
import { cpus } from "node:os"
import { Bench } from "tinybench"
import { progress } from "./report.js"

/** Executions (or tasks) submitted at once in a throughput batch. */
export const BATCH = 1_000
/** Workers in the pools whose latency and throughput are compared. */
export const POOL_THREADS = 2

/** Latency statistics in milliseconds. */
export interface Latency {
  readonly p50: number
  readonly p99: number
  readonly samples: number
}

/** A measure's value, or the sentence saying why there is none. */
export type Measured<A> = A | { readonly failed: string }

/** tinybench on one async operation at a time: warm-up, then samples for `timeMs`. */
export async function sampleLatency(name: string, operation: () => Promise<unknown>, timeMs: number, warmupMs: number): Promise<Latency> {
  const bench = new Bench({ time: timeMs, warmupTime: warmupMs, throws: true })
  bench.add(name, operation)
  await bench.run()
  const result = bench.tasks[0].result
  if (result.state !== "completed") throw new Error(`tinybench ended in state ${result.state}`)
  return { p50: result.latency.p50, p99: result.latency.p99, samples: result.latency.samplesCount }
}

export async function timed(operation: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await operation()
  return performance.now() - start
}

export async function ratePerSecond(batch: () => Promise<unknown>): Promise<number> {
  return (BATCH * 1000) / (await timed(batch))
}

export async function attempt<A>(measure: () => Promise<A>): Promise<Measured<A>> {
  try {
    return await measure()
  } catch (error) {
    progress(`  failed: ${describe(error)}`)
    return { failed: describe(error) }
  }
}

export function isFailure<A>(measured: Measured<A>): measured is { readonly failed: string } {
  return typeof measured === "object" && measured !== null && "failed" in measured
}

export const failedBecause = (measured: Measured<unknown>): { readonly failed: string } =>
  isFailure(measured) ? measured : { failed: "not measured" }

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export const machine = (): string =>
  `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown cpu"}`
