/**
 * A quick timing of our Lua engine alone on the six workloads, for engine work between full runs
 * of `npm run perf -- lua` (which compares against fengari and wasmoon side by side).
 *
 *     npm run build && node dist/perf/lua-quick.js [rounds] [name-prefix...]
 *
 * Each workload runs `rounds` times (default 7) after one warm-up run; the median is printed with
 * the fastest run, the median CPU time (less sensitive to other load on the machine; it includes
 * V8's helper threads), the target the engine is held to and the checksum verdict. Times include parse, compile, library set-up
 * and the result conversion: what one `runLua` call costs.
 */

import { readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { runLua } from "../worker/lua/index.js"

const WORKLOADS = process.env.CODEMODE_WORKLOADS ?? new URL("../../../shared/workloads/lua", import.meta.url).pathname

const TARGETS_MS: Record<string, number> = {
  "1_fib": 40,
  "2_loop": 120,
  "3a_concat_naive": 600,
  "3b_concat_buffer": 15,
  "4_records": 650,
  "5_json": 570,
}

const CHECKSUMS: Record<string, string> = {
  "1_fib": "75025",
  "2_loop": "6000001",
  "3a_concat_naive": "200000",
  "3b_concat_buffer": "200000",
  "4_records": "9802450000",
  "5_json": "2270358:201089292",
}

const rounds = Number(process.argv[2] ?? 7)
const only = process.argv.slice(3)

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

for (const file of readdirSync(WORKLOADS).filter((f) => f.endsWith(".lua")).sort()) {
  const name = file.replace(/\.lua$/, "")
  if (only.length > 0 && !only.some((p) => name.startsWith(p))) continue
  const source = readFileSync(join(WORKLOADS, file), "utf8")
  const times: number[] = []
  const cpuTimes: number[] = []
  let answer = ""
  for (let i = 0; i <= rounds; i++) {
    const start = performance.now()
    const cpu = process.cpuUsage()
    const result = runLua(source)
    const elapsed = performance.now() - start
    const used = process.cpuUsage(cpu)
    if (i > 0) {
      times.push(elapsed)
      cpuTimes.push((used.user + used.system) / 1000)
    }
    answer = result.ok ? String(result.value) : `${result.error.kind}: ${result.error.message}`
  }
  const ms = median(times)
  const fastest = Math.min(...times)
  const cpuMs = median(cpuTimes)
  const target = TARGETS_MS[name]
  const verdict = answer === CHECKSUMS[name] ? "ok" : `WRONG (${answer})`
  console.log(
    `${name.padEnd(18)} ${ms.toFixed(1).padStart(8)} ms (min ${fastest.toFixed(1).padStart(7)}, cpu ${cpuMs.toFixed(1).padStart(7)})   target < ${String(target ?? "?").padStart(4)} ms ${
      target !== undefined && ms < target ? "  met" : "  MISSED"
    }   ${verdict}`,
  )
}
