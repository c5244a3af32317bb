/**
 * The `DirectCall` entry of a function: a call of at most three plain arguments that needs no
 * argument array, for functions whose prologue only stores `this`, `new.target`, the function and
 * simple parameters (functions.ts decides; compileDirectCall in calls.ts uses it).
 *
 * One entry per function definition, made when the program is compiled and shared by every
 * instance the definition makes; the instance is the entry's `this` (the call is `fn.direct(...)`),
 * and what differs between instances lives on it: its upvalue cells (`fn.upvalues`) and its pool of
 * frames (`fn.frames`). Why not a closure per instance, which could hold both. A program's
 * functions are made anew by every run, and V8 optimizes a call site that always meets the same
 * callee by embedding that callee in the caller's code, so closures made per run would be a new
 * callee each run: the optimized callers would be thrown away ("wrong call target", or "weak
 * objects" once the last run's closures are collected) and made again, every run, from cold
 * feedback. A shared entry is the same callee in every run, so the code V8 made for one run of a
 * cached program (programs.ts) serves the next.
 *
 * A function that contains no other function or class cannot let its frame outlive the call: no
 * closure can capture a cell of it, and a direct entry never suspends (generators and async
 * functions have none). Its entry keeps the frames of calls that returned normally in the
 * instance's pool and reuses them, writing `undefined` into every slot the entry does not write
 * itself, which is what a fresh frame reads as (block bindings get their TDZ when their block is
 * entered, as always). A call that throws simply drops its frame, so nothing has to unwind the
 * pool; a recursion holds one pooled frame per active level. Upvalue cells belong to the instance
 * and never change, so a pooled frame keeps them.
 */

import type { DirectCall, JsFunction, Value } from "../runtime/object.js"
import type { JsState } from "../runtime/state.js"
import { RETURN, type Expr, type Frame, type Stmt } from "./context.js"

/** Where a simple prologue puts things: `this`, `new.target`, the function (or -1), parameters. */
export interface SimpleFrame {
  readonly thisSlot: number
  readonly slots: number[]
}

/** The `DirectCall` entry of one function definition: what `enter` plus the simple prologue plus the body do. */
export function compileDirectEntry(
  st: JsState,
  simple: SimpleFrame,
  frameSize: number,
  capBase: number,
  ncap: number,
  body: Stmt | null,
  bodyExpr: Expr | null,
  reusable: boolean,
): DirectCall {
  const thisSlot = simple.thisSlot
  const np = simple.slots.length
  const p0 = simple.slots[0] ?? 0
  const p1 = simple.slots[1] ?? 0
  const p2 = simple.slots[2] ?? 0
  // Fuel and call depth, spent on entry as by every call; the caller's line and the callee for stacks.
  const enterCall = (fn: JsFunction): void => {
    if (--st.fuel <= 0) st.refuel()
    const depth = ++st.depth
    if (depth > st.maxDepth) throw st.stackOverflow()
    st.lines[depth] = st.line
    st.callees[depth] = fn
  }
  const enterFrame = (fn: JsFunction, R: Frame, thisArg: Value, a0: Value, a1: Value, a2: Value): void => {
    if (thisSlot >= 0) {
      R[thisSlot] = thisArg
      R[thisSlot + 1] = undefined
      R[thisSlot + 2] = fn
    }
    if (np > 0) {
      R[p0] = a0
      if (np > 1) {
        R[p1] = a1
        if (np > 2) R[p2] = a2
      }
    }
  }
  const freshFrame = (fn: JsFunction): Frame => {
    const R: Frame = new Array(frameSize)
    const caps = fn.upvalues as Frame
    for (let i = 0; i < ncap; i++) R[capBase + i] = caps[i]
    return R
  }
  if (reusable) {
    const written = new Set(simple.slots)
    if (thisSlot >= 0) for (let i = 0; i < 3; i++) written.add(thisSlot + i)
    const clear: number[] = []
    for (let i = 0; i < capBase; i++) if (!written.has(i)) clear.push(i)
    const nclear = clear.length
    return function pooledDirectCall(thisArg, a0, a1, a2) {
      enterCall(this)
      // Frames of calls that returned normally; a call that throws just drops its frame.
      const pool = this.frames as Frame[]
      let R: Frame
      if (pool.length > 0) {
        R = pool.pop()!
        for (let i = 0; i < nclear; i++) R[clear[i]!] = undefined
      } else R = freshFrame(this)
      enterFrame(this, R, thisArg, a0, a1, a2)
      const v = bodyExpr !== null ? bodyExpr(R) : body!(R) === RETURN ? st.returned : undefined
      st.depth--
      pool.push(R)
      return v
    }
  }
  return function directCall(thisArg, a0, a1, a2) {
    enterCall(this)
    const R = freshFrame(this)
    enterFrame(this, R, thisArg, a0, a1, a2)
    if (bodyExpr !== null) {
      const v = bodyExpr(R)
      st.depth--
      return v
    }
    const c = body!(R)
    st.depth--
    return c === RETURN ? st.returned : undefined
  }
}

const FUNCTION_NODES = new Set(["FunctionExpression", "FunctionDeclaration", "ArrowFunctionExpression", "ClassExpression", "ClassDeclaration"])

/** True when a function, arrow or class appears anywhere under `value` (a node, or a value found under one). */
export function containsFunction(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false
  if (Array.isArray(value)) return value.some(containsFunction)
  const fields = value as Record<string, unknown>
  if (typeof fields.type === "string" && FUNCTION_NODES.has(fields.type)) return true
  for (const key in fields) {
    if (key !== "loc" && containsFunction(fields[key])) return true
  }
  return false
}

