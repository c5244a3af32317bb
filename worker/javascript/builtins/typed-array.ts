/**
 * Binary data: `ArrayBuffer` and the typed arrays (`Int8Array` ... `BigUint64Array`) as objects of
 * the program's own model. The bytes of a buffer are a private host `Uint8Array` that no program
 * value can reach: a typed array is an exotic object (`JsTypedArray`) whose integer keys read and
 * write that memory through a host view of its kind, so the conversions on write (ToInt8,
 * ToUint8Clamp, Float32 rounding, ToBigInt64) are the host's typed arrays' own, which implement
 * exactly the standard's. Every other key is an ordinary property.
 *
 * Bounds: one buffer holds at most `maxStringBytes` bytes (binary data is the twin of a string,
 * bounded and metered the same way: the check happens before allocation, copying and filling are
 * charged per 16 bytes). Buffers are fixed-length and never detached — `resize`, `transfer` and
 * detaching are not provided — so every view is always in bounds and its length is fixed.
 *
 * At the host boundary (tool inputs, results, `store`) a typed array, buffer or view is refused
 * with an error naming its path and saying to convert it (`Array.from(bytes)`): plain data has no
 * bytes, and a silent conversion would hide a size the program did not mean to send.
 */

import { ABSENT, Accessor, JsObject, type Key, type Own, type Value } from "../runtime/object.js"
import { toIntegerOrInfinity, toNumber, toPrimitive, toStr } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import { WebMessages } from "./web-common.js"

type HostView = Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array | BigInt64Array | BigUint64Array
type HostViewConstructor = new (buffer: ArrayBuffer, byteOffset: number, length: number) => HostView

/** One element type: its name, size, host view and whether its values are BigInts. */
export interface ElementKind {
  readonly name: string
  readonly size: number
  readonly View: HostViewConstructor
  readonly bigint: boolean
}

export const ELEMENT_KINDS: ReadonlyArray<ElementKind> = [
  { name: "Int8Array", size: 1, View: Int8Array, bigint: false },
  { name: "Uint8Array", size: 1, View: Uint8Array, bigint: false },
  { name: "Uint8ClampedArray", size: 1, View: Uint8ClampedArray, bigint: false },
  { name: "Int16Array", size: 2, View: Int16Array, bigint: false },
  { name: "Uint16Array", size: 2, View: Uint16Array, bigint: false },
  { name: "Int32Array", size: 4, View: Int32Array, bigint: false },
  { name: "Uint32Array", size: 4, View: Uint32Array, bigint: false },
  { name: "Float32Array", size: 4, View: Float32Array, bigint: false },
  { name: "Float64Array", size: 8, View: Float64Array, bigint: false },
  { name: "BigInt64Array", size: 8, View: BigInt64Array as unknown as HostViewConstructor, bigint: true },
  { name: "BigUint64Array", size: 8, View: BigUint64Array as unknown as HostViewConstructor, bigint: true },
]

/** Refuses (uncatchably) a buffer past the bound, before it is allocated; charges the allocation. */
export function checkBytes(st: JsState, length: number): void {
  if (length > st.bounds.maxStringBytes) throw st.stop("ExecutionFailure", WebMessages.bytesTooLarge(length, st.bounds.maxStringBytes))
  st.charge(length >>> 4)
}

/** An `ArrayBuffer`: fixed-length bytes the program reaches only through views. */
export class JsArrayBuffer extends JsObject {
  constructor(
    proto: JsObject | null,
    readonly bytes: Uint8Array,
  ) {
    super(proto)
  }
  override get className(): string {
    return "ArrayBuffer"
  }
}

/** CanonicalNumericIndexString: the number a string key names, or undefined ("1" -> 1, "-0" -> -0, "01" -> undefined). */
export function numericKey(key: Key): number | undefined {
  if (typeof key !== "string") return undefined
  const c = key.charCodeAt(0)
  // A fast exit for names: canonical numbers start with a digit, "-", "I" (Infinity) or "N" (NaN).
  if (!((c >= 48 && c <= 57) || c === 45 || c === 73 || c === 78)) return undefined
  if (key === "-0") return -0
  const n = Number(key)
  return String(n) === key ? n : undefined
}

/** A typed array: an integer-indexed exotic object over a window of a buffer. */
export class JsTypedArray extends JsObject {
  readonly view: HostView
  constructor(
    proto: JsObject | null,
    readonly kind: ElementKind,
    readonly buffer: JsArrayBuffer,
    readonly byteOffset: number,
    readonly length: number,
  ) {
    super(proto)
    this.view = new kind.View(buffer.bytes.buffer as ArrayBuffer, buffer.bytes.byteOffset + byteOffset, length)
    // A non-null attribute map keeps generic code (the `set` fast path, `enumerableKeys`) on the
    // paths that consult `own` and `ownKeys`, where the elements are.
    this.attrs = new Map()
  }

  override get className(): string {
    return this.kind.name
  }

  get byteLength(): number {
    return this.length * this.kind.size
  }

  /** The bytes of this view (a host window for the engine's own builtins, never for the program). */
  get data(): Uint8Array {
    return new Uint8Array(this.buffer.bytes.buffer as ArrayBuffer, this.buffer.bytes.byteOffset + this.byteOffset, this.byteLength)
  }

  /** The element at a valid index, as a program value. */
  at(i: number): number | bigint {
    return this.view[i]!
  }

  /** Converts a program value to this kind's element type (ToNumber or ToBigInt; may run code). */
  convert(st: JsState, v: Value): number | bigint {
    return this.kind.bigint ? toBigInt(st, v) : typeof v === "number" ? v : toNumber(st, v)
  }

  /** Stores an already converted value at a valid index. */
  store(i: number, v: number | bigint): void {
    ;(this.view as unknown as Array<number | bigint>)[i] = v
  }

  private validIndex(n: number): boolean {
    return Number.isInteger(n) && !Object.is(n, -0) && n >= 0 && n < this.length
  }

  override own(key: Key): Own {
    const n = numericKey(key)
    if (n === undefined) return super.own(key)
    return this.validIndex(n) ? this.view[n]! : ABSENT
  }

  override attributes(key: Key): number {
    return numericKey(key) !== undefined ? 0 : super.attributes(key)
  }

  override get(st: JsState, key: Key, receiver: Value = this): Value {
    const n = numericKey(key)
    if (n === undefined) return super.get(st, key, receiver)
    return this.validIndex(n) ? this.view[n]! : undefined
  }

  override set(st: JsState, key: Key, value: Value, receiver: Value = this): boolean {
    const n = numericKey(key)
    if (n === undefined) return super.set(st, key, value, receiver)
    if (receiver === this) {
      const v = this.convert(st, value)
      if (this.validIndex(n)) this.store(n, v)
      return true
    }
    if (!this.validIndex(n)) return true
    return super.set(st, key, value, receiver)
  }

  override has(key: Key): boolean {
    const n = numericKey(key)
    if (n === undefined) return super.has(key)
    return this.validIndex(n)
  }

  protected override writeOwn(st: JsState, key: Key, value: Value): void {
    const n = numericKey(key)
    if (n === undefined) super.writeOwn(st, key, value)
    else {
      const v = this.convert(st, value)
      if (this.validIndex(n)) this.store(n, v)
    }
  }

  override addOwn(st: JsState, key: Key, value: Value): boolean {
    if (numericKey(key) !== undefined) return true
    this.writeOwn(st, key, value)
    return true
  }

  override defineOwn(st: JsState, key: Key, value: Value | Accessor, attributes: number): boolean {
    const n = numericKey(key)
    if (n === undefined) return super.defineOwn(st, key, value, attributes)
    if (!this.validIndex(n) || attributes !== 0 || value instanceof Accessor) return false
    this.store(n, this.convert(st, value as Value))
    return true
  }

  override deleteOwn(key: Key): boolean {
    const n = numericKey(key)
    return n === undefined ? super.deleteOwn(key) : !this.validIndex(n)
  }

  override ownKeys(): Key[] {
    const keys: Key[] = []
    for (let i = 0; i < this.length; i++) keys.push(String(i))
    for (const k of super.ownKeys()) keys.push(k)
    return keys
  }
}

/** ToBigInt, as typed arrays of the BigInt kinds convert. */
export function toBigInt(st: JsState, v: Value): bigint {
  const p = v instanceof JsObject ? toPrimitive(st, v, "number") : v
  switch (typeof p) {
    case "bigint":
      return p
    case "boolean":
      return p ? 1n : 0n
    case "string":
      try {
        return BigInt(p.trim() === "" ? "0" : p)
      } catch {
        throw st.error("SyntaxError", `Cannot convert ${p} to a BigInt`)
      }
    default:
      throw st.typeError(`Cannot convert ${p === undefined ? "undefined" : p === null ? "null" : toStr(st, p)} to a BigInt`)
  }
}

/** ToIndex: a non-negative integer <= 2^53 - 1, else a RangeError. */
export function toIndex(st: JsState, v: Value, what: string): number {
  if (v === undefined) return 0
  const n = toIntegerOrInfinity(st, v)
  if (n < 0 || n > Number.MAX_SAFE_INTEGER) throw st.rangeError(`Invalid ${what}: ${toStr(st, v)}`)
  return n
}

export function thisTypedArray(st: JsState, t: Value, method: string): JsTypedArray {
  if (t instanceof JsTypedArray) return t
  throw st.typeError(`this is not a typed array (${method})`)
}

/** A new typed array of `kind` with `length` zeroed elements in a buffer of its own. */
export function allocateTypedArray(st: JsState, kind: ElementKind, proto: JsObject, bufferProto: JsObject, length: number): JsTypedArray {
  const bytes = length * kind.size
  checkBytes(st, bytes)
  return new JsTypedArray(proto, kind, new JsArrayBuffer(bufferProto, new Uint8Array(bytes)), 0, length)
}

