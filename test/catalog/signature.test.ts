import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { type JsonSchemaDocument, renderSignature, renderSchemaType, type ToolSchema, Tool, toolExpression } from "../../catalog/index.js"

/** Both languages' signatures of a tool at `path`, Lua first, separated by a rule. */
const signatures = (input: ToolSchema, output?: ToolSchema, path = "orders.lookup"): string => {
  const tool = Tool.make({ description: "test", input, output, execute: () => Effect.void as never })
  const lua = renderSignature(toolExpression(path, "lua"), tool, "lua")
  const javascript = renderSignature(toolExpression(path, "javascript"), tool, "javascript")
  return `\n${lua}\n---\n${javascript}\n`
}

const json = (document: JsonSchemaDocument) => document

describe("signatures from Effect Schemas", () => {
  it("a struct with an optional field and a literal union", () => {
    expect(
      signatures(
        Schema.Struct({ id: Schema.String, limit: Schema.optional(Schema.Int) }),
        Schema.Struct({ id: Schema.String, status: Schema.Literals(["open", "closed"]) }),
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.orders.lookup({ id = string, limit? = integer }) -> { id = string, status = "open" | "closed" }
      ---
      tools.orders.lookup(input: { id: string; limit?: number }): Promise<{ id: string; status: "open" | "closed" }>
      "
    `)
  })

  it("no output schema", () => {
    expect(signatures(Schema.Struct({ id: Schema.String }))).toMatchInlineSnapshot(`
      "
      tools.orders.lookup({ id = string })
      ---
      tools.orders.lookup(input: { id: string }): Promise<void>
      "
    `)
  })

  it("an empty input", () => {
    expect(signatures(Schema.Struct({}), Schema.Boolean, "health.ping")).toMatchInlineSnapshot(`
      "
      tools.health.ping({}) -> boolean
      ---
      tools.health.ping(input: {}): Promise<boolean>
      "
    `)
  })

  it("optionalKey, NullOr and optional NullOr", () => {
    expect(
      signatures(
        Schema.Struct({
          note: Schema.optionalKey(Schema.String),
          parent: Schema.NullOr(Schema.String),
          due: Schema.optional(Schema.NullOr(Schema.Number)),
        }),
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.orders.lookup({
        note? = string,
        parent = string | json.null,
        due? = number | json.null,
      })
      ---
      tools.orders.lookup(input: { note?: string; parent: string | null; due?: number | null }): Promise<void>
      "
    `)
  })

  it("arrays of nested objects", () => {
    expect(
      signatures(
        Schema.Struct({ customerId: Schema.String }),
        Schema.Struct({
          orders: Schema.Array(Schema.Struct({ id: Schema.String, lines: Schema.Array(Schema.Struct({ sku: Schema.String, qty: Schema.Int })) })),
          total: Schema.Number,
        }),
        "orders.list",
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.orders.list({ customerId = string }) -> {
        orders = { { id = string, lines = { { sku = string, qty = integer }, ... } }, ... },
        total = number,
      }
      ---
      tools.orders.list(input: { customerId: string }): Promise<{
        orders: { id: string; lines: { sku: string; qty: number }[] }[]
        total: number
      }>
      "
    `)
  })

  it("a union of structs, tagged", () => {
    expect(
      signatures(
        Schema.Union([
          Schema.Struct({ kind: Schema.Literal("email"), address: Schema.String }),
          Schema.Struct({ kind: Schema.Literal("sms"), phone: Schema.String }),
        ]),
        undefined,
        "customers.notify",
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.customers.notify({ kind = "email", address = string } | { kind = "sms", phone = string })
      ---
      tools.customers.notify(input: { kind: "email"; address: string } | { kind: "sms"; phone: string }): Promise<void>
      "
    `)
  })

  it("descriptions, defaults and bounds become comments; hostile text is tamed", () => {
    expect(
      signatures(
        Schema.Struct({
          query: Schema.String.annotate({ description: "Free text.\nMatches names */ and emails" }),
          limit: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })).annotate({ default: 20 })),
        }),
        undefined,
        "customers.search",
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.customers.search({
        query = string, -- Free text. Matches names * / and emails
        limit? = integer, -- default: 20; >= 1; <= 100
      })
      ---
      tools.customers.search(input: {
        query: string // Free text. Matches names * / and emails
        limit?: number // default: 20; >= 1; <= 100
      }): Promise<void>
      "
    `)
  })

  it("a recursive class is printed once by name", () => {
    class Category extends Schema.Class<Category>("Category")({
      name: Schema.String,
      children: Schema.Array(Schema.suspend((): Schema.Codec<Category, any> => Category)),
    }) {}
    expect(signatures(Schema.Struct({ root: Schema.String }), Category, "catalog.tree")).toMatchInlineSnapshot(`
      "
      tools.catalog.tree({ root = string }) -> Category
      Category = { name = string, children = { Category, ... } }
      ---
      tools.catalog.tree(input: { root: string }): Promise<Category>
      type Category = { name: string; children: Category[] }
      "
    `)
  })

  it("a record and a tuple", () => {
    expect(
      signatures(
        Schema.Struct({ counts: Schema.Record(Schema.String, Schema.Int), range: Schema.Tuple([Schema.Number, Schema.Number]) }),
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.orders.lookup({ counts = { [string] = integer }, range = { number, number } })
      ---
      tools.orders.lookup(input: { counts: { [key: string]: number }; range: [number, number] }): Promise<void>
      "
    `)
  })

  it("a Date travels as a string", () => {
    expect(signatures(Schema.Struct({ since: Schema.Date }), Schema.Array(Schema.String))).toMatchInlineSnapshot(`
      "
      tools.orders.lookup({ since = string }) -> { string, ... }
      ---
      tools.orders.lookup(input: { since: string }): Promise<string[]>
      "
    `)
  })
})

describe("signatures from JSON Schema documents", () => {
  it("keys that need brackets, Lua keywords included", () => {
    expect(
      signatures(
        json({
          type: "object",
          properties: { "library-name": { type: "string" }, end: { type: "integer" }, delete: { type: "boolean" } },
          required: ["library-name"],
        }),
        json({ type: "object", properties: { "context7-id": { type: "string" } }, required: ["context7-id"] }),
        "context7.resolve-library-id",
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.context7["resolve-library-id"]({ ["library-name"] = string, ["end"]? = integer, delete? = boolean }) -> { ["context7-id"] = string }
      ---
      tools.context7["resolve-library-id"](input: { "library-name": string; end?: number; delete?: boolean }): Promise<{ "context7-id": string }>
      "
    `)
  })

  it("enums, consts, type arrays and OpenAPI nullable", () => {
    expect(
      signatures(
        json({
          type: "object",
          properties: {
            status: { enum: ["open", "closed", null] },
            version: { const: 2 },
            tag: { type: ["string", "null"] },
            owner: { type: "string", nullable: true },
          },
          required: ["status", "version"],
        }),
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.orders.lookup({
        status = "open" | "closed" | json.null,
        version = 2,
        tag? = string | json.null,
        owner? = string | json.null,
      })
      ---
      tools.orders.lookup(input: {
        status: "open" | "closed" | null
        version: 2
        tag?: string | null
        owner?: string | null
      }): Promise<void>
      "
    `)
  })

  it("oneOf and allOf", () => {
    expect(
      signatures(
        json({
          allOf: [
            { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
            { type: "object", properties: { amount: { oneOf: [{ type: "number" }, { type: "string", format: "decimal" }] } } },
          ],
        }),
        json({ allOf: [{ type: "string" }, { minLength: 1 }] }),
        "payments.capture",
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.payments.capture({ id = string, amount? = number | string }) -> string
      ---
      tools.payments.capture(input: { id: string; amount?: number | string }): Promise<string>
      "
    `)
  })

  it("recursive $defs and a definition shared by two fields", () => {
    expect(
      signatures(
        json({
          type: "object",
          properties: { billing: { $ref: "#/$defs/Address" }, shipping: { $ref: "#/$defs/Address" } },
          required: ["billing"],
          $defs: { Address: { type: "object", properties: { street: { type: "string" }, city: { type: "string" } }, required: ["street", "city"] } },
        }),
        json({
          $ref: "#/definitions/Node",
          definitions: {
            Node: { type: "object", properties: { value: { type: "number" }, next: { anyOf: [{ $ref: "#/definitions/Node" }, { type: "null" }] } } },
          },
        }),
        "customers.update",
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.customers.update({ billing = Address, shipping? = Address }) -> Node
      Address = { street = string, city = string }
      Node = { value? = number, next? = Node | json.null }
      ---
      tools.customers.update(input: { billing: Address; shipping?: Address }): Promise<Node>
      type Address = { street: string; city: string }
      type Node = { value?: number; next?: Node | null }
      "
    `)
  })

  it("a single-use $ref is inlined", () => {
    expect(
      signatures(
        json({ type: "object", properties: { item: { $ref: "#/$defs/Item" } }, required: ["item"], $defs: { Item: { type: "object", properties: { sku: { type: "string" } } } } }),
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.orders.lookup({ item = { sku? = string } })
      ---
      tools.orders.lookup(input: { item: { sku?: string } }): Promise<void>
      "
    `)
  })

  it("records, open objects and empty schemas", () => {
    expect(
      signatures(
        json({
          type: "object",
          properties: {
            labels: { type: "object", additionalProperties: { type: "string" } },
            meta: { type: "object" },
            closed: { type: "object", additionalProperties: false },
            anything: {},
            nothing: false,
          },
        }),
        json({}),
      ),
    ).toMatchInlineSnapshot(`
      "
      tools.orders.lookup({
        labels? = { [string] = string },
        meta? = { [string] = any },
        closed? = {},
        anything? = any,
        nothing? = never,
      }) -> any
      ---
      tools.orders.lookup(input: {
        labels?: { [key: string]: string }
        meta?: { [key: string]: any }
        closed?: {}
        anything?: any
        nothing?: never
      }): Promise<any>
      "
    `)
  })

  it("an Effect JsonSchema.Document is unwrapped", () => {
    const document = Schema.toJsonSchemaDocument(Schema.Struct({ id: Schema.String }))
    expect(renderSchemaType(document as unknown as JsonSchemaDocument, "javascript")).toBe("{ id: string }")
  })
})

describe("hostile schemas stay bounded", () => {
  it("an object with 10,000 properties lists the first 64 and counts the rest", () => {
    const properties = Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`p${index}`, { type: "string" }]))
    const text = renderSchemaType({ type: "object", properties }, "javascript")
    const lines = text.split("\n")
    expect(lines).toHaveLength(64 + 3)
    expect(lines[1]).toBe("  p0?: string")
    expect(lines[65]).toBe("  // … and 9936 more properties")
    expect(renderSchemaType({ type: "object", properties }, "lua").split("\n")[65]).toBe("  -- … and 9936 more properties")
  })

  it("100 levels of nesting are cut to any", () => {
    let schema: JsonSchemaDocument = { type: "string" }
    for (let level = 0; level < 100; level++) schema = { type: "object", properties: { next: schema }, required: ["next"] }
    const text = renderSchemaType(schema, "lua")
    expect(text).toContain("next = any")
    expect(text.length).toBeLessThan(2_000)
  })

  it("a union of 100 literals is cut with a count", () => {
    const text = renderSchemaType({ enum: Array.from({ length: 100 }, (_, index) => `v${index}`) }, "javascript")
    expect(text.endsWith('"v23" | … (76 more)')).toBe(true)
  })

  it("a self-reference through the root is named", () => {
    expect(
      renderSchemaType({ title: "Tree", type: "object", properties: { kids: { type: "array", items: { $ref: "#" } } } }, "javascript"),
    ).toMatchInlineSnapshot(`
      "Tree
      type Tree = { kids?: Tree[] }"
    `)
  })

  it("at most 32 named definitions are printed", () => {
    const $defs = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`D${index}`, { type: "object", properties: { v: { type: "string" } } }]))
    const properties = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [`pair${index}`, { prefixItems: [{ $ref: `#/$defs/D${index}` }, { $ref: `#/$defs/D${index}` }] }]),
    )
    const lines = renderSchemaType({ type: "object", properties, $defs }, "lua").split("\n")
    expect(lines.filter((line) => /^D\d+ = /.test(line))).toHaveLength(32)
    expect(lines[lines.length - 1]).toBe("-- … and more definitions")
  })

  it("an unresolvable $ref reads as any", () => {
    expect(renderSchemaType({ $ref: "https://example.com/schema.json" }, "lua")).toBe("any")
  })
})
