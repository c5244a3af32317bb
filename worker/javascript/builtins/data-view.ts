/**
 * `DataView`: reads and writes numbers of any width and either byte order at any offset of an
 * `ArrayBuffer`. The work is the host's `DataView` over the buffer's private bytes (typed-array.ts),
 * which no program value can reach: the program holds a `JsDataView`, and the getters and setters
 * check the receiver, convert the offset (ToIndex) and the value (ToNumber or ToBigInt, before the
 * bounds check, as the standard orders it) and refuse an access past the view with a RangeError.
 */

import { JsObject, type Value } from "../runtime/object.js"
import { toNumber, truthy } from "../runtime/ops.js"
import { type Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { JsArrayBuffer, toBigInt, toIndex } from "./typed-array.js"

export class JsDataView extends JsObject {
  readonly host: DataView
  constructor(
    proto: JsObject | null,
    readonly buffer: JsArrayBuffer,
    readonly byteOffset: number,
    readonly byteLength: number,
  ) {
    super(proto)
    this.host = new DataView(buffer.bytes.buffer as ArrayBuffer, buffer.bytes.byteOffset + byteOffset, byteLength)
  }
  override get className(): string {
    return "DataView"
  }
}

/** The accessor pairs: name, byte size, BigInt or not. */
const TYPES: ReadonlyArray<[string, number, boolean]> = [
  ["Int8", 1, false], ["Uint8", 1, false], ["Int16", 2, false], ["Uint16", 2, false], ["Int32", 4, false], ["Uint32", 4, false],
  ["Float32", 4, false], ["Float64", 8, false], ["BigInt64", 8, true], ["BigUint64", 8, true],
]

type HostAccess = Record<string, (offset: number, ...rest: unknown[]) => unknown>

export function installDataView(realm: Realm): void {
  const proto = new JsObject(realm.ObjectPrototype)
  const ctor = realm.constructorFunction(
    "DataView",
    1,
    (st, _t, [buffer, offset, length], newTarget) => {
      if (newTarget === undefined) throw st.typeError("Constructor DataView requires 'new'")
      if (!(buffer instanceof JsArrayBuffer)) throw st.typeError("First argument to DataView constructor must be an ArrayBuffer")
      const at = toIndex(st, offset, "DataView offset")
      const size = buffer.bytes.length
      if (at > size) throw st.rangeError(`Start offset ${at} is outside the bounds of the buffer`)
      const count = length === undefined ? size - at : toIndex(st, length, "DataView length")
      if (at + count > size) throw st.rangeError(`Invalid DataView length ${count}`)
      return new JsDataView(st.realm.prototypeFor(newTarget, "DataView.prototype"), buffer, at, count)
    },
    proto,
  )
  realm.defineGlobal("DataView", ctor)
  realm.registerIntrinsic("DataView.prototype", proto)
  proto.defineOwn(realm.st, Symbol.toStringTag, "DataView", 3)

  const thisView = (st: JsState, t: Value, what: string): JsDataView => {
    if (t instanceof JsDataView) return t
    throw st.typeError(`Method DataView.prototype.${what} called on incompatible receiver ${st.realm.describe(t)}`)
  }
  realm.getter(proto, "buffer", (st, t) => thisView(st, t, "buffer").buffer)
  realm.getter(proto, "byteLength", (st, t) => thisView(st, t, "byteLength").byteLength)
  realm.getter(proto, "byteOffset", (st, t) => thisView(st, t, "byteOffset").byteOffset)

  const outOfBounds = (st: JsState) => st.rangeError("Offset is outside the bounds of the DataView")
  for (const [type, size, bigint] of TYPES) {
    realm.methods(proto, {
      [`get${type}`]: [1, (st, t, [offset, little]) => {
        const v = thisView(st, t, `get${type}`)
        const at = toIndex(st, offset, "offset")
        const le = truthy(little)
        if (at + size > v.byteLength) throw outOfBounds(st)
        return (v.host as unknown as HostAccess)[`get${type}`]!(at, le) as Value
      }],
      [`set${type}`]: [2, (st, t, [offset, value, little]) => {
        const v = thisView(st, t, `set${type}`)
        const at = toIndex(st, offset, "offset")
        const converted = bigint ? toBigInt(st, value) : toNumber(st, value)
        const le = truthy(little)
        if (at + size > v.byteLength) throw outOfBounds(st)
        ;(v.host as unknown as HostAccess)[`set${type}`]!(at, converted, le)
        return undefined
      }],
    })
  }
}
