/**
 * Lua's `utf8` library: `char charpattern codepoint codes len offset`, as Lua 5.4.4's `lutf8lib.c`.
 *
 * Lua strings are bytes; this library reads and writes UTF-8 over them. Decoding is strict by
 * default (no surrogates, nothing above U+10FFFF, no overlong forms); the `lax` argument accepts
 * surrogates and code points up to 2^31 - 1 in the old 6-byte form, still rejecting overlong
 * encodings. `utf8.char` always encodes up to 2^31 - 1, as Lua does.
 *
 * Positions are 1-based byte positions, negatives counted from the end (Lua's `u_posrelat`,
 * which, unlike the string library's, does not clip: out-of-range positions are argument errors).
 */

import type { LuaState } from "../runtime/state.js"
import { type LuaTable, NO_VALUES, truthy, type LuaValue } from "../runtime/value.js"
import { argError, checkInteger, checkSafeInteger, checkString, optSafeInteger, libraryTable } from "./args.js"
import { bytesToString, MAX_RESULTS } from "./string.js"

const MAX_UNICODE = 0x10ffff
const MAX_UTF = 0x7fffffff

export const Utf8Errors = {
  invalidCode: () => "invalid UTF-8 code",
  valueOutOfRange: () => "value out of range",
  outOfBounds: () => "out of bounds",
  initialOutOfBounds: () => "initial position out of bounds",
  finalOutOfBounds: () => "final position out of bounds",
  positionOutOfBounds: () => "position out of bounds",
  continuationByte: () => "initial position is a continuation byte",
  sliceTooLong: () => "stack overflow (string slice too long)",
} as const

/** Matches exactly one UTF-8 byte sequence (Lua's UTF8PATT). */
export const CHAR_PATTERN = "[\0-\x7F\xC2-\xFD][\x80-\xBF]*"

export const openUtf8 = (st: LuaState): LuaTable => {
  const lib = libraryTable(st)
  lib.set("char", makeChar(st))
  lib.set("charpattern", CHAR_PATTERN)
  lib.set("codepoint", makeCodepoint(st))
  lib.set("codes", makeCodes(st))
  lib.set("len", makeLen(st))
  lib.set("offset", makeOffset(st))
  return lib
}

const isContinuation = (s: string, i: number): boolean => (s.charCodeAt(i) & 0xc0) === 0x80

/** Lua's `u_posrelat`: negative positions count from the end; too negative becomes 0. */
const relativePosition = (pos: number, len: number): number => (pos >= 0 ? pos : -pos > len ? 0 : len + pos + 1)

/** Lower bounds of each sequence length, to reject overlong encodings. */
const LIMITS = [Infinity, 0x80, 0x800, 0x10000, 0x200000, 0x4000000]

/**
 * Decodes the sequence at byte `i`. Returns the index after it, or -1 when it is invalid; the code
 * point is left in `decoded.code`.
 */
const decoded = { code: 0 }
const decode = (s: string, i: number, strict: boolean): number => {
  let c = s.charCodeAt(i)
  let code: number
  if (c < 0x80) {
    code = c
  } else {
    let count = 0
    code = 0
    for (; c & 0x40; c <<= 1) {
      const cc = s.charCodeAt(i + ++count)
      if ((cc & 0xc0) !== 0x80) return -1 // not a continuation byte (or past the end)
      code = code * 64 + (cc & 0x3f)
    }
    if (count > 5) return -1
    code += (c & 0x7f) * 2 ** (count * 5)
    if (code > MAX_UTF || code < LIMITS[count]!) return -1
    i += count
  }
  if (strict && (code > MAX_UNICODE || (code >= 0xd800 && code <= 0xdfff))) return -1
  decoded.code = code
  return i + 1
}

/** The UTF-8 bytes of a code point up to 2^31 - 1 (Lua's `luaO_utf8esc`), as byte values. */
const encode = (x: number, out: number[]): void => {
  if (x < 0x80) {
    out.push(x)
    return
  }
  const tail: number[] = []
  let firstMax = 0x3f // the largest value that still fits in the first byte
  do {
    tail.push(0x80 | (x & 0x3f))
    x = Math.floor(x / 64)
    firstMax >>= 1
  } while (x > firstMax)
  out.push(((~firstMax << 1) & 0xff) | x)
  for (let k = tail.length - 1; k >= 0; k--) out.push(tail[k]!)
}

const makeChar = (st: LuaState) =>
  function char(args: LuaValue[]): LuaValue[] {
    const bytes: number[] = []
    for (let i = 0; i < args.length; i++) {
      const code = checkInteger(st, args, i, "char")
      if (typeof code !== "number" || code < 0 || code > MAX_UTF) argError(st, i, "char", Utf8Errors.valueOutOfRange())
      encode(code as number, bytes)
    }
    st.checkStringSize(bytes.length)
    st.charge(args.length)
    return [bytesToString(bytes)]
  }

const makeLen = (st: LuaState) =>
  function len(args: LuaValue[]): LuaValue[] {
    const s = checkString(st, args, 0, "len")
    const n = s.length
    let i = relativePosition(optSafeInteger(st, args, 1, "len", 1), n)
    let j = relativePosition(optSafeInteger(st, args, 2, "len", -1), n)
    const strict = !truthy(args[3])
    if (!(1 <= i && --i <= n)) argError(st, 1, "len", Utf8Errors.initialOutOfBounds())
    if (!(--j < n)) argError(st, 2, "len", Utf8Errors.finalOutOfBounds())
    st.charge(Math.floor((j - i) / 16))
    let count = 0
    while (i <= j) {
      const next = decode(s, i, strict)
      if (next < 0) return [undefined, i + 1]
      i = next
      count++
    }
    return [count]
  }

const makeCodepoint = (st: LuaState) =>
  function codepoint(args: LuaValue[]): LuaValue[] {
    const s = checkString(st, args, 0, "codepoint")
    const n = s.length
    const i = relativePosition(optSafeInteger(st, args, 1, "codepoint", 1), n)
    const j = relativePosition(args[2] === undefined ? i : checkSafeInteger(st, args, 2, "codepoint"), n)
    const strict = !truthy(args[3])
    if (i < 1) argError(st, 1, "codepoint", Utf8Errors.outOfBounds())
    if (j > n) argError(st, 2, "codepoint", Utf8Errors.outOfBounds())
    if (i > j) return NO_VALUES
    if (j - i + 1 > MAX_RESULTS) st.error(Utf8Errors.sliceTooLong())
    st.charge(j - i + 1)
    const out: LuaValue[] = []
    for (let k = i - 1; k < j; ) {
      k = decode(s, k, strict)
      if (k < 0) st.error(Utf8Errors.invalidCode())
      out.push(decoded.code)
    }
    return out
  }

const makeOffset = (st: LuaState) =>
  function offset(args: LuaValue[]): LuaValue[] {
    const s = checkString(st, args, 0, "offset")
    const len = s.length
    let n = checkSafeInteger(st, args, 1, "offset")
    let i = relativePosition(optSafeInteger(st, args, 2, "offset", n >= 0 ? 1 : len + 1), len)
    if (!(1 <= i && --i <= len)) argError(st, 2, "offset", Utf8Errors.positionOutOfBounds())
    const start = i
    if (n === 0) {
      // The start of the character that contains byte i.
      while (i > 0 && isContinuation(s, i)) i--
    } else {
      if (isContinuation(s, i)) st.error(Utf8Errors.continuationByte())
      if (n < 0) {
        while (n < 0 && i > 0) {
          do i--
          while (i > 0 && isContinuation(s, i))
          n++
        }
      } else {
        n-- // the first character is the one at i
        while (n > 0 && i < len) {
          do i++
          while (isContinuation(s, i))
          n--
        }
      }
    }
    st.charge(Math.floor(Math.abs(i - start) / 16))
    return n === 0 ? [i + 1] : [undefined]
  }

/**
 * `for position, code in utf8.codes(s) do`: the iterator steps from the byte after the previous
 * character's first byte over any continuation bytes and decodes the next character, failing on
 * an invalid one. So stray continuation bytes are skipped quietly, even at the start (Lua 5.4.4;
 * later 5.4 releases reject them).
 */
const makeCodes = (st: LuaState) => {
  const step = (args: LuaValue[], strict: boolean): LuaValue[] => {
    const s = checkString(st, args, 0, "for iterator")
    const len = s.length
    // The control value is the previous character's position, i.e. the index just after its
    // first byte; a negative one reads as a huge unsigned number in Lua and ends the loop.
    const control = args[1]
    let n = typeof control === "number" ? control : 0
    if (n < 0) return [undefined]
    while (n < len && isContinuation(s, n)) n++
    if (n >= len) return [undefined]
    st.charge(1)
    if (decode(s, n, strict) < 0) st.error(Utf8Errors.invalidCode())
    return [n + 1, decoded.code]
  }
  const strictStep = function codesStep(args: LuaValue[]): LuaValue[] {
    return step(args, true)
  }
  const laxStep = function codesLaxStep(args: LuaValue[]): LuaValue[] {
    return step(args, false)
  }
  return function codes(args: LuaValue[]): LuaValue[] {
    const s = checkString(st, args, 0, "codes")
    return [truthy(args[1]) ? laxStep : strictStep, s, 0]
  }
}
