/**
 * Calls whose callee is a plain name — `f(x)`, `f(x, y)` — for their first result
 * (or as a statement). The name is read in the call's own closure rather than through one more
 * closure call. These are the calls of recursive functions and helpers (`fib(n - 1)`,
 * `emit(s)`), the hottest call sites of most programs; each shape is its own closure, so V8 sees
 * fewer kinds of callee at each.
 *
 * Every program's compiled code shares these closures, so their calls of the argument closures
 * see every kind of argument and V8 inlines none of them. The commonest argument of a recursive
 * call, a local plus or minus a constant (`n - 1`, `i + 1`), is therefore computed in the call's
 * own closure, with the kernels and slow path of arithmetic.ts (same results, same errors).
 *
 * Each closure comes from a template (runtime/hot.ts). In a function compiled again because it is
 * hot, every such call site is a private copy with a private call path (`callPath`), so V8 inlines
 * its argument closures and, at the callee's entry, the one function the site has ever called.
 */

import type { Expression } from "luaparse"
import { firstResult, invokeDirectFirst, invokeFirst, invokeRaw, invokeUnaryFirst, isDirect, isUnary, privateInvoke, type CallSite, type DirectFunction, type RawInvoke } from "../runtime/call.js"
import { hotCopy, template } from "../runtime/hot.js"
import type { LuaFunction, LuaValue } from "../runtime/value.js"
import { addValues, operand, slowPath, subtractValues, type Slow } from "./arithmetic.js"
import type { CallOther } from "./calls.js"
import type { CompileContext, Expr } from "./context.js"
import { describe } from "./expressions.js"
import { isBoxed, slotOf, type VariableRef } from "./scope.js"

/** The call when its callee is a plain name and it has one or two fixed arguments, or null. */
export function compileNamedCallFirst(
  base: Expression,
  argumentNodes: Expression[],
  ctx: CompileContext,
  fixed: Expr[],
  site: CallSite,
  other: CallOther,
): Expr | null {
  // Three arguments take the general path (calls.ts).
  if (base.type !== "Identifier" || fixed.length === 0 || fixed.length > 2) return null
  const ref = ctx.resolution.references.get(base)!
  const rt = ctx.rt
  if (fixed.length === 1) {
    const offset = localOffset(argumentNodes[0]!, ctx)
    if (offset !== null) return compileOffsetCall(base.name, ref, offset, ctx, site, other)
  }
  const raw = callPath(ctx)
  const a = fixed[0]!
  const b = fixed[1]
  if (ref.kind === "global") {
    const name = base.name
    if (b === undefined) return hotCopy(ctx.hot, callGlobalWithOne)(firstWithOne, isCalledDirectly, firstResult, rt, name, site, other, a, raw)
    return hotCopy(ctx.hot, callGlobalWithTwo)(firstWithTwo, isCalledDirectly, firstResult, rt, name, site, other, a, b, raw)
  }
  const slot = slotOf(ref)
  if (isBoxed(ref)) {
    if (b === undefined) return hotCopy(ctx.hot, callUpvalueWithOne)(firstWithOne, isCalledDirectly, firstResult, rt, slot, site, other, a, raw)
    return hotCopy(ctx.hot, callUpvalueWithTwo)(firstWithTwo, isCalledDirectly, firstResult, rt, slot, site, other, a, b, raw)
  }
  if (b === undefined) return hotCopy(ctx.hot, callLocalWithOne)(firstWithOne, isCalledDirectly, firstResult, rt, slot, site, other, a, raw)
  return hotCopy(ctx.hot, callLocalWithTwo)(firstWithTwo, isCalledDirectly, firstResult, rt, slot, site, other, a, b, raw)
}

/** A direct function (runtime/call.ts): called through the site's call path with its arguments. */
const isCalledDirectly = (f: LuaValue): f is DirectFunction => typeof f === "function" && isDirect(f as LuaFunction)

type One = typeof firstWithOne
type Direct = typeof isCalledDirectly
type First = typeof firstResult
type Two = typeof firstWithTwo
type Rt = CompileContext["rt"]

const callGlobalWithOne = template(function callGlobalWithOne(
  one: One,
  direct: Direct,
  first: First,
  rt: Rt,
  name: string,
  site: CallSite,
  other: CallOther,
  a: Expr,
  raw: RawInvoke,
): Expr {
  return function callGlobalWithOneArgument(R) {
    const f = rt.globals.get(name)
    const x = a(R)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, undefined, undefined))
    return one(rt, f, site, other, x)
  }
})

const callGlobalWithTwo = template(function callGlobalWithTwo(
  two: Two,
  direct: Direct,
  first: First,
  rt: Rt,
  name: string,
  site: CallSite,
  other: CallOther,
  a: Expr,
  b: Expr,
  raw: RawInvoke,
): Expr {
  return function callGlobalWithTwoArguments(R) {
    const f = rt.globals.get(name)
    const x = a(R)
    const y = b(R)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, y, undefined))
    return two(rt, f, site, other, x, y)
  }
})

const callUpvalueWithOne = template(function callUpvalueWithOne(
  one: One,
  direct: Direct,
  first: First,
  rt: Rt,
  slot: number,
  site: CallSite,
  other: CallOther,
  a: Expr,
  raw: RawInvoke,
): Expr {
  return function callUpvalueWithOneArgument(R) {
    const f = R[slot].v
    const x = a(R)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, undefined, undefined))
    return one(rt, f, site, other, x)
  }
})

const callUpvalueWithTwo = template(function callUpvalueWithTwo(
  two: Two,
  direct: Direct,
  first: First,
  rt: Rt,
  slot: number,
  site: CallSite,
  other: CallOther,
  a: Expr,
  b: Expr,
  raw: RawInvoke,
): Expr {
  return function callUpvalueWithTwoArguments(R) {
    const f = R[slot].v
    const x = a(R)
    const y = b(R)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, y, undefined))
    return two(rt, f, site, other, x, y)
  }
})

const callLocalWithOne = template(function callLocalWithOne(
  one: One,
  direct: Direct,
  first: First,
  rt: Rt,
  slot: number,
  site: CallSite,
  other: CallOther,
  a: Expr,
  raw: RawInvoke,
): Expr {
  return function callLocalWithOneArgument(R) {
    const f = R[slot]
    const x = a(R)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, undefined, undefined))
    return one(rt, f, site, other, x)
  }
})

const callLocalWithTwo = template(function callLocalWithTwo(
  two: Two,
  direct: Direct,
  first: First,
  rt: Rt,
  slot: number,
  site: CallSite,
  other: CallOther,
  a: Expr,
  b: Expr,
  raw: RawInvoke,
): Expr {
  return function callLocalWithTwoArguments(R) {
    const f = R[slot]
    const x = a(R)
    const y = b(R)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, y, undefined))
    return two(rt, f, site, other, x, y)
  }
})

/**
 * The call path of a call site: in a function compiled again because it is hot, a private copy
 * (runtime/hot.ts), so that V8's feedback at the callee's entry is the site's own; else undefined,
 * the path every call site shares.
 */
const callPath = (ctx: CompileContext): RawInvoke => (ctx.hot ? privateInvoke() : invokeRaw)

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
  if (isCalledDirectly(f)) return invokeDirectFirst(rt.st, f, site, x, y)
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
  const raw = callPath(ctx)
  const { slot: s, k, subtract, slow } = offset
  if (ref.kind === "global") {
    return hotCopy(ctx.hot, callGlobalWithOffset)(firstWithOne, isCalledDirectly, firstResult, addValues, subtractValues, rt, name, site, other, s, k, subtract, slow, raw)
  }
  const slot = slotOf(ref)
  if (isBoxed(ref)) {
    return hotCopy(ctx.hot, callUpvalueWithOffset)(firstWithOne, isCalledDirectly, firstResult, addValues, subtractValues, rt, slot, site, other, s, k, subtract, slow, raw)
  }
  return hotCopy(ctx.hot, callLocalWithOffset)(firstWithOne, isCalledDirectly, firstResult, addValues, subtractValues, rt, slot, site, other, s, k, subtract, slow, raw)
}

type Add = typeof addValues

const callGlobalWithOffset = template(function callGlobalWithOffset(
  one: One,
  direct: Direct,
  first: First,
  add: Add,
  sub: Add,
  rt: Rt,
  name: string,
  site: CallSite,
  other: CallOther,
  s: number,
  k: number,
  subtract: boolean,
  slow: Slow,
  raw: RawInvoke,
): Expr {
  return function callGlobalWithOffset(R) {
    const f = rt.globals.get(name)
    const x = subtract ? sub(R[s], k, slow) : add(R[s], k, slow)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, undefined, undefined))
    return one(rt, f, site, other, x)
  }
})

const callUpvalueWithOffset = template(function callUpvalueWithOffset(
  one: One,
  direct: Direct,
  first: First,
  add: Add,
  sub: Add,
  rt: Rt,
  slot: number,
  site: CallSite,
  other: CallOther,
  s: number,
  k: number,
  subtract: boolean,
  slow: Slow,
  raw: RawInvoke,
): Expr {
  return function callUpvalueWithOffset(R) {
    const f = R[slot].v
    const x = subtract ? sub(R[s], k, slow) : add(R[s], k, slow)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, undefined, undefined))
    return one(rt, f, site, other, x)
  }
})

const callLocalWithOffset = template(function callLocalWithOffset(
  one: One,
  direct: Direct,
  first: First,
  add: Add,
  sub: Add,
  rt: Rt,
  slot: number,
  site: CallSite,
  other: CallOther,
  s: number,
  k: number,
  subtract: boolean,
  slow: Slow,
  raw: RawInvoke,
): Expr {
  return function callLocalWithOffset(R) {
    const f = R[slot]
    const x = subtract ? sub(R[s], k, slow) : add(R[s], k, slow)
    if (direct(f)) return first(rt.st, raw(rt.st, f, null, site, x, undefined, undefined))
    return one(rt, f, site, other, x)
  }
})
