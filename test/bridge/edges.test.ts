/**
 * Edges of the protocol that ordinary traffic takes a long time to reach: ring indices wrapping
 * past 2^31, and a worker end that writes garbage.
 */

import { afterEach, describe, expect, it, vi } from "vitest"
import { HostChannel, type ChannelRequest } from "../../bridge/host-channel.js"
import { WorkerChannel } from "../../bridge/worker-channel.js"
import {
  CONTROL_BYTES,
  HOST_BELL,
  HOST_LISTENING,
  NEXT_ID,
  REQUEST_HEAD,
  REQUEST_TAIL,
  RESPONSE_HEAD,
  RESPONSE_TAIL,
} from "../../bridge/protocol.js"
import { startWorker, type Harness } from "./harness.js"

let harness: Harness | undefined
afterEach(async () => {
  await harness?.stop()
  harness = undefined
})

describe("channel edges", () => {
  it("keeps working when ring indices and ids wrap past 2^31", async () => {
    const channel = new HostChannel({ ringBytes: 64 })
    const words = new Int32Array(channel.buffer, 0, CONTROL_BYTES / 4)
    // Start every index a few hundred bytes short of the wrap; `reset` makes the rings empty there.
    Atomics.store(words, REQUEST_TAIL, 2 ** 31 - 300)
    Atomics.store(words, RESPONSE_TAIL, 2 ** 31 - 300)
    Atomics.store(words, NEXT_ID, 2 ** 31 - 5)
    channel.reset()
    expect(Atomics.load(words, REQUEST_HEAD)).toBe(2 ** 31 - 300)
    expect(Atomics.load(words, RESPONSE_HEAD)).toBe(2 ** 31 - 300)
    harness = startWorker((request) => channel.respond(request.id, { ok: true, value: request.args }), {}, channel)
    expect(await harness.run("sequential", { count: 50 })).toEqual({ ok: true, result: { count: 50, wrong: 0 } })
    expect(await harness.run("roundTrip", { text: "🙂é".repeat(500) })).toEqual({ ok: true, result: { same: true, length: 1500 } })
    expect(Atomics.load(words, REQUEST_TAIL)).toBeLessThan(0)
    expect(Atomics.load(words, RESPONSE_TAIL)).toBeLessThan(0)
  })

  it("wakes the host only while it listens: a frame sent before is read when it starts", async () => {
    const channel = new HostChannel()
    const words = new Int32Array(channel.buffer, 0, CONTROL_BYTES / 4)
    // Both ends in this thread: the worker end only writes and rings, it never blocks.
    const worker = new WorkerChannel(channel.buffer)
    const notify = vi.spyOn(Atomics, "notify")
    const hostWakes = () => notify.mock.calls.filter(([array, index]) => array.buffer === channel.buffer && index === HOST_BELL).length
    try {
      worker.send("log", "before", [])
      expect(hostWakes()).toBe(0)
      const received: ChannelRequest[] = []
      channel.listen((request) => received.push(request))
      // The listener read the frame at once, and now waits on its bell.
      expect(received.map((request) => request.name)).toEqual(["before"])
      expect(Atomics.load(words, HOST_LISTENING)).toBe(1)
      worker.send("log", "after", [])
      expect(hostWakes()).toBe(1)
      await vi.waitFor(() => expect(received.map((request) => request.name)).toEqual(["before", "after"]))
    } finally {
      notify.mockRestore()
      channel.close()
    }
  })

  it("answers whether a response has arrived without blocking (a loop spinning for its next run)", async () => {
    const channel = new HostChannel()
    const worker = new WorkerChannel(channel.buffer)
    const received: ChannelRequest[] = []
    channel.listen((request) => received.push(request))
    try {
      const id = worker.post("next", "1", [])
      await vi.waitFor(() => expect(received).toHaveLength(1))
      // Asked before the host answers: nothing yet, at once.
      expect(worker.answered(id)).toBeUndefined()
      channel.respond(id, { ok: true, value: "run" })
      expect(worker.answered(id)).toEqual({ id, ok: true, value: "run" })
      // Taken: it is no longer there, and the request is no longer outstanding.
      expect(worker.answered(id)).toBeUndefined()
      expect(worker.pending).toBe(0)
    } finally {
      channel.close()
    }
  })

  it("reports a malformed request and closes, without throwing on the host", async () => {
    const errors: Error[] = []
    const channel = new HostChannel({ onError: (error) => errors.push(error) })
    channel.listen(() => {
      throw new Error("no request should reach the handler")
    })
    // Play a broken worker end: a frame whose text is not JSON.
    const words = new Int32Array(channel.buffer, 0, CONTROL_BYTES / 4)
    const text = new TextEncoder().encode("not json")
    const ring = new Uint8Array(channel.buffer, CONTROL_BYTES, 4 + text.length)
    new DataView(channel.buffer, CONTROL_BYTES, 4).setUint32(0, text.length, true)
    ring.set(text, 4)
    Atomics.store(words, REQUEST_TAIL, 4 + text.length)
    Atomics.add(words, HOST_BELL, 1)
    Atomics.notify(words, HOST_BELL)
    await vi.waitFor(() => expect(errors).toHaveLength(1))
    expect(errors.map((e) => e.message)).toEqual(["Malformed frame on the channel: a request is not JSON"])
    expect(channel.isClosed).toBe(true)
  })
})
