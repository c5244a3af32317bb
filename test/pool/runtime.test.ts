import { Effect, Fiber, Schema } from "effect"
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Namespace, Tool, WorkerPool, type Runtime } from "../../index.js"

const run = <R>(runtime: Runtime<R>, source: string) => Effect.runPromise(runtime.execute(source) as Effect.Effect<any>)

const echo = Tool.make({
  description: "Echo the input back",
  input: Schema.Struct({ text: Schema.String }),
  output: Schema.Struct({ text: Schema.String, length: Schema.Number }),
  execute: ({ text }) => Effect.succeed({ text, length: text.length }),
})

// A schema that transforms both ways: the program sends a string, the tool receives a number,
// the tool returns a Date, the program sees its ISO string.
const dated = Tool.make({
  description: "Days after the epoch",
  input: Schema.Struct({ days: Schema.NumberFromString }),
  output: Schema.Struct({ at: Schema.Date }),
  execute: ({ days }) => Effect.succeed({ at: new Date(days * 86_400_000) }),
})

const failing = Tool.make({
  description: "Always fails",
  input: Schema.Struct({}),
  execute: () => Effect.fail(new Error("the warehouse is closed")),
})

const lying = Tool.make({
  description: "Returns the wrong shape",
  input: Schema.Struct({}),
  output: Schema.Struct({ count: Schema.Number }),
  execute: () => Effect.succeed({ count: "many" } as never),
})

const sleepy = Tool.make({
  description: "Waits",
  input: Schema.Struct({ ms: Schema.Number }),
  output: Schema.Struct({ slept: Schema.Number }),
  execute: ({ ms }) => Effect.as(Effect.sleep(ms), { slept: ms }),
})

const tools = {
  util: Namespace.make({ description: "Utilities", tools: { echo, dated, failing, lying, sleepy } }),
}

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 2 })
afterAll(() => pool.close())

describe("tool calls", () => {
  const runtime = CodeMode.make({ language: "lua", tools, pool })

  it("decode input and output by their schemas", async () => {
    const result = await run(runtime, `
      local e = tools.util.echo({ text = "héllo" })
      local d = tools.util.dated({ days = "1" })
      return { e = e, at = d.at }
    `)
    expect(result).toMatchObject({ ok: true, value: { e: { text: "héllo", length: 5 }, at: "1970-01-02T00:00:00.000Z" } })
    expect(result.toolCalls.map((c: any) => [c.name, c.status])).toEqual([["util.echo", "success"], ["util.dated", "success"]])
  })

  it("reports invalid input as InvalidToolInput, catchable by pcall", async () => {
    const uncaught = await run(runtime, `return tools.util.echo({ text = 42 })`)
    expect(uncaught.ok).toBe(false)
    expect(uncaught.error.kind).toBe("InvalidToolInput")
    expect(uncaught.error.message).toContain("text")
    const caught = await run(runtime, `local ok, err = pcall(tools.util.echo, { text = 42 }) return { ok = ok, err = err }`)
    expect(caught.value.ok).toBe(false)
    expect(caught.value.err).toContain("Invalid input for tools.util.echo")
  })

  it("reports a bad result as InvalidToolOutput and a failure as ToolFailure", async () => {
    const bad = await run(runtime, `return tools.util.lying({})`)
    expect(bad.error.kind).toBe("InvalidToolOutput")
    const failed = await run(runtime, `return tools.util.failing({})`)
    expect(failed.error.kind).toBe("ToolFailure")
    expect(failed.error.message).toContain("the warehouse is closed")
  })

  it("names the closest paths for an unknown tool called in place, and pcall cannot hide that", async () => {
    const result = await run(runtime, `local ok = pcall(function() return tools.util.ecko({ text = "x" }) end) return ok`)
    expect(result.ok).toBe(false)
    expect(result.error.kind).toBe("UnknownTool")
    expect(result.error.message).toContain("util.echo")
  })

  it("an unknown tool read as nil and handed to pcall is a catchable error naming it", async () => {
    const result = await run(runtime, `local ok, e = pcall(tools.util.ecko, { text = "x" }) return { ok = ok, e = e }`)
    expect(result).toMatchObject({ ok: true, value: { ok: false, e: expect.stringContaining("tools.util.ecko: there is no such tool") } })
  })
})

describe("hooks", () => {
  it("observe decoded input and how the call ended", async () => {
    const seen: unknown[] = []
    const runtime = CodeMode.make({
      language: "lua",
      tools,
      pool,
      hooks: {
        tool: {
          before: ({ name, input }) => Effect.sync(() => seen.push(["before", name, input])),
          after: ({ name, outcome }) => Effect.sync(() => seen.push(["after", name, outcome.status])),
        },
      },
    })
    const result = await run(runtime, `tools.util.dated({ days = "2" }) pcall(tools.util.failing, {}) return 1`)
    expect(result.ok).toBe(true)
    expect(seen).toEqual([
      ["before", "util.dated", { days: 2 }],
      ["after", "util.dated", "success"],
      ["before", "util.failing", {}],
      ["after", "util.failing", "failure"],
    ])
  })

  it("deny a call: the tool never runs and the program can catch the denial", async () => {
    let ran = false
    const guarded = Tool.make({
      description: "Must not run",
      input: Schema.Struct({}),
      execute: () => Effect.sync(() => { ran = true }),
    })
    const runtime = CodeMode.make({
      language: "lua",
      tools: { guarded },
      pool,
      hooks: { tool: { before: () => Effect.fail(new Error("not on Sundays")) } },
    })
    const result = await run(runtime, `local ok, err = pcall(tools.guarded, {}) return err`)
    expect(ran).toBe(false)
    expect(result.value).toContain("not on Sundays")
    expect(result.toolCalls[0].status).toBe("denied")
  })
})

describe("limits", () => {
  it("rejects invalid limits at make with RangeError", () => {
    expect(() => CodeMode.make({ language: "lua", limits: { timeoutMs: -1 } })).toThrow(RangeError)
    expect(() => CodeMode.make({ language: "lua", limits: { maxToolCalls: 1.5 } })).toThrow(RangeError)
    expect(() => CodeMode.make({ language: "lua", limits: { maxOutputBytes: 0 } })).toThrow(RangeError)
  })

  it("stops at maxToolCalls, and pcall cannot catch it", async () => {
    const runtime = CodeMode.make({ language: "lua", tools, pool, limits: { maxToolCalls: 3 } })
    const result = await run(runtime, `
      for i = 1, 10 do pcall(tools.util.echo, { text = "x" }) end
      return "unreachable"`)
    expect(result.ok).toBe(false)
    expect(result.error.kind).toBe("ToolCallLimitExceeded")
    expect(result.toolCalls).toHaveLength(3)
  })

  it("truncates an oversized value and logs with in-band markers", async () => {
    const runtime = CodeMode.make({ language: "lua", pool, limits: { maxOutputBytes: 200 } })
    const result = await run(runtime, `for i = 1, 50 do print("line " .. i) end return string.rep("x", 1000)`)
    expect(result.ok).toBe(true)
    expect(result.truncated).toBe(true)
    expect(typeof result.value).toBe("string")
    expect(result.value.length).toBeLessThan(300)
    expect(result.value).toContain("truncated")
  })

  it("stops a busy loop at its timeout and keeps the worker usable", async () => {
    const runtime = CodeMode.make({ language: "lua", pool, limits: { timeoutMs: 300 } })
    const result = await run(runtime, `local n = 0\nwhile true do n = n + 1 end`)
    expect(result.ok).toBe(false)
    expect(result.error.kind).toBe("TimeoutExceeded")
    expect(result.error.message).toContain("line 2")
    expect(await run(runtime, "return 7")).toMatchObject({ ok: true, value: 7 })
  })

  it("says which tool the program was waiting on when time ran out", async () => {
    let interrupted = false
    const runtime = CodeMode.make({
      language: "lua",
      tools,
      pool,
      limits: { timeoutMs: 300 },
      hooks: { tool: { after: ({ outcome }) => Effect.sync(() => { if (outcome.status === "interrupted") interrupted = true }) } },
    })
    const result = await run(runtime, `tools.util.echo({ text = "a" }) tools.util.sleepy({ ms = 5000 })`)
    expect(result.error.kind).toBe("TimeoutExceeded")
    expect(result.error.message).toContain("tools.util.sleepy (call 2)")
    expect(result.error.message).toContain("1 call(s) had completed")
    expect(interrupted).toBe(true)
  })

  it("terminates a worker stuck in a builtin and replaces it", async () => {
    const stalling = WorkerPool.make({
      maxThreads: 1,
      entry: fileURLToPath(new URL("./fixtures/stalling-worker.mjs", import.meta.url)),
    })
    try {
      const runtime = CodeMode.make({ language: "lua", pool: stalling, limits: { timeoutMs: 200 } })
      const result = await run(runtime, "--stall\nreturn 1")
      expect(result.error.kind).toBe("TimeoutExceeded")
      // A runtime with the default timeout: on a loaded machine the replacement's start-up alone
      // can take longer than 200 ms, and a deadline counts from `execute`.
      const patient = CodeMode.make({ language: "lua", pool: stalling })
      expect(await run(patient, "return 2")).toMatchObject({ ok: true, value: 2 })
    } finally {
      await stalling.close()
    }
  })
})

describe("the pool", () => {
  it("contains a memory bomb to its worker while other executions succeed", async () => {
    const small = WorkerPool.make({ maxThreads: 2, resourceLimits: { maxOldGenerationSizeMb: 48 } })
    try {
      const runtime = CodeMode.make({ language: "lua", pool: small, limits: { timeoutMs: 60_000 } })
      const bomb = run(runtime, `
        local all = {}
        for i = 1, 100000 do
          local t = {}
          for j = 1, 1000 do t[j] = i + j + 0.5 end
          all[i] = t
        end
        return #all`)
      const others = Promise.all(Array.from({ length: 20 }, (_, i) => run(runtime, `return ${i} * 2`)))
      const [bombed, rest] = await Promise.all([bomb, others])
      expect(bombed.ok).toBe(false)
      expect(bombed.error.kind).toBe("ExecutionFailure")
      expect(bombed.error.message).toMatch(/memory/)
      expect(rest.map((r: any) => r.value)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2))
      expect(await run(runtime, "return 'alive'")).toMatchObject({ ok: true, value: "alive" })
    } finally {
      await small.close()
    }
  })

  it("runs 200 executions in flight on 2 workers, each with tool calls", async () => {
    const runtime = CodeMode.make({ language: "lua", tools, pool })
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        run(runtime, `
          local a = tools.util.echo({ text = "${"x".repeat(i % 7)}" })
          local b = tools.util.sleepy({ ms = ${i % 3} })
          return a.length + b.slept + ${i}`),
      ),
    )
    expect(results.map((r: any) => r.value)).toEqual(Array.from({ length: 200 }, (_, i) => (i % 7) + (i % 3) + i))
  })

  it("times out an execution still waiting for a worker, and refuses waiting ones on close", async () => {
    // A pool that never suspends: a program waiting on a tool keeps its thread.
    const single = WorkerPool.make({ maxThreads: 1, suspendAfterMs: Infinity })
    const runtime = CodeMode.make({ language: "lua", tools, pool: single, limits: { timeoutMs: 20_000 } })
    const hurried = CodeMode.make({ language: "lua", tools, pool: single, limits: { timeoutMs: 100 } })
    // One running fills a one-thread pool; the others wait in the queue.
    const busy = [run(runtime, "tools.util.sleepy({ ms = 400 }) return 1"), run(runtime, "tools.util.sleepy({ ms = 400 }) return 2")]
    const queued = await run(hurried, "return 3")
    expect(queued).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
    expect(queued.error.message).toContain("before it started")
    expect((await Promise.all(busy)).map((r: any) => r.value)).toEqual([1, 2])

    const running = [run(runtime, "tools.util.sleepy({ ms = 300 }) return 1"), run(runtime, "tools.util.sleepy({ ms = 300 }) return 2")]
    const waiting = run(runtime, "return 3")
    await new Promise((resolve) => setTimeout(resolve, 50))
    await single.close()
    const results = await Promise.all([...running, waiting])
    for (const result of results) expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
  })

  it("propagates the caller's interruption and interrupts the running tool", async () => {
    let outcome = "none"
    const runtime = CodeMode.make({
      language: "lua",
      tools,
      pool,
      hooks: { tool: { after: (event) => Effect.sync(() => { outcome = event.outcome.status }) } },
    })
    const fiber = Effect.runFork(runtime.execute(`return tools.util.sleepy({ ms = 10000 })`))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const exit = await Effect.runPromise(Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber))))
    expect(exit._tag).toBe("Failure")
    expect(outcome).toBe("interrupted")
    expect(await run(runtime, "return 'still serving'")).toMatchObject({ value: "still serving" })
  })

  it("leaks nothing between two executions on the same worker", async () => {
    const single = WorkerPool.make({ maxThreads: 1 })
    try {
      const a = CodeMode.make({ language: "lua", pool: single, tools: { alpha: { echo } } })
      const b = CodeMode.make({ language: "lua", pool: single, tools: { beta: { echo } } })
      await run(a, `leaked = "yes"; string.extra = 1; math.pi = 3; return tools.alpha.echo({ text = "a" })`)
      const second = await run(b, `return { leaked = leaked or "no", extra = string.extra or "no", pi = math.pi > 3.14 }`)
      expect(second.value).toEqual({ leaked: "no", extra: "no", pi: true })
      const crossed = await run(b, `return tools.alpha.echo({ text = "a" })`)
      expect(crossed.error.kind).toBe("UnknownTool")
    } finally {
      await single.close()
    }
  })

  it("runs JavaScript programs through the same API", async () => {
    const runtime = CodeMode.make({ language: "javascript", tools, pool })
    const result = await run(runtime, `const e = await tools.util.echo({ text: "hi" }); console.log("got", e.length); e.length + 40`)
    expect(result).toMatchObject({ ok: true, value: 42, logs: ["got 2"] })
    expect(result.toolCalls.map((c: any) => c.name)).toEqual(["util.echo"])
  })

  it("lets the process exit after close()", () => {
    const script = `
      import { Effect } from "effect"
      import { CodeMode } from "./dist/index.js"
      const runtime = CodeMode.make({ language: "lua" })
      const result = await Effect.runPromise(runtime.execute("return 40 + 2"))
      await runtime.close()
      console.log(JSON.stringify(result.value))
    `
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      timeout: 20_000,
      encoding: "utf8",
    })
    expect(child.stderr).toBe("")
    expect(child.stdout.trim()).toBe("42")
    expect(child.status).toBe(0)
  })
})

describe("instructions for the model", () => {
  it("renders how programs call search and tools", () => {
    expect(CodeMode.toolExpression("context7.resolve-library-id", "lua")).toBe('tools.context7["resolve-library-id"]')
    expect(CodeMode.toolExpression("orders.lookup")).toBe("tools.orders.lookup")
    expect(CodeMode.luaSearchSignature).toContain("search(")
    expect(CodeMode.searchSignature).toContain("search(")
  })
})
