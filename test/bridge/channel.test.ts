/**
 * The channel moves frames intact between a real worker thread and the host: one at a time or many
 * outstanding, answered in any order, small or far larger than the ring, in any Unicode.
 * Every scenario runs twice: with the default 64 KiB rings and with 64-byte rings, where nearly
 * every frame wraps around the ring or travels in pieces.
 */

import { afterEach, describe, expect, it } from "vitest"
import { type ChannelRequest, ChannelError, HostChannel } from "../../bridge/host-channel.js"
import { shuffled, startWorker, type Harness } from "./harness.js"

const largeText = (bytes: number): string => "é🙂x".repeat(Math.ceil(bytes / 7))

let harness: Harness | undefined
afterEach(async () => {
  await harness?.stop()
  harness = undefined
})

const start = (handler: (request: ChannelRequest, channel: HostChannel) => void, ringBytes?: number): Harness => {
  let channel: HostChannel | undefined
  harness = startWorker((request) => handler(request, channel!), ringBytes === undefined ? {} : { ringBytes })
  channel = harness.channel
  return harness
}

const answerWithArgs = (request: ChannelRequest, channel: HostChannel) =>
  channel.respond(request.id, { ok: true, value: request.args })

describe.each([
  { ring: "64 KiB rings", ringBytes: undefined },
  { ring: "64-byte rings", ringBytes: 64 },
])("channel with $ring", ({ ringBytes }) => {
  it("carries a request to the host and its response back", async () => {
    const seen: ChannelRequest[] = []
    const { run } = start((request, channel) => {
      seen.push(request)
      answerWithArgs(request, channel)
    }, ringBytes)
    const answer = await run("call", { op: "tool", name: "orders.lookup", args: [{ id: 7, tags: ["a", null] }, true] })
    expect(seen).toEqual([{ id: 1, op: "tool", name: "orders.lookup", args: [{ id: 7, tags: ["a", null] }, true] }])
    expect(answer).toEqual({ ok: true, result: { id: 1, ok: true, value: [{ id: 7, tags: ["a", null] }, true] } })
  })

  it("carries a failure response unchanged", async () => {
    const { run } = start((request, channel) => {
      channel.respond(request.id, { ok: false, error: { kind: "ToolFailure", message: "no such order", stop: false } })
    }, ringBytes)
    const answer = await run("call", { op: "tool", name: "orders.lookup", args: [] })
    expect(answer).toEqual({
      ok: true,
      result: { id: 1, ok: false, error: { kind: "ToolFailure", message: "no such order", stop: false } },
    })
  })

  it("makes 1000 calls in a row, each answered with its own argument", async () => {
    const { run } = start(answerWithArgs, ringBytes)
    expect(await run("sequential", { count: 1000 })).toEqual({ ok: true, result: { count: 1000, wrong: 0 } })
  })

  it("matches 100 outstanding requests to responses written in a shuffled order", async () => {
    const held: ChannelRequest[] = []
    const { run } = start((request, channel) => {
      held.push(request)
      if (held.length < 100) return
      for (const index of shuffled(100)) {
        const { id, args } = held[index]!
        channel.respond(id, { ok: true, value: [(args[0] as number) * 10] })
      }
    }, ringBytes)
    const answer = await run("outstanding", { count: 100, name: "held" })
    expect(answer.ok).toBe(true)
    const taken = (answer as { result: Array<{ id: number; arg: number; responseId: number; value: number }> }).result
    expect(taken).toHaveLength(100)
    expect(new Set(taken.map((t) => t.id)).size).toBe(100)
    for (const t of taken) {
      expect(t.responseId).toBe(t.id)
      expect(t.value).toBe(t.arg * 10)
    }
  })

  it("answers requests while the worker is still writing the next ones", async () => {
    // 300-character requests: with 64-byte rings each travels in pieces while answers flow back.
    const { run } = start((request, channel) => {
      channel.respond(request.id, { ok: true, value: [(request.args[0] as number) + 1] })
    }, ringBytes)
    const answer = await run("outstanding", { count: 100, name: "echo", padding: "p".repeat(300) })
    const taken = (answer as { result: Array<{ arg: number; value: number }> }).result
    expect(taken).toHaveLength(100)
    for (const t of taken) expect(t.value).toBe(t.arg + 1)
  })

  it("carries a payload far larger than the ring each way intact (5 MB through 64 KiB)", async () => {
    // 64-byte rings move 256 KiB (4096 ring-fulls); 5 MB would only make the test slow.
    const bytes = ringBytes === 64 ? 256 * 1024 : 5 * 1024 * 1024
    const expectedFromWorker = largeText(bytes)
    const reply = "x🙂日é".repeat(Math.ceil(bytes / 10))
    const { run } = start((request, channel) => {
      channel.respond(request.id, { ok: true, value: { sawSame: request.args[1] === expectedFromWorker, text: reply } })
    }, ringBytes)
    const answer = await run("large", { bytes })
    expect(answer.ok).toBe(true)
    const result = (answer as { result: { sawSame: boolean; text: string } }).result
    expect(result.sawSame).toBe(true)
    expect(result.text.length).toBe(reply.length)
    expect(result.text === reply).toBe(true)
  })

  it("keeps every Unicode string exactly, lone surrogates included", async () => {
    const { run } = start(answerWithArgs, ringBytes)
    const texts = [
      "",
      "héllo wörld",
      "日本語のテキスト",
      "🙂👍🏽 family 👨‍👩‍👧‍👦",
      "e\u0301 combining",
      "nul\u0000inside",
      "\u2028\u2029 separators",
      "lone \ud800 high and \udc00 low",
      '"quotes" \\ backslash \n newline',
      "🙂".repeat(1000),
    ]
    for (const text of texts) {
      expect(await run("roundTrip", { text })).toEqual({ ok: true, result: { same: true, length: text.length } })
    }
  })
})

describe("channel", () => {
  it("lets the worker post without blocking and poll for the answer later", async () => {
    let held: ChannelRequest | undefined
    const { run, channel } = start((request) => {
      held = request
    })
    const posted = await run("postThenPoll")
    expect(posted).toEqual({ ok: true, result: { id: 1, polled: null } })
    channel.respond(held!.id, { ok: true, value: "later" })
    expect(await run("pollUntil")).toEqual({ ok: true, result: { id: 1, ok: true, value: "later" } })
  })

  it("refuses frames over maxFrameBytes whole, on both sides", async () => {
    let refusal: unknown
    let channel: HostChannel | undefined
    harness = startWorker(
      (request) => {
        try {
          channel!.respond(request.id, { ok: true, value: "y".repeat(2000) })
        } catch (error) {
          refusal = error
        }
        // The request still awaits an answer, which the host can give another way.
        channel!.respond(request.id, { ok: false, error: { kind: "TooLarge", message: "too large", stop: true } })
      },
      { maxFrameBytes: 1000 },
    )
    channel = harness.channel
    const refused = await harness.run("tooLarge", { bytes: 2000 })
    expect(refused).toMatchObject({ ok: true, result: { reason: "frame-too-large", pending: 0 } })
    const answered = await harness.run("call", { op: "tool", name: "x", args: ["small"] })
    expect(answered).toMatchObject({ ok: true, result: { ok: false, error: { kind: "TooLarge", message: "too large", stop: true } } })
    expect(refusal).toBeInstanceOf(ChannelError)
    expect((refusal as ChannelError).reason).toBe("frame-too-large")
  })

  it("rejects bad options", () => {
    expect(() => new HostChannel({ ringBytes: 1000 })).toThrow(RangeError)
    expect(() => new HostChannel({ ringBytes: 32 })).toThrow(RangeError)
    expect(() => new HostChannel({ maxFrameBytes: 0 })).toThrow(RangeError)
  })
})

