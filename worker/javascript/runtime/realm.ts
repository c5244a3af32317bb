/**
 * A realm: the program's own set of built-in objects, made fresh for every execution.
 *
 * Everything a program can reach starts here: the global object and the intrinsic prototypes
 * (`Object.prototype`, `Array.prototype`, ...), all `JsObject`s whose methods are `JsFunction`s
 * wrapping module-level host functions. Because the realm is rebuilt per execution, whatever one
 * program does to its built-ins (`Array.prototype.x = 1`, `delete Math.max`) is gone for the next.
 *
 * Creation cost is what makes that affordable: the builtin implementations are shared module
 * functions, so building a realm allocates only the wrapper objects and property maps (a few
 * hundred small objects, tens of microseconds; see perf/js-quick.mjs). Functions materialise their
 * `name`/`length`/`prototype` only when a program looks at them.
 *
 * The builtins themselves live one file per global in `../builtins/`; `builtins/index.ts` lists
 * them. This file holds the realm's shape and the helpers those files use to install methods.
 */

import { Accessor, arrayIndex, BUILTIN, FunctionKind, JsBoxed, JsError, JsFunction, JsObject, HIDDEN, type FunctionImpl, type Key, type Own, type Value } from "./object.js"
import { JsArray } from "./array.js"
import type { JsState } from "./state.js"

/** A method table entry (for names the host's Object.prototype also has, which defeat tuple inference). */
export const spec = (length: number, impl: FunctionImpl): MethodSpec => [length, impl]

/** A builtin method: its `length` and its implementation. */
export type MethodSpec = readonly [number, FunctionImpl]
const TYPED_ARRAY_NAMES = new Set(["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"])

export class Realm {
  readonly ObjectPrototype: JsObject
  readonly FunctionPrototype: JsObject
  readonly ArrayPrototype: JsObject
  readonly StringPrototype: JsObject
  readonly NumberPrototype: JsObject
  readonly BooleanPrototype: JsObject
  readonly BigIntPrototype: JsObject
  readonly SymbolPrototype: JsObject
  readonly IteratorPrototype: JsObject
  readonly ArrayIteratorPrototype: JsObject
  readonly GeneratorPrototype: JsObject
  readonly AsyncFunctionPrototype: JsObject
  readonly GeneratorFunctionPrototype: JsObject
  readonly AsyncIteratorPrototype: JsObject
  readonly AsyncFromSyncIteratorPrototype: JsObject
  readonly AsyncGeneratorPrototype: JsObject
  readonly AsyncGeneratorFunctionPrototype: JsObject
  readonly PromisePrototype: JsObject
  readonly global: GlobalObject
  /** Error prototypes by constructor name. */
  readonly errorPrototypes = new Map<string, JsObject>()
  /** Intrinsics the engine compares against (pristine fast paths). */
  Promise: JsFunction | null = null
  arrayValues: JsFunction | null = null
  arrayConstructor: JsFunction | null = null
  /** The getter `Array[Symbol.species]` starts with. */
  arraySpeciesGetter: JsFunction | null = null
  arrayIteratorNext: JsFunction | null = null
  stringIterator: JsFunction | null = null
  defaultHasInstance: JsFunction | null = null
  /** Objects one builtin needs from another (`Map.prototype` for structuredClone), by name. */
  private readonly intrinsics = new Map<string, JsObject>()
  /** `Symbol.for` registry of this execution. */
  readonly symbolRegistry = new Map<string, symbol>()

  constructor(readonly st: JsState) {
    this.ObjectPrototype = new JsObject(null)
    this.FunctionPrototype = new JsFunction(this.ObjectPrototype, () => undefined, "", 0, FunctionKind.Plain)
    this.ArrayPrototype = new JsArray(this.ObjectPrototype, [])
    this.StringPrototype = new JsBoxed(this.ObjectPrototype, "")
    // The standard makes these wrappers themselves (of "", 0 and false): `Number.prototype.valueOf()` is 0.
    this.NumberPrototype = new JsBoxed(this.ObjectPrototype, 0)
    this.BooleanPrototype = new JsBoxed(this.ObjectPrototype, false)
    this.BigIntPrototype = new JsObject(this.ObjectPrototype)
    this.SymbolPrototype = new JsObject(this.ObjectPrototype)
    this.IteratorPrototype = new JsObject(this.ObjectPrototype)
    this.ArrayIteratorPrototype = new JsObject(this.IteratorPrototype)
    this.GeneratorPrototype = new JsObject(this.IteratorPrototype)
    this.AsyncFunctionPrototype = new JsObject(this.FunctionPrototype)
    this.GeneratorFunctionPrototype = new JsObject(this.FunctionPrototype)
    this.AsyncIteratorPrototype = new JsObject(this.ObjectPrototype)
    this.AsyncFromSyncIteratorPrototype = new JsObject(this.AsyncIteratorPrototype)
    this.AsyncGeneratorPrototype = new JsObject(this.AsyncIteratorPrototype)
    this.AsyncGeneratorFunctionPrototype = new JsObject(this.FunctionPrototype)
    this.PromisePrototype = new JsObject(this.ObjectPrototype)
    this.global = new GlobalObject(this.ObjectPrototype, this)
  }

  /** Whether `Array.prototype.constructor[Symbol.species]` is still `Array` (no property read needed). */
  arraySpeciesIntact(): boolean {
    const C = this.arrayConstructor
    if (C === null || this.ArrayPrototype.own("constructor") !== C) return false
    const species = C.own(Symbol.species)
    return species instanceof Accessor && species.getter === this.arraySpeciesGetter
  }

  /** Whether `Array.prototype` or `Object.prototype` holds an element (a hole then reads it). */
  prototypesHaveIndices(): boolean {
    if ((this.ArrayPrototype as JsArray).length > 0) return true
    for (const k of this.ObjectPrototype.props.keys()) if (arrayIndex(k) >= 0) return true
    return false
  }

  /** The prototype a primitive's properties are read from. */
  protoOf(v: Value): JsObject {
    switch (typeof v) {
      case "string":
        return this.StringPrototype
      case "number":
        return this.NumberPrototype
      case "boolean":
        return this.BooleanPrototype
      case "bigint":
        return this.BigIntPrototype
      case "symbol":
        return this.SymbolPrototype
    }
    return this.ObjectPrototype
  }

  // -- Construction helpers ------------------------------------------------------------------

  newObject(): JsObject {
    return new JsObject(this.ObjectPrototype)
  }

  newArray(items: Value[]): JsArray {
    return new JsArray(this.ArrayPrototype, items)
  }

  /** A builtin function (not a constructor) wrapping `impl`. */
  builtin(name: string, length: number, impl: FunctionImpl): JsFunction {
    return new JsFunction(this.FunctionPrototype, impl, name, length, FunctionKind.Plain)
  }

  /** Installs builtin methods on `target` (non-enumerable, as the language has them). */
  methods(target: JsObject, table: Record<string, MethodSpec>): void {
    for (const name of Object.keys(table)) {
      const [length, impl] = table[name]!
      setup(target, name, this.builtin(name, length, impl), BUILTIN)
    }
  }

  /** A builtin method keyed by a symbol: `[Symbol.iterator]`. */
  symbolMethod(target: JsObject, key: symbol, name: string, length: number, impl: FunctionImpl): JsFunction {
    const fn = this.builtin(name, length, impl)
    setup(target, key, fn, BUILTIN)
    return fn
  }

  getter(target: JsObject, key: Key, impl: FunctionImpl): void {
    const name = typeof key === "symbol" ? `get [${key.description}]` : `get ${key}`
    target.defineOwn(this.st, key, new AccessorBox(this.builtin(name, 0, impl)).accessor, HIDDEN)
  }

  /** A builtin constructor with its prototype object linked both ways. */
  constructorFunction(name: string, length: number, impl: FunctionImpl, prototype: JsObject, parent?: JsObject): JsFunction {
    const fn = new JsFunction(parent ?? this.FunctionPrototype, impl, name, length, FunctionKind.BuiltinConstructor)
    fn.setupProperty("prototype", prototype, HIDDEN | 1 | 4)
    setup(prototype, "constructor", fn, BUILTIN)
    return fn
  }

  /** A plain namespace object (`Math`, `JSON`) with its `Symbol.toStringTag`. */
  namespace(name: string): JsObject {
    const o = this.newObject()
    setup(o, Symbol.toStringTag, name, HIDDEN | 1)
    return o
  }

  defineGlobal(name: string, value: Value): void {
    setup(this.global, name, value, BUILTIN)
  }

  /** Records an object other builtins may need, as its installer makes it (`"Map.prototype"`). */
  registerIntrinsic(name: string, value: JsObject): void {
    this.intrinsics.set(name, value)
  }

  /**
   * An intrinsic by name: the realm's own object, whatever the program has since done to the
   * global of that name. The global it belongs to (the part before the first dot) is built first
   * if it was deferred.
   */
  intrinsic(name: string): JsObject {
    let value = this.intrinsics.get(name)
    if (value === undefined) {
      this.global.buildPending(name.split(".")[0]!)
      value = this.intrinsics.get(name)
      if (value === undefined) throw new Error(`no intrinsic named ${name}`)
    }
    return value
  }

  /**
   * Globals built on first use: `install` defines every one of `names` (and the prototypes only
   * they reach) the first time a program touches any of them. Only self-contained globals may be
   * deferred; one whose prototype the engine itself needs (arrays, strings, promises) is installed
   * at once.
   */
  deferGlobals(names: ReadonlyArray<string>, install: (realm: Realm) => void): void {
    this.global.defer(names, install)
  }

  // -- Errors --------------------------------------------------------------------------------

  makeError(name: string, message: string, line: number): JsError {
    const proto = this.errorPrototypes.get(name) ?? this.errorPrototypes.get("Error")!
    const e = new JsError(proto)
    e.line = line
    e.defineOwn(this.st, "message", message, HIDDEN)
    e.defineOwn(this.st, "stack", this.st.stackText(message === "" ? name : `${name}: ${message}`, line), HIDDEN)
    return e
  }

  /** How a value is named in a TypeError ("undefined", "object", "x.y"...). */
  describe(v: Value): string {
    if (v === undefined || v === null) return String(v)
    if (typeof v === "string") return JSON.stringify(v)
    if (typeof v === "symbol") return v.toString()
    if (typeof v === "bigint") return `${v}n`
    if (!(v instanceof JsObject)) return String(v)
    return this.describeObject(v)
  }

  describeObject(v: JsObject): string {
    if (v instanceof JsFunction) return v.fname === "" ? "function" : v.fname
    if (v instanceof JsArray) return "[object Array]"
    if (TYPED_ARRAY_NAMES.has(v.className)) return `[object ${v.className}]`
    return "#<Object>"
  }
}

/**
 * The program's global object. Most programs touch a handful of globals, so the self-contained
 * ones (`Math`, `Map`, `Date`...) are built when first looked up: every way of reaching an own
 * property (`own`, `attributes`, `defineOwn`, `deleteOwn`, `ownKeys`) builds the pending global
 * first, so a deferred global is indistinguishable from an eager one.
 */
export class GlobalObject extends JsObject {
  /** Globals not built yet: name -> the installer that defines it (and its siblings). */
  private readonly pending = new Map<Key, (realm: Realm) => void>()

  constructor(
    proto: JsObject,
    private readonly realm: Realm,
  ) {
    super(proto)
  }

  defer(names: ReadonlyArray<string>, install: (realm: Realm) => void): void {
    for (const name of names) this.pending.set(name, install)
  }

  /** Builds `name` now if it is still pending. */
  buildPending(name: string): void {
    if (this.pending.has(name)) this.build(name)
  }

  private build(key: Key): void {
    const install = this.pending.get(key)!
    for (const [name, other] of this.pending) if (other === install) this.pending.delete(name)
    // A program may have made the global object non-extensible first; its built-ins were there
    // all along, so they are installed anyway.
    const extensible = this.extensible
    this.extensible = true
    try {
      install(this.realm)
    } finally {
      this.extensible = extensible
    }
  }

  override own(key: Key): Own {
    if (this.pending.size !== 0 && this.pending.has(key)) this.build(key)
    return super.own(key)
  }
  override attributes(key: Key): number {
    if (this.pending.size !== 0 && this.pending.has(key)) this.build(key)
    return super.attributes(key)
  }
  override defineOwn(st: JsState, key: Key, value: Value | Accessor, attributes: number): boolean {
    if (this.pending.size !== 0 && this.pending.has(key)) this.build(key)
    return super.defineOwn(st, key, value, attributes)
  }
  override deleteOwn(key: Key): boolean {
    if (this.pending.size !== 0 && this.pending.has(key)) this.build(key)
    return super.deleteOwn(key)
  }
  override ownKeys(): Key[] {
    while (this.pending.size !== 0) this.build(this.pending.keys().next().value!)
    return super.ownKeys()
  }
}

/** Sets up a property on a builtin object, bypassing any lazy materialisation. */
export const setup = (target: JsObject, key: Key, value: Value, attributes: number): void => {
  if (target instanceof JsFunction) target.setupProperty(key, value, attributes)
  else target.defineOwn(undefined as unknown as JsState, key, value, attributes)
}

class AccessorBox {
  readonly accessor: Accessor
  constructor(getter: JsFunction) {
    this.accessor = new Accessor(getter, undefined)
  }
}
