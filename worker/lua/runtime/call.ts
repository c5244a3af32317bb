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
 * `f(null, a, b, c)` instead of `f([a, b, c])`. A call site with at most three fixed arguments
 * that finds such a callee uses `invokeDirect`, which is `invoke` without the argument array:
 * most calls of most programs (`fib(n - 1)`, `add(x, y)`, `o:get(k)`) then allocate nothing but
 * the callee's frame. Missing arguments arrive as `undefined` (nil) and extra ones are dropped,
 * as a fixed-parameter Lua function does with a list. Builtins never see this convention: they
 * are never marked.
 *
 * Host calls — a tool, `search`, an extension global — convert their arguments with the
 * plain-data contract (`luaToData`: a violation stops the execution with `InvalidDataValue`), block
 * on `host.call`, and convert the answer back (`dataToLua`). A `HostFailure` becomes a Lua error the
 * program may catch: its value is the host's message and it remembers the diagnostic kind and the
 * line, so if nothing catches it the execution fails with that kind (`ToolFailure`, ...). A
 * `HostStop` passes through untouched: no `pcall` sees it.
 */

import type { DataValue } from "../../data/value.js"
import { dataToLua, luaToData } from "../../data/lua.js"
import { HostFailure, type HostCall } from "../../host.js"
import { LuaMessages } from "../messages.js"
import { ONE_RESULT, TAIL_CALL, type LuaState } from "./state.js"
import { LuaError, LuaTable, ToolReference, type LuaFunction, type LuaValue } from "./value.js"

/** What a compiled call site knows about itself, for `invoke`. */
export interface CallSite {
  readonly line: number
  /** How the call names its callee (`f` for `f()` or `t.f()`, `m` for `o:m()`), or null. */
  readonly name: string | null
  /** A method call `o:m(...)`: `self` does not count in argument errors. */
  readonly method: boolean
}

/**
 * A compiled Lua function that takes its arguments directly (see the essay above): `args` is
 * `null` and the arguments are `a`, `b`, `c`. Such functions carry `direct: true`.
 */
export interface DirectFunction extends LuaFunction {
  (args: LuaValue[] | null, a?: LuaValue, b?: LuaValue, c?: LuaValue): LuaValue[]
  readonly direct?: true
}

/** True when `f` may be called with its arguments directly. */
export const isDirect = (f: LuaFunction): f is DirectFunction => (f as DirectFunction).direct === true

/** Calls a function from a compiled call site: its result list. */
export function invoke(st: LuaState, f: LuaFunction, args: LuaValue[], site: CallSite): LuaValue[] {
  const results = invokeRaw(st, f as DirectFunction, args, site, undefined, undefined, undefined)
  return results === ONE_RESULT ? [st.result] : results
}

/** Calls a function from a compiled call site that wants only the first result. */
export function invokeFirst(st: LuaState, f: LuaFunction, args: LuaValue[], site: CallSite): LuaValue {
  const results = invokeRaw(st, f as DirectFunction, args, site, undefined, undefined, undefined)
  return results === ONE_RESULT ? st.result : results[0]
}

/** `invoke` of a `direct` function with its (at most three) arguments: its result list. */
export function invokeDirect(st: LuaState, f: DirectFunction, site: CallSite, a?: LuaValue, b?: LuaValue, c?: LuaValue): LuaValue[] {
  const results = invokeRaw(st, f, null, site, a, b, c)
  return results === ONE_RESULT ? [st.result] : results
}

/** `invokeFirst` of a `direct` function with its (at most three) arguments. */
export function invokeDirectFirst(st: LuaState, f: DirectFunction, site: CallSite, a?: LuaValue, b?: LuaValue, c?: LuaValue): LuaValue {
  const results = invokeRaw(st, f, null, site, a, b, c)
  return results === ONE_RESULT ? st.result : results[0]
}

/**
 * The call itself (see the essay above); its results may be `ONE_RESULT`. `args` is null for a
 * direct call, and `a`, `b`, `c` are then the arguments (a builtin ignores them). Kept small, with
 * the tail-call loop and the error path out of line, so V8 inlines it into every call site.
 */
function invokeRaw(st: LuaState, f: DirectFunction, args: LuaValue[] | null, site: CallSite, a: LuaValue, b: LuaValue, c: LuaValue): LuaValue[] {
  if (--st.fuel <= 0) st.refuel()
  const depth = ++st.depth
  const line = site.line
  st.line = line
  if (depth > st.maxDepth) throw st.stackOverflow()
  const lines = st.callLines
  lines[depth] = line
  lines[depth + 1] = 0
  let results: LuaValue[]
  try {
    results = f(args, a, b, c)
  } catch (error) {
    throw callFailure(st, error, depth, f, site)
  }
  if (results === TAIL_CALL) results = runTailCalls(st, depth)
  st.depth = depth - 1
  return results
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

/** A host failure as a Lua error: catchable, and reported with its own kind if it is not caught. */
export class HostCallError extends LuaError {
  constructor(
    message: string,
    kind: HostFailure["kind"],
    /** Where the host call was made, for the diagnostic of an uncaught failure. */
    readonly line: number,
  ) {
    super(message, kind)
  }
}

/** Sends one request to the host and converts its answer to a Lua value. */
export function callHost(st: LuaState, request: HostCall): LuaValue {
  if (--st.fuel <= 0) st.refuel()
  let answer: DataValue
  try {
    answer = st.host.call(request)
  } catch (error) {
    if (error instanceof HostFailure) throw new HostCallError(error.message, error.kind, st.line)
    throw error
  }
  return dataToLua(st, answer, { root: "output" })
}

/** An argument of a host call as plain data (`nil` is JSON null). */
const argumentData = (st: LuaState, value: LuaValue, root: string): DataValue =>
  value === undefined ? null : luaToData(st, value, root)

/** Calls the tool a `ToolReference` names; its input is the first argument (`{}` when absent). */
export function callTool(st: LuaState, tool: ToolReference, args: LuaValue[]): LuaValue[] {
  const first = args[0]
  if (first instanceof ToolReference) st.error(LuaMessages.toolMethodCall(tool.path))
  const input: DataValue = first === undefined ? {} : luaToData(st, first, "input")
  return [callHost(st, { op: "tool", name: tool.path, args: [input] })]
}

/** The `search` global: its arguments go to the host as they are. */
export const searchBuiltin =
  (st: LuaState): LuaFunction =>
  (args) => {
    const data = args.map((a, i) => argumentData(st, a, `args[${i + 1}]`))
    return [callHost(st, { op: "search", name: "search", args: data })]
  }

/**
 * Installs extension globals by their dotted paths (`fetch`, `fs.readFile`): each becomes a
 * builtin that forwards its arguments to the host as `{ op: "global", name: path }`. Missing
 * intermediate tables are created; an existing table (a library) is extended.
 */
export function installExtensionGlobals(st: LuaState, G: LuaTable, paths: ReadonlyArray<string>): void {
  for (const path of paths) {
    const parts = path.split(".")
    let table = G
    for (let i = 0; i < parts.length - 1; i++) {
      const existing = table.get(parts[i])
      if (existing instanceof LuaTable) {
        table = existing
      } else {
        const created = new LuaTable(st.bounds.maxTableEntries)
        table.set(parts[i], created)
        table = created
      }
    }
    const name = path
    table.set(parts[parts.length - 1], (args: LuaValue[]) => {
      const data = args.map((a, i) => argumentData(st, a, `args[${i + 1}]`))
      return [callHost(st, { op: "global", name, args: data })]
    })
  }
}
