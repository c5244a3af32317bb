/**
 * One execution's view of its branch: the committed state as the program first saw it, plus what
 * it has staged on top.
 *
 * A program's `load` and `store` never touch the database's rows directly. `load` answers from the
 * staged writes first (a program reads its own writes), then from what this execution already
 * read, and only then from the store, remembering the version it saw. `store` checks the value's
 * bound at once, reads the key's committed size the first time it touches the key (so the branch
 * total can be checked at the call that crosses it), and stages the write. Nothing is written
 * until `commit`, which the pool calls only for a program that succeeded; anything else (an error,
 * a timeout, a cancellation, a close) simply drops this object, and with it the staged writes.
 *
 * Concurrency is optimistic: nothing is held between the first `load` and the commit, however long
 * the program waits on its tools. The commit hands the store every key this execution observed
 * with the version it saw; the store applies the writes only if none of them changed meanwhile
 * (service.ts). Of two executions that read-modify-write one key at once, exactly one commits; the
 * other's Result is a `StateConflict` diagnostic, and the host may run it again. A program that
 * only reads commits nothing and never conflicts.
 *
 * The branch bound is checked twice: at each `store`, against the branch's size when this
 * execution first measured it (so the program fails where it stored too much), and again inside
 * the commit's transaction against the size then (other executions may have grown the branch).
 */

import { Effect } from "effect"
import type { DataValue } from "../protocol/data.js"
import { entryChars, MAX_BRANCH_CHARS, MAX_VALUE_CHARS } from "./bounds.js"
import { StateBoundExceeded, StateMessages, type CommitError, type StateError } from "./errors.js"
import type { StateStore } from "./service.js"

/** A key as this execution knows it: the version it saw and the committed text (undefined: absent). */
interface Observed {
  readonly version: number
  readonly json: string | undefined
  /** The committed value, parsed once (a load is answered with it until the program writes the key). */
  value: DataValue | undefined
  parsed: boolean
}

/** A staged write: the value and its JSON text (undefined: a delete). */
interface Staged {
  readonly value: DataValue | undefined
  readonly json: string | undefined
}

/**
 * What a paused execution's token keeps of its state (pool/approvals.ts): the versions it saw and
 * the writes it staged, so the resumed program commits under the same optimistic rule as if it had
 * never paused (a key changed by another execution meanwhile is a conflict, not a lost update).
 */
export interface StagedSnapshot {
  /** Keys observed: key, version, committed JSON text (absent: no entry). */
  readonly observed: ReadonlyArray<readonly [string, number, string | null]>
  /** Staged writes: key, JSON text (null: a delete). */
  readonly staged: ReadonlyArray<readonly [string, string | null]>
  readonly committedChars: number | null
  readonly deltaChars: number
}

export class StagedState {
  private readonly observed = new Map<string, Observed>()
  private readonly staged = new Map<string, Staged>()
  /** Characters of the branch when first measured (undefined until the first `store`). */
  private committedChars: number | undefined
  /** What the staged writes add to `committedChars`. */
  private deltaChars = 0

  constructor(
    private readonly backend: StateStore,
    readonly branch: string,
  ) {}

  /** True once the program has staged at least one write. */
  get hasWrites(): boolean {
    return this.staged.size > 0
  }

  /** The value under `key` as this program sees it: its own write if any, else the committed one. */
  load(key: string): Effect.Effect<DataValue | undefined, StateError> {
    const staged = this.staged.get(key)
    if (staged !== undefined) return Effect.succeed(staged.value)
    return Effect.map(this.observe(key), (entry) => {
      if (!entry.parsed) {
        entry.value = entry.json === undefined ? undefined : (JSON.parse(entry.json) as DataValue)
        entry.parsed = true
      }
      return entry.value
    })
  }

  /** Stages `value` under `key` (`undefined` deletes), after checking both bounds. */
  store(key: string, value: DataValue | undefined): Effect.Effect<void, StateError | StateBoundExceeded> {
    const json = value === undefined ? undefined : JSON.stringify(value)
    if (json !== undefined && json.length > MAX_VALUE_CHARS) {
      return Effect.fail(
        new StateBoundExceeded({
          bound: "value",
          branch: this.branch,
          key,
          chars: json.length,
          limit: MAX_VALUE_CHARS,
          message: StateMessages.valueTooLarge(key, json.length),
        }),
      )
    }
    return Effect.gen({ self: this }, function* () {
      const entry = yield* this.observe(key)
      const committed = yield* this.measure()
      const before = this.sizeOf(key, entry)
      const after = json === undefined ? 0 : entryChars(key, json)
      const total = committed + this.deltaChars - before + after
      if (after > before && total > MAX_BRANCH_CHARS) {
        return yield* new StateBoundExceeded({
          bound: "branch",
          branch: this.branch,
          key,
          chars: total,
          limit: MAX_BRANCH_CHARS,
          message: StateMessages.branchTooLarge(this.branch, key, total),
        })
      }
      this.deltaChars += after - before
      this.staged.set(key, { value, json })
    })
  }

  /** What a token keeps of this view (see `StagedSnapshot`). */
  snapshot(): StagedSnapshot {
    return {
      observed: [...this.observed].map(([key, entry]) => [key, entry.version, entry.json ?? null] as const),
      staged: [...this.staged].map(([key, write]) => [key, write.json ?? null] as const),
      committedChars: this.committedChars ?? null,
      deltaChars: this.deltaChars,
    }
  }

  /** A view of `branch` as a paused execution left it. */
  static restore(backend: StateStore, branch: string, snapshot: StagedSnapshot): StagedState {
    const state = new StagedState(backend, branch)
    for (const [key, version, json] of snapshot.observed) state.observed.set(key, { version, json: json ?? undefined, value: undefined, parsed: false })
    for (const [key, json] of snapshot.staged) {
      state.staged.set(key, { value: json === null ? undefined : (JSON.parse(json) as DataValue), json: json ?? undefined })
    }
    state.committedChars = snapshot.committedChars ?? undefined
    state.deltaChars = snapshot.deltaChars
    return state
  }

  /** Applies the staged writes (nothing to do when there are none). */
  commit(): Effect.Effect<void, CommitError> {
    if (this.staged.size === 0) return Effect.void
    const observed = new Map<string, number>()
    for (const [key, entry] of this.observed) observed.set(key, entry.version)
    const writes = new Map<string, string | undefined>()
    for (const [key, write] of this.staged) writes.set(key, write.json)
    return this.backend.commit(this.branch, { observed, writes, deltaChars: this.deltaChars, maxBranchChars: MAX_BRANCH_CHARS })
  }

  /** Characters `key` holds now as this program sees it (its staged write, else the committed entry). */
  private sizeOf(key: string, entry: Observed): number {
    const staged = this.staged.get(key)
    const json = staged !== undefined ? staged.json : entry.json
    return json === undefined ? 0 : entryChars(key, json)
  }

  /** The committed entry under `key`, read once per execution. */
  private observe(key: string): Effect.Effect<Observed, StateError> {
    const known = this.observed.get(key)
    if (known !== undefined) return Effect.succeed(known)
    return Effect.map(this.backend.read(this.branch, key), (stored) => {
      const entry: Observed = { version: stored?.version ?? 0, json: stored?.json, value: undefined, parsed: false }
      this.observed.set(key, entry)
      return entry
    })
  }

  private measure(): Effect.Effect<number, StateError> {
    if (this.committedChars !== undefined) return Effect.succeed(this.committedChars)
    return Effect.map(this.backend.usage(this.branch), (chars) => (this.committedChars = chars))
  }
}
