/**
 * `JSON.stringify` and `JSON.parse` on the program's own values, with replacers (function or
 * array), indentation, `toJSON` and revivers, as the standard specifies. Parsing delegates the
 * grammar to the host's `JSON.parse` (a pure function of a string) and then copies the plain result
 * into program objects, so no host object survives.
 */

import { JsMessages } from "../messages.js"
import { JsBoxed, JsFunction, JsObject, PERMANENT, type Key, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { toIntegerOrInfinity, toNumber, toStr } from "../runtime/ops.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { enumerableKeys } from "./object.js"

const quote = (s: string): string => JSON.stringify(s)

/** A wrapper as JSON sees it: Number and String objects convert (a program may have redefined `valueOf`), the rest unwrap. */
const unbox = (st: JsState, v: JsBoxed): Value =>
  typeof v.primitive === "number" ? toNumber(st, v) : typeof v.primitive === "string" ? toStr(st, v) : (v.primitive as Value)

export function jsonStringify(st: JsState, value: Value, replacer: Value, space: Value): Value {
  let indent = ""
  if (space instanceof JsBoxed) space = unbox(st, space)
  if (typeof space === "number") indent = " ".repeat(Math.min(10, Math.max(0, toIntegerOrInfinity(st, space))))
  else if (typeof space === "string") indent = space.slice(0, 10)
  const fn = replacer instanceof JsFunction ? replacer : null
  let allow: string[] | null = null
  if (replacer instanceof JsArray) {
    allow = []
    for (const v of replacer.list(st)) {
      const k = typeof v === "string" ? v : typeof v === "number" ? String(v) : v instanceof JsBoxed ? toStr(st, v) : null
      if (k !== null && !allow.includes(k)) allow.push(k)
    }
  }
  const stack: JsObject[] = []
  let size = 0
  const ser = (holder: JsObject, key: string, v: Value, gap: string): string | undefined => {
    if (v instanceof JsObject || typeof v === "bigint") {
      const toJSON = v instanceof JsObject ? v.get(st, "toJSON") : st.realm.BigIntPrototype.get(st, "toJSON", v)
      if (toJSON instanceof JsFunction) v = st.call(toJSON, v, [key])
    }
    if (fn !== null) v = st.call(fn, holder, [key, v])
    if (v instanceof JsBoxed) v = unbox(st, v)
    if (v === null) return "null"
    switch (typeof v) {
      case "boolean":
        return v ? "true" : "false"
      case "string":
        size += v.length
        if (size > st.maxStringLength) st.checkStringLength(size)
        return quote(v)
      case "number":
        return Number.isFinite(v) ? String(v) : "null"
      case "bigint":
        throw st.typeError(JsMessages.bigintJson())
      case "undefined":
      case "symbol":
        return undefined
    }
    if (v instanceof JsFunction) return undefined
    const o = v as JsObject
    if (stack.includes(o)) throw st.typeError(JsMessages.cyclicJson())
    if (stack.length > st.bounds.maxDataDepth * 4) throw st.rangeError("Maximum call stack size exceeded")
    stack.push(o)
    st.charge(1)
    const inner = gap + indent
    const parts: string[] = []
    let out: string
    if (o instanceof JsArray) {
      const items = o.list(st)
      for (let i = 0; i < items.length; i++) parts.push(ser(o, String(i), items[i], inner) ?? "null")
      out = parts.length === 0 ? "[]" : indent === "" ? `[${parts.join(",")}]` : `[\n${inner}${parts.join(`,\n${inner}`)}\n${gap}]`
    } else {
      const keys = allow ?? enumerableKeys(o)
      for (const k of keys) {
        const s = ser(o, k, o.get(st, k as Key), inner)
        if (s !== undefined) parts.push(`${quote(k)}:${indent === "" ? "" : " "}${s}`)
      }
      out = parts.length === 0 ? "{}" : indent === "" ? `{${parts.join(",")}}` : `{\n${inner}${parts.join(`,\n${inner}`)}\n${gap}}`
    }
    stack.pop()
    size += out.length - parts.reduce((n, p) => n + p.length, 0)
    if (size > st.maxStringLength) st.checkStringLength(size)
    return out
  }
  const wrapper = st.realm.newObject()
  wrapper.props.set("", value)
  return ser(wrapper, "", value, "")
}

/** Host JSON data (from the host's JSON.parse) -> program values. */
export function fromJson(st: JsState, v: unknown): Value {
  if (v === null || typeof v !== "object") return v as Value
  st.charge(1)
  if (Array.isArray(v)) {
    if (v.length > st.maxArrayLength) throw st.arrayTooLarge()
    return st.realm.newArray(v.map((x) => fromJson(st, x)))
  }
  const o = st.realm.newObject()
  for (const k of Object.keys(v)) o.defineOwn(st, k, fromJson(st, (v as Record<string, unknown>)[k]), 0)
  return o
}

export function installJson(realm: Realm): void {
  const J = realm.namespace("JSON")
  realm.defineGlobal("JSON", J)
  realm.methods(J, {
    stringify: [3, (st, _t, [v, replacer, space]) => jsonStringify(st, v, replacer, space)],
    parse: [2, (st, _t, [text, reviver]) => {
      const s = toStr(st, text)
      st.charge(s.length >>> 6)
      let data: unknown
      try {
        data = JSON.parse(s)
      } catch (error) {
        throw st.error("SyntaxError", (error as Error).message)
      }
      const value = fromJson(st, data)
      if (!(reviver instanceof JsFunction)) return value
      const walk = (holder: JsObject, key: string): Value => {
        const v = holder.get(st, key)
        if (v instanceof JsObject) {
          const keys = v instanceof JsArray ? v.list(st).map((_, i) => String(i)) : enumerableKeys(v)
          for (const k of keys) {
            const r = walk(v, k)
            if (r === undefined) v.deleteOwn(k)
            // CreateDataProperty: refused (quietly) by a property made non-configurable meanwhile.
            else if (!(v.attributes(k) & PERMANENT)) v.defineOwn(st, k, r, 0)
          }
        }
        return st.call(reviver, holder, [key, v])
      }
      const root = st.realm.newObject()
      root.props.set("", value)
      return walk(root, "")
    }],
  })
  void toNumber
}
