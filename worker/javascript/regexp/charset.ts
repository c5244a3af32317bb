/**
 * Sets of characters: what a class (`[a-z\d]`), an escape (`\w`, `\p{L}`) or a dot matches, and
 * how case-insensitive matching compares characters.
 *
 * A set is built as a union of sorted ranges plus, for Unicode properties, predicates. Ranges are
 * tested with a 256-entry table for the common Latin-1 case and a binary search beyond, so a
 * class costs a few operations per character whatever its size.
 *
 * Unicode properties (`\p{Lu}`, `\p{Script=Greek}`) are classified by the host's own engine, but
 * only ever on ONE code point at a time, with a fixed pattern `^\p{Name}$` built by us from a name
 * that has already been checked to be letters, digits and `_`: that match is constant-time and
 * cannot backtrack, so the program's input never reaches a host regular expression. Answers are
 * cached per property for the Basic Multilingual Plane.
 *
 * Case-insensitive matching follows the standard's Canonicalize: without `u`/`v`, a code unit's
 * `toUpperCase` (when it is one unit and does not map non-ASCII to ASCII); with them, simple case
 * folding. Only the partition into equivalent characters matters, so folding is approximated by
 * lower-casing (with the one Turkish exception folding does not make, and three foldings
 * lower-casing cannot find). A class matches a
 * character under `i` when it matches any character equivalent to it; the table of equivalents is
 * built once per worker, on first need, by one scan of the planes that have case (~30 ms).
 */

export type CharPredicate = (cp: number) => boolean

/** A class under construction: a union of inclusive ranges [lo, hi, lo, hi...] and predicates. */
export interface CharSetSpec {
  ranges: number[]
  preds: CharPredicate[]
}

export const emptySet = (): CharSetSpec => ({ ranges: [], preds: [] })

export const DIGITS = [0x30, 0x39]
export const WORD = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]
/** Under `u` + `i`, `\w` also holds the two characters that fold into it: ſ (U+017F) and K (U+212A). */
export const WORD_UNICODE_IGNORE_CASE = [...WORD, 0x17f, 0x17f, 0x212a, 0x212a]
export const SPACE = [
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff,
]
export const isLineTerminator = (c: number): boolean => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029
export const isWordChar = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f

/** The complement of sorted, merged ranges within [0, max]. */
export function complementRanges(ranges: number[], max: number): number[] {
  const merged = mergeRanges(ranges)
  const out: number[] = []
  let next = 0
  for (let i = 0; i < merged.length; i += 2) {
    if (merged[i]! > next) out.push(next, merged[i]! - 1)
    next = merged[i + 1]! + 1
  }
  if (next <= max) out.push(next, max)
  return out
}

export function mergeRanges(ranges: number[]): number[] {
  const pairs: Array<[number, number]> = []
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!])
  pairs.sort((a, b) => a[0] - b[0])
  const out: number[] = []
  for (const [lo, hi] of pairs) {
    const n = out.length
    if (n > 0 && lo <= out[n - 1]! + 1) out[n - 1] = Math.max(out[n - 1]!, hi)
    else out.push(lo, hi)
  }
  return out
}

/** A predicate over merged ranges: a table below 256, binary search above. */
export function rangesPredicate(ranges: number[]): CharPredicate {
  const merged = mergeRanges(ranges)
  const low = new Uint8Array(256)
  for (let i = 0; i < merged.length; i += 2) {
    for (let c = merged[i]!; c <= merged[i + 1]! && c < 256; c++) low[c] = 1
  }
  const high = merged.filter((_, i) => i % 2 === 1 ? merged[i]! >= 256 : merged[i + 1]! >= 256)
  if (high.length === 0) return (c) => c < 256 && low[c] === 1
  return (c) => {
    if (c < 256) return low[c] === 1
    let lo = 0
    let hi = (high.length >> 1) - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (c < high[mid * 2]!) hi = mid - 1
      else if (c > high[mid * 2 + 1]!) lo = mid + 1
      else return true
    }
    return false
  }
}

export function setPredicate(spec: CharSetSpec): CharPredicate {
  const ranges = rangesPredicate(spec.ranges)
  const preds = spec.preds
  if (preds.length === 0) return ranges
  return (c) => {
    if (ranges(c)) return true
    for (let i = 0; i < preds.length; i++) if (preds[i]!(c)) return true
    return false
  }
}

// -- Unicode properties -------------------------------------------------------------------------

const PROPERTY_NAME = /^[A-Za-z0-9_]+(?:=[A-Za-z0-9_]+)?$/
const properties = new Map<string, CharPredicate | null>()

/** The predicate of `\p{name}`, or null when the host does not know the property. */
export function propertyPredicate(name: string): CharPredicate | null {
  const cached = properties.get(name)
  if (cached !== undefined) return cached
  let pred: CharPredicate | null = null
  if (PROPERTY_NAME.test(name)) {
    let host: RegExp | null = null
    try {
      host = new RegExp(`^\\p{${name}}$`, "u")
    } catch {
      host = null
    }
    if (host !== null) {
      const test = host
      const bmp = new Int8Array(0x10000)
      pred = (c) => {
        if (c < 0x10000) {
          const k = bmp[c]!
          if (k !== 0) return k > 0
          const r = test.test(String.fromCharCode(c))
          bmp[c] = r ? 1 : -1
          return r
        }
        return test.test(String.fromCodePoint(c))
      }
    }
  }
  if (properties.size > 500) properties.clear()
  properties.set(name, pred)
  return pred
}

// -- Case-insensitive comparison -----------------------------------------------------------------

const canonLegacy = new Int32Array(0x10000).fill(-1)
const canonUnicode = new Int32Array(0x20000).fill(-1)

/** Canonicalize(ch) of the standard; `unicode` for the `u`/`v` flags. */
export function canonicalize(c: number, unicode: boolean): number {
  if (unicode) {
    if (c >= 0x20000) return c
    let k = canonUnicode[c]!
    if (k < 0) canonUnicode[c] = k = fold(c)
    return k
  }
  let k = canonLegacy[c]!
  if (k < 0) {
    const u = String.fromCharCode(c).toUpperCase()
    k = u.length === 1 && !(c >= 128 && u.charCodeAt(0) < 128) ? u.charCodeAt(0) : c
    canonLegacy[c] = k
  }
  return k
}

/**
 * Simple case foldings that lower-casing does not find: characters whose only case partner is
 * another lower-case letter (CaseFolding.txt, status S).
 */
const FOLD_EXCEPTIONS: ReadonlyMap<number, number> = new Map([
  [0x1fd3, 0x390],
  [0x1fe3, 0x3b0],
  [0xfb05, 0xfb06],
])

function fold(c: number): number {
  if (c === 0x130 || c === 0x131) return c
  const exception = FOLD_EXCEPTIONS.get(c)
  if (exception !== undefined) return exception
  const s = String.fromCodePoint(c)
  const lower = s.toLowerCase()
  if (lower !== s && [...lower].length === 1) return lower.codePointAt(0)!
  const upper = s.toUpperCase()
  if (upper !== s && [...upper].length === 1) {
    const back = upper.toLowerCase()
    if ([...back].length === 1) return back.codePointAt(0)!
  }
  return c
}

let equivalence: [Map<number, number[]>, Map<number, number[]>] | null = null

/** Every character equivalent to `c` under Canonicalize (itself included), or undefined if none other. */
export function equivalents(c: number, unicode: boolean): readonly number[] | undefined {
  if (equivalence === null) equivalence = buildEquivalence()
  return equivalence[unicode ? 1 : 0].get(canonicalize(c, unicode))
}

function buildEquivalence(): [Map<number, number[]>, Map<number, number[]>] {
  const maps: [Map<number, number[]>, Map<number, number[]>] = [new Map(), new Map()]
  for (let m = 0; m < 2; m++) {
    const unicode = m === 1
    const map = maps[m]!
    const limit = unicode ? 0x20000 : 0x10000
    for (let c = 0; c < limit; c++) {
      const k = canonicalize(c, unicode)
      if (k === c) continue
      let list = map.get(k)
      if (list === undefined) map.set(k, (list = [k]))
      list.push(c)
    }
  }
  return maps
}

/** `pred` made case-insensitive: true when any character equivalent to `c` satisfies it. */
export function ignoringCase(pred: CharPredicate, unicode: boolean): CharPredicate {
  return (c) => {
    if (pred(c)) return true
    const eq = equivalents(c, unicode)
    if (eq === undefined) return false
    for (let i = 0; i < eq.length; i++) if (pred(eq[i]!)) return true
    return false
  }
}
