/**
 * The scale scenario: what a high-concurrency agent backend gets from the default configuration.
 *
 * Every measure here goes through the public API on the process-wide shared pool, exactly as
 * `CodeMode.make` gives it (no `pool` option, nothing tuned), beside the floor or ideal it is
 * judged against, measured in the same run:
 *
 * - 1,000 programs at once, each making two sequential 200 ms tool calls (Lua; JavaScript with
 *   sequential awaits), and JavaScript with `Promise.all` over the two: executions per second
 *   against the tool-time ideal (1,000 / 0.4 s, and 1,000 / 0.2 s), with the process's peak RSS;
 * - 10,000 programs suspended at once (each waits 2 s on a tool): none lost, peak RSS;
 * - `return 1`, 1,000 at once: executions per second against Piscina's empty task on 2 threads;
 *   and one at a time (p50) against Piscina's empty task p50; a tool call's round trip against
 *   the bare Atomics frame (the floors, floors.ts);
 * - a program of 20 sequential 50 ms calls with 10 ms of compute between them, against its ideal
 *   (20 x 50 ms + 20 x 10 ms), alone and with 100 others like it in flight.
 *
 * RSS is sampled every 10 ms while a batch runs; the figure is the process's (worker threads
 * included), over what it was before the batch and in total.
 *
 * A backend runs for hours, so the bursts are timed warm: `WARM_ROUNDS` untimed rounds come first,
 * each with sources of its own (every program is new to the pool, as an agent's are), because V8
 * keeps optimizing the pool's and the engines' code for the first several thousand runs (a worker
 * spent about 3 ms of CPU per execution in the first round of 1,000 sequential Lua programs and
 * about 1.1 ms by the fifth). The first, cold round is shown beside the warm median.
 */

import { Effect, Schema } from "effect"
import { closeIdleSharedPool } from "../pool/workers.js"
import { CodeMode, Tool } from "../index.js"
import type { Floors } from "./floors.js"
import { isFailure, sampleLatency, type Latency } from "./measure.js"
import { formatDuration, formatRate, median, progress, renderTable, targetLine, verdictOf } from "./report.js"

const TOOL_MS = 200
const BURST = 1_000
const SUSPENDED = 10_000
/** Untimed rounds of each burst before the timed ones (see the essay). */
const WARM_ROUNDS = 3

interface Batch {
  readonly perSecond: number
  readonly peakRssMb: number
  readonly lost: number
  readonly elapsedMs: number
}

/** A burst timed warm: the median of the timed rounds, and the first (cold) round's rate. */
interface Burst extends Batch {
  readonly coldPerSecond: number
}

/** The scenarios' tools, shared with the profiling aids (quick-pool.ts, quick-chain.ts). */
export const scaleTools = {
  svc: {
    fetch: Tool.make({
      description: "Answers after ms milliseconds",
      input: Schema.Struct({ ms: Schema.Number, n: Schema.Number }),
      output: Schema.Number,
      execute: ({ ms, n }) => Effect.as(Effect.sleep(ms), n),
    }),
    ping: Tool.make({ description: "Answers at once", input: Schema.Struct({}), output: Schema.Number, execute: () => Effect.succeed(1) }),
  },
}

/** A runtime as the scenario uses it. */
interface Executes {
  execute(source: string): Effect.Effect<any, never, never>
}

// `memoryUsage.rss()` reads only the resident size: the full `memoryUsage()` walks every heap
// space, and sampled every 10 ms it took about 7% of the host thread in the 1,000-program batches.
const rssMb = () => process.memoryUsage.rss() / 1_048_576

/** Runs `count` programs at once; each must return `expected(i)`. */
async function batch(runtime: Executes, count: number, source: (i: number) => string, expected: (i: number) => unknown): Promise<Batch> {
  let peak = rssMb()
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10)
  const started = performance.now()
  const results = await Promise.all(Array.from({ length: count }, (_, i) => Effect.runPromise(runtime.execute(source(i)))))
  const elapsedMs = performance.now() - started
  clearInterval(sampler)
  peak = Math.max(peak, rssMb())
  const lost = results.filter((r, i) => !r.ok || r.value !== expected(i)).length
  if (lost > 0) {
    const first = results.find((r, i) => !r.ok || r.value !== expected(i))
    progress(`scale: ${lost} of ${count} wrong, e.g. ${JSON.stringify(first).slice(0, 300)}`)
  }
  return { perSecond: (count * 1000) / elapsedMs, peakRssMb: peak, lost, elapsedMs }
}

export interface ScaleOptions {
  readonly rounds: number
}

export async function runScaleScenario(options: ScaleOptions, floors: Floors | undefined): Promise<string> {
  const lua = CodeMode.make({ language: "lua", tools: scaleTools, limits: { timeoutMs: 120_000, maxToolCalls: 1_000 } })
  const js = CodeMode.make({ language: "javascript", tools: scaleTools, limits: { timeoutMs: 120_000 } })
  const rows: string[][] = []
  const targets: string[] = []
  const rounds = Math.max(1, Math.min(options.rounds, 3))
  try {
    // Warm the shared pool's threads and both engines.
    await batch(lua, 200, () => "return 1", () => 1)
    await batch(js, 200, () => "1", () => 1)

    // Every round's programs are new (`round` is in their source); what is lost in an untimed
    // round is lost all the same.
    const burst = async (label: string, runtime: Executes, source: (round: number, i: number) => string, expected: (round: number, i: number) => unknown): Promise<Burst> => {
      const all: Batch[] = []
      for (let round = 0; round < WARM_ROUNDS + rounds; round++) {
        progress(`scale: ${label} (${round < WARM_ROUNDS ? `untimed round ${round + 1}/${WARM_ROUNDS}` : `round ${round - WARM_ROUNDS + 1}/${rounds}`})`)
        all.push(await batch(runtime, BURST, (i) => source(round, i), (i) => expected(round, i)))
      }
      const timed = all.slice(WARM_ROUNDS)
      return {
        perSecond: median(timed.map((b) => b.perSecond)),
        peakRssMb: Math.max(...all.map((b) => b.peakRssMb)),
        lost: all.reduce((n, b) => n + b.lost, 0),
        elapsedMs: median(timed.map((b) => b.elapsedMs)),
        coldPerSecond: all[0]!.perSecond,
      }
    }
    const sum = (round: number, i: number) => i + round

    const luaSeq = await burst("1,000 Lua x two sequential 200 ms calls", lua, (round, i) => `local a = tools.svc.fetch({ ms = ${TOOL_MS}, n = ${i} }) local b = tools.svc.fetch({ ms = ${TOOL_MS}, n = ${round} }) return a + b`, sum)
    const jsSeq = await burst("1,000 JavaScript x two sequential awaits", js, (round, i) => `const a = await tools.svc.fetch({ ms: ${TOOL_MS}, n: ${i} }); const b = await tools.svc.fetch({ ms: ${TOOL_MS}, n: ${round} }); a + b`, sum)
    const jsAll = await burst("1,000 JavaScript x Promise.all over two calls", js, (round, i) => `const [a, b] = await Promise.all([tools.svc.fetch({ ms: ${TOOL_MS}, n: ${i} }), tools.svc.fetch({ ms: ${TOOL_MS}, n: ${round} })]); a + b`, sum)
    const seqIdeal = BURST / ((2 * TOOL_MS) / 1000)
    const allIdeal = BURST / (TOOL_MS / 1000)
    rows.push(["1,000 Lua, two sequential 200 ms calls", formatRate(luaSeq.perSecond), formatRate(seqIdeal), ratio(luaSeq.perSecond, seqIdeal), `${luaSeq.peakRssMb.toFixed(0)} MB`, String(luaSeq.lost), formatRate(luaSeq.coldPerSecond)])
    rows.push(["1,000 JavaScript, sequential awaits", formatRate(jsSeq.perSecond), formatRate(seqIdeal), ratio(jsSeq.perSecond, seqIdeal), `${jsSeq.peakRssMb.toFixed(0)} MB`, String(jsSeq.lost), formatRate(jsSeq.coldPerSecond)])
    rows.push(["1,000 JavaScript, Promise.all over two", formatRate(jsAll.perSecond), formatRate(allIdeal), ratio(jsAll.perSecond, allIdeal), `${jsAll.peakRssMb.toFixed(0)} MB`, String(jsAll.lost), formatRate(jsAll.coldPerSecond)])
    targets.push(targetLine(verdictOf(luaSeq.perSecond >= 0.8 * seqIdeal && luaSeq.peakRssMb <= 400), "Lua >= 0.8x ideal, peak RSS <= 400 MB", `${ratio(luaSeq.perSecond, seqIdeal)}, ${luaSeq.peakRssMb.toFixed(0)} MB`))
    targets.push(targetLine(verdictOf(jsSeq.perSecond >= 0.8 * seqIdeal), "JavaScript sequential >= 0.8x ideal", ratio(jsSeq.perSecond, seqIdeal)))
    targets.push(targetLine(verdictOf(jsAll.perSecond >= 0.8 * allIdeal), "JavaScript Promise.all >= 0.8x its ideal", ratio(jsAll.perSecond, allIdeal)))

    progress("scale: 10,000 programs suspended at once")
    const held = await batch(lua, SUSPENDED, (i) => `return tools.svc.fetch({ ms = 2000, n = ${i} })`, (i) => i)
    rows.push(["10,000 suspended at once (2 s call each)", formatRate(held.perSecond), formatRate(SUSPENDED / 2), ratio(held.perSecond, SUSPENDED / 2), `${held.peakRssMb.toFixed(0)} MB`, String(held.lost)])
    targets.push(targetLine(verdictOf(held.lost === 0 && held.peakRssMb <= 1024), "10,000 suspended: none lost, RSS <= 1 GB", `${held.lost} lost, ${held.peakRssMb.toFixed(0)} MB`))

    const trivial = await burst("return 1, 1,000 at once", lua, () => "return 1", () => 1)
    const piscinaRate = floors !== undefined && !isFailure(floors.piscina) ? floors.piscina.tasksPerSecond : undefined
    rows.push(["return 1, 1,000 at once", formatRate(trivial.perSecond), piscinaRate === undefined ? "n/a" : formatRate(piscinaRate), piscinaRate === undefined ? "n/a" : ratio(trivial.perSecond, piscinaRate), `${trivial.peakRssMb.toFixed(0)} MB`, String(trivial.lost), formatRate(trivial.coldPerSecond)])
    if (piscinaRate !== undefined) targets.push(targetLine(verdictOf(trivial.perSecond >= 0.8 * piscinaRate), "return 1 >= 0.8x Piscina's empty task (2 threads)", ratio(trivial.perSecond, piscinaRate)))

    progress("scale: warm return 1, one at a time")
    const warm: Latency = await sampleLatency("warm", () => Effect.runPromise(lua.execute("return 1")), 1_500, 300)
    const piscinaP50 = floors !== undefined && !isFailure(floors.piscina) ? floors.piscina.latency.p50 : undefined
    rows.push(["warm return 1, p50", formatDuration(warm.p50), piscinaP50 === undefined ? "n/a" : formatDuration(piscinaP50), piscinaP50 === undefined ? "n/a" : ratio(piscinaP50, warm.p50), "", ""])
    if (piscinaP50 !== undefined) targets.push(targetLine(verdictOf(warm.p50 <= 1.5 * piscinaP50), "warm p50 <= 1.5x Piscina's empty task", `${(warm.p50 / piscinaP50).toFixed(2)}x`))

    progress("scale: one tool call inside a program")
    const calls = 100
    const withCalls = await sampleLatency("calls", () => Effect.runPromise(lua.execute(`for i = 1, ${calls} do tools.svc.ping({}) end return 1`)), 1_500, 300)
    const perCall = Math.max(0, (withCalls.p50 - warm.p50) / calls)
    const frame = floors !== undefined && !isFailure(floors.atomicsFramed) ? floors.atomicsFramed.p50 : undefined
    rows.push(["one tool call round trip (p50 of 100)", formatDuration(perCall), frame === undefined ? "n/a" : formatDuration(frame), frame === undefined ? "n/a" : ratio(frame, perCall), "", ""])
    if (frame !== undefined) targets.push(targetLine(verdictOf(perCall <= 2 * frame), "a tool call <= 2x the bare frame", `${(perCall / frame).toFixed(2)}x`))

    // Lua has no clock: about 10 ms of compute is a loop calibrated on this machine.
    const spin = await calibrateSpin(lua)
    const chained = (i: number) => `local s = 0 for k = 1, 20 do for j = 1, ${spin} do s = s + j % 3 end tools.svc.fetch({ ms = 50, n = k }) end return ${i}`
    const ideal = 20 * 50 + 20 * 10
    progress("scale: 20 sequential 50 ms calls with 10 ms of compute between, alone")
    const alone = await batch(lua, 1, chained, (i) => i)
    progress("scale: the same with 100 others in flight")
    const crowd = await batch(lua, 101, chained, (i) => i)
    rows.push(["20 x (10 ms compute + 50 ms call), alone", formatDuration(alone.elapsedMs), formatDuration(ideal), ratio(ideal, alone.elapsedMs), "", String(alone.lost)])
    rows.push(["the same, 101 in flight", formatDuration(crowd.elapsedMs), formatDuration(ideal), ratio(ideal, crowd.elapsedMs), `${crowd.peakRssMb.toFixed(0)} MB`, String(crowd.lost)])
    targets.push(targetLine(verdictOf(alone.elapsedMs <= 1.2 * ideal), "chain alone within 1.2x of its ideal", `${(alone.elapsedMs / ideal).toFixed(2)}x`))
    targets.push(targetLine(verdictOf(crowd.elapsedMs <= 1.2 * ideal), "chain with 100 others within 1.2x of its ideal", `${(crowd.elapsedMs / ideal).toFixed(2)}x`))
  } finally {
    await lua.close()
    await js.close()
    await closeIdleSharedPool()
  }
  return [
    "## runtime: at scale, on the default shared pool",
    "",
    renderTable(["scenario", "ours", "ideal / floor", "ours/ideal", "peak RSS", "lost", "cold round"], rows),
    "",
    "(ours/ideal: rates as ours / ideal, times as ideal / ours; 1.0x is the ideal. The 2 cores also run the host.",
    ` The bursts are the median of timed rounds after ${WARM_ROUNDS} untimed ones, every round's programs new; "cold round" is the first.)`,
    "",
    ...targets,
  ].join("\n")
}

const ratio = (ours: number, ideal: number): string => `${(ours / ideal).toFixed(2)}x`

/** Iterations of a simple Lua loop that take about 10 ms in the pool. */
async function calibrateSpin(runtime: Executes): Promise<number> {
  const n = 2_000_000
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    await Effect.runPromise(runtime.execute(`local s = 0 for j = 1, ${n} do s = s + j % 3 end return s`))
    times.push(performance.now() - started)
  }
  return Math.max(1, Math.round((n * 10) / median(times)))
}
