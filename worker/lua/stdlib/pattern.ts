/**
 * Lua patterns, matched the way Lua 5.4's `lstrlib.c` matches them.
 *
 * A Lua pattern is not a regular expression: it has back-references (`%1`), balanced matches
 * (`%b()`), frontiers (`%f[%w]`) and position captures (`()`), and its quantifiers apply to single
 * character classes only. Translating it to a JavaScript RegExp would get corner cases wrong and
 * would hand the program a backtracking engine we cannot meter. So this is a direct backtracking
 * matcher over the pattern text, step for step the algorithm of the reference implementation: the
 * same recursion, the same tail loops, the same error messages at the same moments (a malformed
 * piece of pattern is reported only when the matcher reaches it, as in real Lua).
 *
 * Strings are byte strings (char codes 0..255); the character classes (pattern-class.ts) are the
 * C locale's, on bytes.
 *
 * Two liberties, neither observable: a repetition counts its run with a loop specialised to its
 * class (a table lookup per byte for `%a+`), and the callers skip start positions whose first
 * byte cannot begin a match (`nextCandidate`: an `indexOf` when the pattern starts with a plain
 * character) instead of entering the matcher there.
 *
 * Metering: every call of `match` and every character a repetition consumes spends one unit of
 * fuel, straight from the state's counter (`--st.fuel`, the same one-compare check the
 * interpreter uses), so a catastrophic pattern on a long subject ends at the work budget or the
 * deadline like any loop. Recursion is bounded like Lua's `MAXCCALLS`: 200 nested matcher calls,
 * then "pattern too complex".
 *
 * A `MatchState` is allocated per call of `find`/`match`/`gmatch`/`gsub` (not shared: a `gsub`
 * replacement function may itself call `find`). It is small and its capture arrays grow lazily.
 */

import type { LuaState } from "../runtime/state.js"
import {
  CARET,
  CLOSE_PAREN,
  DOLLAR,
  DOT,
  ESC,
  LBRACKET,
  MINUS,
  OPEN_PAREN,
  PLUS,
  QUESTION,
  RBRACKET,
  STAR,
  classMembers,
  classTable,
  isLiteral,
  matchBracketClass,
  requiredFirstClass,
} from "./pattern-class.js"

/** Lua's LUA_MAXCAPTURES. */
export const MAX_CAPTURES = 32
/** Lua's MAXCCALLS for the matcher: the deepest recursion a pattern may cause. */
export const MAX_MATCH_DEPTH = 200

/** Capture length of a capture whose `)` has not been reached yet. */
export const CAP_UNFINISHED = -1
/** Capture length of a position capture `()`. */
export const CAP_POSITION = -2

export const PatternErrors = {
  endsWithPercent: () => "malformed pattern (ends with '%')",
  missingBracket: () => "malformed pattern (missing ']')",
  missingBalanceArguments: () => "malformed pattern (missing arguments to '%b')",
  missingFrontierSet: () => "missing '[' after '%f' in pattern",
  invalidCaptureIndex: (index: number) => `invalid capture index %${index}`,
  invalidPatternCapture: () => "invalid pattern capture",
  unfinishedCapture: () => "unfinished capture",
  tooManyCaptures: () => "too many captures",
  tooComplex: () => "pattern too complex",
} as const

export class MatchState {
  /** Nesting budget left; see MAX_MATCH_DEPTH. */
  depthLeft = MAX_MATCH_DEPTH
  /** Number of captures opened so far (closed or not). */
  level = 0
  readonly captureStart: number[] = []
  /** Length of each capture, or CAP_UNFINISHED / CAP_POSITION. */
  readonly captureLength: number[] = []
  readonly srcEnd: number
  readonly patEnd: number
  /**
   * When every match must begin with one character of the pattern's first class (no `*`, `?`
   * or `-` after it): where that class ends, else -1. Lets the callers skip start positions
   * that cannot match without entering the matcher (see `nextCandidate`).
   */
  private readonly firstClassEnd: number
  /** The first class when it is a plain character: the callers' skip is then an `indexOf`. */
  private readonly firstLiteral: string | null
  /** Membership of each byte value in the first class, built for long scans. */
  private firstTable: Uint8Array | null = null

  constructor(
    readonly st: LuaState,
    readonly src: string,
    readonly pat: string,
    /** Where the pattern proper starts: 1 after an anchoring `^` that the caller handled. */
    readonly patStart: number,
  ) {
    this.srcEnd = src.length
    this.patEnd = pat.length
    this.firstClassEnd = requiredFirstClass(pat, patStart)
    this.firstLiteral = this.firstClassEnd === patStart + 1 && isLiteral(pat.charCodeAt(patStart)) ? pat[patStart]! : null
  }

  /**
   * The first position from `s` at which a match could begin (a cheap pre-check of the first
   * class), or `srcEnd + 1` when there is none. Without a usable first class, `s` itself.
   */
  nextCandidate(s: number): number {
    const end = this.firstClassEnd
    if (end < 0) return s
    const start = s
    const literal = this.firstLiteral
    if (literal !== null) {
      s = this.src.indexOf(literal, s)
      if (s < 0) s = this.srcEnd
    } else if (this.srcEnd - s < 256) {
      while (s < this.srcEnd && !singleMatch(this, s, this.patStart, end)) s++
    } else {
      // A long scan: decide the class once per byte value, then scan with a table lookup.
      const table = this.firstTable ?? (this.firstTable = classTable(this.pat, this.patStart, end))
      const src = this.src
      while (s < this.srcEnd && table[src.charCodeAt(s)] === 0) s++
    }
    // Skipping is much cheaper than a matcher step: one unit of fuel per 16 positions.
    this.st.charge((s - start) >> 4)
    return s < this.srcEnd ? s : this.srcEnd + 1
  }

  /** Resets the captures before a new match attempt (Lua's `reprepstate`). */
  reset(): void {
    this.level = 0
    this.depthLeft = MAX_MATCH_DEPTH
  }

  /** Tries to match the pattern at `s`; the end of the match, or -1. */
  matchAt(s: number): number {
    return match(this, s, this.patStart)
  }

  fail(message: string): never {
    return this.st.error(message)
  }
}

/** The index just past the single-character class that starts at `p`. */
const classEnd = (ms: MatchState, p: number): number => {
  const pat = ms.pat
  const c = pat.charCodeAt(p++)
  if (c === ESC) {
    if (p >= ms.patEnd) ms.fail(PatternErrors.endsWithPercent())
    return p + 1
  }
  if (c === LBRACKET) {
    if (pat.charCodeAt(p) === CARET) p++
    do {
      // Look for the closing ']'; the first character of the set may itself be ']'.
      if (p >= ms.patEnd) ms.fail(PatternErrors.missingBracket())
      const q = pat.charCodeAt(p++)
      if (q === ESC && p < ms.patEnd) p++ // skip escapes such as '%]'
    } while (pat.charCodeAt(p) !== RBRACKET)
    return p + 1
  }
  return p
}

/** Does the byte at `s` match the class at `p` (which ends at `ep`)? */
const singleMatch = (ms: MatchState, s: number, p: number, ep: number): boolean => {
  if (s >= ms.srcEnd) return false
  const c = ms.src.charCodeAt(s)
  const pc = ms.pat.charCodeAt(p)
  switch (pc) {
    case DOT:
      return true
    case ESC:
      return classMembers(ms.pat.charCodeAt(p + 1))[c] === 1
    case LBRACKET:
      return matchBracketClass(ms.pat, c, p, ep - 1)
    default:
      return pc === c
  }
}

// ---------------------------------------------------------------------------------------------
// The matcher

/** Spends one unit of fuel for one step of the matcher. */
const step = (st: LuaState): void => {
  if (--st.fuel <= 0) st.refuel()
}

/** Matches pattern from `p` against the subject from `s`: the end of the match, or -1. */
const match = (ms: MatchState, s: number, p: number): number => {
  if (ms.depthLeft-- === 0) ms.fail(PatternErrors.tooComplex())
  const st = ms.st
  step(st)
  const pat = ms.pat
  const patEnd = ms.patEnd
  // Each `continue` below is the reference implementation's `goto init`: a tail call on the pattern.
  for (;;) {
    if (p === patEnd) break
    const pc = pat.charCodeAt(p)
    if (pc === OPEN_PAREN) {
      s = pat.charCodeAt(p + 1) === CLOSE_PAREN
        ? startCapture(ms, s, p + 2, CAP_POSITION)
        : startCapture(ms, s, p + 1, CAP_UNFINISHED)
      break
    }
    if (pc === CLOSE_PAREN) {
      s = endCapture(ms, s, p + 1)
      break
    }
    if (pc === DOLLAR && p + 1 === patEnd) {
      if (s !== ms.srcEnd) s = -1
      break
    }
    if (pc === ESC) {
      const next = pat.charCodeAt(p + 1)
      if (next === 98) { // %b
        s = matchBalance(ms, s, p + 2)
        if (s !== -1) {
          p += 4
          continue
        }
        break
      }
      if (next === 102) { // %f
        p += 2
        if (pat.charCodeAt(p) !== LBRACKET) ms.fail(PatternErrors.missingFrontierSet())
        const ep = classEnd(ms, p)
        const previous = s === 0 ? 0 : ms.src.charCodeAt(s - 1)
        const current = s < ms.srcEnd ? ms.src.charCodeAt(s) : 0
        if (!matchBracketClass(pat, previous, p, ep - 1) && matchBracketClass(pat, current, p, ep - 1)) {
          p = ep
          continue
        }
        s = -1
        break
      }
      if (next >= 48 && next <= 57) { // %0-%9: back-reference
        s = matchCapture(ms, s, next)
        if (s !== -1) {
          p += 2
          continue
        }
        break
      }
    }
    // A single-character class with an optional repetition suffix.
    const ep = classEnd(ms, p)
    const suffix = pat.charCodeAt(ep)
    if (!singleMatch(ms, s, p, ep)) {
      if (suffix === STAR || suffix === QUESTION || suffix === MINUS) {
        p = ep + 1
        continue
      }
      s = -1
      break
    }
    if (suffix === QUESTION) {
      const res = match(ms, s + 1, ep + 1)
      if (res !== -1) {
        s = res
        break
      }
      p = ep + 1
      continue
    }
    if (suffix === PLUS) {
      s = maxExpand(ms, s + 1, p, ep)
      break
    }
    if (suffix === STAR) {
      s = maxExpand(ms, s, p, ep)
      break
    }
    if (suffix === MINUS) {
      s = minExpand(ms, s, p, ep)
      break
    }
    s++
    p = ep
  }
  ms.depthLeft++
  return s
}

/** Greedy repetition: take as many as possible, then give back one at a time. */
const maxExpand = (ms: MatchState, s: number, p: number, ep: number): number => {
  let i = countRepeats(ms, s, p, ep)
  ms.st.charge(i)
  while (i >= 0) {
    const res = match(ms, s + i, ep + 1)
    if (res !== -1) return res
    i--
  }
  return -1
}

/** How many bytes from `s` on match the class at `p..ep`: `singleMatch` in a loop, specialised. */
const countRepeats = (ms: MatchState, s: number, p: number, ep: number): number => {
  const src = ms.src
  const end = ms.srcEnd
  const pc = ms.pat.charCodeAt(p)
  let i = s
  if (pc === DOT) {
    i = end
  } else if (pc === ESC) {
    const members = classMembers(ms.pat.charCodeAt(p + 1))
    while (i < end && members[src.charCodeAt(i)] === 1) i++
  } else if (pc === LBRACKET) {
    while (i < end && matchBracketClass(ms.pat, src.charCodeAt(i), p, ep - 1)) i++
  } else {
    while (i < end && src.charCodeAt(i) === pc) i++
  }
  return i - s
}

/** Lazy repetition (`-`): take as few as possible, one more at a time. */
const minExpand = (ms: MatchState, s: number, p: number, ep: number): number => {
  for (;;) {
    const res = match(ms, s, ep + 1)
    if (res !== -1) return res
    if (singleMatch(ms, s, p, ep)) s++
    else return -1
  }
}

const startCapture = (ms: MatchState, s: number, p: number, what: number): number => {
  const level = ms.level
  if (level >= MAX_CAPTURES) ms.fail(PatternErrors.tooManyCaptures())
  ms.captureStart[level] = s
  ms.captureLength[level] = what
  ms.level = level + 1
  const res = match(ms, s, p)
  if (res === -1) ms.level-- // undo the capture
  return res
}

const endCapture = (ms: MatchState, s: number, p: number): number => {
  const l = captureToClose(ms)
  ms.captureLength[l] = s - ms.captureStart[l]
  const res = match(ms, s, p)
  if (res === -1) ms.captureLength[l] = CAP_UNFINISHED // undo the capture
  return res
}

const captureToClose = (ms: MatchState): number => {
  for (let level = ms.level - 1; level >= 0; level--) {
    if (ms.captureLength[level] === CAP_UNFINISHED) return level
  }
  return ms.fail(PatternErrors.invalidPatternCapture())
}

/** `%b xy`: a balanced run from `x` to the matching `y`. */
const matchBalance = (ms: MatchState, s: number, p: number): number => {
  if (p >= ms.patEnd - 1) ms.fail(PatternErrors.missingBalanceArguments())
  const src = ms.src
  const open = ms.pat.charCodeAt(p)
  if (s >= ms.srcEnd || src.charCodeAt(s) !== open) return -1
  const close = ms.pat.charCodeAt(p + 1)
  const st = ms.st
  let depth = 1
  while (++s < ms.srcEnd) {
    step(st)
    const c = src.charCodeAt(s)
    if (c === close) {
      if (--depth === 0) return s + 1
    } else if (c === open) {
      depth++
    }
  }
  return -1
}

/** `%1`..`%9` in a pattern: the text of an earlier, closed capture, again. */
const matchCapture = (ms: MatchState, s: number, digit: number): number => {
  const l = digit - 49 // '1'
  if (l < 0 || l >= ms.level || ms.captureLength[l] === CAP_UNFINISHED) {
    ms.fail(PatternErrors.invalidCaptureIndex(l + 1))
  }
  const len = ms.captureLength[l]
  // A position capture has no text; in Lua its length reads as huge, so it never matches.
  if (len < 0 || ms.srcEnd - s < len) return -1
  const src = ms.src
  const start = ms.captureStart[l]
  ms.st.charge(1 + (len >> 4))
  for (let i = 0; i < len; i++) {
    if (src.charCodeAt(start + i) !== src.charCodeAt(s + i)) return -1
  }
  return s + len
}

// ---------------------------------------------------------------------------------------------
// Captures as Lua values

/**
 * Capture `i` of the last successful match as a Lua value: its text, or its position (an
 * integer) for `()`. With no captures at all, capture 0 is the whole match `s..e`.
 */
export const getCapture = (ms: MatchState, i: number, s: number, e: number): string | number => {
  if (i >= ms.level) {
    if (i !== 0) ms.fail(PatternErrors.invalidCaptureIndex(i + 1))
    return ms.src.slice(s, e)
  }
  const len = ms.captureLength[i]
  const start = ms.captureStart[i]
  if (len === CAP_UNFINISHED) ms.fail(PatternErrors.unfinishedCapture())
  if (len === CAP_POSITION) return start + 1
  return ms.src.slice(start, start + len)
}

/**
 * All captures of the last match, as `find`, `match` and `gmatch` return them. With `wholeIfNone`
 * (everything but `find`), a pattern without captures yields the whole match.
 */
export const getCaptures = (
  ms: MatchState,
  s: number,
  e: number,
  wholeIfNone: boolean,
): (string | number)[] => {
  const n = ms.level === 0 && wholeIfNone ? 1 : ms.level
  const out = new Array<string | number>(n)
  for (let i = 0; i < n; i++) out[i] = getCapture(ms, i, s, e)
  return out
}

/** Lua's `nospecials`: true when the pattern has no magic character, so a plain search will do. */
export const hasNoSpecials = (pat: string): boolean => {
  for (let i = 0; i < pat.length; i++) {
    switch (pat.charCodeAt(i)) {
      case CARET:
      case DOLLAR:
      case STAR:
      case PLUS:
      case QUESTION:
      case DOT:
      case OPEN_PAREN:
      case LBRACKET:
      case ESC:
      case MINUS:
        return false
    }
  }
  return true
}
