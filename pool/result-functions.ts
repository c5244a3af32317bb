/**
 * Functions inside an extension's result: kept on the host, called from the program by handle.
 *
 * A JavaScript global may return an object holding functions (`db.open()` giving `{ query, close
 * }`), and the program should be able to call them the way it calls the global itself. A function
 * cannot cross into a worker, so the host keeps it: each function found in a result is registered
 * for the rest of the execution under a handle, the program gets the plain-data copy of the result
 * with the handles beside it (worker/task.ts, `ResultFunctionsEnvelope`), and the engine puts a
 * program function at each place. Calling one is an ordinary `op: "global"` call named by the
 * handle, so it goes through the same dispatch as a global: arguments and result copied as plain
 * data, `extension.before` / `extension.after` hooks, an entry in `Result.toolCalls`, not counted
 * toward `maxToolCalls` (as JavaScript globals are not). A function is synchronous unless it is
 * `async` or marked with `Extension.async`, exactly as a global; its `this` is the object it was
 * found in, so methods work.
 *
 * Names. Hooks and `toolCalls` see a path-like name saying where the function came from: the
 * global's path, `()`, then the path inside the result (`db.open().query`, `db.open().rows[2].next`,
 * and `db.open().query().next` for a function returned by one of those). The handle the program
 * holds is that name with a number making it unique (`db.open().query#3`), since two calls of
 * `db.open()` return two different `query` functions.
 *
 * Lifetime: one `ResultFunctions` per execution (the plan `CodeMode` makes for it), so the
 * functions die with the execution. Lua refuses functions in results with a message saying why:
 * its extensions return JSON by contract.
 *
 * Cost: a result is first copied as plain data, as before; only when that copy fails is the result
 * searched for functions, so plain results pay nothing more.
 */

import { formatDataPath } from "../protocol/data-path.js"
import { copyPlainData, type CopyResult, type NonFiniteNote } from "../catalog/plain-copy.js"
import { MAX_DATA_DEPTH } from "../catalog/limits.js"
import type { DataValue } from "../protocol/data.js"
import { RESULT_FUNCTIONS_KEY, type ResultFunctionPlace, type ResultFunctionsEnvelope, isResultFunctionsEnvelope } from "../protocol/operations.js"
import type { CallOutcome } from "./hooks.js"
import type { DispatchGlobal } from "./dispatch.js"
import { invokeGlobal, isAsyncFunction, type GlobalFunction } from "./extension.js"
import type { Language } from "../protocol/language.js"
import { MAX_RESULT_FUNCTIONS } from "./limits.js"

/** Messages about functions in results, one factory each. */
export const ResultFunctionMessages = {
  luaRefuses: (detail: string) => `${detail} (a Lua extension returns JSON; functions in a result can be called only from JavaScript programs)`,
  tooMany: (max: number) => `result: more than ${max} functions were returned to this execution`,
} as const

/** One function found in a result: where it is, what it is, and the object it belongs to. */
interface Found {
  readonly at: ReadonlyArray<string | number>
  readonly fn: GlobalFunction
  readonly holder: unknown
}

export class ResultFunctions<R> {
  /** Declared globals wrapped for this execution (their results may register functions); made at the first call. */
  private globals: Map<string, DispatchGlobal<R>> | undefined = undefined
  /** Functions returned so far, by handle; made when a result first returns one. */
  private functions: Map<string, DispatchGlobal<R>> | undefined = undefined

  constructor(
    private readonly language: Language,
    private readonly declared: ReadonlyMap<string, DispatchGlobal<R>>,
  ) {}

  /** The global or returned function a call names: a declared path, or a handle. */
  lookup(name: string): DispatchGlobal<R> | undefined {
    const returned = this.functions?.get(name)
    if (returned !== undefined) return returned
    this.globals ??= new Map()
    let global = this.globals.get(name)
    if (global === undefined) {
      const declared = this.declared.get(name)
      if (declared === undefined) return undefined
      global = { ...declared, copyResult: (value, onNonFinite) => this.copy(value, name, declared.extension, onNonFinite) }
      this.globals.set(name, global)
    }
    return global
  }

  /** Copies a result for the program, registering the functions in it (JavaScript). */
  private copy(value: unknown, origin: string, extension: string, onNonFinite?: NonFiniteNote): CopyResult {
    const plain = copyPlainData(value, "result", undefined, onNonFinite)
    if (plain.ok) {
      // Data that looks like an envelope is wrapped too, so the JavaScript engine can always unwrap.
      return this.language === "javascript" && isResultFunctionsEnvelope(plain.value) ? { ok: true, value: envelope([], plain.value) } : plain
    }
    const found: Found[] = []
    const stripped = withoutFunctions(value, found)
    if (found.length === 0) return plain
    if (this.language === "lua") return { ok: false, message: ResultFunctionMessages.luaRefuses(plain.message) }
    const copy = copyPlainData(stripped, "result", undefined, onNonFinite)
    if (!copy.ok) return copy
    const functions = (this.functions ??= new Map<string, DispatchGlobal<R>>())
    if (functions.size + found.length > MAX_RESULT_FUNCTIONS) return { ok: false, message: ResultFunctionMessages.tooMany(MAX_RESULT_FUNCTIONS) }
    const places = found.map(({ at, fn, holder }): ResultFunctionPlace => {
      const name = formatDataPath(`${origin}()`, at, "javascript")
      const handle = `${name}#${functions.size + 1}`
      functions.set(handle, {
        extension,
        name,
        run: (args) => invokeGlobal(fn, args, holder) as never,
        copyResult: (result, onNonFinite) => this.copy(result, name, extension, onNonFinite),
      })
      return { at, handle, async: isAsyncFunction(fn) }
    })
    return { ok: true, value: envelope(places, copy.value) }
  }
}

/** The envelopes this module made, so hooks can be shown the data inside rather than the envelope. */
const envelopes = new WeakSet<object>()

const envelope = (places: ReadonlyArray<ResultFunctionPlace>, value: DataValue): DataValue => {
  const made = { [RESULT_FUNCTIONS_KEY]: places, value }
  envelopes.add(made)
  return made as unknown as DataValue
}

/**
 * What an `extension.after` hook sees of a successful call: the plain-data copy of the result, with
 * `null` where a function was, never the envelope around it.
 */
export const observedOutcome = (outcome: CallOutcome): CallOutcome =>
  outcome.status === "success" && outcome.value !== null && typeof outcome.value === "object" && envelopes.has(outcome.value)
    ? { status: "success", value: (outcome.value as unknown as ResultFunctionsEnvelope).value }
    : outcome

/**
 * The value with every function reachable through arrays and plain objects replaced by `null`,
 * each one recorded in `found`. Anything else is left for the plain-data copy to judge (and refuse
 * with its own message), as are cycles and nesting past the data depth bound.
 */
const withoutFunctions = (value: unknown, found: Found[]): unknown => {
  const at: Array<string | number> = []
  const ancestors = new Set<object>()
  const walk = (node: unknown, holder: unknown, depth: number): unknown => {
    if (typeof node === "function") {
      found.push({ at: [...at], fn: node as GlobalFunction, holder })
      return null
    }
    if (node === null || typeof node !== "object" || depth > MAX_DATA_DEPTH || ancestors.has(node)) return node
    const isArray = Array.isArray(node)
    const prototype = Object.getPrototypeOf(node)
    if (!isArray && prototype !== Object.prototype && prototype !== null) return node
    ancestors.add(node)
    let copy: unknown
    if (isArray) {
      copy = (node as unknown[]).map((item, index) => {
        at.push(index)
        const walked = walk(item, node, depth + 1)
        at.pop()
        return walked
      })
    } else {
      const record: Record<string, unknown> = {}
      for (const key of Object.keys(node)) {
        at.push(key)
        Object.defineProperty(record, key, { value: walk((node as Record<string, unknown>)[key], node, depth + 1), enumerable: true, writable: true, configurable: true })
        at.pop()
      }
      copy = record
    }
    ancestors.delete(node)
    return copy
  }
  return walk(value, undefined, 0)
}
