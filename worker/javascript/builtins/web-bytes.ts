/**
 * A partial `Uint8Array`, present because `TextEncoder.encode` and `crypto.getRandomValues` need
 * one and because agents measure and pass bytes with it (`encode(s).length`, `Array.from(bytes)`).
 *
 * `JsBytes` is an exotic object over a private host byte array, which no program value can reach:
 * integer keys read and write bytes (a write converts with ToUint8: `b[0] = 257` stores 1, a write
 * past the end is ignored), every other key is an ordinary property. `subarray` shares bytes
 * with its source, as a view does; `slice` copies.
 *
 * What is deliberately missing: `ArrayBuffer`, `DataView` and the other typed arrays (so no
 * `buffer` property and no construction from a buffer), and `Object.freeze` leaves the bytes
 * writable. Sizes count against `maxStringBytes`: a byte array is the binary twin of a string.
 */

import { ABSENT, type Accessor, JsFunction, JsObject, arrayIndex, type Key, type Own, type Value } from "../runtime/object.js"
import { JsIterator, DONE, iterableToList } from "../runtime/iterate.js"
import { toIntegerOrInfinity, toNumber, toStr, truthy } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { iteratorNext } from "./array.js"
import { WebMessages, builtinPrototype, prototypeFor, toStringTag } from "./web-common.js"

export class JsBytes extends JsObject {
  constructor(
    proto: JsObject | null,
    readonly data: Uint8Array,
  ) {
    super(proto)
    // A non-null attribute map keeps generic code (the `set` fast path, `enumerableKeys`) on the
    // paths that consult `own` and `ownKeys`, where the bytes are.
    this.attrs = new Map()
  }

  override get className(): string {
    return "Uint8Array"
  }

  override own(key: Key): Own {
    const i = arrayIndex(key)
    if (i >= 0) return i < this.data.length ? this.data[i]! : ABSENT
    return super.own(key)
  }

  override attributes(key: Key): number {
    return arrayIndex(key) >= 0 ? 0 : super.attributes(key)
  }

  protected override writeOwn(st: JsState, key: Key, value: Value): void {
    const i = arrayIndex(key)
    if (i < 0) super.writeOwn(st, key, value)
    else {
      const byte = toUint8(st, value)
      if (i < this.data.length) this.data[i] = byte
    }
  }

  override addOwn(st: JsState, key: Key, value: Value): boolean {
    this.writeOwn(st, key, value)
    return true
  }

  override defineOwn(st: JsState, key: Key, value: Value | Accessor, attributes: number): boolean {
    if (arrayIndex(key) < 0) return super.defineOwn(st, key, value, attributes)
    if (typeof value !== "number" && !(value instanceof JsObject)) return false
    this.writeOwn(st, key, value as Value)
    return true
  }

  override deleteOwn(key: Key): boolean {
    const i = arrayIndex(key)
    return i >= 0 ? i >= this.data.length : super.deleteOwn(key)
  }

  override ownKeys(): Key[] {
    const keys: Key[] = []
    for (let i = 0; i < this.data.length; i++) keys.push(String(i))
    for (const k of super.ownKeys()) keys.push(k)
    return keys
  }
}

/** ToUint8: modulo 2^8 of the integer part; NaN and infinities are 0. */
export function toUint8(st: JsState, v: Value): number {
  const n = typeof v === "number" ? v : toNumber(st, v)
  if (!Number.isFinite(n)) return 0
  const m = Math.trunc(n) % 256
  return m < 0 ? m + 256 : m
}

/** Refuses (uncatchably) a byte array past the bound, before it is allocated. */
export function checkBytes(st: JsState, length: number): void {
  if (length > st.bounds.maxStringBytes) throw st.stop("ExecutionFailure", WebMessages.bytesTooLarge(length, st.bounds.maxStringBytes))
  st.charge(length >>> 4)
}

/** A new program `Uint8Array` over `data` (which it now owns). */
export const bytesOf = (st: JsState, data: Uint8Array, proto?: JsObject): JsBytes => new JsBytes(proto ?? builtinPrototype(st.realm, "Uint8Array"), data)

export function thisBytes(st: JsState, t: Value): JsBytes {
  if (t instanceof JsBytes) return t
  throw st.typeError(WebMessages.notTypedArray())
}

/** A relative index argument (`-1` is the last), clamped to [0, length]. */
const relative = (st: JsState, v: Value, length: number, fallback: number): number => {
  if (v === undefined) return fallback
  const n = toIntegerOrInfinity(st, v)
  return n < 0 ? Math.max(0, length + n) : Math.min(n, length)
}

/** The values of an iterable, or else of an array-like (`{ length: 2, 0: 1, 1: 2 }`). */
function sourceValues(st: JsState, source: Value): Value[] {
  if (!(source instanceof JsObject)) return iterableToList(st, source)
  const iterator = source.get(st, Symbol.iterator)
  if (iterator !== undefined && iterator !== null) return iterableToList(st, source)
  const length = Math.max(0, Math.min(toIntegerOrInfinity(st, source.get(st, "length")), Number.MAX_SAFE_INTEGER))
  checkBytes(st, length)
  const values: Value[] = []
  for (let i = 0; i < length; i++) values.push(source.get(st, String(i)))
  return values
}

/** The bytes of any source the constructor and `set` accept: a Uint8Array, an iterable, an array-like. */
function sourceBytes(st: JsState, source: Value): Uint8Array {
  if (source instanceof JsBytes) {
    checkBytes(st, source.data.length)
    return source.data.slice()
  }
  const values = sourceValues(st, source)
  checkBytes(st, values.length)
  const data = new Uint8Array(values.length)
  for (let i = 0; i < values.length; i++) data[i] = toUint8(st, values[i])
  return data
}

function iteratorOver(st: JsState, bytes: JsBytes, kind: 0 | 1 | 2, proto: JsObject): JsIterator {
  let i = 0
  return new JsIterator(proto, () => {
    if (i >= bytes.data.length) {
      i = Infinity
      return DONE
    }
    const index = i++
    return kind === 0 ? index : kind === 1 ? bytes.data[index]! : st.realm.newArray([index, bytes.data[index]!])
  })
}

export function installBytes(realm: Realm): void {
  const proto = new JsObject(realm.ObjectPrototype)
  const ctor = realm.constructorFunction(
    "Uint8Array",
    3,
    (st, _t, [source], newTarget) => {
      if (newTarget === undefined) throw st.typeError(WebMessages.constructorWithoutNew("Uint8Array"))
      const p = prototypeFor(st, newTarget, proto)
      if (source instanceof JsObject) return new JsBytes(p, sourceBytes(st, source))
      const n = source === undefined ? 0 : toIntegerOrInfinity(st, source)
      if (n < 0 || n > Number.MAX_SAFE_INTEGER) throw st.rangeError(WebMessages.invalidTypedArrayLength(toStr(st, source)))
      checkBytes(st, n)
      return new JsBytes(p, new Uint8Array(n))
    },
    proto,
  )
  realm.defineGlobal("Uint8Array", ctor)
  realm.registerIntrinsic("Uint8Array.prototype", proto)
  ctor.setupProperty("BYTES_PER_ELEMENT", 1, 7)
  proto.defineOwn(realm.st, "BYTES_PER_ELEMENT", 1, 7)
  realm.methods(ctor, {
    from: [1, (st, _t, [source, fn, self]) => {
      if (fn === undefined) return bytesOf(st, sourceBytes(st, source))
      const values = sourceValues(st, source)
      checkBytes(st, values.length)
      const data = new Uint8Array(values.length)
      for (let i = 0; i < values.length; i++) data[i] = toUint8(st, st.call(fn, self, [values[i], i]))
      return bytesOf(st, data)
    }],
    of: [0, (st, _t, args) => bytesOf(st, sourceBytes(st, st.realm.newArray(args.slice())))],
  })

  const iteratorProto = new JsObject(realm.IteratorPrototype)
  realm.methods(iteratorProto, { next: [0, iteratorNext] })
  toStringTag(realm, iteratorProto, "Array Iterator")

  for (const name of ["length", "byteLength"]) realm.getter(proto, name, (st, t) => thisBytes(st, t).data.length)
  realm.getter(proto, "byteOffset", (st, t) => thisBytes(st, t).data.byteOffset)
  realm.getter(proto, Symbol.toStringTag, (_st, t) => (t instanceof JsBytes ? "Uint8Array" : undefined))

  /** Calls `fn(value, index, bytes)` for each byte until `stop` says so; returns that index or -1. */
  const scan = (st: JsState, t: Value, fn: Value, self: Value, stop: (r: Value) => boolean, backwards = false): [JsBytes, number] => {
    const b = thisBytes(st, t)
    if (!(fn instanceof JsFunction)) throw st.typeError(`${st.realm.describe(fn)} is not a function`)
    const n = b.data.length
    for (let k = 0; k < n; k++) {
      const i = backwards ? n - 1 - k : k
      if (stop(st.call(fn, self, [b.data[i]!, i, b]))) return [b, i]
    }
    return [b, -1]
  }

  const join = (st: JsState, t: Value, separator: Value): string => {
    const b = thisBytes(st, t)
    const sep = separator === undefined ? "," : toStr(st, separator)
    const n = b.data.length
    st.checkStringLength(n * 3 + Math.max(0, n - 1) * sep.length)
    st.charge(n >>> 2)
    return Array.prototype.join.call(b.data, sep)
  }

  realm.methods(proto, {
    at: [1, (st, t, [i]) => {
      const b = thisBytes(st, t)
      const n = toIntegerOrInfinity(st, i)
      const k = n < 0 ? b.data.length + n : n
      return k >= 0 && k < b.data.length ? b.data[k] : undefined
    }],
    fill: [1, (st, t, [v, start, end]) => {
      const b = thisBytes(st, t)
      const byte = toUint8(st, v)
      const n = b.data.length
      b.data.fill(byte, relative(st, start, n, 0), relative(st, end, n, n))
      st.charge(n >>> 4)
      return b
    }],
    includes: [1, (st, t, [v, from]) => {
      const b = thisBytes(st, t)
      st.charge(b.data.length >>> 4)
      return typeof v === "number" && b.data.includes(v, relative(st, from, b.data.length, 0))
    }],
    indexOf: [1, (st, t, [v, from]) => {
      const b = thisBytes(st, t)
      st.charge(b.data.length >>> 4)
      return typeof v === "number" ? b.data.indexOf(v, relative(st, from, b.data.length, 0)) : -1
    }],
    lastIndexOf: [1, (st, t, [v, from]) => {
      const b = thisBytes(st, t)
      st.charge(b.data.length >>> 4)
      if (typeof v !== "number") return -1
      return from === undefined ? b.data.lastIndexOf(v) : b.data.lastIndexOf(v, toIntegerOrInfinity(st, from))
    }],
    join: [1, (st, t, [separator]) => join(st, t, separator)],
    toString: spec(0, (st: JsState, t: Value) => join(st, t, undefined)),
    slice: [2, (st, t, [start, end]) => {
      const b = thisBytes(st, t)
      const n = b.data.length
      const from = relative(st, start, n, 0)
      const to = relative(st, end, n, n)
      checkBytes(st, Math.max(0, to - from))
      return bytesOf(st, b.data.slice(from, to))
    }],
    subarray: [2, (st, t, [start, end]) => {
      const b = thisBytes(st, t)
      const n = b.data.length
      return bytesOf(st, b.data.subarray(relative(st, start, n, 0), relative(st, end, n, n)))
    }],
    set: [1, (st, t, [source, offset]) => {
      const b = thisBytes(st, t)
      const at = offset === undefined ? 0 : toIntegerOrInfinity(st, offset)
      const bytes = source instanceof JsBytes ? source.data : sourceBytes(st, source instanceof JsObject ? source : st.realm.newArray([]))
      if (at < 0 || at + bytes.length > b.data.length) throw st.rangeError("offset is out of bounds")
      st.charge(bytes.length >>> 4)
      b.data.set(bytes, at)
      return undefined
    }],
    reverse: [0, (st, t) => {
      const b = thisBytes(st, t)
      st.charge(b.data.length >>> 4)
      b.data.reverse()
      return b
    }],
    sort: [1, (st, t, [compare]) => {
      const b = thisBytes(st, t)
      const n = b.data.length
      st.charge(n)
      if (compare === undefined) b.data.sort()
      else {
        const sorted = Array.from(b.data).sort((x, y) => {
          const r = toNumber(st, st.call(compare, undefined, [x, y]))
          return r !== r ? 0 : r
        })
        b.data.set(sorted)
      }
      return b
    }],
    forEach: [1, (st, t, [fn, self]) => {
      scan(st, t, fn, self, () => false)
      return undefined
    }],
    map: [1, (st, t, [fn, self]) => {
      const b = thisBytes(st, t)
      const out = new Uint8Array(b.data.length)
      for (let i = 0; i < out.length; i++) out[i] = toUint8(st, st.call(fn, self, [b.data[i]!, i, b]))
      return bytesOf(st, out)
    }],
    filter: [1, (st, t, [fn, self]) => {
      const kept: number[] = []
      const b = thisBytes(st, t)
      for (let i = 0; i < b.data.length; i++) if (truthy(st.call(fn, self, [b.data[i]!, i, b]))) kept.push(b.data[i]!)
      return bytesOf(st, Uint8Array.from(kept))
    }],
    every: [1, (st, t, [fn, self]) => scan(st, t, fn, self, (r) => !truthy(r))[1] < 0],
    some: [1, (st, t, [fn, self]) => scan(st, t, fn, self, truthy)[1] >= 0],
    find: [1, (st, t, [fn, self]) => {
      const [b, i] = scan(st, t, fn, self, truthy)
      return i < 0 ? undefined : b.data[i]
    }],
    findIndex: [1, (st, t, [fn, self]) => scan(st, t, fn, self, truthy)[1]],
    findLast: [1, (st, t, [fn, self]) => {
      const [b, i] = scan(st, t, fn, self, truthy, true)
      return i < 0 ? undefined : b.data[i]
    }],
    findLastIndex: [1, (st, t, [fn, self]) => scan(st, t, fn, self, truthy, true)[1]],
    reduce: [1, (st, t, args) => {
      const b = thisBytes(st, t)
      let i = 0
      let acc: Value
      if (args.length > 1) acc = args[1]
      else if (b.data.length === 0) throw st.typeError("Reduce of empty array with no initial value")
      else acc = b.data[i++]
      for (; i < b.data.length; i++) acc = st.call(args[0], undefined, [acc, b.data[i]!, i, b])
      return acc
    }],
    keys: [0, (st, t) => iteratorOver(st, thisBytes(st, t), 0, iteratorProto)],
    entries: [0, (st, t) => iteratorOver(st, thisBytes(st, t), 2, iteratorProto)],
  })
  const values = realm.builtin("values", 0, (st, t) => iteratorOver(st, thisBytes(st, t), 1, iteratorProto))
  proto.defineOwn(realm.st, "values", values, 2)
  proto.defineOwn(realm.st, Symbol.iterator, values, 2)
}
