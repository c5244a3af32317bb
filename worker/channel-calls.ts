/**
 * The host as the engines see it, over the worker's end of the channel.
 *
 * Two shapes of the same thing. `channelHost` is the blocking `Host`: a call posts its request and
 * waits for that answer (Lua's every call, and JavaScript's synchronous extension globals).
 * `ChannelHostCalls` is JavaScript's concurrent view: `start` posts the request and returns at
 * once, so a program that starts twenty tool calls has twenty requests at the host before it waits
 * for any; `waitAny` blocks until one answer arrives and settles its promise. A blocking call made
 * while others are outstanding waits for its own id only; answers that arrive meanwhile stay in the
 * channel's mailbox until `waitAny` takes them.
 *
 * An answer is a value, a catchable `HostFailure`, or a stop (the host's timeout, a call-limit
 * stop), which throws `HostStop` from wherever the engine is waiting and ends the execution. A wait
 * cut short by the host (it interrupted or closed the channel) is a stop as well: the program must
 * not be able to catch it.
 */

import { ChannelError, type ChannelResponse, type WorkerChannel } from "../bridge/worker-channel.js"
import type { DataValue } from "../protocol/data.js"
import { HostFailure, HostStop, type Host, type HostCall, type HostCalls, type HostOutcome } from "./engine-host.js"

/** The blocking host over `channel`. */
export const channelHost = (channel: WorkerChannel): Host => ({
  call: (call: HostCall) => callChannel(channel, call.op, call.name, call.args),
})

/** One blocking request of any operation (the engines' ones, or the worker's own `catalog`). */
export const callChannel = (channel: WorkerChannel, op: string, name: string, args: HostCall["args"]): DataValue =>
  answer(waitOn(() => channel.call(op, name, args)))

/** Host calls that run concurrently: posted at once, settled as their answers arrive. */
export class ChannelHostCalls implements HostCalls {
  /** Settle callbacks of the posted calls, by request id. */
  private readonly settlers = new Map<number, (outcome: HostOutcome) => void>()

  constructor(private readonly channel: WorkerChannel) {}

  get pending(): number {
    return this.settlers.size
  }

  start(request: HostCall, settle: (outcome: HostOutcome) => void): void {
    const id = this.channel.post(request.op, request.name, request.args)
    this.settlers.set(id, settle)
  }

  waitAny(): void {
    for (;;) {
      const response = waitOn(() => this.channel.waitAny())
      const settle = this.settlers.get(response.id)
      // Not one of ours: an answer to a blocking call is taken by that call, so this cannot
      // normally happen; dropping it is the safe reading.
      if (settle === undefined) continue
      this.settlers.delete(response.id)
      settle(outcome(response))
      return
    }
  }

  /** The program has finished: the host interrupts what is still running; its answers are dropped. */
  cancelAll(): void {
    this.settlers.clear()
    this.channel.discardPending()
  }
}

/** Runs a wait on the channel; a wait the host cut short is a stop. */
const waitOn = (wait: () => ChannelResponse): ChannelResponse => {
  try {
    return wait()
  } catch (error) {
    if (error instanceof ChannelError) {
      throw new HostStop({ kind: "TimeoutExceeded", message: `execution was stopped while waiting on the host (${error.message})` })
    }
    throw error
  }
}

/** A response frame as the engine's outcome; stops throw. */
const outcome = (response: ChannelResponse): HostOutcome => {
  if (response.ok) return { ok: true, value: response.value as DataValue }
  const { kind, message, stop } = response.error
  if (stop) throw new HostStop({ kind: kind as never, message })
  return { ok: false, failure: new HostFailure(kind as never, message) }
}

/** A response frame as a blocking call's value; failures and stops throw. */
const answer = (response: ChannelResponse): DataValue => {
  const result = outcome(response)
  if (result.ok) return result.value
  throw result.failure
}
