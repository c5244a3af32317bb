/**
 * Branches as a host uses them, against both real backends: the default branch, isolation, fork,
 * list, delete, bad names, and state kept across runtimes (reopening an SQLite file; two runtimes
 * on one PostgreSQL database at once).
 */

import { Effect, Exit } from "effect"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { BranchError, CodeMode, DEFAULT_BRANCH, StateError, WorkerPool, type Runtime } from "../../index.js"
import { BACKENDS } from "./backends.js"
import { run } from "./helpers.js"

const pool = WorkerPool.make({ minThreads: 2 })
afterAll(() => pool.close())

const open: Runtime<any>[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((runtime) => runtime.close()))
})

const failureOf = async <A, E>(effect: Effect.Effect<A, E>): Promise<E> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) throw new Error("expected a failure")
  const error = Exit.findErrorOption(exit)
  if (error._tag !== "Some") throw new Error(`expected a typed failure, got ${String(exit.cause)}`)
  return error.value
}

describe.each(BACKENDS)("branches on $name", (backend) => {
  const runtimeFor = (layer: () => ReturnType<Awaited<ReturnType<typeof backend.fresh>>>) => {
    const runtime = CodeMode.make({ language: "lua", state: layer(), pool }) as Runtime<never>
    open.push(runtime)
    return runtime
  }

  it(`an execution given no branch uses "${DEFAULT_BRANCH}"`, async () => {
    const runtime = runtimeFor(await backend.fresh())
    await run(runtime, `store("k", "on main")`)
    expect(await run(runtime, `return load("k")`, "main")).toMatchObject({ ok: true, value: "on main" })
    expect(await run(runtime, `return load("k") == nil`, "other")).toMatchObject({ ok: true, value: true })
  })

  it("fork copies a branch; afterwards the two change apart", async () => {
    const runtime = runtimeFor(await backend.fresh())
    await run(runtime, `store("plan", { "a", "b" }); store("cursor", 1)`, "conversation")
    await Effect.runPromise(runtime.branches.fork("conversation", "retry"))
    await run(runtime, `store("cursor", 2)`, "retry")
    await run(runtime, `store("plan", nil)`, "conversation")
    expect(await run(runtime, `return { load("plan"), load("cursor") }`, "retry")).toMatchObject({ ok: true, value: [["a", "b"], 2] })
    expect(await run(runtime, `return { load("plan") == nil, load("cursor") }`, "conversation")).toMatchObject({ ok: true, value: [true, 1] })
  })

  it("list reports every branch by name with its keys and size; delete removes one", async () => {
    const runtime = runtimeFor(await backend.fresh())
    await run(runtime, `store("a", 1); store("bb", "xy")`, "b")
    await run(runtime, `store("k", true)`, "a")
    await Effect.runPromise(runtime.branches.fork("never-written", "empty"))
    expect(await Effect.runPromise(runtime.branches.list())).toEqual([
      { name: "a", keys: 1, chars: 5 },
      { name: "b", keys: 2, chars: 1 + 1 + 2 + 4 },
      { name: "empty", keys: 0, chars: 0 },
    ])
    expect(await Effect.runPromise(runtime.branches.delete("b"))).toBe(true)
    expect(await Effect.runPromise(runtime.branches.delete("b"))).toBe(false)
    expect((await Effect.runPromise(runtime.branches.list())).map((b) => b.name)).toEqual(["a", "empty"])
    expect(await run(runtime, `return load("a") == nil`, "b")).toMatchObject({ ok: true, value: true })
  })

  it("fork onto an existing branch fails and changes nothing", async () => {
    const runtime = runtimeFor(await backend.fresh())
    await run(runtime, `store("k", "source")`, "source")
    await run(runtime, `store("k", "target")`, "target")
    const error = await failureOf(runtime.branches.fork("source", "target"))
    expect(error).toBeInstanceOf(BranchError)
    expect(error).toMatchObject({ reason: "exists", branch: "target", message: "Cannot fork onto branch 'target': it already exists (delete it first)" })
    expect(await run(runtime, `return load("k")`, "target")).toMatchObject({ ok: true, value: "target" })
  })

  it("a bad branch name is a BranchError for operations and a failed Result for execute", async () => {
    const runtime = runtimeFor(await backend.fresh())
    expect(await failureOf(runtime.branches.delete(""))).toMatchObject({ _tag: "BranchError", reason: "invalid-name", message: "Invalid branch: a branch name must not be empty" })
    expect(await failureOf(runtime.branches.fork("a", "x".repeat(257)))).toMatchObject({ reason: "invalid-name" })
    expect(await run(runtime, `return 1`, "")).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: "Invalid branch: a branch name must not be empty" } })
  })

  it("state is kept across runtimes: one closes, the next one reads it", async () => {
    const layer = await backend.fresh()
    const first = runtimeFor(layer)
    await run(first, `store("cursor", { page = 7 })`, "agent")
    await first.close()
    const error = await failureOf(first.branches.list())
    expect(error).toBeInstanceOf(StateError)
    expect(error).toMatchObject({ reason: "closed" })
    const second = runtimeFor(layer)
    expect(await run(second, `return load("cursor")`, "agent")).toMatchObject({ ok: true, value: { page: 7 } })
  })

  it("two runtimes open on one database at once see each other's commits", async () => {
    const layer = await backend.fresh()
    const a = runtimeFor(layer)
    const b = runtimeFor(layer)
    await run(a, `store("from", "a")`)
    expect(await run(b, `local v = load("from"); store("from", v .. "b"); return v`)).toMatchObject({ ok: true, value: "a" })
    expect(await run(a, `return load("from")`)).toMatchObject({ ok: true, value: "ab" })
    await Effect.runPromise(b.branches.fork("main", "copy"))
    expect((await Effect.runPromise(a.branches.list())).map((x) => x.name)).toEqual(["copy", "main"])
  })
})
