/**
 * Loops in resumable code (see resumable.ts): `while`, `do-while`, `for`, `for-in`, `for-of` whose
 * body or head suspends, and `for await`, which always does.
 *
 * They are the plain loops of loops.ts with `yield*` wherever a part may suspend, and share their
 * skeleton, exported there: each loop's pieces are compiled by the same `compile...Parts` function
 * through the resumable `LoopForm` below (statements and expressions as generator functions, the
 * loop target with a resumable writer when its pattern suspends), and the test (`isTrue`), what a
 * body's completion does (`loopControl`) and the per-iteration cells are the plain loops' own;
 * fuel is spent at every back-edge in both. Only the run-time loops stay twins: a generator
 * function cannot be the plain loop without making every plain loop pay for suspending. `for-of` pulls one
 * value at a time and closes the iterator when the loop is left early — by break, return, throw,
 * or a `return()` of the generator the loop runs in (`GeneratorReturn`).
 *
 * `for await` follows the specification's steps: `next()` is called and its result awaited every
 * iteration (the iterator comes from `getAsyncIterator`, which wraps sync iterables), and leaving
 * early awaits the iterator's `return()`; when the loop is left by an exception, errors from
 * closing are dropped so the original exception wins.
 */

import { getAsyncIterator } from "../runtime/async-iteration.js"
import { DONE, Stepper } from "../runtime/iterate.js"
import { GeneratorReturn } from "../runtime/generator.js"
import { JsObject, type Value } from "../runtime/object.js"
import { getV, truthy } from "../runtime/ops.js"
import { AwaitRequest } from "../runtime/promise.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"
import type { DoWhileStatement, ForInStatement, ForOfStatement, ForStatement, WhileStatement } from "acorn"
import type { CompileContext, Completion, Frame } from "./context.js"
import { sourceText } from "./expressions.js"
import { compileForEachParts, compileForParts, compileWhileParts, forInKeys, isTrue, loopControl, type LoopForm } from "./loops.js"
import { compileResumableStatement, rexpr, type RExpr, type RStmt } from "./resumable.js"
import { compileResumableLoopTarget, type ResumableLoopTarget } from "./resumable-patterns.js"

/** The resumable form: generator functions. */
const RESUMABLE: LoopForm<RStmt, RExpr, ResumableLoopTarget> = {
  statement: (node, ctx) => compileResumableStatement(node, ctx),
  expression: (node, ctx) => rexpr(node, ctx),
  discard: (e) => exprAsStatement(e),
  target: (node, ctx) => compileResumableLoopTarget(node, ctx),
}

export function compileResumableFor(node: ForStatement, ctx: CompileContext): RStmt {
  const st = ctx.st
  const { labels, entry, init, test, update, body, copyCells } = compileForParts(node, ctx, RESUMABLE)
  return function* forLoop(R: Frame) {
    if (entry !== null) entry(R)
    if (init !== null) yield* init(R)
    for (;;) {
      if (test !== null) {
        const t = yield* test(R)
        if (!isTrue(t)) break
      }
      if (--st.fuel <= 0) st.refuel()
      const c = yield* body(R)
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) break
        if (k === 2) return c
      }
      if (copyCells !== null) copyCells(R)
      if (update !== null) yield* update(R)
    }
    return undefined
  }
}

const exprAsStatement = (e: RExpr): RStmt =>
  function* expression(R: Frame) {
    yield* e(R)
    return undefined
  }

export function compileResumableWhile(node: WhileStatement | DoWhileStatement, ctx: CompileContext, doWhile: boolean): RStmt {
  const st = ctx.st
  const { labels, test, body } = compileWhileParts(node, ctx, RESUMABLE)
  return function* whileLoop(R: Frame) {
    let first = doWhile
    for (;;) {
      if (!first) {
        const t = yield* test(R)
        if (!isTrue(t)) break
      }
      first = false
      if (--st.fuel <= 0) st.refuel()
      const c = yield* body(R)
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) break
        if (k === 2) return c
      }
    }
    return undefined
  }
}

export function compileResumableForEach(node: ForInStatement | ForOfStatement, ctx: CompileContext, keys: boolean): RStmt {
  const st = ctx.st
  const { labels, right, tdz, target, body } = compileForEachParts(node, ctx, RESUMABLE)
  const { entry, write, rwrite } = target
  return function* forEachLoop(R: Frame) {
    if (tdz !== null) tdz(R)
    const source = yield* right(R)
    // Values are pulled one at a time (an endless generator is fine as long as the loop stops),
    // and the iterator is closed when the loop leaves early, by break, return, throw or a
    // return() of the generator this loop runs in.
    const keyList = keys ? forInKeys(source) : null
    const stepper = keys ? null : new Stepper(st, source)
    let index = 0
    for (;;) {
      const v = keyList !== null ? (index < keyList.length ? keyList[index++]! : DONE) : stepper!.next()
      if (v === DONE) break
      if (--st.fuel <= 0) st.refuel()
      let c: Completion
      try {
        if (entry !== null) entry(R)
        if (rwrite !== null) yield* rwrite(R, v)
        else write(R, v)
        c = yield* body(R)
      } catch (error) {
        // IteratorClose: a throw keeps its own error; a generator's return() lets one from return() through.
        if (stepper !== null && error instanceof ThrowSignal) stepper.closeQuietly()
        else if (stepper !== null && error instanceof GeneratorReturn) stepper.close()
        throw error
      }
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) {
          stepper?.close()
          break
        }
        if (k === 2) {
          stepper?.close()
          return c
        }
      }
    }
    return undefined
  }
}

export function compileForAwait(node: ForOfStatement, ctx: CompileContext): RStmt {
  const st = ctx.st
  const { labels, right, tdz, target, body, line } = compileForEachParts(node, ctx, RESUMABLE)
  const { entry, write, rwrite } = target
  const text = sourceText(node.right, ctx)
  return function* forAwaitLoop(R: Frame) {
    if (tdz !== null) tdz(R)
    const source = yield* right(R)
    st.line = line
    const iterator = getAsyncIterator(st, source, text)
    const next = getV(st, iterator, "next")
    for (;;) {
      const r = (yield new AwaitRequest(st.call(next, iterator, []))) as Value
      if (!(r instanceof JsObject)) throw st.typeError(`Iterator result ${st.realm.describe(r)} is not an object`, line)
      if (truthy(r.get(st, "done"))) break
      const v = r.get(st, "value")
      if (--st.fuel <= 0) st.refuel()
      let c: Completion
      try {
        if (entry !== null) entry(R)
        if (rwrite !== null) yield* rwrite(R, v)
        else write(R, v)
        c = yield* body(R)
      } catch (error) {
        if (error instanceof ThrowSignal) yield* closeAsyncIterator(st, iterator, true)
        else if (error instanceof GeneratorReturn) yield* closeAsyncIterator(st, iterator, false)
        throw error
      }
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 0) continue
        yield* closeAsyncIterator(st, iterator, false)
        if (k === 1) break
        return c
      }
    }
    return undefined
  }
}

/** AsyncIteratorClose: calls and awaits `return()`; `quietly` (leaving by a throw) drops its errors. */
export function* closeAsyncIterator(st: JsState, iterator: JsObject, quietly: boolean): Generator<unknown, void, Value> {
  try {
    const ret = iterator.get(st, "return")
    if (ret === undefined || ret === null) return
    const r = (yield new AwaitRequest(st.call(ret, iterator, []))) as Value
    if (!(r instanceof JsObject)) throw st.typeError(`Iterator result ${st.realm.describe(r)} is not an object`)
  } catch (error) {
    if (!quietly || !(error instanceof ThrowSignal)) throw error
  }
}
