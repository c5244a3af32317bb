/**
 * The host calls of one execution, across all its runs: admitted, recorded, run once, and logged.
 *
 * A program's request arrives with its ordinal (the n-th call of the execution, worker/replay.ts).
 * A new ordinal is a new logical call: it is admitted against `maxToolCalls` (an extension
 * global counts only in Lua), recorded for `Result.toolCalls` (as `interrupted` until it ends),
 * and run — `search` and discovery at once from the catalog, tool and global calls each as its
 * own fiber in the caller's context, so several may be in flight. Its answer is logged, and the
 * execution is told (`onAnswered`) so it can deliver it to the run that waits for it, or wake a
 * suspended execution.
 *
 * An ordinal already in the log is the same call asked again by a later run of the program: one
 * that an earlier run made and whose answer had not arrived when that run gave its thread back.
 * It is never run again, never counted or recorded again; the new run just waits for the answer
 * the first one will get. The request must be exactly the one logged; any difference is an
 * engine bug, and the execution fails naming the call (`onDiverged`) rather than hand one call's
 * answer to another.
 *
 * Stops (a call over `maxToolCalls`, an unknown tool) are answered but never logged: they end
 * the run, and with it the execution.
 *
 * A tool call that needs an approval (approvals.ts) gets no answer: its entry keeps the ask
 * (`approval`) and the execution is told (`onPending`); when the program can go on no other way,
 * the execution pauses with a token. A resumed execution starts from the token's log (`restore`):
 * the waiting calls carry their decisions, and when the program asks for one again it runs (a yes)
 * or is answered with the denial (a no), and is logged like any other call.
 *
 * Nothing here knows about channels or runs: the execution passes in how to answer the current
 * request (`answer`), and asks for the log (`replayLog`) when it starts a run.
 */

import { Cause, type Context, Effect, type Exit, Fiber } from "effect"
import type { ChannelRequest } from "../bridge/host-channel.js"
import type { DataValue } from "../protocol/data.js"
import type { HostOperation } from "../protocol/operations.js"
import { callKind } from "../protocol/task.js"
import { isRequestMeta, type LoggedCall, type LoggedReply, type ReplayLog } from "../protocol/replay.js"
import { ApprovalMessages, type ApprovalDecision, type AskedBy, type PausedCall, type PausedExecution } from "./approvals.js"
import { callExtension, callTool, failure, isApprovalAsk, type CallRecord, type Reply, type ToolReply } from "./dispatch.js"
import { isSearchBuiltin } from "./discovery.js"
import type { ExecutionPlan } from "./plan.js"
import type { ToolCall } from "./result.js"

/** A call as `Result.toolCalls` will list it, with the times it is measured by. */
export type RecordedCall = ToolCall & CallRecord & { startedAt: number; durationMs: number }

/** One logical host call of the execution. */
export interface CallEntry {
  readonly ordinal: number
  readonly op: HostOperation
  readonly name: string
  /** The arguments' JSON text, as the worker compares them on replay. */
  readonly args: string
  /** Its kind as the pool times it (`tool:svc.fetch`, protocol/task.ts `callKind`); undefined: not timed. */
  readonly kind: string | undefined
  /** The answer once there is one (never a stop). */
  reply: LoggedReply | undefined
  /** Bytes of `reply` as JSON, once measured (-1: not yet). */
  replyBytes: number
  /** Rank of the answer among the execution's answers, in the order they came (-1: none yet). */
  arrival: number
  /** The entry as the replay log lists it, made once per answer (`replayLog`, every run). */
  logged?: LoggedCall | undefined
  readonly record: RecordedCall | undefined
  fiber: Fiber.Fiber<ToolReply> | undefined
  /** A tool call that waits for an approval: who asked, why, and the decision once there is one. */
  approval: { readonly by: AskedBy; readonly reason?: string; decision?: ApprovalDecision; started?: boolean } | undefined
}

/** True while the entry waits for a decision nobody has given yet. */
export const awaitsDecision = (entry: CallEntry | undefined): boolean =>
  entry !== undefined && entry.reply === undefined && entry.approval !== undefined && entry.approval.decision === undefined

export const toolLabel = (call: { readonly kind: ToolCall["kind"]; readonly name: string }): string =>
  call.kind === "tool" ? `tools.${call.name}` : call.name

const callLabel = (op: string, name: string): string => (op === "tool" ? `tools.${name}` : name)

export const CallMessages = {
  diverged: (ordinal: number, logged: CallEntry, op: string, name: string) =>
    `internal error: running this execution again, call ${ordinal + 1} asked for ${callLabel(op, name)} with other ` +
    `arguments than the first run, which asked for ${callLabel(logged.op, logged.name)}; it was stopped rather than ` +
    `answered with another call's result`,
  outOfOrder: (ordinal: number, expected: number) =>
    `internal error: the program made call ${ordinal + 1} before call ${expected + 1}`,
  callLimit: (max: number, attempt: number, label: string) =>
    `The program exceeded maxToolCalls (${max}): call ${attempt} (${label}) was refused`,
  unknownGlobal: (name: string) => `Unknown global '${name}'`,
  unexpectedFailure: (label: string) => `${label} failed unexpectedly`,
} as const

/** What the execution is told about its calls (an interface, not closures: one execution, one listener). */
export interface CallListener {
  /** A call's answer has arrived (from its fiber). */
  onAnswered(entry: CallEntry): void
  /** A run asked for something else than the log says: the execution must fail. */
  onDiverged(message: string): void
  /** A tool call asked for an approval instead of answering. */
  onPending(entry: CallEntry): void
}

export class ExecutionCalls<R> {
  /** Every logical call, by ordinal. */
  readonly entries: CallEntry[] = []
  /** The calls `Result.toolCalls` lists, in admission order. */
  readonly records: RecordedCall[] = []
  /** Clock readings and settlements the worker reported, in order (protocol/replay.ts). */
  private readonly clock: number[] = []
  private readonly settled: number[] = []
  /** How many calls' fibers are running (each such entry holds its `fiber`). */
  private running = 0
  private attempts = 0
  private answers = 0
  /**
   * Starts a call's fiber in the caller's context; made at the first call (`runForkWith` builds a
   * function each time, and most executions of a burst call nothing).
   */
  private fork: ((effect: Effect.Effect<ToolReply, never, R>) => Fiber.Fiber<ToolReply>) | undefined = undefined

  constructor(
    private readonly plan: ExecutionPlan<R>,
    private readonly context: Context.Context<R>,
    /** The execution, told what happens to its calls. */
    private readonly listener: CallListener,
  ) {}

  /** Host call attempts admitted against `maxToolCalls`, across every leg of the execution. */
  get attemptCount(): number {
    return this.attempts
  }

  /**
   * Starts from a paused execution's log: its answers, and its waiting calls with their decisions
   * (in the order of `paused.pending`). Nothing restored is listed in this leg's `toolCalls`.
   */
  restore(paused: PausedExecution, decisions: ReadonlyArray<ApprovalDecision>): void {
    const waiting = new Map<number, { readonly call: PausedCall; readonly decision: ApprovalDecision }>()
    paused.pending.forEach((call, i) => waiting.set(call.ordinal, { call, decision: decisions[i]! }))
    paused.log.calls.forEach((logged, ordinal) => {
      const pending = waiting.get(ordinal)
      const op = logged?.op ?? "tool"
      const name = logged?.name ?? pending?.call.name ?? ""
      const entry: CallEntry = {
        ordinal,
        op,
        name,
        args: logged?.args ?? pending?.call.args ?? "",
        kind: callKind(op, name),
        reply: logged?.reply,
        replyBytes: -1,
        arrival: logged?.arrival ?? -1,
        record: undefined,
        fiber: undefined,
        approval:
          pending === undefined
            ? undefined
            : { by: pending.call.by, ...(pending.call.reason === undefined ? {} : { reason: pending.call.reason }), decision: pending.decision },
      }
      this.entries.push(entry)
    })
    for (const reading of paused.log.clock) this.clock.push(reading)
    for (const ordinal of paused.log.settled) this.settled.push(ordinal)
    this.attempts = paused.attempts
    this.answers = paused.log.calls.reduce((n, logged) => Math.max(n, (logged?.arrival ?? -1) + 1), 0)
  }

  /** How many calls are in flight (their fibers running). */
  get inFlight(): number {
    return this.running
  }

  /** The first call in program order whose fiber is running. */
  firstInFlight(): CallEntry | undefined {
    return this.running === 0 ? undefined : this.entries.find((entry) => entry.fiber !== undefined)
  }

  /** The calls waiting for a decision, in program order. */
  awaitingDecision(): ReadonlyArray<CallEntry> {
    return this.entries.filter(awaitsDecision)
  }

  get size(): number {
    return this.entries.length
  }

  /**
   * One request of the current run. `answer` writes a reply to it; it is called at once when the
   * answer is known, and otherwise `waitFor` tells the execution which ordinal the request waits on.
   */
  receive(request: ChannelRequest, answer: (reply: Reply) => void, waitFor: (ordinal: number) => void): void {
    const meta = isRequestMeta(request.meta) ? request.meta : undefined
    if (meta?.c !== undefined) for (const reading of meta.c) this.clock.push(reading)
    if (meta?.s !== undefined) for (const ordinal of meta.s) this.settled.push(ordinal)
    const ordinal = meta?.i ?? this.entries.length
    const op = request.op as HostOperation
    const args = JSON.stringify(request.args)
    const logged = this.entries[ordinal]
    if (logged !== undefined) {
      if (logged.op !== op || logged.name !== request.name || logged.args !== args) {
        return this.listener.onDiverged(CallMessages.diverged(ordinal, logged, op, request.name))
      }
      if (logged.reply !== undefined) return answer(logged.reply.ok ? logged.reply : failure(logged.reply.kind, logged.reply.message))
      if (logged.approval?.decision !== undefined && logged.approval.started !== true) return this.onDecided(logged, request, answer, waitFor)
      return waitFor(ordinal)
    }
    if (ordinal !== this.entries.length) return this.listener.onDiverged(CallMessages.outOfOrder(ordinal, this.entries.length))
    switch (op) {
      case "tool":
        return this.onToolCall(ordinal, request, args, answer, waitFor)
      case "global":
        return this.onGlobalCall(ordinal, request, args, answer, waitFor)
      case "search":
        if (!this.admit(answer, "search")) return
        if (this.plan.runtime.semanticSearch !== undefined) return this.searchSemantically(this.entry(ordinal, op, request.name, args, "search", "search"), "search", request, waitFor)
        return answer(this.fromCatalog(this.entry(ordinal, op, request.name, args, "search", "search"), () => this.plan.runtime.search(request.args as DataValue[])))
      case "state":
        return this.onStateRequest(ordinal, request, args, answer, waitFor)
      case "model":
        return this.onModelCall(ordinal, request, args, answer, waitFor)
      case "discovery":
        if (!this.admit(answer, request.name)) return
        if (this.plan.runtime.semanticSearch !== undefined && isSearchBuiltin(request.name)) {
          return this.searchSemantically(this.entry(ordinal, op, request.name, args, "search", request.name), request.name, request, waitFor)
        }
        return answer(
          this.fromCatalog(this.entry(ordinal, op, request.name, args, "search", request.name), () =>
            this.plan.runtime.discover(request.name, request.args as DataValue[]) as DataValue,
          ),
        )
      default:
        answer(failure("UnknownTool", CallMessages.unknownGlobal(request.name), true))
    }
  }

  /** Records a trace that came with a run's suspension rather than a request. */
  addTrace(clock: ReadonlyArray<number>, settled: ReadonlyArray<number>): void {
    for (const reading of clock) this.clock.push(reading)
    for (const ordinal of settled) this.settled.push(ordinal)
  }

  /** What the next run is answered from. */
  replayLog(): ReplayLog {
    return { calls: this.entries.map(loggedCall), clock: this.clock, settled: this.settled }
  }

  /** The log's size in bytes of JSON (arguments and answers), measuring each answer once. */
  logBytes(): number {
    let bytes = 16 * (this.clock.length + this.settled.length)
    for (const entry of this.entries) {
      bytes += entry.args.length + entry.name.length + 32
      if (entry.reply !== undefined) {
        if (entry.replyBytes < 0) entry.replyBytes = Buffer.byteLength(JSON.stringify(entry.reply) ?? "", "utf8")
        bytes += entry.replyBytes
      }
    }
    return bytes
  }

  // -------------------------------------------------------------------------------------------

  /** Counts an attempt against `maxToolCalls`; false (and the stop already sent) when over. */
  private admit(answer: (reply: Reply) => void, label: string): boolean {
    this.attempts++
    const max = this.plan.limits.maxToolCalls
    if (this.attempts <= max) return true
    answer(failure("ToolCallLimitExceeded", CallMessages.callLimit(max, this.attempts, label), true))
    return false
  }

  private record(kind: ToolCall["kind"], name: string): RecordedCall {
    const call: RecordedCall = { kind, name, status: "interrupted", durationMs: 0, startedAt: performance.now() }
    this.records.push(call)
    return call
  }

  private entry(ordinal: number, op: HostOperation, name: string, args: string, kind: ToolCall["kind"] | undefined, recordAs: string): CallEntry {
    const entry: CallEntry = {
      ordinal,
      op,
      name,
      args,
      kind: callKind(op, name),
      reply: undefined,
      replyBytes: -1,
      arrival: -1,
      record: kind === undefined ? undefined : this.record(kind, recordAs),
      fiber: undefined,
      approval: undefined,
    }
    this.entries.push(entry)
    return entry
  }

  private onToolCall(ordinal: number, request: ChannelRequest, args: string, answer: (reply: Reply) => void, waitFor: (o: number) => void): void {
    if (!this.admit(answer, `tools.${request.name}`)) return
    const tool = this.plan.runtime.lookupTool(request.name)
    if (tool === undefined) return answer(failure("UnknownTool", this.plan.runtime.unknownToolMessage(request.name), true))
    const entry = this.entry(ordinal, "tool", request.name, args, "tool", request.name)
    this.run(entry, waitFor, (call) => callTool(tool, request.name, request.args[0] ?? {}, this.plan.runtime.hooks, call))
  }

  /**
   * A resumed call whose decision is in: a yes runs it (hooks and `toolCalls` as for any call, the
   * asker not asked again); a no answers it with the denial, as a `before` hook's would be.
   */
  private onDecided(entry: CallEntry, request: ChannelRequest, answer: (reply: Reply) => void, waitFor: (o: number) => void): void {
    const approval = entry.approval!
    approval.started = true
    const record = this.record("tool", entry.name)
    ;(entry as { record: RecordedCall | undefined }).record = record
    if (!approval.decision!.approved) {
      const reply = failure("ToolFailure", ApprovalMessages.denied(entry.name, approval.decision!.reason))
      record.status = "denied"
      entry.reply = logged(reply)
      entry.arrival = this.answers++
      return answer(reply)
    }
    const tool = this.plan.runtime.lookupTool(entry.name)
    if (tool === undefined) return answer(failure("UnknownTool", this.plan.runtime.unknownToolMessage(entry.name), true))
    this.run(entry, waitFor, (call) => callTool(tool, entry.name, request.args[0] ?? {}, this.plan.runtime.hooks, call, approval.by))
  }

  /**
   * An extension global. Lua counts it toward `maxToolCalls` (every host call attempt is bounded
   * there); JavaScript does not, as the reference has it. Either way it is in `Result.toolCalls`.
   */
  private onGlobalCall(ordinal: number, request: ChannelRequest, args: string, answer: (reply: Reply) => void, waitFor: (o: number) => void): void {
    if (this.plan.runtime.language === "lua" && !this.admit(answer, request.name)) return
    const global = this.plan.globals.lookup(request.name)
    if (global === undefined) return answer(failure("UnknownTool", CallMessages.unknownGlobal(request.name), true))
    // A function from a result is called by its handle but named by where it came from.
    const name = global.name ?? request.name
    const entry = this.entry(ordinal, "global", request.name, args, "extension", name)
    this.run(entry, waitFor, (call) => callExtension(global, name, request.args as DataValue[], this.plan.runtime.hooks, call))
  }

  /**
   * `store` / `load` (pool/state-requests.ts): neither admitted against `maxToolCalls` nor listed in
   * `toolCalls`, but logged like any answer, so a replay neither stages a write twice nor reads
   * the database again. Stops (a bound passed, the database gone) end the run and are not logged.
   */
  private onStateRequest(ordinal: number, request: ChannelRequest, args: string, answer: (reply: Reply) => void, waitFor: (o: number) => void): void {
    const entry = this.entry(ordinal, "state", request.name, args, undefined, request.name)
    waitFor(ordinal)
    this.plan.state.answer(request, (reply) => {
      // A stop is not logged: it ends the run, so it goes straight to the request that asked.
      if (!reply.ok && reply.stop) return answer(reply)
      entry.reply = logged(reply)
      entry.arrival = this.answers++
      this.listener.onAnswered(entry)
    })
  }

  /**
   * A `models.*` operation (pool/models.ts): admitted and listed like a tool call, run as its own
   * fiber (so the execution's end interrupts it), its answer logged: a replay never asks again.
   */
  private onModelCall(ordinal: number, request: ChannelRequest, args: string, answer: (reply: Reply) => void, waitFor: (o: number) => void): void {
    const label = `models.${request.name}`
    if (!this.admit(answer, label)) return
    const entry = this.entry(ordinal, "model", request.name, args, "model", label)
    this.run(entry, waitFor, (call) => this.plan.models.call(request.name, request.args as DataValue[], call))
  }

  /** Answers a catalog request (`search`, discovery) at once; its answer is logged like any other. */
  private fromCatalog(entry: CallEntry, answer: () => DataValue): Reply {
    const record = entry.record!
    let reply: Reply
    try {
      reply = { ok: true, value: answer() }
      record.status = "success"
    } catch (error) {
      // The catalog's search and discovery errors are whole sentences written for the model.
      reply = failure("ExecutionFailure", error instanceof Error ? error.message : String(error))
      record.status = "failure"
    }
    record.durationMs = performance.now() - record.startedAt
    entry.reply = logged(reply)
    entry.arrival = this.answers++
    return reply
  }

  /** A search ranked with the host's embedding model: an Effect like a tool call, logged the same way. */
  private searchSemantically(entry: CallEntry, name: string, request: ChannelRequest, waitFor: (ordinal: number) => void): void {
    const search = this.plan.runtime.semanticSearch!
    this.run(entry, waitFor, (call) => search(name, request.args as DataValue[], call))
  }

  /** Runs one host call as its own fiber in the caller's context; its answer is logged when it ends. */
  private run(entry: CallEntry, waitFor: (ordinal: number) => void, effectFor: (call: CallRecord) => Effect.Effect<ToolReply, never, R>): void {
    const record = entry.record!
    waitFor(entry.ordinal)
    const fiber = (this.fork ??= Effect.runForkWith(this.context))(effectFor(record))
    entry.fiber = fiber
    this.running++
    fiber.addObserver((exit) => {
      this.running--
      entry.fiber = undefined
      record.durationMs = performance.now() - record.startedAt
      if (exit._tag === "Success") {
        const reply = exit.value
        if (isApprovalAsk(reply)) {
          // No answer: the call waits for a decision; its time is counted from the resume.
          entry.approval = reply.reason === undefined ? { by: reply.by } : { by: reply.by, reason: reply.reason }
          record.status = "pending"
          return this.listener.onPending(entry)
        }
        entry.reply = logged(reply)
      } else {
        // Interrupted by the execution's end: nothing to deliver. Anything else is a defect that
        // escaped dispatch: report it rather than leave the program waiting.
        if (isInterruptOnly(exit)) return
        record.status = "failure"
        entry.reply = { ok: false, kind: "ToolFailure", message: CallMessages.unexpectedFailure(toolLabel(record)) }
      }
      entry.arrival = this.answers++
      this.listener.onAnswered(entry)
    })
  }

  /** Interrupts every call in flight. */
  interruptAll(): Effect.Effect<void> {
    const fibers = this.entries.flatMap((entry) => (entry.fiber === undefined ? [] : [entry.fiber]))
    return Effect.forEach(fibers, (fiber) => Fiber.interrupt(fiber), { concurrency: "unbounded", discard: true })
  }
}

const isInterruptOnly = (exit: Exit.Exit<ToolReply>): boolean => exit._tag === "Failure" && Cause.hasInterruptsOnly(exit.cause)

/**
 * An entry as the log lists it (null: no answer yet). Every run is handed the whole log, so the
 * listing is kept on the entry and made again only when its answer changed (a reply too large
 * for the channel is replaced by the failure the program saw).
 */
const loggedCall = (entry: CallEntry): LoggedCall | null => {
  const { reply } = entry
  if (reply === undefined) return null
  if (entry.logged?.reply !== reply || entry.logged.arrival !== entry.arrival) {
    entry.logged = { op: entry.op, name: entry.name, args: entry.args, reply, arrival: entry.arrival }
  }
  return entry.logged
}

/** A dispatch reply as the log keeps it: stops are never logged (they end the run). */
const logged = (reply: Reply): LoggedReply => (reply.ok ? reply : { ok: false, kind: reply.kind, message: reply.message })
