/**
 * Optional semantic ranking: a host that has an embedding model plugs it in as a service, and
 * search fuses what the model finds with what the lexical ranker finds.
 *
 * The library ships no model (none can be fetched where it is built, and hosts have their own), so
 * the model is an Effect service, `ToolEmbeddings`: a function from texts to vectors. Each tool is
 * embedded once per catalog (its path words, description and parameter names), in one batch, on
 * the first semantic search; the query is embedded on every search. Tools are ordered by cosine
 * similarity to the query, and the lexical and semantic orders are fused by reciprocal rank fusion
 * (RRF: each list gives a tool 1 / (k + rank), k = 60, the constant of Cormack, Clarke and
 * Büttcher, 2009). RRF needs no calibration between the two scores, which are on unrelated scales,
 * and a tool that both rankers like beats one that only one of them loves. Only the semantic
 * ranker's best `SEMANTIC_DEPTH` tools take part, so a query still matches a bounded set of tools
 * rather than the whole catalog. The rules of lexical search hold: an exact path comes first, an
 * empty query browses in path order, and a namespace scopes both rankers.
 *
 * Embedding failures are the host's problem, not the model's: they fail the Effect with
 * `SemanticSearchError` carrying the cause, for the host to fall back to `Catalog.search` or report.
 */

import { Context, Data, Effect } from "effect"
import type { Catalog } from "./catalog.js"
import type { Language, ToolEntry } from "./paths.js"
import { exactMatch, pageOf, rank, resolveScope, SearchRequestError, type SearchRequest, type SearchResult } from "./search.js"
import { parameterNames } from "./search-index.js"

/** A host's embedding model: one vector per text, all of one dimension. */
export class ToolEmbeddings extends Context.Service<
  ToolEmbeddings,
  {
    readonly embed: (texts: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ArrayLike<number>>, unknown>
  }
>()("codemode/ToolEmbeddings") {}

export class SemanticSearchError extends Data.TaggedError("SemanticSearchError")<{
  readonly message: string
  readonly cause?: unknown
}> {}

/** RRF's constant: how much the first places dominate the fused order. */
const RRF_K = 60
/** How many of the semantic ranker's best tools take part in the fusion. */
export const SEMANTIC_DEPTH = 50

/** What a tool is, as text for an embedding model. */
export const embeddingText = (entry: ToolEntry): string => {
  const names = parameterNames(entry)
  const parameters = names === "" ? "" : ` Parameters: ${names.split(" ").join(", ")}.`
  return `${entry.segments.join(" ").replace(/[_\-.]+/g, " ")}: ${entry.tool.description}${parameters}`
}

const vectors = new WeakMap<Catalog, ReadonlyArray<Float64Array>>()

const embed = (texts: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const embeddings = yield* ToolEmbeddings
    const result = yield* embeddings.embed(texts).pipe(
      Effect.mapError((cause) => new SemanticSearchError({ message: "the embedding function failed", cause })),
    )
    if (result.length !== texts.length) {
      return yield* new SemanticSearchError({ message: `the embedding function returned ${result.length} vectors for ${texts.length} texts` })
    }
    return result.map(normalised)
  })

/** The catalog's tool vectors, embedded on first use. */
const toolVectors = (catalog: Catalog) =>
  Effect.gen(function* () {
    const known = vectors.get(catalog)
    if (known !== undefined) return known
    const computed = yield* embed(catalog.entries.map(embeddingText))
    const dimension = computed[0]?.length ?? 0
    if (computed.some((vector) => vector.length !== dimension)) {
      return yield* new SemanticSearchError({ message: "the embedding function returned vectors of different dimensions" })
    }
    vectors.set(catalog, computed)
    return computed
  })

const normalised = (vector: ArrayLike<number>): Float64Array => {
  const copy = Float64Array.from(vector)
  let norm = 0
  for (let i = 0; i < copy.length; i++) norm += copy[i] * copy[i]
  norm = Math.sqrt(norm)
  if (norm > 0) for (let i = 0; i < copy.length; i++) copy[i] /= norm
  return copy
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let sum = 0
  for (let i = 0; i < a.length && i < b.length; i++) sum += a[i] * b[i]
  return sum
}

/** Fuses ranked lists by reciprocal rank; ties keep the order of the first list, then the second. */
export const fuseRanks = <A>(lists: ReadonlyArray<ReadonlyArray<A>>): Array<A> => {
  const scores = new Map<A, number>()
  const firstSeen = new Map<A, number>()
  for (const list of lists) {
    list.forEach((item, rank) => {
      scores.set(item, (scores.get(item) ?? 0) + 1 / (RRF_K + rank + 1))
      if (!firstSeen.has(item)) firstSeen.set(item, firstSeen.size)
    })
  }
  return [...scores.keys()].sort((a, b) => scores.get(b)! - scores.get(a)! || firstSeen.get(a)! - firstSeen.get(b)!)
}

/** Tools for a query, best first: the lexical and semantic rankings fused (see above). */
export const semanticRank = (catalog: Catalog, query: string, scope?: string) =>
  Effect.gen(function* () {
    const lexical = rank(catalog, query, scope)
    if (query.trim() === "") return lexical
    const tools = yield* toolVectors(catalog)
    const [wanted] = yield* embed([query])
    const inScope = (entry: ToolEntry) => scope === undefined || entry.path.startsWith(`${scope}.`)
    const semantic = catalog.entries
      .map((entry, position) => ({ entry, similarity: dot(wanted, tools[position]) }))
      .filter((item) => inScope(item.entry) && item.similarity > 0)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, SEMANTIC_DEPTH)
      .map((item) => item.entry)
    const fused = fuseRanks([lexical, semantic])
    const exact = exactMatch(catalog, query)
    return exact !== undefined && inScope(exact) ? [exact, ...fused.filter((entry) => entry !== exact)] : fused
  })

/** `Catalog.search` with the host's embedding model fused in: the same request, the same page. */
export const semanticSearch = (catalog: Catalog, request: SearchRequest, language: Language) =>
  Effect.gen(function* () {
    const scope = yield* Effect.try({
      try: () => resolveScope(catalog, request.namespace),
      catch: (error) => (error instanceof SearchRequestError ? error : new SearchRequestError(String(error))),
    })
    const matches = yield* semanticRank(catalog, request.query ?? "", scope)
    return pageOf(catalog, matches, request, language) satisfies SearchResult
  })
