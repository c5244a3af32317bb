/**
 * What an MCP tool result becomes in a program.
 *
 * A program wants data, so the order of preference is: `structuredContent` when the server gave it
 * (it is the typed answer an `outputSchema` describes); otherwise, when every block is text, the
 * texts joined by newlines, as one string; otherwise the blocks themselves as plain data (`{ type:
 * "image", mimeType, data }` and so on), so nothing the server said is dropped. Images will become
 * the runtime's output blocks once those exist; until then they are data like the rest.
 *
 * `isError: true` is not data. It becomes a failed call, which the program sees as a catchable
 * `ToolFailure` whose message is the server's text (and its structured content, when there is
 * some, in compact JSON after it). That is a deliberate choice over resolving an error object:
 * a program that forgets to look at a flag must not carry on as if the call had worked.
 */

import { Data } from "effect"
import * as Messages from "./messages.js"

export interface ContentBlock {
  readonly type: string
  readonly [field: string]: unknown
}

export interface ToolResultShape {
  readonly content?: ReadonlyArray<ContentBlock>
  readonly structuredContent?: Record<string, unknown>
  readonly isError?: boolean
}

/** A tool call the server answered with `isError: true`. */
export class McpToolError extends Data.TaggedError("McpToolError")<{
  readonly message: string
  readonly server: string
  readonly tool: string
  /** The server's structured content, for hooks that want more than the message. */
  readonly structuredContent: Record<string, unknown> | undefined
}> {}

/** A call that could not be completed: the server exited, hung, sent garbage or refused to start. */
export class McpCallError extends Data.TaggedError("McpCallError")<{
  readonly message: string
  readonly server: string
  readonly tool: string
}> {}

export const textOf = (content: ReadonlyArray<ContentBlock>): string =>
  content
    .filter((block) => block.type === "text" && typeof block["text"] === "string")
    .map((block) => block["text"] as string)
    .join("\n")

const isAllText = (content: ReadonlyArray<ContentBlock>): boolean => content.every((block) => block.type === "text")

/** The value a program receives for a successful result. */
export const valueOfResult = (result: ToolResultShape): unknown => {
  if (result.structuredContent !== undefined) return result.structuredContent
  const content = result.content ?? []
  if (content.length === 0) return null
  if (isAllText(content)) return textOf(content)
  return content.map((block) => ({ ...block }))
}

/** The failure a program sees for a result marked `isError`. */
export const errorOfResult = (server: string, tool: string, result: ToolResultShape): McpToolError =>
  new McpToolError({
    message: Messages.toolReportedError(textOf(result.content ?? []), result.structuredContent),
    server,
    tool,
    structuredContent: result.structuredContent,
  })
