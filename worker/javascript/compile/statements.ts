/**
 * Statements: one compile function per node type, dispatched by `STATEMENTS` at compile time.
 *
 * A statement closure returns `undefined` to go on, or a signal (`BREAK`, `CONTINUE`, `RETURN`)
 * that unwinds to whoever handles it: loops (loops.ts), labelled statements, `switch`, the
 * function body. Blocks initialise their lexical bindings on entry (fresh cells for captured
 * ones, TDZ for the rest) and their function declarations, which are hoisted to the block's top.
 *
 * `try`/`catch`/`finally` catches only `ThrowSignal`s — program exceptions. A `HostStop` (a bound,
 * a timeout, an unknown tool) unwinds through every handler, `finally` included, by design. A
 * `finally` that completes abruptly (return, break, throw) overrides the try's completion.
 */

import { JsMessages } from "../messages.js"
import { JsFunction, type Value } from "../runtime/object.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"
import type {
  BlockStatement,
  Expression,
  Statement,
  BreakStatement,
  ClassDeclaration,
  ContinueStatement,
  ExpressionStatement,
  FunctionDeclaration,
  IfStatement,
  LabeledStatement,
  Pattern,
  ReturnStatement,
  SwitchStatement,
  ThrowStatement,
  TryStatement,
  VariableDeclaration,
} from "acorn"
import { BREAK, CONTINUE, handlerOf, RETURN, type CompileContext, type Completion, type Frame, type HandlerTable, type StatementNode, type Stmt } from "./context.js"
import { compileExpression, isAnonymousFunction } from "./expressions.js"
import { compileClass } from "./classes.js"
import { compileFunction, setFunctionName } from "./functions.js"
import { compileDoWhile, compileFor, compileForIn, compileForOf, compileWhile } from "./loops.js"
import { compileFusedStatement, plainLocalSlot } from "./fused.js"
import { compilePatternDeclaration } from "./patterns.js"
import { compileResumableStatement } from "./resumable.js"
import type { Scope } from "./scope.js"
import { compileFreshBinding, compileInit } from "./variables.js"

/** Statements the parser lets through but the engine refuses (parse.ts refuses most first). */
const refused = (node: StatementNode, ctx: CompileContext): never => {
  throw ctx.error(node, JsMessages.unsupported(node.type, "this statement is not supported yet"))
}

export const STATEMENTS: HandlerTable<StatementNode, Stmt> = {
  ExpressionStatement: compileExpressionStatement,
  VariableDeclaration: compileVariableDeclaration,
  FunctionDeclaration: () => hoisted,
  ClassDeclaration: compileClassDeclaration,
  ReturnStatement: compileReturn,
  IfStatement: compileIf,
  BlockStatement: compileBlock,
  EmptyStatement: () => nothing,
  DebuggerStatement: () => nothing,
  ThrowStatement: compileThrow,
  TryStatement: compileTry,
  SwitchStatement: compileSwitch,
  LabeledStatement: compileLabeled,
  BreakStatement: (node, ctx) => compileJump(node, ctx, BREAK),
  ContinueStatement: (node, ctx) => compileJump(node, ctx, CONTINUE),
  ForStatement: compileFor,
  ForInStatement: compileForIn,
  ForOfStatement: compileForOf,
  WhileStatement: compileWhile,
  DoWhileStatement: compileDoWhile,
  // Strict mode rejects `with`; imports are hoisted into declarations (modules.ts); exports are
  // refused by parse.ts.
  WithStatement: refused,
  ImportDeclaration: refused,
  ExportNamedDeclaration: refused,
  ExportDefaultDeclaration: refused,
  ExportAllDeclaration: refused,
}

/** A statement that does nothing where it stands: empty, `debugger`. */
function nothing(): Completion {
  return undefined
}

/** A function declaration: made when its scope is entered (`compileScopeEntry`), not where it stands. */
function hoisted(): Completion {
  return undefined
}

export function compileStatement(node: StatementNode, ctx: CompileContext): Stmt {
  if (ctx.suspends(node)) {
    throw ctx.error(node, JsMessages.internalError("resumable statement compiled as plain code"), "ExecutionFailure")
  }
  const compile = handlerOf<StatementNode, Stmt, []>(STATEMENTS, node)
  if (compile === undefined) throw ctx.error(node, JsMessages.unsupported(node.type, "this statement is not supported yet"))
  const labels = ctx.pendingLabels
  if (labels.length > 0 && !LOOPS.has(node.type)) ctx.pendingLabels = []
  return compile(node, ctx)
}

const LOOPS = new Set(["ForStatement", "ForInStatement", "ForOfStatement", "WhileStatement", "DoWhileStatement", "LabeledStatement"])

/** Statements in order; the first abrupt completion ends the list. */
export function compileStatementList(statements: ReadonlyArray<StatementNode>, ctx: CompileContext, _scopeReady = false): Stmt {
  const list: Stmt[] = statements.map((s) => compileStatement(s, ctx))
  const n = list.length
  if (n === 0) return function emptyList() { return undefined }
  if (n === 1) return list[0]!
  if (n === 2) {
    const a = list[0]!
    const b = list[1]!
    return function twoStatements(R) {
      const c = a(R)
      return c !== undefined ? c : b(R)
    }
  }
  return function statementList(R: Frame): Completion {
    for (let i = 0; i < n; i++) {
      const c = list[i]!(R)
      if (c !== undefined) return c
    }
    return undefined
  }
}

/** What entering a block scope does: fresh bindings, then hoisted function declarations. */
export function compileScopeEntry(scope: Scope | undefined, ctx: CompileContext): ((R: Frame) => void) | null {
  if (scope === undefined) return null
  const steps: Array<(R: Frame) => void> = []
  for (const b of scope.names.values()) if (b.captured || b.lexical) steps.push(compileFreshBinding(b))
  for (const decl of scope.functions) {
    const init = compileFunctionDeclarationInit(decl, ctx)
    steps.push(function hoistFunction(R) { init(R, undefined, [], undefined, undefined as never) })
  }
  if (steps.length === 0) return null
  return function enterScope(R) {
    for (const s of steps) s(R)
  }
}

/** Creates a hoisted function declaration's function and stores it in its binding. */
export function compileFunctionDeclarationInit(decl: FunctionDeclaration, ctx: CompileContext) {
  const make = compileFunction(decl, ctx, decl.id.name)
  const init = compileInit(ctx.resolution.declarations.get(decl.id)!)
  return function initFunctionDeclaration(R: Frame, ..._rest: unknown[]) { init(R, make(R)) }
}

function compileBlock(node: BlockStatement, ctx: CompileContext): Stmt {
  const entry = compileScopeEntry(ctx.resolution.scopes.get(node), ctx)
  const body = compileStatementList(node.body, ctx)
  if (entry === null) return body
  return function block(R) {
    entry(R)
    return body(R)
  }
}

function compileExpressionStatement(node: ExpressionStatement, ctx: CompileContext): Stmt {
  const fused = compileFusedStatement(node.expression, ctx)
  if (fused !== null) return fused
  const e = compileExpression(node.expression, ctx)
  return function expressionStatement(R) {
    e(R)
    return undefined
  }
}

function compileVariableDeclaration(node: VariableDeclaration, ctx: CompileContext): Stmt {
  const steps: Stmt[] = []
  for (const d of node.declarations) {
    if (!d.init) {
      // `let x;` initialises to undefined; `var x;` does nothing.
      if (node.kind === "var") continue
      const write = compilePatternDeclaration(d.id, ctx)
      steps.push(function declareUndefined(R) {
        write(R, undefined)
        return undefined
      })
      continue
    }
    const name = d.id.type === "Identifier" ? d.id.name : undefined
    const value = compileExpression(d.init, ctx, name)
    const write = compilePatternDeclaration(d.id, ctx)
    steps.push(function declare(R) {
      write(R, value(R))
      return undefined
    })
  }
  if (steps.length === 1) return steps[0]!
  return function variableDeclaration(R) {
    for (const s of steps) s(R)
    return undefined
  }
}

function compileClassDeclaration(node: ClassDeclaration, ctx: CompileContext): Stmt {
  const make = compileClass(node, ctx, node.id.name)
  const init = compileInit(ctx.resolution.declarations.get(node.id)!)
  return function classDeclaration(R) {
    init(R, make(R))
    return undefined
  }
}

function compileReturn(node: ReturnStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  if (!node.argument) {
    return function returnUndefined() {
      st.returned = undefined
      return RETURN
    }
  }
  const slot = plainLocalSlot(node.argument, ctx)
  if (slot >= 0) {
    return function returnSlot(R: Frame): Completion {
      st.returned = R[slot] as Value
      return RETURN
    }
  }
  const value = compileExpression(node.argument, ctx)
  return function returnValue(R: Frame): Completion {
    st.returned = value(R)
    return RETURN
  }
}

function compileIf(node: IfStatement, ctx: CompileContext): Stmt {
  const test = compileExpression(node.test, ctx)
  const yes = compileStatement(node.consequent, ctx)
  const no = node.alternate ? compileStatement(node.alternate, ctx) : null
  if (no === null) {
    return function ifThen(R) {
      const t = test(R)
      return t === true || (t !== false && truthyValue(t)) ? yes(R) : undefined
    }
  }
  return function ifThenElse(R) {
    const t = test(R)
    return t === true || (t !== false && truthyValue(t)) ? yes(R) : no(R)
  }
}

const truthyValue = (v: Value): boolean => typeof v === "object" ? v !== null : !!v

function compileThrow(node: ThrowStatement, ctx: CompileContext): Stmt {
  const value = compileExpression(node.argument, ctx)
  const st = ctx.st
  const line = ctx.line(node)
  return function throwStatement(R) {
    const v = value(R)
    st.line = line
    throw new ThrowSignal(v)
  }
}

/**
 * The pieces of a `try`, compiled in one order for both forms (plain here, resumable in
 * resumable.ts): the block, the catch clause's scope entry, parameter and body, and the
 * finalizer (null where the statement has none).
 */
export function compileTryParts<S, W>(
  node: TryStatement,
  ctx: CompileContext,
  statement: (node: Statement, ctx: CompileContext) => S,
  parameter: (pattern: Pattern, ctx: CompileContext) => W,
): { block: S; entry: ((R: Frame) => void) | null; bind: W | null; handler: S | null; finalizer: S | null } {
  const block = statement(node.block, ctx)
  const clause = node.handler
  const entry = clause ? compileScopeEntry(ctx.resolution.scopes.get(clause), ctx) : null
  const bind = clause?.param ? parameter(clause.param, ctx) : null
  const handler = clause ? statement(clause.body, ctx) : null
  const finalizer = node.finalizer ? statement(node.finalizer, ctx) : null
  return { block, entry, bind, handler, finalizer }
}

/**
 * How a `try` with a `finally` completes once the finalizer has run, in both forms: an abrupt
 * completion of the finalizer wins; else an error the guarded part threw goes on; else the guarded
 * part's completion stands, with the return value and label it left, which the finalizer may
 * have overwritten.
 */
export function completeFinally(st: JsState, finalized: Completion, thrown: unknown, guarded: Completion, returned: Value, label: string | null): Completion {
  if (finalized !== undefined) return finalized
  if (thrown !== null) throw thrown
  st.returned = returned
  st.label = label
  return guarded
}

function compileTry(node: TryStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  const { block, entry, bind, handler: body, finalizer } = compileTryParts(node, ctx, compileStatement, compilePatternDeclaration)
  const handler =
    body === null
      ? null
      : function catchClause(R: Frame, thrown: Value): Completion {
          if (entry !== null) entry(R)
          if (bind !== null) bind(R, thrown)
          return body(R)
        }
  const guarded: Stmt =
    handler === null
      ? block
      : function tryCatch(R: Frame): Completion {
          const depth = st.depth
          try {
            return block(R)
          } catch (error) {
            if (!(error instanceof ThrowSignal)) throw error
            st.depth = depth
            return handler(R, error.value)
          }
        }
  if (finalizer === null) return guarded
  return function tryFinally(R: Frame): Completion {
    const depth = st.depth
    let c: Completion
    let thrown: ThrowSignal | null = null
    try {
      c = guarded(R)
    } catch (error) {
      if (!(error instanceof ThrowSignal)) throw error
      st.depth = depth
      thrown = error
    }
    const returned = st.returned
    const label = st.label
    return completeFinally(st, finalizer(R), thrown, c, returned, label)
  }
}

/**
 * The pieces of a `switch`, compiled in one order for both forms (plain here, resumable in
 * resumable.ts): the discriminant, the scope entry, each case's test and statements, and the
 * index of `default` (-1 if none).
 */
export function compileSwitchParts<S, E>(
  node: SwitchStatement,
  ctx: CompileContext,
  expression: (node: Expression, ctx: CompileContext) => E,
  list: (statements: Statement[], ctx: CompileContext) => S,
): { discriminant: E; entry: ((R: Frame) => void) | null; cases: Array<{ test: E | null; body: S }>; defaultIndex: number } {
  const discriminant = expression(node.discriminant, ctx)
  const entry = compileScopeEntry(ctx.resolution.scopes.get(node), ctx)
  const cases = node.cases.map((c) => ({ test: c.test ? expression(c.test, ctx) : null, body: list(c.consequent, ctx) }))
  return { discriminant, entry, cases, defaultIndex: cases.findIndex((c) => c.test === null) }
}

function compileSwitch(node: SwitchStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  const { discriminant, entry, cases, defaultIndex } = compileSwitchParts(node, ctx, compileExpression, compileStatementList)
  return function switchStatement(R: Frame): Completion {
    const v = discriminant(R)
    if (entry !== null) entry(R)
    let start = -1
    for (let i = 0; i < cases.length; i++) {
      const t = cases[i].test
      if (t !== null && t(R) === v) {
        start = i
        break
      }
    }
    if (start < 0) start = defaultIndex
    if (start < 0) return undefined
    for (let i = start; i < cases.length; i++) {
      const c = cases[i].body(R)
      if (c !== undefined) {
        if (c === BREAK && st.label === null) return undefined
        return c
      }
    }
    return undefined
  }
}

/**
 * The body of `label: body`, for both forms: compiled with the label pending, so that a loop body
 * takes it as one of its own labels.
 */
export function compileLabeledBody<S>(node: LabeledStatement, ctx: CompileContext, statement: (node: Statement, ctx: CompileContext) => S): S {
  ctx.pendingLabels = [...ctx.pendingLabels, node.label.name]
  const body = statement(node.body, ctx)
  ctx.pendingLabels = []
  return body
}

function compileLabeled(node: LabeledStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  const label = node.label.name
  const body = compileLabeledBody(node, ctx, compileStatement)
  return function labeledStatement(R) {
    const c = body(R)
    if (c === BREAK && st.label === label) {
      st.label = null
      return undefined
    }
    return c
  }
}

function compileJump(node: BreakStatement | ContinueStatement, ctx: CompileContext, signal: typeof BREAK): Stmt {
  const st = ctx.st
  const label = node.label ? node.label.name : null
  return function jump() {
    st.label = label
    return signal
  }
}

export { compileResumableStatement, JsFunction, isAnonymousFunction, setFunctionName }
