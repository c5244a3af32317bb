/**
 * Functions inside extension results, through the public API on real workers: callable from a
 * JavaScript program like globals (sync or async, `this` bound, nested, at the root, in arrays),
 * seen by hooks that allow, observe and deny under a path-like name, requirements provided by the
 * caller, data that merely looks like the envelope, and Lua's refusal.
 */

import { Context, Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Extension, WorkerPool, type Runtime } from "../../index.js"

const run = <R>(runtime: Runtime<R>, source: string) => Effect.runPromise(runtime.execute(source) as Effect.Effect<any>)

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1 })
afterAll(() => pool.close())

class Session extends Context.Service<Session, { readonly user: string }>()("test/CallableSession") {}

/** A small database whose connections are objects of functions. */
const db = Extension.make({
  name: "db",
  globals: {
    db: {
      open: (name: string) => {
        const rows: Array<{ id: number }> = []
        return {
          name,
          rows: 0,
          insert(id: number) {
            rows.push({ id })
            return rows.length
          },
          query: (min: number) => rows.filter((row) => row.id >= min),
          // Asynchronous: the program gets a promise.
          count: async () => rows.length,
          // A function returned by a returned function.
          cursor: () => {
            let at = 0
            return { next: () => (at < rows.length ? { value: rows[at++], done: false } : { done: true }) }
          },
          // Requirements of a returned Effect come from the caller, as for a global.
          owner: Extension.async(() =>
            Effect.gen(function* () {
              const session = yield* Session
              return `${session.user}/${name}`
            }),
          ),
          fail: () => {
            throw new Error("connection lost")
          },
        }
      },
    },
    makeCounter: () => {
      let n = 0
      return () => ++n
    },
    handlers: () => [{ run: (x: number) => x * 2 }, { run: (x: number) => x * 3 }],
    lookalike: () => ({ "codemode:functions": [{ at: [], handle: "x", async: false }], value: 1 }),
  },
})

const provide = <A, E, R>(effect: Effect.Effect<A, E, R>) => effect.pipe(Effect.provideService(Session, { user: "ada" }))

describe("functions in JavaScript extension results", () => {
  const runtime = CodeMode.make({ language: "javascript", extensions: [db], pool })
  const runWith = (source: string) => Effect.runPromise(provide(runtime.execute(source)) as Effect.Effect<any>)

  it("are callable the way a global is: synchronous or async, with their object as this", async () => {
    const result = await runWith(`
      const conn = db.open("main")
      conn.insert(3); conn.insert(7); const size = conn.insert(9)
      const pending = conn.count()
      return { name: conn.name, size, big: conn.query(5), isPromise: pending instanceof Promise, count: await pending,
               owner: await conn.owner(), kinds: [typeof conn.insert, typeof conn.cursor] }`)
    expect(result).toMatchObject({
      ok: true,
      value: {
        name: "main",
        size: 3,
        big: [{ id: 7 }, { id: 9 }],
        isPromise: true,
        count: 3,
        owner: "ada/main",
        kinds: ["function", "function"],
      },
    })
    expect(result.toolCalls.map((c: any) => `${c.kind} ${c.name} ${c.status}`)).toEqual([
      "extension db.open success",
      "extension db.open().insert success",
      "extension db.open().insert success",
      "extension db.open().insert success",
      "extension db.open().count success",
      "extension db.open().query success",
      "extension db.open().owner success",
    ])
  })

  it("nest, sit at the root of a result or in arrays, and each keeps its own state", async () => {
    const result = await runWith(`
      const conn = db.open("x"); conn.insert(1); conn.insert(2)
      const cursor = conn.cursor()
      const seen = []
      for (let step = cursor.next(); !step.done; step = cursor.next()) seen.push(step.value.id)
      const a = makeCounter(), b = makeCounter()
      a(); a()
      const [double, triple] = handlers()
      return { seen, a: a(), b: b(), runs: [double.run(5), triple.run(5)] }`)
    expect(result.value).toEqual({ seen: [1, 2], a: 3, b: 1, runs: [10, 15] })
    const names = result.toolCalls.map((c: any) => c.name)
    expect(names).toContain("db.open().cursor().next")
    expect(names).toContain("makeCounter()")
    expect(names).toContain("handlers()[1].run")
  })

  it("a failure is a thrown, catchable error for a synchronous function", async () => {
    const result = await runWith(`
      const conn = db.open("x")
      try { conn.fail() } catch (e) { return e.message }`)
    expect(result.value).toBe("db.open().fail failed: connection lost")
  })

  it("data that only looks like the envelope crosses unchanged", async () => {
    const result = await runWith(`return lookalike()`)
    expect(result.value).toEqual({ "codemode:functions": [{ at: [], handle: "x", async: false }], value: 1 })
  })

  it("hooks observe them by their path-like name, and may deny them", async () => {
    const seen: Array<string> = []
    const hooked = CodeMode.make({
      language: "javascript",
      extensions: [db],
      pool,
      hooks: {
        extension: {
          before: ({ extension, name, args }) => {
            seen.push(`before ${extension} ${name} ${JSON.stringify(args)}`)
            if (name === "db.open().insert" && args[0] === 13) return Effect.fail(new Error("unlucky"))
            if (name === "db.open().count") return Promise.reject(new Error("not now"))
          },
          after: ({ name, outcome }) => {
            seen.push(`after ${name} ${outcome.status}${outcome.status === "success" ? ` ${JSON.stringify(outcome.value)}` : ""}`)
          },
        },
      },
    })
    const result = await Effect.runPromise(
      provide(
        hooked.execute(`
          const conn = db.open("h")
          conn.insert(1)
          let syncDenied, asyncDenied
          try { conn.insert(13) } catch (e) { syncDenied = e.message }
          await conn.count().catch((e) => { asyncDenied = e.message })
          return { syncDenied, asyncDenied, rows: conn.query(0) }`),
      ) as Effect.Effect<any>,
    )
    expect(result.value).toEqual({
      syncDenied: "Call to db.open().insert was denied: unlucky",
      asyncDenied: "Call to db.open().count was denied: not now",
      rows: [{ id: 1 }],
    })
    expect(seen).toEqual([
      'before db db.open ["h"]',
      'after db.open success {"name":"h","rows":0,"insert":null,"query":null,"count":null,"cursor":null,"owner":null,"fail":null}',
      "before db db.open().insert [1]",
      "after db.open().insert success 1",
      "before db db.open().insert [13]",
      "before db db.open().count []",
      "before db db.open().query [0]",
      'after db.open().query success [{"id":1}]',
    ])
    expect(result.toolCalls.map((c: any) => c.status)).toEqual(["success", "success", "denied", "denied", "success"])
  })

  it("do not count toward maxToolCalls, as JavaScript globals do not", async () => {
    const limited = CodeMode.make({ language: "javascript", extensions: [db], pool, limits: { maxToolCalls: 0 } })
    const result = await run(limited, `const next = makeCounter(); next(); next(); return next()`)
    expect(result.value).toBe(3)
  })
})

describe("functions in Lua extension results", () => {
  it("are refused with a message saying why", async () => {
    const store = Extension.lua({ name: "store", globals: { open: () => Effect.succeed({ get: () => 1 }) } })
    const runtime = CodeMode.make({ language: "lua", extensions: [store], pool })
    const result = await run(runtime, `local ok, message = pcall(open); return message`)
    expect(result.value).toBe(
      "Invalid result from open: result.get: Expected plain data (null, boolean, number, string, array or object), got a function " +
        "(a Lua extension returns JSON; functions in a result can be called only from JavaScript programs)",
    )
  })
})
