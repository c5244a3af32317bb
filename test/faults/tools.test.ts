/**
 * Broken tools and extensions, through the public API in both languages: defects (Effect.die,
 * a throw inside Effect.sync, a rejected promise), an `execute` that throws before making its
 * Effect or returns something else, failures that cannot be read, and hostile results (cycles,
 * throwing getters, Proxies, BigInt, functions, strings past the data bound and the frame bound).
 *
 * Each call must end as a catchable failure of a known kind, reported to `after` exactly once with
 * the status the Result gives it; the pool then serves normal work at full strength.
 */

import { Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAX_FAILURE_MESSAGE_CHARS } from "../../pool/limits.js"
import { CodeMode, Extension, Tool, WorkerPool } from "../../index.js"
import { afterStatuses, callStatuses, expectRecovered, recordingHooks, settled, type HookEvent } from "./harness.js"

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 2 })
beforeAll(() => expectRecovered(pool, 2))
afterAll(() => pool.close())

const tool = (execute: () => unknown) => Tool.make({ description: "A broken tool", input: Schema.Struct({}), execute: execute as never })
const revocable = () => {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

interface Case {
  readonly tool: Parameters<typeof tool>[0]
  /** The catchable failure the program sees. */
  readonly message: RegExp
  /** What `after` and `Result.toolCalls` say. */
  readonly status: "failure"
}

const CASES: Record<string, Case> = {
  dies: { tool: () => Effect.die(new Error("die-boom")), message: /^tools\.f\.dies failed: die-boom$/, status: "failure" },
  throwsInSync: { tool: () => Effect.sync(() => { throw new Error("sync-boom") }), message: /failed: sync-boom$/, status: "failure" },
  rejectsPromise: { tool: () => Effect.promise(() => Promise.reject(new Error("reject-boom"))), message: /failed: reject-boom$/, status: "failure" },
  failsTryPromise: {
    tool: () => Effect.tryPromise({ try: () => Promise.reject(new Error("try-boom")), catch: (e) => e }),
    message: /failed: try-boom$/,
    status: "failure",
  },
  throwsOutright: { tool: () => { throw new Error("outright-boom") }, message: /failed: outright-boom$/, status: "failure" },
  // A Promise or plain value is accepted (Tool.make wraps it: test/catalog/contracts.test.ts); a rejection is the tool's failure.
  returnsRejectedPromise: { tool: () => Promise.reject(new Error("promise-boom")), message: /failed: promise-boom$/, status: "failure" },
  failsWithRevokedProxy: { tool: () => Effect.fail(revocable()), message: /could not be read/, status: "failure" },
  failsWithThrowingMessage: {
    tool: () => Effect.fail({ get message(): string { throw new Error("getter-boom") } }),
    message: /could not be read/,
    status: "failure",
  },
  failsWithHugeMessage: {
    tool: () => Effect.fail(new Error("m".repeat(2_000_000))),
    message: new RegExp(`truncated: kept ${MAX_FAILURE_MESSAGE_CHARS} of 2000000 characters`),
    status: "failure",
  },
  returnsCycle: { tool: () => Effect.sync(() => { const a: any = {}; a.self = a; return a }), message: /output\.self: .*cyclic/, status: "failure" },
  returnsThrowingGetter: { tool: () => Effect.succeed({ get x() { throw new Error("get-boom") } }), message: /Invalid output.*get-boom/, status: "failure" },
  returnsThrowingProxy: {
    tool: () => Effect.succeed(new Proxy({}, { ownKeys() { throw new Error("keys-boom") } })),
    message: /Invalid output.*keys-boom/,
    status: "failure",
  },
  returnsRevokedProxy: { tool: () => Effect.succeed(revocable()), message: /Invalid output.*revoked/, status: "failure" },
  returnsBigInt: { tool: () => Effect.succeed({ n: 10n }), message: /output\.n: .*bigint/, status: "failure" },
  returnsFunction: { tool: () => Effect.succeed({ f: () => 1 }), message: /output\.f: .*function/, status: "failure" },
}

const tools = { f: Object.fromEntries(Object.entries(CASES).map(([name, c]) => [name, tool(c.tool)])) }

const catching = (language: "lua" | "javascript", call: string): string =>
  language === "lua"
    ? `local ok, e = pcall(function() return ${call} end) return { caught = not ok, message = tostring(e) }`
    : `try { await ${call}; return { caught: false } } catch (e) { return { caught: true, message: e.message } }`

for (const language of ["lua", "javascript"] as const) {
  describe(`${language}: a broken tool is one catchable failure`, () => {
    for (const [name, c] of Object.entries(CASES)) {
      it(name, async () => {
        const events: HookEvent[] = []
        const runtime = CodeMode.make({ language, pool, tools, hooks: recordingHooks(events), limits: { timeoutMs: 10_000 } })
        const result = await settled(runtime, catching(language, `tools.f.${name}({})`))
        expect(result.ok).toBe(true)
        expect(result.value.caught).toBe(true)
        expect(result.value.message).toMatch(c.message)
        expect(callStatuses(result)).toEqual([c.status])
        expect(afterStatuses(events)).toEqual([c.status])
      })
    }

    it("a denied call never runs the tool, not even the code that builds its Effect", async () => {
      let built = 0
      const eager = Tool.make({
        description: "Does its work while building its Effect",
        input: Schema.Struct({}),
        execute: () => {
          built++
          return Effect.succeed({ done: true })
        },
      })
      const runtime = CodeMode.make({
        language,
        pool,
        tools: { f: { eager } },
        hooks: { tool: { before: () => Effect.fail(new Error("not allowed")) } },
      })
      const result = await settled(runtime, catching(language, "tools.f.eager({})"))
      expect(result.value).toMatchObject({ caught: true, message: expect.stringContaining("denied: not allowed") })
      expect(result.toolCalls.map((c: any) => c.status)).toEqual(["denied"])
      expect(built).toBe(0)
    })

    it("a result over the channel's frame limit is a catchable InvalidToolOutput, not a hang", async () => {
      const events: HookEvent[] = []
      const huge = tool(() => Effect.succeed("h".repeat(70_000_000)))
      const runtime = CodeMode.make({ language, pool, tools: { f: { huge } }, hooks: recordingHooks(events), limits: { timeoutMs: 60_000 } })
      const result = await settled(runtime, catching(language, "tools.f.huge({})"))
      expect(result.value).toMatchObject({ caught: true, message: expect.stringMatching(/could not be sent.*exceeds the channel's limit/) })
      expect(result.toolCalls.map((c: any) => c.status)).toEqual(["failure"])
      // The tool itself succeeded; only its answer could not travel.
      expect(afterStatuses(events)).toEqual(["success"])
    })

    it("a result over the data-copy bound (16 MiB) ends the execution with a typed Result", async () => {
      const big = tool(() => Effect.succeed("b".repeat(20_000_000)))
      const runtime = CodeMode.make({ language, pool, tools: { f: { big } }, limits: { timeoutMs: 10_000 } })
      const source = language === "lua" ? "return #tools.f.big({})" : "const s = await tools.f.big({}); s.length"
      const result = await settled(runtime, source)
      // Lua refuses the copy with a stop; the JavaScript engine's answer to an oversized value is
      // still moving (it has been a value and a refusal): either is a typed Result, never a hang.
      if (language === "lua") expect(result.error).toMatchObject({ kind: "InvalidDataValue", message: expect.stringContaining("16777216") })
      else expect(result.ok ? result.value : result.error.kind).toSatisfy((v: unknown) => v === 20_000_000 || /^Invalid/.test(String(v)))
    })

    it("leaves the pool at full strength", () => expectRecovered(pool, 2))
  })
}

// ---------------------------------------------------------------------------------------------
// Extensions

const revokedResult = () => revocable()
const jsExtension = Extension.make({
  name: "broken",
  globals: {
    broken: {
      throws: () => { throw new Error("ext-throw") },
      rejects: async () => { throw new Error("ext-reject") },
      dies: Extension.async(() => Effect.die(new Error("ext-die"))),
      getter: () => ({ get x() { throw new Error("ext-get") } }),
      revoked: revokedResult,
      bigint: () => 5n,
      cycle: () => { const a: any = []; a.push(a); return a },
    },
  },
})
const luaExtension = Extension.lua({
  name: "broken",
  globals: {
    broken: {
      throws: () => { throw new Error("ext-throw") },
      rejects: () => Effect.promise(() => Promise.reject(new Error("ext-reject"))),
      dies: () => Effect.die(new Error("ext-die")),
      getter: () => Effect.succeed({ get x() { throw new Error("ext-get") } }),
      revoked: () => Effect.succeed(revokedResult()),
      bigint: () => Effect.succeed(5n),
      cycle: () => Effect.sync(() => { const a: any = []; a.push(a); return a }),
    },
  },
})

const EXTENSION_CASES: Record<string, RegExp> = {
  throws: /^broken\.throws failed: ext-throw$/,
  rejects: /failed: ext-reject$/,
  dies: /failed: ext-die$/,
  getter: /Invalid result from broken\.getter: ext-get$/,
  // JavaScript: asking a revoked Proxy whether it is a promise already throws, so the call fails.
  revoked: /^(Invalid result from )?broken\.revoked(:| failed:) .*revoked/,
  bigint: /Invalid result from broken\.bigint: .*bigint/,
  cycle: /Invalid result from broken\.cycle: .*cyclic/,
}

for (const language of ["lua", "javascript"] as const) {
  describe(`${language}: a broken extension global is one catchable failure`, () => {
    for (const [name, message] of Object.entries(EXTENSION_CASES)) {
      it(name, async () => {
        const events: HookEvent[] = []
        const runtime = CodeMode.make({
          language,
          pool,
          extensions: [language === "lua" ? luaExtension : jsExtension],
          hooks: recordingHooks(events),
          limits: { timeoutMs: 10_000 },
        })
        const result = await settled(runtime, catching(language, `broken.${name}()`))
        expect(result.value).toMatchObject({ caught: true, message: expect.stringMatching(message) })
        expect(callStatuses(result)).toEqual(["failure"])
        expect(afterStatuses(events)).toEqual(["failure"])
      })
    }
  })
}
