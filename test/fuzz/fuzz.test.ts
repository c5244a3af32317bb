/**
 * The CI slice of the fuzzers: a fixed range of seeds per language, half generated programs and
 * half mutated conformance cases, run in-process and held to the invariants of check.mjs — one
 * Result of the documented shape, no internal error, no run far past its deadline, no change to
 * the host. The full run, with a real interpreter beside ours, is `node test/fuzz/run.mjs`.
 *
 * A seed that finds a bug not yet fixed goes into `known-issues.json` (with its reproducer and
 * what is wrong) and is skipped here; a listed seed that passes again fails the suite, so the
 * entry is removed when the bug is fixed.
 */

import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"
import { runLua } from "../../worker/lua/index.js"
import { runChecked } from "./check.mjs"
import { programFor } from "./run.mjs"
import { conformanceBodies } from "./mutator.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const knownIssues: Record<string, Record<string, unknown>> = JSON.parse(readFileSync(join(here, "known-issues.json"), "utf8"))

const SLICE = { first: 1, count: 200 }
// Generous: this guards against hangs, it does not time anything.
const LIMITS = { deadlineMs: 2_000, graceMs: 5_000 }

const engines = {
  lua: (source: string, options: object) => runLua(source, { ...options, randomSeed: 1 }),
  javascript: (source: string, options: object) => runJavaScript(source, options),
} as const

for (const language of ["lua", "javascript"] as const) {
  describe(`fuzz slice: ${language}`, () => {
    const bodies = conformanceBodies(language)
    const known = knownIssues[language] ?? {}

    it(`${SLICE.count} programs end in one typed Result, with no internal error or hang`, () => {
      const failures: string[] = []
      for (let seed = SLICE.first; seed < SLICE.first + SLICE.count; seed++) {
        if (String(seed) in known) continue
        const program = programFor(language, seed, "both", bodies)
        const { problems } = runChecked(engines[language], program.source, LIMITS)
        for (const p of problems) failures.push(`seed ${seed} (${program.origin}) [${p.category}] ${p.detail}\n${program.source}`)
      }
      expect(failures).toEqual([])
    })

    it("lists only seeds that still fail", () => {
      for (const seed of Object.keys(known)) {
        const program = programFor(language, Number(seed), "both", bodies)
        expect(runChecked(engines[language], program.source, LIMITS).problems.length, `seed ${seed} passes now`).toBeGreaterThan(0)
      }
    })
  })
}
