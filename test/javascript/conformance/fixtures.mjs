/**
 * The JavaScript conformance fixture format: reading and writing `cases/<topic>.js`.
 *
 * A fixture file holds many small programs. Each case starts with `// case: <title>`; its body
 * (run on its own as a Code Mode program, line 1 being the line after the title) runs up to its
 * expectations, written by `record.mjs` from Node itself:
 *
 *     // case: sort is stable
 *     console.log([3, 1, 2].sort())
 *     // expect:
 *     // [ 1, 2, 3 ]
 *     // error: TypeError: x is not a function
 *     // result: {"a":1}
 *
 * `// expect:` is followed by one `// <line>` per logged line; `// error:` is the uncaught error
 * (`Name: message`); `// result:` the program's value as JSON (absent: null). Plain JavaScript, so
 * the recorder runs under bare `node` and the vitest driver imports the same parser.
 */

import { readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"

const CASE = /^\/\/ case: (.+)$/

export const parseFixture = (text, file) => {
  const lines = text.replace(/\n$/, "").split("\n")
  const header = []
  const cases = []
  let current = null
  let mode = "body"
  const finish = () => {
    if (current === null) return
    while (current.bodyLines.length > 0 && current.bodyLines[current.bodyLines.length - 1].trim() === "") current.bodyLines.pop()
    const { bodyLines, ...rest } = current
    cases.push({ ...rest, body: bodyLines.join("\n") })
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const title = CASE.exec(line)
    if (title !== null) {
      finish()
      const name = title[1].trim()
      if (cases.some((c) => c.title === name)) throw new Error(`${file}:${i + 1}: duplicate case title '${name}'`)
      current = { file, title: name, line: i + 2, bodyLines: [], recorded: false, output: [] }
      mode = "body"
      continue
    }
    if (current === null) {
      header.push(line)
      continue
    }
    if (mode === "body") {
      if (line === "// expect:") {
        current.recorded = true
        mode = "output"
        continue
      }
      if (!/^\/\/ (error|result): /.test(line)) {
        current.bodyLines.push(line)
        continue
      }
      mode = "after"
    }
    if (line.trim() === "") continue
    if (line.startsWith("// error: ")) current.error = line.slice(10)
    else if (line.startsWith("// result: ")) {
      current.resultText = line.slice(11)
      current.result = JSON.parse(current.resultText)
    } else if (mode === "output" && (line === "//" || line.startsWith("// "))) {
      current.output.push(line.slice(3))
      continue
    } else throw new Error(`${file}:${i + 1}: unexpected line in the expectations of '${current.title}': ${line}`)
    current.recorded = true
    mode = "after"
  }
  finish()
  return { header, cases }
}

export const formatFixture = ({ header, cases }) => {
  const out = [...header]
  while (out.length > 0 && out[out.length - 1].trim() === "") out.pop()
  if (out.length > 0) out.push("")
  for (const c of cases) {
    out.push(`// case: ${c.title}`, c.body)
    if (c.output.length > 0 || (c.error === undefined && c.resultText === undefined)) out.push("// expect:", ...c.output.map((l) => (l === "" ? "//" : `// ${l}`)))
    if (c.error !== undefined) out.push(`// error: ${c.error}`)
    if (c.resultText !== undefined) out.push(`// result: ${c.resultText}`)
    out.push("")
  }
  return out.join("\n")
}

export const readFixtures = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .sort()
    .map((f) => ({ name: f.replace(/\.js$/, ""), path: join(dir, f), ...parseFixture(readFileSync(join(dir, f), "utf8"), f) }))
