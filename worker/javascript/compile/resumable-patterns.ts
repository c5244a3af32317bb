/**
 * Destructuring that can suspend: patterns whose defaults, computed keys or target objects hold
 * an `await` or `yield` of their function (`[x = yield] = it`, `const { a = await f() } = o`,
 * `for ({ k = yield } of list)`).
 *
 * A pattern compiles here to a writer `(R, value) => Generator` that does what the plain writer
 * of patterns.ts does, step for step, with the suspending pieces run by `yield*`. Only the
 * patterns that suspend take this form (`patternSuspends` decides at compile time, from the
 * resolver's set of suspending nodes); every piece of them that does not suspend, and every
 * other pattern, stays the plain writer, so ordinary destructuring costs no generator.
 *
 * An array pattern owns an iterator while it runs. A default may suspend for ever, or the
 * generator it runs in may be told to `return()` or `throw()` there: the pattern then closes the
 * iterator as IteratorClose says (a throw keeps its own error, a return lets an error of
 * `return()` through), as the plain writer does for a throw.
 */

import { GeneratorReturn } from "../runtime/generator.js"
import { DONE, Stepper } from "../runtime/iterate.js"
import { JsFunction, type Key, type Value } from "../runtime/object.js"
import { getV, putIndexed, toPropertyKey, toStr } from "../runtime/ops.js"
import { ThrowSignal } from "../runtime/state.js"
import { JsMessages } from "../messages.js"
import type { ArrayPattern, ForInStatement, ForOfStatement, MemberExpression, ObjectPattern, Pattern } from "acorn"
import { propertyName, type CompileContext, type Frame } from "./context.js"
import { isAnonymousFunction } from "./expressions.js"
import { setFunctionName } from "./functions.js"
import { arrayPatternElements, compilePatternAssignment, compilePatternDeclaration, objectPatternParts, restOf, type PatternForm } from "./patterns.js"
import { compileLoopTarget, type LoopTarget } from "./loops.js"
import { compilePrivateWrite } from "./private.js"
import { compileScopeEntry } from "./statements.js"
import type { Write } from "./variables.js"
import { rexpr, type RExpr } from "./resumable.js"

type Gen<T> = Generator<unknown, T, Value>
export type RWrite = (R: Frame, v: Value) => Gen<void>

/** Whether writing through the pattern can suspend (decided once, at compile time). */
export function patternSuspends(p: Pattern, ctx: CompileContext): boolean {
  switch (p.type) {
    case "MemberExpression":
      return ctx.suspends(p)
    case "AssignmentPattern":
      return patternSuspends(p.left, ctx) || ctx.suspends(p.right)
    case "RestElement":
      return patternSuspends(p.argument, ctx)
    case "ObjectPattern":
      return p.properties.some((prop) =>
        prop.type === "RestElement" ? patternSuspends(prop.argument, ctx) : (prop.computed === true && ctx.suspends(prop.key)) || patternSuspends(prop.value, ctx),
      )
    case "ArrayPattern":
      return p.elements.some((e) => e !== null && patternSuspends(e, ctx))
  }
  return false
}

/**
 * The target of a `for-in`/`for-of`/`for await` in resumable code: the plain one (loops.ts), and
 * `rwrite` instead when the head's pattern suspends.
 */
export interface ResumableLoopTarget extends LoopTarget {
  readonly rwrite: RWrite | null
}

export function compileResumableLoopTarget(node: ForInStatement | ForOfStatement, ctx: CompileContext): ResumableLoopTarget {
  const left = node.left
  const declaring = left.type === "VariableDeclaration"
  const pattern = declaring ? left.declarations[0].id : left
  if (!patternSuspends(pattern, ctx)) return { ...compileLoopTarget(node, ctx), rwrite: null }
  const entry = declaring ? compileScopeEntry(ctx.resolution.scopes.get(node), ctx) : null
  return { entry, write: unreachableWrite, rwrite: compileResumablePattern(pattern, ctx, declaring) }
}

const unreachableWrite: Write = function unreachableWrite() {}

/** The resumable writer of a pattern that suspends (`patternSuspends`); declaring as in patterns.ts. */
export function compileResumablePattern(p: Pattern, ctx: CompileContext, declaring: boolean): RWrite {
  if (!patternSuspends(p, ctx)) {
    const plain = declaring ? compilePatternDeclaration(p, ctx) : compilePatternAssignment(p, ctx)
    return function* plainPattern(R: Frame, v: Value) {
      plain(R, v)
    }
  }
  switch (p.type) {
    case "MemberExpression":
      return compileResumableTarget(p, ctx)
    case "AssignmentPattern": {
      const target = compileResumablePattern(p.left, ctx, declaring)
      const name = p.left.type === "Identifier" ? p.left.name : undefined
      const fallback = rexpr(p.right, ctx, name)
      const named = name !== undefined && isAnonymousFunction(p.right)
      return function* defaulted(R: Frame, v: Value) {
        if (v === undefined) {
          v = yield* fallback(R)
          if (named && v instanceof JsFunction && v.fname === "") setFunctionName(v, name)
        }
        yield* target(R, v)
      }
    }
    case "ObjectPattern":
      return compileResumableObjectPattern(p, ctx, declaring)
    case "ArrayPattern":
      return compileResumableArrayPattern(p, ctx, declaring)
  }
  throw ctx.error(p, "SyntaxError: Invalid destructuring assignment target", "ParseError")
}

function compileResumableTarget(p: MemberExpression, ctx: CompileContext): RWrite {
  const st = ctx.st
  const object = rexpr(p.object, ctx)
  const property = p.property
  if (property.type === "PrivateIdentifier") {
    const set = compilePrivateWrite(p, ctx)
    return function* privateTarget(R: Frame, v: Value) {
      set(R, yield* object(R), v)
    }
  }
  const name: string | null = p.computed ? null : propertyName(p)
  const key: RExpr | null = p.computed ? rexpr(property, ctx) : null
  return function* memberTarget(R: Frame, v: Value) {
    const o = yield* object(R)
    putIndexed(st, o, key === null ? name! : yield* key(R), v)
  }
}

/** A property-reference target (patterns.ts, `PropertyTarget`) whose pieces may suspend. */
interface RPropertyTarget {
  readonly object: RExpr
  readonly key: RExpr | null
  readonly fallback: RExpr | null
  readonly put: (R: Frame, o: Value, k: Value, v: Value) => void
}

function rpropertyTargetOf(e: Pattern, ctx: CompileContext): RPropertyTarget | null {
  const st = ctx.st
  const t = e.type === "AssignmentPattern" ? e.left : e
  if (t.type !== "MemberExpression") return null
  const object = rexpr(t.object, ctx)
  const fallback = e.type === "AssignmentPattern" ? rexpr(e.right, ctx) : null
  const property = t.property
  if (property.type === "PrivateIdentifier") {
    const set = compilePrivateWrite(t, ctx)
    return { object, key: null, fallback, put: function putPrivate(R, o, _k, v) { set(R, o, v) } }
  }
  const name = propertyName(t)
  const key = t.computed ? rexpr(property, ctx) : null
  return { object, key, fallback, put: function putProperty(_R, o, k, v) { putIndexed(st, o, key === null ? name : k, v) } }
}

/** The resumable form of the pattern skeleton (patterns.ts): generator functions. */
const RESUMABLE: PatternForm<RExpr, RWrite, RPropertyTarget> = {
  expression: (node, ctx) => rexpr(node, ctx),
  pattern: (p, ctx, declaring) => compileResumablePattern(p, ctx, declaring),
  propertyTarget: (e, ctx) => rpropertyTargetOf(e, ctx),
}

function compileResumableObjectPattern(p: ObjectPattern, ctx: CompileContext, declaring: boolean): RWrite {
  const st = ctx.st
  const line = ctx.line(p)
  const parts = objectPatternParts(p, ctx, declaring, RESUMABLE)
  return function* destructureObject(R: Frame, v: Value) {
    if (v === undefined || v === null) {
      const first = parts[0]
      throw st.typeError(first !== undefined && first.key !== null ? JsMessages.destructureProperty(first.key, String(v)) : JsMessages.destructureNullish(String(v)), line)
    }
    const used: Key[] = []
    for (const part of parts) {
      const k: Key | null = part.rest ? null : part.key !== null ? part.key : toPropertyKey(st, yield* part.keyExpr!(R))
      const pt = part.prop
      if (pt === null) {
        if (k === null) yield* part.target!(R, restOf(st, v, used))
        else {
          used.push(k)
          yield* part.target!(R, getV(st, v, k))
        }
        continue
      }
      const o = yield* pt.object(R)
      const tk = pt.key === null ? undefined : yield* pt.key(R)
      let x: Value
      if (k === null) x = restOf(st, v, used)
      else {
        used.push(k)
        x = getV(st, v, k)
        if (x === undefined && pt.fallback !== null) x = yield* pt.fallback(R)
      }
      pt.put(R, o, tk, x)
    }
  }
}

function compileResumableArrayPattern(p: ArrayPattern, ctx: CompileContext, declaring: boolean): RWrite {
  const st = ctx.st
  const elements = arrayPatternElements(p, ctx, declaring, RESUMABLE)
  return function* destructureArray(R: Frame, v: Value) {
    if (v === undefined || v === null) throw st.typeError(JsMessages.notIterableValue(toStr(st, v)))
    const stepper = new Stepper(st, v)
    try {
      for (const e of elements) {
        const pt = e.prop
        const o = pt === null ? undefined : yield* pt.object(R)
        const tk = pt === null || pt.key === null ? undefined : yield* pt.key(R)
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
          if (x === undefined && pt.fallback !== null) x = yield* pt.fallback(R)
          pt.put(R, o, tk, x)
        } else if (e.target !== null) yield* e.target(R, x)
      }
    } catch (error) {
      // IteratorClose: a throw keeps its own error; a generator's return() lets one from return() through.
      if (error instanceof ThrowSignal) stepper.closeQuietly()
      else if (error instanceof GeneratorReturn) stepper.close()
      throw error
    }
    stepper.close()
  }
}
