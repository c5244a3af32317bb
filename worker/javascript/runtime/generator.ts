/**
 * Generator objects: a program generator is a `JsGenerator` around the host generator that runs
 * its resumable body (compile/resumable.ts). `next`, `return` and `throw` on the realm's
 * `%GeneratorPrototype%` step it; a `yield` in the body is a host `yield` of the value.
 */

import { JsObject, type Value } from "./object.js"
import { ThrowSignal, type JsState } from "./state.js"
import { iterResult } from "./iterate.js"

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
    let r: IteratorResult<unknown, Value>
    try {
      r = mode === "next" ? this.body.next(arg) : mode === "throw" ? this.body.throw(new ThrowSignal(arg)) : this.body.return(arg)
    } catch (error) {
      this.done = true
      st.depth = depth
      throw error
    } finally {
      this.running = false
    }
    if (r.done) this.done = true
    return iterResult(st, r.value as Value, r.done === true)
  }
}
