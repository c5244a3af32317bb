import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Catalog, Namespace, Tool } from "../../catalog/index.js"
import { storeTools } from "./fixtures.js"

describe("Catalog", () => {
  const catalog = Catalog.make(storeTools)

  it("lists every tool as a descriptor with its signature in the language asked", () => {
    const [first] = catalog.descriptors("lua")
    expect({ ...first }).toEqual({
      path: "orders.lookup",
      description: "Look up an order by its ID",
      signature: "tools.orders.lookup({ id = string })",
    })
    const resolve = catalog.descriptors("javascript").find((descriptor) => descriptor.path === "context7.resolve-library-id")
    expect(resolve?.signature).toBe('tools.context7["resolve-library-id"](input: { id: string }): Promise<void>')
    expect(catalog.descriptors("lua")).toBe(catalog.descriptors("lua"))
    expect(JSON.parse(JSON.stringify(catalog.descriptors("lua")))).toHaveLength(catalog.entries.length)
  })

  it("renders a signature only when it is read, and once", () => {
    let reads = 0
    const input = {
      type: "object",
      get properties() {
        reads++
        return { id: { type: "string" } }
      },
    }
    const lazy = Catalog.make({ a: Tool.make({ description: "counted", input, execute: () => Effect.void }) })
    const descriptors = lazy.descriptors("lua")
    expect(lazy.search({ query: "unrelated words" }, "lua").total).toBe(0)
    expect(reads).toBe(0)
    expect(descriptors[0].signature).toBe("tools.a({ id? = string })")
    const afterFirst = reads
    expect(afterFirst).toBeGreaterThan(0)
    expect(descriptors[0].signature).toBe("tools.a({ id? = string })")
    expect(lazy.signature(lazy.entries[0], "lua")).toBe("tools.a({ id? = string })")
    expect(reads).toBe(afterFirst)
  })

  it("ranking renders no signature; only the returned page pays for its signatures", () => {
    const reads = new Set<string>()
    const counted = (name: string) =>
      Tool.make({
        description: `Look up ${name} records`,
        input: {
          type: "object",
          get properties() {
            reads.add(name)
            return { id: { type: "string" } }
          },
        },
        execute: () => Effect.void,
      })
    const names = Array.from({ length: 40 }, (_, index) => `thing${index}`)
    const lazy = Catalog.make(Object.fromEntries(names.map((name) => [name, counted(name)])))
    expect(Catalog.rank(lazy, "look up records")).toHaveLength(40)
    expect(lazy.suggest("tools.thing1x", "lua")).toHaveLength(3)
    expect(reads.size).toBe(0)
    const page = lazy.search({ query: "look up records", limit: 2 }, "javascript")
    expect(page.total).toBe(40)
    expect([...reads].sort()).toEqual(page.results.map((hit) => hit.path.replace("tools.", "")).sort())
  })

  it("has an id unique in the process", () => {
    const other = Catalog.make(storeTools)
    expect(other.id).not.toBe(catalog.id)
    expect(Number.isInteger(catalog.id)).toBe(true)
  })

  it("snapshots the plain data a worker needs, and nothing else", () => {
    const snapshot = Catalog.make({
      orders: Namespace.make({ description: "Purchases", instructions: "Look up before refunding", tools: { lookup: storeTools.orders.tools.lookup } }),
      "x.y": storeTools.customers.tools.create,
    }).snapshot()
    expect(snapshot.tools).toEqual([
      { path: "orders.lookup", segments: ["orders", "lookup"], description: "Look up an order by its ID" },
      { path: "x.y", segments: ["x", "y"], description: "Create a customer record" },
    ])
    expect(snapshot.namespaces).toEqual([
      { path: "orders", segments: ["orders"], description: "Purchases", instructions: "Look up before refunding" },
      { path: "x", segments: ["x"] },
    ])
    expect(structuredClone(snapshot)).toEqual(snapshot)
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot)
  })

  it("finds namespaces and the tools under them", () => {
    expect(catalog.namespace("orders")?.description).toBe("Purchases, fulfilment, refunds and order history")
    expect(catalog.namespace("tools.customers.addresses")?.description).toBeUndefined()
    expect(catalog.toolsIn("orders.notes").map((entry) => entry.path)).toEqual(["orders.notes.add", "orders.notes.list"])
  })

  it("builds a catalog of 5,000 tools quickly and searches it", () => {
    const tools: Record<string, unknown> = {}
    for (let index = 0; index < 5_000; index++) {
      tools[`ns${index % 50}.group${index % 7}.tool${index}`] = Tool.make({
        description: `Tool number ${index} of namespace ${index % 50}`,
        input: Schema.Struct({ id: Schema.String }),
        execute: () => Effect.void,
      })
    }
    const big = Catalog.make(tools as never)
    expect(big.entries).toHaveLength(5_000)
    const result = big.search({ query: "tool4321" }, "lua")
    expect(result.results[0].path).toBe("tools.ns21.group2.tool4321")
  })
})
