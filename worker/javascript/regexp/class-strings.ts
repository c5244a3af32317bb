/**
 * Strings as members of a `v`-flag class: `[\q{abc|de}]` and the properties of strings
 * (`\p{RGI_Emoji}`, `\p{Emoji_Keycap_Sequence}`...), whose members are sequences of code points.
 *
 * The standard makes such a class an alternation: its strings longest first, then its single
 * characters (charset.ts), so `/^[\q{abc|ab}]c$/v` matches "abcc" and, backtracking, "abc". A
 * string of one code point is a character like any other, so only strings of 0 or 2+ code points
 * live here: the ones the pattern lists, and a membership test for the properties, each of which
 * is a finite list of strings at most `testLength` code points long. The matcher tries each length
 * from the longest down (compile.ts), so membership is all it needs.
 *
 * Properties of strings are tested by the host's own engine, like `\p{Lu}` in charset.ts, with a
 * fixed pattern `^\p{Name}$` built by us from a name out of the standard's list, on at most
 * `testLength` code points of input at a time: a finite alternation of literals over a string of a
 * dozen code points cannot backtrack far, so no program input of any size reaches a host regular
 * expression.
 *
 * Set operations keep the standard's meaning: an intersection keeps the strings both operands
 * hold, a difference those of the left operand the right one lacks.
 */

import type { CharPredicate } from "./charset.js"

export type StringTest = (s: string) => boolean

/** The strings of a class (of 0 or 2+ code points): listed ones, and a membership test. */
export interface ClassStrings {
  readonly listed: ReadonlySet<string>
  /** Membership for strings of 2..testLength code points (the properties of strings), or null. */
  readonly test: StringTest | null
  readonly testLength: number
}

/**
 * The properties of strings of ECMA-262, each with the most code points any of its strings has
 * (Unicode 17; the host's data decides membership, this only bounds the lengths tried).
 */
const PROPERTIES_OF_STRINGS: ReadonlyMap<string, number> = new Map([
  ["Basic_Emoji", 2],
  ["Emoji_Keycap_Sequence", 3],
  ["RGI_Emoji_Modifier_Sequence", 2],
  ["RGI_Emoji_Flag_Sequence", 2],
  ["RGI_Emoji_Tag_Sequence", 7],
  ["RGI_Emoji_ZWJ_Sequence", 10],
  ["RGI_Emoji", 10],
])

export const isPropertyOfStrings = (name: string): boolean => PROPERTIES_OF_STRINGS.has(name)

const stringProperties = new Map<string, { chars: CharPredicate; strings: ClassStrings }>()

/** `\p{name}` for a property of strings: its single characters and its longer strings. */
export function propertyOfStrings(name: string): { chars: CharPredicate; strings: ClassStrings } {
  const cached = stringProperties.get(name)
  if (cached !== undefined) return cached
  const host = new RegExp(`^\\p{${name}}$`, "v")
  const bmp = new Int8Array(0x10000)
  const chars: CharPredicate = (c) => {
    if (c >= 0x10000) return host.test(String.fromCodePoint(c))
    const k = bmp[c]!
    if (k !== 0) return k > 0
    const r = host.test(String.fromCharCode(c))
    bmp[c] = r ? 1 : -1
    return r
  }
  const property = { chars, strings: { listed: new Set<string>(), test: (s: string) => host.test(s), testLength: PROPERTIES_OF_STRINGS.get(name)! } }
  stringProperties.set(name, property)
  return property
}

export function hasString(set: ClassStrings | null, s: string): boolean {
  return set !== null && (set.listed.has(s) || (set.test !== null && set.test(s)))
}

export function unionStrings(a: ClassStrings | null, b: ClassStrings | null): ClassStrings | null {
  if (a === null || b === null) return a ?? b
  const at = a.test
  const bt = b.test
  return {
    listed: new Set([...a.listed, ...b.listed]),
    test: at === null ? bt : bt === null ? at : (s) => at(s) || bt(s),
    testLength: Math.max(a.testLength, b.testLength),
  }
}

export function intersectStrings(a: ClassStrings | null, b: ClassStrings | null): ClassStrings | null {
  if (a === null || b === null) return null
  const at = a.test
  const bt = b.test
  const listed = new Set<string>()
  for (const s of a.listed) if (hasString(b, s)) listed.add(s)
  for (const s of b.listed) if (hasString(a, s)) listed.add(s)
  return at !== null && bt !== null ? { listed, test: (s) => at(s) && bt(s), testLength: Math.min(a.testLength, b.testLength) } : { listed, test: null, testLength: 0 }
}

export function subtractStrings(a: ClassStrings | null, b: ClassStrings | null): ClassStrings | null {
  if (a === null || b === null) return a
  const at = a.test
  const listed = new Set<string>()
  for (const s of a.listed) if (!hasString(b, s)) listed.add(s)
  return { listed, test: at === null ? null : (s) => at(s) && !hasString(b, s), testLength: a.testLength }
}
