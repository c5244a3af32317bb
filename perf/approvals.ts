/**
 * The approvals scenario: what a pause and a resume cost, for a program that made 10 logged calls
 * before its guarded one, beside the same program run straight through with no approval asked.
 *
 * Three latencies per language, on the default shared pool as `CodeMode.make` gives it: the
 * straight run (11 calls, the floor); execute up to the pause (10 calls answered, the token
 * signed); and resume (the token checked, the program replayed from its log, the guarded call run,
 * the program finished). Pause + resume against the straight run is what approving costs beyond
 * the person's wait. The token's size is shown too: it carries the program and every answer.
 */

import { Effect, Schema } from "effect"
import { CodeMode, Tool, type Result } from "../index.js"
import { sampleLatency, type Latency } from "./measure.js"
import { formatDuration, formatRatio, print, progress, renderTable } from "./report.js"

export interface ApprovalsScenarioOptions {
  readonly quick: boolean
}

const KEY = "a perf key of at least thirty-two bytes"
const LOGGED_CALLS = 10

const programs = (guarded: boolean) => ({
  lua: `local total = 0
for i = 1, ${LOGGED_CALLS} do total = total + tools.shop.price({ sku = "sku-" .. i }).cents end
local r = tools.shop.${guarded ? "charge" : "chargeFreely"}({ cents = total })
return r.charged`,
  javascript: `let total = 0
for (let i = 1; i <= ${LOGGED_CALLS}; i++) total += (await tools.shop.price({ sku: "sku-" + i })).cents
const r = await tools.shop.${guarded ? "charge" : "chargeFreely"}({ cents: total })
return r.charged`,
})

const price = Tool.make({
  description: "The price of a product, in cents",
  input: Schema.Struct({ sku: Schema.String }),
  output: Schema.Struct({ sku: Schema.String, cents: Schema.Number, name: Schema.String }),
  execute: ({ sku }) => Effect.succeed({ sku, cents: 1_250, name: `Product ${sku}, a sensible description of it` }),
})
const charge = (needsApproval: boolean) =>
  Tool.make({
    description: "Charges the card on file",
    input: Schema.Struct({ cents: Schema.Number }),
    output: Schema.Struct({ charged: Schema.Number }),
    needsApproval,
    execute: ({ cents }) => Effect.succeed({ charged: cents }),
  })

interface Row {
  readonly language: string
  readonly straight: Latency
  readonly pause: Latency
  readonly resume: Latency
  readonly tokenChars: number
}

const pausedToken = (result: Result): string => {
  if (result.ok || result.pending === undefined) throw new Error(`expected a pause, got ${JSON.stringify(result)}`)
  return result.pending.token
}

export async function runApprovalsScenario(options: ApprovalsScenarioOptions): Promise<void> {
  const timeMs = options.quick ? 500 : 2_000
  const rows: Row[] = []
  for (const language of ["lua", "javascript"] as const) {
    progress(`approvals: ${language}`)
    const runtime = CodeMode.make({ language, tools: { shop: { price, charge: charge(true), chargeFreely: charge(false) } }, approvals: { key: KEY } })
    const guarded = programs(true)[language]
    const free = programs(false)[language]
    const straight = await sampleLatency("straight", () => Effect.runPromise(runtime.execute(free)), timeMs, timeMs / 4)
    const pause = await sampleLatency("pause", () => Effect.runPromise(runtime.execute(guarded)), timeMs, timeMs / 4)
    // Tokens are single-use: make a supply ahead, outside the measured loop.
    const tokens: string[] = []
    for (let i = 0; i < (options.quick ? 400 : 1_500); i++) tokens.push(pausedToken(await Effect.runPromise(runtime.execute(guarded))))
    const tokenChars = tokens[0]!.length
    const resume = await sampleLatency(
      "resume",
      async () => {
        const token = tokens.pop()
        if (token === undefined) throw new Error("out of tokens: raise the supply")
        const result = await Effect.runPromise(runtime.resume(token, { approved: true }))
        if (!result.ok) throw new Error(JSON.stringify(result.error))
      },
      Math.min(timeMs, 1_000),
      50,
    )
    rows.push({ language, straight, pause, resume, tokenChars })
    await runtime.close()
  }
  print(
    renderTable(
      ["language", `straight run, ${LOGGED_CALLS + 1} calls (p50)`, `execute to the pause (p50)`, "resume to the end (p50)", "pause + resume / straight", "token"],
      rows.map((row) => [
        row.language,
        formatDuration(row.straight.p50),
        formatDuration(row.pause.p50),
        formatDuration(row.resume.p50),
        formatRatio(row.pause.p50 + row.resume.p50, row.straight.p50),
        `${row.tokenChars.toLocaleString("en-US")} chars`,
      ]),
      new Set([1, 2, 3, 4, 5]),
    ),
  )
}
