/**
 * The task the pool hands a worker for one execution, and what the worker hands back.
 *
 * Both are plain data (structured-cloned by Piscina); the channel is a SharedArrayBuffer, which
 * clones as a shared view. The catalog is not in the task: the task names it by `catalogId`, and a
 * worker that has not seen that catalog asks for it once over the channel (`CATALOG_OPERATION`),
 * then keeps it.
 */

import type { Diagnostic } from "./diagnostic.js"
import type { DataValue } from "./data.js"
import type { Language } from "./language.js"

/**
 * A task that runs nothing: the pool sends one to make Piscina start a thread when every thread
 * has died with work still queued (Piscina stops replacing threads after a start-up failure).
 */
export const WAKE_TASK = { wake: true } as const
export type WakeTask = typeof WAKE_TASK

export const isWakeTask = (task: unknown): task is WakeTask =>
  typeof task === "object" && task !== null && (task as { wake?: unknown }).wake === true

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
  /** Seed of `math.random`; absent: a fresh seed per execution. */
  readonly randomSeed?: number
}

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
export type Outcome =
  | { readonly ok: true; readonly value: DataValue; readonly logs: ReadonlyArray<string>; readonly warnings: ReadonlyArray<Diagnostic> }
  | { readonly ok: false; readonly error: Diagnostic; readonly logs: ReadonlyArray<string>; readonly warnings?: ReadonlyArray<Diagnostic> }

/** One tool as a worker knows it: its canonical path (`orders.lookup`) and description. */
export type SnapshotTool = CatalogSnapshot["tools"][number]
