/**
 * The abstract operations of the language on our value representation: type conversion
 * (ToPrimitive, ToNumber, ToString, ToPropertyKey), property access on any value (`getV`,
 * `putV`), equality, relational comparison, the arithmetic operators with their BigInt forms,
 * `typeof`, `instanceof`, `in`.
 *
 * Each operator has a fast path for the common types (two numbers, two strings) written first, so
 * that V8 inlines it into the compiled closure, and a slow path out of line. Primitives are
 * converted with host operators only where that is exactly the language's semantics on a
 * primitive (`String(1e21)`, `Number("0x10")`): those cannot reach a host object.
 */

import { JsMessages } from "../messages.js"
import {
  Accessor,
  ABSENT,
  JsBoxed,
  JsFunction,
  JsObject,
  arrayIndex,
  type Key,
  type Value,
} from "./object.js"
import { JsArray } from "./array.js"
import type { JsState } from "./state.js"

export const typeOf = (v: Value): string => {
  if (v === null) return "object"
  if (v instanceof JsObject) return v instanceof JsFunction ? "function" : "object"
  return typeof v
}

// -- Conversions -------------------------------------------------------------------------------

export function toPrimitive(st: JsState, v: Value, hint: "default" | "number" | "string" = "default"): Value {
  if (!(v instanceof JsObject)) return v
  const exotic = v.get(st, Symbol.toPrimitive)
  if (exotic !== undefined && exotic !== null) {
    const r = st.call(exotic, v, [hint])
    if (!(r instanceof JsObject)) return r
    throw st.typeError(JsMessages.toPrimitive())
  }
  const order = hint === "string" ? ["toString", "valueOf"] : ["valueOf", "toString"]
  for (const name of order) {
    const method = v.get(st, name)
    if (method instanceof JsFunction) {
      const r = method.impl(st, v, [], undefined)
      if (!(r instanceof JsObject)) return r
    }
  }
  throw st.typeError(JsMessages.toPrimitive())
}

export function toNumber(st: JsState, v: Value): number {
  switch (typeof v) {
    case "number":
      return v
    case "string":
      return stringToNumber(v)
    case "boolean":
      return v ? 1 : 0
    case "undefined":
      return Number.NaN
    case "bigint":
      throw st.typeError(JsMessages.bigintToNumber())
    case "symbol":
      throw st.typeError(JsMessages.symbolToNumber())
  }
  if (v === null) return 0
  return toNumber(st, toPrimitive(st, v, "number"))
}

JsArray.toNumber = toNumber

/** ToNumber of a string: host `Number` has exactly the language's grammar on a primitive string. */
export const stringToNumber = (s: string): number => Number(s)

/** ToNumeric: a number or a bigint. */
export function toNumeric(st: JsState, v: Value): number | bigint {
  const p = toPrimitive(st, v, "number")
  return typeof p === "bigint" ? p : toNumber(st, p)
}

export function toStr(st: JsState, v: Value): string {
  switch (typeof v) {
    case "string":
      return v
    case "number":
      return String(v)
    case "boolean":
      return v ? "true" : "false"
    case "undefined":
      return "undefined"
    case "bigint":
      return String(v)
    case "symbol":
      throw st.typeError(JsMessages.symbolToString())
  }
  if (v === null) return "null"
  return toStr(st, toPrimitive(st, v, "string"))
}

export function toPropertyKey(st: JsState, v: Value): Key {
  if (typeof v === "string" || typeof v === "symbol") return v
  if (typeof v === "number") return String(v)
  const p = toPrimitive(st, v, "string")
  return typeof p === "symbol" ? p : toStr(st, p)
}

export const truthy = (v: Value): boolean => {
  if (v instanceof JsObject) return true
  return !!v
}

export function toIntegerOrInfinity(st: JsState, v: Value): number {
  const n = typeof v === "number" ? v : toNumber(st, v)
  if (n !== n) return 0
  return Math.trunc(n) + 0
}

export function toObject(st: JsState, v: Value): JsObject {
  if (v instanceof JsObject) return v
  if (v === undefined || v === null) throw st.typeError("Cannot convert undefined or null to object")
  return new JsBoxed(st.realm.protoOf(v), v as never)
}

// -- Property access on any value -------------------------------------------------------------

/** `base[key]` for any base value. */
export function getV(st: JsState, base: Value, key: Key): Value {
  if (base instanceof JsObject) return base.get(st, key)
  if (typeof base === "string") {
    if (key === "length") return base.length
    const i = arrayIndex(key)
    if (i >= 0) return i < base.length ? base[i] : undefined
  } else if (base === undefined || base === null) {
    throw st.typeError(JsMessages.readProperty(String(base), keyText(key)))
  }
  return st.realm.protoOf(base).get(st, key, base)
}

/** `base[index]` with a number index: the array and string fast path. */
export function getIndexed(st: JsState, base: Value, index: Value): Value {
  if (typeof index === "number") {
    if (base instanceof JsArray) {
      const head = base.head
      if (index >= 0 && (index | 0) === index) {
        if (index < head.length) return head[index]
        const v = base.segmentAt(index)
        if (v !== ABSENT) return v as Value
      }
    } else if (typeof base === "string" && index >= 0 && index < base.length && (index | 0) === index) {
      return base[index]
    }
  }
  return getV(st, base, toPropertyKey(st, index))
}

/** `base[key] = value` (strict: a refused assignment throws). */
export function putV(st: JsState, base: Value, key: Key, value: Value): void {
  if (base instanceof JsObject) {
    if (!base.set(st, key, value)) throw refusedAssignment(st, base, key)
    return
  }
  if (base === undefined || base === null) throw st.typeError(JsMessages.setProperty(String(base), keyText(key)))
  // Assigning to a property of a primitive fails in strict code unless a setter exists.
  const proto = st.realm.protoOf(base)
  if (!proto.set(st, key, value, base)) throw st.typeError(`Cannot create property '${keyText(key)}' on ${typeof base} '${toStr(st, base as Value)}'`)
}

export function putIndexed(st: JsState, base: Value, index: Value, value: Value): void {
  if (typeof index === "number" && base instanceof JsArray && base.dense && index >= 0 && (index | 0) === index) {
    const head = base.head
    if (index < head.length) head[index] = value
    else if (index === base.length) base.append(st, value)
    else base.setIndex(st, index, value)
    return
  }
  putV(st, base, toPropertyKey(st, index), value)
}

function refusedAssignment(st: JsState, base: JsObject, key: Key) {
  let o: JsObject | null = base
  while (o !== null) {
    const own = o.own(key)
    if (own instanceof Accessor) return st.typeError(`Cannot set property ${keyText(key)} of ${st.realm.describeObject(base)} which has only a getter`)
    if (own !== ABSENT) return st.typeError(JsMessages.readOnly(keyText(key), st.realm.describeObject(base)))
    o = o.proto
  }
  return st.typeError(JsMessages.notExtensible(keyText(key)))
}

export const keyText = (key: Key): string => (typeof key === "symbol" ? key.toString() : key)

// -- Equality and comparison ------------------------------------------------------------------

export function looseEquals(st: JsState, a: Value, b: Value): boolean {
  if (typeof a === typeof b && !(a instanceof JsObject) === !(b instanceof JsObject)) {
    if (a === null || b === null) return a === b
    return a === b
  }
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true
  if (a === null || a === undefined || b === null || b === undefined) return false
  const ta = typeof a
  const tb = typeof b
  if (a instanceof JsObject && b instanceof JsObject) return a === b
  if (ta === "number" && tb === "string") return a === stringToNumber(b as string)
  if (ta === "string" && tb === "number") return stringToNumber(a as string) === b
  if (ta === "bigint" && tb === "string") return bigintEqualsString(a as bigint, b as string)
  if (ta === "string" && tb === "bigint") return bigintEqualsString(b as bigint, a as string)
  if (ta === "boolean") return looseEquals(st, a ? 1 : 0, b)
  if (tb === "boolean") return looseEquals(st, a, b ? 1 : 0)
  if (a instanceof JsObject) return looseEquals(st, toPrimitive(st, a), b)
  if (b instanceof JsObject) return looseEquals(st, a, toPrimitive(st, b))
  if (ta === "bigint" && tb === "number") return Number.isFinite(b) && (a as bigint) === BigInt(Math.trunc(b as number)) && Number.isInteger(b)
  if (ta === "number" && tb === "bigint") return looseEquals(st, b, a)
  return false
}

const bigintEqualsString = (a: bigint, s: string): boolean => {
  try {
    return a === BigInt(s)
  } catch {
    return false
  }
}

export const sameValueZero = (a: Value, b: Value): boolean => a === b || (a !== a && b !== b)
export const sameValue = (a: Value, b: Value): boolean => Object.is(a, b)

/** `a < b` (with `swap` for `>`): undefined when a NaN makes the comparison fail. */
export function lessThan(st: JsState, a: Value, b: Value, leftFirst: boolean): boolean | undefined {
  let pa: Value
  let pb: Value
  if (leftFirst) {
    pa = toPrimitive(st, a, "number")
    pb = toPrimitive(st, b, "number")
  } else {
    pb = toPrimitive(st, b, "number")
    pa = toPrimitive(st, a, "number")
  }
  if (typeof pa === "string" && typeof pb === "string") return pa < pb
  if (typeof pa === "bigint" && typeof pb === "string") {
    const n = stringToBigInt(pb)
    return n === undefined ? undefined : pa < n
  }
  if (typeof pa === "string" && typeof pb === "bigint") {
    const n = stringToBigInt(pa)
    return n === undefined ? undefined : n < pb
  }
  const na = typeof pa === "bigint" ? pa : toNumber(st, pa)
  const nb = typeof pb === "bigint" ? pb : toNumber(st, pb)
  if (na !== na || nb !== nb) return undefined
  return na < nb
}

const stringToBigInt = (s: string): bigint | undefined => {
  try {
    return BigInt(s)
  } catch {
    return undefined
  }
}

export const lt = (st: JsState, a: Value, b: Value): boolean =>
  typeof a === "number" && typeof b === "number" ? a < b : lessThan(st, a, b, true) === true
export const gt = (st: JsState, a: Value, b: Value): boolean =>
  typeof a === "number" && typeof b === "number" ? a > b : lessThan(st, b, a, false) === true
export const le = (st: JsState, a: Value, b: Value): boolean => {
  if (typeof a === "number" && typeof b === "number") return a <= b
  const r = lessThan(st, b, a, false)
  return r === false
}
export const ge = (st: JsState, a: Value, b: Value): boolean => {
  if (typeof a === "number" && typeof b === "number") return a >= b
  const r = lessThan(st, a, b, true)
  return r === false
}

// -- Arithmetic --------------------------------------------------------------------------------

export function add(st: JsState, a: Value, b: Value): Value {
  if (typeof a === "number" && typeof b === "number") return a + b
  if (typeof a === "string") {
    if (typeof b === "string") return concat(st, a, b)
    // A string and a number (`"n" + i`, the usual way a program names things): ToPrimitive of
    // a number is the number, and the host's String(number) is the language's Number::toString.
    if (typeof b === "number") return concat(st, a, String(b))
  } else if (typeof a === "number" && typeof b === "string") {
    return concat(st, String(a), b)
  }
  const pa = toPrimitive(st, a)
  const pb = toPrimitive(st, b)
  if (typeof pa === "string" || typeof pb === "string") return concat(st, toStr(st, pa), toStr(st, pb))
  return numeric(st, "+", pa, pb)
}

export function concat(st: JsState, a: string, b: string): string {
  if (a.length + b.length > st.maxStringLength) st.checkStringLength(a.length + b.length)
  return a + b
}

/** A binary numeric operator on any two values (after ToNumeric), BigInt included. */
export function numeric(st: JsState, op: string, a: Value, b: Value): number | bigint {
  const x = toNumeric(st, a)
  const y = toNumeric(st, b)
  if (typeof x === "number" && typeof y === "number") return numberOp(op, x, y)
  if (typeof x === "bigint" && typeof y === "bigint") return bigintOp(st, op, x, y)
  throw st.typeError(JsMessages.mixBigInt())
}

export const numberOp = (op: string, x: number, y: number): number => {
  switch (op) {
    case "+":
      return x + y
    case "-":
      return x - y
    case "*":
      return x * y
    case "/":
      return x / y
    case "%":
      return x % y
    case "**":
      return x ** y
    case "&":
      return x & y
    case "|":
      return x | y
    case "^":
      return x ^ y
    case "<<":
      return x << y
    case ">>":
      return x >> y
    case ">>>":
      return x >>> y
  }
  return Number.NaN
}

function bigintOp(st: JsState, op: string, x: bigint, y: bigint): bigint {
  switch (op) {
    case "+":
      return x + y
    case "-":
      return x - y
    case "*":
      return x * y
    case "/":
      if (y === 0n) throw st.rangeError("Division by zero")
      return x / y
    case "%":
      if (y === 0n) throw st.rangeError("Division by zero")
      return x % y
    case "**":
      if (y < 0n) throw st.rangeError("Exponent must be non-negative")
      if (y > 100000n) throw st.rangeError("Maximum BigInt size exceeded")
      return x ** y
    case "&":
      return x & y
    case "|":
      return x | y
    case "^":
      return x ^ y
    case "<<":
      if (y > 1000000n) throw st.rangeError("Maximum BigInt size exceeded")
      return x << y
    case ">>":
      return x >> y
  }
  throw st.typeError("BigInts have no unsigned right shift, use >> instead")
}

// -- Relations ---------------------------------------------------------------------------------

export function instanceOf(st: JsState, v: Value, target: Value): boolean {
  if (!(target instanceof JsObject)) throw st.typeError(JsMessages.instanceofNotCallable())
  const custom = target.get(st, Symbol.hasInstance)
  if (custom !== undefined && custom !== null && custom !== st.realm.defaultHasInstance) return truthy(st.call(custom, target, [v]))
  if (!(target instanceof JsFunction)) throw st.typeError(JsMessages.instanceofNotCallable())
  return ordinaryHasInstance(st, target, v)
}

export function ordinaryHasInstance(st: JsState, target: JsFunction, v: Value): boolean {
  if (!(v instanceof JsObject)) return false
  const proto = target.get(st, "prototype")
  if (!(proto instanceof JsObject)) throw st.typeError("Function has non-object prototype in instanceof check")
  for (let o = v.proto; o !== null; o = o.proto) if (o === proto) return true
  return false
}

export function hasProperty(st: JsState, key: Value, target: Value): boolean {
  if (!(target instanceof JsObject)) {
    throw st.typeError(JsMessages.notObjectIn(typeof key === "symbol" ? key.toString() : toStr(st, key), st.realm.describe(target)))
  }
  return target.has(toPropertyKey(st, key))
}
