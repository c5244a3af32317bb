/**
 * A channel's life around its worker: interrupting a blocked worker, closing, resetting for the next
 * execution, surviving a worker terminated mid-wait, and letting the process exit after `close()`.
 */

import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { type HostChannel, type ChannelRequest } from "../../bridge/host-channel.js"
import { requireBuild, startWorker, type Harness } from "./harness.js"

const harnesses: Harness[] = []
afterEach(async () => {
  for (const harness of harnesses.splice(0)) await harness.stop()
})

/** A worker whose "hold" requests are kept for the test to deal with, and everything else echoed. */
const startHolding = (onHold: (request: ChannelRequest, channel: HostChannel) => void, channel?: HostChannel) => {
  let host: HostChannel | undefined
  const harness = startWorker(
    (request) => {
      if (request.name === "hold") onHold(request, host!)
      else host!.respond(request.id, { ok: true, value: request.args })
    },
    {},
    channel,
  )
  host = harness.channel
  harnesses.push(harness)
  return harness
}

describe("channel lifecycle", () => {
  it("interrupt() wakes a worker blocked on a response, which sees 'interrupted'", async () => {
    const { run } = startHolding((_request, channel) => channel.interrupt())
    expect(await run("block")).toEqual({ ok: true, result: { reason: "interrupted", interruptWord: 1, interrupted: true } })
  })

  it("reset() readies the channel for the next execution and drops late answers", async () => {
    let held: ChannelRequest | undefined
    const { run, channel } = startHolding((request, channel) => {
      held = request
      channel.interrupt()
    })
    await run("block")
    channel.reset()
    expect(await run("state")).toEqual({ ok: true, result: { interrupted: false, pending: 0 } })
    // The answer to the old execution's request comes too late: it is not written.
    expect(channel.respond(held!.id, { ok: true, value: "stale" })).toBe(false)
    const answer = await run("call", { op: "tool", name: "echo", args: ["fresh"] })
    expect(answer).toMatchObject({ ok: true, result: { ok: true, value: ["fresh"] } })
    expect((answer as { result: { id: number } }).result.id).not.toBe(held!.id)
  })

  it("close() wakes a blocked worker, which sees 'closed'", async () => {
    const { run } = startHolding((_request, channel) => channel.close())
    expect(await run("block")).toMatchObject({ ok: true, result: { reason: "closed" } })
  })

  it("answers each request at most once", async () => {
    const answers: boolean[] = []
    const { run } = startHolding((request, channel) => {
      answers.push(channel.respond(request.id, { ok: true, value: 1 }))
      answers.push(channel.respond(request.id, { ok: true, value: 2 }))
    })
    expect(await run("block")).toMatchObject({ ok: true, result: { response: { ok: true, value: 1 } } })
    expect(answers).toEqual([true, false])
  })

  it("keeps working when a worker blocked on it is terminated", async () => {
    let held: ChannelRequest | undefined
    let onHeld: () => void = () => {}
    const heldSeen = new Promise<void>((resolve) => (onHeld = resolve))
    const first = startHolding((request) => {
      held = request
      onHeld()
    })
    const blocked = first.run("block")
    await heldSeen
    await first.worker.terminate()
    void blocked.catch(() => {})
    // The host end does not notice the worker is gone: answering it is harmless.
    expect(first.channel.respond(held!.id, { ok: true, value: "nobody listens" })).toBe(true)
    // The worker died between frames, so the channel can serve a new worker after a reset.
    first.channel.reset()
    const second = startHolding(() => {}, first.channel)
    expect(await second.run("sequential", { count: 10 })).toEqual({ ok: true, result: { count: 10, wrong: 0 } })
  })

  it("reports a throwing handler and keeps listening", async () => {
    const errors: Error[] = []
    let calls = 0
    let channel: HostChannel | undefined
    const harness = startWorker(
      (request) => {
        calls++
        if (calls === 1) throw new Error("handler bug")
        channel!.respond(request.id, { ok: true, value: "after" })
      },
      { onError: (error) => errors.push(error) },
    )
    channel = harness.channel
    harnesses.push(harness)
    expect(await harness.run("postThenPoll")).toMatchObject({ ok: true, result: { polled: null } })
    expect(await harness.run("call", { op: "tool", name: "x", args: [] })).toMatchObject({ ok: true, result: { ok: true, value: "after" } })
    expect(errors.map((e) => e.message)).toEqual(["handler bug"])
  })

  it("lets the process exit after close(), with a response still queued", () => {
    requireBuild()
    const script = fileURLToPath(new URL("./fixtures/exit-check.mjs", import.meta.url))
    const child = spawnSync(process.execPath, [script], { encoding: "utf8", timeout: 15_000 })
    expect(child.signal).toBeNull()
    expect(child.stderr).toBe("")
    expect(child.status).toBe(0)
    expect(JSON.parse(child.stdout)).toEqual({ calls: { count: 100, wrong: 0 }, posted: true })
  })
})
