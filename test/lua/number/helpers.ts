/**
 * Shared by the number tests: the operand mini-language of `expected.json` (see `generate.mjs`),
 * the value descriptions real Lua printed, and a `LuaState` to run builtins in.
 */

import { DEFAULT_BOUNDS } from "../../../protocol/bounds.js"
import { noHost } from "../../../worker/engine-host.js"
import { arith, formatFloatG, numberToString, parseNumber, unm } from "../../../worker/lua/runtime/number.js"
import { LuaState } from "../../../worker/lua/runtime/state.js"
import { LuaError, LuaFloat, LuaTable, MAX_INTEGER, MIN_INTEGER, type LuaValue } from "../../../worker/lua/runtime/value.js"
import expected from "./expected.json"

export { expected }

/** Evaluates an operand such as `42`, `-0.0`, `"10"`, `math.maxinteger`, `2^63`, `0/0`, `-(0/0)`, `nil`. */
export const evaluate = (text: string): LuaValue => {
  const t = text.trim()
  switch (t) {
    case "nil":
      return undefined
    case "true":
      return true
    case "false":
      return false
    case "{}":
      return new LuaTable(100)
    case "math.maxinteger":
      return MAX_INTEGER
    case "math.mininteger":
      return MIN_INTEGER
    case "math.huge":
      return Infinity
    case "-math.huge":
      return -Infinity
    case "math.pi":
      return Math.PI
    case "-math.pi":
      return -Math.PI
  }
  if (t.startsWith('"') && t.endsWith('"')) return luaStringLiteral(t.slice(1, -1))
  if (t.startsWith("-(") && t.endsWith(")")) return unm(evaluate(t.slice(2, -1)))
  const sum = /^(.+) ([-+]) (\d+)$/.exec(t)
  if (sum !== null) return arith(sum[2] === "+" ? "add" : "sub", evaluate(sum[1]!), evaluate(sum[3]!))
  const power = /^(-?)([^^]+)\^(.+)$/.exec(t)
  if (power !== null) {
    const value = arith("pow", evaluate(power[2]!), evaluate(power[3]!))
    return power[1] === "-" ? unm(value) : value
  }
  const quotient = /^([^/]+)\/(.+)$/.exec(t)
  if (quotient !== null) return arith("div", evaluate(quotient[1]!), evaluate(quotient[2]!))
  const n = parseNumber(t)
  if (n === undefined) throw new Error(`cannot evaluate operand ${text}`)
  return n
}

const ESCAPES: Record<string, string> = { "0": "\0", n: "\n", t: "\t", "\\": "\\", '"': '"' }

/** The body of a Lua string literal with the few escapes the expectations use. */
const luaStringLiteral = (body: string): string => body.replace(/\\([0nt\\"])/g, (_, c: string) => ESCAPES[c]!)

/** Distance in units in the last place between two doubles of the same sign. */
export const ulps = (a: number, b: number): number => {
  const view = new DataView(new ArrayBuffer(16))
  view.setFloat64(0, a)
  view.setFloat64(8, b)
  return Math.abs(Number(view.getBigInt64(0) - view.getBigInt64(8)))
}

/**
 * Whether `ours` matches real Lua's `theirs` (both descriptions) up to `tolerance` units in the
 * last place: for results of libm functions, where V8 and glibc differ in the last bit.
 */
export const closeTo = (ours: string, theirs: string, tolerance: number): boolean => {
  if (ours === theirs) return true
  if (!ours.startsWith("float:") || !theirs.startsWith("float:")) return false
  const a = Number(ours.slice(6))
  const b = Number(theirs.slice(6))
  return Number.isFinite(a) && Number.isFinite(b) && Math.sign(a) === Math.sign(b) && ulps(a, b) <= tolerance
}

/** A value as `generate.mjs` describes it: `integer:3`, `float:<%.17g>`, `string:x`, `nil`... */
export const describe = (v: LuaValue): string => {
  if (v === undefined) return "nil"
  if (typeof v === "boolean") return `boolean:${v}`
  if (typeof v === "string") return `string:${v}`
  if (typeof v === "bigint") return `integer:${numberToString(v)}`
  if (typeof v === "number") return Number.isInteger(v) ? `integer:${numberToString(v)}` : `float:${formatFloatG(v, 17)}`
  if (v instanceof LuaFloat) return `float:${formatFloatG(v.n, 17)}`
  if (v instanceof LuaTable) return "table"
  return typeof v
}

/** Every number must be in its canonical form; returns a complaint or undefined. */
export const nonCanonical = (v: LuaValue): string | undefined => {
  if (typeof v === "number" && Object.is(v, -0)) return "integer -0"
  if (typeof v === "bigint" && v >= -BigInt(Number.MAX_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return "safe bigint"
  if (typeof v === "bigint" && BigInt.asIntN(64, v) !== v) return "bigint beyond 64 bits"
  if (v instanceof LuaFloat && !Number.isInteger(v.n)) return "boxed non-integral float"
  return undefined
}

/** A state for running builtins, at line 1 of a chunk named `input` (as the expectations were made). */
export const makeState = (randomSeed = 0): LuaState => {
  const st = new LuaState({ host: noHost, bounds: DEFAULT_BOUNDS, deadline: Infinity, randomSeed, chunkName: "input" })
  st.line = 1
  return st
}

/** Runs `body`; a Lua error becomes `E:<message>` as `generate.mjs` records it. */
export const outcome = (body: () => LuaValue[]): string => {
  try {
    return body().map(describe).join(" ")
  } catch (error) {
    if (error instanceof LuaError) return `E:${String(error.value)}`
    throw error
  }
}
