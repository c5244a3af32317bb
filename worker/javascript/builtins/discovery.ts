/**
 * The discovery globals an agent's Code Mode tool offers: `ALL_TOOLS`, `searchTools`, `describeTool` and
 * `describeNamespace`, beside `search`.
 *
 * `ALL_TOOLS` is read from the worker's catalog snapshot (`st.catalogTools`, fetched once per
 * worker and catalog), so listing the tools costs no host call. It is still built per execution,
 * because a program may change what it reads; and it is built lazily: the global starts as an
 * accessor that, on the first read or write, becomes a plain data property. A program that never
 * looks at it never pays for a catalog of thousands of tools.
 *
 * The three functions go to the host (`op: "discovery"`), like `search`: ranking, aliases and
 * signatures live in the host's catalog, where signatures are rendered lazily and cached. They
 * return promises, count toward `maxToolCalls` and appear in `Result.toolCalls` (kind `search`),
 * exactly as `search` does. Their arguments cross as plain data and the host checks them, so the
 * wording of a bad request is the same in both languages.
 */

import { jsToData } from "../data/convert.js"
import { Accessor, HIDDEN, type FunctionImpl, type Value } from "../runtime/object.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { startHostCall } from "../runtime/host-values.js"

export function installDiscovery(realm: Realm): void {
  // `tools` is made for each execution (runtime/host-values.ts), from its catalog; reserved here,
  // the global object of every copied realm has its place already.
  realm.defineGlobal("tools", undefined)
  realm.defineGlobal(
    "search",
    realm.builtin("search", 1, (st, _t, args) => startHostCall(st, { op: "search", name: "search", args: args.map((a, i) => jsToData(st, a, `args[${i}]`)) })),
  )
  installToolList(realm)
  realm.defineGlobal("searchTools", realm.builtin("searchTools", 2, askHost("searchTools")))
  realm.defineGlobal("describeTool", realm.builtin("describeTool", 1, askHost("describeTool")))
  realm.defineGlobal("describeNamespace", realm.builtin("describeNamespace", 1, askHost("describeNamespace")))
}

/** A discovery function: its arguments go to the host as plain data; it returns a promise. */
const askHost =
  (name: string): FunctionImpl =>
  (st, _this, args) =>
    startHostCall(st, { op: "discovery", name, args: args.map((arg, i) => jsToData(st, arg, `args[${i}]`)) })

/** `ALL_TOOLS`: an accessor until first touched, then a data property holding the list. */
function installToolList(realm: Realm): void {
  const settle = (st: JsState, value: Value): Value => {
    st.realm.global.defineOwn(st, "ALL_TOOLS", value, HIDDEN)
    return value
  }
  const getter = realm.builtin("get ALL_TOOLS", 0, (st) => settle(st, buildToolList(st, st.realm)))
  const setter = realm.builtin("set ALL_TOOLS", 1, (st, _this, args) => {
    settle(st, args[0])
    return undefined
  })
  realm.global.defineOwn(realm.st, "ALL_TOOLS", new Accessor(getter, setter), HIDDEN)
}

/** `[{ name, description }]` for every tool, in declaration order; `name` is the canonical path. */
function buildToolList(st: JsState, realm: Realm): Value {
  const tools = st.catalogTools
  if (tools.length > st.maxArrayLength) throw st.arrayTooLarge()
  st.charge(tools.length)
  const items: Value[] = new Array(tools.length)
  for (let i = 0; i < tools.length; i++) {
    const entry = realm.newObject()
    entry.props.set("name", tools[i]!.path)
    entry.props.set("description", tools[i]!.description)
    items[i] = entry
  }
  return realm.newArray(items)
}
