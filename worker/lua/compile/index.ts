/**
 * The compiler's entry: a parsed program becomes the main chunk as a `LuaFunction`.
 *
 * Two passes over the tree, both at compile time: scope resolution (scope.ts) decides where every
 * variable lives, then one compile function per node type (expressions.ts and statements.ts hold
 * the dispatch tables) builds the closures. After that the tree is no longer needed: the closures
 * hold only the `Runtime`, which each execution binds to its own state and globals.
 */

import type { Bounds } from "../../../protocol/bounds.js"
import type { ParsedProgram } from "../parse.js"
import type { LuaFunction } from "../runtime/value.js"
import { CompileContext, Runtime } from "./context.js"
import { compileMainChunk } from "./functions.js"
import { resolveScopes } from "./scope.js"
import { describeScopes } from "./trace.js"

export interface CompiledProgram {
  readonly main: LuaFunction
  /** Bind it to an execution's state and globals before calling `main`. */
  readonly runtime: Runtime
}

export function compileProgram(program: ParsedProgram, bounds: Bounds): CompiledProgram {
  const resolution = resolveScopes(program.chunk, program.bytes, program.constants)
  if (process.env.CODEMODE_TRACE === "1") process.stderr.write(`${describeScopes(resolution)}\n`)
  const main = resolution.functions.get(program.chunk)!
  const runtime = new Runtime()
  const ctx = new CompileContext(runtime, bounds, resolution, program.bytes, main)
  return { main: compileMainChunk(program.chunk, ctx), runtime }
}
