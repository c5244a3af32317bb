/**
 * `node dist/perf/search/sweep.js`: a coarse coordinate search over the ranker's weights
 * (`catalog/weights.ts`) on the tuning half only. Each weight in turn is scaled by a few factors
 * and kept where the objective (top-1 plus half of top-5) improves. It prints the best weights; a
 * person decides whether to adopt them, and the held-out half then says whether they generalise.
 */

import { Catalog } from "../../catalog/index.js"
import { type RankingWeights, useWeights, WEIGHTS } from "../../catalog/weights.js"
import { evaluationQueries, publicTools } from "./collection.js"
import { percent, score } from "./score.js"

const tools = publicTools()
const queries = evaluationQueries("tuning")
const measure = (candidate: RankingWeights) => {
  useWeights(candidate)
  const catalog = Catalog.make(tools)
  const figures = score((query) => Catalog.rank(catalog, query).slice(0, 10).map((entry) => entry.path), queries)
  return { figures, objective: figures.top1 + 0.5 * figures.top5 }
}

const FACTORS = [0.5, 0.75, 1.33, 2]
let best: any = structuredClone(WEIGHTS)
let bestScore = measure(best).objective
const scalarKeys = Object.keys(WEIGHTS).filter((key) => typeof (WEIGHTS as any)[key] === "number")
for (let round = 0; round < 2; round++) {
  for (const key of [...scalarKeys, "fieldWeight", "lengthNormalisation"]) {
    const slots = Array.isArray(best[key]) ? best[key].map((_: number, i: number) => i) : [undefined]
    for (const slot of slots) {
      for (const factor of FACTORS) {
        const candidate = structuredClone(best)
        if (slot === undefined) candidate[key] = best[key] * factor
        else candidate[key][slot] = Math.min(key === "lengthNormalisation" ? 1 : Infinity, best[key][slot] * factor || (factor > 1 ? 0.25 : 0))
        const { objective } = measure(candidate)
        if (objective > bestScore + 1e-9) {
          bestScore = objective
          best = candidate
          console.error(`${key}${slot === undefined ? "" : `[${slot}]`} x${factor} -> ${objective.toFixed(3)}`)
        }
      }
    }
  }
}
const { figures } = measure(best)
console.log(JSON.stringify(best))
console.log(`tuning top-1 ${percent(figures.top1)}, top-5 ${percent(figures.top5)}, MRR ${figures.mrr.toFixed(3)}`)
