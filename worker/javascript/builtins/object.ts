/**
 * `Object` and `Object.prototype`: the static helpers agents use (keys, values, entries, assign,
 * fromEntries, groupBy, create, freeze, getPrototypeOf, defineProperty...) and the prototype's
 * own methods. `__proto__` is an accessor on `Object.prototype`, as in the language, so it reads
 * and writes the program's own prototype chain and nothing else.
 */

import { JsMessages } from "../messages.js"
import { ACCESSOR, Accessor, ABSENT, HIDDEN, JsBoxed, JsFunction, JsObject, PERMANENT, READONLY, type Key, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { iterate } from "../runtime/iterate.js"
import { JsTypedArray } from "./typed-array.js"
import { getV, keyText, sameValue, toObject, toPropertyKey, truthy } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"

/** Own enumerable string keys, in order (`Object.keys`, `for-in` on one object, spread). */
export function enumerableKeys(o: JsObject): string[] {
  const out: string[] = []
  if (o instanceof JsArray && o.dense) {
    for (let i = 0; i < o.items.length; i++) out.push(String(i))
    for (const k of o.slotKeys()) if (typeof k === "string" && o.isEnumerable(k)) out.push(k)
    return out
  }
  if (o instanceof JsBoxed && typeof o.primitive === "string") {
    // A String object's characters are its first own keys (`Object.entries("hi")`).
    for (let i = 0; i < o.primitive.length; i++) out.push(String(i))
    for (const k of o.ownKeys()) if (typeof k === "string" && o.isEnumerable(k)) out.push(k)
    return out
  }
  if (o.attrs === null && !(o instanceof JsFunction)) {
    let plain = true
    for (const k of o.slotKeys()) {
      if (typeof k !== "string") continue
      const c = k.charCodeAt(0)
      if (c >= 48 && c <= 57) plain = false
      out.push(k)
    }
    if (plain) return out
    out.length = 0
  }
  for (const k of o.ownKeys()) if (typeof k === "string" && o.isEnumerable(k)) out.push(k)
  return out
}

/**
 * EnumerableOwnProperties for values or entries: each key is checked again when its turn comes,
 * since a getter read before it may have deleted it or made it non-enumerable. Only an object
 * with attributes can have a getter, so the others skip the check.
 */
function enumerableOwnValues(st: JsState, o: JsObject, make: (key: string, value: Value) => Value): Value[] {
  const recheck = o.attrs !== null && !(o instanceof JsBoxed)
  const out: Value[] = []
  for (const k of enumerableKeys(o)) {
    if (recheck && (o.own(k) === ABSENT || !o.isEnumerable(k))) continue
    out.push(make(k, o.get(st, k)))
  }
  return out
}

/** Own keys, with a String object's character indices and `length` first (`Object.getOwnPropertyNames("ab")`). */
export function allOwnKeys(o: JsObject): Key[] {
  if (!(o instanceof JsBoxed && typeof o.primitive === "string")) return o.ownKeys()
  const keys: Key[] = []
  for (let i = 0; i < o.primitive.length; i++) keys.push(String(i))
  keys.push("length")
  for (const k of o.ownKeys()) keys.push(k)
  return keys
}

/** Copies own enumerable properties (strings and symbols) of `source` onto `target` with [[Set]]. */
export function assignProperties(st: JsState, target: JsObject, source: Value, define = false): void {
  if (source === undefined || source === null) return
  if (typeof source === "string") {
    for (let i = 0; i < source.length; i++) target.set(st, String(i), source[i]!)
    return
  }
  if (!(source instanceof JsObject)) return
  for (const k of source.ownKeys()) {
    if (!source.isEnumerable(k) || source.own(k) === ABSENT) continue
    const v = source.get(st, k)
    if (define) target.defineOwn(st, k, v, 0)
    else if (!target.set(st, k, v)) throw st.typeError(JsMessages.readOnly(keyText(k), st.realm.describeObject(target)))
  }
}

/** A property descriptor object as `Object.getOwnPropertyDescriptor` returns it. */
export function descriptorObject(st: JsState, o: JsObject, key: Key): Value {
  const own = o.own(key)
  if (own === ABSENT) return undefined
  const a = o.attributes(key)
  const d = st.realm.newObject()
  if (own instanceof Accessor) {
    d.props.set("get", own.getter)
    d.props.set("set", own.setter)
  } else {
    d.props.set("value", own)
    d.props.set("writable", !(a & READONLY))
  }
  d.props.set("enumerable", !(a & HIDDEN))
  d.props.set("configurable", !(a & PERMANENT))
  return d
}

/**
 * `Object.defineProperty` semantics on our model (defaults false for a new property). A refused
 * definition throws, or with `throwOnRefusal` false returns false (`Reflect.defineProperty`); a
 * malformed descriptor throws either way.
 */
export function defineFromDescriptor(st: JsState, o: JsObject, key: Key, desc: Value, throwOnRefusal = true): boolean {
  if (!(desc instanceof JsObject)) throw st.typeError(`Property description must be an object: ${st.realm.describe(desc)}`)
  if (key === "length" && o instanceof JsArray) return defineArrayLength(st, o, desc, throwOnRefusal)
  const existing = o.own(key)
  const has = (name: string) => desc.has(name)
  const prev = existing === ABSENT ? READONLY | HIDDEN | PERMANENT : o.attributes(key)
  let attrs = prev & (READONLY | HIDDEN | PERMANENT)
  if (has("enumerable")) attrs = truthy(desc.get(st, "enumerable")) ? attrs & ~HIDDEN : attrs | HIDDEN
  if (has("configurable")) attrs = truthy(desc.get(st, "configurable")) ? attrs & ~PERMANENT : attrs | PERMANENT
  const accessorDescriptor = has("get") || has("set")
  if (accessorDescriptor && (has("value") || has("writable"))) {
    throw st.typeError(`Invalid property descriptor. Cannot both specify accessors and a value or writable attribute, ${st.realm.describeObject(desc)}`)
  }
  if (existing !== ABSENT && o.attributes(key) & PERMANENT) {
    if (redefinePermanent(st, o, key, existing, desc, attrs, accessorDescriptor)) return true
    if (!throwOnRefusal) return false
    throw st.typeError(`Cannot redefine property: ${keyText(key)}`)
  }
  if (has("get") || has("set")) {
    const getter = desc.get(st, "get")
    const setter = desc.get(st, "set")
    if ((getter !== undefined && !(getter instanceof JsFunction)) || (setter !== undefined && !(setter instanceof JsFunction))) {
      throw st.typeError(`Getter must be a function: ${st.realm.describe(getter)}`)
    }
    const prevAcc = existing instanceof Accessor ? existing : null
    const acc = new Accessor(has("get") ? (getter as JsFunction | undefined) : prevAcc?.getter, has("set") ? (setter as JsFunction | undefined) : prevAcc?.setter)
    return o.defineOwn(st, key, acc, (attrs & ~READONLY) | ACCESSOR) || notExtensible(st, key, throwOnRefusal)
  }
  // A generic descriptor (only enumerable / configurable) keeps an accessor an accessor.
  if (existing instanceof Accessor && !has("value") && !has("writable")) {
    return o.defineOwn(st, key, existing, (attrs & ~READONLY) | ACCESSOR) || notExtensible(st, key, throwOnRefusal)
  }
  if (has("writable")) attrs = truthy(desc.get(st, "writable")) ? attrs & ~READONLY : attrs | READONLY
  else if (existing instanceof Accessor) attrs |= READONLY
  const value = has("value") ? desc.get(st, "value") : existing === ABSENT || existing instanceof Accessor ? undefined : existing
  return o.defineOwn(st, key, value, attrs) || notExtensible(st, key, throwOnRefusal)
}

/**
 * An array's `length` (ArraySetLength): the value is converted (a RangeError even for
 * `Reflect.defineProperty`), truncation stops at the first element that refuses deletion, and
 * `writable: false` applies even then.
 */
function defineArrayLength(st: JsState, a: JsArray, desc: JsObject, throwOnRefusal: boolean): boolean {
  const refuse = (): boolean => {
    if (throwOnRefusal) throw st.typeError("Cannot redefine property: length")
    return false
  }
  const configurable = desc.has("configurable") ? truthy(desc.get(st, "configurable")) : undefined
  const enumerable = desc.has("enumerable") ? truthy(desc.get(st, "enumerable")) : undefined
  const hasValue = desc.has("value")
  const value = hasValue ? desc.get(st, "value") : undefined
  const writable = desc.has("writable") ? truthy(desc.get(st, "writable")) : undefined
  if (desc.has("get") || desc.has("set")) {
    if (hasValue || writable !== undefined) throw st.typeError(`Invalid property descriptor. Cannot both specify accessors and a value or writable attribute, ${st.realm.describeObject(desc)}`)
    return refuse()
  }
  const n = hasValue ? JsArray.lengthValue(st, value) : a.length
  if (configurable === true || enumerable === true) return refuse()
  if (a.lengthReadonly) return writable === true || n !== a.length ? refuse() : true
  return a.setLength(st, n, writable === false) || refuse()
}

const notExtensible = (st: JsState, key: Key, throwOnRefusal: boolean): false => {
  if (throwOnRefusal) throw st.typeError(`Cannot define property ${keyText(key)}, object is not extensible`)
  return false
}

/**
 * Redefinition of a non-configurable property, which the standard allows only when nothing but a
 * writable value changes (or writable turns false); false when the change is refused.
 */
function redefinePermanent(st: JsState, o: JsObject, key: Key, existing: Value | Accessor, desc: JsObject, attrs: number, accessorDescriptor: boolean): boolean {
  const prev = o.attributes(key)
  if ((attrs & (HIDDEN | PERMANENT)) !== (prev & (HIDDEN | PERMANENT))) return false
  if (existing instanceof Accessor) {
    if (!accessorDescriptor) return !desc.has("value") && !desc.has("writable")
    if (desc.has("get") && desc.get(st, "get") !== existing.getter) return false
    return !desc.has("set") || desc.get(st, "set") === existing.setter
  }
  if (accessorDescriptor) return false
  const makeReadonly = desc.has("writable") && !truthy(desc.get(st, "writable"))
  if (prev & READONLY) {
    if (desc.has("writable") && !makeReadonly) return false
    return !desc.has("value") || sameValue(desc.get(st, "value"), existing)
  }
  if (desc.has("value") && !o.defineOwn(st, key, desc.get(st, "value"), prev)) return false
  // The object model keeps a permanent property's attributes; turning `writable` off is the one
  // change the standard allows, so it is written to the attribute map directly.
  if (makeReadonly && o.attrs !== null && o.attrs.has(key)) o.attrs.set(key, prev | READONLY)
  return true
}

/** A value as V8 shows it in messages built from its string form: primitives unquoted (`x`, `10`). */
export const plainText = (st: JsState, v: Value): string =>
  v instanceof JsObject ? st.realm.describeObject(v) : typeof v === "symbol" ? v.toString() : String(v)

/** The prototype argument of `Object.create`, `Object.setPrototypeOf`, `Reflect.setPrototypeOf`. */
export const prototypeArg = (st: JsState, v: Value): JsObject | null => {
  if (v === null || v instanceof JsObject) return v
  throw st.typeError(`Object prototype may only be an Object or null: ${plainText(st, v)}`)
}

/** The object a static method requires (`Object.defineProperty called on non-object`). */
export const objectArg = (st: JsState, v: Value, what: string): JsObject => {
  if (v instanceof JsObject) return v
  throw st.typeError(`${what} called on non-object`)
}

export function installObject(realm: Realm): void {
  const OP = realm.ObjectPrototype
  const ObjectCtor = realm.constructorFunction(
    "Object",
    1,
    (st, _t, args) => {
      const v = args[0]
      return v === undefined || v === null ? st.realm.newObject() : toObject(st, v)
    },
    OP,
  )
  realm.defineGlobal("Object", ObjectCtor)
  realm.methods(ObjectCtor, {
    keys: [1, (st, _t, [o]) => st.realm.newArray(enumerableKeys(toObject(st, o)))],
    values: [1, (st, _t, [o]) => st.realm.newArray(enumerableOwnValues(st, toObject(st, o), (_k, v) => v))],
    entries: [1, (st, _t, [o]) => st.realm.newArray(enumerableOwnValues(st, toObject(st, o), (k, v) => st.realm.newArray([k, v])))],
    assign: [2, (st, _t, args) => {
      const target = toObject(st, args[0])
      for (let i = 1; i < args.length; i++) assignProperties(st, target, args[i])
      return target
    }],
    fromEntries: [1, (st, _t, [iterable]) => {
      const o = st.realm.newObject()
      iterate(st, iterable, (entry) => {
        if (!(entry instanceof JsObject)) throw st.typeError(`Iterator value ${st.realm.describe(entry)} is not an entry object`)
        const key = getV(st, entry, "0")
        const value = getV(st, entry, "1")
        o.defineOwn(st, toPropertyKey(st, key), value, 0)
      })
      return o
    }],
    groupBy: [2, (st, _t, [items, fn]) => {
      if (!(fn instanceof JsFunction)) throw st.typeError(`${st.realm.describe(fn)} is not a function`)
      const o = new JsObject(null)
      let i = 0
      iterate(st, items, (v) => {
        const key = toPropertyKey(st, st.call(fn, undefined, [v, i++]))
        const group = o.own(key)
        if (group instanceof JsArray) group.items.push(v)
        else o.defineOwn(st, key, st.realm.newArray([v]), 0)
      })
      return o
    }],
    create: [2, (st, _t, [proto, props]) => {
      const o = new JsObject(prototypeArg(st, proto))
      if (props !== undefined) defineProperties(st, o, props)
      return o
    }],
    getPrototypeOf: [1, (st, _t, [o]) => toObject(st, o).proto],
    setPrototypeOf: [2, (st, _t, [o, proto]) => {
      const p = prototypeArg(st, proto)
      if (o instanceof JsObject) setPrototype(st, o, p)
      return o
    }],
    freeze: [1, (st, _t, [o]) => {
      if (o instanceof JsTypedArray && o.length > 0) throw st.typeError("Cannot freeze array buffer views with elements")
      if (o instanceof JsObject) o.freeze()
      return o
    }],
    isFrozen: [1, (_st, _t, [o]) => (o instanceof JsObject ? o.isFrozen() : true)],
    seal: [1, (st, _t, [o]) => {
      if (o instanceof JsTypedArray && o.length > 0) throw st.typeError("Cannot seal array buffer views with elements")
      if (o instanceof JsObject) {
        if (o instanceof JsArray) o.toDictionary()
        for (const k of o.ownKeys()) o.defineOwn(st, k, o.own(k) as Value, o.attributes(k) | PERMANENT)
        o.preventExtensions()
      }
      return o
    }],
    isSealed: [1, (_st, _t, [o]) => (o instanceof JsObject ? !o.extensible && o.ownKeys().every((k) => o.attributes(k) & PERMANENT) : true)],
    preventExtensions: [1, (_st, _t, [o]) => {
      if (o instanceof JsObject) o.preventExtensions()
      return o
    }],
    isExtensible: [1, (_st, _t, [o]) => (o instanceof JsObject ? o.extensible : false)],
    defineProperty: [3, (st, _t, [o, key, desc]) => {
      defineFromDescriptor(st, objectArg(st, o, "Object.defineProperty"), toPropertyKey(st, key), desc)
      return o
    }],
    defineProperties: [2, (st, _t, [o, props]) => {
      defineProperties(st, objectArg(st, o, "Object.defineProperties"), props)
      return o
    }],
    getOwnPropertyNames: [1, (st, _t, [o]) => st.realm.newArray(allOwnKeys(toObject(st, o)).filter((k) => typeof k === "string"))],
    getOwnPropertySymbols: [1, (st, _t, [o]) => st.realm.newArray(toObject(st, o).ownKeys().filter((k) => typeof k === "symbol"))],
    getOwnPropertyDescriptor: [2, (st, _t, [o, key]) => descriptorObject(st, toObject(st, o), toPropertyKey(st, key))],
    getOwnPropertyDescriptors: [1, (st, _t, [o]) => {
      const obj = toObject(st, o)
      const out = st.realm.newObject()
      for (const k of allOwnKeys(obj)) out.props.set(k, descriptorObject(st, obj, k))
      return out
    }],
    is: [2, (_st, _t, [a, b]) => sameValue(a, b)],
    hasOwn: [2, (st, _t, [o, key]) => toObject(st, o).own(toPropertyKey(st, key)) !== ABSENT],
  })

  const protoAccessor = new Accessor(
    realm.builtin("get __proto__", 0, (st, thisArg) => toObject(st, thisArg).proto),
    realm.builtin("set __proto__", 1, (st, thisArg, [proto]) => {
      if (thisArg === undefined || thisArg === null) throw st.typeError("set Object.prototype.__proto__ called on null or undefined")
      if (thisArg instanceof JsObject && (proto === null || proto instanceof JsObject)) setPrototype(st, thisArg, proto)
      return undefined
    }),
  )
  OP.defineOwn(realm.st, "__proto__", protoAccessor, HIDDEN | ACCESSOR)
  realm.methods(OP, {
    hasOwnProperty: spec(1, (st: JsState, thisArg: Value, [key]: Value[]) => {
      const k = toPropertyKey(st, key)
      return toObject(st, thisArg).own(k) !== ABSENT
    }),
    isPrototypeOf: spec(1, (st: JsState, thisArg: Value, [v]: Value[]) => {
      if (!(v instanceof JsObject)) return false
      const self = toObject(st, thisArg)
      for (let p = v.proto; p !== null; p = p.proto) if (p === self) return true
      return false
    }),
    propertyIsEnumerable: spec(1, (st: JsState, thisArg: Value, [key]: Value[]) => {
      const o = toObject(st, thisArg)
      const k = toPropertyKey(st, key)
      return o.own(k) !== ABSENT && o.isEnumerable(k)
    }),
    toString: spec(0, (st: JsState, thisArg: Value) => objectToString(st, thisArg)),
    // Invoke(this, "toString"): a primitive receiver reaches its toString unboxed.
    toLocaleString: spec(0, (st: JsState, thisArg: Value) => {
      if (thisArg === undefined || thisArg === null) throw st.typeError("Object.prototype.toLocaleString called on null or undefined")
      return st.call(getV(st, thisArg, "toString"), thisArg, [])
    }),
    valueOf: spec(0, (st: JsState, thisArg: Value) => toObject(st, thisArg)),
  })
}

export function objectToString(st: JsState, v: Value): string {
  if (v === undefined) return "[object Undefined]"
  if (v === null) return "[object Null]"
  const o = toObject(st, v)
  const tag = o.get(st, Symbol.toStringTag)
  if (typeof tag === "string") return `[object ${tag}]`
  const c = o.className
  return `[object ${c === "Array" || c === "Arguments" || c === "Function" || c === "Error" || c === "Boolean" || c === "Number" || c === "String" || c === "Date" || c === "RegExp" ? c : "Object"}]`
}

function defineProperties(st: JsState, o: JsObject, props: Value): void {
  const source = toObject(st, props)
  for (const k of allOwnKeys(source)) {
    if (!source.isEnumerable(k)) continue
    defineFromDescriptor(st, o, k, source.get(st, k))
  }
}

function setPrototype(st: JsState, o: JsObject, proto: JsObject | null): void {
  const refusal = changePrototype(st, o, proto)
  if (refusal !== null) throw st.typeError(refusal)
}

/**
 * OrdinarySetPrototypeOf: makes `proto` the prototype of `o`, or returns why it may not (a
 * non-extensible object, a cycle, the realm's immutable `Object.prototype`); null once done.
 */
export function changePrototype(st: JsState, o: JsObject, proto: JsObject | null): string | null {
  if (o.proto === proto) return null
  if (o === st.realm.ObjectPrototype) return "Immutable prototype object 'Object.prototype' cannot have their prototype set"
  if (!o.extensible) return "#<Object> is not extensible"
  for (let p = proto; p !== null; p = p.proto) if (p === o) return "Cyclic __proto__ value"
  o.proto = proto
  return null
}
