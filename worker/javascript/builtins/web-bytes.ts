/**
 * What the web globals (`TextEncoder`, `TextDecoder`, `crypto.getRandomValues`, `structuredClone`)
 * need of binary data, over the engine's typed arrays (typed-array.ts): the installer of every
 * binary-data global, a
 * `Uint8Array` made around bytes the engine produced, and the tests a web API applies to its
 * arguments (Node's `TextDecoder.decode` takes any view or buffer; `encodeInto` a `Uint8Array`).
 */

import type { JsObject, Value } from "../runtime/object.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { installDataView, JsDataView } from "./data-view.js"
import { binary, installTypedArrayConstructors } from "./typed-array-constructors.js"
import { installTypedArrayMethods } from "./typed-array-methods.js"
import { ELEMENT_KINDS, JsArrayBuffer, JsTypedArray } from "./typed-array.js"

export { checkBytes } from "./typed-array.js"

export function installBytes(realm: Realm): void {
  installTypedArrayConstructors(realm)
  installTypedArrayMethods(realm)
  installDataView(realm)
}

const UINT8 = ELEMENT_KINDS.find((k) => k.name === "Uint8Array")!

export const isUint8Array = (v: Value): v is JsTypedArray => v instanceof JsTypedArray && v.kind === UINT8

/** A new program `Uint8Array` over `data` (which it now owns), in a buffer of its own. */
export function bytesOf(st: JsState, data: Uint8Array, proto?: JsObject): JsTypedArray {
  const b = binary(st.realm)
  return new JsTypedArray(proto ?? b.prototypes.get(UINT8)!, UINT8, new JsArrayBuffer(b.ArrayBufferPrototype, data), 0, data.length)
}

/** The bytes of a view or buffer (a host window, for the engine's own use), or undefined. */
export function bytesOfView(v: Value): Uint8Array | undefined {
  if (v instanceof JsTypedArray) return v.data
  if (v instanceof JsDataView) return new Uint8Array(v.buffer.bytes.buffer as ArrayBuffer, v.buffer.bytes.byteOffset + v.byteOffset, v.byteLength)
  if (v instanceof JsArrayBuffer) return v.bytes
  return undefined
}
