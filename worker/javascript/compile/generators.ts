/**
 * `yield` and `yield*` in resumable bodies, for both kinds of generator.
 *
 * In a generator, `yield v` is a host `yield` of the value; `JsGenerator.resume` wraps it in
 * `{ value, done }`. `yield* inner` runs the delegation loop of the specification: every
 * `next(x)`, `throw(e)` and `return(v)` the outer generator receives is forwarded to the inner
 * iterator, and the inner result object is handed out as it is (`DelegatedResult`). A `return()`
 * arrives as a `GeneratorReturn` thrown at the `yield`; when the inner iterator finishes it, the
 * outer generator returns too (a fresh `GeneratorReturn` runs its `finally` blocks).
 *
 * In an async generator, `yield v` first awaits `v` (an `AwaitRequest`), then yields; the driver
 * (runtime/async-generator.ts) answers the waiting request. `yield*` takes an async iterator
 * (`getAsyncIterator`, so a sync iterable works too), awaits each inner result and yields its
 * value without awaiting it again.
 */

import { JsMessages } from "../messages.js"
import { getAsyncIterator } from "../runtime/async-iteration.js"
import { DelegatedResult, GeneratorReturn } from "../runtime/generator.js"
import { closeIterator, describeIterable, getIterator } from "../runtime/iterate.js"
import { JsFunction, JsObject, type Value } from "../runtime/object.js"
import { getV, truthy } from "../runtime/ops.js"
import { AwaitRequest } from "../runtime/promise.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"
import type { YieldExpression } from "acorn"
import type { CompileContext, Frame } from "./context.js"
import { closeAsyncIterator } from "./resumable-loops.js"
import { rexpr, type RExpr } from "./resumable.js"

/** True while compiling the body of an `async function*`. */
export const inAsyncGenerator = (ctx: CompileContext): boolean => ctx.fn.asyncGenerator

export function compileYield(node: YieldExpression, ctx: CompileContext): RExpr {
  const arg = node.argument ? rexpr(node.argument, ctx) : null
  if (node.delegate === true) return inAsyncGenerator(ctx) ? asyncDelegate(arg!, ctx) : syncDelegate(arg!, ctx)
  if (inAsyncGenerator(ctx)) {
    return function* asyncYield(R: Frame) {
      const v = arg === null ? undefined : yield* arg(R)
      const awaited = (yield new AwaitRequest(v)) as Value
      return (yield awaited) as Value
    }
  }
  return function* yieldExpression(R: Frame) {
    const v = arg === null ? undefined : yield* arg(R)
    return (yield v) as Value
  }
}

const NEXT = 0
const THROW = 1
const RETURN = 2

/** GetMethod: `undefined` for a missing method, a TypeError for one that is not callable. */
function getMethod(st: JsState, o: JsObject, name: string): JsFunction | undefined {
  const m = o.get(st, name)
  if (m === undefined || m === null) return undefined
  if (!(m instanceof JsFunction)) throw st.typeError(JsMessages.notAFunction(st.realm.describe(m)))
  return m
}

const checkResult = (st: JsState, r: Value): JsObject => {
  if (r instanceof JsObject) return r
  throw st.typeError(`Iterator result ${st.realm.describe(r)} is not an object`)
}

const noThrowMethod = (st: JsState) => st.typeError("The iterator does not provide a 'throw' method.")

/** GetIterator for `yield*`, with V8's wording for a value that is not iterable. */
function delegateIterator(st: JsState, v: Value): JsObject {
  const method = v === undefined || v === null ? undefined : getV(st, v, Symbol.iterator)
  if (!(method instanceof JsFunction)) throw st.typeError(`${JsMessages.notIterable(describeIterable(st, v))} (cannot read property Symbol(Symbol.iterator))`)
  return getIterator(st, v)
}

/** Where the outer generator was resumed: the next request to forward. */
function received(error: unknown): [number, Value] {
  if (error instanceof ThrowSignal) return [THROW, error.value]
  if (error instanceof GeneratorReturn) return [RETURN, error.value]
  throw error
}

function syncDelegate(arg: RExpr, ctx: CompileContext): RExpr {
  const st = ctx.st
  return function* yieldDelegate(R: Frame) {
    const iterator = delegateIterator(st, yield* arg(R))
    const next = getV(st, iterator, "next")
    let mode = NEXT
    let value: Value = undefined
    for (;;) {
      let r: JsObject
      if (mode === NEXT) r = checkResult(st, st.call(next, iterator, [value]))
      else if (mode === THROW) {
        const thrower = getMethod(st, iterator, "throw")
        if (thrower === undefined) {
          closeIterator(st, iterator)
          throw noThrowMethod(st)
        }
        r = checkResult(st, thrower.impl(st, iterator, [value], undefined))
      } else {
        const ret = getMethod(st, iterator, "return")
        if (ret === undefined) throw new GeneratorReturn(value)
        r = checkResult(st, ret.impl(st, iterator, [value], undefined))
        if (truthy(r.get(st, "done"))) throw new GeneratorReturn(r.get(st, "value"))
      }
      if (mode !== RETURN && truthy(r.get(st, "done"))) return r.get(st, "value")
      try {
        value = (yield new DelegatedResult(r)) as Value
        mode = NEXT
      } catch (error) {
        ;[mode, value] = received(error)
      }
    }
  }
}

function asyncDelegate(arg: RExpr, ctx: CompileContext): RExpr {
  const st = ctx.st
  return function* asyncYieldDelegate(R: Frame) {
    const iterator = getAsyncIterator(st, yield* arg(R), null)
    const next = getV(st, iterator, "next")
    let mode = NEXT
    let value: Value = undefined
    for (;;) {
      let r: JsObject
      if (mode === NEXT) r = checkResult(st, yield new AwaitRequest(st.call(next, iterator, [value])))
      else if (mode === THROW) {
        const thrower = getMethod(st, iterator, "throw")
        if (thrower === undefined) {
          yield* closeAsyncIterator(st, iterator, false)
          throw noThrowMethod(st)
        }
        r = checkResult(st, yield new AwaitRequest(thrower.impl(st, iterator, [value], undefined)))
      } else {
        const ret = getMethod(st, iterator, "return")
        if (ret === undefined) throw new GeneratorReturn(yield new AwaitRequest(value))
        r = checkResult(st, yield new AwaitRequest(ret.impl(st, iterator, [value], undefined)))
        if (truthy(r.get(st, "done"))) throw new GeneratorReturn(r.get(st, "value"))
      }
      if (mode !== RETURN && truthy(r.get(st, "done"))) return r.get(st, "value")
      const out = r.get(st, "value")
      try {
        value = (yield out) as Value
        mode = NEXT
      } catch (error) {
        ;[mode, value] = received(error)
      }
    }
  }
}
