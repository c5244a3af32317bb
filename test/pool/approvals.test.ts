/**
 * Approvals through the public API: a call that needs a yes pauses the execution with a signed
 * token; `resume` runs it again from the token's log, in this runtime or another with the same key.
 *
 * Every tool counts its real invocations: across a pause and its resume each logical call runs
 * exactly once, and nothing answered before the pause is asked for again.
 */

import { Effect, Fiber, Schema } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, describe, expect, it } from "vitest"
import { Approval, CodeMode, ResumeTokenError, State, Tool, WorkerPool, type Result, type Runtime } from "../../index.js"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const pool = WorkerPool.make({ maxThreads: 2 })
afterAll(() => pool.close())

const KEY = "a test key of at least thirty-two bytes"

/** Tools that count their invocations; `pay.send` needs an approval over 100. */
const countingTools = (options: { readonly sendInput?: Schema.Top } = {}) => {
  const invocations: string[] = []
  const send = Tool.make({
    description: "Sends money",
    input: (options.sendInput ?? Schema.Struct({ amount: Schema.Number, to: Schema.optional(Schema.String) })) as Schema.Struct<{ amount: typeof Schema.Number }>,
    output: Schema.Struct({ sent: Schema.Number }),
    needsApproval: ({ amount }: { amount: number }) => amount > 100,
    execute: ({ amount }: { amount: number }) => Effect.sync(() => (invocations.push(`send ${amount}`), { sent: amount })),
  })
  const look = Tool.make({
    description: "Looks something up",
    input: Schema.Struct({ q: Schema.String }),
    output: Schema.Struct({ q: Schema.String }),
    execute: ({ q }) => Effect.sync(() => (invocations.push(`look ${q}`), { q })),
  })
  const slow = Tool.make({
    description: "Answers after ms milliseconds",
    input: Schema.Struct({ ms: Schema.Number }),
    output: Schema.Number,
    execute: ({ ms }) => Effect.sync(() => invocations.push(`slow ${ms}`)).pipe(Effect.andThen(Effect.sleep(ms)), Effect.as(ms)),
  })
  return { tools: { pay: { send, look, slow } }, invocations }
}

const run = <E>(effect: Effect.Effect<Result, E, never>) => Effect.runPromise(effect)
const refusal = (effect: Effect.Effect<Result, ResumeTokenError, never>) =>
  Effect.runPromise(Effect.flip(effect)) as Promise<ResumeTokenError>

type Language = "lua" | "javascript"
const programs: Record<Language, Record<string, string>> = {
  lua: {
    one: `print("before")
local a = tools.pay.look({ q = "a" })
local r = tools.pay.send({ amount = 500 })
print("after")
return { a = a.q, sent = r.sent }`,
    caught: `local ok, err = pcall(tools.pay.send, { amount = 500 })
print("caught")
return { ok = ok, message = tostring(err) }`,
    uncaught: `tools.pay.send({ amount = 500 })
return "unreachable"`,
    twice: `local one = tools.pay.send({ amount = 200 })
print("between")
local two = tools.pay.send({ amount = 300 })
local small = tools.pay.send({ amount = 5 })
return one.sent + two.sent + small.sent`,
    stored: `store("count", (load("count") or 0) + 1)
tools.pay.send({ amount = 500 })
return load("count")`,
  },
  javascript: {
    one: `console.log("before")
const a = await tools.pay.look({ q: "a" })
const r = await tools.pay.send({ amount: 500 })
console.log("after")
return { a: a.q, sent: r.sent }`,
    caught: `try { await tools.pay.send({ amount: 500 }); return "unreachable" }
catch (e) { console.log("caught"); return { ok: false, message: String(e.message) } }`,
    uncaught: `await tools.pay.send({ amount: 500 })
return "unreachable"`,
    twice: `const one = await tools.pay.send({ amount: 200 })
console.log("between")
const two = await tools.pay.send({ amount: 300 })
const small = await tools.pay.send({ amount: 5 })
return one.sent + two.sent + small.sent`,
    stored: `await store("count", ((await load("count")) ?? 0) + 1)
await tools.pay.send({ amount: 500 })
return await load("count")`,
  },
}

describe.each(["lua", "javascript"] as const)("approvals in %s", (language) => {
  const make = (tools: ReturnType<typeof countingTools>["tools"], extra: Partial<CodeMode.Options> = {}) =>
    CodeMode.make({ language, tools, pool, approvals: { key: KEY }, ...(extra as object) })

  it("pauses at a guarded call and runs it once when approved, in a fresh runtime with the same key", async () => {
    const { tools, invocations } = countingTools()
    const first = make(tools)
    const paused = await run(first.execute(programs[language].one))
    expect(paused).toMatchObject({ ok: false, error: { kind: "ApprovalRequired" }, logs: ["before"] })
    if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
    expect(paused.error.message).toContain("tools.pay.send")
    expect(paused.pending.calls).toEqual([{ name: "pay.send", input: { amount: 500 } }])
    expect(paused.toolCalls.map((c) => [c.name, c.status])).toEqual([["pay.look", "success"], ["pay.send", "pending"]])
    expect(invocations).toEqual(["look a"])
    expect(Approval.inspect(paused.pending.token)).toEqual({ id: paused.pending.id, expiresAt: paused.pending.expiresAt, pendingCalls: 1 })
    await first.close()

    const second = make(tools)
    const resumed = await run(second.resume(paused.pending.token, { approved: true }))
    expect(resumed).toMatchObject({ ok: true, value: { a: "a", sent: 500 }, logs: ["after"] })
    expect(resumed.toolCalls.map((c) => [c.name, c.status])).toEqual([["pay.send", "success"]])
    // Every tool ran exactly once per logical call across the pause.
    expect(invocations).toEqual(["look a", "send 500"])
    await second.close()
  })

  it("fails a denied call as a catchable error carrying the reason", async () => {
    const { tools, invocations } = countingTools()
    const runtime = make(tools)
    const paused = await run(runtime.execute(programs[language].caught))
    if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
    const resumed = await run(runtime.resume(paused.pending.token, { approved: false, reason: "over budget" }))
    expect(resumed).toMatchObject({ ok: true, logs: ["caught"] })
    expect(JSON.stringify(resumed.ok && resumed.value)).toContain("over budget")
    expect(resumed.toolCalls.map((c) => [c.name, c.status])).toEqual([["pay.send", "denied"]])
    expect(invocations).toEqual([])
    await runtime.close()
  })

  it("fails the program when a denied call is not caught", async () => {
    const { tools, invocations } = countingTools()
    const runtime = make(tools)
    const paused = await run(runtime.execute(programs[language].uncaught))
    if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
    const resumed = await run(runtime.resume(paused.pending.token, { approved: false }))
    expect(resumed).toMatchObject({ ok: false, error: { kind: "ToolFailure" } })
    if (resumed.ok) throw new Error("expected a failure")
    expect(resumed.error.message).toContain("tools.pay.send was denied: not approved")
    expect(invocations).toEqual([])
    await runtime.close()
  })

  it("pauses twice in one program; the second token resumes where the second pause stood", async () => {
    const { tools, invocations } = countingTools()
    const runtime = make(tools)
    const first = await run(runtime.execute(programs[language].twice))
    if (first.ok || first.pending === undefined) throw new Error("expected a pause")
    expect(first.pending.calls).toEqual([{ name: "pay.send", input: { amount: 200 } }])
    const second = await run(runtime.resume(first.pending.token, { approved: true }))
    if (second.ok || second.pending === undefined) throw new Error("expected a second pause")
    expect(second).toMatchObject({ logs: ["between"], error: { kind: "ApprovalRequired" } })
    expect(second.pending.calls).toEqual([{ name: "pay.send", input: { amount: 300 } }])
    expect(second.pending.id).not.toBe(first.pending.id)
    const third = await run(runtime.resume(second.pending.token, { approved: true }))
    expect(third).toMatchObject({ ok: true, value: 505 })
    expect(third.logs ?? []).toEqual([])
    expect(third.toolCalls.map((c) => [c.name, c.status])).toEqual([["pay.send", "success"], ["pay.send", "success"]])
    expect(invocations).toEqual(["send 200", "send 300", "send 5"])
    await runtime.close()
  })

  it("counts maxToolCalls across legs", async () => {
    const { tools, invocations } = countingTools()
    const runtime = make(tools, { limits: { maxToolCalls: 2 } })
    const first = await run(runtime.execute(programs[language].twice))
    if (first.ok || first.pending === undefined) throw new Error("expected a pause")
    const second = await run(runtime.resume(first.pending.token, { approved: true }))
    if (second.ok || second.pending === undefined) throw new Error("expected a second pause")
    const third = await run(runtime.resume(second.pending.token, { approved: true }))
    // The third call is the program's third: over the limit of 2, whichever leg it falls in.
    expect(third).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
    expect(invocations).toEqual(["send 200", "send 300"])
    await runtime.close()
  })

  it("carries staged state across the pause and commits it only when the resumed program succeeds", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codemode-approvals-"))
    try {
      const { tools } = countingTools()
      const path = join(dir, "state.db")
      const first = make(tools, { state: State.sqlite({ path }) })
      const paused = await run(first.execute(programs[language].stored))
      if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
      // Nothing committed at the pause: another program still reads nothing.
      const peek = await run(first.execute(language === "lua" ? `return load("count")` : `return await load("count")`))
      expect(peek).toMatchObject({ ok: true })
      expect(peek.ok && peek.value).toBeFalsy()
      await first.close()
      const second = make(tools, { state: State.sqlite({ path }) })
      const resumed = await run(second.resume(paused.pending.token, { approved: true }))
      expect(resumed).toMatchObject({ ok: true, value: 1 })
      const after = await run(second.execute(language === "lua" ? `return load("count")` : `return await load("count")`))
      expect(after).toMatchObject({ ok: true, value: 1 })
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("shows each leg only its own output blocks, live and in the Result", async () => {
    const { tools } = countingTools()
    const runtime = make(tools)
    const source =
      language === "lua"
        ? `text("one") tools.pay.send({ amount = 500 }) text("two") return 3`
        : `text("one"); await tools.pay.send({ amount: 500 }); text("two"); return 3`
    const firstLive: unknown[] = []
    const paused = await run(runtime.execute(source, { onOutput: (event) => void firstLive.push(event) }))
    if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
    expect(paused.output).toEqual([{ type: "text", text: "one" }])
    expect(firstLive).toEqual([{ index: 0, block: { type: "text", text: "one" } }])
    const secondLive: unknown[] = []
    const resumed = await run(runtime.resume(paused.pending.token, { approved: true }, { onOutput: (event) => void secondLive.push(event) }))
    expect(resumed).toMatchObject({ ok: true, value: 3, output: [{ type: "text", text: "two" }, { type: "text", text: "3" }] })
    expect(secondLive).toEqual([{ index: 0, block: { type: "text", text: "two" } }])
    await runtime.close()
  })

  it("lets a tool.before hook ask with Approval.required, and does not ask it again once approved", async () => {
    const { tools, invocations } = countingTools()
    const asked: string[] = []
    const runtime = make(tools, {
      hooks: {
        "tool.before": (event: { name: string; input: unknown }) =>
          Effect.suspend(() => {
            asked.push(event.name)
            return event.name === "pay.look" ? Effect.fail(Approval.required({ reason: "lookups are audited" })) : Effect.void
          }),
      },
    })
    const source = language === "lua" ? `return tools.pay.look({ q = "z" }).q` : `return (await tools.pay.look({ q: "z" })).q`
    const paused = await run(runtime.execute(source))
    if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
    expect(paused.pending.calls).toEqual([{ name: "pay.look", input: { q: "z" }, reason: "lookups are audited" }])
    expect(paused.error.message).toContain("lookups are audited")
    const resumed = await run(runtime.resume(paused.pending.token, { approved: true }))
    expect(resumed).toMatchObject({ ok: true, value: "z" })
    expect(asked).toEqual(["pay.look"])
    expect(invocations).toEqual(["look z"])
    await runtime.close()
  })
})

describe("approvals in JavaScript: concurrent calls", () => {
  it("lists every guarded call of a Promise.all in one pause; calls already running finish and are logged first", async () => {
    const { tools, invocations } = countingTools()
    const runtime = CodeMode.make({ language: "javascript", tools, pool, approvals: { key: KEY } })
    const source = `const [a, b, c] = await Promise.all([
  tools.pay.send({ amount: 200 }),
  tools.pay.slow({ ms: 150 }),
  tools.pay.send({ amount: 300 }),
])
return [a.sent, b, c.sent]`
    const paused = await run(runtime.execute(source))
    if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
    expect(paused.pending.calls).toEqual([{ name: "pay.send", input: { amount: 200 } }, { name: "pay.send", input: { amount: 300 } }])
    expect(paused.toolCalls.map((c) => [c.name, c.status])).toEqual([["pay.send", "pending"], ["pay.slow", "success"], ["pay.send", "pending"]])
    expect(invocations).toEqual(["slow 150"])

    // One decision per pending call, in order; a single decision does not fit two calls.
    const caught = await run(runtime.resume(paused.pending.token, [{ approved: true }, { approved: true }]))
    expect(caught).toMatchObject({ ok: true, value: [200, 150, 300] })
    expect(invocations).toEqual(["slow 150", "send 200", "send 300"])
    const single = await refusal(runtime.resume(paused.pending.token, { approved: true }))
    expect(single.reason).toBe("decision")
    await runtime.close()
  })

  it("refuses a decision that does not fit the pending calls, and runs nothing", async () => {
    const { tools, invocations } = countingTools()
    const runtime = CodeMode.make({ language: "javascript", tools, pool, approvals: { key: KEY } })
    const paused = await run(runtime.execute(`return await Promise.all([tools.pay.send({ amount: 200 }), tools.pay.send({ amount: 300 })])`))
    if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
    for (const decision of [{ approved: true }, [{ approved: true }], [{ approved: "yes" }, { approved: true }], [{ approved: true, why: 1 }, { approved: true }]]) {
      const error = await refusal(runtime.resume(paused.pending.token, decision as never))
      expect(error).toBeInstanceOf(ResumeTokenError)
      expect(error.reason).toBe("decision")
    }
    // A refused decision does not use the token up.
    const resumed = await run(runtime.resume(paused.pending.token, [{ approved: false, reason: "no" }, { approved: true }]))
    expect(resumed).toMatchObject({ ok: false, error: { kind: "ToolFailure" } })
    expect(invocations).toEqual(["send 300"])
    await runtime.close()
  })
})

describe("approval tokens", () => {
  const pausedToken = async (runtime: Runtime<never>) => {
    const paused = await run(runtime.execute(`return tools.pay.send({ amount = 500 }).sent`))
    if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
    return paused.pending.token
  }
  const luaRuntime = (tools: ReturnType<typeof countingTools>["tools"], key = KEY, extra: Partial<CodeMode.Options> = {}) =>
    CodeMode.make({ language: "lua", tools, pool, approvals: { key }, ...(extra as object) })

  it("refuses a malformed, truncated, forged or foreign token with a reason, and runs nothing", async () => {
    const { tools, invocations } = countingTools()
    const runtime = luaRuntime(tools)
    const token = await pausedToken(runtime)
    const [prefix, payload, mac] = token.split(".") as [string, string, string]
    const json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))
    const forgedPayload = Buffer.from(JSON.stringify({ ...json, attempts: 0, source: "return 1" }), "utf8").toString("base64url")
    const cases: Array<[unknown, string]> = [
      ["not a token", "malformed"],
      [token.slice(0, token.length - 10), "signature"],
      [`${prefix}.${payload.slice(0, 20)}`, "malformed"],
      [`${prefix}.${forgedPayload}.${mac}`, "signature"],
      [42, "malformed"],
    ]
    for (const [bad, reason] of cases) {
      const error = await refusal(runtime.resume(bad as string, { approved: true }))
      expect(error).toBeInstanceOf(ResumeTokenError)
      expect([bad, error.reason]).toEqual([bad, reason])
    }
    const other = luaRuntime(tools, "another key, also thirty-two bytes long")
    expect((await refusal(other.resume(token, { approved: true }))).reason).toBe("signature")
    // Without a key a runtime makes its own: its tokens resume only in it.
    const keyless = CodeMode.make({ language: "lua", tools, pool })
    const own = await pausedToken(keyless)
    expect((await refusal(runtime.resume(own, { approved: true }))).reason).toBe("signature")
    expect(await run(keyless.resume(own, { approved: true }))).toMatchObject({ ok: true, value: 500 })
    expect(invocations).toEqual(["send 500"])
    await Promise.all([runtime.close(), other.close(), keyless.close()])
  })

  it("resumes a token once: a second resume is refused as used", async () => {
    const { tools, invocations } = countingTools()
    const runtime = luaRuntime(tools)
    const token = await pausedToken(runtime)
    const [one, two] = await Promise.all([
      Effect.runPromise(Effect.result(runtime.resume(token, { approved: true }))),
      Effect.runPromise(Effect.result(runtime.resume(token, { approved: true }))),
    ])
    const tags = [one._tag, two._tag].sort()
    expect(tags).toEqual(["Failure", "Success"])
    const failed = (one._tag === "Failure" ? one.failure : (two as { failure: ResumeTokenError }).failure) as ResumeTokenError
    expect(failed.reason).toBe("used")
    expect(invocations).toEqual(["send 500"])
    await runtime.close()
  })

  it("refuses a token whose tools changed, but not one whose unrelated tools changed", async () => {
    const { tools } = countingTools()
    const token = await pausedToken(luaRuntime(tools))
    const changed = countingTools({ sendInput: Schema.Struct({ amount: Schema.Number, currency: Schema.String }) })
    expect((await refusal(luaRuntime(changed.tools).resume(token, { approved: true }))).reason).toBe("tools-changed")
    const { send } = tools.pay
    expect((await refusal(luaRuntime({ pay: { look: tools.pay.look } } as never).resume(token, { approved: true }))).reason).toBe("tools-changed")
    const unrelated = { pay: { send }, other: { ping: Tool.make({ description: "New", input: Schema.Struct({}), execute: () => Effect.succeed(1) }) } }
    expect(await run(luaRuntime(unrelated as never).resume(token, { approved: true }))).toMatchObject({ ok: true, value: 500 })
    expect((await refusal(luaRuntime(tools, KEY, { limits: { maxToolCalls: 7 } }).resume(await pausedToken(luaRuntime(tools)), { approved: true }))).reason).toBe(
      "runtime-changed",
    )
  })

  it("expires: a token resumes until its expiry on the caller's Clock, not after", async () => {
    const { tools } = countingTools()
    const runtime = luaRuntime(tools, KEY, { approvals: { key: KEY, expiresInMs: 60_000 } })
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        const paused = yield* runtime.execute(`return tools.pay.send({ amount = 500 }).sent`)
        if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
        yield* TestClock.adjust("61 seconds")
        const late = yield* Effect.flip(runtime.resume(paused.pending.token, { approved: true }))
        return { late, expiresAt: paused.pending.expiresAt }
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(outcome.late.reason).toBe("expired")
    // The TestClock starts at 0: the pause was at 0 and the token expires 60 s later.
    expect(outcome.expiresAt).toBe(60_000)
    const fresh = await pausedToken(runtime)
    expect(await run(runtime.resume(fresh, { approved: true }))).toMatchObject({ ok: true })
    await runtime.close()
  })

  it("counts only running legs against the time limit", async () => {
    const { tools } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools, pool, approvals: { key: KEY }, limits: { timeoutMs: 60_000 } })
    const result = await Effect.runPromise(
      Effect.gen(function* () {
        const paused = yield* runtime.execute(`return tools.pay.send({ amount = 500 }).sent`)
        if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
        // A decision after two minutes: longer than the limit, which only counts running time.
        yield* TestClock.adjust("2 minutes")
        const fiber = yield* Effect.forkChild(runtime.resume(paused.pending.token, { approved: true }))
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(result).toMatchObject({ ok: true, value: 500 })
    await runtime.close()
  })

  it("fails at the pause when the token would be over maxTokenBytes", async () => {
    const big = Tool.make({ description: "Big", input: Schema.Struct({}), output: Schema.String, execute: () => Effect.succeed("x".repeat(5_000)) })
    const { tools } = countingTools()
    const runtime = CodeMode.make({ language: "lua", tools: { ...tools, big }, pool, approvals: { key: KEY, maxTokenBytes: 4_000 } })
    const result = await run(runtime.execute(`local b = tools.big({}) return tools.pay.send({ amount = 500 }).sent`))
    expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    if (result.ok) throw new Error("expected a failure")
    expect(result.error.message).toContain("maxTokenBytes")
    expect(result.pending).toBeUndefined()
    await runtime.close()
  })

  it("refuses approval options it cannot understand at make", () => {
    expect(() => CodeMode.make({ approvals: { key: "short" } })).toThrow(/at least 16 bytes/)
    expect(() => CodeMode.make({ approvals: { keys: KEY } as never })).toThrow(/unknown option 'keys'/)
    expect(() => CodeMode.make({ approvals: { expiresInMs: 0 } })).toThrow(/expiresInMs/)
    expect(() => Tool.make({ description: "x", input: Schema.Struct({}), execute: () => Effect.void, needsAproval: true } as never)).toThrow(/needsAproval/)
    expect(() => Tool.make({ description: "x", input: Schema.Struct({}), execute: () => Effect.void, needsApproval: "yes" } as never)).toThrow(/needsApproval/)
  })

  it("pauses a suspended execution whose slow policy asks after the thread was given back", async () => {
    const small = WorkerPool.make({ maxThreads: 1, hotThreads: 1, suspendAfterMs: 1 })
    try {
      let sent = 0
      const guarded = Tool.make({
        description: "Guarded by a policy service that takes a while",
        input: Schema.Struct({ amount: Schema.Number }),
        needsApproval: ({ amount }) => Effect.as(Effect.sleep(100), amount > 100),
        execute: ({ amount }) => Effect.sync(() => (sent++, amount)),
      })
      const slow = Tool.make({ description: "Slow", input: Schema.Struct({}), execute: () => Effect.as(Effect.sleep(300), 1) })
      const runtime = CodeMode.make({ language: "lua", tools: { guarded, slow }, pool: small, approvals: { key: KEY } })
      // The second program keeps work queued, so the first gives its thread back while its policy runs.
      const [paused, other] = await Promise.all([run(runtime.execute(`return tools.guarded({ amount = 500 })`)), run(runtime.execute(`return tools.slow({})`))])
      expect(other).toMatchObject({ ok: true, value: 1 })
      if (paused.ok || paused.pending === undefined) throw new Error("expected a pause")
      expect(small.stats.suspensions).toBeGreaterThan(0)
      expect(await run(runtime.resume(paused.pending.token, { approved: true }))).toMatchObject({ ok: true, value: 500 })
      expect(sent).toBe(1)
      await runtime.close()
    } finally {
      await small.close()
    }
  })

  it("denies a call whose needsApproval policy fails, without running it", async () => {
    let ran = 0
    const guarded = Tool.make({
      description: "Guarded by a policy that fails",
      input: Schema.Struct({}),
      needsApproval: () => Effect.fail(new Error("policy service down")),
      execute: () => Effect.sync(() => ++ran),
    })
    const runtime = CodeMode.make({ language: "lua", tools: { guarded }, pool })
    const result = await run(runtime.execute(`return tools.guarded({})`))
    expect(result).toMatchObject({ ok: false, error: { kind: "ToolFailure" } })
    if (result.ok) throw new Error("expected a failure")
    expect(result.error.message).toContain("policy service down")
    expect(result.toolCalls.map((c) => c.status)).toEqual(["denied"])
    expect(ran).toBe(0)
    await runtime.close()
  })
})
