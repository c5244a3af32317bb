/**
 * Arithmetic and bitwise operators: inline fast paths for plain numbers, number.ts for the rest.
 *
 * A raw JavaScript number is a Lua integer when it is integral (and then it is a safe integer) and
 * a float otherwise; integral floats are boxed and integers beyond 2^53 are bigints (value.ts).
 * So each operator's kernel (`addValues`, ...) first asks whether both operands are raw numbers,
 * computes, and keeps the result only when its representation is certainly right: an integer
 * result within the safe range, or a non-integral float. Everything else — an integral float
 * result to box, a result leaving the safe range, bigints, boxed floats, numeric strings, errors —
 * goes to `slow`, which is `ARITH[op]` from number.ts plus the error wording with the operands'
 * variable info (`attempt to perform arithmetic on a nil value (local 'x')`).
 *
 * Kernels are module-level functions called by name, so V8 inlines them into each closure. The
 * closures are specialised by operand shape — an expression, an unboxed local (`R[slot]`), a
 * numeric constant — which saves a closure call per operand in the common `i + 1`, `n % 7` and
 * `a * b` forms. Integer results are normalized with `+ 0` where JavaScript could produce `-0`.
 * Statements fused with their arithmetic (`x = x + e`, `return a + b`) are in fused.ts.
 */

import type { BinaryExpression, Expression, UnaryExpression } from "luaparse"
import {
  ARITH,
  ArithmeticFault,
  arithmeticErrorMessage,
  bnot,
  numberMessages,
  unm,
  type ArithOp,
} from "../runtime/number.js"
import { savedLine } from "../runtime/call.js"
import { LuaError, LuaFloat, type LuaValue } from "../runtime/value.js"
import type { CompileContext, Expr, Frame, Runtime } from "./context.js"
import { compileExpression, describe, numeralValue } from "./expressions.js"
import { isBoxed, slotOf } from "./scope.js"

const MAX_SAFE = Number.MAX_SAFE_INTEGER

export const ARITHMETIC_OPERATORS: Readonly<Record<string, ArithOp>> = {
  "+": "add",
  "-": "sub",
  "*": "mul",
  "/": "div",
  "%": "mod",
  "//": "idiv",
  "^": "pow",
  "&": "band",
  "|": "bor",
  "~": "bxor",
  "<<": "shl",
  ">>": "shr",
}

export type Slow = (x: LuaValue, y: LuaValue) => LuaValue

/** The slow path of one operator at one place in the program: number.ts, then Lua's error. */
export function slowPath(ctx: CompileContext, op: ArithOp, line: number, infoA: string, infoB: string): Slow {
  const operate = ARITH[op]
  const rt = ctx.rt
  const start = ctx.fn.node.type === "Chunk" ? 1 : ctx.line(ctx.fn.node)
  return function arithmeticSlowPath(x, y) {
    let result: LuaValue | undefined
    try {
      result = operate(x, y)
    } catch (error) {
      throw arithmeticFault(rt, error, line, infoA, infoB, start)
    }
    if (result === undefined) rt.fail(line, arithmeticErrorMessage(op, x, y, infoA, infoB))
    return result
  }
}

/**
 * An `ArithmeticFault` as the Lua error it stands for (position and variable info added). An
 * integer division or modulo by zero is reported where Lua 5.4.4 does, at the current function's
 * last saved position (`savedLine`; `start` is the line the function starts on), not at `line`.
 */
export function arithmeticFault(rt: Runtime, error: unknown, line: number, infoA: string, infoB: string, start = line): unknown {
  if (!(error instanceof ArithmeticFault)) return error
  const message =
    error.operand === undefined ? error.message : numberMessages.noIntegerRepresentation(error.operand === 0 ? infoA : infoB)
  if (error.withoutPosition) return new LuaError(message)
  const stale = message === numberMessages.divideByZero() || message === numberMessages.moduloByZero()
  return new LuaError(rt.st.where(stale ? savedLine(rt.st, start) : line) + message)
}

// ---------------------------------------------------------------------------------------------
// Kernels

export function addValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (typeof x === "number" && typeof y === "number") {
    const r = x + y
    if (Number.isInteger(r) ? Number.isInteger(x) && Number.isInteger(y) && r <= MAX_SAFE && r >= -MAX_SAFE : true) return r
  }
  return slow(x, y)
}

export function subtractValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (typeof x === "number" && typeof y === "number") {
    const r = x - y
    if (Number.isInteger(r) ? Number.isInteger(x) && Number.isInteger(y) && r <= MAX_SAFE && r >= -MAX_SAFE : true) return r
  }
  return slow(x, y)
}

function multiplyValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (typeof x === "number" && typeof y === "number") {
    const r = x * y
    if (!Number.isInteger(r)) return r
    if (Number.isInteger(x) && Number.isInteger(y) && r <= MAX_SAFE && r >= -MAX_SAFE) return r + 0
  }
  return slow(x, y)
}

function divideValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (typeof x === "number" && typeof y === "number") {
    const r = x / y
    return Number.isInteger(r) ? new LuaFloat(r) : r
  }
  return slow(x, y)
}

/**
 * Integer `%` and `//` avoid JavaScript's `%` on doubles, which V8 compiles to a call to C's
 * `fmod` and which is most of the cost of `i * i % 7`. For integers `x` and `y` below 2^52 in
 * magnitude, `Math.floor(x / y)` is exact (the rounding error of `x / y` is smaller than its
 * distance to the next integer) and so is `x - q * y` (`|q * y| <= |x| + |y| <= 2^53`).
 */
export const EXACT = 4503599627370496 // 2^52

function moduloValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (
    typeof x === "number" &&
    typeof y === "number" &&
    Number.isInteger(x) &&
    Number.isInteger(y) &&
    y !== 0 &&
    x <= EXACT &&
    x >= -EXACT &&
    y <= EXACT &&
    y >= -EXACT
  ) {
    return x - Math.floor(x / y) * y + 0
  }
  return slow(x, y)
}

function floorDivideValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (typeof x === "number" && typeof y === "number" && Number.isInteger(x) && Number.isInteger(y) && y !== 0) {
    return Math.floor(x / y) + 0
  }
  return slow(x, y)
}

function andValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (typeof x === "number" && typeof y === "number" && (x | 0) === x && (y | 0) === y) return x & y
  return slow(x, y)
}

function orValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (typeof x === "number" && typeof y === "number" && (x | 0) === x && (y | 0) === y) return x | y
  return slow(x, y)
}

function xorValues(x: LuaValue, y: LuaValue, slow: Slow): LuaValue {
  if (typeof x === "number" && typeof y === "number" && (x | 0) === x && (y | 0) === y) return x ^ y
  return slow(x, y)
}

// ---------------------------------------------------------------------------------------------
// Operand shapes

/** How an operand is read: by a closure, from an unboxed local slot, or as a constant number. */
type Operand =
  | { readonly shape: "expr"; readonly read: Expr }
  | { readonly shape: "local"; readonly slot: number }
  | { readonly shape: "constant"; readonly value: number }

export function operand(node: Expression, ctx: CompileContext): Operand {
  if (node.type === "NumericLiteral") {
    const value = numeralValue(node)
    if (typeof value === "number") return { shape: "constant", value }
  }
  if (node.type === "Identifier") {
    const ref = ctx.resolution.references.get(node)!
    if (ref.kind === "local" && !isBoxed(ref)) return { shape: "local", slot: slotOf(ref) }
  }
  return { shape: "expr", read: compileExpression(node, ctx) }
}

export const asExpr = (o: Operand): Expr => {
  if (o.shape === "expr") return o.read
  if (o.shape === "local") {
    const slot = o.slot
    return (R: Frame) => R[slot]
  }
  const value = o.value
  return () => value
}

export function compileArithmetic(node: BinaryExpression, op: ArithOp, ctx: CompileContext): Expr {
  const a = operand(node.left, ctx)
  const b = operand(node.right, ctx)
  const slow = slowPath(ctx, op, ctx.operatorLine(node), describe(node.left, ctx), describe(node.right, ctx))
  switch (op) {
    case "add":
      return shapeAdd(a, b, slow)
    case "sub":
      return shapeSubtract(a, b, slow)
    case "mul":
      return shapeMultiply(a, b, slow)
    case "mod":
      return shapeModulo(a, b, slow, node.left, ctx)
    default:
      return generic(op, asExpr(a), asExpr(b), slow)
  }
}

function shapeAdd(a: Operand, b: Operand, slow: Slow): Expr {
  if (a.shape === "local" && b.shape === "constant") {
    const s = a.slot
    const k = b.value
    return function addLocalConstant(R: Frame) {
      return addValues(R[s], k, slow)
    }
  }
  if (a.shape === "local" && b.shape === "local") {
    const s = a.slot
    const t = b.slot
    return function addLocals(R: Frame) {
      return addValues(R[s], R[t], slow)
    }
  }
  if (a.shape === "local") {
    const s = a.slot
    const y = asExpr(b)
    return function addLocalExpression(R: Frame) {
      return addValues(R[s], y(R), slow)
    }
  }
  const x = asExpr(a)
  if (b.shape === "constant") {
    const k = b.value
    return function addConstant(R: Frame) {
      return addValues(x(R), k, slow)
    }
  }
  const y = asExpr(b)
  return function add(R: Frame) {
    return addValues(x(R), y(R), slow)
  }
}

function shapeSubtract(a: Operand, b: Operand, slow: Slow): Expr {
  if (a.shape === "local" && b.shape === "constant") {
    const s = a.slot
    const k = b.value
    return function subtractLocalConstant(R: Frame) {
      return subtractValues(R[s], k, slow)
    }
  }
  const x = asExpr(a)
  if (b.shape === "constant") {
    const k = b.value
    return function subtractConstant(R: Frame) {
      return subtractValues(x(R), k, slow)
    }
  }
  const y = asExpr(b)
  return function subtract(R: Frame) {
    return subtractValues(x(R), y(R), slow)
  }
}

function shapeMultiply(a: Operand, b: Operand, slow: Slow): Expr {
  if (a.shape === "local" && b.shape === "local") {
    const s = a.slot
    const t = b.slot
    return function multiplyLocals(R: Frame) {
      return multiplyValues(R[s], R[t], slow)
    }
  }
  const x = asExpr(a)
  if (b.shape === "constant") {
    const k = b.value
    return function multiplyConstant(R: Frame) {
      return multiplyValues(x(R), k, slow)
    }
  }
  const y = asExpr(b)
  return function multiply(R: Frame) {
    return multiplyValues(x(R), y(R), slow)
  }
}

function shapeModulo(a: Operand, b: Operand, slow: Slow, left: Expression, ctx: CompileContext): Expr {
  if (b.shape === "constant" && Number.isInteger(b.value) && b.value > 0 && b.value <= EXACT) {
    const k = b.value
    const product = localProduct(left, ctx)
    if (product !== null) {
      // `(i * j) % k`: the product stays a raw double inside this closure; returned from a
      // closure of its own it would be boxed in a new heap number whenever it leaves the small
      // integers, once per evaluation.
      const [s, t] = product
      const x = asExpr(a)
      return function moduloLocalProductByPositive(R: Frame) {
        const i = R[s]
        const j = R[t]
        if (typeof i === "number" && typeof j === "number" && Number.isInteger(i) && Number.isInteger(j)) {
          const p = i * j
          if (p <= EXACT && p >= -EXACT) return p - Math.floor(p / k) * k + 0
        }
        return slow(x(R), k)
      }
    }
    if (a.shape === "local") {
      const s = a.slot
      return function moduloLocalByPositive(R: Frame) {
        const x = R[s]
        if (typeof x === "number" && Number.isInteger(x) && x <= EXACT && x >= -EXACT) return x - Math.floor(x / k) * k
        return slow(x, k)
      }
    }
    const x = asExpr(a)
    return function moduloByPositive(R: Frame) {
      const v = x(R)
      if (typeof v === "number" && Number.isInteger(v) && v <= EXACT && v >= -EXACT) return v - Math.floor(v / k) * k
      return slow(v, k)
    }
  }
  const x = asExpr(a)
  const y = asExpr(b)
  return function modulo(R: Frame) {
    return moduloValues(x(R), y(R), slow)
  }
}

function generic(op: ArithOp, x: Expr, y: Expr, slow: Slow): Expr {
  switch (op) {
    case "div":
      return function divide(R: Frame) {
        return divideValues(x(R), y(R), slow)
      }
    case "idiv":
      return function floorDivide(R: Frame) {
        return floorDivideValues(x(R), y(R), slow)
      }
    case "band":
      return function bitwiseAnd(R: Frame) {
        return andValues(x(R), y(R), slow)
      }
    case "bor":
      return function bitwiseOr(R: Frame) {
        return orValues(x(R), y(R), slow)
      }
    case "bxor":
      return function bitwiseXor(R: Frame) {
        return xorValues(x(R), y(R), slow)
      }
    default:
      // `^`, `<<`, `>>`: number.ts has the exact semantics; they are rarely hot.
      return function arithmetic(R: Frame) {
        return slow(x(R), y(R))
      }
  }
}

/** The two unboxed local slots of `x * y` (parentheses are invisible in the tree), or null. */
export function localProduct(node: Expression, ctx: CompileContext): [number, number] | null {
  if (node.type !== "BinaryExpression" || node.operator !== "*") return null
  const a = operand(node.left, ctx)
  const b = operand(node.right, ctx)
  return a.shape === "local" && b.shape === "local" ? [a.slot, b.slot] : null
}

// ---------------------------------------------------------------------------------------------
// Unary minus and bitwise not

export function compileNegation(node: UnaryExpression, ctx: CompileContext): Expr {
  const x = compileExpression(node.argument, ctx)
  const line = ctx.line(node)
  const info = describe(node.argument, ctx)
  const rt = ctx.rt
  const slow = (v: LuaValue): LuaValue => {
    const r = unm(v)
    if (r === undefined) rt.fail(line, arithmeticErrorMessage("unm", v, v, info, info))
    return r
  }
  return function negate(R: Frame) {
    const v = x(R)
    // A raw 0 is the integer 0, whose negation is 0, not -0.
    if (typeof v === "number") return v === 0 ? 0 : -v
    return slow(v)
  }
}

export function compileBitwiseNot(node: UnaryExpression, ctx: CompileContext): Expr {
  const x = compileExpression(node.argument, ctx)
  const line = ctx.line(node)
  const info = describe(node.argument, ctx)
  const rt = ctx.rt
  const slow = (v: LuaValue): LuaValue => {
    let r: LuaValue | undefined
    try {
      r = bnot(v)
    } catch (error) {
      throw arithmeticFault(rt, error, line, info, info)
    }
    if (r === undefined) rt.fail(line, arithmeticErrorMessage("bnot", v, v, info, info))
    return r
  }
  return function bitwiseNot(R: Frame) {
    const v = x(R)
    if (typeof v === "number" && (v | 0) === v) return ~v
    return slow(v)
  }
}
