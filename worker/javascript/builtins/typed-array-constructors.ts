/**
 * The constructors of binary data: `ArrayBuffer`, the abstract `%TypedArray%` (the prototype every
 * typed array constructor inherits `from`, `of` and `Symbol.species` from, which itself refuses to
 * be called or constructed) and the eleven element types, each a constructor taking a length, an
 * array-like, an iterable, another typed array or a buffer with offset and length.
 *
 * Species: methods that build a typed array from an existing one (`map`, `filter`, `slice`,
 * `subarray`) go through `typedArraySpeciesCreate`, which honours `constructor[Symbol.species]`
 * and checks that what it built is a typed array of the same content type (numbers or BigInts)
 * and long enough. Every allocation goes through `allocateTypedArray`'s byte bound.
 */

import { JsFunction, JsObject, isConstructor, type Value } from "../runtime/object.js"
import { iterableToList } from "../runtime/iterate.js"
import { toIntegerOrInfinity } from "../runtime/ops.js"
import { type Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { construct } from "../compile/functions.js"
import { ELEMENT_KINDS, type ElementKind, JsArrayBuffer, JsTypedArray, allocateTypedArray, checkBytes, toIndex } from "./typed-array.js"

/** The realm's binary-data intrinsics, found from any typed array builtin. */
export interface BinaryIntrinsics {
  readonly TypedArray: JsFunction
  readonly TypedArrayPrototype: JsObject
  readonly ArrayBufferPrototype: JsObject
  readonly ArrayBuffer: JsFunction
  readonly constructors: Map<ElementKind, JsFunction>
  readonly prototypes: Map<ElementKind, JsObject>
}

/** Each realm's, gathered from its intrinsics the first time a builtin asks. */
const binaryOf = new WeakMap<Realm, BinaryIntrinsics>()
export const binary = (realm: Realm): BinaryIntrinsics => {
  let found = binaryOf.get(realm)
  if (found === undefined) {
    found = {
      TypedArray: realm.intrinsic("TypedArray") as JsFunction,
      TypedArrayPrototype: realm.intrinsic("TypedArray.prototype"),
      ArrayBufferPrototype: realm.intrinsic("ArrayBuffer.prototype"),
      ArrayBuffer: realm.intrinsic("ArrayBuffer") as JsFunction,
      constructors: new Map(ELEMENT_KINDS.map((kind) => [kind, realm.intrinsic(kind.name) as JsFunction])),
      prototypes: new Map(ELEMENT_KINDS.map((kind) => [kind, realm.intrinsic(`${kind.name}.prototype`)])),
    }
    binaryOf.set(realm, found)
  }
  return found
}

/** SpeciesConstructor(o, default). */
export function speciesConstructor(st: JsState, o: JsObject, fallback: JsFunction): JsFunction {
  const C = o.get(st, "constructor")
  if (C === undefined) return fallback
  if (!(C instanceof JsObject)) throw st.typeError("object.constructor is not an object")
  const S = C.get(st, Symbol.species)
  if (S === undefined || S === null) return fallback
  if (S instanceof JsFunction && isConstructor(S)) return S
  throw st.typeError("object.constructor[Symbol.species] is not a constructor")
}

/** TypedArrayCreateFromConstructor: `new C(...args)`, checked to be a typed array (long enough). */
export function typedArrayCreate(st: JsState, C: Value, args: Value[]): JsTypedArray {
  if (!(C instanceof JsFunction) || !isConstructor(C)) throw st.typeError(`${st.realm.describe(C)} is not a constructor`)
  const made = construct(st, C, args, C, st.line)
  if (!(made instanceof JsTypedArray)) throw st.typeError("the constructor did not make a typed array")
  if (args.length === 1 && typeof args[0] === "number" && made.length < args[0]) throw st.typeError("the typed array made by the constructor is too short")
  return made
}

/** TypedArraySpeciesCreate(exemplar, args). */
export function typedArraySpeciesCreate(st: JsState, exemplar: JsTypedArray, args: Value[]): JsTypedArray {
  const fallback = binary(st.realm).constructors.get(exemplar.kind)!
  const made = typedArrayCreate(st, speciesConstructor(st, exemplar, fallback), args)
  if (made.kind.bigint !== exemplar.kind.bigint) throw st.typeError("content types of the typed arrays differ")
  return made
}

/** The values of an iterable, or else of an array-like (`{ length: 2, 0: 1, 1: 2 }`). */
function sourceValues(st: JsState, source: JsObject, usingIterator: Value): Value[] {
  if (usingIterator !== undefined && usingIterator !== null) {
    if (!(usingIterator instanceof JsFunction)) throw st.typeError("Symbol.iterator is not a function")
    return iterableToList(st, source)
  }
  const n = Math.max(0, Math.min(toIntegerOrInfinity(st, source.get(st, "length")), Number.MAX_SAFE_INTEGER))
  checkBytes(st, n)
  const values: Value[] = new Array(n)
  for (let i = 0; i < n; i++) values[i] = source.get(st, String(i))
  return values
}

function constructTypedArray(st: JsState, kind: ElementKind, args: Value[], newTarget: JsObject): JsTypedArray {
  const bufferProto = binary(st.realm).ArrayBufferPrototype
  const defaultProto = `${kind.name}.prototype`
  const first = args[0]
  if (!(first instanceof JsObject)) {
    const length = toIndex(st, first, "typed array length")
    return allocateTypedArray(st, kind, st.realm.prototypeFor(newTarget, defaultProto), bufferProto, length)
  }
  if (first instanceof JsArrayBuffer) {
    const offset = toIndex(st, args[1], "offset")
    if (offset % kind.size !== 0) throw st.rangeError(`start offset of ${kind.name} should be a multiple of ${kind.size}`)
    let length = 0
    if (args[2] !== undefined) length = toIndex(st, args[2], "typed array length")
    const proto = st.realm.prototypeFor(newTarget, defaultProto)
    const bufferLength = first.bytes.length
    if (args[2] === undefined) {
      if (bufferLength % kind.size !== 0) throw st.rangeError(`byte length of ${kind.name} should be a multiple of ${kind.size}`)
      if (offset > bufferLength) throw st.rangeError(`Start offset ${offset} is outside the bounds of the buffer`)
      length = (bufferLength - offset) / kind.size
    } else if (offset + length * kind.size > bufferLength) throw st.rangeError(`Invalid typed array length: ${length}`)
    return new JsTypedArray(proto, kind, first, offset, length)
  }
  const proto = st.realm.prototypeFor(newTarget, defaultProto)
  if (first instanceof JsTypedArray) {
    if (first.kind.bigint !== kind.bigint) throw st.typeError(`Cannot mix BigInt and other types, use explicit conversions`)
    const out = allocateTypedArray(st, kind, proto, bufferProto, first.length)
    for (let i = 0; i < first.length; i++) out.store(i, first.at(i))
    return out
  }
  const values = sourceValues(st, first, first.get(st, Symbol.iterator))
  const out = allocateTypedArray(st, kind, proto, bufferProto, values.length)
  for (let i = 0; i < values.length; i++) out.store(i, out.convert(st, values[i]))
  return out
}

export function installTypedArrayConstructors(realm: Realm): void {
  // ArrayBuffer
  const ArrayBufferPrototype = new JsObject(realm.ObjectPrototype)
  const ArrayBuffer = realm.constructorFunction(
    "ArrayBuffer",
    1,
    (st, _t, [length], newTarget) => {
      if (newTarget === undefined) throw st.typeError("Constructor ArrayBuffer requires 'new'")
      const n = toIndex(st, length, "array buffer length")
      const proto = st.realm.prototypeFor(newTarget, "ArrayBuffer.prototype")
      checkBytes(st, n)
      return new JsArrayBuffer(proto, new Uint8Array(n))
    },
    ArrayBufferPrototype,
  )
  realm.defineGlobal("ArrayBuffer", ArrayBuffer)
  realm.registerIntrinsic("ArrayBuffer", ArrayBuffer)
  realm.registerIntrinsic("ArrayBuffer.prototype", ArrayBufferPrototype)
  realm.getter(ArrayBuffer, Symbol.species, (_st, t) => t)
  realm.methods(ArrayBuffer, {
    isView: [1, (_st, _t, [v]) => v instanceof JsTypedArray || (v instanceof JsObject && v.className === "DataView")],
  })
  const thisBuffer = (st: JsState, t: Value, what: string): JsArrayBuffer => {
    if (t instanceof JsArrayBuffer) return t
    throw st.typeError(`Method ArrayBuffer.prototype.${what} called on incompatible receiver ${st.realm.describe(t)}`)
  }
  realm.getter(ArrayBufferPrototype, "byteLength", (st, t) => thisBuffer(st, t, "byteLength").bytes.length)
  realm.getter(ArrayBufferPrototype, "maxByteLength", (st, t) => thisBuffer(st, t, "maxByteLength").bytes.length)
  realm.getter(ArrayBufferPrototype, "resizable", (st, t) => (thisBuffer(st, t, "resizable"), false))
  realm.getter(ArrayBufferPrototype, "detached", (st, t) => (thisBuffer(st, t, "detached"), false))
  realm.methods(ArrayBufferPrototype, {
    slice: [2, (st, t, [start, end]) => {
      const b = thisBuffer(st, t, "slice")
      const n = b.bytes.length
      const rel = (v: Value, fallback: number): number => {
        if (v === undefined) return fallback
        const k = toIntegerOrInfinity(st, v)
        return k < 0 ? Math.max(n + k, 0) : Math.min(k, n)
      }
      const from = rel(start, 0)
      const to = rel(end, n)
      const count = Math.max(to - from, 0)
      const C = speciesConstructor(st, b, binary(st.realm).ArrayBuffer)
      const made = construct(st, C, [count], C, st.line)
      if (!(made instanceof JsArrayBuffer)) throw st.typeError("the species constructor did not make an ArrayBuffer")
      if (made === b) throw st.typeError("ArrayBuffer subclass returned this from species constructor")
      if (made.bytes.length < count) throw st.typeError("the species constructor made a buffer too small")
      st.charge(count >>> 4)
      made.bytes.set(b.bytes.subarray(from, from + count))
      return made
    }],
  })
  ArrayBufferPrototype.defineOwn(realm.st, Symbol.toStringTag, "ArrayBuffer", 3)

  // %TypedArray%
  const TypedArrayPrototype = new JsObject(realm.ObjectPrototype)
  const TypedArray = realm.constructorFunction("TypedArray", 0, (st) => {
    throw st.typeError("Abstract class TypedArray not directly constructable")
  }, TypedArrayPrototype)
  realm.getter(TypedArray, Symbol.species, (_st, t) => t)
  realm.registerIntrinsic("TypedArray", TypedArray)
  realm.registerIntrinsic("TypedArray.prototype", TypedArrayPrototype)

  realm.methods(TypedArray, {
    from: [1, (st, t, [source, fn, self]) => {
      if (!(t instanceof JsFunction) || !isConstructor(t)) throw st.typeError(`${st.realm.describe(t)} is not a constructor`)
      if (fn !== undefined && !(fn instanceof JsFunction)) throw st.typeError(`${st.realm.describe(fn)} is not a function`)
      const o = source instanceof JsObject ? source : (st.realm.protoOf(source), toObjectLike(st, source))
      const values = sourceValues(st, o, o.get(st, Symbol.iterator))
      const out = typedArrayCreate(st, t, [values.length])
      for (let i = 0; i < values.length; i++) {
        const v = fn === undefined ? values[i] : st.call(fn, self, [values[i], i])
        out.set(st, String(i), v)
      }
      return out
    }],
    of: [0, (st, t, args) => {
      if (!(t instanceof JsFunction) || !isConstructor(t)) throw st.typeError(`${st.realm.describe(t)} is not a constructor`)
      const out = typedArrayCreate(st, t, [args.length])
      for (let i = 0; i < args.length; i++) out.set(st, String(i), args[i])
      return out
    }],
  })

  for (const kind of ELEMENT_KINDS) {
    const proto = new JsObject(TypedArrayPrototype)
    const ctor = realm.constructorFunction(
      kind.name,
      3,
      (st, _t, args, newTarget) => {
        if (newTarget === undefined) throw st.typeError(`Constructor ${kind.name} requires 'new'`)
        return constructTypedArray(st, kind, args, newTarget)
      },
      proto,
      TypedArray,
    )
    ctor.setupProperty("BYTES_PER_ELEMENT", kind.size, 7)
    proto.defineOwn(realm.st, "BYTES_PER_ELEMENT", kind.size, 7)
    realm.defineGlobal(kind.name, ctor)
    realm.registerIntrinsic(kind.name, ctor)
    realm.registerIntrinsic(`${kind.name}.prototype`, proto)
  }
}

/** ToObject for `TypedArray.from`'s source (a string is iterable; numbers and booleans are empty). */
function toObjectLike(st: JsState, v: Value): JsObject {
  if (v === undefined || v === null) throw st.typeError(`${String(v)} is not iterable`)
  if (typeof v === "string") return st.realm.newArray(Array.from(v))
  return st.realm.newObject()
}
