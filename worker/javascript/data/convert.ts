/**
 * The plain-data contract for JavaScript: program values <-> `DataValue` (JSON), always a copy.
 *
 * Program -> JSON (`jsToData`: a program's result, a tool's input): null and undefined at the top
 * are null; booleans, finite numbers and strings are themselves; arrays are arrays (an `undefined`
 * element is null, as `JSON.stringify` has it); plain objects are objects of their own enumerable
 * string-keyed data properties (an `undefined` property is left out); a Date is its ISO string
 * (null when invalid), as `JSON.stringify` writes it; NaN and infinities are null with one warning
 * per execution naming the first place (protocol/json-numbers.ts). Anything else — a function,
 * a tool reference, a BigInt, a symbol, a Map, a class instance, a getter, a cycle —
 * fails with `InvalidDataValue` naming its path (`result.items[3].fn`). No getter ever runs.
 *
 * JSON -> program (`dataToJs`: a tool's output): arrays and objects become fresh program arrays
 * and objects; the input is host data and is checked like the Lua side checks it (only plain
 * arrays, plain objects and JSON primitives; no accessor is read).
 */

import { formatDataPath } from "../../../protocol/data-path.js"
import { DataContractError, DataErrors, jsonNumberBytes, type PathSegment } from "../../data/contract.js"
import type { DataValue } from "../../../protocol/data.js"
import { nonFiniteConverted } from "../../../protocol/json-numbers.js"
import { HostStop } from "../../engine-host.js"
import { Accessor, JsDate, JsFunction, JsObject, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { isoText } from "../builtins/date-text.js"
import type { JsState } from "../runtime/state.js"

/** A path as a JavaScript program writes it. */
const pathInJavaScript = (root: string, segments: ArrayLike<PathSegment>, count?: number): string =>
  formatDataPath(root, segments, "javascript", count)

/**
 * Binary data never crosses: plain data has no bytes, and turning a buffer into an array of
 * numbers silently would multiply its size. The program converts it, choosing the form.
 */
const BINARY = new Set(["ArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"])
const BINARY_HINT = "; convert it first, e.g. Array.from(bytes) for numbers or new TextDecoder().decode(bytes) for text"

const describeValue = (v: Value): string => {
  if (v instanceof JsFunction) return v.isTool ? "a tool reference" : "a function"
  if (typeof v === "number") return v !== v ? "NaN (not a number)" : "an infinite number"
  if (typeof v === "bigint") return "a BigInt"
  if (typeof v === "symbol") return "a symbol"
  if (v instanceof JsObject) return `a ${v.className === "Object" ? "class instance" : v.className} object`
  return "a value of an unknown kind"
}

/*
 * Strings cross as they are, lone surrogates included, as `JSON.stringify` keeps them: the channel
 * writes them as `\uD800` escapes and a JSON consumer gets the same. (Lua strings are bytes and
 * must be UTF-8; JavaScript strings are UTF-16 and need not be.)
 */

export function copyJsToData(st: JsState, value: Value, root: string): DataValue {
  const path: PathSegment[] = []
  const stack: JsObject[] = []
  let bytes = 0
  const fail = (what: string) => DataErrors.notData(pathInJavaScript(root, path), what)
  const copy = (v: Value): DataValue => {
    st.charge(1)
    switch (typeof v) {
      case "string":
        bytes += v.length + 2
        return v
      case "number":
        if (!Number.isFinite(v)) {
          if (!st.nonFiniteWarned) {
            st.nonFiniteWarned = true
            st.warnings.push(nonFiniteConverted(pathInJavaScript(root, path), v))
          }
          bytes += 4
          return null
        }
        bytes += jsonNumberBytes(v)
        return v
      case "boolean":
        bytes += 5
        return v
      case "undefined":
        bytes += 4
        return null
    }
    if (v === null) {
      bytes += 4
      return null
    }
    if (!(v instanceof JsObject) || v instanceof JsFunction) throw fail(describeValue(v))
    if (v instanceof JsDate) {
      // A Date crosses as JSON.stringify writes it: its ISO string, or null when invalid.
      const iso = v.time === v.time ? isoText(v.time) : null
      bytes += iso === null ? 4 : iso.length + 2
      return iso
    }
    if (stack.includes(v)) throw DataErrors.cyclic(pathInJavaScript(root, path), pathInJavaScript(root, path, stack.indexOf(v)))
    if (stack.length >= st.bounds.maxDataDepth) throw DataErrors.tooDeep(pathInJavaScript(root, path), st.bounds.maxDataDepth)
    if (bytes > st.bounds.maxDataBytes) throw DataErrors.tooLarge(root, pathInJavaScript(root, path), st.bounds.maxDataBytes)
    stack.push(v)
    let out: DataValue
    if (v instanceof JsArray) {
      if (v.className !== "Array") throw fail("an arguments object")
      const items: DataValue[] = []
      const elements = v.dense ? v.items : v.list(st)
      for (let i = 0; i < elements.length; i++) {
        path.push(i)
        items.push(copy(elements[i]))
        path.pop()
      }
      bytes += items.length + 1
      out = items
    } else {
      if (BINARY.has(v.className)) throw DataErrors.notData(pathInJavaScript(root, path), `a ${v.className}`, BINARY_HINT)
      if (v.className !== "Object" || (v.proto !== st.realm.ObjectPrototype && v.proto !== null)) throw fail(describeValue(v))
      const o: Record<string, DataValue> = {}
      for (const k of v.ownKeys()) {
        if (typeof k !== "string" || !v.isEnumerable(k)) continue
        const x = v.own(k)
        path.push(k)
        if (x instanceof Accessor) throw fail("a getter or setter")
        if (x !== undefined) {
          bytes += k.length + 3
          // An own "__proto__" key (JSON.parse and computed keys make them) must stay a key:
          // assigning it would set the copy's prototype and drop the field without a word.
          if (k === "__proto__") Object.defineProperty(o, k, { value: copy(x as Value), enumerable: true, writable: true, configurable: true })
          else o[k] = copy(x as Value)
        }
        path.pop()
      }
      bytes += 2
      out = o
    }
    stack.pop()
    return out
  }
  const data = copy(value)
  if (bytes > st.bounds.maxDataBytes) throw DataErrors.tooLarge(root, root, st.bounds.maxDataBytes)
  return data
}

/** Program -> plain data where a violation stops the execution with `InvalidDataValue`. */
export function jsToData(st: JsState, value: Value, root: string): DataValue {
  try {
    return copyJsToData(st, value, root)
  } catch (error) {
    if (error instanceof DataContractError) throw new HostStop({ kind: "InvalidDataValue", message: error.message })
    throw error
  }
}

/** Host data (checked) -> program values; throws `DataContractError`. */
export function copyDataToJs(st: JsState, data: unknown, root: string): Value {
  const path: PathSegment[] = []
  // Counted as the Lua side counts it (`lua-in.ts`): a tool's output is held to the same
  // `maxDataBytes` as a result, so a program never receives a string past `maxStringBytes`.
  let bytes = 0
  const copy = (v: unknown, depth: number): Value => {
    st.charge(1)
    if (typeof v === "string") {
      bytes += v.length + 2
      if (bytes > st.bounds.maxDataBytes) throw DataErrors.tooLarge(root, pathInJavaScript(root, path), st.bounds.maxDataBytes)
      return v
    }
    if (v === null || typeof v === "boolean") return v as Value
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw DataErrors.notPlain(pathInJavaScript(root, path), "a non-finite number")
      return v
    }
    if (typeof v !== "object") throw DataErrors.notPlain(pathInJavaScript(root, path), `a ${typeof v}`)
    if (depth > st.bounds.maxDataDepth) throw DataErrors.tooDeep(pathInJavaScript(root, path), st.bounds.maxDataDepth)
    if (Array.isArray(v)) {
      if (v.length > st.maxArrayLength) throw DataErrors.tooManyEntries(pathInJavaScript(root, path), st.maxArrayLength)
      bytes += v.length + 1
      if (bytes > st.bounds.maxDataBytes) throw DataErrors.tooLarge(root, pathInJavaScript(root, path), st.bounds.maxDataBytes)
      const items: Value[] = []
      for (let i = 0; i < v.length; i++) {
        path.push(i)
        const d = Object.getOwnPropertyDescriptor(v, i)
        if (d !== undefined && !("value" in d)) throw DataErrors.notPlain(pathInJavaScript(root, path), "an accessor property")
        items.push(d === undefined || d.value === undefined ? null : copy(d.value, depth + 1))
        path.pop()
      }
      return st.realm.newArray(items)
    }
    const proto = Object.getPrototypeOf(v)
    if (proto !== Object.prototype && proto !== null) throw DataErrors.notPlain(pathInJavaScript(root, path), "a class instance")
    const o = st.realm.newObject()
    for (const k of Object.keys(v)) {
      path.push(k)
      const d = Object.getOwnPropertyDescriptor(v, k)!
      if (!("value" in d)) throw DataErrors.notPlain(pathInJavaScript(root, path), "an accessor property")
      bytes += k.length + 3
      if (d.value !== undefined) o.props.set(k, copy(d.value, depth + 1))
      path.pop()
    }
    return o
  }
  return copy(data, 0)
}
