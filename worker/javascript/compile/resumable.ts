/**
 * Resumable code: the form of async function and generator bodies that can suspend.
 *
 * Only the nodes on the path to an `await` or `yield` (scope.ts marks them "suspending") are
 * compiled here, as host generator functions: `RExpr = (R) => Generator<..., Value>`. An `await`
 * yields an `AwaitRequest` to the driver (runtime/promise.ts, `runAsync`), which resumes the
 * generator with the settled value, or throws the rejection into it; a generator's `yield` yields
 * the value itself. Every child that does not suspend is compiled as the ordinary fast closure
 * and called directly, so a hot loop without `await` inside an async function costs what it costs
 * anywhere else.
 *
 * The driver is `runAsync` for async functions and the program, `JsGenerator.resume` for
 * generators, `JsAsyncGenerator` for async generators. Loops live in resumable-loops.ts, property
 * access and assignment in resumable-access.ts, `yield`/`yield*` in generators.ts.
 *
 * A few rare positions of `await` are still refused at compile time (inside `delete`, a class's
 * computed key or `extends`, the computed key of an object-literal method) with a message that
 * says how to rewrite the line.
 */

import type { Expression, SpreadElement, Super } from "acorn"
import { JsMessages } from "../messages.js"
import { iterableToList } from "../runtime/iterate.js"
import { GeneratorReturn } from "../runtime/generator.js"
import { JsFunction, JsObject, type Value } from "../runtime/object.js"
import { toStr } from "../runtime/ops.js"
import { AwaitRequest } from "../runtime/promise.js"
import { ThrowSignal } from "../runtime/state.js"
import {
  BREAK,
  handlerOf,
  RETURN,
  type CompileContext,
  type Completion,
  type ExpressionNode,
  type Frame,
  type FunctionNode,
  type HandlerTable,
  type StatementNode,
  type SyntaxNode,
} from "./context.js"
import { compileExpression, sourceText } from "./expressions.js"
import { construct } from "./functions.js"
import { compileForAwait, compileResumableFor, compileResumableForEach, compileResumableWhile } from "./resumable-loops.js"
import { BINARY, UNARY } from "./operators.js"
import { compilePatternDeclaration } from "./patterns.js"
import { compileResumablePattern, patternSuspends } from "./resumable-patterns.js"
import { compileLabeledBody, compileScopeEntry, compileStatement, compileSwitchParts, compileTryParts, completeFinally } from "./statements.js"
import { compileYield, inAsyncGenerator } from "./generators.js"
import { compileResumableAssignment, compileResumableCall, compileResumableChain, compileResumableMember, compileResumableObject, compileResumableUpdate } from "./resumable-access.js"
import { compilePrivateName } from "./private.js"
import { compileTag, templateSite } from "./templates.js"

type Gen<T> = Generator<unknown, T, Value>
export type RExpr = (R: Frame) => Gen<Value>
export type RStmt = (R: Frame) => Gen<Completion>

export function compileResumableBody(node: FunctionNode, ctx: CompileContext): (R: Frame) => Gen<Value> {
  const st = ctx.st
  const source = node.body
  if (source.type !== "BlockStatement") return rexpr(source, ctx)
  const list = rlist(source.body, ctx)
  return function* body(R: Frame) {
    const c = yield* list(R)
    return c === RETURN ? st.returned : undefined
  }
}

// -- Statements ---------------------------------------------------------------------------------

export function compileResumableStatement(node: StatementNode, ctx: CompileContext): RStmt {
  if (!ctx.suspends(node)) {
    const plain = compileStatement(node, ctx)
    return function* plainStatement(R: Frame) {
      return plain(R)
    }
  }
  const compile = handlerOf<StatementNode, RStmt, []>(RSTATEMENTS, node)
  if (compile === undefined) throw ctx.error(node, JsMessages.awaitPosition(describe(node)))
  return compile(node, ctx)
}

const describe = (node: SyntaxNode): string => node.type.replace(/(Statement|Expression|Declaration)$/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()

export function rlist(statements: ReadonlyArray<StatementNode>, ctx: CompileContext): RStmt {
  const items = statements.map((s) => (ctx.suspends(s) ? { r: compileResumableStatement(s, ctx), p: null } : { r: null, p: compileStatement(s, ctx) }))
  return function* statementList(R: Frame) {
    for (const item of items) {
      const c = item.p !== null ? item.p(R) : yield* item.r!(R)
      if (c !== undefined) return c
    }
    return undefined
  }
}

/**
 * Resumable forms of the statements that can contain an `await` or `yield` (keys checked against
 * acorn's node types; a statement that cannot suspend is never compiled here).
 */
const RSTATEMENTS: Partial<HandlerTable<StatementNode, RStmt>> = {
  ExpressionStatement: (node, ctx) => {
    const e = rexpr(node.expression, ctx)
    const st = ctx.st
    const top = ctx.topLevelExpressions.has(node)
    return function* expressionStatement(R: Frame) {
      const v = yield* e(R)
      if (top) st.completion = v
      return undefined
    }
  },
  VariableDeclaration: (node, ctx) => {
    // Read here, not in the arrow: the arrow's use would keep the tree in the closure's scope.
    const isVar = node.kind === "var"
    const parts = node.declarations.map((d) => ({
      value: !d.init ? null : rexpr(d.init, ctx, d.id.type === "Identifier" ? d.id.name : undefined),
      write: patternSuspends(d.id, ctx) ? null : compilePatternDeclaration(d.id, ctx),
      rwrite: patternSuspends(d.id, ctx) ? compileResumablePattern(d.id, ctx, true) : null,
      isVar,
    }))
    return function* variableDeclaration(R: Frame) {
      for (const p of parts) {
        if (p.value === null) {
          if (!p.isVar) p.write!(R, undefined)
          continue
        }
        const v = yield* p.value(R)
        if (p.rwrite !== null) yield* p.rwrite(R, v)
        else p.write!(R, v)
      }
      return undefined
    }
  },
  ReturnStatement: (node, ctx) => {
    const st = ctx.st
    const e = !node.argument ? null : rexpr(node.argument, ctx)
    // `return v` in an async generator awaits `v` (a rejection is thrown at the return).
    const awaits = inAsyncGenerator(ctx) && e !== null
    return function* returnStatement(R: Frame) {
      let v = e === null ? undefined : yield* e(R)
      if (awaits) v = (yield new AwaitRequest(v)) as Value
      st.returned = v
      return RETURN
    }
  },
  ThrowStatement: (node, ctx) => {
    const e = rexpr(node.argument, ctx)
    return function* throwStatement(R: Frame) {
      throw new ThrowSignal(yield* e(R))
    }
  },
  IfStatement: (node, ctx) => {
    const test = rexpr(node.test, ctx)
    const yes = compileResumableStatement(node.consequent, ctx)
    const no = node.alternate ? compileResumableStatement(node.alternate, ctx) : null
    return function* ifStatement(R: Frame) {
      const t = yield* test(R)
      if (t instanceof JsObject || t) return yield* yes(R)
      return no === null ? undefined : yield* no(R)
    }
  },
  BlockStatement: (node, ctx) => {
    const entry = compileScopeEntry(ctx.resolution.scopes.get(node), ctx)
    const list = rlist(node.body, ctx)
    return function* block(R: Frame) {
      if (entry !== null) entry(R)
      return yield* list(R)
    }
  },
  LabeledStatement: (node, ctx) => {
    const st = ctx.st
    const label = node.label.name
    const body = compileLabeledBody(node, ctx, compileResumableStatement)
    return function* labeled(R: Frame) {
      const c = yield* body(R)
      if (c !== undefined && st.label === label && c.signal === "break") {
        st.label = null
        return undefined
      }
      return c
    }
  },
  TryStatement: (node, ctx) => {
    const st = ctx.st
    const { block, entry, bind, handler, finalizer } = compileTryParts(node, ctx, compileResumableStatement, (p, c) => compileResumablePattern(p, c, true))
    return function* tryStatement(R: Frame) {
      // Relative to the resumption: by the time a `catch` runs the body may have been resumed deeper.
      const offset = st.depth - st.resumeBase
      let c: Completion
      // A generator's return() arrives as a GeneratorReturn: it skips `catch` but runs `finally`.
      let thrown: ThrowSignal | GeneratorReturn | null = null
      try {
        c = yield* block(R)
      } catch (error) {
        if (!(error instanceof ThrowSignal || error instanceof GeneratorReturn)) throw error
        st.depth = st.resumeBase + offset
        if (handler === null || error instanceof GeneratorReturn) {
          if (finalizer === null) throw error
          thrown = error
        } else {
          try {
            if (entry !== null) entry(R)
            if (bind !== null) yield* bind(R, error.value)
            c = yield* handler(R)
          } catch (inner) {
            if (!(inner instanceof ThrowSignal || inner instanceof GeneratorReturn) || finalizer === null) throw inner
            st.depth = st.resumeBase + offset
            thrown = inner
          }
        }
      }
      if (finalizer === null) return c!
      const returned = st.returned
      const label = st.label
      return completeFinally(st, yield* finalizer(R), thrown, c!, returned, label)
    }
  },
  SwitchStatement: (node, ctx) => {
    const st = ctx.st
    const { discriminant, entry, cases, defaultIndex } = compileSwitchParts(node, ctx, (e, c) => rexpr(e, c), rlist)
    return function* switchStatement(R: Frame) {
      const v = yield* discriminant(R)
      if (entry !== null) entry(R)
      let start = -1
      for (let i = 0; i < cases.length && start < 0; i++) {
        const t = cases[i].test
        if (t !== null && (yield* t(R)) === v) start = i
      }
      if (start < 0) start = defaultIndex
      if (start < 0) return undefined
      for (let i = start; i < cases.length; i++) {
        const c = yield* cases[i].body(R)
        if (c !== undefined) return c === BREAK && st.label === null ? undefined : c
      }
      return undefined
    }
  },
  WhileStatement: (node, ctx) => compileResumableWhile(node, ctx, false),
  DoWhileStatement: (node, ctx) => compileResumableWhile(node, ctx, true),
  ForStatement: compileResumableFor,
  ForOfStatement: (node, ctx) => (node.await === true ? compileForAwait(node, ctx) : compileResumableForEach(node, ctx, false)),
  ForInStatement: (node, ctx) => compileResumableForEach(node, ctx, true),
}

// -- Expressions --------------------------------------------------------------------------------

export function rexpr(node: ExpressionNode | Super, ctx: CompileContext, name?: string): RExpr {
  if (!ctx.suspends(node)) {
    const plain = compileExpression(node, ctx, name)
    return function* plainExpression(R: Frame) {
      return plain(R)
    }
  }
  const compile = handlerOf<ExpressionNode | Super, RExpr, []>(REXPRESSIONS, node)
  if (compile === undefined) throw ctx.error(node, JsMessages.awaitPosition(describe(node)))
  return compile(node, ctx)
}

/** Resumable forms of the expressions that can contain an `await` or `yield`, likewise. */
const REXPRESSIONS: Partial<HandlerTable<ExpressionNode, RExpr>> = {
  AwaitExpression: (node, ctx) => {
    const arg = rexpr(node.argument, ctx)
    return function* awaitExpression(R: Frame) {
      const v = yield* arg(R)
      return (yield new AwaitRequest(v)) as Value
    }
  },
  YieldExpression: compileYield,
  ParenthesizedExpression: (node, ctx) => rexpr(node.expression, ctx),
  BinaryExpression: (node, ctx) => {
    const st = ctx.st
    if (node.left.type === "PrivateIdentifier") {
      const name = compilePrivateName(node.left, ctx)
      const right = rexpr(node.right, ctx)
      const line = ctx.line(node)
      return function* privateIn(R: Frame) {
        const p = name(R)
        const o = yield* right(R)
        if (!(o instanceof JsObject)) throw st.typeError(JsMessages.notObjectIn(p.description, st.realm.describe(o)), line)
        return p.hasOn(o)
      }
    }
    const l = rexpr(node.left, ctx)
    const r = rexpr(node.right, ctx)
    const op = BINARY[node.operator]
    return function* binary(R: Frame) {
      const a = yield* l(R)
      const b = yield* r(R)
      return op(st, a, b)
    }
  },
  LogicalExpression: (node, ctx) => {
    const l = rexpr(node.left, ctx)
    const r = rexpr(node.right, ctx)
    const operator: string = node.operator
    return function* logical(R: Frame) {
      const a = yield* l(R)
      const truthy = a instanceof JsObject || !!a
      if (operator === "&&" ? !truthy : operator === "||" ? truthy : a !== undefined && a !== null) return a
      return yield* r(R)
    }
  },
  ConditionalExpression: (node, ctx) => {
    const t = rexpr(node.test, ctx)
    const y = rexpr(node.consequent, ctx)
    const n = rexpr(node.alternate, ctx)
    return function* conditional(R: Frame) {
      const v = yield* t(R)
      return v instanceof JsObject || v ? yield* y(R) : yield* n(R)
    }
  },
  UnaryExpression: (node, ctx) => {
    if (node.operator === "delete") throw ctx.error(node, JsMessages.awaitPosition("delete"))
    const st = ctx.st
    const arg = rexpr(node.argument, ctx)
    const op = UNARY[node.operator]
    return function* unary(R: Frame) {
      return op(st, yield* arg(R))
    }
  },
  SequenceExpression: (node, ctx) => {
    const parts = node.expressions.map((e) => rexpr(e, ctx))
    return function* sequence(R: Frame) {
      let v: Value
      for (const p of parts) v = yield* p(R)
      return v
    }
  },
  TemplateLiteral: (node, ctx) => {
    const st = ctx.st
    const quasis: string[] = node.quasis.map((q) => q.value.cooked as string)
    const parts = node.expressions.map((e) => rexpr(e, ctx))
    return function* template(R: Frame) {
      let s = quasis[0]!
      for (let i = 0; i < parts.length; i++) {
        const piece = toStr(st, yield* parts[i](R))
        st.checkStringLength(s.length + piece.length)
        s += piece + quasis[i + 1]
      }
      return s
    }
  },
  TaggedTemplateExpression: (node, ctx) => {
    const st = ctx.st
    const line = ctx.line(node)
    const text = sourceText(node.tag, ctx)
    const tag = ctx.suspends(node.tag) ? null : compileTag(node.tag, ctx)
    if (tag === null) throw ctx.error(node, JsMessages.awaitPosition("a template tag"))
    const strings = templateSite(node, ctx)
    const subs = node.quasi.expressions.map((e) => rexpr(e, ctx))
    return function* taggedTemplate(R: Frame) {
      const [f, thisValue] = tag(R)
      const args: Value[] = [strings()]
      for (const sub of subs) args.push(yield* sub(R))
      if (!(f instanceof JsFunction)) throw st.typeError(JsMessages.notAFunction(text), line)
      st.line = line
      return f.impl(st, thisValue, args, undefined)
    }
  },
  ArrayExpression: (node, ctx) => {
    const st = ctx.st
    const parts = node.elements.map((e) => (e === null ? null : e.type === "SpreadElement" ? { e: rexpr(e.argument, ctx), spread: true } : { e: rexpr(e, ctx), spread: false }))
    return function* array(R: Frame) {
      const items: Value[] = []
      for (const p of parts) {
        if (p === null) items.push(undefined)
        else if (p.spread) items.push(...iterableToList(st, yield* p.e(R)))
        else items.push(yield* p.e(R))
      }
      return st.realm.newArray(items)
    }
  },
  ObjectExpression: compileResumableObject,
  AssignmentExpression: compileResumableAssignment,
  MemberExpression: compileResumableMember,
  CallExpression: compileResumableCall,
  ChainExpression: compileResumableChain,
  UpdateExpression: compileResumableUpdate,
  NewExpression: (node, ctx) => {
    const st = ctx.st
    const line = ctx.line(node)
    const callee = rexpr(node.callee, ctx)
    const args = rargs(node.arguments, ctx)
    const text = sourceText(node.callee, ctx)
    return function* newExpression(R: Frame) {
      const f = yield* callee(R)
      const a = yield* args(R)
      st.line = line
      if (!(f instanceof JsFunction)) throw st.typeError(JsMessages.notAConstructor(text), line)
      return construct(st, f, a, f, line, text)
    }
  },
}

export function rargs(args: ReadonlyArray<Expression | SpreadElement>, ctx: CompileContext): (R: Frame) => Gen<Value[]> {
  const st = ctx.st
  const parts = args.map((a) => (a.type === "SpreadElement" ? { e: rexpr(a.argument, ctx), spread: true } : { e: rexpr(a, ctx), spread: false }))
  return function* argumentList(R: Frame) {
    const out: Value[] = []
    for (const p of parts) {
      const v = yield* p.e(R)
      if (p.spread) out.push(...iterableToList(st, v))
      else out.push(v)
    }
    return out
  }
}
