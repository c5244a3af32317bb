/**
 * The models scenario: what a `models.classify` call costs the runtime, beside what a tool call
 * with the same instant answer costs, and what the OpenAI-compatible adapter adds to a bare
 * `fetch` of the same local endpoint.
 *
 * Two comparisons, each as a ratio, because absolute times depend on the machine:
 *
 * - Through the whole runtime, a warm JavaScript program making 50 `classify` calls with a
 *   provider that answers at once, against the same program making 50 tool calls whose tool
 *   answers at once. The difference per call is the models API's own work: the argument checks,
 *   the model lookup, the concurrency slot and the answer checks.
 * - The adapter's `classify` (the request body with its JSON schema, the bounded read, the answer
 *   parsing) against a bare `fetch` POST of a same-sized body to the same server on 127.0.0.1,
 *   so the loopback round trip is in both.
 */

import { Effect, Schema } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { CodeMode, Models, Tool, WorkerPool, type ClassifyRequest, type Runtime } from "../index.js"
import { chatRequest, openAICompatibleProvider } from "../models/openai.js"
import { sampleLatency, type Latency } from "./measure.js"
import { formatDuration, formatRatio, median, print, progress, renderTable } from "./report.js"

export interface ModelsScenarioOptions {
  readonly quick: boolean
}

const CALLS = 50
const QUESTIONS = `{ urgent: { type: "bool", instructions: "Is it urgent?", criteria: { true: "needs action today", false: "can wait" } },
  topic: { type: "choice", instructions: "About what?", criteria: { work: "work", home: "home", other: "anything else" } } }`

const COMPLETION = JSON.stringify({
  choices: [{ finish_reason: "stop", message: { content: JSON.stringify({ urgent: true, topic: "work" }) } }],
  usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 },
})

const ROUNDS = 3

/** Each measure `ROUNDS` times, alternating which goes first; the median p50 of each. */
async function interleaved(a: () => Promise<Latency>, b: () => Promise<Latency>): Promise<readonly [Latency, Latency]> {
  const as: Latency[] = []
  const bs: Latency[] = []
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      as.push(await a())
      bs.push(await b())
    } else {
      bs.push(await b())
      as.push(await a())
    }
  }
  const mid = (list: Latency[]): Latency => ({ ...list[0]!, p50: median(list.map((l) => l.p50)) })
  return [mid(as), mid(bs)]
}

export async function runModelsScenario(options: ModelsScenarioOptions): Promise<void> {
  const timeMs = options.quick ? 500 : 2_000
  progress("models: runtime")
  const pool = WorkerPool.make({ minThreads: 1, maxThreads: 1 })
  const answer = Effect.succeed({ answers: { urgent: true, topic: "work" }, usage: { inputTokens: 1 } })
  const models = Models.layer({
    list: () => Effect.succeed([{ type: "classifier", provider: "bench", id: "judge" }]),
    classify: () => answer,
    generateImages: () => Effect.succeed({ output: [] }),
  })
  const judge = Tool.make({
    description: "Answers at once",
    input: Schema.Struct({ state: Schema.Unknown, questions: Schema.Unknown }),
    output: Schema.Struct({ urgent: Schema.Boolean, topic: Schema.String }),
    execute: () => Effect.succeed({ urgent: true, topic: "work" }),
  })
  const runtime = CodeMode.make({ language: "javascript", pool, models, tools: { judge } }) as Runtime<never>
  const program = (call: string) => `
    const m = { provider: "bench", id: "judge" }
    for (let i = 0; i < ${CALLS}; i++) await ${call}
    return 1`
  const withModels = program(`models.classify(m, { state: { i }, questions: ${QUESTIONS} })`)
  const withTools = program(`tools.judge({ state: { i }, questions: ${QUESTIONS} })`)
  const runOnce = (source: string) => async () => {
    const result = await Effect.runPromise(runtime.execute(source))
    if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  }
  const [tools, classify] = await interleaved(
    () => sampleLatency("tool calls", runOnce(withTools), timeMs, timeMs / 4),
    () => sampleLatency("classify calls", runOnce(withModels), timeMs, timeMs / 4),
  )
  await runtime.close()
  await pool.close()

  progress("models: adapter over HTTP")
  const server = createServer((req, res) => {
    req.resume().on("end", () => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(COMPLETION)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  const provider = openAICompatibleProvider({ baseUrl, apiKey: "sk-bench", models: { classifier: ["judge"] } })
  const request: ClassifyRequest = {
    model: { provider: "openai", id: "judge" },
    state: { subject: "Move tomorrow's meeting to Friday" },
    questions: {
      urgent: { type: "bool", instructions: "Is it urgent?", criteria: { true: "needs action today", false: "can wait" } },
      topic: { type: "choice", instructions: "About what?", criteria: { work: "work", home: "home", other: "anything else" } },
    },
  }
  const body = JSON.stringify(chatRequest(request))
  const bareFetch = async () => {
    const response = await fetch(`${baseUrl}/chat/completions`, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer sk-bench" }, body })
    JSON.parse(await response.text())
  }
  const [bare, adapter] = await interleaved(
    () => sampleLatency("bare fetch", bareFetch, timeMs, timeMs / 4),
    () => sampleLatency("adapter classify", () => Effect.runPromise(provider.classify(request)), timeMs, timeMs / 4),
  )
  server.close()

  const perCall = (classify.p50 - tools.p50) / CALLS
  print(
    [
      "## Models: the cost of a classify call",
      "",
      renderTable(
        ["measure", "baseline (p50)", "models (p50)", "models/baseline", "per call"],
        [
          [`program of ${CALLS} calls, instant answers: tool calls vs models.classify`, formatDuration(tools.p50), formatDuration(classify.p50), formatRatio(classify.p50, tools.p50), formatDuration(perCall)],
          ["one classify on 127.0.0.1: bare fetch vs the OpenAI-compatible adapter", formatDuration(bare.p50), formatDuration(adapter.p50), formatRatio(adapter.p50, bare.p50), formatDuration(adapter.p50 - bare.p50)],
        ],
        new Set([1, 2, 3, 4]),
      ),
      "",
      `p50 of each measure, median of ${ROUNDS} interleaved rounds.`,
      "per call: the models row's p50 minus the baseline's, per call (the models API's checks, lookup, slot and answer checks; or the adapter's request building, bounded read and parsing).",
    ].join("\n"),
  )
}
