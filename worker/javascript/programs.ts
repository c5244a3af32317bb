/**
 * Recently compiled programs, kept so that running a program again skips parsing and compiling.
 *
 * As in the Lua engine (worker/lua/programs.ts), what a second run gains is less the parse and
 * compile than V8's work: the statement and expression closures of a kept program are the same
 * objects from run to run, so the code V8 optimized for them (inlining the very closures they
 * call) is still there; closures compiled anew for each run would start again from cold code.
 *
 * Nothing of an execution survives in a kept program. Its closures reach the execution through
 * one `JsState` object, which the program owns: `runJavaScript` begins it afresh before each run
 * (`JsState.begin` sets every field; the realm of built-ins is made new for each run, after) and
 * releases it after, so the last run's heap is not kept alive. Nothing the compiler keeps per
 * node holds a run-time value: realm objects (prototypes, the global object) are read from the
 * state when the closure runs, and the template objects of tagged templates live in the state.
 *
 * A program is cached under its source and the bounds, which shape parsing and compiling (source
 * size, nesting depth). One compiled program runs one execution at a time: if it is busy (a host
 * that runs JavaScript from inside a tool call), the other execution compiles its own copy.
 */

import { DEFAULT_BOUNDS, type Bounds } from "../../protocol/bounds.js"
import { createRealm } from "./builtins/index.js"
import { ProgramCache } from "../program-cache.js"
import { noHost } from "../engine-host.js"
import { compileProgram } from "./compile/index.js"
import { parseJavaScript } from "./parse.js"
import type { JsPromise } from "./runtime/promise.js"
import { JsState } from "./runtime/state.js"

export interface CompiledProgram {
  /** The state the program's closures hold: begun by `runJavaScript` for each execution. */
  readonly st: JsState
  /** Runs the program once (the state begun, its realm made): a promise for its value. */
  readonly run: () => JsPromise
  busy: boolean
}

/**
 * A realm kept for the worker's life and never run, so that V8's maps of the engine's objects live.
 *
 * V8 gives each object the map (hidden class) its class's fields led to, and keeps such a map only
 * while some object has it. Every object of an execution — its realm, its arrays, its records —
 * dies when the execution ends, so without an object that outlives them the maps of `JsObject`,
 * `JsArray`, `JsFunction`, the realm and the rest die at the next full collection, and with them
 * every piece of optimized code that checks one ("weak objects"): each run would start from cold
 * code again, however long its program has been cached. This realm holds an object of every class a
 * realm is made of, built the way every realm builds it, so later executions' objects find the same
 * maps and the code V8 made for them stays. It holds no program value and is reachable from no
 * execution. It is exported, not because anyone imports it, but because a module-level binding
 * that no function reads is only a local of the module's body, and would die with it.
 */
export const MAP_ANCHOR = createRealm(new JsState({ host: noHost, bounds: DEFAULT_BOUNDS, deadline: Infinity }))

/** Larger sources are compiled every time: keeping them would cost more memory than it saves. */
const MAX_CACHED_SOURCE = 256 * 1024

/** Programs kept, the least recently used going first: many small ones, few large (worker/program-cache.ts). */
const programs = new ProgramCache<CompiledProgram>()

/**
 * The part of a program's cache key that names its bounds: a short number for each distinct set
 * of bounds, found once per bounds object (the default bounds are one object). Spelling the bounds
 * out in every key cost a `1` program a fifth of its time, in the spelling and in hashing the key.
 */
const boundsNumbers = new Map<string, number>()
const boundsKeys = new WeakMap<Bounds, string>()
const boundsKey = (bounds: Bounds): string => {
  let key = boundsKeys.get(bounds)
  if (key === undefined) {
    const spelled = JSON.stringify(bounds)
    let n = boundsNumbers.get(spelled)
    if (n === undefined) boundsNumbers.set(spelled, (n = boundsNumbers.size))
    boundsKeys.set(bounds, (key = `${n}|`))
  }
  return key
}

export function compiledProgram(source: string, bounds: Bounds): CompiledProgram {
  const key = boundsKey(bounds) + source
  const cached = programs.get(key)
  if (cached !== undefined && !cached.busy) return cached
  const st = new JsState({ host: noHost, bounds, deadline: Infinity })
  const program: CompiledProgram = { st, run: compileProgram(parseJavaScript(source, bounds), st, source), busy: false }
  st.release()
  if (cached === undefined && source.length <= MAX_CACHED_SOURCE) {
    programs.set(key, program, source.length)
  }
  return program
}
