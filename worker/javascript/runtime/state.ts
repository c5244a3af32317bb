/**
 * The state of one JavaScript execution: meter, call depth, job queue, output, realm, host calls.
 * A `JsState` serves one `runJavaScript` call at a time: a compiled program that is run again
 * keeps its state object (its closures hold it) and `begin`s it afresh, with a fresh realm.
 *
 * Metering is the shared `Meter` (worker/meter.ts), as in the Lua engine: `fuel` counts down; compiled
 * code spends a unit at every loop back-edge and call (`if (--st.fuel <= 0) st.refuel()`),
 * builtins spend what their work costs (`st.charge(n)`), and `refuel` — the slow path — checks the
 * total budget, the wall-clock deadline and the host's interrupt flag. Stops are `HostStop`s,
 * which no program `catch` or `finally` sees.
 *
 * Exceptions: a program `throw` (and every TypeError/RangeError the engine raises for the
 * program) is a `ThrowSignal` carrying the program value. It deliberately does not extend `Error`:
 * creating one must not capture a host stack trace, and `catch` clauses test for it by class.
 *
 * Call depth: compiled functions raise `depth` on entry and lower it on a normal exit. An
 * exception unwinding through calls does not lower it; whoever catches (a `try`, the job loop, the
 * top level) restores the depth it saved, which keeps `try/finally` off the call path. `lines[d]`
 * is the program line that made the call at depth `d`, and `callees[d]` the function it called:
 * error stacks are built from both. Names are read only when a stack is built, so a call stores
 * one pointer rather than working out a name nobody may ask for.
 */

import type { LiveOutput } from "../../output.js"
import type { WatchedCall } from "./unawaited.js"
import { liveWorld, type World } from "../../world.js"
import { EngineState } from "../../engine-state.js"
import type { Diagnostic } from "../../../protocol/diagnostic.js"
import { HostStop, noHost, type Host, type HostCalls } from "../../engine-host.js"
import { DEFAULT_BOUNDS, type Bounds } from "../../../protocol/bounds.js"
import type { SnapshotTool } from "../../../protocol/task.js"
import { JsMessages } from "../messages.js"
import { JsFunction, type JsObject, type Value } from "./object.js"
import type { Realm } from "./realm.js"

/** A program exception in flight. */
export class ThrowSignal {
  constructor(readonly value: Value) {}
}

/** A job of the microtask queue. */
export type Job = () => void

export interface JsStateOptions {
  readonly host: Host
  readonly bounds: Bounds
  readonly deadline: number
  readonly interrupt?: Int32Array
  /** The clock and random sources (worker/world.ts); default: the live ones. */
  readonly world?: World
  /** Receives each output block as it is made (live output, worker/output.ts). */
  readonly live?: LiveOutput
}

/** What a released state holds until its next execution begins. */
const RELEASED: JsStateOptions = { host: noHost, bounds: DEFAULT_BOUNDS, deadline: Infinity }

export class JsState extends EngineState {
  // Every field is set by `begin`, the one place that says what a fresh execution starts from: a
  // compiled program keeps its state object from run to run (compile/programs.ts) and begins it
  // again, so nothing of one execution can survive into the next.
  depth!: number
  /**
   * The call depth at which the resumable body now running (a generator or async function step)
   * was resumed. A body may be resumed at a different depth each time, so a `catch` inside it
   * restores the depth relative to this, not to the absolute depth its `try` began at.
   */
  resumeBase!: number
  lines!: number[]
  /** The functions active at each depth (0: the program), for error stacks. */
  callees!: Array<JsFunction | null>
  maxDepth!: number
  maxArrayLength!: number
  maxStringLength!: number
  /** The value of the `return` being completed (see compile/context.ts, RETURN). */
  returned: Value
  /** The value of the last top-level expression statement (the program's REPL-style result). */
  completion: Value
  /** Label of a pending `break`/`continue`, or null for an unlabelled one. */
  label!: string | null

  /** Host calls started and not yet known to be observed (unawaited.ts). */
  watchedCalls!: WatchedCall[]

  /** Rejected promises nobody handled yet (see promise.ts). */
  unhandledRejections!: Set<JsObject>


  /** The microtask queue: a growing array read from `jobHead`. */
  private jobs!: Job[]
  private jobHead!: number

  realm!: Realm
  hostCalls!: HostCalls
  /** The first segments of the host's extension globals: what `import` and `require` may load. */
  moduleRoots!: ReadonlySet<string>
  /** The catalog's tools, from the worker's snapshot: what `ALL_TOOLS` lists when first read. */
  catalogTools!: ReadonlyArray<SnapshotTool>
  /** Template objects of tagged templates, one per call site, made on first use (templates.ts). */
  templateObjects!: Map<object, JsObject>

  host!: Host
  /** Where the program's clock and random numbers come from: never read `Date.now` directly. */
  world!: World
  bounds!: Bounds

  constructor(options: JsStateOptions) {
    super(options.bounds.maxFuel, options.deadline, options.interrupt)
    this.begin(options)
  }

  /** Starts an execution: every field as a new state has it. The realm is made afterwards. */
  begin(options: JsStateOptions): void {
    this.restartMeter(options.bounds.maxFuel, options.deadline, options.interrupt)
    this.depth = 0
    this.resumeBase = 0
    this.lines = [0]
    this.callees = [null]
    this.maxDepth = options.bounds.maxCallDepth
    this.maxArrayLength = options.bounds.maxTableEntries
    this.maxStringLength = options.bounds.maxStringBytes
    this.returned = undefined
    this.completion = undefined
    this.label = null
    this.unhandledRejections = new Set()
    this.restartRecord(options.bounds, options.live)
    this.watchedCalls = []
    this.jobs = []
    this.jobHead = 0
    this.realm = undefined as never
    this.hostCalls = undefined as never
    this.moduleRoots = new Set()
    this.catalogTools = []
    this.templateObjects = new Map()
    this.host = options.host
    this.world = options.world ?? liveWorld
    this.bounds = options.bounds
  }

  /** Lets go of the execution that ended, so a cached program does not keep its heap alive. */
  release(): void {
    this.begin(RELEASED)
  }

  // -- Metering --------------------------------------------------------------------------------

  protected workBudgetExceeded(maxFuel: number): HostStop {
    return this.stop("ExecutionFailure", JsMessages.workBudget(maxFuel))
  }

  protected timedOut(): HostStop {
    return new HostStop({ kind: "TimeoutExceeded", message: JsMessages.timeout(this.line), location: { line: this.line } })
  }

  protected interrupted(): HostStop {
    return this.stop("ExecutionFailure", JsMessages.interrupted())
  }

  stop(kind: Diagnostic["kind"], message: string): HostStop {
    return this.line > 0 ? new HostStop({ kind, message, location: { line: this.line } }) : new HostStop({ kind, message })
  }

  stackOverflow(): HostStop {
    return this.stop("ExecutionFailure", JsMessages.stackOverflow(this.maxDepth))
  }

  arrayTooLarge(): HostStop {
    return this.stop("ExecutionFailure", JsMessages.arrayTooLarge(this.maxArrayLength))
  }

  /** Checks that a string of `length` characters may be built, before building it. */
  checkStringLength(length: number): void {
    if (length > this.maxStringLength) throw this.stop("ExecutionFailure", JsMessages.stringTooLong(length, this.maxStringLength))
  }

  // -- Program errors ----------------------------------------------------------------------

  /** A program exception holding a new error of the realm's constructor `name`. */
  error(name: "Error" | "TypeError" | "RangeError" | "ReferenceError" | "SyntaxError", message: string, line = this.line): ThrowSignal {
    return new ThrowSignal(this.realm.makeError(name, message, line))
  }
  typeError(message: string, line = this.line): ThrowSignal {
    return this.error("TypeError", message, line)
  }
  rangeError(message: string, line = this.line): ThrowSignal {
    return this.error("RangeError", message, line)
  }

  /** The `stack` text of an error created now: program frames only. */
  stackText(header: string, line: number): string {
    let text = header
    let shown = 0
    text += `\n    at ${this.calleeName(this.depth)} (input:${line})`
    for (let d = this.depth; d > 0 && shown < 10; d--, shown++) {
      text += `\n    at ${this.calleeName(d - 1)} (input:${this.lines[d]})`
    }
    return text
  }

  private calleeName(depth: number): string {
    if (depth === 0) return "<program>"
    const fn = this.callees[depth]
    return fn === undefined || fn === null || fn.fname === "" ? "<anonymous>" : fn.fname
  }

  // -- Calls from builtins ---------------------------------------------------------------------

  /** Calls any program value as a function (builtins calling callbacks, getters, thenables). */
  call(fn: Value, thisArg: Value, args: Value[]): Value {
    if (!(fn instanceof JsFunction)) throw this.typeError(JsMessages.notAFunction(this.realm.describe(fn)))
    return fn.impl(this, thisArg, args, undefined)
  }

  // -- Jobs --------------------------------------------------------------------------------

  enqueue(job: Job): void {
    this.jobs.push(job)
  }

  /** Runs queued jobs until the queue is empty (jobs may enqueue more). */
  drainJobs(): void {
    const depth = this.depth
    while (this.jobHead < this.jobs.length) {
      const job = this.jobs[this.jobHead]!
      this.jobs[this.jobHead++] = undefined as unknown as Job
      if (this.jobHead > 4096 && this.jobHead * 2 > this.jobs.length) {
        this.jobs = this.jobs.slice(this.jobHead)
        this.jobHead = 0
      }
      if (--this.fuel <= 0) this.refuel()
      this.depth = depth
      job()
    }
    this.depth = depth
  }

}

export type { JsObject }
