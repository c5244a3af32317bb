/**
 * `Date.parse`: text to a time value, without the host's `Date`.
 *
 * The standard requires only the Date Time String Format (`2024-01-02T03:04:05.000Z` and its
 * shorter forms) and the strings toString/toUTCString produce; anything else is left to the
 * implementation. Programs are written against Node, so this parser accepts what V8 accepts,
 * following the rules V8's parser documents:
 *
 * - An ISO prefix is read first: `[+-YY]YYYY[-MM[-DD]][THH:mm[:ss[.s+]][Z|+hh:mm|+hhmm]]`. A
 *   string that is entirely ISO is done (date-only forms are UTC). A broken time part after `T`
 *   fails outright; any other mismatch hands the rest of the input to the legacy scan, keeping
 *   the date fields already read.
 * - The legacy scan reads tokens: numbers followed by `:` are time fields (`h:m:s.ms`), other
 *   numbers are date fields; a word whose first three letters name a month is the month; `am`/
 *   `pm`, `ut`/`utc`/`gmt`/`z` and the US zone abbreviations are understood; a signed number
 *   after a time or `GMT` is an offset (`+0530`, `-8`, `+05:30`); text in parentheses and other
 *   punctuation is skipped; an unknown word after the first number makes the string invalid.
 * - Date fields without a month name are month/day/year unless the first cannot be a day
 *   (`2024/1/2`); with a month name the two numbers are day and year in either order; missing
 *   fields are 1 (so a missing year is 2001, V8's historical default); years 0-49 are 2000-2049
 *   and 50-99 are 1950-1999.
 *
 * Local time is UTC in Code Mode (`date-time.ts`), so a string without an offset is read as UTC,
 * exactly as Node reads it under `TZ=UTC`. The work is linear in the input; the caller charges it.
 */

import { makeDate, makeDay, makeTime, timeClip } from "./date-time.js"

const enum Kind {
  Number,
  Symbol,
  Word,
  Space,
  Other,
  End,
}
const enum Word {
  Month,
  AmPm,
  Zone,
  TimeSeparator,
  Unknown,
}

interface Token {
  kind: Kind
  /** Number: its value (first nine significant digits); Symbol: the character code; Word: per type. */
  value: number
  /** Number and Word: how many characters it spans. */
  length: number
  word: Word
}

/** Keywords by their first (up to) three lowercase letters; longer words match months only. */
const KEYWORDS = new Map<string, [Word, number]>([
  ...["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map((m, i): [string, [Word, number]] => [m, [Word.Month, i + 1]]),
  ["am", [Word.AmPm, 0]],
  ["pm", [Word.AmPm, 12]],
  ["ut", [Word.Zone, 0]],
  ["utc", [Word.Zone, 0]],
  ["z", [Word.Zone, 0]],
  ["gmt", [Word.Zone, 0]],
  ["cdt", [Word.Zone, -5]],
  ["cst", [Word.Zone, -6]],
  ["edt", [Word.Zone, -4]],
  ["est", [Word.Zone, -5]],
  ["mdt", [Word.Zone, -6]],
  ["mst", [Word.Zone, -7]],
  ["pdt", [Word.Zone, -7]],
  ["pst", [Word.Zone, -8]],
  ["t", [Word.TimeSeparator, 0]],
])

const MAX_SIGNIFICANT_DIGITS = 9
const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isSpace = (c: number): boolean => /\s/.test(String.fromCharCode(c))
const between = (x: number, lo: number, hi: number): boolean => x >= lo && x <= hi
const isMonth = (x: number): boolean => between(x, 1, 12)
const isDay = (x: number): boolean => between(x, 1, 31)
const isHour = (x: number): boolean => between(x, 0, 23)
const isMinute = (x: number): boolean => between(x, 0, 59)

const token = (kind: Kind, value = 0, length = 0, word = Word.Unknown): Token => ({ kind, value, length, word })
const END = token(Kind.End)

/** Splits the input into tokens on demand, with one token of lookahead. */
class Scanner {
  private pos = 0
  private ahead: Token
  constructor(private readonly text: string) {
    this.ahead = this.scan()
  }
  peek(): Token {
    return this.ahead
  }
  next(): Token {
    const t = this.ahead
    this.ahead = this.scan()
    return t
  }
  skipSymbol(ch: string): boolean {
    if (isSymbol(this.ahead, ch)) {
      this.next()
      return true
    }
    return false
  }

  private scan(): Token {
    const s = this.text
    if (this.pos >= s.length) return END
    const start = this.pos
    const c = s.charCodeAt(start)
    if (isDigit(c)) {
      while (this.pos < s.length && s.charCodeAt(this.pos) === 48) this.pos++
      let value = 0
      let significant = 0
      while (this.pos < s.length && isDigit(s.charCodeAt(this.pos))) {
        if (significant++ < MAX_SIGNIFICANT_DIGITS) value = value * 10 + s.charCodeAt(this.pos) - 48
        this.pos++
      }
      return token(Kind.Number, value, this.pos - start)
    }
    if (":-+.)".includes(s[start]!)) {
      this.pos++
      return token(Kind.Symbol, c, 1)
    }
    if (isSpace(c)) {
      this.pos++
      return token(Kind.Space)
    }
    if (c >= 65) {
      while (this.pos < s.length && s.charCodeAt(this.pos) >= 65 && !isSpace(s.charCodeAt(this.pos))) this.pos++
      const length = this.pos - start
      const prefix = s.slice(start, start + Math.min(length, 3)).toLowerCase()
      const hit = KEYWORDS.get(prefix)
      if (hit === undefined || (length > 3 && hit[0] !== Word.Month)) return token(Kind.Word, 0, length, Word.Unknown)
      return token(Kind.Word, hit[1], length, hit[0])
    }
    if (c === 40) {
      // A parenthesised comment, nested parentheses balanced, is skipped whole.
      let depth = 0
      do {
        const d = s.charCodeAt(this.pos)
        if (d === 40) depth++
        else if (d === 41) depth--
        this.pos++
      } while (depth > 0 && this.pos < s.length)
      return token(Kind.Other)
    }
    this.pos++
    return token(Kind.Other)
  }
}

const isSymbol = (t: Token, ch: string): boolean => t.kind === Kind.Symbol && t.value === ch.charCodeAt(0)
const isSign = (t: Token): boolean => isSymbol(t, "+") || isSymbol(t, "-")
const signOf = (t: Token): number => (isSymbol(t, "-") ? -1 : 1)
const isNumberOfLength = (t: Token, length: number): boolean => t.kind === Kind.Number && t.length === length
const isZoneZ = (t: Token): boolean => t.kind === Kind.Word && t.word === Word.Zone && t.length === 1 && t.value === 0

/** A fraction of a second as milliseconds: its first three digits, leading zeros counted. */
const milliseconds = (t: Token): number => {
  const length = Math.min(t.length, MAX_SIGNIFICANT_DIGITS)
  if (length <= 3) return t.value * 10 ** (3 - length)
  return Math.floor(t.value / 10 ** (length - 3))
}

/** The fields read so far: date numbers, time numbers, and the zone offset. */
class Fields {
  readonly day: number[] = []
  namedMonth = 0
  iso = false
  readonly time: number[] = []
  hourOffset: number | null = null
  zoneSign = 0
  zoneHour: number | null = null
  zoneMinute: number | null = null

  addDay(n: number): boolean {
    if (this.day.length >= 3) return false
    this.day.push(n)
    return true
  }
  addTime(n: number): boolean {
    if (this.time.length >= 4) return false
    this.time.push(n)
    return true
  }
  /** The last time field given: the rest are zero. */
  addFinalTime(n: number): boolean {
    if (!this.addTime(n)) return false
    while (this.time.length < 4) this.time.push(0)
    return true
  }
  timeExpects(n: number): boolean {
    const i = this.time.length
    return (i === 1 && isMinute(n)) || (i === 2 && isMinute(n)) || (i === 3 && between(n, 0, 999))
  }
  setZone(hours: number): void {
    this.zoneSign = hours < 0 ? -1 : 1
    this.zoneHour = Math.abs(hours)
    this.zoneMinute = 0
  }
  zoneExpectsMinute(n: number): boolean {
    return this.zoneHour !== null && this.zoneMinute === null && isMinute(n)
  }
  zoneIsUtc(): boolean {
    return this.zoneHour === 0 && this.zoneMinute === 0
  }

  /** The time value, or NaN when the fields do not make a date. */
  compose(): number {
    if (this.day.length === 0) return Number.NaN
    // Missing fields are 1, so a missing year is year 1, which becomes 2001 below.
    const d = [...this.day]
    while (d.length < 3) d.push(1)
    let year: number
    let month: number
    let date: number
    if (this.namedMonth === 0) {
      if (this.iso || !isDay(d[0]!)) [year, month, date] = d as [number, number, number]
      else [month, date, year] = d as [number, number, number]
    } else {
      month = this.namedMonth
      if (!isDay(d[0]!)) [year, date] = d as [number, number]
      else [date, year] = d as [number, number]
    }
    if (!this.iso) {
      if (between(year, 0, 49)) year += 2000
      else if (between(year, 50, 99)) year += 1900
    }
    if (!isMonth(month) || !isDay(date)) return Number.NaN

    const t = [...this.time]
    while (t.length < 4) t.push(0)
    let [hour, minute, second, ms] = t as [number, number, number, number]
    if (this.hourOffset !== null) {
      if (!between(hour, 0, 12)) return Number.NaN
      hour = (hour % 12) + this.hourOffset
    }
    const inRange = isHour(hour) && isMinute(minute) && isMinute(second) && between(ms, 0, 999)
    if (!inRange && !(hour === 24 && minute === 0 && second === 0 && ms === 0)) return Number.NaN

    const offsetMs = this.zoneSign === 0 ? 0 : this.zoneSign * ((this.zoneHour ?? 0) * 3600 + (this.zoneMinute ?? 0) * 60) * 1000
    return timeClip(makeDate(makeDay(year, month - 1, date), makeTime(hour, minute, second, ms)) - offsetMs)
  }
}

/**
 * Reads the ISO prefix. Returns `null` when the whole string was ISO, `undefined` when it is
 * invalid, else the token the legacy scan starts from.
 */
function readIso(sc: Scanner, f: Fields): Token | null | undefined {
  if (isSign(sc.peek())) {
    const sign = sc.next()
    if (!isNumberOfLength(sc.peek(), 6)) return sign
    const year = sc.next().value
    if (signOf(sign) < 0 && year === 0) return sign
    f.addDay(signOf(sign) * year)
  } else if (isNumberOfLength(sc.peek(), 4)) {
    f.addDay(sc.next().value)
  } else {
    return sc.next()
  }
  if (sc.skipSymbol("-")) {
    if (!isNumberOfLength(sc.peek(), 2) || !isMonth(sc.peek().value)) return sc.next()
    f.addDay(sc.next().value)
    if (sc.skipSymbol("-")) {
      if (!isNumberOfLength(sc.peek(), 2) || !isDay(sc.peek().value)) return sc.next()
      f.addDay(sc.next().value)
    }
  }
  const t = sc.peek()
  if (!(t.kind === Kind.Word && t.word === Word.TimeSeparator)) {
    if (t.kind !== Kind.End) return sc.next()
  } else if (!readIsoTime(sc, f)) {
    return undefined
  }
  if (f.zoneHour === null && f.time.length === 0) f.setZone(0)
  f.iso = true
  return null
}

/** `THH:mm[:ss[.s+]][Z|±hh:mm|±hhmm]` to the end of the input; false when malformed. */
function readIsoTime(sc: Scanner, f: Fields): boolean {
  sc.next()
  const two = (ok: (n: number) => boolean): boolean => isNumberOfLength(sc.peek(), 2) && ok(sc.peek().value)
  if (!two((n) => between(n, 0, 24))) return false
  const hourIs24 = sc.peek().value === 24
  f.addTime(sc.next().value)
  if (!sc.skipSymbol(":") || !two(isMinute) || (hourIs24 && sc.peek().value > 0)) return false
  f.addTime(sc.next().value)
  if (sc.skipSymbol(":")) {
    if (!two(isMinute) || (hourIs24 && sc.peek().value > 0)) return false
    f.addTime(sc.next().value)
    if (sc.skipSymbol(".")) {
      if (sc.peek().kind !== Kind.Number || (hourIs24 && sc.peek().value > 0)) return false
      f.addTime(milliseconds(sc.next()))
    }
  }
  if (isZoneZ(sc.peek())) {
    sc.next()
    f.setZone(0)
  } else if (isSign(sc.peek())) {
    f.zoneSign = signOf(sc.next())
    if (isNumberOfLength(sc.peek(), 4)) {
      const hhmm = sc.next().value
      if (!isHour(Math.floor(hhmm / 100)) || !isMinute(hhmm % 100)) return false
      f.zoneHour = Math.floor(hhmm / 100)
      f.zoneMinute = hhmm % 100
    } else {
      if (!two(isHour)) return false
      f.zoneHour = sc.next().value
      if (!sc.skipSymbol(":") || !two(isMinute)) return false
      f.zoneMinute = sc.next().value
    }
  }
  return sc.peek().kind === Kind.End
}

/** One legacy number: a time field, a zone minute, or a date field; false when invalid. */
function legacyNumber(sc: Scanner, f: Fields, n: number): boolean {
  if (sc.skipSymbol(":")) {
    if (sc.skipSymbol(":")) {
      if (f.time.length > 0) return false
      f.addTime(n)
      f.addTime(0)
    } else {
      if (!f.addTime(n)) return false
      if (isSymbol(sc.peek(), ".")) sc.next()
    }
  } else if (sc.skipSymbol(".") && f.timeExpects(n)) {
    f.addTime(n)
    if (sc.peek().kind !== Kind.Number) return false
    f.addFinalTime(milliseconds(sc.next()))
  } else if (f.zoneExpectsMinute(n)) {
    f.zoneMinute = n
  } else if (f.timeExpects(n)) {
    f.addFinalTime(n)
    const p = sc.peek()
    if (p.kind !== Kind.End && p.kind !== Kind.Space && !isZoneZ(p) && !isSign(p)) return false
  } else {
    if (!f.addDay(n)) return false
    sc.skipSymbol("-")
  }
  return true
}

/** A signed offset after a time or `GMT`: `+hh:mm`, `-8`, `+0530`; false when invalid. */
function legacyOffset(sc: Scanner, f: Fields, sign: Token): boolean {
  f.zoneSign = signOf(sign)
  let n = 0
  let length = 0
  if (sc.peek().kind === Kind.Number) {
    const t = sc.next()
    n = t.value
    length = t.length
  }
  if (isSymbol(sc.peek(), ":")) {
    f.zoneHour = n
    f.zoneMinute = null
  } else if (length === 1 || length === 2) {
    f.zoneHour = n
    f.zoneMinute = 0
  } else if (length === 3 || length === 4) {
    f.zoneHour = Math.floor(n / 100)
    f.zoneMinute = n % 100
  } else {
    return false
  }
  return true
}

/** `Date.parse(text)`: a time value, NaN when the text is not a date. */
export function parseDate(text: string): number {
  const sc = new Scanner(text)
  const f = new Fields()
  const first = readIso(sc, f)
  if (first === undefined) return Number.NaN
  let readNumber = f.day.length > 0
  for (let t = first ?? END; t.kind !== Kind.End; t = sc.next()) {
    if (t.kind === Kind.Number) {
      readNumber = true
      if (!legacyNumber(sc, f, t.value)) return Number.NaN
    } else if (t.kind === Kind.Word) {
      if (t.word === Word.AmPm && f.time.length > 0) f.hourOffset = t.value
      else if (t.word === Word.Month) {
        f.namedMonth = t.value
        sc.skipSymbol("-")
      } else if (t.word === Word.Zone && readNumber) f.setZone(t.value)
      else if (readNumber || sc.peek().kind === Kind.Number) return Number.NaN
    } else if (isSign(t) && (f.zoneIsUtc() || f.time.length > 0)) {
      readNumber = true
      if (!legacyOffset(sc, f, t)) return Number.NaN
    } else if ((isSign(t) || isSymbol(t, ")")) && readNumber) {
      return Number.NaN
    }
  }
  return f.compose()
}
