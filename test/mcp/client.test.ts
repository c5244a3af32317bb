import { spawn, type ChildProcess } from "node:child_process"
import { fileURLToPath } from "node:url"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CodeMode } from "../../dist/index.js"
import { MCP, type McpConnection } from "../../dist/mcp/index.js"

// A real MCP server (test/mcp/fixtures/upstream-server.mjs, written with the SDK) as a child
// process, imported as a namespace and called from real programs in real workers.

const fixture = fileURLToPath(new URL("./fixtures/upstream-server.mjs", import.meta.url))

const open = async (options: Parameters<typeof MCP.connect>[0]) => {
  const scope = Effect.runSync(Scope.make())
  const connection = await Effect.runPromise(Scope.provide(MCP.connect(options), scope))
  return { connection, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}

const run = async (connection: McpConnection, code: string, language: "javascript" | "lua" = "javascript") => {
  const runtime = CodeMode.make({ language, tools: { fx: connection.namespace } })
  try {
    return await Effect.runPromise(runtime.execute(code))
  } finally {
    await runtime.close()
  }
}

describe("an MCP server over stdio as a namespace", () => {
  let connection: McpConnection
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ connection, close } = await open({
      name: "fx",
      command: process.execPath,
      args: [fixture],
      env: { FIXTURE_SECRET: "s3cret" },
      backoff: { initialMs: 10, maxMs: 50 },
    }))
  })
  afterAll(() => close())

  it("reads every page of tools/list and keeps the server's instructions", () => {
    expect(connection.tools.map((tool) => tool.key)).toEqual([
      "echo", "add", "slow", "fail", "resolve-library-id", "files_read", "secret", "crash", "garbage", "grow", "image", "pid",
    ])
    expect(connection.tools.find((tool) => tool.key === "files_read")?.name).toBe("files.read")
    expect(connection.namespace.description).toBe("Fixture tools for the Code Mode tests.")
    expect(connection.namespace.instructions).toContain("Use add for sums")
  })

  it("renders input and output schemas as signatures in both languages", () => {
    const js = CodeMode.make({ language: "javascript", tools: { fx: connection.namespace } })
    const lua = CodeMode.make({ language: "lua", tools: { fx: connection.namespace } })
    expect(js.catalog.find((tool) => tool.path === "fx.add")?.signature).toBe("tools.fx.add(input: { a: number; b: number }): Promise<{ sum: number }>")
    expect(lua.catalog.find((tool) => tool.path === "fx.add")?.signature).toBe("tools.fx.add({ a = number, b = number }) -> { sum = number }")
  })

  it("prefers structured content, joins text, and reaches punctuated names both ways", async () => {
    const result = await run(
      connection,
      `return {
        sum: await tools.fx.add({ a: 2, b: 3 }),
        echo: await tools.fx.echo({ message: "hi" }),
        bracket: await tools.fx["resolve-library-id"]({ name: "react" }),
        alias: await tools.fx.resolve_library_id({ name: "vue" }),
        dotted: await tools.fx.files_read({ path: "/a" }),
        image: await tools.fx.image({}),
      }`,
    )
    expect(result).toMatchObject({
      ok: true,
      value: {
        sum: { sum: 5 },
        echo: "hi",
        bracket: "/lib/react",
        alias: "/lib/vue",
        dotted: "contents of /a",
        image: [{ type: "text", text: "a red dot" }, { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" }],
      },
    })
  })

  it("makes isError a catchable ToolFailure carrying the server's text and structured content", async () => {
    const lua = await run(connection, `local ok, err = pcall(tools.fx.fail, { reason = "no" })\nreturn { ok = ok, err = err }`, "lua")
    expect(lua).toMatchObject({ ok: true, value: { ok: false, err: 'tools.fx.fail failed: cannot do it: no {"code":42}' } })
    const uncaught = await run(connection, `await tools.fx.fail({ reason: "no" }); return "carried on"`)
    expect(uncaught).toMatchObject({ ok: false, error: { kind: "ToolFailure" } })
  })

  it("passes the host's environment to the child and not to programs", async () => {
    const result = await run(connection, `return [await tools.fx.secret({}), typeof process]`)
    expect(result).toMatchObject({ ok: true, value: ["secret has 6 characters", "undefined"] })
  })

  it("fails calls of a crashed server with a clear message and restarts it on the next use", async () => {
    const before = connection.starts
    const result = await run(
      connection,
      `let message
       try { await tools.fx.crash({}) } catch (e) { message = e.message }
       return { message, echo: await tools.fx.echo({ message: "back" }) }`,
    )
    expect(result).toMatchObject({
      ok: true,
      value: { message: "tools.fx.crash failed: The MCP server 'fx' closed the connection; it will be restarted on the next call", echo: "back" },
    })
    expect(connection.starts).toBe(before + 1)
  })

  it("drops a server that writes garbage, failing the waiting call, and restarts it", async () => {
    const result = await run(
      connection,
      `let message
       try { await tools.fx.garbage({}) } catch (e) { message = e.message }
       return { message, echo: await tools.fx.echo({ message: "again" }) }`,
    )
    expect(result.ok).toBe(true)
    const value = (result as { value: { message: string; echo: string } }).value
    expect(value.message).toMatch(/^tools\.fx\.garbage failed: The MCP server 'fx' sent data that is not JSON-RPC \(.*\); it will be restarted on the next call$/)
    expect(value.echo).toBe("again")
  })

  it("runs a slow tool to completion, and interrupting the execution cancels the call", async () => {
    expect(await run(connection, `return await tools.fx.slow({ ms: 200 })`)).toMatchObject({ ok: true, value: "waited 200 ms" })
    const runtime = CodeMode.make({ language: "javascript", tools: { fx: connection.namespace }, limits: { timeoutMs: 300 } })
    const result = await Effect.runPromise(runtime.execute(`return await tools.fx.slow({ ms: 20000 })`))
    await runtime.close()
    expect(result).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
  })

  it("follows list_changed: the namespace gains the tool, a runtime built before keeps its snapshot", async () => {
    const before = CodeMode.make({ language: "javascript", tools: { fx: connection.namespace } })
    const changed = new Promise((resolve) => connection.onChange(resolve))
    expect(await Effect.runPromise(before.execute(`return await tools.fx.grow({})`))).toMatchObject({ ok: true, value: "grown" })
    await changed
    expect(connection.tools.map((tool) => tool.key)).toContain("extra")
    expect(before.catalog.map((tool) => tool.path)).not.toContain("fx.extra")
    expect(await run(connection, `return await tools.fx.extra({})`)).toMatchObject({ ok: true, value: "extra here" })
    await before.close()
  })
})

describe("an MCP server over streamable HTTP as a namespace", () => {
  let child: ChildProcess
  let url: string

  beforeAll(async () => {
    child = spawn(process.execPath, [fixture, "--http", "0"], { stdio: ["ignore", "ignore", "pipe"] })
    url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on("data", (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString())
        if (match) resolve(`http://127.0.0.1:${match[1]}/mcp`)
      })
      child.on("exit", () => reject(new Error("fixture exited")))
    })
  })
  afterAll(() => void child.kill())

  it("sends the host's headers and calls tools", async () => {
    const { connection, close } = await open({ name: "web", url, headers: { "x-fixture-key": "k1" } })
    try {
      expect(connection.tools).toHaveLength(12)
      const runtime = CodeMode.make({ language: "lua", tools: { web: connection.namespace } })
      const result = await Effect.runPromise(runtime.execute(`return tools.web.add({ a = 1, b = 41 }).sum`))
      await runtime.close()
      expect(result).toMatchObject({ ok: true, value: 42 })
    } finally {
      await close()
    }
  })

  it("fails to connect with a typed error when the server refuses", async () => {
    const exit = await Effect.runPromiseExit(Effect.scoped(MCP.connect({ name: "web", url })))
    expect(Exit.isFailure(exit)).toBe(true)
    expect(JSON.stringify(exit)).toContain("Could not connect to the MCP server 'web'")
  })
})

describe("connecting", () => {
  it("reports a command that cannot start as McpConnectError", async () => {
    const exit = await Effect.runPromiseExit(Effect.scoped(MCP.connect({ name: "nothing", command: "/nonexistent/mcp-server" })))
    expect(Exit.isFailure(exit)).toBe(true)
    expect(JSON.stringify(exit)).toContain("McpConnectError")
  })
})
