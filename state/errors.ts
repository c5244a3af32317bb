/**
 * What can go wrong with state, as typed errors, and every sentence a host or a program reads
 * about it, built by named factories.
 *
 * Four errors, because a host reacts to each differently:
 *
 * - `StateError`: the backend itself is in trouble (a server that cannot be reached or went away, a
 *   file that is locked, corrupt or not a database, a runtime already closed). `reason` says which;
 *   the host may alert, retry later, or fall back.
 * - `StateConflict`: another execution committed to a key this one had read or written since it
 *   read it (the optimistic rule, see staging.ts). Nothing was stored; running the program again is
 *   safe as far as state goes.
 * - `StateBoundExceeded`: a value or a whole branch would pass its bound (bounds.ts).
 * - `BranchError`: a branch operation named a branch it cannot use (a bad name; a fork onto an
 *   existing branch).
 *
 * A program never sees these objects: the pool turns each into a diagnostic of kind
 * `ExecutionFailure` whose message is the error's own, so the model reads the same sentence the
 * host would log.
 */

import { Data } from "effect"
import { MAX_BRANCH_CHARS, MAX_VALUE_CHARS } from "./bounds.js"

export type StateErrorReason =
  /** The server could not be reached, refused the connection, or went away mid-operation. */
  | "unreachable"
  /** Another connection holds the database locked past the busy timeout. */
  | "locked"
  /** The database file is damaged. */
  | "corrupt"
  /** The file exists but is not an SQLite database. */
  | "not-a-database"
  /** The runtime (and so its database handle) was closed. */
  | "closed"
  /** Anything else the backend reported (a permission, a full disk, a failed statement). */
  | "failed"

export class StateError extends Data.TaggedError("StateError")<{
  readonly reason: StateErrorReason
  readonly message: string
  readonly cause?: unknown
}> {}

export class StateConflict extends Data.TaggedError("StateConflict")<{
  readonly branch: string
  readonly key: string
  readonly message: string
}> {}

export class StateBoundExceeded extends Data.TaggedError("StateBoundExceeded")<{
  /** `value`: one serialised value; `branch`: all keys and values of the branch. */
  readonly bound: "value" | "branch"
  readonly branch: string
  readonly key: string
  /** The size that was refused, in characters. */
  readonly chars: number
  readonly limit: number
  readonly message: string
}> {}

export class BranchError extends Data.TaggedError("BranchError")<{
  readonly reason: "invalid-name" | "exists"
  readonly branch: string
  readonly message: string
}> {}

/** Every failure a commit can end with. */
export type CommitError = StateError | StateConflict | StateBoundExceeded

const count = (n: number): string => n.toLocaleString("en-US")

/** The start of every conflict message; `State.isConflict` recognises a Result by it. */
export const CONFLICT_PREFIX = "State conflict"

export const StateMessages = {
  valueTooLarge: (key: string, chars: number): string =>
    `store(${JSON.stringify(key)}): the value is ${count(chars)} characters of JSON, over the bound of ${count(MAX_VALUE_CHARS)} characters per stored value; nothing was stored`,
  branchTooLarge: (branch: string, key: string, chars: number): string =>
    `store(${JSON.stringify(key)}): branch '${branch}' would hold ${count(chars)} characters of keys and values, over the bound of ${count(MAX_BRANCH_CHARS)} characters per branch; nothing was stored`,
  branchTooLargeAtCommit: (branch: string, chars: number): string =>
    `Committing would leave branch '${branch}' with ${count(chars)} characters of keys and values, over the bound of ${count(MAX_BRANCH_CHARS)} characters per branch (other executions grew it meanwhile); nothing was stored`,
  conflict: (branch: string, key: string): string =>
    `${CONFLICT_PREFIX} on branch '${branch}': key ${JSON.stringify(key)} was changed by another execution after this program read it; nothing was stored. Run the program again to retry`,
  keyNotString: (operation: "load" | "store", got: string): string => `${operation}: the key must be a string, got ${got}`,
  keyWithNul: (operation: "load" | "store"): string => `${operation}: a key must not contain the character U+0000`,
  invalidBranch: (problem: string): string => `Invalid branch: ${problem}`,
  branchExists: (branch: string): string => `Cannot fork onto branch '${branch}': it already exists (delete it first)`,
  closed: (): string => "The state database is closed (the runtime was closed)",
  unreachable: (backend: string, detail: string): string => `The state server could not be reached (${backend}: ${detail}); nothing was stored`,
  commitUnknown: (detail: string): string =>
    `The state server went away while committing (${detail}); the commit may or may not have been applied`,
  locked: (path: string, detail: string): string => `The state database '${path}' is locked by another connection (${detail})`,
  corrupt: (path: string, detail: string): string => `The state database '${path}' is damaged (${detail})`,
  notADatabase: (path: string): string => `The file '${path}' is not an SQLite database; it was left untouched`,
  failed: (backend: string, detail: string): string => `The state backend failed (${backend}: ${detail})`,
  newerSchema: (found: number, known: number): string =>
    `The state database has schema version ${found}, newer than this version of Code Mode knows (${known}); upgrade Code Mode`,
} as const
