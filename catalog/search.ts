/**
 * Search: finding the right tool among hundreds from a few words, and "did you mean" for a path
 * that does not exist.
 *
 * Ranking lives in `ranking.ts` (a query's concepts, `query.ts`, scored against the BM25F index of
 * `search-index.ts`, built on the first search); this file
 * reads the program's request, pages the results, renders each returned tool's signature (and only
 * those), and turns a path that names no tool into "did you mean" suggestions from the same ranker.
 *
 * An exact path (`orders.lookup`, `tools.orders.lookup`, `tools.x["y-z"]`) is always the first
 * result. An empty query browses in path order.
 */

import type { DataValue } from "../protocol/data.js"
import type { Catalog } from "./catalog.js"
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SUGGESTIONS, MAX_SEARCH_LIMIT } from "./limits.js"
import * as Messages from "./messages.js"
import { type Language, referenceCandidates, type ToolEntry, toolExpression } from "./paths.js"
import { analyzeQuery } from "./query.js"
import { rankConcepts } from "./ranking.js"
import { indexOf } from "./search-index.js"
import { nearSpellings } from "./spelling.js"

export interface SearchRequest {
  readonly query?: string | undefined
  /** Only tools under this namespace (`orders`, `tools.orders`). */
  readonly namespace?: string | undefined
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}

export interface SearchHit {
  /** How the program calls the tool, in its language: `tools.orders.lookup`. */
  readonly path: string
  readonly description: string
  readonly signature: string
}

export interface SearchResult {
  readonly results: ReadonlyArray<SearchHit>
  /** How many tools matched in all. */
  readonly total: number
  /** The `offset` of the next page, when there is one. */
  readonly next?: number
  /** How many matches lie beyond this page, when there are any. */
  readonly remaining?: number
}

/** A search the program asked for wrongly; its message says how to ask. */
export class SearchRequestError extends Error {
  override readonly name = "SearchRequestError"
}

/**
 * How `search` is called, for the host's instructions to the model (JavaScript); exposed as
 * `CodeMode.searchSignature`. It matches what `readSearchRequest` accepts: a query string or an
 * options object, optionally followed by options. `path` in a result is the expression that calls
 * the tool (`CodeMode.toolExpression(path)`), `signature` its full signature.
 */
export const searchSignature =
  "search(query?: string | SearchOptions, options?: SearchOptions): " +
  "{ results: { path: string; description: string; signature: string }[]; total: number; next?: number; remaining?: number }\n" +
  "type SearchOptions = { query?: string; namespace?: string; limit?: number; offset?: number }"

/** The same for Lua (`CodeMode.luaSearchSignature`), in the notation of Lua signatures. */
export const luaSearchSignature =
  "search(query? = string | SearchOptions, options? = SearchOptions) -> " +
  "{ results = { { path = string, description = string, signature = string }, ... }, total = integer, next? = integer, remaining? = integer }\n" +
  "SearchOptions = { query? = string, namespace? = string, limit? = integer, offset? = integer }"

const REQUEST_FIELDS = new Set(["query", "namespace", "limit", "offset"])

/**
 * Reads the arguments a program passed to `search`: `("words")`, `({ query, namespace, limit,
 * offset })`, `("words", { limit })` or nothing. Throws `SearchRequestError` for anything else.
 */
export const readSearchRequest = (args: ReadonlyArray<DataValue>): SearchRequest => {
  const [first, second] = args
  let request: Record<string, DataValue> = {}
  if (typeof first === "string") request = { query: first }
  else if (isDataObject(first)) request = { ...first }
  else if (first !== undefined && first !== null) throw new SearchRequestError(Messages.invalidSearchRequest("the first argument must be a string or a table of options"))
  if (isDataObject(second)) request = { ...second, ...request }
  else if (second !== undefined && second !== null) throw new SearchRequestError(Messages.invalidSearchRequest("the second argument must be a table of options"))
  for (const key of Object.keys(request)) {
    if (!REQUEST_FIELDS.has(key)) throw new SearchRequestError(Messages.invalidSearchRequest(`unknown option '${key}'`))
  }
  const text = (key: "query" | "namespace"): string | undefined => {
    const value = request[key]
    if (value === undefined || value === null) return undefined
    if (typeof value !== "string") throw new SearchRequestError(Messages.invalidSearchRequest(`'${key}' must be a string`))
    return value
  }
  const count = (key: "limit" | "offset", least: number): number | undefined => {
    const value = request[key]
    if (value === undefined || value === null) return undefined
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < least) {
      throw new SearchRequestError(Messages.invalidSearchRequest(`'${key}' must be an integer of at least ${least}`))
    }
    return value
  }
  return { query: text("query"), namespace: text("namespace"), limit: count("limit", 1), offset: count("offset", 0) }
}

/** One page of tools matching a request, best first (path order for an empty query). */
export const search = (catalog: Catalog, request: SearchRequest, language: Language): SearchResult =>
  pageOf(catalog, rank(catalog, request.query ?? "", resolveScope(catalog, request.namespace)), request, language)

/** The page a request asks for out of ranked matches, each returned tool with its signature. */
export const pageOf = (catalog: Catalog, matches: ReadonlyArray<ToolEntry>, request: SearchRequest, language: Language): SearchResult => {
  const limit = Math.min(request.limit ?? DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT)
  const offset = request.offset ?? 0
  const page = matches.slice(offset, offset + limit)
  const results = page.map((entry) => ({
    path: toolExpression(entry.segments, language),
    description: entry.tool.description,
    signature: catalog.signature(entry, language),
  }))
  const end = offset + page.length
  return end < matches.length ? { results, total: matches.length, next: end, remaining: matches.length - end } : { results, total: matches.length }
}

/**
 * Up to `count` tools a mistyped path probably meant, as expressions in the program's language:
 * near spellings of the whole path first, then the ranker's best matches for its words.
 */
export const suggest = (catalog: Catalog, reference: string, language: Language, count: number = DEFAULT_SUGGESTIONS): ReadonlyArray<string> => {
  const candidates = referenceCandidates(reference)
  const path = candidates[candidates.length - 1] ?? reference.trim()
  const near = nearSpellings(catalog, path)
  const chosen = new Set<ToolEntry>(near.slice(0, count))
  for (const entry of rank(catalog, path, undefined, false, false)) {
    if (chosen.size >= count) break
    chosen.add(entry)
  }
  return [...chosen].map((entry) => toolExpression(entry.segments, language))
}

/**
 * Tools matching a query, best first; every tool in path order when the query has no words. A
 * query that is a mistyped path (`implied: false`) implies no intent beyond its words.
 */
export const rank = (catalog: Catalog, query: string, scope: string | undefined, exactFirst = true, implied = true): Array<ToolEntry> => {
  const index = indexOf(catalog)
  const inScope = (entry: ToolEntry) => scope === undefined || entry.path.startsWith(`${scope}.`)
  const exact = exactFirst ? exactMatch(catalog, query) : undefined
  const concepts = analyzeQuery(query, implied)
  const entries =
    concepts.length === 0 ? index.pathOrder().map((position) => index.entries[position]).filter(inScope) : rankConcepts(index, concepts, inScope, !implied)
  if (exact === undefined || !inScope(exact)) return entries
  return [exact, ...entries.filter((entry) => entry !== exact)]
}

export const exactMatch = (catalog: Catalog, query: string): ToolEntry | undefined =>
  query.trim() === "" ? undefined : catalog.lookup(query)

/** The namespace path a request's `namespace` names; a `SearchRequestError` when it names none. */
export const resolveScope = (catalog: Catalog, namespace: string | undefined): string | undefined => {
  if (namespace === undefined || namespace.trim() === "") return undefined
  const info = catalog.namespace(namespace)
  if (info !== undefined) return info.path
  const known = catalog.namespaces.filter((info) => info.segments.length === 1).map((info) => info.path)
  throw new SearchRequestError(Messages.unknownNamespace(namespace, known))
}

const isDataObject = (value: DataValue | undefined): value is { readonly [key: string]: DataValue } =>
  typeof value === "object" && value !== null && !Array.isArray(value)
