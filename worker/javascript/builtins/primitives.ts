/**
 * The global functions and the primitive wrappers: `Number`, `Boolean`, `Symbol`, `BigInt`,
 * `parseInt`, `parseFloat`, `isNaN`, `isFinite`, `globalThis`, and the names that are absent on
 * purpose (`ABSENT_GLOBALS`): reading one gives an error that says why, not "is not defined".
 */

import { JsMessages } from "../messages.js"
import { Accessor, HIDDEN, JsBoxed, JsObject, READONLY, type Value } from "../runtime/object.js"
import { toIntegerOrInfinity, toNumber, toNumeric, toPrimitive, toStr, truthy } from "../runtime/ops.js"
import { setup, type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"

const NO_DYNAMIC_CODE = "programs cannot compile code at run time; write the code directly"
const NO_TIMERS = "there are no timers; tool calls and promises are the only asynchronous work"
const NO_HOST = "programs cannot reach the host process or its modules; use the tools the host provides"

/** Global name -> why it is absent. */
export const ABSENT_GLOBALS: ReadonlyMap<string, string> = new Map([
  ["eval", NO_DYNAMIC_CODE],
  ["setTimeout", NO_TIMERS],
  ["setInterval", NO_TIMERS],
  ["setImmediate", NO_TIMERS],
  ["clearTimeout", NO_TIMERS],
  ["clearInterval", NO_TIMERS],
  ["process", NO_HOST],
  ["module", NO_HOST],
  ["Buffer", NO_HOST],
  ["fetch", "network access goes through the tools the host provides"],
  ["Proxy", "proxies are not supported in Code Mode"],
  ["WeakRef", "weak references are not supported in Code Mode"],
])

/**
 * `toLocaleString` of numbers and bigints through the host's number formatter: `en-US` unless a
 * locale string is given, and only the formatter's plain options, read from the program's object
 * as primitives. Formatters are cached (building one costs far more than formatting).
 */
const NUMBER_FORMAT_OPTIONS = ["style", "currency", "currencyDisplay", "currencySign", "unit", "unitDisplay", "notation", "compactDisplay", "signDisplay", "useGrouping", "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits", "roundingMode"] as const
const formatters = new Map<string, Intl.NumberFormat>()
function localeNumber(st: JsState, n: number | bigint, locales: Value, options: Value): string {
  const locale = typeof locales === "string" ? locales : "en-US"
  const picked: Record<string, string | number | boolean> = {}
  if (options instanceof JsObject) {
    for (const name of NUMBER_FORMAT_OPTIONS) {
      const v = options.get(st, name)
      if (v === undefined) continue
      picked[name] = typeof v === "number" || typeof v === "boolean" ? v : name.endsWith("Digits") ? toNumber(st, v) : toStr(st, v)
    }
  }
  const cacheKey = `${locale}\u0000${JSON.stringify(picked)}`
  let f = formatters.get(cacheKey)
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat(locale, picked as Intl.NumberFormatOptions)
    } catch (e) {
      throw st.rangeError(e instanceof Error ? e.message : "Incorrect locale information provided")
    }
    if (formatters.size > 64) formatters.clear()
    formatters.set(cacheKey, f)
  }
  return f.format(n)
}

function thisNumber(st: JsState, t: Value, method: string): number {
  if (typeof t === "number") return t
  if (t instanceof JsBoxed && typeof t.primitive === "number") return t.primitive
  throw st.typeError(`Number.prototype.${method} requires that 'this' be a Number`)
}

export function installGlobals(realm: Realm): void {
  const G = realm.global
  realm.defineGlobal("globalThis", G)
  realm.defineGlobal("undefined", undefined)
  setup(G, "undefined", undefined, 7)
  setup(G, "NaN", Number.NaN, 7)
  setup(G, "Infinity", Infinity, 7)

  const NP = realm.NumberPrototype
  const NumberCtor = realm.constructorFunction(
    "Number",
    1,
    (st, _t, args, newTarget) => {
      let n = 0
      if (args.length > 0) {
        const v = toNumeric(st, args[0])
        n = typeof v === "bigint" ? Number(v) : v
      }
      return newTarget === undefined ? n : new JsBoxed(st.realm.NumberPrototype, n)
    },
    NP,
  )
  realm.defineGlobal("Number", NumberCtor)
  const parseFloatFn = realm.builtin("parseFloat", 1, (st, _t, [s]) => parseFloat(toStr(st, s)))
  const parseIntFn = realm.builtin("parseInt", 2, (st, _t, [s, radix]) => parseInt(toStr(st, s), toIntegerOrInfinity(st, radix)))
  realm.methods(NumberCtor, {
    isInteger: [1, (_st, _t, [v]) => Number.isInteger(v)],
    isSafeInteger: [1, (_st, _t, [v]) => Number.isSafeInteger(v)],
    isFinite: [1, (_st, _t, [v]) => Number.isFinite(v)],
    isNaN: [1, (_st, _t, [v]) => Number.isNaN(v)],
  })
  setup(NumberCtor, "parseFloat", parseFloatFn, 2)
  setup(NumberCtor, "parseInt", parseIntFn, 2)
  for (const name of ["MAX_SAFE_INTEGER", "MIN_SAFE_INTEGER", "MAX_VALUE", "MIN_VALUE", "EPSILON", "POSITIVE_INFINITY", "NEGATIVE_INFINITY", "NaN"] as const) {
    setup(NumberCtor, name, Number[name], 7)
  }
  realm.methods(NP, {
    toString: spec(1, (st: JsState, t: Value, [radix]: Value[]) => {
      const n = thisNumber(st, t, "toString")
      const r = radix === undefined ? 10 : toIntegerOrInfinity(st, radix)
      if (r < 2 || r > 36) throw st.rangeError("toString() radix argument must be between 2 and 36")
      return n.toString(r)
    }),
    toFixed: [1, (st, t, [digits]) => {
      const d = toIntegerOrInfinity(st, digits)
      if (d < 0 || d > 100) throw st.rangeError("toFixed() digits argument must be between 0 and 100")
      return thisNumber(st, t, "toFixed").toFixed(d)
    }],
    toPrecision: [1, (st, t, [p]) => {
      const n = thisNumber(st, t, "toPrecision")
      if (p === undefined) return String(n)
      const d = toIntegerOrInfinity(st, p)
      if (!Number.isFinite(n)) return String(n)
      if (d < 1 || d > 100) throw st.rangeError("toPrecision() argument must be between 1 and 100")
      return n.toPrecision(d)
    }],
    toExponential: [1, (st, t, [p]) => {
      const n = thisNumber(st, t, "toExponential")
      const d = toIntegerOrInfinity(st, p)
      if (!Number.isFinite(n)) return String(n)
      if (d < 0 || d > 100) throw st.rangeError("toExponential() argument must be between 0 and 100")
      return p === undefined ? n.toExponential() : n.toExponential(d)
    }],
    valueOf: spec(0, (st: JsState, t: Value) => thisNumber(st, t, "valueOf")),
    toLocaleString: spec(0, (st: JsState, t: Value, [locales, options]: Value[]) => localeNumber(st, thisNumber(st, t, "toLocaleString"), locales, options)),
  })

  const BP = realm.BooleanPrototype
  realm.defineGlobal(
    "Boolean",
    realm.constructorFunction("Boolean", 1, (st, _t, [v], newTarget) => (newTarget === undefined ? truthy(v) : new JsBoxed(st.realm.BooleanPrototype, truthy(v))), BP),
  )
  const thisBool = (st: JsState, t: Value): boolean => {
    if (typeof t === "boolean") return t
    if (t instanceof JsBoxed && typeof t.primitive === "boolean") return t.primitive
    throw st.typeError("Boolean.prototype.valueOf requires that 'this' be a Boolean")
  }
  realm.methods(BP, {
    toString: spec(0, (st: JsState, t: Value) => String(thisBool(st, t))),
    valueOf: spec(0, (st: JsState, t: Value) => thisBool(st, t)),
  })

  const SyP = realm.SymbolPrototype
  const SymbolCtor = realm.constructorFunction(
    "Symbol",
    0,
    (st, _t, [description], newTarget) => {
      if (newTarget !== undefined) throw st.typeError("Symbol is not a constructor")
      return Symbol(description === undefined ? undefined : toStr(st, description))
    },
    SyP,
  )
  realm.defineGlobal("Symbol", SymbolCtor)
  for (const name of ["iterator", "asyncIterator", "hasInstance", "toPrimitive", "toStringTag", "match", "matchAll", "replace", "search", "split", "species", "isConcatSpreadable", "unscopables"] as const) setup(SymbolCtor, name, Symbol[name], 7)
  realm.methods(SymbolCtor, {
    for: [1, (st, _t, [key]) => {
      const k = toStr(st, key)
      let s = st.realm.symbolRegistry.get(k)
      if (s === undefined) {
        s = Symbol(k)
        st.realm.symbolRegistry.set(k, s)
      }
      return s
    }],
  })
  realm.methods(SymbolCtor, {
    keyFor: [1, (st, _t, [sym]) => {
      if (typeof sym !== "symbol") throw st.typeError(`${st.realm.describe(sym)} is not a symbol`)
      const key = sym.description
      return key !== undefined && st.realm.symbolRegistry.get(key) === sym ? key : undefined
    }],
  })
  const thisSymbol = (st: JsState, t: Value, method: string): symbol => {
    if (typeof t === "symbol") return t
    if (t instanceof JsBoxed && typeof t.primitive === "symbol") return t.primitive
    throw st.typeError(`Symbol.prototype.${method} requires that 'this' be a Symbol`)
  }
  realm.methods(SyP, {
    toString: spec(0, (st: JsState, t: Value) => thisSymbol(st, t, "toString").toString()),
    valueOf: spec(0, (st: JsState, t: Value) => thisSymbol(st, t, "valueOf")),
  })
  realm.getter(SyP, "description", (st, t) => thisSymbol(st, t, "description").description)
  setup(SyP, Symbol.toPrimitive, realm.builtin("[Symbol.toPrimitive]", 1, (st, t) => thisSymbol(st, t, "[Symbol.toPrimitive]")), HIDDEN | READONLY)
  setup(SyP, Symbol.toStringTag, "Symbol", HIDDEN | READONLY)

  const BiP = realm.BigIntPrototype
  const BigIntCtor = realm.constructorFunction(
    "BigInt",
    1,
    (st, _t, [v], newTarget) => {
      if (newTarget !== undefined) throw st.typeError("BigInt is not a constructor")
      const p = toPrimitive(st, v, "number")
      if (typeof p === "number") {
        if (!Number.isInteger(p)) throw st.rangeError(`The number ${p} cannot be converted to a BigInt because it is not an integer`)
        return BigInt(p)
      }
      if (typeof p === "bigint") return p
      if (typeof p === "boolean") return p ? 1n : 0n
      if (typeof p === "string") {
        try {
          return BigInt(p)
        } catch {
          throw st.error("SyntaxError", `Cannot convert ${p} to a BigInt`)
        }
      }
      throw st.typeError(`Cannot convert ${toStr(st, p)} to a BigInt`)
    },
    BiP,
  )
  realm.defineGlobal("BigInt", BigIntCtor)
  const bitsArg = (st: JsState, v: Value): number => {
    const bits = toIntegerOrInfinity(st, v)
    if (bits < 0 || bits > 2 ** 53 - 1) throw st.rangeError("Invalid value: not (convertible to) a safe integer")
    return bits
  }
  /** ToBigInt: booleans and numeric strings convert, numbers and the rest do not. */
  const bigintArg = (st: JsState, v: Value): bigint => {
    const b = toPrimitive(st, v, "number")
    if (typeof b === "bigint") return b
    if (typeof b === "boolean") return b ? 1n : 0n
    if (typeof b === "string") {
      const parsed = stringToBigInt(b)
      if (parsed === undefined) throw st.error("SyntaxError", `Cannot convert ${b} to a BigInt`)
      return parsed
    }
    throw st.typeError(`Cannot convert ${typeof b === "symbol" ? "a Symbol value" : toStr(st, b)} to a BigInt`)
  }
  realm.methods(BigIntCtor, {
    asIntN: [2, (st, _t, [bits, v]) => BigInt.asIntN(bitsArg(st, bits), bigintArg(st, v))],
    asUintN: [2, (st, _t, [bits, v]) => {
      const n = bitsArg(st, bits)
      const b = bigintArg(st, v)
      // Only a negative value grows (to nearly 2^bits); the string bound caps how large it may get.
      if (b < 0n) st.checkStringLength(Math.ceil(n / 3))
      return BigInt.asUintN(n, b)
    }],
  })
  const thisBigInt = (st: JsState, t: Value, method: string): bigint => {
    if (typeof t === "bigint") return t
    if (t instanceof JsBoxed && typeof t.primitive === "bigint") return t.primitive
    throw st.typeError(`BigInt.prototype.${method} requires that 'this' be a BigInt`)
  }
  realm.methods(BiP, {
    toLocaleString: spec(0, (st: JsState, t: Value, [locales, options]: Value[]) => localeNumber(st, thisBigInt(st, t, "toLocaleString"), locales, options)),
    toString: spec(0, (st: JsState, t: Value, [radix]: Value[]) => {
      const b = thisBigInt(st, t, "toString")
      const r = radix === undefined ? 10 : toIntegerOrInfinity(st, radix)
      if (r < 2 || r > 36) throw st.rangeError("toString() radix must be between 2 and 36")
      return b.toString(r)
    }),
    valueOf: spec(0, (st: JsState, t: Value) => thisBigInt(st, t, "valueOf")),
  })
  setup(BiP, Symbol.toStringTag, "BigInt", HIDDEN | READONLY)

  setup(G, "parseInt", parseIntFn, 2)
  setup(G, "parseFloat", parseFloatFn, 2)
  realm.methods(G, {
    isNaN: [1, (st, _t, [v]) => Number.isNaN(toNumber(st, v))],
    isFinite: [1, (st, _t, [v]) => Number.isFinite(toNumber(st, v))],
    encodeURIComponent: [1, (st, _t, [v]) => uri(st, encodeURIComponent, v)],
    decodeURIComponent: [1, (st, _t, [v]) => uri(st, decodeURIComponent, v)],
    encodeURI: [1, (st, _t, [v]) => uri(st, encodeURI, v)],
    decodeURI: [1, (st, _t, [v]) => uri(st, decodeURI, v)],
  })
  for (const [name, reason] of ABSENT_GLOBALS) {
    const thrower = realm.builtin(name, 0, (st) => {
      throw st.error("ReferenceError", JsMessages.absent(name, reason))
    })
    G.defineOwn(realm.st, name, new Accessor(thrower, undefined), 2)
  }
}

/** StringToBigInt: the whole string (trimmed) as a decimal, 0x, 0o or 0b integer literal; "" is 0n. */
function stringToBigInt(s: string): bigint | undefined {
  const text = s.trim()
  if (!/^([+-]?\d+|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+)?$/.test(text)) return undefined
  return text === "" ? 0n : BigInt(text)
}

const uri = (st: JsState, f: (s: string) => string, v: Value): string => {
  try {
    return f(toStr(st, v))
  } catch {
    throw st.error("URIError" as "Error", "URI malformed")
  }
}

export { JsObject }
