/**
 * A worker gives its thread back by itself the moment it posts a call the host would suspend at
 * once (`YieldRule`): the request still reaches the host, which reads the worker as waiting on it
 * and asked already; and it keeps its thread when no work wants one, when the call is of a kind
 * known to be fast or untimed, and when its run has computed too long to replay cheaply.
 */

import { describe, expect, it } from "vitest"
import { HostChannel, type ChannelRequest } from "../../bridge/host-channel.js"
import { WorkerChannel } from "../../bridge/worker-channel.js"
import { HostStop } from "../../worker/engine-host.js"
import { ReplayingHost, SelfYield } from "../../worker/replay.js"

const ruleWith = (pressure: number, fast: string[] = [], maxComputedMs = 20) => {
  const buffer = new SharedArrayBuffer(4)
  new Int32Array(buffer)[0] = pressure
  return new SelfYield({ pressure: buffer, fast, maxComputedMs })
}

describe("a worker's own yield", () => {
  it("posts the call and suspends without waiting or waking the host; the host reads the request and the worker as waiting on it", async () => {
    const host = new HostChannel()
    const seen: ChannelRequest[] = []
    host.listen((request) => seen.push(request))
    const worker = new ReplayingHost(new WorkerChannel(host.buffer), undefined, ruleWith(1))
    expect(() => worker.call({ op: "tool", name: "svc.fetch", args: [{ ms: 200 }] })).toThrow(HostStop)
    expect(worker.suspension).toEqual({ waitingOn: [0] })
    // The host is not woken for it: it reads the request with the run's end.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen).toEqual([])
    host.drain()
    expect(seen).toMatchObject([{ op: "tool", name: "svc.fetch", args: [{ ms: 200 }], meta: { i: 0 } }])
    expect(host.waitingOn).toBe(seen[0]!.id)
    host.close()
  })

  it("keeps the thread when no work wants one, the kind is fast or untimed, or the run computed too long", () => {
    expect(ruleWith(1).now(["tool:svc.fetch"], 0)).toBe(true)
    expect(ruleWith(0).now(["tool:svc.fetch"], 0)).toBe(false)
    expect(ruleWith(1, ["tool:svc.fetch"]).now(["tool:svc.fetch"], 0)).toBe(false)
    expect(ruleWith(1).now(["tool:svc.fetch", undefined], 0)).toBe(false)
    expect(ruleWith(1, [], 20).now(["tool:svc.fetch"], 25)).toBe(false)
    expect(ruleWith(1).now([], 0)).toBe(false)
  })
})
