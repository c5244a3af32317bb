/**
 * One upstream MCP server, kept alive across failures.
 *
 * The SDK's `Client` is one connection: when the child exits, the HTTP endpoint goes away or the
 * stream carries garbage, that client is finished. A host wants more than that from a namespace
 * that lives as long as its scope, so this wraps a succession of clients. A failure that is the
 * connection's (closed, timed out, unparseable, unreachable) drops the current client and fails the
 * calls that were waiting on it with a message saying what happened; the next call starts a fresh
 * one. Consecutive failures space the restarts out (doubling from `initialMs` to `maxMs`), so a
 * server that dies on start is not respawned in a tight loop; one successful call resets the count.
 * A failure that is the tool's (an MCP error answer, `isError`) leaves the connection alone.
 *
 * The tool list is read page by page (`nextCursor`) when a client starts and again whenever the
 * server announces `notifications/tools/list_changed`; listeners hear about every new list, and the
 * host decides what to rebuild (a running execution keeps the catalog it started with).
 *
 * This file speaks Promises because the SDK does; `client.ts` turns it into scoped Effects.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { McpCallError, type ToolResultShape } from "./content.js"
import * as Messages from "./messages.js"

/** Where the server is: a child process over stdio, or a streamable HTTP endpoint. */
export type ServerLocation =
  | {
      readonly command: string
      readonly args?: ReadonlyArray<string>
      /** Added to a small safe default environment (PATH, HOME, ...); never seen by programs. */
      readonly env?: Readonly<Record<string, string>>
      readonly cwd?: string
    }
  | {
      readonly url: string
      /** Sent with every request (an `Authorization` header, an API key); never seen by programs. */
      readonly headers?: Readonly<Record<string, string>>
    }

export interface UpstreamOptions {
  /** The server's name in messages (and, by default, the namespace key). */
  readonly name: string
  readonly location: ServerLocation
  /** Longest wait for one call, in milliseconds. Default 60,000. */
  readonly callTimeoutMs?: number
  /** Restart spacing after consecutive failures. Default 100 ms doubling up to 5,000 ms. */
  readonly backoff?: { readonly initialMs?: number; readonly maxMs?: number }
}

export interface UpstreamTool {
  readonly name: string
  readonly title?: string
  readonly description?: string
  readonly inputSchema: Record<string, unknown>
  readonly outputSchema?: Record<string, unknown>
}

const CLIENT_INFO = { name: "codemode", version: "0.1.0" }
const STDERR_TAIL_CHARS = 2_000

export class Upstream {
  private client: Client | undefined
  private starting: Promise<Client> | undefined
  private failures = 0
  private lastFailureAt = 0
  /** Why the current client broke, when we know better than "connection closed". */
  private brokenReason: string | undefined
  private stderrTail = ""
  private closed = false
  private readonly listeners = new Set<(tools: ReadonlyArray<UpstreamTool>) => void>()
  tools: ReadonlyArray<UpstreamTool> = []
  instructions: string | undefined
  serverTitle: string | undefined
  /** How many clients were started: 1 after `open`, more after restarts. */
  starts = 0

  private constructor(readonly options: UpstreamOptions) {}

  /** Connects and reads the tool list; rejects with the reason when the server cannot be reached. */
  static async open(options: UpstreamOptions): Promise<Upstream> {
    const upstream = new Upstream(options)
    await upstream.ensureClient()
    return upstream
  }

  get name(): string {
    return this.options.name
  }

  onToolsChanged(listener: (tools: ReadonlyArray<UpstreamTool>) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Calls a tool by its original name. Rejects with `McpCallError`; an `isError` answer resolves. */
  async call(tool: string, args: unknown, signal: AbortSignal): Promise<ToolResultShape> {
    const client = await this.ensureClient().catch((error: unknown) => {
      throw new McpCallError({ message: errorText(error), server: this.name, tool })
    })
    const timeout = this.options.callTimeoutMs ?? 60_000
    try {
      const result = await client.callTool({ name: tool, arguments: (args ?? {}) as Record<string, unknown> }, undefined, {
        signal,
        timeout,
      })
      this.failures = 0
      return result as ToolResultShape
    } catch (error) {
      if (signal.aborted) throw error
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        this.drop(client, Messages.callTimedOut(this.name, tool, timeout))
        throw new McpCallError({ message: Messages.callTimedOut(this.name, tool, timeout), server: this.name, tool })
      }
      if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) {
        // The server answered with an error: the connection is fine.
        throw new McpCallError({ message: Messages.callFailed(this.name, tool, error.message), server: this.name, tool })
      }
      const message = this.brokenMessage(client, error)
      throw new McpCallError({ message, server: this.name, tool })
    }
  }

  async close(): Promise<void> {
    this.closed = true
    const client = this.client
    this.client = undefined
    await client?.close().catch(() => undefined)
  }

  private brokenMessage(client: Client, error: unknown): string {
    const reason = this.brokenReason
    this.drop(client, undefined)
    if (reason !== undefined) return reason
    const detail = error instanceof McpError && error.code === ErrorCode.ConnectionClosed ? this.lastStderr() : errorText(error)
    return Messages.serverExited(this.name, detail)
  }

  /** Forgets a broken client (closing it fails whatever else was waiting on it) and counts a failure. */
  private drop(client: Client, reason: string | undefined): void {
    if (this.client !== client) return
    this.client = undefined
    this.failures++
    this.lastFailureAt = Date.now()
    if (reason !== undefined) this.brokenReason = reason
    void client.close().catch(() => undefined)
  }

  private ensureClient(): Promise<Client> {
    if (this.closed) return Promise.reject(new Error(Messages.closedConnection(this.name)))
    if (this.client !== undefined) return Promise.resolve(this.client)
    this.starting ??= this.start().finally(() => {
      this.starting = undefined
    })
    return this.starting
  }

  private async start(): Promise<Client> {
    const wait = this.backoffRemaining()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    this.brokenReason = undefined
    this.stderrTail = ""
    const client = new Client(CLIENT_INFO, { capabilities: {} })
    const transport = this.transport()
    client.onerror = (error) => {
      // The SDK reports unparseable input here.
      // It keeps reading after such a line, but a peer that sent one cannot be trusted to answer
      // what is pending: drop the client so those calls fail now, with this reason.
      if (error instanceof SyntaxError || (error as { name?: string }).name === "ZodError") {
        const reason = Messages.serverSentGarbage(this.name, firstLine(errorText(error)))
        if (this.client === client) {
          this.brokenReason = reason
          this.drop(client, reason)
        }
      }
    }
    client.onclose = () => {
      if (this.client === client) {
        this.client = undefined
        this.failures++
        this.lastFailureAt = Date.now()
      }
    }
    try {
      await client.connect(transport)
      client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        if (this.client === client) await this.refreshTools(client).catch(() => undefined)
      })
      await this.refreshTools(client)
    } catch (error) {
      this.failures++
      this.lastFailureAt = Date.now()
      await client.close().catch(() => undefined)
      const detail = this.lastStderr()
      throw new Error(Messages.connectFailed(this.name, `${errorText(error)}${detail === "" ? "" : `; stderr: ${detail}`}`))
    }
    this.instructions = client.getInstructions()
    this.serverTitle = client.getServerVersion()?.title ?? client.getServerVersion()?.name
    this.starts++
    this.client = client
    return client
  }

  private transport(): Transport {
    const location = this.options.location
    if ("command" in location) {
      const transport = new StdioClientTransport({
        command: location.command,
        args: [...(location.args ?? [])],
        env: { ...(location.env ?? {}) },
        ...(location.cwd === undefined ? {} : { cwd: location.cwd }),
        stderr: "pipe",
      })
      transport.stderr?.on("data", (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS)
      })
      return transport
    }
    return new StreamableHTTPClientTransport(new URL(location.url), {
      requestInit: { headers: { ...(location.headers ?? {}) } },
    })
  }

  private async refreshTools(client: Client): Promise<void> {
    const tools: UpstreamTool[] = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor })
      tools.push(...(page.tools as unknown as UpstreamTool[]))
      cursor = page.nextCursor
    } while (cursor !== undefined && cursor !== "")
    const changed = JSON.stringify(tools) !== JSON.stringify(this.tools)
    this.tools = tools
    if (changed) for (const listener of this.listeners) listener(tools)
  }

  private backoffRemaining(): number {
    if (this.failures === 0) return 0
    const initial = this.options.backoff?.initialMs ?? 100
    const max = this.options.backoff?.maxMs ?? 5_000
    const delay = Math.min(max, initial * 2 ** Math.min(this.failures - 1, 30))
    return Math.max(0, this.lastFailureAt + delay - Date.now())
  }

  private lastStderr(): string {
    const lines = this.stderrTail.trim().split("\n")
    return lines.slice(-3).join(" | ")
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error))
const firstLine = (text: string): string => text.split("\n")[0]!.slice(0, 200)
