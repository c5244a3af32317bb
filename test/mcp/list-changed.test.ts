/**
 * `codemode serve` when an upstream server changes its tool list mid-run: executions started after
 * the change see the new tool, and an execution already running finishes on the catalog it started
 * with (its runtime is retired, not closed under it).
 */

import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { describe, expect, it } from "vitest"

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))
const fixture = fileURLToPath(new URL("./fixtures/upstream-server.mjs", import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "codemode-list-changed-"))
const config = join(dir, "codemode.config.json")
writeFileSync(config, JSON.stringify({ language: "javascript", mcpServers: { fx: { command: process.execPath, args: [fixture] } }, state: "memory" }))

describe("codemode serve follows list_changed", { timeout: 120_000 }, () => {
  it("a running execution keeps its runtime; later ones see the new tool; the client is told", async () => {
    const client = new Client({ name: "test", version: "1.0.0" })
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "serve", "--config", config], stderr: "pipe" }))
    try {
      const told = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()))
      let started!: () => void
      const running = new Promise<void>((resolve) => (started = resolve))
      const slow = client.callTool(
        { name: "execute", arguments: { code: `const first = await tools.fx.slow({ ms: 4000 }); return [first, typeof tools.fx.extra]` } },
        undefined,
        { onprogress: () => started(), timeout: 100_000 },
      )
      await running
      const grown = await client.callTool({ name: "execute", arguments: { code: `return await tools.fx.grow({})` } })
      expect(grown.structuredContent).toMatchObject({ ok: true, value: "grown" })
      await told
      // The running one finished on its own catalog, where `extra` did not exist.
      expect((await slow).structuredContent).toMatchObject({ ok: true, value: ["waited 4000 ms", "undefined"] })
      const later = await client.callTool({ name: "execute", arguments: { code: `return await tools.fx.extra({})` } })
      expect(later.structuredContent).toMatchObject({ ok: true, value: "extra here" })
      const { tools } = await client.listTools()
      expect(tools[0]!.description).toContain("tools.fx.extra(")
    } finally {
      await client.close()
    }
  })
})
