/**
 * The host as an engine sees it: one synchronous call that takes and returns plain data.
 *
 * An engine never holds a host object. Every reach outside the program — a tool, `search` and the
 * discovery built-ins, an extension global — is a `HostCall` handed to `Host.call`, which blocks
 * until the host answers (in a worker, over the bridge; in tests, directly). The answer is plain
 * data, or one of two exceptions:
 *
 * - `HostFailure`: the call failed in a way the program may handle (a tool failed, a hook denied
 *   it, its input did not decode). Engines raise it as an ordinary, catchable program error whose
 *   message is `message`; if the program does not catch it, the execution fails with `kind`.
 * - `HostStop`: the execution must end now (a limit, an unknown tool, interruption). Engines
 *   unwind without running any program handler (`pcall`, `catch`, `finally`) and report `diagnostic`.
 */

import type { Diagnostic, DiagnosticKind } from "../protocol/diagnostic.js"
import type { DataValue } from "../protocol/data.js"
import type { HostCall } from "../protocol/operations.js"

export type { HostCall, HostOperation } from "../protocol/operations.js"


export interface Host {
  call(request: HostCall): DataValue
}

/** A failed host call that the program may catch. */
export class HostFailure extends Error {
  constructor(
    readonly kind: Extract<DiagnosticKind, "ToolFailure" | "InvalidToolInput" | "InvalidToolOutput" | "ExecutionFailure">,
    message: string,
  ) {
    super(message)
    this.name = "HostFailure"
  }
}

/** The execution must end with this diagnostic; no program handler runs. */
export class HostStop extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message)
    this.name = "HostStop"
  }
}

/** A host with no tools: every call is an unknown tool. Useful for running engines alone. */
export const noHost: Host = {
  call(request) {
    throw new HostStop({ kind: "UnknownTool", message: `Unknown tool: ${request.name}` })
  },
}

// ---------------------------------------------------------------------------------------------
// Concurrent host calls (JavaScript)

/**
 * Host calls as the JavaScript engine sees them: started now, settled later.
 *
 * A tool call, `search` or an asynchronous extension global returns a promise at once. Starting
 * the call and settling its promise are two separate events on purpose, so that the engine does
 * not care whether the host answers immediately or much later:
 *
 * - `start(request, settle)` begins one call. `settle` is invoked exactly once, with the outcome,
 *   either during `start` (a synchronous host) or from `waitAny` (a concurrent host).
 * - `pending` says how many calls have started and not settled.
 * - `waitAny()` blocks until at least one pending call settles and invokes its `settle`. The
 *   engine calls it only when its job queue is empty and the program is waiting on something.
 * - `cancelAll()` is called when the program finishes: calls still running are abandoned.
 *
 * Two implementations: `SynchronousHostCalls` (below) calls `Host.call` inside `start`, so every
 * call blocks as in Lua; it serves `runJavaScript` without a pool (tests, tools). In a worker,
 * `ChannelHostCalls` (worker/channel-calls.ts) posts the request frame in `start` and waits on the
 * channel in `waitAny`, so calls a program starts together run together at the host. Nothing else
 * in the engine differs: `settle` resolves or rejects a program promise, whose reactions run as
 * jobs in the standard order. The engine bounds how many calls may be pending at once
 * (`maxPendingCalls`, protocol/bounds.ts).
 */
export type HostOutcome =
  | { readonly ok: true; readonly value: DataValue }
  | { readonly ok: false; readonly failure: HostFailure }

export interface HostCalls {
  start(request: HostCall, settle: (outcome: HostOutcome) => void): void
  readonly pending: number
  waitAny(): void
  cancelAll(): void
}

/** Every call blocks inside `start`; a `HostStop` propagates from there and ends the execution. */
export class SynchronousHostCalls implements HostCalls {
  readonly pending = 0
  constructor(private readonly host: Host) {}

  start(request: HostCall, settle: (outcome: HostOutcome) => void): void {
    let value: DataValue
    try {
      value = this.host.call(request)
    } catch (error) {
      if (error instanceof HostFailure) {
        settle({ ok: false, failure: error })
        return
      }
      throw error
    }
    settle({ ok: true, value })
  }

  waitAny(): void {}
  cancelAll(): void {}
}
