#!/usr/bin/env node
/**
 * Records the conformance expectations from Node itself.
 *
 *     node test/javascript/conformance/record.mjs            # every file in cases/
 *     node test/javascript/conformance/record.mjs strings    # only files whose name contains "strings"
 *     node test/javascript/conformance/record.mjs --check    # report differences, write nothing
 *
 * Each case runs as the body of a strict async function (`new AsyncFunction`), as Code Mode runs
 * a program: `return` and top-level `await` work; the value of the last top-level expression
 * statement is the result when there is no `return` (acorn finds those statements and the
 * recorder wraps each in an assignment, keeping lines and columns). `console` is replaced by one
 * that formats with `util.format` into the case's output. The result is stored as JSON.
 */

import { parse } from "acorn"
import { writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { format, inspect } from "node:util"
import { formatFixture, readFixtures } from "./fixtures.mjs"

// Programs see local time as UTC (builtins/date.ts); Node must too when it records them.
process.env.TZ = "UTC"

const here = dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const check = args.includes("--check")
const filters = args.filter((a) => !a.startsWith("--"))
const AsyncFunction = (async () => {}).constructor

/** Wraps top-level expression statements so the last one's value is kept. */
const instrument = (body) => {
  let program
  try {
    program = parse(body, { ecmaVersion: "latest", sourceType: "script", allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true })
  } catch {
    return body
  }
  let out = body
  const statements = program.body.filter((s) => s.type === "ExpressionStatement" && s.directive === undefined)
  for (const s of statements.reverse()) {
    const e = s.expression
    out = `${out.slice(0, e.start)};(__last.v = (${out.slice(e.start, e.end)}))${out.slice(e.end)}`
  }
  return out
}

const runCase = async (body) => {
  const output = []
  const log = (...a) => {
    output.push(...format(...a).split("\n"))
  }
  const fakeConsole = { log, info: log, warn: log, error: log, debug: log }
  const last = { v: undefined }
  let value
  let error
  try {
    const fn = new AsyncFunction("console", "__last", `"use strict";${instrument(body)}`)
    const returned = await fn(fakeConsole, last)
    value = returned !== undefined ? returned : await last.v
  } catch (e) {
    error = (e instanceof Error ? `${e.name}: ${e.message}` : `Uncaught ${inspect(e)}`).split("\n")[0]
  }
  const c = { output, error }
  if (error === undefined) {
    const text = JSON.stringify(value === undefined ? null : value)
    c.resultText = text === undefined ? "null" : text
    if (c.resultText === "null") c.resultText = undefined
  }
  return c
}

let changed = 0
for (const fixture of readFixtures(join(here, "cases"))) {
  if (filters.length > 0 && !filters.some((f) => fixture.name.includes(f))) continue
  const cases = []
  for (const c of fixture.cases) {
    const r = await runCase(c.body)
    const same = c.recorded && c.output.join("\n") === r.output.join("\n") && c.error === r.error && c.resultText === r.resultText
    if (!same) {
      changed++
      if (check) console.log(`${fixture.name}#${c.title}: differs`)
    }
    cases.push({ ...c, output: r.output, error: r.error, resultText: r.resultText })
  }
  if (!check) writeFileSync(fixture.path, formatFixture({ header: fixture.header, cases }))
}
console.log(check ? `${changed} case(s) differ` : `recorded (${changed} changed)`)
