/**
 * The `DirectCall` entry of a function: a call of at most three plain arguments that needs no
 * argument array, for functions whose prologue only stores `this`, `new.target`, the function and
 * simple parameters (functions.ts decides; compileDirectCall in expressions.ts uses it).
 *
 * A function that contains no other function or class cannot let its frame outlive the call: no
 * closure can capture a cell of it, and a direct entry never suspends (generators and async
 * functions have none). Its entry keeps the frames of calls that returned normally in a pool and
 * reuses them, writing `undefined` into every slot the entry does not write itself, which is what
 * a fresh frame reads as (block bindings get their TDZ when their block is entered, as always). A
 * call that throws simply drops its frame, so nothing has to unwind the pool; a recursion holds one
 * pooled frame per active level. Upvalue cells belong to the instance and never change, so a
 * pooled frame keeps them.
 */

import type { DirectCall, JsFunction, Value } from "../runtime/object.js"
import type { JsState } from "../runtime/state.js"
import { RETURN, type Expr, type Frame, type Stmt } from "./context.js"

/** Where a simple prologue puts things: `this`, `new.target`, the function (or -1), parameters. */
export interface SimpleFrame {
  readonly thisSlot: number
  readonly slots: number[]
}

/**
 * The `DirectCall` entry of one function instance: what `enter` plus the simple prologue plus the
 * body do, with the arguments written straight into the frame.
 */
export function compileDirectEntry(
  st: JsState,
  simple: SimpleFrame,
  frameSize: number,
  capBase: number,
  ncap: number,
  body: Stmt | null,
  bodyExpr: Expr | null,
  reusable: boolean,
) {
  const thisSlot = simple.thisSlot
  const np = simple.slots.length
  const p0 = simple.slots[0] ?? 0
  const p1 = simple.slots[1] ?? 0
  const p2 = simple.slots[2] ?? 0
  if (reusable) {
    const written = new Set(simple.slots)
    if (thisSlot >= 0) for (let i = 0; i < 3; i++) written.add(thisSlot + i)
    const clear: number[] = []
    for (let i = 0; i < capBase; i++) if (!written.has(i)) clear.push(i)
    const nclear = clear.length
    return (fn: JsFunction, caps: Value[]): DirectCall => {
      // Frames of calls that returned normally; a call that throws just drops its frame.
      const pool: Frame[] = []
      let free = 0
      return function pooledDirectCall(thisArg, a0, a1, a2) {
        if (--st.fuel <= 0) st.refuel()
        const depth = ++st.depth
        if (depth > st.maxDepth) throw st.stackOverflow()
        st.lines[depth] = st.line
        st.callees[depth] = fn
        let R: Frame
        if (free > 0) {
          R = pool[--free]!
          for (let i = 0; i < nclear; i++) R[clear[i]!] = undefined
        } else {
          R = new Array(frameSize)
          for (let i = 0; i < ncap; i++) R[capBase + i] = caps[i]
        }
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
        const v = bodyExpr !== null ? bodyExpr(R) : body!(R) === RETURN ? st.returned : undefined
        st.depth--
        pool[free++] = R
        return v
      }
    }
  }
  return (fn: JsFunction, caps: Value[]): DirectCall =>
    function directCall(thisArg, a0, a1, a2) {
      if (--st.fuel <= 0) st.refuel()
      const depth = ++st.depth
      if (depth > st.maxDepth) throw st.stackOverflow()
      st.lines[depth] = st.line
      st.callees[depth] = fn
      const R: Frame = new Array(frameSize)
      for (let i = 0; i < ncap; i++) R[capBase + i] = caps[i]
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

