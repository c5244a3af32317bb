/**
 * The task the pool hands a worker for one execution, and what the worker hands back.
 *
 * Both are plain data (structured-cloned by Piscina); the channel is a SharedArrayBuffer, which
 * clones as a shared view. The catalog is not in the task: the task names it by `catalogId`, and a
 * worker that has not seen that catalog asks for it once over the channel (`CATALOG_OPERATION`),
 * then keeps it.
 */

import type { Diagnostic } from "./data/diagnostic.js"
import type { DataValue } from "./data/value.js"

export type TaskLanguage = "lua" | "javascript"

/**
 * A task that runs nothing: the pool sends one to make Piscina start a thread when every thread
 * has died with work still queued (Piscina stops replacing threads after a start-up failure).
 */
export const WAKE_TASK = { wake: true } as const
export type WakeTask = typeof WAKE_TASK

export const isWakeTask = (task: unknown): task is WakeTask =>
  typeof task === "object" && task !== null && (task as { wake?: unknown }).wake === true

export interface ExecutionTask {
  readonly language: TaskLanguage
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

export type TaskOutcome =
  | { readonly ok: true; readonly value: DataValue; readonly logs: string[]; readonly warnings: Diagnostic[] }
  | { readonly ok: false; readonly error: Diagnostic; readonly logs: string[]; readonly warnings?: Diagnostic[] }

/** One tool as a worker knows it: its canonical path (`orders.lookup`) and description. */
export type SnapshotTool = CatalogSnapshot["tools"][number]

/**
 * Functions inside an extension global's result (JavaScript). Functions cannot cross, so the host
 * keeps each one for the rest of the execution under a handle and replies with an envelope: the
 * plain-data copy of the result (`null` where a function was) and, under this key, where each
 * function goes and its handle. The engine puts a program function at each place; calling it is
 * an `op: "global"` call named by the handle, and it is synchronous or asynchronous like a global.
 * A plain result that happens to carry the key is wrapped too (with no places), so an engine can
 * always tell an envelope from data.
 */
export const RESULT_FUNCTIONS_KEY = "codemode:functions"

export interface ResultFunctionPlace {
  /** Keys from the result's root to the function (`["rows", 0, "next"]`). */
  readonly at: ReadonlyArray<string | number>
  /** What the program calls it by, as the `name` of an `op: "global"` call. */
  readonly handle: string
  readonly async: boolean
}

export interface ResultFunctionsEnvelope {
  readonly [RESULT_FUNCTIONS_KEY]: ReadonlyArray<ResultFunctionPlace>
  readonly value: DataValue
}

/** True for a global's reply that is an envelope rather than the value itself. */
export const isResultFunctionsEnvelope = (value: unknown): value is ResultFunctionsEnvelope =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, RESULT_FUNCTIONS_KEY)

/** The channel operation a worker uses to fetch a catalog snapshot it has not seen. */
export const CATALOG_OPERATION = "catalog"
