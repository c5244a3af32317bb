/**
 * `TextEncoder` and `TextDecoder` (the Encoding standard), over the program's `Uint8Array`.
 *
 * The byte work is the host's: its encoder and decoders implement the standard exactly (lone
 * surrogates become U+FFFD, a BOM is stripped unless `ignoreBOM`, `fatal` refuses malformed
 * input, `stream: true` keeps a partial sequence for the next call), and they are pure functions
 * of strings and bytes. A decoder object keeps its host decoder in a private field — it holds
 * streaming state — which no program value can reach; only strings and our own byte arrays come
 * out. Any label the host knows is accepted (`utf-8`, `utf-16le`, `latin1`...), as in Node.
 */

import { JsObject, type Value } from "../runtime/object.js"
import { toStr, truthy } from "../runtime/ops.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { bytesOf, bytesOfView, checkBytes, isUint8Array } from "./web-bytes.js"
import { WebMessages, codedError, describeReceived, toStringTag, webAttribute, webMethods } from "./web-common.js"

const hostEncoder = new TextEncoder()

class JsTextEncoder extends JsObject {}

class JsTextDecoder extends JsObject {
  constructor(
    proto: JsObject,
    readonly decoder: InstanceType<typeof TextDecoder>,
  ) {
    super(proto)
  }
}

/** UTF-8 length of a string as the encoder will write it (a lone surrogate is 3 bytes of U+FFFD). */
function utf8Length(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4
      i++
    } else n += 3
  }
  return n
}

const thisEncoder = (st: JsState, t: Value): JsTextEncoder => {
  if (t instanceof JsTextEncoder) return t
  throw st.typeError(WebMessages.illegalInvocation())
}
const thisDecoder = (st: JsState, t: Value): JsTextDecoder => {
  if (t instanceof JsTextDecoder) return t
  throw st.typeError(WebMessages.illegalInvocation())
}

/** `encodeInto`: writes whole characters while they fit; returns UTF-16 units read, bytes written. */
function encodeInto(source: string, dest: Uint8Array): [number, number] {
  let read = 0
  let written = 0
  while (read < source.length) {
    let c = source.charCodeAt(read)
    let units = 1
    if (c >= 0xd800 && c <= 0xdbff && read + 1 < source.length && (source.charCodeAt(read + 1) & 0xfc00) === 0xdc00) {
      c = 0x10000 + ((c - 0xd800) << 10) + (source.charCodeAt(read + 1) - 0xdc00)
      units = 2
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4
    if (written + size > dest.length) break
    if (size === 1) dest[written] = c
    else {
      let shift = (size - 1) * 6
      dest[written] = ((0xf00 >> size) & 0xff) | (c >> shift)
      for (let k = 1; k < size; k++) {
        shift -= 6
        dest[written + k] = 0x80 | ((c >> shift) & 0x3f)
      }
    }
    written += size
    read += units
  }
  return [read, written]
}

export function installEncoding(realm: Realm): void {
  const EP = new JsObject(realm.ObjectPrototype)
  realm.defineGlobal(
    "TextEncoder",
    realm.constructorFunction(
      "TextEncoder",
      0,
      (st, _t, _args, newTarget) => {
        if (newTarget === undefined) throw st.typeError(WebMessages.classWithoutNew("TextEncoder"))
        return new JsTextEncoder(st.realm.prototypeFor(newTarget, "TextEncoder.prototype"))
      },
      EP,
    ),
  )
  realm.registerIntrinsic("TextEncoder.prototype", EP)
  toStringTag(realm, EP, "TextEncoder")
  webAttribute(realm, EP, "encoding", (st, t) => {
    thisEncoder(st, t)
    return "utf-8"
  })
  webMethods(realm, EP, {
    encode: [0, (st, t, [input]) => {
      thisEncoder(st, t)
      const s = input === undefined ? "" : toStr(st, input)
      st.charge(s.length >>> 4)
      checkBytes(st, utf8Length(s))
      return bytesOf(st, hostEncoder.encode(s))
    }],
    encodeInto: [2, (st, t, [source, dest]) => {
      thisEncoder(st, t)
      const s = toStr(st, source)
      if (!isUint8Array(dest)) throw codedError(st, "TypeError", WebMessages.encodeIntoDest(describeReceived(st, dest)), "ERR_INVALID_ARG_TYPE")
      const [read, written] = encodeInto(s, dest.data)
      st.charge(read >>> 2)
      const result = st.realm.newObject()
      result.set(st, "read", read)
      result.set(st, "written", written)
      return result
    }],
  })

  const DP = new JsObject(realm.ObjectPrototype)
  realm.defineGlobal(
    "TextDecoder",
    realm.constructorFunction(
      "TextDecoder",
      0,
      (st, _t, [label, options], newTarget) => {
        if (newTarget === undefined) throw st.typeError(WebMessages.classWithoutNew("TextDecoder"))
        const name = label === undefined ? "utf-8" : toStr(st, label)
        const fatal = options instanceof JsObject && truthy(options.get(st, "fatal"))
        const ignoreBOM = options instanceof JsObject && truthy(options.get(st, "ignoreBOM"))
        let decoder: InstanceType<typeof TextDecoder>
        try {
          decoder = new TextDecoder(name, { fatal, ignoreBOM })
        } catch {
          throw codedError(st, "RangeError", WebMessages.encodingNotSupported(name), "ERR_ENCODING_NOT_SUPPORTED")
        }
        return new JsTextDecoder(st.realm.prototypeFor(newTarget, "TextDecoder.prototype"), decoder)
      },
      DP,
    ),
  )
  realm.registerIntrinsic("TextDecoder.prototype", DP)
  toStringTag(realm, DP, "TextDecoder")
  webAttribute(realm, DP, "encoding", (st, t) => thisDecoder(st, t).decoder.encoding)
  webAttribute(realm, DP, "fatal", (st, t) => thisDecoder(st, t).decoder.fatal)
  webAttribute(realm, DP, "ignoreBOM", (st, t) => thisDecoder(st, t).decoder.ignoreBOM)
  webMethods(realm, DP, {
    decode: [0, (st, t, [input, options]) => {
      const { decoder } = thisDecoder(st, t)
      let bytes: Uint8Array
      if (input === undefined) bytes = new Uint8Array(0)
      else if (bytesOfView(input) !== undefined) bytes = bytesOfView(input)!
      else throw codedError(st, "TypeError", WebMessages.decodeInput(), "ERR_INVALID_ARG_TYPE")
      const stream = options instanceof JsObject && truthy(options.get(st, "stream"))
      st.charge(bytes.length >>> 4)
      st.checkStringLength(bytes.length)
      try {
        return decoder.decode(bytes, { stream })
      } catch {
        throw codedError(st, "TypeError", WebMessages.invalidEncodedData(decoder.encoding), "ERR_ENCODING_INVALID_ENCODED_DATA")
      }
    }],
  })
}
