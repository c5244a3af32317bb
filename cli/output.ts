/**
 * How the CLI prints: readable text for a person by default, one JSON document for a script with
 * `--json`, and a status line on a terminal while a program runs.
 *
 * Readable output keeps the streams apart the way shells expect: the program's text output on
 * stdout, ending with its value (a string as it is, anything else as indented JSON), console
 * lines, warnings and errors on stderr, so `codemode run x.lua > out.json` captures what the
 * program said and nothing of the runtime's own.
 */

import type { Result } from "../index.js"
import { diagnosticText, type ProgressReporter } from "../mcp/index.js"

export const printResult = (result: Result, json: boolean): void => {
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
    return
  }
  printOutput(result)
  if (result.ok) {
    for (const warning of result.warnings ?? []) process.stderr.write(`warning: ${diagnosticText(warning)}\n`)
    if (result.output === undefined) process.stdout.write(`${JSON.stringify(result.value)}\n`)
  } else if (result.pending !== undefined) {
    // A pause: what waits for a decision on stderr, the token alone on stdout (`> token.txt`).
    for (const call of result.pending.calls) {
      process.stderr.write(`approval required: tools.${call.name} ${JSON.stringify(call.input)}${call.reason === undefined ? "" : ` (${call.reason})`}\n`)
    }
    process.stderr.write(`resume with: codemode resume <token file | -> --approve (or --deny [--reason <text>])\n`)
    process.stdout.write(`${result.pending.token}\n`)
  } else {
    process.stderr.write(`error: ${diagnosticText(result.error)}\n`)
  }
}

/**
 * The program's output in its order: text blocks (the returned value last) on stdout, console lines
 * and where each image was written on stderr.
 */
const printOutput = (result: Result): void => {
  for (const block of result.output ?? []) {
    if (block.type === "text") process.stdout.write(`${block.text}\n`)
    else if (block.type === "console") process.stderr.write(`${block.text}\n`)
    else process.stderr.write(`image: ${block.path} (${block.mimeType}, ${block.bytes} bytes)\n`)
  }
}

/** The exit status of a Result: 0 success, 6 paused for an approval, 1 any other failure. */
export const resultStatus = (result: Result): number => (result.ok ? 0 : result.pending !== undefined ? 6 : 1)

/**
 * A status line on stderr when it is a terminal: what the program is doing, rewritten in place,
 * shown only once a run has lasted a moment so quick runs print nothing extra.
 */
export const terminalProgress = (): { readonly reporter: ProgressReporter; readonly done: () => void } => {
  if (!process.stderr.isTTY) return { reporter: { report: () => undefined }, done: () => undefined }
  const started = Date.now()
  let shown = false
  return {
    reporter: {
      report: (message) => {
        if (Date.now() - started < 500) return
        shown = true
        const seconds = ((Date.now() - started) / 1000).toFixed(1)
        process.stderr.write(`\r\x1b[K… ${seconds}s ${message}`.slice(0, (process.stderr.columns ?? 80) + 4))
      },
    },
    done: () => {
      if (shown) process.stderr.write("\r\x1b[K")
    },
  }
}
