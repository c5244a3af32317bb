/**
 * Promises and the machinery of `await`, following the specification's abstract operations so
 * that microtask order matches Node exactly (then-callbacks, `await`, thenables, combinators).
 *
 * A `JsPromise` holds its state and its reactions. A reaction is either a program handler pair
 * with a derived promise (from `then`), or an internal pair of host callbacks (from `await` and
 * the async-function driver), which saves allocating program functions on every `await` without
 * changing the order of anything: both kinds are enqueued as one job when the promise settles.
 *
 * Async functions run as host generators (compile/resumable.ts): the body yields an
 * `AwaitRequest` at each `await`; `runAsync` steps the generator, and resumes it from a job once
 * the awaited promise settles — the same single-tick `await` V8 implements.
 *
 * Unhandled rejections: a promise rejected with no reaction is remembered; attaching a handler
 * later forgets it. What is left at the end of the execution becomes a warning.
 */

import { JsMessages } from "../messages.js"
import { type JsError, JsFunction, JsObject, FunctionKind, type Value } from "./object.js"
import { ThrowSignal, type JsState } from "./state.js"

const PENDING = 0
const FULFILLED = 1
const REJECTED = 2

interface Reaction {
  readonly onFulfilled: Value
  readonly onRejected: Value
  /** The derived promise's resolving functions; null for `await`-style internal reactions. */
  readonly derived: Capability | null
  readonly internalFulfilled: ((v: Value) => void) | null
  readonly internalRejected: ((v: Value) => void) | null
}

export interface Capability {
  readonly promise: JsObject
  readonly resolve: Value
  readonly reject: Value
}

export class JsPromise extends JsObject {
  state = PENDING
  value: Value = undefined
  reactions: Reaction[] | null = []
  handled = false
  override get className(): string {
    return "Promise"
  }
  get settled(): boolean {
    return this.state !== PENDING
  }
  get rejected(): boolean {
    return this.state === REJECTED
  }
}

/** What a resumable body yields at an `await`. */
export class AwaitRequest {
  constructor(readonly value: Value) {}
}

export const newPromise = (st: JsState): JsPromise => new JsPromise(st.realm.PromisePrototype)

export function fulfillPromise(st: JsState, p: JsPromise, value: Value): void {
  if (p.state !== PENDING) return
  const reactions = p.reactions!
  p.state = FULFILLED
  p.value = value
  p.reactions = null
  for (const r of reactions) enqueueReaction(st, r, FULFILLED, value)
}

export function rejectPromise(st: JsState, p: JsPromise, reason: Value): void {
  if (p.state !== PENDING) return
  const reactions = p.reactions!
  p.state = REJECTED
  p.value = reason
  p.reactions = null
  if (!p.handled) st.unhandledRejections.add(p)
  for (const r of reactions) enqueueReaction(st, r, REJECTED, reason)
}

/** The promise resolve function's steps: adopts thenables through a job, as the spec does. */
export function resolvePromise(st: JsState, p: JsPromise, resolution: Value): void {
  if (p.state !== PENDING) return
  if (resolution === p) {
    rejectPromise(st, p, st.realm.makeError("TypeError", JsMessages.promiseSelf(), st.line))
    return
  }
  if (!(resolution instanceof JsObject)) {
    fulfillPromise(st, p, resolution)
    return
  }
  let then: Value
  try {
    then = resolution.get(st, "then")
  } catch (error) {
    if (error instanceof ThrowSignal) {
      rejectPromise(st, p, error.value)
      return
    }
    throw error
  }
  if (!(then instanceof JsFunction)) {
    fulfillPromise(st, p, resolution)
    return
  }
  st.enqueue(() => {
    const [resolve, reject] = resolvingFunctions(st, p)
    try {
      then.impl(st, resolution, [resolve, reject], undefined)
    } catch (error) {
      if (!(error instanceof ThrowSignal)) throw error
      st.call(reject, undefined, [error.value])
    }
  })
}

/** A `resolve`/`reject` pair for `p` sharing one "already resolved" flag. */
export function resolvingFunctions(st: JsState, p: JsPromise): [JsFunction, JsFunction] {
  let done = false
  const resolve = st.realm.builtin("", 1, (st2, _t, args) => {
    if (done) return undefined
    done = true
    resolvePromise(st2, p, args[0])
    return undefined
  })
  const reject = st.realm.builtin("", 1, (st2, _t, args) => {
    if (done) return undefined
    done = true
    rejectPromise(st2, p, args[0])
    return undefined
  })
  return [resolve, reject]
}

function enqueueReaction(st: JsState, r: Reaction, state: number, argument: Value): void {
  st.enqueue(() => runReaction(st, r, state, argument))
}

function runReaction(st: JsState, r: Reaction, state: number, argument: Value): void {
  if (r.derived === null) {
    if (state === FULFILLED) r.internalFulfilled!(argument)
    else r.internalRejected!(argument)
    return
  }
  const handler = state === FULFILLED ? r.onFulfilled : r.onRejected
  let result: Value
  if (!(handler instanceof JsFunction)) {
    result = argument
    st.call(state === FULFILLED ? r.derived.resolve : r.derived.reject, undefined, [result])
    return
  }
  try {
    result = handler.impl(st, undefined, [argument], undefined)
  } catch (error) {
    if (!(error instanceof ThrowSignal)) throw error
    st.call(r.derived.reject, undefined, [error.value])
    return
  }
  st.call(r.derived.resolve, undefined, [result])
}

function addReaction(st: JsState, p: JsPromise, r: Reaction): void {
  if (p.state === PENDING) p.reactions!.push(r)
  else {
    if (p.state === REJECTED && !p.handled) st.unhandledRejections.delete(p)
    enqueueReaction(st, r, p.state, p.value)
  }
  p.handled = true
}

/** PerformPromiseThen with program handlers and a derived capability. */
export function performThen(st: JsState, p: JsPromise, onFulfilled: Value, onRejected: Value, derived: Capability): void {
  addReaction(st, p, { onFulfilled, onRejected, derived, internalFulfilled: null, internalRejected: null })
}

/** A reaction with host callbacks (await, combinators' internals). */
export function whenSettled(st: JsState, p: JsPromise, fulfilled: (v: Value) => void, rejected: (v: Value) => void): void {
  addReaction(st, p, { onFulfilled: undefined, onRejected: undefined, derived: null, internalFulfilled: fulfilled, internalRejected: rejected })
}

/** PromiseResolve(%Promise%, v): our own promise as it is, anything else wrapped. */
export function promiseResolve(st: JsState, v: Value): JsPromise {
  if (v instanceof JsPromise && v.proto === st.realm.PromisePrototype && v.get(st, "constructor") === st.realm.Promise) return v
  const p = newPromise(st)
  resolvePromise(st, p, v)
  return p
}

/** NewPromiseCapability(%Promise%) as a plain capability. */
export function newCapability(st: JsState): Capability & { promise: JsPromise } {
  const promise = newPromise(st)
  const [resolve, reject] = resolvingFunctions(st, promise)
  return { promise, resolve, reject }
}

/**
 * Runs a resumable body (a host generator) as an async function: steps it until it yields an
 * `AwaitRequest`, resumes it from a job when the awaited value settles, and settles the returned
 * promise with the body's completion.
 */
export function runAsync(st: JsState, body: Generator<unknown, Value, Value>): JsPromise {
  const promise = newPromise(st)
  const step = (throwing: boolean, arg: Value): void => {
    const depth = st.depth
    const base = st.resumeBase
    st.resumeBase = depth
    let r: IteratorResult<unknown, Value>
    try {
      r = throwing ? body.throw(new ThrowSignal(arg)) : body.next(arg)
    } catch (error) {
      if (!(error instanceof ThrowSignal)) throw error
      st.depth = depth
      rejectPromise(st, promise, error.value)
      return
    } finally {
      st.resumeBase = base
    }
    if (r.done) {
      resolvePromise(st, promise, r.value)
      return
    }
    const awaited = promiseResolve(st, (r.value as AwaitRequest).value)
    whenSettled(
      st,
      awaited,
      (v) => step(false, v),
      (e) => step(true, e),
    )
  }
  step(false, undefined)
  return promise
}

/** A rejected promise for a failed host call, keeping the host's diagnostic kind on the error. */
export function hostFailureError(st: JsState, kind: string, message: string): JsError {
  const e = st.realm.makeError("Error", message, st.line)
  e.hostKind = kind
  return e
}

export { FunctionKind }
