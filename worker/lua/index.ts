/**
 * The Lua engine: `runLua(source, options)` runs one program and always returns a result.
 *
 * The pipeline is parse -> compile -> run -> convert: luaparse reads the program as bytes
 * (parse.ts), the compiler turns the tree into closures over frame slots (compile/), the main
 * chunk runs with this execution's own state and globals (stdlib/), and its first return value
 * crosses to the host as plain data (worker/data/lua.ts). Nothing of an execution survives into
 * the next: what is kept is what never changes, a program's compiled closures (programs.ts) and
 * the libraries' functions, made once over a state that `begin` readies for each run.
 *
 * Every failure becomes a `Diagnostic` (see `diagnose`): compile errors and static bounds are
 * `ParseError` / `UnsupportedSyntax`; an uncaught Lua error is `ExecutionFailure` with the
 * message real Lua would print; a failed host call the program did not catch keeps the host's
 * kind (`ToolFailure`, ...); bounds, timeouts and host stops report their own diagnostic. A
 * JavaScript exception that escapes the engine is a bug, reported as an internal error — `runLua`
 * never throws.
 */

import { toolNamesFor } from "../tool-names.js"
import { ProgramExit, type LiveOutput } from "../output.js"
import type { Diagnostic } from "../../protocol/diagnostic.js"
import { copyLuaToData, luaToData } from "./data/convert.js"
import { textFromBytesLossy } from "../data/utf8.js"
import type { DataValue } from "../../protocol/data.js"
import { HostStop, noHost, type Host } from "../engine-host.js"
import { resolveBounds, type Bounds } from "../../protocol/bounds.js"
import { LuaMessages } from "./messages.js"
import { CHUNK_NAME, CompileError } from "./parse.js"
import { compiledProgram } from "./programs.js"
import { HostCallError } from "./runtime/host-calls.js"
import { allowCopies } from "./runtime/hot.js"
import { numberToString } from "./runtime/number.js"
import { LuaState, type LuaStateOptions } from "./runtime/state.js"
import { InvalidTableKey, LuaError, LuaFloat, LuaTable, NO_VALUES, TableTooLarge, typeName } from "./runtime/value.js"
import { keepShapes } from "./shapes.js"
import { openLibraries } from "./stdlib/index.js"
import { mayReadToolList } from "./stdlib/discovery.js"
import type { Outcome, SnapshotTool } from "../../protocol/task.js"

keepShapes()

export interface LuaOptions {
  /** Where tools, `search` and extension globals go; default: a host with no tools. */
  readonly host?: Host
  /** Wall-clock deadline on the `performance.now()` scale, in ms; default `Infinity`. */
  readonly deadline?: number
  /** When element 0 becomes non-zero, the program stops at its next metering point. */
  readonly interrupt?: Int32Array
  /** Seed of `math.random`; default: derived from the clock, different for each execution. */
  readonly randomSeed?: number
  /** Lower (never raise) the engine's bounds, e.g. in tests; see worker/limits.ts. */
  readonly bounds?: Partial<Bounds>
  /** Extension globals by dotted path (`fetch`, `fs.readFile`); calls go to the host as `op: "global"`. */
  readonly globals?: ReadonlyArray<string>
  /** The catalog's tools (canonical path, description), listed by `ALL_TOOLS`; default none. */
  readonly tools?: ReadonlyArray<SnapshotTool>
  /** Receives each output block as it is made (live output); the Outcome carries them all anyway. */
  readonly live?: LiveOutput
}

export function runLua(source: string, options: LuaOptions = {}): Outcome {
  let st: LuaState | undefined
  let logs: string[] = []
  let running = false
  try {
    const stateOptions: LuaStateOptions = {
      host: options.host ?? noHost,
      bounds: resolveBounds(options.bounds),
      deadline: options.deadline ?? Infinity,
      interrupt: options.interrupt,
      randomSeed: options.randomSeed ?? defaultSeed(),
      chunkName: CHUNK_NAME,
      ...(options.live === undefined ? {} : { live: options.live }),
    }
    st = takeState(stateOptions)
    allowCopies()
    logs = st.logs
    const warnings = st.warnings
    const program = compiledProgram(source, st.bounds) // parse, compile (or reuse)
    if (options.tools !== undefined) st.toolNames = toolNamesFor(options.tools)
    const tools = options.tools !== undefined && mayReadToolList(source) ? options.tools : NO_TOOLS
    const { G, strings, iterators } = openLibraries(st, options.globals ?? [], tools)
    program.runtime.bind(st, G, strings, iterators)
    program.busy = running = true
    let value: DataValue
    try {
      const first = st.call(program.main, NO_VALUES)[0] // run
      value = first === undefined ? null : luaToData(st, first, "result") // convert
    } finally {
      program.busy = false
      program.runtime.release()
    }
    return { ok: true, value, logs, warnings, ...st.output.outcomeField }
  } catch (error) {
    // `exit()`: the program ends here, successfully, with what it has output (worker/output.ts).
    if (error instanceof ProgramExit && st !== undefined) return { ok: true, value: null, logs, warnings: st.warnings, ...st.output.outcomeField }
    return { ok: false, error: diagnose(st, error, running), logs, ...(st?.output.outcomeField ?? {}) }
  } finally {
    if (st !== undefined) {
      st.release()
      idleState = st
    }
  }
}

/**
 * The state the last run ended with, kept with its libraries for the next (runtime/state.ts,
 * stdlib/index.ts). Taken while a run uses it: a run started inside another (a host that runs a
 * Lua program from within a call) makes a state of its own.
 */
let idleState: LuaState | undefined

/** A state begun with `options`: the one the last run left (its libraries made), else a new one. */
export function takeState(options: LuaStateOptions): LuaState {
  const kept = idleState
  idleState = undefined
  if (kept === undefined) return new LuaState(options)
  kept.begin(options)
  return kept
}

/** What `ALL_TOOLS` lists for a program that cannot name it. */
const NO_TOOLS: ReadonlyArray<SnapshotTool> = []

let seedCounter = 0

/** A seed that differs between executions, even two started in the same millisecond. */
const defaultSeed = (): number => (Date.now() * 1000 + Math.floor(performance.now() * 1000) + ++seedCounter) % 2 ** 52

/** The diagnostic for whatever ended the execution. */
function diagnose(st: LuaState | undefined, error: unknown, running: boolean): Diagnostic {
  if (error instanceof CompileError || error instanceof HostStop) return error.diagnostic
  if (st !== undefined) {
    if (error instanceof HostCallError) {
      const message = st.where(error.line) + String(error.value)
      return error.line > 0 ? { kind: error.kind, message, location: { line: error.line } } : { kind: error.kind, message }
    }
    if (error instanceof LuaError) return uncaughtError(st, error)
    if (error instanceof InvalidTableKey) return { kind: "ExecutionFailure", message: error.message }
    if (error instanceof TableTooLarge) return st.tableTooLarge().diagnostic
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      if (!running) return { kind: "ParseError", message: `${CHUNK_NAME}: ${LuaMessages.expressionTooComplex()}` }
      return st.stackOverflow().diagnostic
    }
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return { kind: "ExecutionFailure", message: LuaMessages.internalError(detail) }
}

/** An uncaught `error(value)`: shown as the `lua` standalone interpreter shows it. */
function uncaughtError(st: LuaState, error: LuaError): Diagnostic {
  const value = error.value
  let message: string
  if (typeof value === "string") message = value
  else if (typeof value === "number" || typeof value === "bigint" || value instanceof LuaFloat) message = numberToString(value)
  else if (value instanceof LuaTable) message = tableErrorMessage(st, value, error.raisedAt)
  else message = LuaMessages.errorObject(typeName(value))
  const position = /^input:(\d+):/.exec(message)
  const line = position !== null ? Number(position[1]) : error.raisedAt > 0 ? error.raisedAt : st.line
  return line > 0
    ? { kind: error.kind, message: textOf(message), location: { line } }
    : { kind: error.kind, message: textOf(message) }
}

/**
 * An uncaught `error({ code = "NOT_OPEN" })`: the standalone interpreter says only "(error object
 * is a table value)", which leaves a model nothing to act on. JavaScript shows a thrown object, so
 * Lua shows the table as JSON, after the line of the `error` call. A table that is not JSON data
 * (a function inside, a cycle) keeps the plain phrase.
 */
function tableErrorMessage(st: LuaState, table: LuaTable, line: number): string {
  const phrase = LuaMessages.errorObject("table")
  let json: string
  try {
    json = JSON.stringify(copyLuaToData(st, table, "error"))
  } catch {
    return line > 0 ? `${st.where(line)}${phrase}` : phrase
  }
  const shown = json.length > MAX_ERROR_TABLE_CHARS ? `${json.slice(0, MAX_ERROR_TABLE_CHARS)}…` : json
  return `${line > 0 ? st.where(line) : ""}${phrase} ${shown}`
}

/** The longest JSON text of an error table shown in a diagnostic. */
const MAX_ERROR_TABLE_CHARS = 2_000

/** Error messages are byte strings like every Lua string; diagnostics are text (decoded leniently). */
const textOf = textFromBytesLossy
