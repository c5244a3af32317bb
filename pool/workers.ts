/**
 * The worker pool: Piscina threads that each run one program at a time, and the scheduler that
 * decides which execution runs when.
 *
 * Hot threads. Compute runs on about as many threads as there are cores (`hotThreads`): a burst
 * of trivial programs then lands on threads whose JIT is warm, most recently used first (the
 * docks' placement, docks.ts), instead of being spread over many cold ones. The pool starts a thread beyond
 * the hot ones only for a run that blocks its thread and will keep it (`blocks`: suspension is
 * off, or the run has too much compute behind it to replay); a run waiting for its catalog, or
 * about to give its thread back, does not count. Otherwise a busy hot thread is handed the next
 * run behind its current one. (Without these two rules a burst of `return 1` started every
 * thread up to `maxThreads`, each paying module loading and a cold JIT; on 2 cores, 1,000 at once
 * ran at 460-490/s on 7 threads against 1,330-1,500/s on 2, back to back, with 316 MB peak RSS
 * against 201 MB.)
 *
 * Suspension. A program waiting on the host while other work wants a thread gives its thread
 * back: the run ends with a `Suspension`, and the execution keeps only its replay log until an
 * answer arrives and it is queued again (execution.ts). When it yields: at once if that kind of
 * call (`tool:svc.fetch`) has lately taken longer than the grace window or has not been timed yet
 * (`CallTimes`), since the window would only keep the thread idle for a wait that ends in a
 * suspension anyway. The worker decides that itself, the moment it posts the call, from what
 * each task carries (`YieldRule`: the kinds known to be fast, and a shared word saying how much
 * work wants a thread), so it costs no round trip: the host would otherwise read the request,
 * ring the worker to ask (bridge/protocol.ts, `YIELD`), and the worker sat blocked until it did
 * (about 5.7 ms a suspension in the burst below, on a loaded machine). Otherwise the host asks
 * once the call has waited the grace window (`suspendAfterMs`), measured from when its wait began
 * (the scan is armed for the moment the next window ends). Replay costs the compute the program
 * did before the point where it stopped, once more: so the cheapest programs to replay yield
 * first, and a program with much compute behind it (by the worker's own clock, `COMPUTED_MS`)
 * keeps its thread while the work it holds back has waited less than that (`mayYield`). Runs of
 * executions that were suspended (or whose worker died) are queued ahead of new executions:
 * finishing what has started keeps the number of executions in flight, and their memory, bounded.
 *
 * What a run costs. Each suspension costs a whole run, and with 1,000 programs in flight most of a
 * worker's time went to the fixed part of a run rather than to the program: parsing and compiling
 * a program its worker had compiled before but no longer kept (a cache of 16 read in a cycle of
 * 1,000 hits nothing; now worker/program-cache.ts keeps many small programs), and SHA-256 over
 * the seed for Lua's `math.random` (now drawn on the host once per execution). A resumed run
 * names the thread of its last run (`Suspension.thread`) and the balancer prefers it among equal
 * threads, so a replay usually finds its program compiled. On the host the largest cost is not
 * computing but waking: each `Atomics.notify` that wakes a sleeping worker (Piscina's task
 * message, a YIELD, an answer) stalled the host's thread under load (in CPU profiles of that
 * burst, `ringWorker` and Piscina's `postTask` took more host time than everything else of ours
 * together). A worker now yields by itself on a call expected to be slow, which takes the YIELD
 * ring away, and a blocking call it yields on does not ring the host for its request either (the
 * host reads it with the run's end). Runs no longer travel as Piscina tasks: each thread runs one
 * long-lived loop (worker/loop.ts) fed through a dock (docks.ts), the host notifies a worker
 * only when it sleeps (bridge/protocol.ts, `SLEEPING`) and a worker the host only while it listens
 * (`HOST_LISTENING`), and a loop between runs spins briefly before it sleeps (worker/loop.ts).
 *
 * Memory. A worker blocked on a host call sleeps in `Atomics.wait` and holds no CPU, but it
 * holds a thread and its heap: about 16 MB warm and idle, about 42 MB once it has held a
 * table-heavy program (measured on Node 20, x64). With suspension a waiting program costs its log
 * instead, so the default ceiling (4 threads per core) bounds bursts of programs inside their
 * grace window, not the programs in flight. The young generation is 16 MB by default: with
 * suspension a thread runs many short runs a second, and a nursery that grows to 64 MB in every
 * thread cost resident memory without buying speed (1,000 programs x two 200 ms calls on 8
 * threads, back to back on the same loaded machine: 64 MB 152/s at 534 MB peak RSS; 16 MB
 * 196-232/s at 452 MB; 8 MB 230/s at 381 MB).
 *
 * Workers start with an empty environment and no arguments, and with V8 heap limits, so a memory
 * bomb kills one worker (its execution fails with `ExecutionFailure`) and Piscina replaces it.
 * Executions wait in the pool's own queues, not Piscina's, and take a channel only when they are
 * handed over, so a burst of 1,000 executions holds a few dozen channels, not 1,000.
 *
 * One pool is shared by every runtime of the process unless a host makes its own with
 * `WorkerPool.make`. The shared pool is reference-counted by the runtimes using it; when the last
 * one closes it stays warm for `SHARED_POOL_IDLE_MS` (so make-execute-close per request does not
 * pay for new threads each time) and is then destroyed. Its threads are unreferenced while idle,
 * so a process still exits cleanly after `close()`.
 */

import { availableParallelism } from "node:os"
import { fileURLToPath, pathToFileURL } from "node:url"
import { Piscina } from "piscina"
import { HostChannel } from "../bridge/host-channel.js"
import { checkKnownKeys, keysOf } from "./options.js"
import { MAX_REPLAY_LOG_BYTES } from "./limits.js"
import { WAKE_TASK, type LoopTask, type RunTask, type RunYieldRule, type TaskReply, type WakeTask } from "../protocol/task.js"
import { Docks, TaskAbort } from "./docks.js"

export { TaskAbort }

export interface WorkerPoolOptions {
  /** Threads kept alive when idle. Default 1. */
  readonly minThreads?: number
  /** Most threads at once. Default 4 per core (see the essay above for the memory cost). */
  readonly maxThreads?: number
  /** Threads that run programs' compute at once. Default: the cores (`os.availableParallelism()`). */
  readonly hotThreads?: number
  /**
   * The grace window: how long, in milliseconds, a program may wait on the host holding its
   * thread while other work is queued, before it is suspended (its thread given back, the program
   * run again from its log when the answer arrives). A call of a kind that has lately taken longer
   * than this is suspended at once. Default 2. `Infinity` never suspends: every waiting program
   * keeps its thread.
   */
  readonly suspendAfterMs?: number
  /**
   * Most bytes (JSON of arguments and answers) one execution's replay log may hold when it is
   * suspended; past it the execution fails. Default `MAX_REPLAY_LOG_BYTES` (16 MiB).
   */
  readonly maxReplayLogBytes?: number
  /** Milliseconds an idle thread above `minThreads` lives. Default 30,000. */
  readonly idleTimeoutMs?: number
  /** V8 limits per worker. Default: 256 MiB old space, 16 MiB young space, 8 MiB stack. */
  readonly resourceLimits?: {
    readonly maxOldGenerationSizeMb?: number
    readonly maxYoungGenerationSizeMb?: number
    readonly stackSizeMb?: number
  }
  /**
   * Path of the worker entry module. Default: this package's own. Meant for tests that inject
   * faults and for hosts that wrap the entry; a replacement must delegate to the real entry.
   */
  readonly entry?: string
}

/** The keys `WorkerPool.make` reads; any other (`maxThread`) is a `TypeError`. */
const POOL_OPTION_KEYS = keysOf<WorkerPoolOptions>()({
  minThreads: true, maxThreads: true, hotThreads: true, suspendAfterMs: true, maxReplayLogBytes: true, idleTimeoutMs: true, resourceLimits: true, entry: true,
})
const RESOURCE_LIMIT_KEYS = keysOf<NonNullable<WorkerPoolOptions["resourceLimits"]>>()({ maxOldGenerationSizeMb: true, maxYoungGenerationSizeMb: true, stackSizeMb: true })

/** Wake-ups tried while every new thread dies before it starts, before queued work is failed. */
const MAX_REVIVALS = 3

/** Default grace window before a waiting program is suspended (`suspendAfterMs`). */
export const DEFAULT_SUSPEND_AFTER_MS = 2

/**
 * A program that computed for longer than this before it began to wait keeps its thread while
 * the pool can start another one for the queued work: replaying it would cost more than a thread.
 */
export const REPLAY_COST_KEPT_MS = 20

/** How long the shared pool stays warm after its last runtime closed. */
export const SHARED_POOL_IDLE_MS = 10_000

const DEFAULT_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16, stackSizeMb: 8 }

/**
 * A compiled worker module (`loop`, `entry`). From `dist/pool/workers.js` it is in `dist/worker/`;
 * when this module runs from source (tests run TypeScript directly), the built one in `dist/`.
 */
const workerFile = (name: string): string => {
  const here = import.meta.url
  const url = here.endsWith(".ts") ? new URL(`../dist/worker/${name}.js`, here) : new URL(`../worker/${name}.js`, here)
  return fileURLToPath(url)
}

const positiveInteger = (name: string, value: number | undefined, fallback: number, minimum = 1): number => {
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw new RangeError(`Pool option '${name}' must be an integer >= ${minimum}, got ${value}`)
  }
  return value
}

/**
 * Something waiting for room in the pool: `begin` is called when its turn comes and calls `run`
 * (or does nothing if it no longer wants to run); `refuse` when the pool closes first. While it
 * runs, the pool reads whether it waits on the host and may ask it to give its thread back; it
 * calls `release` when its run is over.
 */
export interface PoolJob {
  begin(): void
  refuse(error: Error): void
  /** While running: non-zero while the program waits on the host (the same value while it waits on the same thing). */
  waitingTicket(): number
  /** True once its run has reached a thread (it may be handed over and still wait behind another). */
  started(): boolean
  /** Milliseconds since its run was handed over, while it has not reached its thread (0 otherwise). */
  handedOverMs(): number
  /** Milliseconds of compute a replay of the program would repeat. */
  replayCostMs(): number
  /** While running: milliseconds since the program began to wait on a call the host is serving (0: it does not). */
  waitedMs(): number
  /** While running: true while the program waits on a call the host is serving. */
  waitsOnHost(): boolean
  /** Asks the program to give its thread back (if it still waits on `ticket`); true when asked. */
  yieldThread(ticket: number): boolean
}

/** A queue without `shift`: jobs from `head` on, with when each was queued. */
class JobQueue {
  private jobs: Array<PoolJob | undefined> = []
  private since: number[] = []
  private head = 0

  get size(): number {
    return this.jobs.length - this.head
  }

  push(job: PoolJob): void {
    this.jobs.push(job)
    this.since.push(performance.now())
  }

  /** Milliseconds the job at the head has waited (0: none waits). */
  headWaitedMs(): number {
    return this.head === this.jobs.length ? 0 : performance.now() - this.since[this.head]!
  }

  take(): PoolJob | undefined {
    if (this.head === this.jobs.length) return undefined
    const job = this.jobs[this.head]
    this.jobs[this.head++] = undefined
    if (this.head === this.jobs.length) {
      this.jobs.length = 0
      this.since.length = 0
      this.head = 0
    } else if (this.head > 1024 && this.head * 2 > this.jobs.length) {
      this.jobs = this.jobs.slice(this.head)
      this.since = this.since.slice(this.head)
      this.head = 0
    }
    return job
  }

  drain(): PoolJob[] {
    const rest = this.jobs.slice(this.head).filter((job): job is PoolJob => job !== undefined)
    this.jobs = []
    this.since = []
    this.head = 0
    return rest
  }
}


export class WorkerPool {
  private readonly piscina: Piscina<LoopTask | WakeTask, null>
  /** The threads' loops, and the runs handed to each (docks.ts). */
  private readonly docks: Docks
  /** Channels not in use, reused by later executions. */
  private readonly idleChannels: HostChannel[] = []
  /** Runs of executions already under way (resumed, recovered): they go first. */
  private readonly resumed = new JobQueue()
  /** First runs of new executions. */
  private readonly fresh = new JobQueue()
  /** Jobs that have begun a run and not released it. */
  private readonly active = new Set<PoolJob>()
  /** Active jobs asked to give their thread back, with the wait they were asked about: they hold it until their run ends. */
  private readonly yielding = new Map<PoolJob, number>()
  /** Jobs suspended between runs (they hold no thread); refused if the pool closes. */
  private readonly suspended = new Set<PoolJob>()
  /** How long each kind of host call has taken lately (`CallTimes`): a call expected to be slow gives its thread back at once. */
  private readonly callTimes: CallTimes
  /** Word 0: runs that want a thread, as of the last `pump`; workers read it (`YieldRule`). */
  private readonly pressure = new Int32Array(new SharedArrayBuffer(4))
  private rule: RunYieldRule | undefined = undefined
  /** Active jobs whose run was not handed to an idle thread (see `pressureNow`). */
  private readonly placedBehind = new Set<PoolJob>()
  /** Set by `run` when it hands the run being begun to an idle thread. */
  private placedOnIdleThread = false
  private scanTimer: ReturnType<typeof setTimeout> | undefined = undefined
  private closed = false
  readonly maxThreads: number
  readonly hotThreads: number
  readonly suspendAfterMs: number
  readonly maxReplayLogBytes: number
  /** What the pool has done so far, for monitoring (and for tests that check a suspension happened). */
  readonly stats = { runs: 0, suspensions: 0, recoveries: 0 }

  private constructor(options: WorkerPoolOptions) {
    const cores = availableParallelism()
    const maxThreads = positiveInteger("maxThreads", options.maxThreads, 4 * cores)
    const minThreads = Math.min(positiveInteger("minThreads", options.minThreads, 1, 0), maxThreads)
    const idleTimeout = positiveInteger("idleTimeoutMs", options.idleTimeoutMs, 30_000, 0)
    const resourceLimits = { ...DEFAULT_RESOURCE_LIMITS, ...options.resourceLimits }
    for (const [name, value] of Object.entries(resourceLimits)) positiveInteger(`resourceLimits.${name}`, value, 1)
    this.maxThreads = maxThreads
    this.hotThreads = Math.min(positiveInteger("hotThreads", options.hotThreads, cores), maxThreads)
    const suspendAfterMs = options.suspendAfterMs ?? DEFAULT_SUSPEND_AFTER_MS
    if (suspendAfterMs !== Infinity && (!Number.isSafeInteger(suspendAfterMs) || suspendAfterMs < 1)) {
      throw new RangeError(`Pool option 'suspendAfterMs' must be an integer >= 1 or Infinity, got ${suspendAfterMs}`)
    }
    this.suspendAfterMs = suspendAfterMs
    this.callTimes = new CallTimes(suspendAfterMs)
    this.maxReplayLogBytes = positiveInteger("maxReplayLogBytes", options.maxReplayLogBytes, MAX_REPLAY_LOG_BYTES)
    this.piscina = new Piscina({
      filename: workerFile("loop"),
      workerData: { entry: pathToFileURL(options.entry ?? workerFile("entry")).href },
      minThreads,
      maxThreads,
      idleTimeout,
      resourceLimits,
      env: {},
      argv: [],
      execArgv: [],
      // One loop per thread (worker/loop.ts): runs reach threads through the docks, not Piscina.
      concurrentTasksPerWorker: 1,
      loadBalancer: anyIdleThread,
    })
    // A loop spinning for its next run holds a core: the host keeps one of the compute threads' cores.
    this.docks = new Docks(this.piscina, this.pressure.buffer as SharedArrayBuffer, maxThreads, this.hotThreads - 1)
    // A worker that fails outside a task (at start-up, say) is reported here; the task that needed
    // it fails on its own, so the pool only has to keep the event from crashing the host.
    this.piscina.on("error", (error: unknown) => {
      this.lastWorkerError = error
    })
    this.piscina.on("workerDestroy", this.afterThreadLoss)
  }

  /**
   * Piscina replaces a dead thread only if it had finished starting, and after one start-up
   * failure it never tops the pool up again by itself: work already handed to it would wait
   * forever. So when the last thread is gone and a loop still waits for one, the pool sends a
   * task that runs nothing (`WAKE_TASK`), which makes Piscina start a thread; one that starts
   * picks up the queued loop. Threads that keep dying as they start are given `MAX_REVIVALS`
   * tries, then every loop still waiting is aborted, and its runs fail, so each execution gets
   * its Result (an ExecutionFailure).
   */
  private readonly afterThreadLoss = (): void => {
    setImmediate(() => {
      if (this.closed || this.piscina.threads.length > 0 || !this.docks.starting) return
      if (++this.revivals > MAX_REVIVALS) {
        this.revivals = 0
        this.docks.abortStarting()
        return
      }
      this.piscina.run(WAKE_TASK).then(
        () => (this.revivals = 0),
        () => undefined,
      )
    })
  }

  /** Consecutive wake-ups whose thread died before it ran anything. */
  private revivals = 0

  /** The last error a worker raised outside any task, for diagnostics. */
  lastWorkerError: unknown = undefined

  static make(options: WorkerPoolOptions = {}): WorkerPool {
    if (options === null || typeof options !== "object") throw new TypeError("WorkerPool.make expects an options object")
    checkKnownKeys("WorkerPool.make", options, POOL_OPTION_KEYS)
    if (options.resourceLimits !== undefined) {
      checkKnownKeys("WorkerPool.make resourceLimits", options.resourceLimits, RESOURCE_LIMIT_KEYS)
    }
    return new WorkerPool(options)
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** Takes an idle channel or makes one; give it back with `releaseChannel`. */
  acquireChannel(): HostChannel {
    return this.idleChannels.pop() ?? new HostChannel()
  }

  /**
   * Returns a channel for reuse. A channel whose worker was terminated mid-frame may hold a
   * half-written frame, so the caller passes `reusable: false` and it is dropped instead.
   */
  releaseChannel(channel: HostChannel, reusable: boolean): void {
    if (reusable && !this.closed) {
      channel.reset()
      this.idleChannels.push(channel)
      return
    }
    channel.close()
    this.docks.forgetChannel(channel.buffer)
  }

  /**
   * Queues `job`: a job that continues an execution already under way (`resumed`) goes ahead of
   * new ones. It begins at once if the pool has room.
   */
  schedule(job: PoolJob, resumed: boolean): void {
    this.suspended.delete(job)
    if (this.closed) return job.refuse(new Error("the worker pool is closed"))
    ;(resumed ? this.resumed : this.fresh).push(job)
    this.pump()
  }

  /**
   * Hands a task, talking through `channel`, to a thread; called by a job's `begin`. `thread` is
   * the one that ran the job's last run: placement prefers it among equals (docks.ts).
   */
  run(task: RunTask, channel: SharedArrayBuffer, abort: TaskAbort, thread?: number): Promise<TaskReply> {
    this.stats.runs++
    const wantsThread = this.docks.size < this.wantedThreads()
    const { reply, onIdleThread } = this.docks.hand(task, channel, abort, thread, this.suspendAfterMs !== Infinity, wantsThread)
    if (onIdleThread) this.placedOnIdleThread = true
    return reply
  }

  /** A job's run is over (its task settled, or it never started one): its room goes to the next. */
  release(job: PoolJob): void {
    if (!this.active.delete(job)) return
    this.yielding.delete(job)
    this.placedBehind.delete(job)
    this.pump()
  }

  /** A job gave its thread back and waits for an answer; `schedule` it again to resume. */
  noteSuspended(job: PoolJob): void {
    this.suspended.add(job)
  }

  /** A suspended job ended without resuming (its deadline, a close). */
  forget(job: PoolJob): void {
    this.suspended.delete(job)
  }

  /**
   * Tells the pool that a running job began to wait on the host for call `callKind` (`tool:name`),
   * its request `ticket`: it stops counting as hot, so a queued job may begin on another thread.
   * If work wants a thread and this kind of call is expected to outlast the grace window (or has
   * not been seen yet), the job gives its thread back at once rather than after the window: the
   * window would only keep the thread idle for a wait that ends in a suspension anyway.
   */
  noteWaiting(job?: PoolJob, callKind?: string, ticket?: number): void {
    if (job !== undefined && callKind !== undefined && ticket !== undefined && this.suspendAfterMs !== Infinity) {
      if (this.callTimes.expectedMs(callKind) >= this.suspendAfterMs && this.wantingThread() > 0 && this.mayYield(job)) this.askToYield(job, ticket)
    }
    if (this.resumed.size + this.fresh.size > 0) this.pump()
    else if (this.active.size > this.hotThreads) this.armScan()
  }

  /** A host call of kind `callKind` took `ms` milliseconds. */
  noteCallTime(callKind: string, ms: number): void {
    if (this.callTimes.note(callKind, ms)) this.rule = undefined
  }

  /**
   * What a run's worker is told about giving its thread back by itself (undefined: suspension is
   * off). It yields the moment it posts a call, with no round trip through the host, when the
   * host would ask it to at once anyway (`noteWaiting`): work wants a thread, the call is not
   * known to be fast, and replaying the run is cheap. Cases the worker cannot judge (a pool at
   * `maxThreads`, a run stuck behind a busy thread) are left to the host's asks. The pressure word
   * it reads reaches each thread once, with its loop (`LoopTask`).
   */
  get yieldRule(): RunYieldRule | undefined {
    if (this.suspendAfterMs === Infinity) return undefined
    this.rule ??= { fast: this.callTimes.fastKinds(), maxComputedMs: REPLAY_COST_KEPT_MS }
    return this.rule
  }

  /**
   * Work that wants a thread, as workers are told it: queued here, or handed over and placed
   * behind a busy thread or in Piscina's queue, and not started yet. (A run handed to an idle
   * thread is about to start there, and counting it would make its own worker give up its thread
   * for nothing.)
   */
  private pressureNow(): number {
    let wanting = this.resumed.size + this.fresh.size
    for (const job of this.placedBehind) {
      if (job.started()) this.placedBehind.delete(job)
      else wanting++
    }
    return wanting
  }

  /** Work that wants a thread: queued here, or handed to a thread that is busy with another run. */
  private wantingThread(): number {
    let queued = this.resumed.size + this.fresh.size
    for (const job of this.active) if (!job.started()) queued++
    return queued
  }

  private askToYield(job: PoolJob, ticket: number): void {
    if (job.yieldThread(ticket)) this.yielding.set(job, ticket)
  }

  /**
   * A job with much compute behind it (`REPLAY_COST_KEPT_MS`) keeps its thread while the work it
   * holds back has waited less than its replay would cost; then it yields, cheapest first.
   * Waiting and replaying are then each at most twice what the better choice would have cost,
   * whichever it was. The work held back is a run handed over behind a busy thread (a new thread
   * cannot take it, it is placed already),
   * or, at `maxThreads`, where no thread can be started, the work queued longest, while fewer
   * runs compute than there are hot threads (when they are all computing, the queued work would
   * wait for a core anyway, and a replay would take one). Without the first, a run placed behind
   * one that waits on a 10 s tool waited 10 s, and behind one that waits on it in turn (a
   * barrier, a lock) until its deadline; without the bound by cost, 101 programs of 20 calls each
   * after 10 ms of compute yielded at every call for runs that waited behind threads that were
   * computing, replaying 2.1 s of compute each, and ran past a 120 s deadline.
   */
  private mayYield(job: PoolJob): boolean {
    const cost = job.replayCostMs()
    if (cost <= REPLAY_COST_KEPT_MS || this.stuckBehindBusyThread(cost)) return true
    if (this.active.size < this.maxThreads || this.computingRuns() >= this.hotThreads) return false
    return Math.max(this.resumed.headWaitedMs(), this.fresh.headWaitedMs()) >= cost
  }

  /** Runs on their threads and not waiting on the host: while they fill the hot threads, a thread given back would not compute sooner. */
  private computingRuns(): number {
    let computing = 0
    for (const job of this.active) if (job.started() && job.waitingTicket() === 0) computing++
    return computing
  }

  /**
   * True when a run handed over has waited for its thread a grace window and at least `forMs`,
   * and not for a thread being started.
   */
  private stuckBehindBusyThread(forMs: number): boolean {
    const bound = Math.max(forMs, this.suspendAfterMs)
    let stuck = 0
    for (const job of this.active) if (job.handedOverMs() >= bound) stuck++
    return stuck > this.docks.runsWaitingForThread() + this.docks.waitingRuns
  }

  /** Begins queued jobs while there is room; arms the scan while work stays queued and a run waits on the host. */
  private pump(): void {
    while (this.resumed.size + this.fresh.size > 0 && this.hasRoom()) {
      const job = (this.resumed.take() ?? this.fresh.take())!
      this.active.add(job)
      this.placedOnIdleThread = false
      job.begin()
      if (!this.placedOnIdleThread && this.active.has(job)) this.placedBehind.add(job)
    }
    // Store (seq-cst): read by workers as they begin to wait (worker/replay.ts, `YieldRule`).
    if (this.suspendAfterMs !== Infinity) Atomics.store(this.pressure, 0, this.pressureNow())
    if (this.scanTimer === undefined && this.workWaitsForThread() && (this.someRunWaitsOnHost() || this.waitsForThreadStart())) this.armScan()
  }

  /** Work queued here, or handed to a thread behind another run (the scan's reason to run). */
  private workWaitsForThread(): boolean {
    return this.resumed.size + this.fresh.size > 0 || this.active.size > this.hotThreads
  }

  /** Some active run waits on a call the host is serving: only such a run can be asked to yield. */
  private someRunWaitsOnHost(): boolean {
    for (const job of this.active) if (job.waitsOnHost()) return true
    return false
  }

  /** Room is held back for a thread being started (`hasRoom`): the scan's pump begins queued work once it has started. */
  private waitsForThreadStart(): boolean {
    return this.piscina.queueSize > 0 || this.docks.waitingRuns > 0
  }

  private armScan(): void {
    if (this.scanTimer === undefined && this.suspendAfterMs !== Infinity) this.scanTimer = setTimeout(this.scan, this.suspendAfterMs)
  }

  /**
   * Room for one more run: a thread to spare, and fewer runs computing than the hot threads can
   * take (two each when suspension is on: one running, one handed over behind it).
   */
  private hasRoom(): boolean {
    const hot = this.suspendAfterMs === Infinity ? this.hotThreads : 2 * this.hotThreads
    if (this.active.size >= Math.max(this.maxThreads, hot)) return false
    // A loop Piscina could not place waits for a thread being started: while it does, any more
    // runs would each start one more (a loop per run that finds no thread), so they wait here.
    // With no thread at all (every one died starting), work is handed over so that it is either
    // run by the thread it makes Piscina start or failed by the revival rule (`afterThreadLoss`).
    if ((this.piscina.queueSize > 0 || this.docks.waitingRuns > 0) && this.piscina.threads.length > 0) return false
    if (this.active.size < hot) return true
    let computing = 0
    for (const job of this.active) if (!this.blocks(job) && ++computing >= hot) return false
    return true
  }

  /**
   * A run that holds its thread without computing and will go on holding it: it waits on a call
   * the host is serving, was not asked to yield, and will not be (suspension is off, or it has
   * too much compute behind it, `mayYield`). A run waiting for its catalog, or that gives its
   * thread back within the grace window, does not: starting a thread for it would cost more.
   */
  private blocks(job: PoolJob): boolean {
    if (job.waitedMs() === 0 || this.yielding.has(job)) return false
    return this.suspendAfterMs === Infinity || job.replayCostMs() > REPLAY_COST_KEPT_MS
  }

  /** Threads the pool wants: the hot ones, and one more for each run that blocks, up to `maxThreads`. */
  private wantedThreads(): number {
    let blocking = 0
    for (const job of this.active) if (this.blocks(job)) blocking++
    return Math.min(this.maxThreads, this.hotThreads + blocking)
  }

  /**
   * Runs while work is queued and some run waits on the host: a job that has waited on a call for
   * at least the grace window gives its thread back, cheapest replay first, as many as there are
   * jobs wanting a thread. One with much compute behind it is spared while the pool can still
   * start a thread. The scan is armed again for the moment the next waiting job's window ends,
   * while one waits that has not been asked yet, or while room is held back for a thread being
   * started; otherwise the next wait arms it (`noteWaiting`).
   * (Armed every window while work was queued, whether or not anything waited, it cost a burst of
   * programs that wait on nothing a timer every 2 ms, and took a twelfth of the host's thread in
   * 1,000 programs x two 200 ms calls.)
   */
  private readonly scan = (): void => {
    this.scanTimer = undefined
    if (this.closed) return
    const queued = this.wantingThread()
    if (queued === 0) return
    const candidates: Array<{ job: PoolJob; ticket: number; cost: number }> = []
    let nextDue = this.suspendAfterMs
    let waits = false
    for (const job of this.active) {
      const ticket = job.waitingTicket()
      // Asked already for this wait: it is on its way out, and the next in line should be asked instead.
      if (ticket === 0 || this.yielding.get(job) === ticket) continue
      const waited = job.waitedMs()
      if (waited >= this.suspendAfterMs) candidates.push({ job, ticket, cost: job.replayCostMs() })
      else if (waited > 0) nextDue = Math.min(nextDue, this.suspendAfterMs - waited)
      if (waited > 0) waits = true
    }
    candidates.sort((a, b) => a.cost - b.cost)
    for (const { job, ticket } of candidates.slice(0, queued)) if (this.mayYield(job)) this.askToYield(job, ticket)
    this.pump()
    if (!waits && !this.waitsForThreadStart()) return
    if (this.scanTimer !== undefined) clearTimeout(this.scanTimer)
    this.scanTimer = setTimeout(this.scan, Math.max(1, Math.ceil(nextDue)))
  }

  get threadCount(): number {
    return this.piscina.threads.length
  }

  /**
   * Fault injection, for tests only: terminates live thread number `index` (0 to `threadCount - 1`)
   * the way a crash would, whatever it is doing. Returns false when there is no such thread. With
   * `awaitReplacement`, resolves once a replacement thread has started (or after 10 s): Piscina
   * stops replacing threads for good once one dies before it has started (see the fault report).
   */
  async terminateThreadForTesting(index: number, awaitReplacement = false): Promise<boolean> {
    const thread = this.piscina.threads[index]
    if (thread === undefined) return false
    let timer: ReturnType<typeof setTimeout> | undefined
    const replaced = new Promise<void>((resolve) => {
      this.piscina.once("workerCreate", () => resolve())
      timer = setTimeout(resolve, 10_000)
    })
    await thread.terminate()
    if (awaitReplacement) await replaced
    clearTimeout(timer)
    return true
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (this.scanTimer !== undefined) clearTimeout(this.scanTimer)
    const waiting = [...this.resumed.drain(), ...this.fresh.drain(), ...this.suspended]
    this.suspended.clear()
    for (const job of waiting) job.refuse(new Error("the worker pool was closed"))
    for (const channel of this.idleChannels.splice(0)) channel.close()
    this.docks.close()
    await this.piscina.destroy()
  }
}

/** Kinds of host call whose times are kept; past it the oldest kind is forgotten. */
const CALL_KINDS_KEPT = 1_024

/**
 * How long each kind of host call (`tool:svc.fetch`) has taken lately: a running mean that
 * follows a tool whose latency changes within a few calls. A kind not seen yet is expected to be
 * slow (`Infinity`): in a burst, every program makes its first call before any answer is back,
 * and a wrong guess costs one cheap replay, a right one a thread held idle for the window.
 */
class CallTimes {
  private readonly times = new Map<string, number>()
  /** The kinds expected within `fastMs`, once listed (undefined: to be listed again). */
  private fast: ReadonlyArray<string> | undefined = undefined

  constructor(private readonly fastMs: number) {}

  expectedMs(kind: string): number {
    return this.times.get(kind) ?? Infinity
  }

  /** Notes a call's time; true when the kind moved across `fastMs` (the list of fast kinds changed). */
  note(kind: string, ms: number): boolean {
    const previous = this.times.get(kind)
    let changed = false
    if (previous === undefined && this.times.size >= CALL_KINDS_KEPT) {
      const oldest = this.times.keys().next().value!
      changed = this.times.get(oldest)! < this.fastMs
      this.times.delete(oldest)
    }
    const next = previous === undefined ? ms : previous + (ms - previous) / 4
    this.times.set(kind, next)
    if ((previous ?? Infinity) < this.fastMs !== next < this.fastMs) changed = true
    if (changed) this.fast = undefined
    return changed
  }

  /** The kinds of call expected to answer within `fastMs`. */
  fastKinds(): ReadonlyArray<string> {
    this.fast ??= [...this.times].flatMap(([kind, ms]) => (ms < this.fastMs ? [kind] : []))
    return this.fast
  }
}

// ---------------------------------------------------------------------------------------------
// The shared pool

let shared: WorkerPool | undefined
let sharedUsers = 0
let idleTimer: ReturnType<typeof setTimeout> | undefined

/** The process-wide pool, created on first use; pair every call with `releaseSharedPool`. */
export const acquireSharedPool = (): WorkerPool => {
  if (idleTimer !== undefined) clearTimeout(idleTimer)
  idleTimer = undefined
  if (shared === undefined || shared.isClosed) shared = WorkerPool.make()
  sharedUsers++
  return shared
}

/** Gives the shared pool back; after the last user's release it stays warm for `SHARED_POOL_IDLE_MS`. */
export const releaseSharedPool = (): void => {
  if (sharedUsers === 0) return
  sharedUsers--
  if (sharedUsers > 0 || shared === undefined) return
  const pool = shared
  idleTimer = setTimeout(() => {
    idleTimer = undefined
    if (sharedUsers === 0 && shared === pool) {
      shared = undefined
      void pool.close()
    }
  }, SHARED_POOL_IDLE_MS)
  // Unreferenced: a process that has closed every runtime exits without waiting for it.
  idleTimer.unref()
}

/** Closes the shared pool now if no runtime uses it (for hosts and tests that want its threads gone). */
export const closeIdleSharedPool = async (): Promise<void> => {
  if (sharedUsers > 0 || shared === undefined) return
  if (idleTimer !== undefined) clearTimeout(idleTimer)
  idleTimer = undefined
  const pool = shared
  shared = undefined
  await pool.close()
}

type PiscinaLoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>["loadBalancer"]>

/**
 * Piscina places only loops (one per thread) and wake tasks: on a thread with no task, or none, and
 * Piscina starts a thread. Which thread a run goes to is the docks' choice (docks.ts).
 */
const anyIdleThread: PiscinaLoadBalancer = (_task, workers) => {
  for (const worker of workers) if (!worker.terminating && !worker.destroyed && worker.currentUsage === 0) return worker
  return null
}
