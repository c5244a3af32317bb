/**
 * A program's `store` and `load`, answered on the host: the pool's side of per-branch state.
 *
 * Each execution gets one `StateRequests` (made with its plan, for the branch `execute` named). A
 * request (`op: "state"`, protocol/operations.ts) is answered from the execution's `StagedState`
 * (state/staging.ts): a `load` from the program's own writes or from what it already read, else
 * from the state service; a `store` is checked against the bounds and staged. Nothing reaches the
 * database's entries until `settle`, which the execution calls exactly once with the program's
 * outcome, just before it assembles the Result: a successful outcome commits the staged writes (and
 * becomes a failure if the commit fails: a conflict, a bound, a server gone), any other outcome
 * drops them. An execution that never settles (the caller cancelled it) drops them too.
 *
 * State calls are not tools: they are not admitted against `maxToolCalls`, have no hooks, and are
 * not listed in `Result.toolCalls`. Their own bounds (state/bounds.ts) and the program's fuel bound
 * them. A bound passed, or a backend that fails, is a stop: the program cannot catch it and go on
 * to succeed with some of its writes missing. A request the program could have avoided (a key that
 * is not a string or holds U+0000, which PostgreSQL's `text` cannot store) is a catchable error.
 */

import { Effect, Exit } from "effect"
import type { ChannelRequest } from "../bridge/host-channel.js"
import type { DataValue } from "../protocol/data.js"
import type { Outcome } from "../protocol/task.js"
import { StagedState, type StagedSnapshot } from "../state/staging.js"
import type { StateStore } from "../state/service.js"
import { StateMessages, type CommitError } from "../state/errors.js"
import { failure, type Reply } from "./dispatch.js"

export class StateRequests {
  /**
   * Requests of one execution run one after another (a JavaScript program could start two before
   * either is answered). Absent until the first request, like `staging`: most programs make none.
   */
  private queue: Promise<void> | undefined = undefined
  private staging: StagedState | undefined

  constructor(
    private readonly store: StateStore,
    /** The branch this execution reads and writes. */
    readonly branch: string,
    /** The state a paused execution's token kept (a resumed leg). */
    restored?: StagedState,
  ) {
    this.staging = restored
  }

  private get staged(): StagedState {
    return (this.staging ??= new StagedState(this.store, this.branch))
  }

  /** What a paused execution's token keeps of its state. */
  snapshot(): StagedSnapshot {
    return this.staged.snapshot()
  }

  /** Answers one `op: "state"` request through `reply` (which drops answers once the execution has ended). */
  answer(request: ChannelRequest, reply: (reply: Reply) => void): void {
    this.queue = (this.queue ?? Promise.resolve()).then(() => this.serve(request).then(reply))
  }

  /**
   * The outcome the Result is built from: a successful program's writes are committed first (and a
   * failed commit turns the outcome into that failure); any other outcome discards them. With
   * nothing to commit (most programs) it is the outcome itself, at once, not a promise of it.
   */
  settle(outcome: Outcome): Outcome | Promise<Outcome> {
    if (!outcome.ok || this.staging === undefined || !this.staging.hasWrites) return outcome
    return (this.queue ?? Promise.resolve()).then(() =>
      Effect.runPromiseExit(this.staged.commit()).then((exit): Outcome => {
        if (Exit.isSuccess(exit)) return outcome
        const error = Exit.findErrorOption(exit)
        const message = error._tag === "Some" ? (error.value as CommitError).message : StateMessages.failed("commit", String(exit.cause))
        return { ok: false, error: { kind: "ExecutionFailure", message }, logs: outcome.logs, warnings: outcome.warnings, ...(outcome.output === undefined ? {} : { output: outcome.output }) }
      }),
    )
  }

  private serve(request: ChannelRequest): Promise<Reply> {
    const [key, value] = request.args as DataValue[]
    const operation = request.name === "store" ? "store" : "load"
    if (request.name !== "store" && request.name !== "load") {
      return Promise.resolve(failure("ExecutionFailure", `Unknown state operation '${request.name}'`, true))
    }
    if (typeof key !== "string") {
      return Promise.resolve(failure("ExecutionFailure", StateMessages.keyNotString(operation, key === null ? "null" : typeof key)))
    }
    if (key.includes("\u0000")) return Promise.resolve(failure("ExecutionFailure", StateMessages.keyWithNul(operation)))
    const work: Effect.Effect<DataValue | undefined, { readonly message: string }> =
      operation === "load" ? this.staged.load(key) : Effect.as(this.staged.store(key, request.args.length > 1 ? value : undefined), undefined)
    // runPromiseExit never rejects: even a defect (a damaged value that does not parse) is answered.
    return Effect.runPromiseExit(work).then((exit): Reply => {
      if (Exit.isSuccess(exit)) return { ok: true, value: exit.value as DataValue }
      const error = Exit.findErrorOption(exit)
      const message = error._tag === "Some" ? error.value.message : StateMessages.failed(operation, String(exit.cause))
      return failure("ExecutionFailure", message, true)
    })
  }
}
