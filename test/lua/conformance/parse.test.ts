/**
 * Programs that do not parse. Real Lua's wording for grammar errors is not part of the contract
 * (the conformance fixtures hold only compile errors Lua and Code Mode word alike: `<const>`
 * assignment and `goto`), but every unparsable program must fail with `ParseError`, a line and a
 * column, and a message that says what was wrong — never a crash or a JavaScript stack.
 */

import { describe, expect, it } from "vitest"
import { runLua } from "../../../worker/lua/index.js"

const parseError = (source: string) => {
  const result = runLua(source)
  if (result.ok) throw new Error(`expected a ParseError, got ${JSON.stringify(result.value)}`)
  expect(result.error.kind).toBe("ParseError")
  expect(result.error.message.length).toBeGreaterThan(10)
  return result.error
}

describe("parse errors", () => {
  const cases: ReadonlyArray<readonly [title: string, source: string, line: number]> = [
    ["unexpected symbol", "local = 1", 1],
    ["unfinished string", 'local s = "abc\nprint(s)', 1],
    ["malformed number", "local x = 3.x", 1],
    ["missing end", "if true then\n  print(1)\n", 3],
    ["missing closing parenthesis", "print((1 + 2)\nprint(3)", 2],
    ["unfinished long string", "local s = [[abc", 1],
    ["JavaScript instead of Lua", "const x = 1;\nconsole.log(x)", 1],
    ["error on a later line", "local a = 1\nlocal b = 2\nlocal c = = 3", 3],
  ]
  for (const [title, source, line] of cases) {
    it(title, () => {
      const error = parseError(source)
      expect(error.location?.line).toBe(line)
      expect(error.location?.column).toBeGreaterThan(0)
    })
  }
  it("an empty program is a ParseError", () => {
    const result = runLua("")
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.kind).toBe("ParseError")
  })
  it("nothing runs before a parse error is found", () => {
    const result = runLua('print("side effect")\nlocal = 1')
    expect(result.logs).toEqual([])
    expect(result.ok).toBe(false)
  })
})
