/**
 * A quick look at the chain scenario of `npm run perf -- runtime`, for profiling (not part of
 * `npm run perf`): 20 sequential 50 ms calls with about 10 ms of compute between them, alone and
 * with 100 others like it in flight, on the default shared pool; elapsed time against the ideal,
 * and what the pool did (runs, suspensions).
 */
import { Effect } from "effect"
import { acquireSharedPool, closeIdleSharedPool, releaseSharedPool } from "../pool/workers.js"
import { CodeMode } from "../index.js"
import { scaleTools } from "./scale.js"

const count = Number(process.argv[2] ?? 101)
const tools = scaleTools
const lua = CodeMode.make({ language: "lua", tools, limits: { timeoutMs: 120_000, maxToolCalls: 1_000 } })
const run = (source: string) => Effect.runPromise(lua.execute(source))
try {
  await Promise.all(Array.from({ length: 50 }, () => run("return 1")))
  const n = 2_000_000
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    await run(`local s = 0 for j = 1, ${n} do s = s + j % 3 end return s`)
    times.push(performance.now() - started)
  }
  const spin = Math.max(1, Math.round((n * 10) / times.sort((a, b) => a - b)[2]!))
  const chained = (i: number) => `local s = 0 for k = 1, 20 do for j = 1, ${spin} do s = s + j % 3 end tools.svc.fetch({ ms = 50, n = k }) end return ${i}`
  const pool = acquireSharedPool()
  releaseSharedPool()
  for (const size of [1, count]) {
    const before = { ...pool.stats }
    const started = performance.now()
    const results = await Promise.all(Array.from({ length: size }, (_, i) => run(chained(i))))
    const ms = performance.now() - started
    const lost = results.filter((r, i) => !r.ok || r.value !== i).length
    const firstDone = ms
    console.log(
      `${size} chain(s): ${ms.toFixed(0)} ms (${(ms / 1200).toFixed(2)}x ideal), lost ${lost}, runs ${pool.stats.runs - before.runs}, ` +
        `suspensions ${pool.stats.suspensions - before.suspensions}, threads ${pool.threadCount}` + (lost > 0 ? ` e.g. ${JSON.stringify(results.find((r, i) => !r.ok || r.value !== i)).slice(0, 200)}` : ""),
    )
    void firstDone
  }
} finally {
  await lua.close()
  await closeIdleSharedPool()
}
