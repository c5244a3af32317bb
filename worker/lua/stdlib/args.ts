/**
 * Argument checking for builtins, with real Lua's wording:
 * `bad argument #1 to 'rep' (number expected, got nil)`.
 *
 * Every builtin reads its arguments through these helpers so that messages are the same
 * everywhere and a test can assert them exactly. Numbers follow Lua's coercions: a string that
 * reads as a number is accepted where a number is expected, and a float with an exact integer
 * value is accepted where an integer is expected (`number has no integer representation` otherwise).
 */

import { numberToString, toInteger, toNumber } from "../runtime/number.js"
import type { LuaState } from "../runtime/state.js"
import { LuaFloat, LuaTable, typeName, type LuaValue } from "../runtime/value.js"

/**
 * Room every library table (`string`, `math`, ...) gets whatever `maxTableEntries` says: the
 * bound limits what a program builds, and a test that lowers it below a library's size must
 * still get its libraries (as `_G` does, see index.ts).
 */
const LIBRARY_ENTRIES = 64

/** Most values one call may return (Lua's stack limit, LUAI_MAXSTACK, less its reserve). */
export const MAX_RESULTS = 999_980

/** A fresh, empty library table. */
export const libraryTable = (st: LuaState): LuaTable => new LuaTable(libraryTableSize(st))

/** The bound a library table grows under: the program's, with room for the library itself. */
export const libraryTableSize = (st: LuaState): number => Math.max(st.bounds.maxTableEntries, LIBRARY_ENTRIES)

/** The type name Lua's argument errors use: "no value" for a missing argument. */
const argTypeName = (args: LuaValue[], i: number): string => (i >= args.length ? "no value" : typeName(args[i]))

export const argError = (st: LuaState, i: number, fname: string, extra: string): never =>
  st.error(`bad argument #${i + 1} to '${fname}' (${extra})`)

export const typeError = (st: LuaState, args: LuaValue[], i: number, fname: string, expected: string): never =>
  argError(st, i, fname, `${expected} expected, got ${argTypeName(args, i)}`)

/** Any value, but it must be present (`nil` is fine, a missing argument is not). */
export const checkAny = (st: LuaState, args: LuaValue[], i: number, fname: string): LuaValue => {
  if (i >= args.length) argError(st, i, fname, "value expected")
  return args[i]
}

export const checkTable = (st: LuaState, args: LuaValue[], i: number, fname: string): LuaTable => {
  const v = args[i]
  if (v instanceof LuaTable) return v
  return typeError(st, args, i, fname, "table")
}

/** A string argument; numbers are converted as Lua does (`string.rep(5, 2)` is `"55"`). */
export const checkString = (st: LuaState, args: LuaValue[], i: number, fname: string): string => {
  const v = args[i]
  if (typeof v === "string") return v
  if (typeof v === "number" || typeof v === "bigint" || v instanceof LuaFloat) return numberToString(v)
  return typeError(st, args, i, fname, "string")
}

export const optString = (st: LuaState, args: LuaValue[], i: number, fname: string, fallback: string): string =>
  args[i] === undefined ? fallback : checkString(st, args, i, fname)

/** A number argument (integer or float); strings that read as numbers are converted. */
export const checkNumber = (st: LuaState, args: LuaValue[], i: number, fname: string): number | bigint | LuaFloat => {
  const n = toNumber(args[i])
  if (n !== undefined) return n
  return typeError(st, args, i, fname, "number")
}

/** An integer argument as Lua's `luaL_checkinteger` reads it. */
export const checkInteger = (st: LuaState, args: LuaValue[], i: number, fname: string): number | bigint => {
  const v = args[i]
  if (typeof v === "number" && Number.isInteger(v)) return v
  const n = toInteger(v)
  if (n !== undefined) return n
  if (toNumber(v) !== undefined) return argError(st, i, fname, "number has no integer representation")
  return typeError(st, args, i, fname, "number")
}

export const optInteger = (
  st: LuaState,
  args: LuaValue[],
  i: number,
  fname: string,
  fallback: number,
): number | bigint => (args[i] === undefined ? fallback : checkInteger(st, args, i, fname))

/**
 * An integer argument clamped into the JavaScript safe range: for positions, counts and sizes,
 * where any value beyond ±2^53 behaves like the nearest end anyway.
 */
export const checkSafeInteger = (st: LuaState, args: LuaValue[], i: number, fname: string): number => {
  const n = checkInteger(st, args, i, fname)
  if (typeof n === "number") return n
  return n > 0n ? Number.MAX_SAFE_INTEGER : -Number.MAX_SAFE_INTEGER
}

export const optSafeInteger = (st: LuaState, args: LuaValue[], i: number, fname: string, fallback: number): number =>
  args[i] === undefined ? fallback : checkSafeInteger(st, args, i, fname)
