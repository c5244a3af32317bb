/**
 * `URL` and `URLSearchParams` (the WHATWG URL standard).
 *
 * Parsing is the host's WHATWG parser, used as a pure function of strings, the way `JSON.parse`
 * is: it implements the whole standard — special and non-special schemes, the percent-encode
 * sets of each component, IPv4 and IPv6 hosts, IDNA with the full UTS #46 mapping and punycode,
 * the state overrides of every setter — which a second implementation here could only approach.
 * Each `URL` keeps its parsed record in a private host field that no program value can reach;
 * everything a program reads from it is a string.
 *
 * `URLSearchParams` is ours entirely: a list of name/value string pairs with the
 * application/x-www-form-urlencoded parser and serializer below. The `searchParams` of a `URL`
 * is bound to it both ways, as the standard says: changing the list rewrites the URL's query
 * (an empty list removes the `?`), and setting `href` or `search` re-parses the list.
 */

import { HIDDEN, JsFunction, JsObject, type Value } from "../runtime/object.js"
import { JsIterator, DONE, iterate, iterableToList } from "../runtime/iterate.js"
import { toStr } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { iteratorNext } from "./array.js"
import {
  WebMessages,
  codedError,
  builtinPrototype,
  missingArgument,
  toStringTag,
  webAttribute,
  webMethods,
} from "./web-common.js"

const HostURL = URL
type Pair = [string, string]

class JsUrl extends JsObject {
  params: JsSearchParams | null = null
  constructor(
    proto: JsObject,
    public record: URL,
  ) {
    super(proto)
  }
}

class JsSearchParams extends JsObject {
  constructor(
    proto: JsObject,
    public list: Pair[],
    readonly owner: JsUrl | null,
  ) {
    super(proto)
  }
}

// -- application/x-www-form-urlencoded ----------------------------------------------------------

const utf8 = new TextEncoder()
const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true })
const HEX = "0123456789ABCDEF"

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)

/** Percent-decodes (with `+` as space) and reads the bytes as UTF-8, replacing what is malformed. */
function decodeComponent(s: string): string {
  if (s.indexOf("%") < 0) return s.indexOf("+") < 0 ? s : s.replaceAll("+", " ")
  const bytes = utf8.encode(s.replaceAll("+", " "))
  const out = new Uint8Array(bytes.length)
  let n = 0
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (b === 37 && i + 2 < bytes.length && isHex(bytes[i + 1]!) && isHex(bytes[i + 2]!)) {
      out[n++] = parseInt(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!), 16)
      i += 2
    } else out[n++] = b
  }
  return utf8Decoder.decode(out.subarray(0, n))
}

export function parseQuery(st: JsState, query: string): Pair[] {
  st.charge(query.length >>> 4)
  const list: Pair[] = []
  for (const part of query.split("&")) {
    if (part === "") continue
    const eq = part.indexOf("=")
    const name = eq < 0 ? part : part.slice(0, eq)
    const value = eq < 0 ? "" : part.slice(eq + 1)
    list.push([decodeComponent(name), decodeComponent(value)])
  }
  return list
}

/** The urlencoded serializer: `*-._` and alphanumerics stay, space is `+`, the rest is %XX of UTF-8. */
function encodeComponent(s: string): string {
  let out = ""
  for (const b of utf8.encode(s)) {
    if ((b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b === 42 || b === 45 || b === 46 || b === 95) out += String.fromCharCode(b)
    else if (b === 32) out += "+"
    else out += `%${HEX[b >> 4]}${HEX[b & 15]}`
  }
  return out
}

export function serializeQuery(st: JsState, list: Pair[]): string {
  let size = 0
  for (const [name, value] of list) size += name.length + value.length + 2
  st.charge(size >>> 4)
  st.checkStringLength(size * 9)
  return list.map(([name, value]) => `${encodeComponent(name)}=${encodeComponent(value)}`).join("&")
}

// -- The URL record ---------------------------------------------------------------------------------

/** Parses with the host's WHATWG parser; null when the input is not a valid URL. */
function parseUrl(st: JsState, input: Value, base: Value): URL | null {
  const text = toStr(st, input)
  const baseText = base === undefined ? undefined : toStr(st, base)
  st.charge((text.length + (baseText?.length ?? 0)) >>> 2)
  try {
    return new HostURL(text, baseText)
  } catch {
    return null
  }
}

const invalidUrl = (st: JsState, input: Value) => {
  const signal = codedError(st, "TypeError", WebMessages.invalidUrl(), "ERR_INVALID_URL")
  ;(signal.value as JsObject).defineOwn(st, "input", typeof input === "string" ? input : toStr(st, input), HIDDEN)
  return signal
}

function thisUrl(st: JsState, t: Value): JsUrl {
  if (t instanceof JsUrl) return t
  throw st.typeError(WebMessages.illegalInvocation())
}

/** After the URL's query changed from outside the list: the list follows it. */
function refreshParams(st: JsState, url: JsUrl): void {
  if (url.params !== null) url.params.list = parseQuery(st, url.record.search.slice(1))
}

/** After the list changed: the URL's query follows it (an empty list removes the query). */
function updateOwner(st: JsState, params: JsSearchParams): void {
  if (params.owner !== null) params.owner.record.search = serializeQuery(st, params.list)
}

/** The string components of the URL record a setter can change, in WHATWG attribute order. */
const SETTABLE = ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"] as const

function installUrl(realm: Realm): void {
  const UP = new JsObject(realm.ObjectPrototype)
  const ctor = realm.constructorFunction(
    "URL",
    1,
    (st, _t, args, newTarget) => {
      if (newTarget === undefined) throw st.typeError(WebMessages.classWithoutNew("URL"))
      if (args.length === 0) throw missingArgument(st, "url")
      const record = parseUrl(st, args[0], args[1])
      if (record === null) throw invalidUrl(st, args[0])
      return new JsUrl(st.realm.prototypeFor(newTarget, "URL.prototype"), record)
    },
    UP,
  )
  realm.defineGlobal("URL", ctor)
  realm.registerIntrinsic("URL.prototype", UP)
  toStringTag(realm, UP, "URL")
  realm.methods(ctor, {
    canParse: [1, (st, _t, args) => {
      if (args.length === 0) throw missingArgument(st, "url")
      return parseUrl(st, args[0], args[1]) !== null
    }],
    parse: [1, (st, _t, args) => {
      if (args.length === 0) throw missingArgument(st, "url")
      const record = parseUrl(st, args[0], args[1])
      return record === null ? null : new JsUrl(st.realm.intrinsic("URL.prototype"), record)
    }],
  })

  webAttribute(
    realm,
    UP,
    "href",
    (st, t) => thisUrl(st, t).record.href,
    (st, t, [v]) => {
      const url = thisUrl(st, t)
      const record = parseUrl(st, v, undefined)
      if (record === null) throw invalidUrl(st, v)
      url.record = record
      refreshParams(st, url)
      return undefined
    },
  )
  webAttribute(realm, UP, "origin", (st, t) => thisUrl(st, t).record.origin)
  for (const name of SETTABLE) {
    webAttribute(
      realm,
      UP,
      name,
      (st, t) => thisUrl(st, t).record[name],
      (st, t, [v]) => {
        const url = thisUrl(st, t)
        const text = toStr(st, v)
        st.charge(text.length >>> 2)
        url.record[name] = text
        if (name === "search") refreshParams(st, url)
        return undefined
      },
    )
    if (name === "search") {
      webAttribute(realm, UP, "searchParams", (st, t) => {
        const url = thisUrl(st, t)
        url.params ??= new JsSearchParams(builtinPrototype(st.realm, "URLSearchParams"), parseQuery(st, url.record.search.slice(1)), url)
        return url.params
      })
    }
  }
  webMethods(realm, UP, {
    toString: spec(0, (st: JsState, t: Value) => thisUrl(st, t).record.href),
    toJSON: [0, (st, t) => thisUrl(st, t).record.href],
  })
}

// -- URLSearchParams ----------------------------------------------------------------------------

function thisParams(st: JsState, t: Value): JsSearchParams {
  if (t instanceof JsSearchParams) return t
  throw st.typeError(WebMessages.illegalInvocation())
}

/** The pairs of the constructor's argument: a sequence of pairs, a record, or a query string. */
function initialList(st: JsState, init: Value): Pair[] {
  if (init === undefined) return []
  if (init instanceof JsObject) {
    const method = init.get(st, Symbol.iterator)
    if (method !== undefined && method !== null) {
      if (!(method instanceof JsFunction)) throw codedError(st, "TypeError", WebMessages.queryNotIterable(), "ERR_ARG_NOT_ITERABLE")
      const list: Pair[] = []
      iterate(st, init, (pair) => {
        const items = pair instanceof JsObject ? iterableToList(st, pair) : null
        if (items === null || items.length !== 2) throw codedError(st, "TypeError", WebMessages.queryPair(), "ERR_INVALID_TUPLE")
        if (list.length >= st.maxArrayLength) throw st.arrayTooLarge()
        list.push([toStr(st, items[0]), toStr(st, items[1])])
      })
      return list
    }
    const list: Pair[] = []
    for (const key of init.ownKeys()) {
      if (!init.isEnumerable(key)) continue
      list.push([toStr(st, key as unknown as Value), toStr(st, init.get(st, key))])
    }
    return list
  }
  const text = toStr(st, init)
  return parseQuery(st, text.startsWith("?") ? text.slice(1) : text)
}

function installSearchParams(realm: Realm): void {
  const SP = new JsObject(realm.ObjectPrototype)
  realm.defineGlobal(
    "URLSearchParams",
    realm.constructorFunction(
      "URLSearchParams",
      0,
      (st, _t, [init], newTarget) => {
        if (newTarget === undefined) throw st.typeError(WebMessages.classWithoutNew("URLSearchParams"))
        return new JsSearchParams(st.realm.prototypeFor(newTarget, "URLSearchParams.prototype"), initialList(st, init), null)
      },
      SP,
    ),
  )
  realm.registerIntrinsic("URLSearchParams.prototype", SP)
  toStringTag(realm, SP, "URLSearchParams")

  const iteratorProto = new JsObject(realm.IteratorPrototype)
  realm.methods(iteratorProto, { next: [0, iteratorNext] })
  toStringTag(realm, iteratorProto, "URLSearchParams Iterator")
  realm.registerIntrinsic("URLSearchParams Iterator", iteratorProto)
  /** A live iterator: it reads the list at each step, so it sees changes made while iterating. */
  const iterator = (st: JsState, params: JsSearchParams, kind: 0 | 1 | 2): JsIterator => {
    let i = 0
    return new JsIterator(st.realm.intrinsic("URLSearchParams Iterator"), () => {
      if (i >= params.list.length) {
        i = Infinity
        return DONE
      }
      const [name, value] = params.list[i++]!
      return kind === 0 ? name : kind === 1 ? value : st.realm.newArray([name, value])
    })
  }
  const nameArg = (st: JsState, args: Value[]): string => {
    if (args.length === 0) throw missingArgument(st, "name")
    return toStr(st, args[0])
  }
  const pairArgs = (st: JsState, args: Value[]): Pair => {
    if (args.length < 2) throw codedError(st, "TypeError", WebMessages.missingArguments("name", "value"), "ERR_MISSING_ARGS")
    return [toStr(st, args[0]), toStr(st, args[1])]
  }
  /** The optional `value` of `has` and `delete`: undefined matches every value. */
  const valueArg = (st: JsState, v: Value): string | undefined => (v === undefined ? undefined : toStr(st, v))

  webAttribute(realm, SP, "size", (st, t) => thisParams(st, t).list.length)
  webMethods(realm, SP, {
    append: [2, (st, t, args) => {
      const params = thisParams(st, t)
      const pair = pairArgs(st, args)
      if (params.list.length >= st.maxArrayLength) throw st.arrayTooLarge()
      params.list.push(pair)
      updateOwner(st, params)
      return undefined
    }],
    delete: [1, (st, t, args) => {
      const params = thisParams(st, t)
      const name = nameArg(st, args)
      const value = valueArg(st, args[1])
      st.charge(params.list.length >>> 4)
      params.list = params.list.filter(([n, v]) => n !== name || (value !== undefined && v !== value))
      updateOwner(st, params)
      return undefined
    }],
    get: [1, (st, t, args) => {
      const params = thisParams(st, t)
      const name = nameArg(st, args)
      st.charge(params.list.length >>> 4)
      return params.list.find(([n]) => n === name)?.[1] ?? null
    }],
    getAll: [1, (st, t, args) => {
      const params = thisParams(st, t)
      const name = nameArg(st, args)
      st.charge(params.list.length >>> 4)
      return st.realm.newArray(params.list.filter(([n]) => n === name).map(([, v]) => v))
    }],
    has: [1, (st, t, args) => {
      const params = thisParams(st, t)
      const name = nameArg(st, args)
      const value = valueArg(st, args[1])
      st.charge(params.list.length >>> 4)
      return params.list.some(([n, v]) => n === name && (value === undefined || v === value))
    }],
    set: [2, (st, t, args) => {
      const params = thisParams(st, t)
      const [name, value] = pairArgs(st, args)
      st.charge(params.list.length >>> 4)
      const first = params.list.findIndex(([n]) => n === name)
      if (first < 0) params.list.push([name, value])
      else params.list = params.list.filter(([n], i) => n !== name || i === first).map((p, i) => (i === first ? [name, value] : p))
      updateOwner(st, params)
      return undefined
    }],
    sort: [0, (st, t) => {
      const params = thisParams(st, t)
      st.charge(params.list.length)
      // Stable, by UTF-16 code units of the names (the host's default string order).
      params.list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      updateOwner(st, params)
      return undefined
    }],
    forEach: [1, (st, t, [fn, self]) => {
      const params = thisParams(st, t)
      if (!(fn instanceof JsFunction)) throw st.typeError(WebMessages.callbackNotFunction(st.realm.describe(fn)))
      for (let i = 0; i < params.list.length; i++) {
        const [name, value] = params.list[i]!
        st.call(fn, self, [value, name, params])
      }
      return undefined
    }],
    keys: [0, (st, t) => iterator(st, thisParams(st, t), 0)],
    values: [0, (st, t) => iterator(st, thisParams(st, t), 1)],
    toString: spec(0, (st: JsState, t: Value) => serializeQuery(st, thisParams(st, t).list)),
  })
  const entries = realm.builtin("entries", 0, (st, t) => iterator(st, thisParams(st, t), 2))
  SP.defineOwn(realm.st, "entries", entries, 0)
  SP.defineOwn(realm.st, Symbol.iterator, entries, 2)
}

export function installUrlGlobals(realm: Realm): void {
  installSearchParams(realm)
  installUrl(realm)
}
