/**
 * `String` and `String.prototype`. Every method works on the primitive (`thisArg` converted with
 * ToString), so no host string method is ever reachable as a program value. Results that can grow
 * (`repeat`, `padStart`, `replaceAll`) check the string bound before they are built. Methods that
 * take a pattern (`match`, `matchAll`, `search`, `replace`, `replaceAll`, `split`) hand an object
 * pattern to its `Symbol.*` method, as the standard says, so a RegExp runs on the engine's own
 * metered matcher (regexp.ts); a string pattern is searched for literally.
 */

import { JsFunction, JsObject, JsBoxed, type Value } from "../runtime/object.js"
import { JsIterator, DONE } from "../runtime/iterate.js"
import { toIntegerOrInfinity, toNumber, toStr } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import { stringRaw } from "./function.js"
import { isRegExp } from "./regexp-exec.js"
import { NOT_A_PATTERN, getSubstitution, stringMatchLike, stringReplaceWith, stringSplitWith } from "./regexp-protocol.js"
import type { JsState } from "../runtime/state.js"

/** RequireObjectCoercible: the methods that take a pattern hand the receiver itself to the pattern's method. */
const coercible = (st: JsState, t: Value, method: string): Value => {
  if (t === undefined || t === null) throw st.typeError(`String.prototype.${method} called on null or undefined`)
  return t
}

const self = (st: JsState, t: Value, method: string): string => {
  if (t === undefined || t === null) throw st.typeError(`String.prototype.${method} called on null or undefined`)
  return typeof t === "string" ? t : toStr(st, t)
}

const noRegExp = (st: JsState, v: Value, method: string): void => {
  if (isRegExp(st, v)) throw st.typeError(`First argument to String.prototype.${method} must not be a regular expression`)
}

const clampIndex = (st: JsState, v: Value, n: number, fallback: number): number => {
  if (v === undefined) return fallback
  const i = toIntegerOrInfinity(st, v)
  return i < 0 ? Math.max(n + i, 0) : Math.min(i, n)
}

function pad(st: JsState, s: string, maxLength: Value, filler: Value, atStart: boolean): string {
  const target = toIntegerOrInfinity(st, maxLength)
  const fill = filler === undefined ? " " : toStr(st, filler)
  if (target <= s.length || fill === "") return s
  st.checkStringLength(target)
  st.charge(target >>> 6)
  return atStart ? s.padStart(target, fill) : s.padEnd(target, fill)
}

/**
 * Code units (or code points) to a string, in chunks: spreading millions of arguments into one
 * host call would overflow the host's stack, so the pieces are built a slice at a time, after the
 * length is checked against the string bound.
 */
const CHUNK = 8192
function fromCodes(st: JsState, codes: number[], convert: (...codes: number[]) => string): string {
  st.checkStringLength(codes.length)
  st.charge(codes.length >>> 4)
  if (codes.length <= CHUNK) return convert(...codes)
  const parts: string[] = []
  for (let i = 0; i < codes.length; i += CHUNK) parts.push(convert(...codes.slice(i, i + CHUNK)))
  const out = parts.join("")
  st.checkStringLength(out.length)
  return out
}

/**
 * `localeCompare` through the host's collator (English when no usable locale is given, so a
 * program sorts the same way everywhere). Only the plain options are read from the program's
 * object, as primitives; collators are cached, as building one costs far more than a compare.
 */
const collators = new Map<string, Intl.Collator>()
const COLLATOR_OPTIONS = ["usage", "sensitivity", "ignorePunctuation", "numeric", "caseFirst"] as const
let defaultCollator: Intl.Collator | undefined
function collator(st: JsState, locales: Value, options: Value): Intl.Collator {
  if (locales === undefined && options === undefined) return (defaultCollator ??= new Intl.Collator("en-US"))
  const locale = typeof locales === "string" ? locales : "en-US"
  const picked: Record<string, string | boolean> = {}
  let cacheKey = locale
  if (options instanceof JsObject) {
    for (const name of COLLATOR_OPTIONS) {
      const v = options.get(st, name)
      if (v === undefined) continue
      const option = name === "ignorePunctuation" || name === "numeric" ? v === true : toStr(st, v)
      picked[name] = option
      cacheKey += `\u0000${name}=${String(option)}`
    }
  }
  let c = collators.get(cacheKey)
  if (c === undefined) {
    try {
      c = new Intl.Collator(locale, picked)
    } catch (e) {
      throw st.rangeError(e instanceof Error ? e.message : "Incorrect locale information provided")
    }
    if (collators.size > 64) collators.clear()
    collators.set(cacheKey, c)
  }
  return c
}

/** A surrogate without its other half (linear: each alternative looks one unit around). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g")

function replace(st: JsState, o: Value, pattern: Value, replacement: Value, all: boolean): Value {
  const delegated = stringReplaceWith(st, o, pattern, replacement, all)
  if (delegated !== NOT_A_PATTERN) return delegated
  const s = typeof o === "string" ? o : toStr(st, o)
  const search = toStr(st, pattern)
  const fn = replacement instanceof JsFunction ? replacement : null
  const text = fn === null ? toStr(st, replacement) : ""
  const positions: number[] = []
  if (all) {
    const step = Math.max(search.length, 1)
    for (let i = s.indexOf(search); i >= 0 && i <= s.length; i = s.indexOf(search, i + step)) {
      positions.push(i)
      if (search.length === 0 && i >= s.length) break
    }
  } else {
    const i = s.indexOf(search)
    if (i >= 0) positions.push(i)
  }
  if (positions.length === 0) return s
  st.charge(positions.length)
  let out = ""
  let last = 0
  for (const p of positions) {
    const piece = fn !== null ? toStr(st, st.call(fn, undefined, [search, p, s])) : getSubstitution(st, search, s, p, [], undefined, text)
    out += s.slice(last, p) + piece
    st.checkStringLength(out.length)
    last = p + search.length
  }
  return out + s.slice(last)
}


export function installString(realm: Realm): void {
  const SP = realm.StringPrototype
  const StringCtor = realm.constructorFunction(
    "String",
    1,
    (st, _t, args, newTarget) => {
      const v = args.length === 0 ? "" : typeof args[0] === "symbol" && newTarget === undefined ? args[0].toString() : toStr(st, args[0])
      return newTarget === undefined ? v : new JsBoxed(st.realm.StringPrototype, v)
    },
    SP,
  )
  realm.defineGlobal("String", StringCtor)
  realm.methods(StringCtor, {
    fromCharCode: [1, (st, _t, args) => fromCodes(st, args.map((a) => toNumber(st, a)), String.fromCharCode)],
    fromCodePoint: [1, (st, _t, args) => {
      const cps = args.map((a) => toNumber(st, a))
      for (const c of cps) if (!Number.isInteger(c) || c < 0 || c > 0x10ffff) throw st.rangeError(`Invalid code point ${toStr(st, c)}`)
      return fromCodes(st, cps, String.fromCodePoint)
    }],
    raw: [1, stringRaw],
  })
  realm.methods(SP, {
    charAt: [1, (st, t, [i]) => self(st, t, "charAt").charAt(toIntegerOrInfinity(st, i))],
    charCodeAt: [1, (st, t, [i]) => self(st, t, "charCodeAt").charCodeAt(toIntegerOrInfinity(st, i))],
    codePointAt: [1, (st, t, [i]) => self(st, t, "codePointAt").codePointAt(toIntegerOrInfinity(st, i))],
    at: [1, (st, t, [i]) => {
      const s = self(st, t, "at")
      const n = toIntegerOrInfinity(st, i)
      return s[n < 0 ? s.length + n : n]
    }],
    indexOf: [1, (st, t, [v, from]) => self(st, t, "indexOf").indexOf(toStr(st, v), toIntegerOrInfinity(st, from))],
    lastIndexOf: [1, (st, t, [v, from]) => {
      const n = from === undefined ? Infinity : toNumber(st, from)
      return self(st, t, "lastIndexOf").lastIndexOf(toStr(st, v), n !== n ? Infinity : n)
    }],
    includes: [1, (st, t, [v, from]) => {
      noRegExp(st, v, "includes")
      return self(st, t, "includes").includes(toStr(st, v), toIntegerOrInfinity(st, from))
    }],
    startsWith: [1, (st, t, [v, from]) => {
      noRegExp(st, v, "startsWith")
      return self(st, t, "startsWith").startsWith(toStr(st, v), toIntegerOrInfinity(st, from))
    }],
    endsWith: [1, (st, t, [v, end]) => {
      noRegExp(st, v, "endsWith")
      const s = self(st, t, "endsWith")
      return s.endsWith(toStr(st, v), end === undefined ? s.length : toIntegerOrInfinity(st, end))
    }],
    slice: [2, (st, t, [a, b]) => {
      const s = self(st, t, "slice")
      return s.slice(clampIndex(st, a, s.length, 0), clampIndex(st, b, s.length, s.length))
    }],
    substring: [2, (st, t, [a, b]) => {
      const s = self(st, t, "substring")
      const x = Math.min(Math.max(toIntegerOrInfinity(st, a), 0), s.length)
      const y = b === undefined ? s.length : Math.min(Math.max(toIntegerOrInfinity(st, b), 0), s.length)
      return s.substring(x, y)
    }],
    substr: [2, (st, t, [a, n]) => {
      const s = self(st, t, "substr")
      const start = clampIndex(st, a, s.length, 0)
      const len = n === undefined ? s.length - start : Math.max(0, Math.min(toIntegerOrInfinity(st, n), s.length - start))
      return s.substr(start, len)
    }],
    toUpperCase: [0, (st, t) => self(st, t, "toUpperCase").toUpperCase()],
    toLowerCase: [0, (st, t) => self(st, t, "toLowerCase").toLowerCase()],
    toLocaleUpperCase: [0, (st, t) => self(st, t, "toLocaleUpperCase").toUpperCase()],
    toLocaleLowerCase: [0, (st, t) => self(st, t, "toLocaleLowerCase").toLowerCase()],
    trim: [0, (st, t) => self(st, t, "trim").trim()],
    trimStart: [0, (st, t) => self(st, t, "trimStart").trimStart()],
    trimEnd: [0, (st, t) => self(st, t, "trimEnd").trimEnd()],
    padStart: [1, (st, t, [n, f]) => pad(st, self(st, t, "padStart"), n, f, true)],
    padEnd: [1, (st, t, [n, f]) => pad(st, self(st, t, "padEnd"), n, f, false)],
    repeat: [1, (st, t, [n]) => {
      const s = self(st, t, "repeat")
      const count = toIntegerOrInfinity(st, n)
      if (count < 0 || count === Infinity) throw st.rangeError(`Invalid count value: ${toStr(st, n)}`)
      st.checkStringLength(s.length * count)
      st.charge((s.length * count) >>> 6)
      return s.repeat(count)
    }],
    split: [2, (st, t, [sep, limit]) => {
      const o = coercible(st, t, "split")
      const delegated = stringSplitWith(st, o, sep, limit)
      if (delegated !== NOT_A_PATTERN) return delegated
      const s = typeof o === "string" ? o : toStr(st, o)
      const lim = limit === undefined ? 2 ** 32 - 1 : toNumber(st, limit) >>> 0
      if (sep === undefined) return st.realm.newArray(lim === 0 ? [] : [s])
      const parts = s.split(toStr(st, sep), lim)
      if (parts.length > st.maxArrayLength) throw st.arrayTooLarge()
      st.charge(parts.length >>> 2)
      return st.realm.newArray(parts)
    }],
    replace: [2, (st, t, [p, r]) => replace(st, coercible(st, t, "replace"), p, r, false)],
    replaceAll: [2, (st, t, [p, r]) => replace(st, coercible(st, t, "replaceAll"), p, r, true)],
    concat: [1, (st, t, args) => {
      let s = self(st, t, "concat")
      for (const a of args) {
        const piece = toStr(st, a)
        st.checkStringLength(s.length + piece.length)
        s += piece
      }
      return s
    }],
    localeCompare: [1, (st, t, [other, locales, options]) => {
      const a = self(st, t, "localeCompare")
      const b = toStr(st, other)
      st.charge((a.length + b.length) >>> 4)
      return collator(st, locales, options).compare(a, b)
    }],
    isWellFormed: [0, (st, t) => !LONE_SURROGATE.test(self(st, t, "isWellFormed"))],
    toWellFormed: [0, (st, t) => self(st, t, "toWellFormed").replace(LONE_SURROGATES, "\ufffd")],
    normalize: [0, (st, t, [form]) => {
      const f = form === undefined ? "NFC" : toStr(st, form)
      if (!["NFC", "NFD", "NFKC", "NFKD"].includes(f)) throw st.rangeError(`The normalization form should be one of NFC, NFD, NFKC, NFKD.`)
      return self(st, t, "normalize").normalize(f)
    }],
    toString: spec(0, (st: JsState, t: Value) => thisString(st, t, "toString")),
    valueOf: spec(0, (st: JsState, t: Value) => thisString(st, t, "valueOf")),
    match: [1, (st, t, [p]) => stringMatchLike(st, coercible(st, t, "match"), p, Symbol.match)],
    matchAll: [1, (st, t, [p]) => stringMatchLike(st, coercible(st, t, "matchAll"), p, Symbol.matchAll)],
    search: [1, (st, t, [p]) => stringMatchLike(st, coercible(st, t, "search"), p, Symbol.search)],
  })
  // The legacy names are the same function objects as the standard ones, as in the language.
  SP.defineOwn(realm.st, "trimLeft", SP.own("trimStart") as Value, 2)
  SP.defineOwn(realm.st, "trimRight", SP.own("trimEnd") as Value, 2)
  realm.stringIterator = realm.symbolMethod(SP, Symbol.iterator, "[Symbol.iterator]", 0, (st, t) => {
    const s = self(st, t, "[Symbol.iterator]")
    const it = s[Symbol.iterator]()
    return new JsIterator(st.realm.ArrayIteratorPrototype, () => {
      const r = it.next()
      return r.done ? DONE : r.value
    })
  })
}

const thisString = (st: JsState, t: Value, method: string): string => {
  if (typeof t === "string") return t
  if (t instanceof JsBoxed && typeof t.primitive === "string") return t.primitive
  throw st.typeError(`String.prototype.${method} requires that 'this' be a String`)
}
