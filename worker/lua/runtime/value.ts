/**
 * Lua values, as the engine represents them.
 *
 * The representation is chosen so that the common case is a plain JavaScript value and the
 * interpreter's fast paths are one `typeof` away:
 *
 * | Lua                       | JavaScript                                                    |
 * | ------------------------- | ------------------------------------------------------------- |
 * | nil                       | `undefined`                                                   |
 * | boolean                   | `boolean`                                                     |
 * | integer                   | `number` while it is a safe integer (abs <= 2^53 - 1),        |
 * |                           | `bigint` beyond, always wrapped to 64-bit two's complement    |
 * | float, not integral       | `number` (including NaN and the infinities)                   |
 * | float, integral (`2.0`)   | `LuaFloat` box (including `-0.0`)                             |
 * | string                    | `string` of bytes: every char code is 0..255                  |
 * | table                     | `LuaTable`                                                    |
 * | function                  | `LuaFunction` (a JavaScript function; see its type)           |
 * | `json.null`               | `JSON_NULL` (type "userdata")                                 |
 * | `tools`, `tools.a.b`      | `ToolReference` (type "table": indexable and callable)       |
 *
 * So a raw JavaScript number is an integer exactly when `Number.isInteger` holds for it, and every
 * number has one canonical form: `canonicalInteger` and `canonicalFloat` build it. Equality of two
 * values of the same canonical form is `===`, except for numbers of different subtypes (`1 == 1.0`),
 * which `rawEquals` handles.
 *
 * Strings are byte strings so that `#s`, `string.byte` and patterns see bytes as real Lua does.
 * Text crossing to or from the host is UTF-8 encoded or decoded at the edge (`worker/data`).
 */

import { LuaFloat } from "./float.js"
import type { LuaTable } from "./table.js"

export { LuaFloat } from "./float.js"
export { InvalidTableKey, LuaTable, TableShape, TableTooLarge, type LuaKey } from "./table.js"

/** The value of `json.null`: a JSON null that survives in tables and arrays. */
export const JSON_NULL: unique symbol = Symbol("json.null")
export type JsonNull = typeof JSON_NULL

/**
 * A path into the host's tools: `tools` itself is `ToolReference("")`, `tools.orders.lookup` is
 * `ToolReference("orders.lookup")`. Indexing extends the path, calling it calls the tool. It holds
 * no host object: just the path.
 */
export class ToolReference {
  constructor(readonly path: string) {}
}

/**
 * A Lua function. Compiled Lua functions and builtins share this calling convention: the argument
 * list in, the result list out (`NO_VALUES` for none). A compiled function in tail position may
 * instead return `TAIL_CALL` after storing the callee and arguments on the execution state, and
 * one returning a single value may return `ONE_RESULT` with the value in `st.result`; only
 * `LuaState.call` and compiled call sites see those markers, so builtins never do.
 */
export type LuaFunction = (args: LuaValue[]) => LuaValue[]

export type LuaValue =
  | undefined
  | boolean
  | number
  | bigint
  | LuaFloat
  | string
  | LuaTable
  | LuaFunction
  | JsonNull
  | ToolReference

/** The shared empty result list. Never mutate it. */
export const NO_VALUES: LuaValue[] = []

// ---------------------------------------------------------------------------------------------
// Numbers: canonical forms

const MAX_SAFE = Number.MAX_SAFE_INTEGER
const TWO_64 = 1n << 64n
const TWO_63 = 1n << 63n

/** The canonical integer for a 64-bit value given as a bigint (wrapped to two's complement). */
export const canonicalInteger = (value: bigint): number | bigint => {
  const v = BigInt.asIntN(64, value)
  if (v >= -BigInt(MAX_SAFE) && v <= BigInt(MAX_SAFE)) return Number(v)
  return v
}

/** The canonical float for a JavaScript number: boxed when integral (including -0), raw otherwise. */
export const canonicalFloat = (n: number): number | LuaFloat => (Number.isInteger(n) ? new LuaFloat(n) : n)

export const isInteger = (v: LuaValue): v is number | bigint =>
  typeof v === "number" ? Number.isInteger(v) : typeof v === "bigint"

export const isFloat = (v: LuaValue): v is number | LuaFloat =>
  typeof v === "number" ? !Number.isInteger(v) : v instanceof LuaFloat

export const isNumber = (v: LuaValue): v is number | bigint | LuaFloat =>
  typeof v === "number" || typeof v === "bigint" || v instanceof LuaFloat

/** The value of any Lua number as a JavaScript double (rounding integers beyond 2^53). */
export const toDouble = (v: number | bigint | LuaFloat): number =>
  typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : v.n

/** Lua's `math.maxinteger` and `math.mininteger`. */
export const MAX_INTEGER: bigint = TWO_63 - 1n
export const MIN_INTEGER: bigint = -TWO_63
export { TWO_64 }

// ---------------------------------------------------------------------------------------------
// Types

export type LuaTypeName = "nil" | "boolean" | "number" | "string" | "table" | "function" | "userdata"

export const typeName = (v: LuaValue): LuaTypeName => {
  switch (typeof v) {
    case "undefined":
      return "nil"
    case "boolean":
      return "boolean"
    case "number":
    case "bigint":
      return "number"
    case "string":
      return "string"
    case "function":
      return "function"
    case "symbol":
      return "userdata"
    default:
      return v instanceof LuaFloat ? "number" : "table"
  }
}

/** Lua truthiness: only nil and false are false. */
export const truthy = (v: LuaValue): boolean => v !== undefined && v !== false

/** Raw equality (`==` without metamethods, which Code Mode does not have). */
export const rawEquals = (a: LuaValue, b: LuaValue): boolean => {
  if (a === b) return typeof a !== "number" || a === a
  if (typeof a === "number" && typeof b === "number") return false
  if (a instanceof LuaFloat) {
    if (b instanceof LuaFloat) return a.n === b.n
    if (typeof b === "number") return a.n === b
    if (typeof b === "bigint") return Number.isFinite(a.n) && BigInt(a.n) === b
    return false
  }
  if (b instanceof LuaFloat) return rawEquals(b, a)
  return false
}

// ---------------------------------------------------------------------------------------------
// Exceptions that unwind a Lua program

/** A Lua error: `error(value)` or a runtime error. Caught by `pcall`/`xpcall`; carries any value. */
export class LuaError extends Error {
  constructor(
    readonly value: LuaValue,
    /** For host failures: the diagnostic kind to report if the program does not catch it. */
    readonly kind: "ExecutionFailure" | "ToolFailure" | "InvalidToolInput" | "InvalidToolOutput" = "ExecutionFailure",
  ) {
    super(typeof value === "string" ? value : "(error object is not a string)")
    this.name = "LuaError"
  }
  /** The line of the `error` call that raised a non-string value (0: unknown), for the diagnostic. */
  raisedAt = 0
}

/**
 * The execution ends now: a bound, a limit, a timeout or interruption. Never caught by `pcall`.
 * Carries the diagnostic to report.
 */
export { HostStop as LuaStop } from "../../engine-host.js"
