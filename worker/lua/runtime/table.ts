/**
 * Lua tables: the array part, the two forms of the hash part, `next`, and the size bound.
 *
 * Split from value.ts (which re-exports everything here) because the table is the one value with
 * real machinery behind it; the representation is explained on `LuaTable` below.
 */

import { LuaFloat } from "./float.js"
import type { LuaValue } from "./value.js"

/** What a table was when it came from the host or from `json.array()`: kept so empty ones keep their JSON shape. */
export const enum TableShape {
  Unknown = 0,
  Array = 1,
  Object = 2,
}

/** A `next` traversal of a table's Map in progress: the key it last returned, and the iterator after it. */
interface HashWalk {
  key: LuaKey | undefined
  readonly entries: Iterator<[LuaKey, LuaValue]>
}

/** A normalized table key: never nil, NaN or an integral float. */
export type LuaKey = Exclude<LuaValue, undefined>

/** Thrown by `LuaTable.set` for a key Lua forbids; the interpreter turns it into a Lua error. */
export class InvalidTableKey extends Error {}

/** Thrown by `LuaTable` when growth passes `maxTableEntries`; the interpreter turns it into a stop. */
export class TableTooLarge extends Error {}

/**
 * The array part of every table that has never had one: shared, so an empty table or a record
 * allocates no array. Never written: `setInteger` replaces it before the first append.
 */
const NO_ARRAY: LuaValue[] = []

/**
 * Most tables with non-array keys are small records (`{ id = 1, name = "x" }`): up to this many
 * slots their keys and values live in two parallel arrays searched linearly, which is faster to
 * build and to read than a `Map` and a fraction of its memory. The next key beyond moves the
 * whole part into a `Map`, for good.
 */
const SMALL_HASH = 8

/**
 * A long array part is kept in segments of this many elements (see `LuaTable.segments`), each
 * an ordinary JavaScript array well below V8's large-object size (128 KiB, 16,384 slots).
 */
const SEGMENT = 4096
const SEGMENT_BITS = 12
const SEGMENT_MASK = SEGMENT - 1

/** `LuaTable.facts`: the flags below `maxEntries`, which is stored times `FACT_BITS`. */
const FACT_BITS = 8
const SHARED_KEYS = 1
const SHAPE_MASK = 6
/** The array part was joined from segments once (`array`), so it is not segmented again. */
const JOINED = 8
/** Keeps `facts` a 31-bit integer; never reached, as bounds can only lower `maxTableEntries` (4 Mi). */
const MAX_ENTRIES_IN_FACTS = 2 ** 27

/**
 * A segmented array part (see `LuaTable.segments`): the full segments, and how much of the last
 * one (`LuaTable.elements`) is filled. The last segment is allocated whole, `SEGMENT` slots at
 * once, so appending to a long array never copies a segment while it grows: grown by `push`
 * instead (half as much again at each step, from one slot), each segment was allocated and copied
 * about a dozen times, three times its final size in all, which was a quarter of everything a
 * buffer-building program allocated and most of what the scavenger had to copy.
 */
class Segments {
  constructor(
    /** The segments before the last one, `SEGMENT` elements each. */
    readonly full: LuaValue[][],
    /** Elements of the last segment in use; the slots beyond are holes, read as nil and never read by the table. */
    public used: number,
  ) {}
}

/**
 * Keeps the map of `Segments` alive between executions, so the code that reads it stays
 * optimized (see shapes.ts), with the two things V8 changes a map for early settled here: the
 * first objects of a class are made larger while V8 learns their size (slack tracking, over the
 * first several), and a field never written again is first marked constant. Either way the map
 * of one execution's `Segments` would otherwise die with its tables and be made again, with new
 * code, by the next one. Exported because a module constant nothing reads would not be kept.
 */
export const SEGMENTS_SHAPE: unknown = ((): Segments => {
  let last = new Segments([[]], 0)
  for (let i = 0; i < 16; i++) last = new Segments([[]], 0)
  last.used++
  return last
})()

/** A fresh last segment, allocated whole (see `Segments`), holding `value` first. */
const freshSegment = (value: LuaValue): LuaValue[] => {
  const segment = new Array<LuaValue>(SEGMENT)
  segment[0] = value
  return segment
}

/** The `next` cursor of each Map hash part that has one (`LuaTable.walk`). */
const WALKS = new WeakMap<Map<LuaKey, LuaValue>, HashWalk>()

/**
 * A Lua table: an array part for the keys 1..n, and a hash part for every other key.
 *
 * Invariants: the array part never ends in `undefined` (holes inside are allowed), and the hash
 * part never holds the key `length() + 1` (appending migrates it), so `length()` is always a
 * border and `#t` is O(1). Keys are normalized before they reach the hash part: an integral float
 * becomes the integer. The hash part keeps insertion order, so `pairs` visits the array part in
 * order and then the other keys in the order they were first set.
 *
 * The hash part has two forms (see `SMALL_HASH`): `keys`/`values`, parallel arrays, or `hash`, a
 * Map; at most one is in use. In the small form a key set to nil keeps its slot with the value
 * `undefined` (a tombstone), so `next` can go on from a key the loop just cleared, as Lua allows;
 * tombstones are dropped when the slots run out. A table constructor with fixed names shares one
 * `keys` array among all the tables it builds (`sharedKeys`): it is copied before a key is added.
 */
export class LuaTable {
  /** The array part, or, once it is segmented, its last segment (see `segments`). */
  private elements: LuaValue[] = NO_ARRAY
  /**
   * Segmented array part: the full segments (`SEGMENT` elements each) that come before
   * `elements` and how much of `elements` is used (`Segments`), or null while the part is one
   * array (then `elements.length` is its length). An array built by appending goes segmented
   * when it passes `SEGMENT`, because one long JavaScript array costs far more than its
   * elements: past 16,384 slots V8 keeps its storage as a large object, and every growth step
   * (half as much again) is a fresh allocation of fresh memory, copied into; on a machine where
   * touching fresh memory is dear (a page fault per 4 KiB), appending 100,000 strings took 15 ms
   * that way and under 1 ms in segments. `get`, `setInteger`, `length`, `next`, `pairs`, `ipairs` and
   * `table.concat` (`arraySegments`) read segments as they are; the rest reads `array`, which
   * joins them first.
   */
  private segments: Segments | null = null
  keys: LuaKey[] | null = null
  values: LuaValue[] | null = null
  hash: Map<LuaKey, LuaValue> | null = null
  /**
   * The table's cold facts in one small integer, because every field is paid by every table (the
   * records workload keeps 200,000 of them, and a program that builds many tables spends most of
   * its time on the memory they take): `maxEntries` in the high bits, then `shape` (2 bits) and
   * `sharedKeys` (1 bit). Read and written through the accessors below.
   */
  private facts: number

  constructor(maxEntries: number) {
    this.facts = Math.min(maxEntries, MAX_ENTRIES_IN_FACTS) * FACT_BITS
  }

  /**
   * A table with the same entries (the same values, not copies of them) and parts of its own,
   * growing under `maxEntries`: how each run gets its libraries from the ones made once
   * (stdlib/index.ts). The small form's keys are shared until the copy adds or drops one.
   */
  copy(maxEntries: number): LuaTable {
    const copy = new LuaTable(maxEntries)
    copy.shape = this.shape
    const elements = this.segments === null ? this.elements : this.array
    if (elements !== NO_ARRAY) copy.elements = elements.slice()
    if (this.keys !== null) {
      copy.keys = this.keys
      copy.values = this.values!.slice()
      copy.sharedKeys = true
    } else if (this.hash !== null) {
      copy.hash = new Map(this.hash)
    }
    return copy
  }

  /** The `maxTableEntries` bound this table grows under. */
  get maxEntries(): number {
    return Math.floor(this.facts / FACT_BITS)
  }

  /** What the table was when it came from the host or from `json.array()`. */
  get shape(): TableShape {
    return ((this.facts & SHAPE_MASK) >> 1) as TableShape
  }

  set shape(shape: TableShape) {
    this.facts = (this.facts & ~SHAPE_MASK) | (shape << 1)
  }

  /** `keys` belongs to a table constructor: copy it before adding or dropping a key. */
  get sharedKeys(): boolean {
    return (this.facts & SHARED_KEYS) !== 0
  }

  set sharedKeys(shared: boolean) {
    this.facts = shared ? this.facts | SHARED_KEYS : this.facts & ~SHARED_KEYS
  }

  /**
   * Where the last `next` over `hash` stopped, so a `pairs` loop is O(1) per step. Kept beside
   * the table rather than in it (see `facts`): only a `next` over a Map makes one.
   */
  private get walk(): HashWalk | null {
    return this.hash === null ? null : (WALKS.get(this.hash) ?? null)
  }

  private set walk(walk: HashWalk | null) {
    if (this.hash === null) return
    if (walk === null) WALKS.delete(this.hash)
    else WALKS.set(this.hash, walk)
  }

  /**
   * The array part as one JavaScript array, for code that works on it in bulk (`table.insert`,
   * `sort`, `unpack`, conversions): a segmented part is joined into one array first, and stays
   * one array (appends push onto it, as onto any array longer than a segment). It is never
   * segmented again: a table kept at exactly one segment's length, appended to and handed to
   * `table.insert` in turn, would otherwise be copied whole at every turn, work the fuel meter
   * does not see.
   */
  get array(): LuaValue[] {
    const segments = this.segments
    if (segments !== null) {
      const last = this.elements
      last.length = segments.used
      this.elements = ([] as LuaValue[]).concat(...segments.full, last)
      this.segments = null
      this.facts |= JOINED
    }
    return this.elements
  }

  set array(elements: LuaValue[]) {
    this.elements = elements
    this.segments = null
  }

  /**
   * The array part as the arrays it is kept in, in order, without joining them (`table.concat`,
   * `pairs`). The last one may be longer than its used part: its slots past `length()` are
   * holes, which read as nil.
   */
  arraySegments(): ReadonlyArray<ReadonlyArray<LuaValue>> {
    return this.segments === null ? [this.elements] : [...this.segments.full, this.elements]
  }

  get(key: LuaValue): LuaValue {
    if (typeof key === "number") {
      const elements = this.elements
      if (this.segments === null) {
        if (key >= 1 && key <= elements.length) {
          const v = elements[key - 1]
          if (v !== undefined || Number.isInteger(key)) return v
        }
      } else if (key >= 1 && key <= this.length() && Number.isInteger(key)) {
        return this.segmentedAt(key - 1)
      }
    } else if (key instanceof LuaFloat) {
      return this.get(normalizeFloatKey(key.n))
    }
    return this.getHash(key as LuaKey)
  }

  /** `t.name` for a string key: the path the compiler uses for field access. */
  getString(key: string): LuaValue {
    const keys = this.keys
    if (keys !== null) {
      for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.values![i]
      return undefined
    }
    return this.hash === null ? undefined : this.hash.get(key)
  }

  private getHash(key: LuaKey): LuaValue {
    const keys = this.keys
    if (keys !== null) {
      for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.values![i]
      return undefined
    }
    return this.hash === null ? undefined : this.hash.get(key)
  }

  set(key: LuaValue, value: LuaValue): void {
    if (typeof key === "number") {
      if (Number.isInteger(key)) {
        this.setInteger(key, value)
        return
      }
      if (key !== key) throw new InvalidTableKey("table index is NaN")
    } else if (key === undefined) {
      throw new InvalidTableKey("table index is nil")
    } else if (key instanceof LuaFloat) {
      const k = normalizeFloatKey(key.n)
      if (typeof k === "number" && Number.isInteger(k)) this.setInteger(k, value)
      else this.setHash(k as LuaKey, value)
      return
    }
    this.setHash(key as LuaKey, value)
  }

  /** `t[i] = v` for an integer key: the array part when it can be. */
  setInteger(key: number, value: LuaValue): void {
    const elements = this.elements
    const segments = this.segments
    const length = segments === null ? elements.length : this.length()
    if (key >= 1 && key <= length) {
      if (segments === null) elements[key - 1] = value
      else this.setSegmentedAt(key - 1, value)
      if (value === undefined && key === length) this.trimArray()
      return
    }
    if (key === length + 1) {
      if (value === undefined) {
        // The invariant keeps `length + 1` out of the hash part, so there is nothing to remove.
        return
      }
      if (length >= this.maxEntries) throw new TableTooLarge()
      this.append(value)
      if (this.keys !== null || this.hash !== null) this.migrateFromHash()
      return
    }
    this.setHash(key, value)
  }

  /** Appends at `#t + 1` (table constructors, `table.insert`). */
  push(value: LuaValue): void {
    this.setInteger(this.length() + 1, value)
  }

  length(): number {
    const segments = this.segments
    return segments === null ? this.elements.length : segments.full.length * SEGMENT + segments.used
  }

  /** Number of entries, both parts (holes in the array part are not counted). */
  count(): number {
    let n = 0
    for (const part of this.arraySegments()) for (const v of part) if (v !== undefined) n++
    return n + this.hashSize()
  }

  /** Element `i` (0-based, below `length()`) of a segmented array part. */
  private segmentedAt(i: number): LuaValue {
    const full = this.segments!.full
    const s = i >>> SEGMENT_BITS
    return s < full.length ? full[s]![i & SEGMENT_MASK] : this.elements[i & SEGMENT_MASK]
  }

  private setSegmentedAt(i: number, value: LuaValue): void {
    const full = this.segments!.full
    const s = i >>> SEGMENT_BITS
    if (s < full.length) full[s]![i & SEGMENT_MASK] = value
    else this.elements[i & SEGMENT_MASK] = value
  }

  /** Element `i` (0-based, below `length()`) of the array part, in either form. */
  private at(i: number): LuaValue {
    return this.segments === null ? this.elements[i] : this.segmentedAt(i)
  }

  /**
   * Adds a (non-nil) value at the end of the array part: into the free slots of the last segment,
   * or a new segment when it is full — or when an unsegmented part exactly one segment long that
   * was never joined (`JOINED`) grows (see `segments`).
   */
  private append(value: LuaValue): void {
    const segments = this.segments
    if (segments !== null) {
      if (segments.used < SEGMENT) this.elements[segments.used++] = value
      else {
        segments.full.push(this.elements)
        this.elements = freshSegment(value)
        segments.used = 1
      }
      return
    }
    const elements = this.elements
    if (elements.length === 0) this.elements = [value]
    else if (elements.length !== SEGMENT || (this.facts & JOINED) !== 0) elements.push(value)
    else {
      this.segments = new Segments([elements], 1)
      this.elements = freshSegment(value)
    }
  }

  /** Number of entries in the hash part. */
  hashSize(): number {
    const values = this.values
    if (values === null) return this.hash === null ? 0 : this.hash.size
    let n = 0
    for (let i = 0; i < values.length; i++) if (values[i] !== undefined) n++
    return n
  }

  /** The entries of the hash part in insertion order (for conversions; loops walk the parts directly). */
  *hashEntries(): IterableIterator<[LuaKey, LuaValue]> {
    const keys = this.keys
    if (keys !== null) {
      const values = this.values!
      for (let i = 0; i < keys.length; i++) if (values[i] !== undefined) yield [keys[i]!, values[i]]
    } else if (this.hash !== null) {
      for (const entry of this.hash) if (entry[1] !== undefined) yield entry
    }
  }

  /** The hash part as a Map, moving a small one there first (`_G`, read directly by compiled code). */
  hashMap(): Map<LuaKey, LuaValue> {
    if (this.keys !== null) this.toMap()
    else if (this.hash === null) this.hash = new Map()
    return this.hash!
  }

  /**
   * Lua's `next`: the entry after `key` (nil: the first), or `undefined` at the end. Returns
   * `null` when `key` is not in the table, which Lua reports as an error.
   */
  next(key: LuaValue): [LuaKey, LuaValue] | undefined | null {
    const length = this.length()
    let start = 0
    if (key !== undefined) {
      const k = key instanceof LuaFloat ? normalizeFloatKey(key.n) : key
      if (typeof k === "number" && Number.isInteger(k) && k >= 1 && k <= length) start = k
      else return this.nextInHash(k as LuaKey)
    }
    for (let i = start; i < length; i++) {
      const v = this.at(i)
      if (v !== undefined) return [i + 1, v]
    }
    return this.firstInHash()
  }

  private firstInHash(): [LuaKey, LuaValue] | undefined {
    if (this.keys !== null) return this.smallFrom(0)
    if (this.hash === null) return undefined
    this.walk = { key: undefined, entries: this.hash.entries() }
    return this.advanceCursor()
  }

  private nextInHash(key: LuaKey): [LuaKey, LuaValue] | undefined | null {
    const keys = this.keys
    if (keys !== null) {
      const at = keys.indexOf(key)
      return at < 0 ? null : this.smallFrom(at + 1)
    }
    const hash = this.hash
    if (hash === null) return null
    if (this.walk === null || this.walk.key !== key) {
      // Not a continuation of the last traversal: find the key's position from the start.
      if (!hash.has(key)) return null
      const entries = hash.entries()
      this.walk = { key: undefined, entries }
      for (;;) {
        const step = entries.next()
        if (step.done) return undefined
        if (step.value[0] === key) break
      }
    }
    return this.advanceCursor()
  }

  /** The first live entry of the small form at or after slot `i`. */
  private smallFrom(i: number): [LuaKey, LuaValue] | undefined {
    const keys = this.keys!
    const values = this.values!
    for (; i < keys.length; i++) {
      const v = values[i]
      if (v !== undefined) return [floatKeyBack(keys[i]!), v]
    }
    return undefined
  }

  private advanceCursor(): [LuaKey, LuaValue] | undefined {
    const walk = this.walk!
    for (;;) {
      const step = walk.entries.next()
      if (step.done) {
        this.walk = null
        return undefined
      }
      const entry = step.value
      if (entry[1] !== undefined) {
        // Lua allows clearing the current key while traversing: the cursor remembers it anyway.
        walk.key = entry[0]
        return [floatKeyBack(entry[0]), entry[1]]
      }
    }
  }

  private setHash(key: LuaKey, value: LuaValue): void {
    const keys = this.keys
    if (keys !== null) {
      for (let i = 0; i < keys.length; i++) {
        if (keys[i] === key) {
          const values = this.values!
          if (values[i] !== undefined || value === undefined || i === keys.length - 1) {
            values[i] = value
            return
          }
          // A cleared key set again is a new key, and new keys go last (as in a Map).
          if (this.sharedKeys) this.keys = keys.slice()
          this.sharedKeys = false
          this.keys!.splice(i, 1)
          values.splice(i, 1)
          break
        }
      }
      if (value !== undefined) this.addSmall(key, value)
      return
    }
    const hash = this.hash
    if (value === undefined) {
      if (hash !== null) hash.delete(key)
      return
    }
    if (hash === null) {
      this.keys = [key]
      this.values = [value]
      return
    }
    if (hash.size >= this.maxEntries && !hash.has(key)) throw new TableTooLarge()
    hash.set(key, value)
  }

  /** A new key in the small form: a free slot, the slots of tombstones, or the move to a Map. */
  private addSmall(key: LuaKey, value: LuaValue): void {
    const live = this.hashSize()
    if (live >= this.maxEntries) throw new TableTooLarge()
    let keys = this.keys!
    let values = this.values!
    if (keys.length >= SMALL_HASH) {
      if (live === keys.length) {
        this.toMap()
        this.hash!.set(key, value)
        return
      }
      const k: LuaKey[] = []
      const v: LuaValue[] = []
      for (let i = 0; i < keys.length; i++) {
        if (values[i] !== undefined) {
          k.push(keys[i]!)
          v.push(values[i])
        }
      }
      this.keys = keys = k
      this.values = values = v
      this.sharedKeys = false
    } else if (this.sharedKeys) {
      this.keys = keys = keys.slice()
      this.sharedKeys = false
    }
    keys.push(key)
    values.push(value)
  }

  private toMap(): void {
    const keys = this.keys!
    const values = this.values!
    const hash = new Map<LuaKey, LuaValue>()
    for (let i = 0; i < keys.length; i++) if (values[i] !== undefined) hash.set(keys[i]!, values[i])
    this.hash = hash
    this.keys = null
    this.values = null
    this.sharedKeys = false
  }

  private migrateFromHash(): void {
    for (;;) {
      const k = this.length() + 1
      const v = this.getHash(k)
      if (v === undefined) return
      this.setHash(k, undefined)
      this.append(v)
    }
  }

  /** Drops the nils at the end of the array part, segment after segment. */
  private trimArray(): void {
    for (;;) {
      const elements = this.elements
      const segments = this.segments
      let n = segments === null ? elements.length : segments.used
      while (n > 0 && elements[n - 1] === undefined) n--
      if (segments === null) {
        elements.length = n
        return
      }
      segments.used = n
      if (n > 0) return
      // The last segment is empty: the one before it, full, becomes the last.
      this.elements = segments.full.pop()!
      segments.used = SEGMENT
      if (segments.full.length === 0) this.segments = null
    }
  }
}

/** A float key becomes the integer of the same value when there is one (`t[1.0]` is `t[1]`). */
const normalizeFloatKey = (n: number): LuaValue => {
  if (!Number.isInteger(n)) return n
  if (Number.isSafeInteger(n)) return n === 0 ? 0 : n
  if (n >= -9223372036854775808 && n < 9223372036854775808) return BigInt(n)
  // Beyond 64 bits there is no integer of that value: the raw double is the key, and
  // `floatKeyBack` boxes it again when `next` hands it to the program.
  return n
}

const floatKeyBack = (k: LuaKey): LuaKey =>
  typeof k === "number" && !Number.isSafeInteger(k) && Number.isInteger(k) ? (new LuaFloat(k) as unknown as LuaKey) : k
