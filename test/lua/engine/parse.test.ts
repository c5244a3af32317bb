/**
 * parse.ts: bytes in, a luaparse tree out, with the pre-scan's rewrites keeping every offset in
 * place, and every refusal a clean diagnostic with a position.
 */

import { describe, expect, it } from "vitest"
import { DEFAULT_BOUNDS } from "../../../protocol/bounds.js"
import { CompileError, parseLua } from "../../../worker/lua/parse.js"
import { expectFailure, failure, printed, valueOf } from "./helpers.js"

const compileError = (source: string): CompileError => {
  try {
    parseLua(source, DEFAULT_BOUNDS)
  } catch (error) {
    if (error instanceof CompileError) return error
    throw error
  }
  throw new Error("expected a CompileError")
}

describe("byte strings", () => {
  it("string literals are the UTF-8 bytes of the text", () => {
    expect(valueOf(`return #"é"`)).toBe(2)
    expect(valueOf(`return "é" .. "!"`)).toBe("é!")
  })
  it("escapes produce bytes", () => {
    expect(valueOf(`return {("\\xff"):byte(), #"\\u{48}\\u{20AC}", ("\\065"):byte()}`)).toEqual([255, 4, 65])
  })
  it("code points beyond U+10FFFF are encoded as Lua 5.4 does, up to six bytes", () => {
    expect(valueOf(`return {("\\u{7FFFFFFF}"):byte(1, -1)}`)).toEqual([0xfd, 0xbf, 0xbf, 0xbf, 0xbf, 0xbf])
    expect(valueOf(`return {("\\u{110000}"):byte(1, -1)}`)).toEqual([0xf4, 0x90, 0x80, 0x80])
  })
  it("a rewritten escape keeps the columns of what follows", () => {
    expect(failure(`local s = "\\u{7FFFFFFF}" x = = 1`).location).toEqual({ line: 1, column: 30 })
  })
})

describe("local attributes", () => {
  it("<const> is blanked out and remembered by the offset of its name", () => {
    const program = parseLua("local a <const>, b = 1, 2", DEFAULT_BOUNDS)
    expect([...program.constants]).toEqual([6])
    expect(valueOf("local a <const>, b <const> = 1, 2 return a + b")).toBe(3)
  })
  it("blanking keeps the columns of later errors", () => {
    expect(failure("local a <const> = 1 x = = 1").location).toEqual({ line: 1, column: 25 })
  })
  it("assigning a <const> local is a compile error, also from an inner function", () => {
    expectFailure("local a <const> = 1\na = 2", "ParseError", "input:2: attempt to assign to const variable 'a'")
    expectFailure(
      "local a <const> = 1\nlocal function f() a = 2 end",
      "ParseError",
      "input:2: attempt to assign to const variable 'a'",
    )
  })
  it("<close> is UnsupportedSyntax at its position; unknown attributes are ParseError", () => {
    const close = failure("local ok = 1\nlocal f <close> = nil")
    expect(close.kind).toBe("UnsupportedSyntax")
    expect(close.location).toEqual({ line: 2, column: 9 })
    expectFailure("local f <fast> = 1", "ParseError", "input:1: unknown attribute 'fast'")
  })
  it("`<` elsewhere is left alone", () => {
    expect(valueOf("local a, b = 1, 2 local c = a < b return c")).toBe(true)
  })
})

describe("numerals", () => {
  it("hex floats without digits before the point are read as Lua reads them", () => {
    expect(printed("print(0x.8, 0x.1p4, 0xA.8p1, 0x.8 + 1)")).toEqual(["0.5\t1.0\t21.0\t1.5"])
  })
  it("integers keep 64 bits", () => {
    expect(printed("print(0x7fffffffffffffff, 9007199254740993, 0xffffffffffffffff)")).toEqual([
      "9223372036854775807\t9007199254740993\t-1",
    ])
  })
})

describe("syntax errors", () => {
  it("carry Lua's prefix, the line and a 1-based column in characters", () => {
    const error = compileError('local s = "ééé"\nlocal t = = 2').diagnostic
    expect(error.kind).toBe("ParseError")
    expect(error.message).toBe("input:2: <expression> expected near '='")
    expect(error.location).toEqual({ line: 2, column: 11 })
    expect(compileError('local s = "ééé" x = = 1').diagnostic.location).toEqual({ line: 1, column: 21 })
  })
  it("an empty program (only comments) is a ParseError", () => {
    expect(compileError("-- nothing here\n--[[ or here ]]").diagnostic.kind).toBe("ParseError")
  })
  it("goto errors use Lua's wording and lines", () => {
    expectFailure(
      "goto skip\nlocal x = 1\n::skip::\nprint(x)",
      "ParseError",
      "input:4: <goto skip> at line 1 jumps into the scope of local 'x'",
    )
    expectFailure("do goto nowhere end", "ParseError", "input:1: no visible label 'nowhere' for <goto> at line 1")
    expectFailure("if x then break end", "ParseError", "input:1: break outside loop at line 1")
  })
  it("`...` outside a vararg function is refused", () => {
    expectFailure(
      "local function f() return ... end",
      "ParseError",
      "input:1: cannot use '...' outside a vararg function near '...'",
    )
  })
})

describe("static bounds", () => {
  it("nesting is measured on blocks and brackets, before luaparse recurses", () => {
    const deep = `return ${"{".repeat(201)}${"}".repeat(201)}`
    expect(compileError(deep).diagnostic.message).toContain("more than 200 levels")
    const blocks = `${"do ".repeat(150)}${"if true then ".repeat(60)}${"end ".repeat(210)}`
    expect(compileError(blocks).diagnostic.kind).toBe("ParseError")
    expect(valueOf(`return ${"(".repeat(150)}1${")".repeat(150)}`)).toBe(1)
  })
  it("chains too long for the parser's stack are a ParseError, not a crash", () => {
    expect(failure(`return ${"1 .. ".repeat(100_000)}1`).kind).toBe("ParseError")
    expect(failure(`return ${"- ".repeat(100_000)}1`).kind).toBe("ParseError")
  })
  it("brackets inside strings and comments do not count", () => {
    const source = `local s = "${"(".repeat(300)}" --[[ ${"{".repeat(300)} ]] return #s`
    expect(valueOf(source)).toBe(300)
  })
})
