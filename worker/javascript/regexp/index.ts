/**
 * The regular-expression engine's entry points: `compileRegExp` (pattern and flags to a program,
 * cached) and `execProgram` (re-exported from match.ts).
 *
 * Pipeline: flags are validated, the pattern parsed (parse.ts) and compiled (compile.ts). Programs
 * are host-side data no program value can reach, immutable once built, so they are cached per
 * worker by flags and source: a literal inside a loop, or `new RegExp(s)` called repeatedly with
 * the same text, compiles once.
 *
 * Bounds: the pattern's length is checked against `maxSourceBytes` before parsing, group nesting
 * against `maxSyntaxDepth` while parsing, and the capture count against `maxTableEntries` (a match
 * result is an array of that many elements); matching is metered per instruction (match.ts).
 */

import type { Bounds } from "../../../protocol/bounds.js"
import { compilePattern } from "./compile.js"
import { PatternError, RegExpMessages } from "./errors.js"
import { parsePattern } from "./parse.js"
import type { Program } from "./program.js"

export { execProgram, type MatchLimits } from "./match.js"
export { PatternError, RegExpMessages } from "./errors.js"
export type { Program } from "./program.js"

/** Capture groups one pattern may have, whatever the bounds (V8 allows 65,535 too). */
const MAX_CAPTURES = 65_535
const CACHE_SIZE = 256
const cache = new Map<string, Program>()

/** The flags in canonical order (`dgimsuvy`), or null when they are invalid (unknown or repeated, or both u and v). */
export function canonicalFlags(flags: string): string | null {
  let out = ""
  for (const f of "dgimsuvy") {
    const n = flags.split(f).length - 1
    if (n > 1) return null
    if (n === 1) out += f
  }
  if (out.length !== flags.length || (out.includes("u") && out.includes("v"))) return null
  return out
}

/** Compiles `source` under canonical `flags`; throws `PatternError` for an invalid pattern. */
export function compileRegExp(source: string, flags: string, bounds: Bounds): Program {
  if (source.length > bounds.maxSourceBytes) throw new PatternError(RegExpMessages.tooLong(source.length, bounds.maxSourceBytes))
  const key = `${flags}/${bounds.maxSyntaxDepth}/${source}`
  const cached = cache.get(key)
  if (cached !== undefined) return cached
  const unicode = flags.includes("u") || flags.includes("v")
  const ignoreCase = flags.includes("i")
  const parsed = parsePattern(source, {
    unicode,
    unicodeSets: flags.includes("v"),
    ignoreCase,
    maxDepth: bounds.maxSyntaxDepth,
    maxCaptures: Math.min(MAX_CAPTURES, bounds.maxTableEntries - 1),
  })
  const program = compilePattern(parsed, { ignoreCase, unicode, multiline: flags.includes("m"), dotAll: flags.includes("s") })
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
  cache.set(key, program)
  return program
}
