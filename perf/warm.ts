/**
 * The warm scenario: what one trivial execution costs once everything is up, per language.
 *
 * A warm `return 1` is the fixed price every execution pays: the round trip to a worker, building
 * the execution's state and built-ins, and parsing and compiling the program — unless the engine
 * keeps compiled programs (Lua's programs.ts, JavaScript's programs.ts). It is measured two ways,
 * one execution at a time, each through tinybench (warm-up, then samples for a fixed time):
 *
 * - through the public API (`CodeMode.make` on a one-worker `WorkerPool`, `runtime.execute`), the
 *   number a host sees;
 * - in-process, the engine alone (`runLua`, `runJavaScript` from dist/), which leaves out the pool
 *   and shows the engine's own share with much less noise.
 *
 * The languages alternate for `rounds` rounds and the table shows the median of the rounds' p50s,
 * so a slow patch of a shared machine does not land on one language.
 */
import { Effect } from "effect"
import { attempt, isFailure, machine, sampleLatency, type Measured } from "./measure.js"
import { formatDuration, median, print, progress, renderTable } from "./report.js"

export interface WarmScenarioOptions {
  readonly rounds: number
  readonly quick: boolean
}

type Language = "lua" | "javascript"
const LANGUAGES: ReadonlyArray<Language> = ["lua", "javascript"]

interface PublicApi {
  readonly CodeMode: { make(options: object): { execute(source: string): Effect.Effect<{ readonly ok: boolean }>; close(): Promise<void> } }
  readonly WorkerPool: { make(options?: object): { close(): Promise<void> } }
}
type EngineRun = (source: string) => { readonly ok: boolean }

export async function runWarmScenario(options: WarmScenarioOptions): Promise<void> {
  const timeMs = options.quick ? 300 : 1_000
  const warmupMs = options.quick ? 100 : 300
  const specifier = "../index.js"
  const api = (await import(specifier)) as PublicApi
  const engines: Record<Language, EngineRun> = {
    lua: (await import("../worker/lua/index.js")).runLua,
    javascript: (await import("../worker/javascript/index.js")).runJavaScript,
  }
  const pool = api.WorkerPool.make({ minThreads: 1, maxThreads: 1 })
  const runtimes = Object.fromEntries(
    LANGUAGES.map((language) => [language, api.CodeMode.make({ language, tools: {}, pool })]),
  ) as Record<Language, ReturnType<PublicApi["CodeMode"]["make"]>>
  const apiP50: Record<Language, number[]> = { lua: [], javascript: [] }
  const engineP50: Record<Language, number[]> = { lua: [], javascript: [] }
  const failures: string[] = []
  const expectOk = (result: { readonly ok: boolean }): void => {
    if (!result.ok) throw new Error(`return 1 failed: ${JSON.stringify(result)}`)
  }
  const keep = (into: number[], measured: Measured<{ readonly p50: number }>): void => {
    if (isFailure(measured)) failures.push(measured.failed)
    else into.push(measured.p50)
  }
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? LANGUAGES : [...LANGUAGES].reverse()
      for (const language of order) {
        progress(`warm: round ${round + 1}/${options.rounds}, ${language}`)
        const runtime = runtimes[language]
        keep(apiP50[language], await attempt(() => sampleLatency(`${language} api`, async () => expectOk(await Effect.runPromise(runtime.execute("return 1"))), timeMs, warmupMs)))
        const engine = engines[language]
        keep(engineP50[language], await attempt(() => sampleLatency(`${language} engine`, async () => expectOk(engine("return 1")), timeMs, warmupMs)))
      }
    }
  } finally {
    for (const runtime of Object.values(runtimes)) await runtime.close()
    await pool.close()
  }
  const cell = (samples: number[]): string => (samples.length === 0 ? "failed" : formatDuration(median(samples)))
  print(
    [
      `## warm: one \`return 1\` at a time (median of ${options.rounds} rounds' p50)`,
      machine(),
      "",
      renderTable(
        ["language", "public API (1 worker)", "engine in-process"],
        LANGUAGES.map((language) => [language, cell(apiP50[language]), cell(engineP50[language])]),
        new Set([1, 2]),
      ),
      ...(failures.length > 0 ? ["", `failures: ${failures.join("; ")}`] : []),
    ].join("\n"),
  )
}
