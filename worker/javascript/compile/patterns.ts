/**
 * Destructuring: a pattern compiles to a writer `(R, value) => void` that takes the value apart
 * and writes each piece to its target. Declarations (`let {a, b: [c]} = v`, parameters) write
 * through `compileInit`; assignments (`[a, b] = [b, a]`) through `compileAssign` or a property
 * write. Defaults (`{a = 1}`) are evaluated only when the piece is `undefined`; array patterns
 * consume iterables one step at a time (`Stepper`) and close them when they stop early.
 *
 * The pieces of an object or array pattern are compiled by one skeleton (`objectPatternParts`,
 * `arrayPatternElements`) for this plain form and the resumable one (resumable-patterns.ts),
 * through a `PatternForm`; only the run-time writers are written twice.
 */

import { JsMessages } from "../messages.js"
import { DONE, Stepper } from "../runtime/iterate.js"
import { ABSENT, JsFunction, JsObject, type Key, type Value } from "../runtime/object.js"
import { getV, putIndexed, toObject, toPropertyKey, toStr } from "../runtime/ops.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"
import type { ArrayPattern, Expression, MemberExpression, ObjectPattern, Pattern } from "acorn"
import { propertyName, type CompileContext, type Expr, type Frame } from "./context.js"
import { compileExpression, isAnonymousFunction, staticKey } from "./expressions.js"
import { setFunctionName } from "./functions.js"
import { compilePrivateWrite } from "./private.js"
import { compileAssign, compileInit, refOf, type Write } from "./variables.js"

export function compilePatternDeclaration(p: Pattern, ctx: CompileContext): Write {
  return compilePattern(p, ctx, true)
}

export function compilePatternAssignment(p: Pattern, ctx: CompileContext): Write {
  return compilePattern(p, ctx, false)
}

function compilePattern(p: Pattern, ctx: CompileContext, declaring: boolean): Write {
  const st = ctx.st
  const line = ctx.line(p)
  switch (p.type) {
    case "Identifier": {
      if (declaring) {
        const b = ctx.resolution.declarations.get(p)
        if (b !== undefined && b.fn === ctx.fn) return compileInit(b)
      }
      return compileAssign(refOf(p, ctx), ctx, line)
    }
    case "MemberExpression": {
      const object = compileExpression(p.object, ctx)
      if (p.property.type === "PrivateIdentifier") {
        const set = compilePrivateWrite(p, ctx)
        return function privateTarget(R, v) { set(R, object(R), v) }
      }
      const key = compileTargetKey(p, ctx)
      return function memberTarget(R, v) { putIndexed(st, object(R), key(R), v) }
    }
    case "AssignmentPattern": {
      const target = compilePattern(p.left, ctx, declaring)
      const name = p.left.type === "Identifier" ? p.left.name : undefined
      const fallback = compileExpression(p.right, ctx, name)
      const named = name !== undefined && isAnonymousFunction(p.right)
      return function defaulted(R, v) {
        if (v === undefined) {
          v = fallback(R)
          if (named && v instanceof JsFunction && v.fname === "") setFunctionName(v, name)
        }
        target(R, v)
      }
    }
    case "ObjectPattern":
      return compileObjectPattern(p, ctx, declaring)
    case "ArrayPattern":
      return compileArrayPattern(p, ctx, declaring)
  }
  throw ctx.error(p, "SyntaxError: Invalid destructuring assignment target", "ParseError")
}

/**
 * A pattern element whose target is a property reference (`[o.x] = it`, `{ a: o[k] = 1 } = v`):
 * its object and key are evaluated before the value is read, and the key converted only when the
 * value is written, the order the standard gives (a key that throws leaves the iterator unstepped).
 */
export interface PropertyTarget {
  readonly object: Expr
  readonly key: Expr
  readonly fallback: Expr | null
  readonly put: (R: Frame, o: Value, k: Value, v: Value) => void
}

const noKey: Expr = function noKey() { return undefined }

/** The key of a (not private) member target: its computed expression, or its name as a constant. */
function compileTargetKey(t: MemberExpression, ctx: CompileContext): Expr {
  const property = t.property
  if (property.type === "PrivateIdentifier") throw ctx.unexpected(property)
  if (t.computed) return compileExpression(property, ctx)
  const name = propertyName(t)
  return function targetName() { return name }
}

export function propertyTargetOf(e: Pattern, ctx: CompileContext): PropertyTarget | null {
  const st = ctx.st
  const t = e.type === "AssignmentPattern" ? e.left : e
  if (t.type !== "MemberExpression") return null
  const object = compileExpression(t.object, ctx)
  const fallback = e.type === "AssignmentPattern" ? compileExpression(e.right, ctx) : null
  if (t.property.type === "PrivateIdentifier") {
    const set = compilePrivateWrite(t, ctx)
    return { object, key: noKey, fallback, put: function putPrivate(R, o, _k, v) { set(R, o, v) } }
  }
  const key = compileTargetKey(t, ctx)
  return { object, key, fallback, put: function putProperty(_R, o, k, v) { putIndexed(st, o, k, v) } }
}

/** The own enumerable properties of `v` not yet taken by the pattern, in a new object (`...rest`). */
export function restOf(st: JsState, v: Value, used: readonly Key[]): JsObject {
  const rest = st.realm.newObject()
  // A string's characters are its own enumerable index properties (not stored on its box).
  if (typeof v === "string") for (let i = 0; i < v.length; i++) if (!used.includes(String(i))) rest.props.set(String(i), v[i]!)
  const from = v instanceof JsObject ? v : toObject(st, v)
  for (const k of from.ownKeys()) {
    if (used.includes(k) || !from.isEnumerable(k) || from.own(k) === ABSENT) continue
    rest.props.set(k, from.get(st, k))
  }
  return rest
}

// -- The skeleton both forms of a pattern share ---------------------------------------------------

/** How one form compiles a pattern's pieces: expressions `E`, writers `W`, property targets `T`. */
export interface PatternForm<E, W, T> {
  readonly expression: (node: Expression, ctx: CompileContext) => E
  readonly pattern: (p: Pattern, ctx: CompileContext, declaring: boolean) => W
  /** The target of an element that is a property reference, or null for any other element. */
  readonly propertyTarget: (e: Pattern, ctx: CompileContext) => T | null
}

/** One property of an object pattern: its key (`key` when static), and a writer or a property target. */
export interface ObjectPatternPart<E, W, T> {
  readonly key: string | null
  readonly keyExpr: E | null
  readonly target: W | null
  readonly prop: T | null
  readonly rest: boolean
}

export function objectPatternParts<E, W, T>(p: ObjectPattern, ctx: CompileContext, declaring: boolean, form: PatternForm<E, W, T>): Array<ObjectPatternPart<E, W, T>> {
  const parts: Array<ObjectPatternPart<E, W, T>> = []
  for (const prop of p.properties) {
    const element = prop.type === "RestElement" ? prop.argument : prop.value
    const target = form.propertyTarget(element, ctx)
    const write = target === null ? form.pattern(element, ctx, declaring) : null
    if (prop.type === "RestElement") {
      parts.push({ key: null, keyExpr: null, target: write, prop: target, rest: true })
      continue
    }
    const key = staticKey(prop)
    parts.push({ key, keyExpr: key === null ? form.expression(prop.key, ctx) : null, target: write, prop: target, rest: false })
  }
  return parts
}

/** One element of an array pattern: a writer or a property target (neither for a hole). */
export interface ArrayPatternElement<W, T> {
  readonly target: W | null
  readonly prop: T | null
  readonly rest: boolean
}

export function arrayPatternElements<E, W, T>(p: ArrayPattern, ctx: CompileContext, declaring: boolean, form: PatternForm<E, W, T>): Array<ArrayPatternElement<W, T>> {
  return p.elements.map((e) => {
    if (e === null) return { target: null, prop: null, rest: false }
    const element = e.type === "RestElement" ? e.argument : e
    const prop = form.propertyTarget(element, ctx)
    return { target: prop === null ? form.pattern(element, ctx, declaring) : null, prop, rest: e.type === "RestElement" }
  })
}

/** The plain form: closures. */
const PLAIN: PatternForm<Expr, Write, PropertyTarget> = {
  expression: (node, ctx) => compileExpression(node, ctx),
  pattern: (p, ctx, declaring) => compilePattern(p, ctx, declaring),
  propertyTarget: (e, ctx) => propertyTargetOf(e, ctx),
}

function compileObjectPattern(p: ObjectPattern, ctx: CompileContext, declaring: boolean): Write {
  const st = ctx.st
  const line = ctx.line(p)
  const parts = objectPatternParts(p, ctx, declaring, PLAIN)
  return function destructureObject(R: Frame, v: Value): void {
    if (v === undefined || v === null) {
      const first = parts[0]
      throw st.typeError(first !== undefined && first.key !== null ? JsMessages.destructureProperty(first.key, String(v)) : JsMessages.destructureNullish(String(v)), line)
    }
    const used: Key[] = []
    for (const part of parts) {
      const k: Key | null = part.rest ? null : part.key !== null ? part.key : toPropertyKey(st, part.keyExpr!(R))
      const pt = part.prop
      if (pt === null) {
        if (k === null) part.target!(R, restOf(st, v, used))
        else {
          used.push(k)
          part.target!(R, getV(st, v, k))
        }
        continue
      }
      const o = pt.object(R)
      const tk = pt.key(R)
      let x: Value
      if (k === null) x = restOf(st, v, used)
      else {
        used.push(k)
        x = getV(st, v, k)
        if (x === undefined && pt.fallback !== null) x = pt.fallback(R)
      }
      pt.put(R, o, tk, x)
    }
  }
}

function compileArrayPattern(p: ArrayPattern, ctx: CompileContext, declaring: boolean): Write {
  const st = ctx.st
  const elements = arrayPatternElements(p, ctx, declaring, PLAIN)
  return function destructureArray(R: Frame, v: Value): void {
    if (v === undefined || v === null) throw st.typeError(JsMessages.notIterableValue(toStr(st, v)))
    const stepper = new Stepper(st, v)
    try {
      for (const e of elements) {
        const pt = e.prop
        const o = pt === null ? undefined : pt.object(R)
        const tk = pt === null ? undefined : pt.key(R)
        let x: Value
        if (e.rest) {
          const rest: Value[] = []
          for (let n = stepper.next(); n !== DONE; n = stepper.next()) rest.push(n as Value)
          x = st.realm.newArray(rest)
        } else {
          const n = stepper.next()
          x = n === DONE ? undefined : (n as Value)
        }
        if (pt !== null) {
          if (x === undefined && pt.fallback !== null) x = pt.fallback(R)
          pt.put(R, o, tk, x)
        } else if (e.target !== null) e.target(R, x)
      }
    } catch (error) {
      // IteratorClose on a throw: the pattern's own error wins over one from return().
      if (error instanceof ThrowSignal) stepper.closeQuietly()
      throw error
    }
    stepper.close()
  }
}
