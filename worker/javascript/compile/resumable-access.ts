/**
 * Property access in resumable code (see resumable.ts): member reads, calls, assignments of every
 * operator, and object literals, when an `await` or `yield` sits somewhere inside them.
 *
 * Each keeps the evaluation order of its plain counterpart — object, then key, then value — and
 * evaluates the reference once (`o[k] += await x` reads `o[k]` before awaiting, as the language
 * says). Private members (`o.#x`) go through private.ts like everywhere else. What stays refused
 * (with a rewrite hint) is rare in practice: `await` in `super` references and in the computed
 * key of an object-literal method.
 */

import { JsMessages } from "../messages.js"
import { JsFunction, JsObject, type Key, type Value } from "../runtime/object.js"
import { assignProperties } from "../builtins/object.js"
import { getIndexed, putIndexed, toNumeric, toPropertyKey, toStr } from "../runtime/ops.js"
import type { AssignmentExpression, BinaryOperator, CallExpression, ChainExpression, MemberExpression, ObjectExpression, Super, UpdateExpression } from "acorn"
import { propertyName, type CompileContext, type Frame } from "./context.js"
import { compilePropertyInit, isAnonymousFunction, SHORT, sourceText, staticKey, superBase } from "./expressions.js"
import { notCallable, unknownNamespaceCall } from "./calls.js"
import { toolNamespacePath } from "../runtime/host-values.js"
import { setFunctionName } from "./functions.js"
import { BINARY } from "./operators.js"
import { compilePatternAssignment } from "./patterns.js"
import { compileResumablePattern, patternSuspends } from "./resumable-patterns.js"
import { compilePrivateName, privateGet, privateSet } from "./private.js"
import { rargs, rexpr, type RExpr } from "./resumable.js"
import { compileAssign, compileRead, refOf } from "./variables.js"

type Gen<T> = Generator<unknown, T, Value>

/** A member reference `o.k`, `o[k]` or `o.#k`: evaluated once, then read and written. */
interface RPlace {
  ref(R: Frame): Gen<[Value, Value]>
  get(R: Frame, o: Value, k: Value): Value
  set(R: Frame, o: Value, k: Value, v: Value): void
}

/** Inside an optional chain, a reference whose base is nullish (`o?.k`) yields `SHORT` as its object. */
function compileRPlace(node: MemberExpression, ctx: CompileContext): RPlace {
  const st = ctx.st
  const line = ctx.line(node)
  if (node.object.type === "Super") return compileSuperRPlace(node, node.object, ctx)
  const object = rexpr(node.object, ctx)
  const chained = ctx.inChain
  const optional = node.optional === true
  const short = (o: Value): boolean => chained && (o === SHORT || (optional && (o === undefined || o === null)))
  const property = node.property
  if (property.type === "PrivateIdentifier") {
    const name = compilePrivateName(property, ctx)
    return {
      *ref(R) {
        const o = yield* object(R)
        return [short(o) ? SHORT : o, undefined]
      },
      get: function getPrivate(R, o) { return privateGet(st, name(R), o, line) },
      set: function setPrivate(R, o, _k, v) { privateSet(st, name(R), o, v, line) },
    }
  }
  const key = node.computed ? rexpr(property, ctx) : null
  const name = propertyName(node)
  return {
    *ref(R) {
      const o = yield* object(R)
      if (short(o)) return [SHORT, undefined]
      const k = key === null ? name : yield* key(R)
      return [o, k]
    },
    get: function getProperty(_R, o, k) {
      if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), typeof k === "symbol" ? k.toString() : toStr(st, k)), line)
      return getIndexed(st, o, k)
    },
    set: function setProperty(_R, o, k, v) {
      st.line = line
      if (o === undefined || o === null) throw st.typeError(JsMessages.setProperty(String(o), typeof k === "symbol" ? k.toString() : toStr(st, k)), line)
      putIndexed(st, o, k, v)
    },
  }
}

/** `super.k` / `super[k]`: read from the home object's prototype with `this` as receiver. */
function compileSuperRPlace(node: MemberExpression, object: Super, ctx: CompileContext): RPlace {
  const st = ctx.st
  const line = ctx.line(node)
  const { home, thisValue } = superBase(object, ctx)
  const property = node.property
  if (property.type === "PrivateIdentifier") throw ctx.unexpected(property)
  const key = node.computed ? rexpr(property, ctx) : null
  const name = propertyName(node)
  return {
    *ref(R) {
      const k = key === null ? name : toPropertyKey(st, yield* key(R))
      return [thisValue(R), k]
    },
    get: function getSuper(R, o, k) {
      const h = home(R) as JsObject | null
      return h === null ? undefined : h.get(st, k as Key, o)
    },
    set: function setSuper(R, o, k, v) {
      const h = home(R) as JsObject | null
      if (h === null || !h.set(st, k as Key, v, o)) throw st.typeError(JsMessages.readOnly(String(k), st.realm.describe(o)), line)
    },
  }
}

export function compileResumableMember(node: MemberExpression, ctx: CompileContext): RExpr {
  const place = compileRPlace(node, ctx)
  return function* member(R: Frame) {
    const [o, k] = yield* place.ref(R)
    return o === SHORT ? SHORT : place.get(R, o, k)
  }
}

/** `a?.b.c` with an `await` inside: links return `SHORT` once the chain stops. */
export function compileResumableChain(node: ChainExpression, ctx: CompileContext): RExpr {
  const outer = ctx.inChain
  ctx.inChain = true
  const inner = rexpr(node.expression, ctx)
  ctx.inChain = outer
  return function* chain(R: Frame) {
    const v = yield* inner(R)
    return v === SHORT ? undefined : v
  }
}

export function compileResumableCall(node: CallExpression, ctx: CompileContext): RExpr {
  const callee = node.callee
  if (callee.type === "Super" || callee.type === "ChainExpression") throw ctx.error(node, JsMessages.awaitPosition("this call"))
  const st = ctx.st
  const optional = node.optional === true
  const line = ctx.line(node)
  const privateKey = callee.type === "MemberExpression" && callee.property.type === "PrivateIdentifier" ? callee.property : null
  const text = privateKey !== null && callee.type === "MemberExpression" ? `${sourceText(callee.object, ctx)}[#${privateKey.name}]` : sourceText(callee, ctx)
  const args = rargs(node.arguments, ctx)
  if (callee.type === "MemberExpression") {
    const place = compileRPlace(callee, ctx)
    return function* methodCall(R: Frame) {
      const [o, k] = yield* place.ref(R)
      if (o === SHORT) return SHORT
      if (o === undefined) unknownNamespaceCall(st, text, line)
      const f = place.get(R, o, k)
      if (optional && (f === undefined || f === null)) return SHORT
      // An unknown tool called in place (`await tools.crm.sendEmail(x)`) is the host's UnknownTool.
      if (f === undefined && toolNamespacePath(o) !== undefined) throw notCallable(st, text, line, o, f)
      const a = yield* args(R)
      if (!(f instanceof JsFunction)) throw notCallable(st, text, line, o, f)
      st.line = line
      return f.impl(st, o, a, undefined)
    }
  }
  const fn = rexpr(callee, ctx)
  return function* call(R: Frame) {
    const f = yield* fn(R)
    if (f === SHORT || (optional && (f === undefined || f === null))) return SHORT
    const a = yield* args(R)
    if (!(f instanceof JsFunction)) throw notCallable(st, text, line, undefined, f)
    st.line = line
    return f.impl(st, undefined, a, undefined)
  }
}

const isLogical = (op: string): boolean => op === "&&=" || op === "||=" || op === "??="

/** Whether a logical assignment keeps the current value (and skips evaluating the right side). */
const keeps = (op: string, cur: Value): boolean => {
  const truthy = cur instanceof JsObject || !!cur
  return op === "&&=" ? !truthy : op === "||=" ? truthy : cur !== undefined && cur !== null
}

export function compileResumableAssignment(node: AssignmentExpression, ctx: CompileContext): RExpr {
  const st = ctx.st
  const line = ctx.line(node)
  const left = node.left
  const op: string = node.operator
  const leftName = left.type === "Identifier" ? left.name : undefined
  const value = rexpr(node.right, ctx, leftName)
  const binary = op === "=" || isLogical(op) ? null : BINARY[op.slice(0, -1) as BinaryOperator]!
  if (op === "=" && (left.type === "ObjectPattern" || left.type === "ArrayPattern")) {
    if (patternSuspends(left, ctx)) {
      const rassign = compileResumablePattern(left, ctx, false)
      return function* assignSuspendingPattern(R: Frame) {
        const v = yield* value(R)
        yield* rassign(R, v)
        return v
      }
    }
    const assign = compilePatternAssignment(left, ctx)
    return function* assignPattern(R: Frame) {
      const v = yield* value(R)
      assign(R, v)
      return v
    }
  }
  if (leftName !== undefined) {
    const ref = refOf(left, ctx)
    const write = compileAssign(ref, ctx, line)
    const read = op === "=" ? null : compileRead(ref, ctx, line)
    const named = isLogical(op) && isAnonymousFunction(node.right)
    return function* assignName(R: Frame) {
      const cur = read === null ? undefined : read(R)
      if (read !== null && binary === null && keeps(op, cur)) return cur
      let v = yield* value(R)
      if (named && v instanceof JsFunction && v.fname === "") setFunctionName(v, leftName)
      if (binary !== null) v = binary(st, cur, v)
      write(R, v)
      return v
    }
  }
  if (left.type !== "MemberExpression") throw ctx.error(node, JsMessages.awaitPosition("this assignment"))
  const place = compileRPlace(left, ctx)
  return function* assignMember(R: Frame) {
    const [o, k0] = yield* place.ref(R)
    // The key is converted once, before the right side runs.
    const k = k0 === undefined || typeof k0 === "string" || typeof k0 === "number" ? k0 : toPropertyKey(st, k0)
    if (op === "=") {
      const v = yield* value(R)
      place.set(R, o, k, v)
      return v
    }
    const cur = place.get(R, o, k)
    if (binary === null && keeps(op, cur)) return cur
    const rhs = yield* value(R)
    const v = binary === null ? rhs : binary(st, cur, rhs)
    place.set(R, o, k, v)
    return v
  }
}

/** `o[await k]++` and friends: the reference is evaluated once, then read, converted and written. */
export function compileResumableUpdate(node: UpdateExpression, ctx: CompileContext): RExpr {
  const st = ctx.st
  if (node.argument.type !== "MemberExpression") throw ctx.error(node, JsMessages.awaitPosition("this update"))
  const place = compileRPlace(node.argument, ctx)
  const delta = node.operator === "++" ? 1 : -1
  const prefix = node.prefix === true
  return function* update(R: Frame) {
    const [o, k] = yield* place.ref(R)
    const old = toNumeric(st, place.get(R, o, k))
    const n = typeof old === "bigint" ? old + BigInt(delta) : old + delta
    place.set(R, o, k, n)
    return prefix ? n : old
  }
}

export function compileResumableObject(node: ObjectExpression, ctx: CompileContext): RExpr {
  const st = ctx.st
  type Part = { plain: ((R: Frame, o: JsObject) => void) | null; spread: RExpr | null; key: RExpr | null; name: Key; value: RExpr | null; named: boolean }
  const parts: Part[] = node.properties.map((p): Part => {
    if (!ctx.suspends(p)) return { plain: compilePropertyInit(p, ctx), spread: null, key: null, name: "", value: null, named: false }
    if (p.type === "SpreadElement") return { plain: null, spread: rexpr(p.argument, ctx), key: null, name: "", value: null, named: false }
    if (p.kind !== "init" || p.method) throw ctx.error(p, JsMessages.awaitPosition("the computed key of a method"))
    const name = staticKey(p) ?? ""
    if (!p.computed && name === "__proto__" && !p.shorthand) throw ctx.error(p, JsMessages.awaitPosition("__proto__ in an object literal"))
    return {
      plain: null,
      spread: null,
      key: p.computed ? rexpr(p.key, ctx) : null,
      name,
      value: rexpr(p.value, ctx, p.computed ? undefined : name),
      named: p.computed && isAnonymousFunction(p.value),
    }
  })
  return function* object(R: Frame) {
    const o = st.realm.newObject()
    for (const p of parts) {
      if (p.plain !== null) p.plain(R, o)
      else if (p.spread !== null) assignProperties(st, o, yield* p.spread(R), true)
      else {
        const k = p.key === null ? p.name : toPropertyKey(st, yield* p.key(R))
        const v = yield* p.value!(R)
        if (p.named && v instanceof JsFunction) setFunctionName(v, k)
        o.defineOwn(st, k, v, 0)
      }
    }
    return o
  }
}

