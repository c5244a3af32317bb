/**
 * The semantic ranker wired into programs: a runtime made with `embeddings` answers `search` and
 * `searchTools` (both languages) with the fusion of the lexical and the semantic orders, through the
 * pool's search operation. The embedding function is small and deterministic: one dimension per
 * meaning, counting the words a text has for it, so it knows an "automobile" is a car, which the
 * lexical vocabulary does not. A failing model degrades to the lexical answer with a host warning;
 * a bad request stays the program's error.
 */

import { Effect, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Namespace, Tool, ToolEmbeddings } from "../../index.js"
import { DispatchMessages } from "../../pool/dispatch.js"

const MEANINGS: ReadonlyArray<ReadonlyArray<string>> = [
  ["car", "cars", "vehicle", "automobile", "motorcar"],
  ["rent", "rental", "hire", "lease", "reserve"],
  ["invoice", "invoices", "bill"],
  ["weather", "forecast", "rain"],
]
const embedText = (text: string): Array<number> => {
  const words = text.toLowerCase().split(/[^a-z]+/)
  return MEANINGS.map((meaning) => words.filter((word) => meaning.includes(word)).length)
}
const batches: Array<number> = []
const embeddings = ToolEmbeddings.of({
  embed: (texts) =>
    Effect.sync(() => {
      batches.push(texts.length)
      return texts.map(embedText)
    }),
})
const broken = ToolEmbeddings.of({ embed: () => Effect.fail(new Error("model offline")) })

const tool = (description: string) => Tool.make({ description, input: Schema.Struct({ id: Schema.optional(Schema.String) }), execute: () => Effect.void })
const tools = {
  fleet: Namespace.make({
    description: "The company fleet",
    tools: { book: tool("Book a motorcar for a date range"), list: tool("List the cars of the fleet") },
  }),
  billing: Namespace.make({ tools: { listInvoices: tool("List invoices of a customer"), send: tool("Email a bill to a customer") } }),
  weather: Namespace.make({ tools: { forecast: tool("Forecast for a city") } }),
}

const runtimes = {
  lexicalLua: CodeMode.make({ language: "lua", tools }),
  lua: CodeMode.make({ language: "lua", tools, embeddings }),
  javascript: CodeMode.make({ language: "javascript", tools, embeddings }),
  broken: CodeMode.make({ language: "javascript", tools, embeddings: broken }),
}
afterAll(() => Promise.all(Object.values(runtimes).map((runtime) => runtime.close())))

const LUA_FIRST = `local found = search("lease an automobile")
return { first = found.results[1] and found.results[1].path, builtin = search_tools("lease an automobile", { limit = 1 })[1].name }`

describe("semantic search in programs", () => {
  it("is not found by the lexical ranker alone (the test's premise)", async () => {
    const result = await Effect.runPromise(runtimes.lexicalLua.execute(`local found = search("lease an automobile")
return found.results[1] and found.results[1].path or "none"`))
    expect(result).toMatchObject({ ok: true })
    expect(result.ok && result.value).not.toBe("tools.fleet.book")
  })

  it("answers Lua's search and search_tools with the fused ranking", async () => {
    batches.length = 0
    const result = await Effect.runPromise(runtimes.lua.execute(LUA_FIRST))
    expect(result).toMatchObject({ ok: true, value: { first: "tools.fleet.book", builtin: "fleet.book" } })
    // The catalog is embedded once in one batch, then each query on its own.
    expect(batches).toEqual([5, 1, 1])
    expect(result.toolCalls.map((call) => [call.kind, call.name, call.status])).toEqual([
      ["search", "search", "success"],
      ["search", "search_tools", "success"],
    ])
  })

  it("answers JavaScript's searchTools with the fused ranking, scoped by namespace", async () => {
    const result = await Effect.runPromise(
      runtimes.javascript.execute(`
        const [best] = await searchTools("lease an automobile", { limit: 1 })
        const scoped = await searchTools("lease an automobile", { namespace: "billing" })
        return { best: best.name, scoped: scoped.map((hit) => hit.name) }`),
    )
    expect(result).toMatchObject({ ok: true, value: { best: "fleet.book" } })
    expect(result.ok && (result.value as { scoped: Array<string> }).scoped.every((name) => name.startsWith("billing."))).toBe(true)
  })

  it("keeps a bad request the program's own catchable error", async () => {
    const result = await Effect.runPromise(
      runtimes.javascript.execute(`
        try { await searchTools("cars", { namespace: "nowhere" }); return "answered" } catch (e) { return e.message }`),
    )
    expect(result).toMatchObject({ ok: true, value: expect.stringContaining("Unknown namespace 'nowhere'") })
  })

  it("falls back to the lexical answer with a host warning when the model fails", async () => {
    const result = await Effect.runPromise(runtimes.broken.execute(`return (await searchTools("list invoices", { limit: 1 }))[0].name`))
    expect(result).toMatchObject({ ok: true, value: "billing.listInvoices" })
    expect(result.ok && result.warnings?.map((warning) => warning.message)).toEqual([
      DispatchMessages.semanticSearchFailed("the embedding function failed"),
    ])
  })

  it("refuses an embeddings option that is no embedding service", () => {
    expect(() => CodeMode.make({ tools, embeddings: { embed: 1 } as never })).toThrow(TypeError)
  })
})
