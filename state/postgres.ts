/**
 * `State.postgres({ url })`: per-branch state on a PostgreSQL server, for hosts that share it.
 *
 * Several runtimes, in one process or many, can point at one server; the optimistic rule
 * (service.ts) keeps them from losing each other's updates. Inside the server every commit first
 * locks its branch's row (`SELECT ... FOR UPDATE`), then checks the versions it was given, so
 * commits on one branch take turns and commits on different branches never wait for each other.
 * Nothing is held while a program runs: a connection is taken for one statement or one short
 * transaction and given back.
 *
 * The schema migrates itself at first use, under a transaction-scoped advisory lock so that hosts
 * starting together do not race; `codemode_schema` records the version. A failed migration (the
 * server was down) is retried by the next operation.
 *
 * Nothing may hang. The pool is bounded (`maxConnections`); taking a connection, whether opening
 * one or waiting for a free one, gives up after `connectTimeoutMs`; a statement gives up after
 * `statementTimeoutMs` on both ends (the server's `statement_timeout` and the driver's own read
 * timeout, which also covers a server that stopped answering). A connection that dies is reported
 * as a `StateError` with reason `unreachable`, never as an unhandled `error` event. A connection
 * lost while `COMMIT` was in flight is reported as such: the commit may have been applied.
 *
 * Values are stored as `text`, the exact JSON the program's value serialised to (`jsonb` would
 * reorder keys and respell numbers, and its size would differ from what the bounds count).
 */

import pg from "pg"
import { Effect, Layer } from "effect"
import { BranchError, StateBoundExceeded, StateConflict, StateError, StateMessages, type CommitError } from "./errors.js"
import { State, type BranchChanges, type BranchSummary, type StoredEntry, type StateStore } from "./service.js"

export interface PostgresStateOptions {
  /** A connection string: `postgres://user:password@host:port/database`. */
  readonly url: string
  /** Most connections this runtime opens to the server. Default 4. */
  readonly maxConnections?: number
  /** How long taking a connection may take (connecting, or waiting for a free one). Default 5000 ms. */
  readonly connectTimeoutMs?: number
  /** How long one statement may run. Default 10000 ms. */
  readonly statementTimeoutMs?: number
}

const SCHEMA_VERSION = 1

/** The advisory lock key migrations hold (any constant; it only has to be the same for every host). */
const MIGRATION_LOCK = 0x636f_6465

const MIGRATIONS: ReadonlyArray<string> = [
  `CREATE TABLE codemode_branches (
     name text PRIMARY KEY,
     commits bigint NOT NULL,
     chars bigint NOT NULL
   );
   CREATE TABLE codemode_entries (
     branch text NOT NULL,
     key text NOT NULL,
     json text NOT NULL,
     version bigint NOT NULL,
     PRIMARY KEY (branch, key)
   );`,
]

/** Driver errors that mean the server is not there (or stopped being there). */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "EPIPE", "EAI_AGAIN"])
const CONNECTION_MESSAGES = /terminated|timeout|Connection|closed|ECONNRESET|socket/i

/** The server's address without credentials, for messages. */
const serverName = (url: string): string => {
  try {
    const parsed = new URL(url)
    return `PostgreSQL at ${parsed.hostname}${parsed.port === "" ? "" : `:${parsed.port}`}`
  } catch {
    return "PostgreSQL"
  }
}

/** Marks an error that happened while `COMMIT` itself was in flight. */
class CommitInFlight extends Error {
  constructor(readonly original: unknown) {
    super("commit in flight")
  }
}

const pgError = (server: string, error: unknown): StateError | StateConflict | StateBoundExceeded | BranchError => {
  if (error instanceof StateConflict || error instanceof StateBoundExceeded || error instanceof BranchError || error instanceof StateError) return error
  const inCommit = error instanceof CommitInFlight
  const original = inCommit ? error.original : error
  const code = String((original as { code?: unknown })?.code ?? "")
  const detail = original instanceof Error ? original.message : String(original)
  const lost = CONNECTION_CODES.has(code) || code.startsWith("08") || code.startsWith("57P") || CONNECTION_MESSAGES.test(detail)
  if (lost) {
    const message = inCommit ? StateMessages.commitUnknown(detail) : StateMessages.unreachable(server, detail)
    return new StateError({ reason: "unreachable", message, cause: original })
  }
  if (/Cannot use a pool after calling end/.test(detail)) return new StateError({ reason: "closed", message: StateMessages.closed(), cause: original })
  return new StateError({ reason: "failed", message: StateMessages.failed(server, detail), cause: original })
}

/** Runs `body` with one connection; a connection that errors while held is reported, not thrown at the process. */
const withClient = async <A>(pool: pg.Pool, body: (client: pg.PoolClient) => Promise<A>): Promise<A> => {
  const client = await pool.connect()
  let broken: Error | undefined
  const onError = (error: Error) => (broken = error)
  client.on("error", onError)
  try {
    return await body(client)
  } catch (error) {
    broken ??= error instanceof Error && CONNECTION_MESSAGES.test(error.message) ? error : undefined
    throw error
  } finally {
    client.off("error", onError)
    // A connection that failed is destroyed rather than handed to the next caller.
    client.release(broken)
  }
}

/** Runs `body` in a transaction; rolls back on any failure. */
const inTransaction = <A>(pool: pg.Pool, body: (client: pg.PoolClient) => Promise<A>): Promise<A> =>
  withClient(pool, async (client) => {
    await client.query("BEGIN")
    let result: A
    try {
      result = await body(client)
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined)
      throw error
    }
    try {
      await client.query("COMMIT")
    } catch (error) {
      throw new CommitInFlight(error)
    }
    return result
  })

const migrate = (pool: pg.Pool): Promise<void> =>
  inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK])
    await client.query("CREATE TABLE IF NOT EXISTS codemode_schema (version integer NOT NULL)")
    const found = Number((await client.query<{ version: number | null }>("SELECT max(version) AS version FROM codemode_schema")).rows[0]?.version ?? 0)
    if (found > SCHEMA_VERSION) throw new StateError({ reason: "failed", message: StateMessages.newerSchema(found, SCHEMA_VERSION) })
    for (let version = found + 1; version <= SCHEMA_VERSION; version++) {
      await client.query(MIGRATIONS[version - 1]!)
      await client.query("INSERT INTO codemode_schema (version) VALUES ($1)", [version])
    }
  })

const postgresStore = (pool: pg.Pool, server: string): StateStore => {
  let ready: Promise<void> | undefined
  const schemaReady = (): Promise<void> =>
    (ready ??= migrate(pool).catch((error) => {
      ready = undefined
      throw error
    }))

  const attempt = <A>(run: () => Promise<A>) =>
    Effect.tryPromise({
      try: async () => {
        await schemaReady()
        return await run()
      },
      catch: (error) => pgError(server, error),
    })

  const commit = (branch: string, changes: BranchChanges) =>
    inTransaction(pool, async (client) => {
      await client.query("INSERT INTO codemode_branches (name, commits, chars) VALUES ($1, 0, 0) ON CONFLICT (name) DO NOTHING", [branch])
      const row = (await client.query<{ commits: string; chars: string }>("SELECT commits, chars FROM codemode_branches WHERE name = $1 FOR UPDATE", [branch])).rows[0]!
      const keys = [...changes.observed.keys()]
      const current = new Map<string, number>()
      const versions = await client.query<{ key: string; version: string }>(
        "SELECT key, version FROM codemode_entries WHERE branch = $1 AND key = ANY($2::text[])",
        [branch, keys],
      )
      for (const { key, version } of versions.rows) current.set(key, Number(version))
      for (const [key, seen] of changes.observed) {
        if ((current.get(key) ?? 0) !== seen) throw new StateConflict({ branch, key, message: StateMessages.conflict(branch, key) })
      }
      const chars = Number(row.chars) + changes.deltaChars
      if (changes.deltaChars > 0 && chars > changes.maxBranchChars) {
        const key = [...changes.writes.keys()][0] ?? ""
        throw new StateBoundExceeded({ bound: "branch", branch, key, chars, limit: changes.maxBranchChars, message: StateMessages.branchTooLargeAtCommit(branch, chars) })
      }
      const commits = Number(row.commits) + 1
      const written: string[] = []
      const texts: string[] = []
      const deleted: string[] = []
      for (const [key, json] of changes.writes) {
        if (json === undefined) deleted.push(key)
        else {
          written.push(key)
          texts.push(json)
        }
      }
      if (written.length > 0) {
        await client.query(
          `INSERT INTO codemode_entries (branch, key, json, version)
           SELECT $1, t.key, t.json, $4 FROM unnest($2::text[], $3::text[]) AS t(key, json)
           ON CONFLICT (branch, key) DO UPDATE SET json = excluded.json, version = excluded.version`,
          [branch, written, texts, commits],
        )
      }
      if (deleted.length > 0) await client.query("DELETE FROM codemode_entries WHERE branch = $1 AND key = ANY($2::text[])", [branch, deleted])
      await client.query("UPDATE codemode_branches SET commits = $2, chars = $3 WHERE name = $1", [branch, commits, chars])
    })

  const fork = (from: string, to: string) =>
    inTransaction(pool, async (client) => {
      const created = await client.query("INSERT INTO codemode_branches (name, commits, chars) VALUES ($1, 0, 0) ON CONFLICT (name) DO NOTHING RETURNING name", [to])
      if (created.rowCount === 0) throw new BranchError({ reason: "exists", branch: to, message: StateMessages.branchExists(to) })
      // FOR SHARE: a commit on the source (FOR UPDATE) waits until the copy is taken.
      const source = (await client.query<{ commits: string; chars: string }>("SELECT commits, chars FROM codemode_branches WHERE name = $1 FOR SHARE", [from])).rows[0]
      if (source === undefined) return
      await client.query("UPDATE codemode_branches SET commits = $2, chars = $3 WHERE name = $1", [to, source.commits, source.chars])
      await client.query("INSERT INTO codemode_entries (branch, key, json, version) SELECT $1, key, json, version FROM codemode_entries WHERE branch = $2", [to, from])
    })

  const remove = (branch: string) =>
    inTransaction(pool, async (client) => {
      const deleted = await client.query("DELETE FROM codemode_branches WHERE name = $1", [branch])
      await client.query("DELETE FROM codemode_entries WHERE branch = $1", [branch])
      return (deleted.rowCount ?? 0) > 0
    })

  return {
    read: (branch, key) =>
      attempt(async () => {
        const row = (await pool.query<{ json: string; version: string }>("SELECT json, version FROM codemode_entries WHERE branch = $1 AND key = $2", [branch, key])).rows[0]
        return row === undefined ? undefined : ({ json: row.json, version: Number(row.version) } satisfies StoredEntry)
      }) as Effect.Effect<StoredEntry | undefined, StateError>,
    usage: (branch) =>
      attempt(async () => Number((await pool.query<{ chars: string }>("SELECT chars FROM codemode_branches WHERE name = $1", [branch])).rows[0]?.chars ?? 0)) as Effect.Effect<number, StateError>,
    commit: (branch, changes) => attempt(() => commit(branch, changes)) as Effect.Effect<void, CommitError>,
    fork: (from, to) => attempt(() => fork(from, to)) as Effect.Effect<void, StateError | BranchError>,
    list: () =>
      attempt(async () => {
        const rows = await pool.query<{ name: string; keys: string; chars: string }>(
          `SELECT b.name, count(e.key) AS keys, b.chars FROM codemode_branches b
           LEFT JOIN codemode_entries e ON e.branch = b.name GROUP BY b.name, b.chars ORDER BY b.name COLLATE "C"`,
        )
        return rows.rows.map((r): BranchSummary => ({ name: r.name, keys: Number(r.keys), chars: Number(r.chars) }))
      }) as Effect.Effect<ReadonlyArray<BranchSummary>, StateError>,
    remove: (branch) => attempt(() => remove(branch)) as Effect.Effect<boolean, StateError>,
  }
}

const positive = (name: string, value: number | undefined, fallback: number): number => {
  const resolved = value ?? fallback
  if (!Number.isSafeInteger(resolved) || resolved < 1) throw new RangeError(`State.postgres: ${name} must be an integer >= 1, got ${String(value)}`)
  return resolved
}

/**
 * The State service over a PostgreSQL server. Making it opens nothing: the first operation
 * connects and migrates, so an unreachable server shows in the first Result that uses state (or
 * the first branch operation), as a `StateError` with reason `unreachable`.
 */
export const postgresState = (options: PostgresStateOptions): Layer.Layer<State> => {
  if (options === null || typeof options !== "object" || typeof options.url !== "string" || options.url === "") {
    throw new TypeError("State.postgres expects { url: string } (postgres://user:password@host:port/database)")
  }
  const max = positive("maxConnections", options.maxConnections, 4)
  const connectTimeoutMs = positive("connectTimeoutMs", options.connectTimeoutMs, 5_000)
  const statementTimeoutMs = positive("statementTimeoutMs", options.statementTimeoutMs, 10_000)
  const server = serverName(options.url)
  return Layer.effect(
    State,
    Effect.map(
      Effect.acquireRelease(
        Effect.sync(() => {
          const pool = new pg.Pool({
            connectionString: options.url,
            max,
            connectionTimeoutMillis: connectTimeoutMs,
            statement_timeout: statementTimeoutMs,
            query_timeout: statementTimeoutMs + 1_000,
            idleTimeoutMillis: 10_000,
            allowExitOnIdle: true,
          })
          // An idle connection that dies (the server restarted) must not crash the host; the next
          // operation gets a fresh connection or a typed error.
          pool.on("error", () => undefined)
          return pool
        }),
        (pool) => Effect.promise(() => pool.end().catch(() => undefined)),
      ),
      (pool) => State.of(postgresStore(pool, server)),
    ),
  )
}
