/**
 * Every operation a program (or its worker) asks of the host, in one place.
 *
 * A program never holds a host object: each reach outside it is a `HostCall` — an operation, a
 * name and plain-data arguments — carried by the bridge as one request frame and answered with
 * plain data. The worker's engines build these calls; the pool interprets them. Keeping the list
 * here, beside the data and diagnostic types, lets both sides agree on it without either importing
 * the other.
 */

import type { DataValue } from "./data.js"

export type HostOperation =
  /** A tool by its catalog path (`orders.lookup`); `args` is `[input]`. */
  | "tool"
  /** The `search` built-in; `args` are its arguments as given. */
  | "search"
  /**
   * An extension global by its path (`fetch`, `fs.readFile`), or a function an extension returned,
   * by the handle its result gave it (`ResultFunctionPlace.handle`); `args` are its arguments.
   */
  | "global"
  /** A discovery built-in by the name the program called (`searchTools`, `describe_tool`, ...). */
  | "discovery"
  /**
   * Per-branch state: `name` is `"load"` (`args` are `[key]`) or `"store"` (`[key, value]`, or
   * `[key]` alone to delete the key).
   */
  | "state"
  /**
   * The models API (protocol/models.ts): `name` is the operation (`classify`, `generateImages`,
   * ...) in its JavaScript spelling whatever the language; `args` are its arguments as given.
   */
  | "model"

export interface HostCall {
  readonly op: HostOperation
  readonly name: string
  readonly args: ReadonlyArray<DataValue>
}

/** The worker's own request for a catalog snapshot it has not seen (`name` is the catalog id). */
export const CATALOG_OPERATION = "catalog"

// ---------------------------------------------------------------------------------------------
// The result-function envelope

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
