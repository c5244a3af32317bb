/**
 * The worker pool: Piscina threads that each run one program at a time.
 *
 * Why these defaults. A worker blocked on a host call sleeps in `Atomics.wait` and holds no CPU,
 * so a pool sized to the cores would sit idle while programs wait on tools. The thread ceiling is
 * therefore a memory budget. Measured on Node 20 (x64, 8 workers, resident memory of the process
 * over its size before the pool, per worker): a warm idle worker costs about 16 MB; one that has
 * held a table-heavy program (100,000 small records) about 42 MB, which V8 keeps after the program
 * ends. The young generation is 64 MB by default: the Lua engine allocates many short-lived
 * tables (each execution opens fresh libraries), and a larger nursery means fewer scavenges — at
 * 32 MB the collector's helper threads took about as much CPU per `return 1` as the worker itself,
 * and a burst of trivial programs on 2 workers ran 15-35% slower than at 64. The nursery only
 * grows as a worker fills it: the figures above are the same at 32 and 64 MB. `resourceLimits`
 * caps the rest. The default ceiling is 8 threads per core (16 on two cores: about 260 MB idle,
 * about 700 MB if every worker has held a program like that one); hosts whose programs mostly
 * wait on slow tools should raise it, hosts short of memory lower it.
 *
 * Workers start with an empty environment and no arguments, and with V8 heap limits, so a memory
 * bomb kills one worker (its execution fails with `ExecutionFailure`) and Piscina replaces it.
 *
 * Executions wait in the pool's own queue, not Piscina's. At most `2 x maxThreads` tasks are handed
 * to Piscina at once (one running per worker, one ready behind it, so a worker that finishes gets
 * its next task in the same turn), and an execution takes its channel only when it is handed over.
 * So a burst of 1,000 executions holds a few dozen channels (128 KiB of shared memory each), not
 * 1,000, and makes none when the pool is warm: creating and first sharing a channel costs tens of
 * microseconds, more than running `return 1`.
 *
 * One pool is shared by every runtime of the process unless a host makes its own with
 * `WorkerPool.make`. The shared pool is reference-counted by the runtimes using it and destroyed
 * when the last one closes, so a process exits cleanly after `close()`.
 */

import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { Piscina } from "piscina"
import { HostChannel } from "../bridge/host-channel.js"
import { checkKnownKeys } from "./options.js"
import { WAKE_TASK, type ExecutionTask, type Outcome, type WakeTask } from "../protocol/task.js"

export interface WorkerPoolOptions {
  /** Threads kept alive when idle. Default 1. */
  readonly minThreads?: number
  /** Most threads at once. Default 8 per core (see the essay above for the memory cost). */
  readonly maxThreads?: number
  /** Milliseconds an idle thread above `minThreads` lives. Default 30,000. */
  readonly idleTimeoutMs?: number
  /** V8 limits per worker. Default: 256 MiB old space, 64 MiB young space, 8 MiB stack. */
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
const POOL_OPTION_KEYS = ["minThreads", "maxThreads", "idleTimeoutMs", "resourceLimits", "entry"] as const
const RESOURCE_LIMIT_KEYS = ["maxOldGenerationSizeMb", "maxYoungGenerationSizeMb", "stackSizeMb"] as const

/** Wake-ups tried while every new thread dies before it starts, before queued work is failed. */
const MAX_REVIVALS = 3

const DEFAULT_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 }

/**
 * The compiled worker entry. From `dist/pool/workers.js` it is `dist/worker/entry.js`; when this
 * module runs from source (tests run TypeScript directly), the entry is the built one in `dist/`.
 */
const workerEntry = (): string => {
  const here = import.meta.url
  const url = here.endsWith(".ts") ? new URL("../dist/worker/entry.js", here) : new URL("../worker/entry.js", here)
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
 * Something waiting for room in the pool: `begin` is called when its turn comes and calls `run`
 * (or does nothing if it no longer wants to run); `refuse` when the pool closes first.
 */
export interface PoolJob {
  begin(): void
  refuse(error: Error): void
}

export class WorkerPool {
  private readonly piscina: Piscina<ExecutionTask | WakeTask, Outcome | null>
  /** Channels not in use, reused by later executions. */
  private readonly idleChannels: HostChannel[] = []
  /** Jobs waiting for room, oldest first from `waitingHead` (a queue without `shift`). */
  private waiting: Array<PoolJob | undefined> = []
  private waitingHead = 0
  /** Tasks handed to Piscina and not yet settled. */
  private running = 0
  private readonly capacity: number
  private closed = false
  readonly maxThreads: number

  private constructor(options: WorkerPoolOptions) {
    const maxThreads = positiveInteger("maxThreads", options.maxThreads, 8 * availableParallelism())
    const minThreads = Math.min(positiveInteger("minThreads", options.minThreads, 1, 0), maxThreads)
    const idleTimeout = positiveInteger("idleTimeoutMs", options.idleTimeoutMs, 30_000, 0)
    const resourceLimits = { ...DEFAULT_RESOURCE_LIMITS, ...options.resourceLimits }
    for (const [name, value] of Object.entries(resourceLimits)) positiveInteger(`resourceLimits.${name}`, value, 1)
    this.maxThreads = maxThreads
    this.capacity = 2 * maxThreads
    this.piscina = new Piscina({
      filename: options.entry ?? workerEntry(),
      minThreads,
      maxThreads,
      idleTimeout,
      resourceLimits,
      env: {},
      argv: [],
      execArgv: [],
      concurrentTasksPerWorker: 1,
    })
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
   * forever. So when the last thread is gone and tasks are still out, the pool sends a task that
   * runs nothing (`WAKE_TASK`), which makes Piscina start a thread; one that starts picks up the
   * queued work. Threads that keep dying as they start are given `MAX_REVIVALS` tries, then every
   * task still out is aborted, so each execution gets its Result (an ExecutionFailure).
   */
  private readonly afterThreadLoss = (): void => {
    setImmediate(() => {
      if (this.closed || this.piscina.threads.length > 0 || this.handedOver.size === 0) return
      if (++this.revivals > MAX_REVIVALS) {
        this.revivals = 0
        for (const abort of [...this.handedOver]) abort.abort()
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
  /** Abort handles of the tasks handed to Piscina and not yet settled. */
  private readonly handedOver = new Set<TaskAbort>()

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
    } else channel.close()
  }

  /** Begins `job` now if the pool has room, otherwise when a running task settles. */
  schedule(job: PoolJob): void {
    if (this.closed) return job.refuse(new Error("the worker pool is closed"))
    if (this.running < this.capacity && this.waitingHead === this.waiting.length) job.begin()
    else this.waiting.push(job)
  }

  /** Hands a task to a worker; called by a job's `begin`. */
  run(task: ExecutionTask, abort: TaskAbort): Promise<Outcome> {
    this.running++
    this.handedOver.add(abort)
    // An execution task always answers with an outcome; only WAKE_TASK answers null.
    const promise = this.piscina.run(task, { signal: abort }) as Promise<Outcome>
    const settled = () => {
      this.handedOver.delete(abort)
      this.onTaskSettled()
    }
    // Registered before the caller's handlers, so the next job is handed over first.
    promise.then(settled, settled)
    return promise
  }

  private readonly onTaskSettled = (): void => {
    this.running--
    while (this.running < this.capacity && this.waitingHead < this.waiting.length) {
      const job = this.waiting[this.waitingHead]!
      this.waiting[this.waitingHead++] = undefined
      job.begin()
    }
    if (this.waitingHead === this.waiting.length) {
      this.waiting.length = 0
      this.waitingHead = 0
    } else if (this.waitingHead > 1024 && this.waitingHead * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.waitingHead)
      this.waitingHead = 0
    }
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
    const waiting = this.waiting.slice(this.waitingHead)
    this.waiting = []
    this.waitingHead = 0
    for (const job of waiting) job?.refuse(new Error("the worker pool was closed before this execution started"))
    for (const channel of this.idleChannels.splice(0)) channel.close()
    await this.piscina.destroy()
  }
}

// ---------------------------------------------------------------------------------------------
// The shared pool

let shared: WorkerPool | undefined
let sharedUsers = 0

/** The process-wide pool, created on first use; pair every call with `releaseSharedPool`. */
export const acquireSharedPool = (): WorkerPool => {
  if (shared === undefined || shared.isClosed) shared = WorkerPool.make()
  sharedUsers++
  return shared
}

export const releaseSharedPool = async (): Promise<void> => {
  if (sharedUsers === 0) return
  sharedUsers--
  if (sharedUsers === 0 && shared !== undefined) {
    const pool = shared
    shared = undefined
    await pool.close()
  }
}
