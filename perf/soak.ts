/**
 * The soak: many executions at a fixed concurrency through the public API, on the default shared
 * pool, with worker threads killed under them, every Result and every tool call checked.
 *
 *     node dist/perf/soak.js --executions 100000 --concurrency 1000 [--seed 7] [--kills K]
 *
 * Why a soak and not a benchmark. A runtime that is fast on one program can still lose a Result
 * when a worker dies next to a busy neighbour, call a tool twice when it replays a suspended
 * program, leak a channel per timeout, or slowly grow its memory. So the soak runs the mix of
 * soak-jobs.ts (mostly programs waiting on tools of 50 ms to 2 s, in both languages, sequential and
 * with `Promise.all`, beside every other kind of ending) and holds each execution to two promises:
 *
 * - exactly one right Result: a Result that never came (nothing settled for `stallMs`), or one
 *   that is not what the program must produce (its value, or its `toolCalls` listing a call
 *   again), is a lost result;
 * - exactly one invocation per logical tool call: the tools count their invocations by the call
 *   id the program passes in (soak-tools.ts), and a call made twice is a duplicate, a call the
 *   program must have made and never did is a lost call.
 *
 * The pool is the one a new user gets: `CodeMode.make` without a `pool` option, so the process's
 * shared pool with its defaults. The soak holds a reference to it (`acquireSharedPool`) to read
 * `pool.stats` and to kill its threads, and releases it at the end. Kills come at seeded points
 * of the run's progress (after the n-th settled execution), one at a time, each on a thread picked
 * by the same seeded generator, through `terminateThreadForTesting`: the way a crash would end a
 * thread, whatever it was doing. An execution whose worker was killed is run again from its log
 * (`pool.stats.recoveries`). Memory bombs run on a small-heap pool of their own, as a host would
 * isolate untrusted heavy work; bombs replacing their workers are counted from their Results.
 *
 * RSS is the whole process (workers are threads in it): sampled every 250 ms, and its peak as the
 * kernel counts it (`resourceUsage().maxRSS`). Progress goes to stderr, the summary to stdout.
 */

import { Effect } from "effect"
import { pathToFileURL } from "node:url"
import { CodeMode, WorkerPool, type Result, type Runtime } from "../index.js"
import { acquireSharedPool, closeIdleSharedPool, releaseSharedPool } from "../pool/workers.js"
import { formatRate, percentile } from "./report.js"
import { jobFor } from "./soak-jobs.js"
import { Invocations, random, soakTools, type Job, type RuntimeName } from "./soak-tools.js"

export { jobFor } from "./soak-jobs.js"
export { random } from "./soak-tools.js"

export interface SoakOptions {
  readonly executions: number
  readonly concurrency: number
  readonly seed?: number
  /** Worker threads of the shared pool killed during the run. Default: one per 500 executions. */
  readonly kills?: number
  /** Called after every settled execution (for a progress bar). */
  readonly onProgress?: (done: number, total: number, problems: number) => void
  /** An execution still unsettled this long after the last one settled is counted as lost. */
  readonly stallMs?: number
}

type PoolStats = WorkerPool["stats"]

export interface SoakReport {
  readonly executions: number
  readonly seconds: number
  readonly throughput: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly maxMs: number
  /** Per scenario: count, p50 and p99 latency in ms. */
  readonly scenarioLatency: Record<string, { readonly count: number; readonly p50Ms: number; readonly p99Ms: number }>
  readonly byOutcome: Record<string, number>
  /** The shared pool's and the bomb pool's `stats` over the run. */
  readonly sharedPool: PoolStats
  readonly bombPool: PoolStats
  /** Kills tried, and those that found a thread to terminate. */
  readonly kills: { readonly tried: number; readonly made: number }
  readonly workerReplacements: number
  /** Logical tool calls checked (`calls` and `mayCall` of every job). */
  readonly toolCalls: number
  readonly rssMb: { readonly start: number; readonly middle: number; readonly end: number; readonly max: number; readonly peak: number }
  /** Executions without their right Result. */
  readonly lost: ReadonlyArray<string>
  /** Calls a program must have made that never reached their tool. */
  readonly lostCalls: ReadonlyArray<string>
  /** Calls that reached their tool more than once, or that no program owns. */
  readonly duplicated: ReadonlyArray<string>
}

const oneLine = (source: string): string => source.replace(/\s+/g, " ").trim()

// ---------------------------------------------------------------------------------------------
// The run

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { executions, concurrency } = options
  const seed = options.seed ?? 1
  const stallMs = options.stallMs ?? 120_000
  const r = random(seed)
  const ledger = new Invocations()
  const tools = soakTools(ledger)
  const pool = acquireSharedPool()
  const before = { ...pool.stats }
  const bombPool = WorkerPool.make({ maxThreads: 2, resourceLimits: { maxOldGenerationSizeMb: 32 } })
  const runtimes: Record<RuntimeName, Runtime<never>> = {
    // timeoutMs counts the time queued behind the other executions in flight, which on a loaded
    // machine at concurrency 1,000 can pass a minute: the limit is for hangs, not for speed.
    lua: CodeMode.make({ language: "lua", tools, limits: { timeoutMs: 600_000 } }),
    luaHurried: CodeMode.make({ language: "lua", tools, limits: { timeoutMs: 50 } }),
    js: CodeMode.make({ language: "javascript", tools, limits: { timeoutMs: 600_000 } }),
    jsHurried: CodeMode.make({ language: "javascript", tools, limits: { timeoutMs: 50 } }),
    // Bombs queue behind each other on their two threads, and timeoutMs counts the queue: at a
    // high rate a 120 s limit expires before a late bomb starts, which says nothing about the pool.
    bombLua: CodeMode.make({ language: "lua", pool: bombPool, limits: { timeoutMs: 900_000 } }),
    bombJs: CodeMode.make({ language: "javascript", pool: bombPool, limits: { timeoutMs: 900_000 } }),
  }

  const rss: number[] = []
  const sampleRss = () => rss.push(process.memoryUsage.rss() / 2 ** 20)
  sampleRss()
  const sampler = setInterval(sampleRss, 250)
  const latencies: number[] = []
  const scenarioLatencies: Record<string, number[]> = {}
  const byOutcome: Record<string, number> = {}
  const lost: string[] = []
  const jobs: Job[] = []
  const pending = new Map<number, Job>()
  let replacements = 0
  let started = 0
  let done = 0
  let lastSettled = performance.now()
  const began = performance.now()

  // Kills: at seeded points of the progress, one at a time.
  const killRandom = random((seed ^ 0x5bd1e995) >>> 0)
  const killPoints = killSchedule(killRandom, executions, options.kills ?? Math.floor(executions / 500))
  const kills = { tried: 0, made: 0 }
  let killing = false
  const maybeKill = () => {
    if (killing || kills.tried >= killPoints.length || done < killPoints[kills.tried]!) return
    killing = true
    kills.tried++
    const index = Math.floor(killRandom() * Math.max(1, pool.threadCount))
    void pool.terminateThreadForTesting(index).then(
      (hit) => {
        if (hit) kills.made++
        killing = false
        maybeKill()
      },
      () => (killing = false),
    )
  }

  const runOne = async (i: number, job: Job): Promise<void> => {
    const t0 = performance.now()
    pending.set(i, job)
    let result: Result
    try {
      result = await Effect.runPromise(runtimes[job.runtime].execute(job.source))
    } catch (error) {
      pending.delete(i)
      lost.push(`#${i} ${job.scenario}: execute failed instead of giving a Result: ${String(error)}`)
      return
    }
    if (!pending.delete(i)) return // already counted as lost by the stall watchdog
    const latency = performance.now() - t0
    latencies.push(latency)
    ;(scenarioLatencies[job.scenario] ??= []).push(latency)
    lastSettled = performance.now()
    const outcome = result.ok ? "ok" : result.error.kind
    byOutcome[outcome] = (byOutcome[outcome] ?? 0) + 1
    if (!result.ok && /replaced/.test(result.error.message)) replacements++
    const problem = job.check(result, ledger) ?? listedCallsProblem(job, result)
    if (problem !== undefined) lost.push(`#${i} ${job.scenario}: ${problem}\n    program: ${oneLine(job.source)}`)
  }

  let midpointRss = 0
  await new Promise<void>((resolve) => {
    let stallTimer: ReturnType<typeof setInterval> | undefined
    const finishIfDone = () => {
      if (done < executions) return
      if (stallTimer !== undefined) clearInterval(stallTimer)
      resolve()
    }
    const launch = () => {
      while (started < executions && started - done < concurrency) {
        const i = started++
        const job = jobFor(i, r)
        jobs.push(job)
        void runOne(i, job).finally(() => {
          done++
          if (done === Math.floor(executions / 2)) midpointRss = process.memoryUsage.rss() / 2 ** 20
          options.onProgress?.(done, executions, lost.length)
          maybeKill()
          launch()
          finishIfDone()
        })
      }
    }
    // A settled-nothing-for-stallMs watchdog: whatever is still pending then is lost, not waited on.
    stallTimer = setInterval(() => {
      if (performance.now() - lastSettled < stallMs || pending.size === 0) return
      for (const [i, job] of pending) lost.push(`#${i} ${job.scenario}: no Result after ${stallMs} ms\n    program: ${oneLine(job.source)}`)
      done += pending.size
      pending.clear()
      started = executions
      finishIfDone()
    }, 1_000)
    launch()
    finishIfDone()
  })
  const seconds = (performance.now() - began) / 1000
  sampleRss()
  clearInterval(sampler)
  const after = { ...pool.stats }
  for (const runtime of Object.values(runtimes)) await runtime.close()
  await bombPool.close()
  releaseSharedPool()
  await closeIdleSharedPool()

  const { lostCalls, duplicated, checked } = auditCalls(jobs, ledger)
  return {
    executions,
    seconds,
    throughput: executions / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: Math.max(...latencies),
    scenarioLatency: Object.fromEntries(
      Object.entries(scenarioLatencies).map(([name, xs]) => [name, { count: xs.length, p50Ms: percentile(xs, 0.5), p99Ms: percentile(xs, 0.99) }]),
    ),
    byOutcome,
    sharedPool: { runs: after.runs - before.runs, suspensions: after.suspensions - before.suspensions, recoveries: after.recoveries - before.recoveries },
    bombPool: { ...bombPool.stats },
    kills,
    workerReplacements: replacements,
    toolCalls: checked,
    rssMb: {
      start: rss[0]!,
      middle: midpointRss || rss[Math.floor(rss.length / 2)]!,
      end: rss[rss.length - 1]!,
      max: Math.max(...rss),
      peak: process.resourceUsage().maxRSS / 1024,
    },
    lost,
    lostCalls,
    duplicated,
  }
}

/** `Result.toolCalls` must list each logical call once: a replay or a recovery never lists one again. */
const listedCallsProblem = (job: Job, result: Result): string | undefined => {
  const listed = result.toolCalls.filter((call) => call.kind === "tool").length
  const right = job.mayCall.length === 0 ? listed === job.calls.length : listed <= job.calls.length + job.mayCall.length
  return right ? undefined : `toolCalls lists ${listed} tool calls, the program made ${job.calls.length + job.mayCall.length}`
}

/** After how many settled executions each kill comes: `kills` points drawn between 5% and 95% of the run. */
export const killSchedule = (r: () => number, executions: number, kills: number): number[] =>
  Array.from({ length: kills }, () => Math.floor(executions * (0.05 + 0.9 * r()))).sort((a, b) => a - b)

/** Holds the tools' ledger against every job's calls: each exactly once (or at most once), nothing else. */
export function auditCalls(jobs: ReadonlyArray<Job>, ledger: Invocations) {
  const lostCalls: string[] = []
  const duplicated: string[] = []
  const owned = new Set<string>()
  for (const [i, job] of jobs.entries()) {
    for (const id of job.calls) {
      owned.add(id)
      const count = ledger.byId.get(id)?.count ?? 0
      if (count === 0) lostCalls.push(`#${i} ${job.scenario}: call ${id} never reached its tool\n    program: ${oneLine(job.source)}`)
    }
    for (const id of job.mayCall) owned.add(id)
  }
  for (const [id, invocation] of ledger.byId) {
    if (!owned.has(id)) duplicated.push(`call ${id} reached its tool but no program makes it (input ${JSON.stringify(invocation.input)})`)
    else if (invocation.count > 1) duplicated.push(`call ${id} reached its tool ${invocation.count} times (input ${JSON.stringify(invocation.input)})`)
  }
  return { lostCalls, duplicated, checked: owned.size }
}

export function formatSoakReport(report: SoakReport, concurrency: number): string {
  const mb = (n: number) => `${Math.round(n)} MB`
  const counts = (o: Record<string, number>) => Object.entries(o).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(", ")
  const stats = (s: PoolStats) => `runs ${s.runs}, suspensions ${s.suspensions}, recoveries ${s.recoveries}`
  const lines = [
    `executions:           ${report.executions} at concurrency ${concurrency}, default shared pool`,
    `wall time:            ${report.seconds.toFixed(1)} s`,
    `throughput:           ${formatRate(report.throughput)}`,
    `latency:              p50 ${report.p50Ms.toFixed(1)} ms, p99 ${report.p99Ms.toFixed(1)} ms, max ${report.maxMs.toFixed(0)} ms`,
    `scenarios (count, p50/p99 ms):`,
    ...Object.entries(report.scenarioLatency)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, l]) => `  ${name.padEnd(20)} ${String(l.count).padStart(7)}  ${l.p50Ms.toFixed(1).padStart(8)} ${l.p99Ms.toFixed(1).padStart(9)}`),
    `outcomes:             ${counts(report.byOutcome)}`,
    `shared pool:          ${stats(report.sharedPool)}`,
    `worker kills:         ${report.kills.made} made (${report.kills.tried} tried)`,
    `bomb pool:            ${stats(report.bombPool)}; ${report.workerReplacements} workers replaced after memory bombs`,
    `RSS:                  start ${mb(report.rssMb.start)}, middle ${mb(report.rssMb.middle)}, end ${mb(report.rssMb.end)}, ` +
      `max sampled ${mb(report.rssMb.max)}, peak ${mb(report.rssMb.peak)}`,
    `tool calls checked:   ${report.toolCalls}`,
    `lost:                 ${report.lost.length + report.lostCalls.length} ` +
      `(${report.lost.length} executions without their right Result, ${report.lostCalls.length} calls that never reached their tool)`,
    `duplicated:           ${report.duplicated.length} calls`,
  ]
  const lostBy: Record<string, number> = {}
  for (const problem of [...report.lost, ...report.lostCalls]) {
    const scenario = /^#\d+ ([^:]+):/.exec(problem)?.[1] ?? "?"
    lostBy[scenario] = (lostBy[scenario] ?? 0) + 1
  }
  if (report.lost.length + report.lostCalls.length > 0) lines.push(`  lost by scenario: ${counts(lostBy)}`)
  const problems = [...report.lost, ...report.lostCalls, ...report.duplicated]
  for (const problem of problems.slice(0, 50)) lines.push(`  ${problem}`)
  if (problems.length > 50) lines.push(`  ... and ${problems.length - 50} more`)
  return lines.join("\n")
}

export const soakPassed = (report: SoakReport): boolean =>
  report.lost.length === 0 && report.lostCalls.length === 0 && report.duplicated.length === 0

// ---------------------------------------------------------------------------------------------
// Command line

const FLAGS = ["--executions", "--concurrency", "--seed", "--kills", "--stall-ms"]
const USAGE = "usage: node dist/perf/soak.js --executions N --concurrency C [--seed S] [--kills K] [--stall-ms MS]"

function progressBar(done: number, total: number, problems: number, began: number): void {
  const width = 30
  const filled = Math.round((done / total) * width)
  const rate = done / ((performance.now() - began) / 1000)
  const rss = Math.round(process.memoryUsage.rss() / 2 ** 20)
  process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} ${formatRate(rate)} rss ${rss} MB lost ${problems}   `)
}

async function main(args: ReadonlyArray<string>): Promise<number> {
  const flags = new Map<string, number>()
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!, value = Number(args[i + 1])
    if (!FLAGS.includes(name) || !Number.isSafeInteger(value) || value < 0) {
      console.error(`${USAGE}\n(bad flag or value: ${name} ${args[i + 1] ?? ""})`)
      return 2
    }
    flags.set(name, value)
  }
  const executions = flags.get("--executions") ?? 10_000
  const concurrency = flags.get("--concurrency") ?? 100
  if (executions === 0 || concurrency === 0) {
    console.error(`${USAGE}\n(--executions and --concurrency must be at least 1)`)
    return 2
  }
  const began = performance.now()
  let lastDraw = 0
  const report = await runSoak({
    executions,
    concurrency,
    seed: flags.get("--seed") ?? 1,
    kills: flags.get("--kills"),
    stallMs: flags.get("--stall-ms"),
    onProgress: (done, total, problems) => {
      if (done === total || performance.now() - lastDraw > 100) {
        lastDraw = performance.now()
        progressBar(done, total, problems, began)
      }
    },
  })
  process.stderr.write("\n")
  console.log(formatSoakReport(report, concurrency))
  return soakPassed(report) ? 0 : 1
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (error) => {
    console.error(error)
    process.exit(2)
  })
}
