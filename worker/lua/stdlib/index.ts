/**
 * The globals of one execution: every library opened fresh into a new `_G`.
 *
 * Like Lua's `linit.c`, this is the one list of what a program starts with: the base functions,
 * `string` (also what indexing a string value reads, so `s:upper()` works even if the program
 * rebinds the global `string`), `table` (and `unpack`, its `unpack`), `math`, `utf8`, `json`, the
 * host's `tools` and `search`, the discovery globals (`ALL_TOOLS`, `search_tools`, `describe_tool`,
 * `describe_namespace`), per-branch state (`store`, `load`), the output globals (`text`, `image`,
 * `exit`), the models API (`models`), and the extension globals the host declared. What is deliberately left
 * out is listed, with the reasons, in absent.ts.
 */

import { installExtensionGlobals, searchBuiltin } from "../runtime/host-calls.js"
import type { LuaState } from "../runtime/state.js"
import { LuaTable, ToolReference, type LuaFunction } from "../runtime/value.js"
import type { KnownIterators } from "../compile/context.js"
import type { SnapshotTool } from "../../../protocol/task.js"
import { openBase } from "./base.js"
import { openDiscovery } from "./discovery.js"
import { openJson } from "./json.js"
import { openMath } from "./math.js"
import { openOutput } from "./output.js"
import { openModels } from "./models.js"
import { openState } from "./state.js"
import { openString } from "./string.js"
import { openTable } from "./table.js"
import { openUtf8 } from "./utf8.js"

export interface Globals {
  readonly G: LuaTable
  /** The string library table: the `__index` of every string value. */
  readonly strings: LuaTable
  /** Iterators generic `for` runs without calling (see compile/loops.ts). */
  readonly iterators: KnownIterators
}

/** Room in `_G` for the libraries themselves, on top of what a program may add (`maxTableEntries`). */
const LIBRARY_GLOBALS = 64

export function openLibraries(
  st: LuaState,
  extensionGlobals: ReadonlyArray<string>,
  tools: ReadonlyArray<SnapshotTool> = [],
): Globals {
  const G = new LuaTable(st.bounds.maxTableEntries + LIBRARY_GLOBALS + extensionGlobals.length)
  const iterators = openBase(st, G)
  const strings = openString(st)
  const table = openTable(st)
  G.set("string", strings)
  G.set("table", table)
  G.set("unpack", table.get("unpack"))
  G.set("math", openMath(st))
  G.set("utf8", openUtf8(st))
  G.set("json", openJson(st))
  G.set("tools", new ToolReference(""))
  G.set("search", searchBuiltin(st))
  openDiscovery(st, G, tools)
  openState(st, G)
  openOutput(st, G)
  openModels(st, G)
  const libraries = { string: strings, table, math: G.get("math") as LuaTable, utf8: G.get("utf8") as LuaTable, json: G.get("json") as LuaTable }
  st.nameBuiltins = (names) => nameBuiltins(names, libraries, G)
  installExtensionGlobals(st, G, extensionGlobals)
  return { G, strings, iterators }
}

/** Records `string.rep`-style names of the builtins, as Lua's `pushglobalfuncname` finds them. */
function nameBuiltins(names: Map<LuaFunction, string>, libraries: Record<string, LuaTable>, G: LuaTable): void {
  for (const [library, table] of Object.entries(libraries)) {
    for (const [key, value] of table.hashEntries()) {
      if (typeof value === "function" && typeof key === "string") names.set(value, `${library}.${key}`)
    }
  }
  for (const [key, value] of G.hashEntries()) {
    if (typeof value === "function" && typeof key === "string" && !names.has(value)) names.set(value, key)
  }
}
