/**
 * The protocol through which the String methods reach a pattern: `RegExp.prototype[Symbol.match]`,
 * `[Symbol.matchAll]`, `[Symbol.replace]` (with GetSubstitution), `[Symbol.search]` and
 * `[Symbol.split]`, and the String-side halves (`stringMatchLike`, `stringReplaceWith`,
 * `stringSplitWith`) that string.ts calls to look the method up on the pattern.
 *
 * The methods follow the standard's algorithms and take each match from `nextMatch`
 * (regexp-exec.ts), which calls `exec` through the property when a program replaced it. Flags
 * are read through the `flags` property, as the standard has it (so a redefined `global` getter is
 * seen). `split` and `matchAll` build their matcher with the pattern's species constructor; when
 * that is the realm's own `RegExp` with the built-in `exec`, `split` runs the compiled program
 * directly, which the fresh sticky copy the standard makes cannot tell apart.
 *
 * Apart from regexp.ts because this is the String side of RegExp: it works on any object with the
 * right methods, not only on a RegExp the realm made.
 */

import { execProgram } from "../regexp/index.js"
import { JsFunction, JsObject, type Value } from "../runtime/object.js"
import { DONE, JsIterator } from "../runtime/iterate.js"
import { sameValue, toNumber, toObject, toStr } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import { construct } from "../compile/functions.js"
import { type JsRegExp, isRegExp, limitsOf, makeRegExp, nextMatch, regexpExec, setLastIndex, toLength, usesBuiltinExec, type MatchRecord } from "./regexp-exec.js"
import { speciesConstructor } from "./typed-array-constructors.js"

/** AdvanceStringIndex: past an empty match, by one code point under `u`/`v`. */
const advance = (s: string, index: number, unicode: boolean): number => {
  if (!unicode || index + 1 >= s.length) return index + 1
  const c = s.charCodeAt(index)
  if (c < 0xd800 || c > 0xdbff) return index + 1
  const d = s.charCodeAt(index + 1)
  return d >= 0xdc00 && d <= 0xdfff ? index + 2 : index + 1
}

const flagsOf = (st: JsState, rx: JsObject): string => toStr(st, rx.get(st, "flags"))

/** `new C(rx, flags)` with C = SpeciesConstructor(rx, %RegExp%); also says whether C is %RegExp%. */
function speciesMatcher(st: JsState, rx: JsObject, flags: string): [JsObject, boolean] {
  const RegExpCtor = st.realm.intrinsic("RegExp") as JsFunction
  const C = speciesConstructor(st, rx, RegExpCtor)
  return [construct(st, C, [rx, flags], C, st.line) as JsObject, C === RegExpCtor]
}

function afterEmptyMatch(st: JsState, rx: JsObject, s: string, unicode: boolean): void {
  setLastIndex(st, rx, advance(s, toLength(st, rx.get(st, "lastIndex")), unicode))
}

// -- Protocol methods ----------------------------------------------------------------------------

export function symbolMatch(st: JsState, rx: JsObject, s: string): Value {
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

export function symbolMatchAll(st: JsState, rx: JsObject, s: string): Value {
  const RegExpCtor = st.realm.intrinsic("RegExp") as JsFunction
  const C = speciesConstructor(st, rx, RegExpCtor)
  const flags = flagsOf(st, rx)
  const matcher = construct(st, C, [rx, flags], C, st.line) as JsObject
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

export function symbolReplace(st: JsState, rx: JsObject, s: string, replaceValue: Value): string {
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

export function symbolSearch(st: JsState, rx: JsObject, s: string): Value {
  const previous = rx.get(st, "lastIndex")
  if (!sameValue(previous, 0)) setLastIndex(st, rx, 0)
  const r = regexpExec(st, rx, s)
  const current = rx.get(st, "lastIndex")
  if (!sameValue(current, previous) && !rx.set(st, "lastIndex", previous)) throw st.typeError("Cannot assign to read only property 'lastIndex'")
  return r === null ? -1 : r.get(st, "index")
}

export function symbolSplit(st: JsState, rx: JsObject, s: string, limit: Value): Value {
  const flags = flagsOf(st, rx)
  const [splitter, intrinsic] = speciesMatcher(st, rx, flags.includes("y") ? flags : `${flags}y`)
  const unicode = flags.includes("u") || flags.includes("v")
  const lim = limit === undefined ? 2 ** 32 - 1 : toNumber(st, limit) >>> 0
  const out: Value[] = []
  if (lim === 0) return st.realm.newArray(out)
  if (intrinsic && usesBuiltinExec(st, splitter)) return splitWithProgram(st, splitter, s, lim, out)
  if (s.length === 0) return st.realm.newArray(regexpExec(st, splitter, s) === null ? [s] : [])
  let p = 0
  let q = 0
  while (q < s.length) {
    setLastIndex(st, splitter, q)
    const z = regexpExec(st, splitter, s)
    if (z === null) {
      q = advance(s, q, unicode)
      continue
    }
    const e = Math.min(toLength(st, splitter.get(st, "lastIndex")), s.length)
    if (e === p) {
      q = advance(s, q, unicode)
      continue
    }
    if (out.length >= st.maxArrayLength) throw st.arrayTooLarge()
    out.push(s.slice(p, q))
    if (out.length === lim) return st.realm.newArray(out)
    p = e
    const captures = Math.max(toLength(st, z.get(st, "length")) - 1, 0)
    for (let i = 1; i <= captures; i++) {
      if (out.length >= st.maxArrayLength) throw st.arrayTooLarge()
      out.push(z.get(st, String(i)))
      if (out.length === lim) return st.realm.newArray(out)
    }
    q = p
  }
  out.push(s.slice(p))
  return st.realm.newArray(out)
}

/** `split` by the compiled program: each search from q stands for the standard's sticky tries at q, q+1, ... */
function splitWithProgram(st: JsState, re: JsRegExp, s: string, lim: number, out: Value[]): Value {
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

// -- The String methods that take a pattern ----------------------------------------------------------

/** `str.match(re)`, `matchAll`, `search`: the pattern's own method, or a new RegExp's. */
export function stringMatchLike(st: JsState, o: Value, pattern: Value, key: typeof Symbol.match | typeof Symbol.matchAll | typeof Symbol.search): Value {
  if (pattern instanceof JsObject) {
    if (key === Symbol.matchAll && isRegExp(st, pattern)) {
      const flags = pattern.get(st, "flags")
      if (flags === undefined || flags === null) throw st.typeError("String.prototype.matchAll called with a non-global RegExp argument")
      if (!toStr(st, flags).includes("g")) throw st.typeError("String.prototype.matchAll called with a non-global RegExp argument")
    }
    const m = pattern.get(st, key)
    if (m !== undefined && m !== null) return st.call(m, pattern, [o])
  }
  const s = typeof o === "string" ? o : toStr(st, o)
  const rx = makeRegExp(st, pattern === undefined ? "" : toStr(st, pattern), key === Symbol.matchAll ? "g" : "")
  return st.call(rx.get(st, key), rx, [s])
}

/** `str.replace(re, r)` / `replaceAll`: the pattern's `Symbol.replace`, or undefined for a plain string pattern. */
export function stringReplaceWith(st: JsState, o: Value, pattern: Value, replacement: Value, all: boolean): Value | typeof NOT_A_PATTERN {
  if (!(pattern instanceof JsObject)) return NOT_A_PATTERN
  if (all && isRegExp(st, pattern)) {
    const flags = pattern.get(st, "flags")
    if (flags === undefined || flags === null || !toStr(st, flags).includes("g")) throw st.typeError("String.prototype.replaceAll called with a non-global RegExp argument")
  }
  const r = pattern.get(st, Symbol.replace)
  if (r === undefined || r === null) return NOT_A_PATTERN
  return st.call(r, pattern, [o, replacement])
}

/** `str.split(re, limit)`: the separator's `Symbol.split`, or NOT_A_PATTERN. */
export function stringSplitWith(st: JsState, o: Value, separator: Value, limit: Value): Value | typeof NOT_A_PATTERN {
  if (!(separator instanceof JsObject)) return NOT_A_PATTERN
  const sp = separator.get(st, Symbol.split)
  if (sp === undefined || sp === null) return NOT_A_PATTERN
  return st.call(sp, separator, [o, limit])
}

export const NOT_A_PATTERN: unique symbol = Symbol("not a pattern")
