/**
 * The matcher: a backtracking machine over a compiled program (program.ts), with its own stack.
 *
 * Why a machine and not recursion: a backtracking matcher written as recursive host functions
 * overflows the host stack on long inputs and cannot be paused; this one keeps every choice point
 * in an explicit stack (a growing `Int32Array`), so its depth is bounded by memory we count, and
 * it spends one unit of fuel per instruction through the engine's meter, exactly like a loop
 * back-edge in compiled program code. A catastrophic pattern (`/(a+)+$/` on "aaaa…b") therefore
 * ends at the execution's work budget or deadline with the engine's ordinary stop, and the worker
 * thread never blocks.
 *
 * The stack holds entries of three integers: `[pc * 4 + kind, x, y]`.
 *   - CHOICE: resume at pc with position x.
 *   - RESTORE: register x held y before it was written (an undo log, so captures and counters
 *     come back exactly as they were when a choice point is resumed).
 *   - BARRIER: a lookaround began at instruction pc with position x; reaching it while
 *     backtracking means its body failed.
 *   - STAR: a single-character loop at pc may give back (greedy) or take (lazy) one more
 *     character; x is the current position, y the limit.
 * Lookarounds are atomic: when the body succeeds, its choice points are dropped (the undo entries
 * are kept, so backtracking past the lookaround still restores what it captured).
 *
 * Matching never calls program code, so one scratch stack per worker is reused by every match.
 */

import type { Meter } from "../../meter.js"
import { canonicalize, isLineTerminator, isWordChar } from "./charset.js"
import { Op, WIDTH, type Program } from "./program.js"

const CHOICE = 0
const RESTORE = 1
const BARRIER = 2
const STAR = 3
const NO_LIMIT = 0x7fffffff

let stack = new Int32Array(3 * 1024)
const lookBarriers: number[] = []

/** Limits of one match: fuel through the meter, and the backtracking stack's size in entries. */
export interface MatchLimits {
  readonly meter: Meter
  readonly maxStackEntries: number
  readonly stackExceeded: () => unknown
}

/**
 * Finds the first match at or after `start` (only at `start` when `sticky`). Returns the capture
 * slots [start0, end0, start1, end1, ...] (-1 for unset), or null.
 */
export function execProgram(program: Program, input: string, start: number, sticky: boolean, limits: MatchLimits): Int32Array | null {
  return search(program, input, start, sticky, limits, new Int32Array(program.registerCount))
}

const isPairAt = (s: string, i: number): boolean => {
  const c = s.charCodeAt(i)
  if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) return false
  const d = s.charCodeAt(i + 1)
  return d >= 0xdc00 && d <= 0xdfff
}

/**
 * The standard's search loop (try at each position from `start`) around the machine; one closure
 * set per search, not per attempt. On success the registers hold the captures.
 */
function search(program: Program, input: string, start: number, sticky: boolean, limits: MatchLimits, regs: Int32Array): Int32Array | null {
  const code = program.code
  const tests = program.tests
  const stringTests = program.stringTests
  const unicode = program.unicode
  const meter = limits.meter
  const length = input.length
  const maxSp = limits.maxStackEntries * 3
  const prefix = program.prefix
  const firstTest = program.firstTest
  let sp = 0
  let startPos = 0
  const push = (tag: number, x: number, y: number): void => {
    if (sp + 3 > stack.length || sp + 3 > maxSp) {
      if (sp + 3 > maxSp) throw limits.stackExceeded()
      const bigger = new Int32Array(Math.min(stack.length * 2, maxSp + 3))
      bigger.set(stack)
      stack = bigger
    }
    stack[sp] = tag
    stack[sp + 1] = x
    stack[sp + 2] = y
    sp += 3
  }
  const setReg = (r: number, v: number): void => {
    push(RESTORE, r, regs[r]!)
    regs[r] = v
  }
  /** The character at the position (forward) or before it (backward), or -1; sets `width`. */
  let width = 1
  const charAt = (p: number, back: number): number => {
    if (back === 0) {
      if (p >= length) return -1
      const c = input.charCodeAt(p)
      width = 1
      if (unicode && c >= 0xd800 && c <= 0xdbff && p + 1 < length) {
        const d = input.charCodeAt(p + 1)
        if (d >= 0xdc00 && d <= 0xdfff) {
          width = 2
          return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000
        }
      }
      return c
    }
    if (p <= 0) return -1
    const c = input.charCodeAt(p - 1)
    width = 1
    if (unicode && c >= 0xdc00 && c <= 0xdfff && p - 2 >= 0) {
      const h = input.charCodeAt(p - 2)
      if (h >= 0xd800 && h <= 0xdbff) {
        width = 2
        return ((h - 0xd800) << 10) + (c - 0xdc00) + 0x10000
      }
    }
    return c
  }
  const wordAt = (p: number): boolean => p >= 0 && p < length && isWordChar(input.charCodeAt(p))

  for (let at = start; at <= length; ) {
    if (!sticky) {
      if (prefix !== null) {
        const found = input.indexOf(prefix, at)
        meter.charge(((found < 0 ? length : found) - at) >>> 4)
        if (found < 0) return null
        at = found
      } else if (firstTest !== null) {
        const from = at
        while (at < length && !firstTest(input.charCodeAt(at))) at++
        meter.charge((at - from) >>> 2)
        if (at >= length) {
          // No candidate left but the empty end position, which a first character cannot match.
          return null
        }
      }
    }
    regs.fill(-1)
    // Where indexOf found the prefix, its Char instructions are already known to match.
    const skip = !sticky && prefix !== null
    if (run(at, skip ? program.prefixInstructions : 0, skip ? at + prefix.length : at)) return regs.slice(0, 2 * (program.captureCount + 1))
    if (sticky || program.anchored) return null
    at += unicode && isPairAt(input, at) ? 2 : 1
  }
  return null

  /** Runs the machine from one start position. */
  function run(from: number, firstPc: number, firstPos: number): boolean {
    sp = 0
    let pc = firstPc
    let pos = firstPos
    startPos = from
    if (lookBarriers.length > 0) lookBarriers.length = 0

    for (;;) {
      if (--meter.fuel <= 0) meter.refuel()
      const at = pc * WIDTH
      const a = code[at + 1]!
      const b = code[at + 2]!
      let ok = true
      switch (code[at]) {
        case Op.Char: {
          const c = charAt(pos, b)
          if (c === a) {
            pos += b === 0 ? width : -width
            pc++
          } else ok = false
          break
        }
        case Op.CharIgnoreCase: {
          const c = charAt(pos, b)
          if (c >= 0 && (c === a || canonicalize(c, unicode) === a)) {
            pos += b === 0 ? width : -width
            pc++
          } else ok = false
          break
        }
        case Op.Any:
        case Op.Dot: {
          const c = charAt(pos, b)
          if (c >= 0 && (code[at] === Op.Any || !isLineTerminator(c))) {
            pos += b === 0 ? width : -width
            pc++
          } else ok = false
          break
        }
        case Op.Test: {
          const c = charAt(pos, b)
          if (c >= 0 && tests[a]!(c)) {
            pos += b === 0 ? width : -width
            pc++
          } else ok = false
          break
        }
        case Op.InputStart:
          ok = pos === 0
          pc++
          break
        case Op.LineStart:
          ok = pos === 0 || isLineTerminator(input.charCodeAt(pos - 1))
          pc++
          break
        case Op.InputEnd:
          ok = pos === length
          pc++
          break
        case Op.LineEnd:
          ok = pos === length || isLineTerminator(input.charCodeAt(pos))
          pc++
          break
        case Op.WordBoundary:
        case Op.NotWordBoundary:
          ok = (wordAt(pos - 1) !== wordAt(pos)) === (code[at] === Op.WordBoundary)
          pc++
          break
        case Op.Split:
          push(b * 4 + CHOICE, pos, 0)
          pc = a
          break
        case Op.Jump:
          pc = a
          break
        case Op.Save:
          setReg(a, pos)
          pc++
          break
        case Op.Reset:
          for (let r = a; r < b; r++) if (regs[r] !== -1) setReg(r, -1)
          pc++
          break
        case Op.Backref:
          {
            const next = matchBackref(a, b, code[at + 3] === 1, pos)
            if (next < 0) ok = false
            else pos = next
          }
          pc++
          break
        case Op.Look:
          lookBarriers.push(sp)
          push(pc * 4 + BARRIER, pos, 0)
          pc++
          break
        case Op.LookEnd: {
          const barrier = lookBarriers.pop()!
          const lookPc = stack[barrier]! >> 2
          const look = lookPc * WIDTH
          pos = stack[barrier + 1]!
          if (code[look + 2] === 0) {
            // Positive: drop the body's choice points, keep its undo entries.
            let to = barrier
            for (let from = barrier + 3; from < sp; from += 3) {
              if ((stack[from]! & 3) === RESTORE) {
                stack[to] = stack[from]!
                stack[to + 1] = stack[from + 1]!
                stack[to + 2] = stack[from + 2]!
                to += 3
              }
            }
            sp = to
            pc = code[look + 1]!
          } else {
            // Negative: the body matched, so the lookaround fails; undo what the body did.
            while (sp > barrier + 3) {
              sp -= 3
              if ((stack[sp]! & 3) === RESTORE) regs[stack[sp + 1]!] = stack[sp + 2]!
            }
            sp = barrier
            ok = false
          }
          break
        }
        case Op.LoopInit:
          setReg(a, 0)
          pc++
          break
        case Op.LoopGreedy:
        case Op.LoopLazy: {
          const n = regs[a]!
          const max = code[at + 3]!
          const exit = code[at + 4]!
          if (n < b) pc++
          else if (max >= 0 && n >= max) pc = exit
          else if (code[at] === Op.LoopGreedy) {
            push(exit * 4 + CHOICE, pos, 0)
            pc++
          } else {
            push((pc + 1) * 4 + CHOICE, pos, 0)
            pc = exit
          }
          break
        }
        case Op.LoopTail:
          if (b >= 0 && pos === regs[b] && regs[a]! >= code[at + 3]!) ok = false
          else {
            setReg(a, regs[a]! + 1)
            pc = code[at + 4]!
          }
          break
        case Op.EmptyCheck:
          ok = pos !== regs[a]
          pc++
          break
        case Op.StarGreedy: {
          const test = tests[a]!
          const max = code[at + 3]!
          const back = code[at + 4]!
          const limit = max < 0 ? NO_LIMIT : max
          const from = pos
          let n = 0
          while (n < limit) {
            const c = charAt(pos, back)
            if (c < 0 || !test(c)) break
            pos += back === 0 ? width : -width
            n++
          }
          meter.fuel -= n >>> 2
          if (n < b) {
            ok = false
            break
          }
          if (n > b) {
            // Where the mandatory part ends: the furthest the loop may give back to.
            let minPos = from
            if (!unicode) minPos = back === 0 ? from + b : from - b
            else for (let i = 0; i < b; i++) {
              charAt(minPos, back)
              minPos += back === 0 ? width : -width
            }
            push(pc * 4 + STAR, pos, minPos)
          }
          pc++
          break
        }
        case Op.StarLazy: {
          const test = tests[a]!
          const max = code[at + 3]!
          const back = code[at + 4]!
          let n = 0
          while (n < b) {
            const c = charAt(pos, back)
            if (c < 0 || !test(c)) break
            pos += back === 0 ? width : -width
            n++
          }
          if (n < b) {
            ok = false
            break
          }
          const remaining = max < 0 ? NO_LIMIT : max - b
          if (remaining > 0) push(pc * 4 + STAR, pos, remaining)
          pc++
          break
        }
        case Op.Strings: {
          // The next c code points (the previous ones, backwards), tested as one string.
          const n = code[at + 3]!
          let p = pos
          let k = 0
          for (; k < n; k++) {
            if (charAt(p, b) < 0) break
            p += b === 0 ? width : -width
          }
          meter.fuel -= n
          if (k === n && stringTests[a]!(b === 0 ? input.slice(pos, p) : input.slice(p, pos))) {
            pos = p
            pc++
          } else ok = false
          break
        }
        case Op.Match:
          regs[0] = startPos
          regs[1] = pos
          return true
      }
      if (ok) continue

      // Backtrack: pop entries until a choice point resumes, or fail the attempt.
      for (;;) {
        if (sp === 0) return false
        sp -= 3
        const tag = stack[sp]!
        const kind = tag & 3
        const x = stack[sp + 1]!
        if (kind === RESTORE) {
          regs[x] = stack[sp + 2]!
          continue
        }
        const target = tag >> 2
        if (kind === CHOICE) {
          pc = target
          pos = x
          break
        }
        if (kind === BARRIER) {
          lookBarriers.pop()
          const look = target * WIDTH
          if (code[look + 2] === 1) {
            pos = x
            pc = code[look + 1]!
            break
          }
          continue
        }
        // STAR
        const ins = target * WIDTH
        const y = stack[sp + 2]!
        const back = code[ins + 4]!
        if (code[ins] === Op.StarGreedy) {
          charAt(x, back === 0 ? 1 : 0)
          pos = back === 0 ? x - width : x + width
          if (pos !== y) push(tag, pos, y)
          pc = target + 1
          break
        }
        const c = charAt(x, back)
        if (c < 0 || !tests[code[ins + 1]!]!(c)) continue
        pos = back === 0 ? x + width : x - width
        if (y - 1 > 0) push(tag, pos, y === NO_LIMIT ? y : y - 1)
        pc = target + 1
        break
      }
    }

  }

  /** The position after backreference `group` matched at `pos` (in its direction), or -1. */
  function matchBackref(group: number, back: number, ignoreCase: boolean, pos: number): number {
    const s = regs[2 * group]!
    const e = regs[2 * group + 1]!
    if (s < 0 || e < 0) return pos
    const n = e - s
    const from = back === 0 ? pos : pos - n
    if (from < 0 || from + n > length) return -1
    meter.fuel -= n >>> 2
    if (!ignoreCase) {
      for (let i = 0; i < n; i++) if (input.charCodeAt(s + i) !== input.charCodeAt(from + i)) return -1
    } else if (!unicode) {
      for (let i = 0; i < n; i++) {
        const x = input.charCodeAt(s + i)
        const y = input.charCodeAt(from + i)
        if (x !== y && canonicalize(x, false) !== canonicalize(y, false)) return -1
      }
    } else {
      for (let i = 0; i < n; ) {
        const x = input.codePointAt(s + i)!
        const y = input.codePointAt(from + i)!
        if (x !== y && canonicalize(x, true) !== canonicalize(y, true)) return -1
        i += x > 0xffff ? 2 : 1
      }
    }
    return back === 0 ? pos + n : from
  }
}
