/**
 * The two real backends every state test runs against, as `describe.each` rows.
 *
 * `fresh()` makes a new, empty database — a file in a temporary directory for SQLite, a new
 * database on the shared PostgreSQL server (global-setup.ts) — and returns a maker of layers on
 * it: each call is a new connection (a new runtime's), so two runtimes made from one `fresh()`
 * share state as two hosts would.
 */

import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, inject } from "vitest"
import { State } from "../../index.js"
import { createDatabase } from "../../perf/postgres-server.js"

export type StateLayer = ReturnType<typeof State.sqlite>

export interface Backend {
  readonly name: "sqlite" | "postgres"
  fresh(): Promise<() => StateLayer>
}

const directories: string[] = []
afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true })
})

export const sqliteBackend: Backend = {
  name: "sqlite",
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), "codemode-state-"))
    directories.push(dir)
    const path = join(dir, "state.db")
    return () => State.sqlite({ path })
  },
}

export const postgresBackend: Backend = {
  name: "postgres",
  async fresh() {
    const url = await createDatabase(inject("postgresUrl"))
    return () => State.postgres({ url })
  },
}

export const BACKENDS: ReadonlyArray<Backend> = [sqliteBackend, postgresBackend]
