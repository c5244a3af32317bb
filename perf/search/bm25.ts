/**
 * The baseline the ranker is measured against: plain Okapi BM25 (k1 = 1.2, b = 0.75) over one bag
 * of words per tool (its path and description), with the catalog's own tokeniser and nothing else:
 * no field weights, no stemming beyond the tokeniser's plural folding, no synonyms, no typos. If
 * `search` does not clearly beat this, its extra machinery is not earning its keep.
 */

import type { Catalog } from "../../catalog/index.js"
import { tokenize } from "../../catalog/tokens.js"
import type { Ranker } from "./score.js"

const K1 = 1.2
const B = 0.75

export const bm25Ranker = (catalog: Catalog): Ranker => {
  const documents = catalog.entries.map((entry) => {
    const words = [...entry.segments.flatMap((segment) => tokenize(segment)), ...tokenize(entry.tool.description)]
    const counts = new Map<string, number>()
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1)
    return { path: entry.path, counts, length: words.length }
  })
  const averageLength = documents.reduce((sum, document) => sum + document.length, 0) / Math.max(1, documents.length)
  const frequency = new Map<string, number>()
  for (const document of documents) for (const word of document.counts.keys()) frequency.set(word, (frequency.get(word) ?? 0) + 1)
  const idf = (word: string): number => {
    const n = frequency.get(word) ?? 0
    return Math.log(1 + (documents.length - n + 0.5) / (n + 0.5))
  }
  return (query) => {
    const words = tokenize(query)
    const scored: Array<{ path: string; score: number }> = []
    for (const document of documents) {
      let score = 0
      for (const word of words) {
        const tf = document.counts.get(word)
        if (tf === undefined) continue
        score += (idf(word) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * document.length) / averageLength))
      }
      if (score > 0) scored.push({ path: document.path, score })
    }
    scored.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
    return scored.slice(0, 10).map((item) => item.path)
  }
}
