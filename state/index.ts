/**
 * The public face of per-branch state: `State`, the service and its constructors in one name.
 *
 * `State` is the `Context.Service` key (so a host can `Layer.succeed(State, State.of({...}))` its
 * own implementation, or use a backend directly with `State.use`), and it carries the two real
 * backends as layers: `State.sqlite({ path })` and `State.postgres({ url })`, plus `State.memory()`,
 * the in-memory SQLite database a runtime makes for itself when given no `state`.
 * `State.isConflict(result)` tells a host that a Result failed only because another execution
 * committed first, so running the program again is safe as far as state goes.
 */

import { State as StateService } from "./service.js"
import { sqliteState } from "./sqlite.js"
import { postgresState } from "./postgres.js"
import { CONFLICT_PREFIX } from "./errors.js"
import type { Diagnostic } from "../protocol/diagnostic.js"

export type { BranchChanges, BranchSummary, StoredEntry, StateStore } from "./service.js"
export type { SqliteStateOptions } from "./sqlite.js"
export type { PostgresStateOptions } from "./postgres.js"
export { BranchError, StateBoundExceeded, StateConflict, StateError, type CommitError, type StateErrorReason } from "./errors.js"
export { DEFAULT_BRANCH, MAX_BRANCH_CHARS, MAX_BRANCH_NAME_CHARS, MAX_VALUE_CHARS } from "./bounds.js"

/** True for a Result that failed because another execution committed to the same keys first. */
const isConflict = (result: { readonly ok: boolean; readonly error?: Diagnostic }): boolean =>
  !result.ok && result.error !== undefined && result.error.kind === "ExecutionFailure" && result.error.message.startsWith(CONFLICT_PREFIX)

export const State = Object.assign(StateService, {
  sqlite: sqliteState,
  postgres: postgresState,
  /** A private in-memory SQLite database (what a runtime uses without a `state` option). */
  memory: () => sqliteState({ path: ":memory:" }),
  isConflict,
})

export type State = StateService
