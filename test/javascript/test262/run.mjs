#!/usr/bin/env node
/**
 * test262 against the built JavaScript engine (`dist/`, so run `npm run build` first):
 *
 *   node test/javascript/test262/run.mjs <test262 folder> [dir ...] [options]
 *
 * `dir` filters are paths under `test/` (`built-ins/Array`, `language/statements/for-of`); without
 * one, the default set of directories this engine aims at runs. Tests run in a pool of worker
 * threads (one per core), each test with a deadline of its own; a worker that stops answering is
 * terminated and replaced, and its test fails as "hung".
 *
 * The report: pass rate per directory (over the tests that apply — skips are counted apart, by
 * reason), the most common failure causes with file counts, and — against known-failures.txt — the
 * NEW failures (not listed) and the FIXED ones (listed, now passing). The exit code is 1 when there
 * is a new failure. `--write-known` rewrites the list from this run (see known-failures.mjs).
 * Progress goes to stderr; the report to stdout.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { cpus } from "node:os"
import { join, resolve } from "node:path"
import { Worker } from "node:worker_threads"
import { causeOf, isKnown, loadKnownFailures, tidy, writeKnownFailures } from "./known-failures.mjs"

const DEFAULT_DIRS = [
  "built-ins/Array", "built-ins/Object", "built-ins/JSON", "built-ins/String", "built-ins/Promise",
  "built-ins/Map", "built-ins/Set", "built-ins/Math", "built-ins/Number", "built-ins/RegExp", "built-ins/Date",
  "built-ins/Reflect", "built-ins/Symbol", "built-ins/Boolean", "built-ins/Error", "built-ins/NativeErrors",
  "built-ins/BigInt", "built-ins/Iterator", "built-ins/GeneratorPrototype", "built-ins/AsyncGeneratorPrototype",
  "built-ins/ArrayBuffer", "built-ins/DataView", "built-ins/TypedArray", "built-ins/TypedArrayConstructors",
  "language/expressions", "language/statements", "language/arguments-object", "language/block-scope",
  "language/destructuring", "language/function-code", "language/literals", "language/rest-parameters",
  "language/computed-property-names", "language/types", "language/identifier-resolution"
]
const USAGE = `usage: node test/javascript/test262/run.mjs <test262 folder> [dir ...] [options]

  --timeout MS      per-test deadline (default 3000)
  --workers N       worker threads (default: one per core)
  --depth N         report directories N levels under test/ (default: 2 for built-ins, 3 for language)
  --top N           failure causes shown (default 40)
  --write-known     rewrite known-failures.txt from this run's failures
  --list-failures   print every failing path with its message`

function parseCli(argv) {
  const cli = { root: undefined, dirs: [], timeoutMs: 3000, workers: cpus().length, depth: undefined, top: 40, writeKnown: false, listFailures: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const number = () => {
      const n = Number(argv[++i])
      if (!Number.isInteger(n) || n < 1) throw new Error(`${arg} needs a whole number >= 1`)
      return n
    }
    if (arg === "--timeout") cli.timeoutMs = number()
    else if (arg === "--workers") cli.workers = number()
    else if (arg === "--depth") cli.depth = number()
    else if (arg === "--top") cli.top = number()
    else if (arg === "--write-known") cli.writeKnown = true
    else if (arg === "--list-failures") cli.listFailures = true
    else if (arg === "--help" || arg === "-h") throw new Error(USAGE)
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg}\n\n${USAGE}`)
    else if (cli.root === undefined) cli.root = resolve(arg)
    else cli.dirs.push(arg.replace(/^test\//, "").replace(/\/$/, ""))
  }
  if (cli.root === undefined) throw new Error(USAGE)
  if (cli.dirs.length === 0) cli.dirs = DEFAULT_DIRS
  return cli
}

/** Every test file under the directories, as paths relative to `test/`; fixtures are not tests. */
function listTests(root, dirs) {
  const found = []
  const walk = (relative) => {
    const full = join(root, "test", relative)
    if (statSync(full).isFile()) {
      if (relative.endsWith(".js") && !relative.includes("_FIXTURE")) found.push(relative)
      return
    }
    for (const entry of readdirSync(full).sort()) walk(`${relative}/${entry}`)
  }
  for (const dir of dirs) walk(dir)
  return [...new Set(found)]
}

/** harness/features.yml: which features an include needs (`isConstructor.js: [Reflect.construct]`). */
function readIncludeFeatures(root) {
  const map = {}
  for (const line of readFileSync(join(root, "harness", "features.yml"), "utf8").split("\n")) {
    const row = /^([\w.]+?)(\.js)?:\s*\[(.*)\]/.exec(line)
    if (row !== null) map[`${row[1]}.js`] = row[3].split(",").map((s) => s.trim()).filter(Boolean)
  }
  return map
}

/** Runs every test in a pool of workers; calls `done(path, outcome)` as each finishes. */
function runPool(cli, tests, done) {
  const workerData = { root: cli.root, options: { timeoutMs: cli.timeoutMs, includeFeatures: readIncludeFeatures(cli.root) } }
  const watchdogMs = cli.timeoutMs + 15_000 // the engine's own deadline should always come first
  let next = 0
  let running = 0
  return new Promise((finish) => {
    const start = () => {
      const worker = new Worker(new URL("./worker.mjs", import.meta.url), { workerData, resourceLimits: { maxOldGenerationSizeMb: 1024 } })
      let current
      let timer
      const give = () => {
        if (next >= tests.length) {
          current = undefined
          worker.removeAllListeners()
          void worker.terminate()
          if (--running === 0) finish()
          return
        }
        current = tests[next++]
        timer = setTimeout(() => replace(`hung: no answer within ${watchdogMs} ms, worker terminated`), watchdogMs)
        worker.postMessage(current)
      }
      const replace = (message) => {
        clearTimeout(timer)
        worker.removeAllListeners()
        void worker.terminate()
        if (current !== undefined) done(current, { status: "fail", message })
        running--
        start()
      }
      worker.on("message", (outcome) => {
        clearTimeout(timer)
        done(current, outcome)
        give()
      })
      worker.on("error", (error) => replace(`worker crashed: ${error?.message ?? error}`))
      worker.on("exit", (code) => replace(`worker exited with code ${code}`))
      running++
      give()
    }
    for (let i = 0; i < Math.min(cli.workers, tests.length); i++) start()
    if (tests.length === 0) finish()
  })
}

function directoryOf(path, depth) {
  const parts = path.split("/")
  const levels = depth ?? (parts[0] === "language" ? 3 : 2)
  return parts.slice(0, Math.min(levels, parts.length - 1)).join("/")
}

function report(cli, outcomes, known) {
  const out = []
  const byDir = new Map()
  const skips = new Map()
  const causes = new Map()
  for (const [path, { status, message }] of outcomes) {
    const dir = directoryOf(path, cli.depth)
    const row = byDir.get(dir) ?? { pass: 0, fail: 0, skip: 0 }
    row[status]++
    byDir.set(dir, row)
    if (status === "skip") skips.set(message, (skips.get(message) ?? 0) + 1)
    if (status === "fail") {
      const cause = causeOf(message)
      const row = causes.get(cause) ?? { count: 0, dirs: new Map() }
      row.count++
      const where = path.slice(0, path.lastIndexOf("/"))
      row.dirs.set(where, (row.dirs.get(where) ?? 0) + 1)
      causes.set(cause, row)
    }
  }
  const rate = (row) => (row.pass + row.fail === 0 ? "-" : `${((100 * row.pass) / (row.pass + row.fail)).toFixed(1)}%`)
  const total = { pass: 0, fail: 0, skip: 0 }
  out.push("| directory | pass | fail | skipped | pass rate |", "| --- | ---: | ---: | ---: | ---: |")
  for (const [dir, row] of [...byDir].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`| ${dir} | ${row.pass} | ${row.fail} | ${row.skip} | ${rate(row)} |`)
    for (const k of ["pass", "fail", "skip"]) total[k] += row[k]
  }
  out.push(`| **all** | ${total.pass} | ${total.fail} | ${total.skip} | ${rate(total)} |`, "")

  out.push(`### Top failure causes (of ${total.fail} failing files)`, "", "| files | cause | mostly in |", "| ---: | --- | --- |")
  for (const [cause, { count, dirs }] of [...causes].sort((a, b) => b[1].count - a[1].count).slice(0, cli.top)) {
    const where = [...dirs].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([dir, n]) => `${dir} (${n})`).join(", ")
    out.push(`| ${count} | ${cause.replace(/\|/g, "\\|")} | ${where} |`)
  }
  out.push("", `### Skipped (${total.skip} files)`, "", "| files | reason |", "| ---: | --- |")
  const skipGroups = new Map()
  for (const [reason, count] of skips) {
    const group = reason.replace(/ \[.*\]$/, "")
    skipGroups.set(group, (skipGroups.get(group) ?? 0) + count)
  }
  for (const [reason, count] of [...skipGroups].sort((a, b) => b[1] - a[1])) out.push(`| ${count} | ${reason} |`)

  const fresh = [...outcomes].filter(([path, o]) => o.status === "fail" && !isKnown(known, path))
  const fixed = [...known.paths.keys()].filter((path) => outcomes.get(path)?.status === "pass")
  out.push("", `### Against known-failures.txt: ${fresh.length} new failure(s), ${fixed.length} fixed`)
  for (const [path, o] of fresh) out.push(`NEW   ${path}  ${tidy(o.message)}`)
  for (const path of fixed) out.push(`FIXED ${path}`)
  if (cli.listFailures) {
    out.push("", "### Every failure")
    for (const [path, o] of outcomes) if (o.status === "fail") out.push(`${path}  ${tidy(o.message)}`)
  }
  return { text: out.join("\n"), fresh: fresh.length }
}

async function main() {
  let cli
  try {
    cli = parseCli(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`${error.message}\n`)
    process.exitCode = 2
    return
  }
  const tests = listTests(cli.root, cli.dirs)
  const knownFile = new URL("./known-failures.txt", import.meta.url)
  const known = loadKnownFailures(knownFile)
  process.stderr.write(`test262: ${tests.length} files under ${cli.dirs.join(", ")}; ${cli.workers} workers, ${cli.timeoutMs} ms per test\n`)
  const outcomes = new Map()
  const started = performance.now()
  let finished = 0
  await runPool(cli, tests, (path, outcome) => {
    outcomes.set(path, outcome)
    if (++finished % 500 === 0 || finished === tests.length) {
      const seconds = ((performance.now() - started) / 1000).toFixed(0)
      process.stderr.write(`test262: ${finished}/${tests.length} (${seconds} s)\n`)
    }
  })
  const sorted = new Map([...outcomes].sort(([a], [b]) => a.localeCompare(b)))
  const { text, fresh } = report(cli, sorted, known)
  process.stdout.write(`## test262 — ${cli.dirs.join(", ")}\n\n${text}\n`)
  if (cli.writeKnown) {
    const count = writeKnownFailures(knownFile, sorted, known, cli.dirs)
    process.stderr.write(`test262: wrote ${count} entries to known-failures.txt\n`)
  }
  process.stderr.write(`test262: done in ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
  if (fresh > 0 && !cli.writeKnown) process.exitCode = 1
}

await main()
