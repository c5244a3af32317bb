/**
 * Statements fused with their arithmetic: `x = x + e` and `return a + b` as one closure each.
 *
 * Every program's compiled code shares the same few closures (one per shape in arithmetic.ts,
 * statements.ts, ...), so V8 sees every kind of callee at their call sites and inlines none of
 * them: each closure call costs a few nanoseconds. The accumulation at the heart of most loops
 * and the sum that ends most recursive functions are worth a closure of their own, which does the
 * store or the return itself around the kernels of arithmetic.ts (same fast paths, same slow path
 * and error wording).
 */

import type { Expression } from "luaparse"
import { ONE_RESULT } from "../runtime/state.js"
import type { LuaValue } from "../runtime/value.js"
import { EXACT, addValues, asExpr, localProduct, operand, slowPath, subtractValues } from "./arithmetic.js"
import type { CompileContext, Frame } from "./context.js"
import { describe } from "./expressions.js"

/** For `(i * j) % k` with unboxed locals and a positive integer constant `k`: the slots and `k`. */
function productResidue(node: Expression, ctx: CompileContext): [number, number, number] | null {
  if (node.type !== "BinaryExpression" || node.operator !== "%") return null
  const divisor = operand(node.right, ctx)
  if (divisor.shape !== "constant" || !Number.isInteger(divisor.value) || divisor.value <= 0 || divisor.value > EXACT) return null
  const product = localProduct(node.left, ctx)
  return product === null ? null : [product[0], product[1], divisor.value]
}

/**
 * `x = x + e` for an unboxed local `x`: the accumulation at the heart of most loops, as one
 * closure (the store, the read and the addition) around the closure of `e`. Null for any other
 * assignment.
 */
export function compileAccumulation(slot: number, value: Expression, ctx: CompileContext): ((R: Frame) => undefined) | null {
  if (value.type !== "BinaryExpression" || value.operator !== "+") return null
  const a = operand(value.left, ctx)
  if (a.shape !== "local" || a.slot !== slot) return null
  const b = operand(value.right, ctx)
  const slow = slowPath(ctx, "add", ctx.operatorLine(value), describe(value.left, ctx), describe(value.right, ctx))
  if (b.shape === "constant") {
    const k = b.value
    return function accumulateConstant(R: Frame) {
      R[slot] = addValues(R[slot], k, slow)
      return undefined
    }
  }
  const residue = productResidue(value.right, ctx)
  if (residue !== null) {
    // `s = s + (i * j) % k`: summing residues, the whole statement in one closure.
    const [i, j, k] = residue
    const y = asExpr(b)
    return function accumulateProductResidue(R: Frame) {
      const x = R[i]
      const z = R[j]
      if (typeof x === "number" && typeof z === "number" && Number.isInteger(x) && Number.isInteger(z)) {
        const p = x * z
        const sum = R[slot]
        // Written out rather than through `addValues`, whose type feedback every program shares.
        if (p <= EXACT && p >= -EXACT && typeof sum === "number" && Number.isInteger(sum) && sum <= EXACT && sum >= -EXACT) {
          R[slot] = sum + (p - Math.floor(p / k) * k)
          return undefined
        }
      }
      R[slot] = addValues(R[slot], y(R), slow)
      return undefined
    }
  }
  const y = asExpr(b)
  return function accumulate(R: Frame) {
    R[slot] = addValues(R[slot], y(R), slow)
    return undefined
  }
}

/**
 * `return a + b` (or `a - b`): the sum is computed and left for `ONE_RESULT` in one closure —
 * the last line of every recursive function that adds up its subproblems.
 */
export function compileReturnedSum(value: Expression, ctx: CompileContext): ((R: Frame) => LuaValue[]) | null {
  if (value.type !== "BinaryExpression" || (value.operator !== "+" && value.operator !== "-")) return null
  const op = value.operator === "+" ? "add" : "sub"
  const x = asExpr(operand(value.left, ctx))
  const y = asExpr(operand(value.right, ctx))
  const slow = slowPath(ctx, op, ctx.operatorLine(value), describe(value.left, ctx), describe(value.right, ctx))
  const rt = ctx.rt
  if (op === "add") {
    return function returnSum(R: Frame) {
      const v = addValues(x(R), y(R), slow)
      rt.st.result = v
      return ONE_RESULT
    }
  }
  return function returnDifference(R: Frame) {
    const v = subtractValues(x(R), y(R), slow)
    rt.st.result = v
    return ONE_RESULT
  }
}
