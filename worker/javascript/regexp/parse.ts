/**
 * Pattern text to a tree (nodes.ts), by recursive descent over the standard's grammar, with the
 * legacy leniencies of Annex B when neither `u` nor `v` is set (a lone `{` or `]` is a literal,
 * `\8` is "8", `\12` with fewer than 12 groups is an octal escape...).
 *
 * The recursion follows group nesting only, and nesting is bounded by `maxDepth` before it can
 * grow (a pattern of 100,000 "(" is a SyntaxError, never a host stack overflow). A first pass
 * (`prescan`) counts the capture groups and notes whether any is named, because the meaning of
 * `\2` and `\k` depends on groups that may come later in the text.
 *
 * Errors are `PatternError`s worded as V8 words them; the builtin adds the pattern and flags.
 */

import {
  DIGITS,
  SPACE,
  WORD,
  WORD_UNICODE_IGNORE_CASE,
  complementRanges,
  emptySet,
  propertyPredicate,
  setPredicate,
  type CharPredicate,
  type CharSetSpec,
} from "./charset.js"
import { PatternError, RegExpMessages as M } from "./errors.js"
import type { ParsedPattern, RegexNode } from "./nodes.js"

export interface PatternOptions {
  /** The `u` or `v` flag: code points, strict escapes. */
  readonly unicode: boolean
  /** The `v` flag: set operations and nested classes. */
  readonly unicodeSets: boolean
  readonly ignoreCase: boolean
  readonly maxDepth: number
  readonly maxCaptures: number
}

const SYNTAX_CHARS = "^$\\.*+?()[]{}|/"
const CLASS_SET_RESERVED_PUNCTUATORS = "&-!#%,:;<=>@`~"
const CLASS_SET_SYNTAX = "()[]{}/-\\|"
const RESERVED_DOUBLES = "&!#$%*+,.:;<=>?@^`~"
const MAX_CODE_POINT = 0x10ffff
const BRACES = /\{(\d+)(,(\d*))?\}/y
const GROUP_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u

const fail = (detail: string): never => {
  throw new PatternError(detail)
}

type ClassAtom = { readonly cp: number } | { readonly set: CharSetSpec }

export function parsePattern(source: string, options: PatternOptions): ParsedPattern {
  return new PatternParser(source, options).parse()
}

class PatternParser {
  private i = 0
  private depth = 0
  private captures = 0
  private readonly names: Array<[string, number]> = []
  private readonly backrefs: Array<RegexNode & { type: "Backref" }> = []
  private readonly totalCaptures: number
  private readonly hasNames: boolean
  private readonly u: boolean
  private readonly v: boolean

  constructor(
    private readonly src: string,
    private readonly options: PatternOptions,
  ) {
    this.u = options.unicode
    this.v = options.unicodeSets
    const { count, named } = prescan(src, this.v)
    if (count > options.maxCaptures) fail(M.tooManyCaptures(options.maxCaptures))
    this.totalCaptures = count
    this.hasNames = named
  }

  parse(): ParsedPattern {
    const root = this.disjunction()
    if (this.i < this.src.length) fail(this.src[this.i] === ")" ? M.unmatchedParen() : M.invalidGroup())
    for (const ref of this.backrefs) {
      if (ref.name === null) continue
      const found = this.names.find(([n]) => n === ref.name)
      if (found === undefined) fail(M.invalidNamedCapture())
      ref.index = found![1]
    }
    return { root, captureCount: this.captures, names: this.names }
  }

  // -- Reading --------------------------------------------------------------------------------

  private peek(offset = 0): string {
    return this.src[this.i + offset] ?? ""
  }
  private eat(text: string): boolean {
    if (!this.src.startsWith(text, this.i)) return false
    this.i += text.length
    return true
  }
  private atEnd(): boolean {
    return this.i >= this.src.length
  }
  /** The next source character (a code point under `u`/`v`), consumed. */
  private nextChar(): number {
    const cp = this.u ? this.src.codePointAt(this.i)! : this.src.charCodeAt(this.i)
    this.i += cp > 0xffff ? 2 : 1
    return cp
  }

  // -- Structure ------------------------------------------------------------------------------

  private disjunction(): RegexNode {
    const alternatives = [this.alternative()]
    while (this.eat("|")) alternatives.push(this.alternative())
    return alternatives.length === 1 ? alternatives[0]! : { type: "Alternation", alternatives }
  }

  private alternative(): RegexNode {
    const items: RegexNode[] = []
    while (!this.atEnd() && this.peek() !== "|" && this.peek() !== ")") items.push(this.term())
    return items.length === 0 ? { type: "Empty" } : items.length === 1 ? items[0]! : { type: "Sequence", items }
  }

  private term(): RegexNode {
    const capturesBefore = this.captures
    const c = this.peek()
    let atom: RegexNode
    let quantifiable = true
    switch (c) {
      case "^":
        this.i++
        return this.noQuantifier({ type: "Assertion", kind: "start" })
      case "$":
        this.i++
        return this.noQuantifier({ type: "Assertion", kind: "end" })
      case "(":
        ;[atom, quantifiable] = this.group()
        break
      case "[":
        atom = this.characterClass()
        break
      case ".":
        this.i++
        atom = { type: "Dot" }
        break
      case "*":
      case "+":
      case "?":
        return fail(M.nothingToRepeat())
      case "{":
        if (this.u) return fail(this.quantifierAhead() ? M.nothingToRepeat() : M.loneQuantifierBrackets())
        if (this.quantifierAhead()) return fail(M.nothingToRepeat())
        atom = { type: "Char", cp: this.nextChar() }
        break
      case "}":
      case "]":
        if (this.u) return fail(M.loneQuantifierBrackets())
        atom = { type: "Char", cp: this.nextChar() }
        break
      case "\\":
        if (this.peek(1) === "b" || this.peek(1) === "B") {
          this.i += 2
          return this.noQuantifier({ type: "Assertion", kind: this.src[this.i - 1] === "b" ? "word" : "notWord" })
        }
        atom = this.atomEscape()
        break
      default:
        atom = { type: "Char", cp: this.nextChar() }
    }
    if (!quantifiable) return this.noQuantifier(atom)
    return this.quantified(atom, capturesBefore)
  }

  private noQuantifier(node: RegexNode): RegexNode {
    const c = this.peek()
    if (c === "*" || c === "+" || c === "?" || (c === "{" && (this.u || this.quantifierAhead()))) {
      fail(node.type === "Look" ? M.invalidQuantifier() : M.nothingToRepeat())
    }
    return node
  }

  /** Whether `{` at the cursor starts a well-formed `{n}`, `{n,}` or `{n,m}`. */
  private quantifierAhead(): boolean {
    return this.braces() !== null
  }

  /** The `{n,m}` at the cursor, read with a fixed sticky pattern (linear, no backtracking). */
  private braces(): RegExpExecArray | null {
    BRACES.lastIndex = this.i
    return BRACES.exec(this.src)
  }

  private quantified(atom: RegexNode, capturesBefore: number): RegexNode {
    let min: number
    let max: number
    const c = this.peek()
    if (c === "*") [min, max] = [0, Infinity]
    else if (c === "+") [min, max] = [1, Infinity]
    else if (c === "?") [min, max] = [0, 1]
    else if (c === "{") {
      const m = this.braces()
      if (m === null) {
        if (this.u) fail(M.incompleteQuantifier())
        return atom
      }
      min = clampCount(m[1]!)
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : clampCount(m[3]!)
      if (min > max) fail(M.quantifierOrder())
      this.i += m[0].length - 1
    } else return atom
    this.i++
    const greedy = !this.eat("?")
    return { type: "Repeat", min, max, greedy, body: atom, firstCapture: capturesBefore + 1, lastCapture: this.captures + 1 }
  }

  /** `(...)`, `(?:...)`, `(?<name>...)` and the lookarounds; returns [node, quantifiable]. */
  private group(): [RegexNode, boolean] {
    if (++this.depth > this.options.maxDepth) fail(M.tooDeep(this.options.maxDepth))
    this.i++
    let result: [RegexNode, boolean]
    if (this.eat("?")) {
      const behind = this.eat("<")
      if (this.eat("=") || this.eat("!")) {
        const negate = this.src[this.i - 1] === "!"
        const body = this.groupBody()
        result = [{ type: "Look", behind, negate, body }, !behind && !this.u]
      } else if (behind) {
        const name = this.groupName()
        if (this.names.some(([n]) => n === name)) fail(M.duplicateCaptureName())
        const index = ++this.captures
        this.names.push([name, index])
        result = [{ type: "Group", index, body: this.groupBody() }, true]
      } else if (this.eat(":")) {
        result = [{ type: "Group", index: 0, body: this.groupBody() }, true]
      } else {
        return fail(M.invalidGroup())
      }
    } else {
      const index = ++this.captures
      result = [{ type: "Group", index, body: this.groupBody() }, true]
    }
    this.depth--
    return result
  }

  private groupBody(): RegexNode {
    const body = this.disjunction()
    if (!this.eat(")")) fail(M.unterminatedGroup())
    return body
  }

  /** A group name up to `>` (escapes `\uXXXX` and `\u{...}` allowed), checked as an identifier. */
  private groupName(): string {
    let name = ""
    for (;;) {
      if (this.atEnd()) fail(M.invalidCaptureName())
      if (this.eat(">")) break
      if (this.peek() === "\\") {
        this.i++
        if (!this.eat("u")) fail(M.invalidCaptureName())
        const cp = this.unicodeEscapeBody(true)
        if (cp < 0) fail(M.invalidCaptureName())
        name += String.fromCodePoint(cp)
      } else {
        const cp = this.src.codePointAt(this.i)!
        this.i += cp > 0xffff ? 2 : 1
        name += String.fromCodePoint(cp)
      }
    }
    if (!GROUP_NAME.test(name)) fail(M.invalidCaptureName())
    return name
  }

  // -- Escapes --------------------------------------------------------------------------------

  private atomEscape(): RegexNode {
    this.i++
    if (this.atEnd()) fail(M.escapeAtEnd())
    const c = this.peek()
    const set = this.classEscape()
    if (set !== null) return classNode(set, false, `\\${c}`)
    if (c >= "1" && c <= "9") {
      const start = this.i
      const digits = /^\d+/.exec(this.src.slice(this.i, this.i + 12))![0]
      const n = Number(digits)
      if (n <= this.totalCaptures) {
        this.i += digits.length
        return this.backref(n, null)
      }
      if (this.u) fail(M.invalidEscape())
      this.i = start
      if (c >= "8") return { type: "Char", cp: this.nextChar() }
      return { type: "Char", cp: this.legacyOctal() }
    }
    if (c === "k" && (this.u || this.hasNames)) {
      this.i++
      if (!this.eat("<")) fail(M.invalidNamedReference())
      const close = this.src.indexOf(">", this.i)
      if (close < 0) fail(M.invalidNamedReference())
      const name = this.groupName()
      return this.backref(0, name)
    }
    return { type: "Char", cp: this.characterEscape(false) }
  }

  private backref(index: number, name: string | null): RegexNode {
    const node: RegexNode & { type: "Backref" } = { type: "Backref", index, name }
    this.backrefs.push(node)
    return node
  }

  /** `\d \D \s \S \w \W \p{..} \P{..}` at the cursor (after the backslash), or null. */
  private classEscape(): CharSetSpec | null {
    const c = this.peek()
    const ranges = c === "d" || c === "D" ? DIGITS : c === "s" || c === "S" ? SPACE : c === "w" || c === "W" ? this.wordRanges() : null
    if (ranges !== null) {
      this.i++
      const negated = c === "D" || c === "S" || c === "W"
      return { ranges: negated ? complementRanges(ranges, this.u ? MAX_CODE_POINT : 0xffff) : ranges.slice(), preds: [] }
    }
    if ((c === "p" || c === "P") && this.u) {
      this.i++
      const m = /^\{([^}]*)\}/.exec(this.src.slice(this.i, this.i + 80))
      if (m === null) return fail(M.invalidPropertyName())
      let pred = propertyPredicate(m[1]!)
      if (pred === null) return fail(M.invalidPropertyName())
      this.i += m[0].length
      if (c === "P") {
        const positive: CharPredicate = pred
        pred = (cp) => !positive(cp)
      }
      return { ranges: [], preds: [pred] }
    }
    return null
  }

  private wordRanges(): number[] {
    return this.u && this.options.ignoreCase ? WORD_UNICODE_IGNORE_CASE : WORD
  }

  /** A CharacterEscape (after the backslash): `\n`, `\x41`, `\u{1F600}`, `\cJ`, `\0`, identity. */
  private characterEscape(inClass: boolean): number {
    const c = this.peek()
    switch (c) {
      case "f":
        this.i++
        return 0x0c
      case "n":
        this.i++
        return 0x0a
      case "r":
        this.i++
        return 0x0d
      case "t":
        this.i++
        return 0x09
      case "v":
        this.i++
        return 0x0b
      case "c": {
        const letter = this.peek(1)
        if (/[A-Za-z]/.test(letter) || (inClass && !this.u && /[0-9_]/.test(letter))) {
          this.i += 2
          return letter.charCodeAt(0) % 32
        }
        if (this.u) return fail(M.invalidUnicodeEscape())
        return 0x5c // Annex B: the backslash is a literal and `c` is read next.
      }
      case "0":
        if (!/\d/.test(this.peek(1))) {
          this.i++
          return 0
        }
        if (this.u) return fail(inClass ? M.invalidClassEscape() : M.invalidDecimalEscape())
        return this.legacyOctal()
      case "x": {
        this.i++
        const m = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i, this.i + 2))
        if (m !== null) {
          this.i += 2
          return parseInt(m[0], 16)
        }
        if (this.u) return fail(M.invalidEscape())
        return 0x78
      }
      case "u": {
        this.i++
        const cp = this.unicodeEscapeBody(this.u)
        if (cp >= 0) return cp
        if (this.u) return fail(M.invalidUnicodeEscape())
        return 0x75
      }
    }
    if (this.u) {
      if (SYNTAX_CHARS.includes(c) || (inClass && c === "-")) return this.nextChar()
      return fail(inClass ? M.invalidClassEscape() : M.invalidEscape())
    }
    if (c >= "1" && c <= "7" && inClass) return this.legacyOctal()
    return this.nextChar()
  }

  /** After `\u`: `XXXX` (a surrogate pair of escapes combines under `u`), or `{X...}`; -1 if neither. */
  private unicodeEscapeBody(braces: boolean): number {
    if (braces && this.peek() === "{") {
      const m = /^\{([0-9a-fA-F]+)\}/.exec(this.src.slice(this.i, this.i + 20))
      if (m === null) return -1
      const cp = parseInt(m[1]!, 16)
      if (cp > MAX_CODE_POINT || m[1]!.length > 8) return -1
      this.i += m[0].length
      return cp
    }
    const m = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.i, this.i + 4))
    if (m === null) return -1
    this.i += 4
    const cu = parseInt(m[0], 16)
    if (braces && cu >= 0xd800 && cu <= 0xdbff) {
      const t = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(this.src.slice(this.i, this.i + 6))
      if (t !== null) {
        this.i += 6
        return ((cu - 0xd800) << 10) + (parseInt(t[1]!, 16) - 0xdc00) + 0x10000
      }
    }
    return cu
  }

  /** A legacy octal escape: up to three digits, at most \377. */
  private legacyOctal(): number {
    const m = /^[0-7]{1,3}/.exec(this.src.slice(this.i, this.i + 3))!
    let digits = m[0]
    if (parseInt(digits, 8) > 0o377) digits = digits.slice(0, 2)
    this.i += digits.length
    return parseInt(digits, 8)
  }

  // -- Character classes --------------------------------------------------------------------

  private characterClass(): RegexNode {
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

function classNode(set: CharSetSpec, negate: boolean, text: string): RegexNode {
  return { type: "Class", pred: setPredicate(set), negate, text }
}

const clampCount = (digits: string): number => Math.min(Number(digits), 2 ** 31 - 1)

/** Counts capture groups and notes whether one is named, skipping escapes and classes. */
function prescan(src: string, nestedClasses: boolean): { count: number; named: boolean } {
  let count = 0
  let named = false
  let classDepth = 0
  for (let i = 0; i < src.length; i++) {
    const c = src[i]
    if (c === "\\") {
      i++
    } else if (c === "[") {
      if (classDepth === 0 || nestedClasses) classDepth++
    } else if (c === "]") {
      if (classDepth > 0) classDepth--
    } else if (c === "(" && classDepth === 0) {
      if (src[i + 1] !== "?") count++
      else if (src[i + 2] === "<" && src[i + 3] !== "=" && src[i + 3] !== "!") {
        count++
        named = true
      }
    }
  }
  return { count, named }
}
