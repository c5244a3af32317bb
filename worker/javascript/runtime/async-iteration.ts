/**
 * The async iteration protocol: what `for await` and `yield*` in an async generator consume.
 *
 * `getAsyncIterator` prefers `[Symbol.asyncIterator]()`; an object with only `[Symbol.iterator]`
 * (an array of promises, a generator) is wrapped in an `AsyncFromSyncIterator`, whose
 * `next`/`return`/`throw` (on the realm's %AsyncFromSyncIteratorPrototype%, builtins/generator.ts)
 * step the sync iterator and return a promise that settles once the step's value has settled.
 * That wrapper is never handed to the program, but it is an ordinary iterator object so the
 * consumers need no special case, and its promise steps are the specification's, so microtask
 * order matches Node's tick for tick.
 *
 * Node 20 follows the 2022 text here: a rejected value does not close the sync iterator, and
 * `throw()` on a sync iterator without `throw` rejects with the thrown value. We do the same.
 */

import { JsMessages } from "../messages.js"
import { JsFunction, JsObject, type Value } from "./object.js"
import { getV, truthy } from "./ops.js"
import { newPromise, promiseResolve, rejectPromise, resolvePromise, whenSettled, type JsPromise } from "./promise.js"
import { ThrowSignal, type JsState } from "./state.js"
import { iterResult } from "./iterate.js"

/** CreateAsyncFromSyncIterator's object: a sync iterator seen through promises. */
export class AsyncFromSyncIterator extends JsObject {
  constructor(
    proto: JsObject,
    readonly iterator: JsObject,
    readonly nextMethod: Value,
  ) {
    super(proto)
  }
}

/**
 * GetIterator(obj, async). `text` is how `for await` names its operand in V8's message
 * ("x is not async iterable"); `yield*` passes null and gets V8's wording for it.
 */
export function getAsyncIterator(st: JsState, v: Value, text: string | null): JsObject {
  if (v === undefined || v === null) throw st.typeError(JsMessages.readProperty(String(v), "Symbol(Symbol.asyncIterator)"))
  const method = getV(st, v, Symbol.asyncIterator)
  if (method === undefined || method === null) {
    const syncMethod = getV(st, v, Symbol.iterator)
    if (!(syncMethod instanceof JsFunction)) throw st.typeError(text === null ? JsMessages.notAFunction("undefined") : `${text} is not async iterable`)
    const iterator = syncMethod.impl(st, v, [], undefined)
    if (!(iterator instanceof JsObject)) throw st.typeError("Result of the Symbol.iterator method is not an object")
    return new AsyncFromSyncIterator(st.realm.AsyncFromSyncIteratorPrototype, iterator, getV(st, iterator, "next"))
  }
  if (!(method instanceof JsFunction)) throw st.typeError(JsMessages.notAFunction(describe(st, method)))
  const iterator = method.impl(st, v, [], undefined)
  if (!(iterator instanceof JsObject)) throw st.typeError("Result of the Symbol.asyncIterator method is not an object")
  return iterator
}

const describe = (st: JsState, v: Value): string => (v instanceof JsFunction ? v.fname || "function" : st.realm.describe(v))

/** The result of a sync step becomes a promise for `{ value: await value, done }`. */
function continuation(st: JsState, result: Value, promise: JsPromise): JsPromise {
  if (!(result instanceof JsObject)) {
    rejectPromise(st, promise, st.realm.makeError("TypeError", `Iterator result ${st.realm.describe(result)} is not an object`, st.line))
    return promise
  }
  let done: boolean
  let wrapper: JsPromise
  try {
    done = truthy(result.get(st, "done"))
    wrapper = promiseResolve(st, result.get(st, "value"))
  } catch (error) {
    if (!(error instanceof ThrowSignal)) throw error
    rejectPromise(st, promise, error.value)
    return promise
  }
  whenSettled(
    st,
    wrapper,
    (v) => resolvePromise(st, promise, iterResult(st, v, done)),
    (e) => rejectPromise(st, promise, e),
  )
  return promise
}

type Mode = "next" | "return" | "throw"

/** %AsyncFromSyncIteratorPrototype%.next / return / throw. */
export function asyncFromSyncStep(st: JsState, self: Value, mode: Mode, args: Value[]): JsPromise {
  const promise = newPromise(st)
  if (!(self instanceof AsyncFromSyncIterator)) {
    rejectPromise(st, promise, st.realm.makeError("TypeError", JsMessages.incompatibleReceiver(mode, st.realm.describe(self)), st.line))
    return promise
  }
  const passed = args.length > 0 ? [args[0]] : []
  let result: Value
  try {
    if (mode === "next") result = st.call(self.nextMethod, self.iterator, passed)
    else {
      const method = self.iterator.get(st, mode)
      if (method === undefined || method === null) {
        if (mode === "return") resolvePromise(st, promise, iterResult(st, args[0], true))
        else rejectPromise(st, promise, args[0])
        return promise
      }
      result = st.call(method, self.iterator, passed)
    }
  } catch (error) {
    if (!(error instanceof ThrowSignal)) throw error
    rejectPromise(st, promise, error.value)
    return promise
  }
  return continuation(st, result, promise)
}
