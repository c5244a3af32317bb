/**
 * What the Web globals (`web-*.ts`) share: their messages, the per-realm intrinsics one global
 * needs from another, `DOMException`, and the WebIDL way of installing members.
 *
 * Messages follow Node's wording (the conformance suite compares with what Node printed), and
 * Node's errors carry a `code` (`ERR_INVALID_URL`, `ERR_MISSING_ARGS`); programs test for those, so
 * `codedError` sets it too.
 *
 * Intrinsics: `TextEncoder.encode` must make a `Uint8Array`, a `URL` its `URLSearchParams`,
 * `atob` a `DOMException`, and `structuredClone` must rebuild a `Map` with the realm's own
 * `Map.prototype`. Installers register those prototypes with the realm (`registerIntrinsic`) and
 * the others find them with `builtinPrototype`, which also builds a global deferred until then.
 *
 * WebIDL members differ from the language's builtins in one visible way: operations and
 * attributes are enumerable (`for (k in url)` lists `href`, `toString`...), so they are installed
 * with `webMethods` and `webAttribute` rather than `realm.methods`.
 */

import { Accessor, HIDDEN, JsError, JsFunction, JsObject, READONLY, type FunctionImpl, type Value } from "../runtime/object.js"
import { toStr } from "../runtime/ops.js"
import type { MethodSpec, Realm } from "../runtime/realm.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"

export const WebMessages = {
  missingArgument: (name: string) => `The "${name}" argument must be specified`,
  missingArguments: (a: string, b: string) => `The "${a}" and "${b}" arguments must be specified`,
  callbackNotFunction: (received: string) => `The "callback" argument must be of type function. Received ${received}`,
  invalidUrl: () => "Invalid URL",
  queryPair: () => "Each query pair must be an iterable [name, value] tuple",
  queryNotIterable: () => "Query pairs must be iterable",
  invalidCharacter: () => "Invalid character",
  notCorrectlyEncoded: () => "The string to be decoded is not correctly encoded.",
  encodingNotSupported: (label: string) => `The "${label}" encoding is not supported`,
  invalidEncodedData: (encoding: string) => `The encoded data was not valid for encoding ${encoding}`,
  decodeInput: () => 'The "list" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.',
  encodeIntoDest: (received: string) => `The "dest" argument must be an instance of Uint8Array. Received ${received}`,
  notCloneable: (what: string) => `${what} could not be cloned.`,
  randomValuesType: () => "The data argument must be an integer-type TypedArray",
  randomValuesQuota: () => "The requested length exceeds 65,536 bytes",
  notTypedArray: () => "this is not a typed array.",
  invalidTypedArrayLength: (what: string) => `Invalid typed array length: ${what}`,
  illegalInvocation: () => "Illegal invocation",
  classWithoutNew: (name: string) => `Class constructor ${name} cannot be invoked without 'new'`,
  constructorWithoutNew: (name: string) => `Constructor ${name} requires 'new'`,
  bytesTooLarge: (length: number, limit: number) =>
    `byte array of ${length} bytes exceeds the limit of ${limit} bytes (maxStringBytes)`,
}

/**
 * The prototype of the builtin constructor `name` (`Map.prototype`): the realm's own, recorded by
 * its installer (`Realm.registerIntrinsic`), whatever the program has done to `globalThis.Map`.
 */
export const builtinPrototype = (realm: Realm, name: string): JsObject => realm.intrinsic(`${name}.prototype`)


// -- Installing WebIDL members ------------------------------------------------------------------

/** Operations: enumerable, writable, configurable, as WebIDL defines them. */
export function webMethods(realm: Realm, target: JsObject, table: Record<string, MethodSpec>): void {
  for (const name of Object.keys(table)) {
    const [length, impl] = table[name]!
    target.defineOwn(realm.st, name, realm.builtin(name, length, impl), 0)
  }
}

/** An attribute: an enumerable accessor with a getter and, unless read-only, a setter. */
export function webAttribute(realm: Realm, target: JsObject, name: string, get: FunctionImpl, set?: FunctionImpl): void {
  const getter = realm.builtin(`get ${name}`, 0, get)
  const setter = set === undefined ? undefined : realm.builtin(`set ${name}`, 1, set)
  target.defineOwn(realm.st, name, new Accessor(getter, setter), 0)
}

/** `Symbol.toStringTag`: `[object URL]`. */
export const toStringTag = (realm: Realm, target: JsObject, tag: string): void => {
  target.defineOwn(realm.st, Symbol.toStringTag, tag, HIDDEN | READONLY)
}

// -- Errors ---------------------------------------------------------------------------------------

/** A TypeError (or RangeError) with Node's `code` property. */
export function codedError(st: JsState, name: "TypeError" | "RangeError", message: string, code: string) {
  const signal = st.error(name, message)
  ;(signal.value as JsObject).defineOwn(st, "code", code, HIDDEN)
  return signal
}

export const missingArgument = (st: JsState, name: string) => codedError(st, "TypeError", WebMessages.missingArgument(name), "ERR_MISSING_ARGS")

/** The legacy numeric codes of the DOMException names programs meet. */
const DOM_CODES: Readonly<Record<string, number>> = {
  IndexSizeError: 1,
  HierarchyRequestError: 3,
  WrongDocumentError: 4,
  InvalidCharacterError: 5,
  NoModificationAllowedError: 7,
  NotFoundError: 8,
  NotSupportedError: 9,
  InvalidStateError: 11,
  SyntaxError: 12,
  InvalidModificationError: 13,
  NamespaceError: 14,
  InvalidAccessError: 15,
  TypeMismatchError: 17,
  SecurityError: 18,
  NetworkError: 19,
  AbortError: 20,
  URLMismatchError: 21,
  QuotaExceededError: 22,
  TimeoutError: 23,
  InvalidNodeTypeError: 24,
  DataCloneError: 25,
}

/** A new DOMException (an Error whose `name` is the DOM name) with the given prototype. */
export function makeDomException(st: JsState, proto: JsObject, message: string, name: string): JsError {
  const e = new JsError(proto)
  e.line = st.line
  e.defineOwn(st, "message", message, HIDDEN)
  e.defineOwn(st, "name", name, HIDDEN)
  e.defineOwn(st, "code", DOM_CODES[name] ?? 0, HIDDEN)
  e.defineOwn(st, "stack", st.stackText(message === "" ? name : `${name}: ${message}`, st.line), HIDDEN)
  return e
}

/** A program exception holding a DOMException named `name`. */
export function domException(st: JsState, name: string, message: string) {
  return new ThrowSignal(makeDomException(st, builtinPrototype(st.realm, "DOMException"), message, name))
}

export function installDomException(realm: Realm): void {
  const proto = new JsObject(realm.errorPrototype("Error"))
  const ctor = realm.constructorFunction(
    "DOMException",
    0,
    (st, _t, [message, name], newTarget) => {
      if (newTarget === undefined) throw st.typeError(WebMessages.classWithoutNew("DOMException"))
      const m = message === undefined ? "" : toStr(st, message)
      const n = name === undefined ? "Error" : toStr(st, name)
      return makeDomException(st, st.realm.prototypeFor(newTarget, "DOMException.prototype"), m, n)
    },
    proto,
  )
  toStringTag(realm, proto, "DOMException")
  realm.defineGlobal("DOMException", ctor)
  realm.registerIntrinsic("DOMException.prototype", proto)
}

/** How Node names a received value in an argument error: `type number (1)`, `an instance of Array`. */
export function describeReceived(st: JsState, v: Value): string {
  if (v === undefined || v === null) return String(v)
  if (v instanceof JsFunction) return v.fname === "" ? "function " : `function ${v.fname}`
  if (v instanceof JsObject) {
    const ctor = v.get(st, "constructor")
    return ctor instanceof JsFunction && ctor.fname !== "" ? `an instance of ${ctor.fname}` : st.realm.describe(v)
  }
  if (typeof v === "symbol") return `type symbol (${v.toString()})`
  const shown = typeof v === "string" ? `'${v.length > 25 ? `${v.slice(0, 25)}...` : v}'` : typeof v === "bigint" ? `${v}n` : String(v)
  return `type ${typeof v} (${shown})`
}
