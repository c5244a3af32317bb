/**
 * The compiler's entry: a parsed program becomes the main chunk as a `LuaFunction`.
 *
 * Two passes over the tree, both at compile time: scope resolution (scope.ts) decides where every
 * variable lives, then one compile function per node type (expressions.ts and statements.ts hold
 * the dispatch tables) builds the closures. After that the tree is no longer needed.
 */

import type { ParsedProgram } from "../parse.js"
import type { LuaState } from "../runtime/state.js"
import type { LuaFunction } from "../runtime/value.js"
import type { Globals } from "../stdlib/index.js"
import { CompileContext } from "./context.js"
import { compileMainChunk } from "./functions.js"
import { resolveScopes } from "./scope.js"

export function compileProgram(program: ParsedProgram, st: LuaState, globals: Globals): LuaFunction {
  const resolution = resolveScopes(program.chunk, program.bytes, program.constants)
  const main = resolution.functions.get(program.chunk)!
  const ctx = new CompileContext(st, globals.G, globals.strings, resolution, program.bytes, globals.iterators, main)
  return compileMainChunk(program.chunk, ctx)
}
