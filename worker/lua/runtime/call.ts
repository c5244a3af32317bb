/**
 * Calls at run time: the one path every compiled call site takes, and calls that leave the program.
 *
 * `invoke` is the calling convention in one place: spend a unit of fuel, count the call depth
 * against `maxCallDepth`, record the line (builtins report their errors there, `error(msg, 2)`
 * reads the line stack), call, and run any tail calls the callee handed back (`TAIL_CALL`) in a
 * loop, so tail calls never deepen the JavaScript stack. When an exception unwinds through here
 * the depth is not restored: whoever catches (pcall, the top level) resets it to what it saved.
 *
 * Direct calls: a compiled Lua function without varargs and with at most three parameters is
 * marked `direct` (compile/functions.ts) and also accepts its arguments as JavaScript arguments —
 * `code.entry(cells, null, a, b, c)` instead of `f([a, b, c])`. A call site with at most three fixed
 * arguments that finds such a callee uses `invokeDirect`, which is `invoke` without the argument
 * array: most calls of most programs (`fib(n - 1)`, `add(x, y)`, `o:get(k)`) then allocate
 * nothing but the callee's frame. Missing arguments arrive as `undefined` (nil) and extra ones
 * are dropped, as a fixed-parameter Lua function does with a list. A direct call calls the
 * entry of the closure's code, not the closure: the entry is the same function in every run, so
 * what V8 learnt about the call site in one run still holds in the next (compile/functions.ts).
 * Builtins never see this convention: they are never marked.
 *
 * Unary builtins: the builtins a program calls most with one argument for one value — `type(v)`,
 * `tostring(v)` — also carry `unary`, the same builtin taking that argument and giving that value
 * without either list (`withUnary`). A call site with exactly one fixed argument that wants one
 * result and finds it uses `invokeUnaryFirst`, the same call as `invokeRaw` (fuel, depth, line,
 * error renaming) with no list made: a serializer calling `type` and `tostring` per value made
 * two short-lived arrays per call, a fifth of everything it allocated. Only such a site may use
 * it: `unary` knows it got exactly one argument, which is what tells `type(nil)` from `type()`.
 */

import { privateCopy, template } from "./hot.js"
import { ONE_RESULT, TAIL_CALL, type LuaState } from "./state.js"
import type { LuaError, LuaFunction, LuaValue } from "./value.js"

/** What a compiled call site knows about itself, for `invoke`. */
export interface CallSite {
  readonly line: number
  /** How the call names its callee (`f` for `f()` or `t.f()`, `m` for `o:m()`), or null. */
  readonly name: string | null
  /** A method call `o:m(...)`: `self` does not count in argument errors. */
  readonly method: boolean
}

/**
 * The entry of a compiled Lua function: called with the closure's upvalue cells and its arguments,
 * either as a list or — `args` null, for a `direct` function — as `a`, `b`, `c`.
 */
export type FunctionEntry = (cells: Array<{ v: LuaValue }>, args: LuaValue[] | null, a?: LuaValue, b?: LuaValue, c?: LuaValue) => LuaValue[]

/**
 * The code of one function literal, shared by all its closures: its entry, which is replaced once
 * by a private copy when the function turns hot (hot.ts), so that closures made before
 * run the new code too.
 */
export interface FunctionCode {
  entry: FunctionEntry
}

/** A compiled Lua function that takes its arguments directly (see the essay above). */
export interface DirectFunction extends LuaFunction {
  readonly direct: true
  readonly code: FunctionCode
  readonly cells: Array<{ v: LuaValue }>
}

/** A builtin that also runs on exactly one argument for its first result (see the essay above). */
export interface UnaryBuiltin extends LuaFunction {
  readonly unary: (x: LuaValue) => LuaValue
}

/** `list` (the builtin as every call sees it) carrying `unary`, its one-argument, one-result form. */
export function withUnary(list: LuaFunction, unary: (x: LuaValue) => LuaValue): UnaryBuiltin {
  const builtin = list as LuaFunction & { unary: (x: LuaValue) => LuaValue }
  builtin.unary = unary
  return builtin
}

/** True when `f` has a one-argument form. */
export const isUnary = (f: LuaFunction): f is UnaryBuiltin => (f as { unary?: unknown }).unary !== undefined

/** True when `f` may be called with its arguments directly. */
export const isDirect = (f: LuaFunction): f is DirectFunction => (f as { direct?: boolean }).direct === true

/** Calls a function from a compiled call site: its result list. */
export function invoke(st: LuaState, f: LuaFunction, args: LuaValue[], site: CallSite): LuaValue[] {
  const results = invokeRaw(st, f, args, site, undefined, undefined, undefined)
  return results === ONE_RESULT ? [st.result] : results
}

/** Calls a function from a compiled call site that wants only the first result. */
export function invokeFirst(st: LuaState, f: LuaFunction, args: LuaValue[], site: CallSite): LuaValue {
  return firstResult(st, invokeRaw(st, f, args, site, undefined, undefined, undefined))
}

/** `invoke` of a `direct` function with its (at most three) arguments: its result list. */
export function invokeDirect(st: LuaState, f: DirectFunction, site: CallSite, a?: LuaValue, b?: LuaValue, c?: LuaValue): LuaValue[] {
  const results = invokeRaw(st, f, null, site, a, b, c)
  return results === ONE_RESULT ? [st.result] : results
}

/** `invokeFirst` of a `direct` function with its (at most three) arguments. */
export function invokeDirectFirst(st: LuaState, f: DirectFunction, site: CallSite, a?: LuaValue, b?: LuaValue, c?: LuaValue): LuaValue {
  return firstResult(st, invokeRaw(st, f, null, site, a, b, c))
}

/** The first of the results a call returned, which may be `ONE_RESULT`. */
export function firstResult(st: LuaState, results: LuaValue[]): LuaValue {
  return results === ONE_RESULT ? st.result : results[0]
}

/**
 * The call itself (see the essay above); its results may be `ONE_RESULT`. `args` is null for a
 * direct call, and `a`, `b`, `c` are then the arguments (`f` is then a `DirectFunction`).
 */
export type RawInvoke = (st: LuaState, f: LuaFunction, args: LuaValue[] | null, site: CallSite, a: LuaValue, b: LuaValue, c: LuaValue) => LuaValue[]

/**
 * The template of the call itself (hot.ts). Kept small, with the tail-call loop and the
 * error path out of line, so V8 inlines it into every call site; a call site of a hot function
 * inlines a private copy, whose feedback at the callee's entry is its own.
 */
const invokeTemplate = template(function invokeTemplate(
  enter: typeof enterCall,
  failure: typeof callFailure,
  tailCalls: typeof runTailCalls,
  TAIL: LuaValue[],
): RawInvoke {
  return function invokeRaw(st, f, args, site, a, b, c) {
    const depth = enter(st, site)
    let results: LuaValue[]
    try {
      results = args === null ? (f as DirectFunction).code.entry((f as DirectFunction).cells, null, a, b, c) : f(args)
    } catch (error) {
      throw failure(st, error, depth, f, site)
    }
    if (results === TAIL) results = tailCalls(st, depth)
    st.depth = depth - 1
    return results
  }
})

/** The call path every call site shares. */
export const invokeRaw: RawInvoke = invokeTemplate(enterCall, callFailure, runTailCalls, TAIL_CALL)

/** A private copy of the call path, for one call site of a hot function; the shared one when copies are refused. */
export function privateInvoke(): RawInvoke {
  return privateCopy(invokeTemplate)?.(enterCall, callFailure, runTailCalls, TAIL_CALL) ?? invokeRaw
}

/** `f(x)` for its first value, through the unary form of a builtin (see the essay above). */
export function invokeUnaryFirst(st: LuaState, f: UnaryBuiltin, site: CallSite, x: LuaValue): LuaValue {
  const depth = enterCall(st, site)
  let result: LuaValue
  try {
    result = f.unary(x)
  } catch (error) {
    throw callFailure(st, error, depth, f, site)
  }
  st.depth = depth - 1
  return result
}

/** What every call does before it runs: fuel, depth, and the line, for errors and `error(m, 2)`. */
function enterCall(st: LuaState, site: CallSite): number {
  if (--st.fuel <= 0) st.refuel()
  const depth = ++st.depth
  const line = site.line
  st.line = line
  if (depth > st.maxDepth) throw st.stackOverflow()
  const lines = st.callLines
  lines[depth] = line
  lines[depth + 1] = 0
  return depth
}

/** Runs the tail calls a callee at `depth` handed back, until one returns its results. */
function runTailCalls(st: LuaState, depth: number): LuaValue[] {
  let results: LuaValue[] = TAIL_CALL
  while (results === TAIL_CALL) {
    if (--st.fuel <= 0) st.refuel()
    // Named after the `return f()` that made it (see `tailSite`); read before `g` can replace it.
    const g = st.tailFunction
    const tail = st.tailSite
    st.callLines[depth + 1] = 0
    try {
      results = g(st.tailArgs)
    } catch (error) {
      throw callFailure(st, error, depth, g, tail)
    }
  }
  return results
}

/**
 * What an exception out of the call of `f` at `depth` becomes: a builtin's "bad argument" error
 * renamed after the call site, a JavaScript stack overflow as the depth stop, anything else as it is.
 */
function callFailure(st: LuaState, error: unknown, depth: number, f: LuaFunction, site: CallSite): unknown {
  return error === st.raised && st.raisedDepth === depth ? st.renameArgumentError(error as LuaError, f, site.name, site.method) : st.stackCheck(error)
}

/**
 * Records that the current frame is at `line` the way real Lua's saved program counter would
 * (see `savedLine`). Calls record themselves (`callLines`); a numeric `for` and a concatenation
 * call this.
 */
export function noteSavedLine(st: LuaState, line: number): void {
  st.callLines[st.depth + 1] = line
}

/**
 * The line Lua 5.4.4 reports for an integer division or modulo by zero. Its VM raises that error
 * without saving the program counter first, so the position is that of the last instruction of
 * the current function that did save it: a call, a numeric `for`, a concatenation (and some we
 * do not track: a closure, a missed table read, `#`, `==`), or else the line where the function
 * starts (`start`; 1 for the main chunk). `callLines[depth + 1]` holds the line of the current
 * frame's last such instruction: every call clears it for the frame it enters.
 */
export function savedLine(st: LuaState, start: number): number {
  return st.callLines[st.depth + 1] || start
}
