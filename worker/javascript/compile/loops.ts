/**
 * Loops: `for`, `for-in`, `for-of`, `while`, `do-while`.
 *
 * Every iteration spends one unit of fuel (the back-edge), which is how an endless loop meets its
 * work budget, its deadline and the host's interrupt flag. A body's completion is handled by
 * `loopControl`: an unlabelled `break`/`continue`, or one naming a label of this loop, is
 * consumed; anything else (a return, a jump to an outer label) unwinds further.
 *
 * `let`/`const` loop variables get a binding per iteration: when a closure captures one, the loop
 * makes a fresh cell for each iteration (copying the value, as CreatePerIterationEnvironment does
 * for `for(;;)`), so closures made in different iterations see different variables.
 *
 * Each loop has one skeleton that both of its forms use (this file's plain closures and the
 * generator functions of resumable-loops.ts): `compileForParts`, `compileWhileParts` and
 * `compileForEachParts` compile a loop's pieces in one order through a `LoopForm`, which says how
 * that form compiles a statement, an expression and a loop target; the labels, the per-iteration
 * cells, the test's truthiness and what a body's completion does are shared as well. What is
 * written twice is only the run-time loop itself: a generator function cannot be the plain loop
 * without making every plain loop pay for suspending.
 */

import { iterate } from "../runtime/iterate.js"
import { JsObject, arrayIndex, type Key, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import type { DoWhileStatement, Expression, ForInStatement, ForOfStatement, ForStatement, Node, Statement, WhileStatement } from "acorn"
import { BREAK, CONTINUE, type CompileContext, type Completion, type Expr, type Cell, type Frame, type Stmt } from "./context.js"
import { compileExpression } from "./expressions.js"
import { constantOf, plainLocalSlot } from "./fused.js"
import { compilePatternAssignment, compilePatternDeclaration } from "./patterns.js"
import type { Binding } from "./scope.js"
import { compileScopeEntry, compileStatement } from "./statements.js"
import type { JsState } from "../runtime/state.js"

/** What a loop does with its body's completion: 0 go on, 1 break out, 2 unwind with it. */
export function loopControl(st: JsState, c: Completion, labels: string[]): 0 | 1 | 2 {
  if (c === BREAK) {
    if (st.label === null || labels.includes(st.label)) {
      st.label = null
      return 1
    }
    return 2
  }
  if (c === CONTINUE) {
    if (st.label === null || labels.includes(st.label)) {
      st.label = null
      return 0
    }
    return 2
  }
  return 2
}

// -- The skeleton both forms of a loop share (plain here, resumable in resumable-loops.ts) --------

/** The labels of the loop being compiled, taken before its body is (a nested loop has its own). */
export const takeLabels = (ctx: CompileContext): string[] => {
  const labels = ctx.pendingLabels
  ctx.pendingLabels = []
  return labels
}

/** A loop test's truthiness, with the boolean case first. */
export const isTrue = (v: Value): boolean => (typeof v === "boolean" ? v : v instanceof JsObject || !!v)

/** How one form compiles the pieces of a loop: statements `S`, expressions `E`, loop targets `T`. */
export interface LoopForm<S, E, T> {
  readonly statement: (node: Statement, ctx: CompileContext) => S
  readonly expression: (node: Expression, ctx: CompileContext) => E
  /** An expression whose value is dropped (the init of `for (i = 0; ...)`). */
  readonly discard: (e: E) => S
  /** What each iteration of a `for-in`/`for-of` writes its value to. */
  readonly target: (node: ForInStatement | ForOfStatement, ctx: CompileContext) => T
}

export interface WhileParts<S, E> {
  readonly labels: string[]
  readonly test: E
  readonly body: S
  readonly line: number
}

export function compileWhileParts<S, E, T>(node: WhileStatement | DoWhileStatement, ctx: CompileContext, form: LoopForm<S, E, T>): WhileParts<S, E> {
  const labels = takeLabels(ctx)
  const test = form.expression(node.test, ctx)
  const body = form.statement(node.body, ctx)
  return { labels, test, body, line: ctx.line(node) }
}

export interface ForParts<S, E> {
  readonly labels: string[]
  readonly entry: ((R: Frame) => void) | null
  readonly init: S | null
  readonly test: E | null
  readonly update: E | null
  readonly body: S
  readonly copyCells: ((R: Frame) => void) | null
  readonly line: number
}

export function compileForParts<S, E, T>(node: ForStatement, ctx: CompileContext, form: LoopForm<S, E, T>): ForParts<S, E> {
  const labels = takeLabels(ctx)
  const entry = compileScopeEntry(ctx.resolution.scopes.get(node), ctx)
  const init = !node.init ? null : node.init.type === "VariableDeclaration" ? form.statement(node.init, ctx) : form.discard(form.expression(node.init, ctx))
  const test = !node.test ? null : form.expression(node.test, ctx)
  const update = !node.update ? null : form.expression(node.update, ctx)
  const body = form.statement(node.body, ctx)
  const copyCells = compilePerIterationCells(node, ctx)
  return { labels, entry, init, test, update, body, copyCells, line: ctx.line(node) }
}

export interface ForEachParts<S, E, T> {
  readonly labels: string[]
  /** The object or iterable the loop walks. */
  readonly right: E
  /** Puts a lexical head's names in TDZ while `right` runs (`for (let x of [x])` throws), or null. */
  readonly tdz: ((R: Frame) => void) | null
  readonly target: T
  readonly body: S
  readonly line: number
}

export function compileForEachParts<S, E, T>(node: ForInStatement | ForOfStatement, ctx: CompileContext, form: LoopForm<S, E, T>): ForEachParts<S, E, T> {
  const labels = takeLabels(ctx)
  const right = form.expression(node.right, ctx)
  const tdz = compileScopeEntry(node.left.type === "VariableDeclaration" ? ctx.resolution.scopes.get(node.left) : undefined, ctx)
  const target = form.target(node, ctx)
  const body = form.statement(node.body, ctx)
  return { labels, right, tdz, target, body, line: ctx.line(node) }
}

/** The plain form: closures. */
const PLAIN: LoopForm<Stmt, Expr, LoopTarget> = {
  statement: (node, ctx) => compileStatement(node, ctx),
  expression: (node, ctx) => compileExpression(node, ctx),
  discard: (e) => exprStmt(e),
  target: (node, ctx) => compileLoopTarget(node, ctx),
}

export function compileWhile(node: WhileStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  const { labels, test, body, line } = compileWhileParts(node, ctx, PLAIN)
  return function whileLoop(R: Frame): Completion {
    while (isTrue(test(R))) {
      if (--st.fuel <= 0) st.refuelAt(line)
      const c = body(R)
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) break
        if (k === 2) return c
      }
    }
    return undefined
  }
}

export function compileDoWhile(node: DoWhileStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  const { labels, test, body, line } = compileWhileParts(node, ctx, PLAIN)
  return function doWhileLoop(R: Frame): Completion {
    do {
      if (--st.fuel <= 0) st.refuelAt(line)
      const c = body(R)
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) break
        if (k === 2) return c
      }
    } while (isTrue(test(R)))
    return undefined
  }
}

/** The loop-head `let` bindings that closures capture: they need a fresh cell per iteration. */
const capturedHeadBindings = (node: Node, ctx: CompileContext): Binding[] => {
  const scope = ctx.resolution.scopes.get(node)
  if (scope === undefined) return []
  return [...scope.names.values()].filter((b) => b.captured && b.lexical)
}

/**
 * The step between two iterations of `for (let ...; ...; ...)` when a closure captures a head
 * binding: a fresh cell holding the current value (CreatePerIterationEnvironment); null if none.
 */
export function compilePerIterationCells(node: Node, ctx: CompileContext): ((R: Frame) => void) | null {
  const perIteration = capturedHeadBindings(node, ctx).map((b) => b.slot)
  if (perIteration.length === 0) return null
  return function freshIterationCells(R: Frame): void {
    for (const s of perIteration) R[s] = { v: (R[s] as Cell).v }
  }
}

export function compileFor(node: ForStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  const { labels, entry, init, test, update, body, copyCells, line } = compileForParts(node, ctx, PLAIN)
  if (entry === null && copyCells === null && test !== null && node.test && update !== null) {
    const counted = countedTest(node.test, ctx)
    if (counted !== null) return compileCountedFor(st, labels, line, init, counted, test, body, update)
  }
  return function forLoop(R: Frame): Completion {
    if (entry !== null) entry(R)
    if (init !== null) init(R)
    for (;;) {
      if (test !== null && !isTrue(test(R))) break
      if (--st.fuel <= 0) st.refuelAt(line)
      const c = body(R)
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) break
        if (k === 2) return c
      }
      if (copyCells !== null) copyCells(R)
      if (update !== null) update(R)
    }
    return undefined
  }
}

/**
 * The test of a counting loop, `i < n`: a plain local compared with a constant, another local, or
 * the length of a local (`i < a.length`, read straight from an array's elements).
 */
interface CountedTest {
  readonly op: "<" | "<=" | ">" | ">="
  readonly slot: number
  /** The other local's slot, or -1 for the constant. */
  readonly otherSlot: number
  /** The slot of the local whose `length` is the bound, or -1. */
  readonly lengthOfSlot: number
  readonly constant: Value
}

function countedTest(node: Expression, ctx: CompileContext): CountedTest | null {
  if (node.type !== "BinaryExpression") return null
  const op = node.operator
  if (op !== "<" && op !== "<=" && op !== ">" && op !== ">=") return null
  const slot = plainLocalSlot(node.left, ctx)
  if (slot < 0) return null
  const right = node.right
  const lengthOfSlot =
    right.type === "MemberExpression" && !right.computed && !right.optional && right.property.type === "Identifier" && right.property.name === "length"
      ? plainLocalSlot(right.object, ctx)
      : -1
  const otherSlot = lengthOfSlot >= 0 ? -1 : plainLocalSlot(right, ctx)
  const constant = constantOf(right)
  if (lengthOfSlot < 0 && otherSlot < 0 && typeof constant !== "number") return null
  return { op, slot, otherSlot, lengthOfSlot, constant }
}

/**
 * `for (init; i < n; update) body` with the comparison read straight from the frame: the loop
 * saves a closure call per iteration and its own literal keeps its feedback to this shape. A test
 * on anything but two numbers goes through the compiled test, which has the full semantics.
 */
function compileCountedFor(st: JsState, labels: string[], line: number, init: Stmt | null, counted: CountedTest, test: Expr, body: Stmt, update: Expr): Stmt {
  const { slot, otherSlot, lengthOfSlot, constant } = counted
  const op = counted.op === "<" ? 0 : counted.op === "<=" ? 1 : counted.op === ">" ? 2 : 3
  return function countedForLoop(R: Frame): Completion {
    if (init !== null) init(R)
    for (;;) {
      const a = R[slot] as Value
      let b: Value
      if (lengthOfSlot >= 0) {
        // An array's `length` is its element count (arrays are dense); anything else takes the compiled test.
        const o = R[lengthOfSlot] as Value
        b = o instanceof JsArray ? o.length : undefined
      } else b = otherSlot >= 0 ? (R[otherSlot] as Value) : constant
      if (typeof a === "number" && typeof b === "number") {
        if (!(op === 0 ? a < b : op === 1 ? a <= b : op === 2 ? a > b : a >= b)) break
      } else if (!isTrue(test(R))) break
      if (--st.fuel <= 0) st.refuelAt(line)
      const c = body(R)
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) break
        if (k === 2) return c
      }
      update(R)
    }
    return undefined
  }
}

const exprStmt = (e: (R: Frame) => Value): Stmt =>
  function expressionStatement(R) {
    e(R)
    return undefined
  }

/** The source of a plain `for-of`/`for-in`, run with its head's names in TDZ when there is a `tdz`. */
function sourceInTdz(right: Expr, tdz: ((R: Frame) => void) | null): Expr {
  if (tdz === null) return right
  return function loopSourceInTdz(R: Frame): Value {
    tdz(R)
    return right(R)
  }
}

/** The per-iteration target of `for (x of ...)`/`for (x in ...)`: a declaration or an assignment. */
export interface LoopTarget {
  readonly entry: ((R: Frame) => void) | null
  readonly write: (R: Frame, v: Value) => void
}

export function compileLoopTarget(node: ForInStatement | ForOfStatement, ctx: CompileContext): LoopTarget {
  const left = node.left
  if (left.type === "VariableDeclaration") {
    const entry = compileScopeEntry(ctx.resolution.scopes.get(node), ctx)
    return { entry, write: compilePatternDeclaration(left.declarations[0].id, ctx) }
  }
  return { entry: null, write: compilePatternAssignment(left, ctx) }
}

export function compileForOf(node: ForOfStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  const { labels, right: source, tdz, target, body, line } = compileForEachParts(node, ctx, PLAIN)
  const right = sourceInTdz(source, tdz)
  const { entry, write } = target
  return function forOfLoop(R: Frame): Completion {
    const iterable = right(R)
    let result: Completion = undefined
    iterate(st, iterable, (v) => {
      if (--st.fuel <= 0) st.refuelAt(line)
      if (entry !== null) entry(R)
      write(R, v)
      const c = body(R)
      if (c !== undefined) {
        const k = loopControl(st, c, labels)
        if (k === 1) return true
        if (k === 2) {
          result = c
          return true
        }
      }
      return false
    })
    return result
  }
}

/** The keys `for-in` visits: enumerable string keys of the object and its prototypes, once each. */
export function forInKeys(o: Value): ReadonlyArray<string> {
  if (!(o instanceof JsObject)) {
    if (typeof o === "string") return Array.from({ length: o.length }, (_, i) => String(i))
    return []
  }
  if (!hasEnumerableStringKey(o.proto)) {
    // Nothing to inherit (the usual case: plain objects over Object.prototype): no shadowing to
    // track, just the object's own enumerable string keys in order. A plain object with no
    // attributes has them listed once on its shape (runtime/shape.ts), shared, never copied.
    if (o.shape !== null && o.shape.plain && o.attrs === null) return o.shape.stringKeys(isArrayIndexKey)
    const own = o.ownKeys()
    const out: string[] = []
    for (const k of own) if (typeof k === "string" && o.isEnumerable(k)) out.push(k)
    return out
  }
  const seen = new Set<string>()
  const out: string[] = []
  for (let p: JsObject | null = o; p !== null; p = p.proto) {
    for (const k of p.ownKeys()) {
      if (typeof k !== "string" || seen.has(k)) continue
      seen.add(k)
      if (p.isEnumerable(k)) out.push(k)
    }
  }
  return out
}

const isArrayIndexKey = (key: Key): boolean => arrayIndex(key) >= 0

/** Whether any object on a prototype chain has an enumerable string-keyed property. */
function hasEnumerableStringKey(p: JsObject | null): boolean {
  for (; p !== null; p = p.proto) {
    if (p.slotCount === 0 && p.constructor === JsObject) continue
    if (p.constructor === JsObject && p.attrs !== null && p.onlyHiddenStringKeys()) continue
    for (const k of p.ownKeys()) if (typeof k === "string" && p.isEnumerable(k)) return true
  }
  return false
}

export function compileForIn(node: ForInStatement, ctx: CompileContext): Stmt {
  const st = ctx.st
  const { labels, right: source, tdz, target, body, line } = compileForEachParts(node, ctx, PLAIN)
  const right = sourceInTdz(source, tdz)
  const { entry, write } = target
  return function forInLoop(R: Frame): Completion {
    const o = right(R)
    const keys = forInKeys(o)
    // Keys listed by the object's own shape are its own keys for as long as it keeps that shape
    // (shapes are immutable), so only an object that changed needs the check of a deleted key.
    const shape = o instanceof JsObject && o.shape !== null && o.shape.plain && keys === o.shape.stringKeys(isArrayIndexKey) ? o.shape : null
    for (const k of keys) {
      if (--st.fuel <= 0) st.refuelAt(line)
      if (o instanceof JsObject && o.shape !== shape && !o.has(k)) continue
      if (entry !== null) entry(R)
      write(R, k)
      const c = body(R)
      if (c !== undefined) {
        const r = loopControl(st, c, labels)
        if (r === 1) break
        if (r === 2) return c
      }
    }
    return undefined
  }
}
