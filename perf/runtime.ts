/**
 * The runtime scenario: how close our pool comes to the floors the machine and Piscina allow.
 *
 * The floors are measured first, by this same script and in this same process, so the comparison
 * never leans on a figure from another day or machine:
 *
 * - the raw Atomics round trip between a worker blocked in `Atomics.wait` and a host listening with
 *   `Atomics.waitAsync` (bare, then with a ~100-byte JSON frame each way) — the least a tool call
 *   through our bridge can cost;
 * - Piscina's own empty task, warm, on 2 workers: its latency one at a time (p50, p99) and its
 *   throughput with 1,000 submitted at once — the least an execution through our pool can cost.
 *
 * Then ours, through the public API only (`CodeMode.make`, `runtime.execute`, `Tool.make`): a tool
 * call's round trip, a warm `return 1`, throughput with 2 workers, throughput when every program
 * waits 20 ms on a tool (what the thread ceiling buys), and how long a terminated worker's
 * replacement takes to run its first program.
 *
 * Micro-latencies (round trips, one execution at a time) go through tinybench, which warms up,
 * samples for a fixed time and gives percentiles. Throughput and whole-program differences are
 * plain `performance.now()` around a batch: tinybench times one call at a time and would measure
 * the batch's mean, not the rate with everything in flight.
 */
import { Worker } from "node:worker_threads"
import { cpus } from "node:os"
import { Effect, Schema } from "effect"
import { Piscina } from "piscina"
import { Bench } from "tinybench"
import type { PingWorkerData, PingWorkerReport } from "./fixtures/ping-worker.js"
import { readFrame, REQUEST, RESPONSE, responseFrame, slotsOf, STOP, writeFrame, BUFFER_BYTES } from "./fixtures/ping-protocol.js"
import {
  formatDuration,
  formatRate,
  formatRatio,
  median,
  print,
  progress,
  renderTable,
  targetLine,
  verdictOf
} from "./report.js"

export interface RuntimeScenarioOptions {
  /** false for `floors`: measure only what the machine and Piscina can do. */
  readonly includeOurs: boolean
  /** Throughput batches per measure (the median is reported). */
  readonly rounds: number
  readonly quick: boolean
}

/** Latency statistics in milliseconds. */
interface Latency {
  readonly p50: number
  readonly p99: number
  readonly samples: number
}

/** A measure's value, or the sentence saying why there is none. */
type Measured<A> = A | { readonly failed: string }

const BATCH = 1_000
const POOL_THREADS = 2

export async function runRuntimeScenario(options: RuntimeScenarioOptions): Promise<void> {
  const sampleMs = options.quick ? 400 : 1_500
  const warmupMs = options.quick ? 100 : 300

  progress("floors: Atomics round trip (bare)")
  const atomicsBare = await attempt(() => measureAtomicsRoundTrip(false, sampleMs, warmupMs))
  progress("floors: Atomics round trip (100-byte JSON frame)")
  const atomicsFramed = await attempt(() => measureAtomicsRoundTrip(true, sampleMs, warmupMs))
  progress("floors: Piscina empty task")
  const piscina = await attempt(() => measurePiscina(options.rounds, sampleMs, warmupMs))
  print(renderFloors(atomicsBare, atomicsFramed, piscina, options.rounds))

  if (!options.includeOurs) return
  const api = await loadOurApi()
  if (typeof api === "string") {
    progress(`runtime: ${api}`)
    print(`## runtime: ours\n\nnot measured — ${api}`)
    return
  }
  const ours = await measureOurs(api, options, sampleMs, warmupMs)
  print(renderOurs(ours, atomicsBare, piscina, options.rounds))
}

// ---------------------------------------------------------------------------------------------
// Floor: the raw Atomics round trip

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
// Floor: Piscina's empty task

interface PiscinaFloor {
  readonly latency: Latency
  readonly tasksPerSecond: number
}

async function measurePiscina(rounds: number, timeMs: number, warmupMs: number): Promise<PiscinaFloor> {
  const pool = new Piscina({
    filename: new URL("./fixtures/noop-worker.js", import.meta.url).href,
    minThreads: POOL_THREADS,
    maxThreads: POOL_THREADS,
    idleTimeout: 60_000
  })
  try {
    await Promise.all(Array.from({ length: 200 }, () => pool.run(null))) // both workers started and warm
    const latency = await sampleLatency("piscina empty task", () => pool.run(null), timeMs, warmupMs)
    const rates: number[] = []
    for (let round = 0; round < rounds; round++) {
      rates.push(await ratePerSecond(() => Promise.all(Array.from({ length: BATCH }, () => pool.run(null)))))
    }
    return { latency, tasksPerSecond: median(rates) }
  } finally {
    await pool.destroy()
  }
}

// ---------------------------------------------------------------------------------------------
// Ours, through the public API

/** The slice of `index.ts` the harness uses; typed here because the module may not exist yet. */
interface OurApi {
  readonly CodeMode: { make(options: object): unknown }
  readonly Tool: { make(spec: object): unknown }
}
interface OurRuntime {
  execute(source: string): Effect.Effect<OurResult>
  close?(): unknown
}
type OurResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly kind: string; readonly message: string } }

async function loadOurApi(): Promise<OurApi | string> {
  const specifier = "../index.js" // computed, so the harness builds before index.ts exists
  try {
    const module = await import(specifier)
    if (typeof module.CodeMode?.make !== "function" || typeof module.Tool?.make !== "function") {
      return "index.js does not export CodeMode.make and Tool.make yet; only the floors were measured"
    }
    return module as OurApi
  } catch (error) {
    return `cannot load index.js (${describe(error)}); only the floors were measured`
  }
}

/**
 * The options our runtime is made with. The pool option's name and shape are the harness's best
 * guess at the pool's API (a thread count for a dedicated pool); if the pool spells it
 * differently, this is the one place to change.
 */
function ourRuntimeOptions(tools: object, threads: number | undefined): object {
  return {
    language: "lua",
    tools,
    limits: { timeoutMs: 60_000, maxToolCalls: 128 },
    ...(threads === undefined ? {} : { pool: { minThreads: threads, maxThreads: threads } })
  }
}

interface OursMeasured {
  readonly toolCall: Measured<number>
  readonly warmExecute: Measured<Latency>
  readonly executionsPerSecond: Measured<number>
  readonly waiting: Measured<{ readonly perSecond: number; readonly ceiling: string }>
  readonly replacement: Measured<Latency>
}

const TOOL_CALLS = 100 // under the default maxToolCalls (128)
const TOOL_WAIT_MS = 20

async function measureOurs(api: OurApi, options: RuntimeScenarioOptions, timeMs: number, warmupMs: number) {
  let hangStarted: () => void = () => {}
  const tools = {
    bench: {
      ping: api.Tool.make({
        description: "Answers at once",
        input: Schema.Struct({}),
        output: Schema.Number,
        execute: () => Effect.succeed(1)
      }),
      wait: api.Tool.make({
        description: `Answers after ${TOOL_WAIT_MS} ms`,
        input: Schema.Struct({}),
        output: Schema.Number,
        execute: () => Effect.map(Effect.sleep(TOOL_WAIT_MS), () => 1)
      }),
      hang: api.Tool.make({
        description: "Never answers; used to have a worker terminated",
        input: Schema.Struct({}),
        output: Schema.Number,
        execute: () => Effect.suspend(() => (hangStarted(), Effect.never))
      })
    }
  }

  const twoWorkers = await attempt(() => makeRuntime(api, tools, POOL_THREADS))
  let toolCall: Measured<number> = failedBecause(twoWorkers)
  let warmExecute: Measured<Latency> = failedBecause(twoWorkers)
  let executionsPerSecond: Measured<number> = failedBecause(twoWorkers)
  if (!isFailure(twoWorkers)) {
    const runtime = twoWorkers
    await attempt(() => Promise.all(Array.from({ length: 50 }, () => run(runtime, "return 1", 1))))
    progress("ours: tool call round trip")
    toolCall = await attempt(() => measureToolCall(runtime, options.quick ? 10 : 30))
    progress("ours: warm execute of `return 1`")
    warmExecute = await attempt(() => sampleLatency("execute return 1", () => run(runtime, "return 1", 1), timeMs, warmupMs))
    progress(`ours: ${BATCH} executions at once on ${POOL_THREADS} workers`)
    executionsPerSecond = await attempt(() => measureBatches(runtime, "return 1", options.rounds))
    await attempt(() => closeRuntime(runtime))
  }

  progress(`ours: ${BATCH} programs each waiting ${TOOL_WAIT_MS} ms on a tool (default thread ceiling)`)
  const waiting = await attempt(async () => {
    const runtime = await makeRuntime(api, tools, undefined)
    try {
      const perSecond = await measureBatches(runtime, "return tools.bench.wait({})", 1)
      return { perSecond, ceiling: threadCeilingOf(runtime) }
    } finally {
      await closeRuntime(runtime)
    }
  })

  progress("ours: replacement of a terminated worker")
  const replacement = await attempt(async () => {
    const runtime = await makeRuntime(api, tools, 1)
    try {
      return await measureReplacement(runtime, options.quick ? 2 : 5, (signal) => (hangStarted = signal))
    } finally {
      await closeRuntime(runtime)
    }
  })

  return { toolCall, warmExecute, executionsPerSecond, waiting, replacement } satisfies OursMeasured
}

/** Per-call cost: the same program with N calls and with none, medians, difference over N. */
async function measureToolCall(runtime: OurRuntime, repetitions: number): Promise<number> {
  const program = (calls: number) =>
    `local n = ${calls}\nfor i = 1, n do tools.bench.ping({}) end\nreturn n`
  const withCalls: number[] = []
  const withoutCalls: number[] = []
  for (let i = 0; i < repetitions + 3; i++) {
    const keep = i >= 3 // the first three of each are warm-up
    const a = await timed(() => run(runtime, program(TOOL_CALLS), TOOL_CALLS))
    const b = await timed(() => run(runtime, program(0), 0))
    if (keep) withCalls.push(a), withoutCalls.push(b)
  }
  return (median(withCalls) - median(withoutCalls)) / TOOL_CALLS
}

/** Median rate over `rounds` batches of BATCH executions submitted at once. */
async function measureBatches(runtime: OurRuntime, source: string, rounds: number): Promise<number> {
  const rates: number[] = []
  for (let round = 0; round < rounds; round++) {
    const batch = Effect.all(
      Array.from({ length: BATCH }, () => runtime.execute(source)),
      { concurrency: "unbounded" }
    )
    rates.push(await ratePerSecond(async () => (await Effect.runPromise(batch)).forEach((r) => expectValue(r, 1))))
  }
  return median(rates)
}

/**
 * A program blocked on a tool that never answers is interrupted by its caller, which (by design)
 * aborts its task and terminates its worker. With a one-worker pool the next program has to wait
 * for the replacement: the time from the interruption to that program's result is the measure.
 */
async function measureReplacement(
  runtime: OurRuntime,
  repetitions: number,
  onHang: (signal: () => void) => void
): Promise<Latency> {
  const times: number[] = []
  for (let i = 0; i < repetitions; i++) {
    await run(runtime, "return 1", 1) // the current worker is up and warm
    const started = new Promise<void>((resolve) => onHang(resolve))
    const controller = new AbortController()
    const hung = Effect.runPromise(runtime.execute("return tools.bench.hang({})"), { signal: controller.signal })
    await started
    const start = performance.now()
    controller.abort()
    await hung.then(
      () => {},
      () => {}
    )
    await run(runtime, "return 1", 1)
    times.push(performance.now() - start)
  }
  return { p50: median(times), p99: Math.max(...times), samples: times.length }
}

async function makeRuntime(api: OurApi, tools: object, threads: number | undefined): Promise<OurRuntime> {
  const made = api.CodeMode.make(ourRuntimeOptions(tools, threads))
  return (Effect.isEffect(made) ? await Effect.runPromise(made as Effect.Effect<unknown>) : made) as OurRuntime
}

async function closeRuntime(runtime: OurRuntime): Promise<void> {
  const closing = runtime.close?.()
  if (Effect.isEffect(closing)) await Effect.runPromise(closing as Effect.Effect<unknown>)
  else await closing
}

/** The thread ceiling, if the runtime says; the measured concurrency is printed beside it anyway. */
function threadCeilingOf(runtime: OurRuntime): string {
  const probe = runtime as { pool?: { maxThreads?: unknown }; maxThreads?: unknown; threads?: { max?: unknown } }
  const ceiling = probe.pool?.maxThreads ?? probe.maxThreads ?? probe.threads?.max
  return typeof ceiling === "number" ? String(ceiling) : "not exposed"
}

async function run(runtime: OurRuntime, source: string, expected: unknown): Promise<void> {
  expectValue(await Effect.runPromise(runtime.execute(source)), expected)
}

function expectValue(result: OurResult, expected: unknown): void {
  if (!result.ok) throw new Error(`execution failed: ${result.error.kind}: ${result.error.message}`)
  if (result.value !== expected) throw new Error(`execution returned ${JSON.stringify(result.value)}, expected ${JSON.stringify(expected)}`)
}

// ---------------------------------------------------------------------------------------------
// Measuring helpers

/** tinybench on one async operation at a time: warm-up, then samples for `timeMs`. */
async function sampleLatency(name: string, operation: () => Promise<unknown>, timeMs: number, warmupMs: number): Promise<Latency> {
  const bench = new Bench({ time: timeMs, warmupTime: warmupMs, throws: true })
  bench.add(name, operation)
  await bench.run()
  const result = bench.tasks[0].result
  if (result.state !== "completed") throw new Error(`tinybench ended in state ${result.state}`)
  return { p50: result.latency.p50, p99: result.latency.p99, samples: result.latency.samplesCount }
}

async function timed(operation: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await operation()
  return performance.now() - start
}

async function ratePerSecond(batch: () => Promise<unknown>): Promise<number> {
  return (BATCH * 1000) / (await timed(batch))
}

async function attempt<A>(measure: () => Promise<A>): Promise<Measured<A>> {
  try {
    return await measure()
  } catch (error) {
    progress(`  failed: ${describe(error)}`)
    return { failed: describe(error) }
  }
}

function isFailure<A>(measured: Measured<A>): measured is { readonly failed: string } {
  return typeof measured === "object" && measured !== null && "failed" in measured
}

const failedBecause = (measured: Measured<unknown>): { readonly failed: string } =>
  isFailure(measured) ? measured : { failed: "not measured" }

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

// ---------------------------------------------------------------------------------------------
// The tables

const machine = () => `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? "unknown cpu"}`

function renderFloors(
  bare: Measured<Latency>,
  framed: Measured<Latency>,
  piscina: Measured<PiscinaFloor>,
  rounds: number
): string {
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

function renderOurs(
  ours: OursMeasured,
  bare: Measured<Latency>,
  piscina: Measured<PiscinaFloor>,
  rounds: number
): string {
  const show = <A>(m: Measured<A>, format: (a: A) => string) => (isFailure(m) ? `failed: ${m.failed}` : format(m))
  const ratio = (ours: Measured<number>, floor: Measured<number>) =>
    isFailure(ours) || isFailure(floor) ? "-" : formatRatio(ours, floor)
  const bareP50: Measured<number> = isFailure(bare) ? bare : bare.p50
  const emptyP50: Measured<number> = isFailure(piscina) ? piscina : piscina.latency.p50
  const emptyP99: Measured<number> = isFailure(piscina) ? piscina : piscina.latency.p99
  const emptyRate: Measured<number> = isFailure(piscina) ? piscina : piscina.tasksPerSecond
  const warmP50: Measured<number> = isFailure(ours.warmExecute) ? ours.warmExecute : ours.warmExecute.p50
  const warmP99: Measured<number> = isFailure(ours.warmExecute) ? ours.warmExecute : ours.warmExecute.p99
  const waiting = ours.waiting

  const rows = [
    ["tool call round trip (per call)", show(ours.toolCall, formatDuration), `Atomics bare p50 ${show(bareP50, formatDuration)}`, ratio(ours.toolCall, bareP50), "<= 2x"],
    ["warm execute `return 1`, p50", show(warmP50, formatDuration), `Piscina empty p50 ${show(emptyP50, formatDuration)}`, ratio(warmP50, emptyP50), "<= 1.5x"],
    ["warm execute `return 1`, p99", show(warmP99, formatDuration), `Piscina empty p99 ${show(emptyP99, formatDuration)}`, ratio(warmP99, emptyP99), ""],
    [`executions/s, ${BATCH.toLocaleString("en-US")} at once, ${POOL_THREADS} workers`, show(ours.executionsPerSecond, formatRate), `Piscina ${show(emptyRate, formatRate)}`, ratio(ours.executionsPerSecond, emptyRate), ">= 0.8x"],
    [
      `executions/s, ${BATCH.toLocaleString("en-US")} each waiting ${TOOL_WAIT_MS} ms on a tool`,
      show(waiting, (w) => formatRate(w.perSecond)),
      show(waiting, (w) => `thread ceiling ${w.ceiling}; in flight ~${Math.round((w.perSecond * TOOL_WAIT_MS) / 1000)}`),
      "",
      ""
    ],
    ["terminated worker -> replacement's first result", show(ours.replacement, (r) => `${formatDuration(r.p50)} (max ${formatDuration(r.p99)})`), "", "", ""]
  ]
  const within = (m: Measured<number>, floor: Measured<number>, limit: number) =>
    isFailure(m) || isFailure(floor) ? undefined : m / floor <= limit
  const atLeast = (m: Measured<number>, floor: Measured<number>, share: number) =>
    isFailure(m) || isFailure(floor) ? undefined : m / floor >= share
  return [
    `## runtime: ours against the floors (throughput: median of ${rounds} batches)`,
    machine(),
    "",
    renderTable(["measure", "ours", "floor", "ours/floor", "target"], rows, new Set([1, 3])),
    "",
    targetLine(verdictOf(within(ours.toolCall, bareP50, 2)), "tool call within 2x the raw Atomics round trip", ratio(ours.toolCall, bareP50)),
    targetLine(verdictOf(within(warmP50, emptyP50, 1.5)), "warm trivial execute within 1.5x Piscina's empty task (p50)", ratio(warmP50, emptyP50)),
    targetLine(verdictOf(atLeast(ours.executionsPerSecond, emptyRate, 0.8)), "throughput at least 80% of Piscina's empty-task rate", ratio(ours.executionsPerSecond, emptyRate)),
    "",
    "ours/floor: how many times the floor we took (latency) or achieved (rate). In flight = rate x 20 ms, the concurrency actually reached."
  ].join("\n")
}
