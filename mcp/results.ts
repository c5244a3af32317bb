/**
 * A Code Mode Result as an MCP tool result.
 *
 * The client gets the Result twice, for two readers. `structuredContent` is the Result itself, for
 * a client that reads data. `content` is what a model reads: the program's output in its order
 * (text blocks as they are, console lines with their level, images as image content read back
 * from their file), whose last block is the returned value; a program that made no output shows
 * its value (a string as it is, anything else as indented JSON). Then any warnings. A failed
 * execution is an `isError` result whose first block names the diagnostic's kind and location,
 * so a model sees at once whether it wrote a syntax error on line 3 or a tool refused it, followed
 * by what the program output before it failed. A pause for an approval adds a block with the
 * pending calls and the token the `resume` tool takes.
 */

import { readFileSync } from "node:fs"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import type { DataValue } from "../protocol/data.js"
import type { Diagnostic } from "../protocol/diagnostic.js"
import { consoleLine } from "../protocol/output.js"
import type { OutputBlock } from "../pool/output.js"
import type { Result } from "../pool/result.js"
import * as Messages from "./server-messages.js"

type Content = CallToolResult["content"][number]

const valueText = (value: DataValue): string => (typeof value === "string" ? value : JSON.stringify(value, null, 2))

export const diagnosticText = (diagnostic: Diagnostic): string => {
  const where =
    diagnostic.location === undefined
      ? ""
      : ` at line ${diagnostic.location.line}${diagnostic.location.column === undefined ? "" : `, column ${diagnostic.location.column}`}`
  return `${diagnostic.kind}${where}: ${diagnostic.message}`
}

/** An image block as MCP image content, read back from the file the runtime wrote. */
const imageContent = (block: Extract<OutputBlock, { type: "image" }>): Content => {
  try {
    return { type: "image", data: readFileSync(block.path).toString("base64"), mimeType: block.mimeType }
  } catch {
    // Removed by its age limit or by the host: the model still learns an image was made, and where.
    return { type: "text", text: Messages.imageGone(block.mimeType, block.bytes, block.path) }
  }
}

/** The output blocks in order, each run of console lines one text block (`[console.warn] ...`). */
const outputContent = (blocks: ReadonlyArray<OutputBlock>): Content[] => {
  const content: Content[] = []
  let consoleLines: string[] = []
  const endConsoleRun = () => {
    if (consoleLines.length > 0) content.push({ type: "text", text: consoleLines.join("\n") })
    consoleLines = []
  }
  for (const block of blocks) {
    if (block.type === "console") {
      consoleLines.push(consoleLine(block.level, block.text))
      continue
    }
    endConsoleRun()
    content.push(block.type === "text" ? { type: "text", text: block.text } : imageContent(block))
  }
  endConsoleRun()
  return content
}

export const resultToToolResult = (result: Result): CallToolResult => {
  const output = outputContent(result.output ?? [])
  const content: Content[] = result.ok ? (output.length > 0 ? output : [{ type: "text", text: valueText(result.value) }]) : [{ type: "text", text: diagnosticText(result.error) }, ...output]
  if (!result.ok && result.pending !== undefined) content.push({ type: "text", text: Messages.pendingBlock(result.pending.calls, result.pending.token) })
  if (result.ok && result.warnings !== undefined && result.warnings.length > 0) {
    content.push({ type: "text", text: Messages.warningsBlock(result.warnings.map(diagnosticText)) })
  }
  return {
    content,
    structuredContent: result as unknown as Record<string, unknown>,
    ...(result.ok ? {} : { isError: true }),
  }
}

/** An MCP error result for a request the server refused before running anything. */
export const refusal = (message: string): CallToolResult => ({ content: [{ type: "text", text: message }], isError: true })
