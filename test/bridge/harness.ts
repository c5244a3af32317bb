/** A real worker thread running `fixtures/echo-worker.mjs` over a real channel, for the bridge tests. */

import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Worker } from "node:worker_threads"
import { HostChannel, type HostChannelOptions, type RequestHandler } from "../../bridge/host-channel.js"

export const workerScript = fileURLToPath(new URL("./fixtures/echo-worker.mjs", import.meta.url))
const compiledBridge = fileURLToPath(new URL("../../dist/bridge/worker-channel.js", import.meta.url))

export const requireBuild = (): void => {
  if (!existsSync(compiledBridge)) throw new Error(`The bridge tests load ${compiledBridge}; run \`npm run build\` first`)
}

export type WorkerAnswer = { ok: true; result: any } | { ok: false; reason: string | null; message: string }

export interface Harness {
  readonly channel: HostChannel
  readonly worker: Worker
  /** Runs one scenario of the fixture worker and resolves with what it posted back. */
  run(scenario: string, parameters?: Record<string, unknown>): Promise<WorkerAnswer>
  stop(): Promise<void>
}

export const startWorker = (handler: RequestHandler, options: HostChannelOptions = {}, channel?: HostChannel): Harness => {
  requireBuild()
  const hostChannel = channel ?? new HostChannel(options)
  hostChannel.listen(handler)
  const worker = new Worker(workerScript, { workerData: { channel: hostChannel.buffer } })
  return {
    channel: hostChannel,
    worker,
    run: (scenario, parameters = {}) =>
      new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error)
        worker.once("error", onError)
        worker.once("message", (answer: WorkerAnswer) => {
          worker.off("error", onError)
          resolve(answer)
        })
        worker.postMessage({ scenario, ...parameters })
      }),
    stop: async () => {
      hostChannel.close()
      await worker.terminate()
    },
  }
}

/** A deterministic permutation of 0..n-1 (a linear congruential shuffle). */
export const shuffled = (n: number): number[] => {
  const order = Array.from({ length: n }, (_, i) => i)
  let seed = 12345
  for (let i = n - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    const j = seed % (i + 1)
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  return order
}
