/**
 * One object of every shape an execution makes, kept for the life of the process.
 *
 * Why: V8 gives every object a hidden class (a "map"), and the map of a class instance or of an
 * object literal is built by a chain of transitions, one per property, from an empty root. Those
 * transitions are weak: once no live object has a map, a full garbage collection drops it, and
 * the next object of the same class gets a brand-new map. The optimized code V8 made for our
 * compiled closures checks the maps of the objects it touches — the `LuaState`, tables, cells of
 * captured locals — and holds them weakly too, so when a map dies the code is thrown away.
 *
 * Between two executions nothing of the first survives (that is the point of a fresh state), so
 * without this module a full GC between two runs — which a benchmark forces, and which a busy
 * worker meets often enough — discards the maps and with them every piece of optimized code: the
 * next run starts cold again and spends its first tens of milliseconds in the interpreter while
 * V8 recompiles (measured: `fib(25)` 10 ms warm, 30 ms after each forced GC).
 *
 * So the engine keeps, from the moment it is loaded, a state built exactly as `runLua` builds one
 * (libraries opened, so its `_G` and library tables anchor the table shape), a cell, a closure, a
 * boxed float and a tool reference. They are never used: they only keep the maps alive. They hold no program
 * data, so this is a fixed few kilobytes.
 *
 * The anchor `Runtime` is also bound to that state and released, as every run binds and releases
 * its program's. V8 treats a field written only once as a constant and folds it into optimized
 * code; the second write (the first run's `release`) turns the field mutable and throws away all
 * code that had folded it, so without this the second run of a process started cold again.
 */

import { noHost } from "../engine-host.js"
import { resolveBounds } from "../../protocol/bounds.js"
import { Runtime } from "./compile/context.js"
import { CHUNK_NAME } from "./parse.js"
import { LuaState } from "./runtime/state.js"
import { LuaError, LuaFloat, LuaTable, ToolReference, type LuaValue } from "./runtime/value.js"
import { openLibraries } from "./stdlib/index.js"

const anchors: unknown[] = []

/** Builds the anchors once (called when the engine module loads). */
export function keepShapes(): void {
  if (anchors.length > 0) return
  const st = new LuaState({
    host: noHost,
    bounds: resolveBounds(undefined),
    deadline: Infinity,
    interrupt: undefined,
    randomSeed: 2 ** 51 + 1,
    chunkName: CHUNK_NAME,
  })
  const libraries = openLibraries(st, [])
  const runtime = new Runtime()
  runtime.bind(st, libraries.G, libraries.strings, libraries.iterators)
  runtime.release()
  const table = new LuaTable(st.bounds.maxTableEntries)
  table.set(1, true)
  table.set("k", true)
  const cell: { v: LuaValue } = { v: undefined }
  // A closure as compile/functions.ts makes one (`closureOf`): a bound function with `direct`,
  // `code` and `cells` properties, whose map call sites check on every call.
  const entry = function luaFunctionAnchor(_cells: unknown[]) {}
  const closure = entry.bind(null, []) as { direct?: boolean; code?: unknown; cells?: unknown[] }
  closure.direct = true
  closure.code = { entry }
  closure.cells = []
  anchors.push(st, libraries, runtime, table, cell, closure, new LuaFloat(1), new ToolReference("a"), new LuaError("anchor"))
}
