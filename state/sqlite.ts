/**
 * `State.sqlite({ path })`: per-branch state in one SQLite file, with no server.
 *
 * better-sqlite3 is synchronous, and that suits this job: every operation is one short statement
 * or one short transaction on a local file, so running it on the host's thread costs less than a
 * round trip to a thread pool would, and a transaction cannot interleave with another on the same
 * connection. The file is opened when the runtime is made (`CodeMode.make`), so a file that is not
 * a database, is corrupt where the schema lives, or is locked past the busy timeout is a typed
 * `StateError` there and then, and the file is left as it was.
 *
 * The file is in WAL mode with `synchronous = FULL`: a commit is durable once it returns (a crash
 * or a power cut after a successful execution cannot lose its state), readers never block the
 * writer, and several runtimes or processes may open one file. Commits are `BEGIN IMMEDIATE`
 * transactions, so two connections writing one file take turns; one that waits longer than
 * `busyTimeoutMs` fails with reason `locked` rather than hang.
 *
 * Without a `state` option a runtime opens `":memory:"`: a private in-memory database that lives
 * as long as the runtime (no WAL, no file).
 *
 * The schema is two tables: one row per branch (its commit count, which versions entries, and its
 * size in characters, kept by the commit because SQL's `length` counts code points, not the UTF-16
 * units the bounds are in), and one row per entry. `PRAGMA user_version` is the schema version.
 */

import Database from "better-sqlite3"
import { Effect, Layer } from "effect"
import { BranchError, StateBoundExceeded, StateConflict, StateError, StateMessages, type CommitError } from "./errors.js"
import { State, type BranchChanges, type BranchSummary, type StoredEntry, type StateStore } from "./service.js"

export interface SqliteStateOptions {
  /** The database file (created when absent), or `":memory:"` for a private in-memory database. */
  readonly path: string
  /** How long a statement waits for another connection's lock before failing as `locked`. Default 5000 ms. */
  readonly busyTimeoutMs?: number
}

const SCHEMA_VERSION = 1

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS codemode_branches (
    name TEXT PRIMARY KEY NOT NULL,
    commits INTEGER NOT NULL,
    chars INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS codemode_entries (
    branch TEXT NOT NULL,
    key TEXT NOT NULL,
    json TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (branch, key)
  ) WITHOUT ROWID;
`

/** A failure of better-sqlite3 (or of our own transaction body) as the typed error it means. */
const sqliteError = (path: string, error: unknown): StateError | StateConflict | StateBoundExceeded | BranchError => {
  if (error instanceof StateConflict || error instanceof StateBoundExceeded || error instanceof BranchError || error instanceof StateError) return error
  const code = (error as { code?: unknown })?.code
  const detail = error instanceof Error ? error.message : String(error)
  if (error instanceof TypeError && /not open/.test(detail)) return new StateError({ reason: "closed", message: StateMessages.closed(), cause: error })
  switch (code) {
    case "SQLITE_NOTADB":
      return new StateError({ reason: "not-a-database", message: StateMessages.notADatabase(path), cause: error })
    case "SQLITE_CORRUPT":
      return new StateError({ reason: "corrupt", message: StateMessages.corrupt(path, detail), cause: error })
    case "SQLITE_BUSY":
    case "SQLITE_LOCKED":
      return new StateError({ reason: "locked", message: StateMessages.locked(path, detail), cause: error })
    default:
      return new StateError({ reason: "failed", message: StateMessages.failed(`SQLite '${path}'`, detail), cause: error })
  }
}

/** Opens (and if needed creates or migrates) the database; throws the typed error on failure. */
const openDatabase = (path: string, busyTimeoutMs: number): Database.Database => {
  let db: Database.Database | undefined
  try {
    db = new Database(path, { timeout: busyTimeoutMs })
    // Reading the schema version is the first read of the file: a file that is not a database fails here, unchanged.
    const version = db.pragma("user_version", { simple: true }) as number
    if (version > SCHEMA_VERSION) throw new StateError({ reason: "failed", message: StateMessages.newerSchema(version, SCHEMA_VERSION) })
    if (path !== ":memory:") db.pragma("journal_mode = WAL")
    db.pragma("synchronous = FULL")
    if (version < SCHEMA_VERSION) {
      db.transaction(() => {
        db!.exec(SCHEMA)
        db!.pragma(`user_version = ${SCHEMA_VERSION}`)
      }).immediate()
    }
    // Touch both tables: a damaged schema page shows here rather than in the first program.
    db.prepare("SELECT count(*) FROM codemode_branches").get()
    return db
  } catch (error) {
    try {
      db?.close()
    } catch {
      // Closing a handle that failed to open says nothing more than the error itself.
    }
    throw sqliteError(path, error)
  }
}

/** The store over an open database. */
const sqliteStore = (db: Database.Database, path: string): StateStore => {
  const readEntry = db.prepare<[string, string], StoredEntry>("SELECT json, version FROM codemode_entries WHERE branch = ? AND key = ?")
  const readBranch = db.prepare<[string], { commits: number; chars: number }>("SELECT commits, chars FROM codemode_branches WHERE name = ?")
  const readVersion = db.prepare<[string, string], { version: number }>("SELECT version FROM codemode_entries WHERE branch = ? AND key = ?")
  const writeBranch = db.prepare<[string, number, number]>(
    "INSERT INTO codemode_branches (name, commits, chars) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET commits = excluded.commits, chars = excluded.chars",
  )
  const writeEntry = db.prepare<[string, string, string, number]>(
    "INSERT INTO codemode_entries (branch, key, json, version) VALUES (?, ?, ?, ?) ON CONFLICT (branch, key) DO UPDATE SET json = excluded.json, version = excluded.version",
  )
  const deleteEntry = db.prepare<[string, string]>("DELETE FROM codemode_entries WHERE branch = ? AND key = ?")
  const copyEntries = db.prepare<[string, string]>("INSERT INTO codemode_entries (branch, key, json, version) SELECT ?, key, json, version FROM codemode_entries WHERE branch = ?")
  const deleteEntries = db.prepare<[string]>("DELETE FROM codemode_entries WHERE branch = ?")
  const deleteBranch = db.prepare<[string]>("DELETE FROM codemode_branches WHERE name = ?")
  const listBranches = db.prepare<[], BranchSummary>(
    "SELECT b.name AS name, count(e.key) AS keys, b.chars AS chars FROM codemode_branches b LEFT JOIN codemode_entries e ON e.branch = b.name GROUP BY b.name ORDER BY b.name",
  )

  const commitChanges = db.transaction((branch: string, changes: BranchChanges) => {
    for (const [key, seen] of changes.observed) {
      if ((readVersion.get(branch, key)?.version ?? 0) !== seen) {
        throw new StateConflict({ branch, key, message: StateMessages.conflict(branch, key) })
      }
    }
    const before = readBranch.get(branch)
    const chars = (before?.chars ?? 0) + changes.deltaChars
    if (changes.deltaChars > 0 && chars > changes.maxBranchChars) {
      const key = [...changes.writes.keys()][0] ?? ""
      throw new StateBoundExceeded({ bound: "branch", branch, key, chars, limit: changes.maxBranchChars, message: StateMessages.branchTooLargeAtCommit(branch, chars) })
    }
    const commits = (before?.commits ?? 0) + 1
    writeBranch.run(branch, commits, chars)
    for (const [key, json] of changes.writes) {
      if (json === undefined) deleteEntry.run(branch, key)
      else writeEntry.run(branch, key, json, commits)
    }
  })

  const forkBranch = db.transaction((from: string, to: string) => {
    if (readBranch.get(to) !== undefined) throw new BranchError({ reason: "exists", branch: to, message: StateMessages.branchExists(to) })
    const source = readBranch.get(from)
    writeBranch.run(to, source?.commits ?? 0, source?.chars ?? 0)
    copyEntries.run(to, from)
  })

  const removeBranch = db.transaction((branch: string) => {
    deleteEntries.run(branch)
    return deleteBranch.run(branch).changes > 0
  })

  const attempt = <A>(run: () => A) => Effect.try({ try: run, catch: (error) => sqliteError(path, error) })

  return {
    read: (branch, key) => attempt(() => readEntry.get(branch, key)) as Effect.Effect<StoredEntry | undefined, StateError>,
    usage: (branch) => attempt(() => readBranch.get(branch)?.chars ?? 0) as Effect.Effect<number, StateError>,
    commit: (branch, changes) => attempt(() => commitChanges.immediate(branch, changes)) as Effect.Effect<void, CommitError>,
    fork: (from, to) => attempt(() => forkBranch.immediate(from, to)) as Effect.Effect<void, StateError | BranchError>,
    list: () => attempt(() => listBranches.all()) as Effect.Effect<ReadonlyArray<BranchSummary>, StateError>,
    remove: (branch) => attempt(() => removeBranch.immediate(branch)) as Effect.Effect<boolean, StateError>,
  }
}

/** The State service over an SQLite file (or `":memory:"`), closed with the layer's scope. */
export const sqliteState = (options: SqliteStateOptions): Layer.Layer<State, StateError> => {
  if (options === null || typeof options !== "object" || typeof options.path !== "string" || options.path === "") {
    throw new TypeError("State.sqlite expects { path: string } (a file path, or \":memory:\")")
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? 5_000
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0) throw new RangeError(`busyTimeoutMs must be an integer >= 0, got ${busyTimeoutMs}`)
  const path = options.path
  return Layer.effect(
    State,
    Effect.map(
      Effect.acquireRelease(
        Effect.try({ try: () => openDatabase(path, busyTimeoutMs), catch: (error) => sqliteError(path, error) as StateError }),
        (db) => Effect.sync(() => db.close()),
      ),
      (db) => State.of(sqliteStore(db, path)),
    ),
  )
}
