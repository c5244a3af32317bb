/**
 * Generator objects: a program generator is a `JsGenerator` around the host generator that runs
 * its resumable body (compile/resumable.ts). `next`, `return` and `throw` on the realm's
 * `%GeneratorPrototype%` step it; a `yield` in the body is a host `yield` of the value.
 *
 * `return(v)` is not the host generator's `return`: that would skip the program's own `finally`
 * blocks, which are emulated in resumable.ts rather than written as host `finally`. Instead a
 * `GeneratorReturn` is thrown in at the `yield`; the emulated `try` runs its `finally` for it (and
 * lets a `return` or `yield` there take over, as the language says) and otherwise passes it on,
 * and `resume` turns it back into `{ value: v, done: true }` when it leaves the body.
 *
 * Async generators (`JsAsyncGenerator`, async-generator.ts) reuse the same body form and the same
 * `GeneratorReturn`, with a request queue and promises in front.
 */

import { JsObject, type Value } from "./object.js"
import { ThrowSignal, type JsState } from "./state.js"
import { iterResult } from "./iterate.js"

/** A `return()` travelling through a suspended generator body; never visible to the program. */
export class GeneratorReturn {
  constructor(readonly value: Value) {}
}

/**
 * What a body yields for `yield*`: the inner iterator's own result object, which `next()` hands
 * to the caller as it is (the language does not re-wrap delegated results).
 */
export class DelegatedResult {
  constructor(readonly result: JsObject) {}
}

export class JsGenerator extends JsObject {
  running = false
  done = false
  constructor(
    proto: JsObject,
    readonly body: Generator<unknown, Value, Value>,
  ) {
    super(proto)
  }
  override get className(): string {
    return "Generator"
  }

  resume(st: JsState, mode: "next" | "return" | "throw", arg: Value): JsObject {
    if (this.running) throw st.typeError("Generator is already running")
    if (this.done) {
      if (mode === "throw") throw new ThrowSignal(arg)
      return iterResult(st, mode === "return" ? arg : undefined, true)
    }
    this.running = true
    const depth = st.depth
    const base = st.resumeBase
    st.resumeBase = depth
    let r: IteratorResult<unknown, Value>
    try {
      r = mode === "next" ? this.body.next(arg) : this.body.throw(mode === "throw" ? new ThrowSignal(arg) : new GeneratorReturn(arg))
    } catch (error) {
      this.done = true
      st.depth = depth
      if (error instanceof GeneratorReturn) return iterResult(st, error.value, true)
      throw error
    } finally {
      this.running = false
      st.resumeBase = base
    }
    if (r.done) this.done = true
    else if (r.value instanceof DelegatedResult) return r.value.result
    return iterResult(st, r.value as Value, r.done === true)
  }
}
