/**
 * `Promise`: the constructor, `then`/`catch`/`finally`, and the statics `resolve`, `reject`,
 * `withResolvers` (the combinators live in promise-capability.ts). Everything goes through the
 * abstract operations of runtime/promise.ts so that callbacks run as jobs in the standard order,
 * and every method is written against its receiver as the standard has it: `then` makes its
 * result with the promise's species, the statics with `this` (promise-capability.ts says why).
 */

import { JsMessages } from "../messages.js"
import { JsFunction, JsObject, type Value } from "../runtime/object.js"
import { JsPromise, performThen, resolvingFunctions } from "../runtime/promise.js"
import type { Realm } from "../runtime/realm.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"
import { installPromiseCombinators, invokeThen, newPromiseCapability, promiseResolveWith, promiseSpecies } from "./promise-capability.js"

const thisPromise = (st: JsState, t: Value, method: string): JsPromise => {
  if (t instanceof JsPromise) return t
  throw st.typeError(`Method Promise.prototype.${method} called on incompatible receiver ${st.realm.describe(t)}`)
}

const thisConstructor = (st: JsState, t: Value, method: string): JsObject => {
  if (t instanceof JsObject) return t
  throw st.typeError(`PromiseResolve called on non-object (Promise.${method})`)
}

export function installPromise(realm: Realm): void {
  const PP = realm.PromisePrototype
  const PromiseCtor = realm.constructorFunction(
    "Promise",
    1,
    (st, _t, [executor], newTarget) => {
      if (newTarget === undefined) throw st.typeError("Promise constructor cannot be invoked without 'new'")
      if (!(executor instanceof JsFunction)) throw st.typeError(JsMessages.resolverNotCallable(st.realm.describe(executor)))
      const p = new JsPromise(st.realm.PromisePrototype)
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
  realm.getter(PromiseCtor, Symbol.species, (_st, t) => t)

  realm.methods(PP, {
    then: [2, (st, t, [onFulfilled, onRejected]) => {
      const p = thisPromise(st, t, "then")
      const cap = newPromiseCapability(st, promiseSpecies(st, p))
      performThen(st, p, onFulfilled, onRejected, cap)
      return cap.promise
    }],
    catch: [1, (st, t, [onRejected]) => invokeThen(st, t, [undefined, onRejected])],
    finally: [1, (st, t, [onFinally]) => {
      if (!(t instanceof JsObject)) throw st.typeError(`Method Promise.prototype.finally called on incompatible receiver ${st.realm.describe(t)}`)
      const C = promiseSpecies(st, t) as JsObject
      if (!(onFinally instanceof JsFunction)) return invokeThen(st, t, [onFinally, onFinally])
      const thenFinally = st.realm.builtin("", 1, (st2, _t, [value]) => {
        const p = promiseResolveWith(st2, C, st2.call(onFinally, undefined, []))
        return invokeThen(st2, p, [st2.realm.builtin("", 0, () => value)])
      })
      const catchFinally = st.realm.builtin("", 1, (st2, _t, [reason]) => {
        const p = promiseResolveWith(st2, C, st2.call(onFinally, undefined, []))
        return invokeThen(st2, p, [st2.realm.builtin("", 0, () => {
          throw new ThrowSignal(reason)
        })])
      })
      return invokeThen(st, t, [thenFinally, catchFinally])
    }],
  })

  realm.methods(PromiseCtor, {
    resolve: [1, (st, t, [v]) => promiseResolveWith(st, thisConstructor(st, t, "resolve"), v)],
    reject: [1, (st, t, [reason]) => {
      const cap = newPromiseCapability(st, t)
      st.call(cap.reject, undefined, [reason])
      return cap.promise
    }],
    withResolvers: [0, (st, t) => {
      const cap = newPromiseCapability(st, t)
      const o = st.realm.newObject()
      o.props.set("promise", cap.promise)
      o.props.set("resolve", cap.resolve)
      o.props.set("reject", cap.reject)
      return o
    }],
  })
  installPromiseCombinators(realm, PromiseCtor)
}
