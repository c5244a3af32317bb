/**
 * The `Error` family: Error, TypeError, RangeError, ReferenceError, SyntaxError, EvalError,
 * URIError and AggregateError, with `message`, `cause` and a `stack` that names program lines
 * only (`    at f (input:3)`), never a host file, so an error cannot disclose anything about the
 * worker it runs in.
 */

import { Accessor, HIDDEN, JsError, type JsFunction, JsObject, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { iterableToList } from "../runtime/iterate.js"
import { toStr } from "../runtime/ops.js"
import { type Realm, spec } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"

export const ERROR_NAMES = ["Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError", "EvalError", "URIError", "AggregateError"] as const

/**
 * The `stack` of an error made by a program's `new X()`: its frames are taken when the error is
 * made, its first line (`Name: message`) when the stack is first read, as in V8 — so a subclass
 * that sets `this.name` in its constructor shows that name. The first read turns the accessor into
 * a plain data property holding the text; writing `stack` replaces it. (The frames are kept by
 * error, weakly, whichever execution made it.)
 */
const frames = new WeakMap<JsObject, string>()

const materialiseStack = (st: JsState, t: Value, text: Value): void => {
  if (t instanceof JsObject) t.defineOwn(st, "stack", text, HIDDEN)
}

function installStackAccessor(realm: Realm): void {
  realm.registerIntrinsic(
    "%ErrorStackGetter%",
    realm.builtin("stack", 0, (st, t) => {
      if (!(t instanceof JsObject)) return undefined
      const tail = frames.get(t)
      if (tail === undefined) return undefined
      const name = toStr(st, t.get(st, "name"))
      const message = toStr(st, t.get(st, "message"))
      const text = (message === "" ? name : `${name}: ${message}`) + tail
      materialiseStack(st, t, text)
      return text
    }),
  )
  realm.registerIntrinsic(
    "%ErrorStackSetter%",
    realm.builtin("stack", 1, (st, t, [v]) => {
      materialiseStack(st, t, v)
      return undefined
    }),
  )
}

function attachStack(st: JsState, e: JsObject): void {
  frames.set(e, st.stackText("", st.line))
  const accessor = new Accessor(st.realm.intrinsic("%ErrorStackGetter%") as JsFunction, st.realm.intrinsic("%ErrorStackSetter%") as JsFunction)
  e.defineOwn(st, "stack", accessor, HIDDEN)
}

export function installErrors(realm: Realm): void {
  installStackAccessor(realm)
  let base: JsFunction | undefined
  for (const name of ERROR_NAMES) {
    const proto = new JsObject(name === "Error" ? realm.ObjectPrototype : realm.errorPrototype("Error"))
    realm.registerIntrinsic(`${name}.prototype`, proto)
    const aggregate = name === "AggregateError"
    const fallback = `${name}.prototype`
    const ctor = realm.constructorFunction(
      name,
      aggregate ? 2 : 1,
      (st, _t, args, newTarget) => {
        const e = new JsError(st.realm.prototypeFor(newTarget, fallback))
        e.line = st.line
        const message = aggregate ? args[1] : args[0]
        const options = aggregate ? args[2] : args[1]
        if (message !== undefined) e.defineOwn(st, "message", toStr(st, message), HIDDEN)
        if (options instanceof JsObject && options.has("cause")) e.defineOwn(st, "cause", options.get(st, "cause"), HIDDEN)
        if (aggregate) e.defineOwn(st, "errors", st.realm.newArray(iterableToList(st, args[0])), HIDDEN)
        attachStack(st, e)
        return e
      },
      proto,
      base,
    )
    if (name === "Error") base = ctor
    proto.defineOwn(realm.st, "name", name, HIDDEN)
    proto.defineOwn(realm.st, "message", "", HIDDEN)
    realm.defineGlobal(name, ctor)
  }
  realm.methods(realm.errorPrototype("Error"), {
    toString: spec(0, (st: JsState, thisArg: Value) => errorToString(st, thisArg)),
  })
}

export function errorToString(st: JsState, v: Value): string {
  if (!(v instanceof JsObject)) throw st.typeError("Error.prototype.toString requires that 'this' be an Object")
  const name = v.get(st, "name")
  const message = v.get(st, "message")
  const n = name === undefined ? "Error" : toStr(st, name)
  const m = message === undefined ? "" : toStr(st, message)
  return n === "" ? m : m === "" ? n : `${n}: ${m}`
}

export { JsArray }
