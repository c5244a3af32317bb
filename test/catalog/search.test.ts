import { describe, expect, it } from "vitest"
import { Catalog, luaSearchSignature, readSearchRequest, SearchRequestError, searchSignature, suggest, toolExpression } from "../../catalog/index.js"
import { storeTools } from "./fixtures.js"

const catalog = Catalog.make(storeTools)
const top = (query: string, namespace?: string) => catalog.search({ query, namespace, limit: 5 }, "lua").results.map((hit) => hit.path)

describe("search ranking", () => {
  it.each([
    ["order lookup", "tools.orders.lookup"],
    ["find an order by id", "tools.orders.lookup"],
    ["cancel order", "tools.orders.cancel"],
    ["cancel shipment", "tools.shipments.cancel"],
    ["cancle order", "tools.orders.cancel"],
    ["refunds", "tools.orders.refund"],
    ["track parcel", "tools.shipments.track"],
    ["delivery tracking", "tools.shipments.track"],
    ["search customers by name", "tools.customers.search"],
    ["create customer", "tools.customers.create"],
    ["merge duplicate customers", "tools.customers.merge"],
    ["loyalty points", "tools.customers.loyalty.balance"],
    ["carrier rate quote", "tools.shipments.rates"],
    ["stock level for a sku", "tools.inventory.stock.lookup"],
    ["lookup product", "tools.inventory.products.lookup"],
    ["resolve library id", 'tools.context7["resolve-library-id"]'],
    ["library documentation", 'tools.context7["get-library-docs"]'],
    ["change delivery address of order", 'tools.orders["update-address"]'],
    ["add note to order", "tools.orders.notes.add"],
    ["list customer postal addresses", "tools.customers.addresses.list"],
    ["order status history", "tools.orders.history"],
    ["Résumé of ORDER history", "tools.orders.history"],
    ["orderLookup", "tools.orders.lookup"],
    ["create_shipping_label", "tools.shipments.create"],
  ])("%s -> %s", (query, expected) => {
    expect(top(query)[0]).toBe(expected)
  })

  it("namespace descriptions count for every tool below them", () => {
    const paths = catalog.search({ query: "fulfilment", limit: 50 }, "lua").results.map((hit) => hit.path)
    expect(paths.length).toBe(9)
    expect(paths.every((path) => path.startsWith("tools.orders"))).toBe(true)
  })

  it("an exact path comes first, in any spelling", () => {
    expect(top("orders.lookup")[0]).toBe("tools.orders.lookup")
    expect(top("tools.orders.lookup")[0]).toBe("tools.orders.lookup")
    expect(top('tools.context7["resolve-library-id"]')[0]).toBe('tools.context7["resolve-library-id"]')
    expect(top("context7.get-library-docs")[0]).toBe('tools.context7["get-library-docs"]')
  })

  it("results carry description and the signature in the program's language", () => {
    const [hit] = catalog.search({ query: "orders.lookup" }, "javascript").results
    expect(hit).toEqual({
      path: "tools.orders.lookup",
      description: "Look up an order by its ID",
      signature: "tools.orders.lookup(input: { id: string }): Promise<void>",
    })
    expect(catalog.search({ query: "orders.lookup" }, "lua").results[0].signature).toBe("tools.orders.lookup({ id = string })")
  })

  it("a namespace scopes the search", () => {
    expect(top("cancel", "shipments")).toEqual(["tools.shipments.cancel"])
    expect(top("cancel", "tools.orders")).toEqual(["tools.orders.cancel"])
    expect(top("", "inventory.stock")).toEqual(["tools.inventory.stock.adjust", "tools.inventory.stock.lookup"])
  })

  it("an unknown namespace is an error listing the known ones", () => {
    expect(() => top("x", "billing")).toThrow(SearchRequestError)
    expect(() => top("x", "billing")).toThrow(
      "Unknown namespace 'billing'. Known namespaces: orders, customers, shipments, inventory, context7.",
    )
  })

  it("an empty query browses in path order, page by page", () => {
    const first = catalog.search({ limit: 3 }, "lua")
    expect(first.results.map((hit) => hit.path)).toEqual([
      'tools.context7["get-library-docs"]',
      'tools.context7["resolve-library-id"]',
      "tools.customers.addresses.add",
    ])
    expect(first.total).toBe(catalog.entries.length)
    expect(first.next).toBe(3)
    expect(first.remaining).toBe(catalog.entries.length - 3)
    const last = catalog.search({ limit: 10, offset: catalog.entries.length - 2 }, "lua")
    expect(last.results).toHaveLength(2)
    expect(last.next).toBeUndefined()
    expect(last.remaining).toBeUndefined()
  })

  it("a query matching nothing finds nothing", () => {
    expect(catalog.search({ query: "zebra giraffe" }, "lua")).toEqual({ results: [], total: 0 })
  })

  it("limits are clamped to one readable page", () => {
    const many = Catalog.make(Object.fromEntries(catalog.entries.flatMap((entry) => [[`a.${entry.path}`, entry.tool], [`b.${entry.path}`, entry.tool]])))
    expect(many.entries.length).toBeGreaterThan(50)
    expect(many.search({ limit: 1_000 }, "lua").results).toHaveLength(50)
    expect(catalog.search({}, "lua").results).toHaveLength(10)
  })
})

describe("readSearchRequest", () => {
  it("accepts a string, a table, both, or nothing", () => {
    expect(readSearchRequest(["order"])).toEqual({ query: "order", namespace: undefined, limit: undefined, offset: undefined })
    expect(readSearchRequest([{ query: "order", namespace: "orders", limit: 5, offset: 10 }])).toEqual({
      query: "order",
      namespace: "orders",
      limit: 5,
      offset: 10,
    })
    expect(readSearchRequest(["order", { limit: 2 }])).toMatchObject({ query: "order", limit: 2 })
    expect(readSearchRequest([])).toMatchObject({ query: undefined })
    expect(readSearchRequest([null])).toMatchObject({ query: undefined })
  })

  it("refuses what it cannot read, saying how to call it", () => {
    expect(() => readSearchRequest([42])).toThrow(
      'Invalid search request: the first argument must be a string or a table of options. Call search("words") or search({ query = "words", namespace = "orders", limit = 10, offset = 0 }).',
    )
    expect(() => readSearchRequest([{ q: "x" }])).toThrow("Invalid search request: unknown option 'q'")
    expect(() => readSearchRequest([{ limit: 0 }])).toThrow("'limit' must be an integer of at least 1")
    expect(() => readSearchRequest([{ offset: 1.5 }])).toThrow("'offset' must be an integer of at least 0")
    expect(() => readSearchRequest([{ query: 3 }])).toThrow("'query' must be a string")
  })
})

describe("suggest", () => {
  it("offers near spellings of a mistyped path", () => {
    expect(suggest(catalog, "tools.orders.lookpu", "lua")[0]).toBe("tools.orders.lookup")
    expect(suggest(catalog, "order.lookup", "lua")[0]).toBe("tools.orders.lookup")
    expect(suggest(catalog, "tools.shipment.track", "lua")[0]).toBe("tools.shipments.track")
    expect(suggest(catalog, "context7.resolve_library_id", "lua")[0]).toBe('tools.context7["resolve-library-id"]')
    expect(suggest(catalog, "tools.orders.lookpu", "lua")).toHaveLength(3)
  })

  it("builds the unknown-tool message", () => {
    expect(catalog.unknownToolMessage("tools.orders.lookpu", "lua")).toBe(
      "Unknown tool 'tools.orders.lookpu'. Did you mean: tools.orders.lookup, tools.customers.lookup, tools.inventory.products.lookup? Use search(...) to find tools.",
    )
    expect(Catalog.make({}).unknownToolMessage("tools.x", "lua")).toBe("Unknown tool 'tools.x'. Use search(...) to find tools.")
  })
})

describe("helpers for host instructions", () => {
  it("the search signatures name every option readSearchRequest accepts, in each language's notation", () => {
    for (const option of ["query", "namespace", "limit", "offset"]) {
      expect(searchSignature).toContain(`${option}?: `)
      expect(luaSearchSignature).toContain(`${option}? = `)
    }
    expect(readSearchRequest(["words", { namespace: "orders", limit: 2, offset: 1 }])).toEqual({ query: "words", namespace: "orders", limit: 2, offset: 1 })
    // search is synchronous (awaiting it works too), so its signature promises nothing
    expect(searchSignature).not.toContain("Promise")
  })

  it("toolExpression renders a canonical path the way each language calls it", () => {
    expect(toolExpression("orders.lookup")).toBe("tools.orders.lookup")
    expect(toolExpression("context7.resolve-library-id", "lua")).toBe('tools.context7["resolve-library-id"]')
    expect(toolExpression("jobs.end", "lua")).toBe('tools.jobs["end"]')
    expect(toolExpression("jobs.end", "javascript")).toBe("tools.jobs.end")
    expect(toolExpression(["a.b", "c"], "javascript")).toBe('tools["a.b"].c')
  })
})
