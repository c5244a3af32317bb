import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { ProgressNotificationSchema, type ProgressNotification } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

// The SDK's real client driving `codemode serve` (the built CLI) over stdio and streamable HTTP,
// with the fixture MCP server as its upstream.

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))
const fixture = fileURLToPath(new URL("./fixtures/upstream-server.mjs", import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "codemode-serve-"))
const config = join(dir, "codemode.config.json")
writeFileSync(
  config,
  JSON.stringify({
    language: "javascript",
    mcpServers: { fx: { command: process.execPath, args: [fixture] } },
    serve: { maxConcurrentExecutions: 1 },
  }),
)

const textOf = (result: { content?: unknown }) => (result.content as Array<{ text: string }>).map((block) => block.text).join("\n")

const stdioClient = async (...args: string[]) => {
  const client = new Client({ name: "test", version: "1.0.0" })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "serve", "--config", config, ...args], stderr: "pipe" }))
  return client
}

describe("codemode serve over stdio", { timeout: 60_000 }, () => {
  let client: Client
  beforeAll(async () => {
    client = await stdioClient()
  })
  afterAll(() => client.close())

  it("exposes execute and search only, with instructions from the upstream server", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(["execute", "search", "resume"])
    expect(tools[0]!.description).toContain("tools.fx.add(input: { a: number; b: number }): Promise<{ sum: number }>")
    expect(client.getInstructions()).toContain("## fx\nFixture tools for the Code Mode tests.")
  })

  it("executes a program: the value as text, the Result as structured content", async () => {
    const result = await client.callTool({ name: "execute", arguments: { code: `console.log("adding"); return (await tools.fx.add({ a: 20, b: 22 })).sum` } })
    expect(result.isError).toBeUndefined()
    expect(textOf(result)).toBe("[console.log] adding\n42")
    expect(result.structuredContent).toMatchObject({ ok: true, value: 42, logs: ["adding"] })
  })

  it("shows the output in its order: text, console lines, images as image content, the value last", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    const code = `text("first"); console.warn("careful"); console.log("done"); image("data:image/png;base64,${png.toString("base64")}"); return { n: 1 }`
    const result = await client.callTool({ name: "execute", arguments: { code } })
    expect(result.content).toEqual([
      { type: "text", text: "first" },
      { type: "text", text: "[console.warn] careful\n[console.log] done" },
      { type: "image", mimeType: "image/png", data: png.toString("base64") },
      { type: "text", text: '{\n  "n": 1\n}' },
    ])
  })

  it("a failed program shows the diagnostic first, then what it output before failing", async () => {
    const result = await client.callTool({ name: "execute", arguments: { code: `text("partial"); throw new Error("boom")` } })
    expect(result.isError).toBe(true)
    const [first, second] = result.content as Array<{ text: string }>
    expect(first!.text).toMatch(/^ExecutionFailure at line 1.*boom/)
    expect(second).toEqual({ type: "text", text: "partial" })
  })

  it("reports a diagnostic as isError with its kind and location", async () => {
    const result = await client.callTool({ name: "execute", arguments: { code: "return )" } })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toMatch(/^ParseError at line 1, column \d+: /)
    expect(result.structuredContent).toMatchObject({ ok: false, error: { kind: "ParseError" } })
  })

  it("searches the catalog as programs do", async () => {
    const result = await client.callTool({ name: "search", arguments: { query: "add two numbers", limit: 1 } })
    expect(result.structuredContent).toMatchObject({ ok: true, value: { results: [{ path: "tools.fx.add" }] } })
  })

  it("sends progress for each tool call when asked", async () => {
    // Read at the protocol level: the SDK client hands a notification to `onprogress` a microtask
    // late, so when the last one arrives in one read with the result, the result has already
    // removed the callback and the SDK drops it (seen in CI). The server sent it first all the same.
    const messages: string[] = []
    const sdk = client as unknown as { _onprogress(notification: ProgressNotification): void }
    client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      messages.push(notification.params.message ?? "")
      sdk._onprogress(notification)
    })
    const result = await client
      .callTool({ name: "execute", arguments: { code: `await tools.fx.echo({ message: "a" }); return await tools.fx.slow({ ms: 100 })` } }, undefined, {
        onprogress: () => undefined,
      })
      .finally(() => client.setNotificationHandler(ProgressNotificationSchema, (notification) => sdk._onprogress(notification)))
    expect(textOf(result)).toBe("waited 100 ms")
    expect(messages).toEqual(["calling tools.fx.echo", "tools.fx.echo: success", "calling tools.fx.slow", "tools.fx.slow: success"])
  })

  it("carries live output in the progress notifications when asked", async () => {
    const messages: string[] = []
    const result = await client.callTool(
      { name: "execute", arguments: { code: `console.log("step one"); text("halfway"); return await tools.fx.slow({ ms: 50 })` } },
      undefined,
      { onprogress: (progress) => void messages.push(progress.message ?? "") },
    )
    expect(result.isError).toBeFalsy()
    expect(messages.slice(0, 2)).toEqual(["log: step one", "text: halfway"])
  })

  it("stops an execution the client cancels, freeing its slot", async () => {
    const controller = new AbortController()
    const started = new Promise<void>((resolve) => {
      void client
        .callTool({ name: "execute", arguments: { code: `return await tools.fx.slow({ ms: 60000 })` } }, undefined, {
          signal: controller.signal,
          onprogress: () => resolve(),
        })
        .catch(() => undefined)
    })
    await started
    controller.abort()
    // One execution at a time for this client (the config): a second only runs once the first stopped.
    let result = await client.callTool({ name: "execute", arguments: { code: "return 1" } })
    for (let i = 0; i < 50 && result.isError; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      result = await client.callTool({ name: "execute", arguments: { code: "return 1" } })
    }
    expect(result).toMatchObject({ structuredContent: { ok: true, value: 1 } })
  })

  it("refuses a second execution beyond the per-client limit", async () => {
    const slow = client.callTool({ name: "execute", arguments: { code: `return await tools.fx.slow({ ms: 1500 })` } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const refused = await client.callTool({ name: "execute", arguments: { code: "return 1" } })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toBe("Too many executions at once for this client (at most 1); wait for one to finish and try again")
    expect(textOf(await slow)).toBe("waited 1500 ms")
  })

  it("turns a crashing upstream into a catchable failure and carries on", async () => {
    const result = await client.callTool({
      name: "execute",
      arguments: { code: `try { await tools.fx.crash({}) } catch (e) { return [e.message, await tools.fx.echo({ message: "ok" })] }` },
    })
    expect(result.structuredContent).toMatchObject({
      ok: true,
      value: ["tools.fx.crash failed: The MCP server 'fx' closed the connection; it will be restarted on the next call", "ok"],
    })
  })
})

describe("codemode serve --mode on", { timeout: 60_000 }, () => {
  it("exposes each upstream tool directly beside execute and search", async () => {
    const client = await stdioClient("--mode", "on")
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["execute", "search", "fx.add", "fx.resolve-library-id", "fx.files_read"]))
      expect(tools.find((tool) => tool.name === "fx.add")?.inputSchema).toMatchObject({ properties: { a: { type: "number" } } })
      const result = await client.callTool({ name: "fx.add", arguments: { a: 1, b: 2 } })
      expect(result.structuredContent).toMatchObject({ ok: true, value: { sum: 3 } })
    } finally {
      await client.close()
    }
  })
})

describe("codemode serve --http", { timeout: 60_000 }, () => {
  let child: ChildProcess
  let url: URL
  const token = "test-token-123"

  beforeAll(async () => {
    child = spawn(process.execPath, [cli, "serve", "--config", config, "--http", "0"], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, CODEMODE_TOKEN: token },
    })
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

  const httpClient = async (headers: Record<string, string>) => {
    const client = new Client({ name: "test", version: "1.0.0" })
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }))
    return client
  }

  it("binds to loopback and requires the token", async () => {
    expect(url.hostname).toBe("127.0.0.1")
    await expect(httpClient({})).rejects.toThrow(/requires a token/)
    await expect(httpClient({ authorization: "Bearer wrong" })).rejects.toThrow(/not this server's token/)
  })

  it("executes with progress, and searches", async () => {
    const client = await httpClient({ authorization: `Bearer ${token}` })
    try {
      const messages: string[] = []
      const result = await client.callTool(
        { name: "execute", arguments: { code: `return (await tools.fx.add({ a: 2, b: 2 })).sum` } },
        undefined,
        { onprogress: (progress) => void messages.push(progress.message ?? "") },
      )
      expect(result.structuredContent).toMatchObject({ ok: true, value: 4 })
      expect(messages).toEqual(["calling tools.fx.add", "tools.fx.add: success"])
      const found = await client.callTool({ name: "search", arguments: { query: "echo" } })
      expect(textOf(found)).toContain("tools.fx.echo")
    } finally {
      await client.close()
    }
  })

  it("refuses an oversized body with 413", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { padding: "x".repeat(2_000_000) } }),
    })
    expect(response.status).toBe(413)
  })

  it("refuses to listen beyond loopback without a token", async () => {
    const out = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const refused = spawn(process.execPath, [cli, "serve", "--config", config, "--http", "0", "--host", "0.0.0.0"], {
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, CODEMODE_TOKEN: "" },
      })
      let stderr = ""
      refused.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
      refused.on("exit", (code) => resolve({ code, stderr }))
    })
    expect(out.code).toBe(2)
    expect(out.stderr).toContain("Refusing to listen on 0.0.0.0 without a token")
  })
})
