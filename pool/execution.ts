/**
 * One execution's lifecycle on the host: submit, serve host calls, enforce limits, assemble the
 * Result.
 *
 * An `Execution` lives from `execute` to its Result. It takes a channel from the pool, submits the
 * task, and answers the worker's requests as they arrive: each tool call runs as its own fiber in
 * the caller's context, so several may be in flight (the JavaScript engine sends them
 * concurrently), and each reply is written to the channel when its fiber ends.
 *
 * Time is enforced twice. The worker's interpreter knows the deadline and stops itself at its
 * next metering point, so a busy loop ends cleanly and the worker stays warm. The host arms a timer
 * for the same deadline: when it fires, in-flight tool fibers are interrupted (their `after` hooks
 * see `interrupted`), every pending request is answered with a stop, and the channel's interrupt
 * word is raised. If the worker has still not finished after a grace period (a builtin stuck in
 * one long step), the task is aborted: Piscina terminates the worker and starts a replacement.
 * Either way the Result is `TimeoutExceeded`, saying where the program was.
 *
 * Exactly one Result per execution: `settle` runs once, whatever arrives first.
 */

import { Effect, Fiber } from "effect"
import type { Context } from "effect"
import type { HostChannel, ChannelRequest } from "../bridge/host.js"
import { ChannelError } from "../bridge/host.js"
import type { Diagnostic } from "../worker/data/diagnostic.js"
import type { DataValue } from "../worker/data/value.js"
import { CATALOG_OPERATION, type TaskOutcome } from "../worker/task.js"
import { callExtension, callTool, failure, type CallRecord, type DispatchGlobal, type DispatchTool, type Reply } from "./dispatch.js"
import type { Hooks } from "./hooks.js"
import type { Language, Limits } from "./limits.js"
import { assembleResult, type Result, type ToolCall } from "./result.js"
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

interface InFlight {
  readonly call: ToolCall & CallRecord
  readonly index: number
  readonly fiber: Fiber.Fiber<Reply> | undefined
}

const toolLabel = (call: ToolCall): string => (call.kind === "tool" ? `tools.${call.name}` : call.name)

export class Execution<R> implements PoolJob {
  private channel: HostChannel | undefined
  private readonly abort = new TaskAbort()
  private readonly calls: Array<ToolCall & CallRecord & { startedAt: number; durationMs: number }> = []
  private readonly inFlight = new Map<number, InFlight>()
  private attempts = 0
  private readonly startedAt = performance.now()
  private readonly submittedAt = Date.now()
  private deadlineTimer: ReturnType<typeof setTimeout> | undefined
  private graceTimer: ReturnType<typeof setTimeout> | undefined
  private timeout: Diagnostic | undefined
  private settled = false
  /** The worker has returned the program's outcome; requests still unread are not started. */
  private programEnded = false
  private cancelled = false

  constructor(
    private readonly plan: ExecutionPlan<R>,
    private readonly source: string,
    private readonly context: Context.Context<R>,
    private readonly resolve: (result: Result) => void,
  ) {}

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
  // Requests from the program

  private readonly onRequest = (request: ChannelRequest): void => {
    if (request.op === CATALOG_OPERATION) {
      this.reply(request.id, { ok: true, value: this.plan.catalogSnapshot() })
      return
    }
    if (this.programEnded) {
      // Calls the program started and left behind without the host having read them: they are
      // listed, as interrupted, and never run.
      if (request.op === "tool" || request.op === "global") this.record(request.op === "tool" ? "tool" : "extension", request.name)
      return
    }
    if (this.timeout !== undefined || this.settled) {
      this.reply(request.id, failure("TimeoutExceeded", this.timeout?.message ?? "execution ended", true))
      return
    }
    switch (request.op) {
      case "tool":
        return this.onToolCall(request)
      case "search":
        return this.onSearch(request)
      case "global":
        return this.onGlobalCall(request)
      case "discovery":
        return this.onDiscovery(request)
      default:
        this.reply(request.id, failure("UnknownTool", `Unknown global '${request.name}'`, true))
    }
  }

  /** Counts an attempt against `maxToolCalls`; false (and the stop already sent) when over. */
  private admit(request: ChannelRequest, label: string): boolean {
    this.attempts++
    const max = this.plan.limits.maxToolCalls
    if (this.attempts <= max) return true
    this.reply(
      request.id,
      failure(
        "ToolCallLimitExceeded",
        `The program exceeded maxToolCalls (${max}): call ${this.attempts} (${label}) was refused`,
        true,
      ),
    )
    return false
  }

  private record(kind: ToolCall["kind"], name: string) {
    const call = { kind, name, status: "interrupted" as ToolCall["status"], durationMs: 0, startedAt: performance.now() }
    this.calls.push(call)
    return call
  }

  private onSearch(request: ChannelRequest): void {
    if (!this.admit(request, "search")) return
    const call = this.record("search", "search")
    let reply: Reply
    try {
      reply = { ok: true, value: this.plan.search(request.args as DataValue[]) }
      call.status = "success"
    } catch (error) {
      // The catalog's search errors are whole sentences written for the model.
      reply = failure("ExecutionFailure", error instanceof Error ? error.message : String(error))
      call.status = "failure"
    }
    call.durationMs = performance.now() - call.startedAt
    this.reply(request.id, reply)
  }

  private onToolCall(request: ChannelRequest): void {
    const label = `tools.${request.name}`
    if (!this.admit(request, label)) return
    const tool = this.plan.lookupTool(request.name)
    if (tool === undefined) {
      this.reply(request.id, failure("UnknownTool", this.plan.unknownToolMessage(request.name), true))
      return
    }
    this.runCall(request, this.record("tool", request.name), (call) =>
      callTool(tool, request.name, request.args[0] ?? {}, this.plan.hooks, call),
    )
  }

  /**
   * An extension global. Lua counts it toward `maxToolCalls` (every host call attempt is bounded
   * there); JavaScript does not, as the reference has it. Either way it is in `Result.toolCalls`.
   */
  private onGlobalCall(request: ChannelRequest): void {
    if (this.plan.language === "lua" && !this.admit(request, request.name)) return
    const global = this.plan.lookupGlobal(request.name)
    if (global === undefined) {
      this.reply(request.id, failure("UnknownTool", `Unknown global '${request.name}'`, true))
      return
    }
    // A function from a result is called by its handle but named by where it came from.
    const name = global.name ?? request.name
    this.runCall(request, this.record("extension", name), (call) =>
      callExtension(global, name, request.args as DataValue[], this.plan.hooks, call),
    )
  }

  /**
   * A discovery built-in: answered from the catalog at once, counted toward `maxToolCalls` and
   * recorded (kind `search`, the name the program called) exactly like `search`.
   */
  private onDiscovery(request: ChannelRequest): void {
    if (!this.admit(request, request.name)) return
    const call = this.record("search", request.name)
    let reply: Reply
    try {
      reply = { ok: true, value: this.plan.discover(request.name, request.args as DataValue[]) as DataValue }
      call.status = "success"
    } catch (error) {
      // Discovery errors are whole sentences written for the model.
      reply = failure("ExecutionFailure", error instanceof Error ? error.message : String(error))
      call.status = "failure"
    }
    call.durationMs = performance.now() - call.startedAt
    this.reply(request.id, reply)
  }

  /** Runs one host call as its own fiber in the caller's context; replies when it ends. */
  private runCall(
    request: ChannelRequest,
    call: ToolCall & CallRecord & { startedAt: number; durationMs: number },
    effectFor: (call: CallRecord) => Effect.Effect<Reply, never, R>,
  ): void {
    const index = this.calls.length
    const fiber = Effect.runForkWith(this.context)(effectFor(call))
    this.inFlight.set(request.id, { call, index, fiber })
    fiber.addObserver((exit) => {
      this.inFlight.delete(request.id)
      call.durationMs = performance.now() - call.startedAt
      if (exit._tag === "Success") {
        if (!this.reply(request.id, exit.value)) call.status = "failure"
      } else if (!this.settled && this.timeout === undefined) {
        // Not interrupted by us: a defect escaped dispatch. Report it rather than leave the program waiting.
        call.status = "failure"
        this.reply(request.id, failure("ToolFailure", `${toolLabel(call)} failed unexpectedly`))
      }
    })
  }

  /**
   * Writes the answer to request `id`. False when it could not go as given: a value larger than
   * the channel's frame limit is answered with a catchable `InvalidToolOutput` instead, so the
   * program is never left waiting for an answer that cannot be sent.
   */
  private reply(id: number, reply: Reply): boolean {
    const channel = this.channel
    if (channel === undefined || this.settled) return true
    try {
      channel.respond(
        id,
        reply.ok
          ? { ok: true, value: reply.value }
          : { ok: false, error: { kind: reply.kind, message: reply.message, stop: reply.stop } },
      )
      return true
    } catch (error) {
      if (!(error instanceof ChannelError) || error.reason !== "frame-too-large") throw error
      const message = `The host's answer could not be sent to the program: ${error.message}`
      channel.respond(id, { ok: false, error: { kind: "InvalidToolOutput", message, stop: false } })
      return false
    }
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

  /** Like `reply`, but also after the deadline (the stop that unblocks the worker). */
  private forceReply(id: number, reply: Reply): void {
    if (this.channel === undefined || this.settled) return
    if (reply.ok) return
    this.channel.respond(id, { ok: false, error: { kind: reply.kind, message: reply.message, stop: reply.stop } })
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

  private readonly onOutcome = (outcome: TaskOutcome): void => {
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

  private finish(outcome: TaskOutcome, workerAlive: boolean): void {
    this.settled = true
    this.clearTimers()
    // Lua has no background work, but a JavaScript program may leave calls running: end them first.
    if (this.inFlight.size === 0) this.finishNow(outcome, workerAlive)
    else void this.interruptCalls().then(() => this.finishNow(outcome, workerAlive))
  }

  private finishNow(outcome: TaskOutcome, workerAlive: boolean): void {
    this.settled = true
    this.clearTimers()
    this.releaseChannel(workerAlive && this.inFlight.size === 0)
    if (this.cancelled) return
    const timedOutInWorker = !outcome.ok && outcome.error.kind === "TimeoutExceeded"
    let final: TaskOutcome = outcome
    if (this.timeout !== undefined || timedOutInWorker) {
      final = { ok: false, error: this.timeoutDiagnostic(outcome), logs: outcome.logs }
    }
    const toolCalls: ToolCall[] = this.calls.map(({ kind, name, status, durationMs }) => ({
      kind,
      name,
      status,
      durationMs: Math.round(durationMs * 1000) / 1000,
    }))
    this.resolve(assembleResult(final, toolCalls, this.plan.limits.maxOutputBytes))
  }

  /** Prefers the worker's own account (it knows the line) over the host's. */
  private timeoutDiagnostic(outcome: TaskOutcome): Diagnostic {
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
