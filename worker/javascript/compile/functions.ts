/**
 * Functions and classes: how a function node becomes a `JsFunction` each time its definition
 * runs, and how calls and `new` enter it.
 *
 * The body is compiled once; each evaluation of the definition only collects the captured cells
 * (upvalues) from the creating frame and wraps them in a new `JsFunction` whose `impl` is a
 * closure over them. A call makes a frame `R` of the function's size, copies the upvalue cells in,
 * runs the prologue (fresh cells for captured bindings, TDZ for lexical ones, `this`, `new.target`,
 * the function itself, `arguments`, parameters with defaults and patterns, hoisted function
 * declarations), then the body. Fuel and call depth are spent on entry, as in Lua.
 * Calls of up to three plain arguments enter through `fn.direct` when the prologue is simple
 * (direct.ts: no argument array, and frames reused by functions that contain no other function).
 *
 * Async functions and generators run their body as a host generator (resumable.ts); an async
 * function whose body contains no `await` runs it as plain closures and only settles a promise.
 *
 * Classes (classes.ts) use `compileFunction` for their constructor, methods, field initialisers
 * and static blocks, and `construct` here for `new` and `super(...)`.
 */

import { JsMessages } from "../messages.js"
import { iterableToList } from "../runtime/iterate.js"
import { DIRECT_CALL_ARITY, FunctionKind, HIDDEN, isConstructor, JsFunction, JsObject, type Key, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { newPromise, rejectPromise, resolvePromise, runAsync } from "../runtime/promise.js"
import { JsAsyncGenerator } from "../runtime/async-generator.js"
import { JsGenerator } from "../runtime/generator.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"
import type { Pattern } from "acorn"
import { RETURN, TDZ, type CompileContext, type Expr, type Cell, type Frame, type FunctionNode, type Stmt } from "./context.js"
import { compileExpression } from "./expressions.js"
import { compilePatternDeclaration } from "./patterns.js"
import { compileResumableBody } from "./resumable.js"
import { compileReturningBody } from "./returns.js"
import { compileDirectEntry, containsFunction, type SimpleFrame } from "./direct.js"
import type { Binding } from "./scope.js"
import type { Realm } from "../runtime/realm.js"
import { compileFunctionDeclarationInit, compileStatementList } from "./statements.js"
import { compileFreshBinding, compileInit } from "./variables.js"

export interface FunctionOptions {
  readonly method?: boolean
  /** A class constructor: `derived` when the class extends another. */
  readonly classConstructor?: { readonly derived: boolean }
  /** The name an anonymous function takes when it is the expression body (a field initialiser). */
  readonly bodyName?: string
}

export function setFunctionName(fn: JsFunction, key: Key, prefix?: string): void {
  const base = typeof key === "symbol" ? (key.description === undefined ? "" : `[${key.description}]`) : key
  fn.fname = prefix === undefined ? base : `${prefix} ${base}`
}

type Prologue = (R: Frame, thisArg: Value, args: Value[], newTarget: JsObject | undefined, fn: JsFunction) => void

export function compileFunction(node: FunctionNode, ctx: CompileContext, name: string, options: FunctionOptions = {}): Expr {
  const st = ctx.st
  const info = ctx.resolution.functions.get(node)!
  const outerFn = ctx.fn
  const outerLabels = ctx.pendingLabels
  const outerChain = ctx.inChain
  ctx.fn = info
  ctx.pendingLabels = []
  ctx.inChain = false
  const { prologue, simple } = compilePrologue(node, ctx)
  const isAsync = node.async === true
  const isGenerator = node.generator === true
  const source = node.body
  let body: Stmt | null = null
  let bodyExpr: Expr | null = null
  let resumable: ((R: Frame) => Generator<unknown, Value, Value>) | null = null
  if (isGenerator || (isAsync && ctx.suspends(source))) resumable = compileResumableBody(node, ctx)
  else if (source.type !== "BlockStatement") bodyExpr = compileExpression(source, ctx, options.bodyName)
  else {
    // A body made only of returns is one expression (returns.ts); a class constructor keeps its
    // statements, since its completion decides between the returned object and `this`.
    if (options.classConstructor === undefined) bodyExpr = compileReturningBody(source.body, ctx)
    if (bodyExpr === null) body = compileStatementList(source.body, ctx, true)
  }
  ctx.fn = outerFn
  ctx.pendingLabels = outerLabels
  ctx.inChain = outerChain

  const frameSize = info.frameSize
  const sources = info.upvalues.map((u) => u.sourceSlot())
  const capBase = info.slots
  const ncap = sources.length
  const length = functionLength(node.params)
  const derived = options.classConstructor?.derived === true
  const thisSlot = info.thisBinding?.slot ?? -1
  const thisBoxed = info.thisBinding?.captured === true
  const kind =
    options.classConstructor !== undefined
      ? FunctionKind.Class
      : isGenerator
        ? FunctionKind.Generator
        : node.type === "ArrowFunctionExpression" || options.method || isAsync
          ? FunctionKind.Plain
          : FunctionKind.Ordinary
  const isAsyncGenerator = isAsync && isGenerator
  // The prototypes are the realm's, read when the function is created: a compiled program runs
  // again with a fresh realm (compile/programs.ts).
  const fnProtoOf = (realm: Realm): JsObject =>
    isAsyncGenerator ? realm.AsyncGeneratorFunctionPrototype : isAsync ? realm.AsyncFunctionPrototype : isGenerator ? realm.GeneratorFunctionPrototype : realm.FunctionPrototype
  const instancePrototypeOf = (realm: Realm): JsObject =>
    isAsyncGenerator ? realm.AsyncGeneratorPrototype : isGenerator ? realm.GeneratorPrototype : realm.ObjectPrototype
  const line = ctx.line(node)
  const framesReusable = !containsFunction(node.body)
  const direct =
    simple !== null && simple.slots.length <= DIRECT_CALL_ARITY && resumable === null && !isAsync
      ? compileDirectEntry(st, simple, frameSize, capBase, ncap, body, bodyExpr, framesReusable)
      : null

  return function createFunction(outer: Frame): Value {
    const caps = new Array(ncap)
    for (let i = 0; i < ncap; i++) caps[i] = outer[sources[i]!]
    const realm = st.realm
    const fn = new JsFunction(fnProtoOf(realm), undefined as never, name, length, kind, instancePrototypeOf(realm))
    const enter = (thisArg: Value, args: Value[], newTarget: JsObject | undefined): Frame => {
      if (--st.fuel <= 0) st.refuel()
      const depth = ++st.depth
      if (depth > st.maxDepth) throw st.stackOverflow()
      st.lines[depth] = st.line
      st.callees[depth] = fn
      const R: Frame = new Array(frameSize)
      for (let i = 0; i < ncap; i++) R[capBase + i] = caps[i]
      prologue(R, thisArg, args, newTarget, fn)
      return R
    }
    if (resumable !== null) {
      const gen = resumable
      if (isAsyncGenerator) {
        fn.impl = function asyncGeneratorFunction(st2, thisArg, args) {
          // Parameter errors throw here, synchronously, as for any generator.
          const depth = st2.depth
          const R = enter(thisArg, args, undefined)
          st2.depth = depth
          const proto = fn.get(st2, "prototype")
          return new JsAsyncGenerator(proto instanceof JsObject ? proto : realm.AsyncGeneratorPrototype, gen(R), st2)
        }
        return fn
      }
      fn.impl = isAsync
        ? function asyncFunction(st2, thisArg, args) {
            const depth = st2.depth
            let promise: Value
            try {
              const R = enter(thisArg, args, undefined)
              promise = runAsync(st2, gen(R))
            } catch (error) {
              if (!(error instanceof ThrowSignal)) throw error
              st2.depth = depth
              const p = newPromise(st2)
              rejectPromise(st2, p, error.value)
              return p
            }
            st2.depth = depth
            return promise
          }
        : function generatorFunction(st2, thisArg, args) {
            const depth = st2.depth
            const R = enter(thisArg, args, undefined)
            st2.depth = depth
            const proto = fn.get(st2, "prototype")
            return new JsGenerator(proto instanceof JsObject ? proto : realm.GeneratorPrototype, gen(R))
          }
      return fn
    }
    if (isAsync) {
      fn.impl = function asyncFunctionWithoutAwait(st2, thisArg, args) {
        const depth = st2.depth
        const p = newPromise(st2)
        try {
          const R = enter(thisArg, args, undefined)
          const v = bodyExpr !== null ? bodyExpr(R) : body!(R) === RETURN ? st2.returned : undefined
          st2.depth = depth
          resolvePromise(st2, p, v)
        } catch (error) {
          if (!(error instanceof ThrowSignal)) throw error
          st2.depth = depth
          rejectPromise(st2, p, error.value)
        }
        return p
      }
      return fn
    }
    if (direct !== null && kind !== FunctionKind.Class) {
      fn.direct = direct
      fn.upvalues = caps
      if (framesReusable) fn.frames = []
    }
    if (bodyExpr !== null) {
      const e = bodyExpr
      fn.impl = function arrowFunction(st2, thisArg, args, newTarget) {
        const R = enter(thisArg, args, newTarget)
        const v = e(R)
        st2.depth--
        return v
      }
      return fn
    }
    const b = body!
    if (kind === FunctionKind.Class) {
      fn.impl = function classConstructor(st2, thisArg, args, newTarget) {
        if (newTarget === undefined) throw st2.typeError(JsMessages.classWithoutNew(fn.fname), line)
        const R = enter(thisArg, args, newTarget)
        const c = b(R)
        st2.depth--
        const returned = c === RETURN ? st2.returned : undefined
        if (returned instanceof JsObject) return returned
        if (!derived) return undefined
        // A derived constructor's return of a primitive is a TypeError, even after super().
        if (returned !== undefined) throw st2.typeError(JsMessages.derivedReturn(), line)
        const self = thisBoxed ? (R[thisSlot] as Cell).v : (R[thisSlot] as Value)
        if (self === TDZ) throw st2.error("ReferenceError", JsMessages.superNotCalled(), line)
        return self
      }
      fn.derived = derived
      return fn
    }
    fn.impl = function compiledFunction(st2, thisArg, args, newTarget) {
      const R = enter(thisArg, args, newTarget)
      const c = b(R)
      st2.depth--
      return c === RETURN ? st2.returned : undefined
    }
    return fn
  }
}

const functionLength = (params: Pattern[]): number => {
  let n = 0
  for (const p of params) {
    if (p.type === "AssignmentPattern" || p.type === "RestElement") break
    n++
  }
  return n
}


function compilePrologue(node: FunctionNode, ctx: CompileContext): { prologue: Prologue; simple: SimpleFrame | null } {
  const st = ctx.st
  const info = ctx.fn
  const scope = ctx.resolution.scopes.get(node)!
  const steps: Prologue[] = []
  // The name of a named function expression, in the scope just outside the parameters.
  const selfScope = scope.parent !== null && scope.parent.fn === info ? scope.parent : null
  const bindings: Binding[] = [...scope.names.values(), ...(selfScope ? selfScope.names.values() : [])]
  for (const b of bindings) {
    if (b.captured || b.checked) {
      const fresh = compileFreshBinding(b)
      steps.push(function freshParameterScope(R) { fresh(R) })
    }
  }
  if (selfScope !== null) {
    for (const b of selfScope.names.values()) {
      const init = compileInit(b)
      steps.push(function initOwnName(R, _t, _a, _n, fn) { init(R, fn) })
    }
  }
  const hidden = (b: Binding | null, pick: (thisArg: Value, newTarget: JsObject | undefined, fn: JsFunction) => Value) => {
    if (b === null) return
    const init = compileInit(b)
    steps.push(function initHidden(R, thisArg, _a, newTarget, fn) { init(R, pick(thisArg, newTarget, fn)) })
  }
  const derivedConstructor = ctx.resolution.derivedConstructors.has(node)
  hidden(info.thisBinding, (t) => (derivedConstructor ? TDZ : t))
  hidden(info.newTargetBinding, (_t, n) => n)
  hidden(info.funcBinding, (_t, _n, fn) => fn)
  if (info.argumentsBinding !== null) {
    const init = compileInit(info.argumentsBinding)
    steps.push(function initArguments(R, _t, args) {
      const realm = st.realm
      const a = new JsArguments(realm.ObjectPrototype, args.slice())
      a.setupIterator(realm.arrayValues!)
      init(R, a)
    })
  }
  node.params.forEach((p, i) => {
    if (p.type === "Identifier") {
      const init = compileInit(ctx.resolution.declarations.get(p)!)
      steps.push(function initParameter(R, _t, args) { init(R, args[i]) })
    } else if (p.type === "RestElement") {
      const write = compilePatternDeclaration(p.argument, ctx)
      steps.push(function initRestParameter(R, _t, args) { write(R, st.realm.newArray(args.slice(i))) })
    } else {
      const write = compilePatternDeclaration(p, ctx)
      steps.push(function initPatternParameter(R, _t, args) { write(R, args[i]) })
    }
  })
  if (node.body.type === "BlockStatement") {
    for (const decl of scope.functions) steps.push(compileFunctionDeclarationInit(decl, ctx))
  }
  const n = steps.length
  if (n === 0) return { prologue: function emptyPrologue() {}, simple: { thisSlot: -1, slots: [] } }
  const plainSteps = steps.length === node.params.length + (info.thisBinding !== null ? 3 : 0)
  if (info.simpleParams && !info.argumentsBinding && plainSteps && bindings.every((b) => !b.captured && !b.lexical)) {
    // The common shape: this/new.target/func plus simple parameters, nothing captured.
    const thisSlot = info.thisBinding?.slot ?? -1
    const slots = node.params.map((p) => ctx.resolution.declarations.get(p)!.slot)
    const count = slots.length
    return {
      prologue: function simplePrologue(R, thisArg, args, newTarget, fn) {
        if (thisSlot >= 0) {
          R[thisSlot] = thisArg
          R[thisSlot + 1] = newTarget
          R[thisSlot + 2] = fn
        }
        for (let i = 0; i < count; i++) R[slots[i]] = args[i]
      },
      simple: { thisSlot, slots },
    }
  }
  return {
    prologue: function prologue(R, thisArg, args, newTarget, fn) {
      for (let i = 0; i < n; i++) steps[i]!(R, thisArg, args, newTarget, fn)
    },
    simple: null,
  }
}

/** `arguments`: an array-like object (not an array) over a copy of the arguments. */
export class JsArguments extends JsArray {
  override get className(): string {
    return "Arguments"
  }
  setupIterator(values: JsFunction): void {
    this.props.set(Symbol.iterator, values)
    this.attrs = new Map([[Symbol.iterator, HIDDEN]])
  }
}

/** `new F(...args)` with `newTarget` (for `super(...)`, the derived class). */
export function construct(st: JsState, F: Value, args: Value[], newTarget: JsObject, line: number, text?: string): Value {
  if (!(F instanceof JsFunction) || !isConstructor(F)) {
    throw st.typeError(JsMessages.notAConstructor(text ?? st.realm.describe(F)), line)
  }
  if (F.kind === FunctionKind.BuiltinConstructor) return F.impl(st, undefined, args, newTarget)
  if (F.derived) return F.impl(st, TDZ, args, newTarget)
  const protoValue = newTarget.get(st, "prototype")
  const self = new JsObject(protoValue instanceof JsObject ? protoValue : st.realm.ObjectPrototype)
  if (F.fields !== null) F.fields(st, self)
  const r = F.impl(st, self, args, newTarget)
  return r instanceof JsObject ? r : self
}

export { iterableToList }
