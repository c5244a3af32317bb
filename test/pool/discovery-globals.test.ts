/**
 * The discovery globals through the public API, on real workers, in both languages: `ALL_TOOLS`
 * (from the worker's snapshot, no host call), `searchTools` / `search_tools`, `describeTool` /
 * `describe_tool`, `describeNamespace` / `describe_namespace` (host calls counted like `search`),
 * identifier aliases, malformed requests, and what may not shadow them.
 */

import { Effect, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Extension, Namespace, Tool, WorkerPool, type Runtime } from "../../index.js"
import { storeTools } from "../catalog/fixtures.js"

const run = <R>(runtime: Runtime<R>, source: string) => Effect.runPromise(runtime.execute(source) as Effect.Effect<any>)

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1 })
afterAll(() => pool.close())

const lookup = Tool.make({
  description: "Look up an invoice by number\nAmounts are in cents",
  input: Schema.Struct({ number: Schema.String }),
  output: Schema.Struct({ total: Schema.Number }),
  execute: () => Effect.succeed({ total: 1200 }),
})

const tools = {
  ...storeTools,
  billing: Namespace.make({ description: "Invoices and payments", instructions: "Amounts are in cents", tools: { "invoice-lookup": lookup } }),
}
const toolCount = 30

describe("JavaScript discovery globals", () => {
  const runtime = CodeMode.make({ language: "javascript", tools, pool })

  it("ALL_TOOLS lists every tool's canonical name and description, without a host call", async () => {
    const result = await run(runtime, `return { count: ALL_TOOLS.length, first: ALL_TOOLS[0], last: ALL_TOOLS.at(-1), same: ALL_TOOLS === ALL_TOOLS }`)
    expect(result).toMatchObject({
      ok: true,
      value: {
        count: toolCount,
        first: { name: "orders.lookup", description: "Look up an order by its ID" },
        last: { name: "billing.invoice-lookup", description: "Look up an invoice by number\nAmounts are in cents" },
        same: true,
      },
      toolCalls: [],
    })
  })

  it("ALL_TOOLS is an ordinary, writable global of this execution", async () => {
    const result = await run(runtime, `ALL_TOOLS.push({ name: "x" }); const n = ALL_TOOLS.length; ALL_TOOLS = 7; return [n, ALL_TOOLS, typeof globalThis.ALL_TOOLS]`)
    expect(result.value).toEqual([toolCount + 1, 7, "number"])
    const again = await run(runtime, `return ALL_TOOLS.length`)
    expect(again.value).toBe(toolCount)
  })

  it("searchTools ranks by meaning, 8 results by default, with limit and namespace", async () => {
    const result = await run(runtime, `
      const all = await searchTools("")
      const cancel = await searchTools("cancel an order", { limit: 2 })
      const scoped = await searchTools("lookup", { namespace: "customers", limit: 50 })
      return { all: all.length, cancel, scoped: scoped.map((t) => t.name) }`)
    expect(result.ok).toBe(true)
    expect(result.value.all).toBe(8)
    expect(result.value.cancel).toHaveLength(2)
    expect(result.value.cancel[0]).toEqual({
      name: "orders.cancel",
      description: "Cancel an open order before it ships",
      signature: "tools.orders.cancel(input: { id: string }): Promise<void>",
    })
    expect(result.value.scoped[0]).toBe("customers.lookup")
    expect(result.value.scoped.every((name: string) => name.startsWith("customers."))).toBe(true)
    expect(result.toolCalls.map((c: any) => [c.kind, c.name, c.status])).toEqual([
      ["search", "searchTools", "success"],
      ["search", "searchTools", "success"],
      ["search", "searchTools", "success"],
    ])
  })

  it("describeTool takes a canonical name, an expression or an identifier alias", async () => {
    const result = await run(runtime, `
      return [
        await describeTool("billing.invoice-lookup"),
        await describeTool('tools.billing["invoice-lookup"]'),
        await describeTool("billing.invoice_lookup"),
        await describeTool("tools.billing.invoice_lookup"),
        await describeTool("billing.nope"),
        await describeTool("billing"),
      ].map((d) => d === undefined ? "undefined" : d)`)
    const declaration =
      '// Look up an invoice by number\n// Amounts are in cents\ntools.billing["invoice-lookup"](input: { number: string }): Promise<{ total: number }>'
    expect(result.value).toEqual([declaration, declaration, declaration, declaration, "undefined", "undefined"])
  })

  it("describeNamespace gives description, instructions and the tools' expressions", async () => {
    const result = await run(runtime, `return [await describeNamespace("billing"), await describeNamespace("shipments.carriers"), await describeNamespace("nope") === undefined]`)
    expect(result.value).toEqual([
      {
        name: "billing",
        description: "Invoices and payments",
        instructions: "Amounts are in cents",
        tools: ['tools.billing["invoice-lookup"]'],
        namespaces: [],
      },
      { name: "shipments.carriers", tools: ["tools.shipments.carriers.list"], namespaces: [] },
      true,
    ])
  })

  it("a malformed request rejects with a message saying how to ask", async () => {
    const result = await run(runtime, `
      const messages = []
      for (const call of [() => searchTools(42), () => searchTools("x", { limits: 3 }), () => searchTools("x", { namespace: "nope" }), () => describeTool(1)]) {
        try { await call() } catch (e) { messages.push(e.message) }
      }
      return messages`)
    expect(result.value).toEqual([
      'Invalid searchTools request: the query must be a string. Call searchTools("words", { limit: 5, namespace: "orders" }).',
      "Invalid searchTools request: unknown option 'limits'. Call searchTools(\"words\", { limit: 5, namespace: \"orders\" }).",
      "Unknown namespace 'nope'. Known namespaces: orders, customers, shipments, inventory, context7, billing.",
      "describeTool expects a name string (a tool or namespace path), got number",
    ])
    expect(result.toolCalls.map((c: any) => c.status)).toEqual(["failure", "failure", "failure", "failure"])
  })

  it("discovery calls count toward maxToolCalls, like search", async () => {
    const limited = CodeMode.make({ language: "javascript", tools, pool, limits: { maxToolCalls: 2 } })
    const result = await run(limited, `await describeTool("orders.lookup"); await searchTools("order"); await describeNamespace("orders")`)
    expect(result.ok).toBe(false)
    expect(result.error.kind).toBe("ToolCallLimitExceeded")
    expect(result.error.message).toContain("call 3 (describeNamespace)")
  })
})

describe("Lua discovery globals", () => {
  const runtime = CodeMode.make({ language: "lua", tools, pool })

  it("ALL_TOOLS lists every tool, also through _G", async () => {
    const result = await run(runtime, `
      local direct = ALL_TOOLS
      local viaG = _G["ALL" .. "_TOOLS"]
      return { count = #direct, first = direct[1], last = viaG[#viaG] }`)
    expect(result).toMatchObject({
      ok: true,
      value: {
        count: toolCount,
        first: { name: "orders.lookup", description: "Look up an order by its ID" },
        last: { name: "billing.invoice-lookup" },
      },
      toolCalls: [],
    })
  })

  it("an empty catalog's ALL_TOOLS is an empty JSON array", async () => {
    const empty = CodeMode.make({ language: "lua", pool })
    expect((await run(empty, "return ALL_TOOLS")).value).toEqual([])
  })

  it("search_tools, describe_tool and describe_namespace answer in Lua notation", async () => {
    const result = await run(runtime, `
      local found = search_tools("refund a paid order", { limit = 3 })
      return {
        count = #found,
        best = found[1],
        default = #search_tools(""),
        tool = describe_tool("tools.billing.invoice_lookup"),
        missing = describe_tool("orders.nope") == nil,
        ns = describe_namespace("tools.billing"),
        unknown = describe_namespace("nope") == nil,
      }`)
    expect(result.ok).toBe(true)
    expect(result.value).toEqual({
      count: 3,
      best: { name: "orders.refund", description: "Refund all or part of a paid order", signature: "tools.orders.refund({ id = string })" },
      default: 8,
      tool: '-- Look up an invoice by number\n-- Amounts are in cents\ntools.billing["invoice-lookup"]({ number = string }) -> { total = number }',
      missing: true,
      ns: {
        name: "billing",
        description: "Invoices and payments",
        instructions: "Amounts are in cents",
        tools: ['tools.billing["invoice-lookup"]'],
        namespaces: [],
      },
      unknown: true,
    })
    expect(result.toolCalls.map((c: any) => c.name)).toEqual([
      "search_tools",
      "search_tools",
      "describe_tool",
      "describe_tool",
      "describe_namespace",
      "describe_namespace",
    ])
  })

  it("a malformed request is a catchable error; calls count toward maxToolCalls", async () => {
    const result = await run(runtime, `
      local ok, message = pcall(search_tools, "x", { limit = 0 })
      return { ok = ok, message = message }`)
    expect(result.value).toEqual({
      ok: false,
      message: 'Invalid search_tools request: \'limit\' must be an integer of at least 1. Call search_tools("words", { limit = 5, namespace = "orders" }).',
    })
    const limited = CodeMode.make({ language: "lua", tools, pool, limits: { maxToolCalls: 1 } })
    const stopped = await run(limited, `describe_tool("orders.lookup"); return describe_namespace("orders")`)
    expect(stopped.error.kind).toBe("ToolCallLimitExceeded")
  })
})

describe("shadowing", () => {
  it("an extension cannot take a discovery global's name, in either language", () => {
    const js = Extension.make({ name: "mine", globals: { describeTool: () => 1 } })
    expect(() => CodeMode.make({ language: "javascript", extensions: [js], pool })).toThrow(/would shadow the built-in 'describeTool'/)
    const all = Extension.make({ name: "mine", globals: { ALL_TOOLS: () => 1 } })
    expect(() => CodeMode.make({ language: "javascript", extensions: [all], pool })).toThrow(/would shadow the built-in 'ALL_TOOLS'/)
    const lua = Extension.lua({ name: "mine", globals: { search_tools: () => Effect.succeed(1) } })
    expect(() => CodeMode.make({ language: "lua", extensions: [lua], pool })).toThrow(/would shadow the built-in 'search_tools'/)
  })

  it("a tool namespace of the same name lives under tools and shadows nothing", async () => {
    const runtime = CodeMode.make({ language: "javascript", tools: { searchTools: { run: lookup } }, pool })
    const result = await run(runtime, `return [typeof searchTools, ALL_TOOLS[0].name, (await tools.searchTools.run({ number: "1" })).total]`)
    expect(result.value).toEqual(["function", "searchTools.run", 1200])
  })
})
