/**
 * `RegExp` and `RegExp.prototype`, on the engine's own metered matcher (../regexp/): no program
 * pattern ever runs on the host's regular-expression engine, so a catastrophic pattern ends at
 * the execution's work budget or deadline like any loop.
 *
 * Three files: this one installs the global (the constructor, `exec`, `test`, `toString`, the
 * `source` and `flags` getters); regexp-exec.ts holds the `JsRegExp` object and matching;
 * regexp-protocol.ts holds the `Symbol.match`/`matchAll`/`replace`/`search`/`split` methods and
 * the String-side halves string.ts delegates to.
 */

import { type JsFunction, JsObject, type Value } from "../runtime/object.js"
import { toStr, truthy } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { JsRegExp, builtinMatch, isRegExp, makeRegExp, regExpPrototype, regexpBuiltinExec, regexpExec, regexpText, thisRegExp, usesBuiltinExec } from "./regexp-exec.js"
import { symbolMatch, symbolMatchAll, symbolReplace, symbolSearch, symbolSplit } from "./regexp-protocol.js"

const regExpConstructor = (st: JsState): JsObject => st.realm.intrinsic("RegExp")

/** A regular-expression literal, evaluated: a fresh object each time (the program is cached). */
export const regexpLiteral = (st: JsState, source: string, flags: string): JsRegExp => makeRegExp(st, source, flags)

// -- Construction ---------------------------------------------------------------------------------

function construct(st: JsState, args: Value[], newTarget: JsObject | undefined): Value {
  const [pattern, flags] = args
  const ctor = regExpConstructor(st)
  const prototype = regExpPrototype(st)
  const patternIsRegExp = isRegExp(st, pattern)
  if (newTarget === undefined && patternIsRegExp && flags === undefined) {
    if ((pattern as JsObject).get(st, "constructor") === ctor) return pattern
  }
  let p: Value
  let f: Value
  if (pattern instanceof JsRegExp) {
    p = pattern.source
    f = flags === undefined ? pattern.flags : flags
  } else if (patternIsRegExp) {
    p = (pattern as JsObject).get(st, "source")
    f = flags === undefined ? (pattern as JsObject).get(st, "flags") : flags
  } else {
    p = pattern
    f = flags
  }
  const proto = newTarget?.get(st, "prototype")
  return makeRegExp(st, p === undefined ? "" : toStr(st, p), f === undefined ? "" : toStr(st, f), proto instanceof JsObject ? proto : prototype)
}

// -- Text ------------------------------------------------------------------------------------------

/** EscapeRegExpPattern: the source as it would be written in a literal. */
function escapeSource(source: string): string {
  if (source === "") return "(?:)"
  let out = ""
  let inClass = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c === "\\") {
      out += c + (source[i + 1] ?? "")
      i++
      continue
    }
    if (c === "[") inClass = true
    else if (c === "]") inClass = false
    out += c === "/" && !inClass ? "\\/" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : c === "\u2028" ? "\\u2028" : c === "\u2029" ? "\\u2029" : c
  }
  return out
}

const FLAG_GETTERS: ReadonlyArray<readonly [string, string]> = [
  ["hasIndices", "d"],
  ["global", "g"],
  ["ignoreCase", "i"],
  ["multiline", "m"],
  ["dotAll", "s"],
  ["unicode", "u"],
  ["unicodeSets", "v"],
  ["sticky", "y"],
]

// -- Installation ----------------------------------------------------------------------------------

export function installRegExp(realm: Realm): void {
  const RP = new JsObject(realm.ObjectPrototype)
  const ctor = realm.constructorFunction("RegExp", 2, (st, _t, args, newTarget) => construct(st, args, newTarget), RP)
  realm.defineGlobal("RegExp", ctor)
  const thisObject = (st: JsState, t: Value, method: string): JsObject => {
    if (t instanceof JsObject) return t
    throw st.typeError(`Method RegExp.prototype.${method} called on incompatible receiver ${st.realm.describe(t)}`)
  }
  realm.methods(RP, {
    exec: [1, (st, t, [s]) => regexpBuiltinExec(st, thisRegExp(st, t, "exec"), toStr(st, s))],
    test: [1, (st, t, [s]) => {
      const rx = thisObject(st, t, "test")
      const str = toStr(st, s)
      if (usesBuiltinExec(st, rx)) return builtinMatch(st, rx, str) !== null
      return regexpExec(st, rx, str) !== null
    }],
    toString: spec(0, (st: JsState, t: Value) => regexpText(st, thisObject(st, t, "toString"))),
  })
  realm.registerIntrinsic("RegExp", ctor)
  realm.getter(ctor, Symbol.species, (_st, t) => t)
  realm.registerIntrinsic("RegExp.prototype", RP)
  realm.registerIntrinsic("RegExp.prototype.exec", RP.own("exec") as JsFunction)

  realm.getter(RP, "source", (st, t) => {
    if (t === regExpPrototype(st)) return "(?:)"
    return escapeSource(thisRegExp(st, t, "source").source)
  })
  realm.getter(RP, "flags", (st, t) => {
    const rx = thisObject(st, t, "flags")
    let out = ""
    for (const [name, letter] of FLAG_GETTERS) if (truthy(rx.get(st, name))) out += letter
    return out
  })
  for (const [name, letter] of FLAG_GETTERS) {
    realm.getter(RP, name, (st, t) => {
      if (t === regExpPrototype(st)) return undefined
      return thisRegExp(st, t, name).flags.includes(letter)
    })
  }
  const method = (key: symbol, name: string, length: number, impl: (st: JsState, rx: JsObject, s: string, extra: Value) => Value) =>
    realm.symbolMethod(RP, key, name, length, (st, t, [s, extra]) => impl(st, thisObject(st, t, name), toStr(st, s), extra))
  method(Symbol.match, "[Symbol.match]", 1, symbolMatch)
  method(Symbol.matchAll, "[Symbol.matchAll]", 1, symbolMatchAll)
  method(Symbol.replace, "[Symbol.replace]", 2, symbolReplace)
  method(Symbol.search, "[Symbol.search]", 1, symbolSearch)
  method(Symbol.split, "[Symbol.split]", 2, symbolSplit)
}
