/**
 * A README TypeScript block made into a module the test can import and inspect, unchanged except
 * for lines appended at its end: an `export { ... }` of its top-level bindings (so the test can see
 * the Results it produced), and, for a block that declares a type the package also exports
 * (`type Result = ...`), a never-called function that assigns each to the other, so the type
 * checker reports where the README's picture of the type and the real one part.
 *
 * The block's own comments say what it should produce, and two forms are read as promises:
 *
 * - `// result: <pattern>` (any `// <path>: <pattern>` whose path starts at a top-level binding,
 *   `// result.value.declaration: "..."`) on a line of its own;
 * - a comment after a `console.log(...)`, trailing or on the lines below it: the value logged;
 * - a pattern trailing a top-level expression statement (`pool.stats  // { runs, suspensions,
 *   recoveries }`): the expression's value. To read it, the module's copy of that one line becomes
 *   `export const readmeShownN = <expression>`, on the same line so line numbers still match the
 *   README. An expression statement whose comment is prose is left as it is.
 *
 * A comment may run on over further comment lines that are indented (`//   denied: ...`), and may
 * end with a remark in parentheses that is not part of the pattern. Text that is not a pattern is
 * prose: `expectations` still lists it, marked unchecked, so the test can count it.
 */

import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { CodeBlock } from "./blocks.js"
import { parsePattern, type Pattern } from "./patterns.js"

export interface Expectation {
  readonly line: number
  /** `result.value` for a path comment, or `console.log #2` for the second log statement. */
  readonly subject: { readonly kind: "binding"; readonly path: ReadonlyArray<string> } | { readonly kind: "log"; readonly index: number }
  readonly text: string
  /** Undefined when the text is prose. */
  readonly pattern: Pattern | undefined
}

const BINDING = /^(?:const|let|var|class|function\*?|async\s+function)\s+([A-Za-z_$][\w$]*)/
const TYPE = /^(?:export\s+)?type\s+([A-Za-z_$][\w$]*)/
const PATH_COMMENT = /^\/\/\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*):\s+(.*)$/
const COMMENT_ONLY = /^\s*\/\/(.*)$/
// A closing remark in parentheses, which may hold one level of its own: "(open, open().insert)".
const REMARK = /\s+\((?:[^()]|\([^()]*\))*\)\s*$/
// "; api.skipped: []": a second path promise on the same line.
const NEXT_PATH = /;\s+(?=[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*:\s)/

/** Names a module declares at its top level (column 0), in order. */
export const topLevelBindings = (code: string): ReadonlyArray<string> =>
  code.split("\n").flatMap((line) => {
    const match = BINDING.exec(line)
    return match === null ? [] : [match[1]]
  })

export const declaredTypes = (code: string): ReadonlyArray<string> =>
  code.split("\n").flatMap((line) => {
    const match = TYPE.exec(line)
    return match === null ? [] : [match[1]]
  })

/** The text of a code line's trailing `//` comment outside strings, or undefined. */
const trailingComment = (line: string): string | undefined => {
  let quote: string | undefined
  for (let index = 0; index < line.length; index++) {
    const char = line[index]
    if (quote !== undefined) {
      if (char === "\\") index++
      else if (char === quote) quote = undefined
    } else if (char === '"' || char === "'" || char === "`") quote = char
    else if (char === "/" && line[index + 1] === "/") return line.slice(index + 2)
  }
  return undefined
}

/** A comment's text with its indented continuation lines, and the index of its last line. */
const continued = (lines: ReadonlyArray<string>, first: number, text: string): { text: string; last: number } => {
  let last = first
  while (last + 1 < lines.length) {
    const next = COMMENT_ONLY.exec(lines[last + 1])
    if (next === null || !/^\s{2,}/.test(next[1])) break
    text += " " + next[1].trim()
    last++
  }
  return { text: text.trim(), last }
}

const pattern = (text: string): Pattern | undefined => parsePattern(text) ?? parsePattern(text.replace(REMARK, ""))

const STATEMENT_KEYWORD = /^(?:const|let|var|import|export|await|return|if|for|while|do|type|interface|class|function|async|console\.log)\b/

const balanced = (code: string): boolean => {
  let depth = 0
  for (const char of code.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "")) {
    if ("([{".includes(char)) depth++
    else if (")]}".includes(char) && --depth < 0) return false
  }
  return depth === 0
}

/** Top-level one-line expression statements with a comment trailing them, and whether it is a pattern. */
const shownValues = (lines: ReadonlyArray<string>): ReadonlyArray<{ index: number; expression: string; text: string; isPattern: boolean }> =>
  lines.flatMap((line, index) => {
    const text = trailingComment(line)
    if (text === undefined || !/^[A-Za-z_$]/.test(line) || STATEMENT_KEYWORD.test(line)) return []
    const expression = line.slice(0, line.length - text.length - 2).trim()
    const previous = (lines[index - 1] ?? "").replace(/\/\/.*$/, "").trim()
    const continues = /[,({[=+\-*/&|?:]$/.test(previous) || /^\s*[.)\]}?:]/.test(lines[index + 1] ?? "")
    if (continues || !balanced(expression)) return []
    return [{ index, expression, text: text.trim(), isPattern: pattern(text.trim()) !== undefined }]
  })

const shownName = (index: number) => `readmeShown${index + 1}`

export const expectations = (code: string): ReadonlyArray<Expectation> => {
  const lines = code.split("\n")
  const bindings = new Set(topLevelBindings(code))
  const found: Array<Expectation> = []
  let logs = 0
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    const named = PATH_COMMENT.exec(line.trim())
    if (named !== null && !/^\s/.test(line) && bindings.has(named[1].split(".")[0])) {
      const { text, last } = continued(lines, index, named[2])
      const [first, ...others] = text.split(NEXT_PATH)
      found.push({ line: index + 1, subject: { kind: "binding", path: named[1].split(".") }, text: first, pattern: pattern(first) })
      for (const other of others) {
        const [, path, rest] = /^([^:]+):\s+(.*)$/.exec(other)!
        found.push({ line: index + 1, subject: { kind: "binding", path: path.split(".") }, text: rest, pattern: pattern(rest) })
      }
      index = last
      continue
    }
    if (!/\bconsole\.log\(/.test(line) || COMMENT_ONLY.test(line)) continue
    const subject = { kind: "log", index: logs++ } as const
    const trailing = trailingComment(line)
    const below = trailing === undefined ? COMMENT_ONLY.exec(lines[index + 1] ?? "") : null
    if (trailing === undefined && below === null) continue
    const { text, last } = continued(lines, trailing === undefined ? index + 1 : index, trailing ?? below![1])
    found.push({ line: index + 1, subject, text, pattern: pattern(text) })
    index = last
  }
  for (const { index, text } of shownValues(lines)) {
    found.push({ line: index + 1, subject: { kind: "binding", path: [shownName(index)] }, text, pattern: pattern(text) })
  }
  return found.sort((a, b) => a.line - b.line)
}

/**
 * The lines appended to a block so the test can read its bindings and compare its types. The
 * README draws types without `readonly` (it reads more easily and changes nothing a caller does), so
 * the real type is compared with its writable form.
 */
export const appendix = (code: string, packageTypes: ReadonlySet<string>): string => {
  const lines = code.split("\n")
  for (const { index, expression, text, isPattern } of shownValues(lines)) {
    if (isPattern) lines[index] = `export const ${shownName(index)} = ${expression}  // ${text}`
  }
  code = lines.join("\n")
  const names = topLevelBindings(code)
  const types = declaredTypes(code).filter((name) => packageTypes.has(name))
  const appended = ["", "// Appended by test/readme.test.ts."]
  if (names.length > 0) appended.push(`export { ${names.join(", ")} }`)
  if (types.length > 0) {
    appended.push(
      "type ReadmeWritable<T> = T extends ReadonlyArray<infer U> ? Array<ReadmeWritable<U>> : T extends object ? { -readonly [K in keyof T]: ReadmeWritable<T[K]> } : T",
    )
  }
  for (const name of types) {
    appended.push(
      `export function readmeTypeAgrees${name}(readme: ${name}, real: ReadmeWritable<import("codemode").${name}>): unknown {`,
      `  const asReal: import("codemode").${name} = readme`,
      `  const asReadme: ${name} = real`,
      `  return [asReal, asReadme]`,
      `}`,
    )
  }
  return code + appended.join("\n") + "\n"
}

/** The names `codemode` exports (from `dist/index.d.ts`), so a README `type Result = ...` can be held to the real one. */
export const packageNames = (declarations: string): ReadonlySet<string> => {
  const names = [...declarations.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap(([, list]) =>
    list.split(",").map((entry) => entry.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()!),
  )
  return new Set(names.filter((name) => name !== ""))
}

/** Writes each block to `<folder>/line-<N>/example.ts` (a folder of its own, emptied first) and answers the files. */
export const writeModules = (folder: string, blocks: ReadonlyArray<CodeBlock>, declarations: string): ReadonlyMap<CodeBlock, string> => {
  const names = packageNames(declarations)
  rmSync(folder, { recursive: true, force: true })
  const files = new Map<CodeBlock, string>()
  for (const block of blocks) {
    const directory = join(folder, `line-${block.line}`)
    mkdirSync(directory, { recursive: true })
    const file = join(directory, "example.ts")
    writeFileSync(file, appendix(block.code, names))
    files.set(block, file)
  }
  return files
}
