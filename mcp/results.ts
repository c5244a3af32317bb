/**
 * A Code Mode Result as an MCP tool result.
 *
 * The client gets the Result twice, for two readers. `structuredContent` is the Result itself, for
 * a client that reads data. `content` is what a model reads: the value (a string as it is, anything
 * else as indented JSON), then the logs, then any warnings, each as a text block. A failed
 * execution is an `isError` result whose first block names the diagnostic's kind and location,
 * so a model sees at once whether it wrote a syntax error on line 3 or a tool refused it. A pause
 * for an approval adds a block with the pending calls and the token the `resume` tool takes.
 */

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import type { DataValue } from "../protocol/data.js"
import type { Diagnostic } from "../protocol/diagnostic.js"
import type { Result } from "../pool/result.js"
import * as Messages from "./server-messages.js"

const valueText = (value: DataValue): string => (typeof value === "string" ? value : JSON.stringify(value, null, 2))

export const diagnosticText = (diagnostic: Diagnostic): string => {
  const where =
    diagnostic.location === undefined
      ? ""
      : ` at line ${diagnostic.location.line}${diagnostic.location.column === undefined ? "" : `, column ${diagnostic.location.column}`}`
  return `${diagnostic.kind}${where}: ${diagnostic.message}`
}

export const resultToToolResult = (result: Result): CallToolResult => {
  const content: Array<{ type: "text"; text: string }> = [{ type: "text", text: result.ok ? valueText(result.value) : diagnosticText(result.error) }]
  if (result.logs !== undefined && result.logs.length > 0) content.push({ type: "text", text: Messages.logsBlock(result.logs) })
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
