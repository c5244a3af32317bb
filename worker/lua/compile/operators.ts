/**
 * The other operators: comparison, equality, concatenation, length, `not`, `and`/`or`, and
 * conditions.
 *
 * Comparisons compile to closures that return a JavaScript boolean, which is also a Lua boolean,
 * so `if a < b then` tests it directly: `compileTest` turns any expression into `(R) => boolean`
 * and only wraps the ones that produce arbitrary values in Lua's truthiness check.
 *
 * `a > b` is `b < a` as in Lua — including the error message, which then names the operands in
 * swapped order, as real Lua's does. A chain `a .. b .. c .. d` (right-nested in the tree) is one
 * closure: it evaluates the operands left to right, checks them right to left as Lua's
 * `luaV_concat` does (so the error names the same operand), checks the size bound once, and joins.
 */

import type { BinaryExpression, Expression, LogicalExpression, UnaryExpression } from "luaparse"
import { LuaMessages } from "../messages.js"
import { noteSavedLine } from "../runtime/call.js"
import { lessEqual, lessThan, numberMessages, numberToString } from "../runtime/number.js"
import { LuaFloat, LuaTable, ToolReference, rawEquals, typeName, type LuaValue } from "../runtime/value.js"
import { ARITHMETIC_OPERATORS, compileArithmetic, compileBitwiseNot, compileNegation } from "./arithmetic.js"
import type { CompileContext, Expr, Frame, Test } from "./context.js"
import { compileExpression, describe, numeralValue } from "./expressions.js"
import { isBoxed, slotOf } from "./scope.js"

export function compileBinaryExpression(node: BinaryExpression, ctx: CompileContext): Expr {
  const op = ARITHMETIC_OPERATORS[node.operator]
  if (op !== undefined) return compileArithmetic(node, op, ctx)
  switch (node.operator) {
    case "..":
      return compileConcatenation(node, ctx)
    case "==":
      return compileEquality(node, ctx, false)
    case "~=":
      return compileEquality(node, ctx, true)
    default:
      return compileComparison(node, ctx)
  }
}

export function compileUnaryExpression(node: UnaryExpression, ctx: CompileContext): Expr {
  switch (node.operator) {
    case "-":
      return compileNegation(node, ctx)
    case "~":
      return compileBitwiseNot(node, ctx)
    case "#":
      return compileLength(node, ctx)
    case "not": {
      const test = compileTest(node.argument, ctx)
      return function not(R: Frame) {
        return !test(R)
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Comparison

type CompareFailure = (x: LuaValue, y: LuaValue) => never

function lessValues(x: LuaValue, y: LuaValue, fail: CompareFailure): boolean {
  if (typeof x === "number" && typeof y === "number") return x < y
  if (typeof x === "string" && typeof y === "string") return x < y
  const r = lessThan(x, y)
  return r === undefined ? fail(x, y) : r
}

function lessEqualValues(x: LuaValue, y: LuaValue, fail: CompareFailure): boolean {
  if (typeof x === "number" && typeof y === "number") return x <= y
  if (typeof x === "string" && typeof y === "string") return x <= y
  const r = lessEqual(x, y)
  return r === undefined ? fail(x, y) : r
}

function compileComparison(node: BinaryExpression, ctx: CompileContext): Expr {
  const line = ctx.endLine(node.right)
  const rt = ctx.rt
  const fail: CompareFailure = (x, y) => rt.fail(line, numberMessages.compare(x, y))
  const local = unboxedLocal(node.left, ctx)
  const k = node.right.type === "NumericLiteral" ? numeralValue(node.right) : undefined
  if (local >= 0 && typeof k === "number") {
    switch (node.operator) {
      case "<":
        return function lessLocalConstant(R: Frame) {
          return lessValues(R[local], k, fail)
        }
      case "<=":
        return function lessEqualLocalConstant(R: Frame) {
          return lessEqualValues(R[local], k, fail)
        }
      case ">":
        return function greaterLocalConstant(R: Frame) {
          return lessValues(k, R[local], fail)
        }
      default:
        return function greaterEqualLocalConstant(R: Frame) {
          return lessEqualValues(k, R[local], fail)
        }
    }
  }
  const a = compileExpression(node.left, ctx)
  const b = compileExpression(node.right, ctx)
  switch (node.operator) {
    case "<":
      return function less(R: Frame) {
        return lessValues(a(R), b(R), fail)
      }
    case "<=":
      return function lessEqual(R: Frame) {
        return lessEqualValues(a(R), b(R), fail)
      }
    case ">":
      return function greater(R: Frame) {
        const x = a(R)
        return lessValues(b(R), x, fail)
      }
    default:
      return function greaterEqual(R: Frame) {
        const x = a(R)
        return lessEqualValues(b(R), x, fail)
      }
  }
}

function unboxedLocal(node: Expression, ctx: CompileContext): number {
  if (node.type !== "Identifier") return -1
  const ref = ctx.resolution.references.get(node)!
  return ref.kind === "local" && !isBoxed(ref) ? slotOf(ref) : -1
}

// ---------------------------------------------------------------------------------------------
// Equality

function equalValues(x: LuaValue, y: LuaValue): boolean {
  return x === y || ((x instanceof LuaFloat || y instanceof LuaFloat) && rawEquals(x, y))
}

function compileEquality(node: BinaryExpression, ctx: CompileContext, negate: boolean): Expr {
  const a = compileExpression(node.left, ctx)
  const right = node.right
  // Constants other than numbers are equal only to themselves.
  if (right.type === "NilLiteral" || right.type === "BooleanLiteral" || right.type === "StringLiteral") {
    const k: LuaValue = right.type === "NilLiteral" ? undefined : right.value
    return negate
      ? function notEqualConstant(R: Frame) {
          return a(R) !== k
        }
      : function equalConstant(R: Frame) {
          return a(R) === k
        }
  }
  const b = compileExpression(right, ctx)
  return negate
    ? function notEqual(R: Frame) {
        return !equalValues(a(R), b(R))
      }
    : function equal(R: Frame) {
        return equalValues(a(R), b(R))
      }
}

// ---------------------------------------------------------------------------------------------
// Concatenation

function compileConcatenation(node: BinaryExpression, ctx: CompileContext): Expr {
  const operands: Expression[] = []
  let e: Expression = node
  while (e.type === "BinaryExpression" && e.operator === ".." && (e === node || !ctx.isParenthesized(e))) {
    operands.push(e.left)
    e = e.right
  }
  operands.push(e)
  const reads = operands.map((o) => compileExpression(o, ctx))
  const infos = operands.map((o) => describe(o, ctx))
  // Real Lua merges a chain (even through parentheses) into the instruction of its last `..`, on
  // that operator's line.
  let last: BinaryExpression = node
  while (last.right.type === "BinaryExpression" && last.right.operator === "..") last = last.right
  const line = ctx.operatorLine(last)
  const rt = ctx.rt
  const max = ctx.bounds.maxStringBytes
  const tooLong = (bytes: number): never => {
    rt.st.line = line
    rt.st.checkStringSize(bytes)
    throw new Error("unreachable")
  }
  const piece = (v: LuaValue, i: number): string => {
    if (typeof v === "string") return v
    if (typeof v === "number" || typeof v === "bigint" || v instanceof LuaFloat) return numberToString(v)
    return rt.fail(line, LuaMessages.concatenate(typeName(v), infos[i]!))
  }
  if (reads.length === 2) {
    const [a, b] = reads as [Expr, Expr]
    return function concatenate(R: Frame) {
      const x = a(R)
      const y = b(R)
      noteSavedLine(rt.st, line)
      if (typeof x === "string" && typeof y === "string") {
        if (x.length + y.length > max) tooLong(x.length + y.length)
        return x + y
      }
      // Lua checks the left operand first when both are wrong.
      const left = piece(x, 0)
      const right = piece(y, 1)
      if (left.length + right.length > max) tooLong(left.length + right.length)
      return left + right
    }
  }
  /** The general case: numbers converted, errors checked right to left as luaV_concat does. */
  const join = (values: LuaValue[]): string => {
    const n = values.length
    const strings = new Array<string>(n)
    strings[n - 2] = piece(values[n - 2], n - 2)
    strings[n - 1] = piece(values[n - 1], n - 1)
    for (let i = n - 3; i >= 0; i--) strings[i] = piece(values[i], i)
    let total = 0
    for (let i = 0; i < n; i++) total += strings[i]!.length
    if (total > max) tooLong(total)
    return strings.join("")
  }
  if (reads.length === 3) {
    const [a, b, c] = reads as [Expr, Expr, Expr]
    return function concatenate3(R: Frame) {
      const x = a(R)
      const y = b(R)
      const z = c(R)
      noteSavedLine(rt.st, line)
      if (typeof x === "string" && typeof y === "string" && typeof z === "string") {
        const total = x.length + y.length + z.length
        if (total > max) tooLong(total)
        return x + y + z
      }
      return join([x, y, z])
    }
  }
  const n = reads.length
  return function concatenateMany(R: Frame) {
    const values = new Array<LuaValue>(n)
    let total = 0
    for (let i = 0; i < n; i++) {
      const v = reads[i]!(R)
      values[i] = v
      total += typeof v === "string" ? v.length : -Infinity
    }
    noteSavedLine(rt.st, line)
    if (total < 0) return join(values)
    if (total > max) tooLong(total)
    let s = values[0] as string
    for (let i = 1; i < n; i++) s += values[i] as string
    return s
  }
}

// ---------------------------------------------------------------------------------------------
// Length

function compileLength(node: UnaryExpression, ctx: CompileContext): Expr {
  const x = compileExpression(node.argument, ctx)
  const line = ctx.line(node)
  const info = describe(node.argument, ctx)
  const rt = ctx.rt
  return function length(R: Frame) {
    const v = x(R)
    if (v instanceof LuaTable) return v.length()
    if (typeof v === "string") return v.length
    if (v instanceof ToolReference) return rt.fail(line, LuaMessages.toolLength())
    return rt.fail(line, LuaMessages.length(typeName(v), info))
  }
}

// ---------------------------------------------------------------------------------------------
// and / or, and conditions

export function compileLogicalExpression(node: LogicalExpression, ctx: CompileContext): Expr {
  const a = compileExpression(node.left, ctx)
  const b = compileExpression(node.right, ctx)
  if (node.operator === "and") {
    return function and(R: Frame) {
      const x = a(R)
      return x === undefined || x === false ? x : b(R)
    }
  }
  return function or(R: Frame) {
    const x = a(R)
    return x === undefined || x === false ? b(R) : x
  }
}

const COMPARISONS = new Set(["<", "<=", ">", ">=", "==", "~="])

/** A condition: the expression's truthiness as a JavaScript boolean. */
export function compileTest(node: Expression, ctx: CompileContext): Test {
  if (node.type === "BinaryExpression" && COMPARISONS.has(node.operator)) {
    return compileBinaryExpression(node, ctx) as Test
  }
  if (node.type === "UnaryExpression" && node.operator === "not") {
    const test = compileTest(node.argument, ctx)
    return function notTest(R: Frame) {
      return !test(R)
    }
  }
  if (node.type === "LogicalExpression") {
    const a = compileTest(node.left, ctx)
    const b = compileTest(node.right, ctx)
    return node.operator === "and"
      ? function andTest(R: Frame) {
          return a(R) && b(R)
        }
      : function orTest(R: Frame) {
          return a(R) || b(R)
        }
  }
  if (node.type === "BooleanLiteral") {
    const value = node.value
    return () => value
  }
  if (node.type === "NilLiteral") return () => false
  const x = compileExpression(node, ctx)
  return function truthy(R: Frame) {
    const v = x(R)
    return v !== undefined && v !== false
  }
}
