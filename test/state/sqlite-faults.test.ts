/**
 * SQLite files that cannot serve as state: not a database, damaged, locked by another connection.
 * Each gives a typed `StateError` at `CodeMode.make` or a Result with a clear diagnostic, never a
 * hang, and a file that is not a database is left exactly as it was.
 */

import Database from "better-sqlite3"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, State, StateError, WorkerPool, type Runtime } from "../../index.js"
import { run } from "./helpers.js"

const pool = WorkerPool.make({ minThreads: 1 })
const dir = mkdtempSync(join(tmpdir(), "codemode-sqlite-faults-"))
afterAll(async () => {
  await pool.close()
  rmSync(dir, { recursive: true, force: true })
})

let files = 0
const newPath = () => join(dir, `state-${++files}.db`)

const makeOn = (path: string, busyTimeoutMs?: number) =>
  CodeMode.make({ language: "lua", pool, state: State.sqlite({ path, ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }) }) }) as Runtime<never>

const makeError = (make: () => unknown): StateError => {
  try {
    make()
  } catch (error) {
    expect(error).toBeInstanceOf(StateError)
    return error as StateError
  }
  throw new Error("CodeMode.make did not throw")
}

/** A database with enough entries to span many pages, closed (and so checkpointed). */
const filledDatabase = async (): Promise<string> => {
  const path = newPath()
  const runtime = makeOn(path)
  expect(await run(runtime, `for i = 1, 200 do store("k" .. i, string.rep("v", 500)) end`)).toMatchObject({ ok: true })
  await runtime.close()
  return path
}

describe("SQLite files that cannot hold state", () => {
  it("a file that is not a database: StateError 'not-a-database' at make, and the file is untouched", () => {
    const path = newPath()
    const text = "these are someone's notes, not a database\n".repeat(20)
    writeFileSync(path, text)
    const error = makeError(() => makeOn(path))
    expect(error).toMatchObject({ reason: "not-a-database", message: `The file '${path}' is not an SQLite database; it was left untouched` })
    expect(readFileSync(path, "utf8")).toBe(text)
  })

  it("a database whose schema page is damaged: StateError 'corrupt' at make", async () => {
    const path = await filledDatabase()
    const bytes = readFileSync(path)
    bytes.fill(0x5a, 100, 400)
    writeFileSync(path, bytes)
    expect(makeError(() => makeOn(path))).toMatchObject({ reason: "corrupt", message: expect.stringContaining("is damaged") })
  })

  it("a database whose data pages are damaged: the program's Result says so", async () => {
    const path = await filledDatabase()
    const bytes = readFileSync(path)
    const pageSize = bytes.readUInt16BE(16)
    for (let page = 3; page < bytes.length / pageSize; page++) bytes.fill(0xa5, page * pageSize, page * pageSize + 64)
    writeFileSync(path, bytes)
    const runtime = makeOn(path)
    try {
      const result = await run(runtime, `return load("k150")`)
      expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: `The state database '${path}' is damaged (database disk image is malformed)` } })
    } finally {
      await runtime.close()
    }
  })

  it("a database another connection holds exclusively: StateError 'locked' at make, after the busy timeout", () => {
    const path = newPath()
    const holder = new Database(path)
    holder.pragma("locking_mode = EXCLUSIVE")
    holder.exec("CREATE TABLE other (x); BEGIN EXCLUSIVE; INSERT INTO other VALUES (1)")
    try {
      expect(makeError(() => makeOn(path, 100))).toMatchObject({ reason: "locked", message: expect.stringContaining("is locked by another connection") })
    } finally {
      holder.exec("COMMIT")
      holder.close()
    }
  })

  it("a commit that finds the file locked fails with a diagnostic; committed state survives and the next commit works", async () => {
    const path = newPath()
    const runtime = makeOn(path, 100)
    try {
      expect(await run(runtime, `store("n", 1)`)).toMatchObject({ ok: true })
      const holder = new Database(path)
      holder.exec("BEGIN IMMEDIATE")
      const blocked = await run(runtime, `store("n", 2); return "done"`)
      expect(blocked).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: expect.stringContaining(`The state database '${path}' is locked by another connection`) } })
      holder.exec("ROLLBACK")
      holder.close()
      expect(await run(runtime, `return load("n")`)).toMatchObject({ ok: true, value: 1 })
      expect(await run(runtime, `store("n", 3); return load("n")`)).toMatchObject({ ok: true, value: 3 })
    } finally {
      await runtime.close()
    }
  })

  it("the file is in WAL mode", async () => {
    const path = newPath()
    const runtime = makeOn(path)
    await run(runtime, `store("k", 1)`)
    const reader = new Database(path, { readonly: true })
    try {
      expect(reader.pragma("journal_mode", { simple: true })).toBe("wal")
    } finally {
      reader.close()
      await runtime.close()
    }
  })
})
