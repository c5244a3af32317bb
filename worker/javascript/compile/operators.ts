/**
 * Operators: unary, update, binary, logical and assignment, specialised by operator at compile
 * time. Each numeric operator's closure tests for two numbers first and computes inline; anything
 * else (strings, objects with valueOf, BigInts) goes to the slow path in runtime/ops.ts. The same
 * `BINARY` table serves resumable code, which evaluates operands itself and applies the operator.
 */

import { WriteCache } from "../runtime/property-cache.js"
import { JsMessages } from "../messages.js"
import { Accessor, JsFunction, JsObject, type Value } from "../runtime/object.js"
import { ABSENT_GLOBALS } from "../builtins/primitives.js"
import {
  add,
  ge,
  getIndexed,
  getV,
  gt,
  hasProperty,
  instanceOf,
  keyText,
  le,
  looseEquals,
  lt,
  numeric,
  putIndexed,
  putV,
  toNumeric,
  toPropertyKey,
  toStr,
  typeOf,
} from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import type {
  AssignmentExpression,
  BinaryExpression,
  BinaryOperator,
  Expression,
  LogicalExpression,
  MemberExpression,
  Pattern,
  Super,
  UnaryExpression,
  UnaryOperator,
  UpdateExpression,
} from "acorn"
import { propertyName, type CompileContext, type Expr, type Frame } from "./context.js"
import { compileExpression, isAnonymousFunction, sourceText, superBase } from "./expressions.js"
import { setFunctionName } from "./functions.js"
import { assignableLocalSlot, assignIndexedSlot, assignSlot, compileFusedBinary, plainLocalSlot, updateSlot } from "./fused.js"
import { compilePatternAssignment } from "./patterns.js"
import { compilePrivateIn, compilePrivateRead, compilePrivateWrite } from "./private.js"
import { compileAssign, compileRead, refOf } from "./variables.js"

export type BinaryOp = (st: JsState, a: Value, b: Value) => Value

export const BINARY: Readonly<Record<BinaryOperator, BinaryOp>> = {
  "+": add,
  "-": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a - b : numeric(st, "-", a, b)),
  "*": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a * b : numeric(st, "*", a, b)),
  "/": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a / b : numeric(st, "/", a, b)),
  "%": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a % b : numeric(st, "%", a, b)),
  "**": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a ** b : numeric(st, "**", a, b)),
  "&": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a & b : numeric(st, "&", a, b)),
  "|": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a | b : numeric(st, "|", a, b)),
  "^": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a ^ b : numeric(st, "^", a, b)),
  "<<": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a << b : numeric(st, "<<", a, b)),
  ">>": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a >> b : numeric(st, ">>", a, b)),
  ">>>": (st, a, b) => (typeof a === "number" && typeof b === "number" ? a >>> b : numeric(st, ">>>", a, b)),
  "===": (_st, a, b) => a === b,
  "!==": (_st, a, b) => a !== b,
  "==": (st, a, b) => looseEquals(st, a, b),
  "!=": (st, a, b) => !looseEquals(st, a, b),
  "<": lt,
  ">": gt,
  "<=": le,
  ">=": ge,
  instanceof: instanceOf,
  in: (st, a, b) => hasProperty(st, a, b),
}

export function compileBinary(node: BinaryExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  if (node.left.type === "PrivateIdentifier") return compilePrivateIn(node, compileExpression(node.right, ctx), ctx)
  const fused = compileFusedBinary(node, ctx, (n) => compileExpression(n, ctx))
  if (fused !== null) return fused
  const l = compileExpression(node.left, ctx)
  const r = compileExpression(node.right, ctx)
  switch (node.operator) {
    case "+":
      return function addValues(R: Frame): Value {
        const a = l(R)
        const b = r(R)
        if (typeof a === "number" && typeof b === "number") return a + b
        return add(st, a, b)
      }
    case "-":
      return function subtract(R: Frame): Value {
        const a = l(R)
        const b = r(R)
        return typeof a === "number" && typeof b === "number" ? a - b : numeric(st, "-", a, b)
      }
    case "*":
      return function multiply(R: Frame): Value {
        const a = l(R)
        const b = r(R)
        return typeof a === "number" && typeof b === "number" ? a * b : numeric(st, "*", a, b)
      }
    case "%":
      return function remainder(R: Frame): Value {
        const a = l(R)
        const b = r(R)
        return typeof a === "number" && typeof b === "number" ? a % b : numeric(st, "%", a, b)
      }
    case "===":
      return function strictEquals(R) { return l(R) === r(R) }
    case "!==":
      return function strictNotEquals(R) { return l(R) !== r(R) }
    case "<":
      return function lessThan(R: Frame): Value {
        const a = l(R)
        const b = r(R)
        return typeof a === "number" && typeof b === "number" ? a < b : lt(st, a, b)
      }
    case "<=":
      return function lessOrEqual(R: Frame): Value {
        const a = l(R)
        const b = r(R)
        return typeof a === "number" && typeof b === "number" ? a <= b : le(st, a, b)
      }
    case ">":
      return function greaterThan(R: Frame): Value {
        const a = l(R)
        const b = r(R)
        return typeof a === "number" && typeof b === "number" ? a > b : gt(st, a, b)
      }
    case ">=":
      return function greaterOrEqual(R: Frame): Value {
        const a = l(R)
        const b = r(R)
        return typeof a === "number" && typeof b === "number" ? a >= b : ge(st, a, b)
      }
  }
  const op = BINARY[node.operator]
  if (op === undefined) throw ctx.error(node, JsMessages.unsupported(`the operator ${node.operator}`, "it is not part of JavaScript"))
  const line = ctx.line(node)
  return function binary(R) {
    const a = l(R)
    const b = r(R)
    st.line = line
    return op(st, a, b)
  }
}

export function compileLogical(node: LogicalExpression, ctx: CompileContext): Expr {
  const l = compileExpression(node.left, ctx)
  const r = compileExpression(node.right, ctx)
  switch (node.operator) {
    case "&&":
      return function logicalAnd(R) {
        const a = l(R)
        return a instanceof JsObject || a ? r(R) : a
      }
    case "||":
      return function logicalOr(R) {
        const a = l(R)
        return a instanceof JsObject || a ? a : r(R)
      }
  }
  return function nullishCoalescing(R) {
    const a = l(R)
    return a === undefined || a === null ? r(R) : a
  }
}

export const UNARY: Readonly<Record<Exclude<UnaryOperator, "delete">, (st: JsState, v: Value) => Value>> = {
  "-": (st, v) => {
    if (typeof v === "number") return -v
    const n = toNumeric(st, v)
    return -n
  },
  "+": (st, v) => (typeof v === "number" ? v : toNumberStrict(st, v)),
  "!": (_st, v) => !(v instanceof JsObject || v),
  "~": (st, v) => {
    const n = toNumeric(st, v)
    return typeof n === "bigint" ? ~n : ~n
  },
  typeof: (_st, v) => typeOf(v),
  void: () => undefined,
}

const toNumberStrict = (st: JsState, v: Value): number => {
  const n = toNumeric(st, v)
  if (typeof n === "bigint") throw st.typeError(JsMessages.bigintToNumber())
  return n
}

export function compileUnary(node: UnaryExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  if (node.operator === "typeof" && node.argument.type === "Identifier") {
    const ref = refOf(node.argument, ctx)
    if (ref.kind === "global") {
      const name = ref.name
      // A deliberately absent global (process, require...) reads as missing to `typeof`.
      const absent = ABSENT_GLOBALS.has(name)
      return function typeofGlobal(): Value {
        const G = st.realm.global
        return !G.has(name) || (absent && G.own(name) instanceof Accessor) ? "undefined" : typeOf(G.get(st, name))
      }
    }
  }
  if (node.operator === "delete") return compileDelete(node, ctx)
  const arg = compileExpression(node.argument, ctx)
  const op = UNARY[node.operator]
  if (node.operator === "!") return function logicalNot(R) {
    const v = arg(R)
    return !(v instanceof JsObject || v)
  }
  return function unary(R) {
    const v = arg(R)
    st.line = line
    return op(st, v)
  }
}

function compileDelete(node: UnaryExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const target = node.argument.type === "ChainExpression" ? node.argument.expression : node.argument
  if (target.type !== "MemberExpression") {
    if (target.type === "Identifier") throw ctx.error(node, "SyntaxError: Delete of an unqualified identifier in strict mode.", "ParseError")
    const e = compileExpression(target, ctx)
    return function deleteOther(R) {
      e(R)
      return true
    }
  }
  const object = compileExpression(target.object, ctx)
  const property = target.property
  if (property.type === "PrivateIdentifier") throw ctx.unexpected(property)
  const name = propertyName(target)
  const key: Expr = target.computed ? compileExpression(property, ctx) : function deletedName() { return name }
  const line = ctx.line(node)
  return function deleteProperty(R) {
    const o = object(R)
    const k = toPropertyKey(st, key(R))
    if (!(o instanceof JsObject)) {
      if (o === undefined || o === null) throw st.typeError(`Cannot convert undefined or null to object`, line)
      return true
    }
    if (!o.deleteOwn(k)) throw st.typeError(JsMessages.cannotDelete(keyText(k), st.realm.describeObject(o)), line)
    return true
  }
}

/** A place that can be read and written: `x`, `o.k`, `o[k]`. Evaluates the reference once. */
interface Place {
  /** Evaluates the base and key; returns a token passed to get/set. */
  ref(R: Frame): PlaceRef
}
type PlaceRef = { base: Value; key: Value }

function compilePlace(node: Pattern | Expression, ctx: CompileContext): { read: (R: Frame, p: PlaceRef) => Value; write: (R: Frame, p: PlaceRef, v: Value) => void; place: Place } {
  const st = ctx.st
  const line = ctx.line(node)
  if (node.type === "Identifier") {
    const ref = refOf(node, ctx)
    const read = compileRead(ref, ctx, line)
    const write = compileAssign(ref, ctx, line)
    const none: PlaceRef = { base: undefined, key: undefined }
    return {
      read: function readName(R) { return read(R) },
      write: function writeName(R, _p, v) { write(R, v) },
      place: { ref: function nameRef() { return none } },
    }
  }
  if (node.type === "MemberExpression" && node.property.type === "PrivateIdentifier") {
    const object = compileExpression(node.object, ctx)
    const get = compilePrivateRead(node, ctx)
    const set = compilePrivateWrite(node, ctx)
    return {
      place: { ref: function privateRef(R) { return { base: object(R), key: undefined } } },
      read: function readPrivate(R, p) { return get(R, p.base) },
      write: function writePrivate(R, p, v) { set(R, p.base, v) },
    }
  }
  if (node.type === "MemberExpression") {
    const object = compileExpression(node.object, ctx)
    const property = node.property
    if (property.type === "PrivateIdentifier") throw ctx.unexpected(property)
    const name = propertyName(node)
    const key: Expr = node.computed ? compileExpression(property, ctx) : function placeName() { return name }
    return {
      place: {
        ref: function propertyRef(R) {
          const base = object(R)
          const k = key(R)
          // The base is checked before the key is converted, and the key converted once for the
          // read and the write (a key object's toString runs once, and not at all on null).
          if (base === undefined || base === null) throw st.typeError(JsMessages.readProperty(String(base), k instanceof JsObject ? st.realm.describe(k) : toStr(st, k)), line)
          return { base, key: typeof k === "string" || typeof k === "number" ? k : toPropertyKey(st, k) }
        },
      },
      read: function readProperty(_R, p) { return getIndexed(st, p.base, p.key) },
      write: function writeProperty(_R, p, v) { putIndexed(st, p.base, p.key, v) },
    }
  }
  throw ctx.error(node, "SyntaxError: Invalid left-hand side in assignment", "ParseError")
}

export function compileUpdate(node: UpdateExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const delta = node.operator === "++" ? 1 : -1
  const prefix = node.prefix === true
  if (node.argument.type === "Identifier") {
    const ref = refOf(node.argument, ctx)
    const line = ctx.line(node)
    const read = compileRead(ref, ctx, line)
    const write = compileAssign(ref, ctx, line)
    const s = assignableLocalSlot(node.argument, ctx)
    if (s >= 0) return updateSlot(s, delta, prefix, updateNameGeneral(st, read, write, delta, prefix))
    return updateNameGeneral(st, read, write, delta, prefix)
  }
  const { place, read, write } = compilePlace(node.argument, ctx)
  return function updateMember(R: Frame): Value {
    const p = place.ref(R)
    const o = toNumeric(st, read(R, p))
    const n = typeof o === "bigint" ? o + BigInt(delta) : o + delta
    write(R, p, n)
    return prefix ? n : o
  }
}

function updateNameGeneral(st: JsState, read: Expr, write: (R: Frame, v: Value) => void, delta: number, prefix: boolean): Expr {
  return function updateName(R: Frame): Value {
    const old = read(R)
    if (typeof old === "number") {
      const n = old + delta
      write(R, n)
      return prefix ? n : old
    }
    const o = toNumeric(st, old)
    const n = typeof o === "bigint" ? o + BigInt(delta) : o + delta
    write(R, n)
    return prefix ? n : o
  }
}

export function compileAssignment(node: AssignmentExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const op: string = node.operator
  const left = node.left
  if (op === "=") {
    if (left.type === "ObjectPattern" || left.type === "ArrayPattern") {
      const assign = compilePatternAssignment(left, ctx)
      const value = compileExpression(node.right, ctx)
      return function assignPattern(R) {
        const v = value(R)
        assign(R, v)
        return v
      }
    }
    if (left.type === "Identifier") {
      const write = compileAssign(refOf(left, ctx), ctx, line)
      const value = compileExpression(node.right, ctx, left.name)
      const s = assignableLocalSlot(left, ctx)
      if (s >= 0) return assignSlot(s, value)
      return function assignName(R: Frame): Value {
        const v = value(R)
        write(R, v)
        return v
      }
    }
    if (left.type === "MemberExpression" && left.property.type === "PrivateIdentifier") {
      const object = compileExpression(left.object, ctx)
      const set = compilePrivateWrite(left, ctx)
      const value = compileExpression(node.right, ctx)
      return function assignPrivate(R: Frame): Value {
        const o = object(R)
        const v = value(R)
        set(R, o, v)
        return v
      }
    }
    if (left.type === "MemberExpression" && left.object.type === "Super") return compileSuperAssignment(node, left, left.object, ctx)
    if (left.type === "MemberExpression") {
      const object = compileExpression(left.object, ctx)
      const property = left.property
      if (!left.computed) {
        const key = propertyName(left)
        const value = compileExpression(node.right, ctx)
        const cache = new WriteCache(key) // runtime/property-cache.ts
        return function assignNamedProperty(R: Frame): Value {
          const o = object(R)
          const v = value(R)
          if (o instanceof JsObject) {
            if (o.shape === cache.shape && o.attrs === null) {
              o.setSlotAt(cache.slot, v)
              return v
            }
            if (!o.set(st, key, v)) {
              st.line = line
              putV(st, o, key, v)
            } else cache.learn(o)
          } else {
            st.line = line
            putV(st, o, key, v)
          }
          return v
        }
      }
      if (property.type === "PrivateIdentifier") throw ctx.unexpected(property)
      const key = compileExpression(property, ctx)
      const value = compileExpression(node.right, ctx)
      const s = plainLocalSlot(left.object, ctx)
      if (s >= 0) return assignIndexedSlot(st, s, key, value, line)
      return function assignIndexed(R: Frame): Value {
        const o = object(R)
        const k = key(R)
        const v = value(R)
        st.line = line
        if (o === undefined || o === null) throw st.typeError(JsMessages.setProperty(String(o), toStr(st, k)), line)
        putIndexed(st, o, k, v)
        return v
      }
    }
    throw ctx.error(node, "SyntaxError: Invalid left-hand side in assignment", "ParseError")
  }
  const { place, read, write } = compilePlace(left, ctx)
  const value = compileExpression(node.right, ctx, left.type === "Identifier" ? left.name : undefined)
  const named = left.type === "Identifier" && isAnonymousFunction(node.right)
  const name = left.type === "Identifier" ? left.name : ""
  if (op === "&&=" || op === "||=" || op === "??=") {
    return function logicalAssign(R: Frame): Value {
      const p = place.ref(R)
      const cur = read(R, p)
      const truthy = cur instanceof JsObject || !!cur
      if (op === "&&=" ? !truthy : op === "||=" ? truthy : cur !== undefined && cur !== null) return cur
      const v = value(R)
      if (named && v instanceof JsFunction && v.fname === "") setFunctionName(v, name)
      write(R, p, v)
      return v
    }
  }
  const binary = BINARY[op.slice(0, -1) as BinaryOperator]
  return function compoundAssign(R: Frame): Value {
    const p = place.ref(R)
    const cur = read(R, p)
    const v = binary(st, cur, value(R))
    write(R, p, v)
    return v
  }
}

export { getV, sourceText }

/** `super.k = v`: a [[Set]] on the home object's prototype with `this` as the receiver. */
function compileSuperAssignment(node: AssignmentExpression, left: MemberExpression, object: Super, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const { home, thisValue } = superBase(object, ctx)
  const property = left.property
  if (property.type === "PrivateIdentifier") throw ctx.unexpected(property)
  const key: Expr | null = left.computed ? compileExpression(property, ctx) : null
  const name = propertyName(left)
  const value = compileExpression(node.right, ctx)
  return function assignSuperProperty(R: Frame): Value {
    const self = thisValue(R)
    const k = key === null ? name : toPropertyKey(st, key(R))
    const v = value(R)
    const h = home(R) as JsObject | null
    if (h === null ? !(self instanceof JsObject) || !self.set(st, k, v) : !h.set(st, k, v, self)) {
      throw st.typeError(JsMessages.readOnly(keyText(k), st.realm.describe(self)), line)
    }
    return v
  }
}
