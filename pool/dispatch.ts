/**
 * One call into the host, as an Effect: decode the input, ask the `before` hook, run the tool in
 * the caller's context, decode and copy its output, tell the `after` hook how it ended.
 *
 * The Effect never fails: it always produces the `Reply` for the program, so the execution can
 * write it to the channel without interpreting errors. What the program sees:
 *
 * | what happened                     | reply                                             |
 * | --------------------------------- | ------------------------------------------------- |
 * | input does not decode             | catchable `InvalidToolInput`                      |
 * | `needsApproval` says yes, or `before` fails with `Approval.required` | no reply: the call waits for a decision (`ApprovalAsk`) |
 * | `needsApproval` fails             | catchable `ToolFailure` ("denied"), tool not run  |
 * | `before` fails                    | catchable `ToolFailure` ("denied"), tool not run  |
 * | `before` returns a non-Effect     | the same denial, and a warning for the host       |
 * | the tool fails or dies            | catchable `ToolFailure` with the tool's message   |
 * | output does not decode / copy     | catchable `InvalidToolOutput`                     |
 * | `after` fails                     | catchable `ToolFailure`                           |
 * | `execute` throws or is no Effect  | catchable `ToolFailure` (a defect of the call)    |
 *
 * Hostile failures are described without trusting them: an error whose `message` getter throws,
 * a revoked Proxy thrown as an error, a message of megabytes — each becomes a bounded sentence
 * (`describeError` never throws and keeps at most `MAX_FAILURE_MESSAGE_CHARS`), so the `after`
 * hook still runs and the reply still fits the channel.
 *
 * The tool's `execute` is called inside the Effect, only once `before` has admitted the call: a
 * tool that does its work while building its Effect must not run for a denied call.
 *
 * `after` is an observer, like a finalizer: once an admitted call has ended (or was interrupted)
 * it runs to completion even if the execution is being stopped at that moment, so every admitted
 * call is reported to `after` exactly once. An execution does not wait for a hung `after` hook
 * beyond a grace period (`execution.ts`); the hook's fiber is then left to itself.
 *
 * An extension global (`callExtension`) goes the same way without the schema steps: its arguments
 * arrive as plain data, its result (a value, a Promise's or an Effect's) is copied as plain data
 * (`undefined` stays undefined: nil in Lua), and `extension.before` / `extension.after` surround it.
 *
 * Approvals (approvals.ts). A tool's `needsApproval` is asked first, then the `before` hook, so a
 * call that pauses has not been seen by `before` yet. A call resumed with a yes (`approved`) skips
 * `needsApproval`, and skips `before` too when `before` was the one that asked; a `before` that asks
 * again for an approved call is satisfied by the yes already given.
 *
 * Interruption (timeout, caller interruption) is not a reply: the fiber is interrupted, `after`
 * sees `interrupted`, and the execution answers the program with a stop of its own.
 */

import { Cause, Effect, Exit } from "effect"
import type { DiagnosticKind } from "../protocol/diagnostic.js"
import type { DataValue } from "../protocol/data.js"
import { copyPlainData, type CopyResult, type NonFiniteNote } from "../catalog/plain-copy.js"
import { observedOutcome } from "./result-functions.js"
import { ApprovalMessages, isApprovalRequired, type AskedBy } from "./approvals.js"
import { HookMisuse, runBeforeHook, runHook, type CallOutcome, type ExtensionAfterEvent, type HookReturn, type Hooks, type ToolAfterEvent, type ToolCallEvent } from "./hooks.js"
import type { CallStatus } from "./result.js"
import { MAX_FAILURE_MESSAGE_CHARS } from "./limits.js"

export type Reply =
  | { readonly ok: true; readonly value: DataValue }
  | { readonly ok: false; readonly kind: DiagnosticKind; readonly message: string; readonly stop: boolean }

/** A call that waits for a decision rather than an answer (approvals.ts). */
export interface ApprovalAsk {
  readonly pending: true
  readonly by: AskedBy
  readonly reason?: string
}

/** What a tool call ends with: the program's reply, or an ask for a decision. */
export type ToolReply = Reply | ApprovalAsk

export const isApprovalAsk = (reply: ToolReply): reply is ApprovalAsk => (reply as ApprovalAsk).pending === true

/** What dispatch needs of a tool: how to decode, how to run. */
export interface DispatchTool<R> {
  /** Whether this call needs an approval first (absent: never). */
  readonly needsApproval?: ((input: unknown) => Effect.Effect<boolean, unknown, R>) | undefined
  readonly decodeInput: (input: unknown) => Effect.Effect<unknown, unknown, R>
  readonly execute: (input: unknown) => Effect.Effect<unknown, unknown, R>
  /** Checks the output and returns its plain-data copy (told the first non-finite number made null). */
  readonly decodeOutput: (output: unknown, onNonFinite?: NonFiniteNote) => Effect.Effect<DataValue, unknown, R>
}

/** Where dispatch reports how the call ended, for `Result.toolCalls`. */
export interface CallRecord {
  status: CallStatus
  /** A host bug found while serving the call (a `before` hook that returned neither allow nor deny). */
  hostError?: string
  /** The first non-finite number in what the host answered, made null (protocol/json-numbers.ts). */
  nonFinite?: { readonly path: string; readonly value: number }
}

/** Notes the first non-finite number of an answer on its call's record. */
const noteNonFinite = (record: CallRecord): NonFiniteNote => (path, value) => {
  record.nonFinite ??= { path, value }
}

/** The reply to a denied call; a misused hook is also noted on the record for the host. */
const denied = (label: string, cause: Cause.Cause<unknown>, record: CallRecord): Reply => {
  record.status = "denied"
  const error = Cause.squash(cause)
  if (error instanceof HookMisuse) record.hostError = error.message
  return failure("ToolFailure", `Call to ${label} was denied: ${causeMessage(cause)}`)
}

export const failure = (kind: DiagnosticKind, message: string, stop = false): Reply => ({ ok: false, kind, message, stop })


/**
 * A readable message for anything a tool or hook may fail with. Never throws (the value may be a
 * revoked Proxy or have a throwing getter) and never returns more than `MAX_FAILURE_MESSAGE_CHARS`.
 */
export const describeError = (error: unknown): string => {
  let text: string
  try {
    text = describeUntrusted(error)
  } catch {
    text = "an error that could not be read (reading it threw)"
  }
  if (text.length <= MAX_FAILURE_MESSAGE_CHARS) return text
  return `${text.slice(0, MAX_FAILURE_MESSAGE_CHARS)}…[truncated: kept ${MAX_FAILURE_MESSAGE_CHARS} of ${text.length} characters]`
}

const describeUntrusted = (error: unknown): string => {
  if (error instanceof Error) return String(error.message || error.name)
  if (typeof error === "string") return error
  if (error !== null && typeof error === "object") {
    const message = (error as { message?: unknown }).message
    if (typeof message === "string") return message
    const tag = (error as { _tag?: unknown })._tag
    if (typeof tag === "string") return tag
    try {
      const json = JSON.stringify(error)
      if (typeof json === "string") return json
    } catch {
      // A cycle, a BigInt or a throwing toJSON: fall back to the object's tag.
    }
    return Object.prototype.toString.call(error)
  }
  return String(error)
}

const causeMessage = (cause: Cause.Cause<unknown>): string => describeError(Cause.squash(cause))

/**
 * One tool call. `approved` is set when the call was paused and a decision said yes: it names who
 * asked, so that one is not asked again.
 */
export const callTool = <R>(
  tool: DispatchTool<R>,
  name: string,
  rawInput: unknown,
  hooks: Hooks<R> | undefined,
  record: CallRecord,
  approved?: AskedBy,
): Effect.Effect<ToolReply, never, R> => {
  const before = hooks?.tool?.before
  const after = hooks?.tool?.after
  // Plain combinators rather than a generator: this runs once per tool call, and without hooks the
  // steps that would only run `Effect.void` are left out (measured: about half the host's cost).
  // Eager where a step may already be done: an input that decodes at once (Effect's parser hands
  // back an `Exit`) goes straight on, with no step of the fiber for it.
  return Effect.matchCauseEffectEager(tool.decodeInput(rawInput), {
    onFailure: (cause): Effect.Effect<ToolReply, never, R> => {
      record.status = "failure"
      return Effect.succeed(failure("InvalidToolInput", `Invalid input for tools.${name}: ${causeMessage(cause)}`))
    },
    onSuccess: (input) => decided(tool, name, input, before, after, record, approved),
  })
}

/** A decoded call: `needsApproval`, then `before`, then the tool (`runAdmitted`). */
const decided = <R>(
  tool: DispatchTool<R>,
  name: string,
  input: unknown,
  before: ((event: ToolCallEvent) => HookReturn<R>) | undefined,
  after: ((event: ToolAfterEvent) => HookReturn<R>) | undefined,
  record: CallRecord,
  approved: AskedBy | undefined,
): Effect.Effect<ToolReply, never, R> => {
  const run = runAdmitted(tool, name, input, after, record)
  const admitted: Effect.Effect<ToolReply, never, R> =
    before === undefined || approved === "hook"
      ? run
      : Effect.flatMap(Effect.exit(runBeforeHook("tool.before", before, { name, input })), (verdict) => {
          if (Exit.isSuccess(verdict)) return run
          const error = Cause.squash(verdict.cause)
          if (isApprovalRequired(error)) {
            if (approved !== undefined) return run
            return Effect.succeed<ToolReply>(error.reason === undefined ? { pending: true, by: "hook" } : { pending: true, by: "hook", reason: error.reason })
          }
          return Effect.succeed(denied(`tools.${name}`, verdict.cause, record))
        })
  const policy = tool.needsApproval
  if (policy === undefined || approved !== undefined) return admitted
  return Effect.flatMap(Effect.exit(callGuarded(`tools.${name} needsApproval`, () => policy(input))), (asked) => {
    if (Exit.isFailure(asked)) {
      record.status = "denied"
      return Effect.succeed(failure("ToolFailure", ApprovalMessages.policyFailed(name, causeMessage(asked.cause))))
    }
    return asked.value ? Effect.succeed<ToolReply>({ pending: true, by: "tool" }) : admitted
  })
}

/** Runs an admitted call: the tool, its output check, then the `after` hook. */
const runAdmitted = <R>(
  tool: DispatchTool<R>,
  name: string,
  input: unknown,
  after: ((event: ToolAfterEvent) => HookReturn<R>) | undefined,
  record: CallRecord,
): Effect.Effect<Reply, never, R> => {
  const label = `tools.${name}`
  const execute = callGuarded(label, () => tool.execute(input))
  const conclude = (ran: Exit.Exit<unknown, unknown>): Effect.Effect<Reply, never, R> =>
    Exit.isFailure(ran)
      ? Effect.succeed(failure("ToolFailure", `${label} failed: ${causeMessage(ran.cause)}`))
      : finishOutput(tool, name, ran.value, record)
  if (after === undefined) {
    return Effect.matchCauseEffect(execute, {
      onFailure: (cause) => {
        record.status = "failure"
        return Effect.succeed(failure("ToolFailure", `${label} failed: ${causeMessage(cause)}`))
      },
      onSuccess: (value) =>
        Effect.mapEager(finishOutput(tool, name, value, record), (reply) => {
          record.status = reply.ok ? "success" : "failure"
          return reply
        }),
    })
  }
  return observed(execute, conclude, (outcome) => runHook(after, { name, input, outcome }), record, label)
}

/**
 * Calls a host function that should return an Effect, inside the Effect: it runs only when the
 * Effect does (after `before` admitted the call), and a throw or a returned non-Effect is a defect
 * of this call rather than of the fiber that dispatches it.
 */
const callGuarded = <A, E, R>(label: string, call: () => Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    let effect: unknown
    try {
      effect = call()
    } catch (error) {
      return Effect.die(error)
    }
    if (Effect.isEffect(effect)) return effect as Effect.Effect<A, E, R>
    return Effect.die(new TypeError(`${label} returned ${effect === null ? "null" : typeof effect}, not an Effect`))
  })

/**
 * Runs `execute` (interruptible), turns its exit into the reply, and tells `after` how it ended.
 * Everything but the call itself is uninterruptible, so an interruption that lands just as the
 * call ends cannot skip `after`; an interrupted call reports `interrupted` and stays interrupted.
 * The status is the call's own until `after` fails, which fails the call.
 */
const observed = <R>(
  execute: Effect.Effect<unknown, unknown, R>,
  conclude: (ran: Exit.Exit<unknown, unknown>) => Effect.Effect<Reply, never, R>,
  after: (outcome: CallOutcome) => Effect.Effect<void, unknown, R>,
  record: CallRecord,
  label: string,
): Effect.Effect<Reply, never, R> =>
  Effect.uninterruptibleMask((restore) =>
    Effect.flatMap(Effect.exit(restore(execute)), (ran) => {
      if (Exit.isFailure(ran) && Cause.hasInterruptsOnly(ran.cause)) {
        return Effect.andThen(Effect.ignore(after({ status: "interrupted" })), Effect.failCause(ran.cause as Cause.Cause<never>))
      }
      return Effect.flatMap(conclude(ran), (reply) => {
        record.status = reply.ok ? "success" : "failure"
        const outcome: CallOutcome = reply.ok
          ? { status: "success", value: reply.value }
          : { status: "failure", error: Exit.isFailure(ran) ? Cause.squash(ran.cause) : new Error(reply.message) }
        return Effect.map(Effect.exit(after(outcome)), (seen): Reply => {
          if (Exit.isSuccess(seen)) return reply
          record.status = "failure"
          return failure("ToolFailure", `${label}: the after hook failed: ${causeMessage(seen.cause)}`)
        })
      })
    }),
  )

/** Decodes the tool's output by its schema; what comes back is already a plain-data copy. */
const finishOutput = <R>(tool: DispatchTool<R>, name: string, output: unknown, record: CallRecord): Effect.Effect<Reply, never, R> =>
  Effect.matchCauseEager(tool.decodeOutput(output, noteNonFinite(record)), {
    onFailure: (cause): Reply => failure("InvalidToolOutput", `Invalid output from tools.${name}: ${causeMessage(cause)}`),
    onSuccess: (value): Reply => ({ ok: true, value }),
  })

/** What dispatch needs of an extension global. */
export interface DispatchGlobal<R> {
  /** The extension's name, for hooks. */
  readonly extension: string
  /**
   * What hooks and `Result.toolCalls` call it, when not the name the program called it by: a
   * function from a result is called by handle and named by where it came from (callables.ts).
   */
  readonly name?: string
  readonly run: (args: ReadonlyArray<DataValue>) => Effect.Effect<unknown, unknown, R>
  /** Copies a result for the program; default: plain data only (callables.ts keeps functions). */
  readonly copyResult?: (value: unknown, onNonFinite?: NonFiniteNote) => CopyResult
}

export const callExtension = <R>(
  global: DispatchGlobal<R>,
  name: string,
  args: ReadonlyArray<DataValue>,
  hooks: Hooks<R> | undefined,
  record: CallRecord,
): Effect.Effect<Reply, never, R> => {
  const before = hooks?.extension?.before
  const after = hooks?.extension?.after
  const extension = global.extension
  const run = runGlobal(global, name, args, after, record)
  if (before === undefined) return run
  return Effect.flatMap(Effect.exit(runBeforeHook("extension.before", before, { extension, name, args })), (admitted) =>
    Exit.isSuccess(admitted) ? run : Effect.succeed(denied(name, admitted.cause, record)),
  )
}

/** Runs an admitted global, copies its result, then tells the `after` hook. */
const runGlobal = <R>(
  global: DispatchGlobal<R>,
  name: string,
  args: ReadonlyArray<DataValue>,
  after: ((event: ExtensionAfterEvent) => HookReturn<R>) | undefined,
  record: CallRecord,
): Effect.Effect<Reply, never, R> => {
  const extension = global.extension
  const execute = callGuarded(name, () => global.run(args))
  const conclude = (ran: Exit.Exit<unknown, unknown>): Effect.Effect<Reply, never, R> => Effect.succeed(globalReply(name, ran, record, global.copyResult))
  if (after === undefined) {
    return Effect.map(Effect.exit(execute), (ran) => {
      const reply = globalReply(name, ran, record, global.copyResult)
      record.status = reply.ok ? "success" : "failure"
      return reply
    })
  }
  return observed(execute, conclude, (outcome) => runHook(after, { extension, name, args, outcome: observedOutcome(outcome) }), record, name)
}

/** A global's result as the program's reply: a plain-data copy, `undefined` kept (nil in Lua). */
const globalReply = (name: string, ran: Exit.Exit<unknown, unknown>, record: CallRecord, copyResult = copyPlainResult): Reply => {
  if (Exit.isFailure(ran)) return failure("ToolFailure", `${name} failed: ${causeMessage(ran.cause)}`)
  if (ran.value === undefined) return { ok: true, value: undefined as unknown as DataValue }
  let copy: ReturnType<typeof copyPlainData>
  try {
    copy = copyResult(ran.value, noteNonFinite(record))
  } catch (error) {
    // A getter that throws, a revoked Proxy: the value cannot be read, so it is not plain data.
    return failure("InvalidToolOutput", `Invalid result from ${name}: ${describeError(error)}`)
  }
  return copy.ok ? { ok: true, value: copy.value } : failure("InvalidToolOutput", `Invalid result from ${name}: ${copy.message}`)
}

const copyPlainResult = (value: unknown, onNonFinite?: NonFiniteNote): CopyResult => copyPlainData(value, "result", undefined, onNonFinite)

/**
 * A search answered with the host's embedding model (pool/discovery.ts), as an Effect, since the
 * model is the host's and may take its time. A bad request is the program's mistake and reaches
 * it as one; anything else that goes wrong (the embedding function fails, dies or answers
 * nonsense) is the host's: the program gets the lexical ranker's answer to the same request, and
 * the host a warning naming the failure, so a broken model degrades search instead of breaking
 * programs. Interruption passes through untouched.
 */
export const callSemanticSearch = (
  search: Effect.Effect<DataValue, unknown>,
  lexical: () => DataValue,
  isRequestError: (error: unknown) => boolean,
  record: CallRecord,
): Effect.Effect<Reply> =>
  Effect.flatMap(Effect.exit(Effect.suspend(() => search)), (searched) => {
    if (Exit.isSuccess(searched)) return Effect.succeed(catalogAnswer(() => searched.value, record))
    if (Cause.hasInterruptsOnly(searched.cause)) return Effect.failCause(searched.cause)
    const error = Cause.squash(searched.cause)
    if (isRequestError(error)) return Effect.succeed(catalogAnswer(() => { throw error }, record))
    record.hostError = DispatchMessages.semanticSearchFailed(describeError(error))
    return Effect.succeed(catalogAnswer(lexical, record))
  }) as Effect.Effect<Reply>

/** A catalog answer as a reply: its request errors are whole sentences written for the model. */
const catalogAnswer = (answer: () => DataValue, record: CallRecord): Reply => {
  try {
    const value = answer()
    record.status = "success"
    return { ok: true, value }
  } catch (error) {
    record.status = "failure"
    return failure("ExecutionFailure", error instanceof Error ? error.message : String(error))
  }
}

export const DispatchMessages = {
  semanticSearchFailed: (detail: string) => `Semantic search failed, so the lexical ranker answered instead: ${detail}`,
} as const
