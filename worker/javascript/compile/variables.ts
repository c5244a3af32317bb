/**
 * Reading and writing names, specialised at compile time by where the name lives.
 *
 * A local in a slot is `R[s]`; a captured local or an upvalue is the cell `(R[s] as Cell).v`; a global is a
 * property of the program's global object (a missing one is a ReferenceError). A read that may see
 * an uninitialised `let`/`const` (scope.ts decides which) checks for `TDZ`; writes to a `const`
 * throw; an initialisation (the declaration itself) writes without either check.
 */

import { JsMessages } from "../messages.js"
import { ABSENT, Accessor, type Value } from "../runtime/object.js"
import type { JsState } from "../runtime/state.js"
import { TDZ, type CompileContext, type Expr, type Cell, type Frame, type SyntaxNode } from "./context.js"
import { isBoxed, slotOf, type Binding, type Ref } from "./scope.js"

export type Write = (R: Frame, v: Value) => void

export function refOf(node: SyntaxNode, ctx: CompileContext): Ref {
  const ref = ctx.resolution.references.get(node)
  if (ref === undefined) {
    const name = node.type === "Identifier" || node.type === "PrivateIdentifier" ? node.name : undefined
    throw ctx.error(node, JsMessages.internalError(`unresolved name '${name}'`), "ExecutionFailure")
  }
  return ref
}

const tdzError = (st: JsState, name: string, line: number) =>
  st.error("ReferenceError", name === "this" ? JsMessages.superNotCalled() : JsMessages.beforeInitialization(name), line)

export function compileRead(ref: Ref, ctx: CompileContext, line: number): Expr {
  const st = ctx.st
  if (ref.kind === "global") {
    const name = ref.name
    return function readGlobal(): Value {
      const G = st.realm.global
      const v = G.own(name)
      if (v !== ABSENT && !(v instanceof Accessor)) return v
      if (!G.has(name)) throw st.error("ReferenceError", JsMessages.notDefined(name), line)
      return G.get(st, name)
    }
  }
  const s = slotOf(ref)
  const name = ref.binding.name
  if (isBoxed(ref)) {
    if (ref.tdz) {
      return function readCellChecked(R: Frame): Value {
        const v = (R[s] as Cell).v
        if (v === TDZ) throw tdzError(st, name, line)
        return v
      }
    }
    return function readCell(R: Frame) { return (R[s] as Cell).v }
  }
  if (ref.tdz) {
    return function readSlotChecked(R: Frame): Value {
      const v = R[s] as Value
      if (v === TDZ) throw tdzError(st, name, line)
      return v
    }
  }
  return function readSlot(R: Frame) { return R[s] as Value }
}

/** An assignment `name = v` (not a declaration). */
export function compileAssign(ref: Ref, ctx: CompileContext, line: number): Write {
  const st = ctx.st
  if (ref.kind === "global") {
    const name = ref.name
    return function assignGlobal(_R: Frame, v: Value): void {
      const G = st.realm.global
      if (!G.has(name)) throw st.error("ReferenceError", JsMessages.notDefined(name), line)
      if (!G.set(st, name, v)) throw st.typeError(JsMessages.readOnly(name, "#<Object>"), line)
    }
  }
  const s = slotOf(ref)
  const b = ref.binding
  if (b.kind === "const" || (b.kind === "class" && false)) {
    return function assignConst(R: Frame): void {
      const cur = isBoxed(ref) ? (R[s] as Cell).v : R[s]
      if (cur === TDZ) throw tdzError(st, b.name, line)
      throw st.typeError(JsMessages.constAssignment(), line)
    }
  }
  if (isBoxed(ref)) {
    if (ref.tdz) {
      return function assignCellChecked(R: Frame, v: Value) {
        const cell = R[s] as Cell
        if (cell.v === TDZ) throw tdzError(st, b.name, line)
        cell.v = v
      }
    }
    return function assignCell(R: Frame, v: Value) {
      (R[s] as Cell).v = v
    }
  }
  if (ref.tdz) {
    return function assignSlotChecked(R: Frame, v: Value) {
      if (R[s] === TDZ) throw tdzError(st, b.name, line)
      R[s] = v
    }
  }
  return function assignSlot(R: Frame, v: Value) {
    R[s] = v
  }
}

/** Initialises a binding declared in the current function (its declaration ran). */
export function compileInit(binding: Binding): Write {
  const s = binding.slot
  if (binding.captured) {
    return function initCell(R: Frame, v: Value) {
      (R[s] as Cell).v = v
    }
  }
  return function initSlot(R: Frame, v: Value) {
    R[s] = v
  }
}

/** Puts a fresh binding in its slot at scope entry: a new cell if captured, TDZ for lexicals. */
export function compileFreshBinding(binding: Binding): (R: Frame) => void {
  const s = binding.slot
  const initial = binding.checked ? TDZ : undefined
  if (binding.captured) {
    return function freshCell(R: Frame) {
      R[s] = { v: initial }
    }
  }
  return function freshTdz(R: Frame) {
    R[s] = initial
  }
}
