/**
 * The plain-data contract for Lua: Lua values <-> `DataValue` (JSON), always as a copy.
 *
 * Lua -> JSON (`luaToData`: a program's result, a tool's input, `json.encode`)
 *
 * | Lua                                   | JSON                                                  |
 * | ------------------------------------- | ----------------------------------------------------- |
 * | nil (at the top), `json.null`         | null                                                  |
 * | boolean                               | boolean                                               |
 * | integer within ±2^53                  | number                                                |
 * | integer beyond ±2^53                  | number if a double holds it exactly (2^60), else an   |
 * |                                       | error suggesting `tostring(x)`                        |
 * | float (`1.5`, `2.0`, `-0.0`, `1e300`) | number (`-0.0` stays -0); NaN and ±inf are errors     |
 * | string                                | string, decoded as strict UTF-8 (invalid: an error)   |
 * | table with keys exactly 1..n          | array                                                 |
 * | table with string keys                | object                                                |
 * | empty table                           | `[]` if its shape is Array (`json.array()`, an array  |
 * |                                       | from the host), else `{}`                             |
 * | function, tool reference              | error                                                 |
 *
 * A table with both kinds of keys, holes (`{1, nil, 3}`), keys of other types (booleans, floats,
 * tables), or that contains itself is an error naming its path. Object keys keep the table's
 * insertion order — with one exception JavaScript imposes on every object: keys that look like
 * array indices (`"7"`) come first, in numeric order. A table reachable twice without a cycle
 * (a DAG) is copied twice.
 *
 * JSON -> Lua (`dataToLua`: a tool's output, `json.decode`)
 *
 * null is `json.null` everywhere (so array slots and object keys survive the round trip), arrays
 * and objects become tables that remember their shape, safe integers become integers, other
 * numbers floats (`-0` arrives as the float -0.0 and `1e300` as a float, so both round-trip), text
 * becomes UTF-8 bytes. The input may be hostile (it comes from host code): a Proxy, a class
 * instance, a Date, a BigInt, a function, a symbol or an accessor property is an error, and no
 * getter or Proxy trap ever runs — unless the caller promises `trusted` data (the output of
 * `JSON.parse`, which cannot contain any of those), which skips the per-property descriptor reads
 * that make the untrusted walk several times slower. An `undefined` object property is absent
 * and an `undefined` (or missing) array element is null, as `JSON.stringify` has it.
 *
 * Both directions are bounded by `maxDataDepth` (nesting) and `maxDataBytes` (the approximate
 * size of the JSON text, counted as the copy proceeds — it is never far below the real size), and
 * charge one unit of fuel per value. A cycle is detected lazily: it makes the copy unbounded, so it
 * is what a bound runs into first, and when a bound trips the path being copied is searched for a
 * repeated table. That keeps the common case free of any bookkeeping beyond two array slots per
 * level.
 *
 * Errors: the `copy*` functions throw `DataContractError` (see `contract.ts` for who maps it to
 * what); `luaToData` and `dataToLua` wrap them into `HostStop` with `InvalidDataValue`, which no
 * `pcall` catches.
 *
 * The walks themselves are `LuaToData` (`lua-out.ts`) and `DataToLua` (`lua-in.ts`); messages and
 * paths are in `contract.ts`, UTF-8 in `utf8.ts`.
 */

import { DataContractError } from "../../data/contract.js"
import { DataToLua, type DataToLuaOptions } from "./to-lua.js"
import { LuaToData } from "./to-data.js"
import type { DataValue } from "../../../protocol/data.js"
import { HostStop } from "../../engine-host.js"
import type { LuaState } from "../runtime/state.js"
import type { LuaValue } from "../runtime/value.js"

export { DataContractError } from "../../data/contract.js"
export { DataToLua, type DataToLuaOptions } from "./to-lua.js"
export { LuaToData } from "./to-data.js"

/** Lua -> plain data; throws `DataContractError`. */
export const copyLuaToData = (st: LuaState, value: LuaValue, root: string): DataValue =>
  new LuaToData(st, root).copy(value)

/** Lua -> plain data for a program's result or a tool's input: a violation stops the execution. */
export const luaToData = (st: LuaState, value: LuaValue, root: string): DataValue => {
  try {
    return new LuaToData(st, root, true).copy(value)
  } catch (error) {
    throw asInvalidDataValue(error)
  }
}

/** Host data (anything: it is checked) -> Lua; throws `DataContractError`. */
export const copyDataToLua = (st: LuaState, data: unknown, options?: DataToLuaOptions): LuaValue =>
  new DataToLua(st, options?.root ?? "value", options?.trusted ?? false).copy(data)

/** Host data -> Lua where a violation stops the execution with `InvalidDataValue`. */
export const dataToLua = (st: LuaState, data: unknown, options?: DataToLuaOptions): LuaValue => {
  try {
    return new DataToLua(st, options?.root ?? "value", options?.trusted ?? false).copy(data)
  } catch (error) {
    throw asInvalidDataValue(error)
  }
}

const asInvalidDataValue = (error: unknown): unknown =>
  error instanceof DataContractError ? new HostStop({ kind: "InvalidDataValue", message: error.message }) : error
