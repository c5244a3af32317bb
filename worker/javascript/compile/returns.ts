/**
 * Function bodies made only of returns, compiled to one expression.
 *
 * Many small functions read `if (test) return a; ... return b;` — fib, comparators, predicates,
 * accessors. Compiled as statements, each call runs a statement list, an `if` closure and a
 * `return` closure that parks its value in `st.returned` and hands back the RETURN signal for the
 * caller to test and unpack. Compiled as the expression `test ? a : b` — exactly what those
 * statements mean — the body is one closure that returns the value itself, and the function then
 * takes the same path as an arrow function with an expression body.
 *
 * Accepted: guarded returns (`if (t) return a;`, the return alone or alone in a block, no
 * `else`), then either nothing (the function returns undefined), a final `return`, or a final
 * `if (t) return a; else return b;`. Empty statements, directives and function declarations
 * (hoisted by the prologue, no-ops where they stand) may appear anywhere. Anything else, or a
 * statement after the final return, leaves the body to the statement compiler. Operands are
 * compiled in source order, so compile errors are those of the statement path.
 */

import type { Value } from "../runtime/object.js"
import type { ReturnStatement, Statement } from "acorn"
import type { CompileContext, Expr, Frame } from "./context.js"
import { compileExpression } from "./expressions.js"
import { plainLocalSlot } from "./fused.js"

/** What a `return` hands back: a plain local's slot, or an expression. */
type Returned = { readonly slot: number; readonly expr: Expr | null }

/** The body as one expression, or null when it is not made only of returns. */
export function compileReturningBody(statements: Statement[], ctx: CompileContext): Expr | null {
  if (!statements.every((s, i) => isGuardedReturn(s) || isSkippable(s) || (isFinalReturn(s) && statements.slice(i + 1).every(isSkippable)))) return null
  const guards: Array<{ test: Expr; value: Returned }> = []
  let last: Expr = returnsUndefined
  for (const s of statements) {
    if (isSkippable(s)) continue
    if (s.type === "ReturnStatement") {
      last = readerOf(compileReturned(s, ctx))
      break
    }
    if (s.type !== "IfStatement") return null
    const test = compileExpression(s.test, ctx)
    const value = compileReturned(onlyReturn(s.consequent)!, ctx)
    if (!s.alternate) {
      guards.push({ test, value })
      continue
    }
    last = choose(test, value, compileReturned(onlyReturn(s.alternate)!, ctx))
    break
  }
  for (let i = guards.length - 1; i >= 0; i--) last = choose(guards[i]!.test, guards[i]!.value, { slot: -1, expr: last })
  return last
}

const returnsUndefined: Expr = function returnsUndefined() { return undefined }

const isSkippable = (s: Statement): boolean =>
  s.type === "EmptyStatement" || s.type === "FunctionDeclaration" || (s.type === "ExpressionStatement" && typeof s.directive === "string")

/** `return x;`, or `{ return x; }` (a block of one return declares nothing). */
const onlyReturn = (s: Statement): ReturnStatement | null =>
  s.type === "ReturnStatement" ? s : s.type === "BlockStatement" && s.body.length === 1 && s.body[0].type === "ReturnStatement" ? s.body[0] : null

const isGuardedReturn = (s: Statement): boolean => s.type === "IfStatement" && s.alternate === null && onlyReturn(s.consequent) !== null

const isFinalReturn = (s: Statement): boolean =>
  s.type === "ReturnStatement" || (s.type === "IfStatement" && s.alternate != null && onlyReturn(s.consequent) !== null && onlyReturn(s.alternate) !== null)

function compileReturned(node: ReturnStatement, ctx: CompileContext): Returned {
  if (!node.argument) return { slot: -1, expr: returnsUndefined }
  const slot = plainLocalSlot(node.argument, ctx)
  return slot >= 0 ? { slot, expr: null } : { slot: -1, expr: compileExpression(node.argument, ctx) }
}

function readerOf(r: Returned): Expr {
  if (r.expr !== null) return r.expr
  const s = r.slot
  return function returnedSlot(R: Frame): Value {
    return R[s] as Value
  }
}

/** `test ? yes : no` with the truth test of `if`; a slot on the `yes` side is read inline. */
function choose(test: Expr, yes: Returned, no: Returned): Expr {
  const n = readerOf(no)
  if (yes.expr === null) {
    const s = yes.slot
    return function returnSlotIf(R: Frame): Value {
      const t = test(R)
      return t === true || (t !== false && truthy(t)) ? (R[s] as Value) : n(R)
    }
  }
  const y = yes.expr
  return function returnIf(R: Frame): Value {
    const t = test(R)
    return t === true || (t !== false && truthy(t)) ? y(R) : n(R)
  }
}

const truthy = (v: Value): boolean => (typeof v === "object" ? v !== null : !!v)

