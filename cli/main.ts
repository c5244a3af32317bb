#!/usr/bin/env node
/**
 * `codemode`: run a program file from the command line and print its Result.
 *
 * This is the smallest useful face of the runtime: no tools (a host wires its own through the
 * library API), the standard limits, the Result as JSON. It is how a person tries a program, and
 * how a script checks that one parses and runs within bounds.
 */

import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { Effect } from "effect"
import { CodeMode, type Language, type Limits } from "../index.js"

const USAGE = `Usage: codemode <file | -> [options]

Runs a Lua (default) or JavaScript program with no tools and prints its Result as JSON.
Exit status: 0 when the program succeeded, 1 when it failed, 2 on a usage error.

Options:
  --language <lua|javascript>   the program's language (default: from the file extension, else lua)
  --timeout <ms>                timeoutMs
  --max-tool-calls <n>          maxToolCalls
  --max-output-bytes <n>        maxOutputBytes
  --seed <n>                    seed of Lua's math.random
  -h, --help                    this text`

const fail = (message: string): never => {
  process.stderr.write(`codemode: ${message}\n\n${USAGE}\n`)
  process.exit(2)
}

const integer = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isSafeInteger(value)) fail(`--${name} must be an integer, got '${text}'`)
  return value
}

const main = async (): Promise<number> => {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>
  try {
    parsed = parseArgs({ options: OPTIONS, allowPositionals: true })
  } catch (error) {
    return fail((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  if (positionals.length !== 1) return fail("expected exactly one program file (or - for standard input)")
  const file = positionals[0]!
  let source: string
  try {
    source = readFileSync(file === "-" ? 0 : file, "utf8")
  } catch (error) {
    return fail(`cannot read '${file}': ${(error as Error).message}`)
  }
  const language = (values.language ?? (/\.(m?js|ts)$/.test(file) ? "javascript" : "lua")) as Language
  const limits: Partial<Limits> = {
    ...(values.timeout === undefined ? {} : { timeoutMs: integer("timeout", values.timeout) }),
    ...(values["max-tool-calls"] === undefined ? {} : { maxToolCalls: integer("max-tool-calls", values["max-tool-calls"]) }),
    ...(values["max-output-bytes"] === undefined ? {} : { maxOutputBytes: integer("max-output-bytes", values["max-output-bytes"]) }),
  }
  let runtime
  try {
    runtime = CodeMode.make({ language, limits, randomSeed: integer("seed", values.seed) })
  } catch (error) {
    return fail((error as Error).message)
  }
  const result = await Effect.runPromise(runtime.execute(source))
  await runtime.close()
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  return result.ok ? 0 : 1
}

const OPTIONS = {
  language: { type: "string" },
  timeout: { type: "string" },
  "max-tool-calls": { type: "string" },
  "max-output-bytes": { type: "string" },
  seed: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

process.exitCode = await main()
