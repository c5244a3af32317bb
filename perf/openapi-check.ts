/**
 * `npm run openapi:check -- <dir>`: loads every OpenAPI document in a folder (`.json`, `.yaml`,
 * `.yml`) through `OpenAPI.fromSpec` and reports, per document, how many operations became tools,
 * how many were skipped and why, how long `fromSpec` took, how long rendering every signature took,
 * and how well the catalog's search finds operations by their summaries.
 *
 * The documents are other people's text (GitHub's, Stripe's, Kubernetes' descriptions), so they
 * are not part of this repository: bring them with whatever you use to fetch public repositories
 * and point the script at the folder. It never sends a request; every document gets a placeholder
 * base URL when it has no absolute server of its own.
 *
 * Search is checked with each operation's summary as the query (at most 60 per document, spread
 * evenly): a smoke check that the tools are findable at all, lenient because the summary is part of
 * the description the ranker reads. A document whose `fromSpec` takes longer than the bound fails
 * the run (exit code 1); a document that is not OpenAPI 3 is reported and does not.
 */

import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { CodeMode, OpenAPI, OpenApiSpecError } from "../index.js"

const TIME_BOUND_MS = 10_000
const SEARCH_SAMPLE = 60
const PLACEHOLDER_BASE = "https://api.example.invalid"

interface Row {
  readonly file: string
  readonly bytes: number
  readonly line: string
}

const checkDocument = async (path: string): Promise<{ line: string; fromSpecMs: number; failed: boolean }> => {
  const text = readFileSync(path, "utf8")
  let api: ReturnType<typeof OpenAPI.fromSpec>
  let started = performance.now()
  try {
    try {
      api = OpenAPI.fromSpec({ spec: text })
    } catch (error) {
      if (!(error instanceof OpenApiSpecError) || !error.message.includes("base URL")) throw error
      started = performance.now()
      api = OpenAPI.fromSpec({ spec: text, baseUrl: PLACEHOLDER_BASE })
    }
  } catch (error) {
    return { line: `  not loaded: ${error instanceof Error ? error.message : String(error)}`, fromSpecMs: 0, failed: false }
  }
  const fromSpecMs = performance.now() - started
  const lines = [
    `  operations ${api.operations.length}, skipped ${api.skipped.length}, fromSpec ${fromSpecMs.toFixed(0)} ms${fromSpecMs > TIME_BOUND_MS ? ` (over the ${TIME_BOUND_MS} ms bound)` : ""}`,
  ]
  const reasons = new Map<string, number>()
  for (const skipped of api.skipped) {
    const reason = skipped.reason.replace(/'[^']*'/g, "'…'")
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
  }
  for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 6)) lines.push(`    skipped ${count}: ${reason}`)
  if (api.operations.length > 0) {
    const runtime = CodeMode.make({ language: "javascript", tools: { api: api.tools } })
    try {
      const renderStarted = performance.now()
      const catalog = runtime.catalog
      const signatureChars = catalog.reduce((sum, entry) => sum + entry.signature.length, 0)
      const renderMs = performance.now() - renderStarted
      lines.push(`    signatures: ${catalog.length} rendered in ${renderMs.toFixed(0)} ms, ${Math.round(signatureChars / catalog.length)} characters on average`)
      lines.push(`    ${await searchQuality(runtime, api.operations, text)}`)
    } finally {
      await runtime.close()
    }
  }
  return { line: lines.join("\n"), fromSpecMs, failed: fromSpecMs > TIME_BOUND_MS }
}

/** Runs one program that searches for a sample of operations by summary; reports top-1 and top-5. */
const searchQuality = async (
  runtime: ReturnType<typeof CodeMode.make>,
  operations: ReadonlyArray<{ readonly name: string; readonly operation: string }>,
  _text: string,
): Promise<string> => {
  const summaries = new Map(runtime.catalog.map((entry) => [entry.path, entry.description]))
  const candidates = operations.filter((operation) => {
    const description = summaries.get(`api.${operation.name}`) ?? ""
    return description !== "" && !description.startsWith(operation.operation)
  })
  const step = Math.max(1, Math.floor(candidates.length / SEARCH_SAMPLE))
  const sample = candidates.filter((_, index) => index % step === 0).slice(0, SEARCH_SAMPLE)
  if (sample.length === 0) return "search: no operation has a summary to search by"
  const queries = sample.map((operation) => ({
    expected: `api.${operation.name}`,
    query: (summaries.get(`api.${operation.name}`) ?? "").split(/(?<=[.!?])\s/)[0].slice(0, 120),
  }))
  const program = `
    const queries = ${JSON.stringify(queries)}
    let top1 = 0, top5 = 0
    for (const { expected, query } of queries) {
      const found = (await searchTools(query, { limit: 5 })).map((hit) => hit.name)
      if (found[0] === expected) top1++
      if (found.includes(expected)) top5++
    }
    return { top1, top5, total: queries.length }`
  const result = await Effect.runPromise(runtime.execute(program) as Effect.Effect<any>)
  if (!result.ok) return `search: the program failed: ${result.error.message}`
  const { top1, top5, total } = result.value as { top1: number; top5: number; total: number }
  return `search by summary: top-1 ${top1}/${total}, top-5 ${top5}/${total}`
}

const main = async (): Promise<void> => {
  const dir = process.argv[2]
  if (dir === undefined) {
    console.error("usage: npm run openapi:check -- <folder of OpenAPI documents>")
    process.exitCode = 2
    return
  }
  const files = readdirSync(dir)
    .filter((name) => /\.(json|ya?ml)$/i.test(name))
    .sort()
  const rows: Array<Row & { fromSpecMs: number }> = []
  let failed = false
  for (const file of files) {
    const path = join(dir, file)
    const bytes = statSync(path).size
    const checked = await checkDocument(path)
    failed ||= checked.failed
    console.log(`${file} (${(bytes / 1024).toFixed(0)} KiB)\n${checked.line}`)
    rows.push({ file, bytes, line: checked.line, fromSpecMs: checked.fromSpecMs })
  }
  const largest = rows.filter((row) => row.fromSpecMs > 0).sort((a, b) => b.bytes - a.bytes)[0]
  if (largest !== undefined) {
    const text = readFileSync(join(dir, largest.file), "utf8")
    const times: Array<number> = []
    for (let run = 0; run < 5; run++) {
      const started = performance.now()
      try {
        OpenAPI.fromSpec({ spec: text })
      } catch {
        OpenAPI.fromSpec({ spec: text, baseUrl: PLACEHOLDER_BASE })
      }
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    console.log(`\nlargest: ${largest.file}, fromSpec median of 5: ${times[2].toFixed(0)} ms (bound ${TIME_BOUND_MS} ms)`)
  }
  if (failed) process.exitCode = 1
}

await main()
