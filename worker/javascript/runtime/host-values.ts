/**
 * Host calls as program values: the `tools` namespace, `search`, and extension globals.
 *
 * An extension global is synchronous unless the host declared it asynchronous (`async` function
 * or `Extension.async`). A synchronous one blocks on the host and returns the value or throws a
 * catchable Error (a denied call included); an asynchronous one returns a promise like a tool.
 * Either way the arguments and the value cross as plain-data copies, and `undefined` stays
 * `undefined`; a function inside the result becomes a program function that calls back the same
 * way (the host keeps it for the execution under a handle). A dotted path (`fs.promises.readFile`) builds plain objects along the way.
 *
 * `tools` is a tree of `JsFunction`s marked `isTool`, one per path prefix, made on demand:
 * `tools.orders["lookup-by-id"]` reads two properties and gets the function for the path
 * `orders.lookup-by-id`. Calling one converts the input with the plain-data contract, starts the
 * call through `HostCalls`, and returns a promise that settles with the tool's output (a fresh
 * program value) or rejects with an Error whose diagnostic kind is the host's. The namespace is
 * read-only; a tool reference cannot cross to JSON. With the catalog's names known (the worker
 * always has them), a name no tool or namespace has reads as `undefined`, `in` and `Object.keys`
 * tell the truth, and calling such a name in place is the host's `UnknownTool` (tool-names.ts).
 */

import { copyDataToJs, jsToData } from "../data/convert.js"
import { watchCall } from "./unawaited.js"
import { DataContractError } from "../../data/contract.js"
import { HostFailure, HostStop, type HostCall } from "../../engine-host.js"
import { formatDataPath } from "../../../protocol/data-path.js"
import type { DataValue } from "../../../protocol/data.js"
import { isResultFunctionsEnvelope, RESULT_FUNCTIONS_KEY, type ResultFunctionsEnvelope } from "../../../protocol/operations.js"
import { JsMessages } from "../messages.js"
import { FunctionKind, HIDDEN, JsFunction, JsObject, type Key, type Own, type Value } from "./object.js"
import { JsArray } from "./array.js"
import { hostFailureError, newPromise, rejectPromise, resolvePromise, type JsPromise } from "./promise.js"
import type { Realm } from "./realm.js"
import { ThrowSignal, type JsState } from "./state.js"

/** One extension global as the engine receives it (see worker/task.ts `ExtensionGlobal`). */
export interface HostGlobal {
  readonly path: string
  readonly async: boolean
}

/**
 * A host answer as a program value; `undefined` (a global that returned nothing) stays undefined.
 * A global's answer may be an envelope carrying functions (`valueWithFunctions`).
 */
const hostValue = (st: JsState, data: DataValue | undefined, fromGlobal = false): Value => {
  if (data === undefined) return undefined
  if (fromGlobal && isResultFunctionsEnvelope(data)) return valueWithFunctions(st, data)
  return copyDataToJs(st, data, "output")
}

/**
 * A global's result that held functions (worker/task.ts, `ResultFunctionsEnvelope`): the data is
 * copied as usual, then a host function goes at each place the host named. The places are in the
 * fresh copy, so they are read and written directly.
 */
function valueWithFunctions(st: JsState, envelope: ResultFunctionsEnvelope): Value {
  const value = hostValue(st, envelope.value)
  for (const { at, handle, async } of envelope[RESULT_FUNCTIONS_KEY]) {
    const key = at[at.length - 1]
    const fn = hostFunction(st.realm, typeof key === "string" ? key : "", handle, async)
    if (key === undefined) return fn // the result is itself a function
    let holder: Value = value
    for (let i = 0; i < at.length - 1 && holder instanceof JsObject; i++) {
      const step = at[i]!
      holder = holder instanceof JsArray && typeof step === "number" ? holder.items[step] : (holder.props.get(String(step)) as Value)
    }
    if (holder instanceof JsArray && typeof key === "number") holder.items[key] = fn
    else if (holder instanceof JsObject) holder.props.set(String(key), fn)
  }
  return value
}

/** Starts one host call; its promise settles when the host answers. */
export function startHostCall(st: JsState, request: HostCall): JsPromise {
  if (st.hostCalls.pending >= st.bounds.maxPendingCalls) {
    throw st.stop("ExecutionFailure", JsMessages.tooManyPendingCalls(st.bounds.maxPendingCalls))
  }
  const promise = newPromise(st)
  const line = st.line
  watchCall(st.watchedCalls, promise, request, line)
  st.hostCalls.start(request, (outcome) => {
    if (outcome.ok) {
      let value: Value
      try {
        value = hostValue(st, outcome.value, request.op === "global")
      } catch (error) {
        if (!(error instanceof DataContractError)) throw error
        st.line = line
        rejectPromise(st, promise, hostFailureError(st, "InvalidToolOutput", error.message))
        return
      }
      resolvePromise(st, promise, value)
    } else {
      st.line = line
      rejectPromise(st, promise, hostFailureError(st, outcome.failure.kind, outcome.failure.message))
    }
  })
  return promise
}

class ToolFunction extends JsFunction {
  /** The namespaces and tools read so far (made on the first read: most `tools` values are never read). */
  private children: Map<string, ToolFunction> | null = null
  constructor(
    private readonly realm: Realm,
    readonly path: string,
  ) {
    super(realm.FunctionPrototype, (st, _t, args) => {
      if (path === "") throw st.typeError(JsMessages.notAFunction("tools"))
      const input = args[0] === undefined ? {} : jsToData(st, args[0], "input")
      return startHostCall(st, { op: "tool", name: path, args: [input] })
    }, path.split(".").pop() ?? "tools", 1, FunctionKind.Plain)
    this.isTool = true
    this.extensible = false
  }
  override own(key: Key): Own {
    if (typeof key !== "string" || key === "then") return super.own(key)
    if (key === "name" || key === "length") return super.own(key)
    let child = this.children?.get(key)
    if (child === undefined) {
      // With the catalog's names known (tool-names.ts), a name no tool has reads as nothing.
      const st = this.realm.st
      const path = st.toolNames === undefined ? (this.path === "" ? key : `${this.path}.${key}`) : st.toolNames.child(this.path, key)
      if (path === undefined) {
        st.lastUnknownToolRead = formatDataPath("tools", [...(this.path === "" ? [] : this.path.split(".")), key], "javascript")
        return super.own(key)
      }
      child = new ToolFunction(this.realm, path)
      this.children ??= new Map()
      this.children.set(key, child)
    }
    return child
  }
  override set(st: JsState): boolean {
    throw st.typeError(JsMessages.toolsReadOnly())
  }
  override ownKeys(): Key[] {
    const names = this.realm.st.toolNames
    return names === undefined ? [] : [...names.names(this.path)]
  }
}

/** The path of a `tools` namespace value (`tools.crm` -> "crm"), or undefined for any other value. */
export const toolNamespacePath = (value: Value): string | undefined => (value instanceof ToolFunction ? value.path : undefined)

/**
 * A call of a name that read as nothing under `tools` (`tools.crm.sendEmail(...)`): the host
 * answers it with `UnknownTool` and its "Did you mean" list (a stop), given here the call's line.
 */
export function callUnknownTool(st: JsState, expression: string, line: number): never {
  try {
    st.host.call({ op: "tool", name: expression.replace(/^tools\.?/, ""), args: [{}] })
  } catch (error) {
    if (error instanceof HostStop && error.diagnostic.location === undefined) throw new HostStop({ ...error.diagnostic, location: { line } })
    throw error
  }
  throw st.typeError(JsMessages.notAFunction(expression), line)
}

/** Calls a synchronous global: blocks on the host, returns its value or throws a catchable Error. */
function callHostNow(st: JsState, request: HostCall): Value {
  let data: DataValue
  try {
    data = st.host.call(request)
  } catch (error) {
    if (error instanceof HostFailure) throw new ThrowSignal(hostFailureError(st, error.kind, error.message))
    throw error
  }
  try {
    return hostValue(st, data, request.op === "global")
  } catch (error) {
    if (!(error instanceof DataContractError)) throw error
    throw new ThrowSignal(hostFailureError(st, "InvalidToolOutput", error.message))
  }
}

/**
 * A host function as a program function: an extension global, or a function inside a global's
 * result (named by its handle). Synchronous ones block and return; asynchronous ones return a promise.
 */
function hostFunction(realm: Realm, name: string, wireName: string, async: boolean): JsFunction {
  const request = (st: JsState, args: Value[]): HostCall => ({ op: "global", name: wireName, args: args.map((a, i) => jsToData(st, a, `args[${i}]`)) })
  return async
    ? realm.builtin(name, 0, (st, _t, args) => startHostCall(st, request(st, args)))
    : realm.builtin(name, 0, (st, _t, args) => callHostNow(st, request(st, args)))
}

/**
 * Defines the globals of one execution: `tools` (which the realm template reserves: see
 * builtins/discovery.ts) and the host's extension globals.
 */
export function installHostGlobals(realm: Realm, globals: ReadonlyArray<HostGlobal>): void {
  realm.defineGlobal("tools", new ToolFunction(realm, ""))
  for (const { path, async } of globals) {
    const parts = path.split(".")
    let target: JsObject = realm.global
    for (let i = 0; i < parts.length - 1; i++) {
      const existing = target.own(parts[i]!)
      if (existing instanceof JsObject) target = existing
      else {
        const created = realm.newObject()
        target.defineOwn(realm.st, parts[i]!, created, target === realm.global ? HIDDEN : 0)
        target = created
      }
    }
    const fn = hostFunction(realm, parts[parts.length - 1]!, path, async)
    // Globals are non-enumerable like the built-ins; members of an object (`fs.readFile`) are
    // enumerable, as a Node module's are.
    target.defineOwn(realm.st, parts[parts.length - 1]!, fn, target === realm.global ? HIDDEN : 0)
  }
}
