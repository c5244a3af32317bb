/**
 * Syntax errors a model can act on. acorn said "Unexpected token" for each of these; the common
 * mistakes now say what is wrong, in V8's words where V8 has them (checked against `node --check`
 * by hand: the V8 phrases are quoted, the rest is ours).
 */

import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"

const parseError = (source: string) => {
  const result = runJavaScript(source)
  if (result.ok) throw new Error(`expected a ParseError, got ${JSON.stringify(result.value)}`)
  expect(result.error.kind).toBe("ParseError")
  return result.error
}

describe("JavaScript parse errors", () => {
  it("await in a function that is not async, at the await", () => {
    expect(parseError("const x = 1\nfunction f() { return await tools.a.b() }")).toEqual({
      kind: "ParseError",
      message: "SyntaxError: await is only valid in async functions and the top level bodies of modules (mark the enclosing function async) (line 2, column 23)",
      location: { line: 2, column: 23 },
    })
    expect(parseError("items.map((i) => {\n  await tools.a.b(i)\n})").message).toMatch(/^SyntaxError: await is only valid in async functions .*\(line 2, column 3\)$/)
  })

  it("an unclosed brace says where it opened", () => {
    expect(parseError("if (ready) {\n  let y = 1\n").message).toBe(
      "SyntaxError: Unexpected end of input: the '{' opened at line 1, column 12 is never closed (line 3, column 1)",
    )
    expect(parseError('const s = "({["\nreturn (1 + 2').message).toBe(
      "SyntaxError: Unexpected end of input: the '(' opened at line 2, column 8 is never closed (line 2, column 14)",
    )
  })

  it("other unexpected tokens in V8's words", () => {
    expect(parseError("const a = [1, 2\nreturn a").message).toBe("SyntaxError: Unexpected token 'return' (line 2, column 1)")
    expect(parseError("let x = 1 2").message).toBe("SyntaxError: Unexpected number (line 1, column 11)")
    expect(parseError("let x = y z").message).toBe("SyntaxError: Unexpected identifier 'z' (line 1, column 11)")
    expect(parseError("let x = )").message).toBe("SyntaxError: Unexpected token ')' (line 1, column 9)")
  })

  it("TypeScript annotations get their hint", () => {
    expect(parseError("const total: number = 1\nreturn total").message).toBe(
      "SyntaxError: Unexpected token ':' (this looks like TypeScript: Code Mode runs JavaScript, so remove type annotations, interfaces and type-only syntax) (line 1, column 12)",
    )
  })

  it("Lua sent to the JavaScript runtime says so", () => {
    const hint = '(this looks like Lua: this runtime runs JavaScript; write JavaScript, or run the program with language: "lua")'
    expect(parseError("local order = tools.orders.lookup({ id = 1 })\nreturn order").message).toBe(`SyntaxError: Unexpected identifier 'order' ${hint} (line 1, column 7)`)
    expect(parseError("for i = 1, 3 do\n  print(i)\nend").message).toContain(hint)
    expect(parseError("if a ~= b then return 1 end").message).toContain(hint)
  })
})
