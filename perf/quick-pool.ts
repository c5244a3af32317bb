/**
 * A quick look at the pool's costs, for profiling (not part of `npm run perf`): Piscina's empty
 * task 1,000 at once on 2 threads, then `return 1` 1,000 at once, 1,000 Lua programs x two
 * sequential 200 ms calls, and 1,000 JavaScript programs x two 200 ms calls (sequential awaits,
 * then `Promise.all`) on the default shared pool, each as a rate and a ratio.
 */
import { Effect } from "effect"
import { Piscina } from "piscina"
import { fileURLToPath } from "node:url"
import { acquireSharedPool, closeIdleSharedPool, releaseSharedPool } from "../pool/workers.js"
import { CodeMode } from "../index.js"
import { scaleTools } from "./scale.js"

const which = process.argv[2] ?? "all"
const rounds = Number(process.argv[3] ?? 3)
import { readdirSync, readFileSync } from "node:fs"
/** CPU ms of each thread of this process, by name (main, workers, others). */
const threadCpu = (): Map<string, number> => {
  const out = new Map<string, number>()
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8")
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      out.set(`${tid}:${name}`, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100)
    } catch {}
  }
  return out
}
const cpuReport = (before: Map<string, number>, after: Map<string, number>, n: number): string => {
  const groups = new Map<string, number>()
  for (const [k, v] of after) {
    const d = v - (before.get(k) ?? 0)
    if (d <= 0) continue
    const tid = Number(k.split(":")[0])
    const name = tid === process.pid ? "main" : k.split(":")[1]!
    groups.set(name, (groups.get(name) ?? 0) + d)
  }
  return [...groups].map(([k, v]) => `${k} ${((v * 1000) / n).toFixed(0)}us`).join(", ")
}
const rss = () => process.memoryUsage.rss() / 1_048_576
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const tools = scaleTools

async function piscinaRate(): Promise<number> {
  const noop = fileURLToPath(new URL("./fixtures/noop-worker.js", import.meta.url))
  const pool = new Piscina({ filename: noop, minThreads: 2, maxThreads: 2 })
  await Promise.all(Array.from({ length: 200 }, () => pool.run(null)))
  const rates: number[] = []
  for (let r = 0; r < rounds; r++) {
    const cpu0 = threadCpu()
    const t = performance.now()
    await Promise.all(Array.from({ length: 1000 }, () => pool.run(null)))
    rates.push(1000_000 / (performance.now() - t))
    console.error(`piscina cpu per task: ${cpuReport(cpu0, threadCpu(), 1000)}`)
  }
  await pool.destroy()
  return median(rates)
}

async function batch(rt: { execute(s: string): Effect.Effect<any> }, n: number, src: (i: number) => string, expect: (i: number) => unknown) {
  let peak = rss()
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 10)
  const cpu0 = threadCpu()
  const t = performance.now()
  const results = await Promise.all(Array.from({ length: n }, (_, i) => Effect.runPromise(rt.execute(src(i)))))
  const ms = performance.now() - t
  clearInterval(timer)
  if (n >= 1000) {
    const pool = acquireSharedPool()
    releaseSharedPool()
    console.error(`cpu per execution: ${cpuReport(cpu0, threadCpu(), n)}; threads ${pool.threadCount}, stats ${JSON.stringify(pool.stats)}`)
  }
  const lost = results.filter((r, i) => !r.ok || r.value !== expect(i)).length
  if (lost > 0) console.error("wrong:", JSON.stringify(results.find((r, i) => !r.ok || r.value !== expect(i))).slice(0, 300))
  return { rate: (n * 1000) / ms, peak, lost }
}

const lua = CodeMode.make({ language: "lua", tools, limits: { timeoutMs: 120_000, maxToolCalls: 1_000 } })
try {
  await batch(lua, 200, () => "return 1", () => 1)
  if (which === "all" || which === "trivial") {
    const floor = await piscinaRate()
    const rates: number[] = []
    for (let r = 0; r < rounds; r++) rates.push((await batch(lua, 1000, () => "return 1", () => 1)).rate)
    const ours = median(rates)
    console.log(`return 1 x1000: ${ours.toFixed(0)}/s, Piscina ${floor.toFixed(0)}/s, ratio ${(ours / floor).toFixed(2)}x`)
  }
  if (which === "all" || which === "seq") {
    const runs = []
    for (let r = 0; r < rounds; r++) {
      runs.push(await batch(lua, 1000, (i) => `local a = tools.svc.fetch({ ms = 200, n = ${i} }) local b = tools.svc.fetch({ ms = 200, n = 1 }) return a + b`, (i) => i + 1))
    }
    console.log(`lua seq x1000: ${median(runs.map((r) => r.rate)).toFixed(0)}/s (ideal 2500), peak ${Math.max(...runs.map((r) => r.peak)).toFixed(0)} MB, lost ${runs.reduce((n, r) => n + r.lost, 0)}`)
  }
  if (which === "all" || which === "js") {
    const js = CodeMode.make({ language: "javascript", tools, limits: { timeoutMs: 120_000, maxToolCalls: 1_000 } })
    try {
      const shapes = {
        sequential: (i: number) => `const a = await tools.svc.fetch({ ms: 200, n: ${i} }); const b = await tools.svc.fetch({ ms: 200, n: 1 }); return a + b`,
        "Promise.all": (i: number) => `const [a, b] = await Promise.all([tools.svc.fetch({ ms: 200, n: ${i} }), tools.svc.fetch({ ms: 200, n: 1 })]); return a + b`,
      }
      for (const [shape, src] of Object.entries(shapes)) {
        const runs = []
        for (let r = 0; r < rounds; r++) runs.push(await batch(js, 1000, src, (i) => i + 1))
        console.log(`js ${shape} x1000: ${median(runs.map((r) => r.rate)).toFixed(0)}/s, peak ${Math.max(...runs.map((r) => r.peak)).toFixed(0)} MB, lost ${runs.reduce((n, r) => n + r.lost, 0)}`)
      }
    } finally {
      await js.close()
    }
  }
} finally {
  await lua.close()
  await closeIdleSharedPool()
}
