/**
 * The task the pool hands a worker for one run of an execution, and what the worker hands back.
 *
 * Both are plain data. A run travels to its thread's loop as JSON (`RunFrame`, through the
 * thread's dock: pool/docks.ts, worker/loop.ts) with its channel named by a key; the channel
 * itself is a SharedArrayBuffer, delivered once per thread as a shared view. The catalog is not in the task: the task names it by `catalogId`, and a
 * worker that has not seen that catalog asks for it once over the channel (`CATALOG_OPERATION`),
 * then keeps it.
 *
 * An execution may take several runs. The first has an empty log; a run after a suspension (or
 * after the worker of an earlier run died) carries the log so far (protocol/replay.ts) and the
 * same seed, and the worker answers from the log until the program passes the point where the
 * last run stopped. A run ends with the program's `Outcome`, or with a `Suspension` when the host
 * asked the worker to give its thread back while the program waited.
 */

import type { Diagnostic } from "./diagnostic.js"
import type { DataValue } from "./data.js"
import type { Language } from "./language.js"
import type { WorkerBlock } from "./output.js"
import type { ReplayLog, WorldTrace } from "./replay.js"

/**
 * A task that runs nothing: the pool sends one to make Piscina start a thread when every thread
 * has died with work still queued (Piscina stops replacing threads after a start-up failure).
 */
export const WAKE_TASK = { wake: true } as const
export type WakeTask = typeof WAKE_TASK

export const isWakeTask = (task: unknown): task is WakeTask =>
  typeof task === "object" && task !== null && (task as { wake?: unknown }).wake === true

/**
 * The one long-lived task each thread runs (worker/loop.ts): it takes runs from its dock, a channel
 * of its own, until it has been idle a while, and hands each to the entry. `port` brings the
 * runs' channel buffers, once per thread and channel (`ChannelDelivery`).
 */
export interface LoopTask {
  readonly loop: true
  /** The dock's channel (a HostChannel's buffer). */
  readonly dock: SharedArrayBuffer
  /** A `MessagePort` (typed loosely: this kernel imports nothing outside itself). */
  readonly port: unknown
  /** The pool's pressure word (`YieldRule.pressure`), which each run's rule shares. */
  readonly pressure: SharedArrayBuffer
  /** Milliseconds the loop waits without a run before it asks to leave (`LEAVE_OPERATION`). */
  readonly idleMs: number
  /** Int32 word 0: how many of the pool's loops are spinning for their next run (worker/loop.ts). */
  readonly spinning: SharedArrayBuffer
  /** Loops that may spin at once: one core fewer than the compute threads, so the host keeps one. */
  readonly maxSpinning: number
}

export const isLoopTask = (task: unknown): task is LoopTask =>
  typeof task === "object" && task !== null && (task as { loop?: unknown }).loop === true

/**
 * Over a loop's port: a run channel's buffer, named by the key its runs carry, or word that a
 * channel is gone and its buffer can be forgotten.
 */
export type ChannelDelivery = { readonly key: number; readonly buffer: SharedArrayBuffer } | { readonly forget: number }

/** The dock's operations: the loop asks for its next run, reports one ended, asks to leave. */
export const NEXT_OPERATION = "next"
export const ENDED_OPERATION = "ended"
export const LEAVE_OPERATION = "leave"

/**
 * A run as it travels through a dock (JSON): the task without its shared buffers, which the loop
 * knows by `channel` (a `ChannelDelivery` key) and from its `LoopTask`.
 */
export interface RunFrame {
  readonly seq: number
  readonly channel: number
  readonly task: RunTask
}

/** A run's task as the host builds it and a `RunFrame` carries it: the `ExecutionTask` without its shared buffers. */
export type RunTask = Omit<ExecutionTask, "channel" | "yieldRule"> & { readonly yieldRule?: RunYieldRule }

/** A `YieldRule` without its pressure word, which each thread's loop has from its `LoopTask`. */
export type RunYieldRule = Omit<YieldRule, "pressure">

/** What a loop sends back when the entry threw instead of returning a reply. */
export interface EntryThrew {
  readonly threw: string
}

export interface ExecutionTask {
  readonly language: Language
  readonly source: string
  /** The channel this execution talks to the host through. */
  readonly channel: SharedArrayBuffer
  readonly catalogId: number
  /** Milliseconds left when the task was submitted (the worker converts it to its own clock). */
  readonly timeoutMs: number
  /** `Date.now()` when the task was submitted, to subtract the time spent queued. */
  readonly submittedAt: number
  /** Seed of Lua's `math.random` fixed by the host; absent: derived from `seed`. */
  readonly randomSeed?: number
  /**
   * The execution's entropy (hex): every random number the program sees (`Math.random`, `crypto`,
   * Lua's default seed) comes from it, so each run of the execution sees the same ones.
   */
  readonly seed: string
  /** What earlier runs of this execution read from the world; absent on the first run. */
  readonly replay?: ReplayLog
  /** The host watches output as it is made: send each block as a live frame too (protocol/output.ts). */
  readonly live?: boolean
  /** When the run may give its thread back by itself as it begins to wait; absent: only when the host asks. */
  readonly yieldRule?: YieldRule
}

/**
 * When a worker gives its thread back by itself, the moment it posts a call, rather than block and
 * wait for the host to ask (pool/workers.ts): some work wants a thread, the call is not of a kind
 * known to answer within the grace window, and the run has computed little enough that replaying
 * it costs less than holding the thread.
 */
export interface YieldRule {
  /** Int32 word 0: how many runs want a thread (the pool keeps it current); 0: keep the thread. */
  readonly pressure: SharedArrayBuffer
  /** Kinds of host call (`tool:svc.fetch`) that have lately answered within the grace window: waited for. */
  readonly fast: ReadonlyArray<string>
  /** A run that has computed longer than this (milliseconds) waits: replaying it would cost more than a thread. */
  readonly maxComputedMs: number
}

/** The kind of a host call as the pool times it (`tool:svc.fetch`); only tool and extension calls are timed. */
export const callKind = (op: string, name: string): string | undefined => (op === "tool" || op === "global" ? `${op}:${name}` : undefined)

/** A run that gave its thread back while the program waited on the host. */
export interface Suspension {
  readonly suspended: true
  /** What the run read from the world since its last request. */
  readonly trace: WorldTrace
  /** Ordinals of the calls the program was waiting on: any of their answers lets it go on. */
  readonly waitingOn: ReadonlyArray<number>
  /**
   * The log lines the program had written when it gave the thread back. A run repeats the lines of
   * the runs before it, so only an execution that ends here (paused for an approval) reports them.
   */
  readonly logs: ReadonlyArray<string>
  /** The output blocks made so far, for the same reason (protocol/output.ts); absent: none. */
  readonly output?: ReadonlyArray<WorkerBlock>
  /** The thread that ran it (its `threadId`): the next run goes there when it can, where the program is still compiled. */
  readonly thread?: number
}

export const isSuspension = (reply: TaskReply): reply is Suspension => (reply as Suspension).suspended === true

/** One extension global as a worker knows it: its path, and whether a JavaScript call returns a promise. */
export interface ExtensionGlobal {
  /** `fetch`, `fs.readFile`, `fs.promises.readFile`. */
  readonly path: string
  /** JavaScript: an `async` global (or marked `Extension.async`); the call returns a promise. */
  readonly async: boolean
}

/** What a worker needs of a catalog: names only, never functions. */
export interface CatalogSnapshot {
  /** The runtime's extension globals (they are not tools: absent from search and the catalog). */
  readonly globals: ReadonlyArray<ExtensionGlobal>
  /** Tool paths and descriptions, for discovery built-ins that run in the worker (`ALL_TOOLS`). */
  readonly tools: ReadonlyArray<{ readonly path: string; readonly description: string }>
}

/**
 * How one execution ended, as its engine reports it (and as the pool reports it when the worker
 * could not): the value or the diagnostic, with the logs and warnings made on the way. The pool
 * turns it into the caller's `Result` (pool/result.ts).
 */
export type Outcome = (
  | { readonly ok: true; readonly value: DataValue; readonly logs: ReadonlyArray<string>; readonly warnings: ReadonlyArray<Diagnostic> }
  | { readonly ok: false; readonly error: Diagnostic; readonly logs: ReadonlyArray<string>; readonly warnings?: ReadonlyArray<Diagnostic> }
) & {
  /** The output blocks the program made, in order (protocol/output.ts); absent: none. */
  readonly output?: ReadonlyArray<WorkerBlock>
}

/** What a worker hands back for a run. */
export type TaskReply = Outcome | Suspension

/** One tool as a worker knows it: its canonical path (`orders.lookup`) and description. */
export type SnapshotTool = CatalogSnapshot["tools"][number]

/**
 * Where a value holds `-0`, which JSON writes as `0`: the paths (keys and indices) a run's reply
 * carries beside its JSON through the dock, so the host gets back the value the engine made.
 * Empty for nearly every value; the walk is the price of the rare one.
 */
export const negativeZeroPaths = (value: DataValue): Array<ReadonlyArray<string | number>> => {
  const found: Array<ReadonlyArray<string | number>> = []
  // One path, pushed and popped as the walk goes: a reply of many elements allocates nothing for
  // them, only a copy of the path at each `-0` found.
  const path: Array<string | number> = []
  const walk = (at: DataValue): void => {
    if (typeof at === "number") {
      if (at === 0 && 1 / at < 0) found.push([...path])
    } else if (Array.isArray(at)) {
      for (let i = 0; i < at.length; i++) {
        path.push(i)
        walk(at[i]!)
        path.pop()
      }
    } else if (typeof at === "object" && at !== null) {
      for (const key of Object.keys(at)) {
        path.push(key)
        walk((at as Record<string, DataValue>)[key]!)
        path.pop()
      }
    }
  }
  walk(value)
  return found
}

/** Puts back the `-0`s at `paths` (from `negativeZeroPaths`) into a value parsed from JSON. */
export const withNegativeZeros = (value: DataValue, paths: ReadonlyArray<ReadonlyArray<string | number>>): DataValue => {
  for (const path of paths) {
    if (path.length === 0) return -0
    let at = value as unknown as Record<string | number, unknown>
    for (let i = 0; i < path.length - 1; i++) at = at[path[i]!] as Record<string | number, unknown>
    at[path[path.length - 1]!] = -0
  }
  return value
}
