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
 * `ChannelHostCalls` (worker/channel-host.ts) posts the request frame in `start` and waits on the
 * channel in `waitAny`, so calls a program starts together run together at the host. Nothing else
 * in the engine differs: `settle` resolves or rejects a program promise, whose reactions run as
 * jobs in the standard order. The engine bounds how many calls may be pending at once
 * (`maxPendingCalls`, worker/limits.ts).
 */

import type { DataValue } from "../../data/value.js"
import { HostFailure, type Host, type HostCall } from "../../host.js"

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
