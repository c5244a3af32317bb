/**
 * A client that goes away mid-execution, rather than cancelling: over HTTP a real client destroys
 * its socket while its `execute` runs; over stdio the client process is killed. Either way the
 * execution must end and the tool it was waiting on must see the interruption — in the
 * `codemode serve` process, observed through the marks the probe tool writes to a file.
 */

import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))
const probe = fileURLToPath(new URL("./fixtures/probe-tools.mjs", import.meta.url))
const stdioClient = fileURLToPath(new URL("./fixtures/stdio-client.mjs", import.meta.url))

const dir = mkdtempSync(join(tmpdir(), "codemode-disconnect-"))
const marks = join(dir, "marks.txt")
const config = join(dir, "codemode.config.json")
writeFileSync(config, JSON.stringify({ language: "javascript", modules: [{ path: probe }], serve: { maxConcurrentExecutions: 1 }, state: "memory" }))
const env = { ...process.env, PROBE_MARKS: marks }

const marked = (line: string): boolean => existsSync(marks) && readFileSync(marks, "utf8").split("\n").includes(line)

/** Polls `check` until it holds or a generous deadline passes (no timing is asserted). */
const eventually = async (what: string, check: () => boolean): Promise<void> => {
  for (let waited = 0; waited < 30_000; waited += 50) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}; marks: ${existsSync(marks) ? readFileSync(marks, "utf8") : "(none)"}`)
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe("codemode serve --http: a client that drops its connection", { timeout: 120_000 }, () => {
  let child: ChildProcess
  let url: URL
  const token = "disconnect-token"
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" }

  beforeAll(async () => {
    child = spawn(process.execPath, [cli, "serve", "--config", config, "--http", "0"], { stdio: ["ignore", "ignore", "pipe"], env: { ...env, CODEMODE_TOKEN: token } })
    url = await new Promise<URL>((resolve, reject) => {
      let seen = ""
      child.stderr!.on("data", (chunk: Buffer) => {
        seen += chunk.toString()
        const match = /serving MCP at (\S+)/.exec(seen)
        if (match) resolve(new URL(match[1]!))
      })
      child.on("exit", () => reject(new Error(`serve exited: ${seen}`)))
    })
  })
  afterAll(() => void child.kill("SIGTERM"))

  /** One JSON-RPC message over fetch; the answer's JSON-RPC message (from JSON or from the SSE stream). */
  const post = async (message: object, session?: string) => {
    const response = await fetch(url, { method: "POST", headers: { ...headers, ...(session === undefined ? {} : { "mcp-session-id": session }) }, body: JSON.stringify(message) })
    const text = await response.text()
    const data = text.split("\n").filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)) as { id?: unknown; result?: unknown })
    return { response, message: response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : data.find((m) => m.id !== undefined) }
  }

  it("interrupts the execution and its tool when the socket is destroyed, and frees the client's slot", async () => {
    const init = await post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })
    const session = init.response.headers.get("mcp-session-id")!
    expect(session).toBeTruthy()
    await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)

    // A real HTTP request whose socket we destroy once the tool is running.
    const body = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "execute", arguments: { code: `return await tools.probe.wait({ id: "http" })` } } })
    const call = request(url, { method: "POST", headers: { ...headers, "mcp-session-id": session, "content-length": Buffer.byteLength(body) } })
    const closed = new Promise<void>((resolve) => call.on("close", () => resolve()))
    call.on("error", () => undefined)
    call.on("response", (response) => response.resume())
    call.end(body)
    await eventually("the tool to start", () => marked("started http"))
    call.socket!.destroy()
    await closed

    await eventually("the tool to see the interruption", () => marked("interrupted http"))
    // One execution at a time for this client: a new one runs only if the dropped one has ended.
    const next = await post({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "execute", arguments: { code: "return 1" } } }, session)
    expect(next.message).toMatchObject({ result: { structuredContent: { ok: true, value: 1 } } })
  })
})

describe("codemode serve over stdio: a client process that goes away", { timeout: 120_000 }, () => {
  it("interrupts the execution and its tool, and the server exits", async () => {
    const client = spawn(process.execPath, [stdioClient, cli, "serve", "--config", config, `return await tools.probe.wait({ id: "stdio" })`], {
      stdio: ["ignore", "pipe", "pipe"],
      env,
    })
    let stderr = ""
    client.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    const servePid = await new Promise<number>((resolve, reject) => {
      let seen = ""
      client.stdout!.on("data", (chunk: Buffer) => {
        seen += chunk.toString()
        const match = /serve (\d+)/.exec(seen)
        if (match) resolve(Number(match[1]))
      })
      client.on("exit", (code) => reject(new Error(`the client exited (${code}): ${stderr}`)))
    })
    await eventually("the tool to start", () => marked("started stdio"))
    expect(alive(servePid)).toBe(true)
    client.kill("SIGKILL")

    await eventually("the tool to see the interruption", () => marked("interrupted stdio"))
    await eventually("the server process to exit", () => !alive(servePid))
  })
})
