/**
 * `RegExp` and `RegExp.prototype`, on the engine's own metered matcher (../regexp/): no program
 * pattern ever runs on the host's regular-expression engine, so a catastrophic pattern ends at
 * the execution's work budget or deadline like any loop.
 *
 * A `JsRegExp` holds its source, canonical flags and compiled program (cached per worker by
 * source and flags); `lastIndex` is an ordinary own property, as the standard has it. The
 * protocol methods (`Symbol.match`, `matchAll`, `replace`, `search`, `split`) follow the
 * standard's algorithms and call `exec` through the property when a program replaced it; when
 * `exec` is still the realm's own, they read matches straight from the matcher and build no
 * result arrays, which is what keeps `replace` over a long string fast. `split` always uses the
 * matcher directly (it would construct a sticky copy through `Symbol.species`, which Code Mode
 * does not have). The String methods that take a pattern delegate here (string.ts).
 */

import { PatternError, RegExpMessages, canonicalFlags, compileRegExp, execProgram, type MatchLimits, type Program } from "../regexp/index.js"
import { HIDDEN, JsArray, JsFunction, JsObject, PERMANENT, type Value } from "../runtime/object.js"
import { DONE, JsIterator } from "../runtime/iterate.js"
import { sameValue, toIntegerOrInfinity, toNumber, toObject, toStr, truthy } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"

export class JsRegExp extends JsObject {
  constructor(
    proto: JsObject | null,
    readonly source: string,
    readonly flags: string,
    readonly program: Program,
  ) {
    super(proto)
  }
  override get className(): string {
    return "RegExp"
  }
  get global(): boolean {
    return this.flags.includes("g")
  }
  get sticky(): boolean {
    return this.flags.includes("y")
  }
  get fullUnicode(): boolean {
    return this.program.unicode
  }
}

/**
 * The realm's own RegExp pieces, registered with the realm by `installRegExp` (which the realm
 * runs on first need: RegExp is a deferred global).
 */
const regExpPrototype = (st: JsState): JsObject => st.realm.intrinsic("RegExp.prototype")
const regExpConstructor = (st: JsState): JsObject => st.realm.intrinsic("RegExp")
const builtinExec = (st: JsState): JsObject => st.realm.intrinsic("RegExp.prototype.exec")

const limitsOf = (st: JsState): MatchLimits => ({
  meter: st,
  maxStackEntries: st.bounds.maxTableEntries,
  stackExceeded: () => st.stop("ExecutionFailure", RegExpMessages.backtrackLimit(st.bounds.maxTableEntries)),
})

// -- Creation -------------------------------------------------------------------------------------

/** A new RegExp object for `source` and `flags` (validated); SyntaxError as V8 words it. */
export function makeRegExp(st: JsState, source: string, flags: string, proto: JsObject = regExpPrototype(st)): JsRegExp {
  const canonical = canonicalFlags(flags)
  if (canonical === null) throw st.error("SyntaxError", RegExpMessages.invalidFlags(flags))
  let program: Program
  try {
    program = compileRegExp(source, canonical, st.bounds)
  } catch (error) {
    if (error instanceof PatternError) throw st.error("SyntaxError", RegExpMessages.invalid(source, flags, error.detail))
    throw error
  }
  const rx = new JsRegExp(proto, source, canonical, program)
  rx.defineOwn(st, "lastIndex", 0, HIDDEN | PERMANENT)
  return rx
}

/** A regular-expression literal, evaluated: a fresh object each time (the program is cached). */
export const regexpLiteral = (st: JsState, source: string, flags: string): JsRegExp => makeRegExp(st, source, flags)

/** IsRegExp: an object whose `Symbol.match` says so, or a RegExp. */
export function isRegExp(st: JsState, v: Value): boolean {
  if (!(v instanceof JsObject)) return false
  const m = v.get(st, Symbol.match)
  if (m !== undefined) return truthy(m)
  return v instanceof JsRegExp
}

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

// -- exec ---------------------------------------------------------------------------------------

const toLength = (st: JsState, v: Value): number => {
  const n = toIntegerOrInfinity(st, v)
  return n <= 0 ? 0 : Math.min(n, Number.MAX_SAFE_INTEGER)
}

function setLastIndex(st: JsState, rx: JsObject, value: number): void {
  if (!rx.set(st, "lastIndex", value)) throw st.typeError(`Cannot assign to read only property 'lastIndex' of object '${regexpText(st, rx)}'`)
}

/** RegExpBuiltinExec up to the match: the capture slots, with lastIndex read and written as the standard says. */
function builtinMatch(st: JsState, rx: JsRegExp, s: string): Int32Array | null {
  const globalOrSticky = rx.global || rx.sticky
  let lastIndex = toLength(st, rx.get(st, "lastIndex"))
  if (!globalOrSticky) lastIndex = 0
  if (lastIndex > s.length) {
    if (globalOrSticky) setLastIndex(st, rx, 0)
    return null
  }
  const slots = execProgram(rx.program, s, lastIndex, rx.sticky, limitsOf(st))
  if (slots === null) {
    if (globalOrSticky) setLastIndex(st, rx, 0)
    return null
  }
  if (globalOrSticky) setLastIndex(st, rx, slots[1]!)
  return slots
}

/** The array `exec` returns: matched text and captures, `index`, `input`, `groups`, `indices` (flag d). */
function matchArray(st: JsState, rx: JsRegExp, s: string, slots: Int32Array): JsArray {
  const n = slots.length >> 1
  const items: Value[] = new Array(n)
  for (let i = 0; i < n; i++) items[i] = slots[2 * i]! < 0 ? undefined : s.slice(slots[2 * i], slots[2 * i + 1])
  const realm = st.realm
  const result = realm.newArray(items)
  result.props.set("index", slots[0]!)
  result.props.set("input", s)
  const names = rx.program.names
  let groups: Value = undefined
  if (names.length > 0) {
    const g = new JsObject(null)
    for (const [name, index] of names) g.props.set(name, items[index])
    groups = g
  }
  result.props.set("groups", groups)
  if (rx.flags.includes("d")) {
    const pairs: Value[] = new Array(n)
    for (let i = 0; i < n; i++) pairs[i] = slots[2 * i]! < 0 ? undefined : realm.newArray([slots[2 * i]!, slots[2 * i + 1]!])
    const indices = realm.newArray(pairs)
    let indexGroups: Value = undefined
    if (names.length > 0) {
      const g = new JsObject(null)
      for (const [name, index] of names) g.props.set(name, pairs[index])
      indexGroups = g
    }
    indices.props.set("groups", indexGroups)
    result.props.set("indices", indices)
  }
  return result
}

function thisRegExp(st: JsState, t: Value, method: string): JsRegExp {
  if (t instanceof JsRegExp) return t
  throw st.typeError(`Method RegExp.prototype.${method} called on incompatible receiver ${st.realm.describe(t)}`)
}

const usesBuiltinExec = (st: JsState, rx: JsObject): rx is JsRegExp => rx instanceof JsRegExp && rx.get(st, "exec") === builtinExec(st)

/** RegExpExec: the program's `exec` if it replaced it, else the builtin. Returns a result object or null. */
export function regexpExec(st: JsState, rx: JsObject, s: string): JsObject | null {
  const exec = rx.get(st, "exec")
  if (exec instanceof JsFunction && exec !== builtinExec(st)) {
    const r = st.call(exec, rx, [s])
    if (r !== null && !(r instanceof JsObject)) throw st.typeError("object null is not a function")
    return r
  }
  const re = thisRegExp(st, rx, "exec")
  const slots = builtinMatch(st, re, s)
  return slots === null ? null : matchArray(st, re, s, slots)
}

/** One match, whichever way it was found: what replace, match and matchAll need. */
interface MatchRecord {
  readonly matched: string
  readonly position: number
  readonly captures: Array<string | undefined>
  readonly groups: Value
}

/** The next match as a record (fast path without result arrays when `exec` is the builtin). */
function nextMatch(st: JsState, rx: JsObject, s: string): MatchRecord | null {
  if (usesBuiltinExec(st, rx)) {
    const slots = builtinMatch(st, rx, s)
    if (slots === null) return null
    const n = slots.length >> 1
    const captures: Array<string | undefined> = []
    for (let i = 1; i < n; i++) captures.push(slots[2 * i]! < 0 ? undefined : s.slice(slots[2 * i], slots[2 * i + 1]))
    let groups: Value = undefined
    if (rx.program.names.length > 0) {
      const g = new JsObject(null)
      for (const [name, index] of rx.program.names) g.props.set(name, captures[index - 1])
      groups = g
    }
    return { matched: s.slice(slots[0], slots[1]), position: slots[0]!, captures, groups }
  }
  const r = regexpExec(st, rx, s)
  if (r === null) return null
  const n = Math.max(toLength(st, r.get(st, "length")) - 1, 0)
  const matched = toStr(st, r.get(st, "0"))
  const position = Math.max(Math.min(toIntegerOrInfinity(st, r.get(st, "index")), s.length), 0)
  const captures: Array<string | undefined> = []
  for (let i = 1; i <= n; i++) {
    const c = r.get(st, String(i))
    captures.push(c === undefined ? undefined : toStr(st, c))
  }
  return { matched, position, captures, groups: r.get(st, "groups") }
}

/** AdvanceStringIndex: past an empty match, by one code point under `u`/`v`. */
const advance = (s: string, index: number, unicode: boolean): number => {
  if (!unicode || index + 1 >= s.length) return index + 1
  const c = s.charCodeAt(index)
  if (c < 0xd800 || c > 0xdbff) return index + 1
  const d = s.charCodeAt(index + 1)
  return d >= 0xdc00 && d <= 0xdfff ? index + 2 : index + 1
}

const flagsOf = (st: JsState, rx: JsObject): string => (rx instanceof JsRegExp ? rx.flags : toStr(st, rx.get(st, "flags")))

function afterEmptyMatch(st: JsState, rx: JsObject, s: string, unicode: boolean): void {
  setLastIndex(st, rx, advance(s, toLength(st, rx.get(st, "lastIndex")), unicode))
}

// -- Protocol methods ----------------------------------------------------------------------------

function symbolMatch(st: JsState, rx: JsObject, s: string): Value {
  const flags = flagsOf(st, rx)
  if (!flags.includes("g")) return regexpExec(st, rx, s)
  const unicode = flags.includes("u") || flags.includes("v")
  setLastIndex(st, rx, 0)
  const found: Value[] = []
  for (;;) {
    const m = nextMatch(st, rx, s)
    if (m === null) return found.length === 0 ? null : st.realm.newArray(found)
    if (found.length >= st.maxArrayLength) throw st.arrayTooLarge()
    found.push(m.matched)
    if (m.matched === "") afterEmptyMatch(st, rx, s, unicode)
  }
}

function symbolMatchAll(st: JsState, rx: JsObject, s: string): Value {
  const flags = flagsOf(st, rx)
  const matcher = makeRegExp(st, rx instanceof JsRegExp ? rx.source : toStr(st, rx.get(st, "source")), flags)
  setLastIndex(st, matcher, toLength(st, rx.get(st, "lastIndex")))
  const global = flags.includes("g")
  const unicode = flags.includes("u") || flags.includes("v")
  let done = false
  return new JsIterator(st.realm.ArrayIteratorPrototype, () => {
    if (done) return DONE
    const r = regexpExec(st, matcher, s)
    if (r === null) {
      done = true
      return DONE
    }
    if (!global) done = true
    else if (toStr(st, r.get(st, "0")) === "") afterEmptyMatch(st, matcher, s, unicode)
    return r
  })
}

function symbolReplace(st: JsState, rx: JsObject, s: string, replaceValue: Value): string {
  const fn = replaceValue instanceof JsFunction ? replaceValue : null
  const template = fn === null ? toStr(st, replaceValue) : ""
  const flags = flagsOf(st, rx)
  const global = flags.includes("g")
  const unicode = flags.includes("u") || flags.includes("v")
  if (global) setLastIndex(st, rx, 0)
  const matches: MatchRecord[] = []
  for (;;) {
    const m = nextMatch(st, rx, s)
    if (m === null) break
    if (matches.length >= st.maxArrayLength) throw st.arrayTooLarge()
    matches.push(m)
    if (!global) break
    if (m.matched === "") afterEmptyMatch(st, rx, s, unicode)
  }
  let out = ""
  let next = 0
  for (const m of matches) {
    let replacement: string
    if (fn !== null) {
      const args: Value[] = [m.matched, ...m.captures, m.position, s]
      if (m.groups !== undefined) args.push(m.groups)
      replacement = toStr(st, st.call(fn, undefined, args))
    } else {
      const groups = m.groups === undefined ? undefined : toObject(st, m.groups)
      replacement = getSubstitution(st, m.matched, s, m.position, m.captures, groups, template)
    }
    if (m.position >= next) {
      st.checkStringLength(out.length + (m.position - next) + replacement.length)
      out += s.slice(next, m.position) + replacement
      next = m.position + m.matched.length
    }
  }
  st.checkStringLength(out.length + s.length - next)
  return out + s.slice(next)
}

/**
 * GetSubstitution: `$$`, `$&`, `` $` ``, `$'`, `$1`-`$99` and `$<name>` in a replacement template
 * (also used by String.prototype.replace with a string pattern, with no captures).
 */
export function getSubstitution(
  st: JsState,
  matched: string,
  s: string,
  position: number,
  captures: ReadonlyArray<string | undefined>,
  groups: JsObject | undefined,
  template: string,
): string {
  if (!template.includes("$")) return template
  let out = ""
  const m = captures.length
  for (let i = 0; i < template.length; i++) {
    const c = template[i]
    if (c !== "$" || i + 1 >= template.length) {
      out += c
      continue
    }
    const d = template[i + 1]!
    if (d === "$") {
      out += "$"
      i++
    } else if (d === "&") {
      out += matched
      i++
    } else if (d === "`") {
      out += s.slice(0, position)
      i++
    } else if (d === "'") {
      out += s.slice(Math.min(position + matched.length, s.length))
      i++
    } else if (d >= "0" && d <= "9") {
      const two = template[i + 2]
      const nn = two !== undefined && two >= "0" && two <= "9" ? Number(d + two) : -1
      if (nn >= 1 && nn <= m) {
        out += captures[nn - 1] ?? ""
        i += 2
      } else if (Number(d) >= 1 && Number(d) <= m) {
        out += captures[Number(d) - 1] ?? ""
        i++
      } else out += "$"
    } else if (d === "<" && groups !== undefined) {
      const close = template.indexOf(">", i + 2)
      if (close < 0) {
        out += "$"
        continue
      }
      const v = groups.get(st, template.slice(i + 2, close))
      if (v !== undefined) out += toStr(st, v)
      i = close
    } else out += "$"
    if (out.length > st.maxStringLength) st.checkStringLength(out.length)
  }
  return out
}

function symbolSearch(st: JsState, rx: JsObject, s: string): Value {
  const previous = rx.get(st, "lastIndex")
  if (!sameValue(previous, 0)) setLastIndex(st, rx, 0)
  const r = regexpExec(st, rx, s)
  const current = rx.get(st, "lastIndex")
  if (!sameValue(current, previous) && !rx.set(st, "lastIndex", previous)) throw st.typeError("Cannot assign to read only property 'lastIndex'")
  return r === null ? -1 : r.get(st, "index")
}

function symbolSplit(st: JsState, rx: JsObject, s: string, limit: Value): Value {
  const re = rx instanceof JsRegExp ? rx : makeRegExp(st, toStr(st, rx.get(st, "source")), toStr(st, rx.get(st, "flags")))
  const lim = limit === undefined ? 2 ** 32 - 1 : toNumber(st, limit) >>> 0
  const out: Value[] = []
  if (lim === 0) return st.realm.newArray(out)
  const limits = limitsOf(st)
  const program = re.program
  if (s.length === 0) return st.realm.newArray(execProgram(program, s, 0, true, limits) === null ? [s] : [])
  let p = 0
  let q = 0
  while (q < s.length) {
    const slots = execProgram(program, s, q, false, limits)
    if (slots === null || slots[0]! >= s.length) break
    const e = Math.min(slots[1]!, s.length)
    if (e === p) {
      q = advance(s, slots[0]!, program.unicode)
      continue
    }
    if (out.length >= st.maxArrayLength) throw st.arrayTooLarge()
    out.push(s.slice(p, slots[0]))
    if (out.length === lim) return st.realm.newArray(out)
    p = e
    for (let i = 2; i < slots.length; i += 2) {
      out.push(slots[i]! < 0 ? undefined : s.slice(slots[i], slots[i + 1]))
      if (out.length === lim) return st.realm.newArray(out)
    }
    q = p
  }
  out.push(s.slice(p))
  return st.realm.newArray(out)
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

function regexpText(st: JsState, rx: JsObject): string {
  return `/${toStr(st, rx.get(st, "source"))}/${toStr(st, rx.get(st, "flags"))}`
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
    exec: [1, (st, t, [s]) => regexpExec(st, thisRegExp(st, t, "exec"), toStr(st, s))],
    test: [1, (st, t, [s]) => {
      const rx = thisObject(st, t, "test")
      const str = toStr(st, s)
      if (usesBuiltinExec(st, rx)) return builtinMatch(st, rx, str) !== null
      return regexpExec(st, rx, str) !== null
    }],
    toString: spec(0, (st: JsState, t: Value) => regexpText(st, thisObject(st, t, "toString"))),
  })
  realm.registerIntrinsic("RegExp", ctor)
  realm.registerIntrinsic("RegExp.prototype", RP)
  realm.registerIntrinsic("RegExp.prototype.exec", RP.own("exec") as JsFunction)

  realm.getter(RP, "source", (st, t) => {
    if (t === RP) return "(?:)"
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
      if (t === RP) return undefined
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

// -- The String methods that take a pattern ----------------------------------------------------------

/** `str.match(re)`, `matchAll`, `search`: the pattern's own method, or a new RegExp's. */
export function stringMatchLike(st: JsState, s: string, pattern: Value, key: typeof Symbol.match | typeof Symbol.matchAll | typeof Symbol.search): Value {
  if (pattern instanceof JsObject) {
    if (key === Symbol.matchAll && isRegExp(st, pattern)) {
      const flags = pattern.get(st, "flags")
      if (flags === undefined || flags === null) throw st.typeError("String.prototype.matchAll called with a non-global RegExp argument")
      if (!toStr(st, flags).includes("g")) throw st.typeError("String.prototype.matchAll called with a non-global RegExp argument")
    }
    const m = pattern.get(st, key)
    if (m !== undefined && m !== null) return st.call(m, pattern, [s])
  }
  const rx = makeRegExp(st, pattern === undefined ? "" : toStr(st, pattern), key === Symbol.matchAll ? "g" : "")
  return st.call(rx.get(st, key), rx, [s])
}

/** `str.replace(re, r)` / `replaceAll`: the pattern's `Symbol.replace`, or undefined for a plain string pattern. */
export function stringReplaceWith(st: JsState, s: string, pattern: Value, replacement: Value, all: boolean): Value | typeof NOT_A_PATTERN {
  if (!(pattern instanceof JsObject)) return NOT_A_PATTERN
  if (all && isRegExp(st, pattern)) {
    const flags = pattern.get(st, "flags")
    if (flags === undefined || flags === null || !toStr(st, flags).includes("g")) throw st.typeError("String.prototype.replaceAll called with a non-global RegExp argument")
  }
  const r = pattern.get(st, Symbol.replace)
  if (r === undefined || r === null) return NOT_A_PATTERN
  return st.call(r, pattern, [s, replacement])
}

/** `str.split(re, limit)`: the separator's `Symbol.split`, or NOT_A_PATTERN. */
export function stringSplitWith(st: JsState, s: string, separator: Value, limit: Value): Value | typeof NOT_A_PATTERN {
  if (!(separator instanceof JsObject)) return NOT_A_PATTERN
  const sp = separator.get(st, Symbol.split)
  if (sp === undefined || sp === null) return NOT_A_PATTERN
  return st.call(sp, separator, [s, limit])
}

export const NOT_A_PATTERN: unique symbol = Symbol("not a pattern")
