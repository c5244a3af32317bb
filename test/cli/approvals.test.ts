/**
 * Approvals through the CLI and `codemode serve`: a paused program shows its pending calls and
 * token; `codemode resume` (another process, the same configured key) and the MCP `resume` tool
 * accept the decision. Each tool counts its real invocations in a file: one per logical call.
 */

import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { describe, expect, it } from "vitest"

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))
const toolsModule = fileURLToPath(new URL("../mcp/fixtures/approval-tools.mjs", import.meta.url))
const KEY = "a cli test key of at least thirty-two bytes"
const PROGRAM = `print("paying")\nlocal r = tools.pay.send({ amount = 500 })\nreturn r.sent`

/** A working directory with a configuration naming the tools module and the key by `${NAME}`. */
const workspace = () => {
  const dir = mkdtempSync(join(tmpdir(), "codemode-cli-approvals-"))
  writeFileSync(join(dir, "codemode.config.json"), JSON.stringify({ modules: [{ path: toolsModule }], approvals: { key: "${TEST_APPROVAL_KEY}" }, state: "memory" }))
  const marks = join(dir, "marks.txt")
  writeFileSync(marks, "")
  const env = { ...process.env, TEST_APPROVAL_KEY: KEY, APPROVAL_MARKS: marks }
  const run = (args: string[], input = "") => spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: "utf8", timeout: 60_000, input, env })
  return { dir, run, marks: () => readFileSync(marks, "utf8").split("\n").filter((line) => line !== "") }
}

describe("approvals on the command line", { timeout: 240_000 }, () => {
  it("prints the pending call and the token, exits 6, and resumes in another process", () => {
    const { run, marks } = workspace()
    const paused = run(["run", "-"], PROGRAM)
    expect(paused.status).toBe(6)
    expect(paused.stderr).toContain("approval required: tools.pay.send {\"amount\":500}")
    const token = paused.stdout.trim()
    expect(token.startsWith("cm1.")).toBe(true)
    expect(marks()).toEqual([])

    const resumed = run(["resume", "-", "--approve"], token)
    expect(resumed).toMatchObject({ status: 0, stdout: "500\n" })
    expect(marks()).toEqual(["send 500"])
    // A token resumes once per process that remembers it; a denied one fails the program (exit 1).
    const again = run(["run", "-"], PROGRAM).stdout.trim()
    const denied = run(["resume", "-", "--deny", "--reason", "not today"], again)
    expect(denied.status).toBe(1)
    expect(denied.stderr).toContain("not today")
    expect(marks()).toEqual(["send 500"])
  })

  it("refuses a forged token with exit 7 and a usage error without a decision", () => {
    const { run } = workspace()
    const token = run(["run", "-"], PROGRAM).stdout.trim()
    const forged = run(["resume", "-", "--approve"], `${token.slice(0, -4)}AAAA`)
    expect(forged.status).toBe(7)
    expect(forged.stderr).toContain("signature")
    expect(run(["resume", "-"], token).status).toBe(2)
  })
})

describe("approvals over MCP", { timeout: 240_000 }, () => {
  it("shows the pending call in execute's result and resumes with the resume tool", async () => {
    const { dir, marks } = workspace()
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, "serve"],
      cwd: dir,
      env: { ...(process.env as Record<string, string>), TEST_APPROVAL_KEY: KEY, APPROVAL_MARKS: join(dir, "marks.txt") },
      stderr: "pipe",
    })
    const client = new Client({ name: "approvals-test", version: "1.0.0" })
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toContain("resume")
      const paused = (await client.callTool({ name: "execute", arguments: { code: PROGRAM } })) as {
        isError?: boolean
        content: Array<{ text: string }>
        structuredContent: { pending: { token: string; calls: unknown[] } }
      }
      expect(paused.isError).toBe(true)
      expect(paused.content.map((block) => block.text).join("\n")).toContain("approval required:\n- tools.pay.send")
      const token = paused.structuredContent.pending.token
      expect(marks()).toEqual([])
      const refused = (await client.callTool({ name: "resume", arguments: { token: "nonsense", approved: true } })) as { isError?: boolean; content: Array<{ text: string }> }
      expect(refused.isError).toBe(true)
      expect(refused.content[0]!.text).toContain("malformed")
      const resumed = (await client.callTool({ name: "resume", arguments: { token, approved: true } })) as { isError?: boolean; structuredContent: unknown }
      expect(resumed.isError).toBeUndefined()
      expect(resumed.structuredContent).toMatchObject({ ok: true, value: 500 })
      expect(marks()).toEqual(["send 500"])
    } finally {
      await client.close()
    }
  })
})
