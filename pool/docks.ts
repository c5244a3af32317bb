/**
 * The threads' docks: how a run reaches a thread and its reply comes back.
 *
 * Each Piscina thread the pool uses runs one long-lived loop task (worker/loop.ts, which says why
 * a loop beats a task per run). Its dock is a channel (bridge/host-channel.ts) whose worker end
 * is the loop: the loop keeps one `next` request outstanding, the host answers it with every run
 * it has handed this thread and not yet sent (oldest first), and the loop runs them in order and
 * sends each reply back as a one-way `ended` frame. So a hand-over is one frame written into
 * shared memory, and a wake-up only when the thread sleeps; the replies of a burst are read in
 * batches, as the host's turn comes.
 *
 * Why batches. A loop asks for its next run as it takes one, and the host reads the ask only when
 * it next wakes, which takes longer than a trivial run: answered one run per ask, a thread of a
 * burst of `return 1` ran a run and then waited for the host's round trip. With up to
 * `PIPELINE_DEPTH` runs per thread sent together, 1,000 `return 1` at once ran 20-30% faster
 * (medians of alternating runs, 9,300-10,400/s to 10,500-13,500/s on a slowed machine).
 *
 * Placement (`hand`), as the pool's scheduler wants it (workers.ts): the idle thread used most
 * recently, whose JIT and caches are the warmest, and among equals the thread a resumed execution
 * last ran on (its program is still compiled there); a loop started on an idle Piscina thread or,
 * when the pool wants another thread, on a new one; otherwise, with `pipelined` (or at
 * `maxThreads`), the least busy thread, so it finds its next run waiting when it is done.
 *
 * A run ends with its reply, or when its thread dies: the replies the thread sent before it died
 * are read first, then every run it still held is rejected, the one running with the thread's
 * error and those behind it with `QueuedBehind`, and the execution decides whether it was the
 * cause (execution.ts). Aborting a run still waiting in the dock takes it back; aborting one the
 * thread has been sent aborts the thread's loop task, and Piscina terminates the thread.
 */

import { MessageChannel, type MessagePort } from "node:worker_threads"
import type { Piscina } from "piscina"
import { HostChannel, type ChannelRequest } from "../bridge/host-channel.js"
import {
  ENDED_OPERATION,
  LEAVE_OPERATION,
  NEXT_OPERATION,
  withNegativeZeros,
  type ChannelDelivery,
  type EntryThrew,
  type LoopTask,
  type RunFrame,
  type RunTask,
  type TaskReply,
  type WakeTask,
} from "../protocol/task.js"

/** Milliseconds a thread's loop waits without a run before it gives the thread back to Piscina. */
export const LOOP_IDLE_MS = 100

/**
 * A one-shot switch that aborts a task, shaped like the event-emitter signals Piscina accepts.
 * An `AbortController` per execution costs several microseconds on the hot path; this costs none.
 */
export class TaskAbort {
  aborted = false
  private listener: (() => void) | undefined = undefined

  once(_event: "abort", listener: () => void): void {
    this.listener = listener
  }

  off(_event: "abort", listener: () => void): void {
    if (this.listener === listener) this.listener = undefined
  }

  /** Piscina's `onabort` removes its listener by this name, whatever its types say. */
  removeListener(event: "abort", listener: () => void): void {
    this.off(event, listener)
  }

  abort(): void {
    if (this.aborted) return
    this.aborted = true
    const listener = this.listener
    this.listener = undefined
    listener?.()
  }
}

/**
 * How a run fails when its thread dies while it waits behind the run the thread was on: it cannot
 * have caused the death (execution.ts runs it again without counting it against the program).
 */
export class QueuedBehind extends Error {
  constructor(readonly death: unknown) {
    super(death instanceof Error ? death.message : String(death))
  }
}

/**
 * Most runs a thread holds at once when runs are pipelined: the one running and those behind it.
 * Deeper keeps a thread fed through the host's round trip; shallower lets fewer runs wait behind
 * a long one on a busy thread.
 */
const PIPELINE_DEPTH = 4

/** A run handed over, until its reply or its thread's end. */
interface DockRun {
  readonly seq: number
  readonly task: RunTask
  /** The run's channel, which the frame names by key. */
  readonly channel: SharedArrayBuffer
  readonly abort: TaskAbort
  /** The thread it would rather run on. */
  readonly preferred: number | undefined
  /** Its thread's dock (undefined: waiting for room). */
  dock: Dock | undefined
  readonly resolve: (reply: TaskReply) => void
  readonly reject: (error: unknown) => void
  readonly onAbort: () => void
  /** Sent to the thread (it may not have taken it yet). */
  sent: boolean
}

class Dock {
  readonly channel = new HostChannel()
  readonly port: MessagePort
  /** Aborts the loop task: Piscina terminates the thread (or drops the task if it has none yet). */
  readonly abort = new TaskAbort()
  /** Runs handed here, oldest first: those sent, then those waiting for the loop's next request. */
  readonly runs: DockRun[] = []
  /** Run channels whose buffer the thread has been given. */
  readonly known = new Set<number>()
  /** Id of the loop's request for its next run, once read (0: none). */
  next = 0
  /** The thread's `threadId`, once its loop has asked for a run. */
  thread: number | undefined = undefined
  /** Its last hand-over, on the docks' clock (most recently used first). */
  lastUsed = 0

  constructor(port: MessagePort) {
    this.port = port
  }

  /** The loop has started on a thread. */
  get ready(): boolean {
    return this.thread !== undefined
  }
}

type Pool = Piscina<LoopTask | WakeTask, null>

/** A run's reply as the `ended` frame carries it: JSON, with its value's `-0`s beside it. */
const replyOf = (request: ChannelRequest): TaskReply | EntryThrew => {
  const reply = request.args[0] as unknown as TaskReply | EntryThrew
  const zeros = request.args[1] as ReadonlyArray<ReadonlyArray<string | number>> | undefined
  if (zeros === undefined || !("ok" in reply) || !reply.ok) return reply
  return { ...reply, value: withNegativeZeros(reply.value, zeros) }
}

export class Docks {
  private readonly docks = new Set<Dock>()
  /** Loop tasks handed to Piscina and not settled (a loop that has left still holds its thread until then). */
  private loops = 0
  private seq = 0
  private clock = 0
  /** Runs a thread may hold: `PIPELINE_DEPTH` when runs are pipelined, else 1. */
  private depth = 1
  /** Runs waiting for room on a thread, oldest first. */
  private readonly waiting: DockRun[] = []
  /** Keys of run channels, as their runs name them to a thread (`ChannelDelivery`). */
  private readonly keys = new WeakMap<SharedArrayBuffer, number>()
  private nextKey = 1

  /** The loops' count of those spinning for their next run (`LoopTask.spinning`). */
  private readonly spinning = new SharedArrayBuffer(4)

  constructor(
    private readonly piscina: Pool,
    private readonly pressure: SharedArrayBuffer,
    private readonly maxThreads: number,
    /** Loops that may spin at once (`LoopTask.maxSpinning`). */
    private readonly maxSpinning: number,
  ) {}

  /** Threads running a loop (or about to). */
  get size(): number {
    return this.docks.size
  }

  /** Runs handed to loops that have not reached a thread yet. */
  runsWaitingForThread(): number {
    let waiting = 0
    for (const dock of this.docks) if (!dock.ready) waiting += dock.runs.length
    return waiting
  }

  /** True while some loop has been handed to Piscina and has not reached a thread. */
  get starting(): boolean {
    for (const dock of this.docks) if (!dock.ready) return true
    return false
  }

  /**
   * Hands `task`, talking through `channel`, to a thread (see the essay for which). `wantsThread`:
   * the pool wants one more thread than it has. Returns the reply's promise and whether the run
   * went to an idle thread.
   */
  hand(
    task: RunTask,
    channel: SharedArrayBuffer,
    abort: TaskAbort,
    preferred: number | undefined,
    pipelined: boolean,
    wantsThread: boolean,
  ): { reply: Promise<TaskReply>; onIdleThread: boolean } {
    let run: DockRun
    const reply = new Promise<TaskReply>((resolve, reject) => {
      run = { seq: ++this.seq, task, channel, abort, preferred, resolve, reject, onAbort: () => this.abortRun(run), dock: undefined, sent: false }
    })
    abort.once("abort", run!.onAbort)
    this.depth = pipelined ? PIPELINE_DEPTH : 1
    let dock = this.idleDock(preferred)
    let onIdleThread = dock !== undefined
    if (dock === undefined && this.piscina.threads.length > this.loops) {
      // A Piscina thread with no loop (a `minThreads` one, or one whose loop left): idle as well.
      dock = this.startLoop()
      onIdleThread = true
    }
    // Behind a busy thread when the pool wants no thread, or can start none (at `maxThreads` a new
    // loop would only wait in Piscina's queue for a thread whose loop leaves); if every thread
    // holds as many runs as it may, the run waits here for the first to free.
    if (dock === undefined && ((pipelined && !wantsThread) || this.loops >= this.maxThreads)) {
      dock = this.leastBusyDock(preferred)
      if (dock === undefined) {
        this.waiting.push(run!)
        return { reply, onIdleThread: false }
      }
    }
    this.assign(dock ?? this.startLoop(), run!)
    return { reply, onIdleThread }
  }

  /** Runs waiting for room on a thread (every thread holds as many as it may). */
  get waitingRuns(): number {
    return this.waiting.length
  }

  /** A run channel is gone: threads that were given its buffer may forget it. */
  forgetChannel(buffer: SharedArrayBuffer): void {
    const key = this.keys.get(buffer)
    if (key === undefined) return
    this.keys.delete(buffer)
    for (const dock of this.docks) {
      if (dock.known.delete(key)) dock.port.postMessage({ forget: key } satisfies ChannelDelivery)
    }
  }

  /** Aborts every loop that has not reached a thread: their runs fail with Piscina's abort error. */
  abortStarting(): void {
    for (const dock of [...this.docks]) if (!dock.ready) dock.abort.abort()
  }

  /** The pool is closing: every loop is told to end (its thread's runs fail as the pool closes). */
  close(): void {
    for (const dock of [...this.docks]) dock.channel.close()
    for (const run of this.waiting.splice(0)) run.reject(new Error("the worker pool was closed"))
  }

  // -------------------------------------------------------------------------------------------

  private idleDock(preferred: number | undefined): Dock | undefined {
    let best: Dock | undefined
    for (const dock of this.docks) {
      if (dock.runs.length > 0) continue
      if (dock.thread !== undefined && dock.thread === preferred) return dock
      if (best === undefined || dock.lastUsed > best.lastUsed) best = dock
    }
    return best
  }

  private leastBusyDock(preferred: number | undefined): Dock | undefined {
    let best: Dock | undefined
    for (const dock of this.docks) {
      if (dock.runs.length >= this.depth) continue
      if (best === undefined || dock.runs.length < best.runs.length) best = dock
      else if (dock.runs.length === best.runs.length && (dock.thread === preferred || (best.thread !== preferred && dock.lastUsed > best.lastUsed))) best = dock
    }
    return best
  }

  private startLoop(): Dock {
    const { port1, port2 } = new MessageChannel()
    const dock = new Dock(port1)
    this.docks.add(dock)
    this.loops++
    dock.channel.listen((request) => this.onRequest(dock, request))
    const task: LoopTask = {
      loop: true,
      dock: dock.channel.buffer,
      port: port2,
      pressure: this.pressure,
      idleMs: LOOP_IDLE_MS,
      spinning: this.spinning,
      maxSpinning: this.maxSpinning,
    }
    this.piscina.run(task, { transferList: [port2] as never, signal: dock.abort }).then(
      () => this.onLoopEnded(dock, undefined),
      (error: unknown) => this.onLoopEnded(dock, error),
    )
    return dock
  }

  private onRequest(dock: Dock, request: ChannelRequest): void {
    switch (request.op) {
      case NEXT_OPERATION:
        dock.thread ??= Number(request.name)
        dock.next = request.id
        this.feed(dock)
        return
      case ENDED_OPERATION:
        return this.onEnded(dock, Number(request.name), replyOf(request))
      case LEAVE_OPERATION: {
        // A loop that asks to leave holds no run unless one was sent before the ask was read.
        const leaves = dock.runs.length === 0
        if (leaves) {
          this.docks.delete(dock)
          dock.next = 0
        }
        dock.channel.respond(request.id, { ok: true, value: leaves })
        return
      }
    }
  }

  private assign(dock: Dock, run: DockRun): void {
    run.dock = dock
    dock.lastUsed = ++this.clock
    dock.runs.push(run)
    // The loop posts its next request without waking the host: read it now, or when it comes.
    if (dock.next === 0 && dock.ready) dock.channel.drain()
    this.feed(dock)
  }

  /** A thread has room again: the runs waiting for room go to the least busy threads. */
  private placeWaiting(): void {
    while (this.waiting.length > 0) {
      const run = this.waiting[0]!
      let dock = this.leastBusyDock(run.preferred)
      // A thread with no loop, or no loop left at all (their threads died): a loop for the runs.
      if (dock === undefined && (this.piscina.threads.length > this.loops || this.docks.size === 0)) dock = this.startLoop()
      if (dock === undefined) return
      this.waiting.shift()
      this.assign(dock, run)
    }
  }

  /** Sends every unsent run, oldest first, if the loop has asked for its next. */
  private feed(dock: Dock): void {
    if (dock.next === 0) return
    const frames: RunFrame[] = []
    for (const run of dock.runs) {
      if (run.sent) continue
      frames.push({ seq: run.seq, channel: this.keyOf(dock, run.channel), task: run.task })
      run.sent = true
    }
    if (frames.length === 0) return
    const next = dock.next
    dock.next = 0
    dock.channel.respond(next, { ok: true, value: frames as never })
  }

  private keyOf(dock: Dock, buffer: SharedArrayBuffer): number {
    let key = this.keys.get(buffer)
    if (key === undefined) {
      key = this.nextKey++
      this.keys.set(buffer, key)
    }
    if (!dock.known.has(key)) {
      // Posted before the run that names it, so the loop finds it on its port.
      dock.port.postMessage({ key, buffer } satisfies ChannelDelivery)
      dock.known.add(key)
    }
    return key
  }

  private onEnded(dock: Dock, seq: number, reply: TaskReply | EntryThrew): void {
    const at = dock.runs.findIndex((run) => run.seq === seq)
    if (at < 0) return
    const run = dock.runs[at]!
    dock.runs.splice(at, 1)
    run.abort.off("abort", run.onAbort)
    if ("threw" in reply) run.reject(new Error(reply.threw))
    else run.resolve(reply)
    this.placeWaiting()
  }

  private abortRun(run: DockRun): void {
    const dock = run.dock
    if (dock === undefined) {
      const at = this.waiting.indexOf(run)
      if (at < 0) return
      this.waiting.splice(at, 1)
      run.reject(new Error("The task has been aborted"))
      return
    }
    const at = dock.runs.indexOf(run)
    if (at < 0) return
    if (!run.sent) {
      dock.runs.splice(at, 1)
      run.reject(new Error("The task has been aborted"))
      this.placeWaiting()
      return
    }
    dock.abort.abort()
  }

  private onLoopEnded(dock: Dock, error: unknown): void {
    this.loops--
    this.docks.delete(dock)
    // Replies the loop sent before it ended settle their runs first: with runs sent in batches the
    // thread may have finished several the host had not read yet, and only the one it was on
    // when it died may be blamed for its death.
    dock.channel.drain()
    dock.channel.close()
    dock.port.close()
    const failure = error ?? new Error("the worker's loop ended")
    // The oldest run is the one the thread was on; those behind it had not reached it.
    dock.runs.splice(0).forEach((run, i) => {
      run.abort.off("abort", run.onAbort)
      run.reject(i === 0 ? failure : new QueuedBehind(failure))
    })
    this.placeWaiting()
  }
}
