/**
 * The globals of one execution: every library, in a `_G` of its own.
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
import { libraryTableSize } from "./args.js"
import type { KnownIterators } from "../compile/context.js"
import type { SnapshotTool } from "../../../protocol/task.js"
import { openBase } from "./base.js"
import { openDiscovery, toolList } from "./discovery.js"
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

/** The library tables `_G` holds, by their global names; each run gets copies of them all. */
const LIBRARY_NAMES = ["string", "table", "math", "utf8", "json", "models"] as const

/**
 * The libraries as first opened over a state: `_G` and the library tables, never handed to a
 * program and never changed. Every function in them reads the state it was made over, which
 * `begin` readies for each run, so they serve every run of that state.
 */
export interface LibraryTemplates {
  readonly G: LuaTable
  readonly libraries: Readonly<Record<LibraryName, LuaTable>>
  readonly iterators: KnownIterators
}

/**
 * The globals of one run. Making the libraries' functions was most of a trivial execution (some
 * 45 us of a 50 us `return 1`), so they are made once per state (`templatesOf`) and each run gets
 * copies of the tables that hold them: a program may rewrite `string.rep` or `_G.print` in its
 * own copies, never in the next run's. What depends on the run is set on the copies: `_G` itself,
 * `ALL_TOOLS`, the extension globals.
 */
export function openLibraries(
  st: LuaState,
  extensionGlobals: ReadonlyArray<string>,
  tools: ReadonlyArray<SnapshotTool> = [],
): Globals {
  const templates = templatesOf(st)
  const G = templates.G.copy(st.bounds.maxTableEntries + LIBRARY_GLOBALS + extensionGlobals.length)
  const size = libraryTableSize(st)
  const libraries = eachLibrary((name) => templates.libraries[name].copy(size))
  for (const name of LIBRARY_NAMES) G.set(name, libraries[name])
  G.set("_G", G)
  G.set("ALL_TOOLS", toolList(st, tools))
  st.nameBuiltins = (names) => nameBuiltins(names, libraries, G)
  installExtensionGlobals(st, G, extensionGlobals)
  return { G, strings: libraries.string, iterators: templates.iterators }
}

/** The state's templates, made the first time it opens its libraries. */
function templatesOf(st: LuaState): LibraryTemplates {
  if (st.libraries !== undefined) return st.libraries
  const G = new LuaTable(LIBRARY_GLOBALS * 2)
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
  openDiscovery(st, G)
  openState(st, G)
  openOutput(st, G)
  openModels(st, G)
  return (st.libraries = { G, libraries: eachLibrary((name) => G.get(name) as LuaTable), iterators })
}

type LibraryName = (typeof LIBRARY_NAMES)[number]

/** The library tables, one for each name. */
const eachLibrary = (table: (name: LibraryName) => LuaTable): Record<LibraryName, LuaTable> => {
  const libraries = {} as Record<LibraryName, LuaTable>
  for (const name of LIBRARY_NAMES) libraries[name] = table(name)
  return libraries
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
