/**
 * The reading half of `Array.prototype`: searches, the callback methods, copies (`slice`,
 * `concat`, `flat`, the `to*` methods) and `join`. Each follows the standard's generic algorithm
 * over array-likes (array-like.ts): the length is read once, holes are skipped where the
 * standard tests HasProperty (`forEach`, `map`, `indexOf`...) and read as `undefined` where it
 * does not (`find`, `includes`, `join`), a callback that grows or shrinks the array sees what V8
 * shows. Methods that build an array honour `Symbol.species`.
 *
 * Over an object far longer than the keys it holds (`{ length: 2 ** 53 - 1, 5: x }`), the methods
 * that skip holes visit only the held keys (`sparseIndices`), as engines do; the others are
 * metered per index, so a huge length ends at the work budget, never in a hang.
 */

import { ABSENT, JsFunction, JsObject, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { getV, sameValueZero, toIntegerOrInfinity, toStr, truthy } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import {
  MAX_LENGTH, arrayCreate, arraySpecies, callbackArg, createAt, elementAt, getAt, isConcatSpreadable, receiver, relativeIndex, setLengthOf,
  sparseIndices, speciesResult,
} from "./array-like.js"
import { checkComparator, sortValues } from "./array-sort.js"
import { joinPrimitives } from "../runtime/join.js"

/**
 * An upper bound on the length of `items.join(sep)` when every item is a string, number, boolean,
 * `null` or `undefined` (which the host converts exactly as `toStr` does: null and undefined to
 * ""), or -1 when one is not — objects run program code, symbols throw, bigints can be long.
 */
function primitiveJoinBound(parts: ReadonlyArray<ReadonlyArray<Value>>, length: number, sepLength: number): number {
  let total = length > 0 ? (length - 1) * sepLength : 0
  for (const items of parts) {
    for (let i = 0; i < items.length; i++) {
      const v = items[i]
      if (typeof v === "string") total += v.length
      else if (typeof v === "number") total += 25 // the longest number text, "-1.2345678901234567e-308"
      else if (typeof v === "boolean") total += 5
      else if (v !== undefined && v !== null) return -1
    }
  }
  return total
}

/** Every element below `n` (holes as undefined), as the copying methods read them. */
function readAll(st: JsState, o: JsObject, n: number): Value[] {
  if (o instanceof JsArray && o.dense && n === o.items.length) return o.items.slice()
  if (n > st.maxArrayLength) throw st.arrayTooLarge()
  const out: Value[] = new Array(n)
  for (let i = 0; i < n; i++) {
    if (--st.fuel <= 0) st.refuel()
    out[i] = getAt(st, o, i)
  }
  return out
}

/** FlattenIntoArray: appends `source`'s present elements below `n` into `out`, `depth` levels deep. */
function flattenInto(st: JsState, out: JsObject, at: number, source: JsObject, n: number, depth: number, mapper?: JsFunction, self?: Value): number {
  const keys = sparseIndices(source, 0, n)
  const count = keys === null ? n : keys.length
  for (let j = 0; j < count; j++) {
    const i = keys === null ? j : keys[j]!
    if (--st.fuel <= 0) st.refuel()
    let v = elementAt(st, source, i)
    if (v === ABSENT) continue
    if (mapper !== undefined) v = st.call(mapper, self, [v, i, source])
    if (depth > 0 && v instanceof JsObject && isArrayValue(v)) {
      at = flattenInto(st, out, at, v, v instanceof JsArray ? v.length : 0, depth - 1)
    } else {
      if (at >= MAX_LENGTH) throw st.typeError("Invalid array length")
      createAt(st, out, at++, v)
    }
  }
  return at
}
const isArrayValue = (v: JsObject): boolean => v instanceof JsArray && v.className === "Array"

export function installArrayMethods(realm: Realm): void {
  realm.methods(realm.ArrayPrototype, {
    indexOf: [1, (st, t, [v, from]) => {
      const [o, n] = receiver(st, t)
      if (n === 0) return -1
      const start = relativeIndex(st, from, n, 0)
      if (o instanceof JsArray && o.dense) {
        const items = o.items
        for (let i = start; i < items.length && i < n; i++) if (items[i] === v) return i
        return -1
      }
      const keys = sparseIndices(o, start, n)
      const count = keys === null ? n - start : keys.length
      for (let j = 0; j < count; j++) {
        const i = keys === null ? start + j : keys[j]!
        if (--st.fuel <= 0) st.refuel()
        const e = elementAt(st, o, i)
        if (e !== ABSENT && e === v) return i
      }
      return -1
    }],
    lastIndexOf: [1, (st, t, args) => {
      const [o, n] = receiver(st, t)
      if (n === 0) return -1
      const k = args.length > 1 ? toIntegerOrInfinity(st, args[1]) : n - 1
      const start = k < 0 ? n + k : Math.min(k, n - 1)
      if (start < 0) return -1
      const keys = sparseIndices(o, 0, start + 1)
      const count = keys === null ? start + 1 : keys.length
      for (let j = count - 1; j >= 0; j--) {
        const i = keys === null ? j : keys[j]!
        if (--st.fuel <= 0) st.refuel()
        const e = elementAt(st, o, i)
        if (e !== ABSENT && e === args[0]) return i
      }
      return -1
    }],
    includes: [1, (st, t, [v, from]) => {
      const [o, n] = receiver(st, t)
      if (n === 0) return false
      const start = relativeIndex(st, from, n, 0)
      // A hole reads as undefined: only a search for undefined must visit every index.
      const keys = v === undefined ? null : sparseIndices(o, start, n)
      const count = keys === null ? n - start : keys.length
      for (let j = 0; j < count; j++) {
        if (--st.fuel <= 0) st.refuel()
        if (sameValueZero(getAt(st, o, keys === null ? start + j : keys[j]!), v)) return true
      }
      return false
    }],
    find: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      for (let i = 0; i < n; i++) {
        const v = getAt(st, o, i)
        if (truthy(st.call(f, self, [v, i, o]))) return v
      }
      return undefined
    }],
    findIndex: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      for (let i = 0; i < n; i++) if (truthy(st.call(f, self, [getAt(st, o, i), i, o]))) return i
      return -1
    }],
    findLast: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      for (let i = n - 1; i >= 0; i--) {
        const v = getAt(st, o, i)
        if (truthy(st.call(f, self, [v, i, o]))) return v
      }
      return undefined
    }],
    findLastIndex: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      for (let i = n - 1; i >= 0; i--) if (truthy(st.call(f, self, [getAt(st, o, i), i, o]))) return i
      return -1
    }],
    forEach: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      const keys = sparseIndices(o, 0, n)
      const count = keys === null ? n : keys.length
      for (let j = 0; j < count; j++) {
        const i = keys === null ? j : keys[j]!
        const v = elementAt(st, o, i)
        if (v !== ABSENT) f.impl(st, self, [v, i, o], undefined)
      }
      return undefined
    }],
    map: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      const C = arraySpecies(st, o)
      const a = speciesResult(st, C, n)
      const keys = sparseIndices(o, 0, n)
      const count = keys === null ? n : keys.length
      for (let j = 0; j < count; j++) {
        const i = keys === null ? j : keys[j]!
        const v = elementAt(st, o, i)
        if (v !== ABSENT) createAt(st, a, i, f.impl(st, self, [v, i, o], undefined))
      }
      if (C === undefined && (a as JsArray).length < n) (a as JsArray).setLength(st, n, false)
      return a
    }],
    filter: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      const a = speciesResult(st, arraySpecies(st, o), 0)
      let to = 0
      const keys = sparseIndices(o, 0, n)
      const count = keys === null ? n : keys.length
      for (let j = 0; j < count; j++) {
        const i = keys === null ? j : keys[j]!
        const v = elementAt(st, o, i)
        if (v !== ABSENT && truthy(f.impl(st, self, [v, i, o], undefined))) createAt(st, a, to++, v)
      }
      return a
    }],
    some: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      const keys = sparseIndices(o, 0, n)
      const count = keys === null ? n : keys.length
      for (let j = 0; j < count; j++) {
        const i = keys === null ? j : keys[j]!
        const v = elementAt(st, o, i)
        if (v !== ABSENT && truthy(st.call(f, self, [v, i, o]))) return true
      }
      return false
    }],
    every: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      const keys = sparseIndices(o, 0, n)
      const count = keys === null ? n : keys.length
      for (let j = 0; j < count; j++) {
        const i = keys === null ? j : keys[j]!
        const v = elementAt(st, o, i)
        if (v !== ABSENT && !truthy(st.call(f, self, [v, i, o]))) return false
      }
      return true
    }],
    reduce: [1, (st, t, args) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, args[0])
      const keys = sparseIndices(o, 0, n)
      const count = keys === null ? n : keys.length
      let j = 0
      let acc: Value | typeof ABSENT = ABSENT
      if (args.length > 1) acc = args[1]
      else {
        for (; j < count && acc === ABSENT; j++) acc = elementAt(st, o, keys === null ? j : keys[j]!)
        if (acc === ABSENT) throw st.typeError("Reduce of empty array with no initial value")
      }
      for (; j < count; j++) {
        const i = keys === null ? j : keys[j]!
        const v = elementAt(st, o, i)
        if (v !== ABSENT) acc = f.impl(st, undefined, [acc, v, i, o], undefined)
      }
      return acc
    }],
    reduceRight: [1, (st, t, args) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, args[0])
      const keys = sparseIndices(o, 0, n)
      let j = (keys === null ? n : keys.length) - 1
      let acc: Value | typeof ABSENT = ABSENT
      if (args.length > 1) acc = args[1]
      else {
        for (; j >= 0 && acc === ABSENT; j--) acc = elementAt(st, o, keys === null ? j : keys[j]!)
        if (acc === ABSENT) throw st.typeError("Reduce of empty array with no initial value")
      }
      for (; j >= 0; j--) {
        const i = keys === null ? j : keys[j]!
        const v = elementAt(st, o, i)
        if (v !== ABSENT) acc = f.impl(st, undefined, [acc, v, i, o], undefined)
      }
      return acc
    }],
    slice: [2, (st, t, [s, e]) => {
      const [o, n] = receiver(st, t)
      const from = relativeIndex(st, s, n, 0)
      const end = relativeIndex(st, e, n, n)
      const count = Math.max(end - from, 0)
      const C = arraySpecies(st, o)
      const a = speciesResult(st, C, count)
      if (C === undefined && o instanceof JsArray && o.dense) {
        st.charge(count >>> 4)
        return st.realm.newArray(o.items.slice(from, end))
      }
      const keys = sparseIndices(o, from, end)
      const visits = keys === null ? count : keys.length
      for (let j = 0; j < visits; j++) {
        const i = keys === null ? from + j : keys[j]!
        if (--st.fuel <= 0) st.refuel()
        const v = elementAt(st, o, i)
        if (v !== ABSENT) createAt(st, a, i - from, v)
      }
      setLengthOf(st, a, count)
      return a
    }],
    concat: [1, (st, t, args) => {
      const [o] = receiver(st, t)
      const a = speciesResult(st, arraySpecies(st, o), 0)
      let at = 0
      for (const item of [o, ...args]) {
        if (isConcatSpreadable(st, item)) {
          const n = item instanceof JsArray ? item.length : receiver(st, item)[1]
          if (at + n > MAX_LENGTH) throw st.typeError("Invalid array length")
          if (item instanceof JsArray && item.dense && a instanceof JsArray && a.dense && at === a.items.length) {
            if (at + n > st.maxArrayLength) throw st.arrayTooLarge()
            st.charge(n >>> 4)
            for (const v of item.items) a.items.push(v)
            at += n
            continue
          }
          const keys = sparseIndices(item, 0, n)
          const visits = keys === null ? n : keys.length
          for (let j = 0; j < visits; j++) {
            const i = keys === null ? j : keys[j]!
            if (--st.fuel <= 0) st.refuel()
            const v = elementAt(st, item, i)
            if (v !== ABSENT) createAt(st, a, at + i, v)
          }
          at += n
        } else {
          if (at >= MAX_LENGTH) throw st.typeError("Invalid array length")
          createAt(st, a, at++, item)
        }
      }
      setLengthOf(st, a, at)
      return a
    }],
    join: [1, (st, t, [sep]) => {
      const [o, n] = receiver(st, t)
      const s = sep === undefined ? "," : toStr(st, sep)
      if (o instanceof JsArray && o.dense) {
        // Only strings, numbers, booleans, null and undefined: the host's join converts them exactly
        // as toStr does, without the copy below. The bound on the length is checked first. The
        // array's own segments are joined as they are, never copied into one store.
        const elements = o.parts()
        const fast = primitiveJoinBound(elements, o.length, s.length)
        if (fast >= 0 && fast <= st.maxStringLength) {
          st.charge(o.length >>> 2)
          return joinPrimitives(elements, s) // runtime/join.ts: in pieces, which V8 does faster
        }
      }
      const items = o instanceof JsArray && o.dense ? o.items : null
      if (items !== null) {
        // Dense: convert every element, then check the whole length once (the bound names it).
        let total = 0
        const parts: string[] = new Array(items.length)
        for (let i = 0; i < items.length && i < n; i++) {
          const v = items[i]
          const p = v === undefined || v === null ? "" : typeof v === "string" ? v : toStr(st, v)
          parts[i] = p
          total += p.length + s.length
        }
        st.checkStringLength(total - s.length)
        st.charge(items.length >>> 2)
        return joinPrimitives([parts], s)
      }
      if (n > st.maxStringLength + 1) st.checkStringLength((n - 1) * s.length)
      let total = 0
      const parts: string[] = []
      for (let i = 0; i < n; i++) {
        if (--st.fuel <= 0) st.refuel()
        const v = getAt(st, o, i)
        const p = v === undefined || v === null ? "" : typeof v === "string" ? v : toStr(st, v)
        parts.push(p)
        total += p.length + s.length
        st.checkStringLength(total - s.length)
      }
      st.charge(n >>> 2)
      return parts.join(s)
    }],
    toString: spec(0, (st: JsState, t: Value) => {
      const o = receiver(st, t)[0]
      const join = o.get(st, "join")
      if (join instanceof JsFunction) return st.call(join, o, [])
      return st.call(st.realm.ObjectPrototype.get(st, "toString"), o, [])
    }),
    toLocaleString: spec(0, (st: JsState, t: Value) => {
      const [o, n] = receiver(st, t)
      const parts: string[] = []
      for (let i = 0; i < n; i++) {
        const v = getAt(st, o, i)
        parts.push(v === undefined || v === null ? "" : toStr(st, st.call(getV(st, v, "toLocaleString"), v, [])))
      }
      return parts.join(",")
    }),
    at: [1, (st, t, [index]) => {
      const [o, n] = receiver(st, t)
      const k = toIntegerOrInfinity(st, index)
      const i = k < 0 ? n + k : k
      return i < 0 || i >= n ? undefined : getAt(st, o, i)
    }],
    toSorted: [1, (st, t, [cmp]) => {
      checkComparator(st, cmp)
      const [o, n] = receiver(st, t)
      if (n > 4294967295) throw st.rangeError("Invalid array length")
      return st.realm.newArray(sortValues(st, readAll(st, o, n), cmp))
    }],
    toReversed: [0, (st, t) => {
      const [o, n] = receiver(st, t)
      if (n > 4294967295) throw st.rangeError("Invalid array length")
      return st.realm.newArray(readAll(st, o, n).reverse())
    }],
    toSpliced: [2, (st, t, args) => {
      const [o, n] = receiver(st, t)
      const start = relativeIndex(st, args[0], n, 0)
      const count = args.length === 0 ? 0 : args.length === 1 ? n - start : Math.min(Math.max(toIntegerOrInfinity(st, args[1]), 0), n - start)
      const inserted = args.slice(2)
      const total = n - count + inserted.length
      if (total > MAX_LENGTH) throw st.typeError("Invalid array length")
      if (total > 4294967295) throw st.rangeError("Invalid array length")
      if (total > st.maxArrayLength) throw st.arrayTooLarge()
      const out: Value[] = []
      for (let i = 0; i < start; i++) out.push(getAt(st, o, i))
      for (const v of inserted) out.push(v)
      for (let i = start + count; i < n; i++) out.push(getAt(st, o, i))
      return st.realm.newArray(out)
    }],
    with: [2, (st, t, [index, v]) => {
      const [o, n] = receiver(st, t)
      const k = toIntegerOrInfinity(st, index)
      const i = k < 0 ? n + k : k
      if (i < 0 || i >= n) throw st.rangeError("Invalid index : " + String(k))
      if (n > 4294967295) throw st.rangeError("Invalid array length")
      const out = new Array<Value>(n)
      for (let j = 0; j < n; j++) out[j] = j === i ? v : getAt(st, o, j)
      return st.realm.newArray(out)
    }],
    flat: [0, (st, t, [depth]) => {
      const [o, n] = receiver(st, t)
      let d = 1
      if (depth !== undefined) {
        d = toIntegerOrInfinity(st, depth)
        if (d < 0) d = 0
      }
      const a = speciesResult(st, arraySpecies(st, o), 0)
      flattenInto(st, a, 0, o, n, d)
      return a
    }],
    flatMap: [1, (st, t, [fn, self]) => {
      const [o, n] = receiver(st, t)
      const f = callbackArg(st, fn)
      const a = speciesResult(st, arraySpecies(st, o), 0)
      flattenInto(st, a, 0, o, n, 1, f, self)
      return a
    }],
  })
  void arrayCreate
}
