#!/usr/bin/env node
/**
 * Quick timing of the JavaScript engine on the six shared workloads, and the cost of a realm.
 * Not the benchmark (that is `npm run perf -- js`, side by side with peers); a check while
 * developing. Run after `npm run build`:  node perf/js-quick.mjs [rounds]
 */

import { readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { runJavaScript } from "../dist/worker/javascript/index.js"

const dir = new URL("../../shared/workloads/js/", import.meta.url).pathname
const rounds = Number(process.argv[2] ?? 5)
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]

for (const file of readdirSync(dir).filter((f) => f.endsWith(".js")).sort()) {
  const source = readFileSync(join(dir, file), "utf8")
  runJavaScript(source)
  const times = []
  let result
  for (let i = 0; i < rounds; i++) {
    const t = performance.now()
    result = runJavaScript(source)
    times.push(performance.now() - t)
  }
  const value = result.ok ? JSON.stringify(result.value) : `${result.error.kind}: ${result.error.message}`
  console.log(`${file.padEnd(22)} ${median(times).toFixed(1).padStart(8)} ms   ${value}`)
}

const n = 2000
for (let i = 0; i < n; i++) runJavaScript("1")
const t = performance.now()
for (let i = 0; i < n; i++) runJavaScript("1")
console.log(`${"empty program".padEnd(22)} ${(((performance.now() - t) / n) * 1000).toFixed(1).padStart(8)} µs (parse + realm + compile + run)`)
