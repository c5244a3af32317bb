/**
 * The README test's readers on small inputs: a mistake in them would let the README drift while
 * `readme.test.ts` stayed green, so each way a comment can promise (or fail to promise) a value is
 * pinned here, including the ones that must fail.
 */

import { describe, expect, it } from "vitest"
import { codeBlocks, isConfigFile, isRunnable, unmarkedBlocks } from "./blocks.js"
import { appendix, expectations } from "./modules.js"
import { mismatch, parsePattern } from "./patterns.js"
import { printedInOrder, programPromises } from "./programs.js"

const fence = "```"

describe("codeBlocks", () => {
  it("reads languages, fragment marks with reasons, labels and indented fences", () => {
    const markdown = [
      `${fence}ts`,
      "const a = 1",
      fence,
      "- item",
      "",
      `  ${fence}sh fragment: shell commands`,
      "  npm test",
      `  ${fence}`,
      `${fence}json codemode.config.json`,
      "{}",
      fence,
      `${fence}json`,
      "{}",
      fence,
    ].join("\n")
    const blocks = codeBlocks(markdown)
    expect(blocks.map(({ line, language, fragment, code }) => ({ line, language, fragment, code }))).toEqual([
      { line: 1, language: "ts", fragment: undefined, code: "const a = 1\n" },
      { line: 6, language: "sh", fragment: "shell commands", code: "npm test\n" },
      { line: 9, language: "json", fragment: undefined, code: "{}\n" },
      { line: 12, language: "json", fragment: undefined, code: "{}\n" },
    ])
    expect(blocks.map(isRunnable)).toEqual([true, false, false, false])
    expect(blocks.map(isConfigFile)).toEqual([false, false, true, false])
    expect(unmarkedBlocks(blocks).map((block) => block.line)).toEqual([12])
  })

  it("refuses a fence that never closes, naming its line", () => {
    expect(() => codeBlocks(`text\n${fence}lua\nreturn 1\n`)).toThrow("README.md:2: a code fence opened here is never closed")
  })
})

describe("parsePattern and mismatch", () => {
  it("matches literals, open and closed objects, and arrays with `...`", () => {
    const pattern = parsePattern(`{ ok: true, value: { id: "order_42", n: 2 }, toolCalls: [...] }`)!
    expect(mismatch(pattern, { ok: true, value: { id: "order_42", n: 2 }, toolCalls: [1, 2] })).toBeUndefined()
    expect(mismatch(pattern, { ok: true, value: { id: "order_42", n: 3 }, toolCalls: [] })).toBe("at value.value.n: expected 2, got 3")
    expect(mismatch(pattern, { ok: true, value: { id: "order_42", n: 2 }, toolCalls: [], logs: ["x"] }, "result")).toBe(
      'at result: unexpected keys logs in {"ok":true,"value":{"id":"order_42","n":2},"toolCalls":[],"logs":["x"]}',
    )
    expect(mismatch(parsePattern(`{ a: 1, ... }`)!, { a: 1, b: 2 })).toBeUndefined()
    expect(mismatch(parsePattern(`[{ kind: "tool", ... }, ...]`)!, [{ kind: "tool", name: "x" }, 3])).toBeUndefined()
    expect(mismatch(parsePattern(`[1, 2]`)!, [1, 2, 3])).toBe("at value: expected 2 items, got 3: [1,2,3]")
    expect(mismatch(parsePattern(`{ runs, suspensions }`)!, { runs: 0, suspensions: 1 })).toBeUndefined()
    expect(mismatch(parsePattern(`'tools.x["a-b"]'`)!, 'tools.x["a-b"]')).toBeUndefined()
  })

  it("calls prose what is not a pattern", () => {
    for (const text of ["the server is stopped", "[3 calls, kind \"extension\"]", "{ a: 1 } and more", "search(query?: string)", ""]) {
      expect(parsePattern(text), text).toBeUndefined()
    }
  })
})

describe("expectations", () => {
  it("reads path comments, logged values, continuations, remarks and shown expressions", () => {
    const code = [
      "const result = make()",
      '// result: { ok: true, value: { a: "x",',
      "//   b: 2 }, toolCalls: [...] } (two calls)",
      "console.log(result.value)   // { a: \"x\", b: 2 }",
      "console.log(list())",
      "// [{ name: \"main\" }]",
      "console.log(other)   // the answer, in words",
      "pool.stats   // { runs }",
      "api.describe()   // words",
      "",
    ].join("\n")
    expect(expectations(code).map(({ line, subject, pattern }) => ({ line, subject, checked: pattern !== undefined }))).toEqual([
      { line: 2, subject: { kind: "binding", path: ["result"] }, checked: true },
      { line: 4, subject: { kind: "log", index: 0 }, checked: true },
      { line: 5, subject: { kind: "log", index: 1 }, checked: true },
      { line: 7, subject: { kind: "log", index: 2 }, checked: false },
      { line: 8, subject: { kind: "binding", path: ["readmeShown8"] }, checked: true },
      { line: 9, subject: { kind: "binding", path: ["readmeShown9"] }, checked: false },
    ])
    const module = appendix(code, new Set())
    expect(module.split("\n")[7]).toBe("export const readmeShown8 = pool.stats  // { runs }")
    expect(module.split("\n")[8]).toBe("api.describe()   // words")
    expect(module).toContain("export { result }")
  })

  it("holds a README type to the package's type of the same name", () => {
    expect(appendix("type Result = { ok: boolean }\n", new Set(["Result"]))).toContain(
      'export function readmeTypeAgreesResult(readme: Result, real: ReadmeWritable<import("codemode").Result>): unknown {',
    )
  })
})

describe("programPromises", () => {
  it("reads result and prints comments in the program's comment syntax", () => {
    expect(programPromises("lua", 'print("a")  -- prints: a\nreturn { 1 }  -- result: { 1 }\n')).toEqual({ result: "{ 1 }", prints: ["a"] })
    expect(programPromises("js", "return 1 // result: 1\n")).toEqual({ result: "1", prints: [] })
    expect(() => programPromises("js", "// result: 1\n// result: 2\n")).toThrow("a program promises 2 results")
    expect(printedInOrder(["a", "x", "b"], ["a", "b"])).toBe(true)
    expect(printedInOrder(["b", "a"], ["a", "b"])).toBe(false)
  })
})
