/**
 * Measurements of the bridge alone: how close a call through our channel comes to the raw cost of
 * waking a thread and being woken back.
 *
 * Every scenario is driven from the worker, as a tool call is: the worker starts a round trip and
 * blocks in `Atomics.wait`; the main thread listens with `Atomics.waitAsync`, answers and notifies.
 * The worker times each round trip itself, so the numbers include the main thread's event-loop
 * turn but not the cost of starting workers or sending results home.
 *
 * - `bareRoundTrip`: a counter bumped each way, nothing else (`payloadBytes: 0`), or a ~100-byte JSON
 *   frame encoded, copied through the buffer and decoded each way (`payloadBytes: 100`) — the floors.
 * - `channelRoundTrip`: `WorkerChannel.call` answered by a `HostChannel` handler at once.
 * - `channelThroughput`: small frames with up to `window` outstanding, answered at once.
 *
 * This module is also the worker: loaded in a worker thread with `workerData.bridgePerf`, it runs
 * the worker side of the scenario it is given. It must run compiled (`dist/perf/bridge.js`).
 */

import { Buffer } from "node:buffer"
import { fileURLToPath } from "node:url"
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads"
import { HostChannel } from "../bridge/host-channel.js"
import { WorkerChannel } from "../bridge/worker-channel.js"

export interface LatencyStats {
  readonly iterations: number
  /** Microseconds per round trip. */
  readonly meanUs: number
  readonly medianUs: number
  readonly p99Us: number
}

export interface ThroughputStats {
  readonly frames: number
  readonly window: number
  readonly seconds: number
  readonly framesPerSecond: number
}

export interface BridgeMeasurements {
  readonly bare: LatencyStats
  readonly bareJson100: LatencyStats
  readonly channel100: LatencyStats
  readonly throughput: ThroughputStats
  /** channel100 median / bare median: the target is at most 2. */
  readonly channelOverBare: number
}

interface LatencyOptions {
  readonly iterations?: number
  readonly warmup?: number
  readonly payloadBytes?: number
}

type Scenario =
  | { readonly kind: "bare"; readonly iterations: number; readonly warmup: number; readonly payloadBytes: number; readonly buffer: SharedArrayBuffer }
  | { readonly kind: "channel"; readonly iterations: number; readonly warmup: number; readonly payloadBytes: number; readonly buffer: SharedArrayBuffer }
  | { readonly kind: "throughput"; readonly frames: number; readonly window: number; readonly payloadBytes: number; readonly buffer: SharedArrayBuffer }

// Slots of the bare ping-pong buffer; frames (when any) follow the two words.
const PING = 0
const PONG = 1
/** Byte length of the frame in the buffer, written before PING or PONG publishes it. */
const LENGTH = 2
const FRAME_AT = 16
const FRAME_ROOM = 4096

type WaitAsyncResult = { async: false; value: string } | { async: true; value: Promise<string> }
const waitAsync = (Atomics as unknown as { waitAsync: (array: Int32Array, index: number, value: number) => WaitAsyncResult })
  .waitAsync

/** A request whose JSON text is about `bytes` bytes long. */
const payloadOf = (bytes: number): string => "x".repeat(Math.max(0, bytes - 40))

const workerFile = (): string => {
  const here = import.meta.url
  return fileURLToPath(here.endsWith(".ts") ? new URL("../dist/perf/bridge.js", here) : here)
}

const runInWorker = <T>(scenario: Scenario): Promise<T> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(workerFile(), { workerData: { bridgePerf: scenario } })
    worker.once("message", (result: T) => {
      resolve(result)
      void worker.terminate()
    })
    worker.once("error", reject)
  })

export async function bareRoundTrip(options: LatencyOptions = {}): Promise<LatencyStats> {
  const iterations = options.iterations ?? 20_000
  const warmup = options.warmup ?? 2_000
  const payloadBytes = options.payloadBytes ?? 0
  const buffer = new SharedArrayBuffer(FRAME_AT + FRAME_ROOM)
  const words = new Int32Array(buffer, 0, 3)
  const bytes = new Uint8Array(buffer, FRAME_AT, FRAME_ROOM)
  const encoder = new TextEncoder()
  let answered = 0
  let stopped = false
  const listen = (): void => {
    while (!stopped) {
      const ping = Atomics.load(words, PING)
      if (ping !== answered) {
        answered = ping
        if (payloadBytes > 0) {
          // Decode the request, build and encode a response of the same size, as a host would.
          const length = words[LENGTH]!
          const request = JSON.parse(Buffer.from(buffer, FRAME_AT, length).toString("utf8")) as { id: number; args: unknown[] }
          const written = encoder.encodeInto(JSON.stringify({ id: request.id, ok: true, value: request.args }), bytes).written
          Atomics.store(words, LENGTH, written)
        }
        Atomics.store(words, PONG, ping)
        Atomics.notify(words, PONG)
      }
      const wait = waitAsync(words, PING, answered)
      if (wait.async) {
        void wait.value.then(listen)
        return
      }
    }
  }
  listen()
  try {
    return await runInWorker<LatencyStats>({ kind: "bare", iterations, warmup, payloadBytes, buffer })
  } finally {
    stopped = true
    Atomics.notify(words, PING)
  }
}

export async function channelRoundTrip(options: LatencyOptions = {}): Promise<LatencyStats> {
  const iterations = options.iterations ?? 20_000
  const warmup = options.warmup ?? 2_000
  const channel = new HostChannel()
  channel.listen((request) => channel.respond(request.id, { ok: true, value: request.args }))
  try {
    return await runInWorker<LatencyStats>({ kind: "channel", iterations, warmup, payloadBytes: options.payloadBytes ?? 100, buffer: channel.buffer })
  } finally {
    channel.close()
  }
}

export async function channelThroughput(options: { frames?: number; window?: number; payloadBytes?: number } = {}): Promise<ThroughputStats> {
  const channel = new HostChannel()
  channel.listen((request) => channel.respond(request.id, { ok: true, value: request.args }))
  try {
    return await runInWorker<ThroughputStats>({
      kind: "throughput",
      frames: options.frames ?? 100_000,
      window: options.window ?? 64,
      payloadBytes: options.payloadBytes ?? 100,
      buffer: channel.buffer,
    })
  } finally {
    channel.close()
  }
}

/** All of the above, one after the other, with the ratio the runtime issue sets a target for. */
export async function measureBridge(options: { iterations?: number; frames?: number } = {}): Promise<BridgeMeasurements> {
  const bare = await bareRoundTrip({ iterations: options.iterations ?? 20_000 })
  const bareJson100 = await bareRoundTrip({ iterations: options.iterations ?? 20_000, payloadBytes: 100 })
  const channel100 = await channelRoundTrip({ iterations: options.iterations ?? 20_000, payloadBytes: 100 })
  const throughput = await channelThroughput({ frames: options.frames ?? 100_000 })
  return { bare, bareJson100, channel100, throughput, channelOverBare: channel100.medianUs / bare.medianUs }
}

// ---------------------------------------------------------------------------------------------
// The worker side

const statsOf = (samples: Float64Array): LatencyStats => {
  const sorted = Array.from(samples).sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 1000
  const mean = (sorted.reduce((sum, s) => sum + s, 0) / sorted.length) * 1000
  return { iterations: sorted.length, meanUs: mean, medianUs: at(0.5), p99Us: at(0.99) }
}

const bareWorker = (scenario: Extract<Scenario, { kind: "bare" }>): LatencyStats => {
  const words = new Int32Array(scenario.buffer, 0, 3)
  const bytes = new Uint8Array(scenario.buffer, FRAME_AT, FRAME_ROOM)
  const encoder = new TextEncoder()
  const padding = payloadOf(scenario.payloadBytes)
  const samples = new Float64Array(scenario.iterations)
  for (let i = 1; i <= scenario.warmup + scenario.iterations; i++) {
    const started = performance.now()
    if (scenario.payloadBytes > 0) {
      const text = JSON.stringify({ id: i, op: "tool", name: "perf.echo", args: [padding] })
      Atomics.store(words, LENGTH, encoder.encodeInto(text, bytes).written)
    }
    Atomics.store(words, PING, i)
    Atomics.notify(words, PING)
    while (Atomics.load(words, PONG) !== i) Atomics.wait(words, PONG, i - 1)
    if (scenario.payloadBytes > 0) JSON.parse(Buffer.from(scenario.buffer, FRAME_AT, words[LENGTH]!).toString("utf8"))
    if (i > scenario.warmup) samples[i - scenario.warmup - 1] = performance.now() - started
  }
  return statsOf(samples)
}

const channelWorker = (scenario: Extract<Scenario, { kind: "channel" }>): LatencyStats => {
  const channel = new WorkerChannel(scenario.buffer)
  const args = [payloadOf(scenario.payloadBytes)]
  const samples = new Float64Array(scenario.iterations)
  for (let i = 0; i < scenario.warmup + scenario.iterations; i++) {
    const started = performance.now()
    channel.call("tool", "perf.echo", args)
    if (i >= scenario.warmup) samples[i - scenario.warmup] = performance.now() - started
  }
  return statsOf(samples)
}

const throughputWorker = (scenario: Extract<Scenario, { kind: "throughput" }>): ThroughputStats => {
  const channel = new WorkerChannel(scenario.buffer)
  const args = [payloadOf(scenario.payloadBytes)]
  const started = performance.now()
  let posted = 0
  for (; posted < Math.min(scenario.window, scenario.frames); posted++) channel.post("tool", "perf.echo", args)
  for (let received = 0; received < scenario.frames; received++) {
    channel.waitAny()
    if (posted < scenario.frames) {
      channel.post("tool", "perf.echo", args)
      posted++
    }
  }
  const seconds = (performance.now() - started) / 1000
  return { frames: scenario.frames, window: scenario.window, seconds, framesPerSecond: scenario.frames / seconds }
}

if (!isMainThread && parentPort !== null && (workerData as { bridgePerf?: Scenario } | null)?.bridgePerf !== undefined) {
  const scenario = (workerData as { bridgePerf: Scenario }).bridgePerf
  const result =
    scenario.kind === "bare" ? bareWorker(scenario) : scenario.kind === "channel" ? channelWorker(scenario) : throughputWorker(scenario)
  parentPort.postMessage(result)
}
