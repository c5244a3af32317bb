/**
 * PostgreSQL servers that cannot serve state: none listening, one that accepts and never answers,
 * and one that goes away in the middle of a run. Each gives a Result with a clear diagnostic (or a
 * typed `StateError` from a branch operation) within the configured timeouts, never a hang, and
 * never loses what was committed before.
 */

import { Effect, Exit } from "effect"
import { createServer, type Server, type Socket } from "node:net"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, State, StateError, WorkerPool, type Runtime } from "../../index.js"
import { gate, run } from "./helpers.js"
import { freePort, startPostgres } from "../../perf/postgres-server.js"

const pool = WorkerPool.make({ minThreads: 1 })
const open: Runtime<any>[] = []
afterAll(async () => {
  await Promise.all(open.map((runtime) => runtime.close()))
  await pool.close()
})

const makeOn = (url: string, tools: object = {}) => {
  const runtime = CodeMode.make({ language: "lua", pool, tools: tools as never, state: State.postgres({ url, connectTimeoutMs: 1_000, statementTimeoutMs: 2_000 }) }) as Runtime<never>
  open.push(runtime)
  return runtime
}

const listError = async (runtime: Runtime<never>): Promise<StateError> => {
  const exit = await Effect.runPromiseExit(runtime.branches.list())
  if (Exit.isSuccess(exit)) throw new Error("list succeeded")
  const error = Exit.findErrorOption(exit)
  if (error._tag !== "Some") throw new Error(String(exit.cause))
  return error.value as StateError
}

/** A server on 127.0.0.1 that accepts connections and never answers, as a PostgreSQL URL. */
const silentServer = async (): Promise<{ url: string; close(): Promise<void> }> => {
  const sockets: Socket[] = []
  const server: Server = createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `postgres://postgres:x@127.0.0.1:${port}/postgres`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describe("PostgreSQL servers that cannot hold state", () => {
  it("no server listening: make succeeds, the first Result that uses state says the server could not be reached", async () => {
    const port = await freePort()
    const runtime = makeOn(`postgres://postgres:x@127.0.0.1:${port}/postgres`)
    expect(await run(runtime, `return 1 + 1`)).toMatchObject({ ok: true, value: 2 })
    const result = await run(runtime, `return load("k")`)
    expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: expect.stringMatching(new RegExp(`^The state server could not be reached \\(PostgreSQL at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED.*\\); nothing was stored$`)) } })
    const error = await listError(runtime)
    expect(error).toBeInstanceOf(StateError)
    expect(error.reason).toBe("unreachable")
  })

  it("a server that accepts and never answers: the connection attempt gives up after connectTimeoutMs", async () => {
    const silent = await silentServer()
    try {
      const runtime = makeOn(silent.url)
      const result = await run(runtime, `store("k", 1)`)
      expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: expect.stringContaining("The state server could not be reached") } })
      expect((await listError(runtime)).reason).toBe("unreachable")
    } finally {
      await silent.close()
    }
  })

  it("programs suspended on a load the server never answers each get the failure, not their timeout", async () => {
    // The failure is a stop that arrives after the pool took the waiting programs' threads back
    // (six programs, more than the hot threads); it must still reach each of them.
    const silent = await silentServer()
    try {
      const runtime = CodeMode.make({ language: "lua", pool, state: State.postgres({ url: silent.url, connectTimeoutMs: 300 }), limits: { timeoutMs: 20_000 } }) as Runtime<never>
      open.push(runtime)
      const results = await Promise.all(Array.from({ length: 6 }, () => run(runtime, `return load("k")`)))
      for (const result of results) {
        expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: expect.stringContaining("The state server could not be reached") } })
      }
    } finally {
      await silent.close()
    }
  })

  it("a server that goes away mid-run: the Result says so, nothing is half-stored, and committed state is there when it returns", { timeout: 90_000 }, async () => {
    const server = await startPostgres()
    try {
      const waiting = gate()
      const runtime = makeOn(server.url, waiting.tools)
      expect(await run(runtime, `store("before", "kept")`)).toMatchObject({ ok: true })
      const pending = run(runtime, `local v = load("before"); tools.gate.wait({}); store("after", v); store("before", "changed"); return v`)
      await waiting.arrived
      await server.stop()
      waiting.open()
      const result = await pending
      expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: expect.stringContaining("could not be reached") } })
      expect(await run(runtime, `return load("before")`)).toMatchObject({ ok: false, error: { message: expect.stringContaining("could not be reached") } })
      await server.restart()
      expect(await run(runtime, `return { load("before"), load("after") == nil }`)).toMatchObject({ ok: true, value: ["kept", true] })
    } finally {
      await server.remove()
    }
  })
})
