import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Catalog, identifierSegment, Namespace, Tool } from "../../catalog/index.js"
import { storeTools } from "./fixtures.js"

const tool = (description: string) =>
  Tool.make({ description, input: Schema.Struct({ id: Schema.String }), execute: () => Effect.void })

describe("identifier aliases", () => {
  it("normalise punctuation to _ per language", () => {
    expect(identifierSegment("resolve-library-id", "javascript")).toBe("resolve_library_id")
    expect(identifierSegment("lookup", "lua")).toBe("lookup")
    expect(identifierSegment("7zip", "lua")).toBe("_7zip")
    expect(identifierSegment("end", "lua")).toBe("_end")
    expect(identifierSegment("end", "javascript")).toBe("end")
    expect(identifierSegment("größen-übersicht", "javascript")).toBe("großen_ubersicht")
    expect(identifierSegment("größen_übersicht", "javascript")).toBe("größen_übersicht")
    expect(identifierSegment("größen_übersicht", "lua")).toBe("gro_en_ubersicht")
    expect(identifierSegment("a+b", "lua")).toBe("a_b")
  })

  it("map identifier paths to canonical ones, namespaces included", () => {
    const catalog = Catalog.make({ "my-ns": { "get-item": tool("x"), plain: tool("y") }, ok: { "a.b": tool("z") } })
    expect(Object.fromEntries(catalog.identifierAliases("javascript"))).toEqual({
      "my_ns.get_item": "my-ns.get-item",
      "my_ns.plain": "my-ns.plain",
      my_ns: "my-ns",
    })
    expect(catalog.lookup("tools.my_ns.get_item")?.path).toBe("my-ns.get-item")
    expect(catalog.lookup("my_ns.plain")?.path).toBe("my-ns.plain")
    expect(catalog.namespace("tools.my_ns")?.path).toBe("my-ns")
  })

  it("never shadow a declared name", () => {
    const catalog = Catalog.make({
      "get-item": tool("dashed"),
      get_item: tool("declared with underscores"),
      "x-y": tool("would alias to a namespace"),
      x_y: { inner: tool("declared namespace") },
      "t-t": { q: tool("would pass through a tool") },
      t_t: tool("declared tool"),
    })
    const aliases = catalog.identifierAliases("javascript")
    expect(aliases.has("get_item")).toBe(false)
    expect(aliases.has("x_y")).toBe(false)
    expect(aliases.has("t_t.q")).toBe(false)
    expect(catalog.lookup("get_item")?.tool.description).toBe("declared with underscores")
    expect(catalog.lookup("get-item")?.tool.description).toBe("dashed")
  })

  it("are dropped when two names normalise alike", () => {
    const catalog = Catalog.make({ "a-b": tool("dash"), "a+b": tool("plus"), "c-d": tool("alone") })
    expect([...catalog.identifierAliases("lua").keys()]).toEqual(["c_d"])
    expect(catalog.lookup("a_b")).toBeUndefined()
  })

  it("differ per language where identifiers differ", () => {
    const catalog = Catalog.make({ lager: { "größen_übersicht": tool("sizes"), end: tool("finish") } })
    expect(Object.fromEntries(catalog.identifierAliases("javascript"))).toEqual({})
    expect(Object.fromEntries(catalog.identifierAliases("lua"))).toEqual({
      "lager.gro_en_ubersicht": "lager.größen_übersicht",
      "lager._end": "lager.end",
    })
    expect(catalog.lookup("tools.lager.gro_en_ubersicht")?.path).toBe("lager.größen_übersicht")
  })
})

describe("describeTool", () => {
  const catalog = Catalog.make(storeTools)

  it("accepts a canonical path, an expression or a script identifier", () => {
    const expected = {
      path: "context7.resolve-library-id",
      expression: 'tools.context7["resolve-library-id"]',
      description: "Resolve a package name to a Context7 library ID",
      signature: 'tools.context7["resolve-library-id"](input: { id: string }): Promise<void>',
    }
    expect(catalog.describeTool("context7.resolve-library-id", "javascript")).toEqual(expected)
    expect(catalog.describeTool('tools.context7["resolve-library-id"]', "javascript")).toEqual(expected)
    expect(catalog.describeTool("context7.resolve_library_id", "javascript")).toEqual(expected)
    expect(catalog.describeTool("tools.context7.resolve_library_id", "lua")).toEqual({
      ...expected,
      expression: 'tools.context7["resolve-library-id"]',
      signature: 'tools.context7["resolve-library-id"]({ id = string })',
    })
  })

  it("is undefined for a name that is no tool, namespaces included", () => {
    expect(catalog.describeTool("orders.nope", "lua")).toBeUndefined()
    expect(catalog.describeTool("orders", "lua")).toBeUndefined()
    expect(catalog.describeTool("", "lua")).toBeUndefined()
  })
})

describe("describeNamespace", () => {
  const catalog = Catalog.make({
    ...storeTools,
    "my-ns": Namespace.make({ description: "Dashed", instructions: "Be careful", tools: { "do-it": tool("does it") } }),
  })

  it("gives description, instructions, tool expressions and child namespaces", () => {
    expect(catalog.describeNamespace("tools.orders", "lua")).toEqual({
      path: "orders",
      description: "Purchases, fulfilment, refunds and order history",
      tools: [
        "tools.orders.lookup",
        "tools.orders.list",
        "tools.orders.search",
        "tools.orders.cancel",
        "tools.orders.refund",
        'tools.orders["update-address"]',
        "tools.orders.history",
        "tools.orders.notes.add",
        "tools.orders.notes.list",
      ],
      namespaces: ["orders.notes"],
    })
    expect(catalog.describeNamespace("my_ns")).toEqual({
      path: "my-ns",
      description: "Dashed",
      instructions: "Be careful",
      tools: ['tools["my-ns"]["do-it"]'],
      namespaces: [],
    })
  })

  it("describes implied levels and is undefined for unknown names and tools", () => {
    expect(catalog.describeNamespace("inventory")).toEqual({
      path: "inventory",
      tools: [
        "tools.inventory.stock.lookup",
        "tools.inventory.stock.adjust",
        "tools.inventory.products.search",
        "tools.inventory.products.lookup",
      ],
      namespaces: ["inventory.stock", "inventory.products"],
    })
    expect(catalog.describeNamespace("billing")).toBeUndefined()
    expect(catalog.describeNamespace("orders.lookup")).toBeUndefined()
  })
})
