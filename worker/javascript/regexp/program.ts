/**
 * The compiled form of a pattern: a flat array of fixed-width instructions for the backtracking
 * machine in match.ts, plus the character tests the instructions refer to by index.
 *
 * Each instruction is `WIDTH` integers: the opcode and up to four operands. Jumps are instruction
 * numbers. Registers hold, in order, the capture slots (start and end of the whole match and of
 * each group; -1 when unset), the iteration counters of counted loops, and the start positions of
 * loop iterations (for the standard's rule that an iteration matching nothing ends the loop).
 * `printProgram` renders it, one instruction a line.
 */

import type { CharPredicate } from "./charset.js"
import type { StringTest } from "./class-strings.js"

export const WIDTH = 5

export const enum Op {
  /** a: code unit / code point; b: 1 when matching backwards (inside a lookbehind). */
  Char = 0,
  /** a: canonicalized character; b: backwards. */
  CharIgnoreCase = 1,
  /** Any character (`.` with `s`); b: backwards. */
  Any = 2,
  /** `.` without `s`: anything but a line terminator; b: backwards. */
  Dot = 3,
  /** a: test index; b: backwards. */
  Test = 4,
  InputStart = 5,
  LineStart = 6,
  InputEnd = 7,
  LineEnd = 8,
  WordBoundary = 9,
  NotWordBoundary = 10,
  /** Continue at a; on failure resume at b. */
  Split = 11,
  Jump = 12,
  /** Register a := position. */
  Save = 13,
  /** Registers [a, b) := -1 (captures of a loop body, at each iteration). */
  Reset = 14,
  /** a: group; b: backwards; c: 1 to compare ignoring case. */
  Backref = 15,
  /** A lookaround: a: instruction after its LookEnd; b: 1 when negative. */
  Look = 16,
  LookEnd = 17,
  /** Counter register a := 0. */
  LoopInit = 18,
  /** Loop head: a: counter; b: min; c: max (-1 = none); d: exit. */
  LoopGreedy = 19,
  LoopLazy = 20,
  /** Loop tail: a: counter; b: iteration-start register (-1: body cannot be empty); c: min; d: head. */
  LoopTail = 21,
  /** Fails when position = register a (an empty iteration of a `*` loop without counter). */
  EmptyCheck = 22,
  /** A single-character loop: a: test index; b: min; c: max (-1 = none); d: backwards. */
  StarGreedy = 23,
  StarLazy = 24,
  Match = 25,
  /** a: string test index; b: backwards; c: code points: the next c code points are one of the class's strings. */
  Strings = 26,
}

export interface Program {
  readonly code: Int32Array
  readonly tests: readonly CharPredicate[]
  /** Membership tests of the properties of strings in classes (class-strings.ts), by index. */
  readonly stringTests: readonly StringTest[]
  /** Capture groups, not counting the whole match. */
  readonly captureCount: number
  readonly names: ReadonlyArray<readonly [string, number]>
  /** Registers the machine needs (captures first). */
  readonly registerCount: number
  readonly unicode: boolean
  readonly ignoreCase: boolean
  readonly multiline: boolean
  /** The match can only start at the beginning of the input (`^` without `m`). */
  readonly anchored: boolean
  /** A literal every match starts with, to find candidate positions with `indexOf`; or null. */
  readonly prefix: string | null
  /** How many instructions at the start of the program match `prefix` (skipped once indexOf found it). */
  readonly prefixInstructions: number
  /** A test every match's first code unit passes (patterns without `u`), or null. */
  readonly firstTest: CharPredicate | null
}

const NAMES: Record<number, string> = {
  0: "Char", 1: "CharIgnoreCase", 2: "Any", 3: "Dot", 4: "Test", 5: "InputStart", 6: "LineStart", 7: "InputEnd", 8: "LineEnd",
  9: "WordBoundary", 10: "NotWordBoundary", 11: "Split", 12: "Jump", 13: "Save", 14: "Reset", 15: "Backref", 16: "Look",
  17: "LookEnd", 18: "LoopInit", 19: "LoopGreedy", 20: "LoopLazy", 21: "LoopTail", 22: "EmptyCheck", 23: "StarGreedy",
  24: "StarLazy", 25: "Match", 26: "Strings",
}

export function printProgram(program: Program): string {
  const lines: string[] = []
  for (let pc = 0; pc * WIDTH < program.code.length; pc++) {
    const [op, a, b, c, d] = program.code.subarray(pc * WIDTH, pc * WIDTH + WIDTH)
    lines.push(`${String(pc).padStart(4)}  ${NAMES[op!] ?? op} ${a} ${b} ${c} ${d}`)
  }
  return lines.join("\n")
}
