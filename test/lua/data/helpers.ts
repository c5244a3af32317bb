/**
 * Shared fixtures for the data-contract and library unit tests: a `LuaState` without a program,
 * tables built from JavaScript values, builtins called directly, and a printer that renders Lua
 * values the way the scripts that recorded the expectations in real Lua 5.4 print them.
 */

import { noHost } from "../../../worker/engine-host.js"
import { DEFAULT_BOUNDS, resolveBounds, type Bounds } from "../../../protocol/bounds.js"
import { numberToString } from "../../../worker/lua/runtime/number.js"
import { LuaState } from "../../../worker/lua/runtime/state.js"
import {
  LuaError,
  LuaFloat,
  LuaTable,
  TableShape,
  typeName,
  type LuaFunction,
  type LuaValue,
} from "../../../worker/lua/runtime/value.js"

/** A state as a builtin sees it while line 1 of a program runs (so errors read `input:1: ...`). */
export const newState = (bounds?: Partial<Bounds>): LuaState => {
  const st = new LuaState({
    host: noHost,
    bounds: bounds === undefined ? DEFAULT_BOUNDS : resolveBounds(bounds),
    deadline: Infinity,
    randomSeed: 1,
    chunkName: "input",
  })
  st.line = 1
  return st
}

/** `{v1, v2, ...}`: nils (undefined) leave holes as a table constructor would. */
export const list = (...values: LuaValue[]): LuaTable => {
  const t = new LuaTable(DEFAULT_BOUNDS.maxTableEntries)
  values.forEach((v, i) => t.set(i + 1, v))
  return t
}

/** A table whose array part is exactly `values`, holes included (`{1, nil, 3}` as Lua sizes it). */
export const arrayPart = (...values: LuaValue[]): LuaTable => {
  const t = new LuaTable(DEFAULT_BOUNDS.maxTableEntries)
  t.array = values
  return t
}

/** A table from `[key, value]` pairs, set in order. */
export const table = (...entries: Array<[LuaValue, LuaValue]>): LuaTable => {
  const t = new LuaTable(DEFAULT_BOUNDS.maxTableEntries)
  for (const [k, v] of entries) t.set(k, v)
  return t
}

export const jsonArray = (...values: LuaValue[]): LuaTable => {
  const t = list(...values)
  t.shape = TableShape.Array
  return t
}

/** Calls `lib[name](...args)` as a program would. */
export const call = (lib: LuaTable, name: string, ...args: LuaValue[]): LuaValue[] =>
  (lib.get(name) as LuaFunction)(args)

/** Lua's `tostring` for the values these tests print (tables as `{...}`, strings quoted). */
export const show = (v: LuaValue): string => {
  if (v instanceof LuaTable) {
    let n = 0
    for (let k = v.next(undefined); k; k = v.next(k[0])) {
      if (typeof k[0] === "number" && Number.isInteger(k[0]) && k[0] > n) n = k[0]
    }
    const parts: string[] = []
    for (let i = 1; i <= n; i++) parts.push(show(v.get(i)))
    const extra: string[] = []
    for (let k = v.next(undefined); k; k = v.next(k[0])) {
      const key = k[0]
      if (typeof key === "number" && Number.isInteger(key) && key >= 1 && key <= n) continue
      extra.push(`${plain(key)}=${show(k[1])}`)
    }
    return `{${[...parts, ...extra.sort()].join(",")}}`
  }
  if (typeof v === "string") return `"${v}"`
  return plain(v)
}

const plain = (v: LuaValue): string => {
  if (typeof v === "number" || typeof v === "bigint" || v instanceof LuaFloat) return numberToString(v)
  if (v === undefined) return "nil"
  if (typeof v === "boolean" || typeof v === "string") return String(v)
  return typeName(v)
}

/**
 * Runs `f` like the recording script's `case`: `n:v1,v2` for its results, or `ERR message` for a
 * Lua error (any other exception propagates).
 */
export const outcome = (f: () => LuaValue[]): string => {
  try {
    const results = f()
    return `${results.length}:${results.map(show).join(",")}`
  } catch (error) {
    if (error instanceof LuaError) return `ERR ${String(error.value)}`
    throw error
  }
}
