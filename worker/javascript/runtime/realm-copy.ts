/**
 * The realm template and its copies: how every execution gets pristine built-ins without paying
 * for all of them.
 *
 * Why. A realm is some 575 objects (517 of them functions) and 740 properties. Made by running the
 * installers, it cost a `1` program four fifths of its time; most programs touch a handful of
 * built-ins. So a worker runs the installers once, into the template, and each execution copies
 * from it only what it reaches.
 *
 * How. `RealmTemplate` takes the built realm apart into blueprints, one per object reachable from
 * what the realm names (its prototypes, the global object, its intrinsics): the object's kind, its
 * prototype, its storage (a shape shared by every copy, or a dictionary's keys), the primitive
 * values, where object values go (`links`), the attributes and extensibility. A `RealmCopy` is one
 * execution's set of copies, made on demand: `of(original)` makes the copy's shell (the object of
 * the same kind with the copied prototype and no properties, `JsObject.copyShell`) and leaves its
 * properties to this copy (`JsObject.deferProperties`); `fill` gives them when the object is first
 * touched, linking each object value to its copy, made the same way. Identity holds within an
 * execution (one copy per original), and nothing is shared between executions but the shapes,
 * which are immutable, and the functions' host closures, which hold no realm object.
 *
 * The template itself is never run in. Once taken apart, every one of its objects is left
 * deferred on a source that throws: an original that escaped into an execution (a closure that
 * kept one) would fail the first time it is touched, never be shared silently.
 */

import { Accessor, type JsFunction, JsObject, NOT_YET_COPIED, type Key, type PropertySource, type Value } from "./object.js"
import { Shape } from "./shape.js"
import type { Realm } from "./realm.js"

/** No object (an accessor without that half). */
const NONE = -1

/** What a stored value of a blueprint is. */
const enum Stored {
  Primitive = 0,
  Object = 1,
  Accessor = 2,
}

/** What a copy of one built-in object is made from. */
interface Blueprint {
  /** The template's object: its kind, and what it holds besides its properties (a function's behaviour). */
  readonly original: JsObject
  /** The blueprint of its prototype, or NONE. */
  readonly proto: number
  /** The storage's shape: the template object's, or one made for the keys of a template object kept in a Map. */
  readonly shape: Shape
  /**
   * By slot: what is stored there, the value a copy starts with (the primitive, or
   * `NOT_YET_COPIED` for an object made when first read), the object's blueprint (or the
   * getter's), the setter's.
   */
  readonly stored: ReadonlyArray<Stored>
  readonly values: ReadonlyArray<Value | Accessor>
  readonly first: ReadonlyArray<number>
  readonly second: ReadonlyArray<number>
  /**
   * Whether an object value may be made when first read (`NOT_YET_COPIED`): not for an object
   * whose every property is plain data, which the property caches read without `ownSlot`.
   */
  readonly lazyValues: boolean
  readonly attrs: ReadonlyMap<Key, number> | null
  readonly extensible: boolean
}

const escaped = (): never => {
  throw new Error("an object of the realm template was reached from an execution")
}
const ESCAPED: PropertySource = { fill: escaped, value: escaped }

export class RealmTemplate {
  private readonly blueprints: Blueprint[] = []
  private readonly ids = new Map<JsObject, number>()

  /** Takes `realm` apart; it must not be used again (its objects are left unusable). */
  constructor(readonly realm: Realm) {
    for (const o of realm.namedObjects()) this.idOf(o)
    // Blueprints are made in order; making one may find new objects, appended behind it.
    for (let i = 0; i < this.order.length; i++) this.blueprints.push(this.blueprint(this.order[i]!))
    for (const o of this.order) o.deferProperties(ESCAPED, 0)
    this.order.length = 0
  }

  /** How many objects a copy may make. */
  get size(): number {
    return this.blueprints.length
  }

  /** The blueprint number of a template object. */
  id(o: JsObject): number {
    const id = this.ids.get(o)
    if (id === undefined) throw new Error("not an object of the realm template")
    return id
  }

  get(id: number): Blueprint {
    return this.blueprints[id]!
  }

  copy(): RealmCopy {
    return new RealmCopy(this)
  }

  private readonly order: JsObject[] = []

  private idOf(o: JsObject): number {
    let id = this.ids.get(o)
    if (id === undefined) {
      id = this.order.length
      this.ids.set(o, id)
      this.order.push(o)
    }
    return id
  }

  private blueprint(o: JsObject): Blueprint {
    const proto = o.proto === null ? NONE : this.idOf(o.proto)
    // A trial shell checks that the object is of a kind a realm copies, and finds the objects it
    // refers to besides its properties (a constructor's lazily made `prototype` inherits from one).
    o.copyShell(null, (linked) => {
      this.idOf(linked)
      return linked
    })
    const keys = [...o.slotKeys()]
    const stored: Stored[] = []
    const values: Value[] = []
    const first: number[] = []
    const second: number[] = []
    for (let slot = 0; slot < keys.length; slot++) {
      const v = o.ownSlot(keys[slot]!)
      if (v instanceof Accessor) {
        stored.push(Stored.Accessor)
        values.push(undefined)
        first.push(v.getter === undefined ? NONE : this.idOf(v.getter))
        second.push(v.setter === undefined ? NONE : this.idOf(v.setter))
      } else if (v instanceof JsObject) {
        stored.push(Stored.Object)
        values.push(undefined)
        first.push(this.idOf(v))
        second.push(NONE)
      } else {
        stored.push(Stored.Primitive)
        values.push(v as Value)
        first.push(NONE)
        second.push(NONE)
      }
    }
    const attrs = o.attrs
    const lazyValues = attrs !== null
    const start: Array<Value | Accessor> = values.map((v, slot) => (lazyValues && stored[slot] !== Stored.Primitive ? NOT_YET_COPIED : v))
    return {
      original: o, proto, shape: o.shape ?? Shape.ofBuiltin(keys, o.constructor === JsObject), stored, values: start, first, second,
      lazyValues, attrs: attrs === null ? null : new Map(attrs), extensible: o.extensible,
    }
  }
}

/**
 * One execution's copies of the template's objects, each made the first time it is reached and
 * filled the first time it is touched.
 */
export class RealmCopy implements PropertySource {
  /** The copies made, by blueprint (grown as higher numbers are reached: most executions reach few). */
  private made: Array<JsObject | undefined> = new Array(64)
  private readonly link = (o: JsObject): JsObject => this.object(this.source.id(o))

  constructor(private readonly source: RealmTemplate) {}

  /** The realm copied (its fields say which objects the engine names). */
  get template(): Realm {
    return this.source.realm
  }

  /** This execution's copy of the template object `original`. */
  of<T extends JsObject>(original: T): T {
    return this.object(this.source.id(original)) as T
  }

  /** `of`, for a realm field that may be unset. */
  maybe<T extends JsObject>(original: T | null): T | null {
    return original === null ? null : this.of(original)
  }

  private object(id: number): JsObject {
    if (id >= this.made.length) this.grow(id)
    const made = this.made[id]
    if (made !== undefined) return made
    const b = this.source.get(id)
    const copy = b.original.copyShell(b.proto === NONE ? null : this.object(b.proto), this.link)
    copy.deferProperties(this, id)
    this.made[id] = copy
    return copy
  }

  private grow(id: number): void {
    const grown: Array<JsObject | undefined> = new Array(Math.min(this.source.size, Math.max(id + 1, this.made.length * 2)))
    for (let i = 0; i < this.made.length; i++) grown[i] = this.made[i]
    this.made = grown
  }

  fill(o: JsObject, id: number): void {
    const b = this.source.get(id)
    const values = b.values.slice()
    if (!b.lazyValues) {
      const stored = b.stored
      for (let slot = 0; slot < stored.length; slot++) if (stored[slot] !== Stored.Primitive) values[slot] = this.linked(b, slot)
    }
    o.adoptSlots(b.shape, values)
    if (b.attrs !== null) o.shareAttrs(b.attrs)
    if (!b.extensible) o.extensible = false
  }

  value(id: number, key: Key): Value | Accessor {
    const b = this.source.get(id)
    return this.linked(b, b.shape.lookup(key)!)
  }

  /** The copy of the object (or accessor) stored in `slot` of `b`. */
  private linked(b: Blueprint, slot: number): Value | Accessor {
    const first = b.first[slot]!
    if (b.stored[slot] === Stored.Object) return this.object(first)
    const second = b.second[slot]!
    return new Accessor(first === NONE ? undefined : (this.object(first) as JsFunction), second === NONE ? undefined : (this.object(second) as JsFunction))
  }
}
