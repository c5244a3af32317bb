#!/usr/bin/env node
/**
 * The full fuzz run: `node test/fuzz/run.mjs --language lua|javascript --count N --seed S`
 * (needs `npm run build`: the engines are taken from dist/).
 *
 * Program i uses seed S+i. Even seeds are generated programs (lua-generator.mjs /
 * js-generator.mjs), odd seeds mutated conformance cases (mutator.mjs); `--mode generate|mutate`
 * keeps one kind. Each runs in an engine thread with a deadline (`--deadline`, ms) and is held to
 * the invariants in check.mjs. Deterministic generated programs are then run by the real
 * interpreter — `lua5.4` through the conformance harness, or Node in a child process — and every
 * disagreement is reported (`--no-diff` skips this). A progress bar goes to stderr; the summary to
 * stdout; every finding, with its seed and reproducer, to a JSON file named at the end.
 * Exit status: 0 when there were no internal errors, hangs or crashes; 1 otherwise.
 */

import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Worker } from "node:worker_threads"
import { compareJs, compareLua, signature } from "./check.mjs"
import { generateJs } from "./js-generator.mjs"
import { generateLua } from "./lua-generator.mjs"
import { conformanceBodies, mutate } from "./mutator.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const HARD_STOP_MS = 15_000

const parseArgs = (argv) => {
  const o = { language: "lua", count: 1000, seed: 1, mode: "both", deadline: 1000, diff: true, out: undefined }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const next = () => argv[++i]
    if (a === "--language") o.language = next()
    else if (a === "--count") o.count = Number(next())
    else if (a === "--seed") o.seed = Number(next())
    else if (a === "--mode") o.mode = next()
    else if (a === "--deadline") o.deadline = Number(next())
    else if (a === "--no-diff") o.diff = false
    else if (a === "--out") o.out = next()
    else throw new Error(`unknown option ${a}\nusage: node test/fuzz/run.mjs --language lua|javascript --count N --seed S [--mode both|generate|mutate] [--deadline ms] [--no-diff] [--out file]`)
  }
  if (!["lua", "javascript"].includes(o.language)) throw new Error("--language is lua or javascript")
  return o
}

/** Which program seed `seed` stands for. */
export const programFor = (language, seed, mode, bodies) => {
  const generated = mode === "generate" || (mode === "both" && seed % 2 === 0)
  if (generated) return { origin: "generated", ...(language === "lua" ? generateLua(seed) : generateJs(seed)) }
  return { origin: "mutated", source: mutate(bodies[seed % bodies.length], seed, language, bodies), deterministic: false }
}

/** An engine thread that can be replaced when a program hangs it. */
class Engine {
  constructor() {
    this.start()
  }
  start() {
    this.worker = new Worker(join(here, "engine-worker.mjs"), { resourceLimits: { maxOldGenerationSizeMb: 1024 } })
    this.worker.unref()
  }
  run(language, source, deadlineMs) {
    return new Promise((resolve) => {
      const worker = this.worker
      let done = false
      const end = (value) => {
        if (done) return
        done = true
        clearTimeout(timer)
        worker.off("message", onMessage)
        worker.off("error", onError)
        resolve(value)
      }
      const onMessage = (m) => end(m)
      const onError = (error) => {
        end({ problems: [{ category: "crash", detail: `engine thread died: ${error?.message ?? error}` }] })
        this.start()
      }
      const timer = setTimeout(() => {
        end({ problems: [{ category: "hang", detail: `no Result after ${HARD_STOP_MS} ms (deadline ${deadlineMs} ms); engine thread terminated` }] })
        void worker.terminate()
        this.start()
      }, HARD_STOP_MS)
      worker.on("message", onMessage)
      worker.once("error", onError)
      worker.postMessage({ id: 0, language, source, deadlineMs })
    })
  }
  close() {
    return this.worker.terminate()
  }
}

const realLua = (source) => {
  const run = spawnSync(process.env.LUA ?? "lua5.4", [join(here, "../lua/conformance/harness.lua")], { input: source, timeout: 10_000, maxBuffer: 64 << 20 })
  if (run.status !== 0) return undefined
  try {
    return JSON.parse(run.stdout.toString("utf8"))
  } catch {
    return undefined
  }
}

const realNode = (sources) => {
  const run = spawnSync(process.execPath, [join(here, "node-oracle.mjs")], { input: JSON.stringify(sources), timeout: 60_000, maxBuffer: 256 << 20 })
  if (run.status !== 0) return sources.map(() => undefined)
  return JSON.parse(run.stdout.toString("utf8"))
}

const haveLua = () => spawnSync(process.env.LUA ?? "lua5.4", ["-v"]).status === 0

const bar = (done, total, findings) => {
  const width = 30
  const filled = Math.round((done / total) * width)
  process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} findings ${findings}   `)
}

const main = async () => {
  const o = parseArgs(process.argv.slice(2))
  const bodies = conformanceBodies(o.language)
  const engine = new Engine()
  const diffing = o.diff && (o.language === "javascript" || haveLua())
  const findings = []
  const outcomes = {}
  const origins = { generated: 0, mutated: 0 }
  let compared = 0
  const pendingNode = []
  const flushNode = () => {
    const reports = realNode(pendingNode.map((p) => p.source))
    pendingNode.forEach((p, k) => {
      if (reports[k] === undefined) return
      compared++
      const d = compareJs(p.result, reports[k])
      if (d !== undefined) findings.push({ seed: p.seed, origin: "generated", category: `disagreement:${d.category}`, expected: d.expected, actual: d.actual, source: p.source })
    })
    pendingNode.length = 0
  }
  const started = performance.now()
  for (let i = 0; i < o.count; i++) {
    const seed = o.seed + i
    const program = programFor(o.language, seed, o.mode, bodies)
    origins[program.origin]++
    const reply = await engine.run(o.language, program.source, o.deadline)
    const outcome = reply.result === undefined ? "none" : reply.result.ok ? "ok" : reply.result.error.kind
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
    for (const p of reply.problems) findings.push({ seed, origin: program.origin, category: p.category, detail: p.detail, source: program.source })
    if (diffing && program.deterministic && reply.problems.length === 0) {
      if (o.language === "lua") {
        const real = realLua(program.source)
        if (real !== undefined) {
          compared++
          const d = compareLua(reply.result, real)
          if (d !== undefined) findings.push({ seed, origin: "generated", category: `disagreement:${d.category}`, expected: d.expected, actual: d.actual, source: program.source })
        }
      } else {
        pendingNode.push({ seed, source: program.source, result: reply.result })
        if (pendingNode.length >= 200) flushNode()
      }
    }
    if (i % 10 === 0 || i === o.count - 1) bar(i + 1, o.count, findings.length)
  }
  if (pendingNode.length > 0) flushNode()
  await engine.close()
  process.stderr.write("\n")

  const count = (category) => findings.filter((f) => f.category === category).length
  const out = o.out ?? join(tmpdir(), `codemode-fuzz-${o.language}-${o.seed}-${o.count}.json`)
  writeFileSync(out, JSON.stringify(findings, null, 2))
  const lines = [
    `language:            ${o.language} (seeds ${o.seed}..${o.seed + o.count - 1}, deadline ${o.deadline} ms)`,
    `programs run:        ${o.count} (${origins.generated} generated, ${origins.mutated} mutated) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    `outcomes:            ${Object.entries(outcomes).sort().map(([k, v]) => `${k} ${v}`).join(", ")}`,
    `internal errors:     ${count("internal")}`,
    `hangs past deadline: ${count("hang")}`,
    `crashes:             ${count("crash")}`,
    `differential:        ${diffing ? `${compared} compared with ${o.language === "lua" ? "lua5.4" : "node"}` : "skipped"}; disagreements: output ${count("disagreement:output")}, value ${count("disagreement:value")}, message ${count("disagreement:message")}`,
    `findings written to: ${out}`,
  ]
  for (const f of findings.filter((f) => !f.category.startsWith("disagreement")).slice(0, 20)) lines.push(`  [${f.category}] seed ${f.seed} (${f.origin}): ${f.detail}`)
  // Disagreements grouped by cause: one line per signature, with how many seeds and the first one.
  const groups = new Map()
  for (const f of findings.filter((f) => f.category.startsWith("disagreement"))) {
    f.signature = signature(f.expected, f.actual)
    const g = groups.get(f.signature) ?? { count: 0, first: f }
    g.count++
    groups.set(f.signature, g)
  }
  writeFileSync(out, JSON.stringify(findings, null, 2))
  lines.push(`disagreement signatures: ${groups.size}`)
  for (const [sig, g] of [...groups].sort((a, b) => b[1].count - a[1].count)) lines.push(`  ${String(g.count).padStart(4)} x [${g.first.category}] first seed ${g.first.seed}: ${sig}`)
  console.log(lines.join("\n"))
  process.exitCode = count("internal") + count("hang") + count("crash") > 0 ? 1 : 0
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main().catch((e) => {
  console.error(e.message)
  process.exitCode = 2
})
