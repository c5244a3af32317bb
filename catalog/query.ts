/**
 * What a search query asks for: its concepts, each with the index terms that would satisfy it and
 * how well.
 *
 * A query is read word by word, the way the index reads tools (`tokens.ts` splits camelCase and
 * punctuation and strips accents; `stemming.ts` stems), and each word becomes a concept unless it
 * is a stop word. Abbreviations become the words they stand for ("PR" asks for "pull" and
 * "request"), German compounds that the vocabulary does not list are split into parts. A concept
 * is satisfied best by its own stem; then by a translation of the word (a French, Spanish or German
 * word is the English word it translates, nearly as well as the word itself); then by words of
 * the same synonym group, which count for less, so a tool that says what the query says still
 * wins over one that says something like it. Prefixes and typos are matched later, against the
 * catalog's own vocabulary (`ranking.ts`), since only the index knows which words exist.
 *
 * A word written as a plural remembers it: "issues" prefers `list_issues` over `create_issue`.
 * A query in the first person ("my top artists") implies, weakly, the tools about the caller. A
 * verb that only restates the one before it ("list all", "create a new") is not a second concept,
 * and a participle beside a plural ("liked songs") says which things, as a state word does. Of
 * several things, the query is about one, its head noun: the last before a preposition ("tasks of
 * a project", "tâches du projet"), else the last, since compounds end with their head ("project
 * tasks"); the ranker prefers tools whose name is about the same thing.
 */

import { abbreviationOf, compoundParts, expansionOf, isAction, isActionWritten, isEnglishWritten, isPlural, isStopWord, isThing, shortFormsOf, stem, synonymsOf, translate, translateExactly } from "./stemming.js"
import { scan } from "./tokens.js"
import { weights } from "./weights.js"

/** How well a concept's own stem satisfies it; translations and synonyms count less (`weights.ts`). */
export const OWN = 1

export interface QueryTerm {
  readonly term: string
  readonly quality: number
}

export interface QueryConcept {
  /** The stem of the word as written (after expansion), for prefix and typo matching. */
  readonly stem: string
  /** The word as written, lowercase and without accents. */
  readonly written: string
  /** Whether the word was written as a plural (its written form is indexed for tool names). */
  readonly plural: boolean
  /** Index terms that satisfy the concept, with their quality; its own stem first. */
  readonly terms: ReadonlyArray<QueryTerm>
  /** Whether prefix and typo matching apply: not for a translated foreign word. */
  readonly fuzzy: boolean
  /**
   * Terms for the word written together with its neighbour ("on call" as `oncall`, "data source"
   * as `datasource`), which satisfy the concept fully when the catalog has them.
   */
  readonly joins: ReadonlyArray<string>
  /**
   * An intent the query implies without saying it (a list, for "box webhooks"): it adds to the
   * tools that satisfy it but counts for no tool's coverage.
   */
  readonly implicit: boolean
  /** Whether the concept is an action ("create", "löschen"), as opposed to a thing. */
  readonly action: boolean
  /**
   * Whether it is the thing the query is about, of several it names: "tasks" in "tasks of a
   * project" and in "project tasks".
   */
  readonly about?: boolean
}

/**
 * The concepts of a query, in order, without repeats. With `implied: false` (a mistyped path, for
 * "did you mean"), nothing is implied: `orders.lookpu` asks for no list.
 */
export const analyzeQuery = (text: string, implied = true): Array<QueryConcept> => {
  const written: Array<string> = []
  scan(
    text,
    (_token, word, joined) => {
      if (!joined) written.push(word)
    },
    true,
  )
  const concepts = new Map<string, QueryConcept>()
  // An abbreviation spelled out ("DM": direct, message) still names what it abbreviates: a tool
  // called `create_dm` satisfies each of the words it stands for.
  const abbreviated: Array<readonly [string, string]> = []
  const add = (word: string, expand: boolean) => {
    if (isStopWord(word)) return
    const expansion = expand ? expansionOf(word) : undefined
    if (expansion !== undefined && expansion.length > 1) {
      for (const part of expansion) {
        add(part, false)
        if (!isStopWord(part)) abbreviated.push([stem(part), stem(word)])
      }
      return
    }
    const whole = expansion?.[0] ?? word
    const translations = translate(whole)
    const parts = translations.length === 0 ? compoundParts(whole) : []
    if (parts.length > 0) {
      for (const part of parts) add(part, true)
      return
    }
    const concept = conceptOf(whole, translations)
    if (restates(last(concepts), concept)) return
    const known = concepts.get(concept.stem)
    if (known === undefined || (!known.plural && concept.plural)) concepts.set(concept.stem, concept)
  }
  // Where each concept was first written, for finding the query's head noun.
  const writtenAt = new Map<string, number>()
  written.forEach((word, at) => {
    add(word, true)
    for (const stem of concepts.keys()) if (!writtenAt.has(stem)) writtenAt.set(stem, at)
  })
  for (const [part, abbreviation] of abbreviated) {
    const concept = concepts.get(part)
    if (concept !== undefined && concept.stem !== abbreviation) concepts.set(part, { ...concept, joins: [...concept.joins, abbreviation] })
  }
  const found = [...concepts.values()]
    .map((concept) => (isObjectOfVerb(concept, written, writtenAt) ? { ...concept, action: false } : concept))
    .map((concept, _, all) => (isStateOfThings(concept, all) ? asState(concept) : concept))
  attachJoins(found, written)
  const head = headNoun(found, written, writtenAt)
  if (head >= 0) found[head] = { ...found[head], about: true }
  if (implied && found.length > 1 && !found.some((concept) => concept.action) && isUsedAsVerb(written)) {
    found[0] = { ...found[0], action: true }
    found.push(createIntent())
  }
  if (implied && found.some((concept) => concept.plural) && !found.some((concept) => concept.action)) found.push(listIntent())
  if (implied && found.length > 0 && written.some((word) => FIRST_PERSON.has(word))) found.push(selfIntent())
  return found
}

/**
 * Words after which a phrase names what its thing belongs to: "tasks of a project", "comments on a
 * merge request", "tâches du projet", "tareas del proyecto", "Aufgaben eines Projekts".
 */
const PREPOSITIONS: ReadonlySet<string> = new Set([
  "of", "for", "in", "on", "to", "from", "at", "by", "with", "into", "within", "under", "inside",
  "de", "du", "des", "d", "dans", "pour", "sur", "par", "avec",
  "del", "en", "para", "por", "con",
  "von", "vom", "im", "fur", "auf", "mit", "eines", "einer", "der",
])

/**
 * Which of a query's things it is about, when it names more than one: the last thing before the
 * first preposition that has things on both sides ("tasks" of "tasks of a project"), else the last
 * thing (English compounds end with their head: "project tasks", "asana project custom fields").
 * -1 when it names fewer than two things.
 */
const headNoun = (concepts: ReadonlyArray<QueryConcept>, written: ReadonlyArray<string>, writtenAt: ReadonlyMap<string, number>): number => {
  const things = concepts
    .map((concept, at) => ({ at, position: writtenAt.get(concept.stem) ?? -1 }))
    .filter(({ at, position }) => !concepts[at].action && position >= 0)
  if (things.length < 2) return -1
  const first = Math.min(...things.map((thing) => thing.position))
  const lastPosition = Math.max(...things.map((thing) => thing.position))
  for (let word = first + 1; word < lastPosition; word++) {
    if (!PREPOSITIONS.has(written[word])) continue
    const before = things.filter((thing) => thing.position < word)
    return before.reduce((best, thing) => (thing.position > best.position ? thing : best)).at
  }
  return things.reduce((best, thing) => (thing.position > best.position ? thing : best)).at
}

const last = (concepts: ReadonlyMap<string, QueryConcept>): QueryConcept | undefined => {
  let found: QueryConcept | undefined
  for (const concept of concepts.values()) found = concept
  return found
}

/**
 * Whether a verb says again what the verb just before it said ("list all", "create a new", "show
 * all", "lister tous"): it is one of the first's words, and every word that would satisfy it
 * satisfies the first too. Counting it as a second concept would weigh one intent twice against
 * the query's things. A word that means more ("calendar", then "create") is not a restatement.
 */
const restates = (previous: QueryConcept | undefined, concept: QueryConcept): boolean => {
  if (previous === undefined || !previous.action || !concept.action || previous.stem === concept.stem) return false
  const words = new Set(previous.terms.map((term) => term.term))
  return (
    concept.terms.some((term) => term.quality >= weights().translated && words.has(term.term)) &&
    concept.terms.every((term) => term.term === concept.stem || words.has(term.term))
  )
}

/**
 * Words that introduce the object of an imperative: after one of them, the word before is a verb
 * ("refund a charge", "issue a virtual card", "text the customer", "comment on a page").
 */
const OBJECT_MARKERS: ReadonlySet<string> = new Set(["a", "an", "the", "my", "our", "your", "this", "that", "some", "on", "un", "une", "el", "una", "einen", "eine", "ein"])

/** Articles, after which a word is a noun: "create a label", "get the schedule", "crear una etiqueta". */
const ARTICLES: ReadonlySet<string> = new Set(["a", "an", "the", "un", "une", "le", "la", "les", "el", "una", "los", "las", "einen", "eine", "ein", "den", "die", "das"])

/**
 * Whether a word that is both a verb and a thing ("label", "log", "schedule") is the thing here:
 * it follows an article, as the object of the verb before it ("create a label", "add a tag").
 */
const isObjectOfVerb = (concept: QueryConcept, written: ReadonlyArray<string>, writtenAt: ReadonlyMap<string, number>): boolean => {
  if (!concept.action || !isThing(concept.stem)) return false
  const at = writtenAt.get(concept.stem) ?? -1
  return at > 0 && written[at] === concept.written && ARTICLES.has(written[at - 1])
}

/**
 * Whether a query opens with a noun used as a verb: its first word, which no verb group lists, is
 * followed by an article ("refund a charge"), or by a particle and then one ("queue up a track").
 * Such a verb asks to make the thing it names (a refund, a comment, a text message, a place in a
 * queue), which the catalog's tools call creating or adding.
 */
const isUsedAsVerb = (written: ReadonlyArray<string>): boolean => {
  const object = PARTICLES.has(written[1] ?? "") ? 2 : 1
  return written.length > object + 1 && !isStopWord(written[0]) && !isPlural(written[0]) && OBJECT_MARKERS.has(written[object])
}

/** Words that complete an English phrasal verb ("queue up", "print out", "back up"). */
const PARTICLES: ReadonlySet<string> = new Set(["up", "out", "off", "down", "back", "over"])

/** The creation a noun used as a verb asks for ("refund a charge" creates a refund). */
const createIntent = (): QueryConcept => ({
  stem: "creat",
  written: "create",
  plural: false,
  terms: [{ term: stem("create"), quality: OWN }, ...synonymsOf(stem("create")).map((term) => ({ term, quality: weights().synonym }))],
  fuzzy: false,
  joins: [],
  implicit: true,
  action: true,
})

/**
 * Verbs that are also states ("open", "closed", "pending"): beside a plural noun and no other
 * verb ("open incidents", "incidentes abiertos", "closed pull requests") they describe the things
 * to list, not an action to take.
 */
const STATES: ReadonlySet<string> = new Set(["open", "closed", "close", "active", "pending", "resolved", "archived", "merged"].map((word) => stem(word)))

const isStateOfThings = (concept: QueryConcept, all: ReadonlyArray<QueryConcept>): boolean =>
  concept.action &&
  (isStateWord(concept) || isParticiple(concept)) &&
  all.some((other) => other !== concept && other.plural && !other.action) &&
  !all.some((other) => other !== concept && other.action)

/**
 * An English past participle ("liked songs", "starred repositories", "archived channels", "shared
 * files"): beside a plural and no other verb it says which things, as a state word does.
 */
const isParticiple = (concept: QueryConcept): boolean => concept.fuzzy && concept.written.length > 4 && concept.written.endsWith("ed")

const isStateWord = (concept: QueryConcept): boolean => concept.terms.some((term) => term.quality >= weights().translated && STATES.has(term.term))

/**
 * A state word as a thing: satisfied by its own word (or translation), not by its verb synonyms
 * ("open" is not "create"). A participle keeps its synonyms: "liked" songs are the saved ones.
 */
const asState = (concept: QueryConcept): QueryConcept =>
  isStateWord(concept)
    ? { ...concept, action: false, terms: concept.terms.filter((term) => term.quality >= weights().translated || term.quality === OWN) }
    : { ...concept, action: false }

/**
 * Words by which a query speaks of its own user ("my top artists", "which user am I", "mes
 * playlists"): APIs name what belongs to the caller "me", "current user", "self" or "whoami".
 */
const FIRST_PERSON: ReadonlySet<string> = new Set(["my", "me", "i", "mine", "myself", "mon", "ma", "mes", "moi", "mi", "mis", "yo", "mein", "meine", "meinen", "meiner", "ich", "mich", "mir"])
const SELF_TERMS: ReadonlyArray<string> = ["me", "current", "whoami", "self", "mine", "authent"]

/** What a first-person query implies: the tools about the caller, as a weak, implicit concept. */
const selfIntent = (): QueryConcept => ({
  stem: "me",
  written: "me",
  plural: false,
  terms: SELF_TERMS.map((term) => ({ term: stem(term), quality: weights().synonym })),
  fuzzy: false,
  joins: [],
  implicit: true,
  action: false,
})

const listIntent = (): QueryConcept => ({
  stem: "list",
  written: "list",
  plural: false,
  terms: [{ term: "list", quality: OWN }, ...synonymsOf("list").map((term) => ({ term, quality: weights().synonym }))],
  fuzzy: false,
  joins: [],
  implicit: true,
  action: true,
})

/**
 * Gives each concept the joined forms of its word with its neighbours: the two words written as
 * one ("on call" as `oncall`), the abbreviation they spell out ("direct message" as `dm`), and a
 * reversing verb folded into what it reverses ("remove ... star" as `unstar`).
 */
const attachJoins = (concepts: Array<QueryConcept>, written: ReadonlyArray<string>): void => {
  const join = (word: string, terms: ReadonlyArray<string>) => {
    const at = concepts.findIndex((concept) => concept.written === word)
    if (at < 0) return false
    concepts[at] = { ...concepts[at], joins: [...concepts[at].joins, ...terms] }
    return true
  }
  for (let i = 0; i + 1 < written.length; i++) {
    const joined = written[i] + written[i + 1]
    const short = abbreviationOf(`${written[i]} ${written[i + 1]}`)
    const terms = short === undefined ? [joined, stem(joined)] : [joined, stem(joined), short]
    // The joined form stands for both words, so it satisfies both concepts.
    join(written[i + 1], terms)
    join(written[i], terms)
  }
  for (let i = 0; i + 1 < concepts.length; i++) {
    if (!REVERSING.has(concepts[i].stem)) continue
    const reversed = `un${concepts[i + 1].stem}`
    for (const at of [i, i + 1]) concepts[at] = { ...concepts[at], joins: [...concepts[at].joins, reversed] }
  }
}

/** Verbs whose object may be named with `un-` ("remove a star" is `unstar`). */
const REVERSING: ReadonlySet<string> = new Set(["remov", "delet", "undo", "revers", "revok", "drop"])

const conceptOf = (word: string, translations: ReadonlyArray<string>): QueryConcept => {
  const { translated: TRANSLATED, synonym: SYNONYM, foreignSpelling: FOREIGN_SPELLING } = weights()
  const own = stem(word)
  const terms = new Map<string, number>()
  const note = (term: string, quality: number) => {
    if (quality > (terms.get(term) ?? 0)) terms.set(term, quality)
  }
  // A foreign word means what its translations say: German "Termin" is an appointment, not a
  // "terminal" nor a kind of "terminate", though its spelling stems like both. A word that is
  // also English as written ("plan", German for a schedule) keeps its English sense too.
  const foreign = translations.length > 0 && !translations.includes(own) && !isEnglishWritten(word)
  note(own, foreign ? FOREIGN_SPELLING : OWN)
  for (const short of shortFormsOf(word)) note(stem(short), OWN)
  for (const translation of translations) note(translation, TRANSLATED)
  if (!foreign) for (const synonym of synonymsOf(own)) note(synonym, SYNONYM)
  for (const translation of translations) for (const synonym of synonymsOf(translation)) note(synonym, SYNONYM * TRANSLATED)
  return {
    stem: own,
    written: word,
    plural: isPlural(word),
    terms: [...terms].map(([term, quality]) => ({ term, quality })),
    fuzzy: translations.length === 0 || translations.includes(own),
    joins: [],
    implicit: false,
    action: isActionWord(word, own),
  }
}

/**
 * Whether a word asks for an action. A foreign word the tables list means what they say it means,
 * whatever English word its spelling stems like: German "Termin" is an appointment, though
 * "terminate" stems to `termin` too.
 */
const isActionWord = (word: string, own: string): boolean => {
  // "labels", "logs", "schedules": a word that is both a verb and a thing, written as a plural, is
  // the things (a query does not say "labels" for "label it").
  if (isPlural(word) && isThing(own)) return false
  const listed = translateExactly(word)
  if (listed.some((translation) => isAction(translation))) return true
  return isAction(own) && (listed.length === 0 || listed.includes(own) || isActionWritten(word))
}
