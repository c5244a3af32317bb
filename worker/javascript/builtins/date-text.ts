/**
 * Date text: the string forms `Date.prototype` methods produce.
 *
 * Formatting follows ECMA-262 §21.4.4.41 (toString and its date, time and zone parts), §21.4.4.43
 * (toUTCString) and the Date Time String Format for toISOString, with local time = UTC (see
 * `date-time.ts`), so the zone part is always `GMT+0000 (Coordinated Universal Time)` as Node
 * prints it under `TZ=UTC`. The `toLocale*` forms are in `date-locale.ts`.
 *
 * The parser for the other direction is `date-parse.ts`.
 */

import { fieldsOf } from "./date-time.js"

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

const pad = (n: number, width: number): string => String(n).padStart(width, "0")

/** Year as the Date string forms write it: at least four digits, a minus sign when negative. */
const yearText = (y: number): string => (y < 0 ? "-" : "") + pad(Math.abs(y), 4)

// -- Formatting (t is a finite time value) -----------------------------------------------------

export const isoText = (t: number): string => {
  const f = fieldsOf(t)
  const year = f.year >= 0 && f.year <= 9999 ? pad(f.year, 4) : (f.year < 0 ? "-" : "+") + pad(Math.abs(f.year), 6)
  return `${year}-${pad(f.month + 1, 2)}-${pad(f.date, 2)}T${pad(f.hours, 2)}:${pad(f.minutes, 2)}:${pad(f.seconds, 2)}.${pad(f.ms, 3)}Z`
}

export const dateText = (t: number): string => {
  const f = fieldsOf(t)
  return `${WEEKDAYS[f.weekDay]} ${MONTHS[f.month]} ${pad(f.date, 2)} ${yearText(f.year)}`
}

const ZONE_TEXT = "GMT+0000 (Coordinated Universal Time)"

export const timeText = (t: number): string => {
  const f = fieldsOf(t)
  return `${pad(f.hours, 2)}:${pad(f.minutes, 2)}:${pad(f.seconds, 2)} ${ZONE_TEXT}`
}

export const dateTimeText = (t: number): string => `${dateText(t)} ${timeText(t)}`

export const utcText = (t: number): string => {
  const f = fieldsOf(t)
  return `${WEEKDAYS[f.weekDay]}, ${pad(f.date, 2)} ${MONTHS[f.month]} ${yearText(f.year)} ${pad(f.hours, 2)}:${pad(f.minutes, 2)}:${pad(f.seconds, 2)} GMT`
}
