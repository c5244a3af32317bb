/**
 * The pattern parser's character classes, `[...]`, which are a small language of their own. Without
 * `v` a class is a list of characters, escapes and ranges (Annex B lets `[\d-z]` mean the three
 * items). Under `v` a class may nest and combine its operands with `&&` (intersection) or `--`
 * (subtraction), one operator per level, and `\q{a|b}` lists single characters (strings are not
 * supported). A set combined by an operator becomes a predicate rather than a list of ranges.
 *
 * Apart from parse.ts because nothing else in the grammar reads this syntax: the structure parser
 * only hands over at `[`. Nested classes count toward the same `maxDepth` as groups.
 */

import { emptySet, setPredicate, type CharSetSpec } from "./charset.js"
import { RegExpMessages as M } from "./errors.js"
import type { RegexNode } from "./nodes.js"
import { PatternReader, fail } from "./parse-escapes.js"

const CLASS_SET_RESERVED_PUNCTUATORS = "&-!#%,:;<=>@`~"
const CLASS_SET_SYNTAX = "()[]{}/-\\|"
const RESERVED_DOUBLES = "&!#$%*+,.:;<=>?@^`~"

type ClassAtom = { readonly cp: number } | { readonly set: CharSetSpec }

/** The character classes, over the cursor and escapes of PatternReader; parse.ts builds on it. */
export abstract class ClassParser extends PatternReader {
  protected characterClass(): RegexNode {
    const start = this.i
    this.i++
    const negate = this.eat("^")
    const set = this.v ? this.classSetContents() : this.classRanges()
    return classNode(set, negate, this.src.slice(start, this.i))
  }

  /** The contents of a class without `v`, up to and including `]`. */
  private classRanges(): CharSetSpec {
    const set = emptySet()
    for (;;) {
      if (this.atEnd()) return fail(M.unterminatedClass())
      if (this.eat("]")) return set
      const a = this.classAtom()
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== "") {
        this.i++
        const b = this.classAtom()
        if ("set" in a || "set" in b) {
          if (this.u) fail(M.invalidCharacterClass())
          addAtom(set, a)
          addAtom(set, { cp: 0x2d })
          addAtom(set, b)
        } else {
          if (a.cp > b.cp) fail(M.rangeOrder())
          set.ranges.push(a.cp, b.cp)
        }
      } else {
        addAtom(set, a)
      }
    }
  }

  private classAtom(): ClassAtom {
    if (this.peek() !== "\\") return { cp: this.nextChar() }
    this.i++
    if (this.atEnd()) fail(M.escapeAtEnd())
    const c = this.peek()
    const set = this.classEscape()
    if (set !== null) return { set }
    if (c === "b") {
      this.i++
      return { cp: 8 }
    }
    if (this.u && (c === "B" || c === "k" || (c >= "1" && c <= "9"))) fail(M.invalidClassEscape())
    if (c === "-" && this.u) {
      this.i++
      return { cp: 0x2d }
    }
    return { cp: this.characterEscape(true) }
  }

  /**
   * The contents of a class under `v`, up to and including `]`: a union (with ranges), or a chain
   * of `&&` intersections or `--` subtractions of operands, where an operand may be a nested class.
   */
  private classSetContents(): CharSetSpec {
    if (++this.depth > this.options.maxDepth) fail(M.tooDeep(this.options.maxDepth))
    if (this.eat("]")) {
      this.depth--
      return emptySet()
    }
    let acc = this.classSetOperand()
    const op = this.src.startsWith("&&", this.i) ? "&&" : this.src.startsWith("--", this.i) ? "--" : null
    if (op !== null) {
      if ("cp" in acc && acc.range) fail(M.invalidSetOperation())
      let pred = setPredicate(toSet(acc))
      while (this.eat(op)) {
        const operand = this.classSetOperand()
        if ("cp" in operand && operand.range) fail(M.invalidSetOperation())
        const left = pred
        const right = setPredicate(toSet(operand))
        pred = op === "&&" ? (c) => left(c) && right(c) : (c) => left(c) && !right(c)
      }
      if (!this.eat("]")) fail(this.atEnd() ? M.unterminatedClass() : M.invalidSetOperation())
      this.depth--
      return { ranges: [], preds: [pred] }
    }
    const set = emptySet()
    for (;;) {
      addAtom(set, toAtom(acc))
      if (this.eat("]")) break
      if (this.atEnd()) fail(M.unterminatedClass())
      if (this.src.startsWith("&&", this.i) || this.src.startsWith("--", this.i)) fail(M.invalidSetOperation())
      acc = this.classSetOperand()
    }
    this.depth--
    return set
  }

  /** One operand of a `v` class: a nested class, an escape, a character, or a range `a-b`. */
  private classSetOperand(): (ClassAtom & { range?: false }) | { cp: number; hi: number; range: true } {
    if (this.atEnd()) fail(M.unterminatedClass())
    if (this.eat("[")) {
      const negate = this.eat("^")
      const inner = this.classSetContents()
      if (!negate) return { set: inner }
      const pred = setPredicate(inner)
      return { set: { ranges: [], preds: [(c) => !pred(c)] } }
    }
    const a = this.classSetCharacter()
    if ("set" in a) return a
    if (this.peek() === "-" && this.peek(1) !== "-") {
      this.i++
      const b = this.classSetCharacter()
      if ("set" in b) return fail(M.invalidCharacterClass())
      if (a.cp > b.cp) fail(M.rangeOrder())
      return { cp: a.cp, hi: b.cp, range: true }
    }
    return a
  }

  private classSetCharacter(): ClassAtom {
    const c = this.peek()
    if (c === "\\") {
      this.i++
      if (this.atEnd()) fail(M.escapeAtEnd())
      const e = this.peek()
      if (e === "q" && this.peek(1) === "{") return { set: this.classStrings() }
      const set = this.classEscape()
      if (set !== null) return { set }
      if (e === "b") {
        this.i++
        return { cp: 8 }
      }
      if (CLASS_SET_RESERVED_PUNCTUATORS.includes(e)) return { cp: this.nextChar() }
      return { cp: this.characterEscape(true) }
    }
    if (CLASS_SET_SYNTAX.includes(c) || (RESERVED_DOUBLES.includes(c) && this.peek(1) === c)) fail(M.invalidClassSetCharacter())
    return { cp: this.nextChar() }
  }

  /** `\q{a|b}`: only single characters are supported (a string would need an alternation). */
  private classStrings(): CharSetSpec {
    this.i += 2
    const set = emptySet()
    for (;;) {
      if (this.atEnd()) fail(M.unterminatedClass())
      if (this.eat("}")) return set
      if (this.eat("|")) continue
      const cp = this.peek() === "\\" ? (this.i++, this.characterEscape(true)) : this.nextChar()
      if (this.peek() !== "|" && this.peek() !== "}") fail(M.stringsInClass())
      set.ranges.push(cp, cp)
    }
  }
}

function toSet(operand: ClassAtom | { cp: number; hi: number; range: true }): CharSetSpec {
  if ("set" in operand) return operand.set
  const hi = "hi" in operand ? operand.hi : operand.cp
  return { ranges: [operand.cp, hi], preds: [] }
}

function toAtom(operand: ClassAtom | { cp: number; hi: number; range: true }): ClassAtom {
  return "hi" in operand ? { set: toSet(operand) } : operand
}

function addAtom(set: CharSetSpec, atom: ClassAtom): void {
  if ("set" in atom) {
    set.ranges.push(...atom.set.ranges)
    set.preds.push(...atom.set.preds)
  } else {
    set.ranges.push(atom.cp, atom.cp)
  }
}

export function classNode(set: CharSetSpec, negate: boolean, text: string): RegexNode {
  return { type: "Class", pred: setPredicate(set), negate, text }
}
