import { describe, expect, it } from "vitest"
import { parseConfig } from "../../dist/cli/config.js"
import { executeDescription, serverInstructions, shareFairly } from "../../dist/mcp/index.js"

describe("the instruction budget", () => {
  it("shares fairly: short texts keep all they need, the rest split what is left", () => {
    expect(shareFairly([10, 1000, 1000], 610)).toEqual([10, 300, 300])
    expect(shareFairly([10, 20], 1000)).toEqual([10, 20])
    expect(shareFairly([500, 500, 500, 500], 100)).toEqual([25, 25, 25, 25])
  })

  it("keeps the server instructions within the budget and every namespace named", () => {
    const namespaces = Array.from({ length: 10 }, (_, i) => ({ name: `ns${i}`, description: `Namespace ${i}.`, instructions: "x".repeat(5_000) }))
    const text = serverInstructions("lua", namespaces, 500)
    expect(text.length).toBeLessThanOrEqual(500 * 4)
    for (let i = 0; i < 10; i++) expect(text).toContain(`## ns${i}\nNamespace ${i}.`)
  })

  it("lists declarations per namespace and points at search for what did not fit", () => {
    const tools = [
      { path: "small.one", description: "One", signature: "tools.small.one(input: {}): Promise<void>" },
      ...Array.from({ length: 200 }, (_, i) => ({ path: `big.t${i}`, description: `Tool ${i}`, signature: `tools.big.t${i}(input: { q: string }): Promise<string>` })),
    ]
    const text = executeDescription("javascript", tools, 1_000)
    expect(text.length).toBeLessThanOrEqual(1_000 * 4)
    expect(text).toContain("// One\ntools.small.one(input: {}): Promise<void>")
    expect(text).toMatch(/\/\/ … \d+ more tool\(s\) in big: use search\(\{ namespace: "big" \}\)/)
  })
})

describe("the configuration schema", () => {
  it("substitutes ${NAME} in env and headers from the host environment, naming a missing one", () => {
    const config = parseConfig("c.json", { mcpServers: { a: { url: "http://127.0.0.1/mcp", headers: { Authorization: "Bearer ${TOKEN}" } } } }, { TOKEN: "t1" })
    expect(config.mcpServers?.["a"]).toEqual({ url: "http://127.0.0.1/mcp", headers: { Authorization: "Bearer t1" } })
    expect(() => parseConfig("c.json", { mcpServers: { a: { command: "x", env: { K: "${NOPE}" } } } }, {})).toThrow(
      "c.json: mcpServers.a.env.K: the environment variable NOPE is not set",
    )
  })

  it("reports every problem with its path, and a server that is neither command nor url", () => {
    expect(() => parseConfig("c.json", { language: "python", mcpServers: { a: {}, b: { command: 1 } }, extra: true }, {})).toThrow(
      [
        "c.json: extra: Expected no excess property",
        'c.json: language: Expected "lua" | "javascript"',
        "c.json: mcpServers.a: a server needs exactly one of command (a child process over stdio) or url (streamable HTTP)",
        "c.json: mcpServers.b.command: Expected string",
      ].join("\n"),
    )
  })
})
