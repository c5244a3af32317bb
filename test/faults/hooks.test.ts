/**
 * Hooks that throw, die, reject or hang, at each of the four points (tool.before, tool.after,
 * extension.before, extension.after), and calls whose answer comes after the program has ended:
 * tools that never return, tools that finish after the timeout (inside an uninterruptible region),
 * and JavaScript calls the program never awaited.
 *
 * Each execution gets one Result, `after` hears about each admitted call exactly once with the
 * status the Result reports, and nothing the host does late can hold the Result back.
 */

import { Deferred, Effect, Fiber, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CodeMode, Extension, Tool, WorkerPool } from "../../index.js"
import { afterStatuses, callStatuses, expectRecovered, recordingHooks, settled, sleep, type HookEvent } from "./harness.js"

// More threads than executions wait out a deadline at once, so no deadline is spent queued.
const THREADS = 10
const pool = WorkerPool.make({ maxThreads: THREADS, minThreads: THREADS })
beforeAll(() => expectRecovered(pool, THREADS))
afterAll(() => pool.close())

const ok = Tool.make({ description: "Succeeds", input: Schema.Struct({}), execute: () => Effect.succeed({ fine: true }) })
const never = Tool.make({ description: "Never returns", input: Schema.Struct({}), execute: () => Effect.never })
const slow = Tool.make({ description: "Takes a while", input: Schema.Struct({}), execute: () => Effect.as(Effect.sleep(400), { slow: true }) })
const tools = { f: { ok, never, slow } }
const jsExtension = Extension.make({ name: "ext", globals: { ext: { ok: () => 1, later: async () => { await sleep(300); return 2 } } } })
const luaExtension = Extension.lua({ name: "ext", globals: { ext: { ok: () => Effect.succeed(1) } } })
const extensionFor = (language: "lua" | "javascript") => (language === "lua" ? luaExtension : jsExtension)

type Hook = HookEvent["hook"]
const MISBEHAVIOURS: Record<string, () => unknown> = {
  throws: () => {
    throw new Error("hook-throw")
  },
  dies: () => Effect.die(new Error("hook-die")),
  rejects: () => Promise.reject(new Error("hook-reject")),
  hangs: () => Effect.never,
  hangsPromise: () => new Promise(() => {}),
}
const HOOKS: ReadonlyArray<Hook> = ["tool.before", "tool.after", "extension.before", "extension.after"]

const catching = (language: "lua" | "javascript", call: string): string =>
  language === "lua"
    ? `local ok, e = pcall(function() return ${call} end) return { caught = not ok, message = tostring(e) }`
    : `try { await ${call}; return { caught: false } } catch (e) { return { caught: true, message: e.message } }`

/** One execution whose `hook` misbehaves `how`; checks the Result and what `after` heard. */
const checkMisbehaviour = async (language: "lua" | "javascript", hook: Hook, how: string): Promise<void> => {
  const events: HookEvent[] = []
  const runtime = CodeMode.make({
    language,
    pool,
    tools,
    extensions: [extensionFor(language)],
    hooks: recordingHooks(events, { [hook]: MISBEHAVIOURS[how] }),
    // Only the hung cases need a deadline; the others must never meet one, even queued.
    limits: { timeoutMs: how.startsWith("hangs") ? 800 : 10_000 },
  })
  const call = hook.startsWith("tool") ? "tools.f.ok({})" : "ext.ok()"
  const name = hook.startsWith("tool") ? "tools.f.ok" : "ext.ok"
  const result = await settled(runtime, catching(language, call))
  const hangs = how.startsWith("hangs")
  const failure = new RegExp({ throws: "hook-throw", dies: "hook-die", rejects: "hook-reject" }[how] ?? "-")
  const seen = { hook, how, kind: result.ok ? "ok" : result.error.kind, calls: callStatuses(result), after: afterStatuses(events) }
  if (hook.endsWith("before")) {
    // Denied (the call never ran), or still undecided at the deadline.
    if (hangs) expect(seen).toMatchObject({ kind: "TimeoutExceeded", calls: ["interrupted"], after: [] })
    else {
      expect(result.value).toMatchObject({ caught: true, message: expect.stringMatching(failure) })
      expect(result.value.message).toContain(`Call to ${name} was denied`)
      expect(result.toolCalls.map((c: any) => c.status)).toEqual(["denied"])
      expect(seen.after).toEqual([])
    }
  } else if (hangs) {
    // The call succeeded and `after` heard so; a hung `after` is cut off at the deadline.
    expect(seen).toMatchObject({ kind: "TimeoutExceeded", calls: ["success"], after: ["success"] })
  } else {
    // A failing `after` fails the call.
    expect(result.value).toMatchObject({ caught: true, message: expect.stringMatching(failure) })
    expect(result.value.message).toContain("the after hook failed")
    expect(seen).toMatchObject({ calls: ["failure"], after: ["success"] })
  }
}

for (const language of ["lua", "javascript"] as const) {
  describe(`${language}: misbehaving hooks`, () => {
    // Each case is one execution; they run side by side (the hung ones each wait out a deadline).
    const cases = HOOKS.flatMap((hook) => Object.keys(MISBEHAVIOURS).map((how) => [hook, how] as const))
    it(`every hook point x ${Object.keys(MISBEHAVIOURS).join(", ")}`, async () => {
      await Promise.all(cases.map(([hook, how]) => checkMisbehaviour(language, hook, how)))
    })
  })

  describe(`${language}: answers that come after the program`, () => {
    it.concurrent("a tool that never returns is interrupted at the deadline and `after` hears it", async () => {
      const events: HookEvent[] = []
      const runtime = CodeMode.make({ language, pool, tools, hooks: recordingHooks(events), limits: { timeoutMs: 300 } })
      const result = await settled(runtime, language === "lua" ? "return tools.f.never({})" : "await tools.f.never({})")
      expect(result.error.kind).toBe("TimeoutExceeded")
      expect(result.error.message).toContain("while waiting on tools.f.never (call 1)")
      expect(callStatuses(result)).toEqual(["interrupted"])
      expect(afterStatuses(events)).toEqual(["interrupted"])
    })

    it.concurrent("an `after` hook that hangs when told of an interruption does not hold the Result back", async () => {
      const events: HookEvent[] = []
      const hooks = recordingHooks(events, { "tool.after": (e) => (e.status === "interrupted" ? Effect.never : undefined) })
      const runtime = CodeMode.make({ language, pool, tools, hooks, limits: { timeoutMs: 300 } })
      const result = await settled(runtime, language === "lua" ? "return tools.f.never({})" : "await tools.f.never({})")
      expect(result.error.kind).toBe("TimeoutExceeded")
      expect(afterStatuses(events)).toEqual(["interrupted"])
    })

    it.concurrent("a tool still running (uninterruptibly) past the deadline does not hold the Result back", async () => {
      const release = Effect.runSync(Deferred.make<void>())
      const stubborn = Tool.make({
        description: "Finishes only when released, and cannot be interrupted",
        input: Schema.Struct({}),
        execute: () => Effect.uninterruptible(Effect.as(Deferred.await(release), { late: true })),
      })
      const events: HookEvent[] = []
      const runtime = CodeMode.make({ language, pool, tools: { f: { stubborn } }, hooks: recordingHooks(events), limits: { timeoutMs: 300 } })
      const result = await settled(runtime, language === "lua" ? "return tools.f.stubborn({})" : "await tools.f.stubborn({})")
      expect(result.error.kind).toBe("TimeoutExceeded")
      expect(result.toolCalls.map((c: any) => c.status)).toEqual(["interrupted"])
      expect(afterStatuses(events)).toEqual([])
      // The tool ends after its execution did: `after` still hears about it, once.
      Effect.runSync(Deferred.succeed(release, undefined))
      const until = Date.now() + 5_000
      while (afterStatuses(events).length === 0 && Date.now() < until) await sleep(10)
      expect(afterStatuses(events)).toHaveLength(1)
      await sleep(50)
      expect(afterStatuses(events)).toHaveLength(1)
    })

    it.concurrent("an interrupted caller is not held back by an `after` hook that hangs", async () => {
      const events: HookEvent[] = []
      const hooks = recordingHooks(events, { "tool.after": () => new Promise(() => {}) })
      const runtime = CodeMode.make({ language, pool, tools, hooks })
      const fiber = Effect.runFork(runtime.execute(language === "lua" ? "return tools.f.never({})" : "await tools.f.never({})"))
      await sleep(200)
      const exit = await Effect.runPromise(Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber))))
      expect(exit._tag).toBe("Failure")
      expect(afterStatuses(events)).toEqual(["interrupted"])
    })

    it("leaves the pool at full strength", () => expectRecovered(pool, THREADS))
  })
}

describe("javascript: calls the program never awaited", () => {
  it("are interrupted when the program ends; `after` hears each once", async () => {
    const events: HookEvent[] = []
    const runtime = CodeMode.make({
      language: "javascript",
      pool,
      tools,
      extensions: [jsExtension],
      hooks: recordingHooks(events),
      limits: { timeoutMs: 5_000 },
    })
    const result = await settled(runtime, `tools.f.slow({}); tools.f.never({}); ext.later(); const r = await tools.f.ok({}); r.fine`)
    expect(result).toMatchObject({ ok: true, value: true })
    expect(result.toolCalls.map((c: any) => [c.name, c.status])).toEqual([
      ["f.slow", "interrupted"],
      ["f.never", "interrupted"],
      ["ext.later", "interrupted"],
      ["f.ok", "success"],
    ])
    expect([...afterStatuses(events)].sort()).toEqual(["interrupted", "interrupted", "interrupted", "success"])
    await sleep(500)
    expect(afterStatuses(events)).toHaveLength(4)
  })

  it.concurrent("a stubborn one does not hold the Result back", async () => {
    const release = Effect.runSync(Deferred.make<void>())
    const stubborn = Tool.make({
      description: "Finishes only when released",
      input: Schema.Struct({}),
      execute: () => Effect.uninterruptible(Effect.as(Deferred.await(release), { late: true })),
    })
    const events: HookEvent[] = []
    const runtime = CodeMode.make({ language: "javascript", pool, tools: { f: { stubborn } }, hooks: recordingHooks(events) })
    const result = await settled(runtime, `tools.f.stubborn({}); 7`)
    expect(result).toMatchObject({ ok: true, value: 7 })
    Effect.runSync(Deferred.succeed(release, undefined))
    const until = Date.now() + 5_000
    while (afterStatuses(events).length === 0 && Date.now() < until) await sleep(10)
    expect(afterStatuses(events)).toHaveLength(1)
  })
})
