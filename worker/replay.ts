/**
 * The host as the engines see it in a worker: over the channel, answered from the replay log first.
 *
 * One class serves both shapes the engines use. As a `Host`, a call blocks until its answer
 * arrives (Lua's every call, JavaScript's synchronous extension globals). As `HostCalls`,
 * `start` posts a request and returns at once and `waitAny` blocks until some answer arrives, so
 * a JavaScript program that starts twenty tool calls has twenty requests at the host before it
 * waits for any.
 *
 * Replay. Every call gets an ordinal, the n-th call of the execution. While the task's log
 * (protocol/replay.ts) holds the answer to call n, the call is answered from it without a frame
 * sent, after checking that the program asked for exactly what the log says it asked the first
 * time; a request that differs means the engine is not deterministic, and the execution stops
 * with a diagnostic naming the call rather than take an answer meant for another. The clock is
 * answered from the log's readings in order, and `waitAny` settles calls in the logged order,
 * then those whose answers are logged but were never seen settling (they arrived after the last
 * run stopped), then live. Past the log everything is live: calls are posted with their ordinal,
 * so the host can tell a new call from one an earlier run already made (and is still running),
 * and each request carries what the program read from the world since the last one.
 *
 * Suspension. When the host needs the thread back while the program waits, it asks the channel
 * to give up the wait (bridge/protocol.ts, `YIELD`). The wait then ends with a stop no program
 * handler sees, and `suspension` records what the program was waiting on; the worker entry turns
 * the run's ending into a `Suspension` for the host, which runs the program again when an answer
 * arrives.
 *
 * An answer is a value, a catchable `HostFailure`, or a stop (the host's timeout, a call-limit
 * stop), which throws `HostStop` from wherever the engine is waiting. A wait cut short by the host
 * (it interrupted or closed the channel) is a stop as well.
 */

import { ChannelError, withoutStack, type ChannelResponse, type WorkerChannel } from "../bridge/worker-channel.js"
import type { DataValue } from "../protocol/data.js"
import type { Diagnostic } from "../protocol/diagnostic.js"
import type { HostCall } from "../protocol/operations.js"
import type { LoggedCall, LoggedReply, ReplayLog, RequestMeta, WorldTrace } from "../protocol/replay.js"
import { callKind, type YieldRule } from "../protocol/task.js"
import { HostFailure, HostStop, type Host, type HostCalls, type HostOutcome } from "./engine-host.js"

const EMPTY_LOG: ReplayLog = { calls: [], clock: [], settled: [] }

/** Messages of the replay layer, one factory each. */
export const ReplayMessages = {
  diverged: (ordinal: number, logged: LoggedCall, asked: HostCall) =>
    `internal error: replaying this execution, call ${ordinal + 1} asked for ${label(asked.op, asked.name)} with other ` +
    `arguments than the first run, which asked for ${label(logged.op, logged.name)}; the execution was stopped rather ` +
    `than answered with another call's result`,
  settledOutOfOrder: (ordinal: number) =>
    `internal error: replaying this execution, call ${ordinal + 1} settled before the program had made it`,
  stopped: (detail: string) => `execution was stopped while waiting on the host (${detail})`,
  suspended: () => "execution suspended while waiting on the host (it runs again when an answer arrives)",
} as const

const label = (op: string, name: string): string => (op === "tool" ? `tools.${name}` : name)

interface Started {
  readonly settle: (outcome: HostOutcome) => void
  /** The logged answer, when this call is answered from the log. */
  readonly logged: LoggedCall | undefined
  /** Its kind as the pool times it (`callKind`), for a live call; undefined: not timed. */
  readonly kind: string | undefined
}

/** A task's `YieldRule`, read by the worker: whether to give the thread back as a wait begins. */
export class SelfYield {
  private readonly pressure: Int32Array
  private readonly fast: ReadonlySet<string>
  private readonly maxComputedMs: number

  constructor(rule: YieldRule) {
    this.pressure = new Int32Array(rule.pressure)
    this.fast = new Set(rule.fast)
    this.maxComputedMs = rule.maxComputedMs
  }

  /** True when a wait on calls of these kinds (undefined: untimed) should give the thread back at once. */
  now(kinds: Iterable<string | undefined>, computedMs: number): boolean {
    if (computedMs > this.maxComputedMs) return false
    // Load (seq-cst): pairs with the pool's store as it schedules work.
    if (Atomics.load(this.pressure, 0) === 0) return false
    let any = false
    for (const kind of kinds) {
      if (kind === undefined || this.fast.has(kind)) return false
      any = true
    }
    return any
  }
}

export class ReplayingHost implements Host, HostCalls {
  /** The ordinal the next call gets. */
  private ordinal = 0
  private clockRead = 0
  private settledRead = 0
  /** What the program read from the world since the last request (reported with the next). */
  private newClock: number[] = []
  private newSettled: number[] = []
  /** Concurrent calls started and not settled, by ordinal, in the order they started. */
  private readonly started = new Map<number, Started>()
  /** Channel request id -> ordinal, for live concurrent calls. */
  private readonly ordinals = new Map<number, number>()
  /** Set when the host asked for the thread back: what the program was waiting on. */
  suspension: { readonly waitingOn: ReadonlyArray<number> } | undefined = undefined

  constructor(
    private readonly channel: WorkerChannel,
    private readonly log: ReplayLog = EMPTY_LOG,
    private readonly selfYield?: SelfYield,
  ) {}

  /** The execution's clock: the logged readings first, then the live clock (recorded). */
  readonly now = (): number => {
    if (this.clockRead < this.log.clock.length) return this.log.clock[this.clockRead++]!
    const now = Date.now()
    this.newClock.push(now)
    return now
  }

  /** What the program read from the world and has not reported yet (for a `Suspension`). */
  takeTrace(): WorldTrace {
    const trace = { clock: this.newClock, settled: this.newSettled }
    this.newClock = []
    this.newSettled = []
    return trace
  }

  // -------------------------------------------------------------------------------------------
  // Host: one blocking call

  call(request: HostCall): DataValue {
    const ordinal = this.ordinal++
    const logged = this.fromLog(ordinal, request)
    if (logged !== undefined) return valueOf(logged.reply)
    // Decided before the request is posted: a run that gives its thread back on it does not wake
    // the host for it (the host reads it with the run's end, `WorkerChannel.post`).
    const yields = this.selfYield?.now([callKind(request.op, request.name)], this.channel.computedMs) === true
    const id = this.post(ordinal, request, !yields)
    return valueOf(replyOf(this.wait(() => (yields ? this.channel.yieldNow() : this.channel.waitFor(id)), [ordinal])))
  }

  // -------------------------------------------------------------------------------------------
  // HostCalls: concurrent calls (JavaScript)

  get pending(): number {
    return this.started.size
  }

  start(request: HostCall, settle: (outcome: HostOutcome) => void): void {
    const ordinal = this.ordinal++
    const logged = this.fromLog(ordinal, request)
    if (logged === undefined) this.ordinals.set(this.post(ordinal, request), ordinal)
    this.started.set(ordinal, { settle, logged, kind: logged === undefined ? callKind(request.op, request.name) : undefined })
  }

  waitAny(): void {
    if (this.settledRead < this.log.settled.length) {
      const ordinal = this.log.settled[this.settledRead++]!
      const call = this.started.get(ordinal)
      if (call === undefined || call.logged === undefined) {
        throw new HostStop({ kind: "ExecutionFailure", message: ReplayMessages.settledOutOfOrder(ordinal) })
      }
      return this.settle(ordinal, call, call.logged.reply)
    }
    // Answers that came while no run was there to see them settle: in the order they came.
    let first: number | undefined
    for (const [ordinal, call] of this.started) {
      if (call.logged === undefined) continue
      if (first === undefined || call.logged.arrival < this.started.get(first)!.logged!.arrival) first = ordinal
    }
    if (first !== undefined) {
      this.newSettled.push(first)
      const call = this.started.get(first)!
      return this.settle(first, call, call.logged!.reply)
    }
    const yields = this.selfYield?.now(this.liveKinds(), this.channel.computedMs) === true
    for (;;) {
      // An answer already in gives the program something to go on with: it does not yield for it.
      const arrived = yields ? this.channel.poll() : undefined
      const response = arrived ?? this.wait(() => (yields ? this.channel.yieldNow() : this.channel.waitAny()), [...this.started.keys()])
      const ordinal = this.ordinals.get(response.id)
      // Not one of ours: an answer to a blocking call is taken by that call, so this cannot
      // normally happen; dropping it is the safe reading.
      if (ordinal === undefined) continue
      this.ordinals.delete(response.id)
      this.newSettled.push(ordinal)
      return this.settle(ordinal, this.started.get(ordinal)!, replyOf(response))
    }
  }

  /** The program has finished: the host interrupts what is still running; its answers are dropped. */
  cancelAll(): void {
    this.started.clear()
    this.ordinals.clear()
    this.channel.discardPending()
  }

  // -------------------------------------------------------------------------------------------

  /** The kinds of the live calls the program waits on. */
  private *liveKinds(): Iterable<string | undefined> {
    for (const call of this.started.values()) yield call.kind
  }

  private settle(ordinal: number, call: Started, reply: LoggedReply): void {
    this.started.delete(ordinal)
    call.settle(reply.ok ? { ok: true, value: reply.value } : { ok: false, failure: new HostFailure(reply.kind as never, reply.message) })
  }

  /** The logged call `ordinal`, after checking it answers this very request. */
  private fromLog(ordinal: number, request: HostCall): LoggedCall | undefined {
    const logged = this.log.calls[ordinal]
    if (logged === undefined || logged === null) return undefined
    if (logged.op !== request.op || logged.name !== request.name || logged.args !== JSON.stringify(request.args)) {
      throw new HostStop({ kind: "ExecutionFailure", message: ReplayMessages.diverged(ordinal, logged, request) })
    }
    return logged
  }

  private post(ordinal: number, request: HostCall, ring = true): number {
    const meta: { -readonly [K in keyof RequestMeta]: RequestMeta[K] } = { i: ordinal }
    if (this.newClock.length > 0) meta.c = this.newClock
    if (this.newSettled.length > 0) meta.s = this.newSettled
    const id = this.channel.post(request.op, request.name, request.args, meta as never, ring)
    if (meta.c !== undefined) this.newClock = []
    if (meta.s !== undefined) this.newSettled = []
    return id
  }

  /** Runs a wait on the channel; a wait the host cut short is a stop, a yield a suspension. */
  private wait(wait: () => ChannelResponse, waitingOn: ReadonlyArray<number>): ChannelResponse {
    try {
      return wait()
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error
      if (error.reason === "yielded") {
        this.suspension = { waitingOn }
        throw suspended()
      }
      throw new HostStop({ kind: "TimeoutExceeded", message: ReplayMessages.stopped(error.message) })
    }
  }
}

const SUSPENDED: Diagnostic = { kind: "ExecutionFailure", message: ReplayMessages.suspended() }

/** The stop a suspension unwinds the program with; read by nobody but the worker entry. */
const suspended = (): HostStop => withoutStack(() => new HostStop(SUSPENDED))

/** A response frame as the reply the program sees; stops throw. */
const replyOf = (response: ChannelResponse): LoggedReply => {
  if (response.ok) return { ok: true, value: response.value as DataValue }
  const { kind, message, stop } = response.error
  if (stop) throw new HostStop({ kind: kind as never, message })
  return { ok: false, kind: kind as never, message }
}

/** A reply as a blocking call's value; a failure throws. */
const valueOf = (reply: LoggedReply): DataValue => {
  if (reply.ok) return reply.value
  throw new HostFailure(reply.kind as never, reply.message)
}
