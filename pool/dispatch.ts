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
 * | `before` fails                    | catchable `ToolFailure` ("denied"), tool not run  |
 * | the tool fails or dies            | catchable `ToolFailure` with the tool's message   |
 * | output does not decode / copy     | catchable `InvalidToolOutput`                     |
 * | `after` fails                     | catchable `ToolFailure`                           |
 *
 * Interruption (timeout, caller interruption) is not a reply: the fiber is interrupted, `after`
 * sees `interrupted`, and the execution answers the program with a stop of its own.
 */

import { Cause, Effect, Exit } from "effect"
import type { DiagnosticKind } from "../worker/data/diagnostic.js"
import type { DataValue } from "../worker/data/value.js"
import { runHook, type Hooks } from "./hooks.js"
import type { CallStatus } from "./result.js"

export type Reply =
  | { readonly ok: true; readonly value: DataValue }
  | { readonly ok: false; readonly kind: DiagnosticKind; readonly message: string; readonly stop: boolean }

/** What dispatch needs of a tool: how to decode, how to run. */
export interface DispatchTool<R> {
  readonly decodeInput: (input: unknown) => Effect.Effect<unknown, unknown, R>
  readonly execute: (input: unknown) => Effect.Effect<unknown, unknown, R>
  /** Checks the output and returns its plain-data copy. */
  readonly decodeOutput: (output: unknown) => Effect.Effect<DataValue, unknown, R>
}

/** Where dispatch reports how the call ended, for `Result.toolCalls`. */
export interface CallRecord {
  status: CallStatus
}

export const failure = (kind: DiagnosticKind, message: string, stop = false): Reply => ({ ok: false, kind, message, stop })

/** A readable message for anything a tool or hook may fail with. */
export const describeError = (error: unknown): string => {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === "string") return error
  if (error !== null && typeof error === "object") {
    const message = (error as { message?: unknown }).message
    if (typeof message === "string") return message
    const tag = (error as { _tag?: unknown })._tag
    if (typeof tag === "string") return tag
    try {
      return JSON.stringify(error)
    } catch {
      return Object.prototype.toString.call(error)
    }
  }
  return String(error)
}

const causeMessage = (cause: Cause.Cause<unknown>): string => describeError(Cause.squash(cause))

export const callTool = <R>(
  tool: DispatchTool<R>,
  name: string,
  rawInput: unknown,
  hooks: Hooks<R> | undefined,
  record: CallRecord,
): Effect.Effect<Reply, never, R> =>
  Effect.gen(function* () {
    const decoded = yield* Effect.exit(tool.decodeInput(rawInput))
    if (Exit.isFailure(decoded)) {
      record.status = "failure"
      return failure("InvalidToolInput", `Invalid input for tools.${name}: ${causeMessage(decoded.cause)}`)
    }
    const input = decoded.value

    const admitted = yield* Effect.exit(runHook(hooks?.tool?.before, { name, input }))
    if (Exit.isFailure(admitted)) {
      record.status = "denied"
      return failure("ToolFailure", `Call to tools.${name} was denied: ${causeMessage(admitted.cause)}`)
    }

    const after = hooks?.tool?.after
    const ran = yield* Effect.exit(
      Effect.onInterrupt(tool.execute(input), () =>
        Effect.ignore(runHook(after, { name, input, outcome: { status: "interrupted" } })),
      ),
    )
    let reply: Reply
    if (Exit.isFailure(ran)) {
      reply = failure("ToolFailure", `tools.${name} failed: ${causeMessage(ran.cause)}`)
    } else {
      reply = yield* finishOutput(tool, name, ran.value)
    }

    const outcome = reply.ok
      ? ({ status: "success", value: reply.value } as const)
      : ({ status: "failure", error: Exit.isFailure(ran) ? Cause.squash(ran.cause) : new Error(reply.message) } as const)
    const observed = yield* Effect.exit(runHook(after, { name, input, outcome }))
    if (Exit.isFailure(observed)) {
      reply = failure("ToolFailure", `tools.${name}: the after hook failed: ${causeMessage(observed.cause)}`)
    }
    record.status = reply.ok ? "success" : "failure"
    return reply
  })

/** Decodes the tool's output by its schema; what comes back is already a plain-data copy. */
const finishOutput = <R>(tool: DispatchTool<R>, name: string, output: unknown): Effect.Effect<Reply, never, R> =>
  Effect.map(Effect.exit(tool.decodeOutput(output)), (decoded): Reply =>
    Exit.isFailure(decoded)
      ? failure("InvalidToolOutput", `Invalid output from tools.${name}: ${causeMessage(decoded.cause)}`)
      : { ok: true, value: decoded.value },
  )
