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
 * An extension global (`callExtension`) goes the same way without the schema steps: its arguments
 * arrive as plain data, its result (a value, a Promise's or an Effect's) is copied as plain data
 * (`undefined` stays undefined: nil in Lua), and `extension.before` / `extension.after` surround it.
 *
 * Interruption (timeout, caller interruption) is not a reply: the fiber is interrupted, `after`
 * sees `interrupted`, and the execution answers the program with a stop of its own.
 */

import { Cause, Effect, Exit } from "effect"
import type { DiagnosticKind } from "../worker/data/diagnostic.js"
import type { DataValue } from "../worker/data/value.js"
import { copyPlainData } from "../catalog/plain.js"
import { runHook, type ExtensionAfterEvent, type HookReturn, type Hooks, type ToolAfterEvent } from "./hooks.js"
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
): Effect.Effect<Reply, never, R> => {
  const before = hooks?.tool?.before
  const after = hooks?.tool?.after
  // Plain combinators rather than a generator: this runs once per tool call, and without hooks the
  // steps that would only run `Effect.void` are left out (measured: about half the host's cost).
  return Effect.flatMap(Effect.exit(tool.decodeInput(rawInput)), (decoded) => {
    if (Exit.isFailure(decoded)) {
      record.status = "failure"
      return Effect.succeed(failure("InvalidToolInput", `Invalid input for tools.${name}: ${causeMessage(decoded.cause)}`))
    }
    const input = decoded.value
    const run = runAdmitted(tool, name, input, after, record)
    if (before === undefined) return run
    return Effect.flatMap(Effect.exit(runHook(before, { name, input })), (admitted) => {
      if (Exit.isSuccess(admitted)) return run
      record.status = "denied"
      return Effect.succeed(failure("ToolFailure", `Call to tools.${name} was denied: ${causeMessage(admitted.cause)}`))
    })
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
  const execute =
    after === undefined
      ? tool.execute(input)
      : Effect.onInterrupt(tool.execute(input), () =>
          Effect.ignore(runHook(after, { name, input, outcome: { status: "interrupted" } })),
        )
  return Effect.flatMap(Effect.exit(execute), (ran) => {
    const replied: Effect.Effect<Reply, never, R> = Exit.isFailure(ran)
      ? Effect.succeed(failure("ToolFailure", `tools.${name} failed: ${causeMessage(ran.cause)}`))
      : finishOutput(tool, name, ran.value)
    if (after === undefined) {
      return Effect.map(replied, (reply) => {
        record.status = reply.ok ? "success" : "failure"
        return reply
      })
    }
    return Effect.flatMap(replied, (reply) => {
      const outcome = reply.ok
        ? ({ status: "success", value: reply.value } as const)
        : ({ status: "failure", error: Exit.isFailure(ran) ? Cause.squash(ran.cause) : new Error(reply.message) } as const)
      return Effect.map(Effect.exit(runHook(after, { name, input, outcome })), (observed): Reply => {
        const final = Exit.isFailure(observed)
          ? failure("ToolFailure", `tools.${name}: the after hook failed: ${causeMessage(observed.cause)}`)
          : reply
        record.status = final.ok ? "success" : "failure"
        return final
      })
    })
  })
}

/** Decodes the tool's output by its schema; what comes back is already a plain-data copy. */
const finishOutput = <R>(tool: DispatchTool<R>, name: string, output: unknown): Effect.Effect<Reply, never, R> =>
  Effect.map(Effect.exit(tool.decodeOutput(output)), (decoded): Reply =>
    Exit.isFailure(decoded)
      ? failure("InvalidToolOutput", `Invalid output from tools.${name}: ${causeMessage(decoded.cause)}`)
      : { ok: true, value: decoded.value },
  )

/** What dispatch needs of an extension global. */
export interface DispatchGlobal<R> {
  /** The extension's name, for hooks. */
  readonly extension: string
  readonly run: (args: ReadonlyArray<DataValue>) => Effect.Effect<unknown, unknown, R>
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
  return Effect.flatMap(Effect.exit(runHook(before, { extension, name, args })), (admitted) => {
    if (Exit.isSuccess(admitted)) return run
    record.status = "denied"
    return Effect.succeed(failure("ToolFailure", `Call to ${name} was denied: ${causeMessage(admitted.cause)}`))
  })
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
  const execute =
    after === undefined
      ? global.run(args)
      : Effect.onInterrupt(global.run(args), () =>
          Effect.ignore(runHook(after, { extension, name, args, outcome: { status: "interrupted" } })),
        )
  return Effect.flatMap(Effect.exit(execute), (ran) => {
    let reply: Reply
    if (Exit.isFailure(ran)) reply = failure("ToolFailure", `${name} failed: ${causeMessage(ran.cause)}`)
    else if (ran.value === undefined) reply = { ok: true, value: undefined as unknown as DataValue }
    else {
      const copy = copyPlainData(ran.value, "result")
      reply = copy.ok ? { ok: true, value: copy.value } : failure("InvalidToolOutput", `Invalid result from ${name}: ${copy.message}`)
    }
    if (after === undefined) {
      record.status = reply.ok ? "success" : "failure"
      return Effect.succeed(reply)
    }
    const outcome = reply.ok
      ? ({ status: "success", value: reply.value } as const)
      : ({ status: "failure", error: Exit.isFailure(ran) ? Cause.squash(ran.cause) : new Error(reply.message) } as const)
    return Effect.map(Effect.exit(runHook(after, { extension, name, args, outcome })), (observed): Reply => {
      const final = Exit.isFailure(observed)
        ? failure("ToolFailure", `${name}: the after hook failed: ${causeMessage(observed.cause)}`)
        : reply
      record.status = final.ok ? "success" : "failure"
      return final
    })
  })
}
