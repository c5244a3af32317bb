/**
 * %GeneratorPrototype%: `next`, `return` and `throw`, the methods every generator object inherits
 * (through its function's own `prototype`), plus the tags that make it print and classify as a
 * generator. It inherits from %IteratorPrototype%, whose `[Symbol.iterator]` returns `this`
 * (installed with the array iterators), so a generator object is itself iterable: spread,
 * `for-of`, destructuring, `Array.from`, `new Set(...)` and `Promise.all` all reach it through the
 * ordinary protocol in runtime/iterate.ts, with no special case for generators.
 *
 * The stepping itself is `JsGenerator.resume` (runtime/generator.ts); these are thin wrappers
 * that check the receiver first, as a method borrowed onto another object must fail cleanly.
 *
 * The async side lives here too: %AsyncIteratorPrototype% (`[Symbol.asyncIterator]` returns
 * `this`), %AsyncGeneratorPrototype% (`next`/`return`/`throw` queue a request on a
 * `JsAsyncGenerator` and return its promise) and the hidden %AsyncFromSyncIteratorPrototype%.
 */

import { JsMessages } from "../messages.js"
import { asyncFromSyncStep } from "../runtime/async-iteration.js"
import { JsAsyncGenerator, Resume } from "../runtime/async-generator.js"
import { newPromise, rejectPromise } from "../runtime/promise.js"
import { JsGenerator } from "../runtime/generator.js"
import { HIDDEN, READONLY, type Value } from "../runtime/object.js"
import { setup, type Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"

type Mode = "next" | "return" | "throw"

const thisGenerator = (st: JsState, t: Value, mode: Mode): JsGenerator => {
  if (t instanceof JsGenerator) return t
  throw st.typeError(JsMessages.incompatibleReceiver(`[Generator].prototype.${mode}`, st.realm.describe(t)))
}

const step =
  (mode: Mode) =>
  (st: JsState, t: Value, args: Value[]): Value =>
    thisGenerator(st, t, mode).resume(st, mode, args[0])

export function installGenerator(realm: Realm): void {
  const GP = realm.GeneratorPrototype
  realm.methods(GP, { next: [1, step("next")], return: [1, step("return")], throw: [1, step("throw")] })
  // The spec's links: GeneratorFunction.prototype.prototype is %GeneratorPrototype% (set up with
  // the Function global) and %GeneratorPrototype%.constructor leads back to it.
  setup(GP, "constructor", realm.GeneratorFunctionPrototype, HIDDEN | READONLY)
  setup(GP, Symbol.toStringTag, "Generator", HIDDEN | READONLY)
  setup(realm.GeneratorFunctionPrototype, Symbol.toStringTag, "GeneratorFunction", HIDDEN | READONLY)

  // %AsyncIteratorPrototype%: async iterators (async generator objects among them) are async iterable.
  realm.symbolMethod(realm.AsyncIteratorPrototype, Symbol.asyncIterator, "[Symbol.asyncIterator]", 0, (_st, t) => t)
  // %AsyncGeneratorPrototype%: each method answers with a promise, even for a wrong receiver.
  const AGP = realm.AsyncGeneratorPrototype
  const request = (mode: Resume, name: string) => (st: JsState, t: Value, args: Value[]) => {
    if (t instanceof JsAsyncGenerator) return t.enqueue(mode, args[0])
    const p = newPromise(st)
    rejectPromise(st, p, st.realm.makeError("TypeError", JsMessages.incompatibleReceiver(`[AsyncGenerator].prototype.${name}`, st.realm.describe(t)), st.line))
    return p
  }
  realm.methods(AGP, { next: [1, request(Resume.Next, "next")], return: [1, request(Resume.Return, "return")], throw: [1, request(Resume.Throw, "throw")] })
  setup(AGP, "constructor", realm.AsyncGeneratorFunctionPrototype, HIDDEN | READONLY)
  setup(AGP, Symbol.toStringTag, "AsyncGenerator", HIDDEN | READONLY)
  setup(realm.AsyncGeneratorFunctionPrototype, "prototype", AGP, HIDDEN | READONLY)
  setup(realm.AsyncGeneratorFunctionPrototype, Symbol.toStringTag, "AsyncGeneratorFunction", HIDDEN | READONLY)

  // The wrapper `for await` puts around a sync iterable; never handed to the program.
  const fromSync = (mode: Mode) => (st: JsState, t: Value, args: Value[]) => asyncFromSyncStep(st, t, mode, args)
  realm.methods(realm.AsyncFromSyncIteratorPrototype, { next: [1, fromSync("next")], return: [1, fromSync("return")], throw: [1, fromSync("throw")] })
}
