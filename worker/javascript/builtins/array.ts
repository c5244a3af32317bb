/**
 * `Array` and `Array.prototype`: the ES2023 methods agents use. Methods work on the dense `items`
 * of a `JsArray` directly (they are only installed on our arrays' prototype; called on another
 * object through `call`, they go through its `length` and indexed properties). Work proportional to
 * the input is charged as fuel; callbacks go through `st.call`. `sort` is stable (the host's sort
 * is, and the comparator is a program function called through the meter).
 */

import { JsArray, JsFunction, JsObject, type Value } from "../runtime/object.js"
import { JsIterator, DONE, iterate, iterableToList } from "../runtime/iterate.js"
import { lt, sameValueZero, toIntegerOrInfinity, toNumber, toObject, toStr, truthy } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"

/** The elements of `this` as a host array (the live `items` of a JsArray, a copy otherwise). */
function elements(st: JsState, thisArg: Value): Value[] {
  if (thisArg instanceof JsArray) return thisArg.items
  const o = toObject(st, thisArg)
  const n = toIntegerOrInfinity(st, o.get(st, "length"))
  if (n > st.maxArrayLength) throw st.arrayTooLarge()
  const out: Value[] = []
  for (let i = 0; i < n; i++) out.push(o.get(st, String(i)))
  return out
}

/**
 * An upper bound on the length of `items.join(sep)` when every item is a string, number, boolean,
 * `null` or `undefined` (which the host converts exactly as `toStr` does: null and undefined to
 * ""), or -1 when one is not — objects run program code, symbols throw, bigints can be long.
 */
function primitiveJoinBound(items: ReadonlyArray<Value>, sepLength: number): number {
  let total = items.length > 0 ? (items.length - 1) * sepLength : 0
  for (let i = 0; i < items.length; i++) {
    const v = items[i]
    if (typeof v === "string") total += v.length
    else if (typeof v === "number") total += 25 // the longest number text, "-1.2345678901234567e-308"
    else if (typeof v === "boolean") total += 5
    else if (v !== undefined && v !== null) return -1
  }
  return total
}

/**
 * `items.splice(start, count, ...inserted)` without spreading a long list into one host call (a
 * program can pass hundreds of thousands of arguments; the host's stack cannot take them).
 */
const SPREAD_CHUNK = 8192
function spliceItems(items: Value[], start: number, count: number, inserted: Value[]): Value[] {
  if (inserted.length <= SPREAD_CHUNK) return items.splice(start, count, ...inserted)
  const removed = items.splice(start, count)
  for (let i = 0; i < inserted.length; i += SPREAD_CHUNK) items.splice(start + i, 0, ...inserted.slice(i, i + SPREAD_CHUNK))
  return removed
}

function mutable(st: JsState, thisArg: Value): JsArray {
  if (thisArg instanceof JsArray) {
    if (thisArg.frozen) throw st.typeError("Cannot modify a frozen array")
    return thisArg
  }
  throw st.typeError("This array method can only modify arrays in Code Mode")
}

const callback = (st: JsState, fn: Value): JsFunction => {
  if (!(fn instanceof JsFunction)) throw st.typeError(`${st.realm.describe(fn)} is not a function`)
  return fn
}

const relativeIndex = (st: JsState, v: Value, length: number, fallback: number): number => {
  if (v === undefined) return fallback
  const n = toIntegerOrInfinity(st, v)
  return n < 0 ? Math.max(length + n, 0) : Math.min(n, length)
}

export function compareDefault(st: JsState, a: Value, b: Value): number {
  if (a === undefined) return b === undefined ? 0 : 1
  if (b === undefined) return -1
  const x = toStr(st, a)
  const y = toStr(st, b)
  return x < y ? -1 : x > y ? 1 : 0
}

function sortItems(st: JsState, items: Value[], cmp: Value): Value[] {
  st.charge(items.length * Math.ceil(Math.log2(items.length + 2)))
  if (cmp !== undefined && !(cmp instanceof JsFunction)) throw st.typeError("The comparison function must be either a function or undefined")
  const undef: Value[] = items.filter((v) => v === undefined)
  const defined = items.filter((v) => v !== undefined)
  const compare =
    cmp === undefined
      ? (a: Value, b: Value) => compareDefault(st, a, b)
      : (a: Value, b: Value) => {
          const r = toNumber(st, st.call(cmp, undefined, [a, b]))
          return r !== r ? 0 : r
        }
  defined.sort(compare as (a: unknown, b: unknown) => number)
  return [...defined, ...undef]
}

function flatten(st: JsState, out: Value[], items: Value[], depth: number): void {
  for (const v of items) {
    if (depth > 0 && v instanceof JsArray) flatten(st, out, v.items, depth - 1)
    else {
      if (out.length >= st.maxArrayLength) throw st.arrayTooLarge()
      out.push(v)
    }
  }
}

export function installArray(realm: Realm): void {
  const AP = realm.ArrayPrototype
  const ArrayCtor = realm.constructorFunction(
    "Array",
    1,
    (st, _t, args) => {
      if (args.length === 1 && typeof args[0] === "number") {
        const n = args[0]
        if (!(n >= 0 && Number.isInteger(n) && n < 2 ** 32)) throw st.rangeError("Invalid array length")
        if (n > st.maxArrayLength) throw st.arrayTooLarge()
        return st.realm.newArray(new Array(n).fill(undefined))
      }
      return st.realm.newArray(args.slice())
    },
    AP,
  )
  realm.defineGlobal("Array", ArrayCtor)
  realm.methods(ArrayCtor, {
    isArray: [1, (_st, _t, [v]) => v instanceof JsArray && v.className === "Array"],
    of: [0, (st, _t, args) => st.realm.newArray(args.slice())],
    from: [1, (st, _t, [source, fn, self]) => {
      let items: Value[]
      if (source instanceof JsObject && !(source instanceof JsArray) && source.get(st, Symbol.iterator) === undefined) items = elements(st, source)
      else items = iterableToList(st, source)
      if (fn !== undefined) {
        const f = callback(st, fn)
        items = items.map((v, i) => st.call(f, self, [v, i]))
      }
      return st.realm.newArray(items)
    }],
  })

  const iteratorOf = (st: JsState, thisArg: Value, kind: 0 | 1 | 2): JsIterator => {
    const o = toObject(st, thisArg)
    let i = 0
    return new JsIterator(st.realm.ArrayIteratorPrototype, () => {
      const items = o instanceof JsArray ? o.items : elements(st, o)
      if (i >= items.length) {
        i = Infinity
        return DONE
      }
      const index = i++
      return kind === 0 ? index : kind === 1 ? items[index] : st.realm.newArray([index, items[index]])
    })
  }

  realm.methods(AP, {
    push: [1, (st, t, args) => {
      const a = mutable(st, t)
      if (a.items.length + args.length > st.maxArrayLength) throw st.arrayTooLarge()
      for (const v of args) a.items.push(v)
      return a.items.length
    }],
    pop: [0, (st, t) => mutable(st, t).items.pop()],
    shift: [0, (st, t) => {
      const a = mutable(st, t)
      st.charge(a.items.length >>> 4)
      return a.items.shift()
    }],
    unshift: [1, (st, t, args) => {
      const a = mutable(st, t)
      if (a.items.length + args.length > st.maxArrayLength) throw st.arrayTooLarge()
      st.charge(a.items.length >>> 4)
      spliceItems(a.items, 0, 0, args)
      return a.items.length
    }],
    slice: [2, (st, t, [s, e]) => {
      const items = elements(st, t)
      const n = items.length
      const out = items.slice(relativeIndex(st, s, n, 0), relativeIndex(st, e, n, n))
      st.charge(out.length >>> 4)
      return st.realm.newArray(out)
    }],
    splice: [2, (st, t, args) => {
      const a = mutable(st, t)
      const n = a.items.length
      const start = relativeIndex(st, args[0], n, 0)
      const count = args.length === 0 ? 0 : args.length === 1 ? n - start : Math.min(Math.max(toIntegerOrInfinity(st, args[1]), 0), n - start)
      const inserted = args.slice(2)
      if (n - count + inserted.length > st.maxArrayLength) throw st.arrayTooLarge()
      st.charge(n >>> 4)
      return st.realm.newArray(spliceItems(a.items, start, count, inserted))
    }],
    concat: [1, (st, t, args) => {
      const out = elements(st, t).slice()
      for (const v of args) {
        if (v instanceof JsArray) for (const x of v.items) out.push(x)
        else out.push(v)
        if (out.length > st.maxArrayLength) throw st.arrayTooLarge()
      }
      st.charge(out.length >>> 4)
      return st.realm.newArray(out)
    }],
    join: [1, (st, t, [sep]) => {
      const items = elements(st, t)
      const s = sep === undefined ? "," : toStr(st, sep)
      // Only strings, numbers, booleans, null and undefined: the host's join converts them exactly
      // as toStr does, without the copy below. The bound on the length is checked first.
      const fast = primitiveJoinBound(items, s.length)
      if (fast >= 0 && fast <= st.maxStringLength) {
        st.charge(items.length >>> 2)
        return items.join(s)
      }
      let total = 0
      const parts: string[] = new Array(items.length)
      for (let i = 0; i < items.length; i++) {
        const v = items[i]
        const p = v === undefined || v === null ? "" : typeof v === "string" ? v : toStr(st, v)
        parts[i] = p
        total += p.length + s.length
      }
      st.checkStringLength(total - s.length)
      st.charge(items.length >>> 2)
      return parts.join(s)
    }],
    reverse: [0, (st, t) => {
      const a = mutable(st, t)
      a.items.reverse()
      return a
    }],
    indexOf: [1, (st, t, [v, from]) => {
      const items = elements(st, t)
      for (let i = relativeIndex(st, from, items.length, 0); i < items.length; i++) if (items[i] === v) return i
      return -1
    }],
    lastIndexOf: [1, (st, t, args) => {
      const items = elements(st, t)
      const start = args.length > 1 ? toIntegerOrInfinity(st, args[1]) : items.length - 1
      for (let i = Math.min(start < 0 ? items.length + start : start, items.length - 1); i >= 0; i--) if (items[i] === args[0]) return i
      return -1
    }],
    includes: [1, (st, t, [v, from]) => {
      const items = elements(st, t)
      for (let i = relativeIndex(st, from, items.length, 0); i < items.length; i++) if (sameValueZero(items[i], v)) return true
      return false
    }],
    find: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      const n = items.length
      for (let i = 0; i < n; i++) if (truthy(st.call(f, self, [items[i], i, t]))) return items[i]
      return undefined
    }],
    findIndex: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      const n = items.length
      for (let i = 0; i < n; i++) if (truthy(st.call(f, self, [items[i], i, t]))) return i
      return -1
    }],
    findLast: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      for (let i = items.length - 1; i >= 0; i--) if (truthy(st.call(f, self, [items[i], i, t]))) return items[i]
      return undefined
    }],
    findLastIndex: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      for (let i = items.length - 1; i >= 0; i--) if (truthy(st.call(f, self, [items[i], i, t]))) return i
      return -1
    }],
    filter: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      const out: Value[] = []
      const n = items.length
      for (let i = 0; i < n && i < items.length; i++) {
        const v = items[i]
        if (truthy(f.impl(st, self, [v, i, t], undefined))) out.push(v)
      }
      return st.realm.newArray(out)
    }],
    map: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      const n = items.length
      const out: Value[] = new Array(n)
      for (let i = 0; i < n && i < items.length; i++) out[i] = f.impl(st, self, [items[i], i, t], undefined)
      return st.realm.newArray(out)
    }],
    forEach: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      const n = items.length
      for (let i = 0; i < n && i < items.length; i++) f.impl(st, self, [items[i], i, t], undefined)
      return undefined
    }],
    reduce: [1, (st, t, args) => {
      const f = callback(st, args[0])
      const items = elements(st, t)
      let i = 0
      let acc: Value
      if (args.length > 1) acc = args[1]
      else {
        if (items.length === 0) throw st.typeError("Reduce of empty array with no initial value")
        acc = items[i++]
      }
      const n = items.length
      for (; i < n && i < items.length; i++) acc = f.impl(st, undefined, [acc, items[i], i, t], undefined)
      return acc
    }],
    reduceRight: [1, (st, t, args) => {
      const f = callback(st, args[0])
      const items = elements(st, t)
      let i = items.length - 1
      let acc: Value
      if (args.length > 1) acc = args[1]
      else {
        if (items.length === 0) throw st.typeError("Reduce of empty array with no initial value")
        acc = items[i--]
      }
      for (; i >= 0; i--) acc = f.impl(st, undefined, [acc, items[i], i, t], undefined)
      return acc
    }],
    some: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      const n = items.length
      for (let i = 0; i < n && i < items.length; i++) if (truthy(st.call(f, self, [items[i], i, t]))) return true
      return false
    }],
    every: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      const n = items.length
      for (let i = 0; i < n && i < items.length; i++) if (!truthy(st.call(f, self, [items[i], i, t]))) return false
      return true
    }],
    sort: [1, (st, t, [cmp]) => {
      const a = mutable(st, t)
      const sorted = sortItems(st, a.items, cmp)
      for (let i = 0; i < sorted.length; i++) a.items[i] = sorted[i]
      return a
    }],
    toSorted: [1, (st, t, [cmp]) => st.realm.newArray(sortItems(st, elements(st, t).slice(), cmp))],
    toReversed: [0, (st, t) => st.realm.newArray(elements(st, t).slice().reverse())],
    toSpliced: [2, (st, t, args) => {
      const items = elements(st, t).slice()
      const n = items.length
      const start = relativeIndex(st, args[0], n, 0)
      const count = args.length === 0 ? 0 : args.length === 1 ? n - start : Math.min(Math.max(toIntegerOrInfinity(st, args[1]), 0), n - start)
      if (n - count + args.length - 2 > st.maxArrayLength) throw st.arrayTooLarge()
      spliceItems(items, start, count, args.slice(2))
      return st.realm.newArray(items)
    }],
    with: [2, (st, t, [index, v]) => {
      const items = elements(st, t).slice()
      const n = toIntegerOrInfinity(st, index)
      const i = n < 0 ? items.length + n : n
      if (i < 0 || i >= items.length) throw st.rangeError("Invalid index : " + String(n))
      items[i] = v
      return st.realm.newArray(items)
    }],
    flat: [0, (st, t, [depth]) => {
      const out: Value[] = []
      flatten(st, out, elements(st, t), depth === undefined ? 1 : toIntegerOrInfinity(st, depth))
      return st.realm.newArray(out)
    }],
    flatMap: [1, (st, t, [fn, self]) => {
      const f = callback(st, fn)
      const items = elements(st, t)
      const out: Value[] = []
      const n = items.length
      for (let i = 0; i < n && i < items.length; i++) {
        const r = st.call(f, self, [items[i], i, t])
        flatten(st, out, [r], 1)
      }
      return st.realm.newArray(out)
    }],
    at: [1, (st, t, [index]) => {
      const items = elements(st, t)
      const n = toIntegerOrInfinity(st, index)
      return items[n < 0 ? items.length + n : n]
    }],
    fill: [1, (st, t, [v, s, e]) => {
      const a = mutable(st, t)
      const n = a.items.length
      for (let i = relativeIndex(st, s, n, 0), end = relativeIndex(st, e, n, n); i < end; i++) a.items[i] = v
      return a
    }],
    copyWithin: [2, (st, t, [target, s, e]) => {
      const a = mutable(st, t)
      const n = a.items.length
      const to = relativeIndex(st, target, n, 0)
      const from = relativeIndex(st, s, n, 0)
      const count = Math.min(relativeIndex(st, e, n, n) - from, n - to)
      if (count <= 0) return a
      st.charge(count >>> 4)
      a.items.copyWithin(to, from, from + count)
      return a
    }],
    keys: [0, (st, t) => iteratorOf(st, t, 0)],
    entries: [0, (st, t) => iteratorOf(st, t, 2)],
    toString: spec(0, (st: JsState, t: Value) => st.call(realm.ArrayPrototype.get(st, "join"), t, [])),
  })
  const values = realm.builtin("values", 0, (st, t) => iteratorOf(st, t, 1))
  AP.defineOwn(realm.st, "values", values, 2)
  AP.defineOwn(realm.st, Symbol.iterator, values, 2)
  realm.arrayValues = values
  realm.arrayIteratorNext = realm.symbolMethod(realm.ArrayIteratorPrototype, "next" as unknown as symbol, "next", 0, iteratorNext)
  realm.ArrayIteratorPrototype.defineOwn(realm.st, Symbol.toStringTag, "Array Iterator", 3)
  realm.symbolMethod(realm.IteratorPrototype, Symbol.iterator, "[Symbol.iterator]", 0, (_st, t) => t)
  void lt
  void iterate
}

/** `next` of every built-in iterator. */
export function iteratorNext(st: JsState, thisArg: Value): Value {
  if (!(thisArg instanceof JsIterator)) throw st.typeError("next method called on incompatible receiver")
  const v = thisArg.step()
  const o = st.realm.newObject()
  o.props.set("value", v === DONE ? undefined : v)
  o.props.set("done", v === DONE)
  return o
}
