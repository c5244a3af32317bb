import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Catalog, fuseRanks, Namespace, semanticRank, semanticSearch, SemanticSearchError, Tool, ToolEmbeddings } from "../../catalog/index.js"

/**
 * The semantic hook, with a small deterministic embedding function in place of a model: each
 * dimension is one meaning, and a text's vector counts the words it has for each meaning. It knows
 * that a "vehicle" and an "automobile" are a car, which the lexical ranker's vocabulary does not,
 * so a query only the semantic side can answer shows the fusion at work.
 */
const MEANINGS: ReadonlyArray<ReadonlyArray<string>> = [
  ["car", "cars", "vehicle", "vehicles", "automobile", "automobiles", "motorcar"],
  ["rent", "rental", "hire", "lease", "borrow"],
  ["invoice", "invoices", "bill", "bills"],
  ["weather", "forecast", "rain", "sunny"],
  ["repair", "fix", "mechanic", "garage"],
]
const embedText = (text: string): Array<number> => {
  const words = text.toLowerCase().split(/[^a-z]+/)
  return MEANINGS.map((meaning) => words.filter((word) => meaning.includes(word)).length)
}

const calls: Array<number> = []
const embeddings = ToolEmbeddings.of({
  embed: (texts) =>
    Effect.sync(() => {
      calls.push(texts.length)
      return texts.map(embedText)
    }),
})

const input = Schema.Struct({ id: Schema.optional(Schema.String) })
const tool = (description: string) => Tool.make({ description, input, execute: () => Effect.void })
const catalog = Catalog.make({
  fleet: Namespace.make({
    description: "The company fleet",
    tools: {
      reserve: tool("Reserve a motorcar for a date range"),
      service: tool("Book a mechanic appointment at the garage"),
      list: tool("List the cars of the fleet"),
    },
  }),
  billing: Namespace.make({
    tools: {
      listInvoices: tool("List invoices of a customer"),
      send: tool("Email a bill to a customer"),
    },
  }),
  weather: Namespace.make({ tools: { forecast: tool("Forecast for a city") } }),
})

const run = <A, E>(effect: Effect.Effect<A, E, ToolEmbeddings>) => Effect.runPromise(Effect.provideService(effect, ToolEmbeddings, embeddings))
const paths = (entries: ReadonlyArray<{ path: string }>) => entries.map((entry) => entry.path)

describe("semantic search", () => {
  it("finds by meaning what shares no word with the query", async () => {
    expect(paths(Catalog.rank(catalog, "hire an automobile"))).not.toContain("fleet.reserve")
    const ranked = paths(await run(semanticRank(catalog, "hire an automobile")))
    expect(ranked[0]).toBe("fleet.reserve")
  })

  it("keeps what both rankers agree on first", async () => {
    const ranked = paths(await run(semanticRank(catalog, "list invoices")))
    expect(ranked[0]).toBe("billing.listInvoices")
  })

  it("embeds the catalog's tools once, then only queries", async () => {
    const fresh = Catalog.make({ weather: Namespace.make({ tools: { forecast: tool("Forecast for a city") } }) })
    calls.length = 0
    await run(semanticRank(fresh, "rain tomorrow"))
    await run(semanticRank(fresh, "sunny"))
    expect(calls).toEqual([1, 1, 1])
  })

  it("keeps an exact path first, browses an empty query and scopes by namespace", async () => {
    expect(paths(await run(semanticRank(catalog, "billing.send")))[0]).toBe("billing.send")
    expect(paths(await run(semanticRank(catalog, "")))).toEqual(paths(Catalog.rank(catalog, "")))
    const scoped = paths(await run(semanticRank(catalog, "hire an automobile", "billing")))
    expect(scoped.every((path) => path.startsWith("billing."))).toBe(true)
  })

  it("answers a search request with the same page shape as Catalog.search", async () => {
    const result = await run(semanticSearch(catalog, { query: "repair", limit: 1 }, "lua"))
    expect(result.results).toHaveLength(1)
    expect(result.results[0].path).toBe("tools.fleet.service")
    expect(result.results[0].signature).toContain("tools.fleet.service(")
    expect(Object.keys(result.results[0]).sort()).toEqual(["description", "path", "signature"])
    const all = await run(semanticSearch(catalog, { query: "automobile", limit: 1 }, "lua"))
    expect(all).toMatchObject({ total: 2, next: 1, remaining: 1 })
  })

  it("fails with SemanticSearchError when the embedding function fails or miscounts", async () => {
    const failing = ToolEmbeddings.of({ embed: () => Effect.fail("model offline") })
    const miscounting = ToolEmbeddings.of({ embed: () => Effect.succeed([[1, 0]]) })
    const fresh = () => Catalog.make({ a: Namespace.make({ tools: { one: tool("One"), two: tool("Two") } }) })
    for (const service of [failing, miscounting]) {
      const error = await Effect.runPromise(Effect.flip(Effect.provideService(semanticRank(fresh(), "one"), ToolEmbeddings, service)))
      expect(error).toBeInstanceOf(SemanticSearchError)
    }
  })

  it("refuses an unknown namespace as a search request error", async () => {
    const error = await run(Effect.flip(semanticSearch(catalog, { query: "car", namespace: "nope" }, "lua")))
    expect(error.name).toBe("SearchRequestError")
  })
})

describe("reciprocal rank fusion", () => {
  it("ranks what both lists hold above what one list holds first", () => {
    expect(fuseRanks([["a", "b", "c"], ["b", "d"]])).toEqual(["b", "a", "d", "c"])
  })

  it("breaks ties by first appearance", () => {
    expect(fuseRanks([["x"], ["y"]])).toEqual(["x", "y"])
  })
})
