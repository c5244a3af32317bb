/**
 * The runtime scenario: how close our pool comes to the floors the machine and Piscina allow.
 *
 * The floors (floors.ts) are measured first, by this same script in this same process. Then ours,
 * through the public API only (`CodeMode.make`, `WorkerPool.make`, `Tool.make`,
 * `runtime.execute`): a tool call's round trip, a warm `return 1`, throughput with 2 workers
 * (batches alternating with Piscina's), throughput when every program waits 20 ms on a tool (what
 * the thread ceiling buys), and how long a terminated worker's replacement takes to run its first
 * program. Each measure runs on a pool of its own, so its thread count is known.
 *
 * Micro-latencies (one execution at a time) go through tinybench, which warms up, samples for a
 * fixed time and gives percentiles. Throughput and whole-program differences are plain
 * `performance.now()` around a batch: tinybench times one call at a time and would measure the
 * batch's mean, not the rate with everything in flight.
 *
 * The runtime is imported by a computed specifier, so this harness builds and measures the floors
 * even while `index.ts` does not; if it cannot be loaded, or cannot run `return 1`, the scenario
 * says so and stops after the floors.
 */
import { Effect, Schema } from "effect"
import { measureFloors, renderFloors, type Floors } from "./floors.js"
import { runScaleScenario } from "./scale.js"
import {
  attempt,
  BATCH,
  describe,
  failedBecause,
  isFailure,
  machine,
  POOL_THREADS,
  ratePerSecond,
  sampleLatency,
  timed,
  type Latency,
  type Measured
} from "./measure.js"
import { formatDuration, formatRate, formatRatio, median, print, progress, renderTable, targetLine, verdictOf } from "./report.js"

export interface RuntimeScenarioOptions {
  /** false for `floors`: measure only what the machine and Piscina can do. */
  readonly includeOurs: boolean
  /** Throughput batches per measure (the median is reported). */
  readonly rounds: number
  readonly quick: boolean
}

export async function runRuntimeScenario(options: RuntimeScenarioOptions): Promise<void> {
  const sampleMs = options.quick ? 400 : 1_500
  const warmupMs = options.quick ? 100 : 300
  const floors = await measureFloors(options.rounds, sampleMs, warmupMs)
  try {
    print(renderFloors(floors, options.rounds))
    if (options.includeOurs) {
      await runOurs(options, sampleMs, warmupMs, floors)
      print(await runScaleScenario({ rounds: options.rounds }, floors))
    }
  } finally {
    if (!isFailure(floors.piscina)) await floors.piscina.close()
  }
}

async function runOurs(options: RuntimeScenarioOptions, sampleMs: number, warmupMs: number, floors: Floors): Promise<void> {
  const api = await loadOurApi()
  if (typeof api === "string") {
    progress(`runtime: ${api}`)
    print(`## runtime: ours\n\nnot measured — ${api}`)
    return
  }
  const ours = await measureOurs(api, options, sampleMs, warmupMs, isFailure(floors.piscina) ? undefined : floors.piscina.batch)
  if (typeof ours === "string") {
    progress(`runtime: ${ours}`)
    print(`## runtime: ours\n\nnot measured — ${ours}`)
    return
  }
  print(renderOurs(ours, floors, options.rounds))
}

// ---------------------------------------------------------------------------------------------
// Ours, through the public API

/** The slice of `index.ts` the harness uses; typed here because the module may not build yet. */
interface OurApi {
  readonly CodeMode: { make(options: object): OurRuntime }
  readonly Tool: { make(spec: object): unknown }
  readonly WorkerPool?: { make(options?: object): OurPool }
}
interface OurRuntime {
  execute(source: string): Effect.Effect<OurResult>
  close(): Promise<void>
}
interface OurPool {
  readonly maxThreads: number
  close(): Promise<void>
}
type OurResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly kind: string; readonly message: string } }

async function loadOurApi(): Promise<OurApi | string> {
  const specifier = "../index.js" // computed, so the harness builds even while index.ts does not
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

/** A runtime on a pool of its own (so thread counts are known), and how to put both away. */
interface OurSetup {
  readonly runtime: OurRuntime
  /** The pool's thread ceiling, as the pool reports it. */
  readonly ceiling: string
  close(): Promise<void>
}

/**
 * `threads` fixes the pool at that many workers; undefined takes the pool's defaults (the same
 * ones the process-wide shared pool uses). Without `WorkerPool` the runtime borrows the shared pool.
 */
async function openOurs(api: OurApi, tools: object, threads: number | undefined): Promise<OurSetup> {
  const pool = api.WorkerPool?.make(threads === undefined ? {} : { minThreads: threads, maxThreads: threads })
  const runtime = api.CodeMode.make({
    language: "lua",
    tools,
    limits: { timeoutMs: 60_000, maxToolCalls: 128 },
    ...(pool === undefined ? {} : { pool })
  })
  return {
    runtime,
    ceiling: pool === undefined ? "shared pool's default" : String(pool.maxThreads),
    close: async () => {
      await runtime.close()
      await pool?.close()
    }
  }
}

interface OursMeasured {
  readonly toolCall: Measured<number>
  readonly warmExecute: Measured<Latency>
  /** Ours and Piscina's empty task, in alternating batches (medians of each). */
  readonly executionsPerSecond: Measured<{ readonly ours: number; readonly floor: number | undefined }>
  readonly waiting: Measured<{ readonly perSecond: number; readonly ceiling: string }>
  readonly replacement: Measured<Latency>
}

const TOOL_CALLS = 100 // under the default maxToolCalls (128)
const TOOL_WAIT_MS = 20

async function measureOurs(
  api: OurApi,
  options: RuntimeScenarioOptions,
  timeMs: number,
  warmupMs: number,
  floorBatch: (() => Promise<unknown>) | undefined
): Promise<OursMeasured | string> {
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

  // Preflight: if our runtime cannot run `return 1`, nothing below would measure anything.
  const preflight = await attempt(async () => {
    const setup = await openOurs(api, tools, 1)
    try {
      await run(setup.runtime, "return 1", 1)
    } finally {
      await setup.close()
    }
  })
  if (isFailure(preflight)) return `our runtime cannot run \`return 1\` (${preflight.failed}); only the floors were measured`

  const twoWorkers = await attempt(() => openOurs(api, tools, POOL_THREADS))
  let toolCall: Measured<number> = failedBecause(twoWorkers)
  let warmExecute: Measured<Latency> = failedBecause(twoWorkers)
  let executionsPerSecond: OursMeasured["executionsPerSecond"] = failedBecause(twoWorkers)
  if (!isFailure(twoWorkers)) {
    const { runtime } = twoWorkers
    // Both workers started and warm (engines loaded, catalog snapshot received) before any clock.
    await attempt(() => Promise.all(Array.from({ length: 50 }, () => run(runtime, "return 1", 1))))
    progress("ours: tool call round trip")
    toolCall = await attempt(() => measureToolCall(runtime, options.quick ? 10 : 30))
    progress("ours: warm execute of `return 1`")
    warmExecute = await attempt(() => sampleLatency("execute return 1", () => run(runtime, "return 1", 1), timeMs, warmupMs))
    progress(`ours: ${BATCH} executions at once on ${POOL_THREADS} workers, alternating with Piscina's batches`)
    executionsPerSecond = await attempt(() => measureThroughput(runtime, floorBatch, options.rounds))
    await attempt(() => twoWorkers.close())
  }

  progress(`ours: ${BATCH} programs each waiting ${TOOL_WAIT_MS} ms on a tool (default thread ceiling)`)
  const waiting = await attempt(async () => {
    const setup = await openOurs(api, tools, undefined)
    try {
      // One untimed batch first, so every worker up to the ceiling is started and warm.
      await measureBatches(setup.runtime, "return tools.bench.wait({})", 1, 1)
      const perSecond = await measureBatches(setup.runtime, "return tools.bench.wait({})", 1, options.quick ? 1 : 2)
      return { perSecond, ceiling: setup.ceiling }
    } finally {
      await setup.close()
    }
  })

  progress("ours: replacement of a terminated worker")
  const replacement = await attempt(async () => {
    const setup = await openOurs(api, tools, 1)
    try {
      return await measureReplacement(setup.runtime, options.quick ? 2 : 5, (signal) => (hangStarted = signal))
    } finally {
      await setup.close()
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
async function measureBatches(runtime: OurRuntime, source: string, expected: unknown, rounds: number): Promise<number> {
  const rates: number[] = []
  for (let round = 0; round < rounds; round++) {
    const batch = Effect.all(
      Array.from({ length: BATCH }, () => runtime.execute(source)),
      { concurrency: "unbounded" }
    )
    rates.push(await ratePerSecond(async () => (await Effect.runPromise(batch)).forEach((r) => expectValue(r, expected))))
  }
  return median(rates)
}

/**
 * Batches of `return 1`, each followed by a batch of Piscina's empty task when there is one, so a
 * slow patch of the machine hits both sides of the ratio alike.
 */
async function measureThroughput(
  runtime: OurRuntime,
  floorBatch: (() => Promise<unknown>) | undefined,
  rounds: number
): Promise<{ ours: number; floor: number | undefined }> {
  const ours: number[] = []
  const floor: number[] = []
  for (let round = 0; round < rounds; round++) {
    ours.push(await measureBatches(runtime, "return 1", 1, 1))
    if (floorBatch !== undefined) floor.push(await ratePerSecond(floorBatch))
  }
  return { ours: median(ours), floor: floor.length > 0 ? median(floor) : undefined }
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

async function run(runtime: OurRuntime, source: string, expected: unknown): Promise<void> {
  expectValue(await Effect.runPromise(runtime.execute(source)), expected)
}

function expectValue(result: OurResult, expected: unknown): void {
  if (!result.ok) throw new Error(`execution failed: ${result.error.kind}: ${result.error.message}`)
  if (result.value !== expected) throw new Error(`execution returned ${JSON.stringify(result.value)}, expected ${JSON.stringify(expected)}`)
}

// ---------------------------------------------------------------------------------------------
// The table

function renderOurs(
  ours: OursMeasured,
  { atomicsBare: bare, piscina }: Floors,
  rounds: number
): string {
  const show = <A>(m: Measured<A>, format: (a: A) => string) => (isFailure(m) ? `failed: ${m.failed}` : format(m))
  const ratio = (ours: Measured<number>, floor: Measured<number>) =>
    isFailure(ours) || isFailure(floor) ? "-" : formatRatio(ours, floor)
  const bareP50: Measured<number> = isFailure(bare) ? bare : bare.p50
  const emptyP50: Measured<number> = isFailure(piscina) ? piscina : piscina.latency.p50
  const emptyP99: Measured<number> = isFailure(piscina) ? piscina : piscina.latency.p99
  const throughput = ours.executionsPerSecond
  const ourRate: Measured<number> = isFailure(throughput) ? throughput : throughput.ours
  const emptyRate: Measured<number> = isFailure(piscina)
    ? piscina
    : !isFailure(throughput) && throughput.floor !== undefined
      ? throughput.floor
      : piscina.tasksPerSecond
  const warmP50: Measured<number> = isFailure(ours.warmExecute) ? ours.warmExecute : ours.warmExecute.p50
  const warmP99: Measured<number> = isFailure(ours.warmExecute) ? ours.warmExecute : ours.warmExecute.p99
  const waiting = ours.waiting

  const rows = [
    ["tool call round trip (per call)", show(ours.toolCall, formatDuration), `Atomics bare p50 ${show(bareP50, formatDuration)}`, ratio(ours.toolCall, bareP50), "<= 2x"],
    ["warm execute `return 1`, p50", show(warmP50, formatDuration), `Piscina empty p50 ${show(emptyP50, formatDuration)}`, ratio(warmP50, emptyP50), "<= 1.5x"],
    ["warm execute `return 1`, p99", show(warmP99, formatDuration), `Piscina empty p99 ${show(emptyP99, formatDuration)}`, ratio(warmP99, emptyP99), ""],
    [`executions/s, ${BATCH.toLocaleString("en-US")} at once, ${POOL_THREADS} workers`, show(ourRate, formatRate), `Piscina ${show(emptyRate, formatRate)} (alternating)`, ratio(ourRate, emptyRate), ">= 0.8x"],
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
    targetLine(verdictOf(atLeast(ourRate, emptyRate, 0.8)), "throughput at least 80% of Piscina's empty-task rate", ratio(ourRate, emptyRate)),
    "",
    "ours/floor: how many times the floor we took (latency) or achieved (rate). In flight = rate x 20 ms, the concurrency actually reached."
  ].join("\n")
}
