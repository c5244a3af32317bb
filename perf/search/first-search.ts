/**
 * `npm run search:perf`: what the first search over a large catalog costs, since that search
 * builds the index (`catalog/search-index.ts`) and a runtime is often made per request.
 *
 * The catalog is the public evaluation's tools (`collection.ts`) repeated under renamed namespaces
 * until it holds 5,000 tools, so its words, names and lengths are those of real catalogs, not of a
 * generator. Reported: `Catalog.make`, the first search (index included), a later search, and the
 * first "did you mean". The process's first catalog is reported on its own row: it also pays for
 * loading the stemmers and stemming words no catalog has shown before; later catalogs find most
 * stems memoised. Timings are medians of fresh catalogs, in milliseconds, and are meant to be
 * read as ratios on a shared machine, not as absolute promises.
 */

import { performance } from "node:perf_hooks"
import { Catalog, type ToolTree } from "../../catalog/index.js"
import { publicNamespaces, publicTools } from "./collection.js"

const TOOLS = 5_000
const ROUNDS = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 15
const QUERIES = ["create a pull request", "list pods in a namespace", "Datei hochladen", "reqeust reviewers", "on-call schedule"]

const largeTree = (): ToolTree => {
  const namespaces = publicNamespaces()
  const tree: Record<string, ToolTree[string]> = {}
  let count = 0
  for (let copy = 0; count < TOOLS; copy++) {
    for (const [name, info] of Object.entries(namespaces)) {
      const tools = Object.entries(info.tools).slice(0, TOOLS - count)
      if (tools.length === 0) break
      Object.assign(tree, { [copy === 0 ? name : `${name}_${copy}`]: publicTools({ [name]: { ...info, tools: Object.fromEntries(tools) } })[name] })
      count += tools.length
    }
  }
  return tree
}

const time = (run: () => unknown): number => {
  const start = performance.now()
  run()
  return performance.now() - start
}

const median = (values: ReadonlyArray<number>): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const tree = largeTree()
const measureOnce = () => {
  let catalog!: Catalog
  const make = time(() => (catalog = Catalog.make(tree)))
  const first = time(() => catalog.search({ query: QUERIES[0] }, "lua"))
  const later = median(QUERIES.map((query) => time(() => catalog.search({ query }, "lua"))))
  const suggest = time(() => catalog.suggest("tools.github.create_pul_request", "lua"))
  return { tools: catalog.entries.length, make, first, later, suggest }
}

const cold = measureOnce()
const rounds = Array.from({ length: ROUNDS }, measureOnce)
const row = (name: string, values: { make: number; first: number; later: number; suggest: number }) =>
  `| ${name.padEnd(22)} | ${values.make.toFixed(1).padStart(6)} | ${values.first.toFixed(1).padStart(12)} | ${values.later.toFixed(2).padStart(12)} | ${values.suggest.toFixed(1).padStart(13)} |`
console.log(`Search over ${cold.tools} tools (ms; median of ${ROUNDS} fresh catalogs, Node ${process.versions.node})\n`)
console.log("| catalog                | make   | first search | later search | first suggest |")
console.log("| ---------------------- | ------ | ------------ | ------------ | ------------- |")
console.log(row("first in the process", cold))
console.log(
  row("later (median)", {
    make: median(rounds.map((r) => r.make)),
    first: median(rounds.map((r) => r.first)),
    later: median(rounds.map((r) => r.later)),
    suggest: median(rounds.map((r) => r.suggest)),
  }),
)
