/**
 * `%TypedArray%.prototype`: the accessors (`buffer`, `byteLength`, `byteOffset`, `length`,
 * `Symbol.toStringTag`) and the methods, shared by every element type. They follow the standard's
 * algorithms on `JsTypedArray` (typed-array.ts): elements are read straight from the view, writes
 * convert first (which may run program code) and then store, callbacks go through `st.call`, and
 * the methods that build a new typed array honour `Symbol.species`. Work proportional to the
 * length is charged as fuel. `toString` is `Array.prototype.toString` itself, as the standard has it.
 */

import { JsFunction, JsObject, type Value } from "../runtime/object.js"
import { JsIterator, DONE, iterableToList } from "../runtime/iterate.js"
import { getV, sameValueZero, toIntegerOrInfinity, toNumber, toStr, truthy } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { iteratorNext } from "./array.js"
import { relativeIndex } from "./array-like.js"
import { compareDefault } from "./array-sort.js"
import { binary, typedArrayCreate, typedArraySpeciesCreate } from "./typed-array-constructors.js"
import { JsTypedArray, checkBytes, thisTypedArray } from "./typed-array.js"

const callbackOf = (st: JsState, fn: Value): JsFunction => {
  if (!(fn instanceof JsFunction)) throw st.typeError(`${st.realm.describe(fn)} is not a function`)
  return fn
}

/** The numeric order of `sort` without a comparator: -0 before +0, NaN last. */
function numericOrder(a: number | bigint, b: number | bigint): number {
  if (typeof a === "bigint") return a < (b as bigint) ? -1 : a > (b as bigint) ? 1 : 0
  const x = a as number
  const y = b as number
  if (x !== x) return y !== y ? 0 : 1
  if (y !== y) return -1
  if (x < y) return -1
  if (x > y) return 1
  if (x === 0 && y === 0) return Object.is(x, -0) ? (Object.is(y, -0) ? 0 : -1) : Object.is(y, -0) ? 1 : 0
  return 0
}

function sortedValues(st: JsState, a: JsTypedArray, cmp: Value): Array<number | bigint> {
  const values = Array.from(a.view as ArrayLike<number | bigint>)
  st.charge(values.length * Math.ceil(Math.log2(values.length + 2)))
  if (cmp === undefined) return values.sort(numericOrder)
  return values.sort((x, y) => {
    const r = toNumber(st, st.call(cmp, undefined, [x, y]))
    return r !== r ? 0 : r
  })
}

export function installTypedArrayMethods(realm: Realm): void {
  const proto = realm.intrinsic("TypedArray.prototype")
  realm.getter(proto, "buffer", (st, t) => thisTypedArray(st, t, "buffer").buffer)
  realm.getter(proto, "byteLength", (st, t) => thisTypedArray(st, t, "byteLength").byteLength)
  realm.getter(proto, "byteOffset", (st, t) => thisTypedArray(st, t, "byteOffset").byteOffset)
  realm.getter(proto, "length", (st, t) => thisTypedArray(st, t, "length").length)
  realm.getter(proto, Symbol.toStringTag, (_st, t) => (t instanceof JsTypedArray ? t.kind.name : undefined))

  void iteratorNext
  const iteratorOver = (st: JsState, a: JsTypedArray, kind: 0 | 1 | 2): JsIterator => {
    let i = 0
    return new JsIterator(st.realm.ArrayIteratorPrototype, () => {
      if (i >= a.length) {
        i = Infinity
        return DONE
      }
      const index = i++
      return kind === 0 ? index : kind === 1 ? a.at(index) : st.realm.newArray([index, a.at(index)])
    })
  }

  /**
   * Calls `fn(value, index, a)` for each element until `stop` says so; returns that index or -1,
   * and the value the callback saw there (a callback may rewrite the array).
   */
  const scan = (st: JsState, t: Value, name: string, fn: Value, self: Value, stop: (r: Value) => boolean, backwards = false): [JsTypedArray, number, Value] => {
    const a = thisTypedArray(st, t, name)
    const f = callbackOf(st, fn)
    const n = a.length
    for (let k = 0; k < n; k++) {
      const i = backwards ? n - 1 - k : k
      const v = a.at(i)
      if (stop(st.call(f, self, [v, i, a]))) return [a, i, v]
    }
    return [a, -1, undefined]
  }

  const join = (st: JsState, a: JsTypedArray, separator: Value): string => {
    const sep = separator === undefined ? "," : toStr(st, separator)
    const n = a.length
    const parts: string[] = new Array(n)
    let total = 0
    for (let i = 0; i < n; i++) {
      const p = toStr(st, a.at(i))
      parts[i] = p
      total += p.length + sep.length
      st.checkStringLength(total - sep.length)
    }
    st.charge(n >>> 2)
    return parts.join(sep)
  }

  realm.methods(proto, {
    at: [1, (st, t, [i]) => {
      const a = thisTypedArray(st, t, "at")
      const n = toIntegerOrInfinity(st, i)
      const k = n < 0 ? a.length + n : n
      return k >= 0 && k < a.length ? a.at(k) : undefined
    }],
    copyWithin: [2, (st, t, [target, start, end]) => {
      const a = thisTypedArray(st, t, "copyWithin")
      const n = a.length
      const to = relativeIndex(st, target, n, 0)
      const from = relativeIndex(st, start, n, 0)
      const count = Math.min(relativeIndex(st, end, n, n) - from, n - to)
      if (count > 0) {
        st.charge(count >>> 4)
        a.view.copyWithin(to, from, from + count)
      }
      return a
    }],
    fill: [1, (st, t, [v, start, end]) => {
      const a = thisTypedArray(st, t, "fill")
      const value = a.convert(st, v)
      const n = a.length
      const from = relativeIndex(st, start, n, 0)
      const to = relativeIndex(st, end, n, n)
      st.charge(Math.max(0, to - from) >>> 4)
      ;(a.view as unknown as { fill(v: number | bigint, s: number, e: number): void }).fill(value, from, to)
      return a
    }],
    includes: [1, (st, t, [v, from]) => {
      const a = thisTypedArray(st, t, "includes")
      if (a.length === 0) return false
      st.charge(a.length >>> 4)
      for (let i = relativeIndex(st, from, a.length, 0); i < a.length; i++) if (sameValueZero(a.at(i), v)) return true
      return false
    }],
    indexOf: [1, (st, t, [v, from]) => {
      const a = thisTypedArray(st, t, "indexOf")
      if (a.length === 0) return -1
      st.charge(a.length >>> 4)
      for (let i = relativeIndex(st, from, a.length, 0); i < a.length; i++) if (a.at(i) === v) return i
      return -1
    }],
    lastIndexOf: [1, (st, t, args) => {
      const a = thisTypedArray(st, t, "lastIndexOf")
      const n = a.length
      if (n === 0) return -1
      const k = args.length > 1 ? toIntegerOrInfinity(st, args[1]) : n - 1
      st.charge(n >>> 4)
      for (let i = k < 0 ? n + k : Math.min(k, n - 1); i >= 0; i--) if (a.at(i) === args[0]) return i
      return -1
    }],
    join: [1, (st, t, [separator]) => join(st, thisTypedArray(st, t, "join"), separator)],
    toLocaleString: spec(0, (st: JsState, t: Value) => {
      const a = thisTypedArray(st, t, "toLocaleString")
      const parts: string[] = []
      for (let i = 0; i < a.length; i++) {
        const v = a.at(i)
        parts.push(toStr(st, st.call(getV(st, v, "toLocaleString"), v, [])))
      }
      return parts.join(",")
    }),
    reverse: [0, (st, t) => {
      const a = thisTypedArray(st, t, "reverse")
      st.charge(a.length >>> 4)
      a.view.reverse()
      return a
    }],
    toReversed: [0, (st, t) => {
      const a = thisTypedArray(st, t, "toReversed")
      const out = typedArrayCreate(st, binary(st.realm).constructors.get(a.kind)!, [a.length])
      for (let i = 0; i < a.length; i++) out.store(i, a.at(a.length - 1 - i))
      return out
    }],
    set: [1, (st, t, [source, offset]) => {
      const a = thisTypedArray(st, t, "set")
      const at = toIntegerOrInfinity(st, offset)
      if (at < 0) throw st.rangeError("offset is out of bounds")
      if (source instanceof JsTypedArray) {
        if (source.kind.bigint !== a.kind.bigint) throw st.typeError("Cannot mix BigInt and other types, use explicit conversions")
        if (at + source.length > a.length) throw st.rangeError("offset is out of bounds")
        st.charge(source.length >>> 4)
        // The host's set converts between element types as the standard does, overlap included.
        ;(a.view as unknown as { set(s: ArrayLike<number | bigint>, o: number): void }).set(source.view as ArrayLike<number | bigint>, at)
        return undefined
      }
      if (source === undefined || source === null) throw st.typeError(`Cannot convert ${String(source)} to object`)
      const src = source instanceof JsObject ? source : st.realm.newObject()
      const n = Math.max(0, Math.min(toIntegerOrInfinity(st, src.get(st, "length")), Number.MAX_SAFE_INTEGER))
      if (at + n > a.length) throw st.rangeError("offset is out of bounds")
      for (let i = 0; i < n; i++) {
        if (--st.fuel <= 0) st.refuel()
        a.set(st, String(at + i), src.get(st, String(i)))
      }
      return undefined
    }],
    slice: [2, (st, t, [start, end]) => {
      const a = thisTypedArray(st, t, "slice")
      const n = a.length
      const from = relativeIndex(st, start, n, 0)
      const to = relativeIndex(st, end, n, n)
      const count = Math.max(to - from, 0)
      const out = typedArraySpeciesCreate(st, a, [count])
      if (count > 0) {
        st.charge(count >>> 4)
        if (out.kind === a.kind) out.data.set(a.data.subarray(from * a.kind.size, (from + count) * a.kind.size))
        else for (let i = 0; i < count; i++) out.set(st, String(i), a.at(from + i))
      }
      return out
    }],
    subarray: [2, (st, t, [start, end]) => {
      const a = thisTypedArray(st, t, "subarray")
      const n = a.length
      const from = relativeIndex(st, start, n, 0)
      const to = relativeIndex(st, end, n, n)
      const count = Math.max(to - from, 0)
      return typedArraySpeciesCreate(st, a, [a.buffer, a.byteOffset + from * a.kind.size, count])
    }],
    sort: [1, (st, t, [cmp]) => {
      if (cmp !== undefined && !(cmp instanceof JsFunction)) throw st.typeError("The comparison function must be either a function or undefined")
      const a = thisTypedArray(st, t, "sort")
      const sorted = sortedValues(st, a, cmp)
      for (let i = 0; i < sorted.length; i++) a.store(i, sorted[i]!)
      return a
    }],
    toSorted: [1, (st, t, [cmp]) => {
      if (cmp !== undefined && !(cmp instanceof JsFunction)) throw st.typeError("The comparison function must be either a function or undefined")
      const a = thisTypedArray(st, t, "toSorted")
      const out = typedArrayCreate(st, binary(st.realm).constructors.get(a.kind)!, [a.length])
      const sorted = sortedValues(st, a, cmp)
      for (let i = 0; i < sorted.length; i++) out.store(i, sorted[i]!)
      return out
    }],
    with: [2, (st, t, [index, v]) => {
      const a = thisTypedArray(st, t, "with")
      const k = toIntegerOrInfinity(st, index)
      const i = k < 0 ? a.length + k : k
      const value = a.convert(st, v)
      if (!(i >= 0 && i < a.length)) throw st.rangeError("Invalid typed array index")
      const out = typedArrayCreate(st, binary(st.realm).constructors.get(a.kind)!, [a.length])
      for (let j = 0; j < a.length; j++) out.store(j, j === i ? value : a.at(j))
      return out
    }],
    forEach: [1, (st, t, [fn, self]) => {
      scan(st, t, "forEach", fn, self, () => false)
      return undefined
    }],
    map: [1, (st, t, [fn, self]) => {
      const a = thisTypedArray(st, t, "map")
      const f = callbackOf(st, fn)
      const out = typedArraySpeciesCreate(st, a, [a.length])
      for (let i = 0; i < a.length; i++) out.set(st, String(i), st.call(f, self, [a.at(i), i, a]))
      return out
    }],
    filter: [1, (st, t, [fn, self]) => {
      const a = thisTypedArray(st, t, "filter")
      const f = callbackOf(st, fn)
      const kept: Value[] = []
      for (let i = 0; i < a.length; i++) {
        const v = a.at(i)
        if (truthy(st.call(f, self, [v, i, a]))) kept.push(v)
      }
      const out = typedArraySpeciesCreate(st, a, [kept.length])
      for (let i = 0; i < kept.length; i++) out.set(st, String(i), kept[i])
      return out
    }],
    every: [1, (st, t, [fn, self]) => scan(st, t, "every", fn, self, (r) => !truthy(r))[1] < 0],
    some: [1, (st, t, [fn, self]) => scan(st, t, "some", fn, self, truthy)[1] >= 0],
    find: [1, (st, t, [fn, self]) => {
      return scan(st, t, "find", fn, self, truthy)[2]
    }],
    findIndex: [1, (st, t, [fn, self]) => scan(st, t, "findIndex", fn, self, truthy)[1]],
    findLast: [1, (st, t, [fn, self]) => {
      return scan(st, t, "findLast", fn, self, truthy, true)[2]
    }],
    findLastIndex: [1, (st, t, [fn, self]) => scan(st, t, "findLastIndex", fn, self, truthy, true)[1]],
    reduce: [1, (st, t, args) => {
      const a = thisTypedArray(st, t, "reduce")
      const f = callbackOf(st, args[0])
      let i = 0
      let acc: Value
      if (args.length > 1) acc = args[1]
      else if (a.length === 0) throw st.typeError("Reduce of empty array with no initial value")
      else acc = a.at(i++)
      for (; i < a.length; i++) acc = st.call(f, undefined, [acc, a.at(i), i, a])
      return acc
    }],
    reduceRight: [1, (st, t, args) => {
      const a = thisTypedArray(st, t, "reduceRight")
      const f = callbackOf(st, args[0])
      let i = a.length - 1
      let acc: Value
      if (args.length > 1) acc = args[1]
      else if (a.length === 0) throw st.typeError("Reduce of empty array with no initial value")
      else acc = a.at(i--)
      for (; i >= 0; i--) acc = st.call(f, undefined, [acc, a.at(i), i, a])
      return acc
    }],
    keys: [0, (st, t) => iteratorOver(st, thisTypedArray(st, t, "keys"), 0)],
    entries: [0, (st, t) => iteratorOver(st, thisTypedArray(st, t, "entries"), 2)],
  })
  const values = realm.builtin("values", 0, (st, t) => iteratorOver(st, thisTypedArray(st, t, "values"), 1))
  proto.defineOwn(realm.st, "values", values, 2)
  proto.defineOwn(realm.st, Symbol.iterator, values, 2)
  proto.defineOwn(realm.st, "toString", realm.ArrayPrototype.own("toString") as Value, 2)
  void checkBytes
  void compareDefault
  void iterableToList
}
