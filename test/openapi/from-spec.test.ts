/**
 * `OpenAPI.fromSpec` on its own: which operations become tools and under which names, which are
 * skipped and why, the signatures a model reads in both languages, and the errors a host gets for
 * a document or options it should not have passed. Calls over HTTP are in `calls.test.ts`.
 */

import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, OpenAPI, OpenApiSpecError, type Runtime } from "../../index.js"
import { kennelYaml, SHELF_SKIPPED, shelfSpec } from "./fixtures/shelf-spec.js"

const shelf = OpenAPI.fromSpec({ spec: shelfSpec(8080) })
const runtimes: Array<Runtime<any>> = []
const catalogOf = (language: "lua" | "javascript", tools: unknown = shelf.tools) => {
  const runtime = CodeMode.make({ language, tools: { shelf: tools as never } })
  runtimes.push(runtime)
  return new Map(runtime.catalog.map((entry) => [entry.path.replace(/^shelf\./, ""), entry]))
}
afterAll(async () => {
  for (const runtime of runtimes) await runtime.close()
})

describe("operations and names", () => {
  it("makes one tool per supported operation, dotted operationIds as namespaces", () => {
    expect(shelf.operations.length).toBe(36)
    expect(shelf.operations.length + shelf.skipped.length).toBe(47)
    expect(shelf.operations.map((entry) => entry.name)).toEqual([
      "books.list", "books.create", "books.get", "books.replace", "books.delete", "books.update",
      "get_books_bookId_summary", "get_books_bookId_history", "books.reviews.list", "books.reviews.create",
      "books.cover.delete", "books.byIsbn", "authors.search", "authors.get", "members.create", "members.get",
      "members.loans.get", "categories.tree", "search", "map.tile", "health", "admin.stats", "admin.purge-cache",
      "debug.echoPath", "debug.echoFile", "debug.collide", "debug.keyParam", "debug.flaky", "debug.flakyPost",
      "debug.redirectIn", "debug.redirectOut", "debug.slow", "debug.big", "debug.brokenJson", "debug.wrongType", "debug.anything",
    ])
    expect(shelf.operations.find((entry) => entry.name === "get_books_bookId_summary")?.operation).toBe("GET /books/{bookId}/summary")
  })

  it("lists every skipped operation with its reason", () => {
    expect(shelf.skipped.map((entry) => [entry.operation, entry.reason])).toEqual(SHELF_SKIPPED.map((entry) => [...entry]))
    expect(shelf.skipped[0].operationId).toBe("books.cover.get")
  })

  it("uses bracket paths for names that are not identifiers, in both languages", () => {
    expect(catalogOf("lua").get("admin.purge-cache")?.signature).toMatch(/^tools\.shelf\.admin\["purge-cache"\]\(\{\}\) -> json\.null/)
    expect(catalogOf("javascript").get("admin.purge-cache")?.signature).toMatch(/^tools\.shelf\.admin\["purge-cache"\]\(input: \{\}\): Promise<null>/)
  })

  it("keeps names unique when operationIds collide or nest under a tool", () => {
    const spec = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://api.example.org" }],
      paths: {
        "/a": { get: { operationId: "pets", responses: {} }, post: { operationId: "pets", responses: {} } },
        "/b": { get: { operationId: "pets.list", responses: {} }, post: { operationId: "has space\t\"quote\"", responses: {} } },
        "/": { get: { responses: {} } },
      },
    }
    expect(OpenAPI.fromSpec({ spec }).operations.map((entry) => entry.name)).toEqual(["pets", "pets_2", "pets_list", "has_space__quote_", "get_root"])
  })
})

describe("signatures", () => {
  const lua = catalogOf("lua")
  const js = catalogOf("javascript")

  it("groups parameters and the body in one input, as documented", () => {
    expect(js.get("books.list")?.signature).toContain('"X-Request-Id"?: string // Correlates logs (header)')
    expect(js.get("books.list")?.signature).toContain("limit?: number // At most this many; default: 20; >= 1; <= 100")
    expect(lua.get("books.create")?.signature).toMatch(/^tools\.shelf\.books\.create\(\{\n {2}body = \{ -- The new book\n/)
    expect(lua.get("debug.collide")?.signature).toContain('["query:id"]? = string')
    expect(lua.get("debug.collide")?.signature).toContain('["header:id"]? = string, -- (header)')
    expect(lua.get("debug.collide")?.signature).toContain("body? = { note? = string }")
  })

  it("omits readOnly properties from requests and writeOnly ones from responses", () => {
    const create = js.get("books.create")!.signature
    const [input, output] = create.split("): Promise<")
    expect(input).not.toContain("id: string")
    expect(input).not.toContain("createdAt")
    expect(output).toContain("id: string")
    expect(output).toContain("createdAt?: string")
    const [memberIn, memberOut] = js.get("members.create")!.signature.split("): Promise<")
    expect(memberIn).toContain("password?: string // length >= 12")
    expect(memberOut).not.toContain("password")
    expect(js.get("members.get")!.signature).not.toContain("password")
  })

  it("renders 3.1 type arrays, unions and recursive schemas in both languages", () => {
    expect(lua.get("books.get")?.signature).toContain("price? = number | json.null")
    expect(js.get("books.get")?.signature).toContain("price?: number | null")
    expect(js.get("books.get")?.signature).toContain("series?: { name?: string; position?: number } | null")
    expect(lua.get("categories.tree")?.signature).toBe(
      "tools.shelf.categories.tree({}) -> Category\nCategory = { name? = string, children? = { Category, ... } }",
    )
    expect(js.get("search")?.signature).toMatch(/\{ kind\?: "book"; book\?: Book \} \| \{/)
    expect(js.get("search")?.signature).toContain('kinds?: ("book" | "author")[]')
  })

  it("renders 3.0 nullable, from YAML text", () => {
    const kennel = OpenAPI.fromSpec({ spec: kennelYaml(8080) })
    expect(kennel.operations.map((entry) => entry.name)).toEqual(["dogs.get", "dogs.create"])
    const lua = catalogOf("lua", kennel.tools)
    const js = catalogOf("javascript", kennel.tools)
    expect(lua.get("dogs.get")?.signature).toContain("nickname? = string | json.null")
    expect(lua.get("dogs.get")?.signature).toContain("owner? = { name? = string } | json.null")
    expect(js.get("dogs.create")?.signature).toMatch(/^tools\.shelf\.dogs\.create\(input: \{\n {2}body: \{\n {4}name: string\n {4}nickname\?: string \| null/)
  })

  it("never shows what the adapter owns: credentials, Authorization, Accept, the API key header", () => {
    expect(lua.get("get_books_bookId_history")?.signature).toBe(
      "tools.shelf.get_books_bookId_history({\n  bookId = string, -- The book's id, like bk_1\n}) -> { {\n  id? = integer,\n  bookId? = string,\n  memberId? = string,\n  due? = string, -- format: date\n}, ... }",
    )
    expect(lua.get("debug.keyParam")?.signature).toBe("tools.shelf.debug.keyParam({ page? = integer }) -> { method? = string, url? = string }")
  })

  it("describes tools from summaries and the namespace from the document", () => {
    expect(js.get("books.list")?.description).toBe("List books in the catalogue.")
    expect(shelf.tools.description).toBe("Shelf: A lending library: books, authors, members and their loans.")
  })
})

describe("documents and options that are refused", () => {
  it("names what was found when the document is not OpenAPI 3", () => {
    expect(() => OpenAPI.fromSpec({ spec: { swagger: "2.0", info: {}, paths: {} } })).toThrow(
      new OpenApiSpecError("OpenAPI.fromSpec: expected an OpenAPI 3.0 or 3.1 document (an 'openapi: 3.x' field), found Swagger 2.0 ('swagger: 2.0')"),
    )
    expect(() => OpenAPI.fromSpec({ spec: "asyncapi: 2.6.0\ninfo: {}\n" })).toThrow(/found AsyncAPI 2\.6\.0$/)
    expect(() => OpenAPI.fromSpec({ spec: { openapi: "4.0.0" } })).toThrow(/found 'openapi: 4\.0\.0'$/)
    expect(() => OpenAPI.fromSpec({ spec: { type: "object", properties: {} } })).toThrow(/found an object with keys 'type', 'properties'$/)
    expect(() => OpenAPI.fromSpec({ spec: [1, 2] })).toThrow("OpenAPI.fromSpec: expected an OpenAPI 3 document, got an array")
  })

  it("says where text that is neither JSON nor YAML goes wrong", () => {
    expect(() => OpenAPI.fromSpec({ spec: "openapi: 3.1.0\npaths: {\n  /a: [\n" })).toThrow(OpenApiSpecError)
    expect(() => OpenAPI.fromSpec({ spec: "openapi: 3.1.0\npaths: {\n  /a: [\n" })).toThrow(/neither JSON nor YAML: .*line \d+/)
  })

  it("refuses a document without an absolute server unless the host passes baseUrl", () => {
    const spec = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} }
    expect(() => OpenAPI.fromSpec({ spec })).toThrow("OpenAPI.fromSpec: no absolute base URL (the document has no 'servers'); pass 'baseUrl'")
    expect(() => OpenAPI.fromSpec({ spec: { ...spec, servers: [{ url: "/v1" }] } })).toThrow(/servers\[0\]\.url is '\/v1'/)
    expect(() => OpenAPI.fromSpec({ spec, baseUrl: "ftp://example.org" })).toThrow(/not http or https/)
    expect(() => OpenAPI.fromSpec({ spec, baseUrl: "https://example.org/?key=1" })).toThrow(/carries a query/)
    expect(OpenAPI.fromSpec({ spec, baseUrl: "https://example.org/v1/" }).operations).toEqual([])
  })

  it("checks its options", () => {
    const spec = shelfSpec(1)
    expect(() => OpenAPI.fromSpec({ spec, timeoutMs: 0 })).toThrow(new RangeError("OpenAPI.fromSpec: 'timeoutMs' must be a positive number"))
    expect(() => OpenAPI.fromSpec({ spec, maxResponseBytes: 1.5 })).toThrow(RangeError)
    expect(() => OpenAPI.fromSpec({ spec, retry: { times: 99 } })).toThrow("'retry.times' must be an integer from 0 to 10")
    expect(() => OpenAPI.fromSpec({ spec, auth: {} as never })).toThrow(TypeError)
  })

  it("survives hostile documents: cyclic structural $refs, deep nesting, alias bombs", () => {
    const cyclic = {
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://api.example.org" }],
      paths: { "/a": { get: { parameters: [{ $ref: "#/components/parameters/A" }], responses: {} } } },
      components: { parameters: { A: { $ref: "#/components/parameters/B" }, B: { $ref: "#/components/parameters/A" } } },
    }
    expect(OpenAPI.fromSpec({ spec: cyclic }).skipped).toEqual([
      { operation: "GET /a", operationId: undefined, reason: "$ref '#/components/parameters/A' refers to itself" },
    ])
    let deep: object = { type: "string" }
    for (let level = 0; level < 5_000; level++) deep = { type: "array", items: deep }
    const nested = { ...cyclic, paths: { "/a": { get: { operationId: "deep", responses: { "200": { description: "", content: { "application/json": { schema: deep } } } } } } } }
    const runtime = CodeMode.make({ language: "lua", tools: { deep: OpenAPI.fromSpec({ spec: nested }).tools } })
    runtimes.push(runtime)
    expect(runtime.catalog[0].signature).toContain("any")
    const bomb = ["openapi: 3.0.0", "a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for (let level = 0; level < 8; level++) bomb.push(`${String.fromCharCode(98 + level)}: &${String.fromCharCode(98 + level)} [${Array(10).fill(`*${String.fromCharCode(97 + level)}`).join(", ")}]`)
    expect(() => OpenAPI.fromSpec({ spec: bomb.join("\n") })).toThrow(/neither JSON nor YAML: .*alias/i)
  })
})
