/**
 * What a program cannot do through a generated tool, asserted on the request the server saw:
 * change the path's shape or the host with a path value, start a header or a cookie with a value,
 * set a credential, or read one back from the Result, its logs, a diagnostic or the catalog.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { OpenAPI, OpenApiCallError } from "../../index.js"
import { shelfSpec } from "./fixtures/shelf-spec.js"
import { SECRET_SPELLINGS, SECRETS, startHarness, type Harness } from "./fixtures/harness.js"

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => h.close())
beforeEach(() => h.reset())

describe("path values cannot change the path or the host", () => {
  const cases: ReadonlyArray<readonly [value: string, target: string]> = [
    ["../admin", "/v2/echo/..%2Fadmin"],
    ["../../v2/members/m_1", "/v2/echo/..%2F..%2Fv2%2Fmembers%2Fm_1"],
    ["a/b", "/v2/echo/a%2Fb"],
    ["?x=1", "/v2/echo/%3Fx%3D1"],
    ["#frag", "/v2/echo/%23frag"],
    ["%2e%2e", "/v2/echo/%252e%252e"],
    ["%2F", "/v2/echo/%252F"],
    ["...", "/v2/echo/..."],
    ["http://evil.example/steal", "/v2/echo/http%3A%2F%2Fevil.example%2Fsteal"],
    ["//evil.example", "/v2/echo/%2F%2Fevil.example"],
    ["a b\tc", "/v2/echo/a%20b%09c"],
    ["é\u0000", "/v2/echo/%C3%A9%00"],
  ]

  it("Lua: every value is one encoded segment, at the host the host chose", async () => {
    const program = `
      local out = {}
      for i, value in ipairs(${luaList(cases.map(([value]) => value))}) do
        out[i] = tools.shelf.debug.echoPath({ value = value }).url
      end
      return out`
    const result = await h.run(h.lua, program)
    expect(result.ok).toBe(true)
    expect(result.value).toEqual(cases.map(([, target]) => target))
    expect(h.server.seen.map((request) => request.url)).toEqual(cases.map(([, target]) => target))
    for (const request of h.server.seen) expect(request.headers.host).toBe(`127.0.0.1:${h.server.port}`)
  })

  it("JavaScript: dot segments and empty segments are refused before anything is sent", async () => {
    const result = await h.run(h.js, `
      const out = []
      for (const input of [{ value: ".." }, { value: "." }, { value: "" }, { value: "x", name: ".", ext: "" }, { value: "x", name: "", ext: "" }]) {
        const call = "name" in input ? tools.shelf.debug.echoFile(input) : tools.shelf.debug.echoPath(input)
        try { await call; out.push("sent") } catch (e) { out.push(e.message) }
      }
      const ok = await tools.shelf.debug.echoFile({ value: "v", name: "../etc/passwd", ext: "txt" })
      return { out, ok: ok.url }`)
    expect(result.error).toBeUndefined()
    expect(result.value.out).toEqual([
      "tools.shelf.debug.echoPath failed: input 'value' cannot be \"..\": it would change the path",
      "tools.shelf.debug.echoPath failed: input 'value' cannot be \".\": it would change the path",
      "tools.shelf.debug.echoPath failed: input 'value' cannot be \"\": it would change the path",
      "tools.shelf.debug.echoFile failed: input 'name' cannot be \"..\": it would change the path",
      "tools.shelf.debug.echoFile failed: input 'name' cannot be \".\": it would change the path",
    ])
    expect(result.value.ok).toBe("/v2/echo/v/files/..%2Fetc%2Fpasswd.txt")
    expect(h.server.seen.map((request) => request.url)).toEqual(["/v2/echo/v/files/..%2Fetc%2Fpasswd.txt"])
  })
})

describe("a host calling a tool directly gets the same checks", () => {
  it("refuses text percent-encoding cannot spell, with an OpenApiCallError", async () => {
    const api = OpenAPI.fromSpec({ spec: shelfSpec(h.server.port), auth: { resolve: () => Effect.succeed(SECRETS.shelfKey) } })
    const echo = api.tools.tools["debug.echoPath"]
    const failure = await Effect.runPromise(Effect.flip(echo.execute({ value: "half\uD800" })).pipe(Effect.provide(FetchHttpClient.layer)))
    expect(failure).toBeInstanceOf(OpenApiCallError)
    expect(failure.message).toBe("input 'value' must be well-formed text, got a lone surrogate")
    const echoed = await Effect.runPromise(echo.execute({ value: "a/b" }).pipe(Effect.provide(FetchHttpClient.layer)))
    expect(echoed).toEqual({ method: "GET", url: "/v2/echo/a%2Fb" })
  })
})

describe("header and cookie values cannot start new ones", () => {
  it("refuses line breaks in headers; encodes cookie values", async () => {
    const result = await h.run(h.js, `
      const out = []
      for (const id of ["a\\r\\nX-Evil: 1", "a\\nb", "nul\\u0000"]) {
        try { await tools.shelf.books.list({ "X-Request-Id": id }) } catch (e) { out.push(e.message) }
      }
      const loan = await tools.shelf.members.loans.get({ memberId: "m_1", loanId: 3, locale: "en; shelf_session=stolen" })
      return { out, loan: loan.id }`)
    expect(result.value.out).toEqual(Array(3).fill("tools.shelf.books.list failed: input 'X-Request-Id' cannot contain line breaks or NUL: it is sent in a header"))
    expect(result.value.loan).toBe(3)
    expect(h.server.seen).toHaveLength(1)
    expect(h.server.seen[0].url).toBe("/v2/members/m_1/loans/3")
    expect(h.server.seen[0].headers.cookie).toBe(`locale=en%3B%20shelf_session%3Dstolen; shelf_session=${SECRETS.cookieKey}`)
    expect(h.server.seen[0].headers["x-evil"]).toBeUndefined()
  })

  it("a program cannot set what the adapter owns", async () => {
    const result = await h.run(h.lua, `
      local out = {}
      out[1] = select(2, pcall(tools.shelf.debug.keyParam, { ["X-Shelf-Key"] = "mine" }))
      out[2] = select(2, pcall(tools.shelf.get_books_bookId_history, { bookId = "bk_1", Authorization = "Bearer mine" }))
      return out`)
    expect(result.value[0]).toContain("unknown input 'X-Shelf-Key'; expected 'page'")
    expect(result.value[1]).toContain("unknown input 'Authorization'; expected 'bookId'")
    expect(h.server.seen).toEqual([])
  })
})

describe("redirects", () => {
  it("follows redirects on the service's origin only, so credentials never travel elsewhere", async () => {
    const result = await h.run(h.js, `
      const landed = await tools.shelf.debug.redirectIn({})
      let out
      try { await tools.shelf.debug.redirectOut({}) } catch (e) { out = e.message }
      return { landed: landed.url, out }`)
    expect(result.value).toEqual({
      landed: "/v2/echo/landed",
      out: "tools.shelf.debug.redirectOut failed: GET /redirect/out answered 307, a redirect to another origin, which is not followed",
    })
    expect(h.server.seen.map((request) => request.url)).toEqual(["/v2/redirect/in", "/v2/echo/landed", "/v2/redirect/out"])
    expect(h.server.seen[1].headers["x-shelf-key"]).toBe(SECRETS.shelfKey)
  })
})

describe("credentials go where the scheme says, resolved per call", () => {
  it("places each scheme: API key header, bearer, query key, cookie, basic, oauth2", async () => {
    const result = await h.run(h.js, `
      await tools.shelf.books.get({ bookId: "bk_1" })
      await tools.shelf.books.reviews.create({ bookId: "bk_1", body: { stars: 5, text: "Yes" } })
      await tools.shelf.members.create({ body: { name: "Ada", email: "ada@example.org", password: "correct horse battery" } })
      await tools.shelf.members.loans.get({ memberId: "m_1", loanId: 1 })
      const member = await tools.shelf.members.get({ memberId: "m_1" })
      const stats = await tools.shelf.admin.stats({})
      return { member: member.name, loans: stats.loans }`)
    expect(result.value).toEqual({ member: "Ada", loans: 42 })
    const [key, bearer, query, cookie, basic, oauth] = h.server.seen
    expect(key.headers["x-shelf-key"]).toBe(SECRETS.shelfKey)
    expect(bearer.headers.authorization).toBe(`Bearer ${SECRETS.bearerAuth}`)
    expect(bearer.headers["x-shelf-key"]).toBeUndefined()
    expect(query.url).toBe(`/v2/members?api_key=${SECRETS.queryKey}`)
    expect(query.headers.authorization).toBeUndefined()
    expect(cookie.headers.cookie).toBe(`shelf_session=${SECRETS.cookieKey}`)
    expect(basic.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRETS.basicUser}:${SECRETS.basicPassword}`).toString("base64")}`)
    expect(oauth.headers.authorization).toBe(`Bearer ${SECRETS.oauth}`)
    expect(h.resolved).toEqual(["shelfKey", "bearerAuth", "queryKey", "cookieKey", "basicAuth", "oauth"])
  })

  it("tries alternatives in order; security: [] and unsatisfiable schemes send nothing", async () => {
    h.withheld.add("bearerAuth")
    const result = await h.run(h.lua, `
      local author = tools.shelf.authors.get({ authorId = "au_1" })
      local reviews = tools.shelf.books.reviews.list({ bookId = "bk_1" })
      local health = tools.shelf.health({})
      tools.shelf.admin["purge-cache"]({})
      return { author.name, #reviews, health.up }`)
    expect(result.value).toEqual(["Ursula", 1, true])
    const [author, reviews, health, purge] = h.server.seen
    expect(author.headers.authorization).toBeUndefined()
    expect(author.headers["x-shelf-key"]).toBe(SECRETS.shelfKey)
    for (const request of [reviews, health, purge]) {
      expect(request.headers.authorization).toBeUndefined()
      expect(request.headers["x-shelf-key"]).toBeUndefined()
      expect(request.headers.cookie).toBeUndefined()
    }
    expect(h.resolved).toEqual(["bearerAuth", "shelfKey"])
  })

  it("a resolver failure names the scheme only; a credential the server quotes back is redacted", async () => {
    h.failing.add("shelfKey")
    h.overrides.set("oauth", "wrong-token-c0ffee")
    const result = await h.run(h.js, `
      const out = []
      try { await tools.shelf.books.get({ bookId: "bk_1" }) } catch (e) { out.push(e.message) }
      try { await tools.shelf.admin.stats({}) } catch (e) { out.push(e.message); console.log(e.message) }
      return out`)
    expect(result.value).toEqual([
      "tools.shelf.books.get failed: could not obtain a credential for security scheme 'shelfKey'",
      'tools.shelf.admin.stats failed: GET /stats answered 403: {"code":"forbidden","message":"bad token Bearer [redacted]"}',
    ])
    expect(JSON.stringify(result)).not.toContain("wrong-token-c0ffee")
    expect(h.server.seen.map((request) => request.url)).toEqual(["/v2/stats"])
  })

  it("no Result, log, diagnostic or catalog entry of this suite holds a credential", async () => {
    // Programs that try to echo everything they can reach, in both languages.
    await h.run(h.lua, `
      local book = tools.shelf.books.get({ bookId = "bk_1" })
      print(json.encode(book), json.encode(search("book")), describe_tool("shelf.books.get"))
      local ok, err = pcall(tools.shelf.members.get, { memberId = "m_1" })
      print(tostring(err))
      error(json.encode(tools.shelf.members.create({ body = { name = "x", email = "y" } })))`)
    await h.run(h.js, `
      console.log(JSON.stringify(await searchTools("credentials key token")), JSON.stringify(ALL_TOOLS))
      console.log(JSON.stringify(await tools.shelf.admin.stats({})))
      throw new Error(JSON.stringify(await tools.shelf.members.loans.get({ memberId: "m", loanId: 1 })))`)
    expect(h.results.length).toBeGreaterThanOrEqual(7)
    const everything = JSON.stringify([h.results, h.lua.catalog, h.js.catalog])
    for (const secret of SECRET_SPELLINGS) expect(everything).not.toContain(secret)
    expect(h.results.some((result) => (result.logs ?? []).length > 0)).toBe(true)
  })
})

const luaList = (values: ReadonlyArray<string>): string =>
  `{ ${values.map((value) => `"${[...Buffer.from(value, "utf8")].map((byte) => `\\${byte}`).join("")}"`).join(", ")} }`
