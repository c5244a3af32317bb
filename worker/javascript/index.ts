/**
 * The JavaScript engine: `runJavaScript(source, options)` runs one program and always returns a
 * result, in the same shape as `runLua`.
 *
 * The pipeline is parse -> compile -> run -> settle -> convert: acorn reads the program and the
 * unsupported constructs are refused (parse.ts); the compiler turns the tree into closures over
 * frame slots (compile/), and programs.ts keeps recently compiled programs, so a program run again
 * skips both; a fresh realm of built-ins is made for this execution (builtins/);
 * the program runs as the body of an async function, and the engine's job queue runs until the
 * program's promise settles — blocking on host calls only when nothing else is runnable; the
 * program's value crosses to the host as plain data (data/convert.ts).
 *
 * Every failure becomes a `Diagnostic`: compile errors and static bounds are `ParseError` /
 * `UnsupportedSyntax`; an uncaught exception is `ExecutionFailure` (or the host's kind, for a failed
 * tool call the program did not catch) with the message `Name: message`; bounds, timeouts and host
 * stops report their own diagnostic. Rejections nobody handled become warnings.
 */

import type { World } from "../world.js"
import type { Diagnostic } from "../../protocol/diagnostic.js"
import { jsToData } from "./data/convert.js"
import { HostStop, noHost, type Host, SynchronousHostCalls, type HostCalls } from "../engine-host.js"
import { resolveBounds, type Bounds } from "../../protocol/bounds.js"
import { createRealm } from "./builtins/index.js"
import { errorToString } from "./builtins/errors.js"
import { inspect } from "./builtins/console.js"
import { JsMessages } from "./messages.js"
import { CompileError } from "./parse.js"
import { compiledProgram, type CompiledProgram } from "./programs.js"
import { JsError, type Value } from "./runtime/object.js"
import type { JsPromise } from "./runtime/promise.js"
import { type JsState, ThrowSignal } from "./runtime/state.js"
import { installHostGlobals, type HostGlobal } from "./runtime/host-values.js"
import { unawaitedWarnings } from "./runtime/unawaited.js"
import { toolNamesFor } from "../tool-names.js"
import { ProgramExit, type LiveOutput } from "../output.js"
import type { Outcome, SnapshotTool } from "../../protocol/task.js"

export interface JsOptions {
  /** Where tools, `search` and extension globals go; default: a host with no tools. */
  readonly host?: Host
  /** Wall-clock deadline on the `performance.now()` scale, in ms; default `Infinity`. */
  readonly deadline?: number
  /** When element 0 becomes non-zero, the program stops at its next metering point. */
  readonly interrupt?: Int32Array
  /** Lower (never raise) the engine's bounds, e.g. in tests; see worker/limits.ts. */
  readonly bounds?: Partial<Bounds>
  /** Extension globals by dotted path (`fetch`, `fs.readFile`); `async` ones return promises. */
  readonly globals?: ReadonlyArray<HostGlobal>
  /** How host calls start and settle; default: each call blocks on `host.call`. */
  readonly hostCalls?: HostCalls
  /** The catalog's tools (canonical path, description), listed by `ALL_TOOLS`; default none. */
  readonly tools?: ReadonlyArray<SnapshotTool>
  /** The clock and random sources (worker/world.ts); default: the live ones. */
  readonly world?: World
  /** Receives each output block as it is made (live output); the Outcome carries them all anyway. */
  readonly live?: LiveOutput
}

export function runJavaScript(source: string, options: JsOptions = {}): Outcome {
  let st: JsState | undefined
  let program: CompiledProgram | undefined
  let bounds: Bounds | undefined
  try {
    const host = options.host ?? noHost
    bounds = resolveBounds(options.bounds)
    program = compiledProgram(source, bounds) // parse, compile (or reuse)
    program.busy = true
    st = program.st
    st.begin({
      host,
      bounds,
      deadline: options.deadline ?? Infinity,
      interrupt: options.interrupt,
      ...(options.world === undefined ? {} : { world: options.world }),
      ...(options.live === undefined ? {} : { live: options.live }),
    })
    st.hostCalls = options.hostCalls ?? new SynchronousHostCalls(host)
    const realm = createRealm(st)
    const globals = options.globals ?? []
    installHostGlobals(realm, globals)
    st.catalogTools = options.tools ?? []
    if (options.tools !== undefined) st.toolNames = toolNamesFor(options.tools)
    if (globals.length > 0) st.moduleRoots = new Set(globals.map((g) => g.path.split(".")[0]!))
    const promise = program.run() // run
    settle(st, promise)
    // Calls still running are interrupted by the host once the program has returned; say so.
    const unawaited = unawaitedWarnings(st.watchedCalls, promise)
    st.hostCalls.cancelAll()
    if (promise.rejected) return { ok: false, error: uncaught(st, promise.value), logs: st.logs, ...st.output.outcomeField }
    if (!promise.settled) {
      return {
        ok: false,
        error: { kind: "ExecutionFailure", message: "the program is waiting on a promise that can never settle (nothing left to run)" },
        logs: st.logs,
        ...st.output.outcomeField,
      }
    }
    const value = jsToData(st, promise.value, "result") // convert
    for (const p of st.unhandledRejections) {
      if (p === promise) continue
      st.warnings.push({ kind: "ExecutionFailure", message: `Unhandled promise rejection: ${describeThrown(st, (p as JsPromise).value)}` })
    }
    st.warnings.push(...unawaited)
    return { ok: true, value, logs: st.logs, warnings: st.warnings, ...st.output.outcomeField }
  } catch (error) {
    // `exit()`: the program ends here, successfully, with what it has output (worker/output.ts).
    if (error instanceof ProgramExit && st !== undefined) {
      st.hostCalls.cancelAll()
      return { ok: true, value: null, logs: st.logs, warnings: st.warnings, ...st.output.outcomeField }
    }
    return { ok: false, error: diagnose(st, bounds, error), logs: st?.logs ?? [], ...(st?.output.outcomeField ?? {}) }
  } finally {
    if (program !== undefined && st !== undefined) {
      st.release()
      program.busy = false
    }
  }
}

/** Runs jobs until the program's promise settles, waiting on host calls when nothing is runnable. */
function settle(st: JsState, promise: JsPromise): void {
  for (;;) {
    st.drainJobs()
    if (promise.settled || st.hostCalls.pending === 0) return
    st.hostCalls.waitAny()
  }
}

function describeThrown(st: JsState, v: Value): string {
  try {
    if (v instanceof JsError) return errorToString(st, v)
    return `Uncaught ${inspect(st, v, 1)}`
  } catch {
    return "Uncaught exception"
  }
}

function uncaught(st: JsState, v: Value): Diagnostic {
  const message = describeThrown(st, v)
  const kind = v instanceof JsError && v.hostKind !== null ? (v.hostKind as Diagnostic["kind"]) : "ExecutionFailure"
  const line = v instanceof JsError ? v.line : st.line
  return line > 0 ? { kind, message, location: { line } } : { kind, message }
}

function diagnose(st: JsState | undefined, bounds: Bounds | undefined, error: unknown): Diagnostic {
  if (error instanceof CompileError || error instanceof HostStop) return error.diagnostic
  if (st !== undefined && error instanceof ThrowSignal) return uncaught(st, error.value)
  if (bounds !== undefined && error instanceof RangeError && /call stack/i.test(error.message)) {
    return { kind: "ExecutionFailure", message: JsMessages.stackOverflow(bounds.maxCallDepth) }
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return { kind: "ExecutionFailure", message: JsMessages.internalError(detail) }
}
