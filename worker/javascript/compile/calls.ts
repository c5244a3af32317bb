/**
 * Calls and `new`: how a call expression becomes a closure, specialised at compile time by how the
 * callee is written and by the arguments.
 *
 * - A call of at most three plain arguments (no spread) evaluates them into locals and enters the
 *   callee through its `DirectCall` entry when it has one (functions.ts, direct.ts), with no
 *   argument array; otherwise the arguments are gathered into an array for `impl`. A callee that
 *   is a captured function declaration of an enclosing scope is read straight from its cell.
 * - A method call `o.m(...)` / `o[k](...)` reads the method as the language reads a property and
 *   binds `this` to `o`; `super.m(...)` binds the current `this`; `o.#m(...)` reads the private
 *   method (private.ts); `super(...)` constructs the parent and initialises `this` (once).
 * - Inside an optional chain a call returns `SHORT` when a link is nullish (expressions.ts).
 *
 * Every call records its line in `st.line` just before entering the callee: that is the line an
 * error raised in the callee's prologue, and the caller's frame of a stack trace, report.
 */

import { JsMessages } from "../messages.js"
import { iterableToList } from "../runtime/iterate.js"
import { DIRECT_CALL_ARITY, JsFunction, JsObject, type Value } from "../runtime/object.js"
import { getIndexed, toStr } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import { callUnknownTool, toolNamespacePath } from "../runtime/host-values.js"
import type { CallExpression, Expression, MemberExpression, NewExpression, SpreadElement, Super } from "acorn"
import { propertyName, TDZ, type CompileContext, type Expr, type Cell, type Frame } from "./context.js"
import { compileExpression, compileMember, compileThisFor, readNamed, SHORT, sourceText } from "./expressions.js"
import { plainCellSlot } from "./fused.js"
import { construct } from "./functions.js"
import { compilePrivateRead } from "./private.js"
import { compileRead, refOf } from "./variables.js"

const notSpread = (a: Expression | SpreadElement): a is Expression => a.type !== "SpreadElement"

/** Compiles call arguments to one closure producing the argument array. */
export function compileArguments(args: ReadonlyArray<Expression | SpreadElement>, ctx: CompileContext): (R: Frame) => Value[] {
  const st = ctx.st
  if (!args.every(notSpread)) {
    const parts = args.map((a) => (a.type === "SpreadElement" ? { e: compileExpression(a.argument, ctx), spread: true } : { e: compileExpression(a, ctx), spread: false }))
    return function argumentsWithSpread(R) {
      const out: Value[] = []
      for (const p of parts) {
        const v = p.e(R)
        if (p.spread) for (const x of iterableToList(st, v)) out.push(x)
        else out.push(v)
      }
      return out
    }
  }
  const exprs: Expr[] = args.map((a) => compileExpression(a, ctx))
  switch (exprs.length) {
    case 0:
      return function noArguments() { return [] }
    case 1: {
      const a = exprs[0]!
      return function oneArgument(R) { return [a(R)] }
    }
    case 2: {
      const a = exprs[0]!
      const b = exprs[1]!
      return function twoArguments(R) { return [a(R), b(R)] }
    }
    case 3: {
      const a = exprs[0]!
      const b = exprs[1]!
      const c = exprs[2]!
      return function threeArguments(R) { return [a(R), b(R), c(R)] }
    }
  }
  return function manyArguments(R) { return exprs.map((e) => e(R)) }
}

/**
 * The argument expressions of a call that can use a function's `DirectCall` entry (at most three,
 * no spread), padded with `undefined` readers; null for any other call.
 */
function directArguments(args: ReadonlyArray<Expression | SpreadElement>, ctx: CompileContext): { n: number; e0: Expr; e1: Expr; e2: Expr } | null {
  if (args.length > DIRECT_CALL_ARITY || !args.every(notSpread)) return null
  const exprs = args.map((a) => compileExpression(a, ctx))
  const none: Expr = function noArgument() { return undefined }
  return { n: exprs.length, e0: exprs[0] ?? none, e1: exprs[1] ?? none, e2: exprs[2] ?? none }
}

/** `tools.alpha.echo(...)` where no namespace is called alpha: the host's UnknownTool for the whole path. */
export function unknownNamespaceCall(st: JsState, text: string, line: number): void {
  const unknown = st.lastUnknownToolRead
  if (unknown !== undefined && text.length > unknown.length && text.startsWith(unknown) && /^[.[]/.test(text.slice(unknown.length))) {
    callUnknownTool(st, text, line)
  }
}

/**
 * The error for calling what is not a function. `tools.crm.sendEmail(...)` where no such tool
 * exists is the host's `UnknownTool` (with "Did you mean"); a value read from such a name and
 * called later is a TypeError that names what it was read from.
 */
export function notCallable(st: JsState, text: string, line: number, o?: Value, f?: Value) {
  const unknown = st.lastUnknownToolRead
  if (f === undefined && unknown !== undefined) {
    if (o !== undefined && toolNamespacePath(o) !== undefined) callUnknownTool(st, unknown, line)
    if (unknown !== text) return st.typeError(JsMessages.notAFunctionFromUnknownTool(text, unknown), line)
  }
  return st.typeError(JsMessages.notAFunction(text), line)
}

/**
 * Calling what is not a function fails only after the arguments are evaluated (their effects
 * happen first, as the standard orders a call); the unknown-tool diagnosis is of the callee.
 */
function notCallableAfter(st: JsState, evaluate: (R: Frame) => unknown, R: Frame, text: string, line: number, o?: Value, f?: Value) {
  const unknown = st.lastUnknownToolRead
  evaluate(R)
  st.lastUnknownToolRead = unknown
  return notCallable(st, text, line, o, f)
}

export function compileCall(node: CallExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const text = sourceText(node.callee, ctx)
  const chained = ctx.inChain
  const optional = node.optional === true
  const callee = node.callee.type === "ChainExpression" ? node.callee.expression : node.callee
  const plainCall = callee.type !== "Super" && !(callee.type === "MemberExpression" && (callee.object.type === "Super" || callee.property.type === "PrivateIdentifier"))
  const direct = plainCall ? directArguments(node.arguments, ctx) : null
  if (direct !== null) return compileDirectCall(node, callee, ctx, direct)
  const args = compileArguments(node.arguments, ctx)
  if (callee.type === "Super") return compileSuperCall(node, ctx, args)
  if (callee.type === "MemberExpression" && callee.object.type === "Super") {
    const method = compileMember(callee, ctx)
    const thisValue = compileThisFor(callee.object, ctx)
    return function superMethodCall(R: Frame): Value {
      const f = method(R)
      if (!(f instanceof JsFunction)) throw notCallableAfter(st, args, R, text, line, undefined, f)
      st.line = line
      return f.impl(st, thisValue(R), args(R), undefined)
    }
  }
  if (callee.type === "MemberExpression" && callee.property.type === "PrivateIdentifier") return compilePrivateCall(node, callee, ctx, args)
  if (callee.type === "MemberExpression" && callee.object.type !== "Super") {
    const object = compileExpression(callee.object, ctx)
    const { key, name } = compileMethodKey(callee, ctx)
    const optionalMember = callee.optional === true
    return function methodCall(R: Frame): Value {
      const o = object(R)
      if (chained) {
        if (o === SHORT) return SHORT
        if (optionalMember && (o === undefined || o === null)) return SHORT
      }
      if (o === undefined) unknownNamespaceCall(st, text, line)
      const f = readMethod(st, o, name, key, R, line)
      if (!(f instanceof JsFunction)) {
        if (optional && (f === undefined || f === null)) return SHORT
        throw notCallableAfter(st, args, R, text, line, o, f)
      }
      st.line = line
      return f.impl(st, o, args(R), undefined)
    }
  }
  const fnExpr = compileExpression(node.callee, ctx)
  return function call(R: Frame): Value {
    const f = fnExpr(R)
    if (!(f instanceof JsFunction)) {
      if (f === SHORT) return SHORT
      if (optional && (f === undefined || f === null)) return SHORT
      throw notCallableAfter(st, args, R, text, line, undefined, f)
    }
    st.line = line
    return f.impl(st, undefined, args(R), undefined)
  }
}

/** The method of a call `o.name(...)` or `o[key](...)`, read as the language reads a property. */
function readMethod(st: JsState, o: Value, name: string, key: Expr | null, R: Frame, line: number): Value {
  if (key === null) return o instanceof JsObject ? o.get(st, name) : readNamed(st, o, name, line)
  const k = key(R)
  if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), toStr(st, k)), line)
  return getIndexed(st, o, k)
}

/**
 * A call of at most three plain arguments: the arguments are evaluated into locals and passed to
 * the callee's `DirectCall` entry when it has one, or gathered into an array for `impl`.
 * Evaluation order and errors are those of the general calls above.
 */
/** The key of a method call `o.name(...)` or `o[key](...)`: `key` null for a named one. */
function compileMethodKey(callee: MemberExpression, ctx: CompileContext): { key: Expr | null; name: string } {
  const property = callee.property
  if (property.type === "PrivateIdentifier") throw ctx.unexpected(property)
  return { key: callee.computed ? compileExpression(property, ctx) : null, name: propertyName(callee) }
}

function compileDirectCall(node: CallExpression, callee: Expression | Super, ctx: CompileContext, direct: { n: number; e0: Expr; e1: Expr; e2: Expr }): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const text = sourceText(node.callee, ctx)
  const chained = ctx.inChain
  const optional = node.optional === true
  const { n, e0, e1, e2 } = direct
  const invoke = (f: JsFunction, thisArg: Value, R: Frame): Value => {
    const a0 = n > 0 ? e0(R) : undefined
    const a1 = n > 1 ? e1(R) : undefined
    const a2 = n > 2 ? e2(R) : undefined
    if (f.direct !== null) return f.direct(thisArg, a0, a1, a2)
    return f.impl(st, thisArg, n === 0 ? [] : n === 1 ? [a0] : n === 2 ? [a0, a1] : [a0, a1, a2], undefined)
  }
  const evaluate = (R: Frame): void => {
    if (n > 0) e0(R)
    if (n > 1) e1(R)
    if (n > 2) e2(R)
  }
  if (callee.type === "MemberExpression") {
    const object = compileExpression(callee.object, ctx)
    const { key, name } = compileMethodKey(callee, ctx)
    const optionalMember = callee.optional === true
    return function methodCallDirect(R: Frame): Value {
      const o = object(R)
      if (chained) {
        if (o === SHORT) return SHORT
        if (optionalMember && (o === undefined || o === null)) return SHORT
      }
      if (o === undefined) unknownNamespaceCall(st, text, line)
      const f = readMethod(st, o, name, key, R, line)
      if (!(f instanceof JsFunction)) {
        if (optional && (f === undefined || f === null)) return SHORT
        throw notCallableAfter(st, evaluate, R, text, line, o, f)
      }
      st.line = line
      return invoke(f, o, R)
    }
  }
  const cell = callee.type === "Identifier" && !optional ? plainCellSlot(callee, ctx) : -1
  if (cell >= 0) {
    // `f(x)` where `f` is a function of an enclosing scope (a captured declaration: no TDZ).
    return function callCellDirect(R: Frame): Value {
      const f = (R[cell] as Cell).v
      if (!(f instanceof JsFunction)) throw notCallableAfter(st, evaluate, R, text, line, undefined, f)
      st.line = line
      return invoke(f, undefined, R)
    }
  }
  const fnExpr = compileExpression(node.callee, ctx)
  return function callDirect(R: Frame): Value {
    const f = fnExpr(R)
    if (!(f instanceof JsFunction)) {
      if (f === SHORT) return SHORT
      if (optional && (f === undefined || f === null)) return SHORT
      throw notCallableAfter(st, evaluate, R, text, line, undefined, f)
    }
    st.line = line
    return invoke(f, undefined, R)
  }
}

/** `o.#m(...)`: the private method (or a private field holding a function) called with `this = o`. */
function compilePrivateCall(node: CallExpression, callee: MemberExpression, ctx: CompileContext, args: (R: Frame) => Value[]): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const object = compileExpression(callee.object, ctx)
  const read = compilePrivateRead(callee, ctx)
  const chained = ctx.inChain
  const optionalMember = callee.optional === true
  const optional = node.optional === true
  // V8 words a failed private call as a computed member: "o[#x] is not a function".
  const text = `${sourceText(callee.object, ctx)}[#${callee.property.type === "PrivateIdentifier" ? callee.property.name : ""}]`
  return function privateMethodCall(R: Frame): Value {
    const o = object(R)
    if (chained && (o === SHORT || (optionalMember && (o === undefined || o === null)))) return SHORT
    const f = read(R, o)
    if (!(f instanceof JsFunction)) {
      if (optional && (f === undefined || f === null)) return SHORT
      throw notCallable(st, text, line)
    }
    st.line = line
    return f.impl(st, o, args(R), undefined)
  }
}

function compileSuperCall(node: CallExpression, ctx: CompileContext, args: (R: Frame) => Value[]): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const func = compileRead(refOf(node.callee, ctx), ctx, line)
  const refs = ctx.resolution.superReferences.get(node.callee)
  if (refs === undefined) throw ctx.error(node, JsMessages.internalError("super without this"), "ExecutionFailure")
  const newTarget = compileRead(refs.newTargetRef, ctx, line)
  const thisRef = refs.thisRef
  const thisSlotBoxed = thisRef.kind !== "global" && (thisRef.kind === "upvalue" || thisRef.binding.captured)
  const thisSlot = thisRef.kind === "local" ? thisRef.binding.slot : thisRef.kind === "upvalue" ? thisRef.fn.upvalueSlot(thisRef.index) : -1
  return function superCall(R: Frame): Value {
    const f = func(R) as JsFunction
    const parent = f.proto
    const current = thisSlotBoxed ? (R[thisSlot] as Cell).v : R[thisSlot]
    const a = args(R)
    st.line = line
    const instance = construct(st, parent, a, newTarget(R) as JsObject, line) as JsObject
    if (current !== TDZ) throw st.error("ReferenceError", JsMessages.superTwice(), line)
    if (thisSlotBoxed) (R[thisSlot] as Cell).v = instance
    else R[thisSlot] = instance
    if (f.fields !== null) f.fields(st, instance)
    return undefined
  }
}

export function compileNew(node: NewExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const callee = compileExpression(node.callee, ctx)
  const args = compileArguments(node.arguments, ctx)
  const text = sourceText(node.callee, ctx)
  return function newExpression(R: Frame): Value {
    const f = callee(R)
    const a = args(R)
    st.line = line
    if (!(f instanceof JsFunction)) throw st.typeError(JsMessages.notAConstructor(text), line)
    return construct(st, f, a, f, line, text)
  }
}
