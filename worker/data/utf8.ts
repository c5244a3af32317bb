/**
 * UTF-8 at the edge between byte strings and text.
 *
 * Inside an engine a string is a *byte string*: a JavaScript string whose every char code is a
 * byte (0..255), so that `#s` and patterns see bytes as real Lua does. Outside, the host speaks
 * JavaScript text (UTF-16). These helpers convert between the two, and they are the only place
 * that does.
 *
 * Most strings that cross are ASCII, and an ASCII string is the same in both forms, so every
 * conversion first asks one regular expression whether there is anything to do and returns its
 * input unchanged when there is not: no copy, no allocation. The rest goes through Node's native
 * UTF-8 codecs on a Latin-1 view of the bytes.
 *
 * Decoding is strict (RFC 3629 as WHATWG's decoder applies it: no overlong forms, no surrogates,
 * nothing above U+10FFFF, a byte-order mark kept as text) because text that crosses to JSON must
 * be valid; `textFromBytesLossy` is the forgiving variant for logs and messages.
 */

const NON_ASCII = /[^\x00-\x7f]/

const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })

/** True when every char code of `s` is below 128 (so the byte and text forms coincide). */
export const isAscii = (s: string): boolean => !NON_ASCII.test(s)

/** JavaScript text to a byte string of its UTF-8 encoding; a lone surrogate becomes U+FFFD. */
export const bytesFromText = (text: string): string => {
  if (!NON_ASCII.test(text)) return text
  return Buffer.from(text, "utf8").toString("latin1")
}

/** A byte string read as UTF-8 text, or `undefined` when the bytes are not valid UTF-8. */
export const textFromBytes = (bytes: string): string | undefined => {
  if (!NON_ASCII.test(bytes)) return bytes
  try {
    return strictDecoder.decode(Buffer.from(bytes, "latin1"))
  } catch {
    return undefined
  }
}

/** A byte string read as UTF-8 text, each invalid sequence replaced by U+FFFD (for logs). */
export const textFromBytesLossy = (bytes: string): string => {
  if (!NON_ASCII.test(bytes)) return bytes
  return Buffer.from(bytes, "latin1").toString("utf8")
}

/**
 * The 0-based offset of the first byte that does not start or continue a valid UTF-8 sequence,
 * or -1 when `bytes` is valid. Used only to point at the problem in an error message, so it is a
 * plain loop rather than a fast one.
 */
export const invalidUtf8Offset = (bytes: string): number => {
  const n = bytes.length
  let i = 0
  while (i < n) {
    const c = bytes.charCodeAt(i)
    if (c < 0x80) {
      i++
      continue
    }
    let need: number
    let low = 0x80
    let high = 0xbf
    if (c >= 0xc2 && c <= 0xdf) need = 1
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2
      if (c === 0xe0) low = 0xa0 // overlong
      else if (c === 0xed) high = 0x9f // surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3
      if (c === 0xf0) low = 0x90 // overlong
      else if (c === 0xf4) high = 0x8f // above U+10FFFF
    } else return i
    for (let k = 1; k <= need; k++) {
      const d = i + k < n ? bytes.charCodeAt(i + k) : -1
      if (d < low || d > high) return i
      low = 0x80
      high = 0xbf
    }
    i += need + 1
  }
  return -1
}
