/**
 * Classes: a class definition compiles to one closure that, each time it runs, builds the
 * constructor and its prototype the way ClassDefinitionEvaluation does.
 *
 * Order matters and is the specification's: fresh private names first (private.ts), then the
 * heritage, the prototype and the constructor, then every method and accessor in source order
 * (computed keys are evaluated here, once), then the class binding, then the static side —
 * static private methods, then static fields and `static { }` blocks in source order.
 *
 * Instances are initialised by `C.fields`, called by `construct` for a base class (before the
 * constructor body) or right after `super(...)` returns in a derived one: the class's brand goes
 * on first (private methods and accessors), then every field, public or private, in source order.
 * Field initialisers and static blocks are compiled as methods (scope.ts wraps them in a function
 * node), so `this`, `super.x` and arrow functions inside them mean what they mean in a method.
 */

import { JsMessages } from "../messages.js"
import { Accessor, FunctionKind, HIDDEN, isConstructor, JsFunction, JsObject, PERMANENT, READONLY, type Key, type Value } from "../runtime/object.js"
import { toPropertyKey } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import type { ClassDeclaration, ClassExpression, MethodDefinition } from "acorn"
import type { Cell, CompileContext, Expr, Frame } from "./context.js"
import { compileExpression, staticKey } from "./expressions.js"
import { compileFunction, construct, setFunctionName } from "./functions.js"
import { PrivateKind, PrivateMessages, PrivateName, privateFieldAdd } from "./private.js"
import { compileFreshBinding, compileInit } from "./variables.js"

type MemberKind = "method" | "get" | "set" | "field" | "block"

interface Member {
  readonly key: string | null
  readonly keyExpr: Expr | null
  /** The private name's binding reader, for `#x` members. */
  readonly privateName: ((R: Frame) => PrivateName) | null
  readonly isStatic: boolean
  readonly kind: MemberKind
  readonly make: Expr | null
}

interface FieldRecord {
  readonly key: Key | PrivateName
  readonly init: JsFunction | null
}

export function compileClass(node: ClassDeclaration | ClassExpression, ctx: CompileContext, name: string): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const scope = ctx.resolution.scopes.get(node)!
  const selfBinding = node.id ? (scope.names.get(node.id.name) ?? null) : null
  const selfInit = selfBinding !== null ? compileInit(selfBinding) : null
  const selfFresh = selfBinding !== null ? compileFreshBinding(selfBinding) : null
  const superClass = node.superClass ? compileExpression(node.superClass, ctx) : null
  const derived = superClass !== null
  const ctorNode = node.body.body.find((m): m is MethodDefinition => m.type === "MethodDefinition" && m.kind === "constructor")
  const ctorFactory = ctorNode ? compileFunction(ctorNode.value, ctx, name, { classConstructor: { derived } }) : null
  // V8 names the class in brand errors by its own identifier only.
  const brandName: string = node.id?.name ?? "anonymous"

  // Private names: their kinds are known now; the PrivateName objects are made per evaluation.
  const privates = new Map<string, { kind: PrivateKind; isStatic: boolean }>()
  for (const m of node.body.body) {
    if (m.type === "StaticBlock" || m.key.type !== "PrivateIdentifier") continue
    const kind = m.type === "PropertyDefinition" ? PrivateKind.Field : m.kind === "method" ? PrivateKind.Method : PrivateKind.Accessor
    privates.set(`#${m.key.name}`, { kind, isStatic: m.static === true })
  }
  const privateSetup = [...privates].map(([desc, { kind, isStatic }]) => {
    const binding = scope.names.get(desc)!
    return { desc, kind, isStatic, fresh: compileFreshBinding(binding), init: compileInit(binding) }
  })
  const hasInstanceBrand = [...privates.values()].some((p) => p.kind !== PrivateKind.Field && !p.isStatic)

  const members: Member[] = []
  for (const m of node.body.body) {
    if (m.type === "StaticBlock") {
      members.push({ key: null, keyExpr: null, privateName: null, isStatic: true, kind: "block", make: compileFunction(ctx.resolution.initializers.get(m)!, ctx, "", { method: true }) })
      continue
    }
    if (m.type === "MethodDefinition" && m.kind === "constructor") continue
    const mkey = m.key
    const isPrivate = mkey.type === "PrivateIdentifier"
    const key = isPrivate ? `#${mkey.name}` : staticKey(m)
    const keyExpr = key === null && !isPrivate ? compileExpression(mkey, ctx) : null
    const privateName = isPrivate ? compileReadPrivateBinding(scope.names.get(key!)!.slot, scope.names.get(key!)!.captured) : null
    if (m.type === "PropertyDefinition") {
      // `x = function () {}` names the function after the field (`#x` for a private one).
      const make = m.value ? compileFunction(ctx.resolution.initializers.get(m)!, ctx, key ?? "", { method: true, bodyName: key ?? undefined }) : null
      members.push({ key, keyExpr, privateName, isStatic: m.static, kind: "field", make })
    } else {
      members.push({ key, keyExpr, privateName, isStatic: m.static, kind: m.kind === "get" || m.kind === "set" ? m.kind : "method", make: compileFunction(m.value, ctx, key ?? "", { method: true }) })
    }
  }

  return function defineClass(R: Frame): Value {
    const instanceBrand = hasInstanceBrand ? new WeakSet<object>() : null
    const staticBrand = new WeakSet<object>()
    for (const p of privateSetup) {
      p.fresh(R)
      p.init(R, new PrivateName(p.desc, p.kind, p.kind === PrivateKind.Field ? null : p.isStatic ? staticBrand : instanceBrand, brandName, p.isStatic) as unknown as Value)
    }
    if (selfFresh !== null) selfFresh(R)
    const realm = st.realm
    let protoParent: JsObject | null = realm.ObjectPrototype
    let ctorParent: JsObject = realm.FunctionPrototype
    if (superClass !== null) {
      const parent = superClass(R)
      if (parent === null) {
        protoParent = null
      } else {
        if (!(parent instanceof JsFunction) || !isConstructor(parent)) {
          throw st.typeError(`Class extends value ${st.realm.describe(parent)} is not a constructor or null`, line)
        }
        const pp = parent.get(st, "prototype")
        if (pp !== null && !(pp instanceof JsObject)) throw st.typeError("Class extends value does not have valid prototype property", line)
        protoParent = pp as JsObject | null
        ctorParent = parent
      }
    }
    const proto = new JsObject(protoParent)
    const C = ctorFactory !== null ? (ctorFactory(R) as JsFunction) : defaultConstructor(st, name, derived, line)
    C.proto = ctorParent
    C.home = proto
    C.setupProperty("prototype", proto, HIDDEN | READONLY | PERMANENT)
    proto.defineOwn(st, "constructor", C, HIDDEN)
    const instanceFields: FieldRecord[] = []
    const staticElements: Array<FieldRecord | JsFunction> = []
    for (const m of members) {
      if (m.kind === "block") {
        const block = m.make!(R) as JsFunction
        block.home = C
        staticElements.push(block)
        continue
      }
      const privateName = m.privateName === null ? null : m.privateName(R)
      const key: Key = privateName !== null ? privateName.description : m.key !== null ? m.key : toPropertyKey(st, m.keyExpr!(R))
      const target = m.isStatic ? C : proto
      if (m.kind === "field") {
        const init = m.make === null ? null : (m.make(R) as JsFunction)
        if (init !== null) init.home = target
        ;(m.isStatic ? staticElements : instanceFields).push({ key: privateName ?? key, init })
        continue
      }
      const fn = m.make!(R) as JsFunction
      fn.home = target
      if (m.keyExpr !== null) setFunctionName(fn, key, m.kind === "method" ? undefined : m.kind)
      else if (m.kind !== "method") fn.fname = `${m.kind} ${fn.fname}`
      if (privateName !== null) {
        if (m.kind === "method") privateName.method = fn
        else if (m.kind === "get") privateName.getter = fn
        else privateName.setter = fn
        continue
      }
      if (m.kind === "method") {
        target.defineOwn(st, key, fn, HIDDEN)
        continue
      }
      const cur = target.own(key)
      const acc = cur instanceof Accessor ? new Accessor(cur.getter, cur.setter) : new Accessor(undefined, undefined)
      if (m.kind === "get") acc.getter = fn
      else acc.setter = fn
      target.defineOwn(st, key, acc, HIDDEN)
    }
    if (instanceFields.length > 0 || instanceBrand !== null) C.fields = initializeInstance(instanceBrand, brandName, instanceFields)
    if (selfInit !== null) selfInit(R, C)
    staticBrand.add(C)
    for (const e of staticElements) {
      if (e instanceof JsFunction) e.impl(st, C, [], undefined)
      else defineField(st, C, e)
    }
    return C
  }
}

/** Reads a private name's binding in the class's own frame (the defining function's). */
function compileReadPrivateBinding(slot: number, boxed: boolean): (R: Frame) => PrivateName {
  // The binding holds the PrivateName that evaluating the class stored there (as a Value, which it is not).
  return boxed
    ? function privateNameInCell(R) { return (R[slot] as Cell).v as unknown as PrivateName }
    : function privateNameInSlot(R) { return R[slot] as unknown as PrivateName }
}

/** InitializeInstanceElements: the brand, then each field in order. */
function initializeInstance(brand: WeakSet<object> | null, className: string, fields: FieldRecord[]): (st: JsState, instance: JsObject) => void {
  return function initializeFields(st, instance) {
    if (brand !== null) {
      if (brand.has(instance)) throw st.typeError(PrivateMessages.methodsTwice(className))
      brand.add(instance)
    }
    for (const f of fields) defineField(st, instance, f)
  }
}

function defineField(st: JsState, target: JsObject, f: FieldRecord): void {
  const v = f.init === null ? undefined : f.init.impl(st, target, [], undefined)
  if (f.key instanceof PrivateName) privateFieldAdd(st, f.key, target, v)
  else if (!target.defineOwn(st, f.key, v, 0)) throw st.typeError(`Cannot define property ${String(f.key)}, object is not extensible`)
}

/** The constructor of a class that writes none: `constructor(...args) { super(...args) }` or empty. */
function defaultConstructor(st: JsState, name: string, derived: boolean, line: number): JsFunction {
  const realm = st.realm
  const C = new JsFunction(realm.FunctionPrototype, undefined as never, name, 0, FunctionKind.Class, realm.ObjectPrototype)
  C.impl = derived
    ? function derivedDefaultConstructor(st2, _t, args, newTarget) {
        if (newTarget === undefined) throw st2.typeError(JsMessages.classWithoutNew(C.fname), line)
        const instance = construct(st2, C.proto, args, newTarget, line) as JsObject
        if (C.fields !== null) C.fields(st2, instance)
        return instance
      }
    : function defaultConstructor(st2, _t, _args, newTarget) {
        if (newTarget === undefined) throw st2.typeError(JsMessages.classWithoutNew(C.fname), line)
        return undefined
      }
  C.derived = derived
  return C
}
