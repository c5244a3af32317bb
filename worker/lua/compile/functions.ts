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
 * The code of a function literal is one JavaScript function, made when the program is compiled
 * (`functionEntry`); a Lua closure is that function bound to the closure's upvalue cells, which
 * it receives as its first argument. So the closures a run creates are only bound functions, and
 * the code they all run lives as long as the compiled program (programs.ts). That matters to V8:
 * the optimized code of a function is kept only while some function object that uses it is
 * alive, and a run's closures die with the run — were each closure a JavaScript closure of its
 * own, a GC between two runs would throw their optimized code away and every run would pay to
 * recompile it (`fib(25)` spent a third of its time so).
 *
 * For the same reason a direct call site does not call the bound function but its code, with the
 * cells it carries (`closureOf`): V8 specialises a call site on the function it saw called, and
 * the bound functions are new in every run while the code is not. Called through the bound
 * function, every run's first calls missed that guess, threw the call sites' optimized code away
 * (and the code that had the old closure inlined, once a GC collected it) and waited for it to
 * be recompiled: the second run of `fib(25)` took five times as long as the third.
 *
 * The entry is one of three templates (runtime/hot.ts). It lives in the function literal's `code`
 * (`{ entry }`), which every closure carries: a function called `HOT_CALLS` times is compiled
 * again, its call sites with private call paths, its entry a private copy of the template, and
 * `code.entry` becomes that copy, so the closures made before run it too (`HotFunction`).
 *
 * Compiled functions are named `luaFunction...` (so `bound luaFunction...` once bound) so that
 * `tostring` can tell them from builtins and profiles show them as such.
 */

import type { Chunk, FunctionDeclaration } from "luaparse"
import type { FunctionCode, FunctionEntry } from "../runtime/call.js"
import { HOT_CALLS, privateCopy, template } from "../runtime/hot.js"
import { NO_VALUES, type LuaFunction, type LuaValue } from "../runtime/value.js"
import { compileBlockParts } from "./blocks.js"
import type { Cell, CompileContext, Expr, Frame, Stmt } from "./context.js"
import type { FunctionInfo } from "./scope.js"

/** Compiles a function body; the result makes a new closure from the frame it is created in. */
export function compileFunction(node: FunctionDeclaration, ctx: CompileContext): (R: Frame) => LuaFunction {
  const info = ctx.resolution.functions.get(node)!
  const sources = info.upvalues.map((u) => u.sourceSlot())
  const layout = frameLayout(info)
  const code: FunctionCode = { entry: NO_ENTRY }
  const hot = hotFunction(node, info, code, layout, ctx)
  code.entry = functionEntry(layout, compileBody(node.body, info, ctx, false), ctx.rt.framePool(), code, hot)!
  const nu = sources.length
  const direct = takesDirectArguments(layout)
  return function makeClosure(P: Frame): LuaFunction {
    const cells = new Array<Cell>(nu)
    for (let j = 0; j < nu; j++) cells[j] = P[sources[j]!]
    return closureOf(code, cells, direct)
  }
}

/**
 * The function's count of calls, able to compile it again until the first run ends. Made here and
 * not in `compileFunction`: the closures made there would share the scope of this one's arrow,
 * and so keep the function's syntax tree as long as the program (CompileContext, context.ts).
 */
function hotFunction(node: FunctionDeclaration, info: FunctionInfo, code: FunctionCode, layout: FrameLayout, ctx: CompileContext): HotFunction {
  const hot = new HotFunction(code, () => hotEntry(node, info, code, layout, ctx))
  ctx.rt.keepUpgradable(hot)
  return hot
}

/** What `code.entry` holds while its function is being compiled: never called. */
const NO_ENTRY: FunctionEntry = () => NO_VALUES

/**
 * The function compiled again for its private code (runtime/hot.ts): its call sites each with a
 * private call path, its entry a private copy. Null when copies are refused.
 */
function hotEntry(node: FunctionDeclaration, info: FunctionInfo, code: FunctionCode, layout: FrameLayout, ctx: CompileContext): FunctionEntry | null {
  return functionEntry(layout, compileBody(node.body, info, ctx, true), ctx.rt.framePool(), code, null)
}

/**
 * The calls of one function literal (all its closures), counted by its shared entry until it turns
 * hot; then `code.entry` is its private entry, which every closure's call runs from then on.
 * It can be compiled again only during the run of the program it was compiled for (`forget`).
 */
export class HotFunction {
  private calls = 0
  private counting: boolean
  private upgraded = false

  /** `compileHot` compiles the private entry; null for a function that never turns hot. */
  constructor(
    private readonly code: FunctionCode,
    private compileHot: (() => FunctionEntry | null) | null,
  ) {
    this.counting = compileHot !== null
  }

  /** Counts a call of the shared entry: true when the call is to run `code.entry`, the private entry. */
  called(): boolean {
    if (this.counting && ++this.calls >= HOT_CALLS) this.upgrade()
    return this.upgraded
  }

  /** The program's first run is over: its compile context is let go, and this function stays as it is. */
  forget(): void {
    this.counting = false
    this.compileHot = null
  }

  private upgrade(): void {
    const compileHot = this.compileHot
    this.forget()
    let entry: FunctionEntry | null = null
    try {
      if (compileHot !== null) entry = compileHot()
    } catch {
      // It compiled once already, so only a JavaScript stack too deep to compile on gets here: stay shared.
    }
    if (entry === null) return
    this.code.entry = entry
    this.upgraded = true
  }
}

export function compileFunctionExpression(node: FunctionDeclaration, ctx: CompileContext): Expr {
  return compileFunction(node, ctx)
}

/** The main chunk: a vararg function without parameters or upvalues, run once (never hot). */
export function compileMainChunk(chunk: Chunk, ctx: CompileContext): LuaFunction {
  const info = ctx.resolution.functions.get(chunk)!
  const body = compileBody(chunk.body, info, ctx, false)
  const code: FunctionCode = { entry: NO_ENTRY }
  // The shared template, with a count that never turns hot: the chunk runs once a run.
  code.entry = functionEntry(frameLayout(info), body, ctx.rt.framePool(), code, new HotFunction(code, null))!
  return closureOf(code, [], false)
}

/** A compiled function body: the block, and its statements when it has no labels. */
interface Body {
  readonly body: Stmt
  readonly parts: Stmt[] | null
}

/** Compiles a function's statements; `hot`: for its private code (`ctx.hot`, runtime/hot.ts). */
function compileBody(statements: FunctionDeclaration["body"], info: FunctionInfo, ctx: CompileContext, hot: boolean): Body {
  const outer = { fn: ctx.fn, labels: ctx.labels, loops: ctx.loops, hot: ctx.hot }
  ctx.fn = info
  ctx.labels = null
  ctx.loops = 0
  ctx.hot = hot
  try {
    return compileBlockParts(statements, ctx)
  } finally {
    ctx.fn = outer.fn
    ctx.labels = outer.labels
    ctx.loops = outer.loops
    ctx.hot = outer.hot
  }
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

/**
 * A Lua closure: its function's entry bound to its upvalue cells, so that a plain call `f(args)`
 * (builtins, `pcall`, the tail-call loop) runs it, and carrying its function's code and the cells
 * themselves so that a direct call site can call the entry (`invokeDirect`, runtime/call.ts), the
 * private one once the function is hot. Every closure gets the three properties in the same
 * order, so all compiled functions share one map.
 */
function closureOf(code: FunctionCode, cells: Cell[], direct: boolean): LuaFunction {
  const closure = code.entry.bind(null, cells) as LuaFunction & { direct: boolean; code: FunctionCode; cells: Cell[] }
  closure.direct = direct
  closure.code = code
  closure.cells = cells
  return closure
}

/** Parameters a function may have and still take its arguments directly (runtime/call.ts). */
const MAX_DIRECT_PARAMS = 3

/** True when the function's closures are called directly by call sites with few arguments. */
function takesDirectArguments(layout: FrameLayout): boolean {
  return layout.vararg < 0 && layout.params <= MAX_DIRECT_PARAMS
}

/**
 * The frame of a call of a function without varargs or boxed parameters: the parameters from the
 * argument list, or from `a`, `b`, `c` when a call site passed them directly, then the upvalue cells.
 */
const frameTemplate = template(function frameTemplate() {
  return function plainFrame(
    free: Frame[],
    size: number,
    params: number,
    upvalueStart: number,
    cells: Cell[],
    args: LuaValue[] | null,
    a: LuaValue,
    b: LuaValue,
    c: LuaValue,
  ): Frame {
    const R: Frame = free.length > 0 ? free.pop()! : new Array(size)
    if (args === null) {
      if (params > 0) R[0] = a
      if (params > 1) R[1] = b
      if (params > 2) R[2] = c
    } else {
      for (let i = 0; i < params; i++) R[i] = args[i]
    }
    for (let j = 0; j < cells.length; j++) R[upvalueStart + j] = cells[j]
    return R
  }
})
const plainFrame = frameTemplate()

/**
 * Frame pooling. A frame is never reachable after its call returns: closures collect their
 * cells from it when they are made, results are fresh lists, and Code Mode has no coroutines. So
 * the plain entries below hand their frame back to their function's pool on a normal return and
 * the next call takes it instead of allocating (`fib(25)` made 240,000 frames, a scavenge every
 * few milliseconds). A frame is cleared first: a pooled frame must keep nothing alive (a deep
 * recursion's pool would otherwise pin every table its calls built) and never shows the next
 * call a value, though scoping already writes every slot before it is read. A call that unwinds
 * by an exception just drops its frame; the pools are emptied when the execution ends
 * (`Runtime.release`), so nothing crosses from one execution to the next.
 */
const recycleTemplate = template(function recycleTemplate() {
  return function recycleFrame(free: Frame[], R: Frame, size: number): void {
    for (let i = 0; i < size; i++) R[i] = undefined
    free.push(R)
  }
})
const recycleFrame = recycleTemplate()

/**
 * The entry of a function literal, from one of three templates. The shared entry (`hot` given)
 * counts its calls and, once the function is hot, hands each call that still reaches it (through
 * a closure bound before) to the private entry; the private entry is a copy of the same template
 * with `hot` null, or null when copies are refused.
 */
function functionEntry(layout: FrameLayout, compiled: Body, free: Frame[], code: FunctionCode, hot: HotFunction | null): FunctionEntry | null {
  const { size, params, boxedParams, upvalueStart, vararg } = layout
  const { body, parts } = compiled
  const made = hot === null ? privateCopy : shared
  if (vararg < 0 && boxedParams.length === 0) {
    const { frame, recycle } = hot === null ? privateFrames() : SHARED_FRAMES
    if (parts !== null && parts.length === 2) {
      // Two statements (`if n < 2 then return n end; return ...`): run here, one call fewer.
      const [first, second] = parts as [Stmt, Stmt]
      return made(entryOfTwo)?.(frame, recycle, NO_VALUES, free, size, params, upvalueStart, first, second, code, hot) ?? null
    }
    return made(plainEntry)?.(frame, recycle, NO_VALUES, free, size, params, upvalueStart, body, code, hot) ?? null
  }
  return made(generalEntry)?.(NO_VALUES, size, params, boxedParams, upvalueStart, vararg, body, code, hot) ?? null
}

const shared = <F>(factory: F): F => factory

interface FrameFunctions {
  readonly frame: typeof plainFrame
  readonly recycle: typeof recycleFrame
}

const SHARED_FRAMES: FrameFunctions = { frame: plainFrame, recycle: recycleFrame }

/**
 * Frame functions of a private entry's own. Shared, their stores see the frames of every
 * function of every program, of every elements kind, and V8 optimizes them for none: recycling
 * alone was a fifth of `fib(25)`'s time. Copies see one function's frames (fib: 0.66-0.72x the
 * CPU time, json 0.94-0.98x, the loop unchanged; same-process A/B, three processes).
 */
function privateFrames(): FrameFunctions {
  return { frame: privateCopy(frameTemplate)?.() ?? plainFrame, recycle: privateCopy(recycleTemplate)?.() ?? recycleFrame }
}

const entryOfTwo = template(function entryOfTwo(
  frame: typeof plainFrame,
  recycle: typeof recycleFrame,
  NONE: LuaValue[],
  free: Frame[],
  size: number,
  params: number,
  upvalueStart: number,
  first: Stmt,
  second: Stmt,
  code: FunctionCode,
  hot: HotFunction | null,
): FunctionEntry {
  return function luaFunctionOfTwo(cells, args, a, b, c) {
    if (hot !== null && hot.called()) return code.entry(cells, args, a, b, c)
    const R = frame(free, size, params, upvalueStart, cells, args, a, b, c)
    let done = first(R)
    if (done === undefined) done = second(R)
    recycle(free, R, size)
    return done === undefined ? NONE : done
  }
})

const plainEntry = template(function plainEntry(
  frame: typeof plainFrame,
  recycle: typeof recycleFrame,
  NONE: LuaValue[],
  free: Frame[],
  size: number,
  params: number,
  upvalueStart: number,
  body: Stmt,
  code: FunctionCode,
  hot: HotFunction | null,
): FunctionEntry {
  return function luaFunction(cells, args, a, b, c) {
    if (hot !== null && hot.called()) return code.entry(cells, args, a, b, c)
    const R = frame(free, size, params, upvalueStart, cells, args, a, b, c)
    const done = body(R)
    recycle(free, R, size)
    return done === undefined ? NONE : done
  }
})

/** Varargs or parameters in cells: a fresh frame each call, never pooled. */
const generalEntry = template(function generalEntry(
  NONE: LuaValue[],
  size: number,
  params: number,
  boxedParams: number[],
  upvalueStart: number,
  vararg: number,
  body: Stmt,
  code: FunctionCode,
  hot: HotFunction | null,
): FunctionEntry {
  return function luaFunctionGeneral(cells, args, a, b, c) {
    if (hot !== null && hot.called()) return code.entry(cells, args, a, b, c)
    const R: Frame = new Array(size)
    if (args === null) {
      // Only functions without varargs are called so (`takesDirectArguments`).
      if (params > 0) R[0] = a
      if (params > 1) R[1] = b
      if (params > 2) R[2] = c
    } else {
      for (let i = 0; i < params; i++) R[i] = args[i]
      if (vararg >= 0) R[vararg] = args.length > params ? args.slice(params) : NONE
    }
    for (let i = 0; i < boxedParams.length; i++) {
      const slot = boxedParams[i]!
      R[slot] = { v: R[slot] }
    }
    for (let j = 0; j < cells.length; j++) R[upvalueStart + j] = cells[j]
    const done = body(R)
    return done === undefined ? NONE : done
  }
})
