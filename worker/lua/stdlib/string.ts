/**
 * Lua's `string` library: `byte char find format gmatch gsub len lower match pack packsize rep
 * reverse sub unpack upper` (the binary formats live in pack.ts).
 *
 * Absent by design (see the absent-features list): `dump` (there is no bytecode).
 *
 * Strings are byte strings (every char code 0..255), so `len` is `.length`, positions are
 * indices, and `upper`/`lower` touch ASCII letters only, as in the C locale. Positions follow
 * Lua 5.4's rules exactly (`posrelatI` for starts, `getendpos` for ends): negative counts back
 * from the end, out-of-range values clip.
 *
 * Hot paths (`s:sub(i, i)`, `s:byte(i)`, `find` of a plain string, `gsub` of a literal) avoid
 * the matcher and allocate nothing beyond their results: a pattern without magic characters is
 * searched with `indexOf`.
 *
 * Cost: the interpreter charges the call itself; a builtin charges what is proportional to its
 * input or output: one unit per `BYTES_PER_FUEL` bytes built or scanned, one per matcher step
 * (see pattern.ts), one per match of `gsub`/`gmatch`. Results are size-checked before they are
 * built (`st.checkStringSize`).
 */

import type { LuaState } from "../runtime/state.js"
import { type LuaTable, NO_VALUES, type LuaValue } from "../runtime/value.js"
import { argError, checkInteger, checkSafeInteger, checkString, optSafeInteger, libraryTable, MAX_RESULTS } from "./args.js"
import { makeFormat } from "./format.js"
import { makePack, makePacksize, makeUnpack } from "./pack.js"
import { BYTES_PER_FUEL, endPosition, makeFind, makeGmatch, makeGsub, makeMatch, startPosition } from "./string-match.js"

export const StringErrors = {
  valueOutOfRange: () => "value out of range",
  sliceTooLong: () => "stack overflow (string slice too long)",
} as const

export { MAX_RESULTS } from "./args.js"

export const openString = (st: LuaState): LuaTable => {
  const lib = libraryTable(st)
  lib.set("byte", makeByte(st))
  lib.set("char", makeChar(st))
  lib.set("find", makeFind(st))
  lib.set("format", makeFormat(st))
  lib.set("gmatch", makeGmatch(st))
  lib.set("gsub", makeGsub(st))
  lib.set("len", makeLen(st))
  lib.set("lower", makeLower(st))
  lib.set("match", makeMatch(st))
  lib.set("pack", makePack(st))
  lib.set("packsize", makePacksize(st))
  lib.set("rep", makeRep(st))
  lib.set("reverse", makeReverse(st))
  lib.set("sub", makeSub(st))
  lib.set("unpack", makeUnpack(st))
  lib.set("upper", makeUpper(st))
  return lib
}

const makeLen = (st: LuaState) =>
  function len(args: LuaValue[]): LuaValue[] {
    const s = args[0]
    return [typeof s === "string" ? s.length : checkString(st, args, 0, "len").length]
  }

const makeSub = (st: LuaState) =>
  function sub(args: LuaValue[]): LuaValue[] {
    const a0 = args[0]
    const s = typeof a0 === "string" ? a0 : checkString(st, args, 0, "sub")
    const a1 = args[1]
    const len = s.length
    const i = startPosition(typeof a1 === "number" && Number.isInteger(a1) ? a1 : checkSafeInteger(st, args, 1, "sub"), len)
    const a2 = args[2]
    const j = endPosition(
      a2 === undefined ? -1 : typeof a2 === "number" && Number.isInteger(a2) ? a2 : checkSafeInteger(st, args, 2, "sub"),
      len,
    )
    if (i > j) return [""]
    return [i === 1 && j === len ? s : s.slice(i - 1, j)]
  }

const makeByte = (st: LuaState) =>
  function byte(args: LuaValue[]): LuaValue[] {
    const a0 = args[0]
    const s = typeof a0 === "string" ? a0 : checkString(st, args, 0, "byte")
    const a1 = args[1]
    const len = s.length
    const rawStart = a1 === undefined ? 1 : typeof a1 === "number" && Number.isInteger(a1) ? a1 : checkSafeInteger(st, args, 1, "byte")
    const i = startPosition(rawStart, len)
    const j = endPosition(optSafeInteger(st, args, 2, "byte", rawStart), len)
    if (i > j) return NO_VALUES
    if (i === j) return [s.charCodeAt(i - 1)]
    const n = j - i + 1
    if (n > MAX_RESULTS) st.error(StringErrors.sliceTooLong())
    st.charge(n)
    const out = new Array<LuaValue>(n)
    for (let k = 0; k < n; k++) out[k] = s.charCodeAt(i - 1 + k)
    return out
  }

const makeChar = (st: LuaState) =>
  function char(args: LuaValue[]): LuaValue[] {
    const n = args.length
    if (n === 1) {
      const c = args[0]
      if (typeof c === "number" && Number.isInteger(c) && c >= 0 && c <= 255) return [String.fromCharCode(c)]
    }
    st.checkStringSize(n)
    st.charge(n)
    const codes = new Array<number>(n)
    for (let i = 0; i < n; i++) {
      const c = checkInteger(st, args, i, "char")
      if (typeof c !== "number" || c < 0 || c > 255) argError(st, i, "char", StringErrors.valueOutOfRange())
      codes[i] = c as number
    }
    return [bytesToString(codes)]
  }

/** A byte string from byte values, in chunks so that `fromCharCode` never gets too many arguments. */
export const bytesToString = (codes: number[]): string => {
  const CHUNK = 8192
  if (codes.length <= CHUNK) return String.fromCharCode.apply(null, codes)
  let out = ""
  for (let i = 0; i < codes.length; i += CHUNK) out += String.fromCharCode.apply(null, codes.slice(i, i + CHUNK))
  return out
}

const makeRep = (st: LuaState) =>
  function rep(args: LuaValue[]): LuaValue[] {
    const s = checkString(st, args, 0, "rep")
    const count = checkInteger(st, args, 1, "rep")
    const sep = args[2] === undefined ? "" : checkString(st, args, 2, "rep")
    if (count <= 0) return [""]
    if (s.length + sep.length === 0) return [""]
    // Sizes as doubles: a bigint count makes the total astronomically large, which is all we need.
    const n = Number(count)
    const total = n * s.length + (n - 1) * sep.length
    st.checkStringSize(total)
    st.charge(1 + Math.floor(total / BYTES_PER_FUEL))
    if (sep === "") return [s.repeat(n)]
    return [(s + sep).repeat(n - 1) + s]
  }

const makeReverse = (st: LuaState) =>
  function reverse(args: LuaValue[]): LuaValue[] {
    const s = checkString(st, args, 0, "reverse")
    const len = s.length
    if (len <= 1) return [s]
    st.charge(1 + Math.floor(len / BYTES_PER_FUEL))
    const codes = new Array<number>(len)
    for (let i = 0; i < len; i++) codes[i] = s.charCodeAt(len - 1 - i)
    return [bytesToString(codes)]
  }

const NON_ASCII = /[\x80-\xff]/
const LOWER_RUNS = /[a-z]+/g
const UPPER_RUNS = /[A-Z]+/g
const toUpper = (run: string): string => run.toUpperCase()
const toLower = (run: string): string => run.toLowerCase()

// JavaScript's case mapping knows Latin-1 letters (`ÿ` -> `Ÿ`, beyond a byte); Lua's C locale
// maps ASCII letters only. On pure ASCII the two agree and the builtin is fastest.
const makeUpper = (st: LuaState) =>
  function upper(args: LuaValue[]): LuaValue[] {
    const s = checkString(st, args, 0, "upper")
    st.charge(Math.floor(s.length / BYTES_PER_FUEL))
    return [NON_ASCII.test(s) ? s.replace(LOWER_RUNS, toUpper) : s.toUpperCase()]
  }

const makeLower = (st: LuaState) =>
  function lower(args: LuaValue[]): LuaValue[] {
    const s = checkString(st, args, 0, "lower")
    st.charge(Math.floor(s.length / BYTES_PER_FUEL))
    return [NON_ASCII.test(s) ? s.replace(UPPER_RUNS, toLower) : s.toLowerCase()]
  }
