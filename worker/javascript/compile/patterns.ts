/**
 * Destructuring: a pattern compiles to a writer `(R, value) => void` that takes the value apart
 * and writes each piece to its target. Declarations (`let {a, b: [c]} = v`, parameters) write
 * through `compileInit`; assignments (`[a, b] = [b, a]`) through `compileAssign` or a property
 * write. Defaults (`{a = 1}`) are evaluated only when the piece is `undefined`; array patterns
 * consume iterables one step at a time (`Stepper`) and close them when they stop early.
 */

import { JsMessages } from "../messages.js"
import { DONE, Stepper } from "../runtime/iterate.js"
import { ABSENT, JsFunction, JsObject, type Key, type Value } from "../runtime/object.js"
import { getV, putIndexed, toPropertyKey, toStr } from "../runtime/ops.js"
import type { AnyNode, CompileContext, Expr, Frame } from "./context.js"
import { compileExpression, isAnonymousFunction, staticKey } from "./expressions.js"
import { setFunctionName } from "./functions.js"
import { compilePrivateWrite } from "./private.js"
import { compileAssign, compileInit, refOf, type Write } from "./variables.js"

export function compilePatternDeclaration(p: AnyNode, ctx: CompileContext): Write {
  return compilePattern(p, ctx, true)
}

export function compilePatternAssignment(p: AnyNode, ctx: CompileContext): Write {
  return compilePattern(p, ctx, false)
}

function compilePattern(p: AnyNode, ctx: CompileContext, declaring: boolean): Write {
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
        return (R, v) => set(R, object(R), v)
      }
      const key: Expr = p.computed ? compileExpression(p.property, ctx) : ((k: string) => () => k)(p.property.name)
      return (R, v) => putIndexed(st, object(R), key(R), v)
    }
    case "AssignmentPattern": {
      const target = compilePattern(p.left, ctx, declaring)
      const fallback = compileExpression(p.right, ctx, p.left.type === "Identifier" ? p.left.name : undefined)
      const named = p.left.type === "Identifier" && isAnonymousFunction(p.right)
      return (R, v) => {
        if (v === undefined) {
          v = fallback(R)
          if (named && v instanceof JsFunction && v.fname === "") setFunctionName(v, p.left.name)
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

function compileObjectPattern(p: AnyNode, ctx: CompileContext, declaring: boolean): Write {
  const st = ctx.st
  const line = ctx.line(p)
  const parts: Array<{ key: string | null; keyExpr: Expr | null; target: Write; rest: boolean }> = []
  for (const prop of p.properties) {
    if (prop.type === "RestElement") {
      parts.push({ key: null, keyExpr: null, target: compilePattern(prop.argument, ctx, declaring), rest: true })
      continue
    }
    const key = staticKey(prop)
    parts.push({ key, keyExpr: key === null ? compileExpression(prop.key, ctx) : null, target: compilePattern(prop.value, ctx, declaring), rest: false })
  }
  return function destructureObject(R: Frame, v: Value): void {
    if (v === undefined || v === null) {
      const first = parts[0]
      throw st.typeError(first !== undefined && first.key !== null ? JsMessages.destructureProperty(first.key, String(v)) : JsMessages.destructureNullish(String(v)), line)
    }
    const used: Key[] = []
    for (const part of parts) {
      if (part.rest) {
        const rest = st.realm.newObject()
        if (v instanceof JsObject) {
          for (const k of v.ownKeys()) {
            if (used.includes(k) || !v.isEnumerable(k) || v.own(k) === ABSENT) continue
            rest.props.set(k, v.get(st, k))
          }
        }
        part.target(R, rest)
        continue
      }
      const k: Key = part.key !== null ? part.key : toPropertyKey(st, part.keyExpr!(R))
      used.push(k)
      part.target(R, getV(st, v, k))
    }
  }
}

function compileArrayPattern(p: AnyNode, ctx: CompileContext, declaring: boolean): Write {
  const st = ctx.st
  const elements: Array<{ target: Write | null; rest: boolean }> = p.elements.map((e: AnyNode) =>
    e === null ? { target: null, rest: false } : e.type === "RestElement" ? { target: compilePattern(e.argument, ctx, declaring), rest: true } : { target: compilePattern(e, ctx, declaring), rest: false },
  )
  return function destructureArray(R: Frame, v: Value): void {
    if (v === undefined || v === null) throw st.typeError(JsMessages.notIterableValue(toStr(st, v)))
    const stepper = new Stepper(st, v)
    let finished = false
    try {
      for (const e of elements) {
        if (e.rest) {
          const rest: Value[] = []
          for (let x = stepper.next(); x !== DONE; x = stepper.next()) rest.push(x as Value)
          e.target!(R, st.realm.newArray(rest))
          continue
        }
        const x = stepper.next()
        if (e.target !== null) e.target(R, x === DONE ? undefined : (x as Value))
      }
      finished = true
    } finally {
      if (finished) stepper.close()
    }
  }
}
