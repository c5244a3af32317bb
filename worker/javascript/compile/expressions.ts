/**
 * Expressions: one compile function per node type, dispatched by `EXPRESSIONS` at compile time.
 *
 * Each returns a closure `(R) => Value`. Operators are specialised by operator (operators.ts);
 * property reads with a constant key capture the key; calls are specialised by how the callee is
 * written (a method call binds `this`) and by argument count. Optional chains compile to closures
 * that return `SHORT` when a link is nullish; the enclosing `ChainExpression` turns it into
 * `undefined`, so expressions outside chains never test for it.
 */

import { JsMessages } from "../messages.js"
import { assignProperties } from "../builtins/object.js"
import { regexpLiteral } from "../builtins/regexp.js"
import { iterableToList } from "../runtime/iterate.js"
import { Accessor, DIRECT_CALL_ARITY, HIDDEN, JsArray, JsFunction, JsObject, type Key, type Value } from "../runtime/object.js"
import { getIndexed, getV, toPropertyKey, toStr, typeOf } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import { callUnknownTool, toolNamespacePath } from "../runtime/tools.js"
import { type AnyNode, type CompileContext, type Expr, type Frame } from "./context.js"
import { compileClass } from "./classes.js"
import { indexSlots, plainCellSlot, plainLocalSlot } from "./fused.js"
import { compileFunction, construct, setFunctionName } from "./functions.js"
import { compileAssignment, compileBinary, compileLogical, compileUnary, compileUpdate } from "./operators.js"
import { compileRead, refOf } from "./variables.js"
import { compileImportExpression, compileModuleImport } from "./modules.js"
import { compilePrivateRead } from "./private.js"
import { compileTaggedTemplate } from "./templates.js"

/** Returned by a link of an optional chain whose base is nullish. */
export const SHORT = Symbol("short-circuit") as unknown as Value

type ExprCompiler = (node: AnyNode, ctx: CompileContext, name?: string) => Expr

export const EXPRESSIONS: Record<string, ExprCompiler> = {
  Literal: compileLiteral,
  Identifier: compileIdentifier,
  ThisExpression: (node, ctx) => compileRead(refOf(node, ctx), ctx, ctx.line(node)),
  MetaProperty: (node, ctx) => compileRead(refOf(node, ctx), ctx, ctx.line(node)),
  TemplateLiteral: compileTemplateLiteral,
  ArrayExpression: compileArrayExpression,
  ObjectExpression: compileObjectExpression,
  FunctionExpression: (node, ctx, name) => compileFunction(node, ctx, node.id?.name ?? name ?? ""),
  ArrowFunctionExpression: (node, ctx, name) => compileFunction(node, ctx, name ?? ""),
  ClassExpression: (node, ctx, name) => compileClass(node, ctx, node.id?.name ?? name ?? ""),
  UnaryExpression: compileUnary,
  UpdateExpression: compileUpdate,
  BinaryExpression: compileBinary,
  LogicalExpression: compileLogical,
  AssignmentExpression: compileAssignment,
  ConditionalExpression: compileConditional,
  SequenceExpression: compileSequence,
  MemberExpression: compileMember,
  CallExpression: compileCall,
  NewExpression: compileNew,
  ChainExpression: compileChain,
  TaggedTemplateExpression: compileTaggedTemplate,
  ParenthesizedExpression: (node, ctx) => compileExpression(node.expression, ctx),
  ImportExpression: compileImportExpression,
  ModuleImport: compileModuleImport,
}

export function compileExpression(node: AnyNode, ctx: CompileContext, name?: string): Expr {
  const compile = EXPRESSIONS[node.type]
  if (compile === undefined) throw ctx.error(node, JsMessages.unsupported(node.type, "this expression is not supported yet"))
  return compile(node, ctx, name)
}

/** Anonymous functions and classes take the name of what they are assigned to. */
export const isAnonymousFunction = (node: AnyNode): boolean =>
  (node.type === "FunctionExpression" || node.type === "ClassExpression") ? !node.id : node.type === "ArrowFunctionExpression"

function compileLiteral(node: AnyNode, ctx: CompileContext): Expr {
  if (node.regex !== undefined) {
    // A fresh RegExp per evaluation, as the language requires; its compiled program is cached.
    const st = ctx.st
    const { pattern, flags } = node.regex as { pattern: string; flags: string }
    return function regexpLiteralValue(): Value {
      return regexpLiteral(st, pattern, flags)
    }
  }
  const value: Value = node.bigint !== undefined ? BigInt(node.bigint) : (node.value as Value)
  return () => value
}

function compileIdentifier(node: AnyNode, ctx: CompileContext): Expr {
  if (node.name === "undefined") {
    const ref = refOf(node, ctx)
    if (ref.kind === "global") return () => undefined
  }
  return compileRead(refOf(node, ctx), ctx, ctx.line(node))
}

function compileTemplateLiteral(node: AnyNode, ctx: CompileContext): Expr {
  const st = ctx.st
  const quasis: string[] = node.quasis.map((q: AnyNode) => q.value.cooked as string)
  const parts: Expr[] = node.expressions.map((e: AnyNode) => compileExpression(e, ctx))
  if (parts.length === 0) {
    const text = quasis[0]!
    return () => text
  }
  return function template(R: Frame): Value {
    let s = quasis[0]!
    for (let i = 0; i < parts.length; i++) {
      const v = parts[i]!(R)
      const piece = typeof v === "string" ? v : toStr(st, v)
      if (s.length + piece.length > st.maxStringLength) st.checkStringLength(s.length + piece.length)
      s += piece + quasis[i + 1]!
    }
    return s
  }
}

function compileArrayExpression(node: AnyNode, ctx: CompileContext): Expr {
  const st = ctx.st
  const realm = st.realm
  const hasSpread = node.elements.some((e: AnyNode) => e?.type === "SpreadElement")
  const elements: Array<{ expr: Expr; spread: boolean }> = node.elements.map((e: AnyNode) =>
    e === null ? { expr: () => undefined, spread: false } : e.type === "SpreadElement" ? { expr: compileExpression(e.argument, ctx), spread: true } : { expr: compileExpression(e, ctx), spread: false },
  )
  if (!hasSpread) {
    const exprs = elements.map((e) => e.expr)
    const n = exprs.length
    return function arrayLiteral(R: Frame): Value {
      const items: Value[] = new Array(n)
      for (let i = 0; i < n; i++) items[i] = exprs[i]!(R)
      return new JsArray(realm.ArrayPrototype, items)
    }
  }
  return function arrayLiteralWithSpread(R: Frame): Value {
    const items: Value[] = []
    for (const e of elements) {
      const v = e.expr(R)
      if (e.spread) for (const x of iterableToList(st, v)) items.push(x)
      else items.push(v)
      if (items.length > st.maxArrayLength) throw st.arrayTooLarge()
    }
    return new JsArray(realm.ArrayPrototype, items)
  }
}

/** A property key known at compile time, or null for a computed one. */
export function staticKey(prop: AnyNode): string | null {
  if (prop.computed) return null
  if (prop.key.type === "Identifier") return prop.key.name
  if (prop.key.type === "Literal") return String(prop.key.value)
  return null
}

export type PropertyInit = (R: Frame, o: JsObject) => void

function compileObjectExpression(node: AnyNode, ctx: CompileContext): Expr {
  const realm = ctx.st.realm
  let simple = true
  const simpleKeys: string[] = []
  const simpleValues: Expr[] = []
  for (const prop of node.properties) {
    const key = prop.type === "SpreadElement" ? null : staticKey(prop)
    if (key === null || prop.kind !== "init" || prop.method || key === "__proto__" || simpleKeys.includes(key)) {
      simple = false
      break
    }
    simpleKeys.push(key)
    simpleValues.push(compileExpression(prop.value, ctx, key))
  }
  if (simple) {
    const n = simpleKeys.length
    return function objectLiteral(R: Frame): Value {
      const o = new JsObject(realm.ObjectPrototype)
      const props = o.props
      for (let i = 0; i < n; i++) props.set(simpleKeys[i]!, simpleValues[i]!(R))
      return o
    }
  }
  const inits: PropertyInit[] = node.properties.map((prop: AnyNode) => compilePropertyInit(prop, ctx))
  return function objectLiteralGeneral(R: Frame): Value {
    const o = new JsObject(realm.ObjectPrototype)
    for (const init of inits) init(R, o)
    return o
  }
}

/** One property of an object literal: spread, `__proto__: v`, `k: v`, a method, getter or setter. */
export function compilePropertyInit(prop: AnyNode, ctx: CompileContext): PropertyInit {
  const st = ctx.st
  if (prop.type === "SpreadElement") {
    const arg = compileExpression(prop.argument, ctx)
    return (R, o) => assignProperties(st, o, arg(R), true)
  }
  const key = staticKey(prop)
  const keyExpr: Expr | null = key === null ? compileExpression(prop.key, ctx) : null
  if (prop.kind === "init" && !prop.method) {
    if (key === "__proto__" && !prop.shorthand && !prop.computed) {
      const value = compileExpression(prop.value, ctx)
      return (R, o) => {
        const p = value(R)
        if (p === null || p instanceof JsObject) o.proto = p
      }
    }
    const value = compileExpression(prop.value, ctx, key ?? undefined)
    const named = key === null && isAnonymousFunction(prop.value)
    return (R, o) => {
      const k: Key = keyExpr === null ? key! : toPropertyKey(st, keyExpr(R))
      const v = value(R)
      if (named && v instanceof JsFunction) setFunctionName(v, k)
      o.defineOwn(st, k, v, 0)
    }
  }
  // Methods, getters and setters: functions whose home object is the literal.
  const method = compileFunction(prop.value, ctx, key ?? "", { method: true })
  const kind = prop.kind as "init" | "get" | "set"
  return (R, o) => {
    const k: Key = keyExpr === null ? key! : toPropertyKey(st, keyExpr(R))
    const fn = method(R) as JsFunction
    fn.home = o
    if (keyExpr !== null) setFunctionName(fn, k, kind === "init" ? undefined : kind)
    else if (kind !== "init") fn.fname = `${kind} ${fn.fname}`
    if (kind === "init") {
      o.defineOwn(st, k, fn, 0)
      return
    }
    const cur = o.own(k)
    const acc = cur instanceof Accessor ? new Accessor(cur.getter, cur.setter) : new Accessor(undefined, undefined)
    if (kind === "get") acc.getter = fn
    else acc.setter = fn
    o.defineOwn(st, k, acc, 0)
  }
}

function compileConditional(node: AnyNode, ctx: CompileContext): Expr {
  const test = compileExpression(node.test, ctx)
  const yes = compileExpression(node.consequent, ctx)
  const no = compileExpression(node.alternate, ctx)
  return (R) => {
    const t = test(R)
    return (t instanceof JsObject || t) ? yes(R) : no(R)
  }
}

function compileSequence(node: AnyNode, ctx: CompileContext): Expr {
  const exprs = node.expressions.map((e: AnyNode) => compileExpression(e, ctx))
  return (R) => {
    let v: Value
    for (const e of exprs) v = e(R)
    return v
  }
}

// -- Members ------------------------------------------------------------------------------------

/** Source text of a node, shortened, for "x.y is not a function". */
export const sourceText = (node: AnyNode, ctx: CompileContext): string => {
  if (node.type === "CallExpression") return `${sourceText(node.callee, ctx)}(...)`
  if (!["Identifier", "MemberExpression", "ThisExpression", "Literal", "ChainExpression", "Super"].includes(node.type)) return "(intermediate value)"
  const text = ctx.source.slice(node.start, node.end).replace(/\s+/g, " ")
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

/** Reads `super[key]` for the current method, with `this` as the receiver. */
export function superBase(node: AnyNode, ctx: CompileContext): { home: Expr; thisValue: Expr } {
  const func = compileRead(refOf(node, ctx), ctx, ctx.line(node))
  const st = ctx.st
  const thisRef = ctx.resolution.references.get(node.thisNode ?? node)
  void thisRef
  return {
    home: (R) => {
      const f = func(R)
      const home = f instanceof JsFunction ? f.home : null
      if (home === null) throw st.error("SyntaxError", "'super' keyword unexpected here", ctx.line(node))
      return home.proto
    },
    thisValue: compileThisFor(node, ctx),
  }
}

/** `this` at the position of `node` (used by super references). */
export function compileThisFor(node: AnyNode, ctx: CompileContext): Expr {
  const ref = ctx.resolution.references.get(node.__this)
  if (ref === undefined) throw ctx.error(node, JsMessages.internalError("super without this"), "ExecutionFailure")
  return compileRead(ref, ctx, ctx.line(node))
}

function compileMember(node: AnyNode, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  if (node.object.type === "Super") {
    const { home, thisValue } = superBase(node.object, ctx)
    const key = node.computed ? compileExpression(node.property, ctx) : null
    const name = node.property.name
    return (R) => {
      const h = home(R) as JsObject | null
      const k = key === null ? name : toPropertyKey(st, key(R))
      return h === null ? undefined : h.get(st, k, thisValue(R))
    }
  }
  const object = compileExpression(node.object, ctx)
  const optional = node.optional === true
  const chained = ctx.inChain
  if (node.property.type === "PrivateIdentifier") {
    const read = compilePrivateRead(node, ctx)
    if (!chained && !optional) return (R) => read(R, object(R))
    return function privateMemberInChain(R: Frame): Value {
      const o = object(R)
      if (o === SHORT || (optional && (o === undefined || o === null))) return SHORT
      return read(R, o)
    }
  }
  if (!node.computed) {
    const key: string = node.property.name
    if (chained || optional) {
      return function memberInChain(R: Frame): Value {
        const o = object(R)
        if (o === SHORT) return SHORT
        if (optional && (o === undefined || o === null)) return SHORT
        return readNamed(st, o, key, line)
      }
    }
    return function member(R: Frame): Value {
      const o = object(R)
      if (o instanceof JsObject) return o.get(st, key)
      return readNamed(st, o, key, line)
    }
  }
  if (!chained && !optional) {
    const s = plainLocalSlot(node.object, ctx)
    const t = plainLocalSlot(node.property, ctx)
    if (s >= 0 && t >= 0) return indexSlots(st, s, t, line)
  }
  const property = compileExpression(node.property, ctx)
  return function memberComputed(R: Frame): Value {
    const o = object(R)
    if (chained || optional) {
      if (o === SHORT) return SHORT
      if (optional && (o === undefined || o === null)) return SHORT
    }
    const k = property(R)
    if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), typeof k === "symbol" ? k.toString() : toStr(st, k)), line)
    return getIndexed(st, o, k)
  }
}

function readNamed(st: JsState, o: Value, key: string, line: number): Value {
  if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), key), line)
  return getV(st, o, key)
}

function compileChain(node: AnyNode, ctx: CompileContext): Expr {
  const outer = ctx.inChain
  ctx.inChain = true
  const inner = compileExpression(node.expression, ctx)
  ctx.inChain = outer
  return (R) => {
    const v = inner(R)
    return v === SHORT ? undefined : v
  }
}

// -- Calls --------------------------------------------------------------------------------------

/** Compiles call arguments to one closure producing the argument array. */
export function compileArguments(args: AnyNode[], ctx: CompileContext): (R: Frame) => Value[] {
  const st = ctx.st
  if (args.some((a) => a.type === "SpreadElement")) {
    const parts = args.map((a) => (a.type === "SpreadElement" ? { e: compileExpression(a.argument, ctx), spread: true } : { e: compileExpression(a, ctx), spread: false }))
    return (R) => {
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
      return () => []
    case 1: {
      const a = exprs[0]!
      return (R) => [a(R)]
    }
    case 2: {
      const a = exprs[0]!
      const b = exprs[1]!
      return (R) => [a(R), b(R)]
    }
    case 3: {
      const a = exprs[0]!
      const b = exprs[1]!
      const c = exprs[2]!
      return (R) => [a(R), b(R), c(R)]
    }
  }
  return (R) => exprs.map((e) => e(R))
}

/**
 * The argument expressions of a call that can use a function's `DirectCall` entry (at most three,
 * no spread), padded with `undefined` readers; null for any other call.
 */
function directArguments(args: AnyNode[], ctx: CompileContext): { n: number; e0: Expr; e1: Expr; e2: Expr } | null {
  if (args.length > DIRECT_CALL_ARITY || args.some((a) => a.type === "SpreadElement")) return null
  const exprs = args.map((a) => compileExpression(a, ctx))
  const none: Expr = () => undefined
  return { n: exprs.length, e0: exprs[0] ?? none, e1: exprs[1] ?? none, e2: exprs[2] ?? none }
}

/**
 * The error for calling what is not a function. `tools.crm.sendEmail(...)` where no such tool
 * exists is the host's `UnknownTool` (with "Did you mean"); a value read from such a name and
 * called later is a TypeError that names what it was read from.
 */
/** `tools.alpha.echo(...)` where no namespace is called alpha: the host's UnknownTool for the whole path. */
export function unknownNamespaceCall(st: JsState, text: string, line: number): void {
  const unknown = st.lastUnknownToolRead
  if (unknown !== undefined && text.length > unknown.length && text.startsWith(unknown) && /^[.[]/.test(text.slice(unknown.length))) {
    callUnknownTool(st, text, line)
  }
}

export function notCallable(st: JsState, text: string, line: number, o?: Value, f?: Value) {
  const unknown = st.lastUnknownToolRead
  if (f === undefined && unknown !== undefined) {
    if (o !== undefined && toolNamespacePath(o) !== undefined) callUnknownTool(st, unknown, line)
    if (unknown !== text) return st.typeError(JsMessages.notAFunctionFromUnknownTool(text, unknown), line)
  }
  return st.typeError(JsMessages.notAFunction(text), line)
}

function compileCall(node: AnyNode, ctx: CompileContext): Expr {
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
      if (!(f instanceof JsFunction)) throw notCallable(st, text, line)
      st.line = line
      return f.impl(st, thisValue(R), args(R), undefined)
    }
  }
  if (callee.type === "MemberExpression" && callee.property.type === "PrivateIdentifier") return compilePrivateCall(node, callee, ctx, args)
  if (callee.type === "MemberExpression" && callee.object.type !== "Super") {
    const object = compileExpression(callee.object, ctx)
    const key: Expr | null = callee.computed ? compileExpression(callee.property, ctx) : null
    const name: string = callee.computed ? "" : callee.property.name
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
        throw notCallable(st, text, line, o, f)
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
      throw notCallable(st, text, line, undefined, f)
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
function compileDirectCall(node: AnyNode, callee: AnyNode, ctx: CompileContext, direct: { n: number; e0: Expr; e1: Expr; e2: Expr }): Expr {
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
    const d = f.direct
    if (d !== null) return d(thisArg, a0, a1, a2)
    return f.impl(st, thisArg, n === 0 ? [] : n === 1 ? [a0] : n === 2 ? [a0, a1] : [a0, a1, a2], undefined)
  }
  if (callee.type === "MemberExpression") {
    const object = compileExpression(callee.object, ctx)
    const key: Expr | null = callee.computed ? compileExpression(callee.property, ctx) : null
    const name: string = callee.computed ? "" : callee.property.name
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
        throw notCallable(st, text, line, o, f)
      }
      st.line = line
      return invoke(f, o, R)
    }
  }
  const cell = callee.type === "Identifier" && !optional ? plainCellSlot(callee, ctx) : -1
  if (cell >= 0) {
    // `f(x)` where `f` is a function of an enclosing scope (a captured declaration: no TDZ).
    return function callCellDirect(R: Frame): Value {
      const f = R[cell].v
      if (!(f instanceof JsFunction)) throw notCallable(st, text, line, undefined, f)
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
      throw notCallable(st, text, line, undefined, f)
    }
    st.line = line
    return invoke(f, undefined, R)
  }
}

/** `o.#m(...)`: the private method (or a private field holding a function) called with `this = o`. */
function compilePrivateCall(node: AnyNode, callee: AnyNode, ctx: CompileContext, args: (R: Frame) => Value[]): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const object = compileExpression(callee.object, ctx)
  const read = compilePrivateRead(callee, ctx)
  const chained = ctx.inChain
  const optionalMember = callee.optional === true
  const optional = node.optional === true
  // V8 words a failed private call as a computed member: "o[#x] is not a function".
  const text = `${sourceText(callee.object, ctx)}[#${callee.property.name}]`
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

function compileSuperCall(node: AnyNode, ctx: CompileContext, args: (R: Frame) => Value[]): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const func = compileRead(refOf(node.callee, ctx), ctx, line)
  const newTarget = compileRead(refOf(node.callee.__newTarget, ctx), ctx, line)
  const thisRef = refOf(node.callee.__this, ctx)
  const thisSlotBoxed = thisRef.kind !== "global" && (thisRef.kind === "upvalue" || thisRef.binding.captured)
  const thisSlot = thisRef.kind === "local" ? thisRef.binding.slot : thisRef.kind === "upvalue" ? thisRef.fn.upvalueSlot(thisRef.index) : -1
  return function superCall(R: Frame): Value {
    const f = func(R) as JsFunction
    const parent = f.proto
    const current = thisSlotBoxed ? R[thisSlot].v : R[thisSlot]
    const a = args(R)
    st.line = line
    const instance = construct(st, parent, a, newTarget(R) as JsObject, line) as JsObject
    if (current !== TDZ_MARK()) throw st.error("ReferenceError", JsMessages.superTwice(), line)
    if (thisSlotBoxed) R[thisSlot].v = instance
    else R[thisSlot] = instance
    if (f.fields !== null) f.fields(st, instance)
    return undefined
  }
}

import { TDZ } from "./context.js"
const TDZ_MARK = () => TDZ

function compileNew(node: AnyNode, ctx: CompileContext): Expr {
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

export { typeOf, HIDDEN }
