/**
 * Loops: `while`, `repeat`, numeric `for`, generic `for`.
 *
 * Every iteration spends one unit of fuel (the back-edge), which is how an endless loop meets
 * its work budget, its deadline and the host's interrupt flag. A body completing with `BREAK`
 * ends the loop; any other completion (a return, a `goto` out of the loop) unwinds further.
 *
 * Numeric `for` follows Lua 5.4: when the initial value and the step are integers the loop is an
 * integer loop whose iteration count is computed up front (`forLoopCount`), so it can neither
 * overflow nor run forever by wrapping; it runs on plain numbers when the whole range is safe,
 * on bigints otherwise. Any other loop is a float loop, whose control variable is a float.
 *
 * Generic `for` calls its iterator function each step — except that it recognises the two
 * iterators nearly every loop uses, `next` (from `pairs`) and the `ipairs` iterator, with a table
 * as the state, and then walks the table itself (the array part, then the hash in insertion
 * order) without a call per step. The program cannot tell the difference: the values and the
 * order are what calling `next` would give.
 */

import type { ForGenericStatement, ForNumericStatement, RepeatStatement, WhileStatement } from "luaparse"
import { LuaMessages, variableInfo } from "../messages.js"
import { ArithmeticFault, forLoopCount, forLoopFloat, forLoopIsSafe, numberMessages } from "../runtime/number.js"
import { invoke, noteSavedLine } from "../runtime/call.js"
import { HOT_ITERATIONS, privateCopy, template } from "../runtime/hot.js"
import type { LuaState } from "../runtime/state.js"
import { LuaError, LuaFloat, LuaTable, canonicalFloat, canonicalInteger, typeName, type LuaFunction, type LuaValue } from "../runtime/value.js"
import { compileBlock } from "./blocks.js"
import { callSite, compileCallOther } from "./calls.js"
import { BREAK, type CompileContext, type Completion, type Frame, type Stmt, type Test } from "./context.js"
import { compileExpression, compileListToArray, compileValueList } from "./expressions.js"
import { compileTest } from "./operators.js"
import { declareLocal } from "./statements.js"

function loopBody(statements: Parameters<typeof compileBlock>[0], ctx: CompileContext): Stmt {
  ctx.loops++
  const body = compileBlock(statements, ctx)
  ctx.loops--
  return body
}

export function compileWhileStatement(node: WhileStatement, ctx: CompileContext): Stmt {
  const test = compileTest(node.condition, ctx)
  const body = loopBody(node.body, ctx)
  const line = ctx.line(node)
  return hotLoop(ctx, whileLoop, ctx.rt, test, body, line, BREAK)[0]
}

/**
 * The template of `while`. `tested`: the private copy goes on from an iteration whose test the
 * shared loop has evaluated already (a test may have side effects: it runs once per iteration).
 */
const whileLoop = template(function whileLoop(rt: CompileContext["rt"], test: Test, body: Stmt, line: number, BRK: LuaValue[], hot: HotLoop<LoopStatement> | null): LoopStatement {
  return function whileLoop(R, tested) {
    if (hot !== null && hot.loop !== null) return hot.loop(R, false)
    const st = rt.st
    while (tested === true || test(R)) {
      tested = false
      if (hot !== null && hot.iterated()) return hot.loop!(R, true)
      if (--st.fuel <= 0) st.refuelAt(line)
      const c = body(R)
      if (c !== undefined) {
        if (c === BRK) break
        return c
      }
    }
    return undefined
  }
})

export function compileRepeatStatement(node: RepeatStatement, ctx: CompileContext): Stmt {
  const body = loopBody(node.body, ctx)
  const test = compileTest(node.condition, ctx)
  const line = ctx.line(node)
  return hotLoop(ctx, repeatLoop, ctx.rt, test, body, line, BREAK)[0]
}

/** The template of `repeat`: the private copy goes on from the start of an iteration, as a fresh loop does. */
const repeatLoop = template(function repeatLoop(rt: CompileContext["rt"], test: Test, body: Stmt, line: number, BRK: LuaValue[], hot: HotLoop<LoopStatement> | null): LoopStatement {
  return function repeatLoop(R) {
    if (hot !== null && hot.loop !== null) return hot.loop(R, false)
    const st = rt.st
    do {
      if (hot !== null && hot.iterated()) return hot.loop!(R, false)
      if (--st.fuel <= 0) st.refuelAt(line)
      const c = body(R)
      if (c !== undefined) {
        if (c === BRK) break
        return c
      }
    } while (!test(R))
    return undefined
  }
})

/** A `while` or `repeat` statement; `tested` (private copies only): the first iteration's test has run. */
type LoopStatement = (R: Frame, tested?: boolean) => Completion

/**
 * A loop's shared closure from its template and what the template takes before `hot`, and the
 * count that hands the loop to its private copy once it is hot. In a function compiled again
 * because it is hot, the copy is made at once and runs every execution of the loop.
 */
function hotLoop<Loop, Deps extends unknown[]>(ctx: CompileContext, factory: (...args: [...Deps, HotLoop<Loop> | null]) => Loop, ...deps: Deps): [Loop, HotLoop<Loop>] {
  const copy = (): Loop | null => privateCopy(factory as never as (...args: unknown[]) => Loop)?.(...deps, null) ?? null
  const hot = new HotLoop<Loop>(copy)
  if (ctx.hot) hot.loop = copy()
  return [factory(...deps, hot), hot]
}

// ---------------------------------------------------------------------------------------------
// Numeric for

export function compileForNumericStatement(node: ForNumericStatement, ctx: CompileContext): Stmt {
  const start = compileExpression(node.start, ctx)
  const limit = compileExpression(node.end, ctx)
  const step = node.step === null ? null : compileExpression(node.step, ctx)
  const binding = ctx.resolution.declarations.get(node.variable)!
  const slot = binding.slot
  const boxed = binding.captured
  const body = loopBody(node.body, ctx)
  const rt = ctx.rt
  const line = ctx.line(node)
  const [sharedLoop, hot] = hotLoop(ctx, countedLoop, slot, boxed, body, line, BREAK)
  const fault = (error: unknown): unknown =>
    error instanceof ArithmeticFault ? new LuaError(rt.st.where(line) + error.message) : error

  /** The float loop, and the integer loop beyond the safe range: out of line, rarely taken. */
  const slowLoop = (R: Frame, a: LuaValue, b: LuaValue, c: LuaValue): Completion => {
    const st = rt.st
    const set = declareLocal(binding)
    if (isIntegerValue(a) && isIntegerValue(c)) {
      let count: number
      try {
        count = forLoopCount(a, b, c)
      } catch (error) {
        throw fault(error)
      }
      let i = BigInt(a)
      const by = BigInt(c)
      for (; count > 0; count--) {
        if (--st.fuel <= 0) st.refuelAt(line)
        set(R, canonicalInteger(i))
        const r = body(R)
        if (r !== undefined) {
          if (r === BREAK) break
          return r
        }
        i += by
      }
      return undefined
    }
    let last: number, by: number, x: number
    try {
      last = forLoopFloat(b, "limit")
      by = forLoopFloat(c, "step")
      x = forLoopFloat(a, "initial value")
    } catch (error) {
      throw fault(error)
    }
    if (by === 0) rt.fail(line, numberMessages.forStepZero())
    for (; by > 0 ? x <= last : x >= last; x += by) {
      if (--st.fuel <= 0) st.refuelAt(line)
      set(R, canonicalFloat(x))
      const r = body(R)
      if (r !== undefined) {
        if (r === BREAK) break
        return r
      }
    }
    return undefined
  }

  return function forNumeric(R: Frame): Completion {
    const a = start(R)
    const b = limit(R)
    const c = step === null ? 1 : step(R)
    noteSavedLine(rt.st, line)
    if (typeof a === "number" && typeof c === "number" && Number.isInteger(a) && Number.isInteger(c)) {
      let count: number
      try {
        count = forLoopCount(a, b, c)
      } catch (error) {
        throw fault(error)
      }
      if (forLoopIsSafe(a, c, count)) return (hot.loop ?? sharedLoop)(R, rt.st, a, c, count)
    }
    return slowLoop(R, a, b, c)
  }
}

/** The integer loop of a numeric `for` on plain numbers: `count` iterations from `i` by `c`. */
type CountedLoop = (R: Frame, st: LuaState, i: number, c: number, count: number) => Completion

/**
 * The iterations of one loop statement, counted by its shared closure until it turns hot; then
 * `loop` is its private copy (runtime/hot.ts), which goes on from the iteration the shared one was
 * at and runs every later execution of the statement.
 */
class HotLoop<Loop> {
  private iterations = 0
  loop: Loop | null = null

  constructor(private readonly copy: () => Loop | null) {}

  /** Counts an iteration of the shared loop: true when the rest of the loop is to run in `loop`. */
  iterated(): boolean {
    if (++this.iterations !== HOT_ITERATIONS) return false
    this.loop = this.copy()
    return this.loop !== null
  }
}

/**
 * The template of the integer loop. The shared copy (`hot` given) counts its iterations and, at
 * the one that makes it hot, hands the rest to the private copy, before spending that iteration's
 * fuel; the private copy has `hot` null.
 */
const countedLoop = template(function countedLoop(slot: number, boxed: boolean, body: Stmt, line: number, BRK: LuaValue[], hot: HotLoop<CountedLoop> | null): CountedLoop {
  return function integerLoop(R, st, i, c, count) {
    for (; count > 0; count--) {
      if (hot !== null && hot.iterated()) return hot.loop!(R, st, i, c, count)
      if (--st.fuel <= 0) st.refuelAt(line)
      R[slot] = boxed ? { v: i } : i
      const r = body(R)
      if (r !== undefined) {
        if (r === BRK) break
        return r
      }
      i += c
    }
    return undefined
  }
})

const isIntegerValue = (v: LuaValue): v is number | bigint =>
  typeof v === "number" ? Number.isInteger(v) : typeof v === "bigint"

// ---------------------------------------------------------------------------------------------
// Generic for

export function compileForGenericStatement(node: ForGenericStatement, ctx: CompileContext): Stmt {
  const init = compileListToArray(compileValueList(node.iterators, ctx))
  const bindings = node.variables.map((v) => ctx.resolution.declarations.get(v)!)
  const stores = bindings.map(declareLocal)
  const [setKey, setValue] = [stores[0]!, stores[1]]
  const extra = stores.slice(2)
  const body = loopBody(node.body, ctx)
  const rt = ctx.rt
  const line = ctx.line(node)
  const info = variableInfo("for iterator", "for iterator")
  const callOther = compileCallOther(ctx, line, info)
  const site = callSite(line, info, false)

  const step = (R: Frame, k: LuaValue, v: LuaValue): Completion => {
    const st = rt.st
    if (--st.fuel <= 0) st.refuelAt(line)
    setKey(R, k)
    if (setValue !== undefined) setValue(R, v)
    for (let i = 0; i < extra.length; i++) extra[i]!(R, undefined)
    return body(R)
  }

  const walkTable = (R: Frame, t: LuaTable): Completion => {
    // The array part as it is kept (one array, or segments), so a loop never copies it.
    let offset = 0
    for (const array of t.arraySegments()) {
      for (let i = 0; i < array.length; i++) {
        const v = array[i]
        if (v === undefined) continue
        const r = step(R, offset + i + 1, v)
        if (r !== undefined) return r === BREAK ? undefined : r
      }
      offset += array.length
    }
    const keys = t.keys
    if (keys !== null) {
      const values = t.values!
      for (let i = 0; i < keys.length; i++) {
        const v = values[i]
        if (v === undefined) continue
        const key = keys[i]
        const k = typeof key === "number" && Number.isInteger(key) && !Number.isSafeInteger(key) ? new LuaFloat(key) : key
        const r = step(R, k as LuaValue, v)
        if (r !== undefined) return r === BREAK ? undefined : r
      }
      return undefined
    }
    const hash = t.hash
    if (hash === null) return undefined
    for (const [key, v] of hash) {
      if (v === undefined) continue
      const k = typeof key === "number" && Number.isInteger(key) && !Number.isSafeInteger(key) ? new LuaFloat(key) : key
      const r = step(R, k as LuaValue, v)
      if (r !== undefined) return r === BREAK ? undefined : r
    }
    return undefined
  }

  const walkArray = (R: Frame, t: LuaTable): Completion => {
    for (let i = 1; ; i++) {
      const v = t.get(i)
      if (v === undefined) return undefined
      const r = step(R, i, v)
      if (r !== undefined) return r === BREAK ? undefined : r
    }
  }

  return function forGeneric(R: Frame): Completion {
    const st = rt.st
    const iterators = rt.iterators
    const values = init(R)
    const f = values[0]
    const s = values[1]
    let control = values[2]
    if (f === iterators.next && control === undefined) {
      if (s instanceof LuaTable) return walkTable(R, s)
      rt.fail(line, LuaMessages.forIteratorArgument(typeName(s)))
    }
    if (f === iterators.ipairs && s instanceof LuaTable && control === 0) return walkArray(R, s)
    for (;;) {
      const args: LuaValue[] = [s, control]
      const results = typeof f === "function" ? invoke(st, f as LuaFunction, args, site) : callOther(f, args)
      const k = results[0]
      if (k === undefined) return undefined
      control = k
      if (--st.fuel <= 0) st.refuelAt(line)
      setKey(R, k)
      if (setValue !== undefined) setValue(R, results[1])
      for (let i = 0; i < extra.length; i++) extra[i]!(R, results[i + 2])
      const r = body(R)
      if (r !== undefined) {
        if (r === BREAK) return undefined
        return r
      }
    }
  }
}
