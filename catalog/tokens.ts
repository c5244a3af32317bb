/**
 * Words for search: how paths, descriptions and queries become comparable tokens.
 *
 * Tool names come in every convention (`lookupById`, `resolve-library-id`, `list_orders`,
 * `orders.lookup`) and models write queries in plain words, often with accents stripped or added
 * and plurals where the name has a singular. So text is split at every non-letter, non-digit and at
 * camelCase humps, lowercased, stripped of diacritics (`café` is `cafe`), and folded to a rough
 * singular (`orders` is `order`, `categories` is `category`, `addresses` is `address`). Scripts
 * without spaces or case (CJK) stay as whole runs; that is enough to match them exactly.
 *
 * The same function tokenises both sides, which is what makes the folding safe: whatever it does
 * to "shipments" in a description it also does to "shipments" in a query. Search proper stems the
 * words as written (`stemming.ts`) and keeps plurals in names as written (`search-index.ts`); the
 * rough fold here serves the plain BM25 baseline and the plural test.
 */

/** Words too common to tell tools apart. */
const STOP_WORDS = new Set([
  "a", "an", "the", "of", "for", "to", "by", "in", "on", "and", "or", "with", "from", "at", "is", "it",
  "its", "this", "that", "be", "as", "into", "via", "tool", "tools",
])

const WORD = /[\p{L}\p{N}]+/gu
/**
 * A camelCase word's humps. A capitalised acronym's plural (`PRs`, `IDs`, `URLs`) is one hump, not
 * an acronym minus a letter and a stray `Rs`: descriptions write them so all the time.
 */
const HUMP = /\p{Lu}{2,}s(?!\p{Ll})|\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}\p{N}]+/gu

/**
 * Receives each word of a text: its folded token, the lowercase form it was written in, and
 * whether it is a camelCase word kept whole beside its humps (`context7` after `context`, `7`).
 */
export type Emit = (token: string, written: string, joined: boolean) => void

/** The distinct tokens of a text, in first-seen order. */
export const tokenize = (text: string): Array<string> => {
  const tokens = new Set<string>()
  scan(text, (token) => tokens.add(token), false, true)
  return [...tokens]
}

/**
 * Every word of a text, repeats included, without collecting them: for building an index. With
 * `keepStopWords`, "on" in "on call" is emitted too (a query reads neighbours through it). With
 * `fold`, the token is the rough singular; without it (the index and queries, which stem the
 * written form and need no fold) it is the written form, and the fold's cost is saved.
 */
export const scan = (text: string, emit: Emit, keepStopWords = false, fold = false): void => {
  const options = (keepStopWords ? KEEP : 0) | (fold ? FOLD : 0)
  const rest = scanAscii(text, emit, options)
  if (rest < 0) return
  // Accents, other scripts: the rest of the text, from the start of the word where ASCII ended.
  for (const word of text.slice(rest).normalize("NFKD").replace(/\p{M}+/gu, "").match(WORD) ?? []) addWord(emit, word, options)
}

/** `scan`'s options as bits, so the per-word helpers take one number. */
const KEEP = 1
const FOLD = 2

/**
 * The ASCII case by hand, since it is nearly every description and building an index tokenises
 * thousands of them: words are runs of letters and digits, and a word with no capital after its
 * first letter and no digit (most words) is one token without consulting `HUMP`. At the first
 * character beyond ASCII it stops and returns where the word holding it starts, for the general
 * case to read the rest; -1 when it read the whole text.
 */
const scanAscii = (text: string, emit: Emit, options: number): number => {
  let start = -1
  let simple = true
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0
    if (code > 0x7f) return start < 0 ? i : start
    const lower = code >= 97 && code <= 122
    const upper = code >= 65 && code <= 90
    const digit = code >= 48 && code <= 57
    if (lower || upper || digit) {
      if (start < 0) {
        start = i
        simple = !digit
      } else if (upper || digit) {
        simple = false
      }
      continue
    }
    if (start >= 0) {
      const word = text.slice(start, i)
      if (simple) addToken(emit, word, false, options)
      else addAsciiWord(emit, word, options)
      start = -1
    }
  }
  return -1
}

/** Reused by `addAsciiWord`: where each hump ends, so splitting a word allocates only its humps. */
let humpEnds = new Int32Array(64)

/**
 * `addWord` for a word of ASCII letters and digits, with `HUMP`'s alternatives tried by hand in
 * its order: tool names are mostly camelCase words, and a regular expression per name is most of
 * what reading a name costs. At an upper-case run of two or more: the run and an `s` not followed
 * by a lower-case letter (`PRs`); else, before a lower-case letter, the run less its last letter
 * (`HTTP` of `HTTPServer`); else the whole run. One capital and lower-case letters, lower-case
 * letters, and digits are each one hump.
 */
const addAsciiWord = (emit: Emit, word: string, options: number): void => {
  if (humpEnds.length < word.length) humpEnds = new Int32Array(2 * word.length)
  const isUpper = (at: number) => at < word.length && word.charCodeAt(at) >= 65 && word.charCodeAt(at) <= 90
  const isLower = (at: number) => at < word.length && word.charCodeAt(at) >= 97 && word.charCodeAt(at) <= 122
  const isDigit = (at: number) => at < word.length && word.charCodeAt(at) >= 48 && word.charCodeAt(at) <= 57
  let humps = 0
  let at = 0
  while (at < word.length) {
    let end = at
    if (isUpper(at)) {
      while (isUpper(end)) end++
      if (end - at >= 2 && word.charCodeAt(end) === 115 && !isLower(end + 1)) end++
      else if (end - at >= 2 && isLower(end)) end--
      else if (end - at === 1) while (isLower(end)) end++
    } else if (isLower(at)) while (isLower(end)) end++
    else while (isDigit(end)) end++
    humpEnds[humps++] = end
    at = end
  }
  if (humps === 1) return addToken(emit, word, false, options)
  for (let hump = 0, from = 0; hump < humps; from = humpEnds[hump++]) addToken(emit, word.slice(from, humpEnds[hump]), false, options)
  if (humps <= 3) addToken(emit, word, true, options)
}

const addWord = (emit: Emit, word: string, options: number): void => {
  const humps = word.match(HUMP) ?? [word]
  for (const hump of humps) addToken(emit, hump, false, options)
  // `context7`, `oauth2`: keep the whole word too, so a query can name it as written.
  if (humps.length > 1 && humps.length <= 3) addToken(emit, word, true, options)
}

const addToken = (emit: Emit, word: string, joined: boolean, options: number): void => {
  const lower = word.toLowerCase()
  if ((options & KEEP) === 0 && STOP_WORDS.has(lower)) return
  emit((options & FOLD) === 0 ? lower : foldPlural(lower), lower, joined)
}

/** A rough English singular; short words and words that look singular already are kept. */
export const foldPlural = (word: string): string => {
  if (word.length <= 3 || !word.endsWith("s")) return word
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`
  if (word.endsWith("sses") || word.endsWith("uses")) return word.slice(0, -2)
  if (/(?:x|z|ch|sh)es$/.test(word)) return word.slice(0, -2)
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return word
  return word.slice(0, -1)
}

/** Scratch rows for `editDistance`, grown on demand and reused: searching must not allocate per word. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)]

/**
 * The optimal-string-alignment distance between two words (insertions, deletions, substitutions
 * and swaps of neighbours each cost one), or `limit + 1` as soon as it must exceed `limit`.
 */
export const editDistance = (a: string, b: string, limit: number): number => {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  if (b.length + 1 > rows[0].length) {
    const size = 2 * (b.length + 1)
    rows = [new Int32Array(size), new Int32Array(size), new Int32Array(size)]
  }
  let [beforePrevious, previous, current] = rows
  for (let j = 0; j <= b.length; j++) previous[j] = j
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, beforePrevious[j - 2] + 1)
      }
      current[j] = value
      if (value < best) best = value
    }
    if (best > limit) return limit + 1
    const spare = beforePrevious
    beforePrevious = previous
    previous = current
    current = spare
  }
  return previous[b.length]
}
