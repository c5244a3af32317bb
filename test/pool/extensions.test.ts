/**
 * Extensions through the public API, on real workers: JavaScript globals (synchronous, async,
 * objects of functions), Lua globals, hooks that allow, observe and deny, Effect requirements the
 * caller provides, counting toward maxToolCalls, and the checks `CodeMode.make` makes.
 */

import { Context, Effect, Schema } from "effect"
import { afterAll, describe, expect, expectTypeOf, it } from "vitest"
import { CodeMode, Extension, Tool, WorkerPool, type Runtime } from "../../index.js"
import { BUILTIN_GLOBALS } from "../../pool/extension.js"
import { createRealm } from "../../worker/javascript/builtins/index.js"
import { JsState } from "../../worker/javascript/runtime/state.js"
import { openLibraries } from "../../worker/lua/stdlib/index.js"
import { LuaState } from "../../worker/lua/runtime/state.js"
import { noHost } from "../../worker/engine-host.js"
import { resolveBounds } from "../../protocol/bounds.js"

const run = <R>(runtime: Runtime<R>, source: string) => Effect.runPromise(runtime.execute(source) as Effect.Effect<any>)

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1 })
afterAll(() => pool.close())

class Session extends Context.Service<Session, { readonly user: string; readonly allowed: (url: string) => boolean }>()(
  "test/Session",
) {}

const files: Record<string, string> = { "/a.txt": "alpha", "/b.txt": "beta" }

const fsExtension = Extension.make({
  name: "fs",
  globals: {
    fs: {
      readFile: (path: string) => {
        if (!(path in files)) throw new Error(`ENOENT: no such file '${path}'`)
        return files[path]
      },
      exists: (path: string) => path in files,
      promises: { readFile: async (path: string) => files[path] ?? null },
    },
  },
})

const web = Extension.make({
  name: "web",
  globals: {
    fetch: Extension.async((url: string) =>
      Effect.gen(function* () {
        const session = yield* Session
        if (!session.allowed(url)) return yield* Effect.fail(new Error(`${session.user} may not fetch ${url}`))
        return { status: 200, body: `page ${url} for ${session.user}` }
      }),
    ),
    nothing: () => undefined,
    leaky: () => ({ f: () => 1 }),
  },
})

const session = { user: "ada", allowed: (url: string) => url.startsWith("https://ok.") }

describe("JavaScript extensions", () => {
  const runtime = CodeMode.make({ language: "javascript", extensions: [fsExtension, web], pool })
  const runWith = (source: string) =>
    Effect.runPromise(runtime.execute(source).pipe(Effect.provideService(Session, session)) as Effect.Effect<any>)

  it("infers the Effect requirements of the globals", () => {
    expectTypeOf(runtime.execute("")).toEqualTypeOf<Effect.Effect<CodeMode.Result, never, Session>>()
    const plain = CodeMode.make({ language: "javascript", extensions: [fsExtension], pool })
    expectTypeOf(plain.execute("")).toEqualTypeOf<Effect.Effect<CodeMode.Result, never, never>>()
  })

  it("calls synchronous globals without a promise, nested by path", async () => {
    const result = await runWith(`
      const text = fs.readFile("/a.txt")
      return { text, type: typeof text, exists: fs.exists("/zz"), later: await fs.promises.readFile("/b.txt") }
    `)
    expect(result).toMatchObject({ ok: true, value: { text: "alpha", type: "string", exists: false, later: "beta" } })
    expect(result.toolCalls.map((c: any) => [c.kind, c.name, c.status])).toEqual([
      ["extension", "fs.readFile", "success"],
      ["extension", "fs.exists", "success"],
      ["extension", "fs.promises.readFile", "success"],
    ])
  })

  it("an async global returns a promise; its Effect runs with the caller's services", async () => {
    const result = await runWith(`
      const p = fetch("https://ok.example")
      const isPromise = p instanceof Promise
      const page = await p
      let denied
      try { await fetch("https://bad.example") } catch (e) { denied = e.message }
      return { isPromise, body: page.body, denied }
    `)
    expect(result.value).toEqual({ isPromise: true, body: "page https://ok.example for ada", denied: "fetch failed: ada may not fetch https://bad.example" })
  })

  it("a failing synchronous global throws a catchable error", async () => {
    const result = await runWith(`
      try { fs.readFile("/missing") } catch (e) { return e.message }
    `)
    expect(result.value).toBe("fs.readFile failed: ENOENT: no such file '/missing'")
    const uncaught = await runWith(`fs.readFile("/missing")`)
    expect(uncaught.ok).toBe(false)
    expect(uncaught.error.kind).toBe("ToolFailure")
  })

  it("undefined stays undefined; a function in a result is callable (extension-callables.test.ts)", async () => {
    const result = await runWith(`
      const u = nothing()
      return { u: u === undefined, f: leaky().f() }
    `)
    expect(result.value).toEqual({ u: true, f: 1 })
  })

  it("programs load globals like Node modules: import, require, import()", async () => {
    const result = await runWith(`
      import fs, { readFile } from "node:fs"
      import { readFile as readLater } from "fs/promises"
      const again = require("fs")
      const { default: same } = await import("fs")
      return [readFile("/a.txt"), await readLater("/b.txt"), again === fs, same === fs, Object.keys(fs)]
    `)
    expect(result).toMatchObject({ ok: true, value: ["alpha", "beta", true, true, ["readFile", "exists", "promises"]] })
  })

  it("extension calls do not count toward maxToolCalls in JavaScript", async () => {
    const limited = CodeMode.make({ language: "javascript", extensions: [fsExtension], limits: { maxToolCalls: 1 }, pool })
    const result = await run(limited, `return [fs.readFile("/a.txt"), fs.readFile("/b.txt"), fs.exists("/a.txt")]`)
    expect(result).toMatchObject({ ok: true, value: ["alpha", "beta", true] })
  })

  it("extensions are absent from the catalog and from search", async () => {
    const echo = Tool.make({ description: "Echo", input: Schema.Struct({}), execute: () => Effect.succeed(null) })
    const withTools = CodeMode.make({ language: "javascript", tools: { echo }, extensions: [fsExtension], pool })
    expect(withTools.catalog.map((d) => d.path)).toEqual(["echo"])
    const result = await run(withTools, `return (await search("readFile")).results.map((r) => r.path)`)
    expect(result.value).not.toContain("fs.readFile")
  })

  it("values are copied both ways", async () => {
    const seen: unknown[] = []
    const keep = Extension.make({
      name: "keep",
      globals: {
        keep: (value: { n: number }) => {
          seen.push(value)
          value.n = 99
          return value
        },
      },
    })
    const rt = CodeMode.make({ language: "javascript", extensions: [keep], pool })
    const result = await run(rt, `const v = { n: 1 }; const back = keep(v); back.n++; return [v.n, back.n]`)
    expect(result.value).toEqual([1, 100])
    expect(seen).toEqual([{ n: 99 }])
  })
})

describe("extension hooks", () => {
  it("observe every call with its path, arguments and outcome", async () => {
    const events: unknown[] = []
    const runtime = CodeMode.make({
      language: "javascript",
      extensions: [fsExtension],
      pool,
      hooks: {
        extension: {
          before: (e) => void events.push(["before", e.extension, e.name, e.args]),
          after: (e) => void events.push(["after", e.name, e.outcome.status, (e.outcome as any).value ?? (e.outcome as any).error?.message]),
        },
      },
    })
    const result = await run(runtime, `
      fs.readFile("/a.txt")
      try { fs.readFile("/nope") } catch {}
      return await fs.promises.readFile("/b.txt")
    `)
    expect(result.value).toBe("beta")
    expect(events).toEqual([
      ["before", "fs", "fs.readFile", ["/a.txt"]],
      ["after", "fs.readFile", "success", "alpha"],
      ["before", "fs", "fs.readFile", ["/nope"]],
      ["after", "fs.readFile", "failure", "ENOENT: no such file '/nope'"],
      ["before", "fs", "fs.promises.readFile", ["/b.txt"]],
      ["after", "fs.promises.readFile", "success", "beta"],
    ])
  })

  it("a denied call fails the way the call would: a throw, a rejected promise, a Lua error", async () => {
    let reached = 0
    const counted = Extension.make({
      name: "counted",
      globals: { now: () => ++reached, later: async () => ++reached },
    })
    const deny = { extension: { before: (e: { name: string }) => Effect.fail(new Error(`no ${e.name} today`)) } }
    const js = CodeMode.make({ language: "javascript", extensions: [counted], hooks: deny, pool })
    const result = await run(js, `
      let sync, async_
      try { now() } catch (e) { sync = e.message }
      const p = later()
      const isPromise = p instanceof Promise
      try { await p } catch (e) { async_ = e.message }
      return { sync, async_, isPromise }
    `)
    expect(result.value).toEqual({ sync: "Call to now was denied: no now today", async_: "Call to later was denied: no later today", isPromise: true })
    expect(result.toolCalls.map((c: any) => c.status)).toEqual(["denied", "denied"])

    const luaCounted = Extension.lua({ name: "counted", globals: { now: () => Effect.sync(() => ++reached) } })
    const lua = CodeMode.make({ language: "lua", extensions: [luaCounted], hooks: deny, pool })
    const luaResult = await run(lua, `local ok, err = pcall(now) return { ok = ok, err = err }`)
    expect(luaResult.value).toEqual({ ok: false, err: "Call to now was denied: no now today" })
    expect(reached).toBe(0)
  })

  it("an allowing hook may need services of its own", async () => {
    const seen: string[] = []
    const runtime = CodeMode.make({
      language: "javascript",
      extensions: [web],
      pool,
      hooks: {
        extension: {
          before: (e) =>
            Effect.gen(function* () {
              const s = yield* Session
              seen.push(`${s.user}:${e.name}`)
            }),
        },
      },
    })
    const result = await Effect.runPromise(
      runtime.execute(`return (await fetch("https://ok.x")).status`).pipe(Effect.provideService(Session, session)),
    )
    expect(result).toMatchObject({ ok: true, value: 200 })
    expect(seen).toEqual(["ada:fetch"])
  })
})

describe("Lua extensions", () => {
  const store = Extension.lua({
    name: "store",
    globals: {
      kv: {
        get: (key: string) => Effect.succeed(key === "missing" ? undefined : { key, value: key.length }),
        fail: () => Effect.fail(new Error("the store is down")),
      },
      whoami: () =>
        Effect.gen(function* () {
          return (yield* Session).user
        }),
    },
  })

  it("calls globals by dotted path; undefined is nil; failures are catchable", async () => {
    const runtime = CodeMode.make({ language: "lua", extensions: [store], pool })
    expectTypeOf(runtime.execute("")).toEqualTypeOf<Effect.Effect<CodeMode.Result, never, Session>>()
    const result = await Effect.runPromise(
      runtime
        .execute(`
          local got = kv.get("abc")
          local none = kv.get("missing")
          local ok, err = pcall(kv.fail)
          return { got = got, none = none == nil, ok = ok, err = err, me = whoami() }
        `)
        .pipe(Effect.provideService(Session, session)),
    )
    expect(result).toMatchObject({
      ok: true,
      value: { got: { key: "abc", value: 3 }, none: true, ok: false, err: "kv.fail failed: the store is down", me: "ada" },
    })
    expect(result.toolCalls.map((c) => `${c.kind}:${c.name}`)).toEqual([
      "extension:kv.get",
      "extension:kv.get",
      "extension:kv.fail",
      "extension:whoami",
    ])
  })

  it("extension calls count toward maxToolCalls", async () => {
    const runtime = CodeMode.make({ language: "lua", extensions: [store], limits: { maxToolCalls: 2 }, pool })
    const result = await run(runtime, `kv.get("a") kv.get("b") local ok = pcall(kv.get, "c") return ok`)
    expect(result.ok).toBe(false)
    expect(result.error.kind).toBe("ToolCallLimitExceeded")
    expect(result.error.message).toContain("kv.get")
  })
})

describe("CodeMode.make checks extensions", () => {
  const fn = () => 1

  it("refuses a global that shadows a built-in", () => {
    for (const name of ["console", "JSON", "Math", "tools", "search", "Promise"]) {
      expect(() => CodeMode.make({ language: "javascript", extensions: [Extension.make({ name: "x", globals: { [name]: fn } })] })).toThrow(
        `global '${name}' would shadow the built-in '${name}' of javascript programs`,
      )
    }
    for (const name of ["print", "string", "json", "tools", "search", "pcall"]) {
      const ext = Extension.lua({ name: "x", globals: { [name]: () => Effect.succeed(1) } })
      expect(() => CodeMode.make({ language: "lua", extensions: [ext] })).toThrow(`would shadow the built-in '${name}' of lua programs`)
    }
    // An object of functions shadows by its root.
    expect(() =>
      CodeMode.make({ language: "lua", extensions: [Extension.lua({ name: "x", globals: { string: { shout: () => Effect.succeed(1) } } })] }),
    ).toThrow("would shadow the built-in 'string'")
  })

  it("refuses a global another extension provides", () => {
    const a = Extension.make({ name: "a", globals: { fetch: fn } })
    const b = Extension.make({ name: "b", globals: { fetch: fn } })
    expect(() => CodeMode.make({ language: "javascript", extensions: [a, b] })).toThrow("global 'fetch' is already provided by extension 'a'")
  })

  it("allows globals that are absent on purpose (fetch, Buffer, process)", () => {
    const node = Extension.make({ name: "node", globals: { fetch: fn, Buffer: { from: fn }, process: { cwd: fn } } })
    expect(() => CodeMode.make({ language: "javascript", extensions: [node] })).not.toThrow()
  })

  it("refuses the wrong language, bad names and bad values", () => {
    const js = Extension.make({ name: "js", globals: { f: fn } })
    expect(() => CodeMode.make({ language: "lua", extensions: [js] as never })).toThrow("needs one made with Extension.lua")
    expect(() => Extension.make({ name: "x", globals: { "not-a-name": fn } })).toThrow("is not an identifier")
    expect(() => Extension.make({ name: "x", globals: { n: 3 as never } })).toThrow("must be a function or an object of functions")
    expect(() => Extension.make({ name: "x", globals: {} })).toThrow("declares no global function")
  })

  it("knows every built-in global of both engines", () => {
    const st = new JsState({ host: noHost, bounds: resolveBounds(undefined), deadline: Infinity })
    const realm = createRealm(st)
    const jsAbsent = new Set(["eval", "setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "process", "module", "Buffer", "fetch", "Proxy", "WeakRef"])
    for (const key of realm.global.ownKeys()) {
      if (typeof key !== "string" || jsAbsent.has(key)) continue
      expect(BUILTIN_GLOBALS.javascript.has(key), `JavaScript built-in ${key}`).toBe(true)
    }
    const lua = new LuaState({ host: noHost, bounds: resolveBounds(undefined), deadline: Infinity, randomSeed: 1, chunkName: "input" })
    const { G } = openLibraries(lua, [])
    for (const [key] of G.hashEntries()) {
      if (typeof key !== "string") continue
      expect(BUILTIN_GLOBALS.lua.has(key), `Lua built-in ${key}`).toBe(true)
    }
  })
})
