/**
 * `Array`, its statics and the mutating half of `Array.prototype` (`push`, `splice`, `sort`...);
 * the reading half is in array-methods.ts, the generic vocabulary both use in array-like.ts.
 *
 * Every method is the standard's generic algorithm: it works on any object with a `length`
 * (`Array.prototype.push.call(arrayLike, x)`), through the program's [[Get]]/[[Set]]/[[Delete]], so
 * holes, getters, setters and read-only elements behave as in V8. A dense array (array-like.ts)
 * takes a fast path that works on `items` directly and gives the same answer. Work proportional to
 * the input is charged as fuel; callbacks go through `st.call`. `sort` is stable (the host's sort
 * is, and the comparator is a program function called through the meter).
 */

import { ABSENT, Accessor, JsFunction, JsObject, isConstructor, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { JsIterator, DONE, iterableToList } from "../runtime/iterate.js"
import { toIntegerOrInfinity } from "../runtime/ops.js"
import { type Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { construct } from "../compile/functions.js"
import {
  MAX_LENGTH, arrayCreate, arraySpecies, speciesResult, callbackArg, createAt, deleteAt, elementAt, getAt, lengthOf, receiver, relativeIndex, setAt, setLengthOf,
} from "./array-like.js"
/** A dense array the fast paths may rewrite: its own prototype chain cannot observe the change. */
const denseArray = (o: JsObject): o is JsArray => o instanceof JsArray && o.dense

import { installArrayMethods } from "./array-methods.js"
import { checkComparator, sortValues, spliceItems } from "./array-sort.js"

/** The present elements of `o` below `n` (holes skipped), as SortIndexedProperties collects them. */
function presentValues(st: JsState, o: JsObject, n: number): Value[] {
  if (denseArray(o)) return o.items.slice(0, n)
  const out: Value[] = []
  for (let i = 0; i < n; i++) {
    if (--st.fuel <= 0) st.refuel()
    const v = elementAt(st, o, i)
    if (v !== ABSENT) out.push(v)
  }
  return out
}

/** `new C(n)` when `C` is a constructor other than `Array`, else ArrayCreate (Array.of / Array.from). */
function constructFrom(st: JsState, C: Value, args: Value[]): JsObject {
  if (C instanceof JsFunction && isConstructor(C) && C !== st.realm.arrayConstructor) {
    const made = construct(st, C, args, C, st.line)
    if (!(made instanceof JsObject)) throw st.typeError("object expected from the constructor")
    return made
  }
  // A plain array is filled in order and given its length at the end (both callers set it).
  if (args.length === 1 && (args[0] as number) > 4294967295) throw st.rangeError("Invalid array length")
  return st.realm.newArray([])
}

export function installArray(realm: Realm): void {
  const AP = realm.ArrayPrototype
  const ArrayCtor = realm.constructorFunction(
    "Array",
    1,
    (st, _t, args, newTarget) => {
      let a: JsArray
      if (args.length === 1 && typeof args[0] === "number") {
        const n = args[0]
        if (!(n >= 0 && Number.isInteger(n) && n < 2 ** 32)) throw st.rangeError("Invalid array length")
        a = arrayCreate(st, n)
      } else {
        if (args.length > st.maxArrayLength) throw st.arrayTooLarge()
        a = st.realm.newArray(args.slice())
      }
      if (newTarget !== undefined && newTarget !== st.realm.arrayConstructor) {
        const proto = newTarget.get(st, "prototype")
        if (proto instanceof JsObject) a.proto = proto
      }
      return a
    },
    AP,
  )
  realm.arrayConstructor = ArrayCtor
  realm.defineGlobal("Array", ArrayCtor)
  realm.getter(ArrayCtor, Symbol.species, (_st, t) => t)
  const species = ArrayCtor.own(Symbol.species)
  realm.arraySpeciesGetter = species instanceof Accessor ? (species.getter ?? null) : null

  realm.methods(ArrayCtor, {
    isArray: [1, (_st, _t, [v]) => v instanceof JsArray && v.className === "Array"],
    of: [0, (st, t, args) => {
      const a = constructFrom(st, t, [args.length])
      for (let i = 0; i < args.length; i++) createAt(st, a, i, args[i])
      setLengthOf(st, a, args.length)
      return a
    }],
    from: [1, (st, t, [source, fn, self]) => {
      const f = fn === undefined ? undefined : callbackArg(st, fn)
      if (source === undefined || source === null) throw st.typeError(`${String(source)} is not iterable`)
      const usingIterator = source instanceof JsObject || typeof source === "string" ? (source instanceof JsObject ? source.get(st, Symbol.iterator) : st.realm.StringPrototype.get(st, Symbol.iterator)) : undefined
      if (usingIterator !== undefined && usingIterator !== null) {
        const a = constructFrom(st, t, [])
        const values = iterableToList(st, source)
        for (let i = 0; i < values.length; i++) createAt(st, a, i, f === undefined ? values[i] : st.call(f, self, [values[i], i]))
        setLengthOf(st, a, values.length)
        return a
      }
      const [o, n] = receiver(st, source)
      if (n > st.maxArrayLength && (t === st.realm.arrayConstructor || !(t instanceof JsFunction))) throw st.arrayTooLarge()
      const a = constructFrom(st, t, [n])
      for (let i = 0; i < n; i++) {
        if (--st.fuel <= 0) st.refuel()
        const v = getAt(st, o, i)
        createAt(st, a, i, f === undefined ? v : st.call(f, self, [v, i]))
      }
      setLengthOf(st, a, n)
      return a
    }],
  })

  realm.methods(AP, {
    push: [1, (st, t, args) => {
      const [o, n] = receiver(st, t)
      if (denseArray(o)) {
        if (n + args.length > st.maxArrayLength) throw st.arrayTooLarge()
        for (const v of args) o.append(st, v)
        return o.length
      }
      if (n + args.length > MAX_LENGTH) throw st.typeError(`Pushing ${args.length} elements on an array-like of length ${n} is disallowed, as the total surpasses 2**53-1`)
      for (let i = 0; i < args.length; i++) setAt(st, o, n + i, args[i])
      setLengthOf(st, o, n + args.length)
      return n + args.length
    }],
    pop: [0, (st, t) => {
      const [o, n] = receiver(st, t)
      if (denseArray(o)) return o.items.pop()
      if (n === 0) {
        setLengthOf(st, o, 0)
        return undefined
      }
      const v = getAt(st, o, n - 1)
      deleteAt(st, o, n - 1)
      setLengthOf(st, o, n - 1)
      return v
    }],
    shift: [0, (st, t) => {
      const [o, n] = receiver(st, t)
      if (denseArray(o)) {
        st.charge(n >>> 4)
        return o.items.shift()
      }
      if (n === 0) {
        setLengthOf(st, o, 0)
        return undefined
      }
      const first = getAt(st, o, 0)
      for (let k = 1; k < n; k++) {
        if (--st.fuel <= 0) st.refuel()
        const v = elementAt(st, o, k)
        if (v !== ABSENT) setAt(st, o, k - 1, v)
        else deleteAt(st, o, k - 1)
      }
      deleteAt(st, o, n - 1)
      setLengthOf(st, o, n - 1)
      return first
    }],
    unshift: [1, (st, t, args) => {
      const [o, n] = receiver(st, t)
      if (denseArray(o)) {
        if (n + args.length > st.maxArrayLength) throw st.arrayTooLarge()
        st.charge(n >>> 4)
        spliceItems(o.items, 0, 0, args)
        return o.items.length
      }
      const c = args.length
      if (c > 0) {
        if (n + c > MAX_LENGTH) throw st.typeError("Invalid array length")
        for (let k = n; k > 0; k--) {
          if (--st.fuel <= 0) st.refuel()
          const v = elementAt(st, o, k - 1)
          if (v !== ABSENT) setAt(st, o, k + c - 1, v)
          else deleteAt(st, o, k + c - 1)
        }
        for (let j = 0; j < c; j++) setAt(st, o, j, args[j])
      }
      setLengthOf(st, o, n + c)
      return n + c
    }],
    reverse: [0, (st, t) => {
      const [o, n] = receiver(st, t)
      if (denseArray(o)) {
        st.charge(n >>> 4)
        o.items.reverse()
        return o
      }
      for (let lower = 0, upper = n - 1; lower < upper; lower++, upper--) {
        if (--st.fuel <= 0) st.refuel()
        const lowerValue = elementAt(st, o, lower)
        const upperValue = elementAt(st, o, upper)
        if (upperValue !== ABSENT) setAt(st, o, lower, upperValue)
        else if (lowerValue !== ABSENT) deleteAt(st, o, lower)
        if (lowerValue !== ABSENT) setAt(st, o, upper, lowerValue)
        else if (upperValue !== ABSENT) deleteAt(st, o, upper)
      }
      return o
    }],
    splice: [2, (st, t, args) => {
      const [o, n] = receiver(st, t)
      const start = relativeIndex(st, args[0], n, 0)
      const count = args.length === 0 ? 0 : args.length === 1 ? n - start : Math.min(Math.max(toIntegerOrInfinity(st, args[1]), 0), n - start)
      const inserted = args.slice(2)
      if (n + inserted.length - count > MAX_LENGTH) throw st.typeError("Invalid array length")
      const species = arraySpecies(st, o)
      const removed = speciesResult(st, species, count)
      if (denseArray(o) && species === undefined) {
        if (n - count + inserted.length > st.maxArrayLength) throw st.arrayTooLarge()
        st.charge(n >>> 4)
        const out = spliceItems(o.items, start, count, inserted)
        for (const v of out) (removed as JsArray).items.push(v)
        return removed
      }
      for (let k = 0; k < count; k++) {
        const v = elementAt(st, o, start + k)
        if (v !== ABSENT) createAt(st, removed, k, v)
      }
      setLengthOf(st, removed, count)
      const c = inserted.length
      if (c < count) {
        for (let k = start; k < n - count; k++) {
          if (--st.fuel <= 0) st.refuel()
          const v = elementAt(st, o, k + count)
          if (v !== ABSENT) setAt(st, o, k + c, v)
          else deleteAt(st, o, k + c)
        }
        for (let k = n; k > n - count + c; k--) deleteAt(st, o, k - 1)
      } else if (c > count) {
        for (let k = n - count; k > start; k--) {
          if (--st.fuel <= 0) st.refuel()
          const v = elementAt(st, o, k + count - 1)
          if (v !== ABSENT) setAt(st, o, k + c - 1, v)
          else deleteAt(st, o, k + c - 1)
        }
      }
      for (let k = 0; k < c; k++) setAt(st, o, start + k, inserted[k])
      setLengthOf(st, o, n - count + c)
      return removed
    }],
    fill: [1, (st, t, [v, s, e]) => {
      const [o, n] = receiver(st, t)
      const from = relativeIndex(st, s, n, 0)
      const end = relativeIndex(st, e, n, n)
      // Filling an array past the element bound would fail at the bound anyway: fail before the loop.
      if (o instanceof JsArray && end - from > st.maxArrayLength) throw st.arrayTooLarge()
      st.charge((end - from) >>> 4)
      // `new Array(n).fill(v)`: the holes' writes cannot meet a setter unless a prototype holds an index.
      if (o instanceof JsArray && from === 0 && end === n && !st.realm.prototypesHaveIndices() && o.fillWhole(st, v)) return o
      for (let i = from; i < end; i++) {
        if (--st.fuel <= 0) st.refuel()
        setAt(st, o, i, v)
      }
      return o
    }],
    copyWithin: [2, (st, t, [target, s, e]) => {
      const [o, n] = receiver(st, t)
      let to = relativeIndex(st, target, n, 0)
      let from = relativeIndex(st, s, n, 0)
      let count = Math.min(relativeIndex(st, e, n, n) - from, n - to)
      if (count <= 0) return o
      if (denseArray(o)) {
        st.charge(count >>> 4)
        o.items.copyWithin(to, from, from + count)
        return o
      }
      let step = 1
      if (from < to && to < from + count) {
        step = -1
        from += count - 1
        to += count - 1
      }
      for (; count > 0; count--, from += step, to += step) {
        if (--st.fuel <= 0) st.refuel()
        const v = elementAt(st, o, from)
        if (v !== ABSENT) setAt(st, o, to, v)
        else deleteAt(st, o, to)
      }
      return o
    }],
    sort: [1, (st, t, [cmp]) => {
      checkComparator(st, cmp)
      const [o, n] = receiver(st, t)
      const sorted = sortValues(st, presentValues(st, o, n), cmp)
      if (denseArray(o) && o.items.length === sorted.length) {
        for (let i = 0; i < sorted.length; i++) o.items[i] = sorted[i]
        return o
      }
      for (let i = 0; i < sorted.length; i++) setAt(st, o, i, sorted[i])
      for (let i = sorted.length; i < n; i++) {
        if (--st.fuel <= 0) st.refuel()
        deleteAt(st, o, i)
      }
      return o
    }],
  })

  installArrayMethods(realm)

  const iteratorOf = (st: JsState, thisArg: Value, kind: 0 | 1 | 2): JsIterator => {
    const [o] = receiver(st, thisArg)
    let i = 0
    return new JsIterator(st.realm.ArrayIteratorPrototype, () => {
      if (i >= lengthOf(st, o)) {
        i = Infinity
        return DONE
      }
      const index = i++
      return kind === 0 ? index : kind === 1 ? getAt(st, o, index) : st.realm.newArray([index, getAt(st, o, index)])
    })
  }
  realm.methods(AP, {
    keys: [0, (st, t) => iteratorOf(st, t, 0)],
    entries: [0, (st, t) => iteratorOf(st, t, 2)],
  })
  const values = realm.builtin("values", 0, (st, t) => iteratorOf(st, t, 1))
  AP.defineOwn(realm.st, "values", values, 2)
  AP.defineOwn(realm.st, Symbol.iterator, values, 2)
  realm.arrayValues = values
  realm.arrayIteratorNext = realm.symbolMethod(realm.ArrayIteratorPrototype, "next" as unknown as symbol, "next", 0, iteratorNext)
  realm.ArrayIteratorPrototype.defineOwn(realm.st, Symbol.toStringTag, "Array Iterator", 3)
  realm.symbolMethod(realm.IteratorPrototype, Symbol.iterator, "[Symbol.iterator]", 0, (_st, t) => t)
  const unscopables = new JsObject(null)
  for (const name of ["at", "copyWithin", "entries", "fill", "find", "findIndex", "findLast", "findLastIndex", "flat", "flatMap", "includes", "keys", "toReversed", "toSorted", "toSpliced", "values"]) unscopables.props.set(name, true)
  AP.defineOwn(realm.st, Symbol.unscopables, unscopables, 3)
}

/** `next` of every built-in iterator. */
export function iteratorNext(st: JsState, thisArg: Value): Value {
  if (!(thisArg instanceof JsIterator)) throw st.typeError("next method called on incompatible receiver")
  const v = thisArg.step()
  const o = st.realm.newObject()
  o.putSlot("value", v === DONE ? undefined : v)
  o.putSlot("done", v === DONE)
  return o
}
