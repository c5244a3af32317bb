/**
 * The state service: what the runtime needs of a database to keep per-branch state.
 *
 * One `Context.Service`, `State`, with a small shape that two real backends implement (sqlite.ts,
 * postgres.ts) and that a host may implement itself. The shape is deliberately low-level — read one
 * entry, measure a branch, apply one execution's changes atomically — so that everything a program
 * sees (read-your-writes, the size bounds, discarding on failure) lives once, in staging.ts, and a
 * backend only has to be a correct transactional key-value table.
 *
 * Versions are how the optimistic rule is checked without holding anything during an execution.
 * Every branch counts its commits; a key's version is the count at the commit that last wrote it,
 * and an absent key has version 0. An execution remembers the version of each key it read (or
 * wrote: writing needs the old size); its commit succeeds only if every one of those keys still has
 * the version it saw, and otherwise fails with `StateConflict` and writes nothing. So two
 * executions that change one key at once can never both succeed: no update is lost.
 */

import { Context, type Effect } from "effect"
import type { BranchError, CommitError, StateError } from "./errors.js"

/** One stored entry: its JSON text and the version that wrote it. */
export interface StoredEntry {
  readonly json: string
  readonly version: number
}

/** What one execution changes, applied by `commit` in one transaction or not at all. */
export interface BranchChanges {
  /** Every key the execution read or wrote, with the version it saw then (0: absent). */
  readonly observed: ReadonlyMap<string, number>
  /** The keys written: the new JSON text, or `undefined` to delete. Each is also in `observed`. */
  readonly writes: ReadonlyMap<string, string | undefined>
  /** How many characters the writes add to the branch (negative when they shrink it). */
  readonly deltaChars: number
  /** The branch's bound: a commit that would leave it larger fails with `StateBoundExceeded`. */
  readonly maxBranchChars: number
}

/** A branch as `list` reports it. */
export interface BranchSummary {
  readonly name: string
  /** How many keys it holds. */
  readonly keys: number
  /** Characters of its keys and values, as counted against the branch bound. */
  readonly chars: number
}

export interface StateStore {
  /** The entry under `key` on `branch`, or undefined when there is none. */
  readonly read: (branch: string, key: string) => Effect.Effect<StoredEntry | undefined, StateError>
  /** Characters of all keys and values of `branch` (0 for a branch that does not exist). */
  readonly usage: (branch: string) => Effect.Effect<number, StateError>
  /** Applies `changes` atomically, after checking every observed version and the branch bound. */
  readonly commit: (branch: string, changes: BranchChanges) => Effect.Effect<void, CommitError>
  /** Copies `from` (possibly empty) to the new branch `to`; `to` must not exist. */
  readonly fork: (from: string, to: string) => Effect.Effect<void, StateError | BranchError>
  /** Every branch a commit or a fork created and no `remove` deleted, by name. */
  readonly list: () => Effect.Effect<ReadonlyArray<BranchSummary>, StateError>
  /** Deletes a branch and its keys; true when it existed. */
  readonly remove: (branch: string) => Effect.Effect<boolean, StateError>
}

export class State extends Context.Service<State, StateStore>()("codemode/State") {}
