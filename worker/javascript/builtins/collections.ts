/**
 * `Map`, `Set`, `WeakMap` and `WeakSet` over host collections of program values: SameValueZero
 * keys and insertion order come from the host `Map`/`Set`, whose iteration also survives deletion
 * and insertion during a loop exactly as the language requires. (The weak variants are strong
 * here: an execution is short-lived, so nothing is lost but memory a bound already caps.)
 */

import { JsFunction, JsMap, JsObject, JsSet, type Value } from "../runtime/object.js"
import { JsIterator, DONE, iterate } from "../runtime/iterate.js"
import { getV } from "../runtime/ops.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { iteratorNext } from "./array.js"

const key = (v: Value): Value => (typeof v === "number" && v === 0 ? 0 : v)

/** The weak kinds are their own classes, so that a `Map` method refuses a `WeakMap` (no [[MapData]]). */
class JsWeakMap extends JsMap {}
class JsWeakSet extends JsSet {}

function thisMap(st: JsState, t: Value, method: string, weak: boolean): JsMap {
  if (t instanceof JsMap && t instanceof JsWeakMap === weak) return t
  throw st.typeError(`Method ${weak ? "WeakMap" : "Map"}.prototype.${method} called on incompatible receiver ${st.realm.describe(t)}`)
}
function thisSet(st: JsState, t: Value, method: string, weak: boolean): JsSet {
  if (t instanceof JsSet && t instanceof JsWeakSet === weak) return t
  throw st.typeError(`Method ${weak ? "WeakSet" : "Set"}.prototype.${method} called on incompatible receiver ${st.realm.describe(t)}`)
}

const callbackArg = (st: JsState, fn: Value): JsFunction => {
  if (fn instanceof JsFunction) return fn
  throw st.typeError(`${st.realm.describe(fn)} is not a function`)
}

/** An iterator over a host collection, inheriting from the realm's `%MapIteratorPrototype%` or `%SetIteratorPrototype%`. */
function iteratorOver<T>(st: JsState, prototype: "Map Iterator" | "Set Iterator", source: Iterable<T>, map: (x: T) => Value): JsIterator {
  const it = source[Symbol.iterator]()
  return new JsIterator(st.realm.intrinsic(prototype), () => {
    const r = it.next()
    return r.done ? DONE : map(r.value)
  })
}

/** `%MapIteratorPrototype%` and `%SetIteratorPrototype%`: `next` plus their `toStringTag`. */
function installIteratorPrototype(realm: Realm, tag: string): void {
  const proto = new JsObject(realm.IteratorPrototype)
  realm.methods(proto, { next: [0, iteratorNext] })
  proto.defineOwn(realm.st, Symbol.toStringTag, tag, 3)
  realm.registerIntrinsic(tag, proto)
}

/**
 * The adder a constructor calls for each initial entry (`set` or `add`): the program's override
 * when a subclass has one (`class S extends Set { add(v) {...} }`), as the standard says, else
 * null so the constructor fills the host collection directly.
 */
function overriddenAdder(st: JsState, o: JsObject, name: string, builtin: Value): JsFunction | null {
  const adder = o.get(st, name)
  if (adder === builtin) return null
  if (!(adder instanceof JsFunction)) throw st.typeError(`'${st.realm.describe(adder)}' returned for property '${name}' of object '${st.realm.describeObject(o)}' is not a function`)
  return adder
}

export function installCollections(realm: Realm): void {
  installIteratorPrototype(realm, "Map Iterator")
  installIteratorPrototype(realm, "Set Iterator")
  for (const weak of [false, true]) {
    const MP = new JsObject(realm.ObjectPrototype)
    const name = weak ? "WeakMap" : "Map"
    // A program that replaces `Map.prototype.set` gets its replacement called by the constructor.
    const builtinSet = `${name}.prototype.set`
    const ctor = realm.constructorFunction(
      name,
      0,
      (st, _t, [entries], newTarget) => {
        if (newTarget === undefined) throw st.typeError(`Constructor ${name} requires 'new'`)
        const m = weak ? new JsWeakMap(st.realm.prototypeFor(newTarget, "WeakMap.prototype")) : new JsMap(st.realm.prototypeFor(newTarget, "Map.prototype"))
        if (entries !== undefined && entries !== null) {
          const adder = overriddenAdder(st, m, "set", st.realm.intrinsic(builtinSet))
          iterate(st, entries, (e) => {
            if (!(e instanceof JsObject)) throw st.typeError(`Iterator value ${st.realm.describe(e)} is not an entry object`)
            const k = getV(st, e, "0")
            const v = getV(st, e, "1")
            if (adder !== null) {
              st.call(adder, m, [k, v])
              return
            }
            if (weak && !(k instanceof JsObject)) throw st.typeError(`Invalid value used as weak map key`)
            if (m.data.size >= st.maxArrayLength) throw st.arrayTooLarge()
            m.data.set(key(k), v)
          })
        }
        return m
      },
      MP,
    )
    realm.defineGlobal(name, ctor)
    realm.registerIntrinsic(`${name}.prototype`, MP)
    MP.defineOwn(realm.st, Symbol.toStringTag, name, 3)
    realm.methods(MP, {
      get: [1, (st, t, [k]) => thisMap(st, t, "get", weak).data.get(key(k))],
      set: [2, (st, t, [k, v]) => {
        const m = thisMap(st, t, "set", weak)
        if (weak && !(k instanceof JsObject)) throw st.typeError(`Invalid value used as weak map key`)
        if (m.data.size >= st.maxArrayLength && !m.data.has(key(k))) throw st.arrayTooLarge()
        m.data.set(key(k), v)
        return m
      }],
      has: [1, (st, t, [k]) => thisMap(st, t, "has", weak).data.has(key(k))],
      delete: [1, (st, t, [k]) => thisMap(st, t, "delete", weak).data.delete(key(k))],
    })
    realm.registerIntrinsic(builtinSet, MP.own("set") as JsFunction)
    if (!weak) {
      realm.methods(MP, {
        clear: [0, (st, t) => {
          thisMap(st, t, "clear", weak).data.clear()
          return undefined
        }],
        forEach: [1, (st, t, [fn, self]) => {
          const m = thisMap(st, t, "forEach", weak)
          callbackArg(st, fn)
          for (const [k, v] of m.data) st.call(fn, self, [v, k, m])
          return undefined
        }],
        keys: [0, (st, t) => iteratorOver(st, "Map Iterator", thisMap(st, t, "keys", weak).data.keys(), (k) => k)],
        values: [0, (st, t) => iteratorOver(st, "Map Iterator", thisMap(st, t, "values", weak).data.values(), (v) => v)],
      })
      const entries = realm.builtin("entries", 0, (st, t) => iteratorOver(st, "Map Iterator", thisMap(st, t, "entries", weak).data.entries(), ([k, v]) => st.realm.newArray([k, v])))
      MP.defineOwn(realm.st, "entries", entries, 2)
      MP.defineOwn(realm.st, Symbol.iterator, entries, 2)
      realm.getter(ctor, Symbol.species, (_st, t) => t)
      realm.getter(MP, "size", (st, t) => thisMap(st, t, "size", weak).data.size)
      realm.methods(ctor, {
        groupBy: [2, (st, _t, [items, fn]) => {
          if (items === undefined || items === null) throw st.typeError(`${String(items)} is not iterable`)
          callbackArg(st, fn)
          const m = new JsMap(st.realm.intrinsic("Map.prototype"))
          let i = 0
          iterate(st, items, (v) => {
            const k = key(st.call(fn, undefined, [v, i++]))
            const g = m.data.get(k)
            if (g === undefined) m.data.set(k, st.realm.newArray([v]))
            else (g as import("../runtime/array.js").JsArray).items.push(v)
          })
          return m
        }],
      })
    }

    const SP = new JsObject(realm.ObjectPrototype)
    const setName = weak ? "WeakSet" : "Set"
    const builtinAdd = `${setName}.prototype.add`
    realm.registerIntrinsic(`${setName}.prototype`, SP)
    realm.defineGlobal(
      setName,
      realm.constructorFunction(
        setName,
        0,
        (st, _t, [values], newTarget) => {
          if (newTarget === undefined) throw st.typeError(`Constructor ${setName} requires 'new'`)
          const s = weak ? new JsWeakSet(st.realm.prototypeFor(newTarget, "WeakSet.prototype")) : new JsSet(st.realm.prototypeFor(newTarget, "Set.prototype"))
          if (values !== undefined && values !== null) {
            const adder = overriddenAdder(st, s, "add", st.realm.intrinsic(builtinAdd))
            iterate(st, values, (v) => {
              if (adder !== null) {
                st.call(adder, s, [v])
                return
              }
              if (weak && !(v instanceof JsObject)) throw st.typeError(`Invalid value used in weak set`)
              if (s.data.size >= st.maxArrayLength) throw st.arrayTooLarge()
              s.data.add(key(v))
            })
          }
          return s
        },
        SP,
      ),
    )
    SP.defineOwn(realm.st, Symbol.toStringTag, setName, 3)
    realm.methods(SP, {
      add: [1, (st, t, [v]) => {
        const s = thisSet(st, t, "add", weak)
        if (weak && !(v instanceof JsObject)) throw st.typeError(`Invalid value used in weak set`)
        if (s.data.size >= st.maxArrayLength && !s.data.has(key(v))) throw st.arrayTooLarge()
        s.data.add(key(v))
        return s
      }],
      has: [1, (st, t, [v]) => thisSet(st, t, "has", weak).data.has(key(v))],
      delete: [1, (st, t, [v]) => thisSet(st, t, "delete", weak).data.delete(key(v))],
    })
    realm.registerIntrinsic(builtinAdd, SP.own("add") as JsFunction)
    if (!weak) {
      realm.methods(SP, {
        clear: [0, (st, t) => {
          thisSet(st, t, "clear", weak).data.clear()
          return undefined
        }],
        forEach: [1, (st, t, [fn, self]) => {
          const s = thisSet(st, t, "forEach", weak)
          callbackArg(st, fn)
          for (const v of s.data) st.call(fn, self, [v, v, s])
          return undefined
        }],
        entries: [0, (st, t) => iteratorOver(st, "Set Iterator", thisSet(st, t, "entries", weak).data.values(), (v) => st.realm.newArray([v, v]))],
      })
      const values = realm.builtin("values", 0, (st, t) => iteratorOver(st, "Set Iterator", thisSet(st, t, "values", weak).data.values(), (v) => v))
      SP.defineOwn(realm.st, "values", values, 2)
      SP.defineOwn(realm.st, "keys", values, 2)
      SP.defineOwn(realm.st, Symbol.iterator, values, 2)
      realm.getter(SP.own("constructor") as JsObject, Symbol.species, (_st, t) => t)
      realm.getter(SP, "size", (st, t) => thisSet(st, t, "size", weak).data.size)
    }
  }
  void JsFunction
}
