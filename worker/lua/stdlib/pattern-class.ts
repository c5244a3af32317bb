/**
 * The character classes of Lua patterns, for pattern.ts: what `%a`, `[%w_]`, `.` and a plain
 * character match, on bytes, in the C locale (`%a` is the 52 ASCII letters; bytes 128..255 belong
 * to no class, so only to the complements `%A`, `%W`...).
 *
 * The matcher asks "does byte c match this class?" in its innermost loops, so a class letter's
 * answer for all 256 bytes is computed once (per process: it depends on nothing else) and read
 * from a table afterwards. Sets (`[...]`) are read from the pattern text each time, as in Lua,
 * except in `classTable`, which the start-position pre-check builds for long subjects.
 */

export const ESC = 37 // '%'
export const OPEN_PAREN = 40 // '('
export const CLOSE_PAREN = 41 // ')'
export const DOLLAR = 36 // '$'
export const LBRACKET = 91 // '['
export const RBRACKET = 93 // ']'
export const CARET = 94 // '^'
export const DOT = 46 // '.'
export const STAR = 42 // '*'
export const PLUS = 43 // '+'
export const MINUS = 45 // '-'
export const QUESTION = 63 // '?'

const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isLower = (c: number): boolean => c >= 97 && c <= 122
const isUpper = (c: number): boolean => c >= 65 && c <= 90
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13)
const isControl = (c: number): boolean => c < 32 || c === 127
const isGraph = (c: number): boolean => c > 32 && c < 127
const isPunct = (c: number): boolean => isGraph(c) && !isAlpha(c) && !isDigit(c)
const isHexDigit = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)

/** Does byte `c` belong to class letter `cl` (`%a`, `%D`, ...)? Any other letter matches itself. */
export const matchClass = (c: number, cl: number): boolean => {
  let res: boolean
  switch (cl | 0x20) {
    case 97: res = isAlpha(c); break // a
    case 99: res = isControl(c); break // c
    case 100: res = isDigit(c); break // d
    case 103: res = isGraph(c); break // g
    case 108: res = isLower(c); break // l
    case 112: res = isPunct(c); break // p
    case 115: res = isSpace(c); break // s
    case 117: res = isUpper(c); break // u
    case 119: res = isAlpha(c) || isDigit(c); break // w
    case 120: res = isHexDigit(c); break // x
    case 122: res = c === 0; break // z (deprecated, still in Lua 5.4)
    default: return cl === c
  }
  return isUpper(cl) ? !res : res
}

/**
 * `matchClass` as a table: for each class letter, which of the 256 bytes it matches, computed on
 * first use. The matcher's inner loops (`%a+`, `%s*`) then cost one lookup per byte.
 */
const CLASS_TABLES: (Uint8Array | undefined)[] = new Array(256)

export const classMembers = (cl: number): Uint8Array => {
  let table = CLASS_TABLES[cl]
  if (table === undefined) {
    table = new Uint8Array(256)
    for (let c = 0; c < 256; c++) table[c] = matchClass(c, cl) ? 1 : 0
    CLASS_TABLES[cl] = table
  }
  return table
}

/** Is `c` in the set `[...]` that spans `p` (its `[`) to `ec` (its `]`)? */
export const matchBracketClass = (pat: string, c: number, p: number, ec: number): boolean => {
  let sig = true
  if (pat.charCodeAt(p + 1) === CARET) {
    sig = false
    p++
  }
  while (++p < ec) {
    const pc = pat.charCodeAt(p)
    if (pc === ESC) {
      p++
      if (classMembers(pat.charCodeAt(p))[c] === 1) return sig
    } else if (pat.charCodeAt(p + 1) === MINUS && p + 2 < ec) {
      p += 2
      if (pc <= c && c <= pat.charCodeAt(p)) return sig
    } else if (pc === c) {
      return sig
    }
  }
  return !sig
}


/**
 * Where the pattern's first single-character class ends, when a match must consume one character
 * of it; -1 for anything else (captures, `%b`, `%f`, back-references, a final `$`, an optional
 * or starred class, a malformed class, whose error the matcher itself must raise in its time).
 */
export const requiredFirstClass = (pat: string, p: number): number => {
  const end = pat.length
  if (p >= end) return -1
  const c = pat.charCodeAt(p)
  let ep: number
  if (c === OPEN_PAREN || c === CLOSE_PAREN || (c === DOLLAR && p + 1 === end)) return -1
  if (c === ESC) {
    if (p + 1 >= end) return -1
    const next = pat.charCodeAt(p + 1)
    if (next === 98 || next === 102 || (next >= 48 && next <= 57)) return -1 // %b %f %0-9
    ep = p + 2
  } else if (c === LBRACKET) {
    let q = p + 1
    if (pat.charCodeAt(q) === CARET) q++
    do {
      if (q >= end) return -1
      if (pat.charCodeAt(q++) === ESC && q < end) q++
    } while (pat.charCodeAt(q) !== RBRACKET)
    ep = q + 1
  } else {
    ep = p + 1
  }
  const suffix = pat.charCodeAt(ep)
  return suffix === STAR || suffix === QUESTION || suffix === MINUS ? -1 : ep
}

/** Which bytes the single-character class at `p..ep` matches, as a 256-entry table. */
export const classTable = (pat: string, p: number, ep: number): Uint8Array => {
  const table = new Uint8Array(256)
  const pc = pat.charCodeAt(p)
  for (let c = 0; c < 256; c++) {
    const hit = pc === DOT ? true : pc === ESC ? matchClass(c, pat.charCodeAt(p + 1)) : pc === LBRACKET ? matchBracketClass(pat, c, p, ep - 1) : pc === c
    table[c] = hit ? 1 : 0
  }
  return table
}

/** A class character that matches only itself (`.` and `%`, `[`, `(`, `)` are special). */
export const isLiteral = (c: number): boolean =>
  c !== DOT && c !== ESC && c !== LBRACKET && c !== OPEN_PAREN && c !== CLOSE_PAREN
