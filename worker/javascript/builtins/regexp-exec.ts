/**
 * The RegExp object and its matching: `JsRegExp`, its creation from source and flags, and `exec`
 * (RegExpBuiltinExec and RegExpExec), on the engine's own metered matcher (../regexp/).
 *
 * A `JsRegExp` holds its source, canonical flags and compiled program (cached per worker by
 * source and flags); `lastIndex` is an ordinary own property, as the standard has it. Matching
 * has two ways out: `regexpExec` builds the array `exec` returns, or calls the program's own
 * `exec` if it replaced it; `nextMatch` gives the protocol methods (regexp-protocol.ts) one match
 * as a record, read straight from the matcher's capture slots when `exec` is still the realm's
 * own, so `replace` over a long string builds no result arrays.
 *
 * Apart from regexp.ts (the global and its prototype) because both it and the protocol methods
 * stand on these pieces.
 */

import { PatternError, RegExpMessages, canonicalFlags, compileRegExp, execProgram, type MatchLimits, type Program } from "../regexp/index.js"
import { HIDDEN, JsFunction, JsObject, PERMANENT, type Value } from "../runtime/object.js"
import { type JsArray } from "../runtime/array.js"
import { toIntegerOrInfinity, toStr, truthy } from "../runtime/ops.js"
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
 * The realm's own RegExp pieces, registered with the realm by `installRegExp` (regexp.ts, which
 * the realm runs on first need: RegExp is a deferred global).
 */
export const regExpPrototype = (st: JsState): JsObject => st.realm.intrinsic("RegExp.prototype")
const builtinExec = (st: JsState): JsObject => st.realm.intrinsic("RegExp.prototype.exec")

export const limitsOf = (st: JsState): MatchLimits => ({
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

/** IsRegExp: an object whose `Symbol.match` says so, or a RegExp. */
export function isRegExp(st: JsState, v: Value): boolean {
  if (!(v instanceof JsObject)) return false
  const m = v.get(st, Symbol.match)
  if (m !== undefined) return truthy(m)
  return v instanceof JsRegExp
}

// -- exec ---------------------------------------------------------------------------------------

export const toLength = (st: JsState, v: Value): number => {
  const n = toIntegerOrInfinity(st, v)
  return n <= 0 ? 0 : Math.min(n, Number.MAX_SAFE_INTEGER)
}

/** `/source/flags`, as `toString` shows a RegExp (and the lastIndex error names it). */
export function regexpText(st: JsState, rx: JsObject): string {
  return `/${toStr(st, rx.get(st, "source"))}/${toStr(st, rx.get(st, "flags"))}`
}

export function setLastIndex(st: JsState, rx: JsObject, value: number): void {
  if (!rx.set(st, "lastIndex", value)) throw st.typeError(`Cannot assign to read only property 'lastIndex' of object '${regexpText(st, rx)}'`)
}

/** RegExpBuiltinExec up to the match: the capture slots, with lastIndex read and written as the standard says. */
export function builtinMatch(st: JsState, rx: JsRegExp, s: string): Int32Array | null {
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

/**
 * The `groups` object of a match (no prototype): each named group's entry of `values`, which
 * start at capture number `first`; undefined when the pattern names no group.
 */
function groupsObject(names: Program["names"], values: ReadonlyArray<Value>, first: number): Value {
  if (names.length === 0) return undefined
  const g = new JsObject(null)
  for (const [name, index] of names) g.props.set(name, values[index - first])
  return g
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
  result.props.set("groups", groupsObject(names, items, 0))
  if (rx.flags.includes("d")) {
    const pairs: Value[] = new Array(n)
    for (let i = 0; i < n; i++) pairs[i] = slots[2 * i]! < 0 ? undefined : realm.newArray([slots[2 * i]!, slots[2 * i + 1]!])
    const indices = realm.newArray(pairs)
    indices.props.set("groups", groupsObject(names, pairs, 0))
    result.props.set("indices", indices)
  }
  return result
}

export function thisRegExp(st: JsState, t: Value, method: string): JsRegExp {
  if (t instanceof JsRegExp) return t
  throw st.typeError(`Method RegExp.prototype.${method} called on incompatible receiver ${st.realm.describe(t)}`)
}

export const usesBuiltinExec = (st: JsState, rx: JsObject): rx is JsRegExp => rx instanceof JsRegExp && rx.get(st, "exec") === builtinExec(st)

/** RegExpExec: the program's `exec` if it replaced it, else the builtin. Returns a result object or null. */
export function regexpExec(st: JsState, rx: JsObject, s: string): JsObject | null {
  const exec = rx.get(st, "exec")
  if (exec instanceof JsFunction && exec !== builtinExec(st)) {
    const r = st.call(exec, rx, [s])
    if (r !== null && !(r instanceof JsObject)) throw st.typeError("object null is not a function")
    return r
  }
  return regexpBuiltinExec(st, thisRegExp(st, rx, "exec"), s)
}

/** RegExpBuiltinExec: what `RegExp.prototype.exec` itself does (never the `exec` property: `super.exec` must not recurse). */
export function regexpBuiltinExec(st: JsState, re: JsRegExp, s: string): JsObject | null {
  const slots = builtinMatch(st, re, s)
  return slots === null ? null : matchArray(st, re, s, slots)
}

/** One match, whichever way it was found: what replace, match and matchAll need. */
export interface MatchRecord {
  readonly matched: string
  readonly position: number
  readonly captures: Array<string | undefined>
  readonly groups: Value
}

/** The next match as a record (fast path without result arrays when `exec` is the builtin). */
export function nextMatch(st: JsState, rx: JsObject, s: string): MatchRecord | null {
  if (usesBuiltinExec(st, rx)) {
    const slots = builtinMatch(st, rx, s)
    if (slots === null) return null
    const n = slots.length >> 1
    const captures: Array<string | undefined> = []
    for (let i = 1; i < n; i++) captures.push(slots[2 * i]! < 0 ? undefined : s.slice(slots[2 * i], slots[2 * i + 1]))
    const groups = groupsObject(rx.program.names, captures, 1)
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
