/**
 * `npm run search:eval`: how well `search` finds tools in catalogs it was not tuned on.
 *
 * Prints top-1, top-5 and MRR of the lexical ranker on the tuning half and the held-out half of the
 * public collection (`collection.ts`), beside a plain BM25 baseline (`bm25.ts`), then the tuning
 * half's misses. The held-out half's misses are never printed: they are not to be tuned on, and the
 * simplest way to keep that promise is not to show them. `--by-kind` adds figures per kind of query
 * (paraphrase, typo, French...). `--tuning` leaves the held-out half out altogether, for the
 * working loop: its figures are read when a change is done, not while making it.
 */

import { Catalog } from "../../catalog/index.js"
import { bm25Ranker } from "./bm25.js"
import { evaluationQueries, type Half, publicCatalog } from "./collection.js"
import { describeMisses, type Figures, percent, type Ranker, score } from "./score.js"

const catalog = publicCatalog()
const lexical: Ranker = (query) => Catalog.rank(catalog, query).slice(0, 10).map((entry) => entry.path)
const baseline = bm25Ranker(catalog)
const namespaces = new Set(catalog.entries.map((entry) => entry.segments[0]))
const byKind = process.argv.includes("--by-kind")
/** `--tuning`: the tuning half alone, for working on the ranker without seeing held-out figures. */
const halves: ReadonlyArray<Half> = process.argv.includes("--tuning") ? ["tuning"] : ["tuning", "heldout"]

const row = (name: string, half: Half, figures: Figures) =>
  `| ${name.padEnd(8)} | ${half.padEnd(8)} | ${String(figures.count).padStart(7)} | ${percent(figures.top1).padStart(6)} | ${percent(figures.top5).padStart(6)} | ${figures.mrr.toFixed(3)} |`

console.log(`Public collection: ${catalog.entries.length} tools in ${namespaces.size} namespaces\n`)
console.log("| ranker   | half     | queries |  top-1 |  top-5 |   MRR |")
console.log("| -------- | -------- | ------- | ------ | ------ | ----- |")
const results = new Map<string, Figures>()
for (const half of halves) {
  const queries = evaluationQueries(half)
  for (const [name, ranker] of [["search", lexical], ["bm25", baseline]] as const) {
    const figures = score(ranker, queries)
    results.set(`${name}/${half}`, figures)
    console.log(row(name, half, figures))
  }
}
if (byKind) {
  console.log("\n| half     | kind   | queries |  top-1 |  top-5 |")
  console.log("| -------- | ------ | ------- | ------ | ------ |")
  for (const half of halves) {
    const figures = results.get(`search/${half}`)!
    const kinds = [...new Set(figures.outcomes.map((outcome) => outcome.query.kind))].sort()
    for (const kind of kinds) {
      const of = figures.outcomes.filter((outcome) => outcome.query.kind === kind)
      const share = (test: (position: number) => boolean) => percent(of.filter((outcome) => test(outcome.position)).length / of.length)
      console.log(`| ${half.padEnd(8)} | ${kind.padEnd(6)} | ${String(of.length).padStart(7)} | ${share((p) => p === 0).padStart(6)} | ${share((p) => p >= 0 && p < 5).padStart(6)} |`)
    }
  }
}
const misses = describeMisses(results.get("search/tuning")!)
console.log(`\nTuning-half misses (${misses.length}):\n${misses.join("\n")}`)
