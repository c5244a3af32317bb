#!/usr/bin/env node
/**
 * Runs Lua 5.4's own test suite (`testes/` of github.com/lua/lua) through Code Mode's `runLua` and
 * reports a pass rate per file. Not part of `npm test`; none of the suite is committed.
 *
 *     npm run build
 *     node test/lua/testes/run.mjs /tmp/lua-testes                 # the default files
 *     node test/lua/testes/run.mjs /tmp/lua-testes strings.lua -v   # one file, list failures
 *     node test/lua/testes/run.mjs /tmp/lua-testes --lua lua5.4     # check the runner with real Lua
 *     node test/lua/testes/run.mjs /tmp/lua-testes --engine /tmp/build/worker/lua/index.js
 *
 * Getting the suite: `git --git-dir=<mirror of lua/lua> archive v5.4.4 testes | tar x -C /tmp/lua-testes
 * --strip-components=1` (or copy `testes/` from a Lua 5.4 source tarball).
 *
 * Why units, and how. Each testes file is one long script of asserts that stops at its first
 * failure, so "the file passes" says little about an engine that is nearly right. The runner
 * therefore splits a file into its top-level statements (a small tokenizer tracks blocks and
 * brackets; a new statement starts where Lua's grammar says one must) and makes each statement a
 * *unit* that runs under `pcall`, in one execution, in order, so units still share the file's
 * top-level locals and globals as the authors intended:
 *
 * - `do ... end`, `if`, loops, calls, assignments, `function a.b()` become
 *   `__unit(i, function(...) <statement> end, ...)`; a unit passes when it raises no error.
 * - `local a, b = e1, e2` becomes `local a, b = __init(i, function(...) return e1, e2 end, ...)`:
 *   the values are computed (under `pcall`) before the names are in scope, as in Lua, and a
 *   failing initializer fails one unit, leaving the names nil, instead of ending the file.
 * - `local function`, `local x <const>`, labels and top-level `goto` stay as they are (not units).
 * - The wrapper text is added on the statement's own lines, so line numbers in messages still
 *   point into the original file.
 *
 * A bound (fuel, call depth, string or table size, a 20-second deadline) stops the whole
 * execution, as it must; the runner then marks the unit that was running as failed ("stopped:
 * ...") and runs the file again with that unit skipped, so one runaway test costs one unit. A
 * statement that does not compile (a `<close>` local) would fail the whole file; the runner skips
 * the statement at the reported line the same way (failing its unit, or commenting it out when it
 * is a declaration) and runs again. The splitting and rewriting live in `units.mjs`.
 *
 * The header of every rewritten file sets `_port` and `_soft`, as Lua's own `all.lua` does for
 * portable, quick runs (platform-specific and very heavy tests are skipped), and defines a local
 * `require` that returns the libraries Code Mode has (`string`, `table`, `math`, `utf8`) and fails
 * as absent for the others. Testes also exercise what Code Mode leaves out (metatables,
 * coroutines, `load`, `collectgarbage`, `debug`) and Lua's own limits beyond Code Mode's bounds;
 * those units fail by design. absent.mjs sorts every failure into a skip with a counted reason
 * (absent feature, a bound, depends on an absent feature) or a real failure, and the pass rate is
 * over the units attempted (all units less the skipped); `-v` lists each failure and each skip
 * with its line and reason.
 *
 * Checking the runner itself: with `--lua lua5.4` (Lua 5.4.4) on the v5.4.4 testes, every unit
 * passes (1993 of 1993), so any failure under `runLua` is the engine's, not the splitting's. The
 * engine follows 5.4.4; later testes check a few later changes (5.4.8's `utf8.codes` rejects stray
 * continuation bytes, which 5.4.4 and Code Mode skip), and real 5.4.4 fails those too.
 */

import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { classifyFailures } from "./absent.mjs"
import { escapeHighBytes, toUnits } from "./units.mjs"

const DEFAULT_FILES = [
  "strings.lua", "math.lua", "sort.lua", "nextvar.lua", "utf8.lua", "literals.lua", "vararg.lua",
  "constructs.lua", "closure.lua", "goto.lua", "calls.lua", "pm.lua", "bitwise.lua", "errors.lua",
  "locals.lua", "tpack.lua",
]
const MAX_RERUNS = 100
const DEADLINE_MS = 20_000

// ---------------------------------------------------------------------------------------------
// Running

/** Reads the unit outcomes from the printed lines. */
const outcomes = (lines) => {
  const started = new Set()
  const done = new Map()
  for (const line of lines) {
    if (line.startsWith("\u0001S\t")) started.add(Number(line.split("\t")[1]))
    else if (line.startsWith("\u0001E\t")) {
      const [, i, ok, ...message] = line.split("\t")
      done.set(Number(i), { ok: ok === "true", message: message.join("\t") })
    }
  }
  const running = [...started].filter((i) => !done.has(i))
  return { done, running: running.length > 0 ? Math.max(...running) : undefined }
}

const runWithEngine = (runLua) => (source) => {
  const result = runLua(source, { deadline: performance.now() + DEADLINE_MS })
  return { lines: result.logs.flatMap((l) => l.split("\n")), error: result.ok ? undefined : `${result.error.kind}: ${result.error.message}` }
}

const runWithLua = (binary, cwd) => (source) => {
  const dir = mkdtempSync(join(tmpdir(), "testes-"))
  try {
    const file = join(dir, "unit.lua")
    writeFileSync(file, source, "latin1")
    const run = spawnSync(binary, [file], { cwd, encoding: "latin1", timeout: DEADLINE_MS, maxBuffer: 256 << 20 })
    const error = run.status === 0 ? undefined : `exit ${run.status}: ${run.stderr.trim().split("\n")[0]}`
    return { lines: run.stdout.split("\n"), error }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Runs one testes file unit by unit. Two kinds of failure end an execution early, and each leads
 * to a re-run without its cause: a bound that stops the execution while a unit runs (that unit
 * is skipped), and a failure outside any unit, such as a statement that does not compile (the
 * statement at the reported line is skipped, or commented out if it is not a unit).
 */
const runFile = (path, execute) => {
  let src = readFileSync(path, "latin1")
  try {
    src = escapeHighBytes(src)
    toUnits(src)
  } catch (error) {
    return { units: 0, passed: 0, failures: [], fatal: `cannot split: ${error.message}` }
  }
  const skipped = new Map()
  const dropped = new Set()
  for (let attempt = 0; ; attempt++) {
    const { source, units, spans } = toUnits(src, skipped, dropped)
    const { lines, error } = execute(source)
    const { done, running } = outcomes(lines)
    if (error !== undefined && attempt < MAX_RERUNS) {
      if (running !== undefined) {
        skipped.set(running, `stopped: ${error}`)
        continue
      }
      const line = Number(/:(\d+):/.exec(error)?.[1] ?? NaN)
      const index = spans.findIndex((span) => span.first <= line && line <= span.last)
      if (index >= 0 && !dropped.has(index) && !skipped.has(spans[index].unit)) {
        if (spans[index].unit !== undefined) skipped.set(spans[index].unit, `cannot run: ${error}`)
        else dropped.add(index)
        continue
      }
    }
    const failures = []
    let passed = 0
    const lineOfUnit = new Map(spans.filter((s) => s.unit !== undefined).map((s) => [s.unit, s.first]))
    for (let i = 1; i <= units; i++) {
      const outcome = done.get(i)
      if (outcome?.ok) passed++
      else {
        const message = outcome?.message ?? (error !== undefined ? `not run: ${error}` : "not run")
        failures.push({ unit: i, line: lineOfUnit.get(i), message })
      }
    }
    const fatal = done.size === 0 && error !== undefined ? error : undefined
    const { skipped: skips, real } = classifyFailures(failures, spans.map((s) => ({ unit: s.unit, text: s.text })), basename(path))
    return { units, passed, failures: real, skips, fatal, reruns: attempt, dropped: dropped.size }
  }
}

// ---------------------------------------------------------------------------------------------
// Command line

const main = async () => {
  const args = process.argv.slice(2)
  const verbose = args.includes("-v")
  const luaAt = args.indexOf("--lua")
  const luaBinary = luaAt >= 0 ? args[luaAt + 1] : undefined
  const engineAt = args.indexOf("--engine")
  const engine = engineAt >= 0 ? args[engineAt + 1] : "dist/worker/lua/index.js"
  const positional = args.filter((a, i) => !a.startsWith("-") && (luaAt < 0 || i !== luaAt + 1) && (engineAt < 0 || i !== engineAt + 1))
  const dir = positional[0]
  if (dir === undefined || !existsSync(dir)) {
    console.error("usage: node test/lua/testes/run.mjs <path to Lua 5.4 testes/> [file.lua ...] [-v] [--lua <binary> | --engine <built index.js>]")
    process.exit(2)
  }
  let execute
  if (luaBinary !== undefined) execute = runWithLua(luaBinary, resolve(dir))
  else {
    const entry = resolve(engine)
    if (!existsSync(entry)) {
      console.error(`${entry} is missing: run 'npm run build' first (or pass --lua <binary> to check the runner)`)
      process.exit(2)
    }
    const { runLua } = await import(pathToFileURL(entry).href)
    execute = runWithEngine(runLua)
  }
  const files = positional.length > 1 ? positional.slice(1) : DEFAULT_FILES
  const rows = []
  for (const name of files) {
    const started = performance.now()
    const report = runFile(join(dir, name), execute)
    const ms = Math.round(performance.now() - started)
    rows.push({ name, ...report, ms })
    const skips = report.skips ?? []
    const attempted = report.units - skips.length
    const rate = attempted === 0 ? 0 : (100 * report.passed) / attempted
    console.log(
      `${name.padEnd(16)} ${String(report.passed).padStart(4)}/${String(attempted).padEnd(4)} ${rate.toFixed(1).padStart(5)}%` +
        ` of attempted  (${report.units} units, ${String(skips.length).padStart(3)} skipped)  ${ms} ms${report.fatal ? `  (${report.fatal})` : ""}`,
    )
    if (verbose) {
      for (const f of report.failures) console.log(`    FAIL unit ${f.unit} (line ${f.line}): ${f.message.slice(0, 300)}`)
      for (const f of skips) console.log(`    skip unit ${f.unit} (line ${f.line}): ${f.reason} -- ${f.message.slice(0, 200)}`)
    }
  }
  const units = rows.reduce((s, r) => s + r.units, 0)
  const skipped = rows.flatMap((r) => r.skips ?? [])
  const attempted = units - skipped.length
  const passed = rows.reduce((s, r) => s + r.passed, 0)
  console.log(
    `${"total".padEnd(16)} ${String(passed).padStart(4)}/${String(attempted).padEnd(4)} ${(attempted === 0 ? 0 : (100 * passed) / attempted).toFixed(1).padStart(5)}%` +
      ` of attempted  (${units} units, ${skipped.length} skipped)`,
  )
  const reasons = new Map()
  for (const s of skipped) {
    const key = s.reason.startsWith("depends") ? "depends on an absent feature" : s.reason
    reasons.set(key, (reasons.get(key) ?? 0) + 1)
  }
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  skipped ${String(n).padStart(4)}: ${reason}`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main()
