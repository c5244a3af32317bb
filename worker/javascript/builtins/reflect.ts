/**
 * `Reflect`: the language's internal object operations as functions.
 *
 * Reflect is dangerous in an engine that hands programs host objects or proxies, because it
 * exposes the raw internal methods of whatever it is given. Here it is given only what a program
 * already holds — our own `JsObject`s — and each method is a thin wrapper over the operation the
 * language itself performs: `get`/`set` are `JsObject.get`/`set` (what `o.k` and `o.k = v` run),
 * `has` is the `in` operator's `has`, `deleteProperty` the `delete` operator's `deleteOwn`,
 * `construct` is `new` (compile/functions.ts `construct`), and the descriptor, key and prototype
 * methods are the helpers `Object.*` uses (builtins/object.ts). So Reflect reaches nothing a
 * program could not reach with syntax and `Object.*`: `Reflect.construct(Function, ...)` meets
 * the same refusal as `new Function`, a builtin applied to a hostile receiver checks it as it does
 * under `call`, and `Reflect.ownKeys(globalThis)` lists the program's globals only.
 *
 * What differs from `Object.*` is only the protocol: every method demands an object target (no
 * boxing), and `defineProperty`, `set`, `setPrototypeOf`, `deleteProperty` and
 * `preventExtensions` report refusal as `false` where the operators and `Object.*` throw.
 */

import { construct } from "../compile/functions.js"
import { ABSENT, Accessor, isConstructor, JsFunction, JsObject, type Key, type Value } from "../runtime/object.js"
import { toPropertyKey } from "../runtime/ops.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { listFromArrayLike } from "./function.js"
import { allOwnKeys, changePrototype, defineFromDescriptor, descriptorObject, objectArg, plainText, prototypeArg } from "./object.js"

/** V8's wording when `Reflect.apply` is given something it cannot call. */
const notCallable = (st: JsState, v: Value): string => {
  const kind = v === null ? "null" : v instanceof JsObject ? "an object" : `a ${typeof v}`
  return `Function.prototype.apply was called on ${plainText(st, v)}, which is ${kind} and not a function`
}

/** The argument list of `apply` and `construct`: unlike `Function.prototype.apply`, it must be an object. */
const argumentList = (st: JsState, v: Value): Value[] => {
  if (!(v instanceof JsObject)) throw st.typeError("CreateListFromArrayLike called on non-object")
  return listFromArrayLike(st, v)
}

/**
 * `JsObject.get`/`set` take their receiver as a default parameter, so an explicit `undefined`
 * receiver would become the target itself. Reflect is the one caller that can pass `undefined`
 * on purpose; for it, the property is found here and only an accessor sees the receiver.
 */
const inherited = (o: JsObject, key: Key): { readonly owner: JsObject; readonly own: Value | Accessor } | null => {
  for (let p: JsObject | null = o; p !== null; p = p.proto) {
    const own = p.own(key)
    if (own !== ABSENT) return { owner: p, own }
  }
  return null
}

function getWithUndefinedReceiver(st: JsState, o: JsObject, key: Key): Value {
  const found = inherited(o, key)
  if (found === null) return undefined
  if (!(found.own instanceof Accessor)) return found.own
  return found.own.getter === undefined ? undefined : st.call(found.own.getter, undefined, [])
}

/** OrdinarySet with a receiver that is not an object: only a setter can accept the value. */
function setWithUndefinedReceiver(st: JsState, o: JsObject, key: Key, value: Value): boolean {
  const found = inherited(o, key)
  if (found === null || !(found.own instanceof Accessor) || found.own.setter === undefined) return false
  st.call(found.own.setter, undefined, [value])
  return true
}

export function installReflect(realm: Realm): void {
  const R = realm.namespace("Reflect")
  realm.defineGlobal("Reflect", R)
  realm.methods(R, {
    defineProperty: [3, (st, _t, [target, key, attributes]) => {
      const o = objectArg(st, target, "Reflect.defineProperty")
      return defineFromDescriptor(st, o, toPropertyKey(st, key), attributes, false)
    }],
    deleteProperty: [2, (st, _t, [target, key]) => objectArg(st, target, "Reflect.deleteProperty").deleteOwn(toPropertyKey(st, key))],
    apply: [3, (st, _t, [target, thisArg, args]) => {
      if (!(target instanceof JsFunction)) throw st.typeError(notCallable(st, target))
      return st.call(target, thisArg, argumentList(st, args))
    }],
    construct: [2, (st, _t, args) => {
      const target = args[0]
      const newTarget = args.length > 2 ? args[2] : target
      if (!(target instanceof JsFunction) || !isConstructor(target)) throw st.typeError(`${st.realm.describe(target)} is not a constructor`)
      if (!(newTarget instanceof JsFunction) || !isConstructor(newTarget)) throw st.typeError(`${st.realm.describe(newTarget)} is not a constructor`)
      return construct(st, target, argumentList(st, args[1]), newTarget, st.line)
    }],
    get: [2, (st, _t, args) => {
      const o = objectArg(st, args[0], "Reflect.get")
      const key = toPropertyKey(st, args[1])
      if (args.length > 2 && args[2] === undefined) return getWithUndefinedReceiver(st, o, key)
      return o.get(st, key, args.length > 2 ? args[2] : o)
    }],
    getOwnPropertyDescriptor: [2, (st, _t, [target, key]) =>
      descriptorObject(st, objectArg(st, target, "Reflect.getOwnPropertyDescriptor"), toPropertyKey(st, key))],
    getPrototypeOf: [1, (st, _t, [target]) => objectArg(st, target, "Reflect.getPrototypeOf").proto],
    has: [2, (st, _t, [target, key]) => objectArg(st, target, "Reflect.has").has(toPropertyKey(st, key))],
    isExtensible: [1, (st, _t, [target]) => objectArg(st, target, "Reflect.isExtensible").extensible],
    ownKeys: [1, (st, _t, [target]) => {
      const keys = allOwnKeys(objectArg(st, target, "Reflect.ownKeys"))
      st.charge(keys.length)
      return st.realm.newArray(keys)
    }],
    preventExtensions: [1, (st, _t, [target]) => {
      objectArg(st, target, "Reflect.preventExtensions").preventExtensions()
      return true
    }],
    set: [3, (st, _t, args) => {
      const o = objectArg(st, args[0], "Reflect.set")
      const key = toPropertyKey(st, args[1])
      if (args.length > 3 && args[3] === undefined) return setWithUndefinedReceiver(st, o, key, args[2])
      return o.set(st, key, args[2], args.length > 3 ? args[3] : o)
    }],
    setPrototypeOf: [2, (st, _t, [target, proto]) => {
      const o = objectArg(st, target, "Reflect.setPrototypeOf")
      return changePrototype(st, o, prototypeArg(st, proto)) === null
    }],
  })
}
