/**
 * The constructor-generic half of promises: `NewPromiseCapability(C)`, `PromiseResolve(C, x)`,
 * `SpeciesConstructor(p, %Promise%)` and the combinators `all`, `allSettled`, `any`, `race`.
 *
 * The standard writes every static method of `Promise` against its receiver `C`, not against the
 * intrinsic: `Promise.all.call(MyPromise, ...)` builds its result with `new MyPromise(executor)`,
 * reads `C.resolve` once, and subscribes to each element by a real `then` call, so a subclass, a
 * thenable-making constructor or a patched `then` sees exactly the calls the standard makes, in
 * its order. The intrinsic `%Promise%` keeps a shortcut only where nothing can observe the
 * difference (constructing it runs no program code), so the common case allocates no executor.
 *
 * Iteration follows the iterator record's `[[Done]]` rule: an error from the iterator itself
 * (`next`, `done`, `value`) leaves it alone, any other error closes it (the error from `return`
 * losing to the first), and every error after the capability exists rejects the result instead of
 * throwing. Each combinator's work per element is one `next`, one `C.resolve` and one `then`
 * call, all metered like any call; the number of elements is bounded by what the iterable yields.
 */

import { JsMessages } from "../messages.js"
import { construct } from "../compile/functions.js"
import { DONE, Stepper } from "../runtime/iterate.js"
import { JsFunction, JsObject, isConstructor, type Value } from "../runtime/object.js"
import { getV } from "../runtime/ops.js"
import { type Capability, JsPromise, newCapability, newPromise, resolvePromise } from "../runtime/promise.js"
import type { Realm } from "../runtime/realm.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"

/** NewPromiseCapability(C): `new C(executor)`, keeping the functions the executor was given. */
export function newPromiseCapability(st: JsState, C: Value): Capability {
  if (C === st.realm.Promise) return newCapability(st)
  if (!(C instanceof JsFunction) || !isConstructor(C)) throw st.typeError(`${st.realm.describe(C)} is not a constructor`)
  const given: { resolve: Value; reject: Value } = { resolve: undefined, reject: undefined }
  const executor = st.realm.builtin("", 2, (st2, _t, args) => {
    if (given.resolve !== undefined || given.reject !== undefined) throw st2.typeError("Promise executor has already been invoked with non-undefined arguments")
    given.resolve = args[0]
    given.reject = args[1]
    return undefined
  })
  const promise = construct(st, C, [executor], C, st.line) as JsObject
  const { resolve, reject } = given
  if (!(resolve instanceof JsFunction)) throw st.typeError("Promise resolve function is not callable")
  if (!(reject instanceof JsFunction)) throw st.typeError("Promise reject function is not callable")
  return { promise, resolve, reject }
}

/** PromiseResolve(C, x): `x` itself when it is a promise made by `C`, else a new one resolved with it. */
export function promiseResolveWith(st: JsState, C: JsObject, x: Value): JsObject {
  if (x instanceof JsPromise && x.get(st, "constructor") === C) return x
  if (C === st.realm.Promise) {
    const p = newPromise(st)
    resolvePromise(st, p, x)
    return p
  }
  const cap = newPromiseCapability(st, C)
  st.call(cap.resolve, undefined, [x])
  return cap.promise
}

/** SpeciesConstructor(p, %Promise%). */
export function promiseSpecies(st: JsState, p: JsObject): Value {
  const C = p.get(st, "constructor")
  if (C === undefined) return st.realm.Promise
  if (!(C instanceof JsObject)) throw st.typeError("The promise's constructor is not an object")
  const S = C.get(st, Symbol.species)
  if (S === undefined || S === null) return st.realm.Promise
  if (S instanceof JsFunction && isConstructor(S)) return S
  throw st.typeError("The promise's constructor[Symbol.species] is not a constructor")
}

/** Invoke(v, "then", args). */
export function invokeThen(st: JsState, v: Value, args: Value[]): Value {
  const then = getV(st, v, "then")
  if (!(then instanceof JsFunction)) throw st.typeError(`${st.realm.describe(then)} is not a function (reading 'then')`)
  return st.call(then, v, args)
}

/** What a combinator does with each element and at the end; `index` counts from 0. */
interface Combine {
  element(st: JsState, nextPromise: Value, index: number, cap: Capability): void
  /** The iterator is exhausted; `remaining` was the last count (a settle may have dropped it to 0). */
  finish(st: JsState, cap: Capability): void
}

/**
 * The shared frame of the four combinators: capability, `C.resolve`, the iterator, the loop, and
 * every abrupt completion after the capability exists turned into its rejection.
 */
function runCombinator(st: JsState, C: Value, iterable: Value, make: (cap: Capability) => Combine): Value {
  const cap = newPromiseCapability(st, C)
  const Cobj = C as JsObject
  let stepper: Stepper | undefined
  let exhausted = false
  try {
    const resolveFn = Cobj.get(st, "resolve")
    if (!(resolveFn instanceof JsFunction)) throw st.typeError(`${st.realm.describe(resolveFn)} is not a function (reading 'resolve')`)
    stepper = new Stepper(st, iterable)
    const combine = make(cap)
    for (let index = 0; ; index++) {
      let next: Value | typeof DONE
      try {
        next = stepper.next()
      } catch (error) {
        exhausted = true
        throw error
      }
      if (next === DONE) {
        exhausted = true
        combine.finish(st, cap)
        return cap.promise
      }
      const nextPromise = st.call(resolveFn, C, [next])
      combine.element(st, nextPromise, index, cap)
    }
  } catch (error) {
    if (!(error instanceof ThrowSignal)) throw error
    if (stepper !== undefined && !exhausted) stepper.closeQuietly()
    st.call(cap.reject, undefined, [error.value])
    return cap.promise
  }
}

/** A resolve-element function: called once at most, then it does nothing. */
function once(st: JsState, flag: { called: boolean }, body: (st: JsState, v: Value) => void): JsFunction {
  return st.realm.builtin("", 1, (st2, _t, args) => {
    if (flag.called) return undefined
    flag.called = true
    body(st2, args[0])
    return undefined
  })
}

function collecting(settle: (st: JsState, values: Value[], index: number, v: Value, status: "fulfilled" | "rejected") => void, settled: boolean) {
  return (cap: Capability): Combine => {
    const values: Value[] = []
    const counter = { remaining: 1 }
    const done = (st: JsState) => {
      if (--counter.remaining === 0) st.call(cap.resolve, undefined, [st.realm.newArray(values.slice())])
    }
    return {
      element(st, nextPromise, index) {
        values.push(undefined)
        const flag = { called: false }
        const onFulfilled = once(st, flag, (st2, v) => {
          settle(st2, values, index, v, "fulfilled")
          done(st2)
        })
        const onRejected = settled
          ? once(st, flag, (st2, v) => {
              settle(st2, values, index, v, "rejected")
              done(st2)
            })
          : cap.reject
        counter.remaining++
        invokeThen(st, nextPromise, [onFulfilled, onRejected])
      },
      finish: done,
    }
  }
}

const allCombine = collecting((_st, values, index, v) => {
  values[index] = v
}, false)

const allSettledCombine = collecting((st, values, index, v, status) => {
  const o = st.realm.newObject()
  o.props.set("status", status)
  o.props.set(status === "fulfilled" ? "value" : "reason", v)
  values[index] = o
}, true)

function anyCombine(cap: Capability): Combine {
  const errors: Value[] = []
  const counter = { remaining: 1 }
  const aggregate = (st: JsState) => {
    const e = st.realm.makeError("AggregateError", JsMessages.allRejected(), st.line)
    e.defineOwn(st, "errors", st.realm.newArray(errors.slice()), 2)
    return e
  }
  return {
    element(st, nextPromise, index) {
      errors.push(undefined)
      const onRejected = once(st, { called: false }, (st2, e) => {
        errors[index] = e
        if (--counter.remaining === 0) st2.call(cap.reject, undefined, [aggregate(st2)])
      })
      counter.remaining++
      invokeThen(st, nextPromise, [cap.resolve, onRejected])
    },
    finish(st) {
      if (--counter.remaining === 0) throw new ThrowSignal(aggregate(st))
    },
  }
}

const raceCombine = (): Combine => ({
  element(st, nextPromise, _index, cap) {
    invokeThen(st, nextPromise, [cap.resolve, cap.reject])
  },
  finish() {},
})

export function installPromiseCombinators(realm: Realm, PromiseCtor: JsFunction): void {
  realm.methods(PromiseCtor, {
    all: [1, (st, C, [iterable]) => runCombinator(st, C, iterable, allCombine)],
    allSettled: [1, (st, C, [iterable]) => runCombinator(st, C, iterable, allSettledCombine)],
    any: [1, (st, C, [iterable]) => runCombinator(st, C, iterable, anyCombine)],
    race: [1, (st, C, [iterable]) => runCombinator(st, C, iterable, raceCombine)],
  })
}
