/**
 * Our Lua engine as a host sees it: the same programs through the public API (`CodeMode.make` on a
 * `WorkerPool` of one warm worker, `runtime.execute(source)`), beside the engine in-process.
 *
 * The in-process column (`runLua` from dist/) is the engine alone; this one adds what every
 * execution pays on top — the request to the worker thread, the worker's setup of the execution,
 * the result's conversion and its trip back — so the two columns together say how much of a
 * program's time is the interpreter and how much the pool. Both run in the same interleaved
 * rounds as the peers (lua.ts), so they are measured against the same machine at the same moments.
 *
 * One worker, kept warm: the first `execute` starts it, outside every timed region (`warmUp`), so
 * no round pays for a thread start. The worker compiles and caches each program the first time it
 * sees it, as the in-process engine does (programs.ts), and the rounds' medians leave that out.
 * The pool and the runtime are closed by `close` when the scenario ends.
 */
import type { Effect } from "effect"
import type { Contender } from "./workloads.js"

interface ExecuteResult {
  readonly ok: boolean
  readonly value?: unknown
  readonly error?: { readonly kind: string; readonly message: string }
}
interface PublicApi {
  readonly CodeMode: { make(options: object): { execute(source: string): Effect.Effect<ExecuteResult>; close(): Promise<void> } }
  readonly WorkerPool: { make(options?: object): { close(): Promise<void> } }
}

/** The API contender, and how to let its pool go; a sentence when the public face cannot be loaded. */
export interface ApiContender<Name extends string> {
  readonly contender: Contender<Name>
  close(): Promise<void>
}

export async function loadOursThroughApi<Name extends string>(name: Name): Promise<ApiContender<Name> | string> {
  // Computed specifiers, as in lua.ts: the harness builds even while the runtime does not.
  const specifier = "../index.js"
  const effectSpecifier = "effect"
  const api = (await import(specifier)) as PublicApi
  const { Effect: E } = (await import(effectSpecifier)) as typeof import("effect")
  const pool = api.WorkerPool.make({ minThreads: 1, maxThreads: 1 })
  const runtime = api.CodeMode.make({ language: "lua", tools: {}, pool })
  const execute = async (source: string): Promise<unknown> => {
    const result = await E.runPromise(runtime.execute(source))
    if (result.ok) return result.value
    throw new Error(`${result.error?.kind}: ${result.error?.message}`)
  }
  try {
    await execute("return 1") // start the worker outside every timed region
  } catch (cause) {
    await runtime.close()
    await pool.close()
    return `the public API cannot run \`return 1\`: ${String(cause)}`
  }
  return {
    contender: { name, prepare: (source) => ({ run: () => execute(source), dispose: () => {} }) },
    close: async () => {
      await runtime.close()
      await pool.close()
    },
  }
}
