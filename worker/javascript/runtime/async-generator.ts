/**
 * Async generator objects: `async function*` bodies driven by a queue of `next`/`return`/`throw`
 * requests, each answered by a promise, following the specification's AsyncGenerator abstract
 * operations step by step so that microtask order matches Node's.
 *
 * The body is the same host generator as any resumable body (compile/resumable.ts). It yields
 * two kinds of things: an `AwaitRequest` (an `await`, or the implicit awaits of `yield v`,
 * `return v` and `for await`), which the driver settles and resumes exactly like `runAsync`; and
 * any other value, which is AsyncGeneratorYield: the front request's promise is resolved with
 * `{ value, done: false }`, and the body stays suspended until a request is waiting.
 *
 * States are the specification's: suspended-start, suspended-yield, executing, awaiting-return,
 * completed. A `return(v)` that reaches a body suspended at a `yield` first awaits `v` (so
 * `return(promise)` returns the settled value) and then travels as a `GeneratorReturn`, which runs
 * the body's `finally` blocks; one that arrives before the body starts or after it ended only
 * awaits `v` (awaiting-return).
 */

import { JsObject, type Value } from "./object.js"
import { GeneratorReturn } from "./generator.js"
import { iterResult } from "./iterate.js"
import { AwaitRequest, newPromise, promiseResolve, rejectPromise, resolvePromise, whenSettled, type JsPromise } from "./promise.js"
import { ThrowSignal, type JsState } from "./state.js"

const START = 0
const YIELD = 1
const EXECUTING = 2
const AWAITING_RETURN = 3
const COMPLETED = 4

export const enum Resume {
  Next = 0,
  Throw = 1,
  Return = 2,
}

interface Request {
  readonly mode: Resume
  readonly value: Value
  readonly promise: JsPromise
}

export class JsAsyncGenerator extends JsObject {
  private state = START
  private readonly queue: Request[] = []

  constructor(
    proto: JsObject,
    private readonly body: Generator<unknown, Value, Value>,
    private readonly st: JsState,
  ) {
    super(proto)
  }

  override get className(): string {
    return "AsyncGenerator"
  }

  /** AsyncGenerator.prototype.next / return / throw on this object: the request's promise. */
  enqueue(mode: Resume, value: Value): JsPromise {
    const st = this.st
    const promise = newPromise(st)
    if (mode === Resume.Throw && this.state === START) this.state = COMPLETED
    if (this.state === COMPLETED && mode !== Resume.Return) {
      if (mode === Resume.Next) resolvePromise(st, promise, iterResult(st, undefined, true))
      else rejectPromise(st, promise, value)
      return promise
    }
    this.queue.push({ mode, value, promise })
    if (mode === Resume.Return && (this.state === START || this.state === COMPLETED)) {
      this.state = AWAITING_RETURN
      this.awaitReturn()
    } else if (this.state === START || this.state === YIELD) {
      this.resumeWith(this.queue[0]!)
    }
    return promise
  }

  /** Resumes the body with a request (AsyncGeneratorResume + UnwrapYieldResumption). */
  private resumeWith(request: Request): void {
    const wasStart = this.state === START
    this.state = EXECUTING
    if (request.mode === Resume.Return && !wasStart) {
      // A return at a `yield` awaits its value first; a rejection is thrown in at the `yield`.
      this.awaitThen(
        request.value,
        (v) => this.step(Resume.Return, v),
        (e) => this.step(Resume.Throw, e),
      )
      return
    }
    this.step(request.mode, request.value)
  }

  /** Runs the body until it awaits, yields or finishes. */
  private step(mode: Resume, arg: Value): void {
    const st = this.st
    const depth = st.depth
    const base = st.resumeBase
    st.resumeBase = depth
    let r: IteratorResult<unknown, Value>
    try {
      r = mode === Resume.Next ? this.body.next(arg) : this.body.throw(mode === Resume.Throw ? new ThrowSignal(arg) : new GeneratorReturn(arg))
    } catch (error) {
      st.depth = depth
      if (error instanceof GeneratorReturn) return this.finish(false, error.value)
      if (error instanceof ThrowSignal) return this.finish(true, error.value)
      throw error
    } finally {
      st.resumeBase = base
    }
    st.depth = depth
    if (r.done) return this.finish(false, r.value)
    if (r.value instanceof AwaitRequest) {
      this.awaitThen(
        r.value.value,
        (v) => this.step(Resume.Next, v),
        (e) => this.step(Resume.Throw, e),
      )
      return
    }
    // AsyncGeneratorYield: answer the front request, then go on at once if another is waiting.
    this.completeStep(false, r.value as Value, false)
    if (this.queue.length > 0) this.resumeWith(this.queue[0]!)
    else this.state = YIELD
  }

  private awaitThen(value: Value, fulfilled: (v: Value) => void, rejected: (e: Value) => void): void {
    let p: JsPromise
    try {
      p = promiseResolve(this.st, value)
    } catch (error) {
      if (!(error instanceof ThrowSignal)) throw error
      rejected(error.value)
      return
    }
    whenSettled(this.st, p, fulfilled, rejected)
  }

  /** The body ended (returned or threw): answer the front request, then the rest of the queue. */
  private finish(threw: boolean, value: Value): void {
    this.state = COMPLETED
    this.completeStep(threw, value, true)
    this.drainQueue()
  }

  /** AsyncGeneratorCompleteStep: settles the front request's promise. */
  private completeStep(threw: boolean, value: Value, done: boolean): void {
    const request = this.queue.shift()!
    if (threw) rejectPromise(this.st, request.promise, value)
    else resolvePromise(this.st, request.promise, iterResult(this.st, value, done))
  }

  /** AsyncGeneratorDrainQueue: requests that arrived while the body ran, answered as "finished". */
  private drainQueue(): void {
    while (this.queue.length > 0) {
      const next = this.queue[0]!
      if (next.mode === Resume.Return) {
        this.state = AWAITING_RETURN
        this.awaitReturn()
        return
      }
      this.completeStep(next.mode === Resume.Throw, next.mode === Resume.Throw ? next.value : undefined, true)
    }
  }

  /** AsyncGeneratorAwaitReturn: `return(v)` on a generator that is not running awaits `v`. */
  private awaitReturn(): void {
    const settle = (threw: boolean) => (v: Value) => {
      this.state = COMPLETED
      this.completeStep(threw, v, true)
      this.drainQueue()
    }
    this.awaitThen(this.queue[0]!.value, settle(false), settle(true))
  }
}
