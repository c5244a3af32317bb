/**
 * The ranker behind `search`, "did you mean" and the discovery built-ins: a small weighted inverted
 * index over the catalog's words.
 *
 * Each tool contributes tokens (`tokens.ts`) from four fields, weighted by how much a match there
 * says about intent: its own name (the last path segment) most, the namespaces above it next, its
 * description less, and the descriptions of its enclosing namespaces least (they describe many
 * tools at once, and count for every one of them). A token found in several fields of one tool
 * keeps its best weight. Each query token finds the vocabulary tokens it matches (exactly, as the
 * start of a longer word, as a longer word's start, or within a typo or two; a plural written in
 * the query matches the same plural written in the tool a little better than its singular, which
 * is how "issues" prefers `list_issues` over `create_issue`) and scores each tool
 * by its best match, scaled by the token's inverse document frequency, so `order` in an
 * orders-heavy catalog counts less than `refund`. Tools that match more of the query, and whose
 * own name the query covers, rise above tools that match one word strongly. Ties go to path order.
 *
 * The index is built on the first search of a catalog, not when the catalog is built, and built
 * cheaply: texts a catalog repeats (segments, namespace descriptions) are tokenised once, a
 * description's words go straight into the postings, postings live in a few typed arrays rather
 * than an array per token, and nothing renders a signature. For 5,000 tools that is some tens of
 * milliseconds once, then well under a millisecond per query (see `catalog/README.md`).
 */

import type { Catalog } from "./catalog.js"
import type { ToolEntry } from "./paths.js"
import { editDistance, PLURAL_MARK, type QueryWord, scan, tokenizeCached } from "./tokens.js"

/** Field weights: how much a token match in each field says about the tool. */
const NAME_WEIGHT = 10
const PATH_WEIGHT = 6
const DESCRIPTION_WEIGHT = 3
const NAMESPACE_WEIGHT = 2

/** Quality of each kind of match: a whole word, the start of a longer word, a word inside the query, a typo. */
const EXACT = 1
/** A plural in the query matching a tool that only has the singular (or the plural folded away). */
const FOLDED = 0.85
const PREFIX_OF_TOKEN = 0.75
const TOKEN_PREFIX = 0.6
const ONE_TYPO = 0.6
const TWO_TYPOS = 0.45

/** How much covering the tool's own name adds on top of the matched words. */
const NAME_COVERAGE_BONUS = 0.3

export interface SearchIndex {
  readonly entries: ReadonlyArray<ToolEntry>
  /** Entry positions in path order, for browsing and for breaking ties. */
  readonly pathOrder: ReadonlyArray<number>
  readonly rankOf: Int32Array
  /** Every token of the catalog, sorted, so the words a query token begins can be found by bisection. */
  readonly vocabulary: ReadonlyArray<string>
  /**
   * The tools holding vocabulary token `t`, and the weight of the best field it is in for each, are
   * `postingEntries` / `postingWeights` from `start[t]` to `start[t + 1]`.
   */
  readonly start: Int32Array
  readonly postingEntries: Int32Array
  readonly postingWeights: Uint8Array
  readonly positionOf: ReadonlyMap<string, number>
  /** Vocabulary positions by token length, numbers left out: the candidates for typo matching. */
  readonly wordsByLength: ReadonlyMap<number, ReadonlyArray<number>>
  readonly nameTokenCount: Uint16Array
}

const indexes = new WeakMap<Catalog, SearchIndex>()

/** The catalog's index, built on first use. */
export const indexOf = (catalog: Catalog): SearchIndex => {
  let index = indexes.get(catalog)
  if (index === undefined) indexes.set(catalog, (index = buildIndex(catalog.entries)))
  return index
}

const buildIndex = (entries: ReadonlyArray<ToolEntry>): SearchIndex => {
  const cache = new Map<string, ReadonlyArray<string>>()
  const idOf = new Map<string, number>()
  const tokens: Array<string> = []
  // Postings as linked lists in growable typed arrays (one allocation per doubling, not one array
  // per token); they are laid out token by token once every tool has been read.
  let capacity = 1024
  let postings = 0
  let entryOf = new Int32Array(capacity)
  let weightOf = new Uint8Array(capacity)
  let nextOf = new Int32Array(capacity)
  let head = new Int32Array(1024).fill(-1)
  let countOf = new Int32Array(1024)
  const nameTokenCount = new Uint16Array(entries.length)

  const addOne = (position: number, word: string, weight: number): void => {
    let id = idOf.get(word)
    if (id === undefined) {
      id = tokens.length
      idOf.set(word, id)
      tokens.push(word)
      if (id === head.length) {
        head = grow(head, head.length * 2, -1)
        countOf = grow(countOf, countOf.length * 2, 0)
      }
    }
    const newest = head[id]
    // Fields are added from lightest to heaviest, so a token already held by this tool just moves up.
    if (newest >= 0 && entryOf[newest] === position) {
      if (weight > weightOf[newest]) weightOf[newest] = weight
      return
    }
    if (postings === capacity) {
      capacity *= 2
      entryOf = grow(entryOf, capacity, 0)
      weightOf = grow(weightOf, capacity, 0)
      nextOf = grow(nextOf, capacity, 0)
    }
    entryOf[postings] = position
    weightOf[postings] = weight
    nextOf[postings] = newest
    head[id] = postings++
    countOf[id]++
  }
  const add = (position: number, words: ReadonlyArray<string>, weight: number): void => {
    for (const word of words) addOne(position, word, weight)
  }

  for (let position = 0; position < entries.length; position++) {
    const entry = entries[position]
    for (const info of entry.namespaces) {
      if (info.description !== undefined) add(position, tokenizeCached(cache, info.description), NAMESPACE_WEIGHT)
    }
    // Descriptions are rarely shared: their words go straight into the postings, uncollected.
    scan(entry.tool.description, (token, written) => {
      addOne(position, token, DESCRIPTION_WEIGHT)
      if (written !== token) addOne(position, PLURAL_MARK + written, DESCRIPTION_WEIGHT)
    })
    const last = entry.segments.length - 1
    for (let segment = 0; segment < last; segment++) add(position, tokenizeCached(cache, entry.segments[segment]), PATH_WEIGHT)
    const name = tokenizeCached(cache, entry.segments[last])
    add(position, name, NAME_WEIGHT)
    nameTokenCount[position] = name.filter((token) => !token.startsWith(PLURAL_MARK)).length
  }

  const order = tokens.map((_, id) => id).sort((a, b) => (tokens[a] < tokens[b] ? -1 : tokens[a] > tokens[b] ? 1 : 0))
  const vocabulary = order.map((id) => tokens[id])
  const start = new Int32Array(order.length + 1)
  const postingEntries = new Int32Array(postings)
  const postingWeights = new Uint8Array(postings)
  let filled = 0
  order.forEach((id, position) => {
    start[position] = filled
    filled += countOf[id]
    // The lists run newest first; filling backwards leaves each token's tools in catalog order.
    let slot = filled
    for (let posting = head[id]; posting >= 0; posting = nextOf[posting]) {
      postingEntries[--slot] = entryOf[posting]
      postingWeights[slot] = weightOf[posting]
    }
  })
  start[order.length] = filled
  const positionOf = new Map<string, number>()
  const wordsByLength = new Map<number, Array<number>>()
  vocabulary.forEach((token, position) => {
    positionOf.set(token, position)
    if (isNumber(token) || token.startsWith(PLURAL_MARK)) return
    let bucket = wordsByLength.get(token.length)
    if (bucket === undefined) wordsByLength.set(token.length, (bucket = []))
    bucket.push(position)
  })
  const pathOrder = entries.map((_, position) => position).sort((a, b) => comparePaths(entries[a], entries[b]))
  const rankOf = new Int32Array(entries.length)
  pathOrder.forEach((position, rank) => (rankOf[position] = rank))
  return { entries, pathOrder, rankOf, vocabulary, start, postingEntries, postingWeights, positionOf, wordsByLength, nameTokenCount }
}

const grow = <A extends Int32Array | Uint8Array>(array: A, length: number, fill: number): A => {
  const bigger = new (array.constructor as new (length: number) => A)(length)
  bigger.set(array)
  if (fill !== 0) bigger.fill(fill, array.length)
  return bigger
}

/** Tools matching a query's words, best first (none for a query without words). */
export const rankWords = (index: SearchIndex, words: ReadonlyArray<QueryWord>, inScope: (entry: ToolEntry) => boolean): Array<ToolEntry> => {
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
      const from = index.start[position]
      const to = index.start[position + 1]
      const rarity = Math.log(1 + count / (to - from))
      for (let i = from; i < to; i++) {
        const entry = index.postingEntries[i]
        const weight = index.postingWeights[i]
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
    ranked.push({ entry, score: total[entry] * coverage * coverage * (1 + NAME_COVERAGE_BONUS * nameCoverage) })
  }
  ranked.sort((a, b) => b.score - a.score || index.rankOf[a.entry] - index.rankOf[b.entry])
  return ranked.map((item) => index.entries[item.entry])
}

/** The vocabulary tokens a query token matches, by position, with how well each matches. */
const matchesOf = (index: SearchIndex, { token: word, plural }: QueryWord): Map<number, number> => {
  const found = new Map<number, number>()
  const note = (position: number | undefined, quality: number) => {
    if (position !== undefined && quality > (found.get(position) ?? 0)) found.set(position, quality)
  }
  if (plural === undefined) note(index.positionOf.get(word), EXACT)
  else {
    note(index.positionOf.get(plural), EXACT)
    note(index.positionOf.get(word), FOLDED)
  }
  if (word.length >= 3) {
    for (let position = bisect(index.vocabulary, word); position < index.vocabulary.length; position++) {
      if (!index.vocabulary[position].startsWith(word)) break
      note(position, PREFIX_OF_TOKEN)
    }
  }
  for (let length = 4; length < word.length; length++) note(index.positionOf.get(word.slice(0, length)), TOKEN_PREFIX)
  if (word.length < 4 || isNumber(word)) return found
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

const isNumber = (token: string): boolean => /^\p{N}+$/u.test(token)

export const comparePaths = (a: ToolEntry, b: ToolEntry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)

// ---------------------------------------------------------------------------------------------
// Near spellings of a whole path, for "did you mean"

/**
 * A path as a model might misremember it: case and the `_` / `-` separators dropped, so
 * `resolve_library_id`, `resolveLibraryId` and `resolve-library-id` read the same.
 */
const skeleton = (path: string): string => path.toLowerCase().replace(/[_\-\s]+/g, "")

const skeletons = new WeakMap<Catalog, ReadonlyArray<string>>()

const HISTOGRAM_BUCKETS = 64

/**
 * Tools whose path is within a few edits of `path` (after `skeleton`), nearest first. Most tools
 * are ruled out before any edit distance is computed: by length, then by a character histogram
 * (one edit changes it by at most two), so the quadratic work runs on a handful of candidates.
 */
export const nearSpellings = (catalog: Catalog, path: string): Array<ToolEntry> => {
  let known = skeletons.get(catalog)
  if (known === undefined) skeletons.set(catalog, (known = catalog.entries.map((entry) => skeleton(entry.path))))
  const wanted = skeleton(path)
  const limit = Math.min(3, Math.max(1, Math.floor(wanted.length / 6)))
  const histogram = new Int32Array(HISTOGRAM_BUCKETS)
  for (let i = 0; i < wanted.length; i++) histogram[wanted.charCodeAt(i) % HISTOGRAM_BUCKETS]++
  const near: Array<{ entry: ToolEntry; distance: number }> = []
  for (let position = 0; position < known.length; position++) {
    const candidate = known[position]
    if (Math.abs(candidate.length - wanted.length) > limit) continue
    if (histogramDistance(histogram, candidate) > 2 * limit) continue
    const distance = editDistance(wanted, candidate, limit)
    if (distance <= limit) near.push({ entry: catalog.entries[position], distance })
  }
  near.sort((a, b) => a.distance - b.distance || comparePaths(a.entry, b.entry))
  return near.map((candidate) => candidate.entry)
}

/** L1 distance between a histogram and a word's, leaving the histogram as it was. */
const histogramDistance = (histogram: Int32Array, word: string): number => {
  for (let i = 0; i < word.length; i++) histogram[word.charCodeAt(i) % HISTOGRAM_BUCKETS]--
  let distance = 0
  for (let bucket = 0; bucket < HISTOGRAM_BUCKETS; bucket++) distance += Math.abs(histogram[bucket])
  for (let i = 0; i < word.length; i++) histogram[word.charCodeAt(i) % HISTOGRAM_BUCKETS]++
  return distance
}
