/**
 * Arrays, the exotic object whose elements the hot paths (runtime/ops.ts, compile/fused.ts, the
 * array builtins) touch directly; everything else about them is a `JsObject` (runtime/object.ts).
 * Two representations behind one class:
 *
 * - **dense** (`dense` true, nearly every array): elements `0..length-1` in `head` and `rest`
 *   (segments, below), every one a plain writable, enumerable, configurable data property,
 *   `length` writable, extensible. The inline fast paths (`ops.ts`, `compile/fused.ts`) and the
 *   builtins read and write the host arrays directly, and need only the `dense` test before a write.
 * - **dictionary** (`dense` false): elements live in the property map under their string keys, as
 *   on any object, so holes, accessors and attributes on indices, a read-only `length` and a
 *   `length` far past the elements are all plain map entries; `head` is the shared empty array
 *   and `len` holds `length`.
 *
 * An array leaves dense mode when something needs the dictionary (a hole, an attribute, freezing,
 * a growth past the end) and goes back when a write fills its last hole with nothing else special
 * about it, so `new Array(n)` filled in order ends dense.
 *
 * **Segments.** A dense array's elements are `head` (one flat host array, all of them for an array
 * of up to `SEGMENT` elements) and then `rest`, a list of segments of `SEGMENT` elements each (the
 * last one filling). Why: a host array that grows by `push` is copied to a store 1.5 times larger
 * each time it fills, and past 16,000 elements every new store is a large object that V8 maps
 * fresh from the system, so each growth pays a page fault per 4 KB of it; on this machine, growing
 * one host array to 100,000 elements cost 10 ms, growing 25 segments of 4,096 cost under 1 ms (the
 * same loop in plain JavaScript). So an append past the head opens or fills a segment and never
 * copies what is already stored. Reads and writes below `head.length` touch `head` directly, as
 * before, and the hot paths (ops.ts, compile/fused.ts) do exactly that and fall through to `at`
 * and `append` for the rest. `items` is the whole store as one host array for the builtins that
 * work on one: it moves the segments onto the end of `head` (in place, so a caller still holding
 * `head` sees every element) and empties `rest`; later appends start segments again.
 */

import type { JsState } from "./state.js"
import { ABSENT, Accessor, arrayIndex, HIDDEN, JsObject, PERMANENT, READONLY, type Key, type Own, type Value } from "./object.js"

/** Shared by every array in dictionary mode: always empty, so the inline fast paths fall through. */
const NO_ITEMS: Value[] = []

/**
 * Elements per segment, and the length the head grows to by appends: 32 KB of element pointers,
 * well below V8's large-object size, so every segment is an ordinary young allocation.
 */
export const SEGMENT = 4096
const SEGMENT_SHIFT = 12

/**
 * A segment, made at its full size and filled by index (`restLength` says how far): growing each
 * one by `push` instead cost ten times as much (1,000,000 appends: 35 ms against 3.3 ms), in the
 * copies and in the garbage they leave. The slots past the fill are holes, never read.
 */
function newSegment(first: Value): Value[] {
  const segment = new Array<Value>(SEGMENT)
  segment[0] = first
  return segment
}

/** A program array (see the essay above for its two representations). */
export class JsArray extends JsObject {
  dense = true
  /** `length` in dictionary mode. */
  len = 0
  lengthReadonly = false
  /** Dictionary mode: how many index properties the map holds. */
  private indexCount = 0
  /** Dictionary mode for good (attributes, non-extensible): no attempt to go dense again. */
  private pinned = false

  /** ToNumber for `length` writes; installed by ops.ts (the object model imports no conversions). */
  static toNumber: (st: JsState, v: Value) => number = (_st, v) => Number(v)

  /** Segments after `head` (see the essay above); null for nearly every array. */
  rest: Value[][] | null = null
  /** How many elements `rest` holds. */
  private restLength = 0

  constructor(
    proto: JsObject | null,
    /** The flat part of the elements (all of them unless `rest` is set). */
    public head: Value[],
  ) {
    super(proto)
  }

  /** The elements as one host array: the segments join the head (in place) first. */
  get items(): Value[] {
    if (this.rest !== null) this.joinSegments()
    return this.head
  }
  set items(items: Value[]) {
    this.head = items
    this.rest = null
    this.restLength = 0
  }

  private joinSegments(): void {
    const head = this.head
    const rest = this.rest!
    for (let s = 0, left = this.restLength; left > 0; s++, left -= SEGMENT) {
      const segment = rest[s]!
      for (let i = 0; i < segment.length && i < left; i++) head.push(segment[i])
    }
    this.rest = null
    this.restLength = 0
  }

  /** The host arrays that hold a dense array's elements, in order, without joining them. */
  parts(): ReadonlyArray<ReadonlyArray<Value>> {
    const rest = this.rest
    if (rest === null) return [this.head]
    const out: Array<ReadonlyArray<Value>> = [this.head]
    for (let s = 0; s < rest.length - 1; s++) out.push(rest[s]!)
    out.push(rest[rest.length - 1]!.slice(0, this.restLength - (rest.length - 1) * SEGMENT))
    return out
  }

  /** Element `i` of a dense array, `0 <= i < length`. */
  at(i: number): Value {
    const h = this.head.length
    if (i < h) return this.head[i]
    const j = i - h
    return this.rest![j >>> SEGMENT_SHIFT]![j & (SEGMENT - 1)]
  }

  /**
   * Element `i` of an array when it lies in a segment, else ABSENT (past the end, or no segments:
   * the caller has already tried the head). The read the hot paths fall through to.
   */
  segmentAt(i: number): Value | typeof ABSENT {
    const rest = this.rest
    if (rest === null) return ABSENT
    const j = i - this.head.length
    return j >= 0 && j < this.restLength ? rest[j >>> SEGMENT_SHIFT]![j & (SEGMENT - 1)] : ABSENT
  }

  /** Writes element `i` of a dense array, `0 <= i < length`. */
  private setAt(i: number, value: Value): void {
    const h = this.head.length
    if (i < h) this.head[i] = value
    else {
      const j = i - h
      this.rest![j >>> SEGMENT_SHIFT]![j & (SEGMENT - 1)] = value
    }
  }

  /** Appends one element to a dense array, within the array bound. */
  append(st: JsState, value: Value): void {
    const rest = this.rest
    if (rest === null) {
      const head = this.head
      if (head.length < SEGMENT) {
        if (head.length >= st.maxArrayLength) throw st.arrayTooLarge()
        head.push(value)
        return
      }
      if (head.length >= st.maxArrayLength) throw st.arrayTooLarge()
      this.rest = [newSegment(value)]
      this.restLength = 1
      return
    }
    const at = this.restLength
    if (this.head.length + at >= st.maxArrayLength) throw st.arrayTooLarge()
    const slot = at & (SEGMENT - 1)
    if (slot === 0) rest.push(newSegment(value))
    else rest[at >>> SEGMENT_SHIFT]![slot] = value
    this.restLength = at + 1
  }

  override get className(): string {
    return "Array"
  }

  /** `Array.prototype` is an array: copied as the empty array it stays in every realm. */
  override copyShell(proto: JsObject | null): JsObject {
    if (this.constructor !== JsArray || !this.dense || this.length !== 0 || this.lengthReadonly) throw new Error("only an empty array is a built-in")
    return new JsArray(proto, [])
  }

  get length(): number {
    return this.dense ? this.head.length + this.restLength : this.len
  }

  /** The elements as a host array, holes read through the prototype (for copies and conversions). */
  list(st: JsState): Value[] {
    if (this.dense) return this.items
    if (this.len > st.maxArrayLength) throw st.arrayTooLarge()
    st.charge(this.len >>> 4)
    const out: Value[] = new Array(this.len)
    for (let i = 0; i < this.len; i++) out[i] = this.get(st, String(i))
    return out
  }

  /** Moves the elements into the property map (dictionary mode). */
  toDictionary(): void {
    if (!this.dense) return
    const items = this.items
    for (let i = 0; i < items.length; i++) this.putSlot(String(i), items[i])
    this.indexCount = items.length
    this.len = items.length
    this.items = NO_ITEMS
    this.dense = false
  }

  /**
   * `fill(v)` over the whole of an array in dictionary mode that nothing special holds (no
   * attribute, accessor or read-only length, extensible, within the bound): it becomes dense at
   * once, as the index-by-index writes would leave it. False when the general path must run.
   */
  fillWhole(st: JsState, value: Value): boolean {
    if (this.dense || this.pinned || this.lengthReadonly || !this.extensible || this.len > st.maxArrayLength) return false
    if (this.attrs !== null) for (const key of this.attrs.keys()) if (arrayIndex(key) >= 0) return false
    for (const key of [...this.slotKeys()]) if (arrayIndex(key) >= 0) this.dropSlot(key)
    this.items = new Array(this.len).fill(value)
    this.indexCount = 0
    this.dense = true
    return true
  }

  /** Back to dense when indices 0..length-1 are all present, plain and data. */
  private tryDense(st: JsState): void {
    if (this.pinned || this.lengthReadonly || !this.extensible || this.indexCount !== this.len || this.len > st.maxArrayLength) return
    const items: Value[] = new Array(this.len)
    const attrs = this.attrs
    for (let i = 0; i < this.len; i++) {
      const key = String(i)
      const v = this.ownSlot(key)
      if (v instanceof Accessor || (attrs !== null && attrs.has(key))) {
        this.pinned = true
        return
      }
      items[i] = v as Value
    }
    for (let i = 0; i < this.len; i++) this.dropSlot(String(i))
    this.items = items
    this.dense = true
  }

  override own(key: Key): Own {
    if (typeof key === "string") {
      if (key === "length") return this.length
      if (this.dense) {
        const i = arrayIndex(key)
        if (i >= 0) return i < this.length ? this.at(i) : ABSENT
      }
    }
    return super.own(key)
  }

  override attributes(key: Key): number {
    if (key === "length") return PERMANENT | HIDDEN | (this.lengthReadonly ? READONLY : 0)
    if (this.dense && arrayIndex(key) >= 0) return 0
    return super.attributes(key)
  }

  protected override writeOwn(st: JsState, key: Key, value: Value): void {
    if (key === "length") {
      if (!this.setLength(st, JsArray.lengthValue(st, value), false)) throw st.typeError(`Cannot delete property '${this.length - 1}' of [object Array]`)
      return
    }
    const i = arrayIndex(key)
    if (i >= 0) {
      if (!this.putIndex(st, i, value)) throw st.typeError(`Cannot add property ${i}, object is not extensible`)
    } else super.writeOwn(st, key, value)
  }

  override addOwn(st: JsState, key: Key, value: Value): boolean {
    const i = arrayIndex(key)
    if (i >= 0) return this.putIndex(st, i, value)
    this.writeOwn(st, key, value)
    return true
  }

  /** A plain data write of element `i` (present and writable, or new). */
  private putIndex(st: JsState, i: number, value: Value): boolean {
    if (this.dense) {
      const length = this.length
      if (i < length) {
        this.setAt(i, value)
        return true
      }
      if (i === length) {
        this.append(st, value)
        return true
      }
      this.toDictionary()
    }
    const key = String(i)
    if (!this.hasSlot(key)) {
      if (i >= this.len && this.lengthReadonly) return false
      this.indexCount++
      if (this.indexCount > st.maxArrayLength) throw st.arrayTooLarge()
      if (i >= this.len) this.len = i + 1
      this.putSlot(key, value)
      this.tryDense(st)
      return true
    }
    this.putSlot(key, value)
    return true
  }

  override defineOwn(st: JsState, key: Key, value: Value | Accessor, attributes: number): boolean {
    if (key === "length") {
      if (value instanceof Accessor) return false
      const n = typeof value === "number" ? value : JsArray.lengthValue(st, value)
      return this.setLength(st, n, (attributes & READONLY) !== 0)
    }
    const i = arrayIndex(key)
    if (i < 0) return super.defineOwn(st, key, value, attributes)
    if (this.dense && attributes === 0 && !(value instanceof Accessor) && i <= this.length) return this.putIndex(st, i, value)
    this.toDictionary()
    const isNew = !this.hasSlot(key)
    if (isNew && i >= this.len && this.lengthReadonly) return false
    if (!super.defineOwn(st, key, value, attributes)) return false
    if (attributes !== 0 || value instanceof Accessor) this.pinned = true
    if (isNew) {
      this.indexCount++
      if (this.indexCount > st.maxArrayLength) throw st.arrayTooLarge()
      if (i >= this.len) this.len = i + 1
      this.tryDense(st)
    }
    return true
  }

  override deleteOwn(key: Key): boolean {
    const i = arrayIndex(key)
    if (i >= 0) {
      if (this.dense) {
        if (i >= this.length) return true
        this.toDictionary()
      }
      if (!this.hasSlot(key)) return true
      if (!super.deleteOwn(key)) return false
      this.indexCount--
      return true
    }
    if (key === "length") return false
    return super.deleteOwn(key)
  }

  override ownKeys(): Key[] {
    if (!this.dense) {
      const keys = super.ownKeys()
      let at = 0
      while (at < keys.length && arrayIndex(keys[at]!) >= 0) at++
      keys.splice(at, 0, "length")
      return keys
    }
    const keys: Key[] = []
    for (let i = 0, n = this.length; i < n; i++) keys.push(String(i))
    keys.push("length")
    for (const k of super.ownKeys()) keys.push(k)
    return keys
  }

  /** ArraySetLength's checks on a new `length` value: ToUint32 must equal ToNumber. */
  static lengthValue(st: JsState, value: Value): number {
    const n = typeof value === "number" ? value : JsArray.toNumber(st, value)
    const again = typeof value === "number" ? value : JsArray.toNumber(st, value)
    if (!(again >= 0 && again <= 4294967295 && Math.floor(again) === again)) throw st.rangeError("Invalid array length")
    void n
    return again
  }

  /** `a[i] = v` for an index past the end (kept for callers that grow arrays). */
  setIndex(st: JsState, i: number, value: Value): void {
    if (!this.putIndex(st, i, value)) throw st.typeError(`Cannot add property ${i}, object is not extensible`)
  }

  /**
   * ArraySetLength: truncation deletes from the end and stops at the first element that refuses
   * (length then ends just past it); false when the write was refused at all.
   */
  setLength(st: JsState, n: number, makeReadonly: boolean): boolean {
    if (!(n >= 0 && n <= 4294967295 && Math.floor(n) === n)) throw st.rangeError("Invalid array length")
    const old = this.length
    if (this.lengthReadonly) return n === old && true
    if (this.dense) {
      if (n <= old) {
        if (n < old) {
          st.charge((old - n) >>> 4)
          this.items.length = n
        }
        if (makeReadonly) {
          this.toDictionary()
          this.lengthReadonly = true
        }
        return true
      }
      this.toDictionary()
    }
    let ok = true
    if (n < this.len) {
      const doomed: number[] = []
      for (const key of this.slotKeys()) {
        const i = arrayIndex(key)
        if (i >= n) doomed.push(i)
      }
      st.charge(doomed.length)
      doomed.sort((a, b) => b - a)
      let end = n
      for (const i of doomed) {
        if (!super.deleteOwn(String(i))) {
          end = i + 1
          ok = false
          break
        }
        this.indexCount--
      }
      this.len = end
    } else {
      this.len = n
    }
    if (makeReadonly) this.lengthReadonly = true
    else this.tryDense(st)
    return ok
  }

  override preventExtensions(): void {
    this.toDictionary()
    this.pinned = true
    super.preventExtensions()
  }

  override freeze(): void {
    this.toDictionary()
    this.pinned = true
    super.freeze()
    this.lengthReadonly = true
  }
}
