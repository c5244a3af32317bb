/**
 * Hot code: a private copy of the closures a hot function or loop runs through.
 *
 * Every program's compiled code is made of the same few closures (one per shape), so V8's type
 * feedback at their call sites is shared by every program the worker ever ran: the call that
 * runs a function's body, a loop's body or a callee's code sees every kind of callee and V8
 * inlines none of them. Measured in one process after the other workloads had run: `fib(25)`
 * 9–10 ms, the `(i * i) % 7` loop 35–64 ms; the same run first, before any other program, 7 and
 * 21 ms.
 *
 * V8 can do better for a closure that is the only one its function literal ever made: it then
 * treats what the closure captured as constants when it optimizes it, so the body it calls is a
 * known function, inlined with everything that body calls in turn. A copy of a template made by
 * `privateCopy` is such a closure: the template's text, evaluated again with `new Function`,
 * is a new function literal with feedback of its own. The text is the engine's own (a template's
 * `toString()`, read as its module loads) and a counter; no program text ever reaches it, and a template refers to
 * nothing but its parameters and JavaScript's globals (test/lua/engine/hot.test.ts checks every
 * one), so the copy runs exactly as the shared closure does: same fuel, same bounds, same errors.
 *
 * A copy costs about 100 µs to make and to warm up, more than most programs run, so only what
 * turns out hot gets one, while it runs:
 *
 * - a function called `HOT_CALLS` times is compiled again, its call sites each with a private copy
 *   of the call path (call.ts), and its closures, those made before included, run that
 *   code from then on (compile/functions.ts). This needs the compile context, which a program keeps only
 *   for the run it was compiled for (`Runtime.release`): a cached program's tree is not kept.
 * - a loop (`while`, `repeat`, numeric `for`) that has run `HOT_ITERATIONS` iterations goes on in
 *   a private copy of itself, from the iteration it was at (compile/loops.ts).
 *
 * When code generation is refused (a host running Node with
 * `--disallow-code-generation-from-strings`), there are no copies and everything runs shared.
 */

/** Calls after which a function gets its private code. */
export const HOT_CALLS = 1_000

/** Iterations after which a loop goes on in its private copy. */
export const HOT_ITERATIONS = 5_000

/** Every template, for the test that checks each refers only to its parameters. */
export const TEMPLATES: Array<(...deps: never[]) => unknown> = []

/** Each template's text, read once as its module loads, before any program has run. */
const texts = new Map<unknown, string>()

/** Marks `factory` as a template (see the essay above): it may be copied by `privateCopy`. */
export function template<F extends (...deps: never[]) => unknown>(factory: F): F {
  TEMPLATES.push(factory)
  texts.set(factory, `return (${Function.prototype.toString.call(factory)})`)
  return factory
}

/**
 * Private copies one run may make. A copy's cost is V8's, which no fuel counts, so a program with
 * thousands of call sites in hot functions gets this many copies (about 6 ms) and runs the rest of
 * its code shared, as cold code does.
 */
export const MAX_COPIES_PER_RUN = 64

let copies = 0
let left = MAX_COPIES_PER_RUN
let refused = false

/** A run begins (index.ts): it may make `MAX_COPIES_PER_RUN` copies. */
export function allowCopies(): void {
  left = MAX_COPIES_PER_RUN
}

/** Copies this thread has made, for tests. */
export const copiesMade = (): number => copies

/**
 * A new function literal with `factory`'s text, or null when code generation is refused, the
 * run has made its copies (`MAX_COPIES_PER_RUN`) or `factory` is no template. The counter in the text keeps V8 from handing back a copy it
 * compiled before (its cache of dynamic functions is keyed by their text), which would share
 * that copy's feedback.
 */
export function privateCopy<F extends (...deps: never[]) => unknown>(factory: F): F | null {
  const text = texts.get(factory)
  if (refused || text === undefined || left <= 0) return null
  left--
  try {
    return new Function(`${text}\n// private copy ${++copies}`)() as F
  } catch (error) {
    if (!(error instanceof EvalError)) throw error
    refused = true
    return null
  }
}

/** `factory` itself, or its private copy when `copy` (a hot function's code) and copies are allowed. */
export function hotCopy<F extends (...deps: never[]) => unknown>(copy: boolean, factory: F): F {
  return (copy ? privateCopy(factory) : null) ?? factory
}
