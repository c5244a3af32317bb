/**
 * The worker <-> host channel: what travels, and where it lives in the SharedArrayBuffer.
 *
 * Why a SharedArrayBuffer and not messages. An interpreter in a worker calls the host in the middle
 * of running a program and must get the answer before its next step: the call is synchronous on the
 * worker side. `postMessage` (and libraries on top of it, such as comlink) deliver answers as events,
 * which a worker busy running a program never gets to see. So the worker writes its request into
 * shared memory and sleeps in `Atomics.wait`; the host, which must never block its event loop,
 * listens with `Atomics.waitAsync`, answers when the tool is done, and wakes the worker with
 * `Atomics.notify`. A worker waiting for a tool holds no CPU.
 *
 * Why two byte rings. Each direction is a single-producer, single-consumer ring of bytes: requests
 * are written only by the worker and read only by the host; responses the other way round. With one
 * writer per index, no lock and no compare-and-swap is needed: the producer copies bytes after the
 * tail and then publishes the new tail; the consumer reads up to the tail it loaded and then publishes
 * the new head. Several requests may be outstanding (the JavaScript engine sends many before waiting),
 * so frames carry ids and the worker files responses in a mailbox by id; the host may answer in any
 * order, even while the worker is still writing another request. A frame is a 4-byte length followed
 * by its JSON text in UTF-8; one larger than the ring simply flows through it in pieces, the
 * producer waiting for room as the consumer drains. Nothing is ever truncated: a frame above
 * `maxFrameBytes` is refused whole, with an error, before a byte is written.
 *
 * Invariants (each index has exactly one writer; `reset` is the only exception, made while the
 * channel is idle):
 * - `0 <= (tail - head) mod 2^32 <= ringBytes` for both rings; bytes in `[head, tail)` belong to the
 *   consumer, the rest to the producer. Counters wrap modulo 2^32 and `ringBytes` is a power of two,
 *   so `counter & (ringBytes - 1)` is the position.
 * - Bytes are written before the tail that covers them is published, and read before the head that
 *   releases them is published. Every `Atomics` operation in JavaScript is sequentially consistent,
 *   so a consumer that loads a tail sees every byte written before that tail was stored.
 * - A frame's 4-byte length is never split across publishes: a producer starts a frame only when at
 *   least 4 bytes are free, so a consumer that sees 4 or more bytes can always read a length.
 * - Wake-ups go through two "bells", counters that only grow: whoever changes something the other
 *   side may sleep on changes it first, then increments that side's bell, then notifies. A sleeper
 *   loads the bell, checks its condition, and waits only while the bell still holds the loaded value,
 *   so no wake-up is lost. Waking for "room in the ring" is rare and costs a notify only when the
 *   producer has raised its WANTS_ROOM flag (flag-then-check on one side, store-then-check on the
 *   other: with sequentially consistent atomics one of the two always sees the other).
 */

/** Int32 slots of the control block. Words 0-15: set once by the host before the buffer is shared. */
export const MAGIC = 0
export const RING_BYTES = 1
export const MAX_FRAME_BYTES = 2
/** Words written by the worker (their own 64-byte line, so the two sides do not share a cache line). */
export const REQUEST_TAIL = 16
export const RESPONSE_HEAD = 17
/** The host's bell: the worker increments it after publishing requests or freeing response room. */
export const HOST_BELL = 18
export const WORKER_WANTS_ROOM = 19
/** The next request id; kept in shared memory so ids stay unique across worker-end instances. */
export const NEXT_ID = 20
/**
 * While the worker waits for a response: the id of the last request it had posted (0 while it
 * runs). The host reads it to tell a worker that waits from one that computes.
 */
export const WAITING = 21
/**
 * Set by the worker end when a task opens the channel: the task has reached a running thread. It
 * holds the wall clock then (`openedStamp`), so the host can tell how long the run has been on
 * its thread, which a task handed over behind another run was not.
 */
export const OPENED = 22

/**
 * Written by the worker end each time it begins to wait: the milliseconds it has spent computing
 * since it opened the channel (its time waiting left out). Measured on the worker's own clock, so
 * a host whose event loop is behind does not read its lag as the program's compute.
 */
export const COMPUTED_MS = 23

/**
 * Non-zero while the worker may be asleep in `Atomics.wait` on its bell. The host notifies only
 * then: a notify costs a lock and a walk of every waiter in the process (each listening channel's
 * `waitAsync` among them) even when nobody sleeps on this bell. The worker stores it before it
 * loads the bell and looks; the host loads it after it rings: with sequentially consistent
 * atomics, either the host sees it set, or the worker sees the new bell and does not sleep.
 */
export const SLEEPING = 24

/** Milliseconds of the wall clock folded into 30 bits, never 0 (0 means "not opened"). */
export const openedStamp = (): number => (Date.now() % 2 ** 30) + 1

/** Milliseconds since `stamp` (an `openedStamp`), for stamps less than about 12 days old. */
export const msSinceStamp = (stamp: number): number => (openedStamp() - stamp + 2 ** 30) % 2 ** 30
/** Words written by the host. */
export const RESPONSE_TAIL = 32
export const REQUEST_HEAD = 33
/** The worker's bell: the host increments it after publishing responses, freeing request room, interrupting or closing. */
export const WORKER_BELL = 34
export const HOST_WANTS_ROOM = 35
/** Non-zero when the host asks the worker to stop; interpreters read it at their metering points. */
export const INTERRUPT = 36
/** Non-zero once the host end has closed; a blocked worker then stops waiting. */
export const CLOSED = 37
/** Incremented by `reset`; a worker end seeing it change forgets what it held for the old execution. */
export const GENERATION = 38
/**
 * The host asks a waiting worker to give up its wait: the `WAITING` value it saw. The worker
 * honours it only while that is still its last request, so a request made since (the worker got
 * its answer and moved on) makes the ask stale without any further handshake.
 */
export const YIELD = 39
/**
 * Non-zero while the host's listener may be asleep in its `Atomics.waitAsync` on its bell. The
 * worker notifies only then: a notify that settles the host's wait is a cross-thread wake-up (a
 * task posted to the host's event loop, a write that wakes its thread), which cost a worker about
 * a sixth of a suspended run's time in a burst, while a host busy reading will see the bell anyway.
 * The host stores it before its wait loads the bell; the worker loads it after it rings: with
 * sequentially consistent atomics, either the worker sees it set, or the host's wait sees the new
 * bell and does not sleep.
 */
export const HOST_LISTENING = 40

export const CONTROL_BYTES = 256
export const FRAME_LENGTH_BYTES = 4
/** "CMB1": tells a worker end that it was handed a channel, and which layout. */
export const CHANNEL_MAGIC = 0x31424d43

export const DEFAULT_RING_BYTES = 64 * 1024
export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024 * 1024
/** How long a blocked worker sleeps before looking at the interrupt and close words again. */
export const WAIT_SLICE_MS = 100

export interface ChannelLayout {
  readonly ringBytes: number
  readonly maxFrameBytes: number
  /** Byte offsets of the two rings in the buffer. */
  readonly requestRing: number
  readonly responseRing: number
}

export const layoutFor = (ringBytes: number, maxFrameBytes: number): ChannelLayout => ({
  ringBytes,
  maxFrameBytes,
  requestRing: CONTROL_BYTES,
  responseRing: CONTROL_BYTES + ringBytes,
})

export const bufferBytes = (layout: ChannelLayout): number => CONTROL_BYTES + 2 * layout.ringBytes

/** Reads the layout the host wrote into a buffer; throws if it is not a channel. */
export const readLayout = (buffer: SharedArrayBuffer): ChannelLayout => {
  if (!(buffer instanceof SharedArrayBuffer) || buffer.byteLength < CONTROL_BYTES) throw ChannelErrors.notAChannel()
  const words = new Int32Array(buffer, 0, CONTROL_BYTES / 4)
  // Plain reads: these words were written before the buffer was shared (postMessage orders them).
  if (words[MAGIC] !== CHANNEL_MAGIC) throw ChannelErrors.notAChannel()
  const layout = layoutFor(words[RING_BYTES]!, words[MAX_FRAME_BYTES]!)
  if (bufferBytes(layout) !== buffer.byteLength) throw ChannelErrors.notAChannel()
  return layout
}

// ---------------------------------------------------------------------------------------------
// Frames

/** Plain JSON data: what `args` and `value` may hold. */
export type FrameData = null | boolean | number | string | ReadonlyArray<FrameData> | { readonly [key: string]: FrameData }

/** Worker -> host. `op` and `name` mean nothing to the bridge; the pool interprets them. */
export interface ChannelRequest {
  readonly id: number
  readonly op: string
  readonly name: string
  readonly args: ReadonlyArray<FrameData>
  /** Anything else the sender attaches; the bridge carries it untouched. */
  readonly meta?: FrameData
}

export interface ChannelFailure {
  readonly kind: string
  readonly message: string
  /** True when the program must end rather than handle the failure. */
  readonly stop: boolean
}

/** What the host answers a request with; the bridge adds the id. */
export type ChannelReply =
  | { readonly ok: true; readonly value: FrameData }
  | { readonly ok: false; readonly error: ChannelFailure }

/** Host -> worker. */
export type ChannelResponse =
  | { readonly id: number; readonly ok: true; readonly value: FrameData }
  | { readonly id: number; readonly ok: false; readonly error: ChannelFailure }

export const isChannelRequest = (frame: unknown): frame is ChannelRequest => {
  if (typeof frame !== "object" || frame === null) return false
  const { id, op, name, args } = frame as Record<string, unknown>
  return Number.isInteger(id) && typeof op === "string" && typeof name === "string" && Array.isArray(args)
}

// ---------------------------------------------------------------------------------------------
// Errors

export type ChannelErrorReason = "interrupted" | "yielded" | "closed" | "frame-too-large" | "not-outstanding" | "malformed-frame" | "not-a-channel"

export class ChannelError extends Error {
  constructor(
    readonly reason: ChannelErrorReason,
    message: string,
  ) {
    super(message)
    this.name = "ChannelError"
  }
}

/**
 * Builds an error without capturing a stack trace, for errors that are control flow: a yield (and
 * the worker's suspension stop, worker/replay.ts) is thrown at every suspension from deep inside a
 * program and caught by the worker. Nobody reads its stack, and capturing one was about a tenth of
 * a suspended run's cost on the worker.
 */
export const withoutStack = <E extends Error>(make: () => E): E => {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit
  }
}

export const ChannelErrors = {
  interrupted: () => new ChannelError("interrupted", "The host interrupted this execution while it waited for a response"),
  yielded: () => withoutStack(() => new ChannelError("yielded", "The host asked this worker to give up its wait")),
  closed: () => new ChannelError("closed", "The host end of the channel is closed"),
  frameTooLarge: (bytes: number, max: number) =>
    new ChannelError("frame-too-large", `A frame of ${bytes} bytes exceeds the channel's limit of ${max} bytes`),
  notOutstanding: (id: number) =>
    new ChannelError("not-outstanding", `No request with id ${id} is waiting for a response on this channel`),
  nothingOutstanding: () =>
    new ChannelError("not-outstanding", "No request is waiting for a response on this channel"),
  malformedFrame: (detail: string) => new ChannelError("malformed-frame", `Malformed frame on the channel: ${detail}`),
  notAChannel: () => new ChannelError("not-a-channel", "The buffer is not a channel made by HostChannel"),
  badOption: (name: string, value: number, rule: string) =>
    new RangeError(`Channel option '${name}' must be ${rule}, got ${value}`),
}
