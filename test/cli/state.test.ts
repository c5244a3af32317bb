/**
 * State across invocations of the CLI and of `codemode serve`: separate processes, one after the
 * other, sharing only the SQLite file the configuration (or the default) names.
 */

import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { describe, expect, it } from "vitest"

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))

const runIn = (cwd: string, args: string[], input: string) =>
  spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", timeout: 60_000, input })

const COUNTER = `local n = (load("n") or 0) + 1\nstore("n", n)\nreturn n`

describe("codemode run keeps state across invocations", { timeout: 180_000 }, () => {
  it("in the default file beside the configuration (the working directory without one)", () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-cli-state-"))
    expect(runIn(dir, ["run", "-"], COUNTER)).toMatchObject({ status: 0, stdout: "1\n" })
    expect(runIn(dir, ["run", "-"], COUNTER)).toMatchObject({ status: 0, stdout: "2\n" })
    expect(existsSync(join(dir, ".codemode", "state.db"))).toBe(true)
    // Branches are apart: another branch starts empty, and main is where it was.
    expect(runIn(dir, ["run", "--branch", "other", "-"], COUNTER)).toMatchObject({ status: 0, stdout: "1\n" })
    expect(runIn(dir, ["run", "-"], COUNTER)).toMatchObject({ status: 0, stdout: "3\n" })
  })

  it("in the file the configuration names, relative to it, and only when the program succeeds", () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-cli-state-"))
    mkdirSync(join(dir, "conf"))
    writeFileSync(join(dir, "conf", "codemode.config.json"), JSON.stringify({ state: { path: "data/agent.db" } }))
    const config = ["--config", join(dir, "conf", "codemode.config.json")]
    expect(runIn(dir, ["run", ...config, "-"], COUNTER)).toMatchObject({ status: 0, stdout: "1\n" })
    const failed = runIn(dir, ["run", ...config, "-"], `store("n", 100)\nerror("boom")`)
    expect(failed.status).toBe(1)
    expect(runIn(dir, ["run", ...config, "-"], COUNTER)).toMatchObject({ status: 0, stdout: "2\n" })
    expect(existsSync(join(dir, "conf", "data", "agent.db"))).toBe(true)
    expect(existsSync(join(dir, ".codemode"))).toBe(false)
  })

  it("keeps nothing with state \"memory\", and search and catalog create no file", () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-cli-state-"))
    expect(runIn(dir, ["catalog"], "").status).toBe(0)
    expect(runIn(dir, ["search", "anything"], "").status).toBe(0)
    expect(existsSync(join(dir, ".codemode"))).toBe(false)
    expect(runIn(dir, ["run", "--state", "memory", "-"], COUNTER)).toMatchObject({ status: 0, stdout: "1\n" })
    expect(runIn(dir, ["run", "--state", "memory", "-"], COUNTER)).toMatchObject({ status: 0, stdout: "1\n" })
    expect(existsSync(join(dir, ".codemode"))).toBe(false)
  })

  it("names the bound a store passed, with the program's line", () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-cli-state-"))
    const out = runIn(dir, ["run", "--json", "-"], `local big = string.rep("x", 300000)\nstore("big", big)\nreturn 1`)
    expect(out.status).toBe(1)
    expect(JSON.parse(out.stdout)).toMatchObject({
      ok: false,
      error: { kind: "ExecutionFailure", location: { line: 2 }, message: expect.stringContaining("over the bound of 262,144 characters per stored value") },
    })
    const readable = runIn(dir, ["run", "-"], `local big = string.rep("x", 300000)\nstore("big", big)\nreturn 1`)
    expect(readable.stderr).toMatch(/^error: ExecutionFailure at line 2: store\("big"\): the value is 300,002 characters/)
  })

  it("refuses a state file that is not a database (exit 5) and a bad state field (exit 3), naming them", () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-cli-state-"))
    writeFileSync(join(dir, "notes.txt"), "not a database, just some text that is long enough to look like a header")
    const refused = runIn(dir, ["run", "--state", "notes.txt", "-"], "return 1")
    expect(refused.status).toBe(5)
    expect(refused.stderr).toContain(`The file '${join(dir, "notes.txt")}' is not an SQLite database`)
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ state: { path: "x.db", busyTimeout: 5 } }))
    const invalid = runIn(dir, ["run", "--config", "bad.json", "-"], "return 1")
    expect(invalid.status).toBe(3)
    expect(invalid.stderr).toContain("bad.json: state.busyTimeout: Expected no excess property")
  })
})

describe("codemode serve keeps state across server processes", { timeout: 180_000 }, () => {
  const serveOnce = async (dir: string, use: (client: Client) => Promise<void>): Promise<string> => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, "serve"], cwd: dir, stderr: "pipe" })
    let stderr = ""
    transport.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    const client = new Client({ name: "test", version: "1.0.0" })
    await client.connect(transport)
    try {
      await use(client)
    } finally {
      await client.close()
    }
    return stderr
  }

  it("stores on a branch in one server and loads it from the next, printing the file at start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-serve-state-"))
    const stderr = await serveOnce(dir, async (client) => {
      const stored = await client.callTool({ name: "execute", arguments: { code: `store("plan", { next = 2 })\nreturn "stored"`, branch: "conv-7" } })
      expect(stored.structuredContent).toMatchObject({ ok: true, value: "stored" })
    })
    expect(stderr).toContain(`codemode: state in ${join(dir, ".codemode", "state.db")} (SQLite)`)
    await serveOnce(dir, async (client) => {
      const loaded = await client.callTool({ name: "execute", arguments: { code: `return load("plan")`, branch: "conv-7" } })
      expect(loaded.structuredContent).toMatchObject({ ok: true, value: { next: 2 } })
      const other = await client.callTool({ name: "execute", arguments: { code: `return load("plan") == nil` } })
      expect(other.structuredContent).toMatchObject({ ok: true, value: true })
      const bad = await client.callTool({ name: "execute", arguments: { code: "return 1", branch: 7 } })
      expect(bad).toMatchObject({ isError: true, content: [{ text: "Invalid arguments for execute: 'branch' must be a string" }] })
    })
  })
})
