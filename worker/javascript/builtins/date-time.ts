/**
 * The calendar arithmetic of `Date`, written out from ECMA-262 §21.4.1 on plain numbers.
 *
 * A time value is a count of milliseconds since 1970-01-01T00:00:00Z, ignoring leap seconds, in
 * the range ±8.64e15, or NaN for an invalid date. Everything a Date method reports or accepts is
 * derived from that one number by the standard's small functions — `Day`, `YearFromTime`,
 * `MonthFromTime`, `MakeDay`, `MakeTime`, `TimeClip` — which are reproduced here under their
 * standard names so each line can be checked against the specification. The host's own `Date` is
 * never consulted: its answers would depend on the host's time zone and could not be audited.
 *
 * Local time. The worker has no time zone of its own, so "local" is defined to be UTC: LocalTime
 * and UTC are the identity and the offset is always zero. Programs get the same answers on every
 * host, and Node run with `TZ=UTC` agrees with them exactly (that is how the conformance cases are
 * recorded).
 *
 * Text: `date-text.ts` formats and parses; this file only counts.
 */

export const MS_PER_SECOND = 1000
export const MS_PER_MINUTE = 60_000
export const MS_PER_HOUR = 3_600_000
export const MS_PER_DAY = 86_400_000
/** The largest magnitude of a valid time value: 100,000,000 days either side of the epoch. */
const MAX_TIME = 8.64e15
/**
 * Years beyond this are certainly outside the time value range, whatever the month and day; the
 * bound keeps `dayFromYear` in exactly representable integers.
 */
const MAX_YEAR_MAGNITUDE = 1e9

/** Non-negative remainder, as the specification's `modulo`. */
const modulo = (a: number, b: number): number => {
  const r = a % b
  return r < 0 ? r + b : r + 0
}

/** ToIntegerOrInfinity of a number (−0 becomes +0). */
export const integerOf = (n: number): number => (n !== n ? 0 : Math.trunc(n) + 0)

export const day = (t: number): number => Math.floor(t / MS_PER_DAY)
export const timeWithinDay = (t: number): number => modulo(t, MS_PER_DAY)

export const daysInYear = (y: number): number => (y % 4 !== 0 ? 365 : y % 100 !== 0 ? 366 : y % 400 !== 0 ? 365 : 366)

export const dayFromYear = (y: number): number =>
  365 * (y - 1970) + Math.floor((y - 1969) / 4) - Math.floor((y - 1901) / 100) + Math.floor((y - 1601) / 400)

/** The year containing time value `t`: an estimate from the mean year, then corrected. */
export const yearFromTime = (t: number): number => {
  const d = day(t)
  let y = Math.floor(d / 365.2425) + 1970
  while (dayFromYear(y) > d) y--
  while (dayFromYear(y + 1) <= d) y++
  return y
}

export const inLeapYear = (t: number): boolean => daysInYear(yearFromTime(t)) === 366

/** Days before the first of each month in a common year. */
const MONTH_START = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365]

const monthStart = (month: number, leap: boolean): number => MONTH_START[month]! + (leap && month >= 2 ? 1 : 0)

export const dayWithinYear = (t: number): number => day(t) - dayFromYear(yearFromTime(t))

export const monthFromTime = (t: number): number => {
  const d = dayWithinYear(t)
  const leap = inLeapYear(t)
  let m = 0
  while (d >= monthStart(m + 1, leap)) m++
  return m
}

export const dateFromTime = (t: number): number => {
  const m = monthFromTime(t)
  return dayWithinYear(t) - monthStart(m, inLeapYear(t)) + 1
}

export const weekDay = (t: number): number => modulo(day(t) + 4, 7)

export const hourFromTime = (t: number): number => modulo(Math.floor(t / MS_PER_HOUR), 24)
export const minFromTime = (t: number): number => modulo(Math.floor(t / MS_PER_MINUTE), 60)
export const secFromTime = (t: number): number => modulo(Math.floor(t / MS_PER_SECOND), 60)
export const msFromTime = (t: number): number => modulo(t, MS_PER_SECOND)

/** Local time is UTC in Code Mode (see the essay above). */
export const localTime = (t: number): number => t
export const utc = (t: number): number => t

export const makeTime = (hour: number, min: number, sec: number, ms: number): number => {
  if (!Number.isFinite(hour) || !Number.isFinite(min) || !Number.isFinite(sec) || !Number.isFinite(ms)) return Number.NaN
  return integerOf(hour) * MS_PER_HOUR + integerOf(min) * MS_PER_MINUTE + integerOf(sec) * MS_PER_SECOND + integerOf(ms)
}

export const makeDay = (year: number, month: number, date: number): number => {
  if (!Number.isFinite(year) || !Number.isFinite(month) || !Number.isFinite(date)) return Number.NaN
  const y = integerOf(year)
  const m = integerOf(month)
  const dt = integerOf(date)
  const ym = y + Math.floor(m / 12)
  if (!Number.isFinite(ym) || Math.abs(ym) > MAX_YEAR_MAGNITUDE) return Number.NaN
  const mn = modulo(m, 12)
  return dayFromYear(ym) + monthStart(mn, daysInYear(ym) === 366) + dt - 1
}

export const makeDate = (dayNumber: number, time: number): number => {
  if (!Number.isFinite(dayNumber) || !Number.isFinite(time)) return Number.NaN
  const tv = dayNumber * MS_PER_DAY + time
  return Number.isFinite(tv) ? tv : Number.NaN
}

export const timeClip = (time: number): number => {
  if (!Number.isFinite(time) || Math.abs(time) > MAX_TIME) return Number.NaN
  return integerOf(time)
}

/** The broken-down fields of a (finite) time value, as the getters report them. */
export interface Fields {
  readonly year: number
  readonly month: number
  readonly date: number
  readonly hours: number
  readonly minutes: number
  readonly seconds: number
  readonly ms: number
  readonly weekDay: number
}

export const fieldsOf = (t: number): Fields => ({
  year: yearFromTime(t),
  month: monthFromTime(t),
  date: dateFromTime(t),
  hours: hourFromTime(t),
  minutes: minFromTime(t),
  seconds: secFromTime(t),
  ms: msFromTime(t),
  weekDay: weekDay(t),
})

/** A time value from calendar fields (month 0-based), before TimeClip: the core of `Date.UTC`. */
export const timeFromFields = (year: number, month: number, date: number, hours: number, minutes: number, seconds: number, ms: number): number =>
  makeDate(makeDay(year, month, date), makeTime(hours, minutes, seconds, ms))
