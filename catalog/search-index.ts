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
 * Beside each score the index keeps two facts about where the word was: whether the tool's name
 * holds it, and whether its name, path or description does (a word only its parameters or its
 * namespaces' descriptions hold is weak evidence of what the tool itself does, and the ranker
 * counts it so for coverage). A name's count of words leaves out path placeholders, words only a
 * parameter shares with it (`DeleteSubscriptionsSubscriptionExposedId`), since they name no part of
 * what the tool does. Each tool's name also has a head, the thing it is about: the last word
 * before a preposition (`getTasksForProject`), else its last word, verbs left out, as a query has
 * one (`query.ts`).
 *
 * The index is built on a catalog's first search, not when the catalog is made, and cheaply: one
 * pass to read every field into term ids, one to weigh them, then postings laid out term by term
 * in typed arrays. For 5,000 tools that is a few tens of milliseconds once (measured in
 * `perf/search/first-search.ts`).
 */

import type { Catalog } from "./catalog.js"
import type { ToolEntry } from "./paths.js"
import { expansionOf, isAction, isPlural, isReading, isStopWord, stem } from "./stemming.js"
import { scan } from "./tokens.js"
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
/** Where a term was seen in a tool, as bits (`buildIndex`). */
const IN_TOOL = 1
const IN_DESCRIPTION = 2
const IN_PARAMETERS = 4


export interface SearchIndex {
  readonly entries: ReadonlyArray<ToolEntry>
  /** Entry positions in path order, for browsing; worked out when first needed. */
  readonly pathOrder: () => ReadonlyArray<number>
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
  /**
   * 1 when the term is in the tool's name, path or description; 0 when only its parameter names
   * or its namespaces' descriptions hold it, which is weaker evidence that the tool does it.
   */
  readonly postingInTool: Uint8Array
  /** Term positions by length, numbers and marked plurals left out: the candidates for typo matching. */
  readonly termsByLength: ReadonlyMap<number, ReadonlyArray<number>>
  /**
   * The words as the catalog writes them, by length, each with its term's vocabulary position:
   * typos are also measured against these ("custmer" is one edit from "customer", three from its
   * stem `custom`). Built on the first query that needs it.
   */
  readonly writtenByLength: () => ReadonlyMap<number, ReadonlyArray<readonly [string, number]>>
  /** How many distinct terms each tool's name has. */
  readonly nameTermCount: Uint16Array
  /**
   * The verb each tool is named by, as a vocabulary position (-1 for none): its name's first word
   * when that is an action (`create_issue`, `banUser`), else its name's last (`pods_list`), else
   * the word its description opens with ("Create folder" for `post_folders`). A tool named by its
   * HTTP method (`GetSubscriptions`, "List subscriptions") takes that described verb as a word of
   * its name in place of the method, so it competes as `list_subscriptions` would.
   */
  readonly verbOf: Int32Array
  /** Whether each tool's verb changes something (`create_issue`, `delete_page`; not `list_pods`). */
  readonly mutates: Uint8Array
  /**
   * The thing each tool's name is about, as a vocabulary position (-1 for none): the last word
   * before a preposition (`getTasksForProject`, `add_task_to_section`), else the name's last word
   * (`list_pull_request_reviews`), verbs left out.
   */
  readonly headOf: Int32Array
  /**
   * Each tool's namespace group (tools sharing their list of enclosing namespaces), and each
   * group's path terms as vocabulary positions: the words that name its namespaces (`azure_devops`
   * is `azur`, `devop`).
   */
  readonly namespaceGroup: Int32Array
  readonly groupTerms: ReadonlyArray<Int32Array>
}

const indexes = new WeakMap<Catalog, SearchIndex>()

/** The catalog's index, built on first use. */
export const indexOf = (catalog: Catalog): SearchIndex => {
  let index = indexes.get(catalog)
  if (index === undefined) indexes.set(catalog, (index = buildIndex(catalog.entries)))
  return index
}

/**
 * The parameter names of a tool's input: JSON Schema `properties`, or an Effect Struct's fields.
 * Only plain data is read, never a getter: ranking must not run a host's lazy schema code (the
 * schema's own work waits until a signature is rendered, `catalog.ts`).
 */
export const parameterNameList = (entry: ToolEntry): ReadonlyArray<string> => {
  const input: unknown = entry.tool.input
  if (isJsonSchemaDocument(input)) {
    const properties = Object.getOwnPropertyDescriptor(input, "properties")?.value
    return typeof properties === "object" && properties !== null ? Object.keys(properties) : []
  }
  // An Effect Schema struct keeps its fields on its AST.
  const signatures = (input as { ast?: { propertySignatures?: unknown } } | undefined)?.ast?.propertySignatures
  return Array.isArray(signatures) ? signatures.map((signature: { name: unknown }) => String(signature.name)) : []
}

/** The parameter names as one text, space-separated. */
export const parameterNames = (entry: ToolEntry): string => parameterNameList(entry).join(" ")

/** A growable typed array: one allocation per doubling, not one array per tool or term. */
class Column<A extends Int32Array | Float32Array | Uint8Array> {
  length = 0
  constructor(public data: A) {}
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new (this.data.constructor as new (length: number) => A)(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = value
  }
  /** Appends a copy of its own values from `from` to `to`. */
  repeat(from: number, to: number): void {
    const length = this.length + to - from
    if (length > this.data.length) {
      const bigger = new (this.data.constructor as new (length: number) => A)(Math.max(length, this.data.length * 2))
      bigger.set(this.data)
      this.data = bigger
    }
    this.data.copyWithin(this.length, from, to)
    this.length = length
  }
}

/**
 * Scratch columns, kept from one build to the next: pass 1's term ids and the postings before they
 * are laid out term by term are garbage once an index is built, and allocating and zeroing
 * megabytes of them per catalog cost more than a third of reading a catalog's text. Building is
 * synchronous, so one set serves every build; a column grown past `SCRATCH_LIMIT` values is not
 * kept, so one huge catalog does not pin its memory for the process's life.
 */
const SCRATCH_LIMIT = 1 << 21
const scratch = {
  ids: new Int32Array(0),
  terms: new Int32Array(0),
  entries: new Int32Array(0),
  frequencies: new Float32Array(0),
  names: new Uint8Array(0),
  tools: new Uint8Array(0),
}
/** A scratch column of at least `size` values (its old values are garbage, never read). */
const borrow = <A extends Int32Array | Float32Array | Uint8Array>(kept: A, size: number, make: new (length: number) => A): Column<A> =>
  new Column(kept.length >= size ? kept : new make(size))
/** What to keep for the next build: the column as it grew, unless it grew too large. */
const keep = <A extends Int32Array | Float32Array | Uint8Array>(column: Column<A>, kept: A): A => (column.data.length <= SCRATCH_LIMIT ? column.data : kept)

/** The fields of a tool, in `fieldStart` order; plurals (marked name words) come last. */
const PLURALS = FIELDS

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
  const count = entries.length
  // Pass 1: every field of every tool as term ids, in one column; field `f` of tool `t` runs from
  // `fieldStart[t * (FIELDS + 1) + f]` to the next offset.
  // Sized for a typical tool (a name, a path, a description of a sentence or two, a few
  // parameters) so that a large catalog grows its columns a few times, not a dozen.
  const ids = borrow(scratch.ids, Math.max(16_384, entries.length * 48), Int32Array)
  const fieldStart = new Int32Array(count * (FIELDS + 1) + 1)
  const totalLength = new Float64Array(FIELDS)
  let plurals: Array<number> = []
  // Written word -> term id (-1 for a stop word; -2 - i for an abbreviation whose terms are
  // `spelledOut[i]`): one look-up per word instead of three.
  const termOfWord = new Map<string, number>()
  const spelledOut: Array<Int32Array> = []
  const termOf = (written: string): number => {
    let id = termOfWord.get(written)
    if (id === undefined) {
      id = isStopWord(written) ? -1 : idFor(stem(written))
      const words = id >= 0 ? spelledOutWords(written) : undefined
      if (words !== undefined) {
        spelledOut.push(Int32Array.from([id, ...words.map((word) => idFor(stem(word)))]))
        id = -1 - spelledOut.length
      }
      termOfWord.set(written, id)
    }
    return id
  }
  /** Pushes a word's terms; the first of them (its own stem), or -1 for a stop word. */
  const pushWord = (written: string): number => {
    const id = termOf(written)
    if (id >= -1) {
      if (id >= 0) ids.push(id)
      return id
    }
    const terms = spelledOut[-2 - id]
    for (let i = 0; i < terms.length; i++) ids.push(terms[i])
    return terms[0]
  }
  // A camelCase word's humps are its words; the whole word (`joined`) would only lengthen the field.
  const readWord = (_token: string, written: string, joined: boolean): void => {
    if (!joined) pushWord(written)
  }
  // Stop words come through to `termOf`, which knows them (the query's list holds the scanner's):
  // one look-up per word, not one in the scanner and one here.
  const read = (text: string): void => scan(text, readWord, true)
  let preposition = -1
  const readNameWord = (_token: string, written: string, joined: boolean): void => {
    if (PREPOSITIONS.has(written)) {
      if (preposition < 0) preposition = ids.length
      return
    }
    if (joined || pushWord(written) < 0) return
    if (isPlural(written)) plurals.push(idFor(PLURAL_MARK + written))
  }
  const readName = (text: string): void => scan(text, readNameWord, true)
  // Segments, parameter names and namespace descriptions repeat: their ids are worked out once,
  // and later copies are copied from where the first one was read (`ranges`: from, to).
  const ranges = new Column(new Int32Array(4_096))
  const shared = new Map<string, number>()
  const readShared = (text: string): void => {
    const known = shared.get(text)
    if (known !== undefined) return ids.repeat(ranges.data[known], ranges.data[known + 1])
    const range = openRange()
    shared.set(text, range)
    read(text)
    ranges.data[range + 1] = ids.length
  }
  /** A new range starting at the end of the column; its end is set once it is read. */
  const openRange = (): number => {
    ranges.push(ids.length)
    ranges.push(ids.length)
    return ranges.length - 2
  }
  // Sibling tools share their list of enclosing namespaces, and so all of its descriptions.
  const sharedNamespaces = new Map<ReadonlyArray<unknown>, number>()
  const groupOfList = new Map<ReadonlyArray<unknown>, number>()
  const groupIds: Array<Int32Array> = []
  const namespaceGroup = new Int32Array(count)
  const verbIds = new Int32Array(count).fill(-1)
  const headIds = new Int32Array(count).fill(-1)
  const renamed = new Uint8Array(count)
  const actionAt = (at: number, end: number): number => (at < end && isAction(terms[ids.data[at]]) ? ids.data[at] : -1)
  for (let position = 0; position < count; position++) {
    const entry = entries[position]
    const last = entry.segments.length - 1
    const base = position * (FIELDS + 1)
    fieldStart[base + NAME] = ids.length
    readName(entry.segments[last])
    const first = actionAt(fieldStart[base + NAME], ids.length)
    verbIds[position] = first >= 0 ? first : actionAt(Math.max(ids.length - 1, fieldStart[base + NAME]), ids.length)
    const headEnd = preposition > fieldStart[base + NAME] ? preposition : ids.length
    for (let at = headEnd - 1; at >= fieldStart[base + NAME]; at--) {
      if (isAction(terms[ids.data[at]])) continue
      headIds[position] = ids.data[at]
      break
    }
    preposition = -1
    fieldStart[base + PATH] = ids.length
    for (let segment = 0; segment < last; segment++) readShared(entry.segments[segment])
    fieldStart[base + DESCRIPTION] = ids.length
    let group = groupOfList.get(entry.namespaces)
    if (group === undefined) {
      group = groupIds.length
      groupOfList.set(entry.namespaces, group)
      groupIds.push(ids.data.slice(fieldStart[base + PATH], fieldStart[base + DESCRIPTION]))
    }
    namespaceGroup[position] = group
    read(entry.tool.description)
    const namedByMethod = fieldStart[base + NAME] < fieldStart[base + PATH] && isMethodVerb(terms[ids.data[fieldStart[base + NAME]]])
    if (verbIds[position] < 0 || (namedByMethod && isMethodVerb(terms[verbIds[position]]))) {
      // An OpenAPI summary may open with a few other words ("By default, returns a list of").
      const window = verbIds[position] < 0 ? 1 : DESCRIBED_VERB_WINDOW
      for (let at = fieldStart[base + DESCRIPTION]; at < Math.min(ids.length, fieldStart[base + DESCRIPTION] + window); at++) {
        const described = actionAt(at, ids.length)
        if (described < 0) continue
        verbIds[position] = described
        // The described verb is the name's real verb: it counts as a name word in place of the method.
        if (namedByMethod && described !== ids.data[fieldStart[base + NAME]]) {
          plurals.push(described)
          renamed[position] = 1
        }
        break
      }
    }
    fieldStart[base + PARAMETERS] = ids.length
    // Each name on its own: names recur across tools far more than whole lists do, and a property
    // key's hash is already known, where a joined list would be hashed afresh.
    const parameters = parameterNameList(entry)
    for (let i = 0; i < parameters.length; i++) readShared(parameters[i])
    fieldStart[base + NAMESPACES] = ids.length
    const known = sharedNamespaces.get(entry.namespaces)
    if (known !== undefined) ids.repeat(ranges.data[known], ranges.data[known + 1])
    else {
      const range = openRange()
      sharedNamespaces.set(entry.namespaces, range)
      for (const info of entry.namespaces) if (info.description !== undefined) readShared(info.description)
      ranges.data[range + 1] = ids.length
    }
    fieldStart[base + PLURALS] = ids.length
    for (const id of plurals) ids.push(id)
    plurals = []
    for (let field = 0; field < FIELDS; field++) totalLength[field] += fieldStart[base + field + 1] - fieldStart[base + field]
  }
  fieldStart[count * (FIELDS + 1)] = ids.length

  // Pass 2: one pseudo frequency per (term, tool), then its saturation.
  const { fieldWeight: FIELD_WEIGHT, lengthNormalisation: LENGTH_NORMALISATION, k1: K1 } = weights()
  const average = Array.from(totalLength, (total) => Math.max(total / Math.max(count, 1), 1))
  const frequency = new Float64Array(terms.length)
  const inName = new Uint8Array(terms.length)
  const inTool = new Uint8Array(terms.length)
  const nameTermCount = new Uint16Array(count)
  const postingSize = Math.max(16_384, ids.length)
  const postingTerm = borrow(scratch.terms, postingSize, Int32Array)
  const postingEntry = borrow(scratch.entries, postingSize, Int32Array)
  const postingFrequency = borrow(scratch.frequencies, postingSize, Float32Array)
  const postingName = borrow(scratch.names, postingSize, Uint8Array)
  const postingTool = borrow(scratch.tools, postingSize, Uint8Array)
  const touched: Array<number> = []
  const column = ids.data
  for (let position = 0; position < count; position++) {
    const base = position * (FIELDS + 1)
    for (let field = 0; field <= FIELDS; field++) {
      const from = fieldStart[base + field]
      const to = fieldStart[base + field + 1]
      if (from === to) continue
      let weight = FIELD_WEIGHT[NAME]
      if (field < FIELDS) {
        const b = LENGTH_NORMALISATION[field]
        weight = FIELD_WEIGHT[field] / (1 - b + (b * (to - from)) / average[field])
      }
      for (let i = from; i < to; i++) {
        const id = column[i]
        if (frequency[id] === 0) touched.push(id)
        frequency[id] += weight
        if (field === NAME || field === PLURALS) inName[id] = 1
        if (field < PARAMETERS || field === PLURALS) inTool[id] |= IN_TOOL
        if (field === DESCRIPTION) inTool[id] |= IN_DESCRIPTION
        else if (field === PARAMETERS) inTool[id] |= IN_PARAMETERS
      }
    }
    let names = 0
    const described = fieldStart[base + DESCRIPTION] < fieldStart[base + PARAMETERS]
    for (const id of touched) {
      postingTerm.push(id)
      postingEntry.push(position)
      postingFrequency.push(frequency[id])
      postingName.push(inName[id])
      postingTool.push(inTool[id] & IN_TOOL)
      // A name word that only a parameter shares, in a tool that has a description, is a path
      // placeholder (`DeleteSubscriptionsSubscriptionExposedId`): it names no part of what it does.
      const placeholder = described && (inTool[id] & (IN_DESCRIPTION | IN_PARAMETERS)) === IN_PARAMETERS
      if (inName[id] === 1 && !terms[id].startsWith(PLURAL_MARK) && !placeholder) names++
      frequency[id] = 0
      inName[id] = 0
      inTool[id] = 0
    }
    nameTermCount[position] = names - renamed[position]
    touched.length = 0
  }

  // Lay the postings out term by term, terms in sorted order, each term's tools in catalog order.
  // The engine's own string sort (no comparator calls back into JavaScript) is several times faster
  // than sorting ids with a comparator; it orders by UTF-16 code units, as `<` does.
  const vocabulary = terms.slice().sort()
  const order = vocabulary.map((term) => idOf.get(term)!)
  const positionOfId = new Int32Array(terms.length)
  for (let position = 0; position < order.length; position++) positionOfId[order[position]] = position
  const postings = postingTerm.length
  const start = new Int32Array(order.length + 1)
  for (let i = 0; i < postings; i++) start[positionOfId[postingTerm.data[i]] + 1]++
  for (let position = 0; position < order.length; position++) start[position + 1] += start[position]
  const fill = start.slice(0, order.length)
  const postingEntries = new Int32Array(postings)
  const postingScores = new Float32Array(postings)
  const postingInName = new Uint8Array(postings)
  const postingInTool = new Uint8Array(postings)
  for (let i = 0; i < postings; i++) {
    const slot = fill[positionOfId[postingTerm.data[i]]]++
    const tf = postingFrequency.data[i]
    postingEntries[slot] = postingEntry.data[i]
    postingScores[slot] = (tf * (K1 + 1)) / (tf + K1)
    postingInName[slot] = postingName.data[i]
    postingInTool[slot] = postingTool.data[i]
  }
  scratch.ids = keep(ids, scratch.ids)
  scratch.terms = keep(postingTerm, scratch.terms)
  scratch.entries = keep(postingEntry, scratch.entries)
  scratch.frequencies = keep(postingFrequency, scratch.frequencies)
  scratch.names = keep(postingName, scratch.names)
  scratch.tools = keep(postingTool, scratch.tools)
  const verbOf = verbIds.map((id) => (id < 0 ? -1 : positionOfId[id]))
  const headOf = headIds.map((id) => (id < 0 ? -1 : positionOfId[id]))
  const groupTerms = groupIds.map((group) => group.map((id) => positionOfId[id]))
  // Loops, not `Uint8Array.from` with a callback, which goes through the generic iteration path.
  const mutates = new Uint8Array(count)
  for (let position = 0; position < count; position++) {
    const id = verbIds[position]
    if (id >= 0 && !isReading(terms[id])) mutates[position] = 1
  }
  const positionOf = new Map<string, number>()
  const termsByLength = new Map<number, Array<number>>()
  vocabulary.forEach((term, position) => {
    positionOf.set(term, position)
    if (term.startsWith(PLURAL_MARK) || isNumber(term)) return
    let bucket = termsByLength.get(term.length)
    if (bucket === undefined) termsByLength.set(term.length, (bucket = []))
    bucket.push(position)
  })
  // Paths are unique, so sorting them (natively, as above) and looking each up gives path order.
  // It waits for a browse: a query never needs it.
  let pathOrder: ReadonlyArray<number> | undefined
  const browsingOrder = () => {
    if (pathOrder !== undefined) return pathOrder
    const positionOfPath = new Map<string, number>()
    const paths = entries.map((entry, position) => (positionOfPath.set(entry.path, position), entry.path)).sort()
    return (pathOrder = paths.map((path) => positionOfPath.get(path)!))
  }
  let written: Map<number, Array<readonly [string, number]>> | undefined
  const writtenByLength = () => {
    if (written !== undefined) return written
    written = new Map()
    for (const [word, id] of termOfWord) {
      if (id < 0 || word.length < 4 || terms[id] === word || isNumber(word)) continue
      let bucket = written.get(word.length)
      if (bucket === undefined) written.set(word.length, (bucket = []))
      bucket.push([word, positionOfId[id]])
    }
    return written
  }
  return {
    entries, pathOrder: browsingOrder, vocabulary, positionOf, start, postingEntries, postingScores, postingInName, postingInTool,
    termsByLength, writtenByLength, nameTermCount, verbOf, mutates, headOf, namespaceGroup, groupTerms,
  }
}

/**
 * HTTP methods as the first word of a name (`PostCustomers`, `get_files_id`): an OpenAPI
 * operation named by its method says how it is called, not what it does (Stripe's `Post` both
 * creates and updates; `Get` both lists and retrieves), so its description's opening verb ("List
 * all customers", "Update a customer") names its action instead, when it opens with one.
 */
/** Words after which a name names what its thing belongs to (`TasksForProject`, `task_to_section`). */
const PREPOSITIONS: ReadonlySet<string> = new Set(["for", "of", "in", "on", "to", "from", "by", "at", "with", "into", "within"])

const METHOD_VERBS: ReadonlySet<string> = new Set(["get", "post", "put", "patch", "delet"])
const isMethodVerb = (term: string): boolean => METHOD_VERBS.has(term)
/** How many of its description's first words may hold the verb of a tool named by its method. */
const DESCRIBED_VERB_WINDOW = 5

/** Whether a term is all digits (`\p{N}` in the tokeniser's sense); a loop, as this runs per term. */
const isNumber = (term: string): boolean => {
  if (term.length === 0) return false
  for (let i = 0; i < term.length; i++) {
    const code = term.charCodeAt(i)
    if (code < 48 || code > 57) return code > 0x7f && /^\p{N}+$/u.test(term)
  }
  return true
}

/**
 * The words an abbreviation in a tool's text spells out ("PRs" in a description is pull requests),
 * so a query in full words finds it, as a query's own abbreviations are spelled out (`query.ts`).
 * Only abbreviations of several words: a one-word one (`repo`) is matched from the query's side.
 */
const spelledOutWords = (written: string): ReadonlyArray<string> | undefined => {
  const expansion = expansionOf(written)
  if (expansion === undefined || expansion.length < 2) return undefined
  const words = expansion.filter((word) => word !== written && !isStopWord(word))
  return words.length === 0 ? undefined : words
}

export const comparePaths = (a: ToolEntry, b: ToolEntry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
