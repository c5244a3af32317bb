/**
 * Property caches: one per `o.name` read or write in the program's source, remembering the shape
 * of the last plain object it met and the slot its key was in, so the next object of that shape
 * is read or written with one comparison and one array access instead of a `[[Get]]` through the
 * class's `own` (a call site V8 sees with a dozen receiver classes) and a key lookup.
 *
 * When a hit is exact. The cache holds only shapes of the plain tree (runtime/shape.ts), whose
 * objects are `JsObject` itself: their own properties are their storage, nothing exotic in
 * between. A hit also asks `attrs === null` of the object — no attribute on any own property —
 * which rules out accessors (always flagged in `attrs`), read-only and frozen properties; such
 * objects, and every miss, take the ordinary path. A shape is immutable, so "this shape, this
 * slot" stays true for as long as an object has it; an object whose key set changes has another
 * shape. Only own properties are cached: a key found on the prototype is always looked up again.
 */

import type { JsObject, Value } from "./object.js"
import { Shape } from "./shape.js"
import type { JsState } from "./state.js"

/** `o.key` reads at one site. */
export class ReadCache {
  shape: Shape = Shape.none
  slot = 0

  constructor(readonly key: string) {}

  /** The slow path: [[Get]], remembering the slot when the key is a plain own data property. */
  miss(st: JsState, o: JsObject): Value {
    const shape = o.shape
    if (shape !== null && shape.plain && o.attrs === null) {
      const i = shape.lookup(this.key)
      if (i !== undefined) {
        this.shape = shape
        this.slot = i
        return o.slotAt(i) as Value
      }
    }
    return o.get(st, this.key)
  }
}

/** `o.key = v` at one site, when `o` already has `key` as an own property. */
export class WriteCache {
  shape: Shape = Shape.none
  slot = 0

  constructor(readonly key: string) {}

  /** Remembers where `o` keeps `key` if a later hit may write there; true when it was remembered. */
  learn(o: JsObject): boolean {
    const shape = o.shape
    if (shape === null || !shape.plain || o.attrs !== null) return false
    const i = shape.lookup(this.key)
    if (i === undefined) return false
    this.shape = shape
    this.slot = i
    return true
  }
}
