/**
 * The lexical ranker behind `search`, "did you mean" and the discovery built-ins: a query's
 * concepts (`query.ts`) scored against the BM25F index (`search-index.ts`).
 *
 * Each concept finds the index terms that satisfy it: its own stem, its translations and synonyms
 * (with the quality `query.ts` gives them), and, for words written in the catalog's language, the
 * terms it is a prefix of ("config" finds "configuration"), the terms that are a prefix of it, and
 * terms within a typo or two ("reqeust"). A tool's score for a concept is its best matching term's
 * saturated BM25F frequency times that match's quality, never a sum over several terms, times the
 * concept's rarity: BM25's IDF taken over every tool that any of the concept's terms reached. So a
 * concept with many synonyms counts once, not once per synonym, and a word whose synonyms are
 * everywhere ("open": create, get, show...) weighs what a common word weighs.
 *
 * A tool's score is the sum over concepts, then shaped by two facts BM25 alone does not see. A tool
 * that satisfies more of the query's concepts beats one that satisfies one concept strongly
 * (coverage, each concept counted by how well it was met, and only partly when only a
 * parameter name or a namespace description holds it), and a tool whose own name the query covers beats one that only mentions the
 * words in passing (name coverage). A concept no tool satisfies ("please", an unknown word) does
 * not count against anyone. A query that opens with a verb ("ban a spammer") marks down tools
 * named by another verb (`get_guild_ban`): the first word of an imperative is what to do; a tool
 * whose own verb is in the group of that verb meets it well even in other words (`PostCheckoutSessions`
 * creates, "start a checkout session" asks to). A query that names a thing ("close an issue") marks
 * down tools that match only its verbs (`browser_close`). A query that names a namespace by a word
 * mostly its tools hold ("mark a todoist task as done") marks down tools outside it. A query
 * that asks for no action at all ("wiki page") prefers tools that read to tools that change
 * things: reading is the safe guess. A concept the query only implies (a list, for "box webhooks") adds to
 * the tools that satisfy it without counting in anyone's coverage. A plural in the query adds a little for tools whose name has that
 * plural, which is how "issues" prefers `list_issues` to `create_issue`. Of a query naming several
 * things, the one it is about ("tasks" of "tasks of a project", `query.ts`) adds a little for tools
 * whose name is about it too (`getTasksForProject`, not `getProjectsForTask`). Ties go to path order.
 * Every weight is in `weights.ts`.
 */

import type { ToolEntry } from "./paths.js"
import type { QueryConcept } from "./query.js"
import { comparePaths, PLURAL_MARK, type SearchIndex } from "./search-index.js"
import { editDistance } from "./tokens.js"
import { weights } from "./weights.js"

/** Terms a word may be a prefix of before it stops being a useful prefix. */
const PREFIX_LIMIT = 64

/** Tools matching a query's concepts, best first (none for a query without concepts). */
export const rankConcepts = (
  index: SearchIndex,
  concepts: ReadonlyArray<QueryConcept>,
  inScope: (entry: ToolEntry) => boolean,
  /** For a mistyped path ("did you mean"): a near spelling covers its word fully. */
  reference = false,
): Array<ToolEntry> => {
  const { coverageExponent, nameCoverageBonus, pluralBonus, implicitWeight, otherVerb, mutation, noObject } = weights()
  const { ownVerbInGroup, weakFieldCoverage, synonym, translated, aboutHead, otherNamespace } = weights()
  const count = index.entries.length
  const total = new Float64Array(count)
  const matched = new Uint16Array(count)
  // Coverage counts a concept by how well it was met: fully by its own word, partly by a synonym.
  const covered = new Float64Array(count)
  const bestQuality = new Float64Array(count)
  const nameHits = new Uint16Array(count)
  const thingHits = new Uint16Array(count)
  let things = 0
  const best = new Float64Array(count)
  const bestInName = new Uint8Array(count)

  const hit: Array<number> = []
  const touched: Array<number> = []
  let effective = 0
  // The verb a query opens with, if it opens with one, and how well each term satisfies it.
  const head = concepts.length > 0 && concepts[0].action && !concepts[0].implicit ? matchesOf(index, concepts[0]) : undefined
  const asksNothing = !concepts.some((concept) => concept.action && !concept.implicit)
  // The terms satisfying the thing the query is about, to reward tools whose name is about it too.
  let aboutTerms: Map<number, number> | undefined
  for (const concept of concepts) {
    const isHead = head !== undefined && concept === concepts[0]
    touched.length = 0
    const matches = matchesOf(index, concept)
    if (concept.about === true) aboutTerms = matches
    for (const [position, quality] of matches) {
      for (let i = index.start[position]; i < index.start[position + 1]; i++) {
        const entry = index.postingEntries[i]
        const score = index.postingScores[i] * quality
        if (best[entry] === 0) touched.push(entry)
        if (score > best[entry]) {
          best[entry] = score
          bestInName[entry] = index.postingInName[i]
        }
        // Coverage counts how well the tool itself says it: weakly through parameters and namespaces.
        const credit = (reference && quality < 1 && quality !== synonym ? 1 : quality) * (index.postingInTool[i] === 1 ? 1 : weakFieldCoverage)
        if (credit > bestQuality[entry]) bestQuality[entry] = credit
      }
    }
    if (touched.length === 0) continue
    if (concept.implicit) {
      const rarity = Math.log(1 + (count - touched.length + 0.5) / (touched.length + 0.5))
      for (const entry of touched) {
        total[entry] += best[entry] * rarity * implicitWeight
        best[entry] = 0
        bestInName[entry] = 0
        bestQuality[entry] = 0
      }
      continue
    }
    effective++
    if (!concept.action) things++
    // The concept's rarity: every tool any of its terms reached counts as holding it (BM25's IDF).
    const rarity = Math.log(1 + (count - touched.length + 0.5) / (touched.length + 0.5))
    const plural = concept.plural ? index.positionOf.get(PLURAL_MARK + concept.written) : undefined
    if (plural !== undefined) {
      for (let i = index.start[plural]; i < index.start[plural + 1]; i++) best[index.postingEntries[i]] *= pluralBonus
    }
    for (const entry of touched) {
      if (matched[entry] === 0) hit.push(entry)
      total[entry] += best[entry] * rarity
      matched[entry]++
      if (!concept.action) thingHits[entry]++
      // How well the tool's own verb meets the verb the query opens with (0 when it does not).
      const ownVerb = isHead ? (head.get(index.verbOf[entry]) ?? 0) : 0
      // A tool whose own verb is in the group of the verb asked for does that (`PostCheckoutSessions`
      // creates, and "start a checkout session" asks to create one), whatever words it uses for it.
      covered[entry] += ownVerb > 0 ? Math.max(bestQuality[entry], ownVerbInGroup) : bestQuality[entry]
      // A tool whose verb is the very one asked for does it, even when its name spells the verb as
      // an HTTP method (`GetSubscriptions` lists, by its description): the verb counts as named.
      nameHits[entry] += bestInName[entry] === 0 && ownVerb >= translated ? 1 : bestInName[entry]
      best[entry] = 0
      bestInName[entry] = 0
      bestQuality[entry] = 0
    }
  }
  // A mistyped path names its namespace as a path does, not to rule out near spellings elsewhere.
  const named = reference ? undefined : namedGroups(index, concepts)
  const ranked: Array<{ entry: number; score: number }> = []
  for (const entry of hit) {
    if (!inScope(index.entries[entry])) continue
    const coverage = covered[entry] / effective
    const names = index.nameTermCount[entry]
    const nameCoverage = names === 0 ? 0 : Math.min(nameHits[entry], names) / names
    let verb = head !== undefined && index.verbOf[entry] >= 0 && !head.has(index.verbOf[entry]) ? otherVerb : 1
    if (asksNothing && index.mutates[entry] === 1) verb *= mutation
    // "close an issue" is about an issue: a tool that only closes something else is a weak answer.
    if (things > 0 && thingHits[entry] === 0) verb *= noObject
    // "mark a todoist task as done": the query says whose tools it means.
    if (named !== undefined && named[index.namespaceGroup[entry]] === 0) verb *= otherNamespace
    // "tasks of a project": `getTasksForProject` is about tasks, `getProjectsForTask` about projects.
    const about = aboutTerms === undefined || index.headOf[entry] < 0 ? 0 : (aboutTerms.get(index.headOf[entry]) ?? 0)
    ranked.push({ entry, score: total[entry] * coverage ** coverageExponent * (1 + nameCoverageBonus * nameCoverage) * verb * (1 + aboutHead * about) })
  }
  // Ties by path, compared only where scores tie: ordering every path for the few ties there are
  // cost a first search more than ranking did.
  ranked.sort((a, b) => b.score - a.score || comparePaths(index.entries[a.entry], index.entries[b.entry]))
  return ranked.map((item) => index.entries[item.entry])
}

/**
 * The namespace groups a query names, if it names any: a word of the query, as written, that is a
 * word of a namespace's name and mostly found in that namespace's tools ("todoist", "sentry",
 * "azure"). A namespace named by a common word ("time", "fetch", "memory" in a catalog where
 * other tools speak of time) is not taken as named: the word more likely means what it says.
 */
const namedGroups = (index: SearchIndex, concepts: ReadonlyArray<QueryConcept>): Uint8Array | undefined => {
  const { namedNamespaceShare } = weights()
  let named: Uint8Array | undefined
  for (const concept of concepts) {
    if (concept.implicit || concept.action) continue
    const position = index.positionOf.get(concept.stem)
    if (position === undefined) continue
    let groups: Uint8Array | undefined
    index.groupTerms.forEach((terms, group) => {
      if (!terms.includes(position)) return
      groups ??= new Uint8Array(index.groupTerms.length)
      groups[group] = 1
    })
    if (groups === undefined) continue
    const from = index.start[position]
    const to = index.start[position + 1]
    let inside = 0
    for (let i = from; i < to; i++) inside += groups[index.namespaceGroup[index.postingEntries[i]]]
    if (inside < namedNamespaceShare * (to - from)) continue
    named ??= new Uint8Array(index.groupTerms.length)
    for (let group = 0; group < groups.length; group++) named[group] |= groups[group]
  }
  return named
}

/** The terms satisfying a concept, by vocabulary position, with how well each satisfies it. */
const matchesOf = (index: SearchIndex, concept: QueryConcept): Map<number, number> => {
  const { prefixOfTerm, termPrefix, oneTypo, twoTypos } = weights()
  const found = new Map<number, number>()
  const note = (position: number | undefined, quality: number) => {
    if (position !== undefined && quality > (found.get(position) ?? 0)) found.set(position, quality)
  }
  for (const { term, quality } of concept.terms) note(index.positionOf.get(term), quality)
  for (const joined of concept.joins) note(index.positionOf.get(joined), 1)
  const word = concept.stem
  if (!concept.fuzzy || word.length < 3 || /^\p{N}+$/u.test(word)) return found
  let prefixes = 0
  for (let position = bisect(index.vocabulary, word); position < index.vocabulary.length && prefixes < PREFIX_LIMIT; position++, prefixes++) {
    if (!index.vocabulary[position].startsWith(word)) break
    note(position, prefixOfTerm)
  }
  for (let length = 4; length < word.length; length++) note(index.positionOf.get(word.slice(0, length)), termPrefix)
  if (word.length < 4) return found
  const limit = word.length >= 8 ? 2 : 1
  for (let length = word.length - limit; length <= word.length + limit; length++) {
    for (const position of index.termsByLength.get(length) ?? []) {
      const term = index.vocabulary[position]
      if (!sharesAnOpening(word, term, limit + 1)) continue
      const distance = editDistance(word, term, limit)
      if (distance > 0 && distance <= limit) note(position, distance === 1 ? oneTypo : twoTypos)
    }
  }
  // The same against the words as written, for a word the catalog does not know: a typo can
  // change a word's stem beyond recognition. A known word is taken as meant, which also spares
  // most queries this pass.
  const written = concept.written
  if (written.length < 4 || index.positionOf.has(word)) return found
  const writtenLimit = written.length >= 8 ? 2 : 1
  const byLength = index.writtenByLength()
  for (let length = written.length - writtenLimit; length <= written.length + writtenLimit; length++) {
    for (const [surface, position] of byLength.get(length) ?? []) {
      if (!sharesAnOpening(written, surface, writtenLimit + 1)) continue
      const distance = editDistance(written, surface, writtenLimit)
      if (distance > 0 && distance <= writtenLimit) note(position, distance === 1 ? oneTypo : twoTypos)
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
