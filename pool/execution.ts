/**
 * One execution's lifecycle on the host: submit, serve host calls, enforce limits, assemble the
 * Result.
 *
 * An `Execution` lives from `execute` to its Result. It takes a channel from the pool, submits the
 * task, and answers the worker's requests as they arrive (requests.ts, the class it extends: each
 * tool call runs as its own fiber in the caller's context, so several may be in flight, and each
 * reply is written to the channel when its fiber ends).
 *
 * Time is enforced twice. The worker's interpreter knows the deadline and stops itself at its
 * next metering point, so a busy loop ends cleanly and the worker stays warm. The host arms a timer
 * for the same deadline: when it fires, in-flight tool fibers are interrupted (their `after` hooks
 * see `interrupted`), every pending request is answered with a stop, and the channel's interrupt
 * word is raised. If the worker has still not finished after a grace period (a builtin stuck in
 * one long step), the task is aborted: Piscina terminates the worker and starts a replacement.
 * Either way the Result is `TimeoutExceeded`, saying where the program was.
 *
 * Exactly one Result per execution: whichever ending arrives first (the outcome, a worker error,
 * the deadline, a refusal, the caller's cancel) sets `settled`, and the later ones find it set.
 */

import { Effect, Fiber, type Context } from "effect"
import type { Diagnostic } from "../protocol/diagnostic.js"
import type { DataValue } from "../protocol/data.js"
import type { Outcome } from "../protocol/task.js"
import { failure, type DispatchGlobal, type DispatchTool } from "./dispatch.js"
import type { Hooks } from "./hooks.js"
import type { Language } from "../protocol/language.js"
import type { Limits } from "./limits.js"
import { ProgramRequests, toolLabel } from "./requests.js"
import { assembleResult, withHostWarnings, type Result, type ToolCall } from "./result.js"
import { TaskAbort, type PoolJob, type WorkerPool } from "./workers.js"

/** How long a worker may overrun its deadline before it is terminated. */
export const TERMINATION_GRACE_MS = 1_000

/** How long an ending execution waits for its interrupted calls and their `after` hooks. */
export const CALL_INTERRUPT_GRACE_MS = 1_000

/** What an execution needs from its runtime. */
export interface ExecutionPlan<R> {
  readonly language: Language
  readonly limits: Limits
  readonly hooks: Hooks<R> | undefined
  readonly pool: WorkerPool
  readonly catalogId: number
  readonly catalogSnapshot: () => DataValue
  readonly lookupTool: (path: string) => DispatchTool<R> | undefined
  /** An extension global by its path (`fs.readFile`). */
  readonly lookupGlobal: (path: string) => DispatchGlobal<R> | undefined
  readonly unknownToolMessage: (path: string) => string
  readonly search: (args: ReadonlyArray<DataValue>) => DataValue
  /** A discovery built-in (`searchTools`, `describe_tool`, ...; pool/discovery.ts); throws for a bad request. */
  readonly discover: (name: string, args: ReadonlyArray<DataValue>) => DataValue | undefined
  readonly randomSeed: number | undefined
}

export class Execution<R> extends ProgramRequests<R> implements PoolJob {
  private readonly abort = new TaskAbort()
  private readonly startedAt = performance.now()
  private readonly submittedAt = Date.now()
  private deadlineTimer: ReturnType<typeof setTimeout> | undefined
  private graceTimer: ReturnType<typeof setTimeout> | undefined
  private cancelled = false

  constructor(
    plan: ExecutionPlan<R>,
    private readonly source: string,
    context: Context.Context<R>,
    private readonly resolve: (result: Result) => void,
  ) {
    super(plan, context)
  }

  /** Arms the deadline and queues the program; it runs when the pool has room (`begin`). */
  start(): void {
    const { plan } = this
    if (Number.isFinite(plan.limits.timeoutMs)) {
      this.deadlineTimer = setTimeout(this.onDeadline, plan.limits.timeoutMs)
    }
    plan.pool.schedule(this)
  }

  /** The pool has room: take a channel and hand the task to a worker. */
  begin(): void {
    if (this.settled) return
    const { plan } = this
    const channel = (this.channel = plan.pool.acquireChannel())
    channel.listen(this.onRequest)
    plan.pool
      .run(
        {
          language: plan.language,
          source: this.source,
          channel: channel.buffer,
          catalogId: plan.catalogId,
          timeoutMs: Number.isFinite(plan.limits.timeoutMs) ? plan.limits.timeoutMs : 2 ** 31,
          // When `execute` started: the worker subtracts the time spent queued from the timeout.
          submittedAt: this.submittedAt,
          ...(plan.randomSeed === undefined ? {} : { randomSeed: plan.randomSeed }),
        },
        this.abort,
      )
      .then(this.onOutcome, this.onWorkerError)
  }

  /** The pool closed before this program started. */
  refuse(error: Error): void {
    if (this.settled) return
    this.finish({ ok: false, error: { kind: "ExecutionFailure", message: `The program did not run: ${error.message}` }, logs: [] }, false)
  }

  /** The caller was interrupted: stop everything; the interruption itself propagates. */
  async cancel(): Promise<void> {
    if (this.settled) return
    this.cancelled = true
    this.settled = true
    this.clearTimers()
    this.abort.abort()
    if (this.inFlight.size > 0) await this.interruptCalls()
    this.releaseChannel(false)
  }

  // -------------------------------------------------------------------------------------------
  // Time

  private readonly onDeadline = (): void => {
    this.deadlineTimer = undefined
    if (this.settled) return
    const elapsed = Math.round(performance.now() - this.startedAt)
    const completed = this.calls.filter((c) => c.status !== "interrupted").length
    const waiting = [...this.inFlight.values()].sort((a, b) => a.index - b.index)[0]
    const where =
      this.channel === undefined
        ? "before it started (every worker was busy)"
        : waiting !== undefined
        ? `while waiting on ${toolLabel(waiting.call)} (call ${waiting.index})`
        : "while running code"
    this.timeout = {
      kind: "TimeoutExceeded",
      message: `Execution timed out after ${elapsed} ms ${where}; ${completed} call(s) had completed`,
    }
    if (this.channel === undefined) {
      // Still queued: nothing runs yet, so nothing needs stopping (`begin` will see it settled).
      this.finishNow({ ok: false, error: this.timeout, logs: [] }, false)
      return
    }
    const stop = failure("TimeoutExceeded", this.timeout.message, true)
    const pending = [...this.inFlight.keys()]
    void this.interruptCalls().then(() => {
      for (const id of pending) this.forceReply(id, stop)
    })
    this.channel?.interrupt()
    this.graceTimer = setTimeout(() => this.abort.abort(), TERMINATION_GRACE_MS)
  }

  /**
   * Interrupts the calls in flight and waits for them (their `after` hooks included), but not past
   * `CALL_INTERRUPT_GRACE_MS`: a tool in an uninterruptible region or a hung `after` hook must not
   * hold back the Result. Fibers still running then are left to end on their own; their late
   * replies find the execution settled and are dropped.
   */
  private async interruptCalls(): Promise<void> {
    const fibers = [...this.inFlight.values()].flatMap((f) => (f.fiber === undefined ? [] : [f.fiber]))
    if (fibers.length === 0) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CALL_INTERRUPT_GRACE_MS)))
    const interrupted = Effect.runPromise(
      Effect.forEach(fibers, (fiber) => Fiber.interrupt(fiber), { concurrency: "unbounded", discard: true }),
    )
    await Promise.race([interrupted, grace])
    clearTimeout(timer)
  }

  private clearTimers(): void {
    if (this.deadlineTimer !== undefined) clearTimeout(this.deadlineTimer)
    if (this.graceTimer !== undefined) clearTimeout(this.graceTimer)
    this.deadlineTimer = this.graceTimer = undefined
  }

  // -------------------------------------------------------------------------------------------
  // Endings

  private readonly onOutcome = (outcome: Outcome): void => {
    if (this.settled) return
    this.programEnded = true
    this.channel?.drain()
    this.finish(outcome, true)
  }

  private readonly onWorkerError = (error: unknown): void => {
    if (this.settled) return
    if (this.timeout !== undefined) {
      this.finish({ ok: false, error: this.timeout, logs: [] }, false)
      return
    }
    const message = error instanceof Error ? error.message : String(error)
    const outOfMemory = /memory/i.test(message) || (error as { code?: string })?.code === "ERR_WORKER_OUT_OF_MEMORY"
    this.finish(
      {
        ok: false,
        error: {
          kind: "ExecutionFailure",
          message: outOfMemory
            ? "The program ran out of memory; its worker was stopped and replaced"
            : `The worker running this program stopped unexpectedly (${message}); it was replaced`,
        },
        logs: [],
      },
      false,
    )
  }

  private finish(outcome: Outcome, workerAlive: boolean): void {
    this.settled = true
    this.clearTimers()
    // Lua has no background work, but a JavaScript program may leave calls running: end them first.
    if (this.inFlight.size === 0) this.finishNow(outcome, workerAlive)
    else void this.interruptCalls().then(() => this.finishNow(outcome, workerAlive))
  }

  private finishNow(outcome: Outcome, workerAlive: boolean): void {
    this.settled = true
    this.clearTimers()
    this.releaseChannel(workerAlive && this.inFlight.size === 0)
    if (this.cancelled) return
    const timedOutInWorker = !outcome.ok && outcome.error.kind === "TimeoutExceeded"
    let final: Outcome = outcome
    if (this.timeout !== undefined || timedOutInWorker) {
      final = { ok: false, error: this.timeoutDiagnostic(outcome), logs: outcome.logs }
    }
    const toolCalls: ToolCall[] = this.calls.map(({ kind, name, status, durationMs }) => ({
      kind,
      name,
      status,
      durationMs: Math.round(durationMs * 1000) / 1000,
    }))
    // (experience) host bugs found while serving calls reach the host as warnings: result.ts.
    final = withHostWarnings(final, this.calls)
    this.resolve(assembleResult(final, toolCalls, this.plan.limits.maxOutputBytes))
  }

  /** Prefers the worker's own account (it knows the line) over the host's. */
  private timeoutDiagnostic(outcome: Outcome): Diagnostic {
    const completed = this.calls.filter((c) => c.status !== "interrupted").length
    const elapsed = Math.round(performance.now() - this.startedAt)
    if (!outcome.ok && outcome.error.kind === "TimeoutExceeded" && outcome.error.location !== undefined) {
      const line = outcome.error.location.line
      if (this.timeout === undefined || !this.timeout.message.includes("waiting on")) {
        return {
          kind: "TimeoutExceeded",
          message: `Execution timed out after ${elapsed} ms while running code at line ${line}; ${completed} call(s) had completed`,
          location: outcome.error.location,
        }
      }
    }
    return this.timeout ?? { kind: "TimeoutExceeded", message: `Execution timed out after ${elapsed} ms` }
  }

  private releaseChannel(reusable: boolean): void {
    const channel = this.channel
    if (channel === undefined) return
    this.channel = undefined
    this.plan.pool.releaseChannel(channel, reusable)
  }
}

/** Runs one program; the Effect never fails and is interruptible. */
export const runExecution = <R>(plan: ExecutionPlan<R>, source: string): Effect.Effect<Result, never, R> =>
  Effect.flatMap(Effect.context<R>(), (context) =>
    Effect.callback<Result>((resume) => {
      const execution = new Execution(plan, source, context, (result) => resume(Effect.succeed(result)))
      execution.start()
      return Effect.promise(() => execution.cancel())
    }),
  )
