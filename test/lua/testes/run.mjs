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
 * statement that does not compile (a hex float Code Mode's parser rejects, a `<close>` local)
 * would fail the whole file; the runner skips the statement at the reported line the same way
 * (failing its unit, or commenting it out when it is a declaration) and runs again. `_port` and `_soft` are
 * set, as Lua's own `all.lua` does for portable and quick runs, which skips platform-specific and
 * very heavy tests. A pass rate of 100% is not expected: testes also exercise what Code Mode
 * leaves out (metatables, coroutines, `load`, `collectgarbage`, `string.pack`, `debug`), and those
 * units fail by design. The interesting failures are the others (`-v` lists every one).
 */

import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"

const DEFAULT_FILES = [
  "strings.lua", "math.lua", "sort.lua", "nextvar.lua", "utf8.lua", "literals.lua", "vararg.lua",
  "constructs.lua", "closure.lua", "goto.lua", "calls.lua", "pm.lua", "bitwise.lua", "errors.lua",
  "locals.lua",
]
const MAX_RERUNS = 100
const DEADLINE_MS = 20_000

// ---------------------------------------------------------------------------------------------
// Tokens

const KEYWORDS = new Set([
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
  "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
])
const PUNCTUATION = ["...", "<<", ">>", "//", "==", "~=", "<=", ">=", "::", ".."]

/** Lua tokens with their source offsets; comments and whitespace are skipped. */
export const tokenize = (src) => {
  const tokens = []
  let i = 0
  const longBracket = (at) => {
    // `[`, zero or more `=`, `[`: returns the level, or -1.
    let j = at + 1
    while (src[j] === "=") j++
    return src[j] === "[" ? j - at - 1 : -1
  }
  const skipLong = (at, level) => {
    const close = "]" + "=".repeat(level) + "]"
    const end = src.indexOf(close, at + level + 2)
    if (end < 0) throw new Error(`unfinished long bracket at offset ${at}`)
    return end + close.length
  }
  while (i < src.length) {
    const c = src[i]
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v") {
      i++
    } else if (c === "-" && src[i + 1] === "-") {
      const level = src[i + 2] === "[" ? longBracket(i + 2) : -1
      if (level >= 0) i = skipLong(i + 2, level)
      else {
        const nl = src.indexOf("\n", i)
        i = nl < 0 ? src.length : nl
      }
    } else if (i === 0 && c === "#") {
      const nl = src.indexOf("\n", i)
      i = nl < 0 ? src.length : nl
    } else if (c === "[" && longBracket(i) >= 0) {
      const end = skipLong(i, longBracket(i))
      tokens.push({ type: "string", value: "", start: i, end })
      i = end
    } else if (c === '"' || c === "'") {
      let j = i + 1
      while (j < src.length && src[j] !== c) {
        if (src[j] === "\\") {
          j++
          // `\z` skips the whitespace after it, line breaks included.
          if (src[j] === "z") while (/\s/.test(src[j + 1] ?? "")) j++
        } else if (src[j] === "\n") throw new Error(`unfinished string at offset ${i}`)
        j++
      }
      tokens.push({ type: "string", value: "", short: true, start: i, end: j + 1 })
      i = j + 1
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m = /^(0[xX]([0-9a-fA-F]*\.?[0-9a-fA-F]*)([pP][+-]?[0-9]+)?|[0-9]*\.?[0-9]*([eE][+-]?[0-9]+)?)/.exec(src.slice(i, i + 200))
      const end = i + Math.max(1, m[0].length)
      tokens.push({ type: "number", value: src.slice(i, end), start: i, end })
      i = end
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 300))
      const word = m[0]
      tokens.push({ type: KEYWORDS.has(word) ? "keyword" : "name", value: word, start: i, end: i + word.length })
      i += word.length
    } else {
      const p = PUNCTUATION.find((s) => src.startsWith(s, i)) ?? c
      tokens.push({ type: "op", value: p, start: i, end: i + p.length })
      i += p.length
    }
  }
  return tokens
}

// ---------------------------------------------------------------------------------------------
// Top-level statements

/** Tokens after which an expression may have ended, so a name or `function` starts a new statement. */
const endsExpression = (t) =>
  t === undefined ||
  t.type === "name" ||
  t.type === "number" ||
  t.type === "string" ||
  (t.type === "op" && (t.value === ")" || t.value === "]" || t.value === "}" || t.value === "..." || t.value === ";" || t.value === "::")) ||
  (t.type === "keyword" && ["end", "true", "false", "nil", "break"].includes(t.value))

const STATEMENT_KEYWORDS = new Set(["local", "do", "while", "repeat", "if", "for", "return", "break", "goto"])

/**
 * Splits the token list into top-level statements: arrays of tokens. Tracks blocks (`function`,
 * `do`, `if`, `while`/`for` with their `do`, `repeat ... until`) and brackets.
 */
export const splitStatements = (tokens) => {
  const statements = []
  let current = []
  let blocks = 0
  let brackets = 0
  let loopHeads = 0 // `while`/`for` whose `do` is still to come
  let afterUntil = false // in the condition after a top-level `until`
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]
    const prev = current[current.length - 1]
    if (blocks === 0 && brackets === 0 && t.value === "::" && tokens[k + 2]?.value === "::") {
      // A top-level label is a statement of its own: `::name::`.
      if (current.length > 0) statements.push(current)
      statements.push(tokens.slice(k, k + 3))
      current = []
      afterUntil = false
      k += 2
      continue
    }
    if (blocks === 0 && brackets === 0 && current.length > 0) {
      const startsStatement =
        (t.type === "keyword" && STATEMENT_KEYWORDS.has(t.value)) ||
        (t.type === "keyword" && t.value === "function" && endsExpression(prev)) ||
        (t.type === "name" && endsExpression(prev)) ||
        (t.type === "op" && t.value === ";")
      // `until cond` ends its statement only where a new one can start.
      if (startsStatement && (!afterUntil || endsExpression(prev))) {
        statements.push(current)
        current = []
        afterUntil = false
      }
    }
    current.push(t)
    if (t.type === "op") {
      if (t.value === "(" || t.value === "[" || t.value === "{") brackets++
      else if (t.value === ")" || t.value === "]" || t.value === "}") brackets--
      continue
    }
    if (t.type !== "keyword") continue
    switch (t.value) {
      case "function":
      case "if":
      case "repeat":
        blocks++
        break
      case "while":
      case "for":
        blocks++
        loopHeads++
        break
      case "do":
        if (loopHeads > 0) loopHeads--
        else blocks++
        break
      case "end":
        blocks--
        break
      case "until":
        blocks--
        if (blocks === 0) afterUntil = true
        break
    }
  }
  if (current.length > 0) statements.push(current)
  return statements
}

// ---------------------------------------------------------------------------------------------
// Units

const HEADER =
  "_port = true; _soft = true; " +
  // `require "utf8"` and friends: the libraries Code Mode has, by name; anything else fails as
  // absent (under real Lua, the real `require` answers instead).
  "local require = function(n) local lib = ({ string = string, table = table, math = math, utf8 = utf8, _G = _G })[n] " +
  "if lib == nil and package ~= nil then lib = require(n) end " +
  "if lib == nil then error(\"'\" .. n .. \"' is not available in Code Mode (module required by the test)\", 2) end return lib end; " +
  "local __pcall, __print, __tostring, __pack, __unpack = pcall, print, tostring, table.pack, table.unpack; " +
  'local __unit = function(i, f, ...) __print("\\1S", i) local ok, e = __pcall(f, ...) ' +
  '__print("\\1E", i, ok, ok and "" or __tostring(e)) end; ' +
  'local __init = function(i, f, ...) __print("\\1S", i) local r = __pack(__pcall(f, ...)) ' +
  '__print("\\1E", i, r[1], r[1] and "" or __tostring(r[2])) if r[1] then return __unpack(r, 2, r.n) end end; ' +
  'local __skip = function(i, why) __print("\\1E", i, false, why) end; '

/**
 * Rewrites a testes file into units (see the essay at the top). `skipped` maps unit numbers to a
 * reason: those units are reported as failed without running. `dropped` holds indexes of
 * statements that are not units but cannot run (they do not compile): they become comments.
 * Returns the new source, the number of units, and each statement's line span and unit number.
 */
export const toUnits = (src, skipped = new Map(), dropped = new Set()) => {
  // A first line starting with '#' is skipped by Lua; keep it a comment once the header precedes it.
  if (src.startsWith("#")) src = "--" + src
  const lineStarts = [0]
  for (let i = src.indexOf("\n"); i >= 0; i = src.indexOf("\n", i + 1)) lineStarts.push(i + 1)
  const lineOf = (offset) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (lineStarts[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
  const statements = splitStatements(tokenize(src))
  const spans = []
  let out = ""
  let at = 0
  let units = 0
  statements.forEach((tokens, index) => {
    const first = tokens[0]
    const start = first.start
    const end = tokens[tokens.length - 1].end
    const text = src.slice(start, end)
    const span = { first: lineOf(start), last: lineOf(end - 1), unit: undefined }
    spans.push(span)
    out += src.slice(at, start)
    at = end
    if (dropped.has(index)) {
      out += asComment(text)
      return
    }
    if (first.value === ";" || first.value === "::" || first.value === "goto" || jumpsOut(tokens)) {
      out += text
      return
    }
    if (first.value === "local") {
      const isFunction = tokens[1]?.value === "function"
      const hasAttribute = tokens.some((t) => t.value === "<") && /<\s*(const|close)\s*>/.test(text)
      const eq = tokens.findIndex((t) => t.value === "=")
      if (isFunction || hasAttribute || eq < 0) {
        out += text
        return
      }
      // The values are computed before the names are in scope (`local print = print`).
      const names = src.slice(tokens[1].start, tokens[eq - 1].end)
      const values = src.slice(tokens[eq + 1].start, end)
      span.unit = ++units
      out += skipped.has(units)
        ? `local ${names}; ${wrap(units, values, skipped)}`
        : `local ${names} = __init(${units}, function(...) return ${values} end, ...)`
      return
    }
    span.unit = ++units
    out += wrap(units, text, skipped)
  })
  out += src.slice(at)
  return { source: HEADER + out, units, spans }
}

/** A statement turned into a comment that keeps its line breaks. */
const asComment = (text) => `--[==[${text.replace(/\]==\]/g, "] ==]")}]==]`

/** True when the statement has a `goto` to a label it does not define: a top-level label. */
const jumpsOut = (tokens) => {
  const defined = new Set()
  for (let k = 0; k + 2 < tokens.length; k++) {
    if (tokens[k].value === "::" && tokens[k + 2].value === "::") defined.add(tokens[k + 1].value)
  }
  return tokens.some((t, k) => t.value === "goto" && !defined.has(tokens[k + 1]?.value))
}

/**
 * Source for `runLua`, which takes text: the testes are Latin-1 bytes, so a byte >= 0x80 inside a
 * short string literal becomes a `\ddd` escape (exactly that byte in the Lua string, whatever the
 * text encoding). Bytes in long strings and comments are left as they are.
 */
export const escapeHighBytes = (src) => {
  let out = ""
  let at = 0
  for (const t of tokenize(src)) {
    if (!t.short) continue
    out += src.slice(at, t.start) + src.slice(t.start, t.end).replace(/[\u0080-\u00ff]/g, (ch) => `\\${ch.charCodeAt(0)}`)
    at = t.end
  }
  return out + src.slice(at)
}

const wrap = (i, text, skipped) =>
  skipped.has(i)
    ? `__skip(${i}, ${JSON.stringify(skipped.get(i))}) ${asComment(text)}`
    : `__unit(${i}, function(...) ${text} end, ...)`

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
    return { units, passed, failures, fatal, reruns: attempt, dropped: dropped.size }
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
    const rate = report.units === 0 ? 0 : (100 * report.passed) / report.units
    const absent = report.failures.filter((f) => f.message.includes("not available in Code Mode")).length
    console.log(
      `${name.padEnd(16)} ${String(report.passed).padStart(4)}/${String(report.units).padEnd(4)} ${rate.toFixed(1).padStart(5)}%` +
        `  ${String(absent).padStart(3)} fail on an absent feature  ${ms} ms${report.fatal ? `  (${report.fatal})` : ""}`,
    )
    if (verbose) for (const f of report.failures) console.log(`    unit ${f.unit} (line ${f.line}): ${f.message.slice(0, 300)}`)
  }
  const units = rows.reduce((s, r) => s + r.units, 0)
  const passed = rows.reduce((s, r) => s + r.passed, 0)
  console.log(`${"total".padEnd(16)} ${String(passed).padStart(4)}/${String(units).padEnd(4)} ${(units === 0 ? 0 : (100 * passed) / units).toFixed(1).padStart(5)}%`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main()
