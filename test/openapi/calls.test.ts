/**
 * Generated tools called by real programs, in Lua and JavaScript, over real HTTP to the Shelf
 * server on 127.0.0.1. Each test asserts what the server saw (the raw request target, headers,
 * body) and what the program got back. Injection and credential handling are in
 * `security.test.ts`.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { CodeMode, OpenAPI } from "../../index.js"
import { startHarness, type Harness } from "./fixtures/harness.js"
import { kennelYaml } from "./fixtures/shelf-spec.js"

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => h.close())
beforeEach(() => h.reset())

describe("parameters, bodies and responses", () => {
  it("Lua: query styles, a header, and the response passed through unchanged", async () => {
    const result = await h.run(h.lua, `
      local books = tools.shelf.books.list({
        limit = 5, tags = { "sf", "classic" }, status = "available",
        filter = { author = "Le Guin", year = 1968 }, fields = { "title", "price" },
        ["X-Request-Id"] = "req-1",
      })
      return { count = #books, first = books[1] }`)
    expect(result.ok).toBe(true)
    expect(result.value.count).toBe(2)
    // Fields the schema does not mention (`extra`) and nulls arrive as the server sent them.
    expect(result.value.first).toEqual({ id: "bk_1", title: "Title of bk_1", status: "available", price: null, createdAt: "2026-01-01T00:00:00Z", extra: { kept: true } })
    const [seen] = h.server.seen
    expect(seen.method).toBe("GET")
    expect(seen.url).toBe("/v2/books?limit=5&tags=sf&tags=classic&status=available&filter%5Bauthor%5D=Le+Guin&filter%5Byear%5D=1968&fields=title%2Cprice")
    expect(seen.headers["x-request-id"]).toBe("req-1")
    expect(seen.headers.accept).toBe("application/json")
    expect(result.toolCalls).toMatchObject([{ kind: "tool", name: "shelf.books.list", status: "success" }])
  })

  it("Lua: a JSON body, a path parameter, text and empty responses", async () => {
    const result = await h.run(h.lua, `
      local created = tools.shelf.books.create({ body = { title = "A Wizard of Earthsea", tags = json.array(), price = json.null } })
      local blurb = tools.shelf.get_books_bookId_summary({ bookId = created.id })
      local deleted = tools.shelf.books.delete({ bookId = created.id })
      return { id = created.id, blurb = blurb, deletedIsNull = deleted == json.null }`)
    expect(result.error).toBeUndefined()
    expect(result).toMatchObject({ ok: true, value: { id: "bk_new", blurb: "A fine read: bk_new", deletedIsNull: true } })
    const [create, summary, remove] = h.server.seen
    expect([create.method, create.url, create.headers["content-type"]]).toEqual(["POST", "/v2/books", "application/json"])
    expect(JSON.parse(create.body)).toEqual({ title: "A Wizard of Earthsea", tags: [], price: null })
    expect(summary.url).toBe("/v2/books/bk_new/summary")
    expect(summary.headers.accept).toBe("text/plain")
    expect([remove.method, remove.url]).toEqual(["DELETE", "/v2/books/bk_new"])
  })

  it("JavaScript: concurrent calls across methods, path arrays and objects, pipe and space delimited lists", async () => {
    const result = await h.run(h.js, `
      const [got, replaced, patched, isbns, tile, hits, authors, tree, health] = await Promise.all([
        tools.shelf.books.get({ bookId: "bk_1" }),
        tools.shelf.books.replace({ bookId: "bk_1", body: { title: "New title" } }),
        tools.shelf.books.update({ bookId: "bk_1", body: { status: "lost" } }),
        tools.shelf.books.byIsbn({ isbns: ["978-0", "97,8"] }),
        tools.shelf.map.tile({ point: { x: 1.5, y: 2 } }),
        tools.shelf.search({ q: "dragons", kinds: ["book", "author"], words: ["sea", "wind"], near: { x: 1, y: -2 } }),
        tools.shelf.authors.search({ name: "Ursula", q: { born: 1929 } }),
        tools.shelf.categories.tree({}),
        tools.shelf.health(),
      ])
      return { got: got.title, replaced: replaced.title, patched: patched.status, isbns: isbns.map((b) => b.id),
               tile: tile.tile, kinds: hits.slice(0, 2).map((h) => h.kind), authorQuery: authors[0].query,
               leaf: tree.children[0].children[0].name, up: health.up }`)
    expect(result.ok).toBe(true)
    expect(result.value).toEqual({
      got: "Title of bk_1",
      replaced: "New title",
      patched: "lost",
      isbns: ["978-0", "97,8"],
      tile: "x=1.5,y=2",
      kinds: ["book", "author"],
      authorQuery: "/v2/authors?name=Ursula&q=%7B%22born%22%3A1929%7D",
      leaf: "Fantasy",
      up: true,
    })
    const byTarget = (start: string) => h.server.seen.find((request) => request.url.startsWith(start))!
    expect(byTarget("/v2/books/by-isbn/").url).toBe("/v2/books/by-isbn/978-0,97%2C8")
    expect(byTarget("/v2/map/").url).toBe("/v2/map/x=1.5,y=2")
    expect(byTarget("/v2/search").url).toBe("/v2/search?q=dragons&kinds=book%7Cauthor&words=sea+wind&x=1&y=-2")
    const patch = h.server.seen.find((request) => request.method === "PATCH")!
    expect(patch.headers["content-type"]).toBe("application/merge-patch+json")
    expect(JSON.parse(patch.body)).toEqual({ status: "lost" })
    expect(h.server.seen.find((request) => request.method === "PUT")!.body).toBe('{"title":"New title"}')
  })

  it("JavaScript: names that collide keep their location, any media type is read by its content type", async () => {
    const result = await h.run(h.js, `
      const echo = await tools.shelf.debug.collide({ id: "p", "query:id": "q", "query:body": "b", "header:id": "h", body: { note: "n" } })
      const csv = await tools.shelf.debug.anything({})
      return { echo, csv }`)
    expect(result.value.echo).toEqual({ method: "POST", url: "/v2/collide/p?id=q&body=b", headerId: "h", body: '{"note":"n"}' })
    expect(result.value.csv).toBe("id,title\nbk_1,Earthsea\n")
  })

  it("Lua: programs find operations with search and search_tools", async () => {
    const result = await h.run(h.lua, `
      local found = search("register a new library member", { limit = 1 }).results[1]
      local loans = search_tools("loan history of a book", { limit = 1 })[1]
      return { found.path, loans.name, string.find(found.signature, "password?", 1, true) ~= nil }`)
    expect(result.value).toEqual(["tools.shelf.members.create", "shelf.get_books_bookId_history", true])
  })

  it("YAML 3.0 document: nullable values arrive as null", async () => {
    const kennel = OpenAPI.fromSpec({ spec: kennelYaml(h.server.port) })
    const runtime = CodeMode.make({ language: "javascript", tools: { kennel: kennel.tools } })
    try {
      const result = await Effect.runPromise(
        runtime.execute(`return [await tools.kennel.dogs.get({ id: 3 }), await tools.kennel.dogs.create({ body: { name: "Belka", nickname: null } })]`).pipe(Effect.provide(FetchHttpClient.layer)),
      )
      expect(result).toMatchObject({ ok: true, value: [{ id: 3, name: "Laika", nickname: null, owner: null }, { id: 7, name: "Belka", nickname: null }] })
    } finally {
      await runtime.close()
    }
  })
})

describe("failures a program can act on", () => {
  it("a non-2xx status is a ToolFailure with the status and a body excerpt, catchable in Lua", async () => {
    const result = await h.run(h.lua, `
      local ok, err = pcall(tools.shelf.books.get, { bookId = "bk_404" })
      return { ok = ok, err = err }`)
    expect(result.value.ok).toBe(false)
    expect(result.value.err).toContain('GET /books/{bookId} answered 404: {"code":"not_found","message":"No book bk_404 on any shelf"}')
    const uncaught = await h.run(h.lua, `return tools.shelf.books.get({ bookId = "bk_404" })`)
    expect(uncaught.error.kind).toBe("ToolFailure")
    expect(uncaught.toolCalls).toMatchObject([{ name: "shelf.books.get", status: "failure" }])
  })

  it("bad input is refused by name before anything is sent", async () => {
    const result = await h.run(h.js, `
      const messages = []
      for (const input of [{ bookid: "x" }, {}, { bookId: null }, "bk_1"]) {
        try { await tools.shelf.books.get(input) } catch (e) { messages.push(e.message) }
      }
      try { await tools.shelf.books.create({}) } catch (e) { messages.push(e.message) }
      return messages`)
    expect(result.value).toEqual([
      "tools.shelf.books.get failed: unknown input 'bookid'; expected 'bookId'",
      "tools.shelf.books.get failed: missing required input 'bookId'",
      "tools.shelf.books.get failed: input 'bookId' must be a string, number or boolean (or a list or object of them), got null",
      'tools.shelf.books.get failed: expected an input object, got a string ("bk_1")',
      "tools.shelf.books.create failed: missing required input 'body'",
    ])
    expect(h.server.seen).toEqual([])
  })

  it("a body that does not parse as its content type, and binary content, say so", async () => {
    const result = await h.run(h.js, `
      const out = []
      for (const call of [() => tools.shelf.debug.brokenJson({}), () => tools.shelf.debug.wrongType({})]) {
        try { await call() } catch (e) { out.push(e.message) }
      }
      return out`)
    expect(result.value[0]).toMatch(/^tools\.shelf\.debug\.brokenJson failed: GET \/broken-json answered with a body that does not parse as application\/json: /)
    expect(result.value[1]).toBe("tools.shelf.debug.wrongType failed: GET /wrong-type answered with binary content (image/png), which cannot be passed on")
  })

  it("a response over maxResponseBytes and a call past timeoutMs fail naming the bound", async () => {
    const result = await h.run(h.js, `
      const out = []
      for (const call of [() => tools.shelf.debug.big({}), () => tools.shelf.debug.slow({})]) {
        try { await call() } catch (e) { out.push(e.message) }
      }
      return out`)
    expect(result.value).toEqual([
      "tools.shelf.debug.big failed: GET /big answered with more than 1048576 bytes (maxResponseBytes)",
      "tools.shelf.debug.slow failed: GET /slow did not answer within 1000 ms (timeoutMs)",
    ])
    const small = h.make("lua", { maxResponseBytes: 100 })
    const streamed = await h.run(small, `local ok, err = pcall(tools.shelf.books.list, {}) return err`)
    expect(streamed.value).toContain("GET /books answered with more than 100 bytes (maxResponseBytes)")
  })

  it("timeoutMs also bounds a credential resolver that does not answer", async () => {
    h.slow.add("shelfKey")
    const result = await h.run(h.lua, `return tools.shelf.books.get({ bookId = "bk_1" })`)
    expect(result.error.message).toContain("GET /books/{bookId} did not answer within 1000 ms (timeoutMs)")
    expect(h.server.seen).toEqual([])
  })

  it("retries only idempotent methods, and only when asked", async () => {
    const once = await h.run(h.lua, `local ok, err = pcall(tools.shelf.debug.flaky, {}) return err`)
    expect(once.value).toContain("GET /flaky answered 503: try again")
    h.reset()
    const retrying = h.make("javascript", { retry: { times: 2 } })
    const result = await h.run(retrying, `
      const got = await tools.shelf.debug.flaky({})
      let post
      try { await tools.shelf.debug.flakyPost({}) } catch (e) { post = e.message }
      return { got, post }`)
    expect(result.value.got).toEqual({ method: "GET", url: "/v2/flaky" })
    expect(result.value.post).toContain("POST /flaky answered 503: still down")
    expect(h.server.seen.map((request) => request.method)).toEqual(["GET", "GET", "POST"])
  })

  it("a refused connection is a ToolFailure naming the operation, not the URL", async () => {
    const api = OpenAPI.fromSpec({ spec: kennelYaml(1), baseUrl: "http://127.0.0.1:1/kennel" })
    const runtime = CodeMode.make({ language: "lua", tools: { kennel: api.tools } })
    try {
      const result = await Effect.runPromise(runtime.execute(`return tools.kennel.dogs.get({ id = 1 })`).pipe(Effect.provide(FetchHttpClient.layer)))
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.error.kind).toBe("ToolFailure")
        expect(result.error.message).toMatch(/tools\.kennel\.dogs\.get failed: GET \/dogs\/\{id\}: TransportError: /)
        expect(result.error.message).not.toContain("127.0.0.1")
      }
    } finally {
      await runtime.close()
    }
  })
})
