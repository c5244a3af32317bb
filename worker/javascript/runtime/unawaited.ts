/**
 * Host calls a program started and did not wait for: the "missing await?" warning.
 *
 * A JavaScript program that forgets an `await` (`tools.mail.send(x)` on its own line, or
 * `items.forEach(async (i) => await tools.crm.tag(i))`) returns while its calls are still
 * running. The rule stays the references' — work still running when the program returns is
 * interrupted — but the program's author must hear of it, or a green Result hides a lost email.
 * So every call a program starts is watched until the end: at the return, a call still running
 * (it is interrupted by the host) or one that finished but whose promise nothing ever awaited or
 * attached a handler to is reported (a rejected one already is, as an unhandled rejection), the first named with its line and the rest counted, in one
 * warning per case. Whether an answer happened to arrive before the return does not decide what
 * is said about an unobserved call, so the warning does not depend on the host's timing.
 *
 * The watch list is pruned as it grows (calls settled and observed are dropped), so a program
 * making a hundred thousand awaited calls keeps a short list.
 */

import type { Diagnostic } from "../../../protocol/diagnostic.js"
import type { HostCall } from "../../engine-host.js"
import type { JsPromise } from "./promise.js"

export interface WatchedCall {
  readonly promise: JsPromise
  readonly label: string
  readonly line: number
}

/** Above this many watched calls the list is pruned of the ones settled and observed. */
const PRUNE_AT = 1_024

/** How a host call reads in the warning: `tools.crm.send`, `fetch`, `search`. */
const labelOf = (request: HostCall): string => (request.op === "tool" ? `tools.${request.name}` : request.name)

/** Watches a started call until the program returns. */
export function watchCall(watched: WatchedCall[], promise: JsPromise, request: HostCall, line: number): void {
  if (watched.length >= PRUNE_AT) {
    let kept = 0
    for (const call of watched) if (!(call.promise.settled && call.promise.handled)) watched[kept++] = call
    watched.length = kept
  }
  watched.push({ promise, label: labelOf(request), line })
}

/** The warnings for calls still running, and for calls finished but never observed, at the return. */
export function unawaitedWarnings(watched: ReadonlyArray<WatchedCall>, programPromise: JsPromise): Diagnostic[] {
  const running = watched.filter((call) => !call.promise.settled)
  const ignored = watched.filter((call) => call.promise.settled && !call.promise.rejected && !call.promise.handled && call.promise !== programPromise)
  const warnings: Diagnostic[] = []
  if (running.length > 0) warnings.push(UnawaitedMessages.stillRunning(running[0]!, running.length - 1))
  if (ignored.length > 0) warnings.push(UnawaitedMessages.neverAwaited(ignored[0]!, ignored.length - 1))
  return warnings
}

const where = (call: WatchedCall): string => (call.line > 0 ? `${call.label} (line ${call.line})` : call.label)
const andMore = (more: number): string => (more === 0 ? "" : ` and ${more} more call${more === 1 ? "" : "s"}`)

export const UnawaitedMessages = {
  stillRunning: (first: WatchedCall, more: number): Diagnostic => ({
    kind: "ExecutionFailure",
    message: `${where(first)}${andMore(more)} still running when the program returned: interrupted (it may or may not have taken effect). Missing await? Await each call, e.g. await Promise.all(items.map((item) => ...)) rather than items.forEach(async ...)`,
    ...(first.line > 0 ? { location: { line: first.line } } : {}),
  }),
  neverAwaited: (first: WatchedCall, more: number): Diagnostic => ({
    kind: "ExecutionFailure",
    message: `${where(first)}${andMore(more)} finished, but the program never awaited or used the result. Missing await?`,
    ...(first.line > 0 ? { location: { line: first.line } } : {}),
  }),
}
