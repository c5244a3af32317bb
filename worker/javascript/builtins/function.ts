/**
 * `Function.prototype` (call, apply, bind, toString, Symbol.hasInstance) and the `Function`
 * global, which exists so that `fn.constructor` is the program's own `Function` — and refuses to
 * compile code, the classic escape (`({}).constructor.constructor("return process")()`). The same
 * refusal stands behind the constructors of async and generator functions.
 */

import { JsMessages } from "../messages.js"
import { FunctionKind, HIDDEN, isConstructor, JsFunction, JsObject, READONLY, type Value } from "../runtime/object.js"
import { JsArray } from "../runtime/array.js"
import { ordinaryHasInstance, toIntegerOrInfinity, toObject, toStr } from "../runtime/ops.js"
import { setup, type Realm, spec } from "../runtime/realm.js"
import { construct } from "../compile/functions.js"
import type { JsState } from "../runtime/state.js"

const NO_DYNAMIC_CODE = "programs cannot compile code at run time (eval, Function, new Function); write the code directly"

/** The arguments of `apply`: an array-like as a host array. */
export function listFromArrayLike(st: JsState, v: Value): Value[] {
  if (v === undefined || v === null) return []
  if (v instanceof JsArray && v.dense) return v.items.slice()
  if (!(v instanceof JsObject)) throw st.typeError("CreateListFromArrayLike called on non-object")
  const n = toIntegerOrInfinity(st, v.get(st, "length"))
  if (n > st.maxArrayLength) throw st.arrayTooLarge()
  const out: Value[] = []
  for (let i = 0; i < n; i++) out.push(v.get(st, String(i)))
  return out
}

/**
 * `String.raw(strings, ...subs)`: the raw strings of a template object interleaved with the
 * substitutions — the usual tag of tagged templates. Installed by builtins/string.ts.
 */
export function stringRaw(st: JsState, _t: Value, args: Value[]): Value {
  const raw = toObject(st, toObject(st, args[0]).get(st, "raw"))
  const n = toIntegerOrInfinity(st, raw.get(st, "length"))
  if (!(n > 0)) return ""
  let out = ""
  for (let i = 0; ; i++) {
    out += toStr(st, raw.get(st, String(i)))
    if (i + 1 >= n) return out
    if (i + 1 < args.length) out += toStr(st, args[i + 1])
    st.checkStringLength(out.length)
    if (--st.fuel <= 0) st.refuel()
  }
}

export function installFunction(realm: Realm): void {
  const FP = realm.FunctionPrototype
  const refuse = (st: JsState): never => {
    throw st.error("EvalError" as "Error", JsMessages.absent("Function", NO_DYNAMIC_CODE))
  }
  const FunctionCtor = realm.constructorFunction("Function", 1, refuse, FP)
  realm.defineGlobal("Function", FunctionCtor)
  const AsyncFunction = realm.constructorFunction("AsyncFunction", 1, refuse, realm.AsyncFunctionPrototype, FunctionCtor)
  void AsyncFunction
  setup(realm.AsyncFunctionPrototype, Symbol.toStringTag, "AsyncFunction", HIDDEN | READONLY)
  const GeneratorFunction = realm.constructorFunction("GeneratorFunction", 1, refuse, realm.GeneratorFunctionPrototype, FunctionCtor)
  void GeneratorFunction
  setup(realm.GeneratorFunctionPrototype, "prototype", realm.GeneratorPrototype, HIDDEN | READONLY)
  const AsyncGeneratorFunction = realm.constructorFunction("AsyncGeneratorFunction", 1, refuse, realm.AsyncGeneratorFunctionPrototype, FunctionCtor)
  setup(realm.AsyncGeneratorFunctionPrototype, "constructor", AsyncGeneratorFunction, HIDDEN | READONLY)

  realm.methods(FP, {
    call: [1, (st, thisArg, args) => st.call(thisArg, args[0], args.slice(1))],
    apply: [2, (st, thisArg, [self, list]) => st.call(thisArg, self, listFromArrayLike(st, list))],
    bind: [1, (st, thisArg, args) => {
      const target = thisArg
      if (!(target instanceof JsFunction)) throw st.typeError("Bind must be called on a function")
      const boundThis = args[0]
      const boundArgs = args.slice(1)
      const bound: JsFunction = new JsFunction(
        target.proto,
        (st2, _t, callArgs, newTarget) => {
          const all = boundArgs.length === 0 ? callArgs : boundArgs.concat(callArgs)
          if (newTarget === undefined) return target.impl(st2, boundThis, all, undefined)
          // `new bound(...)` constructs the target (a class gets its own `this`), as `new target(...)`.
          return construct(st2, target, all, newTarget === bound ? target : newTarget, st2.line)
        },
        `bound ${target.fname}`,
        Math.max(0, target.flength - boundArgs.length),
        isConstructor(target) ? FunctionKind.BuiltinConstructor : FunctionKind.Plain,
      )
      return bound
    }],
    toString: spec(0, (st: JsState, thisArg: Value) => {
      if (!(thisArg instanceof JsFunction)) throw st.typeError("Function.prototype.toString requires that 'this' be a Function")
      return `function ${thisArg.fname}() { [native code] }`
    }),
  })
  realm.defaultHasInstance = realm.symbolMethod(FP, Symbol.hasInstance, "[Symbol.hasInstance]", 1, (st, thisArg, [v]) =>
    thisArg instanceof JsFunction ? ordinaryHasInstance(st, thisArg, v) : false,
  )
}
