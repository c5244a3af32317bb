/**
 * Numbers JSON cannot write, at the boundary: `NaN`, `Infinity` and `-Infinity`.
 *
 * The reference copies values out with `JSON.stringify` semantics, which writes these as `null`;
 * a program computing `total / count` with `count = 0` therefore still returns the rest of its
 * result. We keep that rule in both languages and both directions (a program's result, a tool's
 * input, an extension's arguments, a tool's or extension's output), and add what `JSON.stringify`
 * does not: one warning per execution and side, naming the first place converted, so the host and
 * the model can see that a number was lost. Later conversions in the same execution are silent —
 * one sentence says the rule, a thousand would bury the rest of the warnings.
 *
 * Both sides name the place the same way (data-path.ts), so the engines and the host share the
 * sentence here.
 */

import type { Diagnostic } from "./diagnostic.js"

const spell = (value: number): string => (value !== value ? "NaN" : value > 0 ? "Infinity" : "-Infinity")

/** The warning for the first non-finite number converted to `null` at `path`. */
export const nonFiniteConverted = (path: string, value: number): Diagnostic => ({
  kind: "InvalidDataValue",
  message: `${path} was ${spell(value)}, which JSON cannot represent: it crossed as null (as JSON.stringify writes it); later non-finite numbers in this execution became null too, without another warning`,
})
