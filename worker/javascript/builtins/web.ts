/**
 * The program's Web globals: the parts of the HTML, URL, Encoding and WebCrypto standards agents
 * write in scripts (`URL`, `URLSearchParams`, `TextEncoder`, `TextDecoder`, `Uint8Array`, `atob`,
 * `btoa`, `structuredClone`, `crypto.randomUUID`, `queueMicrotask`, `DOMException`).
 *
 * Each lives in its own `web-*.ts` file; this one lists their installers (`WEB_INSTALLERS`) and
 * holds the small globals. Every object a program receives is one of ours; where the host already
 * implements a standard exactly (the WHATWG URL parser, UTF-8 decoding, randomness) it is used as
 * a pure function of strings and bytes, and only strings and numbers come back.
 */

import { Buffer } from "node:buffer"
import { JsFunction } from "../runtime/object.js"
import { toStr } from "../runtime/ops.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { installBytes } from "./web-bytes.js"
import { JsTypedArray } from "./typed-array.js"
import { installClone } from "./web-clone.js"
import { WebMessages, codedError, describeReceived, domException, installDomException, missingArgument, toStringTag, webMethods } from "./web-common.js"
import { installEncoding } from "./web-encoding.js"
import { installUrlGlobals } from "./web-url.js"

/** The most bytes `crypto.getRandomValues` fills at once (WebCrypto's quota). */
const MAX_RANDOM_BYTES = 65536

/** ASCII whitespace as the Infra standard defines it: tab, LF, FF, CR, space. */
const ASCII_WHITESPACE = /[\t\n\f\r ]/g
const BASE64_ONLY = /^[A-Za-z0-9+/]*$/
const LATIN1_ONLY = /^[\x00-\xff]*$/

/**
 * `atob`: the Infra standard's forgiving-base64 decode, to a string of byte-valued characters.
 * The input is validated here, with Node's messages; the host's decoder then only sees valid base64.
 */
export function forgivingBase64Decode(st: JsState, input: string): string {
  st.charge(input.length >>> 4)
  let data = input.replace(ASCII_WHITESPACE, "")
  if (data.length % 4 === 0) data = data.endsWith("==") ? data.slice(0, -2) : data.endsWith("=") ? data.slice(0, -1) : data
  if (!BASE64_ONLY.test(data)) throw domException(st, "InvalidCharacterError", WebMessages.invalidCharacter())
  if (data.length % 4 === 1) throw domException(st, "InvalidCharacterError", WebMessages.notCorrectlyEncoded())
  return Buffer.from(data, "base64").toString("latin1")
}

/** `btoa`: base64 of a string whose every character is a byte (U+0000..U+00FF). */
export function base64Encode(st: JsState, input: string): string {
  st.checkStringLength(Math.ceil(input.length / 3) * 4)
  st.charge(input.length >>> 4)
  if (!LATIN1_ONLY.test(input)) throw domException(st, "InvalidCharacterError", WebMessages.invalidCharacter())
  return Buffer.from(input, "latin1").toString("base64")
}

function installCrypto(realm: Realm): void {
  const crypto = realm.newObject()
  toStringTag(realm, crypto, "Crypto")
  webMethods(realm, crypto, {
    randomUUID: [0, (st) => st.world.randomUUID()],
    getRandomValues: [1, (st, _t, [array]) => {
      if (!(array instanceof JsTypedArray) || array.kind.name.startsWith("Float")) throw domException(st, "TypeMismatchError", WebMessages.randomValuesType())
      if (array.data.length > MAX_RANDOM_BYTES) throw domException(st, "QuotaExceededError", WebMessages.randomValuesQuota())
      st.charge(array.data.length >>> 4)
      st.world.fillRandom(array.data)
      return array
    }],
  })
  realm.defineGlobal("crypto", crypto)
}

/** The installers of the Web globals, in order: the later ones use `DOMException` and the binary intrinsics. */
export const WEB_INSTALLERS: ReadonlyArray<(realm: Realm) => void> = [
  installDomException, installBytes, installEncoding, installUrlGlobals, installClone, installCrypto, installWebFunctions,
]

function installWebFunctions(realm: Realm): void {
  realm.methods(realm.global, {
    atob: [1, (st, _t, args) => {
      if (args.length === 0) throw missingArgument(st, "input")
      return forgivingBase64Decode(st, toStr(st, args[0]))
    }],
    btoa: [1, (st, _t, args) => {
      if (args.length === 0) throw missingArgument(st, "input")
      return base64Encode(st, toStr(st, args[0]))
    }],
    queueMicrotask: [1, (st, _t, [callback]) => {
      if (!(callback instanceof JsFunction)) {
        throw codedError(st, "TypeError", WebMessages.callbackNotFunction(describeReceived(st, callback)), "ERR_INVALID_ARG_TYPE")
      }
      // An exception in the callback is uncaught, as in Node: it ends the program with that error.
      st.enqueue(() => void st.call(callback, undefined, []))
      return undefined
    }],
  })
}

