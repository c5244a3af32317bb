/**
 * `Promise`: the constructor, `then`/`catch`/`finally`, and the combinators `resolve`, `reject`,
 * `all`, `allSettled`, `race`, `any`, `withResolvers`. Everything goes through the abstract
 * operations of runtime/promise.ts so that callbacks run as jobs in the standard order.
 */

import { JsMessages } from "../runtime/../messages.js"
import { JsFunction, JsObject, type Value } from "../runtime/object.js"
import { iterableToList } from "../runtime/iterate.js"
import {
  JsPromise,
  newCapability,
  performThen,
  promiseResolve,
  rejectPromise,
  resolvePromise,
  resolvingFunctions,
  whenSettled,
} from "../runtime/promise.js"
import type { Realm } from "../runtime/realm.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"

const thisPromise = (st: JsState, t: Value, method: string): JsPromise => {
  if (t instanceof JsPromise) return t
  throw st.typeError(`Method Promise.prototype.${method} called on incompatible receiver ${st.realm.describe(t)}`)
}

/** Runs `body` for a combinator, turning a synchronous throw into a rejection. */
function combinator(st: JsState, body: (cap: ReturnType<typeof newCapability>) => void): JsPromise {
  const cap = newCapability(st)
  try {
    body(cap)
  } catch (error) {
    if (!(error instanceof ThrowSignal)) throw error
    rejectPromise(st, cap.promise, error.value)
  }
  return cap.promise
}

export function installPromise(realm: Realm): void {
  const PP = realm.PromisePrototype
  const PromiseCtor = realm.constructorFunction(
    "Promise",
    1,
    (st, _t, [executor], newTarget) => {
      if (newTarget === undefined) throw st.typeError("Promise constructor cannot be invoked without 'new'")
      if (!(executor instanceof JsFunction)) throw st.typeError(JsMessages.resolverNotCallable(st.realm.describe(executor)))
      const p = new JsPromise(PP)
      const proto = newTarget.get(st, "prototype")
      if (proto instanceof JsObject) p.proto = proto
      const [resolve, reject] = resolvingFunctions(st, p)
      const depth = st.depth
      try {
        executor.impl(st, undefined, [resolve, reject], undefined)
      } catch (error) {
        if (!(error instanceof ThrowSignal)) throw error
        st.depth = depth
        reject.impl(st, undefined, [error.value], undefined)
      }
      return p
    },
    PP,
  )
  realm.Promise = PromiseCtor
  realm.defineGlobal("Promise", PromiseCtor)
  PP.defineOwn(realm.st, Symbol.toStringTag, "Promise", 3)

  realm.methods(PP, {
    then: [2, (st, t, [onFulfilled, onRejected]) => {
      const p = thisPromise(st, t, "then")
      const cap = newCapability(st)
      performThen(st, p, onFulfilled, onRejected, cap)
      return cap.promise
    }],
    catch: [1, (st, t, [onRejected]) => st.call(getThen(st, t), t, [undefined, onRejected])],
    finally: [1, (st, t, [onFinally]) => {
      if (!(onFinally instanceof JsFunction)) return st.call(getThen(st, t), t, [onFinally, onFinally])
      const thenFinally = st.realm.builtin("", 1, (st2, _t, [value]) => {
        const r = st2.call(onFinally, undefined, [])
        const p = promiseResolve(st2, r)
        return st2.call(getThen(st2, p), p, [st2.realm.builtin("", 0, () => value)])
      })
      const catchFinally = st.realm.builtin("", 1, (st2, _t, [reason]) => {
        const r = st2.call(onFinally, undefined, [])
        const p = promiseResolve(st2, r)
        return st2.call(getThen(st2, p), p, [
          st2.realm.builtin("", 0, (st3) => {
            throw new ThrowSignal(reason)
            void st3
          }),
        ])
      })
      return st.call(getThen(st, t), t, [thenFinally, catchFinally])
    }],
  })

  realm.methods(PromiseCtor, {
    resolve: [1, (st, _t, [v]) => promiseResolve(st, v)],
    reject: [1, (st, _t, [reason]) => {
      const cap = newCapability(st)
      rejectPromise(st, cap.promise, reason)
      return cap.promise
    }],
    withResolvers: [0, (st) => {
      const cap = newCapability(st)
      const o = st.realm.newObject()
      o.props.set("promise", cap.promise)
      o.props.set("resolve", cap.resolve)
      o.props.set("reject", cap.reject)
      return o
    }],
    all: [1, (st, _t, [iterable]) =>
      combinator(st, (cap) => {
        const items = iterableToList(st, iterable)
        const values: Value[] = new Array(items.length).fill(undefined)
        let remaining = items.length
        if (remaining === 0) resolvePromise(st, cap.promise, st.realm.newArray([]))
        items.forEach((item, i) => {
          let done = false
          subscribe(st, item, (v) => {
            if (done) return
            done = true
            values[i] = v
            if (--remaining === 0) resolvePromise(st, cap.promise, st.realm.newArray(values))
          }, (e) => rejectPromise(st, cap.promise, e))
        })
      })],
    allSettled: [1, (st, _t, [iterable]) =>
      combinator(st, (cap) => {
        const items = iterableToList(st, iterable)
        const values: Value[] = new Array(items.length).fill(undefined)
        let remaining = items.length
        if (remaining === 0) resolvePromise(st, cap.promise, st.realm.newArray([]))
        const settle = (i: number, status: string, key: string, v: Value) => {
          const o = st.realm.newObject()
          o.props.set("status", status)
          o.props.set(key, v)
          values[i] = o
          if (--remaining === 0) resolvePromise(st, cap.promise, st.realm.newArray(values))
        }
        items.forEach((item, i) => {
          let done = false
          subscribe(st, item, (v) => {
            if (!done) settle(i, "fulfilled", "value", v)
            done = true
          }, (e) => {
            if (!done) settle(i, "rejected", "reason", e)
            done = true
          })
        })
      })],
    race: [1, (st, _t, [iterable]) =>
      combinator(st, (cap) => {
        for (const item of iterableToList(st, iterable)) {
          subscribe(st, item, (v) => resolvePromise(st, cap.promise, v), (e) => rejectPromise(st, cap.promise, e))
        }
      })],
    any: [1, (st, _t, [iterable]) =>
      combinator(st, (cap) => {
        const items = iterableToList(st, iterable)
        const errors: Value[] = new Array(items.length).fill(undefined)
        let remaining = items.length
        const fail = () => {
          const e = st.realm.makeError("AggregateError", JsMessages.allRejected(), st.line)
          e.defineOwn(st, "errors", st.realm.newArray(errors), 2)
          rejectPromise(st, cap.promise, e)
        }
        if (remaining === 0) fail()
        items.forEach((item, i) => {
          subscribe(st, item, (v) => resolvePromise(st, cap.promise, v), (e) => {
            errors[i] = e
            if (--remaining === 0) fail()
          })
        })
      })],
  })
}

const getThen = (st: JsState, p: Value): Value => {
  const then = p instanceof JsObject ? p.get(st, "then") : undefined
  if (!(then instanceof JsFunction)) throw st.typeError("then is not a function")
  return then
}

/**
 * `Promise.resolve(item).then(onFulfilled, onRejected)` as the combinators do it: for our own
 * promises with the intrinsic `then`, an internal reaction (same job order, no extra objects);
 * for anything else, a real call of `then` with program functions.
 */
function subscribe(st: JsState, item: Value, fulfilled: (v: Value) => void, rejected: (e: Value) => void): void {
  const p = promiseResolve(st, item)
  const then = p.get(st, "then")
  if (then === st.realm.PromisePrototype.own("then") && p.proto === st.realm.PromisePrototype) {
    const cap = newCapability(st)
    performThen(st, p, st.realm.builtin("", 1, (_s, _t, [v]) => (fulfilled(v), undefined)), st.realm.builtin("", 1, (_s, _t, [e]) => (rejected(e), undefined)), cap)
    return
  }
  st.call(then, p, [st.realm.builtin("", 1, (_s, _t, [v]) => (fulfilled(v), undefined)), st.realm.builtin("", 1, (_s, _t, [e]) => (rejected(e), undefined))])
  void whenSettled
}
