/**
 * The pattern-driven half of the `string` library: `find`, `match`, `gmatch`, `gsub`.
 *
 * Each follows Lua 5.4's `lstrlib.c` loop for loop, because the observable details live in those
 * loops: `find` and `match` try every start position unless the pattern is anchored with `^`;
 * `gmatch` never anchors (a leading `^` is an ordinary character there) and skips an empty match
 * that ends where the previous match ended; `gsub` copies one byte and moves on when there is no
 * match, stops after `n` replacements, and returns the subject itself when nothing changed.
 *
 * A pattern without magic characters takes a plain `indexOf` path (Lua's `nospecials` test does
 * the same for `find`; for `gsub` it is our shortcut, with identical results).
 */

import { numberToString } from "../runtime/number.js"
import type { LuaState } from "../runtime/state.js"
import { LuaFloat, LuaTable, ToolReference, truthy, typeName, type LuaValue } from "../runtime/value.js"
import { checkString, optSafeInteger, typeError } from "./args.js"
import { getCapture, getCaptures, hasNoSpecials, MatchState, PatternErrors } from "./pattern.js"

const CARET = 94

/** Bytes copied or scanned per unit of fuel (the whole string library uses this rate). */
export const BYTES_PER_FUEL = 64

/** Lua's `posrelatI`: a start position (1-based), negatives from the end, clipped to >= 1. */
export const startPosition = (pos: number, len: number): number => {
  if (pos > 0) return pos
  if (pos === 0) return 1
  if (pos < -len) return 1
  return len + pos + 1
}

/** Lua's `getendpos`: an end position (1-based), negatives from the end, clipped to 0..len. */
export const endPosition = (pos: number, len: number): number => {
  if (pos > len) return len
  if (pos >= 0) return pos
  if (pos < -len) return 0
  return len + pos + 1
}

export const ReplacementErrors = {
  invalidPercent: () => "invalid use of '%' in replacement string",
  invalidValue: (type: string) => `invalid replacement value (a ${type})`,
} as const

/** The subject and pattern arguments, and the 0-based start from the `init` argument. */
const readSubject = (st: LuaState, args: LuaValue[], fname: string): [string, string, number] => {
  const a0 = args[0]
  const a1 = args[1]
  const s = typeof a0 === "string" ? a0 : checkString(st, args, 0, fname)
  const p = typeof a1 === "string" ? a1 : checkString(st, args, 1, fname)
  const init = startPosition(optSafeInteger(st, args, 2, fname, 1), s.length) - 1
  return [s, p, init]
}

export const makeFind = (st: LuaState) =>
  function find(args: LuaValue[]): LuaValue[] {
    const [s, p, init] = readSubject(st, args, "find")
    if (init > s.length) return [undefined]
    if (truthy(args[3]) || hasNoSpecials(p)) {
      const at = s.indexOf(p, init)
      st.charge(Math.floor(((at < 0 ? s.length : at + p.length) - init) / BYTES_PER_FUEL))
      return at < 0 ? [undefined] : [at + 1, at + p.length]
    }
    return findOrMatch(st, s, p, init, true)
  }

export const makeMatch = (st: LuaState) =>
  function match(args: LuaValue[]): LuaValue[] {
    const [s, p, init] = readSubject(st, args, "match")
    if (init > s.length) return [undefined]
    return findOrMatch(st, s, p, init, false)
  }

const findOrMatch = (st: LuaState, s: string, p: string, init: number, find: boolean): LuaValue[] => {
  const anchor = p.charCodeAt(0) === CARET
  const ms = new MatchState(st, s, p, anchor ? 1 : 0)
  let s1 = init
  do {
    if (!anchor) {
      s1 = ms.nextCandidate(s1)
      if (s1 > ms.srcEnd) break
    }
    ms.reset()
    const e = ms.matchAt(s1)
    if (e !== -1) {
      if (!find) return getCaptures(ms, s1, e, true)
      const captures = getCaptures(ms, s1, e, false)
      const out: LuaValue[] = [s1 + 1, e]
      for (const c of captures) out.push(c)
      return out
    }
  } while (s1++ < ms.srcEnd && !anchor)
  return [undefined]
}

export const makeGmatch = (st: LuaState) =>
  function gmatch(args: LuaValue[]): LuaValue[] {
    const [s, p, start] = readSubject(st, args, "gmatch")
    const ms = new MatchState(st, s, p, 0)
    let src = start > s.length ? s.length + 1 : start
    let lastMatch = -1
    const iterate = function gmatchStep(): LuaValue[] {
      for (; src <= ms.srcEnd; src++) {
        src = ms.nextCandidate(src)
        if (src > ms.srcEnd) break
        ms.reset()
        const e = ms.matchAt(src)
        if (e !== -1 && e !== lastMatch) {
          const from = src
          src = lastMatch = e
          return getCaptures(ms, from, e, true)
        }
      }
      return [undefined]
    }
    return [iterate]
  }

export const makeGsub = (st: LuaState) =>
  function gsub(args: LuaValue[]): LuaValue[] {
    const a0 = args[0]
    const src = typeof a0 === "string" ? a0 : checkString(st, args, 0, "gsub")
    const p = checkString(st, args, 1, "gsub")
    const repl = args[2]
    const maxN = optSafeInteger(st, args, 3, "gsub", src.length + 1)
    const kind = typeof repl
    if (!(kind === "string" || kind === "number" || kind === "bigint" || kind === "function" || repl instanceof LuaFloat || repl instanceof LuaTable || repl instanceof ToolReference)) {
      typeError(st, args, 2, "gsub", "string/function/table")
    }
    const replacer = new Replacer(st, src, repl)
    const anchor = p.charCodeAt(0) === CARET
    // Lua's `nospecials` lets ')' through (find never runs the matcher then); the matcher does not.
    if (!anchor && p.length > 0 && hasNoSpecials(p) && p.indexOf(")") < 0) return gsubPlain(st, src, p, replacer, maxN)
    const ms = new MatchState(st, src, p, anchor ? 1 : 0)
    let s = 0
    let lastMatch = -1
    let n = 0
    let copiedFrom = 0
    while (n < maxN) {
      if (!anchor) {
        s = ms.nextCandidate(s)
        if (s > ms.srcEnd) break
      }
      ms.reset()
      const e = ms.matchAt(s)
      if (e !== -1 && e !== lastMatch) {
        n++
        replacer.add(src.slice(copiedFrom, s))
        replacer.replace(ms, s, e)
        s = lastMatch = copiedFrom = e
      } else if (s < ms.srcEnd) {
        s++
      } else break
      if (anchor) break
    }
    if (!replacer.changed) return [src, n]
    replacer.add(src.slice(copiedFrom))
    return [replacer.out, n]
  }

/** `gsub` of a pattern without magic characters: a search with `indexOf`, same results. */
const gsubPlain = (st: LuaState, src: string, p: string, replacer: Replacer, maxN: number): LuaValue[] => {
  let n = 0
  let from = 0
  while (n < maxN) {
    const at = src.indexOf(p, from)
    st.charge(1 + Math.floor(((at < 0 ? src.length : at) - from) / BYTES_PER_FUEL))
    if (at < 0) break
    n++
    replacer.add(src.slice(from, at))
    replacer.replaceWhole(at, at + p.length)
    from = at + p.length
  }
  if (!replacer.changed) return [src, n]
  replacer.add(src.slice(from))
  return [replacer.out, n]
}

/** Builds `gsub`'s output: the replacement of each match by a string, table or function. */
class Replacer {
  out = ""
  changed = false
  private readonly template: string | null
  private readonly limit: number

  constructor(
    private readonly st: LuaState,
    private readonly src: string,
    private readonly repl: LuaValue,
  ) {
    this.template = typeof repl === "string" ? repl : typeof repl === "number" || typeof repl === "bigint" || repl instanceof LuaFloat ? numberToString(repl) : null
    this.limit = st.bounds.maxStringBytes
  }

  add(text: string): void {
    if (text.length === 0) return
    const size = this.out.length + text.length
    if (size > this.limit) this.st.checkStringSize(size)
    this.st.charge(Math.floor(text.length / BYTES_PER_FUEL))
    this.out += text
  }

  /** Replaces the match `s..e` found by the matcher (captures available). */
  replace(ms: MatchState, s: number, e: number): void {
    const st = this.st
    st.charge(1)
    const template = this.template
    if (template !== null) {
      this.changed = true
      if (template.indexOf("%") < 0) this.add(template)
      else this.expandTemplate(template, ms, s, e)
      return
    }
    const repl = this.repl
    const value = repl instanceof LuaTable
      ? repl.get(getCapture(ms, 0, s, e))
      : st.call(repl, getCaptures(ms, s, e, true))[0]
    this.addValue(value, s, e)
  }

  /** Replaces the match `s..e` of a plain pattern: no captures, capture 0 is the whole match. */
  replaceWhole(s: number, e: number): void {
    const st = this.st
    st.charge(1)
    const template = this.template
    if (template !== null) {
      this.changed = true
      if (template.indexOf("%") < 0) this.add(template)
      else this.expandTemplate(template, null, s, e)
      return
    }
    const whole = this.src.slice(s, e)
    const repl = this.repl
    const value = repl instanceof LuaTable ? repl.get(whole) : st.call(repl, [whole])[0]
    this.addValue(value, s, e)
  }

  private addValue(value: LuaValue, s: number, e: number): void {
    if (value === undefined || value === false) {
      this.add(this.src.slice(s, e)) // keep the original text
      return
    }
    if (typeof value === "string") this.add(value)
    else if (typeof value === "number" || typeof value === "bigint" || value instanceof LuaFloat) this.add(numberToString(value))
    else this.st.error(ReplacementErrors.invalidValue(typeName(value)))
    this.changed = true
  }

  /** A replacement string with `%0`..`%9` and `%%` (Lua's `add_s`). */
  private expandTemplate(template: string, ms: MatchState | null, s: number, e: number): void {
    let from = 0
    for (;;) {
      const at = template.indexOf("%", from)
      if (at < 0) break
      this.add(template.slice(from, at))
      const c = template.charCodeAt(at + 1)
      if (c === 37) {
        this.add("%")
      } else if (c === 48) {
        this.add(this.src.slice(s, e))
      } else if (c >= 49 && c <= 57) {
        if (ms === null) {
          if (c !== 49) this.st.error(PatternErrors.invalidCaptureIndex(c - 48))
          this.add(this.src.slice(s, e))
        } else {
          const capture = getCapture(ms, c - 49, s, e)
          this.add(typeof capture === "number" ? String(capture) : capture)
        }
      } else {
        this.st.error(ReplacementErrors.invalidPercent())
      }
      from = at + 2
    }
    this.add(template.slice(from))
  }
}
