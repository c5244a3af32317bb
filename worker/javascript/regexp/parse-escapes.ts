/**
 * The pattern parser's first layer: the cursor over the pattern text, and the escapes that both
 * the pattern's atoms (parse.ts) and its character classes (parse-classes.ts) read. What an escape
 * means turns on the mode: under `u` or `v` an unknown escape is a SyntaxError, while without them
 * Annex B reads it as the character itself (a lone `\c` is a backslash, `\x4` is "x4", `\1` inside a
 * class is an octal escape).
 *
 * It is apart from parse.ts because the escape grammar is self-contained and read from two places.
 * It is a base class rather than free functions over a cursor so that the parser, which extends
 * it, keeps reading as methods of one object (`this.peek()`, `this.eat("|")`).
 */

import {
  DIGITS,
  SPACE,
  WORD,
  WORD_UNICODE_IGNORE_CASE,
  complementRanges,
  propertyPredicate,
  type CharPredicate,
  type CharSetSpec,
} from "./charset.js"
import { isPropertyOfStrings, propertyOfStrings, type ClassStrings } from "./class-strings.js"
import { PatternError, RegExpMessages as M } from "./errors.js"

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
const MAX_CODE_POINT = 0x10ffff

export const fail = (detail: string): never => {
  throw new PatternError(detail)
}

/** The cursor and the escapes; the character classes (parse-classes.ts) and structure (parse.ts) build on it. */
export abstract class PatternReader {
  protected i = 0
  /** Group and nested-class nesting, bounded by `maxDepth` before it can grow. */
  protected depth = 0
  protected readonly u: boolean
  protected readonly v: boolean

  constructor(
    protected readonly src: string,
    protected readonly options: PatternOptions,
  ) {
    this.u = options.unicode
    this.v = options.unicodeSets
  }

  // -- Reading --------------------------------------------------------------------------------

  protected peek(offset = 0): string {
    return this.src[this.i + offset] ?? ""
  }
  protected eat(text: string): boolean {
    if (!this.src.startsWith(text, this.i)) return false
    this.i += text.length
    return true
  }
  protected atEnd(): boolean {
    return this.i >= this.src.length
  }
  /** The next source character (a code point under `u`/`v`), consumed. */
  protected nextChar(): number {
    const cp = this.u ? this.src.codePointAt(this.i)! : this.src.charCodeAt(this.i)
    this.i += cp > 0xffff ? 2 : 1
    return cp
  }

  // -- Escapes --------------------------------------------------------------------------------

  /** `\d \D \s \S \w \W \p{..} \P{..}` at the cursor (after the backslash), or null. */
  protected classEscape(): CharSetSpec | null {
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

  /** Under `v`, `\p{Name}` of a property of strings at the cursor (after the backslash), or null. */
  protected stringPropertyEscape(): { chars: CharPredicate; strings: ClassStrings } | null {
    if (!this.v || this.peek() !== "p") return null
    const m = /^p\{([A-Za-z_]+)\}/.exec(this.src.slice(this.i, this.i + 40))
    if (m === null || !isPropertyOfStrings(m[1]!)) return null
    this.i += m[0].length
    return propertyOfStrings(m[1]!)
  }

  private wordRanges(): number[] {
    return this.u && this.options.ignoreCase ? WORD_UNICODE_IGNORE_CASE : WORD
  }

  /** A CharacterEscape (after the backslash): `\n`, `\x41`, `\u{1F600}`, `\cJ`, `\0`, identity. */
  protected characterEscape(inClass: boolean): number {
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
  protected unicodeEscapeBody(braces: boolean): number {
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
  protected legacyOctal(): number {
    const m = /^[0-7]{1,3}/.exec(this.src.slice(this.i, this.i + 3))!
    let digits = m[0]
    if (parseInt(digits, 8) > 0o377) digits = digits.slice(0, 2)
    this.i += digits.length
    return parseInt(digits, 8)
  }
}
