/**
 * One execution's lifecycle on the host: its runs on workers, its suspensions, its deadline, and
 * its one Result.
 *
 * An execution is a deterministic function of its source, its seed and the log of what the host
 * answered (protocol/replay.ts). So it may take several runs. A run is one task on one worker: it
 * takes a channel from the pool, answers the worker's requests through the execution's calls
 * (calls.ts: admitted, run and logged once, whichever run asks), and ends one of three ways:
 *
 * - the program's outcome: the Result is built (only the last run's logs and warnings count: a
 *   run repeats everything the runs before it did, so its outcome is the whole execution's);
 * - a suspension: the pool asked the worker to give its thread back while the program waited on
 *   the host (workers.ts decides when). The execution keeps only its log; when an answer the
 *   program was waiting on arrives, it queues a new run, which is answered from the log up to the
 *   point where this one stopped and then goes on live;
 * - the worker died. A worker that ran out of memory or missed the deadline was killed by this
 *   program, which fails. After any other death (a crash, a thread terminated from outside) the
 *   execution runs again from its log on another worker, and no call it made is made again. Only
 *   a program whose code was running when its thread died can have caused the death: it is run
 *   again at most `MAX_RECOVERIES` times. One still waiting for its turn on that thread, or
 *   blocked on the host, is innocent and is always run again (its deadline still bounds it).
 *
 * Time is enforced twice. The worker's interpreter knows the deadline and stops itself at its
 * next metering point, so a busy loop ends cleanly and the worker stays warm. The host arms the
 * same deadline on the caller's `Clock` (deadline.ts): when it passes, calls in flight are
 * interrupted (their `after` hooks see `interrupted`), a running worker is stopped, and a
 * suspended execution simply ends. Suspended time counts: the deadline is wall time from
 * `execute`. If a worker has still not finished `TERMINATION_GRACE_MS` after the deadline (a
 * builtin stuck in one long step), its task is aborted: Piscina terminates it and starts another.
 *
 * Approvals (approvals.ts). A tool call that asks for a decision gets no answer. As soon as the
 * program cannot go on without one (every call it waits on waits for a decision), the worker is
 * asked to give its thread back, and the execution ends with an `ApprovalRequired` Result whose
 * token holds its log. `runtime.resume` makes a new Execution from the token (`ResumedLeg`): it is
 * answered from the log, its waiting calls carry their decisions, and it may pause again. A leg's
 * Result shows only what that leg added: its calls, and the log lines after the ones earlier legs
 * showed. The time limit counts the running legs, not the wait for a decision.
 *
 * Exactly one Result per execution: whichever ending arrives first (an outcome, a worker death,
 * the deadline, a refusal, a close, the caller's cancel) moves `phase` to "ended", and the later
 * ones find it there.
 */

import { randomBytes } from "node:crypto"
import { type Clock, type Context, Effect } from "effect"
import { ChannelError, type ChannelRequest, type HostChannel } from "../bridge/host-channel.js"
import type { Diagnostic } from "../protocol/diagnostic.js"
import { CATALOG_OPERATION } from "../protocol/operations.js"
import { OUTPUT_OPERATION } from "../protocol/output.js"
import { isRequestMeta } from "../protocol/replay.js"
import { isSuspension, type Outcome, type RunTask, type Suspension, type TaskReply } from "../protocol/task.js"
import { Approvals, ApprovalMessages, type ApprovalDecision, type PausedExecution, type Pending } from "./approvals.js"
import { awaitsDecision, ExecutionCalls, toolLabel, type CallEntry, type CallListener } from "./calls.js"
import { armDeadline, clockOf, type Disarm } from "./deadline.js"
import { QueuedBehind } from "./docks.js"
import { failure, type Reply } from "./dispatch.js"
import type { ExecutionPlan } from "./plan.js"
export type { ExecutionPlan } from "./plan.js"
import { assembleResult, withHostWarnings, withUsage, type Result, type ToolCall } from "./result.js"
import { TaskAbort, type PoolJob } from "./workers.js"

/** How long a worker may overrun its deadline before it is terminated. */
export const TERMINATION_GRACE_MS = 1_000

/** How long an ending execution waits for its interrupted calls and their `after` hooks. */
export const CALL_INTERRUPT_GRACE_MS = 1_000

/**
 * Runs again after a worker died while this execution's code ran on it. Outside fault injection
 * a thread dies under running code rarely, so a program under which it happened this many times
 * in a row is taken to be the cause.
 */
export const MAX_RECOVERIES = 3

/** Messages about an execution's life, one factory each. */
export const ExecutionMessages = {
  closed: () => "This runtime is closed; create a new one with CodeMode.make",
  closedWhileRunning: () => "The runtime was closed while this program ran",
  notRun: (reason: string) => `The program did not run: ${reason}`,
  poolClosed: () => "The worker pool was closed while this program ran",
  outOfMemory: () => "The program ran out of memory; its worker was stopped and replaced",
  workerDied: (detail: string) => `The worker running this program stopped unexpectedly (${detail}); it was replaced`,
  logTooLarge: (bytes: number, max: number) =>
    `The execution's replay log reached ${bytes} bytes, over its bound of ${max} (maxReplayLogBytes): ` +
    `the answers it received are too large to keep while it waits; return less data from the tools it calls`,
  timeout: (elapsed: number, where: string, completed: number) =>
    `Execution timed out after ${elapsed} ms ${where}; ${completed} call(s) had completed`,
} as const

/** What a run is: one task on one worker, talking through one channel. */
interface Run {
  readonly channel: HostChannel
  readonly abort: TaskAbort
  /** Requests of this run that wait on a call's answer: ordinal -> request id. */
  readonly waiting: Map<number, number>
  /** The worker has handed back its reply; requests still unread are not started. */
  ended: boolean
  /** `performance.now()` when the run began, and the time it has spent waiting on the host. */
  readonly beganAt: number
  blockedMs: number
  /** Since when some request waits (NaN: none does). */
  blockedSince: number
  /** Id of the last request the host has read from this run (0: none yet). */
  lastRead: number
  /** The run ended with a suspension; requests read now are read after it gave its thread back. */
  yielded: boolean
}

type Phase = "queued" | "running" | "suspended" | "ended"

/** What a run had made when it gave its thread back: what a pause's Result shows. */
type MadeSoFar = Pick<Suspension, "logs" | "output">

/** Shared empty values an execution starts with, so starting one does not allocate them. */
const NOTHING_MADE: MadeSoFar = { logs: [] }
const NO_ORDINALS: ReadonlyArray<number> = []

/** A leg resumed from a token: where the execution stood when it paused, and the decisions. */
export interface ResumedLeg {
  readonly paused: PausedExecution
  readonly decisions: ReadonlyArray<ApprovalDecision>
}

export class Execution<R> implements PoolJob, CallListener {
  private readonly calls: ExecutionCalls<R>
  private readonly clock: Clock.Clock
  /** Every random number the program sees comes from this secret (worker/world.ts); 256 bits. */
  private readonly seed: string
  private readonly randomSeed: number | undefined
  /** Running time of earlier legs (approvals): this leg's deadline is what they left. */
  private readonly usedBeforeMs: number
  /** Log lines earlier legs' Results showed: this leg's Result starts after them. */
  private readonly logsBefore: number
  /** Set when the execution pauses for an approval: what its Result carries. */
  private pending: Pending | undefined = undefined
  /** What the last suspension had made (log lines, output), for a pause decided while suspended. */
  private suspendedWith: MadeSoFar = NOTHING_MADE
  private readonly startedAt: number
  private readonly submittedAt = Date.now()
  private phase: Phase = "queued"
  private run: Run | undefined = undefined
  /** While suspended: the ordinals the program waits on (any answer lets it go on). */
  private waitingOn: ReadonlyArray<number> = NO_ORDINALS
  /**
   * Stops (an unknown tool, a call over `maxToolCalls`) answered to a request read after its run
   * gave its thread back by itself (`YieldRule`), by ordinal: the next run is told them when it
   * asks again, and is not admitted or counted a second time.
   */
  private heldStops: Map<number, Reply> | undefined = undefined
  /** Deaths of a thread while this execution's code ran on it (`MAX_RECOVERIES`). */
  private recoveries = 0
  /** The thread the last run gave back: the next run prefers it (its program is compiled there). */
  private lastThread: number | undefined = undefined
  private runsStarted = 0
  private disarmDeadline: Disarm | undefined
  private graceTimer: ReturnType<typeof setTimeout> | undefined
  /** Set once the deadline has passed. */
  private timeout: Diagnostic | undefined
  private cancelled = false
  /** Set by `close`: the message the Result gives. */
  private closedBy: string | undefined

  constructor(
    private readonly plan: ExecutionPlan<R>,
    private readonly source: string,
    context: Context.Context<R>,
    private readonly resolve: (result: Result) => void,
    resumed?: ResumedLeg,
  ) {
    this.calls = new ExecutionCalls(plan, context, this)
    this.clock = clockOf(context as Context.Context<never>)
    this.startedAt = this.clock.currentTimeMillisUnsafe()
    if (resumed === undefined) {
      this.seed = freshSeed()
      // Lua's `math.random` seed is drawn here, once per execution, rather than hashed out of
      // `seed` by the worker on every run (SHA-256 per run was a fifth of a `return 1` run).
      this.randomSeed = plan.runtime.randomSeed ?? (plan.runtime.language === "lua" ? freshLuaSeed() : undefined)
      this.usedBeforeMs = 0
      this.logsBefore = 0
    } else {
      const { paused } = resumed
      this.calls.restore(paused, resumed.decisions)
      this.seed = paused.seed
      this.randomSeed = paused.randomSeed
      this.usedBeforeMs = paused.usedMs
      this.logsBefore = paused.logsBefore
    }
  }

  /** The time limit of this leg: what earlier legs left of `timeoutMs`. */
  private get timeoutMs(): number {
    const limit = this.plan.limits.timeoutMs
    return Number.isFinite(limit) ? Math.max(1, limit - this.usedBeforeMs) : limit
  }

  get ended(): boolean {
    return this.phase === "ended"
  }

  /** Arms the deadline and queues the first run; it starts when the pool has room (`begin`). */
  start(): void {
    if (Number.isFinite(this.timeoutMs)) {
      this.disarmDeadline = armDeadline(this.clock, this.timeoutMs, this.onDeadline)
    }
    this.plan.pool.schedule(this, false)
  }

  // -------------------------------------------------------------------------------------------
  // PoolJob: what the pool sees

  /** The pool has room: take a channel and hand a run to a worker. */
  begin(): void {
    if (this.phase === "ended") return this.plan.pool.release(this)
    const { plan } = this
    const channel = plan.pool.acquireChannel()
    const run: Run = { channel, abort: new TaskAbort(), waiting: new Map(), ended: false, beganAt: performance.now(), blockedMs: 0, blockedSince: NaN, lastRead: 0, yielded: false }
    this.run = run
    this.phase = "running"
    this.runsStarted++
    channel.listen((request) => this.onRequest(run, request))
    // Built field by field rather than with spreads of optional parts: each spread allocates an
    // object and copies it, and this runs once a run.
    const task: { -readonly [K in keyof RunTask]: RunTask[K] } = {
      language: plan.runtime.language,
      source: this.source,
      catalogId: plan.runtime.catalogId,
      timeoutMs: Number.isFinite(this.timeoutMs) ? this.timeoutMs : 2 ** 31,
      // When `execute` started: the worker subtracts the time since from the timeout.
      submittedAt: this.submittedAt,
      seed: this.seed,
    }
    if (this.randomSeed !== undefined) task.randomSeed = this.randomSeed
    if (this.calls.size > 0) task.replay = this.calls.replayLog()
    if (plan.output.isLive) task.live = true
    // A run that must be told a stop waits for it rather than give its thread back again.
    const yieldRule = plan.pool.yieldRule
    if (yieldRule !== undefined && this.heldStops === undefined) task.yieldRule = yieldRule
    plan.pool.run(task, channel.buffer, run.abort, this.lastThread).then(
      (reply) => this.onRunEnded(run, reply),
      (error) => this.onRunFailed(run, error),
    )
  }

  /** The pool closed before this program's next run could start. */
  refuse(error: Error): void {
    if (this.phase === "ended") return
    const message = this.runsStarted === 0 ? ExecutionMessages.notRun(error.message) : ExecutionMessages.poolClosed()
    this.end({ ok: false, error: { kind: "ExecutionFailure", message }, logs: [] }, false)
  }

  /** While a run waits on the host: the channel's reading of what it waits on (0: it computes). */
  waitingTicket(): number {
    return this.run === undefined || this.run.ended ? 0 : this.run.channel.waitingOn
  }

  /** True once the run has reached a thread. */
  started(): boolean {
    return this.run !== undefined && this.run.channel.opened
  }

  /** Milliseconds since the run was handed over, while it has not reached its thread (0 otherwise). */
  handedOverMs(): number {
    const run = this.run
    return run === undefined || run.ended || run.channel.opened ? 0 : performance.now() - run.beganAt
  }

  /**
   * Asks the running worker to give its thread back (it suspends, see `onRunEnded`), but only
   * while it waits on a call the host has read and is running. A worker waiting on a request the
   * host has not read yet (its event loop behind) would leave that request unread in a channel
   * about to be reset, and a worker fetching its catalog (no call waits yet) cannot suspend: that
   * wait is not the program's, and giving it up fails the execution.
   */
  yieldThread(ticket: number): boolean {
    const run = this.run
    if (run === undefined || run.waiting.size === 0 || run.lastRead !== ticket) return false
    run.channel.askToYield(ticket)
    return true
  }

  /** Milliseconds since the run began to wait on a call the host is serving (0: none). */
  waitedMs(): number {
    const run = this.run
    return run === undefined || run.ended || Number.isNaN(run.blockedSince) ? 0 : performance.now() - run.blockedSince
  }

  /** True while the run waits on a call the host is serving. */
  waitsOnHost(): boolean {
    const run = this.run
    return run !== undefined && !run.ended && !Number.isNaN(run.blockedSince)
  }

  /** The compute this run has done: what running the program again would repeat. */
  replayCostMs(): number {
    const run = this.run
    if (run === undefined) return 0
    // While it waits, the worker's own account (time queued behind another run, or the host's lag
    // in reading a request, is not compute); while it computes, its time on the thread so far.
    if (run.channel.waitingOn !== 0) return run.channel.computedMs
    const onThread = run.channel.openedForMs
    const blocked = run.blockedMs + (Number.isNaN(run.blockedSince) ? 0 : performance.now() - run.blockedSince)
    return onThread === 0 ? 0 : Math.max(0, onThread - blocked)
  }

  // -------------------------------------------------------------------------------------------
  // Requests and answers

  private onRequest(run: Run, request: ChannelRequest): void {
    run.lastRead = request.id
    if (request.op === CATALOG_OPERATION) {
      run.channel.respond(request.id, { ok: true, value: this.plan.runtime.catalogSnapshot() })
      return
    }
    // A live output block (one-way): forwarded once, whichever run made it (output.ts).
    if (request.op === OUTPUT_OPERATION) {
      if (this.phase !== "ended" && this.run === run) this.plan.output.receive(Number(request.name), request.args[0] as never)
      return
    }
    if (run.ended) {
      // (experience) Calls the program started and left behind, read only now: served like any
      // other, so what reaches the host does not depend on timing; `end` interrupts them if
      // unfinished, and nobody reads their answers.
      if (request.op === "tool" || request.op === "global") this.calls.receive(request, () => undefined, () => undefined)
      return
    }
    if (this.timeout !== undefined || this.phase === "ended") {
      this.respond(run, request.id, failure("TimeoutExceeded", this.timeout?.message ?? "execution ended", true))
      return
    }
    const ordinal = isRequestMeta(request.meta) ? request.meta.i : -1
    const held = this.heldStops?.get(ordinal)
    if (held !== undefined) return void this.respond(run, request.id, held)
    this.calls.receive(
      request,
      (reply) => {
        if (reply.ok || !reply.stop) return void this.respond(run, request.id, reply)
        // A stop is not logged, and it may come after the run has given its thread back (a state
        // server that failed while the program was suspended on its `load`), or while the worker
        // is giving it back, too late to be read: it is kept for the next run, which is started
        // if the execution is already suspended on it (`onRunEnded` starts it otherwise).
        ;(this.heldStops ??= new Map()).set(ordinal, reply)
        if (!run.yielded) this.respond(run, request.id, reply)
        if (this.phase === "suspended" && this.waitingOn.includes(ordinal)) this.resume()
      },
      (ordinal) => {
        if (run.waiting.size === 0) run.blockedSince = performance.now()
        run.waiting.set(ordinal, request.id)
        // Tool and extension calls are timed (`onAnswered`); only they may give the thread back at once.
        this.plan.pool.noteWaiting(this, this.calls.entries[ordinal]!.kind, request.id)
      },
    )
    this.pauseIfStuck(run)
  }

  /** A call's answer arrived: deliver it to the run that waits for it, or wake the execution. */
  onAnswered(entry: CallEntry): void {
    if (entry.record !== undefined && entry.kind !== undefined) this.plan.pool.noteCallTime(entry.kind, entry.record.durationMs)
    if (this.phase === "ended" || entry.reply === undefined) return
    const run = this.run
    const id = run?.waiting.get(entry.ordinal)
    if (run !== undefined && id !== undefined) {
      run.waiting.delete(entry.ordinal)
      if (run.waiting.size === 0) {
        run.blockedMs += performance.now() - run.blockedSince
        run.blockedSince = NaN
      }
      const reply = entry.reply
      const replaced = this.respond(run, id, reply.ok ? reply : failure(reply.kind, reply.message))
      if (replaced !== undefined) {
        // Too large for the channel: the program saw the failure, so that is what the log keeps.
        entry.reply = { ok: false, kind: "InvalidToolOutput", message: replaced }
        entry.replyBytes = -1
        if (entry.record !== undefined) entry.record.status = "failure"
      }
      this.pauseIfStuck(run)
      return
    }
    if (this.phase === "suspended" && this.waitingOn.includes(entry.ordinal)) this.resume()
  }

  /** A call asked for a decision: pause once nothing but decisions can let the program go on. */
  onPending(): void {
    if (this.phase === "running" && this.run !== undefined) this.pauseIfStuck(this.run)
    else if (this.phase === "suspended" && this.waitsOnlyForDecisions(this.waitingOn)) this.pause(this.suspendedWith)
  }

  /** True when every call in `ordinals` (at least one) waits for a decision. */
  private waitsOnlyForDecisions(ordinals: Iterable<number>): boolean {
    let any = false
    for (const ordinal of ordinals) {
      if (!awaitsDecision(this.calls.entries[ordinal])) return false
      any = true
    }
    return any && this.calls.inFlight === 0
  }

  /**
   * Asks the run's worker to give its thread back when everything it waits on waits for a
   * decision (the run then ends with a suspension, and `onRunEnded` pauses). The ask names the
   * last request the host read: a worker that has posted another since goes on, and that request
   * brings this check again.
   */
  private pauseIfStuck(run: Run): void {
    if (this.run !== run || run.ended || run.waiting.size === 0) return
    if (this.waitsOnlyForDecisions(run.waiting.keys())) run.channel.askToYield(run.lastRead)
  }

  /** Ends this leg with an `ApprovalRequired` Result carrying the token that resumes it. */
  private pause(made: MadeSoFar): void {
    const { logs } = made
    const waiting = this.calls.awaitingDecision()
    const now = this.clock.currentTimeMillisUnsafe()
    const { approvals } = this.plan.runtime
    const paused: PausedExecution = {
      v: 1,
      id: Approvals.freshId(),
      issuedAt: now,
      expiresAt: now + approvals.signer.expiresInMs,
      language: this.plan.runtime.language,
      source: this.source,
      seed: this.seed,
      ...(this.randomSeed === undefined ? {} : { randomSeed: this.randomSeed }),
      branch: this.plan.state.branch,
      log: this.calls.replayLog(),
      pending: waiting.map((entry) => ({
        ordinal: entry.ordinal,
        name: entry.name,
        args: entry.args,
        by: entry.approval!.by,
        ...(entry.approval!.reason === undefined ? {} : { reason: entry.approval!.reason }),
      })),
      attempts: this.calls.attemptCount,
      usedMs: this.usedBeforeMs + Math.max(0, now - this.startedAt),
      logsBefore: logs.length,
      outputBefore: made.output?.length ?? 0,
      state: this.plan.state.snapshot(),
      tools: approvals.toolsDigest(this.calls.entries.filter((entry) => entry.op === "tool").map((entry) => entry.name)),
      runtime: approvals.runtimeDigest,
    }
    const sealed = approvals.signer.seal(paused)
    if ("tooLarge" in sealed) {
      const message = ApprovalMessages.tokenTooLarge(sealed.tooLarge, approvals.signer.maxTokenBytes)
      return this.end({ ok: false, error: { kind: "ExecutionFailure", message }, ...made }, false)
    }
    const calls = waiting.map((entry) => {
      const input = (JSON.parse(entry.args) as unknown[])[0] ?? {}
      return entry.approval!.reason === undefined ? { name: entry.name, input } : { name: entry.name, input, reason: entry.approval!.reason }
    })
    this.pending = { token: sealed.token, id: paused.id, expiresAt: paused.expiresAt, calls }
    this.end({ ok: false, error: { kind: "ApprovalRequired", message: ApprovalMessages.paused(calls) }, ...made }, false)
  }

  onDiverged(message: string): void {
    if (this.phase === "ended") return
    this.end({ ok: false, error: { kind: "ExecutionFailure", message }, logs: [] }, false)
  }

  /**
   * Writes the answer to request `id` of `run`. A value larger than the channel's frame limit is
   * answered with a catchable `InvalidToolOutput` instead, so the program is never left waiting
   * for an answer that cannot be sent; the message it got is returned.
   */
  private respond(run: Run, id: number, reply: Reply): string | undefined {
    if (this.run !== run || this.phase === "ended") return undefined
    const channel = run.channel
    try {
      channel.respond(
        id,
        reply.ok ? { ok: true, value: reply.value } : { ok: false, error: { kind: reply.kind, message: reply.message, stop: reply.stop } },
      )
      return undefined
    } catch (error) {
      if (!(error instanceof ChannelError) || error.reason !== "frame-too-large") throw error
      const message = `The host's answer could not be sent to the program: ${error.message}`
      channel.respond(id, { ok: false, error: { kind: "InvalidToolOutput", message, stop: false } })
      return message
    }
  }

  // -------------------------------------------------------------------------------------------
  // Runs ending

  private onRunEnded(run: Run, reply: TaskReply): void {
    if (this.run !== run || this.phase === "ended") return
    if (!isSuspension(reply)) {
      run.ended = true
      run.channel.drain()
      this.end(reply, true)
      return
    }
    // A worker that gave its thread back by itself (`YieldRule`) did so as it posted its last
    // request, which the host may not have read yet: it is read now, before the channel is reset
    // and before the trace that came after it.
    run.yielded = true
    run.channel.drain()
    if (this.run !== run || this.ended) return
    this.calls.addTrace(reply.trace.clock, reply.trace.settled)
    this.releaseRun(true)
    // The deadline passed while the worker was giving its thread back: nothing would wake a
    // suspended execution again (its calls were interrupted), so the deadline ends it here.
    if (this.timeout !== undefined) return this.end({ ok: false, error: this.timeout, logs: [] }, false)
    // Nothing but decisions can let the program go on: the leg ends here, with its token.
    if (this.waitsOnlyForDecisions(reply.waitingOn)) return this.pause(reply)
    const bytes = this.calls.logBytes()
    const max = this.plan.pool.maxReplayLogBytes
    if (bytes > max) {
      this.end({ ok: false, error: { kind: "ExecutionFailure", message: ExecutionMessages.logTooLarge(bytes, max) }, logs: [] }, false)
      return
    }
    this.suspendedWith = reply
    this.lastThread = reply.thread
    this.plan.pool.stats.suspensions++
    this.plan.pool.noteSuspended(this)
    this.phase = "suspended"
    this.waitingOn = reply.waitingOn
    // An answer may have come while the worker was giving the thread back (a stop: as the host read the request).
    if (this.waitingOn.some((ordinal) => this.calls.entries[ordinal]?.reply !== undefined || this.heldStops?.has(ordinal) === true)) this.resume()
  }

  private onRunFailed(run: Run, error: unknown): void {
    if (this.run !== run || this.phase === "ended") return
    if (this.timeout !== undefined) return this.end({ ok: false, error: this.timeout, logs: [] }, false)
    if (this.closedBy !== undefined) return this.end({ ok: false, error: { kind: "ExecutionFailure", message: this.closedBy }, logs: [] }, false)
    if (this.plan.pool.isClosed) return this.end({ ok: false, error: { kind: "ExecutionFailure", message: ExecutionMessages.poolClosed() }, logs: [] }, false)
    const message = error instanceof Error ? error.message : String(error)
    const code = (error as { code?: string } | null)?.code
    // Only a run that had reached its thread can have exhausted it; one queued behind it is innocent.
    if ((code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory/i.test(message)) && run.channel.opened) {
      return this.end({ ok: false, error: { kind: "ExecutionFailure", message: ExecutionMessages.outOfMemory() }, logs: [] }, false)
    }
    // Run it again from its log on another worker. Only the run the thread was on, and not while
    // it was blocked waiting on the host, may have killed it.
    const suspect = !(error instanceof QueuedBehind) && run.channel.waitingOn === 0
    if (!this.plan.pool.isClosed && (!suspect || this.recoveries < MAX_RECOVERIES)) {
      if (suspect) this.recoveries++
      this.plan.pool.stats.recoveries++
      this.releaseRun(false)
      this.phase = "queued"
      this.plan.pool.schedule(this, true)
      return
    }
    this.end({ ok: false, error: { kind: "ExecutionFailure", message: ExecutionMessages.workerDied(message) }, logs: [] }, false)
  }

  /** An answer the suspended program waits on has arrived: queue its next run, ahead of new work. */
  private resume(): void {
    this.phase = "queued"
    this.waitingOn = NO_ORDINALS
    this.plan.pool.schedule(this, true)
  }

  // -------------------------------------------------------------------------------------------
  // Time

  private readonly onDeadline = (): void => {
    this.disarmDeadline = undefined
    if (this.phase === "ended") return
    const elapsed = this.elapsedMs()
    const completed = this.completedCalls()
    const waiting = this.calls.firstInFlight()
    const where =
      this.runsStarted === 0
        ? "before it started (every worker was busy)"
        : this.phase === "running" && this.runsStarted === 1 && !this.run!.channel.opened
          ? "before it started (it was waiting for a worker thread to start)"
          : waiting?.record !== undefined
          ? `while waiting on ${toolLabel(waiting.record)} (call ${waiting.ordinal + 1})`
          : this.phase === "suspended"
          ? "while waiting on the host"
          : "while running code"
    this.timeout = { kind: "TimeoutExceeded", message: ExecutionMessages.timeout(elapsed, where, completed) }
    if (this.phase !== "running") {
      // Queued or suspended: no worker holds the program, so nothing needs stopping.
      this.end({ ok: false, error: this.timeout, logs: [] }, false)
      return
    }
    const run = this.run!
    const stop = failure("TimeoutExceeded", this.timeout.message, true)
    void Effect.runPromise(this.interruptCalls()).then(() => {
      for (const id of run.waiting.values()) this.respond(run, id, stop)
    })
    run.channel.interrupt()
    this.graceTimer = setTimeout(() => run.abort.abort(), TERMINATION_GRACE_MS)
  }

  private elapsedMs(): number {
    return Math.round(this.clock.currentTimeMillisUnsafe() - this.startedAt)
  }

  private completedCalls(): number {
    return this.calls.records.filter((c) => c.status !== "interrupted").length
  }

  /**
   * Interrupts the calls in flight and waits for them (their `after` hooks included), but not past
   * `CALL_INTERRUPT_GRACE_MS`: a tool in an uninterruptible region or a hung `after` hook must not
   * hold back the Result. Fibers still running then are left to end on their own; their late
   * answers find the execution ended and are dropped.
   */
  private interruptCalls(): Effect.Effect<void> {
    if (this.calls.inFlight === 0) return Effect.void
    return Effect.asVoid(Effect.timeoutOption(this.calls.interruptAll(), CALL_INTERRUPT_GRACE_MS))
  }

  // -------------------------------------------------------------------------------------------
  // Endings

  /** The caller was interrupted: stop everything; the interruption itself propagates. */
  cancel(): Promise<void> {
    if (this.phase === "ended") return Promise.resolve()
    if (this.phase === "suspended") this.plan.pool.forget(this)
    this.cancelled = true
    this.phase = "ended"
    this.clearTimers()
    this.run?.abort.abort()
    return Effect.runPromise(this.interruptCalls()).then(() => this.releaseRun(false))
  }

  /**
   * The runtime is closing. Ends the execution now with a Result saying so (`close` without a
   * drain, or once its drain bound has passed).
   */
  close(): void {
    if (this.phase === "ended") return
    this.closedBy = ExecutionMessages.closedWhileRunning()
    const run = this.run
    this.end({ ok: false, error: { kind: "ExecutionFailure", message: this.closedBy }, logs: [] }, false)
    run?.abort.abort()
  }

  private end(outcome: Outcome, workerAlive: boolean): void {
    if (this.phase === "suspended") this.plan.pool.forget(this)
    this.phase = "ended"
    this.clearTimers()
    // Lua has no background work, but a JavaScript program may leave calls running: end them first.
    if (this.calls.inFlight === 0) return this.finish(outcome, workerAlive)
    void Effect.runPromise(this.interruptCalls()).then(() => this.finish(outcome, workerAlive))
  }

  private finish(ended: Outcome, workerAlive: boolean): void {
    this.releaseRun(workerAlive && this.calls.inFlight === 0)
    if (this.cancelled) return
    // A resumed leg repeats the log lines of the legs before it: its Result starts after them.
    const outcome: Outcome = this.logsBefore === 0 ? ended : { ...ended, logs: ended.logs.slice(this.logsBefore) }
    const timedOutInWorker = !outcome.ok && outcome.error.kind === "TimeoutExceeded"
    const timed: Outcome =
      this.timeout !== undefined || timedOutInWorker ? { ok: false, error: this.timeoutDiagnostic(outcome), logs: outcome.logs, ...outputOf(outcome) } : outcome
    // (experience) host bugs and non-finite answers found while serving calls: warnings (result.ts).
    const final = withEarlyWarnings(withHostWarnings(timed, this.calls.records), this.plan)
    const pending = this.pending
    const toolCalls: ToolCall[] = this.calls.records.map(({ kind, name, status, durationMs }) => ({
      kind,
      name,
      // A call still waiting for a decision when the program ended without it never ran.
      status: status === "pending" && pending === undefined ? "interrupted" : status,
      durationMs: Math.round(durationMs * 1000) / 1000,
    }))
    // State: a successful program's staged writes are committed here, before its Result exists.
    const settled = this.plan.state.settle(final)
    if (settled instanceof Promise) void settled.then((outcome) => this.resolveWith(outcome, toolCalls, pending))
    else this.resolveWith(settled, toolCalls, pending)
  }

  /** Builds the Result from the settled outcome and hands it to the caller. */
  private resolveWith(settled: Outcome, toolCalls: ReadonlyArray<ToolCall>, pending: Pending | undefined): void {
    const { plan } = this
    const output = plan.output.finalBlocks(settled.output, settled.ok ? settled.value : undefined, plan.limits.maxOutputTokens)
    const observed = withObserverWarnings(settled, plan)
    const result = withUsage(assembleResult(observed, toolCalls, plan.limits.maxOutputBytes, output), plan.models.usage())
    this.resolve(pending === undefined || result.ok ? result : { ...result, pending })
  }

  /** Prefers the worker's own account (it knows the line) over the host's. */
  private timeoutDiagnostic(outcome: Outcome): Diagnostic {
    const completed = this.completedCalls()
    const elapsed = this.elapsedMs()
    if (!outcome.ok && outcome.error.kind === "TimeoutExceeded" && outcome.error.location !== undefined) {
      const line = outcome.error.location.line
      if (this.timeout === undefined || !this.timeout.message.includes("waiting on")) {
        return {
          kind: "TimeoutExceeded",
          message: ExecutionMessages.timeout(elapsed, `while running code at line ${line}`, completed),
          location: outcome.error.location,
        }
      }
    }
    return this.timeout ?? { kind: "TimeoutExceeded", message: `Execution timed out after ${elapsed} ms` }
  }

  private clearTimers(): void {
    this.disarmDeadline?.()
    if (this.graceTimer !== undefined) clearTimeout(this.graceTimer)
    this.disarmDeadline = this.graceTimer = undefined
  }

  /** The run is over: its channel goes back, and its room in the pool to the next job. */
  private releaseRun(reusable: boolean): void {
    const run = this.run
    if (run === undefined) return
    this.run = undefined
    this.plan.pool.releaseChannel(run.channel, reusable)
    this.plan.pool.release(this)
  }
}

/** An outcome's output field, kept when the outcome is replaced (a failed program keeps its output). */
const outputOf = (outcome: Outcome): { readonly output?: Outcome["output"] } => (outcome.output === undefined ? {} : { output: outcome.output })

/** The warnings found before the program ran (the `@options` header), first. */
const withEarlyWarnings = (outcome: Outcome, plan: ExecutionPlan<unknown>): Outcome =>
  plan.warnings.length === 0 || !outcome.ok ? outcome : { ...outcome, warnings: [...plan.warnings, ...outcome.warnings] }

/** A failing live observer, reported once (output.ts). */
const withObserverWarnings = (outcome: Outcome, plan: ExecutionPlan<unknown>): Outcome => {
  const found = plan.output.warnings()
  return found.length === 0 || !outcome.ok ? outcome : { ...outcome, warnings: [...outcome.warnings, ...found] }
}

/** Secret seeds are cut from one block of random bytes: one system call per 256 executions. */
const SEEDS_PER_BLOCK = 256
let seedBlock = Buffer.alloc(0)
let seedOffset = 0
const seedBytes = (bytes: number): number => {
  if (seedOffset + bytes > seedBlock.length) {
    seedBlock = randomBytes(32 * SEEDS_PER_BLOCK)
    seedOffset = 0
  }
  const at = seedOffset
  seedOffset += bytes
  return at
}
const freshSeed = (): string => {
  const at = seedBytes(32)
  return seedBlock.toString("hex", at, at + 32)
}
/**
 * A seed for Lua's `math.random`: 48 random bits of their own, so the generator's (predictable)
 * output says nothing about the secret seed behind `crypto`-grade bytes.
 */
const freshLuaSeed = (): number => {
  // Taken before reading: `seedBytes` may replace the block, and the new one is the one to read.
  const at = seedBytes(6)
  return seedBlock.readUIntBE(at, 6)
}

/** Runs one program; the Effect never fails and is interruptible. */
export const runExecution = <R>(
  plan: ExecutionPlan<R>,
  source: string,
  track?: (execution: Execution<R>) => () => void,
  resumed?: ResumedLeg,
): Effect.Effect<Result, never, R> =>
  Effect.flatMap(Effect.context<R>(), (context) =>
    Effect.callback<Result>((resume) => {
      const untracking: { untrack?: () => void } = {}
      const execution = new Execution(
        plan,
        source,
        context,
        (result) => {
          untracking.untrack?.()
          resume(Effect.succeed(result))
        },
        resumed,
      )
      untracking.untrack = track?.(execution)
      execution.start()
      return Effect.promise(() => {
        untracking.untrack?.()
        return execution.cancel()
      })
    }),
  )
