/**
 * Small helpers for the engine's unit tests: run a program and get its value, its printed lines
 * or its diagnostic, failing loudly when the outcome is not the expected kind.
 */

import { expect } from "vitest"
import type { Diagnostic } from "../../../protocol/diagnostic.js"
import type { DataValue } from "../../../protocol/data.js"
import { runLua, type LuaOptions } from "../../../worker/lua/index.js"

/** The program's result value; fails the test if it did not succeed. */
export const valueOf = (source: string, options?: LuaOptions): DataValue => {
  const result = runLua(source, options)
  if (!result.ok) throw new Error(`expected success, got ${result.error.kind}: ${result.error.message}`)
  return result.value
}

/** What the program printed, one string per line; fails the test if it did not succeed. */
export const printed = (source: string, options?: LuaOptions): string[] => {
  const result = runLua(source, options)
  if (!result.ok) throw new Error(`expected success, got ${result.error.kind}: ${result.error.message}`)
  return result.logs
}

/** The diagnostic of a program that must fail. */
export const failure = (source: string, options?: LuaOptions): Diagnostic => {
  const result = runLua(source, options)
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`)
  return result.error
}

/** Asserts a failure's kind and exact message. */
export const expectFailure = (source: string, kind: string, message: string, options?: LuaOptions): Diagnostic => {
  const error = failure(source, options)
  expect({ kind: error.kind, message: error.message }).toEqual({ kind, message })
  return error
}
