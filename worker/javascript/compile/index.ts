/**
 * The compiler's entry: a parsed program becomes one runnable closure.
 *
 * Two passes, both at compile time: scope resolution (scope.ts) decides where every binding
 * lives and which nodes suspend; then one compile function per node type (expressions.ts,
 * statements.ts, loops.ts, functions.ts, resumable.ts) builds the closures. The program is the body
 * of an async function: if it awaits, its top level is compiled in resumable form and run by
 * `runAsync`; either way the result is a promise for the program's value, which is the value of
 * its `return`, or else of its last top-level expression statement. With `CODEMODE_TRACE=1` in
 * the environment, the scope resolution is printed to stderr first (trace.ts).
 */

import type { Program } from "acorn"
import { JsFunction, type Value } from "../runtime/object.js"
import { newPromise, rejectPromise, resolvePromise, runAsync, type JsPromise } from "../runtime/promise.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"
import { CompileContext, RETURN, type Completion, type Frame } from "./context.js"
import { compileExpression } from "./expressions.js"
import { compileResumableStatement } from "./resumable.js"
import { hoistImports } from "./modules.js"
import { resolveScopes } from "./scope.js"
import { compileScopeEntry, compileStatement } from "./statements.js"
import { describeScopes, tracing } from "./trace.js"

export function compileProgram(program: Program, st: JsState, source: string): () => JsPromise {
  hoistImports(program)
  const resolution = resolveScopes(program)
  if (tracing()) process.stderr.write(`${describeScopes(resolution)}\n`)
  const main = resolution.functions.get(program)!
  const ctx = new CompileContext(st, resolution, source, main)
  const entry = compileScopeEntry(resolution.scopes.get(program), ctx)
  const body = program.body
  for (const s of body) if (s.type === "ExpressionStatement") ctx.topLevelExpressions.add(s)
  const items = body.map((s) => {
    if (ctx.suspends(s)) return { r: compileResumableStatement(s, ctx), p: null }
    if (s.type === "ExpressionStatement") {
      const e = compileExpression(s.expression, ctx)
      return {
        r: null,
        p: (R: Frame): Completion => {
          st.completion = e(R)
          return undefined
        },
      }
    }
    return { r: null, p: compileStatement(s, ctx) }
  })
  const frameSize = main.frameSize
  const resumable = items.some((i) => i.r !== null)
  const result = (c: Completion): Value => (c === RETURN ? st.returned : st.completion)
  ctx.retire()

  return function runProgram(): JsPromise {
    const R: Frame = new Array(frameSize)
    if (entry !== null) entry(R)
    if (resumable) {
      return runAsync(
        st,
        (function* programBody() {
          for (const item of items) {
            const c = item.p !== null ? item.p(R) : yield* item.r!(R)
            if (c !== undefined) return result(c)
          }
          return st.completion
        })(),
      )
    }
    const promise = newPromise(st)
    try {
      let c: Completion
      for (const item of items) {
        c = item.p!(R)
        if (c !== undefined) break
      }
      resolvePromise(st, promise, result(c!))
    } catch (error) {
      if (!(error instanceof ThrowSignal)) throw error
      st.depth = 0
      rejectPromise(st, promise, error.value)
    }
    return promise
  }
}

export { JsFunction }
