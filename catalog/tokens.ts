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
 * to "shipments" in a description it also does to "shipments" in a query.
 */

/** Words too common to tell tools apart. */
const STOP_WORDS = new Set([
  "a", "an", "the", "of", "for", "to", "by", "in", "on", "and", "or", "with", "from", "at", "is", "it",
  "its", "this", "that", "be", "as", "into", "via", "tool", "tools",
])

const ASCII = /^[\x00-\x7f]*$/
const WORD = /[\p{L}\p{N}]+/gu
const HUMP = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}\p{N}]+/gu

/** The distinct tokens of a text, in first-seen order. */
export const tokenize = (text: string): Array<string> => {
  const tokens = new Set<string>()
  const plain = ASCII.test(text) ? text : text.normalize("NFKD").replace(/\p{M}+/gu, "")
  for (const word of plain.match(WORD) ?? []) {
    const humps = word.match(HUMP) ?? [word]
    for (const hump of humps) addToken(tokens, hump)
    // `context7`, `oauth2`: keep the whole word too, so a query can name it as written.
    if (humps.length > 1 && humps.length <= 3) addToken(tokens, word)
  }
  return [...tokens]
}

const addToken = (tokens: Set<string>, word: string): void => {
  const lower = word.toLowerCase()
  if (STOP_WORDS.has(lower)) return
  tokens.add(foldPlural(lower))
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
