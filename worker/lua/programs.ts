/**
 * Recently compiled programs, kept so that running a program again skips parsing and compiling.
 *
 * Compiling is cheap next to most runs; what a second run really gains is V8's work. V8 optimizes
 * the closures of a program as they run, inlining the very closures they call; closures compiled
 * anew for each run are new objects, so each run would start again from cold code (and the old
 * optimized code is thrown away once the old closures die). Keeping the compiled program keeps
 * its statement and expression closures — the same objects from run to run — and the code V8 made
 * for them. (The Lua functions a program creates as it runs are new in every run, as Lua requires.)
 * Nothing of an execution survives in it: the closures reach the state and globals only through
 * their `Runtime`, which `runLua` binds to a fresh state and fresh globals before each run and
 * releases after.
 *
 * A program is cached under its source and the bounds that shape parsing and compiling. One
 * compiled program runs one execution at a time: if it is busy (a host that runs Lua from inside
 * a tool call), the other execution compiles its own copy.
 */

import type { Bounds } from "../../protocol/bounds.js"
import { ProgramCache } from "../program-cache.js"
import { compileProgram, type CompiledProgram } from "./compile/index.js"
import { parseLua } from "./parse.js"

export interface CachedProgram extends CompiledProgram {
  busy: boolean
}

/** Larger sources are compiled every time: keeping them would cost more memory than it saves. */
const MAX_CACHED_SOURCE = 256 * 1024

/** Programs kept, the least recently used going first: many small ones, few large (worker/program-cache.ts). */
const programs = new ProgramCache<CachedProgram>()

export function compiledProgram(source: string, bounds: Bounds): CachedProgram {
  const key = `${bounds.maxSourceBytes}|${bounds.maxSyntaxDepth}|${bounds.maxTableEntries}|${bounds.maxStringBytes}|${source}`
  const cached = programs.get(key)
  if (cached !== undefined && !cached.busy) return cached
  const program: CachedProgram = { ...compileProgram(parseLua(source, bounds), bounds), busy: false }
  if (cached === undefined && source.length <= MAX_CACHED_SOURCE) {
    programs.set(key, program, source.length)
  }
  return program
}
