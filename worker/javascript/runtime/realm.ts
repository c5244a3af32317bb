/**
 * A realm: the program's own set of built-in objects, fresh for every execution.
 *
 * Everything a program can reach starts here: the global object and the intrinsic prototypes
 * (`Object.prototype`, `Array.prototype`, ...), all `JsObject`s whose methods are `JsFunction`s
 * wrapping module-level host functions. Because every execution has its own realm, whatever one
 * program does to its built-ins (`Array.prototype.x = 1`, `delete Math.max`, freezing `Object`) is
 * gone for the next.
 *
 * Two kinds of realm, one class. A worker builds one realm the ordinary way, once: the installers
 * of `../builtins/` run on it and define every built-in. That realm is the template
 * (runtime/realm-copy.ts), and no program ever runs in it. Each execution gets a copy of it, made
 * as the program goes: the objects the engine names below exist from the start without their
 * properties, and any other object is made the first time a property read leads to it; an
 * object's own properties are made at the first touch of any of them. A program that returns `1`
 * costs its realm a few dozen empty objects; one that uses arrays pays for `Array.prototype`'s
 * methods, and nothing of `Date` or `Map`. The functions' behaviour (`impl`) is the template's,
 * shared: the installers make it out of host closures that capture no object of the realm they
 * were made in, and read every object they need from `st.realm` when they run (checked by
 * test/javascript/realm-template.test.ts).
 *
 * The builtins themselves live one file per global in `../builtins/`; `builtins/index.ts` lists
 * them and keeps the template. This file holds the realm's shape and the helpers those files use
 * to install methods.
 */

import { Accessor, arrayIndex, BUILTIN, FunctionKind, JsBoxed, JsError, JsFunction, JsObject, HIDDEN, type FunctionImpl, type Key, type Value } from "./object.js"
import { JsArray } from "./array.js"
import type { RealmCopy } from "./realm-copy.js"
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
  readonly global: JsObject
  /** Intrinsics the engine compares against (pristine fast paths). */
  Promise: JsFunction | null = null
  arrayValues: JsFunction | null = null
  arrayConstructor: JsFunction | null = null
  /** The getter `Array[Symbol.species]` starts with. */
  arraySpeciesGetter: JsFunction | null = null
  arrayIteratorNext: JsFunction | null = null
  stringIterator: JsFunction | null = null
  defaultHasInstance: JsFunction | null = null
  /**
   * Objects one builtin needs from another (`Map.prototype` for structuredClone, the error
   * prototypes), by name. A copied realm fills it as they are asked for.
   */
  private readonly intrinsics = new Map<string, JsObject>()
  /** `Symbol.for` registry of this execution. */
  readonly symbolRegistry = new Map<string, symbol>()

  /** A realm to install the built-ins into, or (with `copy`) one execution's copy of the template. */
  constructor(
    readonly st: JsState,
    private readonly copy: RealmCopy | null = null,
  ) {
    this.ObjectPrototype = this.made("ObjectPrototype", () => new JsObject(null))
    this.FunctionPrototype = this.made("FunctionPrototype", () => new JsFunction(this.ObjectPrototype, () => undefined, "", 0, FunctionKind.Plain))
    this.ArrayPrototype = this.made("ArrayPrototype", () => new JsArray(this.ObjectPrototype, []))
    this.StringPrototype = this.made("StringPrototype", () => new JsBoxed(this.ObjectPrototype, ""))
    // The standard makes these wrappers themselves (of "", 0 and false): `Number.prototype.valueOf()` is 0.
    this.NumberPrototype = this.made("NumberPrototype", () => new JsBoxed(this.ObjectPrototype, 0))
    this.BooleanPrototype = this.made("BooleanPrototype", () => new JsBoxed(this.ObjectPrototype, false))
    this.BigIntPrototype = this.made("BigIntPrototype", () => new JsObject(this.ObjectPrototype))
    this.SymbolPrototype = this.made("SymbolPrototype", () => new JsObject(this.ObjectPrototype))
    this.IteratorPrototype = this.made("IteratorPrototype", () => new JsObject(this.ObjectPrototype))
    this.ArrayIteratorPrototype = this.made("ArrayIteratorPrototype", () => new JsObject(this.IteratorPrototype))
    this.GeneratorPrototype = this.made("GeneratorPrototype", () => new JsObject(this.IteratorPrototype))
    this.AsyncFunctionPrototype = this.made("AsyncFunctionPrototype", () => new JsObject(this.FunctionPrototype))
    this.GeneratorFunctionPrototype = this.made("GeneratorFunctionPrototype", () => new JsObject(this.FunctionPrototype))
    this.AsyncIteratorPrototype = this.made("AsyncIteratorPrototype", () => new JsObject(this.ObjectPrototype))
    this.AsyncFromSyncIteratorPrototype = this.made("AsyncFromSyncIteratorPrototype", () => new JsObject(this.AsyncIteratorPrototype))
    this.AsyncGeneratorPrototype = this.made("AsyncGeneratorPrototype", () => new JsObject(this.AsyncIteratorPrototype))
    this.AsyncGeneratorFunctionPrototype = this.made("AsyncGeneratorFunctionPrototype", () => new JsObject(this.FunctionPrototype))
    this.PromisePrototype = this.made("PromisePrototype", () => new JsObject(this.ObjectPrototype))
    this.global = this.made("global", () => new JsObject(this.ObjectPrototype))
    if (copy !== null) {
      const t = copy.template
      this.Promise = copy.maybe(t.Promise)
      this.arrayValues = copy.maybe(t.arrayValues)
      this.arrayConstructor = copy.maybe(t.arrayConstructor)
      this.arraySpeciesGetter = copy.maybe(t.arraySpeciesGetter)
      this.arrayIteratorNext = copy.maybe(t.arrayIteratorNext)
      this.stringIterator = copy.maybe(t.stringIterator)
      this.defaultHasInstance = copy.maybe(t.defaultHasInstance)
    }
  }

  /** One of the objects the engine names: made fresh, or the copy of the template's. */
  private made<K extends RealmObjectName>(name: K, fresh: () => Realm[K]): Realm[K] {
    return this.copy === null ? fresh() : this.copy.of(this.copy.template[name])
  }

  /** Every object a realm names or records, for the template (runtime/realm-copy.ts) to copy from. */
  namedObjects(): JsObject[] {
    const named: Array<JsObject | null> = [
      ...REALM_OBJECT_NAMES.map((name) => this[name]),
      this.Promise, this.arrayValues, this.arrayConstructor, this.arraySpeciesGetter, this.arrayIteratorNext, this.stringIterator, this.defaultHasInstance,
      ...this.intrinsics.values(),
    ]
    return named.filter((o) => o !== null)
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
   * global of that name.
   */
  intrinsic(name: string): JsObject {
    const value = this.findIntrinsic(name)
    if (value === undefined) throw new Error(`no intrinsic named ${name}`)
    return value
  }

  /** An intrinsic by name, or undefined when the realm has none of that name. */
  findIntrinsic(name: string): JsObject | undefined {
    let value = this.intrinsics.get(name)
    if (value === undefined && this.copy !== null) {
      const original = this.copy.template.findIntrinsic(name)
      if (original === undefined) return undefined
      value = this.copy.of(original)
      this.intrinsics.set(name, value)
    }
    return value
  }

  /** The prototype of the built-in error constructor `name` (`Error` for any other name). */
  errorPrototype(name: string): JsObject {
    return this.findIntrinsic(`${name}.prototype`) ?? this.intrinsic("Error.prototype")
  }

  /**
   * The prototype `new X()` gives its object: the one of `newTarget` (a subclass, `Reflect.construct`),
   * else the realm's intrinsic `fallback` (`"Map.prototype"`).
   */
  prototypeFor(newTarget: JsObject | undefined, fallback: string): JsObject {
    const p = newTarget?.get(this.st, "prototype")
    return p instanceof JsObject ? p : this.intrinsic(fallback)
  }

  // -- Errors --------------------------------------------------------------------------------

  makeError(name: string, message: string, line: number): JsError {
    const e = new JsError(this.errorPrototype(name))
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

/** The objects a realm names, each made fresh or copied from the template (see the constructor). */
const REALM_OBJECT_NAMES = [
  "ObjectPrototype", "FunctionPrototype", "ArrayPrototype", "StringPrototype", "NumberPrototype", "BooleanPrototype", "BigIntPrototype",
  "SymbolPrototype", "IteratorPrototype", "ArrayIteratorPrototype", "GeneratorPrototype", "AsyncFunctionPrototype", "GeneratorFunctionPrototype",
  "AsyncIteratorPrototype", "AsyncFromSyncIteratorPrototype", "AsyncGeneratorPrototype", "AsyncGeneratorFunctionPrototype", "PromisePrototype", "global",
] as const
type RealmObjectName = (typeof REALM_OBJECT_NAMES)[number]
