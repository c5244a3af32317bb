/**
 * `structuredClone`: the HTML standard's structured serialization, as V8 (and so Node) performs
 * it, done directly from program values to new program values.
 *
 * What is copied: primitives (not symbols); plain objects and class instances (as plain objects:
 * own enumerable string keys, read with [[Get]], so getters run and their values are copied);
 * arrays, with their extra named properties; `Map`, `Set` (and their subclasses, as the base
 * class); `Date`; boxed primitives; `Uint8Array`; errors (the prototype named by `name` if it is
 * one of the seven standard ones, else `Error`; own `message`, `stack` and `cause`). Identity is
 * kept: an object met twice is cloned once, so shared references and cycles survive.
 *
 * What refuses with a `DataCloneError` DOMException: functions, symbols, promises, weak
 * collections, generators and built-in iterators — as in Node. Web objects (a `URL`, a
 * `TextEncoder`) have no own properties and clone as `{}`, also as in Node. The `transfer` option
 * is ignored: there is nothing transferable.
 *
 * Costs: one unit of fuel per object and per property; the recursion depth is bounded like
 * `JSON.stringify`'s, so a deeply nested value is a RangeError, not a host stack overflow.
 */

import { ABSENT, Accessor, arrayIndex, JsBoxed, JsDate, JsError, JsFunction, JsMap, JsObject, JsSet, HIDDEN, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { JsIterator } from "../runtime/iterate.js"
import { JsPromise } from "../runtime/promise.js"
import { JsGenerator } from "../runtime/generator.js"
import { toStr } from "../runtime/ops.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { bytesOf, checkBytes, isUint8Array } from "./web-bytes.js"
import { WebMessages, builtinPrototype, domException } from "./web-common.js"
import { enumerableKeys } from "./object.js"

const ERROR_NAMES = new Set(["Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError"])

const inheritsFrom = (o: JsObject, proto: JsObject | null): boolean => {
  if (proto === null) return false
  for (let p = o.proto; p !== null; p = p.proto) if (p === proto) return true
  return false
}

/** WeakMap and WeakSet share the classes of Map and Set; their prototype tells them apart. */
const isWeak = (st: JsState, v: Value): boolean =>
  (v instanceof JsMap && inheritsFrom(v, builtinPrototype(st.realm, "WeakMap"))) || (v instanceof JsSet && inheritsFrom(v, builtinPrototype(st.realm, "WeakSet")))

/** How V8 names a value it refuses to clone. */
function refusedName(st: JsState, v: Value): string {
  if (typeof v === "symbol") return v.toString()
  if (v instanceof JsFunction) return toSourceText(st, v)
  if (v instanceof JsGenerator) return "[object Generator]"
  if (isWeak(st, v)) return v instanceof JsMap ? "#<WeakMap>" : "#<WeakSet>"
  if (v instanceof JsPromise) return "#<Promise>"
  return "#<Object>"
}

const toSourceText = (st: JsState, fn: JsFunction): string => {
  const toString = st.realm.FunctionPrototype.get(st, "toString")
  const text = toString instanceof JsFunction ? st.call(toString, fn, []) : undefined
  return typeof text === "string" ? text : `function ${fn.fname}() { [native code] }`
}

export function structuredCloneValue(st: JsState, value: Value): Value {
  const memory = new Map<JsObject, JsObject>()
  const maxDepth = st.bounds.maxDataDepth * 4
  let depth = 0

  const refuse = (v: Value) => domException(st, "DataCloneError", WebMessages.notCloneable(refusedName(st, v)))

  const copyProperties = (from: JsObject, to: JsObject, keys: string[]): void => {
    for (const key of keys) {
      st.charge(1)
      to.set(st, key, clone(from.get(st, key)))
    }
  }

  const clone = (v: Value): Value => {
    if (typeof v === "symbol") throw refuse(v)
    if (!(v instanceof JsObject)) return v
    const known = memory.get(v)
    if (known !== undefined) return known
    if (v instanceof JsFunction || v instanceof JsPromise || v instanceof JsGenerator || v instanceof JsIterator) throw refuse(v)
    if (isWeak(st, v)) throw refuse(v)
    if (++depth > maxDepth) throw st.rangeError("Maximum call stack size exceeded")
    st.charge(1)
    let out: JsObject
    if (v instanceof JsArray && v.className === "Array") {
      const copy = st.realm.newArray([])
      memory.set(v, (out = copy))
      const elements = v.list(st)
      for (const item of elements) copy.items.push(clone(item))
      copyProperties(v, copy, enumerableKeys(v).filter((k) => arrayIndex(k) < 0))
    } else if (v instanceof JsMap) {
      const copy = new JsMap(builtinPrototype(st.realm, "Map"))
      memory.set(v, (out = copy))
      for (const [k, x] of [...v.data]) copy.data.set(clone(k), clone(x))
      st.charge(v.data.size)
    } else if (v instanceof JsSet) {
      const copy = new JsSet(builtinPrototype(st.realm, "Set"))
      memory.set(v, (out = copy))
      for (const x of [...v.data]) copy.data.add(clone(x))
      st.charge(v.data.size)
    } else if (v instanceof JsDate) {
      memory.set(v, (out = new JsDate(builtinPrototype(st.realm, "Date"), v.time)))
    } else if (v instanceof JsBoxed) {
      if (typeof v.primitive === "symbol") throw refuse(v.primitive)
      memory.set(v, (out = new JsBoxed(st.realm.protoOf(v.primitive as Value), v.primitive)))
    } else if (isUint8Array(v)) {
      checkBytes(st, v.data.length)
      memory.set(v, (out = bytesOf(st, v.data.slice())))
    } else if (v instanceof JsError) {
      out = cloneError(v)
    } else {
      out = st.realm.newObject()
      memory.set(v, out)
      copyProperties(v, out, enumerableKeys(v))
    }
    depth--
    return out
  }

  const cloneError = (v: JsError): JsError => {
    const name = v.get(st, "name")
    const proto = st.realm.errorPrototype(typeof name === "string" && ERROR_NAMES.has(name) ? name : "Error")
    const copy = new JsError(proto)
    copy.line = v.line
    memory.set(v, copy)
    const stack = v.own("stack")
    copy.defineOwn(st, "stack", typeof stack === "string" ? stack : st.stackText(String(copy.get(st, "name")), st.line), HIDDEN)
    const message = v.own("message")
    if (message !== ABSENT && !(message instanceof Accessor) && message !== undefined && typeof message !== "symbol") {
      copy.defineOwn(st, "message", toStr(st, message), HIDDEN)
    }
    if (v.own("cause") !== ABSENT) copy.defineOwn(st, "cause", clone(v.get(st, "cause")), HIDDEN)
    return copy
  }

  return clone(value)
}

export function installClone(realm: Realm): void {
  realm.defineGlobal(
    "structuredClone",
    realm.builtin("structuredClone", 1, (st, _t, args) => {
      if (args.length === 0) throw st.typeError("The value argument must be specified")
      return structuredCloneValue(st, args[0])
    }),
  )
}
