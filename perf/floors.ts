/**
 * The floors: the least a tool call and an execution can cost on this machine, measured by the
 * same script and in the same process as ours, so a ratio never leans on another day's figure.
 *
 * - The raw Atomics round trip: a worker blocked in `Atomics.wait`, a host listening with
 *   `Atomics.waitAsync` — our bridge's pattern with nothing else in it — bare, then with a ~100-byte
 *   JSON frame each way (see fixtures/ping-protocol.ts).
 * - Piscina's own empty task on 2 warm workers: latency one at a time (p50, p99) and throughput
 *   with 1,000 submitted at once. The pool is left open for the caller, which interleaves more of
 *   its batches with ours so both sides of the throughput ratio see the same machine.
 */
import { Worker } from "node:worker_threads"
import { Piscina } from "piscina"
import type { PingWorkerData, PingWorkerReport } from "./fixtures/ping-worker.js"
import { BUFFER_BYTES, readFrame, REQUEST, RESPONSE, responseFrame, slotsOf, STOP, writeFrame } from "./fixtures/ping-protocol.js"
import {
  attempt,
  BATCH,
  isFailure,
  machine,
  POOL_THREADS,
  ratePerSecond,
  sampleLatency,
  type Latency,
  type Measured
} from "./measure.js"
import { formatDuration, formatRate, median, progress, renderTable } from "./report.js"

export interface Floors {
  readonly atomicsBare: Measured<Latency>
  readonly atomicsFramed: Measured<Latency>
  readonly piscina: Measured<PiscinaFloor>
}

export async function measureFloors(rounds: number, timeMs: number, warmupMs: number): Promise<Floors> {
  progress("floors: Atomics round trip (bare)")
  const atomicsBare = await attempt(() => measureAtomicsRoundTrip(false, timeMs, warmupMs))
  progress("floors: Atomics round trip (100-byte JSON frame)")
  const atomicsFramed = await attempt(() => measureAtomicsRoundTrip(true, timeMs, warmupMs))
  progress("floors: Piscina empty task")
  const piscina = await attempt(() => measurePiscina(rounds, timeMs, warmupMs))
  return { atomicsBare, atomicsFramed, piscina }
}

// ---------------------------------------------------------------------------------------------
// The raw Atomics round trip

type WaitAsync = (
  view: Int32Array,
  index: number,
  value: number
) => { async: false; value: string } | { async: true; value: Promise<string> }
/** `Atomics.waitAsync` exists in Node 20 but not in the ES2022 library typings. */
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync

async function measureAtomicsRoundTrip(framed: boolean, timeMs: number, warmupMs: number): Promise<Latency> {
  const buffer = new SharedArrayBuffer(BUFFER_BYTES)
  const workerData: PingWorkerData = { buffer, framed, timeMs, warmupMs }
  const worker = new Worker(new URL("./fixtures/ping-worker.js", import.meta.url), { workerData })
  const releaseHost = () => {
    Atomics.store(slotsOf(buffer), REQUEST, STOP)
    Atomics.notify(slotsOf(buffer), REQUEST)
  }
  const report = new Promise<PingWorkerReport>((resolve, reject) => {
    worker.once("message", resolve)
    worker.once("error", (error) => (releaseHost(), reject(error)))
    worker.once("exit", (code) => (releaseHost(), reject(new Error(`ping worker exited with code ${code}`))))
  })
  await answerPings(buffer, framed)
  const result = await report
  await worker.terminate()
  if (!result.ok) throw new Error(result.error)
  return { p50: result.p50, p99: result.p99, samples: result.samples }
}

/** The host end: wakes on each request without blocking the event loop, answers, notifies. */
async function answerPings(buffer: SharedArrayBuffer, framed: boolean): Promise<void> {
  const slots = slotsOf(buffer)
  let seen = 0
  for (;;) {
    // Resolves once the worker stores a new sequence number and notifies (or at once if it already has).
    const wake = waitAsync(slots, REQUEST, seen)
    if (wake.async) await wake.value
    const sequence = Atomics.load(slots, REQUEST)
    if (sequence === STOP) return
    if (sequence === seen) continue
    seen = sequence
    if (framed) writeFrame(buffer, responseFrame(JSON.parse(readFrame(buffer)) as { id: number }))
    // Publishes the response frame; the worker's Atomics.wait on RESPONSE returns.
    Atomics.store(slots, RESPONSE, sequence)
    Atomics.notify(slots, RESPONSE)
  }
}

// ---------------------------------------------------------------------------------------------
// Piscina's empty task

export interface PiscinaFloor {
  readonly latency: Latency
  readonly tasksPerSecond: number
  /** One more batch of BATCH empty tasks, for throughput rounds interleaved with ours. */
  readonly batch: () => Promise<unknown>
  close(): Promise<void>
}

async function measurePiscina(rounds: number, timeMs: number, warmupMs: number): Promise<PiscinaFloor> {
  const pool = new Piscina({
    filename: new URL("./fixtures/noop-worker.js", import.meta.url).href,
    minThreads: POOL_THREADS,
    maxThreads: POOL_THREADS,
    idleTimeout: 60_000
  })
  const batch = () => Promise.all(Array.from({ length: BATCH }, () => pool.run(null)))
  try {
    await Promise.all(Array.from({ length: 200 }, () => pool.run(null))) // both workers started and warm
    const latency = await sampleLatency("piscina empty task", () => pool.run(null), timeMs, warmupMs)
    const rates: number[] = []
    for (let round = 0; round < rounds; round++) rates.push(await ratePerSecond(batch))
    // Left open: the runtime scenario interleaves more of its batches with ours.
    return { latency, tasksPerSecond: median(rates), batch, close: () => pool.destroy() }
  } catch (error) {
    await pool.destroy()
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// The table

export function renderFloors({ atomicsBare: bare, atomicsFramed: framed, piscina }: Floors, rounds: number): string {
  const latencyRow = (name: string, m: Measured<Latency>) =>
    isFailure(m) ? [name, `failed: ${m.failed}`, "", ""] : [name, formatDuration(m.p50), formatDuration(m.p99), String(m.samples)]
  const rows = [
    latencyRow("Atomics round trip, bare (worker waits, host waitAsync)", bare),
    latencyRow("Atomics round trip, ~100-byte JSON frame each way", framed),
    latencyRow(`Piscina empty task, warm, one at a time (${POOL_THREADS} workers)`, isFailure(piscina) ? piscina : piscina.latency),
    isFailure(piscina)
      ? [`Piscina throughput`, `failed: ${piscina.failed}`, "", ""]
      : [`Piscina throughput, ${BATCH.toLocaleString("en-US")} at once on ${POOL_THREADS} workers`, formatRate(piscina.tasksPerSecond), "", `${rounds} batches`]
  ]
  return [
    "## runtime floors",
    machine(),
    "",
    renderTable(["floor", "p50 (or rate)", "p99", "samples"], rows, new Set([1, 2, 3]))
  ].join("\n")
}
