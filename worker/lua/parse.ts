/**
 * Parsing: program text to a luaparse syntax tree, with the static bounds checked on the way.
 *
 * Lua strings are byte strings, so the program is parsed as bytes: the text is encoded to UTF-8
 * and each byte becomes one char code (a "latin1" JavaScript string), and luaparse runs in its
 * `pseudo-latin1` mode, in which string literals come out as those bytes and escapes produce
 * bytes too (`"\xff"` is one byte, `"\u{48}"` is the UTF-8 of U+0048, `"é"` is two bytes).
 * Positions in the tree are therefore byte offsets; columns shown to the program's author are
 * converted back to characters.
 *
 * luaparse speaks Lua 5.3. The one piece of 5.4 syntax it lacks, local attributes
 * (`local x <const> = 1`, `local f <close> = ...`), is handled by a pre-scan of the tokens that
 * blanks each attribute out with spaces (so every offset and column stays where it was) and
 * remembers which local names were `<const>`; the compiler refuses assignments to them, as real
 * Lua does at compile time. `<close>` is refused here as `UnsupportedSyntax`.
 *
 * The same pre-scan measures nesting (brackets, braces, parentheses and blocks) against
 * `maxSyntaxDepth` before luaparse recurses into it, so that a program of 100,000 "(" is a clean
 * `ParseError` and never a crash; anything else too deep for the parser's or the compiler's
 * JavaScript stack (an endless chain of `..` or unary minus) surfaces as a `RangeError`, which
 * becomes a `ParseError` too.
 */

import luaparse, { type Chunk } from "luaparse"
import type { Diagnostic, DiagnosticKind } from "../../protocol/diagnostic.js"
import { bytesFromText, textFromBytesLossy } from "../data/utf8.js"
import type { Bounds } from "../../protocol/bounds.js"
import { LuaMessages } from "./messages.js"

/** A program that cannot be compiled; carries the diagnostic to report. */
export class CompileError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message)
    this.name = "CompileError"
  }
}

export interface ParsedProgram {
  readonly chunk: Chunk
  /** The program as bytes (what `range` offsets in the tree index into). */
  readonly bytes: string
  /** Byte offsets of the names declared `<const>`. */
  readonly constants: ReadonlySet<number>
}

const PARSER_OPTIONS = {
  luaVersion: "5.3",
  locations: true,
  ranges: true,
  scope: false,
  comments: false,
  encodingMode: "pseudo-latin1",
} as const

export const CHUNK_NAME = "input"

export function parseLua(source: string, bounds: Bounds): ParsedProgram {
  const bytes = bytesFromText(source)
  if (bytes.length > bounds.maxSourceBytes) {
    throw new CompileError({ kind: "ParseError", message: LuaMessages.sourceTooLarge(bytes.length, bounds.maxSourceBytes) })
  }
  const scanned = prescan(bytes, bounds.maxSyntaxDepth)
  const numerals = scanned.numerals
  const options =
    numerals.size === 0
      ? PARSER_OPTIONS
      : {
          ...PARSER_OPTIONS,
          // Numerals the pre-scan had to rewrite for luaparse get their own text back.
          onCreateNode: (node: { type: string; raw?: string; range?: [number, number] }) => {
            if (node.type === "NumericLiteral" && node.range !== undefined) node.raw = numerals.get(node.range[0]) ?? node.raw
          },
        }
  let chunk: Chunk
  try {
    chunk = luaparse.parse(scanned.text, options as typeof PARSER_OPTIONS) as Chunk
  } catch (error) {
    throw parserFailure(error, bytes)
  }
  if (chunk.body.length === 0) {
    throw new CompileError({ kind: "ParseError", message: `${CHUNK_NAME}:1: ${LuaMessages.emptyProgram()}`, location: { line: 1 } })
  }
  return { chunk, bytes, constants: scanned.constants }
}

/** A compile error at a byte offset of the program, with Lua's `input:LINE: ` prefix. */
export const compileErrorAt = (
  kind: DiagnosticKind,
  bytes: string,
  offset: number,
  line: number,
  message: string,
): CompileError => {
  const column = columnAt(bytes, offset)
  return new CompileError({ kind, message: `${CHUNK_NAME}:${line}: ${message}`, location: { line, column } })
}

/** The 1-based column, in characters, of a byte offset. */
const columnAt = (bytes: string, offset: number): number => {
  let start = offset
  while (start > 0 && bytes.charCodeAt(start - 1) !== 10 && bytes.charCodeAt(start - 1) !== 13) start--
  return textFromBytesLossy(bytes.slice(start, offset)).length + 1
}

interface LuaparseError {
  message: string
  index: number
  line: number
  column: number
}

const parserFailure = (error: unknown, bytes: string): unknown => {
  if (error instanceof RangeError) {
    return new CompileError({ kind: "ParseError", message: `${CHUNK_NAME}: ${LuaMessages.expressionTooComplex()}` })
  }
  if (error instanceof SyntaxError && typeof (error as unknown as LuaparseError).line === "number") {
    const { index, line } = error as unknown as LuaparseError
    const message = luaWording(textFromBytesLossy(error.message.replace(/^\[\d+:\d+\] /, "")), line)
    const at = Math.min(index, bytes.length)
    return compileErrorAt("ParseError", bytes, at, reportedLine(message, bytes, at, line), message)
  }
  return error
}

/**
 * luaparse reports a goto into a local's scope at the goto; Lua reports it when it reads the label,
 * which follows, and its lexer is then on the token after the label: that token's line it is.
 */
const reportedLine = (message: string, bytes: string, at: number, line: number): number => {
  const goto = /^<goto (\S+)> at line/.exec(message)
  if (goto === null) return line
  const label = new RegExp(`::\\s*${goto[1]}\\s*::`).exec(bytes.slice(at))
  if (label === null) return line
  const lexer = new Lexer(bytes.slice(at + label.index + label[0].length), [], new Map())
  const lines = (text: string): number => text.match(/\r\n|\n\r|\n|\r/g)?.length ?? 0
  return line + lines(bytes.slice(at, at + label.index + label[0].length)) + lexer.next().line - 1
}

/** luaparse's wording of the errors real Lua words differently, made Lua's (the rest is kept). */
const luaWording = (message: string, line: number): string => {
  const intoScope = /^<goto (\S+)> jumps into the scope of local '(.*)'$/.exec(message)
  if (intoScope !== null) return LuaMessages.gotoIntoScope(intoScope[1]!, line, intoScope[2]!)
  if (/^no visible label '.*' for <goto>$/.test(message)) return `${message} at line ${line}`
  // Lua 5.4.4 names the line of the repeated label, not of the first one.
  const repeated = /^(label '.*' already defined on line )\d+$/.exec(message)
  if (repeated !== null) return `${repeated[1]}${line}`
  if (message.startsWith("no loop to break")) return `break outside loop at line ${line}`
  return message
}

// ---------------------------------------------------------------------------------------------
// The pre-scan: local attributes and nesting depth

interface Prescan {
  readonly text: string
  readonly constants: Set<number>
  /** Offset -> original text of numerals rewritten for luaparse (`0x.8` -> `0x08`). */
  readonly numerals: Map<number, string>
}

/** A same-length replacement of part of the source, so every offset and column stays put. */
type Edit = readonly [start: number, end: number, text: string]

const enum Tok {
  Name,
  Punct,
  Other,
  End,
}

interface Token {
  type: Tok
  value: string
  start: number
  end: number
  line: number
}

const OPENERS = new Set(["(", "[", "{", "function", "do", "if", "repeat"])
const CLOSERS = new Set([")", "]", "}", "end", "until"])
const KEYWORDS = new Set([
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
  "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
])

function prescan(src: string, maxDepth: number): Prescan {
  const edits: Edit[] = []
  const numerals = new Map<number, string>()
  const lexer = new Lexer(src, edits, numerals)
  const constants = new Set<number>()
  let depth = 0
  let token = lexer.next()
  while (token.type !== Tok.End) {
    if (OPENERS.has(token.value) && token.type !== Tok.Other) {
      if (++depth > maxDepth) {
        throw compileErrorAt("ParseError", src, token.start, token.line, LuaMessages.syntaxTooDeep(maxDepth))
      }
    } else if (CLOSERS.has(token.value) && token.type !== Tok.Other) {
      depth--
    }
    if (token.type === Tok.Name && token.value === "local") {
      token = scanLocalNames(lexer, src, constants, edits)
      continue
    }
    token = lexer.next()
  }
  if (edits.length === 0) return { text: src, constants, numerals }
  edits.sort((a, b) => a[0] - b[0])
  let text = ""
  let from = 0
  for (const [start, end, replacement] of edits) {
    text += src.slice(from, start) + replacement
    from = end
  }
  return { text: text + src.slice(from), constants, numerals }
}

/** After `local`: reads `name [<attrib>] {, name [<attrib>]}`, recording and blanking attributes. */
function scanLocalNames(lexer: Lexer, src: string, constants: Set<number>, edits: Edit[]): Token {
  let token = lexer.next()
  for (;;) {
    if (token.type !== Tok.Name || KEYWORDS.has(token.value)) return token
    const name = token
    token = lexer.next()
    if (token.value === "<" && token.type === Tok.Punct) {
      const open = token
      const attrib = lexer.next()
      const close = lexer.next()
      if (attrib.type !== Tok.Name || close.value !== ">") return attrib // luaparse will report it
      if (attrib.value === "const") constants.add(name.start)
      else if (attrib.value === "close") {
        throw compileErrorAt("UnsupportedSyntax", src, open.start, open.line, LuaMessages.closeUnsupported())
      } else {
        throw compileErrorAt("ParseError", src, attrib.start, attrib.line, LuaMessages.unknownAttribute(attrib.value))
      }
      edits.push([open.start, close.end, " ".repeat(close.end - open.start)])
      token = lexer.next()
    }
    if (token.value !== "," || token.type !== Tok.Punct) return token
    token = lexer.next()
  }
}

/**
 * Just enough of Lua's lexer to skip strings, comments and numbers and to see names and
 * punctuation — and to patch the two spots of 5.4 lexical syntax luaparse refuses: hex numerals
 * without digits before the point (`0x.8`) and `\u{...}` escapes beyond U+10FFFF (Lua 5.4 encodes
 * up to 2^31 in the old six-byte UTF-8), both rewritten in place at the same length.
 */
class Lexer {
  private i = 0
  private line = 1

  constructor(
    private readonly src: string,
    private readonly edits: Edit[],
    private readonly numerals: Map<number, string>,
  ) {}

  next(): Token {
    const src = this.src
    const n = src.length
    for (;;) {
      if (this.i >= n) return { type: Tok.End, value: "", start: n, end: n, line: this.line }
      const c = src.charCodeAt(this.i)
      if (c === 10 || c === 13) {
        this.newline()
      } else if (c === 32 || c === 9 || c === 11 || c === 12) {
        this.i++
      } else if (c === 45 && src.charCodeAt(this.i + 1) === 45) {
        this.i += 2
        if (!this.longBracket()) while (this.i < n && src.charCodeAt(this.i) !== 10 && src.charCodeAt(this.i) !== 13) this.i++
      } else {
        break
      }
    }
    const start = this.i
    const line = this.line
    const c = src.charCodeAt(start)
    if (isNameStart(c)) {
      while (this.i < n && isNameChar(src.charCodeAt(this.i))) this.i++
      return { type: Tok.Name, value: src.slice(start, this.i), start, end: this.i, line }
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(start + 1)))) {
      this.number()
      return { type: Tok.Other, value: "", start, end: this.i, line }
    }
    if (c === 34 || c === 39) {
      this.shortString(c)
      return { type: Tok.Other, value: "", start, end: this.i, line }
    }
    if (c === 91 && this.longBracket()) return { type: Tok.Other, value: "", start, end: this.i, line }
    this.i++
    return { type: Tok.Punct, value: src[start]!, start, end: this.i, line }
  }

  private newline(): void {
    const c = this.src.charCodeAt(this.i++)
    const d = this.src.charCodeAt(this.i)
    if ((d === 10 || d === 13) && d !== c) this.i++
    this.line++
  }

  /** At `[`: skips a long bracket `[==[ ... ]==]` and returns true, or returns false if it is not one. */
  private longBracket(): boolean {
    const src = this.src
    if (src.charCodeAt(this.i) !== 91) return false
    let j = this.i + 1
    while (src.charCodeAt(j) === 61) j++
    if (src.charCodeAt(j) !== 91) return false
    const close = "]" + "=".repeat(j - this.i - 1) + "]"
    this.i = j + 1
    const end = src.indexOf(close, this.i)
    const stop = end < 0 ? src.length : end + close.length
    while (this.i < stop) {
      const c = src.charCodeAt(this.i)
      if (c === 10 || c === 13) this.newline()
      else this.i++
    }
    this.i = stop
    return true
  }

  private shortString(quote: number): void {
    const src = this.src
    this.i++
    while (this.i < src.length) {
      const c = src.charCodeAt(this.i)
      if (c === quote) {
        this.i++
        return
      }
      if (c === 10 || c === 13) return // unfinished: luaparse reports it
      if (c === 92) {
        this.i++
        const e = src.charCodeAt(this.i)
        if (e === 117 /* \u */) this.wideEscape(this.i - 1)
        if (e === 10 || e === 13) this.newline()
        else if (e === 122 /* \z */) {
          this.i++
          while (this.i < src.length) {
            const w = src.charCodeAt(this.i)
            if (w === 10 || w === 13) this.newline()
            else if (w === 32 || w === 9 || w === 11 || w === 12) this.i++
            else break
          }
        } else this.i++
        continue
      }
      this.i++
    }
  }

  /** At `\u{...}` (backslash at `at`): rewrites a code point beyond U+10FFFF into its bytes. */
  private wideEscape(at: number): void {
    const m = /^\\u\{([0-9a-fA-F]+)\}/.exec(this.src.slice(at, at + 40))
    if (m === null) return
    const code = parseInt(m[1]!, 16)
    if (code <= 0x10ffff || code > 0x7fffffff) return
    const bytes = extendedUtf8(code)
    const length = m[0].length
    // `\z` skips the spaces that pad the replacement to the escape's length.
    this.edits.push([at, at + length, bytes + "\\z" + " ".repeat(length - bytes.length - 2)])
  }

  private number(): void {
    const src = this.src
    const start = this.i
    const hexPoint = (src[start + 1] === "x" || src[start + 1] === "X") && src[start] === "0" && src[start + 2] === "."
    while (this.i < src.length) {
      const c = src.charCodeAt(this.i)
      if (isNameChar(c) || c === 46) {
        this.i++
        if ((c === 101 || c === 69 || c === 112 || c === 80) && (src[this.i] === "+" || src[this.i] === "-")) this.i++
      } else break
    }
    if (hexPoint) {
      this.numerals.set(start, src.slice(start, this.i))
      this.edits.push([start + 2, start + 3, "0"])
    }
  }
}

/** Lua's `luaO_utf8esc`: UTF-8 extended to 31 bits (up to six bytes), as a byte string. */
const extendedUtf8 = (code: number): string => {
  const bytes: number[] = []
  let x = code
  let room = 0x3f
  do {
    bytes.unshift(0x80 | (x & 0x3f))
    x = Math.floor(x / 64)
    room >>= 1
  } while (x > room)
  bytes.unshift(((~room << 1) | x) & 0xff)
  return String.fromCharCode(...bytes)
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isNameStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95
const isNameChar = (c: number): boolean => isNameStart(c) || isDigit(c)
