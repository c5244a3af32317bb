/**
 * The Lua conformance suite: every case in `cases/*.lua` runs through `runLua` and must print,
 * fail and return exactly what real Lua 5.4 did when `record.mjs` recorded it.
 *
 * One vitest test per case, named after its title, grouped by fixture file. A case is compared as
 * one object — its output, its error (kind and message) and its value — so a failure shows the
 * whole difference at once. Expectations are the error *value* real Lua raised (`input:3: ...`):
 * runtime errors must be `ExecutionFailure`, compile errors (`-- syntax error:`) `ParseError`.
 * A case that returns nothing must produce JSON null, as Code Mode documents.
 *
 * `known-gaps.json` maps `<file>#<title>` to the reason Code Mode deliberately differs; such a case
 * is expected to fail (`it.fails`), so fixing it makes the suite say the entry can go. Lua is
 * not needed here: the expectations are in the fixtures.
 */

import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { runLua } from "../../../worker/lua/index.js"
import { readFixtures, type ConformanceCase } from "./fixtures.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const fixtures = readFixtures(join(here, "cases"))
const knownGaps: Record<string, string> = JSON.parse(readFileSync(join(here, "known-gaps.json"), "utf8"))

/** What a case did, in the shape both sides are compared in. */
interface Outcome {
  readonly output: string
  readonly error: string | undefined
  readonly value: unknown
}

const expected = (c: ConformanceCase): Outcome => ({
  output: c.output.join("\n"),
  error: c.error === undefined ? undefined : `${c.syntaxError ? "ParseError" : "ExecutionFailure"}: ${c.error}`,
  value: c.error === undefined ? (c.result ?? null) : undefined,
})

const actual = (c: ConformanceCase): Outcome => {
  const result = runLua(c.body)
  return {
    output: result.logs.join("\n"),
    error: result.ok ? undefined : `${result.error.kind}: ${result.error.message}`,
    value: result.ok ? result.value : undefined,
  }
}

describe("known gaps", () => {
  it("name existing cases and give a reason", () => {
    const keys = new Set(fixtures.flatMap((f) => f.cases.map((c) => `${f.name}#${c.title}`)))
    for (const [key, reason] of Object.entries(knownGaps)) {
      expect(keys.has(key), `known gap '${key}' names no case`).toBe(true)
      expect(reason.trim().length, `known gap '${key}' has no reason`).toBeGreaterThan(0)
    }
  })
})

for (const fixture of fixtures) {
  describe(fixture.name, () => {
    for (const c of fixture.cases) {
      const gap = knownGaps[`${fixture.name}#${c.title}`]
      const test = gap === undefined ? it : it.fails
      test(c.title, () => {
        expect(c.recorded, `${fixture.name}:${c.line - 1} is not recorded: run node test/lua/conformance/record.mjs`).toBe(true)
        expect(actual(c)).toEqual(expected(c))
      })
    }
  })
}
