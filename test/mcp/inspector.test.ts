/**
 * `@modelcontextprotocol/inspector-cli` — the MCP project's own inspector, in its command-line
 * mode — driving `codemode serve` over stdio and over streamable HTTP: a third-party client,
 * not ours and not the SDK used as a library, listing the tools and calling `execute` and `search`.
 *
 * inspector-cli 1.0.3 finds its own package.json by testing `../package.json` against the working
 * directory and then importing it relative to its module, so it runs only from a directory whose
 * parent has a package.json; the tests give it one (`work/` under a directory holding one). Its
 * launcher also takes `--config` as its own option, so the target runs with no flags of ours.
 */

import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))
const inspector = fileURLToPath(new URL("../../node_modules/@modelcontextprotocol/inspector-cli/build/cli.js", import.meta.url))
const fixture = fileURLToPath(new URL("./fixtures/upstream-server.mjs", import.meta.url))

const dir = mkdtempSync(join(tmpdir(), "codemode-inspector-"))
writeFileSync(join(dir, "package.json"), "{}")
const work = join(dir, "work")
mkdirSync(work)
// In the directory the inspector runs in, where `codemode serve` finds it without `--config` (which
// the inspector's launcher would take as its own option).
const config = join(work, "codemode.config.json")
writeFileSync(config, JSON.stringify({ language: "lua", mcpServers: { fx: { command: process.execPath, args: [fixture] } }, state: "memory" }))

/** Runs the inspector's CLI mode; its stdout is the JSON answer of the one method it was asked. */
const inspect = (target: string[], args: string[]) => {
  const out = spawnSync(process.execPath, [inspector, "--cli", ...target, ...args], { cwd: work, encoding: "utf8", timeout: 90_000 })
  const json = out.stdout.slice(out.stdout.indexOf("{"))
  return { status: out.status, stderr: out.stderr, stdout: out.stdout, answer: out.status === 0 ? (JSON.parse(json) as Record<string, any>) : undefined }
}

const checks = (target: string[]) => {
  it("lists execute and search, with the upstream tools in execute's description", () => {
    const { status, answer, stderr } = inspect(target, ["--method", "tools/list"])
    expect(status, stderr).toBe(0)
    expect(answer!.tools.map((tool: { name: string }) => tool.name)).toEqual(["execute", "search", "resume"])
    expect(answer!.tools[0].description).toContain("tools.fx.add(")
  })

  it("calls execute: the program runs over the upstream server's tools", () => {
    const code = "local r = tools.fx.add({ a = 40, b = 2 })\nreturn r.sum"
    const { status, answer, stderr } = inspect(target, ["--method", "tools/call", "--tool-name", "execute", "--tool-arg", `code=${code}`])
    expect(status, stderr).toBe(0)
    expect(answer).toMatchObject({ content: [{ type: "text", text: "42" }], structuredContent: { ok: true, value: 42, toolCalls: [{ kind: "tool", name: "fx.add", status: "success" }] } })
  })

  it("calls execute with a failing program: isError with the diagnostic", () => {
    const { status, answer, stderr } = inspect(target, ["--method", "tools/call", "--tool-name", "execute", "--tool-arg", "code=local x = 1\nerror('no')"])
    expect(status, stderr).toBe(0)
    expect(answer).toMatchObject({ isError: true, structuredContent: { ok: false, error: { kind: "ExecutionFailure", location: { line: 2 } } } })
  })

  it("calls search", () => {
    const { status, answer, stderr } = inspect(target, ["--method", "tools/call", "--tool-name", "search", "--tool-arg", "query=add two numbers", "--tool-arg", "limit=1"])
    expect(status, stderr).toBe(0)
    expect(answer).toMatchObject({ structuredContent: { ok: true, value: { results: [{ path: "tools.fx.add" }] } } })
  })
}

describe("inspector-cli against codemode serve over stdio", { timeout: 180_000 }, () => {
  checks([process.execPath, cli, "serve"])
})

describe("inspector-cli against codemode serve --http", { timeout: 180_000 }, () => {
  let child: ChildProcess
  const token = "inspector-token"
  const target: string[] = []

  beforeAll(async () => {
    child = spawn(process.execPath, [cli, "serve", "--config", config, "--http", "0"], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, CODEMODE_TOKEN: token } })
    const url = await new Promise<string>((resolve, reject) => {
      let seen = ""
      child.stderr!.on("data", (chunk: Buffer) => {
        seen += chunk.toString()
        const match = /serving MCP at (\S+)/.exec(seen)
        if (match) resolve(match[1]!)
      })
      child.on("exit", () => reject(new Error(`serve exited: ${seen}`)))
    })
    target.push(url, "--transport", "http", "--header", `Authorization: Bearer ${token}`)
  })
  afterAll(() => void child.kill("SIGTERM"))

  checks(target)

  it("is refused without the token", () => {
    const refused = inspect([target[0]!, "--transport", "http"], ["--method", "tools/list"])
    expect(refused.status).not.toBe(0)
  })
})
