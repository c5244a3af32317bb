/**
 * Shapes: the keys of an object, shared by every object that was given the same keys in the same
 * order, so that an object's own storage is its values alone, by slot number (`JsObject.slotAt`).
 *
 * Why. A program's objects are mostly records: `{ id, name, score }` made two hundred thousand
 * times, or `{ value, done }` once per iteration step. With a `Map` per object, each of them cost V8
 * a map object and its hash table — about 250 bytes for three properties, all of it copied by the
 * garbage collector while the records live. With a shape they cost their three values; the keys,
 * and the key -> slot table, exist once.
 *
 * How. A shape is immutable once made: its first `size` keys in insertion order, and a table from
 * key to slot. Adding a key moves an object to the child shape for that key, found in the parent's
 * `transitions` (made and cached the first time), so objects built alike end on the same shape
 * whether they came from a literal or from assignments. A chain of shapes that never branches —
 * one object filled key by key with keys nobody else uses, a dictionary in the making — shares one
 * key table and one key list, each shape seeing only its first `size` entries (`lookup` ignores the
 * rest), so making the next shape costs O(1), not a copy of everything before it; only a shape that
 * gets a second child copies its entries, once, for the new branch. Deleting a key, or growing past
 * `MAX_SHAPE_KEYS` (an object used as a dictionary), moves the object to a `Map` of its own for good
 * (`JsObject.dict`); the shapes are never the place where deletions or big tables go.
 *
 * Bounds. The transition tree lives as long as the worker's module, so it is capped: after
 * `MAX_SHAPES` shapes the tree starts again from a new root and every older shape stops adding
 * children (`current()` false), so an object still on one moves to a `Map` at its next new key.
 * A program that invents keys without end therefore costs the tree at most the cap, and a later
 * program starts from a clean tree; the values never live here, only keys.
 *
 * Plain objects (`JsObject` itself, whose own properties are exactly their storage) and every other
 * class grow from two different roots, so a shape says which kind of object holds it; that is what
 * lets a property cache (property-cache.ts) read a slot on a shape match alone.
 */

import type { JsObject, Key, Value, Accessor } from "./object.js"

/** Most keys a shaped object holds; one more and it keeps its properties in a Map. */
export const MAX_SHAPE_KEYS = 64
/** Shapes made before the transition tree is dropped and started again. */
const MAX_SHAPES = 50_000

/** How many values an object keeps in its own fields, before its `slots` array (runtime/object.ts). */
export const INLINE_SLOTS = 4

/** The shared empty storage of an object with no properties yet (never written: it has no room). */
export const NO_SLOTS: Array<Value | Accessor> = []

/**
 * Fresh storage for `n` values, all undefined: an object literal's slots, an array literal's
 * elements, a shaped object's room to grow.
 *
 * Why array literals and not `new Array(n)`. V8 gives every array literal an allocation site and
 * watches how many of the arrays made there survive; when nearly all do (two hundred thousand
 * records kept in a list) it allocates the site's arrays in the old generation directly
 * (pretenuring), so the scavenger stops copying each one twice, and it drops the decision again
 * when they stop surviving. `new Array(n)` has no site, and starts holey besides (undefined is a
 * value, not a hole, so a literal's array stays packed whatever is stored in it). Sizes past eight
 * are rarer and take `new Array`.
 */
export function freshValues(n: number): Array<Value> {
  switch (n) {
    case 0: return []
    case 1: return [undefined]
    case 2: return [undefined, undefined]
    case 3: return [undefined, undefined, undefined]
    case 4: return [undefined, undefined, undefined, undefined]
    case 5: return [undefined, undefined, undefined, undefined, undefined]
    case 6: return [undefined, undefined, undefined, undefined, undefined, undefined]
    case 7: return [undefined, undefined, undefined, undefined, undefined, undefined, undefined]
    case 8: return [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined]
    default: return new Array<Value>(n)
  }
}

export class Shape {
  /** The root of the live transition tree of plain objects (`JsObject` itself). */
  static root: Shape = new Shape(new Map(), [], 0, 0, true)
  /**
   * The root of every other class of object (arrays, functions, the global object...), whose own
   * properties are not always their storage. Two trees, so that a shape tells whether its object
   * is plain: the property caches (property-cache.ts) trust only plain shapes.
   */
  static exoticRoot: Shape = new Shape(new Map(), [], 0, 0, false)
  /** A shape no object ever has: what an empty property cache holds. */
  static readonly none: Shape = new Shape(new Map(), [], 0, -1, false)
  private static generation = 0
  private static made = 0

  private transitions: Map<Key, Shape> | null = null
  /** The string keys in property order, made on first request (for-in over plain objects). */
  private enumeration: ReadonlyArray<string> | null = null
  /** This shape's own copy of its keys, made on first request. */
  private keyList: ReadonlyArray<Key> | null = null

  private constructor(
    /** Key -> slot, shared along a chain that does not branch: entries at `size` or past are not ours. */
    private readonly table: Map<Key, number>,
    /** Keys by slot, shared like `table`. */
    private readonly order: Key[],
    /** How many keys this shape has. */
    readonly size: number,
    private readonly generation: number,
    /** On the plain tree: the object is a `JsObject`, its own properties exactly its storage. */
    readonly plain: boolean,
  ) {}

  /** The slot of `key`, or undefined when this shape has no such key. */
  lookup(key: Key): number | undefined {
    const i = this.table.get(key)
    return i !== undefined && i < this.size ? i : undefined
  }

  /** The keys in insertion order (this shape's own copy: callers may hold it while the object grows). */
  get keys(): ReadonlyArray<Key> {
    return (this.keyList ??= this.order.slice(0, this.size))
  }

  /** Whether this shape belongs to the live tree (it may still add children). */
  current(): boolean {
    return this.generation === Shape.generation
  }

  /** The shape with `key` added after this one's keys (`key` must be new here). */
  with(key: Key): Shape {
    const cached = this.transitions?.get(key)
    if (cached !== undefined) return cached
    let table = this.table
    let order = this.order
    if (order.length !== this.size) {
      // The shared table already runs past this shape (it has another child): branch off a copy.
      table = new Map()
      order = this.order.slice(0, this.size)
      for (let i = 0; i < order.length; i++) table.set(order[i]!, i)
    }
    table.set(key, this.size)
    order.push(key)
    const next = new Shape(table, order, this.size + 1, this.generation, this.plain)
    if (++Shape.made > MAX_SHAPES) Shape.restart()
    else (this.transitions ??= new Map()).set(key, next)
    return next
  }

  /**
   * The string keys in JavaScript's property order — integer-like keys ascending, then the others
   * in insertion order — shared by every object of this shape, so callers must not change it. For a
   * plain object with no attributes these are exactly its enumerable own string keys.
   */
  stringKeys(isIndex: (key: Key) => boolean): ReadonlyArray<string> {
    if (this.enumeration !== null) return this.enumeration
    const indices: string[] = []
    const names: string[] = []
    for (const key of this.keys) {
      if (typeof key !== "string") continue
      if (isIndex(key)) indices.push(key)
      else names.push(key)
    }
    indices.sort((a, b) => Number(a) - Number(b))
    this.enumeration = indices.length === 0 ? names : [...indices, ...names]
    return this.enumeration
  }

  /** The shape of an object given exactly `keys` (distinct), in order, or null past the cap. */
  static of(keys: ReadonlyArray<Key>): Shape | null {
    if (keys.length > MAX_SHAPE_KEYS) return null
    let shape = Shape.root
    for (const key of keys) shape = shape.with(key)
    return shape.current() ? shape : null
  }

  /**
   * The shape of a built-in with exactly `keys` (distinct), in order, however many: the copies of
   * one built-in (runtime/realm-copy.ts) all share it. Past `MAX_SHAPE_KEYS` it is a shape all the
   * same, with one object's keys; a copy given a new key moves to a Map then, as any object does.
   */
  static ofBuiltin(keys: ReadonlyArray<Key>, plain: boolean): Shape {
    let shape = plain ? Shape.root : Shape.exoticRoot
    for (const key of keys) shape = shape.with(key)
    return shape
  }

  private static restart(): void {
    Shape.made = 0
    Shape.generation++
    Shape.root = new Shape(new Map(), [], 0, Shape.generation, true)
    Shape.exoticRoot = new Shape(new Map(), [], 0, Shape.generation, false)
  }
}

/**
 * A Map-like view of an object's own storage, either form, for the code outside the object model
 * that walks or fills it (`o.props.set(k, v)` on a fresh object, `o.props.keys()`). It reads and
 * writes storage only: no exotic behaviour, no attributes, as the `Map` it stands in for did.
 */
export class PropertyView {
  constructor(private readonly o: JsObject) {}

  get size(): number {
    return this.o.slotCount
  }
  get(key: Key): Value | Accessor | undefined {
    return this.o.hasSlot(key) ? (this.o.ownSlot(key) as Value | Accessor) : undefined
  }
  has(key: Key): boolean {
    return this.o.hasSlot(key)
  }
  set(key: Key, value: Value | Accessor): this {
    this.o.putSlot(key, value)
    return this
  }
  delete(key: Key): boolean {
    const had = this.o.hasSlot(key)
    this.o.dropSlot(key)
    return had
  }
  clear(): void {
    this.o.clearSlots()
  }
  keys(): IterableIterator<Key> {
    return [...this.o.slotKeys()][Symbol.iterator]()
  }
  *entries(): IterableIterator<[Key, Value | Accessor]> {
    for (const key of [...this.o.slotKeys()]) if (this.o.hasSlot(key)) yield [key, this.o.ownSlot(key) as Value | Accessor]
  }
  [Symbol.iterator](): IterableIterator<[Key, Value | Accessor]> {
    return this.entries()
  }
}
