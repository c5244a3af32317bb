/**
 * The `json` library: `json.null`, `json.array(...)`, and — beyond the reference — `json.encode`
 * and `json.decode`, because tools often hand back JSON text.
 *
 * Encoding and decoding follow the plain-data contract exactly (`worker/data/lua.ts`): the same
 * tables are arrays or objects, the same values are refused with the same path messages, empty
 * tables keep their remembered shape, `json.null` is null, object keys come out in the table's
 * insertion order (index-like keys such as `"7"` first, as in every JavaScript object). So a
 * program can see, before calling a tool, exactly what the tool would receive.
 *
 * The difference is who is told when something does not fit. A program result that cannot cross
 * stops the execution (`InvalidDataValue`); here the program asked explicitly, so a value that does
 * not fit, malformed text or a bound of the copy (depth, size) is an ordinary Lua error that
 * `pcall` catches: `bad argument #1 to 'encode' (value.items[3].fn is a function, ...)`,
 * `bad argument #1 to 'decode' (invalid JSON at byte 17: expected ',' or '}')`. Fuel and the
 * string-size bound still stop the program, as everywhere.
 *
 * Both directions go through the host's native JSON (`JSON.stringify`, `JSON.parse`) on the copy,
 * which is faster than any encoder written here; text is UTF-8 on the Lua side. Numbers: `2.0`
 * encodes as `2`, `-0.0` as `0`, and decoding gives integers for integral numbers within ±2^53
 * (so `1.0` decodes to the integer 1) and floats otherwise. When `JSON.parse` rejects the text, a
 * small scanner below walks it again only to say where and why.
 */

import { DataContractError } from "../../data/contract.js"
import { DataToLua, LuaToData } from "../data/convert.js"
import { bytesFromText, invalidUtf8Offset, textFromBytes } from "../../data/utf8.js"
import type { LuaState } from "../runtime/state.js"
import { JSON_NULL, LuaFloat, LuaTable, TableShape, TableTooLarge, type LuaValue } from "../runtime/value.js"
import { argError, checkAny, checkString, checkTable, libraryTable } from "./args.js"

/** This library's own messages (the part inside `bad argument #1 to 'decode' (...)`). */
export const JsonMessages = {
  badIndent: (limit: number) => `indent must be an integer from 0 to ${limit}`,
  invalidUtf8: (offset: number) => `invalid UTF-8 at byte ${offset + 1}`,
  invalidJson: (offset: number, reason: string) => `invalid JSON at byte ${offset + 1}: ${reason}`,
}

/** `JSON.stringify` indents by at most ten spaces. */
const MAX_INDENT = 10

export const openJson = (st: LuaState): LuaTable => {
  const lib = libraryTable(st)
  lib.set("null", JSON_NULL)
  lib.set("array", (args: LuaValue[]) => [array(st, args)])
  lib.set("encode", (args: LuaValue[]) => [encode(st, args)])
  lib.set("decode", (args: LuaValue[]) => [decode(st, args)])
  return lib
}

/** `json.array(...)`: a table that is a JSON array even when empty, holding its arguments. */
function array(st: LuaState, args: LuaValue[]): LuaTable {
  const t = new LuaTable(st.bounds.maxTableEntries)
  t.shape = TableShape.Array
  if (args.length > t.maxEntries) throw new TableTooLarge()
  st.charge(args.length + 1)
  for (let i = 0; i < args.length; i++) t.setInteger(i + 1, args[i])
  return t
}

function encode(st: LuaState, args: LuaValue[]): string {
  const value = checkAny(st, args, 0, "encode")
  const indent = args[1] === undefined ? 0 : indentOption(st, args)
  const copier = new LuaToData(st, "value")
  let data
  try {
    data = copier.copy(value)
  } catch (error) {
    if (error instanceof DataContractError) argError(st, 0, "encode", error.message)
    throw error
  }
  // Indentation can multiply the size of deep data: refuse before building the text.
  if (indent > 0) st.checkStringSize(copier.bytes + copier.indentUnits * indent)
  st.charge(copier.bytes >>> 4)
  const text = bytesFromText(JSON.stringify(data, null, indent))
  st.checkStringSize(text.length)
  return text
}

function indentOption(st: LuaState, args: LuaValue[]): number {
  const options = checkTable(st, args, 1, "encode")
  const v = options.getString("indent")
  if (v === undefined) return 0
  const n = v instanceof LuaFloat ? v.n : v
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > MAX_INDENT) {
    argError(st, 1, "encode", JsonMessages.badIndent(MAX_INDENT))
  }
  return n as number
}

function decode(st: LuaState, args: LuaValue[]): LuaValue {
  const bytes = checkString(st, args, 0, "decode")
  st.charge(1 + (bytes.length >>> 4))
  const text = textFromBytes(bytes)
  if (text === undefined) argError(st, 0, "decode", JsonMessages.invalidUtf8(invalidUtf8Offset(bytes)))
  let parsed: unknown
  try {
    parsed = JSON.parse(text as string)
  } catch {
    const problem = findSyntaxError(bytes, st.bounds.maxDataDepth)
    argError(st, 0, "decode", problem)
  }
  try {
    return new DataToLua(st, "value", true).copy(parsed)
  } catch (error) {
    if (error instanceof DataContractError) argError(st, 0, "decode", error.message)
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// Locating a syntax error (only after JSON.parse has refused the text)

class SyntaxProblem {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

/** Why and where `JSON.parse` refused `s` (a byte string of valid UTF-8), as a message. */
export function findSyntaxError(s: string, maxDepth: number): string {
  try {
    new JsonScanner(s, maxDepth).document()
  } catch (error) {
    if (error instanceof SyntaxProblem) return JsonMessages.invalidJson(error.offset, error.reason)
    throw error
  }
  return "invalid JSON"
}

/** A recognizer for RFC 8259 JSON, the grammar `JSON.parse` accepts. */
class JsonScanner {
  private i = 0

  constructor(
    private readonly s: string,
    private readonly maxDepth: number,
  ) {}

  document(): void {
    this.value(1)
    this.space()
    if (this.i < this.s.length) this.fail(`unexpected ${this.describe()} after the value`)
  }

  private value(depth: number): void {
    this.space()
    const c = this.s.charCodeAt(this.i)
    if (c === 0x7b /* { */) return this.object(depth)
    if (c === 0x5b /* [ */) return this.array(depth)
    if (c === 0x22 /* " */) return this.string()
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) return this.number()
    if (c === 0x74) return this.literal("true")
    if (c === 0x66) return this.literal("false")
    if (c === 0x6e) return this.literal("null")
    this.fail(`unexpected ${this.describe()}`)
  }

  private object(depth: number): void {
    this.enter(depth)
    this.i++
    this.space()
    if (this.s.charCodeAt(this.i) === 0x7d /* } */) {
      this.i++
      return
    }
    for (;;) {
      this.space()
      if (this.s.charCodeAt(this.i) !== 0x22) this.fail(`expected a string key, got ${this.describe()}`)
      this.string()
      this.space()
      if (this.s.charCodeAt(this.i) !== 0x3a /* : */) this.fail(`expected ':', got ${this.describe()}`)
      this.i++
      this.value(depth + 1)
      this.space()
      const c = this.s.charCodeAt(this.i)
      this.i++
      if (c === 0x2c /* , */) continue
      if (c === 0x7d /* } */) return
      this.i--
      this.fail(`expected ',' or '}', got ${this.describe()}`)
    }
  }

  private array(depth: number): void {
    this.enter(depth)
    this.i++
    this.space()
    if (this.s.charCodeAt(this.i) === 0x5d /* ] */) {
      this.i++
      return
    }
    for (;;) {
      this.value(depth + 1)
      this.space()
      const c = this.s.charCodeAt(this.i)
      this.i++
      if (c === 0x2c) continue
      if (c === 0x5d) return
      this.i--
      this.fail(`expected ',' or ']', got ${this.describe()}`)
    }
  }

  private string(): void {
    const s = this.s
    this.i++
    for (;;) {
      if (this.i >= s.length) this.fail("unterminated string")
      const c = s.charCodeAt(this.i)
      if (c === 0x22) {
        this.i++
        return
      }
      if (c < 0x20) this.fail("control character in string (escape it)")
      if (c === 0x5c /* \ */) {
        const e = s[this.i + 1]
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(s.slice(this.i + 2, this.i + 6))) this.fail("invalid \\u escape")
          this.i += 6
          continue
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail("invalid escape")
        this.i += 2
        continue
      }
      this.i++
    }
  }

  private number(): void {
    const s = this.s
    const start = this.i
    if (s[this.i] === "-") this.i++
    if (s[this.i] === "0") this.i++
    else if (!this.digits()) this.fail("invalid number")
    if (s[this.i] === ".") {
      this.i++
      if (!this.digits()) this.fail("invalid number")
    }
    if (s[this.i] === "e" || s[this.i] === "E") {
      this.i++
      if (s[this.i] === "+" || s[this.i] === "-") this.i++
      if (!this.digits()) this.fail("invalid number")
    }
    if (this.i === start) this.fail("invalid number")
  }

  private digits(): boolean {
    const start = this.i
    while (this.i < this.s.length && this.s.charCodeAt(this.i) >= 0x30 && this.s.charCodeAt(this.i) <= 0x39) this.i++
    return this.i > start
  }

  private literal(word: string): void {
    if (this.s.startsWith(word, this.i)) this.i += word.length
    else this.fail(`unexpected ${this.describe()}`)
  }

  private space(): void {
    const s = this.s
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i)
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return
      this.i++
    }
  }

  private enter(depth: number): void {
    if (depth > this.maxDepth) this.fail(`nested more than ${this.maxDepth} levels deep`)
  }

  private describe(): string {
    if (this.i >= this.s.length) return "end of text"
    const c = this.s.charCodeAt(this.i)
    return c > 0x20 && c < 0x7f ? `'${this.s[this.i]}'` : `byte 0x${c.toString(16).padStart(2, "0")}`
  }

  private fail(reason: string): never {
    throw new SyntaxProblem(this.i, reason)
  }
}
