/**
 * `MCP.connect`: an MCP server as a Code Mode namespace, for as long as a scope lasts.
 *
 * The connection is a scoped resource: `connect` starts the server (or reaches its URL), reads its
 * tool list and instructions, and closes the connection when the scope closes, so a host writes
 * `const github = yield* MCP.connect({ name: "github", command: "..." })` inside `Effect.scoped`
 * and never leaks a child process.
 *
 * What the host gets is a `Namespace` it mounts wherever it likes (`tools: { github:
 * server.namespace }`). Each MCP tool becomes a `Tool.make` tool whose input and output contracts
 * are the server's JSON Schemas (render-only: the server validates its own input), whose key is
 * the name made safe for a path (`names.ts`) and whose call sends the original name. The server's
 * instructions become the namespace's instructions, and their first sentence its description
 * unless the host gave one.
 *
 * `namespace` is a snapshot. When the server announces a new tool list, `namespace` gives the new
 * one and `onChange` listeners hear about it; a runtime already built keeps the tools it was built
 * with, which is exactly "an execution keeps its snapshot". A host that wants later executions to
 * see the change builds its runtime again (the CLI and `codemode serve` do).
 */

import { Data, Effect, type Scope } from "effect"
import { Namespace } from "../catalog/namespace.js"
import { Tool } from "../catalog/tool.js"
import { errorOfResult, McpCallError, type McpToolError, valueOfResult } from "./content.js"
import * as Messages from "./messages.js"
import { assignKeys } from "./names.js"
import { Upstream, type ServerLocation, type UpstreamOptions, type UpstreamTool } from "./upstream.js"

export type ConnectOptions = ServerLocation & {
  /** The server's name, in messages. Default: the command's or the URL's host name. */
  readonly name?: string
  /** The namespace description. Default: the first sentence of the server's instructions. */
  readonly description?: string
  readonly callTimeoutMs?: number
  readonly backoff?: UpstreamOptions["backoff"]
}

/** The server could not be started or reached, or did not answer `initialize` and `tools/list`. */
export class McpConnectError extends Data.TaggedError("McpConnectError")<{
  readonly message: string
  readonly server: string
}> {}

/**
 * An MCP tool as Code Mode holds it: JSON in, the server's answer out, failing with the server's
 * error or a failed call, and needing no service, so a runtime built over a connection's namespace
 * asks nothing more of the caller's Effect.
 */
export type McpTool = Tool<unknown, unknown, McpToolError | McpCallError, never>

/** A connection's tools by key (`files_read`, `resolve-library-id`). */
export interface McpToolTree {
  readonly [key: string]: McpTool
}

/** One tool as the namespace holds it: its key in the tree and the name the server knows it by. */
export interface McpToolInfo {
  readonly key: string
  readonly name: string
  readonly description: string
  readonly inputSchema: Record<string, unknown>
}

export interface McpConnection {
  readonly name: string
  /** The tools as a namespace, as of the latest tool list the server sent. */
  readonly namespace: Namespace<McpToolTree>
  readonly tools: ReadonlyArray<McpToolInfo>
  /** What the server said about itself in `initialize`, if anything. */
  readonly instructions: string | undefined
  /** Hears every new tool list (after `list_changed`, or a restart that changed it). */
  onChange(listener: (namespace: Namespace<McpToolTree>) => void): () => void
  /** How many times the server was started (1, plus one per restart). */
  readonly starts: number
}

const nameOf = (options: ConnectOptions): string => {
  if (options.name !== undefined) return options.name
  if ("command" in options) return options.command.split(/[\\/]/).pop() ?? options.command
  try {
    return new URL(options.url).hostname
  } catch {
    return options.url
  }
}

const firstSentence = (text: string): string => {
  const line = text.trim().split(/\n/)[0] ?? ""
  const match = /^(.*?[.!?])(\s|$)/.exec(line)
  return (match?.[1] ?? line).slice(0, 300)
}

const locationOf = (options: ConnectOptions): ServerLocation =>
  "command" in options
    ? { command: options.command, args: options.args ?? [], env: options.env ?? {}, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) }
    : { url: options.url, headers: options.headers ?? {} }

/** The Code Mode tool for one MCP tool: schemas as they are, calls by the original name. */
const toolOf = (upstream: Upstream, tool: UpstreamTool): McpTool =>
  Tool.make({
    description: tool.description ?? tool.title ?? tool.name,
    input: tool.inputSchema ?? { type: "object" },
    // Without an outputSchema the answer is text, blocks or nothing: "any", rather than the
    // "returns nothing" a missing output contract would render as.
    output: tool.outputSchema ?? {},
    execute: (input: unknown) =>
      Effect.tryPromise({
        try: (signal) => upstream.call(tool.name, input, signal),
        catch: (error) =>
          error instanceof McpCallError
            ? error
            : new McpCallError({ message: Messages.callFailed(upstream.name, tool.name, String(error)), server: upstream.name, tool: tool.name }),
      }).pipe(
        Effect.flatMap((result) =>
          result.isError === true ? Effect.fail<McpToolError | McpCallError>(errorOfResult(upstream.name, tool.name, result)) : Effect.succeed(valueOfResult(result)),
        ),
      ),
  })

const buildNamespace = (upstream: Upstream, description: string | undefined): { namespace: Namespace<McpToolTree>; tools: McpToolInfo[] } => {
  const named = assignKeys(upstream.tools, () => undefined)
  const tree: Record<string, McpTool> = {}
  const tools: McpToolInfo[] = []
  for (const { key, name, tool } of named) {
    tree[key] = toolOf(upstream, tool)
    tools.push({ key, name, description: tool.description ?? "", inputSchema: tool.inputSchema ?? { type: "object" } })
  }
  const instructions = upstream.instructions
  const namespace = Namespace.make({
    description: description ?? (instructions === undefined ? Messages.defaultDescription(upstream.name) : firstSentence(instructions)),
    ...(instructions === undefined ? {} : { instructions }),
    tools: tree,
  })
  return { namespace, tools }
}

/** Connects to an MCP server for the life of the current scope. */
const connect = (options: ConnectOptions): Effect.Effect<McpConnection, McpConnectError, Scope.Scope> => {
  const name = nameOf(options)
  return Effect.acquireRelease(
    Effect.tryPromise({
      try: () =>
        Upstream.open({
          name,
          location: locationOf(options),
          ...(options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs }),
          ...(options.backoff === undefined ? {} : { backoff: options.backoff }),
        }),
      catch: (error) => new McpConnectError({ message: error instanceof Error ? error.message : String(error), server: name }),
    }),
    (upstream) => Effect.promise(() => upstream.close()),
  ).pipe(Effect.map((upstream) => connectionOf(upstream, options.description)))
}

const connectionOf = (upstream: Upstream, description: string | undefined): McpConnection => {
  let current = buildNamespace(upstream, description)
  const listeners = new Set<(namespace: Namespace<McpToolTree>) => void>()
  upstream.onToolsChanged(() => {
    current = buildNamespace(upstream, description)
    for (const listener of listeners) listener(current.namespace)
  })
  return {
    name: upstream.name,
    get namespace() {
      return current.namespace
    },
    get tools() {
      return current.tools
    },
    get instructions() {
      return upstream.instructions
    },
    get starts() {
      return upstream.starts
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const MCP = {
  connect,
} as const
