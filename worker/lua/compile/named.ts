/**
 * Calls whose callee is a plain name — `f(x)`, `f(x, y)`, `f(x, y, z)` — for their first result
 * (or as a statement). The name is read in the call's own closure rather than through one more
 * closure call. These are the calls of recursive functions and helpers (`fib(n - 1)`,
 * `emit(s)`), the hottest call sites of most programs; each shape is its own closure, so V8 sees
 * fewer kinds of callee at each.
 *
 * Every program's compiled code shares these closures, so their calls of the argument closures
 * see every kind of argument and V8 inlines none of them. The commonest argument of a recursive
 * call, a local plus or minus a constant (`n - 1`, `i + 1`), is therefore computed in the call's
 * own closure, with the kernels and slow path of arithmetic.ts (same results, same errors).
 */

import type { Expression } from "luaparse"
import { invokeDirectFirst, invokeFirst, invokeUnaryFirst, isDirect, isUnary, type CallSite, type DirectFunction } from "../runtime/call.js"
import type { LuaFunction, LuaValue } from "../runtime/value.js"
import { addValues, operand, slowPath, subtractValues, type Slow } from "./arithmetic.js"
import type { CallOther } from "./calls.js"
import type { CompileContext, Expr, Frame } from "./context.js"
import { describe } from "./expressions.js"
import { isBoxed, slotOf, type VariableRef } from "./scope.js"

/** The call when its callee is a plain name and it has one to three fixed arguments, or null. */
export function compileNamedCallFirst(
  base: Expression,
  argumentNodes: Expression[],
  ctx: CompileContext,
  fixed: Expr[],
  site: CallSite,
  other: CallOther,
): Expr | null {
  if (base.type !== "Identifier" || fixed.length === 0) return null
  const ref = ctx.resolution.references.get(base)!
  const rt = ctx.rt
  if (fixed.length === 1) {
    const offset = localOffset(argumentNodes[0]!, ctx)
    if (offset !== null) return compileOffsetCall(base.name, ref, offset, ctx, site, other)
  }
  const a = fixed[0]!
  const b = fixed[1]
  const c = fixed[2]
  if (ref.kind === "global") {
    const name = base.name
    if (b === undefined) {
      return function callGlobalWithOneArgument(R: Frame) {
        return firstWithOne(rt, rt.globals.get(name), site, other, a(R))
      }
    }
    if (c === undefined) {
      return function callGlobalWithTwoArguments(R: Frame) {
        return firstWithTwo(rt, rt.globals.get(name), site, other, a(R), b(R))
      }
    }
    return null
  }
  const slot = slotOf(ref)
  if (isBoxed(ref)) {
    if (b === undefined) {
      return function callUpvalueWithOneArgument(R: Frame) {
        return firstWithOne(rt, R[slot].v, site, other, a(R))
      }
    }
    if (c === undefined) {
      return function callUpvalueWithTwoArguments(R: Frame) {
        return firstWithTwo(rt, R[slot].v, site, other, a(R), b(R))
      }
    }
    return null
  }
  if (b === undefined) {
    return function callLocalWithOneArgument(R: Frame) {
      return firstWithOne(rt, R[slot], site, other, a(R))
    }
  }
  if (c === undefined) {
    return function callLocalWithTwoArguments(R: Frame) {
      return firstWithTwo(rt, R[slot], site, other, a(R), b(R))
    }
  }
  return null
}

/** `f(x)` for its first result: the direct entry or unary form when `f` has one, else an argument list. */
export function firstWithOne(rt: CompileContext["rt"], f: LuaValue, site: CallSite, other: CallOther, x: LuaValue): LuaValue {
  if (typeof f === "function") {
    const g = f as LuaFunction
    if (isDirect(g)) return invokeDirectFirst(rt.st, g, site, x)
    if (isUnary(g)) return invokeUnaryFirst(rt.st, g, site, x)
    return invokeFirst(rt.st, g, [x], site)
  }
  return other(f, [x])[0]
}

/** `f(x, y)` for its first result, as `firstWithOne`. */
function firstWithTwo(rt: CompileContext["rt"], f: LuaValue, site: CallSite, other: CallOther, x: LuaValue, y: LuaValue): LuaValue {
  if (typeof f === "function" && isDirect(f as LuaFunction)) return invokeDirectFirst(rt.st, f as DirectFunction, site, x, y)
  const list: LuaValue[] = [x, y]
  if (typeof f === "function") return invokeFirst(rt.st, f as LuaFunction, list, site)
  return other(f, list)[0]
}

/** `local + k` or `local - k` as an argument: the local's slot, the constant, and the operation. */
interface LocalOffset {
  readonly slot: number
  readonly k: number
  readonly subtract: boolean
  readonly slow: Slow
}

function localOffset(node: Expression, ctx: CompileContext): LocalOffset | null {
  if (node.type !== "BinaryExpression" || (node.operator !== "+" && node.operator !== "-")) return null
  // Checked before `operand`, which would compile any other operand a second time.
  if (node.left.type !== "Identifier" || node.right.type !== "NumericLiteral") return null
  const a = operand(node.left, ctx)
  const b = operand(node.right, ctx)
  if (a.shape !== "local" || b.shape !== "constant") return null
  const subtract = node.operator === "-"
  const slow = slowPath(ctx, subtract ? "sub" : "add", ctx.operatorLine(node), describe(node.left, ctx), describe(node.right, ctx))
  return { slot: a.slot, k: b.value, subtract, slow }
}

/** `f(n - 1)`, `f(i + 1)`: the argument computed here (see the essay above). */
function compileOffsetCall(name: string, ref: VariableRef, offset: LocalOffset, ctx: CompileContext, site: CallSite, other: CallOther): Expr {
  const rt = ctx.rt
  const { slot: s, k, subtract, slow } = offset
  if (ref.kind === "global") {
    return function callGlobalWithOffset(R: Frame) {
      return firstWithOne(rt, rt.globals.get(name), site, other, subtract ? subtractValues(R[s], k, slow) : addValues(R[s], k, slow))
    }
  }
  const slot = slotOf(ref)
  if (isBoxed(ref)) {
    return function callUpvalueWithOffset(R: Frame) {
      return firstWithOne(rt, R[slot].v, site, other, subtract ? subtractValues(R[s], k, slow) : addValues(R[s], k, slow))
    }
  }
  return function callLocalWithOffset(R: Frame) {
    return firstWithOne(rt, R[slot], site, other, subtract ? subtractValues(R[s], k, slow) : addValues(R[s], k, slow))
  }
}
