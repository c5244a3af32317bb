/**
 * The conformance fixtures themselves: well formed, fully recorded, and free of what Code Mode
 * leaves out. These checks need neither Lua nor the engine.
 */

import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { formatFixture, parseFixture, readFixtures } from "./fixtures.mjs"

const here = dirname(fileURLToPath(import.meta.url))
const fixtures = readFixtures(join(here, "cases"))

/** Names a case must not use: Code Mode does not have them (absent.test.ts covers them). */
const ABSENT = /\b(setmetatable|getmetatable|coroutine|load|loadstring|dofile|loadfile|require|io|os|debug|collectgarbage|package|_ENV)\b|\bstring\.dump\b/

describe("conformance fixtures", () => {
  it("hold at least 450 cases", () => {
    expect(fixtures.reduce((n, f) => n + f.cases.length, 0)).toBeGreaterThanOrEqual(450)
  })
  for (const fixture of fixtures) {
    it(`${fixture.name} is in canonical form (parse then format gives the file back)`, () => {
      expect(formatFixture(fixture)).toBe(readFileSync(fixture.path, "utf8"))
    })
    it(`${fixture.name} has every case recorded`, () => {
      expect(fixture.cases.filter((c) => !c.recorded).map((c) => c.title)).toEqual([])
    })
    it(`${fixture.name} uses nothing Code Mode leaves out`, () => {
      const offending = fixture.cases.filter((c) => ABSENT.test(c.body.replace(/--.*$/gm, ""))).map((c) => c.title)
      expect(offending).toEqual([])
    })
  }
})

describe("fixture format", () => {
  const text = [
    "-- header",
    "",
    "-- case: prints",
    "print(1)",
    "print()",
    "-- expect:",
    "-- 1",
    "--",
    "",
    "-- case: fails",
    "local x",
    "print(x.y)",
    "-- error: input:2: attempt to index a nil value (local 'x')",
    "",
    "-- case: returns",
    "return { a = 1 }",
    "-- result: {\"a\":1}",
    "",
    "-- case: not yet recorded",
    "print(2)",
    "",
  ].join("\n")
  const parsed = parseFixture(text, "example.lua")
  it("reads bodies, output, errors and results", () => {
    expect(parsed.cases.map((c) => [c.title, c.body, c.output, c.error, c.result, c.recorded])).toEqual([
      ["prints", "print(1)\nprint()", ["1", ""], undefined, undefined, true],
      ["fails", "local x\nprint(x.y)", [], "input:2: attempt to index a nil value (local 'x')", undefined, true],
      ["returns", "return { a = 1 }", [], undefined, { a: 1 }, true],
      ["not yet recorded", "print(2)", [], undefined, undefined, false],
    ])
  })
  it("numbers body lines from the line after the title", () => {
    expect(parsed.cases[1].line).toBe(11)
  })
  it("formats back to the same text once recorded", () => {
    const recorded = { ...parsed, cases: parsed.cases.slice(0, 3) }
    expect(formatFixture(recorded)).toBe(`${text.split("-- case: not yet recorded")[0].trimEnd()}\n`)
  })
  it("refuses duplicate titles", () => {
    expect(() => parseFixture("-- case: a\nprint(1)\n-- case: a\nprint(2)\n", "dup.lua")).toThrow(/duplicate case title/)
  })
})
