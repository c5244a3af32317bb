/**
 * The state of one Lua execution: its meter, its call depth, its output, and the way back to the
 * host. One `LuaState` lives exactly as long as one `runLua` call; nothing in it survives into the
 * next execution.
 *
 * Metering is one counter. `fuel` counts down from `FUEL_CHECK_INTERVAL`; the interpreter spends a
 * unit at every loop back-edge and call (`if (--st.fuel <= 0) st.refuel()`), builtins spend what
 * their work costs (`st.charge(n)`). When the counter runs out, `refuel` — the slow path, out of
 * line — adds the interval to the total spent, stops the program if the total passes
 * `bounds.maxFuel`, if the wall-clock deadline has passed, or if the host raised the interrupt
 * flag, and otherwise refills the counter. So the hot path costs one decrement and one branch, and
 * a busy loop notices its deadline within a few hundred microseconds.
 *
 * Calls: every Lua function is a `LuaFunction` (`args => results`). A compiled function whose body
 * ends in `return f(...)` does not call `f`: it stores `f` and the arguments in `tailFunction` /
 * `tailArgs` and returns `TAIL_CALL`; the nearest non-tail call site (or `call` below) runs the
 * callee in a loop. So proper tail calls run in constant JavaScript stack.
 */

import type { Diagnostic } from "../../data/diagnostic.js"
import type { Host } from "../../host.js"
import { FUEL_CHECK_INTERVAL, type Bounds } from "../../limits.js"
import { HostStop, LuaError, NO_VALUES, ToolReference, type LuaFunction, type LuaValue } from "./value.js"

/** Returned by a compiled function instead of its results when it ends in a tail call. */
export const TAIL_CALL: LuaValue[] = []

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
}

export class LuaState {
  /** Fuel left before the next slow-path check. */
  fuel = FUEL_CHECK_INTERVAL
  /** Fuel spent in completed intervals. */
  private spent = 0
  /** Current depth of non-tail Lua calls. */
  depth = 0
  /** Line of the most recent call site: builtins report their errors there. */
  line = 0
  /** Pending tail call (see `TAIL_CALL`). */
  tailFunction: LuaValue = undefined
  tailArgs: LuaValue[] = NO_VALUES

  readonly logs: string[] = []
  readonly warnings: Diagnostic[] = []
  private logBytes = 0

  readonly host: Host
  readonly bounds: Bounds
  readonly deadline: number
  readonly interrupt: Int32Array | undefined
  readonly randomSeed: number
  readonly chunkName: string

  constructor(options: LuaStateOptions) {
    this.host = options.host
    this.bounds = options.bounds
    this.deadline = options.deadline
    this.interrupt = options.interrupt
    this.randomSeed = options.randomSeed
    this.chunkName = options.chunkName
  }

  // -------------------------------------------------------------------------------------------
  // Metering

  /** Spends `units` of fuel for work a builtin is about to do. */
  charge(units: number): void {
    this.fuel -= units
    if (this.fuel <= 0) this.refuel()
  }

  /** The slow path of metering; see the essay above. */
  refuel(): void {
    this.spent += FUEL_CHECK_INTERVAL - this.fuel
    this.fuel = FUEL_CHECK_INTERVAL
    if (this.spent > this.bounds.maxFuel) {
      throw new HostStop({
        kind: "ExecutionFailure",
        message: `${this.where()}program exceeded its work budget of ${this.bounds.maxFuel} steps (an endless loop?)`,
      })
    }
    if (performance.now() > this.deadline) throw this.timeout()
    if (this.interrupt !== undefined && Atomics.load(this.interrupt, 0) !== 0) {
      throw new HostStop({ kind: "ExecutionFailure", message: "execution was interrupted" })
    }
  }

  timeout(): HostStop {
    return new HostStop({
      kind: "TimeoutExceeded",
      message: `execution timed out while running code at line ${this.line}`,
      location: { line: this.line },
    })
  }

  /** Checks that a string of `bytes` bytes may be built, before building it. */
  checkStringSize(bytes: number): void {
    if (bytes > this.bounds.maxStringBytes) {
      throw new HostStop({
        kind: "ExecutionFailure",
        message: `${this.where()}string of ${bytes} bytes exceeds the limit of ${this.bounds.maxStringBytes} bytes`,
      })
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
    throw new LuaError(this.where() + message)
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
    let results = this.callOnce(fn, args)
    while (results === TAIL_CALL) results = this.callOnce(this.tailFunction, this.tailArgs)
    this.line = line
    return results
  }

  private callOnce(fn: LuaValue, args: LuaValue[]): LuaValue[] {
    if (typeof fn === "function") return (fn as LuaFunction)(args)
    if (fn instanceof ToolReference) return this.callTool(fn, args)
    this.error(`attempt to call a ${fn === undefined ? "nil" : typeof fn === "object" ? "table" : typeof fn} value`)
  }

  /** Set by the compiler's module: how a `ToolReference` is called (kept there with the other host calls). */
  callTool: (tool: ToolReference, args: LuaValue[]) => LuaValue[] = () => {
    this.error("tools are not available in this execution")
  }

  // -------------------------------------------------------------------------------------------
  // Output

  /** Appends a line to the execution's logs (`print`). */
  log(line: string): void {
    this.logBytes += line.length + 1
    if (this.logBytes > this.bounds.maxLogBytes) {
      throw new HostStop({
        kind: "ExecutionFailure",
        message: `${this.where()}program printed more than ${this.bounds.maxLogBytes} bytes of logs`,
      })
    }
    this.logs.push(line)
  }
}
