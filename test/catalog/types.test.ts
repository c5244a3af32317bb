import { Context, Data, Effect, Schema } from "effect"
import { describe, expect, expectTypeOf, it } from "vitest"
import { decodeInput, decodeOutput, type InvalidToolInput, Namespace, Tool, type ToolErrors, type ToolRequirements, type ToolTree } from "../../catalog/index.js"
import type { DataValue } from "../../protocol/data.js"

class OrdersDb extends Context.Service<OrdersDb, { readonly find: (id: string) => Effect.Effect<string> }>()("test/OrdersDb") {}
class Mailer extends Context.Service<Mailer, { readonly send: (to: string) => Effect.Effect<void> }>()("test/Mailer") {}
class NotFound extends Data.TaggedError("NotFound")<{ readonly id: string }> {}

const lookup = Tool.make({
  description: "Look up an order",
  input: Schema.Struct({ id: Schema.String }),
  output: Schema.Struct({ id: Schema.String, status: Schema.String }),
  execute: ({ id }) =>
    Effect.gen(function* () {
      const db = yield* OrdersDb
      const status = yield* db.find(id)
      if (status === "") return yield* new NotFound({ id })
      return { id, status }
    }),
})

const notify = Tool.make({
  description: "Email a customer",
  input: { type: "object", properties: { to: { type: "string" } } },
  execute: (input: { to: string }) =>
    Effect.gen(function* () {
      const mailer = yield* Mailer
      yield* mailer.send(input.to)
    }),
})

const ping = Tool.make({ description: "Ping", input: Schema.Struct({}), execute: () => Effect.succeed("pong") })

describe("types flow from tools to the tree", () => {
  it("Tool.make infers input, output, error and requirements", () => {
    expectTypeOf(lookup.execute).parameter(0).toEqualTypeOf<{ readonly id: string }>()
    expectTypeOf(lookup.execute).returns.toEqualTypeOf<
      Effect.Effect<{ readonly id: string; readonly status: string }, NotFound, OrdersDb>
    >()
    expectTypeOf<ToolRequirements<typeof ping>>().toEqualTypeOf<never>()
    expectTypeOf<ToolRequirements<typeof notify>>().toEqualTypeOf<Mailer>()
  })

  it("a tree's requirements are the union of its tools', through records and namespaces", () => {
    const tools = {
      orders: Namespace.make({ description: "Orders", tools: { lookup, "deep.ping": ping } }),
      customers: { notify },
    }
    expectTypeOf(tools).toExtend<ToolTree>()
    expectTypeOf<ToolRequirements<typeof tools>>().toEqualTypeOf<OrdersDb | Mailer>()
    expectTypeOf<ToolRequirements<{ a: { b: { c: typeof ping } } }>>().toEqualTypeOf<never>()
    expectTypeOf<ToolErrors<typeof tools>>().toEqualTypeOf<NotFound | never>()
  })

  it("the runtime helpers keep the tool's types", () => {
    expectTypeOf(decodeInput(lookup, {})).toEqualTypeOf<Effect.Effect<{ readonly id: string }, InvalidToolInput, OrdersDb>>()
    expectTypeOf(decodeOutput(lookup, {})).toExtend<Effect.Effect<DataValue, unknown, OrdersDb>>()
  })

  it("an execute that returns the wrong output does not compile", () => {
    Tool.make({
      description: "bad",
      input: Schema.Struct({}),
      output: Schema.Struct({ n: Schema.Number }),
      // @ts-expect-error the output schema wants a number
      execute: () => Effect.succeed({ n: "one" }),
    })
    expect(true).toBe(true)
  })
})
