/**
 * The iteration protocol: `for-of`, spread, destructuring, `Array.from`, `Promise.all`, `new Map(...)`
 * all consume iterables through `iterate`, and built-in iterators are `JsIterator`s.
 *
 * The fast path: an array whose `Symbol.iterator` is still the realm's own `values`, with the
 * array iterator's `next` untouched, is walked by index directly (re-reading the length each
 * step, as the real iterator does), allocating no iterator and no result objects. Anything else
 * goes through the protocol: `[Symbol.iterator]()`, `next()` until `done`, and `return()` when the
 * consumer stops early — by `break`, `return` or an exception.
 */

import { JsMessages } from "../messages.js"
import { JsFunction, JsObject, type Value } from "./object.js"
import { JsArray } from "./array.js"
import { getV, truthy } from "./ops.js"
import { ThrowSignal, type JsState } from "./state.js"

/** A built-in iterator: `step` returns the next value or `DONE`. */
export class JsIterator extends JsObject {
  constructor(
    proto: JsObject,
    public step: () => Value | typeof DONE,
  ) {
    super(proto)
  }
}

export const DONE: unique symbol = Symbol("done")

/** The `{ value, done }` object of the iterator protocol. */
export function iterResult(st: JsState, value: Value, done: boolean): JsObject {
  const o = st.realm.newObject()
  o.putSlot("value", value)
  o.putSlot("done", done)
  return o
}

const isPristineArray = (st: JsState, v: JsArray): boolean =>
  v.dense && v.get(st, Symbol.iterator) === st.realm.arrayValues && st.realm.ArrayIteratorPrototype.own("next") === st.realm.arrayIteratorNext

/**
 * Calls `each` with every value of `iterable`; `each` returns true to stop early (the iterator's
 * `return` is then called). Exceptions from `each` also close the iterator, then propagate.
 */
export function iterate(st: JsState, iterable: Value, each: (v: Value) => boolean | void): void {
  if (iterable instanceof JsArray && isPristineArray(st, iterable)) {
    // Re-read per step: the loop body may push, truncate or punch a hole (dictionary mode).
    for (let i = 0; ; i++) {
      if (iterable.dense) {
        if (i >= iterable.length) return
        if (each(iterable.at(i)) === true) return
      } else {
        if (i >= iterable.len) return
        if (each(iterable.get(st, String(i))) === true) return
      }
    }
  }
  if (typeof iterable === "string" && st.realm.StringPrototype.own(Symbol.iterator) === st.realm.stringIterator) {
    for (const ch of iterable) if (each(ch) === true) return
    return
  }
  const iterator = getIterator(st, iterable)
  const next = getV(st, iterator, "next")
  for (;;) {
    const r = st.call(next, iterator, [])
    if (!(r instanceof JsObject)) throw st.typeError(`Iterator result ${st.realm.describe(r)} is not an object`)
    if (truthy(r.get(st, "done"))) return
    const value = r.get(st, "value")
    let stop: boolean | void
    try {
      stop = each(value)
    } catch (error) {
      if (error instanceof ThrowSignal) closeQuietly(st, iterator)
      throw error
    }
    if (stop === true) {
      closeIterator(st, iterator)
      return
    }
  }
}

export function getIterator(st: JsState, iterable: Value): JsObject {
  const method = iterable === undefined || iterable === null ? undefined : getV(st, iterable, Symbol.iterator)
  if (!(method instanceof JsFunction)) throw st.typeError(JsMessages.notIterable(describeIterable(st, iterable)))
  const iterator = method.impl(st, iterable, [], undefined)
  if (!(iterator instanceof JsObject)) throw st.typeError("Result of the Symbol.iterator method is not an object")
  return iterator
}

/** How V8 names a value that is not iterable ("number 5", "object", "undefined"). */
export const describeIterable = (st: JsState, v: Value): string => {
  if (v instanceof JsObject) return v instanceof JsFunction ? v.fname || "function" : "object"
  if (typeof v === "number" || typeof v === "boolean") return `${typeof v} ${String(v)}`
  return st.realm.describe(v)
}

export function closeIterator(st: JsState, iterator: JsObject): void {
  const ret = iterator.get(st, "return")
  if (ret === undefined || ret === null) return
  const r = st.call(ret, iterator, [])
  if (!(r instanceof JsObject)) throw st.typeError("Iterator result is not an object")
}

function closeQuietly(st: JsState, iterator: JsObject): void {
  try {
    const ret = iterator.get(st, "return")
    if (ret !== undefined && ret !== null) st.call(ret, iterator, [])
  } catch (error) {
    if (!(error instanceof ThrowSignal)) throw error
  }
}

/** Every value of an iterable, in a host array (spread, `Array.from`, destructuring with rest). */
export function iterableToList(st: JsState, iterable: Value): Value[] {
  if (iterable instanceof JsArray && isPristineArray(st, iterable)) return iterable.items.slice()
  // A sparse array longer than the element bound cannot be spread: say so before iterating.
  if (iterable instanceof JsArray && !iterable.dense && iterable.len > st.maxArrayLength && iterable.get(st, Symbol.iterator) === st.realm.arrayValues) throw st.arrayTooLarge()
  const out: Value[] = []
  iterate(st, iterable, (v) => {
    if (out.length >= st.maxArrayLength) throw st.arrayTooLarge()
    out.push(v)
  })
  return out
}

/**
 * A stepping iterator for consumers that pull one value at a time (array destructuring):
 * `next()` returns the value or DONE; `close()` calls `return` if the consumer stops early.
 */
export class Stepper {
  private index = 0
  private done = false
  private readonly array: JsArray | null
  private readonly iterator: JsObject | null
  private readonly nextMethod: Value

  constructor(
    private readonly st: JsState,
    iterable: Value,
  ) {
    if (iterable instanceof JsArray && isPristineArray(st, iterable)) {
      this.array = iterable
      this.iterator = null
      this.nextMethod = undefined
    } else {
      this.array = null
      this.iterator = getIterator(st, iterable)
      this.nextMethod = getV(st, this.iterator, "next")
    }
  }

  next(): Value | typeof DONE {
    if (this.done) return DONE
    const a = this.array
    if (a !== null) {
      if (a.dense) {
        if (this.index < a.length) return a.at(this.index++)
      } else if (this.index < a.len) return a.get(this.st, String(this.index++))
      this.done = true
      return DONE
    }
    // Done until the step succeeds: an iterator whose next() (or its result) throws is not closed.
    this.done = true
    const r = this.st.call(this.nextMethod, this.iterator, [])
    if (!(r instanceof JsObject)) throw this.st.typeError("Iterator result is not an object")
    if (truthy(r.get(this.st, "done"))) return DONE
    const value = r.get(this.st, "value")
    this.done = false
    return value
  }

  close(): void {
    if (!this.done && this.iterator !== null) {
      this.done = true
      closeIterator(this.st, this.iterator)
    }
  }

  /** Closes after the consumer failed: the consumer's exception wins over one from `return`. */
  closeQuietly(): void {
    if (!this.done && this.iterator !== null) {
      this.done = true
      closeQuietly(this.st, this.iterator)
    }
  }
}
