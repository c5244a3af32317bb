/**
 * The worker's end of the channel: synchronous calls into the host.
 *
 * An interpreter posts a request and, when it needs the answer, blocks in `Atomics.wait` until the
 * host writes it. Posting never waits for the answer, so the JavaScript engine can have many
 * requests outstanding and collect their responses in any order (`waitFor`, `waitAny`, `poll`); Lua
 * simply uses `call`. Responses are read out of the ring as soon as this end runs and filed in a
 * mailbox by id. A blocked wait wakes when the host rings this end's bell (a response, room in the
 * request ring, an interrupt, close) and, as a safety net, every `WAIT_SLICE_MS` to look at the
 * interrupt and close words again; it never spins.
 *
 * Posting waits only when a frame is larger than the room left in the request ring: it is then fed
 * in as the host drains it (the host always drains, whatever it is doing). An interrupt does not cut
 * such a write short, since half a frame would leave the channel unusable; it ends waits for
 * responses, which throw a `ChannelError` with reason "interrupted" (or "closed").
 *
 * Everything that must outlive one execution (the ring indices, the next id) is in shared memory, so
 * a worker may make a fresh `WorkerChannel` per task over the same buffer. The mailbox is per
 * execution: when the host `reset`s the channel, this end forgets what it held.
 */

import {
  ChannelErrors,
  CLOSED,
  GENERATION,
  HOST_BELL,
  HOST_LISTENING,
  HOST_WANTS_ROOM,
  INTERRUPT,
  NEXT_ID,
  readLayout,
  REQUEST_HEAD,
  REQUEST_TAIL,
  RESPONSE_HEAD,
  RESPONSE_TAIL,
  WAIT_SLICE_MS,
  COMPUTED_MS,
  OPENED,
  openedStamp,
  SLEEPING,
  WAITING,
  WORKER_BELL,
  WORKER_WANTS_ROOM,
  YIELD,
  type ChannelResponse,
  type FrameData,
} from "./protocol.js"
import { encodePayload, RingReader, RingWriter, type OutgoingFrame } from "./ring.js"

export { ChannelError, withoutStack, type ChannelErrorReason, type ChannelFailure, type ChannelResponse, type FrameData } from "./protocol.js"

export class WorkerChannel {
  /** The interrupt word (`interrupt[0] !== 0`: stop); interpreters read it with `Atomics.load`. */
  readonly interrupt: Int32Array
  private readonly words: Int32Array
  private readonly requests: RingWriter
  private readonly responses: RingReader
  private readonly maxFrameBytes: number
  /** Ids posted whose response has not arrived. */
  private readonly waiting = new Set<number>()
  /** Responses that arrived and were not yet taken, in arrival order. */
  private readonly mailbox = new Map<number, ChannelResponse>()
  private generation: number
  /** The id of the last request posted in this execution (0: none). */
  private lastPosted = 0
  /** When this end was opened, and the time it has spent waiting since (`performance.now()` ms). */
  private readonly openedAt = performance.now()
  private waitedMs = 0

  constructor(buffer: SharedArrayBuffer) {
    const layout = readLayout(buffer)
    this.words = new Int32Array(buffer, 0, layout.requestRing / 4)
    this.interrupt = new Int32Array(buffer, INTERRUPT * 4, 1)
    this.maxFrameBytes = layout.maxFrameBytes
    this.requests = new RingWriter(this.words, buffer, layout.requestRing, layout.ringBytes, REQUEST_HEAD, REQUEST_TAIL)
    this.responses = new RingReader(
      this.words, buffer, layout.responseRing, layout.ringBytes, RESPONSE_HEAD, RESPONSE_TAIL, layout.maxFrameBytes,
    )
    // Load (seq-cst): the host's reset count; compared on every call to notice a reset.
    this.generation = Atomics.load(this.words, GENERATION)
    // Store (seq-cst): read by the host to tell a task still waiting for a thread from one running.
    Atomics.store(this.words, OPENED, openedStamp())
  }

  /** True once the host has asked this execution to stop. */
  get interrupted(): boolean {
    // Load (seq-cst): pairs with the host's store in `interrupt()`.
    return Atomics.load(this.words, INTERRUPT) !== 0
  }

  /** Requests posted and not yet taken (waiting for their response, or answered and unclaimed). */
  get pending(): number {
    this.followReset()
    return this.waiting.size + this.mailbox.size
  }

  /**
   * Writes a request and returns its id without waiting for the answer. `meta` travels untouched.
   * `ring: false` leaves the host unwoken when the whole frame fits: for a request the worker
   * gives its thread back on at once (`yieldNow`), the host reads it as the run's end arrives, and
   * waking it for the request as well cost a second wake-up of the host's thread per suspension.
   */
  post(op: string, name: string, args: ReadonlyArray<FrameData>, meta?: FrameData, ring = true): number {
    this.followReset()
    // Add (seq-cst): ids come from shared memory so they never repeat on this channel, even across
    // worker-end instances; a late answer to an old id then finds nobody waiting and is dropped.
    // Zero is skipped: it means "no request" in WAITING and YIELD.
    let id = (Atomics.add(this.words, NEXT_ID, 1) + 1) | 0
    if (id === 0) id = (Atomics.add(this.words, NEXT_ID, 1) + 1) | 0
    this.lastPosted = id
    const text = JSON.stringify(meta === undefined ? { id, op, name, args } : { id, op, name, args, meta })
    // The common case: the frame fits, one write into the ring, one publish, one notify.
    if (this.requests.tryWriteText(text, this.maxFrameBytes)) {
      this.waiting.add(id)
      if (ring) this.ringHost()
      return id
    }
    const frame: OutgoingFrame = { payload: encodePayload(text, this.maxFrameBytes), sent: 0 }
    this.waiting.add(id)
    const done = this.requests.writeSome(frame)
    if (frame.sent > 0) this.ringHost()
    if (!done) this.finishWriting(frame)
    return id
  }

  /**
   * Writes a one-way frame (id 0): the host reads it like a request but answers nothing, and
   * nothing waits for it. Live output uses it (protocol/output.ts).
   */
  send(op: string, name: string, args: ReadonlyArray<FrameData>): void {
    this.followReset()
    const text = JSON.stringify({ id: 0, op, name, args })
    if (this.requests.tryWriteText(text, this.maxFrameBytes)) return this.ringHost()
    const frame: OutgoingFrame = { payload: encodePayload(text, this.maxFrameBytes), sent: 0 }
    const done = this.requests.writeSome(frame)
    if (frame.sent > 0) this.ringHost()
    if (!done) this.finishWriting(frame)
  }

  /** Blocks until the response to `id` arrives; throws a `ChannelError` when interrupted or closed. */
  waitFor(id: number): ChannelResponse {
    this.followReset()
    if (!this.waiting.has(id) && !this.mailbox.has(id)) throw ChannelErrors.notOutstanding(id)
    return this.block(id)
  }

  /**
   * Like `waitFor`, but gives up after `ms` milliseconds (0: only looks) and returns undefined; the
   * request stays outstanding, and its response is still filed when it comes.
   */
  waitWithin(id: number, ms: number): ChannelResponse | undefined {
    this.followReset()
    if (!this.waiting.has(id) && !this.mailbox.has(id)) throw ChannelErrors.notOutstanding(id)
    return this.block(id, performance.now() + ms)
  }

  /**
   * The response to `id` (undefined: the oldest unclaimed one) if it has arrived, else undefined;
   * never blocks and never sleeps.
   */
  answered(id: number | undefined): ChannelResponse | undefined {
    this.followReset()
    this.drain()
    return this.take(id)
  }

  /** Blocks until any response arrives (the oldest unclaimed one first). */
  waitAny(): ChannelResponse {
    this.followReset()
    if (this.waiting.size === 0 && this.mailbox.size === 0) throw ChannelErrors.nothingOutstanding()
    return this.block(undefined)
  }

  /** The oldest unclaimed response if one has arrived; never blocks. */
  poll(): ChannelResponse | undefined {
    return this.answered(undefined)
  }

  /**
   * Gives up waiting on the last request before the wait begins, as if the host had asked
   * (`YIELD`): throws a "yielded" ChannelError. The host then reads this end as waiting on that
   * request and asked already, so it does not ring to ask again.
   */
  yieldNow(): never {
    this.followReset()
    // Stores (seq-cst), in the order `block` makes them, then the ask the host would have made.
    Atomics.store(this.words, COMPUTED_MS, Math.round(this.computedMs))
    Atomics.store(this.words, YIELD, this.lastPosted)
    Atomics.store(this.words, WAITING, this.lastPosted)
    throw ChannelErrors.yielded()
  }

  /** Milliseconds this end has spent outside its waits since it was opened: the run's compute so far. */
  get computedMs(): number {
    return performance.now() - this.openedAt - this.waitedMs
  }

  /** `post` then `waitFor`: one synchronous host call. */
  call(op: string, name: string, args: ReadonlyArray<FrameData>, meta?: FrameData): ChannelResponse {
    return this.waitFor(this.post(op, name, args, meta))
  }

  /** Forgets every outstanding request; their responses are dropped when they arrive. */
  discardPending(): void {
    this.waiting.clear()
    this.mailbox.clear()
  }

  // -------------------------------------------------------------------------------------------

  private block(id: number | undefined): ChannelResponse
  private block(id: number | undefined, until: number): ChannelResponse | undefined
  private block(id: number | undefined, until = Infinity): ChannelResponse | undefined {
    // Store (seq-cst): tells the host this worker now waits, and on which last request; cleared
    // on the way out, whatever ends the wait.
    const since = performance.now()
    // Store (seq-cst) before WAITING: a host that sees the wait sees the compute before it.
    Atomics.store(this.words, COMPUTED_MS, Math.round(this.computedMs))
    Atomics.store(this.words, WAITING, this.lastPosted)
    try {
      return this.blockUntilAnswered(id, until)
    } finally {
      Atomics.store(this.words, WAITING, 0)
      this.waitedMs += performance.now() - since
    }
  }

  private blockUntilAnswered(id: number | undefined, until: number): ChannelResponse | undefined {
    // Store (seq-cst) before the bell is loaded: the host notifies only while it is set.
    Atomics.store(this.words, SLEEPING, 1)
    try {
      return this.sleepUntilAnswered(id, until)
    } finally {
      Atomics.store(this.words, SLEEPING, 0)
    }
  }

  private sleepUntilAnswered(id: number | undefined, until: number): ChannelResponse | undefined {
    for (;;) {
      // Load (seq-cst) the bell BEFORE looking: a ring that lands after this load makes the wait
      // below return at once ("not-equal"), so no response can slip in unseen.
      const bell = Atomics.load(this.words, WORKER_BELL)
      this.drain()
      const response = this.take(id)
      if (response !== undefined) return response
      // Loads (seq-cst): pair with the host's stores in `interrupt()` and `close()`.
      if (Atomics.load(this.words, INTERRUPT) !== 0) throw ChannelErrors.interrupted()
      if (Atomics.load(this.words, CLOSED) !== 0) throw ChannelErrors.closed()
      // Load (seq-cst): pairs with the host's store in `askToYield`; honoured only while the ask
      // names this worker's last request.
      if (this.lastPosted !== 0 && Atomics.load(this.words, YIELD) === this.lastPosted) throw ChannelErrors.yielded()
      const left = until - performance.now()
      if (left <= 0) return undefined
      // Sleeps while the bell is unchanged; the timeout is only a safety net for the words above.
      Atomics.wait(this.words, WORKER_BELL, bell, Math.min(WAIT_SLICE_MS, left))
    }
  }

  private take(id: number | undefined): ChannelResponse | undefined {
    if (id !== undefined) {
      const response = this.mailbox.get(id)
      if (response !== undefined) this.mailbox.delete(id)
      return response
    }
    for (const [oldest, response] of this.mailbox) {
      this.mailbox.delete(oldest)
      return response
    }
    return undefined
  }

  /** Files every response that has fully arrived; frees their room for the host. */
  private drain(): void {
    const before = this.responses.position
    for (let text = this.responses.next(); text !== undefined; text = this.responses.next()) {
      let response: ChannelResponse
      try {
        response = JSON.parse(text) as ChannelResponse
      } catch {
        throw ChannelErrors.malformedFrame("a response is not JSON")
      }
      if (this.waiting.delete(response.id)) this.mailbox.set(response.id, response)
    }
    // Load (seq-cst): the host raised this flag before checking for room; one of us sees the other.
    if (this.responses.position !== before && Atomics.load(this.words, HOST_WANTS_ROOM) !== 0) this.ringHost()
  }

  /** A frame larger than the free room: feed it in as the host drains, sleeping in between. */
  private finishWriting(frame: OutgoingFrame): void {
    // Store (seq-cst) before the bell is loaded: the host notifies only while it is set.
    Atomics.store(this.words, SLEEPING, 1)
    try {
      this.feedFrame(frame)
    } finally {
      Atomics.store(this.words, SLEEPING, 0)
    }
  }

  private feedFrame(frame: OutgoingFrame): void {
    for (;;) {
      // Load (seq-cst) the bell before raising the flag and looking for room (see `block`).
      const bell = Atomics.load(this.words, WORKER_BELL)
      // Store (seq-cst): tells the host to ring us when it frees room; pairs with its load in `readRequests`.
      Atomics.store(this.words, WORKER_WANTS_ROOM, 1)
      const sent = frame.sent
      const done = this.requests.writeSome(frame)
      if (frame.sent !== sent) this.ringHost()
      if (done) break
      if (frame.sent !== sent) continue
      // Load (seq-cst): pairs with the host's store in `close()`; a closed host will never drain.
      if (Atomics.load(this.words, CLOSED) !== 0) throw ChannelErrors.closed()
      this.drain()
      Atomics.wait(this.words, WORKER_BELL, bell, WAIT_SLICE_MS)
    }
    // Store (seq-cst): no more wake-ups for room needed.
    Atomics.store(this.words, WORKER_WANTS_ROOM, 0)
  }

  private ringHost(): void {
    // Add (seq-cst): comes after the stores it announces, so a host that sees the new bell sees them.
    Atomics.add(this.words, HOST_BELL, 1)
    // Load (seq-cst) after the ring: pairs with the host's store before its wait (HOST_LISTENING).
    if (Atomics.load(this.words, HOST_LISTENING) === 0) return
    // Notify: wakes the host's pending `Atomics.waitAsync` on its bell.
    Atomics.notify(this.words, HOST_BELL, 1)
  }

  /** After a host `reset` (made between executions), start from the rings' new positions. */
  private followReset(): void {
    // Load (seq-cst): pairs with the host's increment in `reset()`, which follows its index stores.
    const generation = Atomics.load(this.words, GENERATION)
    if (generation === this.generation) return
    this.generation = generation
    this.requests.resync()
    this.responses.resync()
    this.waiting.clear()
    this.mailbox.clear()
    this.lastPosted = 0
  }
}
