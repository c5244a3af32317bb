/**
 * Near spellings of a whole path, for "did you mean": `resolve_library_id` when the program wrote
 * `resolveLibraryID`, `orders.lookup` for `order.lookup`. This is separate from ranking words: a
 * mistyped path is one string, and the closest strings are the best suggestions whatever the words
 * in them mean.
 */

import type { Catalog } from "./catalog.js"
import type { ToolEntry } from "./paths.js"
import { comparePaths } from "./search-index.js"
import { editDistance } from "./tokens.js"

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
