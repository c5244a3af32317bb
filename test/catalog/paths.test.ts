import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Catalog, flattenTools, Namespace, referenceCandidates, Tool, toolExpression } from "../../catalog/index.js"

const tool = (description: string) =>
  Tool.make({ description, input: Schema.Struct({}), execute: () => Effect.void })

describe("flattenTools", () => {
  it("turns nested records and namespaces into paths, in declaration order", () => {
    const lookup = tool("Look up an order")
    const flat = flattenTools({
      orders: Namespace.make({
        description: "Purchases and fulfilment",
        tools: { lookup, refunds: { create: tool("Refund an order") } },
      }),
      ping: tool("Ping"),
    })
    expect(flat.entries.map((entry) => entry.path)).toEqual(["orders.lookup", "orders.refunds.create", "ping"])
    expect(flat.entries[0].tool).toBe(lookup)
    expect(flat.entries[1].segments).toEqual(["orders", "refunds", "create"])
    expect(flat.entries[1].namespaces.map((info) => [info.path, info.description])).toEqual([
      ["orders", "Purchases and fulfilment"],
      ["orders.refunds", undefined],
    ])
    expect(flat.entries[2].namespaces).toEqual([])
    expect(flat.namespaces.map((info) => info.path)).toEqual(["orders", "orders.refunds"])
  })

  it("splits dotted keys into nested paths", () => {
    const flat = flattenTools({ "a.b": tool("x"), a: { c: tool("y") }, "d.e.f": Namespace.make({ description: "F", tools: { g: tool("z") } }) })
    expect(flat.entries.map((entry) => entry.path)).toEqual(["a.b", "a.c", "d.e.f.g"])
    expect(flat.entries[2].namespaces.map((info) => [info.path, info.description])).toEqual([
      ["d", undefined],
      ["d.e", undefined],
      ["d.e.f", "F"],
    ])
  })

  it("keeps keys that need brackets", () => {
    const flat = flattenTools({ context7: { "resolve-library-id": tool("Resolve"), end: tool("End"), "日本": tool("JP") } })
    expect(flat.entries.map((entry) => entry.path)).toEqual(["context7.resolve-library-id", "context7.end", "context7.日本"])
  })

  it("accepts a Namespace as the whole tree", () => {
    expect(flattenTools(Namespace.make({ tools: { a: tool("a") } })).entries.map((entry) => entry.path)).toEqual(["a"])
  })

  it("rejects keys that cannot be addressed, naming them", () => {
    expect(() => flattenTools({ "": tool("x") })).toThrow("Invalid tool key at tools: a key cannot be empty")
    expect(() => flattenTools({ orders: { "a..b": tool("x") } })).toThrow(
      'Invalid tool key "a..b" at tools.orders: a dotted key cannot have an empty segment',
    )
    expect(() => flattenTools({ ".a": tool("x") })).toThrow('Invalid tool key ".a" at tools: a dotted key cannot have an empty segment')
    expect(() => flattenTools({ "look up": tool("x") })).toThrow(
      'Invalid tool key "look up" at tools: whitespace cannot appear in a tool path',
    )
    expect(() => flattenTools({ 'say"hi': tool("x") })).toThrow(
      'Invalid tool key "say\\"hi" at tools: the character "\\"" cannot appear in a tool path',
    )
    expect(() => flattenTools({ "a[0]": tool("x") })).toThrow('Invalid tool key "a[0]" at tools: the character "[" cannot appear in a tool path')
    expect(() => flattenTools({ "bell\u0007": tool("x") })).toThrow("the control character U+0007 cannot appear in a tool path")
    expect(() => flattenTools({ "x\uD800": tool("x") })).toThrow("a lone surrogate cannot appear in a tool path")
  })

  it("rejects two keys that name the same path", () => {
    expect(() => flattenTools({ "a.b": tool("x"), a: { b: tool("y") } })).toThrow(
      "Duplicate tool path 'a.b': two keys name the same tool after dots are split",
    )
  })

  it("rejects a path that is both a tool and a namespace, in either order", () => {
    expect(() => flattenTools({ a: tool("x"), "a.b": tool("y") })).toThrow("Tool path 'a' is both a tool and a namespace")
    expect(() => flattenTools({ "a.b": tool("y"), a: tool("x") })).toThrow("Tool path 'a' is both a tool and a namespace")
  })

  it("rejects a namespace declared twice", () => {
    expect(() =>
      flattenTools({ "x.a": Namespace.make({ description: "1", tools: {} }), x: { a: Namespace.make({ description: "2", tools: {} }) } }),
    ).toThrow("Namespace 'x.a' is declared twice with Namespace.make; merge the two declarations")
  })

  it("rejects values that are not tools, namespaces or records", () => {
    expect(() => flattenTools({ orders: { lookup: (() => 1) as never } })).toThrow(
      "Invalid entry at tools.orders.lookup: expected a Tool (Tool.make), a Namespace (Namespace.make) or a record of tools, got a function",
    )
    expect(() => flattenTools({ list: [] as never })).toThrow("got an array")
    expect(() => flattenTools({ n: 3 as never })).toThrow("got number 3")
  })
})

describe("toolExpression", () => {
  it("dots identifiers and brackets everything else", () => {
    expect(toolExpression("orders.lookup", "lua")).toBe("tools.orders.lookup")
    expect(toolExpression("orders.lookup", "javascript")).toBe("tools.orders.lookup")
    expect(toolExpression(["context7", "resolve-library-id"], "lua")).toBe('tools.context7["resolve-library-id"]')
    expect(toolExpression(["context7", "resolve-library-id"], "javascript")).toBe('tools.context7["resolve-library-id"]')
    expect(toolExpression(["v2", "3d"], "javascript")).toBe('tools.v2["3d"]')
  })

  it("brackets Lua keywords in Lua only", () => {
    expect(toolExpression(["flow", "end"], "lua")).toBe('tools.flow["end"]')
    expect(toolExpression(["flow", "function"], "lua")).toBe('tools.flow["function"]')
    expect(toolExpression(["flow", "end"], "javascript")).toBe("tools.flow.end")
    expect(toolExpression(["flow", "delete"], "javascript")).toBe("tools.flow.delete")
  })

  it("uses Unicode identifiers in JavaScript, brackets in Lua", () => {
    expect(toolExpression(["café", "menu"], "javascript")).toBe("tools.café.menu")
    expect(toolExpression(["café", "menu"], "lua")).toBe('tools["café"].menu')
  })

  it("defaults to JavaScript", () => {
    expect(toolExpression("a.end")).toBe("tools.a.end")
  })
})

describe("referenceCandidates and lookup", () => {
  it("reads dotted paths, expressions and bracket forms", () => {
    expect(referenceCandidates("orders.lookup")).toEqual(["orders.lookup"])
    expect(referenceCandidates("tools.orders.lookup")).toEqual(["tools.orders.lookup", "orders.lookup"])
    expect(referenceCandidates(' tools.context7["resolve-library-id"] ')).toEqual([
      "tools.context7.resolve-library-id",
      "context7.resolve-library-id",
    ])
    expect(referenceCandidates("tools['a']['b c']")).toEqual(["tools.a.b c", "a.b c"])
    expect(referenceCandidates("tools.orders.lookup({ id = 1 })")).toEqual(["tools.orders.lookup", "orders.lookup"])
    expect(referenceCandidates("tools..x")).toEqual([])
    expect(referenceCandidates('tools["x')).toEqual([])
    expect(referenceCandidates("")).toEqual([])
  })

  it("finds a tool by any of its spellings, and a top-level namespace called tools", () => {
    const catalog = Catalog.make({
      orders: { lookup: tool("Look up") },
      context7: { "resolve-library-id": tool("Resolve") },
      tools: { list: tool("List tools") },
    })
    expect(catalog.lookup("orders.lookup")?.path).toBe("orders.lookup")
    expect(catalog.lookup("tools.orders.lookup")?.path).toBe("orders.lookup")
    expect(catalog.lookup('tools.context7["resolve-library-id"]')?.path).toBe("context7.resolve-library-id")
    expect(catalog.lookup("context7.resolve-library-id")?.path).toBe("context7.resolve-library-id")
    expect(catalog.lookup("tools.list")?.path).toBe("tools.list")
    expect(catalog.lookup("tools.tools.list")?.path).toBe("tools.list")
    expect(catalog.lookup("orders")).toBeUndefined()
    expect(catalog.namespace("tools.orders")?.path).toBe("orders")
  })
})
