import { Effect, Exit, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { decodeInput, decodeOutput, InvalidToolInput, InvalidToolOutput, Namespace, Tool } from "../../catalog/index.js"

const lookup = Tool.make({
  description: "Look up an order by ID",
  input: Schema.Struct({ id: Schema.String, limit: Schema.optional(Schema.Int) }),
  output: Schema.Struct({ id: Schema.String, status: Schema.Literals(["open", "closed"]) }),
  execute: ({ id }) => Effect.succeed({ id, status: "open" as const }),
})

const failure = <A, E>(effect: Effect.Effect<A, E>): E => {
  const exit = Effect.runSync(Effect.exit(effect))
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")
  if (error === undefined || error._tag !== "Fail") throw new Error("expected a typed failure")
  return error.error
}

describe("Tool.make", () => {
  it("keeps description, schemas and execute", () => {
    expect(Tool.is(lookup)).toBe(true)
    expect(lookup.description).toBe("Look up an order by ID")
    expect(Schema.isSchema(lookup.input)).toBe(true)
    expect(Tool.is({ description: "x" })).toBe(false)
    expect(Object.isFrozen(lookup)).toBe(true)
  })

  it("rejects malformed options at once", () => {
    const execute = () => Effect.void
    expect(() => Tool.make({ description: 42, input: {}, execute } as never)).toThrow(
      "Tool.make: 'description' must be a string",
    )
    expect(() => Tool.make({ description: "x", input: [], execute } as never)).toThrow(
      "Tool.make: 'input' must be an Effect Schema, a Standard Schema (zod 4, valibot, arktype) or a JSON Schema object, got an array",
    )
    expect(() => Tool.make({ description: "x", input: {}, output: "string", execute } as never)).toThrow(
      "Tool.make: 'output' must be an Effect Schema, a Standard Schema (zod 4, valibot, arktype) or a JSON Schema object, got string",
    )
    expect(() => Tool.make({ description: "x", input: {}, execute: "run" as never })).toThrow(
      "Tool.make: 'execute' must be a function returning an Effect",
    )
  })
})

describe("decodeInput with an Effect Schema", () => {
  it("decodes valid input to the schema's type", () => {
    expect(Effect.runSync(decodeInput(lookup, { id: "order_42", limit: 3 }))).toEqual({ id: "order_42", limit: 3 })
  })

  it("names the bad field and quotes the value", () => {
    const error = failure(decodeInput(lookup, { id: 42 }))
    expect(error).toBeInstanceOf(InvalidToolInput)
    expect(error._tag).toBe("InvalidToolInput")
    expect(error.message).toBe("input.id: Expected string, got 42")
  })

  it("lists every issue, with nested paths", () => {
    const tool = Tool.make({
      description: "Create a shipment",
      input: Schema.Struct({
        items: Schema.Array(Schema.Struct({ sku: Schema.String, "unit-price": Schema.Number })),
        mode: Schema.Literals(["air", "sea"]),
      }),
      execute: () => Effect.void,
    })
    const error = failure(decodeInput(tool, { items: [{ sku: "a", "unit-price": 1 }, { sku: 7, "unit-price": "x" }], mode: "rail" }))
    expect(error.issues).toEqual([
      "input.items[1].sku: Expected string, got 7",
      'input.items[1]["unit-price"]: Expected number, got "x"',
      'input.mode: Expected "air" | "sea", got "rail"',
    ])
    expect(error.message).toBe(error.issues.join("; "))
  })

  it("reports a missing key and a wrong root", () => {
    expect(failure(decodeInput(lookup, {})).message).toBe("input.id: Missing key")
    expect(failure(decodeInput(lookup, "order_42")).message).toBe('input: Expected object, got "order_42"')
  })

  it("decodes through the JSON codec: a Date field takes an ISO string", () => {
    const tool = Tool.make({
      description: "Orders placed since a date",
      input: Schema.Struct({ since: Schema.Date }),
      execute: ({ since }) => Effect.succeed(since.getUTCFullYear()),
    })
    const input = Effect.runSync(decodeInput(tool, { since: "2024-05-01T00:00:00.000Z" }))
    expect(input.since).toBeInstanceOf(Date)
    expect(Effect.runSync(tool.execute(input))).toBe(2024)
  })

  it("counts issues beyond five instead of listing them", () => {
    const fields = Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`f${index}`, Schema.String]))
    const tool = Tool.make({ description: "many", input: Schema.Struct(fields), execute: () => Effect.void })
    const error = failure(decodeInput(tool, {}))
    expect(error.issues).toHaveLength(7)
    expect(error.message).toBe(
      "input.f0: Missing key; input.f1: Missing key; input.f2: Missing key; input.f3: Missing key; input.f4: Missing key; and 2 more",
    )
  })
})

describe("decodeOutput with an Effect Schema", () => {
  it("checks the value and returns its JSON form, dropping undeclared fields", () => {
    const value = Effect.runSync(decodeOutput(lookup, { id: "order_42", status: "open", secret: "hunter2" }))
    expect(value).toEqual({ id: "order_42", status: "open" })
  })

  it("names the bad field without quoting the tool's value", () => {
    const error = failure(decodeOutput(lookup, { id: "order_42", status: "lost" }))
    expect(error).toBeInstanceOf(InvalidToolOutput)
    expect(error.message).toBe('output.status: Expected "open" | "closed"')
  })

  it("encodes a Date as its ISO string", () => {
    const tool = Tool.make({
      description: "When",
      input: Schema.Struct({}),
      output: Schema.Struct({ at: Schema.Date }),
      execute: () => Effect.succeed({ at: new Date(0) }),
    })
    expect(Effect.runSync(decodeOutput(tool, { at: new Date(0) }))).toEqual({ at: "1970-01-01T00:00:00.000Z" })
  })

  it("returns a copy, never the tool's own object", () => {
    const tags = ["a"]
    const tool = Tool.make({
      description: "Tags",
      input: {},
      output: Schema.Struct({ tags: Schema.Array(Schema.String) }),
      execute: () => Effect.succeed({ tags }),
    })
    const value = Effect.runSync(decodeOutput(tool, { tags })) as { tags: Array<string> }
    expect(value.tags).toEqual(["a"])
    expect(value.tags).not.toBe(tags)
  })
})

describe("JSON Schema documents", () => {
  const search = Tool.make({
    description: "Search the docs",
    input: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
    output: { type: "array", items: { type: "string" } },
    execute: (input: { q: string }) => Effect.succeed([input.q]),
  })

  it("pass values through unchecked, as plain copies", () => {
    const input = { q: 42, extra: [1, { deep: true }] }
    const decoded = Effect.runSync(decodeInput(search, input))
    expect(decoded).toEqual(input)
    expect(decoded).not.toBe(input)
    expect(Effect.runSync(decodeOutput(search, { anything: "goes" }))).toEqual({ anything: "goes" })
  })

  it("still refuse what is not plain data, naming the field", () => {
    expect(failure(decodeInput(search, { q: "x", f: () => 1 })).message).toBe(
      "input.f: Expected plain data (null, boolean, number, string, array or object), got a function",
    )
    expect(failure(decodeOutput(search, { items: [1, new Map()] })).message).toBe(
      "output.items[1]: Expected plain data (null, boolean, number, string, array or object), got an instance of Map",
    )
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(failure(decodeOutput(search, cyclic)).message).toBe("output.self: Expected plain data, got a cyclic reference")
    // Non-finite numbers follow JSON instead: null (json-boundary.test.ts checks the warning).
    expect(Effect.runSync(decodeOutput(search, { n: Number.NaN }))).toEqual({ n: null })
  })

  it("follow JSON where JSON has an answer", () => {
    expect(Effect.runSync(decodeOutput(search, { a: undefined, b: [undefined], at: new Date(0) }))).toEqual({
      b: [null],
      at: "1970-01-01T00:00:00.000Z",
    })
    expect(Effect.runSync(decodeOutput(search, undefined))).toBe(null)
    const shared = { x: 1 }
    expect(Effect.runSync(decodeOutput(search, [shared, shared]))).toEqual([{ x: 1 }, { x: 1 }])
  })

  it("keep an own __proto__ key as data", () => {
    const value = Effect.runSync(decodeOutput(search, JSON.parse('{"__proto__": {"polluted": true}}'))) as object
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(["__proto__"])
  })

  it("a tool without an output schema passes its result as a plain copy", () => {
    const ping = Tool.make({ description: "Ping", input: {}, execute: () => Effect.succeed({ pong: true }) })
    expect(Effect.runSync(decodeOutput(ping, { pong: true }))).toEqual({ pong: true })
  })
})

describe("Namespace.make", () => {
  it("keeps description, instructions and tools", () => {
    const orders = Namespace.make({ description: "Purchases", instructions: "Use lookup first", tools: { lookup } })
    expect(Namespace.is(orders)).toBe(true)
    expect(orders.description).toBe("Purchases")
    expect(orders.instructions).toBe("Use lookup first")
    expect(orders.tools.lookup).toBe(lookup)
    expect(Namespace.make({ tools: {} }).description).toBeUndefined()
  })

  it("rejects malformed options", () => {
    expect(() => Namespace.make({ description: 1 as never, tools: {} })).toThrow("Namespace.make: 'description' must be a string")
    expect(() => Namespace.make({ tools: null as never })).toThrow("Namespace.make: 'tools' must be a record of tools")
  })
})
