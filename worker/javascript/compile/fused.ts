/**
 * Fused closures for the hottest shapes of binary expression: an operand that is a plain local
 * (`R[s]`) or a constant is read inside the operator's own closure instead of through a closure
 * of its own.
 *
 * Why this pays twice. Each fused shape saves one or two closure calls per operation. And V8
 * keeps type feedback per function literal, not per closure: every `a + b` the compiler builds is
 * the same literal, so once a few programs (or a few sites in one program) have run, its calls to
 * `l(R)` and `r(R)` have seen every kind of operand closure and V8 neither inlines them nor
 * specialises the arithmetic. A separate literal per operator and operand shape keeps those sites
 * narrow: `i < 10`, `n - 1`, `s + x` each get code that sees only numbers or only strings.
 *
 * The semantics are those of operators.ts exactly: two numbers compute inline; anything else goes
 * to the same slow paths in runtime/ops.ts. Operand order is kept (the right operand of a
 * slot-expression shape is evaluated after the slot is read, as the language requires: the right
 * operand may assign the slot).
 */

import { JsMessages } from "../messages.js"
import { add, concat, ge, getIndexed, gt, le, lt, numeric, putIndexed, toStr } from "../runtime/ops.js"
import { ABSENT, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import type { JsState } from "../runtime/state.js"
import type { BinaryExpression, BinaryOperator, Expression } from "acorn"
import type { CompileContext, Expr, Frame, SyntaxNode } from "./context.js"
import { compileExpression } from "./expressions.js"
import { isBoxed, slotOf } from "./scope.js"

/** The frame slot of a local that is read without a cell or a TDZ check, or -1. */
export function plainLocalSlot(node: SyntaxNode, ctx: CompileContext): number {
  if (node.type !== "Identifier") return -1
  const ref = ctx.resolution.references.get(node)
  if (ref === undefined || ref.kind !== "local" || ref.tdz || ref.binding.captured) return -1
  return ref.binding.slot
}

/** The frame slot of the cell of a captured local or upvalue read without a TDZ check, or -1. */
export function plainCellSlot(node: SyntaxNode, ctx: CompileContext): number {
  if (node.type !== "Identifier") return -1
  const ref = ctx.resolution.references.get(node)
  if (ref === undefined || ref.kind === "global" || ref.tdz || !isBoxed(ref)) return -1
  return slotOf(ref)
}

/** A number or string literal's value, or undefined. */
export function constantOf(node: SyntaxNode): number | string | undefined {
  if (node.type !== "Literal" || node.regex !== undefined || node.bigint !== undefined) return undefined
  return typeof node.value === "number" || typeof node.value === "string" ? node.value : undefined
}

type SlotConst = (st: JsState, s: number, k: Value) => Expr
type SlotSlot = (st: JsState, s: number, t: number) => Expr
type SlotExpr = (st: JsState, s: number, r: Expr) => Expr
type ExprConst = (st: JsState, l: Expr, k: Value) => Expr

const SLOT_CONST: Partial<Record<BinaryOperator, SlotConst>> = {
  "+": (st, s, k) => function addSlotConst(R: Frame) {
    const a = R[s] as Value
    return typeof a === "number" && typeof k === "number" ? a + k : add(st, a, k)
  },
  "-": (st, s, k) => function subSlotConst(R: Frame) {
    const a = R[s] as Value
    return typeof a === "number" && typeof k === "number" ? a - k : numeric(st, "-", a, k)
  },
  "*": (st, s, k) => function mulSlotConst(R: Frame) {
    const a = R[s] as Value
    return typeof a === "number" && typeof k === "number" ? a * k : numeric(st, "*", a, k)
  },
  "%": (st, s, k) => function modSlotConst(R: Frame) {
    const a = R[s] as Value
    return typeof a === "number" && typeof k === "number" ? a % k : numeric(st, "%", a, k)
  },
  "<": (st, s, k) => function ltSlotConst(R: Frame) {
    const a = R[s] as Value
    return typeof a === "number" && typeof k === "number" ? a < k : lt(st, a, k)
  },
  "<=": (st, s, k) => function leSlotConst(R: Frame) {
    const a = R[s] as Value
    return typeof a === "number" && typeof k === "number" ? a <= k : le(st, a, k)
  },
  ">": (st, s, k) => function gtSlotConst(R: Frame) {
    const a = R[s] as Value
    return typeof a === "number" && typeof k === "number" ? a > k : gt(st, a, k)
  },
  ">=": (st, s, k) => function geSlotConst(R: Frame) {
    const a = R[s] as Value
    return typeof a === "number" && typeof k === "number" ? a >= k : ge(st, a, k)
  },
  "===": (_st, s, k) => function eqSlotConst(R: Frame) {
    return R[s] === k
  },
  "!==": (_st, s, k) => function neSlotConst(R: Frame) {
    return R[s] !== k
  },
}

const SLOT_SLOT: Partial<Record<BinaryOperator, SlotSlot>> = {
  "+": (st, s, t) => function addSlots(R: Frame) {
    const a = R[s] as Value
    const b = R[t] as Value
    return typeof a === "number" && typeof b === "number" ? a + b : add(st, a, b)
  },
  "-": (st, s, t) => function subSlots(R: Frame) {
    const a = R[s] as Value
    const b = R[t] as Value
    return typeof a === "number" && typeof b === "number" ? a - b : numeric(st, "-", a, b)
  },
  "*": (st, s, t) => function mulSlots(R: Frame) {
    const a = R[s] as Value
    const b = R[t] as Value
    return typeof a === "number" && typeof b === "number" ? a * b : numeric(st, "*", a, b)
  },
  "<": (st, s, t) => function ltSlots(R: Frame) {
    const a = R[s] as Value
    const b = R[t] as Value
    return typeof a === "number" && typeof b === "number" ? a < b : lt(st, a, b)
  },
  "<=": (st, s, t) => function leSlots(R: Frame) {
    const a = R[s] as Value
    const b = R[t] as Value
    return typeof a === "number" && typeof b === "number" ? a <= b : le(st, a, b)
  },
  ">": (st, s, t) => function gtSlots(R: Frame) {
    const a = R[s] as Value
    const b = R[t] as Value
    return typeof a === "number" && typeof b === "number" ? a > b : gt(st, a, b)
  },
}

const SLOT_EXPR: Partial<Record<BinaryOperator, SlotExpr>> = {
  "+": (st, s, r) => function addSlotExpr(R: Frame) {
    const a = R[s] as Value
    const b = r(R)
    return typeof a === "number" && typeof b === "number" ? a + b : add(st, a, b)
  },
  "-": (st, s, r) => function subSlotExpr(R: Frame) {
    const a = R[s] as Value
    const b = r(R)
    return typeof a === "number" && typeof b === "number" ? a - b : numeric(st, "-", a, b)
  },
  "<": (st, s, r) => function ltSlotExpr(R: Frame) {
    const a = R[s] as Value
    const b = r(R)
    return typeof a === "number" && typeof b === "number" ? a < b : lt(st, a, b)
  },
  "<=": (st, s, r) => function leSlotExpr(R: Frame) {
    const a = R[s] as Value
    const b = r(R)
    return typeof a === "number" && typeof b === "number" ? a <= b : le(st, a, b)
  },
}

const EXPR_CONST: Partial<Record<BinaryOperator, ExprConst>> = {
  "+": (st, l, k) => function addExprConst(R: Frame) {
    const a = l(R)
    return typeof a === "number" && typeof k === "number" ? a + k : add(st, a, k)
  },
  "-": (st, l, k) => function subExprConst(R: Frame) {
    const a = l(R)
    return typeof a === "number" && typeof k === "number" ? a - k : numeric(st, "-", a, k)
  },
  "%": (st, l, k) => function modExprConst(R: Frame) {
    const a = l(R)
    return typeof a === "number" && typeof k === "number" ? a % k : numeric(st, "%", a, k)
  },
  "<": (st, l, k) => function ltExprConst(R: Frame) {
    const a = l(R)
    return typeof a === "number" && typeof k === "number" ? a < k : lt(st, a, k)
  },
  ">": (st, l, k) => function gtExprConst(R: Frame) {
    const a = l(R)
    return typeof a === "number" && typeof k === "number" ? a > k : gt(st, a, k)
  },
  "===": (_st, l, k) => function eqExprConst(R: Frame) {
    return l(R) === k
  },
  "!==": (_st, l, k) => function neExprConst(R: Frame) {
    return l(R) !== k
  },
}

/** `"text" + x` with a local `x`: the usual way a program builds a key or a label. */
function addConstSlot(st: JsState, k: Value, s: number): Expr {
  return function addConstSlot(R: Frame) {
    const b = R[s] as Value
    return typeof k === "string" && typeof b === "string" ? concat(st, k, b) : add(st, k, b)
  }
}

/**
 * The fused closure for a binary expression of a shape above, or null (operators.ts then builds
 * the general one). `compile` compiles an operand that is not fused.
 */
export function compileFusedBinary(node: BinaryExpression, ctx: CompileContext, compile: (n: Expression) => Expr): Expr | null {
  if (node.left.type === "PrivateIdentifier") return null
  const op = node.operator
  const st = ctx.st
  const ls = plainLocalSlot(node.left, ctx)
  const rs = plainLocalSlot(node.right, ctx)
  const rk = constantOf(node.right)
  if (ls >= 0) {
    const slotConst = SLOT_CONST[op]
    const slotSlot = SLOT_SLOT[op]
    const slotExpr = SLOT_EXPR[op]
    if (rk !== undefined && slotConst !== undefined) return slotConst(st, ls, rk)
    if (rs >= 0 && slotSlot !== undefined) return slotSlot(st, ls, rs)
    if (rk === undefined && rs < 0 && slotExpr !== undefined) return slotExpr(st, ls, compile(node.right))
    return null
  }
  const exprConst = EXPR_CONST[op]
  if (rk !== undefined && exprConst !== undefined) return exprConst(st, compile(node.left), rk)
  const lk = constantOf(node.left)
  if (op === "+" && lk !== undefined && rs >= 0) {
    // A string constant keeps the concatenation fast path; a number constant goes through `add`.
    return addConstSlot(st, lk, rs)
  }
  return null
}

// -- Writes to a plain local ---------------------------------------------------------------------

/** The slot of a plain local that an assignment may write (not a `const`), or -1. */
export function assignableLocalSlot(node: SyntaxNode, ctx: CompileContext): number {
  const s = plainLocalSlot(node, ctx)
  if (s < 0) return -1
  const ref = ctx.resolution.references.get(node)!
  return ref.kind === "local" && ref.binding.kind !== "const" ? s : -1
}

/** `x = v` for a plain local, as an expression. */
export function assignSlot(s: number, value: Expr): Expr {
  return function assignSlot(R: Frame): Value {
    const v = value(R)
    R[s] = v
    return v
  }
}

/** `x = v;` for a plain local, as a statement (no value to hand back). */
export function assignSlotStatement(s: number, value: Expr): (R: Frame) => undefined {
  return function assignSlotStatement(R: Frame): undefined {
    R[s] = value(R)
    return undefined
  }
}

/** `x++`, `--x`... on a plain local: numbers inline, anything else through `general`. */
export function updateSlot(s: number, delta: number, prefix: boolean, general: Expr): Expr {
  return function updateSlot(R: Frame): Value {
    const old = R[s] as Value
    if (typeof old !== "number") return general(R)
    const n = old + delta
    R[s] = n
    return prefix ? n : old
  }
}

/** `x++;` on a plain local as a statement. */
export function updateSlotStatement(s: number, delta: number, general: Expr): (R: Frame) => undefined {
  return function updateSlotStatement(R: Frame): undefined {
    const old = R[s] as Value
    if (typeof old === "number") R[s] = old + delta
    else general(R)
    return undefined
  }
}

/**
 * `x = v;` and `x++;` on a plain local as statements, or null. The general expression closure is
 * still compiled for the update (it serves non-number values), so compile-time errors are unchanged.
 */
export function compileFusedStatement(e: Expression, ctx: CompileContext): ((R: Frame) => undefined) | null {
  if (e.type === "AssignmentExpression" && e.operator === "=" && e.left.type === "Identifier") {
    const s = assignableLocalSlot(e.left, ctx)
    if (s < 0) return null
    return assignSlotStatement(s, compileExpression(e.right, ctx, e.left.name))
  }
  if (e.type === "UpdateExpression" && e.argument.type === "Identifier") {
    const s = assignableLocalSlot(e.argument, ctx)
    if (s < 0) return null
    return updateSlotStatement(s, e.operator === "++" ? 1 : -1, compileExpression(e, ctx))
  }
  return null
}

// -- Element access on a plain local --------------------------------------------------------------

/** `a[i]` with `a` and `i` plain locals: the array element read without two closure calls. */
export function indexSlots(st: JsState, s: number, t: number, line: number): Expr {
  return function indexSlots(R: Frame): Value {
    const o = R[s] as Value
    const k = R[t] as Value
    if (o instanceof JsArray && typeof k === "number") {
      const head = o.head
      if (k >= 0 && (k | 0) === k) {
        if (k < head.length) return head[k]
        const v = o.segmentAt(k)
        if (v !== ABSENT) return v as Value
      }
    }
    if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), typeof k === "symbol" ? k.toString() : toStr(st, k)), line)
    return getIndexed(st, o, k)
  }
}

/** `a[k] = v` with `a` a plain local: in-bounds writes and appends to an array inline. */
export function assignIndexedSlot(st: JsState, s: number, key: Expr, value: Expr, line: number): Expr {
  return function assignIndexedSlot(R: Frame): Value {
    const o = R[s] as Value
    const k = key(R)
    const v = value(R)
    st.line = line
    if (o instanceof JsArray && typeof k === "number" && o.dense) {
      const head = o.head
      if (k >= 0 && (k | 0) === k) {
        if (k < head.length) {
          head[k] = v
          return v
        }
        if (k === o.length) {
          o.append(st, v)
          return v
        }
      }
    }
    if (o === undefined || o === null) throw st.typeError(JsMessages.setProperty(String(o), toStr(st, k)), line)
    putIndexed(st, o, k, v)
    return v
  }
}
