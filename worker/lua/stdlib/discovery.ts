/**
 * The discovery globals in Lua: `ALL_TOOLS`, `search_tools`, `describe_tool`, `describe_namespace`
 * (the JavaScript `ALL_TOOLS`, `searchTools`, `describeTool`, `describeNamespace` under Lua names).
 *
 * `ALL_TOOLS` comes from the worker's catalog snapshot: an array of `{ name = path, description =
 * text }` in declaration order, made without a host call. It is a table like any other, so it is
 * built for every execution that can read it; the byte-string forms of the names and descriptions
 * are converted once per snapshot and kept (`encodedTools`), so an execution pays only for the small
 * tables. An execution whose source cannot name it gets an empty list instead (see runLua).
 *
 * The three functions are host calls (`op: "discovery"`), blocking like `search`: the host's
 * catalog ranks, resolves aliases and renders signatures. Like `search` they count toward
 * `maxToolCalls` and appear in `Result.toolCalls`; a malformed request is a catchable error whose
 * message says how to ask, and an unknown name gives `nil`.
 */

import { luaToData } from "../data/convert.js"
import { bytesFromText } from "../../data/utf8.js"
import type { DataValue } from "../../../protocol/data.js"
import type { SnapshotTool } from "../../../protocol/task.js"
import { callHost } from "../runtime/host-calls.js"
import type { LuaState } from "../runtime/state.js"
import { LuaTable, TableShape, TableTooLarge, type LuaFunction, type LuaValue } from "../runtime/value.js"

/** The discovery functions, by their Lua names. */
const FUNCTIONS = ["search_tools", "describe_tool", "describe_namespace"] as const

/**
 * Installs the discovery functions into `G`, and a place for `ALL_TOOLS`, which each run sets to
 * its own list (`toolList`; stdlib/index.ts).
 */
export function openDiscovery(st: LuaState, G: LuaTable): void {
  for (const name of FUNCTIONS) G.set(name, askHost(st, name))
  G.set("ALL_TOOLS", false)
}

/** A discovery function: its arguments go to the host as plain data (`nil` is JSON null). */
const askHost =
  (st: LuaState, name: string): LuaFunction =>
  (args) => {
    const data: DataValue[] = args.map((arg, i) => (arg === undefined ? null : luaToData(st, arg, `args[${i + 1}]`)))
    return [callHost(st, { op: "discovery", name, args: data })]
  }

/**
 * Whether a program could read `ALL_TOOLS`. A Lua program reaches a global only by writing its name
 * or through `_G` (there is no `load`, `getfenv` or `debug`), and names cannot be escaped, so a
 * source containing neither text cannot: runLua then gives it an empty list and builds nothing.
 */
export const mayReadToolList = (source: string): boolean => source.includes("ALL_TOOLS") || source.includes("_G")

/** Byte-string names and descriptions per snapshot (the snapshot lives as long as the worker keeps it). */
const encoded = new WeakMap<ReadonlyArray<SnapshotTool>, ReadonlyArray<readonly [string, string]>>()

const encodedTools = (tools: ReadonlyArray<SnapshotTool>): ReadonlyArray<readonly [string, string]> => {
  let list = encoded.get(tools)
  if (list === undefined) {
    list = tools.map((tool) => [bytesFromText(tool.path), bytesFromText(tool.description)] as const)
    encoded.set(tools, list)
  }
  return list
}

/** `ALL_TOOLS`: a JSON array (even when empty) of `{ name, description }`. */
export function toolList(st: LuaState, tools: ReadonlyArray<SnapshotTool>): LuaTable {
  const list = new LuaTable(st.bounds.maxTableEntries)
  list.shape = TableShape.Array
  if (tools.length > list.maxEntries) throw new TableTooLarge()
  st.charge(tools.length + 1)
  // Nearly every program cannot name the list and gets an empty one: no lookup for it (a key
  // added to the weak map per execution is garbage the collector pays dearly for).
  if (tools.length === 0) return list
  const entries = encodedTools(tools)
  for (let i = 0; i < entries.length; i++) {
    const entry = new LuaTable(st.bounds.maxTableEntries)
    entry.set("name", entries[i]![0])
    entry.set("description", entries[i]![1])
    list.setInteger(i + 1, entry as LuaValue)
  }
  return list
}
