/**
 * `console`: log, info, warn, error and debug append one line each to the execution's logs (and a
 * console block with that level to its output, worker/output.ts), with
 * arguments formatted as Node's `util.inspect` shows them for the common cases (strings bare at the
 * top level and quoted inside, `{ a: 1 }`, `[ 1, 2 ]`, `Map(1) { 'a' => 1 }`, `[Function: f]`).
 * Long or deeply nested values are shortened; the formatter charges fuel per value.
 */

import { arrayIndex, JsDate, JsError, JsFunction, JsMap, type JsObject, JsSet, FunctionKind, JsBoxed, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { isoText } from "./date-text.js"
import { JsRegExp } from "./regexp-exec.js"
import { JsPromise } from "../runtime/promise.js"
import { toStr } from "../runtime/ops.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { enumerableKeys } from "./object.js"
import type { ConsoleLevel } from "../../../protocol/output.js"

const IDENT = /^[A-Za-z_$][\w$]*$/

const quoteString = (s: string): string => {
  const q = !s.includes("'") ? "'" : !s.includes('"') ? '"' : !s.includes("`") ? "`" : "'"
  const body = s.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\t/g, "\\t").replace(/\r/g, "\\r")
  return q + (q === "'" ? body.replace(/'/g, "\\'") : body) + q
}

export function inspect(st: JsState, v: Value, depth = 0, seen: JsObject[] = []): string {
  st.charge(1)
  switch (typeof v) {
    case "string":
      return depth === 0 ? v : quoteString(v)
    case "number":
      return Object.is(v, -0) ? "-0" : String(v)
    case "bigint":
      return `${v}n`
    case "symbol":
      return v.toString()
    case "undefined":
      return "undefined"
    case "boolean":
      return String(v)
  }
  if (v === null) return "null"
  const o = v as JsObject
  if (seen.includes(o)) return "[Circular *1]"
  if (o instanceof JsFunction) {
    if (o.kind === FunctionKind.Class) return `[class ${o.fname || "(anonymous)"}]`
    const label = o.kind === FunctionKind.Generator ? "GeneratorFunction" : "Function"
    return o.fname === "" ? `[${label} (anonymous)]` : `[${label}: ${o.fname}]`
  }
  if (o instanceof JsError) {
    const stack = o.get(st, "stack")
    return typeof stack === "string" ? (depth === 0 ? stack : `[${stack.split("\n")[0]}]`) : "[Error]"
  }
  if (o instanceof JsDate) return o.time === o.time ? isoText(o.time) : "Invalid Date"
  if (o instanceof JsRegExp) return `/${o.source}/${o.flags}`
  if (o instanceof JsBoxed) return `[${o.className}: ${inspect(st, o.primitive as Value, 1)}]`
  if (depth > 2) return o instanceof JsArray ? "[Array]" : "[Object]"
  const inner = [...seen, o]
  const parts: string[] = []
  let open = "{"
  let close = "}"
  let prefix = ""
  if (o instanceof JsArray) {
    open = "["
    close = "]"
    const n = o.length
    if (o.dense) {
      for (let i = 0; i < n && i < 100; i++) parts.push(inspect(st, o.items[i], depth + 1, inner))
      if (n > 100) parts.push(`... ${n - 100} more items`)
    } else {
      // Holes show as runs (`<3 empty items>`), as Node prints them; only held indices are visited.
      const empty = (count: number) => `<${count} empty item${count === 1 ? "" : "s"}>`
      let next = 0
      for (const key of o.ownKeys()) {
        const i = arrayIndex(key)
        if (i < 0) break
        if (parts.length >= 100) break
        if (i > next) parts.push(empty(i - next))
        parts.push(inspect(st, o.get(st, key), depth + 1, inner))
        next = i + 1
      }
      if (parts.length < 100 && next < n) parts.push(empty(n - next))
    }
  } else if (o instanceof JsMap) {
    prefix = `Map(${o.data.size}) `
    for (const [k, x] of o.data) parts.push(`${inspect(st, k, depth + 1, inner)} => ${inspect(st, x, depth + 1, inner)}`)
  } else if (o instanceof JsSet) {
    prefix = `Set(${o.data.size}) `
    for (const x of o.data) parts.push(inspect(st, x, depth + 1, inner))
  } else if (o instanceof JsPromise) {
    prefix = "Promise "
    parts.push(!o.settled ? "<pending>" : o.rejected ? `<rejected> ${inspect(st, o.value, depth + 1, inner)}` : inspect(st, o.value, depth + 1, inner))
  }
  if (!(o instanceof JsArray) || o.props.size > 0) {
    for (const k of enumerableKeys(o)) {
      if (o instanceof JsArray && /^\d+$/.test(k)) continue
      parts.push(`${IDENT.test(k) ? k : quoteString(k)}: ${inspect(st, o.get(st, k), depth + 1, inner)}`)
    }
  }
  if (!(o instanceof JsArray) && !(o instanceof JsMap) && !(o instanceof JsSet) && !(o instanceof JsPromise)) {
    if (o.proto === null) prefix = "[Object: null prototype] "
    else if (o.proto !== st.realm.ObjectPrototype) {
      const ctor = o.proto.get(st, "constructor")
      if (ctor instanceof JsFunction && ctor.fname !== "" && ctor.fname !== "Object") prefix = `${ctor.fname} `
    }
  }
  if (parts.length === 0) return `${prefix}${open}${close}`
  const single = `${prefix}${open} ${parts.join(", ")} ${close}`
  if (single.length <= 72 && !single.includes("\n")) return single
  const pad = "  ".repeat(depth + 1)
  return `${prefix}${open}\n${pad}${parts.join(`,\n${pad}`)}\n${"  ".repeat(depth)}${close}`
}

function format(st: JsState, args: Value[]): string {
  if (args.length === 0) return ""
  const first = args[0]
  let rest = args
  let head = ""
  if (typeof first === "string" && first.includes("%") && args.length > 1) {
    let i = 1
    head = first.replace(/%([sdifjoO%])/g, (m, c: string) => {
      if (c === "%") return "%"
      if (i >= args.length) return m
      const a = args[i++]
      if (c === "s") return typeof a === "string" ? a : inspect(st, a, 1)
      if (c === "d" || c === "i") return typeof a === "number" ? String(c === "i" ? Math.trunc(a) : a) : "NaN"
      if (c === "f") return String(Number(typeof a === "number" ? a : NaN))
      return inspect(st, a, 1)
    })
    rest = args.slice(i)
    return [head, ...rest.map((a) => inspect(st, a))].join(" ")
  }
  return rest.map((a) => inspect(st, a)).join(" ")
}

export function installConsole(realm: Realm): void {
  const c = realm.namespace("console")
  realm.defineGlobal("console", c)
  // Each line goes to the logs (Result.logs) and, as a console block, to the output.
  const at = (level: ConsoleLevel) => (st: JsState, _t: Value, args: Value[]): Value => {
    const line = format(st, args)
    st.log(line)
    st.output.console(level, line)
    return undefined
  }
  const log = at("log")
  realm.methods(c, { log: [0, log], info: [0, at("info")], warn: [0, at("warn")], error: [0, at("error")], debug: [0, at("debug")], trace: [0, at("debug")] })
  void toStr
}
