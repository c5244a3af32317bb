/**
 * Expressions: the dispatch table, names and literals, value lists, and Lua's variable info.
 *
 * `compileExpression` is the only place that looks at an expression's node type, and it does so
 * while compiling: the table `EXPRESSIONS` maps each type to its compile function, whose closure
 * then runs with no trace of the tree. Every expression compiles to a single value; the few that
 * can produce several (calls and `...`) also compile, through `compileMultiValue`, to a closure
 * returning the whole list, which is what the multi-value positions use (the last argument, the
 * last table item, the end of a return list or of an explist). A parenthesized call or `...` is
 * one value everywhere, as in Lua.
 *
 * `describe` produces Lua's "variable info" — the `(local 'x')` in an error message — from the
 * syntax alone, following what Lua 5.4.4's `getobjname` would find in the bytecode.
 */

import type { Expression, Identifier, NumericLiteral, StringLiteral, VarargLiteral } from "luaparse"
import { variableInfo } from "../messages.js"
import { parseNumber } from "../runtime/number.js"
import { NO_VALUES, type LuaValue } from "../runtime/value.js"
import { compileCallExpression, compileCallMulti } from "./calls.js"
import type { CompileContext, Expr, Frame, MultiExpr } from "./context.js"
import { compileFunctionExpression } from "./functions.js"
import { compileIndexExpression, compileMemberExpression } from "./indexing.js"
import { compileBinaryExpression, compileLogicalExpression, compileUnaryExpression } from "./operators.js"
import { isBoxed, slotOf } from "./scope.js"
import { compileTableConstructor } from "./tables.js"

type CompilerOf<T extends Expression["type"]> = (node: Extract<Expression, { type: T }>, ctx: CompileContext) => Expr

const EXPRESSIONS: { [T in Expression["type"]]: CompilerOf<T> } = {
  Identifier: compileIdentifier,
  NilLiteral: compileNilLiteral,
  BooleanLiteral: (node) => (node.value ? returnTrue : returnFalse),
  NumericLiteral: compileNumericLiteral,
  StringLiteral: compileStringLiteral,
  VarargLiteral: compileVarargLiteral,
  FunctionDeclaration: compileFunctionExpression,
  TableConstructorExpression: compileTableConstructor,
  BinaryExpression: compileBinaryExpression,
  LogicalExpression: compileLogicalExpression,
  UnaryExpression: compileUnaryExpression,
  MemberExpression: compileMemberExpression,
  IndexExpression: compileIndexExpression,
  CallExpression: compileCallExpression,
  TableCallExpression: compileCallExpression,
  StringCallExpression: compileCallExpression,
}

export function compileExpression(node: Expression, ctx: CompileContext): Expr {
  return (EXPRESSIONS[node.type] as CompilerOf<typeof node.type>)(node as never, ctx)
}

// ---------------------------------------------------------------------------------------------
// Multiple values

export type CallNode = Extract<Expression, { type: "CallExpression" | "TableCallExpression" | "StringCallExpression" }>

export const isCall = (node: Expression): node is CallNode =>
  node.type === "CallExpression" || node.type === "TableCallExpression" || node.type === "StringCallExpression"

/**
 * The whole value list of a call or `...` in a multi-value position, or `null` when the node
 * gives exactly one value (any other expression, or one in parentheses). `enclosingCallEnd` is
 * the end offset of the call whose last argument this is, so its own `)` is not taken for
 * parentheses around the argument.
 */
export function compileMultiValue(node: Expression, ctx: CompileContext, enclosingCallEnd = -1): MultiExpr | null {
  if (!isCall(node) && node.type !== "VarargLiteral") return null
  if (ctx.isParenthesized(node, enclosingCallEnd)) return null
  if (node.type === "VarargLiteral") {
    const slot = ctx.fn.varargSlot
    return function varargs(R: Frame) {
      return R[slot] as LuaValue[]
    }
  }
  return compileCallMulti(node, ctx)
}

/** An expression list: single values first, then possibly the open-ended tail. */
export interface ValueList {
  readonly fixed: Expr[]
  readonly rest: MultiExpr | null
}

export function compileValueList(nodes: Expression[], ctx: CompileContext, enclosingCallEnd = -1): ValueList {
  const fixed: Expr[] = []
  let rest: MultiExpr | null = null
  nodes.forEach((node, i) => {
    const multi = i === nodes.length - 1 ? compileMultiValue(node, ctx, enclosingCallEnd) : null
    if (multi !== null) rest = multi
    else fixed.push(compileExpression(node, ctx))
  })
  return { fixed, rest }
}

/** A closure building a fresh array of all the values of a list (for returns, arguments, `{...}`). */
export function compileListToArray(list: ValueList): MultiExpr {
  const { fixed, rest } = list
  const n = fixed.length
  if (rest === null) {
    switch (n) {
      case 0:
        return () => NO_VALUES
      case 1: {
        const a = fixed[0]!
        return function oneValue(R) {
          return [a(R)]
        }
      }
      case 2: {
        const [a, b] = fixed as [Expr, Expr]
        return function twoValues(R) {
          return [a(R), b(R)]
        }
      }
      case 3: {
        const [a, b, c] = fixed as [Expr, Expr, Expr]
        return function threeValues(R) {
          return [a(R), b(R), c(R)]
        }
      }
      default:
        return function values(R) {
          const out = new Array<LuaValue>(n)
          for (let i = 0; i < n; i++) out[i] = fixed[i]!(R)
          return out
        }
    }
  }
  // Value lists are never mutated by whoever receives them (table constructors copy), so an
  // open tail alone is handed over as it is.
  if (n === 0) return rest
  return function valuesAndRest(R) {
    const out = new Array<LuaValue>(n)
    for (let i = 0; i < n; i++) out[i] = fixed[i]!(R)
    const more = rest(R)
    for (let i = 0; i < more.length; i++) out.push(more[i])
    return out
  }
}

// ---------------------------------------------------------------------------------------------
// Names and literals

function compileIdentifier(node: Identifier, ctx: CompileContext): Expr {
  const ref = ctx.resolution.references.get(node)!
  if (ref.kind === "global") {
    const rt = ctx.rt
    const name = node.name
    return function readGlobal() {
      return rt.globals.get(name)
    }
  }
  const slot = slotOf(ref)
  if (isBoxed(ref)) {
    return function readCell(R: Frame) {
      return R[slot].v
    }
  }
  return function readLocal(R: Frame) {
    return R[slot]
  }
}

const returnNil = (): LuaValue => undefined
const returnTrue = (): LuaValue => true
const returnFalse = (): LuaValue => false

function compileNilLiteral(): Expr {
  return returnNil
}

export const constant = (value: LuaValue): Expr =>
  function constantValue() {
    return value
  }

/** The value of a numeral, with Lua's integer/float distinction (`3` vs `3.0`, `0x7fffffffffffffff`). */
export const numeralValue = (node: NumericLiteral): LuaValue => parseNumber(node.raw) ?? node.value

function compileNumericLiteral(node: NumericLiteral): Expr {
  return constant(numeralValue(node))
}

function compileStringLiteral(node: StringLiteral): Expr {
  return constant(node.value)
}

function compileVarargLiteral(_node: VarargLiteral, ctx: CompileContext): Expr {
  const slot = ctx.fn.varargSlot
  return function firstVararg(R: Frame) {
    return (R[slot] as LuaValue[])[0]
  }
}

// ---------------------------------------------------------------------------------------------
// Variable info for error messages

/** Lua's `varinfo` for the value of `node`: `" (local 'x')"`, `" (field 'y')"`, ... or `""`. */
export function describe(node: Expression, ctx: CompileContext): string {
  switch (node.type) {
    case "Identifier": {
      const ref = ctx.resolution.references.get(node)
      if (ref === undefined) return ""
      if (ref.kind !== "global" && ref.binding.literal !== undefined) return describe(ref.binding.literal, ctx)
      return variableInfo(ref.kind, node.name)
    }
    case "MemberExpression":
      return variableInfo(node.indexer === ":" ? "method" : "field", node.identifier.name)
    case "IndexExpression":
      return variableInfo("field", keyName(node.index))
    case "StringLiteral":
      return variableInfo("constant", node.value)
    default:
      return ""
  }
}

/** How Lua 5.4.4 names a key in `t[key]`: a string constant by itself, a small integer constant as "integer index". */
const keyName = (key: Expression): string => {
  if (key.type === "StringLiteral") return key.value
  if (key.type === "NumericLiteral") {
    const n = numeralValue(key)
    if (typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 255) return "integer index"
  }
  return "?"
}

/** For messages about absent features: the global name an expression reads, if it is one. */
export function globalName(node: Expression, ctx: CompileContext): string | undefined {
  if (node.type !== "Identifier") return undefined
  const ref = ctx.resolution.references.get(node)
  return ref?.kind === "global" ? node.name : undefined
}
