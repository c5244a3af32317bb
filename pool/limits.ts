/**
 * The host's execution limits: policy, configurable per runtime, validated once at `make`.
 *
 * Defaults differ by language as the reference sets them: Lua programs are what an agent writes
 * directly, so they get finite defaults; JavaScript keeps the compatible "unlimited" defaults. The
 * engine's own bounds (`worker/limits.ts`) hold underneath whatever is configured here.
 */

import type { Language } from "../protocol/language.js"
import { DEFAULT_MAX_OUTPUT_TOKENS } from "../protocol/output.js"
import { checkKnownKeys, keysOf } from "./options.js"

export interface Limits {
  /** Total execution time in milliseconds, including tool calls. */
  readonly timeoutMs: number
  /**
   * Lua: host call attempts (tools, `search` and discovery, extensions). JavaScript: the same but
   * extension globals and the functions their results hold.
   */
  readonly maxToolCalls: number
  /** Bytes of retained output: the result value and the logs (warnings get a budget of their own). */
  readonly maxOutputBytes: number
  /**
   * The output budget, in tokens of about 4 characters: text and console blocks past it are cut to
   * a head and a tail, and the whole output saved to a file the Result names (pool/output.ts).
   */
  readonly maxOutputTokens: number
}

export const DEFAULT_LIMITS: Readonly<Record<Language, Limits>> = {
  lua: { timeoutMs: 120_000, maxToolCalls: 128, maxOutputBytes: 65_536, maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS },
  javascript: { timeoutMs: Infinity, maxToolCalls: Infinity, maxOutputBytes: Infinity, maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS },
}

/** Longest failure message, in characters, that a tool, hook or extension error becomes (pool/dispatch.ts). */
export const MAX_FAILURE_MESSAGE_CHARS = 16_384

/**
 * Most functions extension results may hand one JavaScript execution (pool/callables.ts): each is
 * kept on the host until the execution ends, so their number is bounded like any other retained state.
 */
export const MAX_RESULT_FUNCTIONS = 10_000

/**
 * Most bytes (JSON of the arguments and answers) a suspended execution's replay log may hold. A
 * suspended execution holds nothing else, so this bounds what thousands of waiting programs cost;
 * a program whose log grows past it fails when it suspends, with a message saying so.
 */
export const MAX_REPLAY_LOG_BYTES = 16_777_216

/** The longest timeout a timer can express; longer ones are treated as unlimited. */
const MAX_TIMER_MS = 2_147_483_647

const LIMIT_KEYS = keysOf<Limits>()({ timeoutMs: true, maxToolCalls: true, maxOutputBytes: true, maxOutputTokens: true })

/** Fills in the defaults and validates; an invalid value throws `RangeError` naming it, an unknown key `TypeError`. */
export const resolveLimits = (language: Language, given: Partial<Limits> | undefined): Limits => {
  const defaults = DEFAULT_LIMITS[language]
  if (given === undefined) return defaults
  if (given === null || typeof given !== "object") throw new RangeError("limits must be an object")
  // An unknown key is a misspelling, not a bad value: a TypeError like every unknown option (options.ts).
  checkKnownKeys("CodeMode.make limits", given, LIMIT_KEYS)
  const limits: Limits = {
    timeoutMs: check("timeoutMs", given.timeoutMs ?? defaults.timeoutMs, 1),
    maxToolCalls: check("maxToolCalls", given.maxToolCalls ?? defaults.maxToolCalls, 0),
    maxOutputBytes: check("maxOutputBytes", given.maxOutputBytes ?? defaults.maxOutputBytes, 1),
    maxOutputTokens: check("maxOutputTokens", given.maxOutputTokens ?? defaults.maxOutputTokens, 0),
  }
  return limits.timeoutMs > MAX_TIMER_MS ? { ...limits, timeoutMs: Infinity } : limits
}

const check = (name: string, value: unknown, minimum: number): number => {
  if (value === Infinity) return value
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < minimum) {
    throw new RangeError(
      `Limit '${name}' must be an integer >= ${minimum} or Infinity, got ${typeof value === "number" ? value : typeof value}`,
    )
  }
  return value
}

/** Tightens limits (never loosens): used for per-execution overrides such as an `@options` line. */
export const tighten = (base: Limits, requested: Partial<Limits>): Limits => ({
  timeoutMs: Math.min(base.timeoutMs, requested.timeoutMs ?? Infinity),
  maxToolCalls: Math.min(base.maxToolCalls, requested.maxToolCalls ?? Infinity),
  maxOutputBytes: Math.min(base.maxOutputBytes, requested.maxOutputBytes ?? Infinity),
  maxOutputTokens: Math.min(base.maxOutputTokens, requested.maxOutputTokens ?? Infinity),
})
