/**
 * Functions: a function body compiles once into a closure factory; running the `function`
 * expression calls the factory, which gathers the upvalue cells from the current frame and
 * returns a `LuaFunction`.
 *
 * A call of that function allocates its frame (`frameSize` slots, see scope.ts), copies the
 * parameters in (a captured parameter gets its cell), copies the upvalue cells into their fixed
 * slots, keeps the arguments beyond the parameters as its varargs, and runs the body. Whatever
 * array the body completes with is the result list (`TAIL_CALL` included); falling off the end
 * returns no values.
 *
 * Compiled functions are named `luaFunction...` so that `tostring` can tell them from builtins
 * and profiles show them as such.
 */

import type { Chunk, FunctionDeclaration } from "luaparse"
import { NO_VALUES, type LuaFunction, type LuaValue } from "../runtime/value.js"
import { compileBlock } from "./blocks.js"
import type { Cell, CompileContext, Expr, Frame, Stmt } from "./context.js"
import type { FunctionInfo } from "./scope.js"

/** Compiles a function body; the result makes a new closure from the frame it is created in. */
export function compileFunction(node: FunctionDeclaration, ctx: CompileContext): (R: Frame) => LuaFunction {
  const info = ctx.resolution.functions.get(node)!
  const body = compileBody(node.body, info, ctx)
  const sources = info.upvalues.map((u) => u.sourceSlot())
  const layout = frameLayout(info)
  const nu = sources.length
  return function makeClosure(P: Frame): LuaFunction {
    const cells = new Array<Cell>(nu)
    for (let j = 0; j < nu; j++) cells[j] = P[sources[j]!]
    return makeLuaFunction(layout, cells, body)
  }
}

export function compileFunctionExpression(node: FunctionDeclaration, ctx: CompileContext): Expr {
  return compileFunction(node, ctx)
}

/** The main chunk: a vararg function without parameters or upvalues. */
export function compileMainChunk(chunk: Chunk, ctx: CompileContext): LuaFunction {
  const info = ctx.resolution.functions.get(chunk)!
  const body = compileBody(chunk.body, info, ctx)
  return makeLuaFunction(frameLayout(info), [], body)
}

function compileBody(statements: FunctionDeclaration["body"], info: FunctionInfo, ctx: CompileContext): Stmt {
  const outer = { fn: ctx.fn, labels: ctx.labels, loops: ctx.loops }
  ctx.fn = info
  ctx.labels = null
  ctx.loops = 0
  const body = compileBlock(statements, ctx)
  ctx.fn = outer.fn
  ctx.labels = outer.labels
  ctx.loops = outer.loops
  return body
}

interface FrameLayout {
  readonly size: number
  readonly params: number
  /** Slots of parameters that live in cells. */
  readonly boxedParams: number[]
  readonly upvalueStart: number
  /** Slot of the varargs, or -1. */
  readonly vararg: number
}

function frameLayout(info: FunctionInfo): FrameLayout {
  return {
    size: info.frameSize,
    params: info.params.length,
    boxedParams: info.params.filter((p) => p.captured).map((p) => p.slot),
    upvalueStart: info.localSlots,
    vararg: info.isVararg ? info.varargSlot : -1,
  }
}

function makeLuaFunction(layout: FrameLayout, cells: Cell[], body: Stmt): LuaFunction {
  const { size, params, boxedParams, upvalueStart, vararg } = layout
  const nu = cells.length
  if (vararg < 0 && boxedParams.length === 0) {
    return function luaFunction(args: LuaValue[]): LuaValue[] {
      const R: Frame = new Array(size)
      for (let i = 0; i < params; i++) R[i] = args[i]
      for (let j = 0; j < nu; j++) R[upvalueStart + j] = cells[j]
      const c = body(R)
      return c === undefined ? NO_VALUES : c
    }
  }
  return function luaFunctionGeneral(args: LuaValue[]): LuaValue[] {
    const R: Frame = new Array(size)
    for (let i = 0; i < params; i++) R[i] = args[i]
    for (let i = 0; i < boxedParams.length; i++) {
      const slot = boxedParams[i]!
      R[slot] = { v: R[slot] }
    }
    for (let j = 0; j < nu; j++) R[upvalueStart + j] = cells[j]
    if (vararg >= 0) R[vararg] = args.length > params ? args.slice(params) : NO_VALUES
    const c = body(R)
    return c === undefined ? NO_VALUES : c
  }
}
