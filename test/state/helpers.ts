/**
 * Small pieces the state tests share: running a program, a tool that waits for the test to let it
 * go, and a barrier tool that holds several executions until all of them have arrived.
 */

import { Effect, Schema } from "effect"
import { Tool, type Result, type Runtime } from "../../index.js"

export const run = (runtime: Runtime<never>, source: string, branch?: string): Promise<Result> =>
  Effect.runPromise(runtime.execute(source, branch === undefined ? undefined : { branch }))

/**
 * A tool `gate.wait({})` that signals when a program first reaches it and returns when `open` is
 * called; `arrivals()` counts the times it was invoked.
 */
export const gate = () => {
  let arrivals = 0
  let arrive!: () => void
  let release!: () => void
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const opened = new Promise<void>((resolve) => (release = resolve))
  const tool = Tool.make({
    description: "Waits until the test opens the gate",
    input: Schema.Struct({}),
    execute: () =>
      Effect.promise(() => {
        arrivals++
        arrive()
        return opened
      }),
  })
  return { tools: { gate: { wait: tool } }, arrived, open: () => release(), arrivals: () => arrivals }
}

/** A tool `sync.barrier({})` that returns once `parties` calls have arrived. */
export const barrier = (parties: number) => {
  let waiting = 0
  let release!: () => void
  const all = new Promise<void>((resolve) => (release = resolve))
  const tool = Tool.make({
    description: "Waits until every party has arrived",
    input: Schema.Struct({}),
    execute: () =>
      Effect.promise(() => {
        if (++waiting >= parties) release()
        return all
      }),
  })
  return { sync: { barrier: tool } }
}

/** A tool `pause.ms({ ms })` that sleeps, to make executions overlap. */
export const pauseTools = {
  pause: {
    ms: Tool.make({
      description: "Sleeps",
      input: Schema.Struct({ ms: Schema.Number }),
      execute: ({ ms }) => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    }),
  },
}
