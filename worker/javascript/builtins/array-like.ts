/**
 * The generic side of `Array.prototype`: the standard's methods are defined over any object with a
 * `length` (`Array.prototype.map.call({ length: 2, 0: "a" }, f)`), reading and writing it through
 * [[Get]], [[HasProperty]], [[Set]] and [[Delete]] with the program's own semantics (getters run,
 * holes are skipped where the standard skips them, a refused write throws as strict code does).
 *
 * These helpers are that vocabulary. Each starts with the dense-array case, which needs no key
 * string and no prototype walk, so a builtin written with them keeps the speed of one written on
 * `items` for the arrays programs nearly always hold; everything else takes the general road.
 *
 * `Symbol.species` lives here too: `map`, `filter`, `slice`, `splice`, `concat`, `flat` and
 * `flatMap` build their result with the receiver's `constructor[Symbol.species]`, checked cheaply
 * first (a plain array whose `constructor` is untouched gets a plain array, no property read).
 */

import { JsMessages } from "../messages.js"
import { ABSENT, JsFunction, JsObject, PERMANENT, isConstructor, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { keyText, toIntegerOrInfinity, toObject, truthy } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import { construct } from "../compile/functions.js"

/** The largest `length` an array-like may have (2^53 - 1). */
export const MAX_LENGTH = 9007199254740991

/** ToLength(Get(o, "length")). */
export function lengthOf(st: JsState, o: JsObject): number {
  if (o instanceof JsArray) return o.length
  const n = toIntegerOrInfinity(st, o.get(st, "length"))
  return n <= 0 ? 0 : Math.min(n, MAX_LENGTH)
}

/** Get(o, ToString(i)). */
export function getAt(st: JsState, o: JsObject, i: number): Value {
  if (o instanceof JsArray && o.dense && i < o.length) return o.at(i)
  return o.get(st, String(i))
}

/** HasProperty(o, ToString(i)), then Get: the element, or ABSENT for a hole. */
export function elementAt(st: JsState, o: JsObject, i: number): Value | typeof ABSENT {
  if (o instanceof JsArray && o.dense) {
    if (i < o.length) return o.at(i)
    if (o.proto === st.realm.ArrayPrototype && !st.realm.prototypesHaveIndices()) return ABSENT
  }
  const key = String(i)
  return o.has(key) ? o.get(st, key) : ABSENT
}

/** Set(o, ToString(i), v, true). */
export function setAt(st: JsState, o: JsObject, i: number, v: Value): void {
  if (o instanceof JsArray && o.dense && i < o.items.length) {
    o.items[i] = v
    return
  }
  const key = String(i)
  if (!o.set(st, key, v)) throw st.typeError(JsMessages.readOnly(key, st.realm.describeObject(o)))
}

/** DeletePropertyOrThrow(o, ToString(i)). */
export function deleteAt(st: JsState, o: JsObject, i: number): void {
  if (!o.deleteOwn(String(i))) throw st.typeError(`Cannot delete property '${i}' of ${st.realm.describeObject(o)}`)
}

/** Set(o, "length", n, true). */
export function setLengthOf(st: JsState, o: JsObject, n: number): void {
  if (o instanceof JsArray && o.dense && n <= o.items.length) {
    o.items.length = n
    return
  }
  if (!o.set(st, "length", n)) throw st.typeError(JsMessages.readOnly("length", st.realm.describeObject(o)))
}

/** CreateDataPropertyOrThrow(o, key, v). */
export function createAt(st: JsState, o: JsObject, i: number | string, v: Value): void {
  if (typeof i === "number" && o instanceof JsArray && o.dense && i <= o.length) {
    if (i === o.length) o.append(st, v)
    else o.setIndex(st, i, v)
    return
  }
  const key = String(i)
  if ((o.own(key) !== ABSENT && o.attributes(key) & PERMANENT) || !o.defineOwn(st, key, v, 0)) {
    throw st.typeError(`Cannot add property ${keyText(key)}, object is not extensible`)
  }
}

/** The receiver as an object and its length, the opening of nearly every method. */
export function receiver(st: JsState, thisArg: Value): [JsObject, number] {
  const o = toObject(st, thisArg)
  return [o, lengthOf(st, o)]
}

export const callbackArg = (st: JsState, fn: Value): JsFunction => {
  if (!(fn instanceof JsFunction)) throw st.typeError(`${st.realm.describe(fn)} is not a function`)
  return fn
}

/** ArrayCreate(n): a dense empty array, or one of `n` holes. */
export function arrayCreate(st: JsState, n: number): JsArray {
  if (n > 4294967295) throw st.rangeError("Invalid array length")
  const a = st.realm.newArray([])
  if (n > 0) a.setLength(st, n, false)
  return a
}

/**
 * The constructor ArraySpeciesCreate would use for `original`, or undefined for a plain array.
 * The fast case reads no property: an array whose prototype is the realm's and which has no own
 * `constructor`, while `Array.prototype.constructor` and `Array[Symbol.species]` are the originals.
 */
export function arraySpecies(st: JsState, original: JsObject): JsFunction | undefined {
  if (!(original instanceof JsArray) || original.className !== "Array") return undefined
  const realm = st.realm
  if (original.proto === realm.ArrayPrototype && !original.props.has("constructor") && realm.arraySpeciesIntact()) return undefined
  let C = original.get(st, "constructor")
  if (C instanceof JsObject) {
    C = C.get(st, Symbol.species)
    if (C === null) C = undefined
  }
  if (C === undefined) return undefined
  if (!(C instanceof JsFunction) || !isConstructor(C)) throw st.typeError("object.constructor[Symbol.species] is not a constructor")
  return C
}

/**
 * The result object of a species-creating method. For a plain array it starts empty and dense (the
 * method fills it in order and sets the final length: nothing can observe it in between); for a
 * species constructor it is `new C(n)`, as the standard has it.
 */
export function speciesResult(st: JsState, C: JsFunction | undefined, n: number): JsObject {
  if (C === undefined) {
    if (n > 4294967295) throw st.rangeError("Invalid array length")
    return st.realm.newArray([])
  }
  const made = construct(st, C, [n], C, st.line)
  if (!(made instanceof JsObject)) throw st.typeError("object expected from the species constructor")
  return made
}

/** The numeric keys in [from, to) that `o` or its prototypes hold, ascending (for very sparse objects). */
export function heldIndices(o: JsObject, from: number, to: number): number[] {
  const found = new Set<number>()
  for (let p: JsObject | null = o; p !== null; p = p.proto) {
    if (p instanceof JsArray && p.dense) {
      for (let i = from; i < Math.min(p.items.length, to); i++) found.add(i)
      continue
    }
    for (const k of p.ownKeys()) {
      if (typeof k !== "string" || !CANONICAL_INDEX.test(k)) continue
      const i = Number(k)
      if (i >= from && i < to) found.add(i)
    }
  }
  return [...found].sort((a, b) => a - b)
}
const CANONICAL_INDEX = /^(?:0|[1-9][0-9]*)$/

/** Past this span, a loop over an object that is not a dense array visits only the keys it holds. */
const SPARSE_SPAN = 1 << 16

/** The indices to visit in [from, to) when that is cheaper than every index, else null. */
export function sparseIndices(o: JsObject, from: number, to: number): number[] | null {
  if (to - from <= SPARSE_SPAN || (o instanceof JsArray && o.dense)) return null
  return heldIndices(o, from, to)
}

/** IsConcatSpreadable(v). */
export function isConcatSpreadable(st: JsState, v: Value): v is JsObject {
  if (!(v instanceof JsObject)) return false
  const spreadable = v.get(st, Symbol.isConcatSpreadable)
  if (spreadable !== undefined) return truthy(spreadable)
  return v instanceof JsArray && v.className === "Array"
}

/** A relative index argument (`slice(-2)`) clamped to [0, length]. */
export function relativeIndex(st: JsState, v: Value, length: number, fallback: number): number {
  if (v === undefined) return fallback
  const n = toIntegerOrInfinity(st, v)
  return n < 0 ? Math.max(length + n, 0) : Math.min(n, length)
}
