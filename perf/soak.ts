/**
 * The soak: many executions at a fixed concurrency through the public API, every Result checked.
 *
 *     node dist/perf/soak.js --executions 20000 --concurrency 200 [--seed 1] [--threads N]
 *
 * Why a soak and not a benchmark. A runtime that is fast on one program can still lose a Result
 * when a worker dies next to a busy neighbour, leak a channel per timeout, or slowly grow its
 * memory. So the soak mixes every kind of ending a production host sees — fast programs, slow
 * tools, busy loops stopped by `timeoutMs`, memory bombs that kill their worker, runtime errors,
 * failing tools, tools with defects (Effect.die, a throw inside Effect.sync), tools that never
 * return and meet the timeout, both languages — and holds each Result against what its program must produce.
 * A Result that is missing (the execution never settled) or wrong (another value, another kind)
 * is a lost result; the run reports how many, and they must be zero.
 *
 * Each execution is drawn from a seeded generator, so a run is reproducible in its mix (not in
 * its timing). Memory bombs run on a small-heap pool of their own, as a host would isolate
 * untrusted heavy work; everything else shares one pool. Worker replacements are counted from the
 * Results that say a worker was replaced. RSS is the whole process (workers are threads in it),
 * sampled every 250 ms. Progress goes to stderr, the summary to stdout.
 */

import { Effect, Schema } from "effect"
import { pathToFileURL } from "node:url"
import { CodeMode, Tool, WorkerPool, type Result, type Runtime } from "../index.js"
import { formatRate, percentile } from "./report.js"

export interface SoakOptions {
  readonly executions: number
  readonly concurrency: number
  readonly seed?: number
  /** Threads of the main pool; default: the pool's own default. */
  readonly threads?: number
  /** Called after every settled execution (for a progress bar). */
  readonly onProgress?: (done: number, total: number, lost: number) => void
  /** An execution still unsettled this long after the last one settled is counted as lost. */
  readonly stallMs?: number
}

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
  readonly workerReplacements: number
  readonly rssMb: { readonly start: number; readonly middle: number; readonly end: number; readonly max: number }
  readonly lost: ReadonlyArray<string>
}

// ---------------------------------------------------------------------------------------------
// The tools every scenario may call

const sleepy = Tool.make({
  description: "Waits ms milliseconds, then echoes the token",
  input: Schema.Struct({ ms: Schema.Number, token: Schema.String }),
  output: Schema.Struct({ token: Schema.String, slept: Schema.Number }),
  execute: ({ ms, token }) => Effect.as(Effect.sleep(ms), { token, slept: ms }),
})

const failing = Tool.make({
  description: "Always fails with the given reason",
  input: Schema.Struct({ reason: Schema.String }),
  execute: ({ reason }) => Effect.fail(new Error(reason)),
})

/** Faults a production host meets: a tool with a bug (a defect, not a failure) and one that hangs. */
const defective = Tool.make({
  description: "Dies with a defect, or throws inside Effect.sync",
  input: Schema.Struct({ how: Schema.String, token: Schema.String }),
  execute: ({ how, token }) =>
    how === "die" ? Effect.die(new Error(`defect ${token}`)) : Effect.sync(() => { throw new TypeError(`thrown ${token}`) }),
})

const hanging = Tool.make({
  description: "Never returns",
  input: Schema.Struct({}),
  execute: () => Effect.never,
})

const tools = { soak: { sleepy, failing, defective, hanging } }

// ---------------------------------------------------------------------------------------------
// Scenarios: a program and what its Result must be

type RuntimeName = "lua" | "luaHurried" | "js" | "jsHurried" | "bombLua" | "bombJs"

interface Job {
  readonly scenario: string
  readonly runtime: RuntimeName
  readonly source: string
  /** A description of what is wrong with the Result, or undefined when it is right. */
  readonly check: (result: Result) => string | undefined
}

/** JSON text with object keys sorted, so two values compare by content, not key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )

const expectValue = (expected: unknown) => (result: Result): string | undefined => {
  if (!result.ok) return `expected value ${canonical(expected)}, got ${result.error.kind}: ${result.error.message}`
  return canonical(result.value) === canonical(expected) ? undefined : `expected ${canonical(expected)}, got ${canonical(result.value)}`
}

const expectError = (kind: string, message: RegExp) => (result: Result): string | undefined => {
  if (result.ok) return `expected ${kind}, got value ${JSON.stringify(result.value)}`
  if (result.error.kind !== kind) return `expected ${kind}, got ${result.error.kind}: ${result.error.message}`
  return message.test(result.error.message) ? undefined : `expected ${kind} matching ${message}, got: ${result.error.message}`
}

/** A small deterministic generator (mulberry32). */
export const random = (seed: number) => {
  let a = seed >>> 0
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Weights of the scenarios, in executions per thousand. */
const MIX: ReadonlyArray<readonly [number, (i: number, r: () => number) => Job]> = [
  [305, fastLua],
  [120, slowToolLua],
  [40, timeoutLua],
  [5, memoryBomb],
  [80, runtimeErrorLua],
  [60, toolFailureLua],
  [180, fastJs],
  [100, slowToolJs],
  [30, timeoutJs],
  [50, errorJs],
  [30, toolFailureJs],
  [20, toolDefect],
  [10, hangingTool],
]
const TOTAL_WEIGHT = MIX.reduce((sum, [w]) => sum + w, 0)

export function jobFor(i: number, r: () => number): Job {
  let pick = r() * TOTAL_WEIGHT
  for (const [weight, make] of MIX) {
    if (pick < weight) return make(i, r)
    pick -= weight
  }
  return fastLua(i, r)
}

const int = (r: () => number, below: number): number => Math.floor(r() * below)

function fastLua(i: number, r: () => number): Job {
  const a = int(r, 1000), b = int(r, 1000), n = 1 + int(r, 50)
  const source = `
    local t = {}
    for k = 1, ${n} do t[k] = k * ${a} end
    local s = ("x"):rep(${n})
    return { sum = ${a} * ${n} * (${n} + 1) // 2 == (function() local z = 0 for _, v in ipairs(t) do z = z + v end return z end)(), len = #s + ${b}, id = ${i} }`
  return { scenario: "lua fast", runtime: "lua", source, check: expectValue({ id: i, len: n + b, sum: true }) }
}

function slowToolLua(i: number, r: () => number): Job {
  const ms = 2 + int(r, 49)
  const source = `local a = tools.soak.sleepy({ ms = ${ms}, token = "t${i}" }) return a.token .. ":" .. a.slept`
  return { scenario: "lua slow tool", runtime: "lua", source, check: expectValue(`t${i}:${ms}`) }
}

function timeoutLua(i: number, r: () => number): Job {
  const source = r() < 0.5 ? `local n = 0 while true do n = n + 1 end` : `local ok = pcall(function() while true do end end) return ok`
  return { scenario: "lua timeout", runtime: "luaHurried", source, check: expectError("TimeoutExceeded", /timed out/) }
}

function memoryBomb(i: number, r: () => number): Job {
  if (r() < 0.5) {
    const source = `
      local all = {}
      for i = 1, 100000 do
        local t = {}
        for j = 1, 1000 do t[j] = i + j + 0.5 end
        all[i] = t
      end
      return #all`
    return { scenario: "memory bomb", runtime: "bombLua", source, check: expectError("ExecutionFailure", /memory/) }
  }
  const source = `const all = []; for (let i = 0; i < 100000; i++) { const t = []; for (let j = 0; j < 1000; j++) t.push(i + j + 0.5); all.push(t) } return all.length`
  return { scenario: "memory bomb", runtime: "bombJs", source, check: expectError("ExecutionFailure", /memory/) }
}

function runtimeErrorLua(i: number, r: () => number): Job {
  if (r() < 0.5) {
    return { scenario: "lua error", runtime: "lua", source: `local t = nil\nreturn t.x`, check: expectError("ExecutionFailure", /attempt to index a nil value/) }
  }
  return { scenario: "lua error", runtime: "lua", source: `error("boom${i}")`, check: expectError("ExecutionFailure", new RegExp(`^input:1: boom${i}$`)) }
}

function toolFailureLua(i: number, r: () => number): Job {
  if (r() < 0.5) {
    const source = `tools.soak.failing({ reason = "no${i}" }) return 1`
    return { scenario: "lua tool failure", runtime: "lua", source, check: expectError("ToolFailure", new RegExp(`no${i}`)) }
  }
  const source = `local ok, err = pcall(tools.soak.failing, { reason = "no${i}" }) return { ok = ok, caught = string.find(err, "no${i}", 1, true) ~= nil }`
  return { scenario: "lua tool failure", runtime: "lua", source, check: expectValue({ caught: true, ok: false }) }
}

function fastJs(i: number, r: () => number): Job {
  const a = int(r, 1000), n = 1 + int(r, 50)
  const source = `const xs = Array.from({ length: ${n} }, (_, k) => k * ${a}); return { total: xs.reduce((s, x) => s + x, 0), id: ${i}, text: \`n=\${xs.length}\` }`
  return { scenario: "js fast", runtime: "js", source, check: expectValue({ id: i, text: `n=${n}`, total: (a * (n - 1) * n) / 2 }) }
}

function slowToolJs(i: number, r: () => number): Job {
  const ms = [2 + int(r, 49), 2 + int(r, 49), 2 + int(r, 49)]
  const calls = ms.map((m, k) => `tools.soak.sleepy({ ms: ${m}, token: "t${i}_${k}" })`).join(", ")
  const source = `const rs = await Promise.all([${calls}]); return rs.map((x) => x.token + ":" + x.slept).join(",")`
  return { scenario: "js slow tools", runtime: "js", source, check: expectValue(ms.map((m, k) => `t${i}_${k}:${m}`).join(",")) }
}

function timeoutJs(i: number, r: () => number): Job {
  const source = r() < 0.5 ? `let n = 0; while (true) { n++ }` : `try { for (;;) {} } finally { let k = 0; while (true) k++ }`
  return { scenario: "js timeout", runtime: "jsHurried", source, check: expectError("TimeoutExceeded", /timed out/) }
}

function errorJs(i: number, r: () => number): Job {
  if (r() < 0.5) return { scenario: "js error", runtime: "js", source: `throw new RangeError("bad${i}")`, check: expectError("ExecutionFailure", new RegExp(`^RangeError: bad${i}$`)) }
  return { scenario: "js error", runtime: "js", source: `const o = undefined; return o.x`, check: expectError("ExecutionFailure", /TypeError/) }
}

function toolFailureJs(i: number, r: () => number): Job {
  if (r() < 0.5) {
    return { scenario: "js tool failure", runtime: "js", source: `await tools.soak.failing({ reason: "no${i}" }); return 1`, check: expectError("ToolFailure", new RegExp(`no${i}`)) }
  }
  const source = `try { await tools.soak.failing({ reason: "no${i}" }); return "not reached" } catch (e) { return e.message.includes("no${i}") }`
  return { scenario: "js tool failure", runtime: "js", source, check: expectValue(true) }
}

function toolDefect(i: number, r: () => number): Job {
  const how = r() < 0.5 ? "die" : "throw"
  const word = how === "die" ? "defect" : "thrown"
  if (r() < 0.5) {
    const source = `local ok, err = pcall(tools.soak.defective, { how = "${how}", token = "d${i}" }) return { ok = ok, caught = string.find(err, "${word} d${i}", 1, true) ~= nil }`
    return { scenario: "tool defect", runtime: "lua", source, check: expectValue({ caught: true, ok: false }) }
  }
  const source = `try { await tools.soak.defective({ how: "${how}", token: "d${i}" }); return "not reached" } catch (e) { return e.message.includes("${word} d${i}") }`
  return { scenario: "tool defect", runtime: "js", source, check: expectValue(true) }
}

function hangingTool(i: number, r: () => number): Job {
  if (r() < 0.5) {
    return { scenario: "hanging tool", runtime: "luaHurried", source: `return tools.soak.hanging({})`, check: expectError("TimeoutExceeded", /timed out/) }
  }
  return { scenario: "hanging tool", runtime: "jsHurried", source: `await tools.soak.hanging({}); 1`, check: expectError("TimeoutExceeded", /timed out/) }
}

// ---------------------------------------------------------------------------------------------
// The run

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { executions, concurrency } = options
  const stallMs = options.stallMs ?? 120_000
  const r = random(options.seed ?? 1)
  const pool = WorkerPool.make(options.threads === undefined ? {} : { maxThreads: options.threads, minThreads: Math.min(options.threads, 4) })
  const bombPool = WorkerPool.make({ maxThreads: 2, resourceLimits: { maxOldGenerationSizeMb: 32 } })
  const runtimes: Record<RuntimeName, Runtime<never>> = {
    lua: CodeMode.make({ language: "lua", tools, pool, limits: { timeoutMs: 120_000 } }),
    luaHurried: CodeMode.make({ language: "lua", tools, pool, limits: { timeoutMs: 50 } }),
    js: CodeMode.make({ language: "javascript", tools, pool, limits: { timeoutMs: 120_000 } }),
    jsHurried: CodeMode.make({ language: "javascript", tools, pool, limits: { timeoutMs: 50 } }),
    // Bombs queue behind each other on their two threads, and timeoutMs counts the queue: at a
    // high rate a 120 s limit expires before a late bomb starts, which says nothing about the pool.
    bombLua: CodeMode.make({ language: "lua", pool: bombPool, limits: { timeoutMs: 900_000 } }),
    bombJs: CodeMode.make({ language: "javascript", pool: bombPool, limits: { timeoutMs: 900_000 } }),
  }

  const rss: number[] = []
  const sampleRss = () => rss.push(process.memoryUsage().rss / 2 ** 20)
  sampleRss()
  const sampler = setInterval(sampleRss, 250)
  const latencies: number[] = []
  const scenarioLatencies: Record<string, number[]> = {}
  const byOutcome: Record<string, number> = {}
  const lost: string[] = []
  const pending = new Map<number, Job>()
  let replacements = 0
  let started = 0
  let done = 0
  let lastSettled = performance.now()
  const began = performance.now()

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
    pending.delete(i)
    const latency = performance.now() - t0
    latencies.push(latency)
    ;(scenarioLatencies[job.scenario] ??= []).push(latency)
    lastSettled = performance.now()
    const outcome = result.ok ? "ok" : result.error.kind
    byOutcome[outcome] = (byOutcome[outcome] ?? 0) + 1
    if (!result.ok && /replaced/.test(result.error.message)) replacements++
    const problem = job.check(result)
    if (problem !== undefined) lost.push(`#${i} ${job.scenario}: ${problem}\n    program: ${job.source.replace(/\s+/g, " ").trim()}`)
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
        void runOne(i, job).finally(() => {
          done++
          if (done === Math.floor(executions / 2)) midpointRss = process.memoryUsage().rss / 2 ** 20
          options.onProgress?.(done, executions, lost.length)
          launch()
          finishIfDone()
        })
      }
    }
    // A settled-nothing-for-stallMs watchdog: whatever is still pending then is lost, not waited on.
    stallTimer = setInterval(() => {
      if (performance.now() - lastSettled < stallMs || pending.size === 0) return
      for (const [i, job] of pending) lost.push(`#${i} ${job.scenario}: no Result after ${stallMs} ms\n    program: ${job.source.replace(/\s+/g, " ").trim()}`)
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
  for (const runtime of Object.values(runtimes)) await runtime.close()
  await Promise.all([pool.close(), bombPool.close()])

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
    workerReplacements: replacements,
    rssMb: { start: rss[0], middle: midpointRss || rss[Math.floor(rss.length / 2)], end: rss[rss.length - 1], max: Math.max(...rss) },
    lost,
  }
}

export function formatSoakReport(report: SoakReport, concurrency: number): string {
  const mb = (n: number) => `${Math.round(n)} MB`
  const counts = (o: Record<string, number>) => Object.entries(o).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(", ")
  const lines = [
    `executions:           ${report.executions} at concurrency ${concurrency}`,
    `duration:             ${report.seconds.toFixed(1)} s`,
    `throughput:           ${formatRate(report.throughput)}`,
    `latency:              p50 ${report.p50Ms.toFixed(1)} ms, p99 ${report.p99Ms.toFixed(1)} ms, max ${report.maxMs.toFixed(0)} ms`,
    `scenarios (count, p50/p99 ms):`,
    ...Object.entries(report.scenarioLatency)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, l]) => `  ${name.padEnd(18)} ${String(l.count).padStart(7)}  ${l.p50Ms.toFixed(1).padStart(8)} ${l.p99Ms.toFixed(1).padStart(9)}`),
    `outcomes:             ${counts(report.byOutcome)}`,
    `worker replacements:  ${report.workerReplacements}`,
    `RSS:                  start ${mb(report.rssMb.start)}, middle ${mb(report.rssMb.middle)}, end ${mb(report.rssMb.end)}, max ${mb(report.rssMb.max)}`,
    `lost/wrong results:   ${report.lost.length}`,
  ]
  const lostBy: Record<string, number> = {}
  for (const problem of report.lost) {
    const scenario = /^#\d+ ([^:]+):/.exec(problem)?.[1] ?? "?"
    lostBy[scenario] = (lostBy[scenario] ?? 0) + 1
  }
  if (report.lost.length > 0) lines.push(`  by scenario: ${counts(lostBy)}`)
  for (const problem of report.lost.slice(0, 50)) lines.push(`  ${problem}`)
  if (report.lost.length > 50) lines.push(`  ... and ${report.lost.length - 50} more`)
  return lines.join("\n")
}

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE = "usage: node dist/perf/soak.js --executions N --concurrency C [--seed S] [--threads T]"

function progressBar(done: number, total: number, lost: number, began: number): void {
  const width = 30
  const filled = Math.round((done / total) * width)
  const rate = done / ((performance.now() - began) / 1000)
  const rss = Math.round(process.memoryUsage().rss / 2 ** 20)
  process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} ${formatRate(rate)} rss ${rss} MB lost ${lost}   `)
}

async function main(args: ReadonlyArray<string>): Promise<number> {
  const flags = new Map<string, number>()
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i], value = Number(args[i + 1])
    if (!["--executions", "--concurrency", "--seed", "--threads"].includes(name) || !Number.isSafeInteger(value) || value < 0) {
      console.error(USAGE)
      return 2
    }
    flags.set(name, value)
  }
  const executions = flags.get("--executions") ?? 10_000
  const concurrency = flags.get("--concurrency") ?? 100
  const began = performance.now()
  let lastDraw = 0
  const report = await runSoak({
    executions,
    concurrency,
    seed: flags.get("--seed") ?? 1,
    threads: flags.get("--threads"),
    onProgress: (done, total, lost) => {
      if (done === total || performance.now() - lastDraw > 100) {
        lastDraw = performance.now()
        progressBar(done, total, lost, began)
      }
    },
  })
  process.stderr.write("\n")
  console.log(formatSoakReport(report, concurrency))
  return report.lost.length === 0 ? 0 : 1
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (error) => {
    console.error(error)
    process.exit(2)
  })
}
