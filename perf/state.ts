/**
 * The state scenario: what committing a program's `store`s costs per execution, on each backend,
 * beside the least any code could pay on the same database.
 *
 * The floor is a bare upsert in one transaction with the same driver on the same database
 * (`BEGIN IMMEDIATE; INSERT ... ON CONFLICT DO UPDATE; COMMIT` on SQLite, `BEGIN; INSERT ... ON
 * CONFLICT DO UPDATE; COMMIT` on PostgreSQL): one row written, nothing checked. Ours is what one
 * execution that stores one key costs the host's state layer: a fresh staging area, the read of
 * the key's committed entry and of the branch's size (the bound checks), and the commit (the
 * version check, the branch row, the entry). Both write a ~100-character value that changes every
 * time (a storage layer may make rewriting identical pages nearly free) under one of 100 keys in
 * turn. Then the same through the whole runtime: a warm `store("k", ...)` execution
 * against a warm `return 1`, so the difference is what state adds to an execution end to end.
 *
 * Both backends run with their durable settings (SQLite WAL with `synchronous = FULL`; PostgreSQL
 * with `fsync` on), so the numbers include the disk's flush, which dominates on most machines;
 * the ratio to the floor is the part that is ours. PostgreSQL is an embedded server started here
 * on 127.0.0.1, or the one `CODEMODE_TEST_PG_URL` names.
 */

import Database from "better-sqlite3"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { CodeMode, State, WorkerPool, type Runtime } from "../index.js"
import { StagedState } from "../state/staging.js"
import type { StateStore } from "../state/service.js"
import { sampleLatency, type Latency } from "./measure.js"
import { createDatabase, startPostgres, type PostgresServer } from "./postgres-server.js"
import { formatDuration, formatRatio, median, print, progress, renderTable } from "./report.js"

export interface StateScenarioOptions {
  readonly quick: boolean
}

const KEYS = 100
/** Commits of each kind before measuring: enough for SQLite's WAL to be checkpointed and reused. */
const WARMUP_COMMITS = 1_500
const ROUNDS = 3
const VALUE = { cursor: 12, plan: ["find late orders", "email the carriers", "report"], note: "x".repeat(24) }

interface BackendRow {
  readonly name: string
  readonly floor: Latency
  readonly ours: Latency
  readonly bare: Latency
  readonly storing: Latency
}

/** One store and its commit, as an execution's staging area does it. */
const stageAndCommit = (store: StateStore, i: number) =>
  Effect.runPromise(
    Effect.suspend(() => {
      const staged = new StagedState(store, "bench")
      return Effect.andThen(staged.store(`k${i % KEYS}`, { ...VALUE, i }), () => staged.commit())
    }),
  )

const measureBackend = async (
  name: string,
  layer: ReturnType<typeof State.sqlite>,
  floor: () => Promise<void>,
  timeMs: number,
): Promise<BackendRow> => {
  progress(`state: ${name}`)
  const pool = WorkerPool.make({ minThreads: 1, maxThreads: 1 })
  const runtime = CodeMode.make({ language: "lua", pool, state: layer }) as Runtime<never>
  // The state layer on its own (a second connection to the same database), for the staging measure.
  const scope = Scope.makeUnsafe()
  const store = Context.get(Effect.runSync(Layer.buildWithScope(layer, scope)), State)
  try {
    let i = 0
    let n = 0
    const storeOnce = async () => {
      const result = await Effect.runPromise(runtime.execute(`store("k${n++ % KEYS}", { cursor = 12, note = "${"x".repeat(24)}" })`))
      if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
    }
    // Warm both paths until the database files are in their steady state (a WAL that is being
    // reused rather than grown, pages allocated): the first commits to a new file cost far more.
    for (let w = 0; w < WARMUP_COMMITS; w++) {
      await floor()
      await stageAndCommit(store, i++)
    }
    // Interleaved rounds, so a change in the disk's mood affects both sides alike.
    const floors: Latency[] = []
    const ourss: Latency[] = []
    const bares: Latency[] = []
    const storings: Latency[] = []
    for (let round = 0; round < ROUNDS; round++) {
      floors.push(await sampleLatency(`${name} floor`, floor, timeMs, 0))
      ourss.push(await sampleLatency(`${name} ours`, () => stageAndCommit(store, i++), timeMs, 0))
      bares.push(await sampleLatency(`${name} return 1`, () => Effect.runPromise(runtime.execute("return 1")), timeMs, timeMs / 4))
      storings.push(await sampleLatency(`${name} store`, storeOnce, timeMs, 0))
    }
    const middle = (samples: Latency[]): Latency => {
      const p50 = median(samples.map((s) => s.p50))
      return { p50, p99: median(samples.map((s) => s.p99)), samples: samples.reduce((sum, s) => sum + s.samples, 0) }
    }
    const floorLatency = middle(floors)
    const ours = middle(ourss)
    const bare = middle(bares)
    const storing = middle(storings)
    return { name, floor: floorLatency, ours, bare, storing }
  } finally {
    await runtime.close()
    await pool.close()
    await Effect.runPromise(Scope.close(scope, Exit.void))
  }
}

const sqliteRow = async (timeMs: number): Promise<BackendRow> => {
  const dir = mkdtempSync(join(tmpdir(), "codemode-perf-state-"))
  const path = join(dir, "state.db")
  const db = new Database(path)
  try {
    db.pragma("journal_mode = WAL")
    db.pragma("synchronous = FULL")
    db.exec("CREATE TABLE floor_kv (k TEXT PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID")
    const upsert = db.prepare("INSERT INTO floor_kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v")
    const write = db.transaction((k: string, v: string) => upsert.run(k, v))
    let i = 0
    return await measureBackend(
      "SQLite (file, WAL)",
      State.sqlite({ path }),
      async () => {
        write.immediate(`k${i % KEYS}`, JSON.stringify({ ...VALUE, i: i++ }))
      },
      timeMs,
    )
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const postgresRow = async (timeMs: number): Promise<BackendRow> => {
  const given = process.env.CODEMODE_TEST_PG_URL
  let server: PostgresServer | undefined
  if (given === undefined || given === "") {
    progress("state: starting an embedded PostgreSQL server")
    server = await startPostgres({ durable: true })
  }
  const url = await createDatabase(given !== undefined && given !== "" ? given : server!.url)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query("CREATE TABLE floor_kv (k text PRIMARY KEY, v text NOT NULL)")
    let i = 0
    return await measureBackend(
      "PostgreSQL (127.0.0.1)",
      State.postgres({ url }),
      async () => {
        await client.query("BEGIN")
        await client.query("INSERT INTO floor_kv (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = excluded.v", [`k${i % KEYS}`, JSON.stringify({ ...VALUE, i: i++ })])
        await client.query("COMMIT")
      },
      timeMs,
    )
  } finally {
    await client.end()
    await server?.remove()
  }
}

export async function runStateScenario(options: StateScenarioOptions): Promise<void> {
  const timeMs = options.quick ? 300 : 1_000
  const rows = [await sqliteRow(timeMs), await postgresRow(timeMs)]
  const table = renderTable(
    ["backend", "floor: bare upsert tx (p50)", "ours: stage + commit (p50)", "ours/floor", "execute `return 1` (p50)", "execute with one store (p50)", "state adds"],
    rows.map((row) => [
      row.name,
      formatDuration(row.floor.p50),
      formatDuration(row.ours.p50),
      formatRatio(row.ours.p50, row.floor.p50),
      formatDuration(row.bare.p50),
      formatDuration(row.storing.p50),
      formatDuration(row.storing.p50 - row.bare.p50),
    ]),
    new Set([1, 2, 3, 4, 5, 6]),
  )
  print(
    [
      "## State: commit cost per execution",
      "",
      table,
      "",
      "ours/floor: how many times the bare upsert's latency one execution's state work takes (one store: its bound checks read the key and the branch size, then the versioned commit).",
      "state adds: a warm execution that stores one key, minus a warm `return 1`, through the whole runtime.",
      `p50 of each measure, median of ${ROUNDS} interleaved rounds after ${WARMUP_COMMITS.toLocaleString("en-US")} warm-up commits of each kind.`,
    ].join("\n"),
  )
}
