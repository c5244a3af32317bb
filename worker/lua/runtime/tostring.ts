/**
 * `tostring` for every Lua value, as `print`, `tostring` and `string.format("%s")` show it.
 *
 * Numbers follow Lua's `%.14g` rules (`numberToString`). Tables and functions show an address
 * like real Lua's; here it is a number handed out per execution in order of first appearance, so
 * output is the same on every run (`table: 0x00000001`). Builtins say so (`function: builtin:
 * 0x...`), which helps a reader of logs tell the program's functions from the library's.
 * `json.null` shows as `json.null` and a tool reference as its path (`tools.orders.lookup`).
 */

import { numberToString } from "./number.js"
import type { LuaState } from "./state.js"
import { JSON_NULL, LuaFloat, LuaTable, ToolReference, type LuaValue } from "./value.js"

/** Compiled Lua functions are bound functions with names starting with this (see compile/functions.ts). */
export const COMPILED_FUNCTION_PREFIX = "bound luaFunction"

const address = (st: LuaState, value: object): string => `0x${st.idOf(value).toString(16).padStart(8, "0")}`

export function tostring(st: LuaState, v: LuaValue): string {
  switch (typeof v) {
    case "string":
      return v
    case "number":
    case "bigint":
      return numberToString(v)
    case "undefined":
      return "nil"
    case "boolean":
      return v ? "true" : "false"
    case "function":
      return v.name.startsWith(COMPILED_FUNCTION_PREFIX) ? `function: ${address(st, v)}` : `function: builtin: ${address(st, v)}`
    case "symbol":
      return v === JSON_NULL ? "json.null" : "userdata"
    default:
      if (v instanceof LuaFloat) return numberToString(v)
      if (v instanceof LuaTable) return `table: ${address(st, v)}`
      if (v instanceof ToolReference) return v.path === "" ? "tools" : `tools.${v.path}`
      return "userdata"
  }
}
