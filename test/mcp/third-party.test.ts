import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../dist/index.js"
import { MCP } from "../../dist/mcp/index.js"

// Real servers from the npm registry (devDependencies), run as child processes.

const bin = (name: string) => fileURLToPath(new URL(`../../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url))

describe("third-party MCP servers through the namespace", { timeout: 60_000 }, () => {
  it("server-everything: its tools list, echo, sums, structured content and search", async () => {
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const everything = yield* MCP.connect({ name: "everything", command: process.execPath, args: [bin("server-everything"), "stdio"] })
          const runtime = CodeMode.make({ language: "javascript", tools: { everything: everything.namespace } })
          const names = everything.tools.map((tool) => tool.name)
          const ran = yield* runtime.execute(`
            const echo = await tools.everything.echo({ message: "hello" })
            const sum = await tools.everything["get-sum"]({ a: 2, b: 3 })
            const found = (await search("sum of two numbers", { limit: 1 })).results[0].path
            const weather = await tools.everything["get-structured-content"]({ location: "New York" })
            return { echo, sum, found, weather }`)
          yield* Effect.promise(() => runtime.close())
          return { names, ran }
        }),
      ),
    )
    expect(result.names).toEqual(expect.arrayContaining(["echo", "get-sum"]))
    expect(result.ran).toMatchObject({ ok: true, value: { echo: "Echo: hello", found: 'tools.everything["get-sum"]' } })
    const value = (result.ran as { value: { sum: unknown; weather: Record<string, unknown> } }).value
    expect(JSON.stringify(value.sum)).toContain("5")
    expect(value.weather).toHaveProperty("temperature")
  })

  it("server-memory: a knowledge graph written and read back from one Lua program", async () => {
    const result = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const memory = yield* MCP.connect({
            name: "memory",
            command: process.execPath,
            args: [bin("server-memory")],
            env: { MEMORY_FILE_PATH: `/tmp/codemode-memory-${process.pid}.jsonl` },
          })
          const runtime = CodeMode.make({ language: "lua", tools: { memory: memory.namespace } })
          const ran = yield* runtime.execute(`
            tools.memory.create_entities({ entities = { { name = "Ada", entityType = "person", observations = { "wrote the first program" } } } })
            local graph = tools.memory.read_graph({})
            return { count = #graph.entities, name = graph.entities[1].name }`)
          yield* Effect.promise(() => runtime.close())
          return ran
        }),
      ),
    )
    expect(result).toMatchObject({ ok: true, value: { count: 1, name: "Ada" } })
  })
})
