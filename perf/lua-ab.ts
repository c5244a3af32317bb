/**
 * Two or more builds of our Lua engine against each other, run by run in one process, for engine
 * work on a machine other people are loading: a change is judged by the ratio of its CPU time to
 * the base build's in the run just before or after, which a slow patch of the machine moves for
 * both.
 *
 *     npm run build && node --expose-gc --no-allocation-site-pretenuring dist/perf/lua-ab.js \
 *       ROUNDS PROGRAMS BASE_DIST OTHER_DIST...       (PROGRAMS: name prefixes, `1_,2_`)
 *
 * The workloads are read from `CODEMODE_WORKLOADS`, else `../shared/workloads/lua` beside the
 * project (a git worktree elsewhere sets the variable). The flags are the worker's (see
 * worker/pretenuring.ts) and the forced collections'.
 *
 * Each `dist/` is imported as its own module graph, so the builds share the process and its load
 * but none of V8's feedback or optimized code. What V8 learns at a call site of the shared
 * compiled closures depends on every program that ran before (see compile/fused.ts), so every
 * build first runs all six workloads, and runs the untimed ones again every third round, as
 * `npm run perf -- lua` interleaves them. Timed runs alternate the order of the builds; a
 * collection is forced before each. The ratio column is the median of the per-run ratios to the
 * base build.
 *
 * One process is one sample of how V8 happened to optimize each build: between processes the
 * same build's ratio moves by 10-15%, so a change smaller than that needs several processes (and
 * the medians of their ratios) before it means anything.
 */

import { readFileSync, readdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"

type RunLua = (source: string, options: object) => { ok: boolean; error?: unknown }

const WORKLOADS = process.env.CODEMODE_WORKLOADS ?? new URL("../../../shared/workloads/lua", import.meta.url).pathname

const [roundsArgument, programsArgument, ...dists] = process.argv.slice(2)
const collect = (globalThis as { gc?: () => void }).gc
if (dists.length < 2 || collect === undefined) {
  console.error("usage: node --expose-gc --no-allocation-site-pretenuring dist/perf/lua-ab.js ROUNDS PROGRAMS BASE_DIST OTHER_DIST...")
  process.exit(2)
}
const rounds = Number(roundsArgument)
const prefixes = programsArgument!.split(",")

const engines: RunLua[] = []
for (const dist of dists) engines.push(((await import(pathToFileURL(resolve(dist, "worker/lua/index.js")).href)) as { runLua: RunLua }).runLua)

const programs = readdirSync(WORKLOADS)
  .filter((file) => file.endsWith(".lua"))
  .sort()
  .map((file) => ({ name: file.replace(/\.lua$/, ""), source: readFileSync(join(WORKLOADS, file), "utf8") }))
const timed = programs.filter((p) => prefixes.some((prefix) => p.name.startsWith(prefix)))
const untimed = programs.filter((p) => !timed.includes(p))

const runChecked = (run: RunLua, name: string, source: string): void => {
  const result = run(source, {})
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`)
}

for (const run of engines) for (const p of programs) runChecked(run, p.name, p.source)

/** cpu[build][program]: CPU ms of each timed run, in run order. */
const cpu = engines.map(() => new Map<string, number[]>())
for (let round = 0; round < rounds; round++) {
  if (round % 3 === 0) for (const run of engines) for (const p of untimed) runChecked(run, p.name, p.source)
  for (const p of timed) {
    const order = round % 2 === 0 ? engines.map((_, i) => i) : engines.map((_, i) => engines.length - 1 - i)
    for (const build of order) {
      collect()
      const start = process.cpuUsage()
      runChecked(engines[build]!, p.name, p.source)
      const spent = process.cpuUsage(start)
      const times = cpu[build]!.get(p.name) ?? []
      times.push((spent.user + spent.system) / 1000)
      cpu[build]!.set(p.name, times)
    }
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!
for (const p of timed) {
  const base = cpu[0]!.get(p.name)!
  const cells = dists.map((dist, build) => {
    const times = cpu[build]!.get(p.name)!
    const ratio = median(times.map((t, i) => t / base[i]!))
    return `${dist}: cpu ${median(times).toFixed(2)} ms, ratio ${ratio.toFixed(3)}`
  })
  console.log(`${p.name.padEnd(18)} ${cells.join(" | ")}`)
}
