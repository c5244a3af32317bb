/**
 * The `@options` header: a program's optional first line that tightens the host's limits.
 *
 *     // @options: {"max_output_tokens": 2000, "timeout_ms": 30000}      (JavaScript)
 *     -- @options: {"max_output_tokens": 2000, "timeout_ms": 30000}      (Lua)
 *
 * The line is a comment in its language, so the engines never see it as anything else; the host
 * reads it before the program is queued. Its rules are strict because a model writes it: a header
 * that is not one JSON object, an unknown key or a bad value is a `ParseError` at line 1 and
 * nothing runs, rather than limits silently other than the model asked for. It can only tighten:
 * a value looser than the host's is clamped to the host's, with a warning saying so.
 *
 * `timeout_ms` (a positive integer <= 2147483647) bounds the whole execution, queueing, loading
 * and start included, as the host's `timeoutMs` does; `max_output_tokens` (a non-negative
 * integer) is the output budget (pool/output.ts).
 */

import type { Diagnostic } from "../protocol/diagnostic.js"
import type { Language } from "../protocol/language.js"

export interface HeaderLimits {
  readonly timeoutMs?: number
  readonly maxOutputTokens?: number
}

export type HeaderReading =
  | { readonly ok: true; readonly limits: HeaderLimits }
  | { readonly ok: false; readonly error: Diagnostic }

const MAX_TIMEOUT_MS = 2_147_483_647

const PREFIX: Readonly<Record<Language, RegExp>> = {
  javascript: /^\uFEFF?[ \t]*\/\/[ \t]*@options\b/,
  lua: /^\uFEFF?[ \t]*--[ \t]*@options\b/,
}

const KNOWN_KEYS = ["timeout_ms", "max_output_tokens"] as const

/** Messages of the header, one factory each. */
export const HeaderMessages = {
  noColon: (comment: string) => `the @options header must read ${comment} @options: {...} (a colon, then one JSON object)`,
  notJson: (detail: string) => `the @options header is not valid JSON: ${detail}`,
  notObject: (got: string) => `the @options header must be one JSON object, got ${got}`,
  unknownKey: (key: string) => `unknown key '${key}' in the @options header; the known keys are ${KNOWN_KEYS.join(", ")}`,
  badTimeout: (got: string) => `@options timeout_ms must be a positive integer <= ${MAX_TIMEOUT_MS}, got ${got}`,
  badTokens: (got: string) => `@options max_output_tokens must be a non-negative integer, got ${got}`,
  clamped: (key: string, asked: number, used: number) =>
    `@options ${key} ${asked} is looser than the host allows; ${used} was used (a header can only tighten the host's limits)`,
} as const

/** What a program without a header reads as (most programs): nothing to tighten. */
export const NO_HEADER: HeaderReading = { ok: true, limits: {} }

/** Reads the header of `source`, if it has one. */
export const readOptionsHeader = (source: string, language: Language): HeaderReading => {
  // The prefix cannot match past the first line, so it is looked for before that line is cut out.
  if (!PREFIX[language].test(source)) return NO_HEADER
  const end = source.indexOf("\n")
  const line = (end === -1 ? source : source.slice(0, end)).replace(/\r$/, "")
  const prefix = PREFIX[language].exec(line)!
  const fail = (message: string): HeaderReading => ({ ok: false, error: { kind: "ParseError", message, location: { line: 1 } } })
  const rest = line.slice(prefix[0].length)
  const colon = /^[ \t]*:/.exec(rest)
  if (colon === null) return fail(HeaderMessages.noColon(language === "lua" ? "--" : "//"))
  let parsed: unknown
  try {
    parsed = JSON.parse(rest.slice(colon[0].length))
  } catch (error) {
    return fail(HeaderMessages.notJson(error instanceof Error ? error.message : String(error)))
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return fail(HeaderMessages.notObject(parsed === null ? "null" : Array.isArray(parsed) ? "an array" : typeof parsed))
  }
  const limits: { timeoutMs?: number; maxOutputTokens?: number } = {}
  for (const [key, value] of Object.entries(parsed)) {
    if (key === "timeout_ms") {
      if (!Number.isSafeInteger(value) || (value as number) <= 0 || (value as number) > MAX_TIMEOUT_MS) return fail(HeaderMessages.badTimeout(shown(value)))
      limits.timeoutMs = value as number
    } else if (key === "max_output_tokens") {
      if (!Number.isSafeInteger(value) || (value as number) < 0) return fail(HeaderMessages.badTokens(shown(value)))
      limits.maxOutputTokens = value as number
    } else return fail(HeaderMessages.unknownKey(key))
  }
  return { ok: true, limits }
}

/**
 * The execution's limits: the host's, tightened by the header, and a warning for each header
 * value that asked for more than the host allows.
 */
export const tightenByHeader = <L extends { readonly timeoutMs: number; readonly maxOutputTokens: number }>(
  host: L,
  header: HeaderLimits,
): { limits: L; warnings: Diagnostic[] } => {
  const warnings: Diagnostic[] = []
  let limits = host
  const apply = (key: "timeoutMs" | "maxOutputTokens", name: string, asked: number | undefined) => {
    if (asked === undefined) return
    if (asked > host[key]) warnings.push({ kind: "ParseError", message: HeaderMessages.clamped(name, asked, host[key]), location: { line: 1 } })
    else limits = { ...limits, [key]: asked }
  }
  apply("timeoutMs", "timeout_ms", header.timeoutMs)
  apply("maxOutputTokens", "max_output_tokens", header.maxOutputTokens)
  return { limits, warnings }
}

const shown = (value: unknown): string => (typeof value === "string" ? JSON.stringify(value) : value === undefined ? "nothing" : JSON.stringify(value) ?? String(value))
