import { describe, expect, it } from "vitest"
import { Catalog } from "../../catalog/index.js"
import { bm25Ranker } from "../../perf/search/bm25.js"
import { evaluationQueries, publicCatalog, publicNamespaces } from "../../perf/search/collection.js"
import { type Ranker, score } from "../../perf/search/score.js"

/**
 * Search over catalogs it was not tuned on: real tool catalogs of public MCP servers and OpenAPI
 * descriptions, and queries split into a tuning half and a held-out half before any ranking change
 * (`test/catalog/quality/public/`). Only figures are asserted here, never timings (those are in
 * `npm run search:perf`), and misses are not printed: the held-out half is not for reading.
 * `npm run search:eval` prints the figures, the BM25 baseline and the tuning half's misses.
 *
 * The floors sit just under what the lexical ranker reaches (held-out 79.5% top-1, 95.6% top-5,
 * MRR 0.863 over 293 queries when last measured, with Azure DevOps and Todoist in the catalog and
 * their 54 held-out queries in the half; tuning 85.5% / 96.9% over 351), so a regression fails.
 * Issue 13 asks for 85% / 95% on the held-out half; the top-1 target is not reached yet, and these
 * floors are not those targets.
 */
describe("search over public catalogs", () => {
  const catalog = publicCatalog()
  const lexical: Ranker = (query) => Catalog.rank(catalog, query).slice(0, 10).map((entry) => entry.path)
  const tuning = evaluationQueries("tuning")
  const heldout = evaluationQueries("heldout")

  it("is a collection of 1,000+ real tools in 25+ namespaces, each naming its source", () => {
    const namespaces = publicNamespaces()
    expect(catalog.entries.length).toBeGreaterThanOrEqual(1000)
    expect(Object.keys(namespaces).length).toBeGreaterThanOrEqual(25)
    for (const [name, info] of Object.entries(namespaces)) {
      expect(info.source, name).toMatch(/^github:[\w.-]+\/[\w.-]+@[0-9a-f]{40} \S/)
      expect(Object.keys(info.tools).length, name).toBeGreaterThan(0)
    }
  })

  it("has two disjoint halves of 200+ queries whose expected tools exist", () => {
    expect(tuning.length).toBeGreaterThanOrEqual(200)
    expect(heldout.length).toBeGreaterThanOrEqual(200)
    const seen = new Set(tuning.map((query) => query.query))
    for (const query of heldout) expect(seen.has(query.query), query.query).toBe(false)
    for (const query of [...tuning, ...heldout]) {
      for (const path of query.expected) expect(catalog.lookup(path)?.path, `${query.query} -> ${path}`).toBe(path)
    }
  })

  it("keeps its figures on the held-out half", () => {
    const figures = score(lexical, heldout)
    expect({ top1: figures.top1 >= 0.79, top5: figures.top5 >= 0.95, mrr: figures.mrr >= 0.86 }).toEqual({ top1: true, top5: true, mrr: true })
  })

  it("keeps its figures on the tuning half", () => {
    const figures = score(lexical, tuning)
    expect({ top1: figures.top1 >= 0.85, top5: figures.top5 >= 0.965 }).toEqual({ top1: true, top5: true })
  })

  it("beats plain BM25 by a wide margin on both halves", () => {
    const baseline = bm25Ranker(catalog)
    for (const half of [tuning, heldout]) {
      expect(score(lexical, half).top1 - score(baseline, half).top1).toBeGreaterThan(0.1)
    }
  })
})
