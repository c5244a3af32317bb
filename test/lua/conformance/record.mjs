#!/usr/bin/env node
/**
 * Records the conformance expectations from real Lua 5.4.
 *
 *     node test/lua/conformance/record.mjs            # every file in cases/
 *     node test/lua/conformance/record.mjs strings    # only files whose name contains "strings"
 *     node test/lua/conformance/record.mjs --check    # re-run, report differences, write nothing
 *
 * Each case runs in its own `lua5.4` process (set LUA=/path/to/lua to use another binary) through
 * `harness.lua`, which loads it with the chunk name `=input` and reports its printed lines, its
 * uncaught error and its returned value. The recorder then rewrites the case's expectation lines
 * (see fixtures.mjs for the format) and leaves the bodies untouched, so a fixture can be edited by
 * hand, re-recorded, and reviewed as a diff. It refuses a case whose outcome the format cannot hold
 * faithfully (output that is not UTF-8, a printed line that looks like a marker, an unencodable
 * result) rather than writing an expectation that only approximates real Lua.
 */

import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { formatFixture, looksLikeMarker, readFixtures } from "./fixtures.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const lua = process.env.LUA ?? "lua5.4"
const args = process.argv.slice(2)
const check = args.includes("--check")
const filters = args.filter((a) => !a.startsWith("--"))

const version = spawnSync(lua, ["-v"], { encoding: "utf8" })
if (version.error !== undefined || !/Lua 5\.4/.test(version.stdout + version.stderr)) {
  console.error(`record.mjs needs Lua 5.4 as '${lua}' (apt-get install lua5.4, or set LUA=...)`)
  process.exit(2)
}

/** Runs one case in real Lua and returns its expectations, or a reason it cannot be recorded. */
const runCase = (body) => {
  const run = spawnSync(lua, [join(here, "harness.lua")], { input: body, timeout: 20_000, maxBuffer: 64 << 20 })
  if (run.status !== 0) return { problem: `lua exited with ${run.status}: ${String(run.stderr).trim()}` }
  const text = run.stdout.toString("utf8")
  if (text.includes("\uFFFD")) return { problem: "output or error is not valid UTF-8" }
  const report = JSON.parse(text)
  if (report.unencodable !== undefined) return { problem: `returned value is not plain data: ${report.unencodable}` }
  const output = report.logs.flatMap((l) => l.split("\n"))
  const odd = output.find((l) => looksLikeMarker(l) || /[\r\u0000-\u0008\u000b-\u001f\u007f]/.test(l))
  if (odd !== undefined) return { problem: `printed line cannot be stored as an expectation: ${JSON.stringify(odd)}` }
  if (report.error !== undefined && /[\n\r]/.test(report.error)) return { problem: "error message spans lines" }
  return {
    output,
    error: report.error,
    syntaxError: report.syntax === true ? true : undefined,
    resultText: report.result === undefined ? undefined : JSON.stringify(report.result),
  }
}

const same = (a, b) =>
  a.output.join("\n") === b.output.join("\n") &&
  a.error === b.error &&
  Boolean(a.syntaxError) === Boolean(b.syntaxError) &&
  a.resultText === b.resultText

let total = 0
let changed = 0
let problems = 0
for (const fixture of readFixtures(join(here, "cases"))) {
  if (filters.length > 0 && !filters.some((f) => fixture.name.includes(f))) continue
  const cases = []
  for (const c of fixture.cases) {
    total++
    const outcome = runCase(c.body)
    if (outcome.problem !== undefined) {
      problems++
      console.error(`${fixture.name}:${c.line - 1}: '${c.title}': ${outcome.problem}`)
      cases.push(c)
      continue
    }
    if (!c.recorded || !same(c, outcome)) {
      changed++
      if (check) console.log(`${fixture.name}:${c.line - 1}: '${c.title}' ${c.recorded ? "differs" : "is not recorded"}`)
    }
    const { error, syntaxError, resultText, result, ...rest } = c
    cases.push({ ...rest, ...outcome, recorded: true })
  }
  if (!check) writeFileSync(fixture.path, formatFixture({ header: fixture.header, cases }))
}
const verb = check ? "would change" : "changed"
console.log(`${total} cases, ${verb} ${changed}, ${problems} could not be recorded (${version.stdout.trim() || version.stderr.trim()})`)
process.exit(problems > 0 || (check && changed > 0) ? 1 : 0)
