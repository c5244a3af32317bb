/**
 * The worker loop: what Piscina runs in each thread, one long-lived task per thread that takes
 * runs from its dock and hands each to the entry (worker/entry.ts, or a host's wrapper of it).
 *
 * Why a loop and not a Piscina task per run. A task per run paid, on the worker, Piscina's message
 * (a structured clone of the task with its shared buffers, its promise chain) and its reply
 * message; on the host, a task object, a wake of the worker per task and a message event per
 * reply. Worse, it made the worker's garbage expensive: a `return 1` run cost its thread about
 * 70 us looping inside one Piscina task, and 140-330 us of thread CPU as a task of its own in a
 * burst on the pool, where the scavenges kept 20-50% of the young generation and took tens of
 * milliseconds each, against a few milliseconds at most in the loop (same machine, under load).
 *
 * The dock is a channel like a run's (bridge/), with the loop as its worker end: the loop posts a
 * `next` request, and the host answers it with a run (`RunFrame`, JSON) when it has one for this
 * thread; the loop posts the next `next` as it takes a run, without ringing (the host reads it
 * with the reply), so the host can hand a thread its next run while the current one computes.
 * The reply goes back as a one-way `ended` frame. A run's own channel buffer comes over the
 * loop's port the first time a thread sees it (`ChannelDelivery`), and is kept by key.
 *
 * A loop that has waited `idleMs` without a run asks to leave; the host says yes unless it has
 * answered `next` already (the run is then on its way, and the loop takes it). The task then ends
 * and the thread is Piscina's idle thread again: unreferenced, so the process can exit, and
 * retired after Piscina's idle timeout. Piscina still owns the threads: it starts them (one per
 * loop task it cannot place), replaces them, applies `resourceLimits`, and terminates one when a
 * run must be stopped by force (the pool aborts that thread's loop task).
 *
 * Between runs the loop gives the event loop a turn when nothing is queued (and every few dozen
 * runs when something always is), so V8's own tasks (the scheduled GC steps) still run.
 *
 * Then, before it sleeps, a loop spins for its next run for up to `SPIN_US`. Waking a thread that
 * sleeps in `Atomics.wait` is dear on a virtual machine, whose idle cores are halted: the host's
 * `Atomics.notify` took 65 us on average in a CPU profile of `return 1` run one at a time (a
 * quarter of the host's time), and the woken worker starts on a cold core. A host that runs its
 * programs one after another hands the next run about 100 us after the last one ends, so a loop
 * that polls its dock that long takes it without either: warm `return 1` went from 2.1-2.4x
 * Piscina's empty task (p50) to 0.95-0.99x in the same runs. Spinning takes a core, and on a
 * machine no bigger than its threads the host needs one: at most `maxSpinning` loops spin at
 * once, one fewer than the compute threads (none on one core), counted in shared memory; the
 * others sleep at once.
 */

import { receiveMessageOnPort, threadId, workerData, type MessagePort } from "node:worker_threads"
import { ChannelError, WorkerChannel, type ChannelResponse, type FrameData } from "../bridge/worker-channel.js"
import {
  ENDED_OPERATION,
  isLoopTask,
  LEAVE_OPERATION,
  negativeZeroPaths,
  NEXT_OPERATION,
  type ChannelDelivery,
  type EntryThrew,
  type ExecutionTask,
  type LoopTask,
  type RunFrame,
  type TaskReply,
  type WakeTask,
} from "../protocol/task.js"

type Entry = (task: ExecutionTask) => TaskReply | Promise<TaskReply>

/** The entry named by the pool (`WorkerPoolOptions.entry`); a failure to load it fails the thread's start. */
const entry: Entry = ((await import((workerData as { entry: string }).entry)) as { default: Entry }).default

/** Runs in a row after which the loop gives the event loop a turn even with work queued. */
const RUNS_PER_TURN = 64

/** Microseconds a loop without a run polls its dock before it sleeps (see the essay above). */
const SPIN_US = 150

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export default async function loop(task: LoopTask | WakeTask): Promise<null> {
  // Anything else is a wake task (workers.ts): it only makes Piscina start a thread.
  if (!isLoopTask(task)) return null
  const dock = new WorkerChannel(task.dock)
  const buffers = new ChannelBuffers(task.port as MessagePort)
  const { pressure } = task
  const spinning = new Int32Array(task.spinning)
  try {
    let next = dock.post(NEXT_OPERATION, String(threadId), [])
    let runsSinceTurn = 0
    for (;;) {
      let response = dock.waitWithin(next, 0)
      if (response === undefined) {
        await turn()
        runsSinceTurn = 0
        response = spinForRun(dock, next, spinning, task.maxSpinning) ?? dock.waitWithin(next, task.idleMs)
      }
      if (response === undefined) {
        const leave = dock.call(LEAVE_OPERATION, "", [])
        if (leave.ok && leave.value === true) return null
        // The host had answered `next` before it read the ask: that run is on its way.
        continue
      }
      if (!response.ok) return null
      const frames = response.value as unknown as RunFrame[]
      next = dock.post(NEXT_OPERATION, String(threadId), [], undefined, false)
      for (const frame of frames) {
        const reply = await runOne(frame, buffers.get(frame.channel), pressure)
        sendReply(dock, frame.seq, reply)
        if (++runsSinceTurn >= RUNS_PER_TURN) {
          await turn()
          runsSinceTurn = 0
        }
      }
    }
  } catch (error) {
    // The host closed the dock (the pool is closing): the loop ends quietly.
    if (error instanceof ChannelError && error.reason === "closed") return null
    throw error
  } finally {
    buffers.close()
  }
}

/** Polls the dock for the answer to `next` for up to `SPIN_US`, if fewer than `max` loops spin already. */
function spinForRun(dock: WorkerChannel, next: number, spinning: Int32Array, max: number): ChannelResponse | undefined {
  // Add and sub (seq-cst): the count is shared by every loop of the pool.
  try {
    if (Atomics.add(spinning, 0, 1) >= max) return undefined
    const until = performance.now() + SPIN_US / 1000
    let response: ChannelResponse | undefined
    do response = dock.answered(next)
    while (response === undefined && performance.now() < until)
    return response
  } finally {
    Atomics.sub(spinning, 0, 1)
  }
}

async function runOne(frame: RunFrame, channel: SharedArrayBuffer, pressure: SharedArrayBuffer): Promise<TaskReply | EntryThrew> {
  const { yieldRule, ...rest } = frame.task
  const task: ExecutionTask = yieldRule === undefined ? { ...rest, channel } : { ...rest, channel, yieldRule: { ...yieldRule, pressure } }
  try {
    return await entry(task)
  } catch (error) {
    return { threw: error instanceof Error ? error.message : String(error) }
  }
}

/** A reply too large for the dock's frames fails the run rather than the loop. */
const sendReply = (dock: WorkerChannel, seq: number, reply: TaskReply | EntryThrew): void => {
  try {
    const zeros = "ok" in reply && reply.ok ? negativeZeroPaths(reply.value) : []
    dock.send(ENDED_OPERATION, String(seq), zeros.length === 0 ? [reply as unknown as FrameData] : [reply as unknown as FrameData, zeros as FrameData])
  } catch (error) {
    if (!(error instanceof ChannelError) || error.reason !== "frame-too-large") throw error
    const failed: TaskReply = { ok: false, error: { kind: "ExecutionFailure", message: `the program's result could not be sent to the host: ${error.message}` }, logs: [] }
    dock.send(ENDED_OPERATION, String(seq), [failed as unknown as FrameData])
  }
}

/** The run channels' buffers this thread has been given, by key. */
class ChannelBuffers {
  private readonly known = new Map<number, SharedArrayBuffer>()

  constructor(private readonly port: MessagePort) {}

  get(key: number): SharedArrayBuffer {
    for (;;) {
      const buffer = this.known.get(key)
      if (buffer !== undefined) return buffer
      // The host posts a buffer before the first run that names it, so it is already here.
      const message = receiveMessageOnPort(this.port)
      if (message === undefined) throw new Error(`internal error: the worker was not given channel ${key}`)
      this.deliver(message.message as ChannelDelivery)
    }
  }

  private deliver(delivery: ChannelDelivery): void {
    if ("forget" in delivery) this.known.delete(delivery.forget)
    else this.known.set(delivery.key, delivery.buffer)
  }

  close(): void {
    this.port.close()
  }
}
