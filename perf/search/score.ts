/**
 * Scoring a ranker over evaluation queries: top-1, top-5 and mean reciprocal rank (over the first
 * ten results), and the queries it missed. A query is answered at the first position holding any
 * of its expected tools, since some requests have more than one right answer.
 */

import type { EvaluationQuery } from "./collection.js"

/** A ranker under evaluation: the paths of its best results for a query, best first. */
export type Ranker = (query: string) => ReadonlyArray<string>

export interface Outcome {
  readonly query: EvaluationQuery
  /** Zero-based position of the first expected tool in the top ten, or -1. */
  readonly position: number
  readonly top: ReadonlyArray<string>
}

export interface Figures {
  readonly count: number
  readonly top1: number
  readonly top5: number
  readonly mrr: number
  readonly outcomes: ReadonlyArray<Outcome>
}

export const score = (ranker: Ranker, queries: ReadonlyArray<EvaluationQuery>): Figures => {
  const outcomes = queries.map((query) => {
    const top = ranker(query.query).slice(0, 10)
    const position = top.findIndex((path) => query.expected.includes(path))
    return { query, position, top }
  })
  const share = (test: (outcome: Outcome) => boolean) => outcomes.filter(test).length / Math.max(1, outcomes.length)
  const mrr = outcomes.reduce((sum, outcome) => sum + (outcome.position < 0 ? 0 : 1 / (outcome.position + 1)), 0) / Math.max(1, outcomes.length)
  return {
    count: outcomes.length,
    top1: share((outcome) => outcome.position === 0),
    top5: share((outcome) => outcome.position >= 0 && outcome.position < 5),
    mrr,
    outcomes,
  }
}

export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`

/** One line per missed query (not first), for the tuning half only. */
export const describeMisses = (figures: Figures): Array<string> =>
  figures.outcomes
    .filter((outcome) => outcome.position !== 0)
    .map((outcome) => `  [${outcome.query.kind}] ${outcome.query.query} -> ${outcome.query.expected[0]} (at ${outcome.position < 0 ? "-" : outcome.position + 1}; got ${outcome.top.slice(0, 3).join(", ")})`)
