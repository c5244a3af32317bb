/**
 * Search: finding the right tool among hundreds from a few words, and "did you mean" for a path
 * that does not exist.
 *
 * The ranker is a small weighted inverted index. Each tool contributes tokens (`tokens.ts`) from
 * four fields, weighted by how much a match there says about intent: its own name (the last path
 * segment) most, the namespaces above it next, its description less, and the descriptions of its
 * enclosing namespaces least (they describe many tools at once). Each query token finds the
 * vocabulary tokens it matches (exactly, as a prefix of a longer word, or within a typo or two) and
 * scores each tool by its best match, scaled by how rare the matched token is across the catalog
 * (so `order` in an orders-heavy catalog counts less than `refund`). Tools that match more of the
 * query, and whose own name the query covers, rise above tools that match one word strongly.
 *
 * An exact path (`orders.lookup`, `tools.orders.lookup`, `tools.x["y-z"]`) is always the first
 * result. An empty query browses in path order. The index is built on the first search of a
 * catalog, not when the catalog is built.
 */

import type { DataValue } from "../worker/data/value.js"
import type { Catalog } from "./catalog.js"
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SUGGESTIONS, MAX_SEARCH_LIMIT } from "./limits.js"
import * as Messages from "./messages.js"
import { type Language, referenceCandidates, type ToolEntry, toolExpression } from "./paths.js"
import { editDistance, tokenize } from "./tokens.js"

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

/** How `search` is called, for the host's instructions to the model (JavaScript). */
export const searchSignature =
  "search(query: string | { query?: string; namespace?: string; limit?: number; offset?: number }): " +
  "{ results: { path: string; description: string; signature: string }[]; total: number; next?: number; remaining?: number }"

/** How `search` is called, for the host's instructions to the model (Lua). */
export const luaSearchSignature =
  "search(string | { query? = string, namespace? = string, limit? = integer, offset? = integer }) -> " +
  "{ results = { { path = string, description = string, signature = string }, ... }, total = integer, next? = integer, remaining? = integer }"

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
export const search = (catalog: Catalog, request: SearchRequest, language: Language): SearchResult => {
  const scope = resolveScope(catalog, request.namespace)
  const limit = Math.min(request.limit ?? DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT)
  const offset = request.offset ?? 0
  const matches = rank(catalog, request.query ?? "", scope)
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
  const limit = Math.max(2, Math.floor(path.length / 3))
  const near = catalog.entries
    .map((entry) => ({ entry, distance: editDistance(path, entry.path, limit) }))
    .filter((candidate) => candidate.distance <= limit)
    .sort((a, b) => a.distance - b.distance || comparePaths(a.entry, b.entry))
    .map((candidate) => candidate.entry)
  const chosen = new Set<ToolEntry>(near.slice(0, count))
  for (const entry of rank(catalog, path, undefined, false)) {
    if (chosen.size >= count) break
    chosen.add(entry)
  }
  return [...chosen].map((entry) => toolExpression(entry.segments, language))
}

// ---------------------------------------------------------------------------------------------
// Ranking

/** Field weights: how much a token match in each field says about the tool. */
const NAME_WEIGHT = 10
const PATH_WEIGHT = 6
const DESCRIPTION_WEIGHT = 3
const NAMESPACE_WEIGHT = 2

interface Posting {
  readonly entry: number
  readonly weight: number
}

interface SearchIndex {
  readonly entries: ReadonlyArray<ToolEntry>
  /** Entry positions in path order, for browsing and for breaking ties. */
  readonly pathOrder: ReadonlyArray<number>
  readonly rankOf: Int32Array
  /** Every token of the catalog, sorted, so the words a query token begins can be found by bisection. */
  readonly vocabulary: ReadonlyArray<string>
  /** Which tools hold each vocabulary token, and in which field (as its weight). */
  readonly postings: ReadonlyArray<ReadonlyArray<Posting>>
  readonly positionOf: ReadonlyMap<string, number>
  /** Vocabulary positions by token length, numbers left out: the candidates for typo matching. */
  readonly wordsByLength: ReadonlyMap<number, ReadonlyArray<number>>
  readonly nameTokenCount: Uint16Array
}

const indexes = new WeakMap<Catalog, SearchIndex>()

const indexOf = (catalog: Catalog): SearchIndex => {
  let index = indexes.get(catalog)
  if (index === undefined) indexes.set(catalog, (index = buildIndex(catalog.entries)))
  return index
}

const buildIndex = (entries: ReadonlyArray<ToolEntry>): SearchIndex => {
  const byToken = new Map<string, Array<Posting>>()
  const nameTokenCount = new Uint16Array(entries.length)
  entries.forEach((entry, position) => {
    const weights = new Map<string, number>()
    const add = (text: string | undefined, weight: number) => {
      if (text === undefined) return
      for (const token of tokenize(text)) weights.set(token, Math.max(weights.get(token) ?? 0, weight))
    }
    for (const info of entry.namespaces) add(info.description, NAMESPACE_WEIGHT)
    add(entry.tool.description, DESCRIPTION_WEIGHT)
    for (let segment = 0; segment < entry.segments.length - 1; segment++) add(entry.segments[segment], PATH_WEIGHT)
    const name = entry.segments[entry.segments.length - 1]
    add(name, NAME_WEIGHT)
    nameTokenCount[position] = tokenize(name).length
    for (const [token, weight] of weights) {
      let list = byToken.get(token)
      if (list === undefined) byToken.set(token, (list = []))
      list.push({ entry: position, weight })
    }
  })
  const vocabulary = [...byToken.keys()].sort()
  const positionOf = new Map(vocabulary.map((token, position) => [token, position]))
  const wordsByLength = new Map<number, Array<number>>()
  vocabulary.forEach((token, position) => {
    if (/^\p{N}+$/u.test(token)) return
    let bucket = wordsByLength.get(token.length)
    if (bucket === undefined) wordsByLength.set(token.length, (bucket = []))
    bucket.push(position)
  })
  const pathOrder = entries.map((_, position) => position).sort((a, b) => comparePaths(entries[a], entries[b]))
  const rankOf = new Int32Array(entries.length)
  pathOrder.forEach((position, rank) => (rankOf[position] = rank))
  return {
    entries,
    pathOrder,
    rankOf,
    vocabulary,
    postings: vocabulary.map((token) => byToken.get(token)!),
    positionOf,
    wordsByLength,
    nameTokenCount,
  }
}

/** Quality of each kind of match: a whole word, the start of a longer word, a word inside the query, a typo. */
const EXACT = 1
const PREFIX_OF_TOKEN = 0.75
const TOKEN_PREFIX = 0.6
const ONE_TYPO = 0.6
const TWO_TYPOS = 0.45

/** The vocabulary tokens a query token matches, by position, with how well each matches. */
const matchesOf = (index: SearchIndex, word: string): Map<number, number> => {
  const found = new Map<number, number>()
  const note = (position: number | undefined, quality: number) => {
    if (position !== undefined && quality > (found.get(position) ?? 0)) found.set(position, quality)
  }
  note(index.positionOf.get(word), EXACT)
  if (word.length >= 3) {
    for (let position = bisect(index.vocabulary, word); position < index.vocabulary.length; position++) {
      if (!index.vocabulary[position].startsWith(word)) break
      note(position, PREFIX_OF_TOKEN)
    }
  }
  for (let length = 4; length < word.length; length++) note(index.positionOf.get(word.slice(0, length)), TOKEN_PREFIX)
  if (word.length < 4 || /^\p{N}+$/u.test(word)) return found
  const limit = word.length >= 8 ? 2 : 1
  for (let length = word.length - limit; length <= word.length + limit; length++) {
    for (const position of index.wordsByLength.get(length) ?? []) {
      const token = index.vocabulary[position]
      if (!sharesAnOpening(word, token, limit + 1)) continue
      const distance = editDistance(word, token, limit)
      if (distance > 0 && distance <= limit) note(position, distance === 1 ? ONE_TYPO : TWO_TYPOS)
    }
  }
  return found
}

/** Within `n - 1` edits, two words must share a character among their first `n`: a cheap filter. */
const sharesAnOpening = (a: string, b: string, n: number): boolean => {
  for (let i = 0; i < n && i < a.length; i++) {
    for (let j = 0; j < n && j < b.length; j++) if (a.charCodeAt(i) === b.charCodeAt(j)) return true
  }
  return false
}

const bisect = (sorted: ReadonlyArray<string>, word: string): number => {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle] < word) low = middle + 1
    else high = middle
  }
  return low
}

/** Tools matching a query, best first; every tool in path order when the query has no words. */
export const rank = (catalog: Catalog, query: string, scope: string | undefined, exactFirst = true): Array<ToolEntry> => {
  const index = indexOf(catalog)
  const inScope = (entry: ToolEntry) => scope === undefined || entry.path.startsWith(`${scope}.`)
  const exact = exactFirst ? exactMatch(catalog, query) : undefined
  const words = tokenize(query)
  if (words.length === 0) {
    const browsed = index.pathOrder.map((position) => index.entries[position]).filter(inScope)
    return exact === undefined ? browsed : [exact, ...browsed.filter((entry) => entry !== exact)]
  }
  const count = index.entries.length
  const total = new Float64Array(count)
  const matched = new Uint16Array(count)
  const nameHits = new Uint16Array(count)
  const best = new Float64Array(count)
  const bestIsName = new Uint8Array(count)
  const hit: Array<number> = []
  const touched: Array<number> = []
  for (const word of words) {
    touched.length = 0
    for (const [position, quality] of matchesOf(index, word)) {
      const postings = index.postings[position]
      const rarity = Math.log(1 + count / postings.length)
      for (const { entry, weight } of postings) {
        const score = weight * quality * rarity
        if (best[entry] === 0) touched.push(entry)
        if (score > best[entry]) best[entry] = score
        if (weight === NAME_WEIGHT && quality >= TOKEN_PREFIX) bestIsName[entry] = 1
      }
    }
    for (const entry of touched) {
      if (matched[entry] === 0) hit.push(entry)
      total[entry] += best[entry]
      matched[entry]++
      nameHits[entry] += bestIsName[entry]
      best[entry] = 0
      bestIsName[entry] = 0
    }
  }
  const ranked: Array<{ entry: number; score: number }> = []
  for (const entry of hit) {
    if (!inScope(index.entries[entry])) continue
    const coverage = matched[entry] / words.length
    const names = index.nameTokenCount[entry]
    const nameCoverage = names === 0 ? 0 : Math.min(nameHits[entry], names) / names
    ranked.push({ entry, score: total[entry] * coverage * coverage * (1 + 0.3 * nameCoverage) })
  }
  ranked.sort((a, b) => b.score - a.score || index.rankOf[a.entry] - index.rankOf[b.entry])
  const entries = ranked.map((item) => index.entries[item.entry])
  if (exact === undefined || !inScope(exact)) return entries
  return [exact, ...entries.filter((entry) => entry !== exact)]
}

const exactMatch = (catalog: Catalog, query: string): ToolEntry | undefined =>
  query.trim() === "" ? undefined : catalog.lookup(query)

const resolveScope = (catalog: Catalog, namespace: string | undefined): string | undefined => {
  if (namespace === undefined || namespace.trim() === "") return undefined
  const info = catalog.namespace(namespace)
  if (info !== undefined) return info.path
  const known = catalog.namespaces.filter((info) => info.segments.length === 1).map((info) => info.path)
  throw new SearchRequestError(Messages.unknownNamespace(namespace, known))
}

const comparePaths = (a: ToolEntry, b: ToolEntry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)

const isDataObject = (value: DataValue | undefined): value is { readonly [key: string]: DataValue } =>
  typeof value === "object" && value !== null && !Array.isArray(value)
