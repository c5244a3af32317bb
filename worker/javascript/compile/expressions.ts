/**
 * Expressions: one compile function per node type, dispatched by `EXPRESSIONS` at compile time.
 *
 * Each returns a closure `(R) => Value`. Operators are specialised by operator (operators.ts);
 * property reads with a constant key capture the key; calls and `new` are in calls.ts. Optional chains compile to closures
 * that return `SHORT` when a link is nullish; the enclosing `ChainExpression` turns it into
 * `undefined`, so expressions outside chains never test for it.
 */

import { ReadCache } from "../runtime/property-cache.js"
import { freshValues, INLINE_SLOTS, NO_SLOTS, Shape } from "../runtime/shape.js"
import { JsMessages } from "../messages.js"
import { assignProperties } from "../builtins/object.js"
import { regexpLiteral } from "../builtins/regexp.js"
import { iterableToList } from "../runtime/iterate.js"
import { Accessor, HIDDEN, JsFunction, JsObject, type Key, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { getIndexed, getV, toPropertyKey, toStr, typeOf } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import type {
  ArrayExpression,
  AssignmentProperty,
  ChainExpression,
  ConditionalExpression,
  Identifier,
  Literal,
  MemberExpression,
  MethodDefinition,
  Node,
  ObjectExpression,
  Property,
  PropertyDefinition,
  SequenceExpression,
  SpreadElement,
  Super,
  TemplateLiteral,
} from "acorn"
import { handlerOf, propertyName, type CompileContext, type Expr, type ExpressionNode, type Frame, type HandlerTable, type SyntaxNode } from "./context.js"
import { compileClass } from "./classes.js"
import { indexSlots, plainLocalSlot } from "./fused.js"
import { compileCall, compileNew } from "./calls.js"
import { compileFunction, setFunctionName } from "./functions.js"
import { compileAssignment, compileBinary, compileLogical, compileUnary, compileUpdate } from "./operators.js"
import { compileRead, refOf } from "./variables.js"
import { compileImportExpression, compileModuleImport } from "./modules.js"
import { compilePrivateRead } from "./private.js"
import { compileTaggedTemplate } from "./templates.js"

/** Returned by a link of an optional chain whose base is nullish. */
export const SHORT = Symbol("short-circuit") as unknown as Value

/** Constructs that only resumable code compiles (resumable.ts); reaching them here is a bug. */
const onlyResumable = (node: ExpressionNode, ctx: CompileContext): never => {
  throw ctx.error(node, JsMessages.internalError(`${node.type} compiled as plain code`), "ExecutionFailure")
}

export const EXPRESSIONS: HandlerTable<ExpressionNode, Expr, [name?: string]> = {
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
  AwaitExpression: onlyResumable,
  YieldExpression: onlyResumable,
}

/**
 * The closure of an expression. `super` alone is no expression (only `super.x`, `super[x]` and
 * `super(...)` are, compiled by their parents): it is refused here like any unsupported node.
 */
export function compileExpression(node: ExpressionNode | Super, ctx: CompileContext, name?: string): Expr {
  const compile = handlerOf<ExpressionNode | Super, Expr, [name?: string]>(EXPRESSIONS, node)
  if (compile === undefined) throw ctx.error(node, JsMessages.unsupported(node.type, "this expression is not supported yet"))
  return compile(node, ctx, name)
}

/** Anonymous functions and classes take the name of what they are assigned to. */
export const isAnonymousFunction = (node: SyntaxNode): boolean =>
  (node.type === "FunctionExpression" || node.type === "ClassExpression") ? !node.id : node.type === "ArrowFunctionExpression"

function compileLiteral(node: Literal, ctx: CompileContext): Expr {
  if (node.regex !== undefined) {
    // A fresh RegExp per evaluation, as the language requires; its compiled program is cached.
    const st = ctx.st
    const { pattern, flags } = node.regex
    return function regexpLiteralValue(): Value {
      return regexpLiteral(st, pattern, flags)
    }
  }
  const value: Value = node.bigint !== undefined ? BigInt(node.bigint) : (node.value as Value)
  return function literal() { return value }
}

function compileIdentifier(node: Identifier, ctx: CompileContext): Expr {
  if (node.name === "undefined") {
    const ref = refOf(node, ctx)
    if (ref.kind === "global") return function undefinedValue() { return undefined }
  }
  return compileRead(refOf(node, ctx), ctx, ctx.line(node))
}

function compileTemplateLiteral(node: TemplateLiteral, ctx: CompileContext): Expr {
  const st = ctx.st
  const quasis: string[] = node.quasis.map((q) => q.value.cooked as string)
  const parts: Expr[] = node.expressions.map((e) => compileExpression(e, ctx))
  if (parts.length === 0) {
    const text = quasis[0]!
    return function plainTemplate() { return text }
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

function compileArrayExpression(node: ArrayExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const hasSpread = node.elements.some((e) => e?.type === "SpreadElement")
  const elements: Array<{ expr: Expr; spread: boolean }> = node.elements.map((e) =>
    e === null ? { expr: () => undefined, spread: false } : e.type === "SpreadElement" ? { expr: compileExpression(e.argument, ctx), spread: true } : { expr: compileExpression(e, ctx), spread: false },
  )
  const hasHoles = node.elements.some((e) => e === null)
  if (hasHoles) {
    // An elision (`[1, , 3]`) is a hole: the array starts in dictionary mode without that index.
    const holes: boolean[] = node.elements.map((e) => e === null)
    return function arrayLiteralWithHoles(R: Frame): Value {
      const a = new JsArray(st.realm.ArrayPrototype, [])
      a.toDictionary()
      let at = 0
      for (let i = 0; i < elements.length; i++) {
        const e = elements[i]!
        if (holes[i]) at++
        else if (e.spread) for (const x of iterableToList(st, e.expr(R))) a.defineOwn(st, String(at++), x, 0)
        else a.defineOwn(st, String(at++), e.expr(R), 0)
      }
      a.setLength(st, at, false)
      return a
    }
  }
  if (!hasSpread) {
    const exprs = elements.map((e) => e.expr)
    const n = exprs.length
    return function arrayLiteral(R: Frame): Value {
      const items: Value[] = freshValues(n)
      for (let i = 0; i < n; i++) items[i] = exprs[i]!(R)
      return new JsArray(st.realm.ArrayPrototype, items)
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
    return new JsArray(st.realm.ArrayPrototype, items)
  }
}

/** A property key known at compile time, or null for a computed one. */
export function staticKey(prop: Property | AssignmentProperty | MethodDefinition | PropertyDefinition): string | null {
  if (prop.computed) return null
  if (prop.key.type === "Identifier") return prop.key.name
  if (prop.key.type === "Literal") return String(prop.key.value)
  return null
}

export type PropertyInit = (R: Frame, o: JsObject) => void

function compileObjectExpression(node: ObjectExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  let simple = true
  const simpleKeys: string[] = []
  const simpleValues: Expr[] = []
  for (const prop of node.properties) {
    if (prop.type === "SpreadElement") {
      simple = false
      break
    }
    const key = staticKey(prop)
    if (key === null || prop.kind !== "init" || prop.method || key === "__proto__" || simpleKeys.includes(key)) {
      simple = false
      break
    }
    simpleKeys.push(key)
    simpleValues.push(compileExpression(prop.value, ctx, key))
  }
  if (simple) {
    const n = simpleKeys.length
    // The literal's shape is found once and kept (runtime/shape.ts): each evaluation computes its
    // values in source order, and the object is made around them — the first four in its own
    // fields, the others in an array of exactly their number.
    let shape: Shape | null = null
    const [e0, e1, e2, e3] = simpleValues
    const rest = simpleValues.slice(INLINE_SLOTS)
    const nrest = rest.length
    return function objectLiteral(R: Frame): Value {
      const v0 = e0 === undefined ? undefined : e0(R)
      const v1 = e1 === undefined ? undefined : e1(R)
      const v2 = e2 === undefined ? undefined : e2(R)
      const v3 = e3 === undefined ? undefined : e3(R)
      let more: Value[] = NO_SLOTS as Value[]
      if (nrest > 0) {
        more = freshValues(nrest)
        for (let i = 0; i < nrest; i++) more[i] = rest[i]!(R)
      }
      if (shape === null) shape = Shape.of(simpleKeys)
      if (shape !== null) return JsObject.shaped(st.realm.ObjectPrototype, shape, v0, v1, v2, v3, more)
      const o = new JsObject(st.realm.ObjectPrototype)
      const values = [v0, v1, v2, v3, ...more]
      for (let i = 0; i < n; i++) o.putSlot(simpleKeys[i]!, values[i])
      return o
    }
  }
  const inits: PropertyInit[] = node.properties.map((prop) => compilePropertyInit(prop, ctx))
  return function objectLiteralGeneral(R: Frame): Value {
    const o = new JsObject(st.realm.ObjectPrototype)
    for (const init of inits) init(R, o)
    return o
  }
}

/** One property of an object literal: spread, `__proto__: v`, `k: v`, a method, getter or setter. */
export function compilePropertyInit(prop: Property | SpreadElement, ctx: CompileContext): PropertyInit {
  const st = ctx.st
  if (prop.type === "SpreadElement") {
    const arg = compileExpression(prop.argument, ctx)
    return function spreadProperty(R, o) { return assignProperties(st, o, arg(R), true) }
  }
  const key = staticKey(prop)
  const keyExpr: Expr | null = key === null ? compileExpression(prop.key, ctx) : null
  if (prop.kind === "init" && !prop.method) {
    if (key === "__proto__" && !prop.shorthand && !prop.computed) {
      const value = compileExpression(prop.value, ctx)
      return function protoProperty(R, o) {
        const p = value(R)
        if (p === null || p instanceof JsObject) o.proto = p
      }
    }
    const value = compileExpression(prop.value, ctx, key ?? undefined)
    const named = key === null && isAnonymousFunction(prop.value)
    return function dataProperty(R, o) {
      const k: Key = keyExpr === null ? key! : toPropertyKey(st, keyExpr(R))
      const v = value(R)
      if (named && v instanceof JsFunction) setFunctionName(v, k)
      o.defineOwn(st, k, v, 0)
    }
  }
  // Methods, getters and setters: functions whose home object is the literal.
  if (prop.value.type !== "FunctionExpression") throw ctx.unexpected(prop.value)
  const method = compileFunction(prop.value, ctx, key ?? "", { method: true })
  const kind = prop.kind
  return function methodProperty(R, o) {
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

function compileConditional(node: ConditionalExpression, ctx: CompileContext): Expr {
  const test = compileExpression(node.test, ctx)
  const yes = compileExpression(node.consequent, ctx)
  const no = compileExpression(node.alternate, ctx)
  return function conditional(R) {
    const t = test(R)
    return (t instanceof JsObject || t) ? yes(R) : no(R)
  }
}

function compileSequence(node: SequenceExpression, ctx: CompileContext): Expr {
  const exprs = node.expressions.map((e) => compileExpression(e, ctx))
  return function sequence(R) {
    let v: Value
    for (const e of exprs) v = e(R)
    return v
  }
}

// -- Members ------------------------------------------------------------------------------------

/** Source text of a node, shortened, for "x.y is not a function". */
export const sourceText = (node: SyntaxNode, ctx: CompileContext): string => {
  if (node.type === "CallExpression") return `${sourceText(node.callee, ctx)}(...)`
  if (!["Identifier", "MemberExpression", "ThisExpression", "Literal", "ChainExpression", "Super"].includes(node.type)) return "(intermediate value)"
  const text = ctx.source.slice(node.start, node.end).replace(/\s+/g, " ")
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

/** Reads `super[key]` for the current method, with `this` as the receiver. */
export function superBase(node: Super, ctx: CompileContext): { home: Expr; thisValue: Expr } {
  const line = ctx.line(node)
  const func = compileRead(refOf(node, ctx), ctx, line)
  const st = ctx.st
  return {
    home: function superHome(R) {
      const f = func(R)
      const home = f instanceof JsFunction ? f.home : null
      if (home === null) throw st.error("SyntaxError", "'super' keyword unexpected here", line)
      return home.proto
    },
    thisValue: compileThisFor(node, ctx),
  }
}

/** `this` at the position of `node` (used by super references). */
export function compileThisFor(node: Node, ctx: CompileContext): Expr {
  const refs = ctx.resolution.superReferences.get(node)
  if (refs === undefined) throw ctx.error(node, JsMessages.internalError("super without this"), "ExecutionFailure")
  return compileRead(refs.thisRef, ctx, ctx.line(node))
}

export function compileMember(node: MemberExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const property = node.property
  if (node.object.type === "Super") {
    const { home, thisValue } = superBase(node.object, ctx)
    if (property.type === "PrivateIdentifier") throw ctx.unexpected(property)
    const key = node.computed ? compileExpression(property, ctx) : null
    const name = propertyName(node)
    return function superMember(R) {
      const h = home(R) as JsObject | null
      const k = key === null ? name : toPropertyKey(st, key(R))
      return h === null ? undefined : h.get(st, k, thisValue(R))
    }
  }
  const object = compileExpression(node.object, ctx)
  const optional = node.optional === true
  const chained = ctx.inChain
  if (property.type === "PrivateIdentifier") {
    const read = compilePrivateRead(node, ctx)
    if (!chained && !optional) return function privateMember(R) { return read(R, object(R)) }
    return function privateMemberInChain(R: Frame): Value {
      const o = object(R)
      if (o === SHORT || (optional && (o === undefined || o === null))) return SHORT
      return read(R, o)
    }
  }
  if (!node.computed) {
    const key = propertyName(node)
    if (chained || optional) {
      return function memberInChain(R: Frame): Value {
        const o = object(R)
        if (o === SHORT) return SHORT
        if (optional && (o === undefined || o === null)) return SHORT
        return readNamed(st, o, key, line)
      }
    }
    const cache = new ReadCache(key) // runtime/property-cache.ts
    return function member(R: Frame): Value {
      const o = object(R)
      if (o instanceof JsObject) {
        if (o.shape === cache.shape && o.attrs === null) return o.slotAt(cache.slot) as Value
        return cache.miss(st, o)
      }
      return readNamed(st, o, key, line)
    }
  }
  if (!chained && !optional) {
    const s = plainLocalSlot(node.object, ctx)
    const t = plainLocalSlot(property, ctx)
    if (s >= 0 && t >= 0) return indexSlots(st, s, t, line)
  }
  const computedKey = compileExpression(property, ctx)
  return function memberComputed(R: Frame): Value {
    const o = object(R)
    if (chained || optional) {
      if (o === SHORT) return SHORT
      if (optional && (o === undefined || o === null)) return SHORT
    }
    const k = computedKey(R)
    if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), typeof k === "symbol" ? k.toString() : toStr(st, k)), line)
    return getIndexed(st, o, k)
  }
}

export function readNamed(st: JsState, o: Value, key: string, line: number): Value {
  if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), key), line)
  return getV(st, o, key)
}

function compileChain(node: ChainExpression, ctx: CompileContext): Expr {
  const outer = ctx.inChain
  ctx.inChain = true
  const inner = compileExpression(node.expression, ctx)
  ctx.inChain = outer
  return function optionalChain(R) {
    const v = inner(R)
    return v === SHORT ? undefined : v
  }
}

export { typeOf, HIDDEN }
