import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { type JsonSchemaDocument, renderSignature, type ToolSchema, Tool, toolExpression } from "../../catalog/index.js"

/**
 * The signature corpus: one tool per schema, rendered in both languages and compared with the
 * committed snapshot file (`__snapshots__/signature-corpus.test.ts.snap`). Review a changed
 * snapshot as a reader would: it is exactly what the model sees.
 */

const render = (input: ToolSchema, output: ToolSchema | undefined, path: string): string => {
  const tool = Tool.make({ description: "corpus", input, output, execute: () => Effect.void as never })
  const lua = renderSignature(toolExpression(path, "lua"), tool, "lua")
  const javascript = renderSignature(toolExpression(path, "javascript"), tool, "javascript")
  return `${lua}\n---\n${javascript}`
}

const json = (document: JsonSchemaDocument) => document
const id = Schema.Struct({ id: Schema.String })

class TreeNode extends Schema.Class<TreeNode>("TreeNode")({
  label: Schema.String,
  children: Schema.Array(Schema.suspend((): Schema.Codec<TreeNode, any> => TreeNode)),
}) {}

interface Expr {
  readonly op: "add" | "mul" | "lit"
  readonly args?: ReadonlyArray<Expr>
  readonly value?: number
}
const Expr: Schema.Codec<Expr> = Schema.Struct({
  op: Schema.Literals(["add", "mul", "lit"]),
  args: Schema.optionalKey(Schema.Array(Schema.suspend(() => Expr))),
  value: Schema.optionalKey(Schema.Number),
}).annotate({ identifier: "Expr" })

enum Priority {
  Low = "low",
  High = "high",
}

const Money = Schema.Struct({
  amount: Schema.Int.annotate({ description: "In minor units (cents)" }),
  currency: Schema.String.check(Schema.isPattern(/^[A-Z]{3}$/)).annotate({ description: "ISO 4217 code" }),
}).annotate({ identifier: "Money" })

const effectCorpus: ReadonlyArray<readonly [string, ToolSchema, ToolSchema | undefined]> = [
  ["e01 struct in, struct out", Schema.Struct({ id: Schema.String, verbose: Schema.optional(Schema.Boolean) }), Schema.Struct({ ok: Schema.Boolean })],
  ["e02 no output", id, undefined],
  ["e03 literals and enums", Schema.Struct({ status: Schema.Literals(["draft", "open", "paid"]), priority: Schema.Enum(Priority), version: Schema.Literal(3) }), undefined],
  ["e04 nullable and optional", Schema.Struct({ a: Schema.NullOr(Schema.String), b: Schema.optional(Schema.NullOr(Schema.Int)), c: Schema.optionalKey(Schema.Number), d: Schema.UndefinedOr(Schema.String) }), undefined],
  ["e05 arrays", Schema.Struct({ tags: Schema.Array(Schema.String), matrix: Schema.Array(Schema.Array(Schema.Number)), first: Schema.NonEmptyArray(Schema.String) }), Schema.Array(id)],
  ["e06 tuples", Schema.Struct({ point: Schema.Tuple([Schema.Number, Schema.Number]), row: Schema.TupleWithRest(Schema.Tuple([Schema.String]), [Schema.Number]) }), undefined],
  ["e07 records", Schema.Struct({ counts: Schema.Record(Schema.String, Schema.Int), flags: Schema.Record(Schema.Literals(["a", "b"]), Schema.Boolean) }), undefined],
  ["e08 tagged union", Schema.Union([Schema.TaggedStruct("Email", { to: Schema.String }), Schema.TaggedStruct("Sms", { phone: Schema.String })]), undefined],
  ["e09 union of primitives", Schema.Struct({ key: Schema.Union([Schema.String, Schema.Number]) }), Schema.Union([Schema.String, Schema.Null])],
  ["e10 recursive class", id, TreeNode],
  ["e11 recursive struct with identifier", Schema.Struct({ expr: Expr }), Schema.Number],
  ["e12 shared definition", Schema.Struct({ price: Money, tax: Money }), Money],
  ["e13 descriptions, defaults and bounds", Schema.Struct({
    query: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)).annotate({ description: "What to look for" }),
    limit: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 })).annotate({ default: 10 })),
    page: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThan(0))),
  }), undefined],
  ["e14 dates and bigints travel as strings", Schema.Struct({ at: Schema.Date, amount: Schema.BigInt, when: Schema.DateTimeUtc }), undefined],
  ["e15 unknown, any and empty", Schema.Struct({ payload: Schema.Unknown, extra: Schema.Any, empty: Schema.Struct({}) }), Schema.Unknown],
  ["e16 template literal", Schema.Struct({ ref: Schema.TemplateLiteral(["order-", Schema.Number]) }), undefined],
  ["e17 branded and trimmed strings", Schema.Struct({ sku: Schema.String.pipe(Schema.brand("Sku")), name: Schema.Trim, nonEmpty: Schema.NonEmptyString }), undefined],
  ["e18 option from null", Schema.Struct({ note: Schema.OptionFromNullOr(Schema.String) }), undefined],
  ["e19 keys that need brackets", Schema.Struct({ "content-type": Schema.String, "2fa": Schema.Boolean, end: Schema.Number, "naïve": Schema.String }), undefined],
  ["e20 hostile description", Schema.Struct({ x: Schema.String.annotate({ description: "ends a comment */ then\nnew line -- and ]] brackets" }) }), undefined],
  ["e21 readonly set and map", Schema.Struct({ ids: Schema.ReadonlySet(Schema.String), byId: Schema.ReadonlyMap(Schema.String, Schema.Number) }), undefined],
  ["e22 nested optional struct", Schema.Struct({ filter: Schema.optional(Schema.Struct({ status: Schema.optional(Schema.Literals(["open", "closed"])), since: Schema.optional(Schema.String) })) }), undefined],
]

const jsonCorpus: ReadonlyArray<readonly [string, JsonSchemaDocument, JsonSchemaDocument | undefined]> = [
  ["j01 required and optional", json({ type: "object", properties: { id: { type: "string" }, limit: { type: "integer" } }, required: ["id"] }), json({ type: "object", properties: { total: { type: "number" } }, required: ["total"] })],
  ["j02 enum with null, const", json({ type: "object", properties: { state: { type: ["string", "null"], enum: ["open", "closed", null] }, kind: { const: "order" } } }), undefined],
  ["j03 anyOf", json({ type: "object", properties: { target: { anyOf: [{ type: "string", format: "email" }, { type: "integer", minimum: 1 }] } } }), undefined],
  ["j04 oneOf objects", json({ oneOf: [{ type: "object", properties: { byId: { type: "string" } }, required: ["byId"] }, { type: "object", properties: { byEmail: { type: "string", format: "email" } }, required: ["byEmail"] }] }), undefined],
  ["j05 allOf merge", json({ allOf: [{ type: "object", properties: { a: { type: "string" } }, required: ["a"] }, { type: "object", properties: { b: { type: "number" } } }] }), undefined],
  ["j06 allOf of non-objects", json({ type: "object", properties: { v: { allOf: [{ anyOf: [{ type: "string" }, { type: "number" }] }, { anyOf: [{ type: "number" }, { type: "boolean" }] }] } } }), undefined],
  ["j07 records via additionalProperties", json({ type: "object", properties: { env: { type: "object", additionalProperties: { type: "string" } }, mixed: { type: "object", properties: { name: { type: "string" } }, additionalProperties: { type: "number" } } } }), undefined],
  ["j08 patternProperties", json({ type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties: false }), undefined],
  ["j09 OpenAPI nullable", json({ type: "object", properties: { parent: { type: "string", nullable: true }, items: { type: "array", items: { type: "integer" }, nullable: true } } }), undefined],
  ["j10 arrays with bounds", json({ type: "object", properties: { ids: { type: "array", items: { type: "string", format: "uuid" }, minItems: 1, maxItems: 100, description: "Up to 100 IDs" } }, required: ["ids"] }), undefined],
  ["j11 tuple with prefixItems", json({ type: "object", properties: { range: { type: "array", prefixItems: [{ type: "string", format: "date" }, { type: "string", format: "date" }], items: false } } }), undefined],
  ["j12 draft-07 tuple and rest", json({ type: "array", items: [{ type: "string" }], additionalItems: { type: "number" } }), undefined],
  ["j13 $defs used once and twice", json({ type: "object", properties: { from: { $ref: "#/$defs/Place" }, to: { $ref: "#/$defs/Place" }, via: { $ref: "#/$defs/Stop" } }, $defs: { Place: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } }, required: ["lat", "lon"] }, Stop: { type: "object", properties: { name: { type: "string" } } } } }), undefined],
  ["j14 recursive definitions", json({ $ref: "#/definitions/Comment", definitions: { Comment: { type: "object", properties: { text: { type: "string" }, replies: { type: "array", items: { $ref: "#/definitions/Comment" } } }, required: ["text"] } } }), undefined],
  ["j15 mutually recursive", json({ type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { type: "object", properties: { b: { $ref: "#/$defs/B" } } }, B: { type: "object", properties: { a: { $ref: "#/$defs/A" } } } } }), undefined],
  ["j16 root self reference", json({ title: "Folder", type: "object", properties: { name: { type: "string" }, sub: { type: "array", items: { $ref: "#" } } } }), undefined],
  ["j17 defaults, formats, bounds, deprecated", json({ type: "object", properties: { since: { type: "string", format: "date-time", description: "ISO timestamp" }, size: { type: "integer", minimum: 1, maximum: 500, default: 25 }, ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 }, code: { type: "string", pattern: "^[A-Z]{2}$", minLength: 2, maxLength: 2 }, old: { type: "boolean", deprecated: true } } }), undefined],
  ["j18 titles as comments", json({ type: "object", properties: { q: { type: "string", title: "Query text" } } }), undefined],
  ["j19 bracket keys and keywords", json({ type: "object", properties: { "x-request-id": { type: "string" }, function: { type: "string" }, "with space": { type: "string" }, "ünïcode": { type: "string" }, $meta: { type: "object" } } }), undefined],
  ["j20 boolean schemas", json({ type: "object", properties: { anything: true, nothing: false } }), json({})],
  ["j21 no type but properties", json({ properties: { a: { type: "string" } } }), json({ items: { type: "string" } })],
  ["j22 type array with object", json({ type: "object", properties: { v: { type: ["object", "null"], properties: { x: { type: "number" } } } } }), undefined],
  ["j23 enum of mixed values", json({ type: "object", properties: { v: { enum: [1, "one", true, null, { a: 1 }] } } }), undefined],
  ["j24 hostile comment text", json({ type: "object", properties: { x: { type: "string", description: "/* evil */ end --]] close\r\n\ttabbed   spaced" } } }), undefined],
  ["j25 long description is cut", json({ type: "object", properties: { x: { type: "string", description: "word ".repeat(100) } } }), undefined],
  ["j26 remote and broken refs", json({ type: "object", properties: { remote: { $ref: "https://example.com/a.json" }, broken: { $ref: "#/$defs/Missing" } } }), undefined],
  ["j27 Effect JsonSchema document wrapper", json({ dialect: "draft-2020-12", schema: { type: "object", properties: { n: { $ref: "#/$defs/N" } }, required: ["n"] }, definitions: { N: { type: "integer" } } }), undefined],
]

describe("signature corpus", () => {
  it.each(effectCorpus)("%s", (name, input, output) => {
    expect(render(input, output, "corpus.run")).toMatchSnapshot()
  })

  it.each(jsonCorpus)("%s", (name, input, output) => {
    expect(render(input, output, "corpus.run-json")).toMatchSnapshot()
  })

  it("counts at least 40 schemas", () => {
    expect(effectCorpus.length + jsonCorpus.length).toBeGreaterThanOrEqual(40)
  })
})

describe("hostile schemas", () => {
  it("10,000 properties: 64 listed, the rest counted, in both languages", () => {
    const properties = Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`field${index}`, { type: "string" }]))
    const text = render(json({ type: "object", properties }), undefined, "big.wide")
    expect(text).toContain("-- … and 9936 more properties")
    expect(text).toContain("// … and 9936 more properties")
    expect(text.length).toBeLessThan(4_000)
  })

  it("100 levels of nesting end in any, in both languages", () => {
    let schema: JsonSchemaDocument = { type: "string" }
    for (let level = 0; level < 100; level++) schema = { type: "object", properties: { down: schema }, required: ["down"] }
    const text = render(schema, schema, "big.deep")
    expect(text).toContain("down = any")
    expect(text).toContain("down: any")
    expect(text.length).toBeLessThan(6_000)
  })

  it("a description cannot close or open a comment, or break a line", () => {
    const text = render(json({ type: "object", properties: { x: { type: "string", description: "a */ b\n/* c\u2028d" } } }), undefined, "x.y")
    expect(text).not.toContain("*/")
    for (const line of text.split("\n")) if (line.includes("x")) expect(line).not.toMatch(/\u2028/)
  })

  it("a chain of shared definitions does not grow exponentially", () => {
    const $defs: Record<string, JsonSchemaDocument> = { D0: { type: "string" } }
    for (let level = 1; level <= 30; level++) {
      $defs[`D${level}`] = { type: "object", properties: { left: { $ref: `#/$defs/D${level - 1}` }, right: { $ref: `#/$defs/D${level - 1}` } } }
    }
    const text = render(json({ $ref: "#/$defs/D30", $defs }), undefined, "x.chain")
    expect(text.length).toBeLessThan(10_000)
  })

  it("a 100-level recursive definition chain stays bounded", () => {
    const $defs: Record<string, JsonSchemaDocument> = {}
    for (let level = 0; level < 100; level++) $defs[`L${level}`] = { type: "object", properties: { next: { $ref: `#/$defs/L${(level + 1) % 100}` } } }
    const text = render(json({ $ref: "#/$defs/L0", $defs }), undefined, "x.ring")
    expect(text.split("\n").length).toBeLessThan(80)
  })
})
