/**
 * The requests a running program sends the host, and their answers: the base of `Execution`
 * (execution.ts), which adds the lifecycle around them.
 *
 * Each request is answered by kind. A catalog snapshot is always answered. A tool call, an
 * extension global, `search` and the discovery built-ins are first admitted against
 * `maxToolCalls` (an extension global counts only in Lua), then recorded for `Result.toolCalls`
 * (as `interrupted` until they end), then run: `search` and discovery at once from the catalog,
 * tool and global calls each as its own fiber in the caller's context, so several may be in
 * flight (the JavaScript engine sends them concurrently), each reply written when its fiber ends.
 * Once the execution has timed out or settled, a request is answered with a stop; once the worker
 * has returned the outcome, a request still unread is served all the same (the ending then
 * interrupts it if unfinished), so a call the program made always reaches the host.
 *
 * Apart from execution.ts so that how one request is served reads apart from when the whole
 * execution ends. The two share the state declared here: the lifecycle sets `channel`, `settled`,
 * `timeout` and `programEnded`; the requests read them, and fill `calls` and `inFlight`.
 */

import { Effect, type Fiber, type Context } from "effect"
import { type HostChannel, type ChannelRequest, ChannelError } from "../bridge/host-channel.js"
import type { Diagnostic } from "../protocol/diagnostic.js"
import type { DataValue } from "../protocol/data.js"
import { CATALOG_OPERATION } from "../protocol/operations.js"
import { callExtension, callTool, failure, type CallRecord, type Reply } from "./dispatch.js"
import type { ExecutionPlan } from "./execution.js"
import type { ToolCall } from "./result.js"

/** A call as `Result.toolCalls` will list it, with the times it is measured by. */
type RecordedCall = ToolCall & CallRecord & { startedAt: number; durationMs: number }

interface InFlight {
  readonly call: RecordedCall
  readonly index: number
  readonly fiber: Fiber.Fiber<Reply> | undefined
}

export const toolLabel = (call: ToolCall): string => (call.kind === "tool" ? `tools.${call.name}` : call.name)

export abstract class ProgramRequests<R> {
  /** Where requests arrive and replies go; set while a worker runs the program. */
  protected channel: HostChannel | undefined
  protected readonly calls: RecordedCall[] = []
  protected readonly inFlight = new Map<number, InFlight>()
  private attempts = 0
  /** Set once the host's deadline has passed: later requests are answered with this stop. */
  protected timeout: Diagnostic | undefined
  /** The Result is decided (or the caller cancelled): nothing more is written to the channel. */
  protected settled = false
  /** The worker has returned the program's outcome; requests still unread are not started. */
  protected programEnded = false

  constructor(
    protected readonly plan: ExecutionPlan<R>,
    private readonly context: Context.Context<R>,
  ) {}

  /** Every request from the program, answered by kind (or stopped, once the execution is ending). */
  protected readonly onRequest = (request: ChannelRequest): void => {
    if (request.op === CATALOG_OPERATION) {
      this.reply(request.id, { ok: true, value: this.plan.catalogSnapshot() })
      return
    }
    if (this.programEnded) {
      // (experience) Calls the program started and left behind, read only now: served like any
      // other, so what reaches the host does not depend on timing; the ending interrupts them if
      // unfinished (execution.ts `finish`), and their answers are not written (`reply`).
      if (request.op === "tool") return this.onToolCall(request)
      if (request.op === "global") return this.onGlobalCall(request)
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
    this.answerFromCatalog(request, "search", () => this.plan.search(request.args as DataValue[]))
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
    this.answerFromCatalog(request, request.name, () => this.plan.discover(request.name, request.args as DataValue[]) as DataValue)
  }

  /** Runs a catalog request (`search`, discovery) at once, recorded as kind `search` under `name`. */
  private answerFromCatalog(request: ChannelRequest, name: string, answer: () => DataValue): void {
    const call = this.record("search", name)
    let reply: Reply
    try {
      reply = { ok: true, value: answer() }
      call.status = "success"
    } catch (error) {
      // The catalog's search and discovery errors are whole sentences written for the model.
      reply = failure("ExecutionFailure", error instanceof Error ? error.message : String(error))
      call.status = "failure"
    }
    call.durationMs = performance.now() - call.startedAt
    this.reply(request.id, reply)
  }

  /** Runs one host call as its own fiber in the caller's context; replies when it ends. */
  private runCall(
    request: ChannelRequest,
    call: RecordedCall,
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
    // (experience) After the outcome nobody reads answers: a late call's is dropped.
    if (channel === undefined || this.settled || this.programEnded) return true
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

  /** Like `reply`, but also after the deadline (the stop that unblocks the worker). */
  protected forceReply(id: number, reply: Reply): void {
    if (this.channel === undefined || this.settled) return
    if (reply.ok) return
    this.channel.respond(id, { ok: false, error: { kind: reply.kind, message: reply.message, stop: reply.stop } })
  }
}
