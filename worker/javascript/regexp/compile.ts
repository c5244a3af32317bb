/**
 * Tree to program: one emit function per node type, each appending instructions.
 *
 * Quantifiers never copy their body: `a{1000000}` is one loop with a counter register, so the
 * program is linear in the pattern's length whatever the counts. A quantified single-character
 * matcher (`\d+`, `[^,]*`, `.*?`) becomes one `Star` instruction that scans in a tight loop and
 * gives characters back one at a time on backtracking, which is what makes ordinary patterns fast.
 * Inside a lookbehind the standard matches right to left: sequences are emitted in reverse,
 * character instructions carry a backwards flag, and groups save their end before their start.
 *
 * Case-insensitivity is decided here: characters are compared canonicalized, and classes are
 * wrapped to match any character equivalent to the input (charset.ts).
 *
 * A class with strings (class-strings.ts) is an alternation, longest first: for each length from
 * the longest down, its listed strings of that length as literals and one `Strings` test for its
 * properties of strings, then its single characters, then the empty string if it lists one.
 */

import { canonicalize, ignoringCase, isLineTerminator, type CharPredicate } from "./charset.js"
import type { StringTest } from "./class-strings.js"
import type { ParsedPattern, RegexNode } from "./nodes.js"
import { Op, WIDTH, type Program } from "./program.js"

export interface CompileFlags {
  readonly ignoreCase: boolean
  readonly multiline: boolean
  readonly dotAll: boolean
  readonly unicode: boolean
}

export function compilePattern(parsed: ParsedPattern, flags: CompileFlags): Program {
  const e = new Emitter(flags, 2 * (parsed.captureCount + 1))
  e.emitNode(parsed.root, false)
  e.op(Op.Match)
  const first = firstNode(parsed.root)
  // indexOf may find a surrogate in the middle of a pair, where a `u` match cannot start or see it.
  const text = literalPrefix(parsed.root)
  const prefix = flags.ignoreCase || text === null || /[\ud800-\udfff]/.test(text) ? null : text
  let firstTest: CharPredicate | null = null
  if (prefix === null && !flags.unicode && first !== null && (first.type === "Class" || first.type === "Char")) {
    firstTest = e.singleTest(first)
  }
  return {
    code: Int32Array.from(e.code),
    tests: e.tests,
    stringTests: e.stringTests,
    captureCount: parsed.captureCount,
    names: parsed.names,
    registerCount: e.registers,
    unicode: flags.unicode,
    ignoreCase: flags.ignoreCase,
    multiline: flags.multiline,
    anchored: !flags.multiline && first !== null && first.type === "Assertion" && first.kind === "start",
    prefix,
    prefixInstructions: prefix === null ? 0 : [...prefix].length,
    firstTest,
  }
}

/** The node every match must begin with, when there is one (for skipping hopeless positions). */
function firstNode(node: RegexNode): RegexNode | null {
  for (;;) {
    switch (node.type) {
      case "Sequence":
        if (node.items.length === 0) return null
        node = node.items[0]!
        continue
      case "Group":
        node = node.body
        continue
      case "Repeat":
        if (node.min === 0) return null
        node = node.body
        continue
      case "Char":
      case "Class":
      case "Assertion":
        return node
      default:
        return null
    }
  }
}

/** The literal text every match starts with (leading characters of the top-level sequence), or null. */
function literalPrefix(root: RegexNode): string | null {
  const items = root.type === "Sequence" ? root.items : [root]
  let text = ""
  for (const item of items) {
    if (item.type !== "Char") break
    text += String.fromCodePoint(item.cp)
  }
  return text === "" ? null : text
}

/** The fewest characters a node can match (0 when it can match the empty string). */
function minWidth(node: RegexNode): number {
  switch (node.type) {
    case "Char":
    case "Dot":
    case "Class":
      return 1
    case "Sequence":
      return node.items.reduce((n, item) => n + minWidth(item), 0)
    case "Alternation":
      return Math.min(...node.alternatives.map(minWidth))
    case "ClassStrings":
      return node.strings.listed.has("") ? 0 : 1
    case "Group":
      return minWidth(node.body)
    case "Repeat":
      return node.min === 0 ? 0 : Math.min(node.min * minWidth(node.body), 1)
    default:
      return 0
  }
}

class Emitter {
  readonly code: number[] = []
  readonly tests: CharPredicate[] = []
  readonly stringTests: StringTest[] = []

  constructor(
    private readonly flags: CompileFlags,
    public registers: number,
  ) {}

  get pc(): number {
    return this.code.length / WIDTH
  }

  op(op: Op, a = 0, b = 0, c = 0, d = 0): number {
    const at = this.pc
    this.code.push(op, a, b, c, d)
    return at
  }

  patch(at: number, operand: 1 | 2 | 3 | 4, value: number): void {
    this.code[at * WIDTH + operand] = value
  }

  register(): number {
    return this.registers++
  }

  test(pred: CharPredicate): number {
    this.tests.push(pred)
    return this.tests.length - 1
  }

  /** A one-character matcher as a predicate (for Star loops and the first-character filter). */
  singleTest(node: RegexNode): CharPredicate {
    const { ignoreCase, unicode, dotAll } = this.flags
    switch (node.type) {
      case "Char": {
        if (!ignoreCase) {
          const cp = node.cp
          return (c) => c === cp
        }
        const k = canonicalize(node.cp, unicode)
        return (c) => c === k || canonicalize(c, unicode) === k
      }
      case "Dot":
        return dotAll ? () => true : (c) => !isLineTerminator(c)
      case "Class": {
        const pred = ignoreCase ? ignoringCase(node.pred, unicode) : node.pred
        return node.negate ? (c) => !pred(c) : pred
      }
      default:
        throw new Error(`not a single-character node: ${node.type}`)
    }
  }

  emitNode(node: RegexNode, back: boolean): void {
    const dir = back ? 1 : 0
    switch (node.type) {
      case "Empty":
        return
      case "Char":
        if (this.flags.ignoreCase) this.op(Op.CharIgnoreCase, canonicalize(node.cp, this.flags.unicode), dir)
        else this.op(Op.Char, node.cp, dir)
        return
      case "Dot":
        this.op(this.flags.dotAll ? Op.Any : Op.Dot, 0, dir)
        return
      case "Class":
        this.op(Op.Test, this.test(this.singleTest(node)), dir)
        return
      case "Assertion":
        this.emitAssertion(node.kind)
        return
      case "Sequence":
        if (back) for (let i = node.items.length - 1; i >= 0; i--) this.emitNode(node.items[i]!, back)
        else for (const item of node.items) this.emitNode(item, back)
        return
      case "ClassStrings":
        this.emitClassStrings(node, back)
        return
      case "Alternation":
        this.emitChoices(node.alternatives.map((alternative) => () => this.emitNode(alternative, back)))
        return
      case "Group":
        if (node.index === 0) return this.emitNode(node.body, back)
        this.op(Op.Save, back ? 2 * node.index + 1 : 2 * node.index)
        this.emitNode(node.body, back)
        this.op(Op.Save, back ? 2 * node.index : 2 * node.index + 1)
        return
      case "Look": {
        const look = this.op(Op.Look, 0, node.negate ? 1 : 0)
        this.emitNode(node.body, node.behind)
        this.op(Op.LookEnd)
        this.patch(look, 1, this.pc)
        return
      }
      case "Backref":
        this.op(Op.Backref, node.index, dir, this.flags.ignoreCase ? 1 : 0)
        return
      case "Repeat":
        this.emitRepeat(node, back)
        return
    }
  }

  private emitAssertion(kind: "start" | "end" | "word" | "notWord"): void {
    const m = this.flags.multiline
    this.op(kind === "start" ? (m ? Op.LineStart : Op.InputStart) : kind === "end" ? (m ? Op.LineEnd : Op.InputEnd) : kind === "word" ? Op.WordBoundary : Op.NotWordBoundary)
  }

  /** An alternation: each choice emits one alternative, tried in order. */
  private emitChoices(choices: Array<() => void>): void {
    const jumps: number[] = []
    for (let i = 0; i < choices.length; i++) {
      const last = i === choices.length - 1
      const split = last ? -1 : this.op(Op.Split, this.pc + 1, 0)
      choices[i]!()
      if (!last) {
        jumps.push(this.op(Op.Jump))
        this.patch(split, 2, this.pc)
      }
    }
    for (const j of jumps) this.patch(j, 1, this.pc)
  }

  private emitClassStrings(node: RegexNode & { type: "ClassStrings" }, back: boolean): void {
    const { listed, test, testLength } = node.strings
    const byLength = new Map<number, number[][]>()
    for (const s of listed) {
      const cps = [...s].map((c) => c.codePointAt(0)!)
      const same = byLength.get(cps.length)
      if (same === undefined) byLength.set(cps.length, [cps])
      else same.push(cps)
    }
    const longest = Math.max(test === null ? 0 : testLength, ...byLength.keys())
    const choices: Array<() => void> = []
    const dir = back ? 1 : 0
    const testIndex = test === null ? -1 : this.stringTests.push(test) - 1
    for (let n = longest; n >= 2; n--) {
      for (const cps of byLength.get(n) ?? []) choices.push(() => this.emitNode({ type: "Sequence", items: cps.map((cp) => ({ type: "Char", cp })) }, back))
      if (testIndex >= 0 && n <= testLength) choices.push(() => this.op(Op.Strings, testIndex, dir, n))
    }
    choices.push(() => this.emitNode(node.chars, back))
    if (listed.has("")) choices.push(() => {})
    this.emitChoices(choices)
  }

  private emitRepeat(node: RegexNode & { type: "Repeat" }, back: boolean): void {
    const { min, max, greedy, body } = node
    if (max === 0) return
    if (min === 1 && max === 1) return this.emitNode(body, back)
    if (body.type === "Char" || body.type === "Dot" || body.type === "Class") {
      this.op(greedy ? Op.StarGreedy : Op.StarLazy, this.test(this.singleTest(body)), min, max === Infinity ? -1 : max, back ? 1 : 0)
      return
    }
    const hasCaptures = node.lastCapture > node.firstCapture
    const canBeEmpty = minWidth(body) === 0
    if (min === 0 && max === Infinity) {
      // `(...)*` needs no counter: only the empty-iteration check.
      const head = this.op(Op.Split, 0, 0)
      const start = canBeEmpty ? this.register() : -1
      if (greedy) this.patch(head, 1, this.pc)
      else this.patch(head, 2, this.pc)
      if (start >= 0) this.op(Op.Save, start)
      if (hasCaptures) this.op(Op.Reset, 2 * node.firstCapture, 2 * node.lastCapture)
      this.emitNode(body, back)
      if (start >= 0) this.op(Op.EmptyCheck, start)
      this.op(Op.Jump, head)
      this.patch(head, greedy ? 2 : 1, this.pc)
      return
    }
    const counter = this.register()
    const start = canBeEmpty ? this.register() : -1
    this.op(Op.LoopInit, counter)
    const head = this.op(greedy ? Op.LoopGreedy : Op.LoopLazy, counter, min, max === Infinity ? -1 : max, 0)
    if (start >= 0) this.op(Op.Save, start)
    if (hasCaptures) this.op(Op.Reset, 2 * node.firstCapture, 2 * node.lastCapture)
    this.emitNode(body, back)
    this.op(Op.LoopTail, counter, start, min, head)
    this.patch(head, 4, this.pc)
  }
}
