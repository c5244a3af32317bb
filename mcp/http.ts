/**
 * `codemode serve --http`: the MCP streamable HTTP transport, behind the checks a network service
 * needs before any JSON-RPC is read.
 *
 * In order, for every request: the `Host` header (a server on a loopback address answers only to
 * loopback names, which stops DNS-rebinding pages from reaching it), the token (when one is
 * configured it is required on every request, loopback included, compared in constant time), the
 * path (`/mcp`), and the body size (read with a ceiling and refused with 413 past it, so nobody
 * can make the server buffer gigabytes). Listening beyond loopback without a token is refused at
 * start: an unauthenticated code runner on a network is not a configuration anyone means.
 *
 * Sessions are the SDK's stateful mode: `initialize` creates a transport and an MCP server for the
 * session, keyed by the `Mcp-Session-Id` it hands out; a session is one "client" for the
 * concurrency limit. When the HTTP response of a request closes before it was answered (the
 * client went away), the executions that request started are aborted; a session that ends
 * (DELETE) aborts all of its own.
 */

import { randomUUID, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js"
import type { ClientExecutions } from "./server.js"
import * as Messages from "./server-messages.js"

export interface HttpOptions {
  readonly port: number
  /** Default `127.0.0.1`. */
  readonly host?: string
  readonly token?: string | undefined
  /** Largest request body in bytes. Default 1 MiB. */
  readonly maxRequestBytes?: number
}

export interface HttpListener {
  readonly port: number
  readonly url: string
  close(): Promise<void>
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"])
const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"])

export const isLoopback = (host: string): boolean => LOOPBACK_HOSTS.has(host) || host.startsWith("127.")

const sendJson = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void => {
  if (res.headersSent) return
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }))
}

const sameToken = (given: string, expected: string): boolean => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Reads the body up to `limit` bytes; `undefined` once it has answered (or will answer) 413. The
 * refusal is sent when the client has finished sending: answering and closing while it still
 * writes makes its write fail (EPIPE) before it can read the 413. What is past the limit is read
 * and dropped, never kept; a client that sends more than `DRAIN_FACTOR` times the limit is cut off.
 */
const readBody = (req: IncomingMessage, res: ServerResponse, limit: number): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const refuse = () => {
      let drained = 0
      req.removeAllListeners("data")
      req.on("data", (chunk: Buffer) => {
        drained += chunk.length
        if (drained > DRAIN_FACTOR * limit) req.destroy()
      })
      req.once("end", () => sendJson(res, 413, Messages.bodyTooLarge(limit), { connection: "close" }))
      req.resume()
      resolve(undefined)
    }
    const declared = Number(req.headers["content-length"] ?? 0)
    if (declared > limit) return refuse()
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) return refuse()
      chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

/** How much past the limit a refused body may run before the connection is cut. */
const DRAIN_FACTOR = 16

/** The ids of the JSON-RPC requests (not notifications) in a POST body. */
const requestIds = (body: unknown): string[] => {
  const messages = Array.isArray(body) ? body : [body]
  return messages.flatMap((message) =>
    typeof message === "object" && message !== null && "method" in message && "id" in message ? [String((message as { id: unknown }).id)] : [],
  )
}

/** Serves MCP over streamable HTTP; `makeServer` builds the MCP server of one new session. */
export const listenHttp = async (options: HttpOptions, makeServer: () => Server, executions: ClientExecutions): Promise<HttpListener> => {
  const host = options.host ?? "127.0.0.1"
  const token = options.token === "" ? undefined : options.token
  if (!isLoopback(host) && token === undefined) throw new Error(Messages.tokenRequiredBeyondLoopback(host))
  const maxBytes = options.maxRequestBytes ?? 1_048_576
  const sessions = new Map<string, StreamableHTTPServerTransport>()

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const hostHeader = (req.headers.host ?? "").replace(/:\d+$/, "")
    if (isLoopback(host) && !LOOPBACK_NAMES.has(hostHeader)) return sendJson(res, 403, Messages.forbiddenHost(hostHeader))
    if (token !== undefined) {
      const header = req.headers.authorization
      if (header === undefined || !header.startsWith("Bearer ")) {
        return sendJson(res, 401, Messages.missingToken(), { "www-authenticate": "Bearer" })
      }
      if (!sameToken(header.slice(7), token)) return sendJson(res, 401, Messages.wrongToken(), { "www-authenticate": 'Bearer error="invalid_token"' })
    }
    if ((req.url ?? "").split("?")[0] !== "/mcp") return sendJson(res, 404, "Not found; the MCP endpoint is /mcp")

    let body: unknown
    if (req.method === "POST") {
      const text = await readBody(req, res, maxBytes)
      if (text === undefined) return
      try {
        body = JSON.parse(text)
      } catch (error) {
        return sendJson(res, 400, Messages.invalidJson((error as Error).message))
      }
    }
    const sessionId = req.headers["mcp-session-id"]
    let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined
    if (transport === undefined) {
      if (req.method !== "POST" || !isInitializeRequest(body) || sessionId !== undefined) {
        return sendJson(res, sessionId === undefined ? 400 : 404, Messages.unknownSession())
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
      })
      const server = makeServer()
      created.onclose = () => {
        if (created.sessionId !== undefined) {
          sessions.delete(created.sessionId)
          executions.abort(created.sessionId)
        }
        void server.close().catch(() => undefined)
      }
      await server.connect(created)
      transport = created
    }
    const client = transport.sessionId
    const requests = requestIds(body)
    if (client !== undefined && requests.length > 0) {
      res.on("close", () => {
        if (!res.writableFinished) executions.abort(client, requests)
      })
    }
    await transport.handleRequest(req, res, body)
  }

  const listener: HttpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, error instanceof Error ? error.message : String(error)))
  })
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject)
    listener.listen(options.port, host, () => resolve())
  })
  const port = (listener.address() as AddressInfo).port
  return {
    port,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/mcp`,
    async close() {
      for (const transport of sessions.values()) await transport.close().catch(() => undefined)
      listener.closeAllConnections()
      await new Promise<void>((resolve) => listener.close(() => resolve()))
    },
  }
}
