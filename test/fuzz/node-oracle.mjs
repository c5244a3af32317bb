/**
 * Node as the reference interpreter for the JavaScript fuzzer, run as a child process (never in
 * the fuzzing process: a generated program must not touch the process that checks the host).
 * Reads a JSON array of program texts on stdin and writes one report per program: its logged
 * lines (`util.format`, as `console.log` prints), its uncaught error as `Name: message` (or
 * `Uncaught <inspect>` for a non-error), and its returned value as JSON. Each program runs as
 * the body of a strict async function, as Code Mode runs it.
 */

import { format, inspect } from "node:util"

const AsyncFunction = (async () => {}).constructor
process.on("unhandledRejection", () => {})

const runOne = async (body) => {
  const logs = []
  const log = (...a) => logs.push(...format(...a).split("\n"))
  const console = { log, info: log, warn: log, error: log, debug: log }
  try {
    const value = await new AsyncFunction("console", `"use strict";\n${body}`)(console)
    const text = JSON.stringify(value === undefined ? null : value)
    return { logs, resultText: text === undefined ? "null" : text }
  } catch (e) {
    return { logs, error: (e instanceof Error ? `${e.name}: ${e.message}` : `Uncaught ${inspect(e)}`).split("\n")[0] }
  }
}

let input = ""
process.stdin.setEncoding("utf8")
process.stdin.on("data", (chunk) => (input += chunk))
process.stdin.on("end", async () => {
  const reports = []
  for (const body of JSON.parse(input)) reports.push(await runOne(body))
  process.stdout.write(JSON.stringify(reports))
})
