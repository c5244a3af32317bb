/**
 * The pattern parser's character classes, `[...]`, which are a small language of their own. Without
 * `v` a class is a list of characters, escapes and ranges (Annex B lets `[\d-z]` mean the three
 * items). Under `v` a class may nest and combine its operands with `&&` (intersection) or `--`
 * (subtraction), one operator per level, and hold strings (`\q{abc|de}`, `\p{RGI_Emoji}`; see
 * class-strings.ts). A set combined by an operator becomes a predicate rather than a list of
 * ranges. Whether a class *may* contain strings is the standard's static rule, checked apart from
 * what it holds: `[^...]` is a SyntaxError when its contents may, even if they turn out empty.
 *
 * Apart from parse.ts because nothing else in the grammar reads this syntax: the structure parser
 * only hands over at `[`. Nested classes count toward the same `maxDepth` as groups.
 */

import { emptySet, setPredicate, type CharPredicate, type CharSetSpec } from "./charset.js"
import { intersectStrings, subtractStrings, unionStrings, type ClassStrings } from "./class-strings.js"
import { RegExpMessages as M } from "./errors.js"
import type { RegexNode } from "./nodes.js"
import { PatternReader, fail } from "./parse-escapes.js"

const CLASS_SET_RESERVED_PUNCTUATORS = "&-!#%,:;<=>@`~"
const CLASS_SET_SYNTAX = "()[]{}/-\\|"
const RESERVED_DOUBLES = "&!#$%*+,.:;<=>?@^`~"

/** A class operand: one character, or a set (under `v` with the strings it holds and whether it may hold any). */
type ClassAtom = { readonly cp: number } | { readonly set: CharSetSpec; readonly strings?: ClassStrings | null; readonly mayContainStrings?: boolean }

/** A `v` class's contents. */
interface ClassSetValue {
  readonly set: CharSetSpec
  readonly strings: ClassStrings | null
  readonly mayContainStrings: boolean
}

/** The character classes, over the cursor and escapes of PatternReader; parse.ts builds on it. */
export abstract class ClassParser extends PatternReader {
  protected characterClass(): RegexNode {
    const start = this.i
    this.i++
    const negate = this.eat("^")
    if (!this.v) return classNode(this.classRanges(), negate, this.src.slice(start, this.i))
    const value = this.classSetContents()
    if (negate && value.mayContainStrings) fail(M.negatedClassStrings())
    return classSetNode(value, negate, this.src.slice(start, this.i))
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
  private classSetContents(): ClassSetValue {
    if (++this.depth > this.options.maxDepth) fail(M.tooDeep(this.options.maxDepth))
    if (this.eat("]")) {
      this.depth--
      return { set: emptySet(), strings: null, mayContainStrings: false }
    }
    let acc = this.classSetOperand()
    const op = this.src.startsWith("&&", this.i) ? "&&" : this.src.startsWith("--", this.i) ? "--" : null
    if (op !== null) {
      if ("cp" in acc && acc.range) fail(M.invalidSetOperation())
      const first = toValue(acc)
      let pred = setPredicate(first.set)
      let strings = first.strings
      let mayContainStrings = first.mayContainStrings
      while (this.eat(op)) {
        const operand = this.classSetOperand()
        if ("cp" in operand && operand.range) fail(M.invalidSetOperation())
        const value = toValue(operand)
        const left = pred
        const right = setPredicate(value.set)
        if (op === "&&") {
          pred = (c) => left(c) && right(c)
          strings = intersectStrings(strings, value.strings)
          mayContainStrings &&= value.mayContainStrings
        } else {
          pred = (c) => left(c) && !right(c)
          strings = subtractStrings(strings, value.strings)
        }
      }
      if (!this.eat("]")) fail(this.atEnd() ? M.unterminatedClass() : M.invalidSetOperation())
      this.depth--
      return { set: { ranges: [], preds: [pred] }, strings, mayContainStrings }
    }
    const set = emptySet()
    let strings: ClassStrings | null = null
    let mayContainStrings = false
    for (;;) {
      const value = toValue(acc)
      addAtom(set, { set: value.set })
      strings = unionStrings(strings, value.strings)
      mayContainStrings ||= value.mayContainStrings
      if (this.eat("]")) break
      if (this.atEnd()) fail(M.unterminatedClass())
      if (this.src.startsWith("&&", this.i) || this.src.startsWith("--", this.i)) fail(M.invalidSetOperation())
      acc = this.classSetOperand()
    }
    this.depth--
    return { set, strings, mayContainStrings }
  }

  /** One operand of a `v` class: a nested class, an escape, a character, or a range `a-b`. */
  private classSetOperand(): (ClassAtom & { range?: false }) | { cp: number; hi: number; range: true } {
    if (this.atEnd()) fail(M.unterminatedClass())
    if (this.eat("[")) {
      const negate = this.eat("^")
      const inner = this.classSetContents()
      if (!negate) return inner
      if (inner.mayContainStrings) fail(M.negatedClassStrings())
      const pred = setPredicate(inner.set)
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
      if (e === "q" && this.peek(1) === "{") return this.classStrings()
      const property = this.stringPropertyEscape()
      if (property !== null) return { set: { ranges: [], preds: [property.chars] }, strings: property.strings, mayContainStrings: true }
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

  /** `\q{a|bc|}`: its one-character strings are characters; the others (empty too) strings. */
  private classStrings(): ClassAtom {
    this.i += 2
    const set = emptySet()
    const listed = new Set<string>()
    let mayContainStrings = false
    for (;;) {
      let text = ""
      let count = 0
      while (this.peek() !== "|" && this.peek() !== "}") {
        if (this.atEnd()) fail(M.unterminatedClass())
        if (this.peek() === "\\" && "qdDsSwWpP".includes(this.peek(1))) fail(M.invalidEscape())
        const atom = this.classSetCharacter()
        if (!("cp" in atom)) return fail(M.invalidEscape())
        const cp = atom.cp
        text += String.fromCodePoint(cp)
        count++
      }
      if (count === 1) {
        const cp = text.codePointAt(0)!
        set.ranges.push(cp, cp)
      } else {
        listed.add(text)
        mayContainStrings = true
      }
      if (this.eat("}")) break
      this.i++
    }
    return { set, strings: listed.size === 0 ? null : { listed, test: null, testLength: 0 }, mayContainStrings }
  }
}

function toValue(operand: ClassAtom | { cp: number; hi: number; range: true }): ClassSetValue {
  if ("set" in operand) return { set: operand.set, strings: operand.strings ?? null, mayContainStrings: operand.mayContainStrings ?? false }
  return { set: toSet(operand), strings: null, mayContainStrings: false }
}

/** A `v` class: a plain class, or one with strings when it holds any. */
function classSetNode(value: ClassSetValue, negate: boolean, text: string): RegexNode {
  const chars = { type: "Class", pred: setPredicate(value.set), negate, text } as const
  const strings = value.strings
  if (strings === null || (strings.listed.size === 0 && strings.test === null)) return chars
  return { type: "ClassStrings", chars, strings }
}

/** `\p{RGI_Emoji}` outside a class (parse.ts): the same node as `[\p{RGI_Emoji}]`. */
export function stringPropertyNode(property: { chars: CharPredicate; strings: ClassStrings }, text: string): RegexNode {
  return classSetNode({ set: { ranges: [], preds: [property.chars] }, strings: property.strings, mayContainStrings: true }, false, text)
}

function toSet(operand: ClassAtom | { cp: number; hi: number; range: true }): CharSetSpec {
  if ("set" in operand) return operand.set
  const hi = "hi" in operand ? operand.hi : operand.cp
  return { ranges: [operand.cp, hi], preds: [] }
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
