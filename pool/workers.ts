/**
 * The worker pool: Piscina threads that each run one program at a time.
 *
 * Why these defaults. A worker blocked on a host call sleeps in `Atomics.wait` and holds no CPU,
 * so a pool sized to the cores would sit idle while programs wait on tools. The thread ceiling is
 * therefore a memory budget: each worker is a V8 isolate of roughly 10-20 MB resident when idle
 * plus what its program allocates (capped by `resourceLimits`). The default ceiling is 8 threads
 * per core (16 on two cores: about 250 MB resident when every worker is busy at its baseline);
 * hosts whose programs mostly wait on slow tools should raise it, hosts short of memory lower it.
 *
 * Workers start with an empty environment and no arguments, and with V8 heap limits, so a memory
 * bomb kills one worker (its execution fails with `ExecutionFailure`) and Piscina replaces it.
 *
 * One pool is shared by every runtime of the process unless a host makes its own with
 * `WorkerPool.make`. The shared pool is reference-counted by the runtimes using it and destroyed
 * when the last one closes, so a process exits cleanly after `close()`.
 */

import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { Piscina } from "piscina"
import { HostChannel } from "../bridge/host.js"
import type { ExecutionTask, TaskOutcome } from "../worker/task.js"

export interface WorkerPoolOptions {
  /** Threads kept alive when idle. Default 1. */
  readonly minThreads?: number
  /** Most threads at once. Default 8 per core (see the essay above for the memory cost). */
  readonly maxThreads?: number
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

const DEFAULT_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16, stackSizeMb: 8 }

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

export class WorkerPool {
  private readonly piscina: Piscina<ExecutionTask, TaskOutcome>
  /** Channels not in use, reused by later executions. */
  private readonly idleChannels: HostChannel[] = []
  private closed = false
  readonly maxThreads: number

  private constructor(options: WorkerPoolOptions) {
    const maxThreads = positiveInteger("maxThreads", options.maxThreads, 8 * availableParallelism())
    const minThreads = Math.min(positiveInteger("minThreads", options.minThreads, 1, 0), maxThreads)
    const idleTimeout = positiveInteger("idleTimeoutMs", options.idleTimeoutMs, 30_000, 0)
    const resourceLimits = { ...DEFAULT_RESOURCE_LIMITS, ...options.resourceLimits }
    for (const [name, value] of Object.entries(resourceLimits)) positiveInteger(`resourceLimits.${name}`, value, 1)
    this.maxThreads = maxThreads
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
  }

  /** The last error a worker raised outside any task, for diagnostics. */
  lastWorkerError: unknown = undefined

  static make(options: WorkerPoolOptions = {}): WorkerPool {
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

  run(task: ExecutionTask, abort: TaskAbort): Promise<TaskOutcome> {
    return this.piscina.run(task, { signal: abort })
  }

  get threadCount(): number {
    return this.piscina.threads.length
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
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
