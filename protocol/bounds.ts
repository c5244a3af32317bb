/**
 * Bounds that always hold, whatever the host configures.
 *
 * The host's limits (`timeoutMs`, `maxToolCalls`, `maxOutputBytes`) are policy and live in the
 * pool. These are the engine's own walls: they keep one program from exhausting the worker it runs
 * in, and they apply even when the host raises every configurable limit. Each is a named constant
 * here and nowhere else; the engines read them from a `Bounds` object so a test can *lower* one to
 * reach its error path (`resolveBounds` never lets a value rise above the default).
 *
 * Cost model for fuel: one unit per loop iteration (back-edge), per function call, and per unit of
 * work inside allocation-heavy builtins (a byte copied by `string.rep`, an element moved by
 * `table.concat`, a step of the pattern matcher). The interpreter checks its wall-clock deadline
 * and its interrupt flag each time `FUEL_CHECK_INTERVAL` units have been spent.
 */

import { MAX_IMAGE_BYTES, MAX_OUTPUT_CALLS, MAX_OUTPUT_CHARS } from "./output.js"

export interface Bounds {
  /** Largest program source, in bytes of UTF-8. */
  readonly maxSourceBytes: number
  /** Deepest syntax nesting (blocks, expressions, table constructors) a program may have. */
  readonly maxSyntaxDepth: number
  /** Total interpreter work, in fuel units, for one execution. */
  readonly maxFuel: number
  /** Deepest nesting of program function calls (proper tail calls do not count). */
  readonly maxCallDepth: number
  /** Longest string a program may build, in bytes. */
  readonly maxStringBytes: number
  /** Most entries one table (Lua) or array (JavaScript) may hold. */
  readonly maxTableEntries: number
  /** Largest plain-data copy across the program boundary, in bytes of its JSON text. */
  readonly maxDataBytes: number
  /** Deepest nesting of a plain-data copy. */
  readonly maxDataDepth: number
  /** Most bytes of log text a program may print in one execution. */
  readonly maxLogBytes: number
  /** Most host calls (tools, extension globals) a JavaScript program may have started and not seen settle. */
  readonly maxPendingCalls: number
  /** Most characters of output blocks (text, console lines, image data) one execution may make. */
  readonly maxOutputChars: number
  /** Most output calls (`text`, `image`, `console.*`, `print`) one execution may make. */
  readonly maxOutputCalls: number
  /** Largest image `image(...)` accepts, in decoded bytes. */
  readonly maxImageBytes: number
}

export const DEFAULT_BOUNDS: Bounds = Object.freeze({
  maxSourceBytes: 1_048_576,
  maxSyntaxDepth: 200,
  maxFuel: 1_000_000_000,
  maxCallDepth: 500,
  maxStringBytes: 16_777_216,
  maxTableEntries: 4_194_304,
  maxDataBytes: 16_777_216,
  maxDataDepth: 200,
  maxLogBytes: 16_777_216,
  maxPendingCalls: 1_000,
  maxOutputChars: MAX_OUTPUT_CHARS,
  maxOutputCalls: MAX_OUTPUT_CALLS,
  maxImageBytes: MAX_IMAGE_BYTES,
})

/** Fuel spent between two checks of the deadline and the interrupt flag. */
export const FUEL_CHECK_INTERVAL = 10_000

/** Lowers (never raises) the default bounds; a value that is not a positive integer is an error. */
export const resolveBounds = (overrides: Partial<Bounds> | undefined): Bounds => {
  if (overrides === undefined) return DEFAULT_BOUNDS
  const resolved: Record<string, number> = { ...DEFAULT_BOUNDS }
  for (const [name, value] of Object.entries(overrides)) {
    if (!(name in DEFAULT_BOUNDS)) throw new RangeError(`Unknown bound '${name}'`)
    if (value === undefined) continue
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
      throw new RangeError(`Bound '${name}' must be a positive integer, got ${String(value)}`)
    }
    resolved[name] = Math.min(value, DEFAULT_BOUNDS[name as keyof Bounds])
  }
  return Object.freeze(resolved) as unknown as Bounds
}
