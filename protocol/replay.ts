/**
 * The replay log: everything an execution read from the world, so that it can be run again.
 *
 * An execution is a deterministic function of its source, its seed and what the host answered.
 * The log keeps those answers: each host call by its ordinal (the n-th call the program made),
 * with the request as it was made (so a replay that asks for something else is caught, never
 * answered with the wrong entry) and the reply; the clock readings in the order the program read
 * them; and, for JavaScript, the order in which concurrent calls settled. Random numbers need no
 * entries: they come from a generator keyed by the task's seed, which is part of the task.
 *
 * The host owns the log. Replies are recorded where they are made (the pool); clock readings and
 * settlements happen in the worker, which reports them with its next request (`WorldTrace`),
 * and with its suspension. What a worker read after its last request and never reported cannot
 * have influenced anything the host saw, so a replay that reads it afresh is still one consistent
 * run of the program.
 *
 * Everything here is plain data: the log travels to a worker inside the task (structured clone).
 */

import type { DataValue } from "./data.js"
import type { DiagnosticKind } from "./diagnostic.js"
import type { HostOperation } from "./operations.js"

/** How a host call was answered, as the program saw it. Stops are never logged: they end the run. */
export type LoggedReply =
  | { readonly ok: true; readonly value: DataValue }
  | { readonly ok: false; readonly kind: DiagnosticKind; readonly message: string }

export interface LoggedCall {
  readonly op: HostOperation
  readonly name: string
  /** The arguments' JSON text, compared with a replayed request's. */
  readonly args: string
  readonly reply: LoggedReply
  /** In what order the host received the answers (0 first): a replay settles unseen answers in it. */
  readonly arrival: number
}

/** What a worker read from the world since it last reported. */
export interface WorldTrace {
  /** `Date.now()` readings, in order. */
  readonly clock: ReadonlyArray<number>
  /** Ordinals of concurrent calls, in the order the program saw them settle. */
  readonly settled: ReadonlyArray<number>
}

/** The log a re-run is answered from: answered calls by ordinal (holes: not answered yet). */
export interface ReplayLog {
  readonly calls: ReadonlyArray<LoggedCall | null>
  readonly clock: ReadonlyArray<number>
  readonly settled: ReadonlyArray<number>
}

/** The request frame's extra field: the call's ordinal and the trace since the last request. */
export interface RequestMeta {
  /** Ordinal of this call in the execution (0-based). */
  readonly i: number
  /** Clock readings since the last request, if any. */
  readonly c?: ReadonlyArray<number>
  /** Settlements since the last request, if any. */
  readonly s?: ReadonlyArray<number>
}

export const isRequestMeta = (value: unknown): value is RequestMeta =>
  typeof value === "object" && value !== null && Number.isSafeInteger((value as RequestMeta).i) && (value as RequestMeta).i >= 0
