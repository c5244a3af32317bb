/**
 * The state of one Lua execution: its meter, its call depth, its output, and the way back to the
 * host. A thread keeps one `LuaState` from run to run (runLua in index.ts), because the libraries'
 * functions are built once over it (stdlib/index.ts): `begin` is the one place that says what a
 * fresh execution starts from, and sets every per-run field, so nothing of one execution survives
 * into the next; `release` lets go of the execution that ended.
 *
 * Metering is the shared `Meter` (worker/meter.ts): compiled code spends fuel at back-edges and
 * calls (`if (--st.fuel <= 0) st.refuel()`), builtins with `st.charge(n)`; this class only words
 * the stops in Lua's terms.
 *
 * Calls: every Lua function is a `LuaFunction` (`args => results`). A compiled function whose body
 * ends in `return f(...)` does not call `f`: it stores `f` and the arguments in `tailFunction` /
 * `tailArgs` and returns `TAIL_CALL`; the nearest non-tail call site (or `call` below) runs the
 * callee in a loop. So proper tail calls run in constant JavaScript stack. Likewise `return e` with
 * one value leaves it in `result` and returns `ONE_RESULT`, which the caller reads at once.
 *
 * Call depth: every non-tail call (from compiled code or through `call`) raises `depth` and
 * records its line in `callLines[depth]`, so `error(msg, 2)` can name the line that called the
 * current function; a call that would pass `bounds.maxCallDepth` stops the execution. When an
 * exception unwinds compiled calls, nothing lowers `depth` on the way: whoever catches it
 * (`pcall`, the top level) restores the depth it saved, which keeps `finally` off the call path.
 * `call`, the path of builtins, puts back its own depth and line, since its builtin may catch.
 *
 * The state also remembers the last error a builtin raised (`raised`), so that the call which
 * made that builtin call can reword "bad argument" messages as real Lua does (see
 * `renameArgumentError`).
 */

import type { LiveOutput } from "../../output.js"
import { EngineState } from "../../engine-state.js"
import type { DiagnosticKind } from "../../../protocol/diagnostic.js"
import { HostStop, noHost, type Host } from "../../engine-host.js"
import { DEFAULT_BOUNDS, type Bounds } from "../../../protocol/bounds.js"
import { LuaMessages } from "../messages.js"
import type { CallSite } from "./call.js"
import { callTool } from "./host-calls.js"
import { canonicalInteger, LuaError, NO_VALUES, ToolReference, typeName, type LuaFunction, type LuaValue } from "./value.js"
import { Xoshiro256 } from "../stdlib/xoshiro.js"
import type { LibraryTemplates } from "../stdlib/index.js"

/** Returned by a compiled function instead of its results when it ends in a tail call. */
export const TAIL_CALL: LuaValue[] = []

/**
 * Returned by a compiled function whose `return` has exactly one value, which it leaves in
 * `st.result`: most calls return one value to a place that wants one value, and this spares
 * them a result array. Like `TAIL_CALL`, only `invoke` and `call` see it; they turn it into the
 * value or into a fresh one-element list at once, before anything else can run.
 */
export const ONE_RESULT: LuaValue[] = []

export interface LuaStateOptions {
  readonly host: Host
  readonly bounds: Bounds
  /** Wall-clock deadline (`performance.now()` scale, ms), or `Infinity`. */
  readonly deadline: number
  /** When element 0 becomes non-zero the program stops at its next metering point. */
  readonly interrupt?: Int32Array
  /** Seed of `math.random` for this execution. */
  readonly randomSeed: number
  /** Name used in error positions (`input:3: ...`). */
  readonly chunkName: string
  /** Receives each output block as it is made (live output, worker/output.ts). */
  readonly live?: LiveOutput
}

/** Call depth up to which `callLines` never grows (the default bound is 500). */
const PRESIZED_CALL_LINES = 1000

export class LuaState extends EngineState {
  // `begin` sets every per-run field, here and further down (it refills `callLines` and reseeds
  // `random`); only `libraries` is kept as it is from run to run.
  /** Current depth of non-tail Lua calls. */
  depth!: number
  /**
   * `callLines[d]`: the line of the call that entered depth `d`. Made at its full length (up to
   * `PRESIZED_CALL_LINES`) rather than grown by the calls, and kept from run to run: the code V8
   * optimized in one run stores only within the array it saw, and a fresh, short one in the next
   * run threw that code away on its first deeper call.
   */
  callLines: number[] = []
  /** Pending tail call (see `TAIL_CALL`); always a function. */
  tailFunction!: LuaFunction
  tailArgs!: LuaValue[]
  /**
   * The site of the pending tail call. Real Lua runs a tail-called builtin in a frame of its own
   * above the caller's, so its "bad argument" errors name it after the `return f()` that called
   * it, as a plain call would (`'sub'`, not `'string.sub'`).
   */
  tailSite!: CallSite
  /** The value behind a pending `ONE_RESULT`. */
  result: LuaValue
  /** Target of a pending `goto` (a compile-time label object). */
  gotoLabel: unknown
  /** `bounds.maxCallDepth`, read on every call. */
  maxDepth!: number
  /** Stable per-execution identities for `tostring` of tables and functions. */
  private ids!: WeakMap<object, number>
  private nextId!: number

  /** `math.random`'s generator, seeded from `randomSeed` (stdlib/math.ts). */
  readonly random = new Xoshiro256()

  host!: Host
  bounds!: Bounds
  randomSeed!: number
  chunkName!: string

  /**
   * The libraries as first opened over this state, which every run's globals are copied from
   * (stdlib/index.ts). Not per run: built once, never changed, and `begin` leaves them be.
   */
  libraries: LibraryTemplates | undefined = undefined

  constructor(options: LuaStateOptions) {
    super(options.bounds.maxFuel, options.deadline, options.interrupt)
    this.begin(options)
  }

  /** Starts an execution: every per-run field as a new state has it. */
  begin(options: LuaStateOptions): void {
    this.setRunFields(options)
    const lines = Math.min(this.maxDepth, PRESIZED_CALL_LINES) + 2
    if (this.callLines.length === lines) this.callLines.fill(0)
    else this.callLines = new Array<number>(lines).fill(0)
    this.random.seed(seedOf(options.randomSeed), 0)
  }

  /**
   * Lets go of the execution that ended, so a kept state does not keep its heap alive. The call
   * lines and the generator hold only numbers: they wait for the next `begin`.
   */
  release(): void {
    this.setRunFields(RELEASED)
  }

  /** Every per-run field that may hold a value of the run, and the meter. */
  private setRunFields(options: LuaStateOptions): void {
    this.restartMeter(options.bounds.maxFuel, options.deadline, options.interrupt)
    this.depth = 0
    this.maxDepth = options.bounds.maxCallDepth
    this.tailFunction = noFunction
    this.tailArgs = NO_VALUES
    this.tailSite = NO_SITE
    this.result = undefined
    this.gotoLabel = undefined
    this.ids = new WeakMap()
    this.nextId = 0
    this.restartRecord(options.bounds, options.live)
    this.raised = null
    this.raisedDepth = -1
    this.builtinNames = undefined
    this.nameBuiltins = nameNoBuiltins
    this.host = options.host
    this.bounds = options.bounds
    this.randomSeed = options.randomSeed
    this.chunkName = options.chunkName
  }

  // -------------------------------------------------------------------------------------------
  // Metering

  protected workBudgetExceeded(maxFuel: number): HostStop {
    return this.stop("ExecutionFailure", LuaMessages.fuelExhausted(maxFuel))
  }

  protected timedOut(): HostStop {
    return this.timeout()
  }

  protected interrupted(): HostStop {
    return new HostStop({ kind: "ExecutionFailure", message: LuaMessages.interrupted() })
  }

  /** A stop at the current line: `input:LINE: ` before the message and the line as its location. */
  stop(kind: DiagnosticKind, message: string, withPosition = true): HostStop {
    const line = this.line
    const text = withPosition ? this.where() + message : message
    return new HostStop(line > 0 ? { kind, message: text, location: { line } } : { kind, message: text })
  }

  timeout(): HostStop {
    return this.stop("TimeoutExceeded", LuaMessages.timedOut(this.line), false)
  }

  /** The stop for a call that would nest deeper than `maxCallDepth` (or overflow the JavaScript stack). */
  stackOverflow(): HostStop {
    const message =
      this.depth > this.maxDepth ? LuaMessages.stackOverflow(this.maxDepth) : LuaMessages.stackExhausted(this.depth)
    return this.stop("ExecutionFailure", message)
  }

  /**
   * A JavaScript stack overflow as the call-depth stop, worded with the depth where it happened
   * (so it is converted by the first call that sees it, before any depth is restored); any other
   * exception as it is.
   */
  stackCheck(error: unknown): unknown {
    return error instanceof RangeError && /call stack/i.test(error.message) ? this.stackOverflow() : error
  }

  /** The stop for a table that grew past `maxTableEntries` (at `line`, when the caller knows it). */
  tableTooLarge(line = this.line): HostStop {
    this.line = line
    return this.stop("ExecutionFailure", LuaMessages.tableTooLarge(this.bounds.maxTableEntries))
  }

  /** Checks that a string of `bytes` bytes may be built, before building it. */
  checkStringSize(bytes: number): void {
    if (bytes > this.bounds.maxStringBytes) {
      throw this.stop("ExecutionFailure", LuaMessages.stringTooLarge(bytes, this.bounds.maxStringBytes))
    }
  }

  // -------------------------------------------------------------------------------------------
  // Errors

  /** The position prefix real Lua puts before a runtime error raised at the current line. */
  where(line: number = this.line): string {
    return line > 0 ? `${this.chunkName}:${line}: ` : ""
  }

  /** Raises a Lua error with the current position, as `luaL_error` does. */
  error(message: string): never {
    const error = new LuaError(this.where() + message)
    this.raised = error
    this.raisedDepth = this.depth
    throw error
  }

  /**
   * The last error a builtin raised through `error`, and the call depth it was raised at. Real
   * Lua names a function in "bad argument" messages after the call that made it (`'f'` for a
   * local `f`, `'string.rep'` when called from `pcall`) and does not count `self` in method
   * calls; the call that sees this error come straight out of its callee rewrites the message
   * accordingly (runtime/call.ts).
   */
  raised!: LuaError | null
  raisedDepth!: number
  /**
   * Qualified names of the builtins (`string.rep`), for errors of builtins called without a name.
   * Built on the first error that needs one (most executions never do: walking every library
   * on every run cost a third of a trivial execution), from the libraries as they are then —
   * as real Lua's `pushglobalfuncname` searches the loaded modules when the error happens.
   */
  private builtinNames!: Map<LuaFunction, string> | undefined
  /** Fills the name map; installed by stdlib/index.ts when the libraries open. */
  nameBuiltins!: (names: Map<LuaFunction, string>) => void

  builtinName(fn: LuaFunction): string | undefined {
    if (this.builtinNames === undefined) {
      this.builtinNames = new Map()
      this.nameBuiltins(this.builtinNames)
    }
    return this.builtinNames.get(fn)
  }

  // -------------------------------------------------------------------------------------------
  // Calls

  /**
   * Calls any callable value with `args` and returns its results, resolving tail calls. Builtins
   * that call back into the program (`pcall`, `table.sort`, `string.gsub`) use this. The current
   * line is restored afterwards so the builtin's own errors still point at its call site.
   */
  call(fn: LuaValue, args: LuaValue[]): LuaValue[] {
    const line = this.line
    if (typeof fn !== "function") {
      if (fn instanceof ToolReference) return callTool(this, fn, args)
      this.error(LuaMessages.call(typeName(fn), ""))
    }
    if (--this.fuel <= 0) this.refuel()
    const depth = ++this.depth
    if (depth > this.maxDepth) throw this.stackOverflow()
    // Called from a builtin: like a C function in real Lua, this level has no line, so errors
    // raised right here (a builtin's, or `error` at level 1) carry no position.
    this.callLines[depth] = 0
    this.callLines[depth + 1] = 0
    this.line = 0
    let callee = fn as LuaFunction
    let site = NO_SITE
    let results: LuaValue[]
    try {
      results = callee(args)
      while (results === TAIL_CALL) {
        if (--this.fuel <= 0) this.refuel()
        callee = this.tailFunction
        // Read before the call: the callee may make tail calls of its own (through `pcall`).
        site = this.tailSite
        this.callLines[depth + 1] = 0
        results = callee(this.tailArgs)
      }
    } catch (error) {
      const thrown = error === this.raised && this.raisedDepth === depth ? this.renameArgumentError(error as LuaError, callee, site.name, site.method) : this.stackCheck(error)
      // The builtin that called may catch this (or a test may reuse the state): leave it as it was.
      this.depth = depth - 1
      this.line = line
      throw thrown
    }
    this.depth = depth - 1
    this.line = line
    return results === ONE_RESULT ? [this.result] : results
  }

  /**
   * A builtin's "bad argument #n to 'name'" as the call that made it would word it: `name` is the
   * call's name for the function (`null`: none, so the builtin's qualified name), and a method
   * call does not count `self` ("calling 'name' on bad self" when `self` is the bad one).
   */
  renameArgumentError(error: LuaError, callee: LuaFunction, name: string | null, method: boolean): LuaError {
    const m = /^(.*?)bad argument #(\d+) to '[^']*' \((.*)\)$/s.exec(String(error.value))
    if (m === null) return error
    const display = name ?? this.builtinName(callee) ?? "?"
    let n = Number(m[2])
    if (method) {
      n--
      if (n === 0) return new LuaError(`${m[1]}calling '${display}' on bad self (${m[3]})`)
    }
    return new LuaError(`${m[1]}bad argument #${n} to '${display}' (${m[3]})`)
  }

  // -------------------------------------------------------------------------------------------
  // Identity

  /** A number that names `value` for the whole execution (`table: 0x...`). */
  idOf(value: object): number {
    let id = this.ids.get(value)
    if (id === undefined) {
      id = ++this.nextId
      this.ids.set(value, id)
    }
    return id
  }

}

const noFunction: LuaFunction = () => NO_VALUES
const nameNoBuiltins = (): void => {}

/** The integer seed of `math.random` for an execution, from the host's `randomSeed` (any number). */
const seedOf = (seed: number): number | bigint => {
  if (!Number.isFinite(seed)) return 0
  const n = Math.trunc(seed)
  return Number.isSafeInteger(n) ? n + 0 : canonicalInteger(BigInt(n))
}

/** What a released state holds: nothing of any execution. */
const RELEASED: LuaStateOptions = { host: noHost, bounds: DEFAULT_BOUNDS, deadline: Infinity, randomSeed: 0, chunkName: "" }
/** The site of a call that has none: a builtin's (no name, so the qualified one is used). */
const NO_SITE: CallSite = { line: 0, name: null, method: false }
