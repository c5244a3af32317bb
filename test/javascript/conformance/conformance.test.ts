/**
 * The JavaScript conformance suite: every case in `cases/*.js` runs through `runJavaScript` and
 * must log, fail and return exactly what Node did when `record.mjs` recorded it — twice, the
 * second time from the compiled-program cache, so a cached program is checked to start clean. `known-gaps.json`
 * maps `<file>#<title>` to the reason Code Mode differs today; such a case is expected to fail
 * (`it.fails`), so fixing it makes the suite say the entry can go.
 */

import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../../worker/javascript/index.js"
import { readFixtures } from "./fixtures.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const fixtures = readFixtures(join(here, "cases"))
const knownGaps: Record<string, string> = JSON.parse(readFileSync(join(here, "known-gaps.json"), "utf8"))

interface Outcome {
  readonly output: string
  readonly error: string | undefined
  readonly value: unknown
}

describe("known gaps", () => {
  it("name existing cases and give a reason", () => {
    const keys = new Set(fixtures.flatMap((f) => f.cases.map((c) => `${f.name}#${c.title}`)))
    for (const [key, reason] of Object.entries(knownGaps)) {
      expect(keys.has(key), `known gap '${key}' names no case`).toBe(true)
      expect(reason.trim().length).toBeGreaterThan(0)
    }
  })
})

for (const fixture of fixtures) {
  describe(fixture.name, () => {
    for (const c of fixture.cases) {
      const gap = knownGaps[`${fixture.name}#${c.title}`]
      ;(gap === undefined ? it : it.fails)(c.title, () => {
        expect(c.recorded, `${fixture.name}:${c.line - 1} is not recorded: run node test/javascript/conformance/record.mjs`).toBe(true)
        const expected: Outcome = { output: c.output.join("\n"), error: c.error, value: c.error === undefined ? (c.result ?? null) : undefined }
        // The second run reuses the compiled program (programs.ts): nothing of the first may show.
        for (const run of ["first run", "cached run"]) {
          const result = runJavaScript(c.body)
          const actual: Outcome = {
            output: result.logs.join("\n"),
            error: result.ok ? undefined : result.error.message,
            value: result.ok ? result.value : undefined,
          }
          expect(actual, run).toEqual(expected)
        }
      })
    }
  })
}
