/**
 * `runtime.instructions`: the text a host puts in its `execute` tool description. The whole text is
 * snapshotted per language and budget (`__snapshots__/instructions/`), so any change in what a model
 * reads shows in review; the rules the snapshots rely on (every namespace named, fair filling,
 * the budget kept, determinism, bad options refused) are asserted on their own as well.
 */

import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Catalog, estimateTokens, InstructionsMessages, Namespace, renderInstructions, Tool } from "../../catalog/index.js"
import { CodeMode } from "../../index.js"
import { storeTools } from "./fixtures.js"

/** Tools in three namespaces of unequal size, plus one outside any namespace. */
const many = (prefix: string, count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `${prefix}_${i + 1}`,
      Tool.make({
        description: `Step ${i + 1} of the ${prefix} workflow: reads one record and returns its fields`,
        input: Schema.Struct({ id: Schema.String, verbose: Schema.optional(Schema.Boolean) }),
        output: Schema.Struct({ id: Schema.String, fields: Schema.Array(Schema.String) }),
        execute: () => Effect.succeed({ id: "x", fields: [] }),
      }),
    ]),
  )
const unevenTools = {
  big: Namespace.make({ description: "A namespace with many tools", tools: many("big", 30) }),
  small: Namespace.make({ description: "A namespace with two tools", tools: many("small", 2) }),
  plain: many("plain", 3),
  ping: Tool.make({ description: "Check that the service answers", input: Schema.Struct({}), execute: () => Effect.succeed("pong") }),
}

const toolsSection = (text: string) => text.slice(text.indexOf("## Tools\n") + "## Tools\n".length)
const budgets = [0, 150, undefined] as const

describe("instructions", () => {
  for (const language of ["javascript", "lua"] as const) {
    for (const budget of budgets) {
      it(`${language}, inline budget ${budget ?? "default"} (snapshot)`, async () => {
        const text = renderInstructions(Catalog.make(storeTools), language, budget === undefined ? {} : { inlineBudget: budget })
        await expect(text).toMatchFileSnapshot(`__snapshots__/instructions/store-${language}-${budget ?? "default"}.txt`)
      })
    }
    it(`${language}, uneven namespaces, inline budget 400 (snapshot)`, async () => {
      const text = renderInstructions(Catalog.make(unevenTools), language, { inlineBudget: 400 })
      await expect(text).toMatchFileSnapshot(`__snapshots__/instructions/uneven-${language}-400.txt`)
    })
  }

  it("names every namespace even when no tool fits, and says how to find the rest", () => {
    const catalog = Catalog.make(storeTools)
    const tools = toolsSection(renderInstructions(catalog, "javascript", { inlineBudget: 0 }))
    for (const name of ["orders", "customers", "shipments"]) expect(tools).toContain(`// ${name}: `)
    expect(tools).not.toContain("tools.orders.lookup(")
    expect(tools).toContain(InstructionsMessages.omitted(catalog.entries.length, catalog.entries.length, 'await searchTools("what you need")'))
  })

  it("keeps the tools section within the budget and fills namespaces fairly", () => {
    const catalog = Catalog.make(unevenTools)
    // The namespace headers are always there; the budget bounds everything beyond them.
    const least = estimateTokens(toolsSection(renderInstructions(catalog, "lua", { inlineBudget: 0 })))
    for (const budget of [100, 250, 600, 1_500]) {
      const tools = toolsSection(renderInstructions(catalog, "lua", { inlineBudget: budget }))
      expect(estimateTokens(tools)).toBeLessThanOrEqual(Math.max(budget, least))
      const shown = (prefix: string) => (tools.match(new RegExp(`^tools\\.(?:${prefix}\\.)?${prefix}_\\d+\\(`, "gm")) ?? []).length
      // Round-robin: the big namespace never gets more than one tool ahead of one that has more left.
      if (shown("small") < 2) expect(shown("big")).toBeLessThanOrEqual(shown("small") + 1)
      if (shown("plain") < 3) expect(shown("big")).toBeLessThanOrEqual(shown("plain") + 1)
      // Best first: the tools shown are each namespace's first ones, in order.
      const bigShown = [...tools.matchAll(/^tools\.big\.big_(\d+)\(/gm)].map((match) => Number(match[1]))
      expect(bigShown).toEqual(bigShown.map((_, i) => i + 1))
    }
  })

  it("shows every tool when the budget holds them all, with no omitted line", () => {
    const tools = toolsSection(renderInstructions(Catalog.make(storeTools), "javascript", { inlineBudget: 100_000 }))
    expect(tools).not.toContain("not shown here")
    expect(tools).toContain("tools.shipments.lookup(")
  })

  it("is deterministic", () => {
    const render = () => renderInstructions(Catalog.make(unevenTools), "javascript", { inlineBudget: 700 })
    expect(render()).toBe(render())
  })

  it("says so when there are no tools", () => {
    expect(toolsSection(renderInstructions(Catalog.make({}), "lua"))).toBe(InstructionsMessages.noTools())
  })

  it("refuses bad options with the key named", () => {
    const catalog = Catalog.make(storeTools)
    expect(() => renderInstructions(catalog, "lua", { inlineBudget: -1 })).toThrow(new RangeError(InstructionsMessages.badBudget(-1)))
    expect(() => renderInstructions(catalog, "lua", { inlineBudget: 1.5 })).toThrow(RangeError)
    expect(() => renderInstructions(catalog, "lua", { inline_budget: 10 } as never)).toThrow(new TypeError(InstructionsMessages.unknownOption("inline_budget")))
    expect(() => renderInstructions(catalog, "lua", null as never)).toThrow(TypeError)
  })

  it("is on the runtime, in the runtime's language", async () => {
    const runtime = CodeMode.make({ language: "lua", tools: storeTools })
    try {
      expect(runtime.instructions({ inlineBudget: 60 })).toBe(renderInstructions(Catalog.make(storeTools), "lua", { inlineBudget: 60 }))
      expect(runtime.instructions()).toContain("search_tools(")
      expect(runtime.instructions()).not.toContain("## Models")
    } finally {
      await runtime.close()
    }
  })
})
