/**
 * Statements: the dispatch table, and every statement except loops (loops.ts) and goto (blocks.ts).
 *
 * Assignments follow Lua's order: the tables and keys on the left are evaluated first, then the
 * values on the right, adjusted to the number of targets (extra values dropped, missing ones nil,
 * a final call or `...` spread), and the stores happen right to left, as the reference
 * implementation does (`a, a = 1, 2` leaves `a == 1`). The one-target, one-value forms that make
 * up nearly every program compile to a single store.
 *
 * A `local` declaration writes its slot every time it runs — nil when it has no value — since the
 * slot may hold a value from an earlier iteration or a block that ended; a captured local gets a
 * fresh cell, which is what gives each loop iteration its own upvalue.
 */

import type {
  AssignmentStatement,
  CallStatement,
  Expression,
  FunctionDeclaration,
  IfStatement,
  LocalStatement,
  ReturnStatement,
  Statement,
} from "luaparse"
import { hotCopy, template } from "../runtime/hot.js"
import { ONE_RESULT } from "../runtime/state.js"
import { LuaTable, NO_VALUES, TableTooLarge, type LuaValue } from "../runtime/value.js"
import { compileBlock, compileGotoStatement } from "./blocks.js"
import { compileCallExpression, compileTailCall } from "./calls.js"
import { BREAK, type CompileContext, type Completion, type Expr, type Frame, type Stmt, type Test } from "./context.js"
import { compileExpression, compileListToArray, compileValueList, isCall, numeralValue, type ValueList } from "./expressions.js"
import { compileFunction } from "./functions.js"
import { compileAssignmentTarget } from "./indexing.js"
import { compileForGenericStatement, compileForNumericStatement, compileRepeatStatement, compileWhileStatement } from "./loops.js"
import { compileTest } from "./operators.js"
import { compileAccumulation, compileReturnedSum } from "./fused.js"
import { isBoxed, slotOf, type Binding } from "./scope.js"

type CompilerOf<T extends Statement["type"]> = (node: Extract<Statement, { type: T }>, ctx: CompileContext) => Stmt

const STATEMENTS: { [T in Statement["type"]]: CompilerOf<T> } = {
  LocalStatement: compileLocalStatement,
  AssignmentStatement: compileAssignmentStatement,
  CallStatement: compileCallStatement,
  FunctionDeclaration: compileFunctionDeclaration,
  ReturnStatement: compileReturnStatement,
  IfStatement: compileIfStatement,
  WhileStatement: compileWhileStatement,
  RepeatStatement: compileRepeatStatement,
  DoStatement: (node, ctx) => compileBlock(node.body, ctx),
  ForNumericStatement: compileForNumericStatement,
  ForGenericStatement: compileForGenericStatement,
  BreakStatement: () => breakStatement,
  GotoStatement: compileGotoStatement,
  LabelStatement: () => () => undefined,
}

export function compileStatement(node: Statement, ctx: CompileContext): Stmt {
  return (STATEMENTS[node.type] as CompilerOf<typeof node.type>)(node as never, ctx)
}

const breakStatement: Stmt = () => BREAK

// ---------------------------------------------------------------------------------------------
// Values adjusted to a number of targets

/** A closure producing exactly `count` values from a list (for `local a, b = ...` and assignments). */
function adjusted(list: ValueList, count: number): (R: Frame) => LuaValue[] {
  const all = compileListToArray(list)
  return function adjustedValues(R: Frame) {
    const values = all(R)
    if (values.length === count) return values
    const out = values.slice(0, count)
    while (out.length < count) out.push(undefined)
    return out
  }
}

/**
 * The values for `count` targets. Only when there are fewer expressions than targets can the last
 * one spread; otherwise each expression gives one value (`local x = f()` takes f's first result
 * directly), and any beyond `count` are evaluated for their effects and dropped.
 */
function valuesFor(nodes: Expression[], count: number, ctx: CompileContext): ValueList {
  if (nodes.length < count) return compileValueList(nodes, ctx)
  return { fixed: nodes.map((n) => compileExpression(n, ctx)), rest: null }
}

// ---------------------------------------------------------------------------------------------
// local

/** Stores a value into a freshly declared local. */
export function declareLocal(binding: Binding): (R: Frame, v: LuaValue) => void {
  const slot = binding.slot
  return binding.captured
    ? (R, v) => {
        R[slot] = { v }
      }
    : (R, v) => {
        R[slot] = v
      }
}

function compileLocalStatement(node: LocalStatement, ctx: CompileContext): Stmt {
  const bindings = node.variables.map((v) => ctx.resolution.declarations.get(v)!)
  const list = valuesFor(node.init, bindings.length, ctx)
  if (bindings.length === 1 && list.rest === null && list.fixed.length <= 1) {
    const binding = bindings[0]!
    const slot = binding.slot
    const value = list.fixed[0]
    if (binding.captured) {
      return value === undefined
        ? (R: Frame) => {
            R[slot] = { v: undefined }
            return undefined
          }
        : function localCell(R: Frame) {
            R[slot] = { v: value(R) }
            return undefined
          }
    }
    return value === undefined
      ? (R: Frame) => {
          R[slot] = undefined
          return undefined
        }
      : function local(R: Frame) {
          R[slot] = value(R)
          return undefined
        }
  }
  const stores = bindings.map(declareLocal)
  const values = adjusted(list, bindings.length)
  const n = stores.length
  return function locals(R: Frame) {
    const v = values(R)
    for (let i = 0; i < n; i++) stores[i]!(R, v[i])
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------
// Assignment

function compileAssignmentStatement(node: AssignmentStatement, ctx: CompileContext): Stmt {
  const targets = node.variables.map((v) => compileAssignmentTarget(v, ctx))
  const list = valuesFor(node.init, targets.length, ctx)
  if (targets.length === 1 && list.rest === null && list.fixed.length === 1) {
    return singleAssignment(node.variables[0]!, targets[0]!, list.fixed[0]!, node.init[0]!, ctx)
  }
  const values = adjusted(list, targets.length)
  const n = targets.length
  return function assignMany(R: Frame) {
    const objects = new Array<LuaValue>(n)
    const keys = new Array<LuaValue>(n)
    for (let i = 0; i < n; i++) {
      const t = targets[i]!
      if (t.object !== null) objects[i] = t.object(R)
      if (t.key !== null) keys[i] = t.key(R)
    }
    const v = values(R)
    for (let i = n - 1; i >= 0; i--) targets[i]!.store(R, objects[i], keys[i], v[i])
    return undefined
  }
}

function singleAssignment(
  target: Expression,
  compiled: ReturnType<typeof compileAssignmentTarget>,
  value: Expr,
  valueNode: Expression,
  ctx: CompileContext,
): Stmt {
  if (target.type === "Identifier") {
    const ref = ctx.resolution.references.get(target)!
    if (ref.kind === "global") {
      const rt = ctx.rt
      const name = target.name
      return function assignGlobal(R: Frame) {
        rt.G.set(name, value(R))
        return undefined
      }
    }
    const slot = slotOf(ref)
    if (!isBoxed(ref)) {
      const accumulation = compileAccumulation(slot, valueNode, ctx)
      if (accumulation !== null) return accumulation
    }
    if (isBoxed(ref)) {
      return function assignCell(R: Frame) {
        R[slot].v = value(R)
        return undefined
      }
    }
    return function assignLocal(R: Frame) {
      R[slot] = value(R)
      return undefined
    }
  }
  const { object, key, store } = compiled
  if (key === null) {
    const o = object!
    return function assignField(R: Frame) {
      const t = o(R)
      store(R, t, undefined, value(R))
      return undefined
    }
  }
  const o = object!
  const line = ctx.line(target)
  const rt = ctx.rt
  const ts = target.type === "IndexExpression" ? unboxedLocalSlot(target.base, ctx) : -1
  const ks = target.type === "IndexExpression" ? unboxedLocalSlot(target.index, ctx) : -1
  if (ts >= 0 && ks >= 0) {
    // `t[i] = v` with both names plain locals — how arrays are filled — read in place.
    return function assignLocalIndex(R: Frame) {
      const t = R[ts]
      const k = R[ks]
      const v = value(R)
      if (typeof k === "number" && t instanceof LuaTable && Number.isInteger(k)) {
        try {
          t.setInteger(k, v)
        } catch (error) {
          throw error instanceof TableTooLarge ? rt.st.tableTooLarge(line) : error
        }
      } else {
        store(R, t, k, v)
      }
      return undefined
    }
  }
  return hotCopy(ctx.hot, assignIndex)(o, key, value, store, rt, line, LuaTable, TableTooLarge)
}

/** `t[k] = v`, a template (runtime/hot.ts): the common `t[i] = v` straight to the table, everything else through the checked store. */
const assignIndex = template(function assignIndex(
  o: Expr,
  key: Expr,
  value: Expr,
  store: (R: Frame, t: LuaValue, k: LuaValue, v: LuaValue) => void,
  rt: CompileContext["rt"],
  line: number,
  Table: typeof LuaTable,
  TooLarge: typeof TableTooLarge,
) {
  return function assignIndex(R: Frame): Completion {
    const t = o(R)
    const k = key(R)
    const v = value(R)
    if (typeof k === "number" && t instanceof Table && Number.isInteger(k)) {
      try {
        t.setInteger(k, v)
      } catch (error) {
        throw error instanceof TooLarge ? rt.st.tableTooLarge(line) : error
      }
    } else {
      store(R, t, k, v)
    }
    return undefined
  }
})

// ---------------------------------------------------------------------------------------------
// Calls, functions, return

function compileCallStatement(node: CallStatement, ctx: CompileContext): Stmt {
  // Its results are dropped: the first-value form makes no result list for them.
  const call = compileCallExpression(node.expression, ctx)
  return hotCopy(ctx.hot, callStatement)(call)
}

const callStatement = template(function callStatement(call: Expr) {
  return function callStatement(R: Frame): Completion {
    call(R)
    return undefined
  }
})

function compileFunctionDeclaration(node: FunctionDeclaration, ctx: CompileContext): Stmt {
  const make = compileFunction(node, ctx)
  if (node.identifier === null) return () => undefined
  if (node.isLocal) {
    const binding = ctx.resolution.declarations.get(node.identifier as never)!
    const slot = binding.slot
    if (binding.captured) {
      // The cell exists before the closure, so a recursive function sees itself.
      return function localRecursiveFunction(R: Frame) {
        const cell = { v: undefined as LuaValue }
        R[slot] = cell
        cell.v = make(R)
        return undefined
      }
    }
    return function localFunction(R: Frame) {
      R[slot] = make(R)
      return undefined
    }
  }
  const target = node.identifier.type === "MemberExpression" ? { ...node.identifier, indexer: "." as const } : node.identifier
  const { object, store } = compileAssignmentTarget(target, ctx)
  return function functionStatement(R: Frame) {
    const o = object === null ? undefined : object(R)
    store(R, o, undefined, make(R))
    return undefined
  }
}

function compileReturnStatement(node: ReturnStatement, ctx: CompileContext): Stmt {
  const args = node.arguments
  if (args.length === 1 && isCall(args[0]!) && !ctx.isParenthesized(args[0]!)) {
    return compileTailCall(args[0], ctx)
  }
  if (args.length === 0) return () => NO_VALUES
  if (args.length === 1 && args[0]!.type !== "VarargLiteral") {
    const rt = ctx.rt
    const slot = unboxedLocalSlot(args[0]!, ctx)
    if (slot >= 0) {
      return function returnLocal(R: Frame) {
        rt.st.result = R[slot]
        return ONE_RESULT
      }
    }
    const sum = compileReturnedSum(args[0]!, ctx)
    if (sum !== null) return sum
    const value = compileExpression(args[0]!, ctx)
    return function returnOne(R: Frame) {
      const v = value(R)
      rt.st.result = v
      return ONE_RESULT
    }
  }
  return compileListToArray(compileValueList(args, ctx))
}

// ---------------------------------------------------------------------------------------------
// if

/** The frame slot of an expression that is an unboxed local, or -1. */
function unboxedLocalSlot(node: Expression, ctx: CompileContext): number {
  if (node.type !== "Identifier") return -1
  const ref = ctx.resolution.references.get(node)!
  return ref.kind === "local" && !isBoxed(ref) ? slotOf(ref) : -1
}

/** `local < k` (or `<=`, `>`, `>=`) for an unboxed local and a number constant, or null. */
function localBound(node: Expression, ctx: CompileContext): { local: number; op: string; k: number } | null {
  if (node.type !== "BinaryExpression" || !["<", "<=", ">", ">="].includes(node.operator)) return null
  const local = unboxedLocalSlot(node.left, ctx)
  const k = node.right.type === "NumericLiteral" ? numeralValue(node.right) : undefined
  return local >= 0 && typeof k === "number" ? { local, op: node.operator, k } : null
}

/**
 * `if cond then return e end` with one plain value: the guard that opens so many functions
 * (`if n < 2 then return n end`), as one closure around the test and the value.
 */
function compileGuard(test: Test, condition: Expression, body: Statement[], ctx: CompileContext): Stmt | null {
  if (body.length !== 1) return null
  const statement = body[0]!
  if (statement.type !== "ReturnStatement" || statement.arguments.length !== 1) return null
  const e = statement.arguments[0]!
  if (isCall(e) || e.type === "VarargLiteral") return null
  const rt = ctx.rt
  const slot = unboxedLocalSlot(e, ctx)
  const bound = localBound(condition, ctx)
  if (slot >= 0 && bound !== null) {
    // `if n < 2 then return n end`: the comparison too, when the local holds a number.
    const { local, op, k } = bound
    return function guardBoundReturnLocal(R: Frame) {
      const x = R[local]
      if (typeof x === "number") {
        if (!(op === "<" ? x < k : op === "<=" ? x <= k : op === ">" ? x > k : x >= k)) return undefined
      } else if (!test(R)) return undefined
      rt.st.result = R[slot]
      return ONE_RESULT
    }
  }
  if (slot >= 0) {
    return function guardReturnLocal(R: Frame) {
      if (!test(R)) return undefined
      rt.st.result = R[slot]
      return ONE_RESULT
    }
  }
  const value = compileExpression(e, ctx)
  return function guardReturn(R: Frame) {
    if (!test(R)) return undefined
    const v = value(R)
    rt.st.result = v
    return ONE_RESULT
  }
}

function compileIfStatement(node: IfStatement, ctx: CompileContext): Stmt {
  const tests: Test[] = []
  const blocks: Stmt[] = []
  let otherwise: Stmt | null = null
  for (const clause of node.clauses) {
    if (clause.type === "ElseClause") otherwise = compileBlock(clause.body, ctx)
    else {
      tests.push(compileTest(clause.condition, ctx))
      blocks.push(compileBlock(clause.body, ctx))
    }
  }
  if (tests.length === 1) {
    const test = tests[0]!
    const then = blocks[0]!
    if (otherwise === null) {
      const clause = node.clauses[0] as { condition: Expression; body: Statement[] }
      const guard = compileGuard(test, clause.condition, clause.body, ctx)
      if (guard !== null) return guard
    }
    if (otherwise === null) return hotCopy(ctx.hot, ifThen)(test, then)
    return hotCopy(ctx.hot, ifThenElse)(test, then, otherwise)
  }
  return hotCopy(ctx.hot, ifChain)(tests, blocks, otherwise)
}

// The `if` shapes are templates (runtime/hot.ts): a hot function gets copies of its own, which
// inline the tests and blocks they call.

const ifThen = template(function ifThen(test: Test, then: Stmt) {
  return function ifThen(R: Frame): Completion {
    return test(R) ? then(R) : undefined
  }
})

const ifThenElse = template(function ifThenElse(test: Test, then: Stmt, alternative: Stmt) {
  return function ifThenElse(R: Frame): Completion {
    return test(R) ? then(R) : alternative(R)
  }
})

const ifChain = template(function ifChain(tests: Test[], blocks: Stmt[], last: Stmt | null) {
  const n = tests.length
  return function ifChain(R: Frame): Completion {
    for (let i = 0; i < n; i++) if (tests[i]!(R)) return blocks[i]!(R)
    return last === null ? undefined : last(R)
  }
})
