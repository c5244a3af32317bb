/**
 * Live output through the public API: `onOutput` sees every block as it is made, in order, before
 * the Result; never twice, even when the program is suspended and run again from its log; and a
 * slow or failing observer neither blocks nor fails the program.
 */

import { Effect, Schema } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { CodeMode, Tool, WorkerPool, type OutputEvent, type Result } from "../../index.js"

const pools: WorkerPool[] = []
const closing: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(closing.splice(0).map((r) => r.close()))
  await Promise.all(pools.splice(0).map((pool) => pool.close()))
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const slow = Tool.make({
  description: "Answers after ms milliseconds",
  input: Schema.Struct({ ms: Schema.Number }),
  output: Schema.Number,
  execute: ({ ms }) => Effect.as(Effect.sleep(ms), ms),
})

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]).toString("base64")}`

describe("live output", () => {
  it("hands each block to onOutput as it is made, in order, before the Result (both languages)", async () => {
    for (const [language, source] of [
      ["javascript", `text("a"); console.warn("b"); image(${JSON.stringify(PNG)}); await tools.slow({ ms: 5 }); text("c"); return 1`],
      ["lua", `text("a") print("b") image(${JSON.stringify(PNG)}) tools.slow({ ms = 5 }) text("c") return 1`],
    ] as const) {
      const runtime = CodeMode.make({ language, tools: { slow } })
      closing.push(runtime)
      const events: OutputEvent[] = []
      let resultSeen = false
      const result = await Effect.runPromise(
        runtime.execute(source, { onOutput: (event) => void (expect(resultSeen).toBe(false), events.push(event)) }),
      ).finally(() => (resultSeen = true))
      expect(events.map((e) => e.index)).toEqual([0, 1, 2, 3])
      // The Result's blocks are the live ones (the image written once: same path), then the value.
      expect(result.output!.slice(0, 4)).toEqual(events.map((e) => e.block))
      expect(result.output![4]).toEqual({ type: "text", text: "1" })
    }
  })

  it("never forwards a block twice when the program is suspended and run again from its log", async () => {
    const pool = WorkerPool.make({ maxThreads: 1, hotThreads: 1, suspendAfterMs: 1 })
    pools.push(pool)
    const runtime = CodeMode.make({ language: "lua", tools: { slow }, pool })
    closing.push(runtime)
    await Effect.runPromise(runtime.execute("return 0"))
    const events: OutputEvent[] = []
    const waiting = Effect.runPromise(
      runtime.execute(
        `text("one") print("two")
         tools.slow({ ms = 150 })
         text("three")
         tools.slow({ ms = 150 })
         text("four")`,
        { onOutput: (event) => void events.push(event) },
      ),
    )
    // Programs queued behind the waiting one make the pool take its thread back (twice).
    await sleep(40)
    await Effect.runPromise(runtime.execute(`return 1`))
    await sleep(200)
    await Effect.runPromise(runtime.execute(`return 2`))
    const result: Result = await waiting
    expect(pool.stats.suspensions).toBeGreaterThanOrEqual(1)
    expect(events.map((e) => e.index)).toEqual([0, 1, 2, 3])
    expect(events.map((e) => (e.block as { text: string }).text)).toEqual(["one", "two", "three", "four"])
    expect(result.output).toEqual(events.map((e) => e.block))
  })

  it("a failing observer does not fail the program: one warning says so", async () => {
    const runtime = CodeMode.make({ language: "javascript" })
    closing.push(runtime)
    const seen: number[] = []
    const result = await Effect.runPromise(
      runtime.execute(`text("a"); text("b"); text("c"); return "done"`, {
        onOutput: ({ index }) => {
          seen.push(index)
          throw new Error(`observer broke on ${index}`)
        },
      }),
    )
    expect(seen).toEqual([0, 1, 2])
    expect(result).toMatchObject({ ok: true, value: "done" })
    if (!result.ok) return
    expect(result.warnings).toEqual([
      { kind: "ExecutionFailure", message: "The onOutput observer failed 3 time(s), first on block 0 (observer broke on 0); the program was not affected" },
    ])
  })

  it("an observer that fails as an Effect still gets the later blocks, and the program succeeds", async () => {
    const runtime = CodeMode.make({ language: "lua" })
    closing.push(runtime)
    const calls: number[] = []
    const result = await Effect.runPromise(
      runtime.execute(`print("x") print("y") return 1`, { onOutput: ({ index }) => Effect.andThen(Effect.sync(() => calls.push(index)), Effect.fail("no")) }),
    )
    expect(result).toMatchObject({ ok: true, value: 1 })
    await sleep(20)
    expect(calls).toEqual([0, 1])
  })

  it("a slow observer never holds the program back: the Result comes while it still works", async () => {
    const runtime = CodeMode.make({ language: "javascript" })
    closing.push(runtime)
    const delivered: number[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const result = await Effect.runPromise(
      runtime.execute(`for (let i = 0; i < 5; i++) text("t" + i); return 5`, {
        onOutput: ({ index }) => {
          delivered.push(index)
          return gate
        },
      }),
    )
    expect(result).toMatchObject({ ok: true, value: 5 })
    // Only the first block reached the observer so far: it is still working on it.
    expect(delivered).toEqual([0])
    release()
    await sleep(20)
    expect(delivered).toEqual([0, 1, 2, 3, 4])
  })
})
