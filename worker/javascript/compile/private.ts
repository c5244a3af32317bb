/**
 * Private class members: `#field`, `#method()`, `get/set #x`, their static forms, and `#x in o`.
 *
 * A private name is resolved like a variable. The scope pass declares each `#x` of a class body
 * as a hidden binding of the class scope (named `#x`, which no identifier can spell), and every
 * `o.#x` / `#x in o` inside the body refers to it, through upvalues when it sits in a method. Each
 * evaluation of the class definition stores a fresh `PrivateName` in that binding, so two
 * evaluations of the same class text have unrelated private names, as the language requires.
 *
 * Storage stays out of the object model: a private field's values live in its `PrivateName`, in a
 * host `WeakMap` keyed by the instance, so ordinary objects carry nothing extra, `ownKeys`,
 * `JSON.stringify`, `Object.freeze` never see private state, and the hot paths of `JsObject` are
 * untouched. Private methods and accessors are shared by all instances; an instance carries only
 * its class's "brand", one `WeakSet` per class evaluation (one more for the static side, holding
 * the constructor), checked on every access. The errors are V8's, word for word.
 */

import { JsMessages } from "../messages.js"
import { type JsFunction, JsObject, type Value } from "../runtime/object.js"
import type { JsState } from "../runtime/state.js"
import type { BinaryExpression, MemberExpression } from "acorn"
import type { CompileContext, Expr, Frame, SyntaxNode } from "./context.js"
import { compileRead, refOf } from "./variables.js"

export const enum PrivateKind {
  Field = 0,
  Method = 1,
  Accessor = 2,
}

/** Private-member messages (V8's wording). */
export const PrivateMessages = {
  receiver: (className: string, isStatic: boolean) => (isStatic ? `Receiver must be class ${className}` : `Receiver must be an instance of class ${className}`),
  methodNotWritable: (name: string) => `Private method '${name}' is not writable`,
  noGetter: (name: string) => `'${name}' was defined without a getter`,
  noSetter: (name: string) => `'${name}' was defined without a setter`,
  fieldTwice: (name: string) => `Cannot initialize ${name} twice on the same object`,
  methodsTwice: (className: string) => `Cannot initialize private methods of class ${className} twice on the same object`,
}

/** One private name of one evaluation of a class definition. */
export class PrivateName {
  /** Field values by instance. */
  readonly values = new WeakMap<object, Value>()
  method: JsFunction | undefined = undefined
  getter: JsFunction | undefined = undefined
  setter: JsFunction | undefined = undefined

  constructor(
    /** `#x`, as messages print it. */
    readonly description: string,
    readonly kind: PrivateKind,
    /** Objects that carry the class's private methods (null for fields). */
    readonly brand: WeakSet<object> | null,
    readonly className: string,
    readonly isStatic: boolean,
  ) {}

  hasOn(o: JsObject): boolean {
    return this.kind === PrivateKind.Field ? this.values.has(o) : this.brand!.has(o)
  }
}

const nullishRead = (st: JsState, o: Value, p: PrivateName, line: number) => st.typeError(JsMessages.readProperty(String(o), p.description), line)

export function privateGet(st: JsState, p: PrivateName, o: Value, line: number): Value {
  if (p.kind === PrivateKind.Field) {
    const v = p.values.get(o as object)
    if (v === undefined && !p.values.has(o as object)) {
      if (o === undefined || o === null) throw nullishRead(st, o, p, line)
      throw st.typeError(JsMessages.privateMissing(p.description), line)
    }
    return v
  }
  if (o === undefined || o === null) throw nullishRead(st, o, p, line)
  if (!p.brand!.has(o as object)) throw st.typeError(PrivateMessages.receiver(p.className, p.isStatic), line)
  if (p.kind === PrivateKind.Method) return p.method
  if (p.getter === undefined) throw st.typeError(PrivateMessages.noGetter(p.description), line)
  st.line = line
  return p.getter.impl(st, o, [], undefined)
}

export function privateSet(st: JsState, p: PrivateName, o: Value, v: Value, line: number): void {
  if (o === undefined || o === null) throw st.typeError(JsMessages.setProperty(String(o), p.description), line)
  if (p.kind === PrivateKind.Field) {
    if (!p.values.has(o as object)) throw st.typeError(JsMessages.privateWriteMissing(p.description), line)
    p.values.set(o as object, v)
    return
  }
  if (!p.brand!.has(o as object)) throw st.typeError(PrivateMessages.receiver(p.className, p.isStatic), line)
  if (p.kind === PrivateKind.Method) throw st.typeError(PrivateMessages.methodNotWritable(p.description), line)
  if (p.setter === undefined) throw st.typeError(PrivateMessages.noSetter(p.description), line)
  st.line = line
  p.setter.impl(st, o, [v], undefined)
}

/** PrivateFieldAdd: a field initialiser ran for `o`. */
export function privateFieldAdd(st: JsState, p: PrivateName, o: JsObject, v: Value): void {
  if (p.values.has(o)) throw st.typeError(PrivateMessages.fieldTwice(p.description))
  p.values.set(o, v)
}

/** The `PrivateName` a `#x` node refers to, read from its binding. */
export function compilePrivateName(node: SyntaxNode, ctx: CompileContext): (R: Frame) => PrivateName {
  return compileRead(refOf(node, ctx), ctx, ctx.line(node)) as unknown as (R: Frame) => PrivateName
}

/** `o.#x` given the object: `(R, o) => value`. */
export function compilePrivateRead(node: MemberExpression, ctx: CompileContext): (R: Frame, o: Value) => Value {
  const st = ctx.st
  const line = ctx.line(node)
  const name = compilePrivateName(node.property, ctx)
  return function privateRead(R, o) { return privateGet(st, name(R), o, line) }
}

/** `o.#x = v` given the object. */
export function compilePrivateWrite(node: MemberExpression, ctx: CompileContext): (R: Frame, o: Value, v: Value) => void {
  const st = ctx.st
  const line = ctx.line(node)
  const name = compilePrivateName(node.property, ctx)
  return function privateWrite(R, o, v) { privateSet(st, name(R), o, v, line) }
}

/** `#x in o`: a TypeError unless `o` is an object; then whether it carries the name. */
export function compilePrivateIn(node: BinaryExpression, right: Expr, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const name = compilePrivateName(node.left, ctx)
  return function privateIn(R: Frame): Value {
    const p = name(R)
    const o = right(R)
    if (!(o instanceof JsObject)) throw st.typeError(JsMessages.notObjectIn(p.description, st.realm.describe(o)), line)
    return p.hasOn(o)
  }
}
