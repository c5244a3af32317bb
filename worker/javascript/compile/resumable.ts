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
 * Not every position of `await` is supported yet: those that are not (inside a `switch` test, a
 * compound member assignment, a class body...) are refused at compile time with a message that
 * says how to rewrite the line.
 */

import { JsMessages } from "../messages.js"
import { DONE, iterableToList, Stepper } from "../runtime/iterate.js"
import { GeneratorReturn } from "../runtime/generator.js"
import { JsFunction, JsObject, type Value } from "../runtime/object.js"
import { getIndexed, putIndexed, toPropertyKey, toStr } from "../runtime/ops.js"
import { AwaitRequest } from "../runtime/promise.js"
import { ThrowSignal } from "../runtime/state.js"
import { RETURN, type AnyNode, type CompileContext, type Completion, type Frame } from "./context.js"
import { compileExpression, sourceText } from "./expressions.js"
import { construct } from "./functions.js"
import { forInKeys, loopControl, compileLoopTarget } from "./loops.js"
import { BINARY, UNARY } from "./operators.js"
import { compilePatternAssignment, compilePatternDeclaration } from "./patterns.js"
import { compileScopeEntry, compileStatement } from "./statements.js"
import { compileAssign, refOf } from "./variables.js"

type Gen<T> = Generator<unknown, T, Value>
export type RExpr = (R: Frame) => Gen<Value>
export type RStmt = (R: Frame) => Gen<Completion>

export function compileResumableBody(node: AnyNode, ctx: CompileContext): (R: Frame) => Gen<Value> {
  const st = ctx.st
  if (node.body.type !== "BlockStatement") {
    const e = rexpr(node.body, ctx)
    return e
  }
  const list = rlist(node.body.body, ctx)
  return function* body(R: Frame) {
    const c = yield* list(R)
    return c === RETURN ? st.returned : undefined
  }
}

// -- Statements ---------------------------------------------------------------------------------

export function compileResumableStatement(node: AnyNode, ctx: CompileContext): RStmt {
  if (!ctx.suspends(node)) {
    const plain = compileStatement(node, ctx)
    return function* plainStatement(R: Frame) {
      return plain(R)
    }
  }
  const compile = RSTATEMENTS[node.type]
  if (compile === undefined) throw ctx.error(node, JsMessages.awaitPosition(describe(node)))
  return compile(node, ctx)
}

const describe = (node: AnyNode): string => node.type.replace(/(Statement|Expression|Declaration)$/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()

export function rlist(statements: AnyNode[], ctx: CompileContext): RStmt {
  const items = statements.map((s) => (ctx.suspends(s) ? { r: compileResumableStatement(s, ctx), p: null } : { r: null, p: compileStatement(s, ctx) }))
  return function* statementList(R: Frame) {
    for (const item of items) {
      const c = item.p !== null ? item.p(R) : yield* item.r!(R)
      if (c !== undefined) return c
    }
    return undefined
  }
}

const RSTATEMENTS: Record<string, (node: AnyNode, ctx: CompileContext) => RStmt> = {
  ExpressionStatement: (node, ctx) => {
    const e = rexpr(node.expression, ctx)
    const st = ctx.st
    const top = node.__topLevel === true
    return function* expressionStatement(R: Frame) {
      const v = yield* e(R)
      if (top) st.completion = v
      return undefined
    }
  },
  VariableDeclaration: (node, ctx) => {
    const parts = node.declarations.map((d: AnyNode) => ({
      value: d.init === null ? null : rexpr(d.init, ctx, d.id.type === "Identifier" ? d.id.name : undefined),
      write: compilePatternDeclaration(d.id, ctx),
      isVar: node.kind === "var",
    }))
    return function* variableDeclaration(R: Frame) {
      for (const p of parts) {
        if (p.value === null) {
          if (!p.isVar) p.write(R, undefined)
          continue
        }
        p.write(R, yield* p.value(R))
      }
      return undefined
    }
  },
  ReturnStatement: (node, ctx) => {
    const st = ctx.st
    const e = rexpr(node.argument, ctx)
    return function* returnStatement(R: Frame) {
      const v = yield* e(R)
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
    const label: string = node.label.name
    ctx.pendingLabels = [...ctx.pendingLabels, label]
    const body = compileResumableStatement(node.body, ctx)
    ctx.pendingLabels = []
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
    const block = compileResumableStatement(node.block, ctx)
    const clause = node.handler
    const entry = clause ? compileScopeEntry(ctx.resolution.scopes.get(clause), ctx) : null
    const bind = clause?.param ? compilePatternDeclaration(clause.param, ctx) : null
    const handler = clause ? compileResumableStatement(clause.body, ctx) : null
    const finalizer = node.finalizer ? compileResumableStatement(node.finalizer, ctx) : null
    return function* tryStatement(R: Frame) {
      const depth = st.depth
      let c: Completion
      // A generator's return() arrives as a GeneratorReturn: it skips `catch` but runs `finally`.
      let thrown: ThrowSignal | GeneratorReturn | null = null
      try {
        c = yield* block(R)
      } catch (error) {
        if (!(error instanceof ThrowSignal || error instanceof GeneratorReturn)) throw error
        st.depth = depth
        if (handler === null || error instanceof GeneratorReturn) {
          if (finalizer === null) throw error
          thrown = error
        } else {
          try {
            if (entry !== null) entry(R)
            if (bind !== null) bind(R, error.value)
            c = yield* handler(R)
          } catch (inner) {
            if (!(inner instanceof ThrowSignal || inner instanceof GeneratorReturn) || finalizer === null) throw inner
            st.depth = depth
            thrown = inner
          }
        }
      }
      if (finalizer === null) return c!
      const returned = st.returned
      const label = st.label
      const f = yield* finalizer(R)
      if (f !== undefined) return f
      if (thrown !== null) throw thrown
      st.returned = returned
      st.label = label
      return c!
    }
  },
  WhileStatement: (node, ctx) => loop(node, ctx, false),
  DoWhileStatement: (node, ctx) => loop(node, ctx, true),
  ForStatement: (node, ctx) => {
    const st = ctx.st
    const labels = take(ctx)
    const entry = compileScopeEntry(ctx.resolution.scopes.get(node), ctx)
    const init = node.init === null ? null : node.init.type === "VariableDeclaration" ? compileResumableStatement(node.init, ctx) : exprAsStatement(rexpr(node.init, ctx))
    const test = node.test === null ? null : rexpr(node.test, ctx)
    const update = node.update === null ? null : rexpr(node.update, ctx)
    const body = compileResumableStatement(node.body, ctx)
    const scope = ctx.resolution.scopes.get(node)
    const perIteration = scope === undefined ? [] : [...scope.names.values()].filter((b) => b.captured && b.lexical).map((b) => b.slot)
    return function* forLoop(R: Frame) {
      if (entry !== null) entry(R)
      if (init !== null) yield* init(R)
      for (;;) {
        if (test !== null) {
          const t = yield* test(R)
          if (!(t instanceof JsObject || t)) break
        }
        if (--st.fuel <= 0) st.refuel()
        const c = yield* body(R)
        if (c !== undefined) {
          const k = loopControl(st, c, labels)
          if (k === 1) break
          if (k === 2) return c
        }
        for (const s of perIteration) R[s] = { v: R[s].v }
        if (update !== null) yield* update(R)
      }
      return undefined
    }
  },
  ForOfStatement: (node, ctx) => forEach(node, ctx, false),
  ForInStatement: (node, ctx) => forEach(node, ctx, true),
}

const take = (ctx: CompileContext): string[] => {
  const l = ctx.pendingLabels
  ctx.pendingLabels = []
  return l
}

const exprAsStatement = (e: RExpr): RStmt =>
  function* expression(R: Frame) {
    yield* e(R)
    return undefined
  }

function loop(node: AnyNode, ctx: CompileContext, doWhile: boolean): RStmt {
  const st = ctx.st
  const labels = take(ctx)
  const test = rexpr(node.test, ctx)
  const body = compileResumableStatement(node.body, ctx)
  return function* whileLoop(R: Frame) {
    let first = doWhile
    for (;;) {
      if (!first) {
        const t = yield* test(R)
        if (!(t instanceof JsObject || t)) break
      }
      first = false
      if (--st.fuel <= 0) st.refuel()
      const c = yield* body(R)
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) break
        if (k === 2) return c
      }
    }
    return undefined
  }
}

function forEach(node: AnyNode, ctx: CompileContext, keys: boolean): RStmt {
  const st = ctx.st
  const labels = take(ctx)
  const right = rexpr(node.right, ctx)
  const { entry, write } = compileLoopTarget(node, ctx)
  const body = compileResumableStatement(node.body, ctx)
  return function* forEachLoop(R: Frame) {
    const source = yield* right(R)
    // Values are pulled one at a time (an endless generator is fine as long as the loop stops),
    // and the iterator is closed when the loop leaves early, by break, return, throw or a
    // return() of the generator this loop runs in.
    const keyList = keys ? forInKeys(source) : null
    const stepper = keys ? null : new Stepper(st, source)
    let index = 0
    for (;;) {
      const v = keyList !== null ? (index < keyList.length ? keyList[index++]! : DONE) : stepper!.next()
      if (v === DONE) break
      if (--st.fuel <= 0) st.refuel()
      let c: Completion
      try {
        if (entry !== null) entry(R)
        write(R, v)
        c = yield* body(R)
      } catch (error) {
        if (stepper !== null && (error instanceof ThrowSignal || error instanceof GeneratorReturn)) stepper.closeQuietly()
        throw error
      }
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) {
          stepper?.close()
          break
        }
        if (k === 2) {
          stepper?.close()
          return c
        }
      }
    }
    return undefined
  }
}

// -- Expressions --------------------------------------------------------------------------------

export function rexpr(node: AnyNode, ctx: CompileContext, name?: string): RExpr {
  if (!ctx.suspends(node)) {
    const plain = compileExpression(node, ctx, name)
    return function* plainExpression(R: Frame) {
      return plain(R)
    }
  }
  const compile = REXPRESSIONS[node.type]
  if (compile === undefined) throw ctx.error(node, JsMessages.awaitPosition(describe(node)))
  return compile(node, ctx)
}

const REXPRESSIONS: Record<string, (node: AnyNode, ctx: CompileContext) => RExpr> = {
  AwaitExpression: (node, ctx) => {
    const arg = rexpr(node.argument, ctx)
    return function* awaitExpression(R: Frame) {
      const v = yield* arg(R)
      return (yield new AwaitRequest(v)) as Value
    }
  },
  YieldExpression: (node, ctx) => {
    const arg = node.argument ? rexpr(node.argument, ctx) : null
    return function* yieldExpression(R: Frame) {
      const v = arg === null ? undefined : yield* arg(R)
      return (yield v) as Value
    }
  },
  ParenthesizedExpression: (node, ctx) => rexpr(node.expression, ctx),
  BinaryExpression: (node, ctx) => {
    const st = ctx.st
    const l = rexpr(node.left, ctx)
    const r = rexpr(node.right, ctx)
    const op = BINARY[node.operator]!
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
    const op = UNARY[node.operator]!
    return function* unary(R: Frame) {
      return op(st, yield* arg(R))
    }
  },
  SequenceExpression: (node, ctx) => {
    const parts = node.expressions.map((e: AnyNode) => rexpr(e, ctx))
    return function* sequence(R: Frame) {
      let v: Value
      for (const p of parts) v = yield* p(R)
      return v
    }
  },
  TemplateLiteral: (node, ctx) => {
    const st = ctx.st
    const quasis: string[] = node.quasis.map((q: AnyNode) => q.value.cooked)
    const parts = node.expressions.map((e: AnyNode) => rexpr(e, ctx))
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
  ArrayExpression: (node, ctx) => {
    const st = ctx.st
    const parts = node.elements.map((e: AnyNode) => (e === null ? null : e.type === "SpreadElement" ? { e: rexpr(e.argument, ctx), spread: true } : { e: rexpr(e, ctx), spread: false }))
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
  ObjectExpression: (node, ctx) => {
    const st = ctx.st
    const parts = node.properties.map((p: AnyNode) => {
      if (p.type === "SpreadElement" || p.kind !== "init" || p.method) throw ctx.error(p, JsMessages.awaitPosition("an object literal with spread or methods"))
      return { key: p.computed ? rexpr(p.key, ctx) : null, name: p.computed ? "" : p.key.type === "Identifier" ? p.key.name : String(p.key.value), value: rexpr(p.value, ctx) }
    })
    return function* object(R: Frame) {
      const o = st.realm.newObject()
      for (const p of parts) {
        const k = p.key === null ? p.name : toPropertyKey(st, yield* p.key(R))
        o.defineOwn(st, k, yield* p.value(R), 0)
      }
      return o
    }
  },
  AssignmentExpression: (node, ctx) => {
    const st = ctx.st
    const line = ctx.line(node)
    const left = node.left
    const value = rexpr(node.right, ctx, left.type === "Identifier" ? left.name : undefined)
    if (node.operator === "=" && (left.type === "ObjectPattern" || left.type === "ArrayPattern")) {
      const assign = compilePatternAssignment(left, ctx)
      return function* assignPattern(R: Frame) {
        const v = yield* value(R)
        assign(R, v)
        return v
      }
    }
    if (left.type === "Identifier") {
      const ref = refOf(left, ctx)
      const write = compileAssign(ref, ctx, line)
      const read = node.operator === "=" ? null : compileExpression(left, ctx)
      const op = node.operator === "=" ? null : BINARY[node.operator.slice(0, -1)]
      if (op === undefined) throw ctx.error(node, JsMessages.awaitPosition("a logical assignment"))
      return function* assignName(R: Frame) {
        const cur = read === null ? undefined : read(R)
        const v = yield* value(R)
        const result = op === null ? v : op(st, cur, v)
        write(R, result)
        return result
      }
    }
    if (left.type === "MemberExpression" && node.operator === "=" && left.object.type !== "Super") {
      const object = rexpr(left.object, ctx)
      const key = left.computed ? rexpr(left.property, ctx) : null
      const name: string = left.computed ? "" : left.property.name
      return function* assignMember(R: Frame) {
        const o = yield* object(R)
        const k = key === null ? name : yield* key(R)
        const v = yield* value(R)
        putIndexed(st, o, k, v)
        return v
      }
    }
    throw ctx.error(node, JsMessages.awaitPosition("this assignment"))
  },
  MemberExpression: (node, ctx) => {
    if (node.object.type === "Super" || node.optional) throw ctx.error(node, JsMessages.awaitPosition("this member expression"))
    const st = ctx.st
    const line = ctx.line(node)
    const object = rexpr(node.object, ctx)
    const key = node.computed ? rexpr(node.property, ctx) : null
    const name: string = node.computed ? "" : node.property.name
    return function* member(R: Frame) {
      const o = yield* object(R)
      const k = key === null ? name : yield* key(R)
      if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), toStr(st, k)), line)
      return getIndexed(st, o, k)
    }
  },
  CallExpression: (node, ctx) => {
    if (node.optional || node.callee.type === "Super" || node.callee.type === "ChainExpression") throw ctx.error(node, JsMessages.awaitPosition("this call"))
    const st = ctx.st
    const line = ctx.line(node)
    const text = sourceText(node.callee, ctx)
    const args = rargs(node.arguments, ctx)
    const callee = node.callee
    if (callee.type === "MemberExpression" && callee.object.type !== "Super" && !callee.optional) {
      const object = rexpr(callee.object, ctx)
      const key = callee.computed ? rexpr(callee.property, ctx) : null
      const name: string = callee.computed ? "" : callee.property.name
      return function* methodCall(R: Frame) {
        const o = yield* object(R)
        const k = key === null ? name : yield* key(R)
        if (o === undefined || o === null) throw st.typeError(JsMessages.readProperty(String(o), toStr(st, k)), line)
        const f = getIndexed(st, o, k)
        const a = yield* args(R)
        if (!(f instanceof JsFunction)) throw st.typeError(JsMessages.notAFunction(text), line)
        st.line = line
        return f.impl(st, o, a, undefined)
      }
    }
    const fn = rexpr(callee, ctx)
    return function* call(R: Frame) {
      const f = yield* fn(R)
      const a = yield* args(R)
      if (!(f instanceof JsFunction)) throw st.typeError(JsMessages.notAFunction(text), line)
      st.line = line
      return f.impl(st, undefined, a, undefined)
    }
  },
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

function rargs(args: AnyNode[], ctx: CompileContext): (R: Frame) => Gen<Value[]> {
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
