/**
 * Pattern text to a tree (nodes.ts), by recursive descent over the standard's grammar, with the
 * legacy leniencies of Annex B when neither `u` nor `v` is set (a lone `{` or `]` is a literal,
 * `\8` is "8", `\12` with fewer than 12 groups is an octal escape...).
 *
 * The parser is one object in three layers, each a file: the cursor and escapes
 * (parse-escapes.ts), the character classes (parse-classes.ts), and here the structure:
 * alternatives, terms, quantifiers, groups and back-references.
 *
 * The recursion follows group nesting only, and nesting is bounded by `maxDepth` before it can
 * grow (a pattern of 100,000 "(" is a SyntaxError, never a host stack overflow). A first pass
 * (`prescan`) counts the capture groups and notes whether any is named, because the meaning of
 * `\2` and `\k` depends on groups that may come later in the text.
 *
 * Errors are `PatternError`s worded as V8 words them; the builtin adds the pattern and flags.
 */

import { RegExpMessages as M } from "./errors.js"
import type { ParsedPattern, RegexNode } from "./nodes.js"
import { ClassParser, classNode, stringPropertyNode } from "./parse-classes.js"
import { fail, type PatternOptions } from "./parse-escapes.js"

export type { PatternOptions } from "./parse-escapes.js"

const BRACES = /\{(\d+)(,(\d*))?\}/y
const GROUP_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u

export function parsePattern(source: string, options: PatternOptions): ParsedPattern {
  return new PatternParser(source, options).parse()
}

class PatternParser extends ClassParser {
  private captures = 0
  private readonly names: Array<[string, number]> = []
  private readonly backrefs: Array<RegexNode & { type: "Backref" }> = []
  private readonly totalCaptures: number
  private readonly hasNames: boolean

  constructor(src: string, options: PatternOptions) {
    super(src, options)
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

  // -- Atom escapes ---------------------------------------------------------------------------

  private atomEscape(): RegexNode {
    this.i++
    if (this.atEnd()) fail(M.escapeAtEnd())
    const c = this.peek()
    const from = this.i
    const property = this.stringPropertyEscape()
    if (property !== null) return stringPropertyNode(property, `\\${this.src.slice(from, this.i)}`)
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
