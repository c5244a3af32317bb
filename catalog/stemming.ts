/**
 * Stems, and the bridge from other languages to English: what makes "creating", "created" and
 * "creates" one word for search, and "Datei hochladen" a request to upload a file.
 *
 * English words go through the Porter2 (Snowball English) stemmer of `@orama/stemmers`, a
 * maintained package of the Snowball algorithms with no dependencies; the French, Spanish and
 * German Snowball stemmers of the same package let `TRANSLATIONS` (`vocabulary.ts`) list each
 * foreign word once and still match its inflections ("fichiers", "réunions", "Dateien"). Stemming
 * costs about a microsecond a word, and an index reads every word of every description, so stems
 * are memoised by word: a catalog of 5,000 tools has some thousands of distinct words, not the
 * hundreds of thousands it has in all.
 *
 * Translation is deliberately plain: a foreign word (accents stripped) or its stem names English
 * words, and German compounds that are not listed are split into listed parts ("Fehlerdetails" is
 * "Fehler" + "details", each then read as a word of its own). Nothing guesses a query's language: a word is looked up in every table,
 * which is safe because the tables hold words, not rules, and an English word that happens to be
 * French ("page", "table") maps to itself.
 */

import { stemmer as english } from "@orama/stemmers/english"
import { stemmer as french } from "@orama/stemmers/french"
import { stemmer as german } from "@orama/stemmers/german"
import { stemmer as spanish } from "@orama/stemmers/spanish"
import { foldPlural } from "./tokens.js"
import { ABBREVIATIONS, ACTIONS, STEM_EXCEPTIONS, STOP_WORDS, THINGS, TRANSLATIONS } from "./vocabulary.js"

/** Memoised stems; cleared when it grows past this, so a long-lived host does not hoard words. */
const STEM_CACHE_LIMIT = 200_000
const stems = new Map<string, string>()

const exceptions: ReadonlyMap<string, string> = new Map(Object.entries(STEM_EXCEPTIONS))

/** The English stem of a lowercase, accent-free word. Numbers and very short words are kept. */
export const stem = (word: string): string => {
  let known = stems.get(word)
  if (known === undefined) {
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear()
    known = word.length <= 2 || !/^[a-z]+$/.test(word) ? word : (exceptions.get(word) ?? english(word))
    stems.set(word, known)
  }
  return known
}

/**
 * Whether a word is written as a plural: the tokeniser's rough fold says so ("orders",
 * "categories"), or it ends in "-is" and stems like its singular ("emojis"; not "analysis").
 */
export const isPlural = (word: string): boolean =>
  foldPlural(word) !== word || (word.length > 4 && /[^s]is$/.test(word) && stem(word) === stem(word.slice(0, -1)))

export const stripAccents = (text: string): string => text.normalize("NFKD").replace(/\p{M}+/gu, "")

const stopWords: ReadonlySet<string> = new Set(STOP_WORDS.map(stripAccents))
export const isStopWord = (word: string): boolean => stopWords.has(word)

/** Abbreviation -> the words it stands for. */
export const expansionOf = (word: string): ReadonlyArray<string> | undefined => expansions.get(word)
const expansions: ReadonlyMap<string, ReadonlyArray<string>> = new Map(
  Object.entries(ABBREVIATIONS).map(([short, long]) => [short, long.split(" ")]),
)

/** The words an abbreviation stands for -> the abbreviation ("direct message" -> `dm`). */
const abbreviations: ReadonlyMap<string, string> = new Map(
  Object.entries(ABBREVIATIONS)
    .filter(([short, long]) => long.includes(" ") && !long.startsWith(`${short} `))
    .map(([short, long]) => [long, short]),
)
export const abbreviationOf = (phrase: string): string | undefined => abbreviations.get(phrase)

/** A word -> the one-word abbreviations of it ("repository" -> `repo`), which name it as well. */
const shortForms: ReadonlyMap<string, ReadonlyArray<string>> = (() => {
  const forms = new Map<string, Array<string>>()
  for (const [short, long] of Object.entries(ABBREVIATIONS)) {
    if (long.includes(" ") || long === short) continue
    const list = forms.get(long) ?? []
    list.push(short)
    forms.set(long, list)
  }
  return forms
})()
export const shortFormsOf = (word: string): ReadonlyArray<string> => shortForms.get(word) ?? []

/** Stem -> the stems of the words that share a group with it (itself left out). */
const synonymsByStem: ReadonlyMap<string, ReadonlyArray<string>> = (() => {
  const related = new Map<string, Set<string>>()
  for (const group of [...ACTIONS, ...THINGS]) {
    const members = [...new Set(group.map((word) => stem(word)))]
    for (const member of members) {
      let set = related.get(member)
      if (set === undefined) related.set(member, (set = new Set()))
      for (const other of members) if (other !== member) set.add(other)
    }
  }
  return new Map([...related].map(([key, set]) => [key, [...set]]))
})()

export const synonymsOf = (wordStem: string): ReadonlyArray<string> => synonymsByStem.get(wordStem) ?? []

const actionStems: ReadonlySet<string> = new Set(ACTIONS.flat().map((word) => stem(word)))
/** Actions that only read: the get, list and search groups of `ACTIONS`. */
const readingStems: ReadonlySet<string> = new Set(
  ACTIONS.filter((group) => ["get", "list", "search"].includes(group[0])).flat().map((word) => stem(word)),
)
/** Whether an action stem changes nothing ("get", "list", "search"; not "create", "delete"). */
export const isReading = (wordStem: string): boolean => readingStems.has(wordStem)
const actionWords: ReadonlySet<string> = new Set(ACTIONS.flat())
/** Whether a word as written (not its stem) is one of the verbs of `ACTIONS`. */
export const isActionWritten = (word: string): boolean => actionWords.has(word)
/** Whether a stem names an action ("create", "delete", "show"), not a thing. */
export const isAction = (wordStem: string): boolean => actionStems.has(wordStem)
const thingStems: ReadonlySet<string> = new Set(THINGS.flat().map((word) => stem(word)))
/** Whether a stem names a thing of the noun groups ("label", "log", "schedule"), whatever else it names. */
export const isThing = (wordStem: string): boolean => thingStems.has(wordStem)
const groupWords: ReadonlySet<string> = new Set([...actionWords, ...THINGS.flat()])
/** Whether a word as written is one of the English words of the verb and noun groups ("plan", not "termin"). */
export const isEnglishWritten = (word: string): boolean => groupWords.has(word)
/** Whether a stem is an English word of the verb and noun groups. */
const isKnownEnglish = (wordStem: string): boolean => synonymsByStem.has(wordStem)

type Stemmer = (word: string) => string
const FOREIGN: ReadonlyArray<readonly [Stemmer, Readonly<Record<string, string>>]> = [
  [french, TRANSLATIONS.fr],
  [spanish, TRANSLATIONS.es],
  [german, TRANSLATIONS.de],
]

/** Foreign word or foreign stem -> English stems, built on first use. */
let translations: Map<string, Set<string>> | undefined
/** German words of the table, for splitting compounds. */
let germanWords: Set<string> | undefined

const translationTable = (): Map<string, Set<string>> => {
  if (translations !== undefined) return translations
  const table = new Map<string, Set<string>>()
  const note = (key: string, meaning: string) => {
    let set = table.get(key)
    if (set === undefined) table.set(key, (set = new Set()))
    for (const word of meaning.split(" ")) if (!stopWords.has(word)) set.add(stem(word))
  }
  for (const [foreignStem, words] of FOREIGN) {
    for (const [word, meaning] of Object.entries(words)) {
      const plain = stripAccents(word)
      note(plain, meaning)
      note(`~${foreignStem(plain)}`, meaning)
    }
  }
  germanWords = new Set(Object.keys(TRANSLATIONS.de).map(stripAccents))
  translations = table
  return table
}

/**
 * The English stems a foreign word listed as written stands for ("auflisten"), without the
 * matches by foreign stem that `translate` adds. An English word can share a foreign stem with an
 * unrelated foreign word ("page" and Spanish "pagar", to pay); only a listed word is trusted to
 * say that a query asks for an action.
 */
export const translateExactly = (word: string): ReadonlyArray<string> => [...(translationTable().get(word) ?? [])]

/** The English stems a foreign word (lowercase, accents stripped) stands for; empty when none. */
export const translate = (word: string): ReadonlyArray<string> => {
  const table = translationTable()
  const listed = table.get(word)
  // A listed word means what its entry says ("incidentes": incidents), and a word whose English
  // stem the groups know is English ("incidents"): neither is read through a foreign stem it
  // happens to share with another word (Spanish "incidencia", an issue).
  if (listed !== undefined) return [...listed]
  const found = new Set<string>()
  if (word.length > 3 && !isKnownEnglish(stem(word))) {
    for (const [foreignStem] of FOREIGN) for (const meaning of table.get(`~${foreignStem(word)}`) ?? []) found.add(meaning)
  }
  return [...found]
}

/**
 * A German compound as two listed words, the joining `s` or `n` allowed between them
 * ("bereitschaftsplan" is "bereitschaft" + "plan"); nothing when no split is found.
 */
export const compoundParts = (word: string): ReadonlyArray<string> => {
  if (word.length < 8) return []
  translationTable()
  const known = germanWords!
  for (let cut = word.length - 3; cut >= 3; cut--) {
    const head = word.slice(0, cut)
    const tail = word.slice(cut)
    const heads = [head, head.endsWith("s") || head.endsWith("n") ? head.slice(0, -1) : head]
    for (const candidate of heads) {
      if (known.has(candidate) && (known.has(tail) || tail.length >= 4)) return [candidate, tail]
    }
  }
  return []
}
