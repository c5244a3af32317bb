/**
 * The conformance fixture format: reading and writing `cases/<topic>.lua`.
 *
 * A fixture file is a Lua file of many small programs. Each case starts with `-- case: <title>`;
 * its body (the program, run on its own, line 1 being the line after the title) runs up to its
 * expectations, which are comment lines written by `record.mjs` from real Lua 5.4:
 *
 *     -- case: integer division floors
 *     print(7 // 2, -7 // 2)
 *     -- expect:
 *     -- 3	-4
 *     -- error: input:2: attempt to compare number with nil
 *     -- result: {"a":1}
 *
 * - `-- expect:` then one `-- <line>` per printed line (`--` alone for an empty line): the logs.
 *   Absent when the case printed nothing and failed.
 * - `-- error: <message>`: the case raised this uncaught runtime error (the error value itself).
 * - `-- syntax error: <message>`: real Lua refused to compile the case (e.g. assigning a <const>).
 * - `-- result: <json>`: the case returned this value (plain-data encoding, keys sorted). Absent
 *   when the case returned nothing, which in Code Mode means the result is JSON null.
 *
 * Text before the first case is the file's header, kept as it is. Expectations are data, not
 * code: a case with none is simply not recorded yet. This module is plain JavaScript so that the
 * recorder runs under bare `node` and the vitest driver imports the very same parser.
 */

import { readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"

const CASE = /^-- case: (.+)$/
const MARKERS = ["expect:", "error: ", "syntax error: ", "result: ", "case: "]

/** True when a printed line would be misread as a marker if stored as `-- <line>`. */
export const looksLikeMarker = (line) => MARKERS.some((m) => line.startsWith(m) || line === m.trim())

/**
 * @param {string} text the file's contents
 * @param {string} file its name, for messages
 * @returns {{ header: string[], cases: Array<{ file: string, title: string, line: number, body: string, recorded: boolean, output: string[], error?: string, syntaxError?: boolean, result?: unknown, resultText?: string }> }}
 */
export const parseFixture = (text, file) => {
  const lines = text.replace(/\n$/, "").split("\n")
  const header = []
  const cases = []
  let current = null
  let mode = "body" // "body" | "output" | "after"
  const fail = (i, why) => {
    throw new Error(`${file}:${i + 1}: ${why}`)
  }
  const finish = () => {
    if (current === null) return
    while (current.bodyLines.length > 0 && current.bodyLines[current.bodyLines.length - 1].trim() === "") {
      current.bodyLines.pop()
    }
    const { bodyLines, ...rest } = current
    cases.push({ ...rest, body: bodyLines.join("\n") })
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const title = CASE.exec(line)
    if (title !== null) {
      finish()
      const name = title[1].trim()
      if (cases.some((c) => c.title === name)) fail(i, `duplicate case title '${name}'`)
      current = { file, title: name, line: i + 2, bodyLines: [], recorded: false, output: [] }
      mode = "body"
      continue
    }
    if (current === null) {
      header.push(line)
      continue
    }
    if (mode === "body") {
      if (line === "-- expect:") {
        current.recorded = true
        mode = "output"
        continue
      }
      if (!/^-- (error|syntax error|result): /.test(line)) {
        current.bodyLines.push(line)
        continue
      }
      mode = "after"
    }
    if (line.trim() === "") continue
    if (line.startsWith("-- error: ")) {
      current.error = line.slice("-- error: ".length)
    } else if (line.startsWith("-- syntax error: ")) {
      current.error = line.slice("-- syntax error: ".length)
      current.syntaxError = true
    } else if (line.startsWith("-- result: ")) {
      current.resultText = line.slice("-- result: ".length)
      try {
        current.result = JSON.parse(current.resultText)
      } catch {
        fail(i, "the result is not JSON")
      }
    } else if (mode === "output" && (line === "--" || line.startsWith("-- "))) {
      current.output.push(line.slice(3))
      continue
    } else {
      fail(i, `unexpected line in the expectations of '${current.title}': ${line}`)
    }
    current.recorded = true
    mode = "after"
  }
  finish()
  return { header, cases }
}

/** Writes a fixture back: header, then each case with its expectations, one blank line between. */
export const formatFixture = ({ header, cases }) => {
  const out = [...header]
  while (out.length > 0 && out[out.length - 1].trim() === "") out.pop()
  if (out.length > 0) out.push("")
  for (const c of cases) {
    out.push(`-- case: ${c.title}`, c.body)
    if (c.output.length > 0 || (c.error === undefined && c.resultText === undefined)) {
      out.push("-- expect:", ...c.output.map((l) => (l === "" ? "--" : `-- ${l}`)))
    }
    if (c.error !== undefined) out.push(`${c.syntaxError ? "-- syntax error: " : "-- error: "}${c.error}`)
    if (c.resultText !== undefined) out.push(`-- result: ${c.resultText}`)
    out.push("")
  }
  return out.join("\n")
}

/** Every fixture file in `dir`, sorted, with its parsed cases. */
export const readFixtures = (dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".lua"))
    .sort()
    .map((name) => ({ name, path: join(dir, name), ...parseFixture(readFileSync(join(dir, name), "utf8"), name) }))
