/**
 * What `Tool.make` accepts as a contract: an Effect Schema, a JSON Schema document whose every
 * keyword is one a draft defines with a value of the right kind, and any Standard Schema (zod 4,
 * valibot), validated through `~standard.validate` and rendered through the library's JSON Schema
 * when it publishes one. Anything else is a TypeError here, not a silent `any`. And `execute` may
 * return a Promise or a plain value.
 */

import { Effect, Schema } from "effect"
import * as v from "valibot"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { decodeInput, decodeOutput, Tool } from "../../catalog/index.js"
import { renderSignature } from "../../catalog/signature.js"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const execute = () => Effect.succeed({})

describe("objects that are no contract are refused at Tool.make", () => {
  it("a zod-3-like object (no ~standard) is a TypeError, not an open schema", () => {
    const zod3Like = { _def: { typeName: "ZodObject" }, safeParse: () => ({ success: true }), parse: (x: unknown) => x }
    expect(() => Tool.make({ description: "x", input: zod3Like as never, execute })).toThrow(TypeError)
    expect(() => Tool.make({ description: "x", input: zod3Like as never, execute })).toThrow(
      "Tool.make: 'input' is not a valid JSON Schema: input: '_def' is not a JSON Schema keyword (draft-07 or 2020-12)",
    )
    class Zod3Object {
      _def = {}
      safeParse() {}
    }
    expect(() => Tool.make({ description: "x", input: new Zod3Object() as never, execute })).toThrow(
      "got a zod 3 schema (no Standard Schema interface; use zod >= 3.24 or zod 4)",
    )
  })

  it("a JSON Schema with a misspelt type, keyword or bad value names the place", () => {
    const cases: Array<[unknown, string]> = [
      [{ type: "strng" }, `input.type: "strng" is not a JSON Schema type (null, boolean, object, array, number, integer, string)`],
      [{ type: "object", properties: { id: { type: "strng" } } }, `input.properties.id.type: "strng" is not a JSON Schema type`],
      [{ type: "object", propertes: {} }, `input: 'propertes' is not a JSON Schema keyword`],
      [{ type: "object", required: "id" }, "input.required: must be an array of strings"],
      [{ type: "string", minLength: -1 }, "input.minLength: must be a non-negative integer, got number -1"],
      [{ type: "string", pattern: "(" }, `input.pattern: "(" is not a regular expression`],
      [{ anyOf: [] }, "input.anyOf: must be a non-empty array of schemas"],
      [{ type: "array", items: { type: "object", properties: { "content-type": { typ: "string" } } } }, `input.items.properties["content-type"]: 'typ' is not a JSON Schema keyword`],
      [{ limit: 10 }, "input: 'limit' is not a JSON Schema keyword"],
    ]
    for (const [input, message] of cases) {
      expect(() => Tool.make({ description: "x", input: input as never, execute }), JSON.stringify(input)).toThrow(message)
    }
  })

  it("well-formed draft-07, 2020-12 and OpenAPI 3.0 documents are accepted", () => {
    const documents = [
      {},
      { type: "object", properties: { id: { type: "string", format: "uuid" } }, required: ["id"], additionalProperties: false },
      { $schema: "http://json-schema.org/draft-07/schema#", definitions: { Id: { type: "string" } }, items: [{ $ref: "#/definitions/Id" }], additionalItems: false },
      { $defs: { Id: { type: ["string", "null"] } }, prefixItems: [{ $ref: "#/$defs/Id" }], unevaluatedItems: false },
      { type: "object", properties: { n: { type: "integer", nullable: true, example: 3, "x-internal": true } }, discriminator: { propertyName: "kind" } },
      { if: { properties: { a: { const: 1 } } }, then: true, else: false, dependentRequired: { a: ["b"] }, dependencies: { c: ["d"], e: { required: ["f"] } } },
    ]
    for (const input of documents) expect(() => Tool.make({ description: "x", input, execute }), JSON.stringify(input)).not.toThrow()
  })
})

describe("Standard Schema: zod 4", () => {
  const lookup = Tool.make({
    description: "Look up an order",
    input: z.object({ id: z.string().min(3), limit: z.number().int().optional() }),
    output: z.object({ id: z.string(), total: z.number() }),
    execute: ({ id }) => Effect.succeed({ id, total: 12.5 }),
  })

  it("decodes input through ~standard.validate, naming the field", async () => {
    expect(await run(decodeInput(lookup, { id: "o_42" }))).toEqual({ id: "o_42" })
    const error = await Effect.runPromise(Effect.flip(decodeInput(lookup, { id: 42, limit: 1.5 })))
    expect(error._tag).toBe("InvalidToolInput")
    expect(error.message).toMatch(/^input\.id: Invalid input: expected string, received number; input\.limit: Invalid input: expected int/)
  })

  it("checks the output the same way", async () => {
    expect(await run(decodeOutput(lookup, { id: "o", total: 1 }))).toEqual({ id: "o", total: 1 })
    const error = await Effect.runPromise(Effect.flip(decodeOutput(lookup, { id: "o", total: "many" })))
    expect(error._tag).toBe("InvalidToolOutput")
    expect(error.message).toMatch(/^output\.total: Invalid input: expected number/)
  })

  it("applies the schema's transforms: execute receives the library's output", async () => {
    const tool = Tool.make({
      description: "Parse",
      input: z.object({ when: z.string().transform((s) => s.length) }),
      execute: ({ when }) => Effect.succeed(when),
    })
    expect(await run(decodeInput(tool, { when: "abc" }))).toEqual({ when: 3 })
  })

  it("renders the signature from zod's own JSON Schema", () => {
    expect(renderSignature("tools.orders.lookup", lookup, "javascript")).toBe(
      "tools.orders.lookup(input: {\n  id: string // length >= 3\n  limit?: number\n}): Promise<{ id: string; total: number }>",
    )
    expect(renderSignature("tools.orders.lookup", lookup, "lua")).toContain("limit? = integer")
  })
})

describe("Standard Schema: valibot (no JSON Schema of its own)", () => {
  const tool = Tool.make({
    description: "Tag a customer",
    input: v.object({ customer: v.string(), tag: v.picklist(["vip", "late"]) }),
    execute: (input) => Effect.succeed(input),
  })

  it("is validated, with an open signature", async () => {
    expect(await run(decodeInput(tool, { customer: "c_1", tag: "vip" }))).toEqual({ customer: "c_1", tag: "vip" })
    const error = await Effect.runPromise(Effect.flip(decodeInput(tool, { customer: "c_1", tag: "gold" })))
    expect(error.message).toMatch(/^input\.tag: Invalid (type|option)/)
    expect(() => renderSignature("tools.crm.tag", tool, "javascript")).not.toThrow()
  })

  it("an async validate is awaited", async () => {
    const slow = Tool.make({
      description: "x",
      input: v.pipeAsync(v.object({ n: v.number() }), v.checkAsync(async (x) => x.n > 0, "n must be positive")),
      execute: (input) => Effect.succeed(input),
    })
    expect(await run(decodeInput(slow, { n: 1 }))).toEqual({ n: 1 })
    expect((await Effect.runPromise(Effect.flip(decodeInput(slow, { n: -1 })))).message).toBe("input: n must be positive")
  })
})

describe("execute may return a Promise or a plain value", () => {
  it("both are wrapped into the Effect dispatch runs; a rejection is the tool's failure", async () => {
    const fromPromise = Tool.make({ description: "x", input: Schema.Struct({}), execute: async () => ({ a: 1 }) })
    const plain = Tool.make({
      description: "x",
      input: Schema.Struct({}),
      output: Schema.Struct({ b: Schema.Number }),
      execute: () => ({ b: 2 }),
    })
    const rejecting = Tool.make({ description: "x", input: {}, execute: () => Promise.reject(new Error("backend down")) })
    expect(await run(fromPromise.execute({}))).toEqual({ a: 1 })
    expect(await run(plain.execute({}))).toEqual({ b: 2 })
    const error = await Effect.runPromise(Effect.flip(rejecting.execute({}) as Effect.Effect<unknown, unknown>))
    expect(error).toEqual(new Error("backend down"))
  })
})
