import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "codemode-cli-"))

const runCli = (args: string[], input?: string) =>
  spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: "utf8", timeout: 60_000, ...(input === undefined ? {} : { input }) })

const program = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe("codemode CLI", { timeout: 90_000 }, () => {
  it("runs a Lua file and prints its Result", () => {
    const out = runCli([program("ok.lua", 'print("hi")\nreturn { answer = 6 * 7 }'), "--json"])
    expect(out.status).toBe(0)
    expect(JSON.parse(out.stdout)).toMatchObject({ ok: true, value: { answer: 42 }, logs: ["hi"] })
  })

  it("reads standard input and exits 1 when the program fails", () => {
    const out = runCli(["-", "--json"], "error('boom')")
    expect(out.status).toBe(1)
    expect(JSON.parse(out.stdout)).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: "input:1: boom" } })
  })

  it("applies limits from flags", () => {
    const out = runCli([program("loop.lua", "while true do end"), "--timeout", "200", "--json"])
    expect(out.status).toBe(1)
    expect(JSON.parse(out.stdout).error.kind).toBe("TimeoutExceeded")
  })

  it("explains a usage error and exits 2", () => {
    const out = runCli(["--timeout", "soon", program("x.lua", "return 1")])
    expect(out.status).toBe(2)
    expect(out.stderr).toContain("--timeout must be an integer")
    expect(runCli([]).status).toBe(2)
  })

  it("prints readably by default: the value on stdout, logs and errors on stderr", () => {
    const ok = runCli(["run", program("readable.lua", 'print("note")\nreturn "plain text"')])
    expect(ok).toMatchObject({ status: 0, stdout: "plain text\n", stderr: "note\n" })
    const failed = runCli(["run", "-"], "return )")
    expect(failed.status).toBe(1)
    expect(failed.stderr).toMatch(/^error: ParseError at line 1/)
  })

  it("refuses a configuration with an unknown key, naming its path, with exit code 3", () => {
    const config = program("bad.json", JSON.stringify({ mcpServers: { gh: { command: "x", argz: [] } }, limits: { timeoutMs: "soon" } }))
    const out = runCli(["catalog", "--config", config])
    expect(out.status).toBe(3)
    expect(out.stderr).toContain(`${config}: limits.timeoutMs: Expected number`)
    expect(out.stderr).toContain(`${config}: mcpServers.gh.argz: Expected no excess property`)
  })

  it("exits 4 when a configured MCP server cannot start", () => {
    const config = program("dead.json", JSON.stringify({ mcpServers: { dead: { command: "/nonexistent/server" } } }))
    const out = runCli(["catalog", "--config", config])
    expect(out.status).toBe(4)
    expect(out.stderr).toContain("Could not connect to the MCP server 'dead'")
  })

  it("lists the catalog and searches it over tools from a module", () => {
    const tools = program(
      "tools.mjs",
      `import { Tool } from ${JSON.stringify(fileURLToPath(new URL("../../dist/index.js", import.meta.url)))}
       import { Effect, Schema } from ${JSON.stringify(fileURLToPath(new URL("../../node_modules/effect/dist/index.js", import.meta.url)))}
       export const tools = { orders: { lookup: Tool.make({ description: "Look up an order by ID", input: Schema.Struct({ id: Schema.String }), execute: ({ id }) => Effect.succeed({ id }) }) } }`,
    )
    const config = program("modules.json", JSON.stringify({ language: "javascript", modules: [{ path: tools }] }))
    const catalog = runCli(["catalog", "--config", config])
    expect(catalog.status).toBe(0)
    expect(catalog.stdout).toContain("// Look up an order by ID\ntools.orders.lookup(input: { id: string }): Promise<void>")
    const search = runCli(["search", "order", "--config", config, "--json"])
    expect(JSON.parse(search.stdout)).toMatchObject({ ok: true, value: { results: [{ path: "tools.orders.lookup" }] } })
    const run = runCli(["run", "-", "--config", config], `return (await tools.orders.lookup({ id: "o1" })).id`)
    expect(run).toMatchObject({ status: 0, stdout: "o1\n" })
  })
})
