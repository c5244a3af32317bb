import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "codemode-cli-"))

const runCli = (args: string[], input?: string) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", timeout: 20_000, ...(input === undefined ? {} : { input }) })

const program = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe("codemode CLI", () => {
  it("runs a Lua file and prints its Result", () => {
    const out = runCli([program("ok.lua", 'print("hi")\nreturn { answer = 6 * 7 }')])
    expect(out.status).toBe(0)
    expect(JSON.parse(out.stdout)).toMatchObject({ ok: true, value: { answer: 42 }, logs: ["hi"] })
  })

  it("reads standard input and exits 1 when the program fails", () => {
    const out = runCli(["-"], "error('boom')")
    expect(out.status).toBe(1)
    expect(JSON.parse(out.stdout)).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: "input:1: boom" } })
  })

  it("applies limits from flags", () => {
    const out = runCli([program("loop.lua", "while true do end"), "--timeout", "200"])
    expect(out.status).toBe(1)
    expect(JSON.parse(out.stdout).error.kind).toBe("TimeoutExceeded")
  })

  it("explains a usage error and exits 2", () => {
    const out = runCli(["--timeout", "soon", program("x.lua", "return 1")])
    expect(out.status).toBe(2)
    expect(out.stderr).toContain("--timeout must be an integer")
    expect(runCli([]).status).toBe(2)
  })
})
