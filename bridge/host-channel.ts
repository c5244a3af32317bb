/**
 * The host's end of the channel: requests in, responses out, on the main thread, never blocking.
 *
 * The host creates the SharedArrayBuffer and hands `buffer` to a worker. `listen` starts a loop of
 * `Atomics.waitAsync` on the host's bell: each time the worker rings, every request that has fully
 * arrived is decoded and handed to the handler, which starts the work and returns; the answer goes
 * back later with `respond(id, reply)`, in any order. There is no timer and no busy loop, and a
 * pending `waitAsync` does not keep Node's event loop alive, so after `close()` nothing of the
 * channel holds the process.
 *
 * A response that does not fit in the free room of the response ring is queued and fed in as the
 * worker drains it (the host raises HOST_WANTS_ROOM and the worker rings when it frees room). The
 * queue keeps frames whole and in order, so a 5 MB answer and the small ones behind it all arrive
 * intact.
 *
 * One channel serves one worker at a time and may be reused for later executions: `reset()` (made
 * while no worker uses it) empties both rings, clears the interrupt and makes late answers to old
 * requests harmless. A channel whose worker died mid-frame should be closed, not reset.
 */

import process from "node:process"
import {
  bufferBytes,
  ChannelErrors,
  CHANNEL_MAGIC,
  CLOSED,
  CONTROL_BYTES,
  DEFAULT_MAX_FRAME_BYTES,
  DEFAULT_RING_BYTES,
  GENERATION,
  HOST_BELL,
  HOST_LISTENING,
  HOST_WANTS_ROOM,
  INTERRUPT,
  isChannelRequest,
  layoutFor,
  MAGIC,
  MAX_FRAME_BYTES,
  REQUEST_HEAD,
  REQUEST_TAIL,
  RESPONSE_HEAD,
  RESPONSE_TAIL,
  RING_BYTES,
  WORKER_BELL,
  WORKER_WANTS_ROOM,
  COMPUTED_MS,
  OPENED,
  msSinceStamp,
  SLEEPING,
  WAITING,
  YIELD,
  type ChannelReply,
  type ChannelRequest,
} from "./protocol.js"
import { encodePayload, RingReader, RingWriter, type OutgoingFrame } from "./ring.js"

export {
  ChannelError,
  type ChannelErrorReason,
  type ChannelFailure,
  type ChannelReply,
  type ChannelRequest,
  type FrameData,
} from "./protocol.js"

export interface HostChannelOptions {
  /** Bytes of each ring (one per direction); a power of two from 64 to 2^30. Default 64 KiB. */
  readonly ringBytes?: number
  /** Largest frame either side may send, in bytes of UTF-8. Default 64 MiB. */
  readonly maxFrameBytes?: number
  /** Told about a handler that threw or a malformed frame (the channel then closes). Default: a process warning. */
  readonly onError?: (error: Error) => void
}

export type RequestHandler = (request: ChannelRequest) => void

/** `Atomics.waitAsync` (Node 16+), typed here because the project's `lib` is ES2022. */
type WaitAsyncResult = { async: false; value: "not-equal" | "timed-out" } | { async: true; value: Promise<"ok" | "timed-out"> }
const waitAsync = (Atomics as unknown as { waitAsync: (array: Int32Array, index: number, value: number) => WaitAsyncResult })
  .waitAsync

const checkOptions = (ringBytes: number, maxFrameBytes: number): void => {
  if (!Number.isInteger(ringBytes) || ringBytes < 64 || ringBytes > 2 ** 30 || (ringBytes & (ringBytes - 1)) !== 0) {
    throw ChannelErrors.badOption("ringBytes", ringBytes, "a power of two from 64 to 2^30")
  }
  if (!Number.isInteger(maxFrameBytes) || maxFrameBytes < 1 || maxFrameBytes > 2 ** 31 - 1) {
    throw ChannelErrors.badOption("maxFrameBytes", maxFrameBytes, "an integer from 1 to 2^31-1")
  }
}

export class HostChannel {
  /** The memory to hand to the worker (`new WorkerChannel(buffer)` there). */
  readonly buffer: SharedArrayBuffer
  private readonly words: Int32Array
  private readonly requests: RingReader
  private readonly responses: RingWriter
  private readonly maxFrameBytes: number
  private readonly onError: (error: Error) => void
  private handler: RequestHandler | undefined
  /** Responses waiting for room, oldest first; the first may be partly written. */
  private readonly outgoing: OutgoingFrame[] = []
  /** Ids of requests received and not yet answered; answers to anything else are dropped. */
  private readonly awaiting = new Set<number>()
  private listening = false
  /** True while the listener hands requests to the handler: rings are then saved for the end of the turn. */
  private dispatching = false
  private ringOwed = false
  private closed = false

  constructor(options: HostChannelOptions = {}) {
    const ringBytes = options.ringBytes ?? DEFAULT_RING_BYTES
    const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES
    checkOptions(ringBytes, maxFrameBytes)
    const layout = layoutFor(ringBytes, maxFrameBytes)
    this.buffer = new SharedArrayBuffer(bufferBytes(layout))
    this.words = new Int32Array(this.buffer, 0, CONTROL_BYTES / 4)
    // Plain writes: nobody else sees the buffer yet; posting it to a worker orders them before its reads.
    this.words[MAGIC] = CHANNEL_MAGIC
    this.words[RING_BYTES] = ringBytes
    this.words[MAX_FRAME_BYTES] = maxFrameBytes
    this.maxFrameBytes = maxFrameBytes
    this.requests = new RingReader(this.words, this.buffer, layout.requestRing, ringBytes, REQUEST_HEAD, REQUEST_TAIL, maxFrameBytes)
    this.responses = new RingWriter(this.words, this.buffer, layout.responseRing, ringBytes, RESPONSE_HEAD, RESPONSE_TAIL)
    this.onError = options.onError ?? ((error) => process.emitWarning(error))
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** Sets the handler for requests (replacing any earlier one) and starts listening. */
  listen(handler: RequestHandler): void {
    if (this.closed) throw ChannelErrors.closed()
    this.handler = handler
    if (this.listening) return
    this.listening = true
    this.pump()
  }

  /**
   * Answers request `id`. Returns false (and writes nothing) when that request is not awaiting an
   * answer: already answered, from before a `reset`, or the channel is closed. Throws a
   * `ChannelError` if the frame is over `maxFrameBytes`; the request then still awaits an answer.
   */
  respond(id: number, reply: ChannelReply): boolean {
    if (this.closed || !this.awaiting.has(id)) return false
    const response = reply.ok ? { id, ok: true, value: reply.value } : { id, ok: false, error: reply.error }
    const text = JSON.stringify(response)
    // The common case: nothing queued and the frame fits, one write into the ring, one publish, one notify.
    if (this.outgoing.length === 0 && this.responses.tryWriteText(text, this.maxFrameBytes)) {
      this.awaiting.delete(id)
      this.ringWorker()
      return true
    }
    const frame: OutgoingFrame = { payload: encodePayload(text, this.maxFrameBytes), sent: 0 }
    this.awaiting.delete(id)
    if (this.outgoing.length === 0) {
      const done = this.responses.writeSome(frame)
      if (frame.sent > 0) this.ringWorker()
      if (done) return true
    }
    this.outgoing.push(frame)
    this.flush()
    return true
  }

  /**
   * Hands every request already in the ring to the handler now, without waiting for the bell. The
   * worker's task can end before the listener has run (a JavaScript program that starts a call and
   * returns at once); draining first means no request it wrote goes unseen.
   */
  drain(): void {
    if (this.closed || this.handler === undefined) return
    this.readRequests()
  }

  /** Asks the worker to stop: sets the interrupt word and wakes a blocked worker. */
  interrupt(): void {
    if (this.closed) return
    // Store (seq-cst): read by the interpreter's metering and by a worker waking from `Atomics.wait`.
    Atomics.store(this.words, INTERRUPT, 1)
    this.ringWorker()
  }

  /**
   * The id of the last request the worker had posted when it began waiting for a response, or 0
   * while it runs. Two equal readings some time apart mean it has waited at least that long.
   */
  get waitingOn(): number {
    if (this.closed) return 0
    // Load (seq-cst): pairs with the worker's stores around its wait.
    return Atomics.load(this.words, WAITING)
  }

  /** True once a worker has opened the channel for the current execution. */
  get opened(): boolean {
    // Load (seq-cst): pairs with the worker end's store in its constructor.
    return !this.closed && Atomics.load(this.words, OPENED) !== 0
  }

  /** Milliseconds since a worker opened the channel for the current execution (0: not opened). */
  get openedForMs(): number {
    if (this.closed) return 0
    // Load (seq-cst): pairs with the worker end's store in its constructor.
    const stamp = Atomics.load(this.words, OPENED)
    return stamp === 0 ? 0 : msSinceStamp(stamp)
  }

  /**
   * Milliseconds the worker had computed for the current execution when it last began to wait, by
   * its own clock (0 before its first wait).
   */
  get computedMs(): number {
    // Load (seq-cst): pairs with the worker end's store before its WAITING store.
    return this.closed ? 0 : Atomics.load(this.words, COMPUTED_MS)
  }

  /**
   * Asks a worker that waits on request `ticket` (a `waitingOn` reading) to give up its wait: its
   * wait then throws a "yielded" ChannelError. If the worker has posted another request since, the
   * ask is stale and it goes on undisturbed.
   */
  askToYield(ticket: number): void {
    if (this.closed || ticket === 0) return
    // Load (seq-cst): asked already, or the worker gave the thread back by itself (`yieldNow`).
    if (Atomics.load(this.words, YIELD) === ticket) return
    // Store (seq-cst) before the bell: a worker that wakes on the bell sees the ask.
    Atomics.store(this.words, YIELD, ticket)
    this.ringWorker()
  }

  /** Readies the channel for the next execution. Only while no worker is using it. */
  reset(): void {
    if (this.closed) return
    this.outgoing.length = 0
    // `clear` makes a new table even for an empty set, and nearly every run leaves it empty.
    if (this.awaiting.size > 0) this.awaiting.clear()
    // Loads and stores (seq-cst): the worker is idle, so for this moment the host owns every index.
    // Emptying a ring moves its head up to its tail; the generation bump comes last so a worker end
    // that sees it also sees the new indices.
    Atomics.store(this.words, REQUEST_HEAD, Atomics.load(this.words, REQUEST_TAIL))
    Atomics.store(this.words, RESPONSE_HEAD, Atomics.load(this.words, RESPONSE_TAIL))
    Atomics.store(this.words, WORKER_WANTS_ROOM, 0)
    Atomics.store(this.words, HOST_WANTS_ROOM, 0)
    Atomics.store(this.words, INTERRUPT, 0)
    Atomics.store(this.words, WAITING, 0)
    Atomics.store(this.words, YIELD, 0)
    Atomics.store(this.words, OPENED, 0)
    Atomics.store(this.words, COMPUTED_MS, 0)
    this.requests.resync()
    this.responses.resync()
    Atomics.add(this.words, GENERATION, 1)
  }

  /** Stops listening for good; a worker blocked on the channel wakes with a `closed` error. */
  close(): void {
    if (this.closed) return
    this.closed = true
    this.handler = undefined
    this.outgoing.length = 0
    this.awaiting.clear()
    // Store (seq-cst): read by a worker when it wakes.
    Atomics.store(this.words, CLOSED, 1)
    this.ringWorker()
    // Notify: settles our own pending `waitAsync`, whose callback then sees `closed` and stops.
    Atomics.notify(this.words, HOST_BELL)
  }

  // -------------------------------------------------------------------------------------------

  /** One turn of the listener: read, write what waits for room, then wait for the next ring. */
  private readonly pump = (): void => {
    // Store (seq-cst): awake now; workers ring the bell without notifying until the next wait.
    Atomics.store(this.words, HOST_LISTENING, 0)
    while (!this.closed) {
      // Load (seq-cst) the bell BEFORE looking: a ring after this makes `waitAsync` settle at once.
      const bell = Atomics.load(this.words, HOST_BELL)
      // Answers given synchronously by the handler ring the worker once for the whole batch.
      this.dispatching = true
      try {
        this.readRequests()
      } finally {
        this.dispatching = false
      }
      if (this.ringOwed) this.ringWorker()
      if (this.outgoing.length > 0) this.flush()
      if (this.closed) return
      // Store (seq-cst) before the wait loads the bell: a worker that rings after it notifies.
      Atomics.store(this.words, HOST_LISTENING, 1)
      // Waits (without blocking the thread) while the bell still holds `bell`.
      const wait = waitAsync(this.words, HOST_BELL, bell)
      if (wait.async) {
        void wait.value.then(this.pump)
        return
      }
      // "not-equal": the worker rang while we were reading; go round again.
      Atomics.store(this.words, HOST_LISTENING, 0)
    }
  }

  private readRequests(): void {
    const before = this.requests.position
    for (;;) {
      let request: unknown
      try {
        const text = this.requests.next()
        if (text === undefined) break
        request = JSON.parse(text)
      } catch (error) {
        return this.fail(error instanceof SyntaxError ? ChannelErrors.malformedFrame("a request is not JSON") : error)
      }
      if (!isChannelRequest(request)) return this.fail(ChannelErrors.malformedFrame("a request lacks id, op, name or args"))
      // Id 0 is a one-way frame (WorkerChannel.send): nothing awaits its answer.
      if (request.id !== 0) this.awaiting.add(request.id)
      try {
        this.handler!(request)
      } catch (error) {
        this.onError(error instanceof Error ? error : new Error(String(error)))
      }
      if (this.closed) return
    }
    // Load (seq-cst): the worker raised this flag before checking for room; one of us sees the other.
    if (this.requests.position !== before && Atomics.load(this.words, WORKER_WANTS_ROOM) !== 0) this.ringWorker()
  }

  /** Writes queued responses as far as room allows; the worker rings when it frees more. */
  private flush(): void {
    let progressed = false
    while (this.outgoing.length > 0) {
      // Store (seq-cst) before looking for room: pairs with the worker's load in `drain`.
      Atomics.store(this.words, HOST_WANTS_ROOM, 1)
      const frame = this.outgoing[0]!
      const sent = frame.sent
      const done = this.responses.writeSome(frame)
      if (frame.sent !== sent) progressed = true
      if (done) this.outgoing.shift()
      else if (frame.sent === sent) break
    }
    // Store (seq-cst): nothing waits for room any more.
    if (this.outgoing.length === 0) Atomics.store(this.words, HOST_WANTS_ROOM, 0)
    if (progressed) this.ringWorker()
  }

  private ringWorker(): void {
    if (this.dispatching) {
      this.ringOwed = true
      return
    }
    this.ringOwed = false
    // Add (seq-cst): comes after the stores it announces, so a worker that sees the new bell sees them.
    Atomics.add(this.words, WORKER_BELL, 1)
    // Load (seq-cst) after the ring: pairs with the worker's store before it loads the bell.
    if (Atomics.load(this.words, SLEEPING) === 0) return
    // Notify: wakes the worker if it sleeps in `Atomics.wait` on its bell (one waiter at most).
    Atomics.notify(this.words, WORKER_BELL, 1)
  }

  /** A malformed frame means the worker end is broken: report it and close. */
  private fail(error: unknown): void {
    this.onError(error instanceof Error ? error : new Error(String(error)))
    this.close()
  }
}
