/**
 * `store(key, value)` and `load(key)`: per-branch state that outlives one execution.
 *
 * Both are host calls (`op: "state"`), blocking like a tool. The host keeps what a program stores
 * in a staging area of its own and commits it to the runtime's state database only if the program
 * succeeds (pool/state-requests.ts); `load` sees the program's own staged writes first. The key is
 * a string (a number is not turned into one: `store(1, x)` and `store("1", x)` would otherwise be
 * the same entry by accident); the value crosses with the plain-data contract, so `nil` deletes,
 * `json.null` stores a JSON null and a table must be an array or an object. `store` returns
 * nothing; `load` returns the value, or nil when there is none.
 *
 * The name `load` is free because Lua's own chunk loader is absent by design (absent.ts): Code
 * Mode programs never compile code at run time.
 */

import type { DataValue } from "../../../protocol/data.js"
import { luaToData } from "../data/convert.js"
import { HostStop } from "../../engine-host.js"
import { callHost } from "../runtime/host-calls.js"
import type { LuaState } from "../runtime/state.js"
import type { LuaFunction, LuaTable, LuaValue } from "../runtime/value.js"
import { typeError } from "./args.js"

export function openState(st: LuaState, G: LuaTable): void {
  G.set("store", storeFunction(st))
  G.set("load", loadFunction(st))
}

/** The key argument: a string, as plain data (a byte string that is not UTF-8 stops the execution). */
const keyArgument = (st: LuaState, args: LuaValue[], fname: string): string => {
  if (typeof args[0] !== "string") typeError(st, args, 0, fname, "string")
  return luaToData(st, args[0], "key") as string
}

const storeFunction =
  (st: LuaState): LuaFunction =>
  (args) => {
    const key = keyArgument(st, args, "store")
    const value = args[1]
    const data: DataValue[] = value === undefined ? [key] : [key, luaToData(st, value, "value")]
    stateCall(st, data, "store")
    return []
  }

const loadFunction =
  (st: LuaState): LuaFunction =>
  (args) => [stateCall(st, [keyArgument(st, args, "load")], "load")]

/**
 * One state request. A stop the host answers (a bound passed, the backend failing) comes without a
 * place; it is given the line of the `store` or `load`, as every other runtime error has its line.
 */
const stateCall = (st: LuaState, args: DataValue[], name: "store" | "load"): LuaValue => {
  const line = st.line
  try {
    return callHost(st, { op: "state", name, args })
  } catch (error) {
    if (error instanceof HostStop && error.diagnostic.location === undefined && line > 0) throw new HostStop({ ...error.diagnostic, location: { line } })
    throw error
  }
}
