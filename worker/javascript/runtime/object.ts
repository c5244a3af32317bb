/**
 * The program's object model: every object, array and function a JavaScript program holds is an
 * instance of a class in this file, never a host object.
 *
 * Value representation. Primitives are themselves (`undefined`, `null`, booleans, numbers,
 * strings, bigints, symbols): they carry no behaviour of their own, and every property read on
 * one goes through the realm's prototypes (`runtime/ops.ts`), so `"x".constructor` is the
 * program's `String`, never the host's. Objects are `JsObject` (and subclasses): a property map,
 * a prototype pointer into the same realm, and nothing else the program can reach. Because the
 * program's `[[Get]]` is `JsObject.get`, names like `constructor`, `__proto__` or `toString`
 * resolve through our prototypes only; the host's `Object.prototype` is simply not on any path.
 *
 * Properties are stored shaped (runtime/shape.ts): the object's `shape` holds its keys in
 * insertion order with each key's slot, shared by every object built the same way, and the object
 * holds the values. Two hundred thousand `{ id, name, score }` records are then two hundred
 * thousand objects and one shape, where a `Map` each cost V8 about twice the memory and the
 * garbage collector twice the copying.
 *
 * Inline values. The first `INLINE_SLOTS` values live in the object's own fields (`s0`..`s3`),
 * the rest in `slots`, an array made only for an object with more keys. Why: a host array is two
 * heap objects (the array and its store), so a record kept its three values in three heap objects
 * of its own — 152 bytes and four objects with its name string, every one copied twice by the
 * scavenger while the records live (the young generation copies a survivor once, then promotes it).
 * Fields make it 112 bytes and two objects, and a program that builds records spends about half
 * the collector time. Every reader of a slot goes through `slotAt` / `setSlotAt`, a switch V8
 * folds into the caller. The fields start `undefined`, so V8 never gives them a number-only
 * representation that would box each number stored there.
 *
 * An object used as a dictionary (a deleted key, more keys than a shape holds) moves to a `Map`
 * for good: `shape` null, `dict` the map, the storage every object had before shapes. Insertion order is the key order JavaScript needs in both, apart from
 * integer-like keys, which `ownKeys` moves to the front. Code outside this file that walks the
 * storage reads `props`, a Map-like view over either form. Attributes are the exception, not the
 * rule: `attrs` stays `null` while every own property is a plain writable, enumerable,
 * configurable data property — the case of nearly every object a program builds — so the hot
 * `get`/`set` paths do one lookup. Accessors are stored as `Accessor` values (a class no program
 * value can be an instance of) and always flagged in `attrs`.
 *
 * Arrays (`JsArray`, runtime/array.ts) keep their elements in a dense host array, `items`, until a
 * hole, an attribute or freezing moves them into the property map. Functions (`JsFunction`) carry
 * their behaviour in `impl`, a host closure the program cannot see; their `name`, `length` and
 * `prototype` properties are materialised on first own-property access, so creating a closure is
 * one allocation plus a Map.
 *
 * Copied built-ins. An execution's built-ins are copies of the worker's realm template
 * (runtime/realm-copy.ts), and a copy gets its properties only when one is touched: until then it
 * has neither shape nor dictionary (`deferProperties`), and the storage methods below, which meet
 * that first, fill it. A filled copy shares its attributes with the template until it changes one,
 * and its object values are made at their first read (`NOT_YET_COPIED`, resolved in `ownSlot`).
 */

import type { JsState } from "./state.js"
import { freshValues, INLINE_SLOTS, MAX_SHAPE_KEYS, NO_SLOTS, PropertyView, Shape } from "./shape.js"

export type Key = string | symbol
export type Value = undefined | null | boolean | number | string | bigint | symbol | JsObject

/** Attribute bits in `JsObject.attrs`; an absent entry means writable, enumerable, configurable data. */
export const READONLY = 1
export const HIDDEN = 2
export const PERMANENT = 4
export const ACCESSOR = 8
/** Built-in methods: writable and configurable but not enumerable. */
export const BUILTIN = HIDDEN

/** Marker for "no own property" (distinct from a property holding `undefined`). */
export const ABSENT: unique symbol = Symbol("absent")
export type Own = Value | Accessor | typeof ABSENT

export class Accessor {
  constructor(
    public getter: JsFunction | undefined,
    public setter: JsFunction | undefined,
  ) {}
}

/** The signature of every function's behaviour: builtins and compiled program functions alike. */
export type FunctionImpl = (st: JsState, thisArg: Value, args: Value[], newTarget: JsObject | undefined) => Value

/**
 * A second way into a compiled function with at most three plain parameters and no `arguments`:
 * the caller passes the arguments themselves, which go straight into the new frame, so a call
 * allocates no argument array. Missing arguments are `undefined`; extra ones are dropped (only
 * `arguments` could see them). Same behaviour as `impl` with `newTarget` undefined.
 *
 * It is called as a method, `fn.direct(...)`, and finds its function in `this`: one entry serves
 * every instance of a function definition, and lives as long as the compiled program (see
 * compile/direct.ts for why that matters).
 */
export type DirectCall = (this: JsFunction, thisArg: Value, a0: Value, a1: Value, a2: Value) => Value
export const DIRECT_CALL_ARITY = 3
const NO_UPVALUES: unknown[] = []

const INDEX = /^(?:0|[1-9][0-9]*)$/

/** The array index a property key names, or -1. */
export const arrayIndex = (key: Key): number => {
  if (typeof key !== "string") return -1
  const c = key.charCodeAt(0)
  if (c < 48 || c > 57 || !INDEX.test(key)) return -1
  const n = Number(key)
  return n < 4294967295 ? n : -1
}

/**
 * The parts of an object that nearly no object uses, kept apart so that the common object — a
 * record with its shape and values — carries one field for them, not three: the
 * dictionary storage of an object used as a map, the attributes of properties that are not plain
 * data, and non-extensibility. An object gets one the first time it needs any of them.
 */
class ObjectExtras {
  dict: Map<Key, Value | Accessor> | null = null
  attrs: Map<Key, number> | null = null
  /** `attrs` is a copied built-in's, shared with its template until this object changes one (`writableAttrs`). */
  attrsShared = false
  extensible = true
  /** Where the properties of a copied built-in come from (see `deferProperties`). */
  source: PropertySource | null = null
  /** Which object of `source` this one copies. */
  sourceIndex = 0
  /** Its properties are not made yet. */
  waiting = false
  /** The shape under which every own string key was found non-enumerable (`onlyHiddenStringKeys`); null once attributes change. */
  hiddenKeysShape: Shape | null = null
}

/**
 * What makes the own properties of an object that has none yet (runtime/realm-copy.ts): a
 * built-in copied for one execution gets its properties at the first touch of any of them, so an
 * execution pays only for the built-ins it uses.
 */
export interface PropertySource {
  /**
   * Gives `o`, object number `index` of this source, its own properties: storage, attributes,
   * extensibility. A value that is an object may be left `NOT_YET_COPIED`.
   */
  fill(o: JsObject, index: number): void
  /** The value of the property `key` that `fill` left `NOT_YET_COPIED`. */
  value(index: number, key: Key): Value | Accessor
}

/**
 * The stored value of a copied built-in's property whose object is not made yet
 * (runtime/realm-copy.ts): `ownSlot`, the one reader of stored values, makes it when it is first
 * read, so an execution that reads `Math.max` makes that function and not the other forty. It is
 * never a program value, and never leaves `ownSlot`.
 */
export const NOT_YET_COPIED: Accessor = new Accessor(undefined, undefined)

export class JsObject {
  /** The keys and their slots; null once the object keeps its properties in `dict`. */
  shape: Shape | null
  /** The values of slots 0 to 3, in the object itself (see "Inline values" above). */
  s0: Value | Accessor = undefined
  s1: Value | Accessor = undefined
  s2: Value | Accessor = undefined
  s3: Value | Accessor = undefined
  /** The values of slots `INLINE_SLOTS` and on, at `slot - INLINE_SLOTS` (spare capacity past the shape's keys). */
  slots: Array<Value | Accessor> = NO_SLOTS
  /** What few objects need (see `ObjectExtras`); null for a plain, extensible, attribute-free object. */
  private extras: ObjectExtras | null = null

  /** Dictionary storage, when `shape` is null. */
  get dict(): Map<Key, Value | Accessor> | null {
    const x = this.filled()
    return x === null ? null : x.dict
  }
  set dict(map: Map<Key, Value | Accessor> | null) {
    if (map !== null || this.extras !== null) this.withExtras().dict = map
  }

  /** Attributes of the own properties that are not plain data (see the bits above); null when none is. */
  get attrs(): Map<Key, number> | null {
    const x = this.filled()
    return x === null ? null : x.attrs
  }
  set attrs(map: Map<Key, number> | null) {
    if (map !== null || this.extras !== null) {
      const x = this.withExtras()
      x.attrs = map
      x.attrsShared = false
      x.hiddenKeysShape = null
    }
  }

  /** Gives this object attributes shared with others (a copied built-in's: runtime/realm-copy.ts) until it changes one. */
  shareAttrs(map: ReadonlyMap<Key, number>): void {
    const x = this.withExtras()
    x.attrs = map as Map<Key, number>
    x.attrsShared = true
    x.hiddenKeysShape = null
  }

  /** The attributes map to change: made when there is none, copied when it is shared. */
  protected writableAttrs(): Map<Key, number> {
    const x = this.withExtras()
    x.hiddenKeysShape = null
    if (x.attrs === null) x.attrs = new Map()
    else if (x.attrsShared) {
      x.attrs = new Map(x.attrs)
      x.attrsShared = false
    }
    return x.attrs
  }

  get extensible(): boolean {
    const x = this.filled()
    return x === null || x.extensible
  }
  set extensible(yes: boolean) {
    if (!yes || this.extras !== null) this.withExtras().extensible = yes
  }

  private withExtras(): ObjectExtras {
    return this.filled() ?? (this.extras = new ObjectExtras())
  }

  /** The extras, once a deferred object has been given its properties (see `deferProperties`). */
  private filled(): ObjectExtras | null {
    const x = this.extras
    if (x !== null && x.waiting) {
      x.waiting = false
      x.source!.fill(this, x.sourceIndex)
    }
    return x
  }

  /**
   * Leaves this object without properties until one is touched, when `source` makes them. The
   * object keeps neither a shape nor a dictionary meanwhile: every path to the storage below
   * meets the missing dictionary, and every path to the attributes or extensibility goes through
   * `filled`, so no one sees the object before it is filled. The property caches, which read
   * slots directly, never match an object without a shape.
   */
  deferProperties(source: PropertySource, index: number): void {
    this.shape = null
    this.dropValues()
    const x = (this.extras = new ObjectExtras())
    x.source = source
    x.sourceIndex = index
    x.waiting = true
  }

  /** Makes the value `fill` left `NOT_YET_COPIED` under `key`, and stores it there. */
  private copiedValue(key: Key): Value | Accessor {
    const x = this.extras!
    const value = x.source!.value(x.sourceIndex, key)
    this.putSlot(key, value)
    return value
  }

  constructor(public proto: JsObject | null) {
    // Plain objects and the exotic classes grow separate shape trees (see runtime/shape.ts).
    this.shape = new.target === JsObject ? Shape.root : Shape.exoticRoot
  }

  /**
   * A plain object whose storage is given whole (object literals): `v0`..`v3` are the values of
   * the shape's first keys, `rest` those of the keys past `INLINE_SLOTS` (`NO_SLOTS` when none).
   */
  static shaped(proto: JsObject | null, shape: Shape, v0: Value, v1: Value, v2: Value, v3: Value, rest: Array<Value | Accessor>): JsObject {
    const o = new JsObject(proto)
    o.shape = shape
    o.s0 = v0
    o.s1 = v1
    o.s2 = v2
    o.s3 = v3
    o.slots = rest
    return o
  }

  // -- Storage: the own properties as stored, below every exotic behaviour ----------------------

  /** The value in slot `i` of a shaped object (`i` below its shape's size). */
  slotAt(i: number): Value | Accessor {
    switch (i) {
      case 0: return this.s0
      case 1: return this.s1
      case 2: return this.s2
      case 3: return this.s3
      default: return this.slots[i - INLINE_SLOTS] as Value | Accessor
    }
  }

  /** Writes slot `i` of a shaped object (`i` below its shape's size, or the one being added). */
  setSlotAt(i: number, value: Value | Accessor): void {
    switch (i) {
      case 0: this.s0 = value; return
      case 1: this.s1 = value; return
      case 2: this.s2 = value; return
      case 3: this.s3 = value; return
      default: this.slots[i - INLINE_SLOTS] = value
    }
  }

  /** Gives this object `shape`, with `values[i]` the value of its key `i` (a copied built-in's storage). */
  adoptSlots(shape: Shape, values: ReadonlyArray<Value | Accessor>): void {
    this.shape = shape
    this.s0 = values[0]
    this.s1 = values[1]
    this.s2 = values[2]
    this.s3 = values[3]
    this.slots = values.length > INLINE_SLOTS ? values.slice(INLINE_SLOTS) : NO_SLOTS
  }

  /** Empties storage, inline values included, so that nothing dropped stays reachable from here. */
  private dropValues(): void {
    this.s0 = this.s1 = this.s2 = this.s3 = undefined
    this.slots = NO_SLOTS
  }

  /** The stored value of `key` (data or `Accessor`), or ABSENT. */
  ownSlot(key: Key): Value | Accessor | typeof ABSENT {
    const shape = this.shape
    if (shape !== null) {
      const i = shape.lookup(key)
      if (i === undefined) return ABSENT
      const v = this.slotAt(i)
      return v === NOT_YET_COPIED ? this.copiedValue(key) : v
    }
    const dict = this.dict
    if (dict === null) return this.ownSlot(key) // deferred, and filled just now
    const v = dict.get(key)
    if (v === undefined && !dict.has(key)) return ABSENT
    return v === NOT_YET_COPIED ? this.copiedValue(key) : v
  }

  hasSlot(key: Key): boolean {
    const shape = this.shape
    if (shape !== null) return shape.lookup(key) !== undefined
    const dict = this.dict
    return dict === null ? this.hasSlot(key) : dict.has(key)
  }

  /** Stores `value` under `key`: in place when present, appended (insertion order) when new. */
  putSlot(key: Key, value: Value | Accessor): void {
    const shape = this.shape
    if (shape !== null) {
      const i = shape.lookup(key)
      if (i !== undefined) {
        this.setSlotAt(i, value)
        return
      }
      const n = shape.size
      if (n < MAX_SHAPE_KEYS && shape.current()) {
        const j = n - INLINE_SLOTS
        if (j >= 0) {
          let slots = this.slots
          if (j >= slots.length) {
            // Room for a few more: an object filled by assignments grows by doubling, not per key.
            const grown: Array<Value | Accessor> = freshValues(j < 2 ? 4 : j * 2)
            for (let k = 0; k < j; k++) grown[k] = slots[k]!
            this.slots = slots = grown
          }
          slots[j] = value
        } else this.setSlotAt(n, value)
        this.shape = shape.with(key)
        return
      }
      this.toMapStorage()
    }
    const dict = this.dict
    if (dict === null) this.putSlot(key, value)
    else dict.set(key, value)
  }

  /** Removes `key` from storage (an object that loses a key keeps its properties in a Map). */
  dropSlot(key: Key): void {
    if (this.shape !== null) {
      if (this.shape.lookup(key) === undefined) return
      this.toMapStorage()
    }
    const dict = this.dict
    if (dict === null) this.dropSlot(key)
    else dict.delete(key)
  }

  /** The stored keys in insertion order (a snapshot in shaped mode, the live map keys otherwise). */
  slotKeys(): Iterable<Key> {
    if (this.shape !== null) return this.shape.keys
    const dict = this.dict
    return dict === null ? this.slotKeys() : dict.keys()
  }

  get slotCount(): number {
    if (this.shape !== null) return this.shape.size
    const dict = this.dict
    return dict === null ? this.slotCount : dict.size
  }

  clearSlots(): void {
    this.filled()
    this.shape = this.constructor === JsObject ? Shape.root : Shape.exoticRoot
    this.dropValues()
    this.dict = null
  }

  /** A Map-like view of the storage, for code that walks it (builtins, conversions). */
  get props(): PropertyView {
    return new PropertyView(this)
  }

  private toMapStorage(): void {
    const shape = this.shape
    if (shape === null) return
    const dict = new Map<Key, Value | Accessor>()
    const keys = shape.keys
    for (let i = 0; i < keys.length; i++) dict.set(keys[i]!, this.slotAt(i))
    this.dict = dict
    this.shape = null
    this.dropValues()
  }

  /** What `Object.prototype.toString` calls this kind of object (`[object Array]`). */
  get className(): string {
    return "Object"
  }

  /**
   * A new object of this one's kind, with `proto` and without properties: the start of this
   * built-in's copy in another execution's realm (runtime/realm-copy.ts), which fills its
   * properties later. `link` gives the copy of any other object this one refers to. Only the
   * kinds of object a realm's built-ins are made of can be copied.
   */
  copyShell(proto: JsObject | null, link: (o: JsObject) => JsObject): JsObject {
    void link
    if (this.constructor !== JsObject) throw new Error(`a ${this.constructor.name} is not a kind of built-in object`)
    return new JsObject(proto)
  }

  // -- Own properties (overridden by exotic objects) -----------------------------------------

  own(key: Key): Own {
    return this.ownSlot(key)
  }

  attributes(key: Key): number {
    return this.attrs === null ? 0 : (this.attrs.get(key) ?? 0)
  }

  /** Writes an own data property as a program assignment would (attributes already checked). */
  protected writeOwn(st: JsState, key: Key, value: Value): void {
    this.putSlot(key, value)
    void st
  }

  /** Defines or redefines an own property with the given attributes (no validation). */
  defineOwn(st: JsState, key: Key, value: Value | Accessor, attributes: number): boolean {
    if (!this.extensible && this.own(key) === ABSENT) return false
    if (this.attributes(key) & PERMANENT) {
      const cur = this.own(key)
      if (!(cur instanceof Accessor) && !(value instanceof Accessor) && !(this.attributes(key) & READONLY)) {
        this.writeOwn(st, key, value as Value)
        return true
      }
      return cur === value
    }
    this.putSlot(key, value)
    if (value instanceof Accessor) attributes |= ACCESSOR
    if (attributes !== 0) {
      if (this.attrs?.get(key) !== attributes) this.writableAttrs().set(key, attributes)
    } else if (this.attrs?.has(key)) {
      this.writableAttrs().delete(key)
    }
    return true
  }

  deleteOwn(key: Key): boolean {
    if (this.attributes(key) & PERMANENT) return this.own(key) === ABSENT
    this.dropSlot(key)
    if (this.attrs?.has(key)) this.writableAttrs().delete(key)
    return true
  }

  /** Own keys in JavaScript order: integer-like keys ascending, then strings, then symbols. */
  ownKeys(): Key[] {
    const keys: Key[] = []
    let indices: string[] | null = null
    let symbols: symbol[] | null = null
    for (const key of this.slotKeys()) {
      if (typeof key === "symbol") (symbols ??= []).push(key)
      else if (arrayIndex(key) >= 0) (indices ??= []).push(key)
      else keys.push(key)
    }
    if (indices !== null) keys.unshift(...indices.sort((a, b) => Number(a) - Number(b)))
    if (symbols !== null) keys.push(...symbols)
    return keys
  }

  // -- The program's [[Get]], [[Set]], [[HasProperty]] -----------------------------------------

  get(st: JsState, key: Key, receiver: Value = this): Value {
    let o: JsObject | null = this
    do {
      const v = o.own(key)
      if (v !== ABSENT) {
        if (v instanceof Accessor) return v.getter === undefined ? undefined : st.call(v.getter, receiver, [])
        return v
      }
      o = o.proto
    } while (o !== null)
    return undefined
  }

  /** Assignment `o[key] = value`; false when it is refused (the caller throws in strict code). */
  set(st: JsState, key: Key, value: Value, receiver: Value = this): boolean {
    if (this.attrs === null && receiver === this && this.hasSlot(key)) {
      this.writeOwn(st, key, value)
      return true
    }
    let o: JsObject | null = this
    do {
      const v = o.own(key)
      if (v !== ABSENT) {
        if (v instanceof Accessor) {
          if (v.setter === undefined) return false
          st.call(v.setter, receiver, [value])
          return true
        }
        if (o.attributes(key) & READONLY) return false
        break
      }
      o = o.proto
    } while (o !== null)
    if (!(receiver instanceof JsObject)) return false
    const existing = receiver.own(key)
    if (existing !== ABSENT) {
      if (existing instanceof Accessor || receiver.attributes(key) & READONLY) return false
      receiver.writeOwn(st, key, value)
      return true
    }
    if (!receiver.extensible) return false
    return receiver.addOwn(st, key, value)
  }

  /** Adds a new plain data property (overridden by arrays for indices and `length`). */
  addOwn(st: JsState, key: Key, value: Value): boolean {
    this.writeOwn(st, key, value)
    return true
  }

  has(key: Key): boolean {
    let o: JsObject | null = this
    do {
      if (o.own(key) !== ABSENT) return true
      o = o.proto
    } while (o !== null)
    return false
  }

  isEnumerable(key: Key): boolean {
    return (this.attributes(key) & HIDDEN) === 0
  }

  /**
   * Whether every own string-keyed property is stored non-enumerable (Object.prototype as built):
   * `for-in` asks it of the prototypes at every loop, so a shaped object keeps the answer until its
   * keys (its shape) or its attributes (`writableAttrs`, which every change goes through) change.
   * Storage only: a subclass's own exotic properties are not seen.
   */
  onlyHiddenStringKeys(): boolean {
    const shape = this.shape
    const attrs = this.attrs
    if (shape !== null && this.extras !== null && this.extras.hiddenKeysShape === shape) return true
    for (const k of this.slotKeys()) if (typeof k === "string" && ((attrs?.get(k) ?? 0) & HIDDEN) === 0) return false
    if (shape !== null) this.withExtras().hiddenKeysShape = shape
    return true
  }

  /** [[PreventExtensions]]: no new properties from now on. */
  preventExtensions(): void {
    this.extensible = false
  }

  /** Makes every own property read-only and permanent, and the object non-extensible. */
  freeze(): void {
    for (const key of this.ownKeys()) {
      const own = this.own(key)
      const a = this.attributes(key)
      const frozen = a | PERMANENT | (own instanceof Accessor ? 0 : READONLY)
      // defineOwn keeps a permanent property's attributes; turning `writable` off is allowed. (A
      // permanent property without an entry is a subclass's own, like an array's `length`.)
      if (!(a & PERMANENT)) this.defineOwn(undefined as unknown as JsState, key, own as Value | Accessor, frozen)
      else if (this.attrs !== null && this.attrs.has(key)) this.writableAttrs().set(key, frozen)
    }
    this.extensible = false
  }

  isFrozen(): boolean {
    if (this.extensible) return false
    for (const key of this.ownKeys()) {
      const a = this.attributes(key)
      if (!(a & PERMANENT)) return false
      if (!(a & ACCESSOR) && !(a & READONLY)) return false
    }
    return true
  }
}

export const enum FunctionKind {
  /** Arrows, methods, async functions: callable only. */
  Plain = 0,
  /** `function` declarations and expressions: callable and constructible. */
  Ordinary = 1,
  /** A class constructor: constructible only. */
  Class = 2,
  /** A builtin constructor (Map, Error...): `impl` handles both call and `new`. */
  BuiltinConstructor = 3,
  /**
   * `function*` declarations, expressions and methods: callable only, but each has its own
   * `prototype` (inheriting %GeneratorPrototype%, with no `constructor`) that its generator
   * objects inherit from, as the language requires.
   */
  Generator = 4,
}

/** Whether `new` may be used with this function (arrows, methods and generators refuse). */
export const isConstructor = (fn: JsFunction): boolean => fn.kind !== FunctionKind.Plain && fn.kind !== FunctionKind.Generator

/** A program-visible function: compiled program code or a builtin, both behind `impl`. */
export class JsFunction extends JsObject {
  private lazy = true
  /** For methods: the object `super` looks up from. */
  home: JsObject | null = null
  /** For class constructors: the instance fields to initialise (see compile/classes.ts). */
  fields: ((st: JsState, instance: JsObject) => void) | null = null
  /** For derived class constructors: true (the instance comes from `super(...)`). */
  derived = false
  /** A tool reference (runtime/host-values.ts): cannot cross to JSON. */
  isTool = false
  /** The argument-array-free entry of simple compiled functions (see `DirectCall`), else null. */
  direct: DirectCall | null = null
  /** The cells a compiled function instance captured from the scopes around it, for `direct`. */
  upvalues: unknown[] = NO_UPVALUES
  /** Frames of this instance's finished direct calls, kept for reuse (compile/direct.ts), or null. */
  frames: unknown[][] | null = null

  constructor(
    proto: JsObject | null,
    public impl: FunctionImpl,
    public fname: string,
    public flength: number,
    public kind: FunctionKind,
    /**
     * What the lazily made `prototype` object inherits from: the realm's Object.prototype for
     * constructible functions, %GeneratorPrototype% for generator functions.
     */
    private readonly objectPrototype: JsObject | null = null,
  ) {
    super(proto)
  }

  override get className(): string {
    return "Function"
  }

  override copyShell(proto: JsObject | null, link: (o: JsObject) => JsObject): JsObject {
    if (this.constructor !== JsFunction || this.home !== null || this.fields !== null || this.isTool) {
      throw new Error(`the function ${this.fname} is not a built-in`)
    }
    const objectPrototype = this.objectPrototype === null ? null : link(this.objectPrototype)
    const copy = new JsFunction(proto, this.impl, this.fname, this.flength, this.kind, objectPrototype)
    copy.lazy = this.lazy
    copy.derived = this.derived
    copy.direct = this.direct
    return copy
  }

  private materialize(): void {
    this.lazy = false
    const had = new Map<Key, Value | Accessor>()
    for (const k of this.slotKeys()) had.set(k, this.ownSlot(k) as Value | Accessor)
    const hadAttrs = this.attrs
    this.clearSlots()
    this.attrs = null
    super.defineOwn(undefined as unknown as JsState, "length", this.flength, READONLY | HIDDEN)
    super.defineOwn(undefined as unknown as JsState, "name", this.fname, READONLY | HIDDEN)
    if (this.kind === FunctionKind.Ordinary || this.kind === FunctionKind.Class) {
      if (!had.has("prototype")) {
        const prototype = new JsObject(this.objectPrototype)
        prototype.defineOwn(undefined as unknown as JsState, "constructor", this, HIDDEN)
        super.defineOwn(undefined as unknown as JsState, "prototype", prototype, HIDDEN | PERMANENT | (this.kind === FunctionKind.Class ? READONLY : 0))
      }
    } else if (this.kind === FunctionKind.Generator && !had.has("prototype")) {
      // A generator's prototype has no `constructor`: generator objects are not constructed.
      super.defineOwn(undefined as unknown as JsState, "prototype", new JsObject(this.objectPrototype), HIDDEN | PERMANENT)
    }
    for (const [k, v] of had) {
      this.putSlot(k, v)
      const a = hadAttrs?.get(k)
      if (a !== undefined) this.writableAttrs().set(k, a)
    }
  }

  override own(key: Key): Own {
    if (this.lazy) {
      if (key === "name") return this.fname
      if (key === "length") return this.flength
      if (key !== "prototype") return super.own(key)
      this.materialize()
    }
    return super.own(key)
  }
  override attributes(key: Key): number {
    if (this.lazy) this.materialize()
    return super.attributes(key)
  }
  override set(st: JsState, key: Key, value: Value, receiver: Value = this): boolean {
    if (this.lazy) this.materialize()
    return super.set(st, key, value, receiver)
  }
  override defineOwn(st: JsState, key: Key, value: Value | Accessor, attributes: number): boolean {
    if (this.lazy) this.materialize()
    return super.defineOwn(st, key, value, attributes)
  }
  override deleteOwn(key: Key): boolean {
    if (this.lazy) this.materialize()
    return super.deleteOwn(key)
  }
  override ownKeys(): Key[] {
    if (this.lazy) this.materialize()
    return super.ownKeys()
  }

  /** Builtin setup: installs a property without materialising the lazy ones first. */
  setupProperty(key: Key, value: Value | Accessor, attributes: number): void {
    this.putSlot(key, value)
    if (value instanceof Accessor) attributes |= ACCESSOR
    if (attributes !== 0) this.writableAttrs().set(key, attributes)
    else if (this.attrs?.has(key)) this.writableAttrs().delete(key)
  }
}

/** `new Boolean(x)`, `new Number(x)`, `new String(x)`: an object around a primitive. */
export class JsBoxed extends JsObject {
  constructor(
    proto: JsObject | null,
    readonly primitive: boolean | number | string | bigint | symbol,
  ) {
    super(proto)
  }
  override copyShell(proto: JsObject | null): JsObject {
    return new JsBoxed(proto, this.primitive)
  }
  override get className(): string {
    const t = typeof this.primitive
    return t === "boolean" ? "Boolean" : t === "number" ? "Number" : t === "string" ? "String" : "Object"
  }
  override own(key: Key): Own {
    if (typeof this.primitive === "string") {
      if (key === "length") return this.primitive.length
      const i = arrayIndex(key)
      if (i >= 0 && i < this.primitive.length) return this.primitive[i]
    }
    return super.own(key)
  }
  override attributes(key: Key): number {
    if (typeof this.primitive === "string") {
      // A String object's length and characters are read-only and permanent.
      if (key === "length") return READONLY | HIDDEN | PERMANENT
      const i = arrayIndex(key)
      if (i >= 0 && i < this.primitive.length) return READONLY | PERMANENT
    }
    return super.attributes(key)
  }
}

/** An Error instance: its `stack` is built from program lines only. */
export class JsError extends JsObject {
  /** A failed host call that the program did not catch keeps the host's diagnostic kind. */
  hostKind: string | null = null
  /** Where it was created (program line), for the diagnostic of an uncaught error. */
  line = 0
  override get className(): string {
    return "Error"
  }
}

/** Program `Map` and `Set`: host collections of program values (SameValueZero, insertion order). */
export class JsMap extends JsObject {
  readonly data = new Map<Value, Value>()
  override get className(): string {
    return "Map"
  }
}
export class JsSet extends JsObject {
  readonly data = new Set<Value>()
  override get className(): string {
    return "Set"
  }
}

/** `Date`: a time value in ms. */
export class JsDate extends JsObject {
  constructor(
    proto: JsObject | null,
    public time: number,
  ) {
    super(proto)
  }
  override get className(): string {
    return "Date"
  }
}
