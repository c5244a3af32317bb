/**
 * A mutator of the conformance programs: small, local edits to programs that already exercise
 * every corner the conformance suites know, so the result is mostly still valid and runs into
 * states no hand-written case reaches (a loop bound turned into a huge number, an operator
 * swapped, a line duplicated inside its own loop, two cases spliced together, the text cut off
 * mid-token). Mutated programs are not compared with a real interpreter — they may loop forever
 * or print addresses — only held to the fuzzing invariants: one Result, a typed Diagnostic, no
 * internal error, no hang past the deadline.
 */

import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { readFixtures as readLuaFixtures } from "../lua/conformance/fixtures.mjs"
import { readFixtures as readJsFixtures } from "../javascript/conformance/fixtures.mjs"
import { makeRandom } from "./random.mjs"

const here = dirname(fileURLToPath(import.meta.url))

/** Every conformance case body of a language, in a fixed order. */
export const conformanceBodies = (language) => {
  const fixtures = language === "lua"
    ? readLuaFixtures(join(here, "../lua/conformance/cases"))
    : readJsFixtures(join(here, "../javascript/conformance/cases"))
  return fixtures.flatMap((f) => f.cases.map((c) => c.body))
}

const VOCABULARY = {
  lua: {
    numbers: ["0", "-1", "1e308", "2^63", "math.maxinteger", "math.mininteger", "0.0", "-0.0", "1e9", "255", "1/0", "0/0", "3.5"],
    operators: ["+", "-", "*", "/", "//", "%", "^", "..", "==", "~=", "<", "<=", "and", "or", "&", "|", "~", "<<", ">>"],
    snippets: ["nil", "{}", '""', "true", "(...)", "#t", "function() end", "error('x')", "string.rep('ab', 1000)", "{1, 2, nil, 4}", "select('#')", "json.null", "json.array()"],
    keywords: ["end", "do", "then", "local", "return", "break", "goto x", "::x::", "(", ")", "{", "}", "[", "]", "=", ",", "...", "function"],
    wrap: [(b) => `for _ = 1, 3 do\n${b}\nend`, (b) => `print(pcall(function()\n${b}\nend))`, (b) => `local function w(...)\n${b}\nend\nreturn w(1, 2)`, (b) => `while true do\n${b}\nbreak\nend`],
  },
  javascript: {
    numbers: ["0", "-1", "1e308", "2 ** 53", "NaN", "-0", "Infinity", "1e9", "255", "0.1", "4294967295", "1n"],
    operators: ["+", "-", "*", "/", "%", "**", "===", "!==", "<", "&&", "||", "??", "&", "|", "<<", ">>>", ",", "in", "instanceof"],
    snippets: ["null", "undefined", "{}", "[]", "''", "(() => {})", "new Proxy({}, {})", "Symbol()", "[,,]", "'x'.repeat(1000)", "this", "arguments", "await null"],
    keywords: ["}", "{", "(", ")", "[", "]", ";", "=>", "async", "await", "yield", "return", "break", "new", "class", "function", "...", "?.", "`"],
    wrap: [(b) => `for (let _i = 0; _i < 3; _i++) {\n${b}\n}`, (b) => `try {\n${b}\n} finally {\nconsole.log('f')\n}`, (b) => `const w = async (...a) => {\n${b}\n}\nreturn await w(1, 2)`, (b) => `label: {\n${b}\n}`],
  },
}

/** Returns a mutated copy of `source`: one to three edits drawn from `seed`. */
export const mutate = (source, seed, language, donors = []) => {
  const r = makeRandom(seed)
  const v = VOCABULARY[language]
  let text = source
  const edits = r.int(1, 3)
  for (let k = 0; k < edits; k++) {
    const lines = text.split("\n")
    const line = r.int(0, Math.max(0, lines.length - 1))
    const tokens = [...text.matchAll(/[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|\S/g)]
    const token = tokens.length > 0 ? r.pick(tokens) : undefined
    const replaceToken = (replacement) =>
      token === undefined ? text : text.slice(0, token.index) + replacement + text.slice(token.index + token[0].length)
    text = r.weighted([
      [3, () => {
        const numbers = tokens.filter((t) => /^\d/.test(t[0]))
        if (numbers.length === 0) return replaceToken(r.pick(v.numbers))
        const t = r.pick(numbers)
        return text.slice(0, t.index) + r.pick(v.numbers) + text.slice(t.index + t[0].length)
      }],
      [2, () => replaceToken(r.pick(v.operators))],
      [2, () => replaceToken(r.pick(v.snippets))],
      [1, () => replaceToken(r.pick(v.keywords))],
      [1, () => replaceToken("")],
      [2, () => lines.filter((_, i) => i !== line).join("\n")],
      [2, () => [...lines.slice(0, line + 1), lines[line], ...lines.slice(line + 1)].join("\n")],
      [1, () => {
        const other = r.int(0, lines.length - 1)
        const copy = [...lines]
        ;[copy[line], copy[other]] = [copy[other], copy[line]]
        return copy.join("\n")
      }],
      [1, () => text.slice(0, r.int(0, text.length))],
      [1, () => r.pick(v.wrap)(text)],
      [1, () => (donors.length > 0 ? `${text}\n${r.pick(donors)}` : text)],
      [1, () => {
        const at = r.int(0, text.length)
        return text.slice(0, at) + r.pick(["\u0000", "\uFFFF", "é", "\\", '"', "'", "\n", "--[[", "/*", "\u2028"]) + text.slice(at)
      }],
    ])()
  }
  return text
}
