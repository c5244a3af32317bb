/**
 * Tagged templates: `tag\`a${x}b\`` calls `tag` with a strings array and the substitutions.
 *
 * The strings array (the "template object") holds the cooked strings (`undefined` where an escape
 * is invalid, which only tagged templates allow) and, under a non-enumerable `raw`, the raw source
 * text; both arrays are frozen. The language requires one template object per call site per realm:
 * a tag that caches by identity (`new WeakMap()` keyed by `strings`) must see the same object
 * every time the same site runs. Our realm lives exactly as long as one execution, and so does
 * the compiled program, so the compiled site simply keeps the object it made first.
 *
 * The tag's `this` follows call rules: `obj.tag\`...\`` passes `obj`.
 */

import { HIDDEN, JsFunction, JsObject, PERMANENT, READONLY, type Value } from "../runtime/object.js"
import { type JsArray } from "../runtime/array.js"
import { getIndexed } from "../runtime/ops.js"
import type { Realm } from "../runtime/realm.js"
import type { Expression, TaggedTemplateExpression } from "acorn"
import { propertyName, type CompileContext, type Expr, type Frame } from "./context.js"
import { notCallable } from "./calls.js"
import { compileExpression, sourceText } from "./expressions.js"
import { compilePrivateRead } from "./private.js"

/** Builds the frozen template object of one call site. */
export function makeTemplateObject(realm: Realm, cooked: Value[], raw: string[]): JsArray {
  const rawArray = realm.newArray(raw.slice())
  rawArray.freeze()
  const strings = realm.newArray(cooked.slice())
  strings.defineOwn(realm.st, "raw", rawArray, HIDDEN | READONLY | PERMANENT)
  strings.freeze()
  return strings
}

/**
 * The call site's template object, made on first use and kept for the execution — in the
 * execution's state, not here: a compiled program runs again with a fresh realm, which must see
 * template objects of its own.
 */
export function templateSite(node: TaggedTemplateExpression, ctx: CompileContext): () => JsArray {
  const st = ctx.st
  const cooked: Value[] = node.quasi.quasis.map((q) => (q.value.cooked === null ? undefined : q.value.cooked))
  const raw: string[] = node.quasi.quasis.map((q) => q.value.raw)
  const site = { cooked, raw }
  return function templateObject(): JsArray {
    let strings = st.templateObjects.get(site) as JsArray | undefined
    if (strings === undefined) {
      strings = makeTemplateObject(st.realm, cooked, raw)
      st.templateObjects.set(site, strings)
    }
    return strings
  }
}

/** The tag and its `this`: a member tag binds its object, anything else is called with `undefined`. */
export function compileTag(tag: Expression, ctx: CompileContext): (R: Frame) => [Value, Value] {
  const st = ctx.st
  if (tag.type === "MemberExpression" && tag.object.type !== "Super") {
    const object = compileExpression(tag.object, ctx)
    if (tag.property.type === "PrivateIdentifier") {
      const read = compilePrivateRead(tag, ctx)
      return function privateTag(R) {
        const o = object(R)
        return [read(R, o), o]
      }
    }
    const key: Expr | null = tag.computed ? compileExpression(tag.property, ctx) : null
    const name = propertyName(tag)
    const line = ctx.line(tag)
    return function memberTag(R) {
      const o = object(R)
      if (key === null && o instanceof JsObject) return [o.get(st, name), o]
      const k = key === null ? name : key(R)
      st.line = line
      return [getIndexed(st, o, k), o]
    }
  }
  const fn = compileExpression(tag, ctx)
  return function plainTag(R) { return [fn(R), undefined] }
}

export function compileTaggedTemplate(node: TaggedTemplateExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const text = sourceText(node.tag, ctx)
  const tag = compileTag(node.tag, ctx)
  const strings = templateSite(node, ctx)
  const subs: Expr[] = node.quasi.expressions.map((e) => compileExpression(e, ctx))
  const n = subs.length
  return function taggedTemplate(R: Frame): Value {
    const [f, thisValue] = tag(R)
    const args: Value[] = new Array(n + 1)
    args[0] = strings()
    for (let i = 0; i < n; i++) args[i + 1] = subs[i]!(R)
    if (!(f instanceof JsFunction)) throw notCallable(st, text, line)
    st.line = line
    return f.impl(st, thisValue, args, undefined)
  }
}
