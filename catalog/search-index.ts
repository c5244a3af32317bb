/**
 * The search index: field-weighted BM25 (BM25F) over five fields of every tool.
 *
 * A tool is described by its own name (the last path segment), the namespaces above it, its
 * description, its parameter names and the descriptions of its enclosing namespaces. A word in
 * the name says most about what the tool does, a namespace segment says which system it belongs
 * to, the description says the rest, and parameter names and namespace descriptions are weak but
 * real evidence ("issue_number", "a Jira instance"). BM25F folds the fields into one pseudo term
 * frequency per word and tool, each field's count weighted and normalised by that field's length
 * against its average (a word in a two-word name weighs more than in a six-word one; a word in a
 * long description less than in a short one), then saturates it, so a word repeated ten times is
 * not ten times the evidence. That gives one number per (word, tool) pair, computed here once; the
 * ranker multiplies in the rarity (IDF) of what the query asked for, which it alone knows: a
 * concept and its synonyms are one pseudo-word whose rarity is that of all the tools any of them
 * reach, so a word with many common synonyms does not count as rare.
 *
 * Words are stems (`stemming.ts`): "created" and "creating" are one term. A name's plurals are
 * also kept as written, marked (`=issues`), so a query that says "issues" can prefer
 * `list_issues`. Parameter names and namespace descriptions repeat across tools, so their terms
 * are worked out once per distinct text.
 *
 * The index is built on a catalog's first search, not when the catalog is made, and cheaply: one
 * pass to read every field into term ids, one to weigh them, then postings laid out term by term
 * in typed arrays. For 5,000 tools that is a few tens of milliseconds once (measured in
 * `perf/search/first-search.ts`).
 */

import type { Catalog } from "./catalog.js"
import type { ToolEntry } from "./paths.js"
import { isStopWord, stem } from "./stemming.js"
import { foldPlural, scan } from "./tokens.js"
import { isJsonSchemaDocument } from "./tool.js"
import { weights } from "./weights.js"

/** Marks a plural as written in a tool's name (`=issues`); no stem starts with it. */
export const PLURAL_MARK = "="

const NAME = 0
const PATH = 1
const DESCRIPTION = 2
const PARAMETERS = 3
const NAMESPACES = 4
const FIELDS = 5


export interface SearchIndex {
  readonly entries: ReadonlyArray<ToolEntry>
  /** Entry positions in path order, for browsing and for breaking ties. */
  readonly pathOrder: ReadonlyArray<number>
  readonly rankOf: Int32Array
  /** Every term, sorted, so the terms a word begins can be found by bisection. */
  readonly vocabulary: ReadonlyArray<string>
  readonly positionOf: ReadonlyMap<string, number>
  /**
   * The tools holding term `t`, from `start[t]` to `start[t + 1]`: `postingEntries` (entry
   * positions), `postingScores` (the BM25F score of the term for that tool, IDF included) and
   * `postingInName` (1 when the term is in the tool's name).
   */
  readonly start: Int32Array
  readonly postingEntries: Int32Array
  readonly postingScores: Float32Array
  readonly postingInName: Uint8Array
  /** Term positions by length, numbers and marked plurals left out: the candidates for typo matching. */
  readonly termsByLength: ReadonlyMap<number, ReadonlyArray<number>>
  /** How many distinct terms each tool's name has. */
  readonly nameTermCount: Uint16Array
}

const indexes = new WeakMap<Catalog, SearchIndex>()

/** The catalog's index, built on first use. */
export const indexOf = (catalog: Catalog): SearchIndex => {
  let index = indexes.get(catalog)
  if (index === undefined) indexes.set(catalog, (index = buildIndex(catalog.entries)))
  return index
}

/** The parameter names of a tool's input: JSON Schema `properties`, or an Effect Struct's fields. */
const parameterNames = (entry: ToolEntry): string => {
  const input: any = entry.tool.input
  if (isJsonSchemaDocument(input)) {
    const properties = (input as { properties?: unknown }).properties
    return typeof properties === "object" && properties !== null ? Object.keys(properties).join(" ") : ""
  }
  const signatures = input?.ast?.propertySignatures
  return Array.isArray(signatures) ? signatures.map((signature: { name: unknown }) => String(signature.name)).join(" ") : ""
}

const buildIndex = (entries: ReadonlyArray<ToolEntry>): SearchIndex => {
  const idOf = new Map<string, number>()
  const terms: Array<string> = []
  const idFor = (term: string): number => {
    let id = idOf.get(term)
    if (id === undefined) {
      id = terms.length
      idOf.set(term, id)
      terms.push(term)
    }
    return id
  }
  /** Term ids of a text; with `plurals`, also the marked plurals it was written with. */
  const read = (text: string, into: Array<number>, plurals?: Array<number>): void => {
    scan(text, (_token, written, joined) => {
      // A camelCase word's humps are its words; the whole word would only lengthen the field.
      if (joined || isStopWord(written)) return
      into.push(idFor(stem(written)))
      if (plurals !== undefined && foldPlural(written) !== written) plurals.push(idFor(PLURAL_MARK + written))
    })
  }
  const shared = new Map<string, ReadonlyArray<number>>()
  const readShared = (text: string): ReadonlyArray<number> => {
    let ids = shared.get(text)
    if (ids === undefined) {
      const read_: Array<number> = []
      read(text, read_)
      shared.set(text, (ids = read_))
    }
    return ids
  }

  // Pass 1: every field of every tool as term ids, and the fields' total lengths.
  const fieldsOf: Array<Array<ReadonlyArray<number>>> = new Array(entries.length)
  const pluralsOf: Array<ReadonlyArray<number>> = new Array(entries.length)
  const totalLength = new Float64Array(FIELDS)
  for (let position = 0; position < entries.length; position++) {
    const entry = entries[position]
    const last = entry.segments.length - 1
    const name: Array<number> = []
    const plurals: Array<number> = []
    read(entry.segments[last], name, plurals)
    const path: Array<number> = []
    for (let segment = 0; segment < last; segment++) path.push(...readShared(entry.segments[segment]))
    const description: Array<number> = []
    read(entry.tool.description, description)
    const parameters = readShared(parameterNames(entry))
    const namespaces: Array<number> = []
    for (const info of entry.namespaces) if (info.description !== undefined) namespaces.push(...readShared(info.description))
    const fields = [name, path, description, parameters, namespaces]
    for (let field = 0; field < FIELDS; field++) totalLength[field] += fields[field].length
    fieldsOf[position] = fields
    pluralsOf[position] = plurals
  }

  // Pass 2: one pseudo frequency per (term, tool), then its saturation.
  const { fieldWeight: FIELD_WEIGHT, lengthNormalisation: LENGTH_NORMALISATION, k1: K1 } = weights()
  const count = entries.length
  const average = Array.from(totalLength, (total) => Math.max(total / Math.max(count, 1), 1))
  const frequency = new Float64Array(terms.length)
  const inName = new Uint8Array(terms.length)
  const nameTermCount = new Uint16Array(count)
  const postingTerm: Array<number> = []
  const postingEntry: Array<number> = []
  const postingFrequency: Array<number> = []
  const postingName: Array<number> = []
  const touched: Array<number> = []
  for (let position = 0; position < count; position++) {
    const fields = fieldsOf[position]
    for (let field = 0; field < FIELDS; field++) {
      const words = fields[field]
      if (words.length === 0) continue
      const b = LENGTH_NORMALISATION[field]
      const weight = FIELD_WEIGHT[field] / (1 - b + (b * words.length) / average[field])
      for (const id of words) {
        if (frequency[id] === 0) touched.push(id)
        frequency[id] += weight
        if (field === NAME) inName[id] = 1
      }
    }
    for (const id of pluralsOf[position]) {
      if (frequency[id] === 0) touched.push(id)
      frequency[id] += FIELD_WEIGHT[NAME]
      inName[id] = 1
    }
    let names = 0
    for (const id of touched) {
      postingTerm.push(id)
      postingEntry.push(position)
      postingFrequency.push(frequency[id])
      postingName.push(inName[id])
      if (inName[id] === 1 && !terms[id].startsWith(PLURAL_MARK)) names++
      frequency[id] = 0
      inName[id] = 0
    }
    nameTermCount[position] = names
    touched.length = 0
  }

  // Lay the postings out term by term, terms in sorted order, each term's tools in catalog order.
  const order = terms.map((_, id) => id).sort((a, b) => (terms[a] < terms[b] ? -1 : terms[a] > terms[b] ? 1 : 0))
  const positionOfId = new Int32Array(terms.length)
  order.forEach((id, position) => (positionOfId[id] = position))
  const start = new Int32Array(order.length + 1)
  for (const id of postingTerm) start[positionOfId[id] + 1]++
  for (let position = 0; position < order.length; position++) start[position + 1] += start[position]
  const fill = start.slice(0, order.length)
  const postingEntries = new Int32Array(postingTerm.length)
  const postingScores = new Float32Array(postingTerm.length)
  const postingInName = new Uint8Array(postingTerm.length)
  for (let i = 0; i < postingTerm.length; i++) {
    const id = postingTerm[i]
    const slot = fill[positionOfId[id]]++
    const tf = postingFrequency[i]
    postingEntries[slot] = postingEntry[i]
    postingScores[slot] = (tf * (K1 + 1)) / (tf + K1)
    postingInName[slot] = postingName[i]
  }
  const vocabulary = order.map((id) => terms[id])
  const positionOf = new Map<string, number>()
  const termsByLength = new Map<number, Array<number>>()
  vocabulary.forEach((term, position) => {
    positionOf.set(term, position)
    if (term.startsWith(PLURAL_MARK) || /^\p{N}+$/u.test(term)) return
    let bucket = termsByLength.get(term.length)
    if (bucket === undefined) termsByLength.set(term.length, (bucket = []))
    bucket.push(position)
  })
  const pathOrder = entries.map((_, position) => position).sort((a, b) => comparePaths(entries[a], entries[b]))
  const rankOf = new Int32Array(count)
  pathOrder.forEach((position, rank) => (rankOf[position] = rank))
  return { entries, pathOrder, rankOf, vocabulary, positionOf, start, postingEntries, postingScores, postingInName, termsByLength, nameTermCount }
}

export const comparePaths = (a: ToolEntry, b: ToolEntry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
