/**
 * `npm run search:perf`: what the first search over a large catalog costs, since that search
 * builds the index (`catalog/search-index.ts`) and a runtime is often made per request.
 *
 * The catalog is the public evaluation's tools (`collection.ts`) repeated under renamed namespaces
 * until it holds 5,000 tools, so its words, names and lengths are those of real catalogs, not of a
 * generator. Reported: `Catalog.make`, the first search (index included), a later search, and the
 * first "did you mean". The process's first catalog is reported on its own row: it also pays for
 * loading the stemmers and stemming words no catalog has shown before; later catalogs find most
 * stems memoised. Timings are CPU milliseconds (the process's, so a collection running meanwhile
 * counts too), minimum and median over fresh catalogs: the minimum is the best estimate of the
 * cost itself on a loaded machine, the median says how noisy the machine was.
 */

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

/** CPU time of a run, in ms: on a shared machine it moves far less than wall time does. */
const time = (run: () => unknown): number => {
  const start = process.cpuUsage()
  run()
  const spent = process.cpuUsage(start)
  return (spent.user + spent.system) / 1000
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
type Times = { make: number; first: number; later: number; suggest: number }
const row = (name: string, values: Times) =>
  `| ${name.padEnd(22)} | ${values.make.toFixed(1).padStart(6)} | ${values.first.toFixed(1).padStart(12)} | ${values.later.toFixed(2).padStart(12)} | ${values.suggest.toFixed(1).padStart(13)} |`
const summary = (pick: (values: ReadonlyArray<number>) => number): Times => ({
  make: pick(rounds.map((r) => r.make)),
  first: pick(rounds.map((r) => r.first)),
  later: pick(rounds.map((r) => r.later)),
  suggest: pick(rounds.map((r) => r.suggest)),
})
console.log(`Search over ${cold.tools} tools (CPU ms; ${ROUNDS} fresh catalogs, Node ${process.versions.node})\n`)
console.log("| catalog                | make   | first search | later search | first suggest |")
console.log("| ---------------------- | ------ | ------------ | ------------ | ------------- |")
console.log(row("first in the process", cold))
console.log(row("later, minimum", summary((values) => Math.min(...values))))
console.log(row("later, median", summary(median)))
