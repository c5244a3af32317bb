/**
 * The harness of the string-library tests: case tables whose expectations real Lua 5.4 printed.
 *
 * A case is one line of Lua call syntax and the results real Lua returned for it:
 *
 *     string.find("hello", "l+")        --> 3, 4
 *     string.char(256)                  --> error: bad argument #1 to 'char' (value out of range)
 *
 * The tests evaluate the left side with a tiny evaluator (literals, `{...}` constructors, calls,
 * unary minus, `/` and `^` on numbers, and the helper functions below) that calls our builtins
 * directly; `generate.mjs` evaluates the same text with `lua5.4` and rewrites the right side.
 * Results are described by `render`, which `generate.mjs` mirrors in Lua: integers in decimal,
 * floats as `float(<%.17g>)`, strings quoted with `\ddd` for every byte outside printable ASCII,
 * tables as `{a, b}` (their array part), errors as `error: <message>` without a position.
 */

import { noHost } from "../../../worker/engine-host.js"
import { resolveBounds, type Bounds } from "../../../protocol/bounds.js"
import { arith, formatFloatG, numberToString, parseNumber, unm } from "../../../worker/lua/runtime/number.js"
import { LuaState } from "../../../worker/lua/runtime/state.js"
import { LuaError, LuaFloat, LuaTable, MAX_INTEGER, MIN_INTEGER, type LuaFunction, type LuaValue } from "../../../worker/lua/runtime/value.js"
import { openString } from "../../../worker/lua/stdlib/string.js"
import { openUtf8 } from "../../../worker/lua/stdlib/utf8.js"

export const makeState = (overrides?: Partial<Bounds>): LuaState =>
  new LuaState({ host: noHost, bounds: resolveBounds(overrides), deadline: Infinity, randomSeed: 1, chunkName: "input" })

// ---------------------------------------------------------------------------------------------
// Rendering results

/** Bytes outside printable ASCII as `\ddd`; quotes and backslashes escaped. */
export const escapeBytes = (s: string): string => {
  let out = ""
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 34 || c === 92) out += "\\" + s[i]
    else if (c >= 32 && c <= 126) out += s[i]
    else out += "\\" + String(c).padStart(3, "0")
  }
  return out
}

const quote = (s: string): string => `"${escapeBytes(s)}"`

export const renderValue = (v: LuaValue): string => {
  if (v === undefined) return "nil"
  if (typeof v === "boolean") return String(v)
  if (typeof v === "string") return quote(v)
  if (typeof v === "bigint") return v.toString()
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : `float(${formatFloatG(v, 17)})`
  if (v instanceof LuaFloat) return `float(${formatFloatG(v.n, 17)})`
  if (v instanceof LuaTable) return "{" + v.array.map(renderValue).join(", ") + "}"
  return typeof v
}

export const render = (values: LuaValue[]): string => (values.length === 0 ? "(none)" : values.map(renderValue).join(", "))

// ---------------------------------------------------------------------------------------------
// The environment cases run in (generate.mjs defines the same helpers in Lua)

const fn = (f: LuaFunction): LuaFunction => f

const table = (values: LuaValue[]): LuaTable => {
  const t = new LuaTable(1 << 20)
  for (const v of values) t.push(v)
  return t
}

/** `tostring` for the values the helpers see. */
const plainText = (v: LuaValue): string =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "bigint" || v instanceof LuaFloat ? numberToString(v) : String(v ?? "nil")

const makeEnvironment = (st: LuaState): Map<string, LuaValue> => {
  const env = new Map<string, LuaValue>()
  const libs: [string, LuaTable][] = [["string", openString(st)], ["utf8", openUtf8(st)]]
  for (const [name, lib] of libs) {
    for (let entry = lib.next(undefined); entry; entry = lib.next(entry[0])) env.set(`${name}.${String(entry[0])}`, entry[1])
  }
  env.set("math.maxinteger", MAX_INTEGER)
  env.set("math.mininteger", MIN_INTEGER)
  env.set("math.huge", new LuaFloat(Infinity))
  env.set("math.pi", Math.PI)
  // `join(...)`: the arguments as one string, to show what gsub passes to a function.
  env.set("join", fn((args) => [args.map(plainText).join(",")]))
  env.set("upper", fn((args) => [String(args[0]).toUpperCase()]))
  env.set("no", fn(() => [false]))
  env.set("none", fn(() => []))
  env.set("tbl", fn(() => [new LuaTable(10)]))
  env.set("num", fn(() => [42]))
  env.set("flt", fn(() => [new LuaFloat(2)]))
  env.set("fail", fn(() => {
    throw new LuaError("boom")
  }))
  // `collect(f, s, c)`: runs a generic `for` over the iterator and returns its tuples.
  env.set("collect", fn((args) => {
    const [f, s] = args
    let control = args[2]
    const tuples: LuaValue[] = []
    for (let guard = 0; guard < 10_000; guard++) {
      const r = st.call(f, [s, control])
      if (r[0] === undefined) break
      control = r[0]
      tuples.push(table(r))
    }
    return [table(tuples)]
  }))
  return env
}

// ---------------------------------------------------------------------------------------------
// A tiny evaluator for the case syntax

const BINARY: Record<string, "div" | "mul" | "add" | "sub"> = { "/": "div", "*": "mul", "+": "add", "-": "sub" }

class Parser {
  i = 0
  constructor(
    readonly text: string,
    readonly env: Map<string, LuaValue>,
    readonly st: LuaState,
  ) {}

  fail(what: string): never {
    throw new Error(`case syntax: ${what} at ${this.i} in ${this.text}`)
  }

  skip(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i]!)) this.i++
  }

  peek(s: string): boolean {
    this.skip()
    return this.text.startsWith(s, this.i)
  }

  eat(s: string): void {
    if (!this.peek(s)) this.fail(`expected ${s}`)
    this.i += s.length
  }

  /** An expression's values (several only for a call). */
  expression(): LuaValue[] {
    // Binary operators apply left to right, without precedence: enough for the cases.
    let values = this.unary()
    for (;;) {
      const op = ["..", "/", "*", "+", "-"].find((o) => this.peek(o))
      if (op === undefined) return values
      this.i += op.length
      const right = this.unary()[0]
      values = op === ".." ? [String(values[0]) + String(right)] : [arith(BINARY[op]!, values[0], right)]
    }
  }

  unary(): LuaValue[] {
    if (this.peek("-") && !this.peek("--")) {
      this.i++
      return [unm(this.unary()[0])]
    }
    const values = this.atom()
    if (this.peek("^")) {
      this.i++
      return [arith("pow", values[0], this.unary()[0])]
    }
    return values
  }

  atom(): LuaValue[] {
    this.skip()
    const c = this.text[this.i]!
    if (c === '"') return [this.string()]
    if (c === "(") {
      this.i++
      const v = this.expression()[0]
      this.eat(")")
      return [v]
    }
    if (c === "{") return [this.constructor_()]
    const number = /^(0[xX][0-9a-fA-F.]+([pP][-+]?\d+)?|\d+\.?\d*([eE][-+]?\d+)?)/.exec(this.text.slice(this.i))
    if (number !== null) {
      this.i += number[0].length
      const n = parseNumber(number[0])
      if (n === undefined) this.fail("bad number")
      return [n]
    }
    const name = /^[A-Za-z_][\w.]*/.exec(this.text.slice(this.i))
    if (name === null) this.fail("unexpected character")
    this.i += name[0].length
    if (name[0] === "nil") return [undefined]
    if (name[0] === "true") return [true]
    if (name[0] === "false") return [false]
    if (!this.env.has(name[0])) this.fail(`unknown name ${name[0]}`)
    const value = this.env.get(name[0])
    if (!this.peek("(")) return [value]
    this.i++
    const args: LuaValue[] = []
    while (!this.peek(")")) {
      const values = this.expression()
      if (this.peek(",")) {
        this.i++
        args.push(values[0])
      } else {
        args.push(...values)
      }
    }
    this.eat(")")
    // Called directly, as compiled code calls a field (`string.rep(...)`): through `st.call`,
    // argument errors would be renamed as for a call from a builtin (`'string.rep'`).
    if (typeof value === "function") return (value as LuaFunction)(args)
    return this.st.call(value, args)
  }

  constructor_(): LuaTable {
    this.eat("{")
    const t = new LuaTable(1 << 20)
    let n = 1
    while (!this.peek("}")) {
      const key = /^([A-Za-z_]\w*)\s*=/.exec(this.text.slice(this.i))
      if (key !== null) {
        this.i += key[0].length
        t.set(key[1], this.expression()[0])
      } else if (this.peek("[")) {
        this.i++
        const k = this.expression()[0]
        this.eat("]")
        this.eat("=")
        t.set(k, this.expression()[0])
      } else {
        t.set(n++, this.expression()[0])
      }
      if (this.peek(",")) this.i++
    }
    this.eat("}")
    return t
  }

  /** A double-quoted Lua string literal with Lua's escapes. */
  string(): string {
    this.i++
    let out = ""
    for (;;) {
      const c = this.text[this.i++]
      if (c === undefined) this.fail("unfinished string")
      if (c === '"') return out
      if (c !== "\\") {
        out += c
        continue
      }
      const e = this.text[this.i++]!
      const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v", "\\": "\\", '"': '"', "'": "'" }
      if (e in simple) out += simple[e]
      else if (e === "x") {
        out += String.fromCharCode(parseInt(this.text.slice(this.i, this.i + 2), 16))
        this.i += 2
      } else if (/\d/.test(e)) {
        const digits = /^\d{1,3}/.exec(this.text.slice(this.i - 1))![0]
        out += String.fromCharCode(Number(digits))
        this.i += digits.length - 1
      } else this.fail(`unknown escape \\${e}`)
    }
  }
}

/** Evaluates one case against a fresh library on `st`; the rendered results or `error: ...`. */
export const runCase = (text: string, st: LuaState = makeState()): string => {
  const parser = new Parser(text, makeEnvironment(st), st)
  try {
    const values = parser.expression()
    parser.skip()
    if (parser.i !== text.length) parser.fail("trailing text")
    return render(values)
  } catch (error) {
    if (error instanceof LuaError) return `error: ${typeof error.value === "string" ? escapeBytes(error.value) : renderValue(error.value)}`
    throw error
  }
}

/** The lines of a case block: `[case, expected]` pairs (blank lines and `--` comments skipped). */
export const luaCases = (block: string): [string, string][] =>
  block
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("--"))
    .map((line) => {
      const at = line.indexOf(" --> ")
      if (at < 0) throw new Error(`case without expectation: ${line}`)
      return [line.slice(0, at).trim(), line.slice(at + 5)]
    })
