/**
 * Syntax errors a model can act on: acorn's "Unexpected token" said in V8's words, with the cause
 * named in the common cases.
 *
 * acorn reports most mistakes as "Unexpected token" at a position. A model that wrote JavaScript
 * learned V8's messages, and for the mistakes models make most there is more to say:
 *
 * - `await` inside a function that is not `async`: V8's "await is only valid in async functions
 *   and the top level bodies of modules", at the `await`;
 * - an unclosed `{`, `(` or `[`: V8's "Unexpected end of input", plus where the bracket opened,
 *   found by a scan that skips strings and comments;
 * - any other unexpected token: V8's spelling (`Unexpected identifier 'x'`, `Unexpected number`,
 *   `Unexpected string`, `Unexpected token '}'`);
 * - Lua sent to the JavaScript runtime (`local x = 1`, `then`, `end`, `~=`): a hint to write
 *   JavaScript or run the program as Lua; TypeScript annotations get their own hint (parse.ts).
 *
 * Only the message changes: the location stays acorn's, except that an `await` error points at
 * the `await`.
 */

import { JsMessages } from "./messages.js"

export interface ExplainedError {
  readonly message: string
  /** 0-based offset the diagnostic should point at. */
  readonly pos: number
}

const RESERVED = new Set([
  "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "export",
  "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return",
  "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "let", "static", "yield",
])

/** acorn's message at `pos`, restated; hints for Lua or TypeScript source are added by the caller. */
export function explainSyntaxError(source: string, message: string, pos: number): ExplainedError {
  if (message !== "Unexpected token") return { message, pos }
  if (source.slice(pos).trim() === "") {
    const open = unclosedBracket(source)
    return { message: open === undefined ? "Unexpected end of input" : JsMessages.unclosedBracket(open.char, open.line, open.column), pos }
  }
  const before = /(?:^|[^\w$])await\s*$/.exec(source.slice(Math.max(0, pos - 200), pos))
  if (before !== null) return { message: JsMessages.awaitOutsideAsync(), pos: pos - before[0].replace(/^[^a]/, "").length }
  return { message: unexpectedToken(source, pos), pos }
}

/** V8's wording for the token at `pos`. */
function unexpectedToken(source: string, pos: number): string {
  const rest = source.slice(pos)
  const word = /^[A-Za-z_$][\w$]*/.exec(rest)
  if (word !== null) return RESERVED.has(word[0]) ? `Unexpected token '${word[0]}'` : `Unexpected identifier '${word[0]}'`
  if (/^\.?\d/.test(rest)) return "Unexpected number"
  if (/^['"]/.test(rest)) return "Unexpected string"
  if (rest.startsWith("`")) return "Unexpected template string"
  const punctuator = /^(?:>>>=|\.\.\.|===|!==|\*\*=|<<=|>>=|>>>|=>|==|!=|<=|>=|&&|\|\||\?\?|\?\.|\+\+|--|[-+*/%&|^]=|<<|>>|\*\*|[{}()[\];,<>+\-*/%&|^!~?:=.@#])/.exec(rest)
  return `Unexpected token '${punctuator === null ? rest[0] : punctuator[0]}'`
}

interface OpenBracket {
  readonly char: string
  readonly line: number
  readonly column: number
}

const CLOSING: Readonly<Record<string, string>> = { "}": "{", ")": "(", "]": "[" }

/** The innermost bracket never closed, skipping strings, template text and comments. */
function unclosedBracket(source: string): OpenBracket | undefined {
  const stack: OpenBracket[] = []
  let line = 1
  let lineStart = 0
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c === "\n") {
      line++
      lineStart = i + 1
    } else if (c === "/" && source[i + 1] === "/") {
      while (i + 1 < source.length && source[i + 1] !== "\n") i++
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2)
      const stop = end < 0 ? source.length : end + 1
      for (let j = i; j < stop; j++) {
        if (source[j] !== "\n") continue
        line++
        lineStart = j + 1
      }
      i = stop
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1
      while (j < source.length && source[j] !== c && (c === "`" || source[j] !== "\n")) {
        if (source[j] === "\\") j++
        else if (source[j] === "\n") {
          line++
          lineStart = j + 1
        }
        j++
      }
      i = j
    } else if (c === "{" || c === "(" || c === "[") {
      stack.push({ char: c, line, column: i - lineStart + 1 })
    } else if (c in CLOSING) {
      if (stack.length > 0 && stack[stack.length - 1]!.char === CLOSING[c]) stack.pop()
    }
  }
  return stack[stack.length - 1]
}

/** Lines only Lua writes: `local x =`, `then` or `do` ending a line, a lone `end`, `~=`, `elseif`, `--` comments. */
const LUA = /^\s*local\s+(function\s+)?[A-Za-z_]\w*|\bthen\s*$|^\s*end\s*$|~=|\belseif\b|^\s*--[^-]|\bfunction\s+[\w.:]+\s*\([^)]*\)\s*$|\bdo\s*$/m

/** Whether a program that does not parse as JavaScript looks like Lua. */
export const looksLikeLua = (source: string): boolean => LUA.test(source)
