/**
 * `toLocaleString`, `toLocaleDateString`, `toLocaleTimeString`: the en-US rendering of ICU as
 * Node 20 prints it, for the options agents actually pass.
 *
 * There is no ICU in the worker, so this is a small, explicit subset rather than Intl: the locale
 * argument is ignored (always en-US), the time zone is always UTC (`timeZone` may name UTC; any
 * other zone is refused rather than silently ignored), and the options understood are `weekday`,
 * `year`, `month`, `day`, `hour`, `minute`, `second`, `hour12`, `hourCycle`, `timeZoneName`,
 * `dateStyle` and `timeStyle`, combined by the patterns ICU's en-US data uses ("Tuesday, January
 * 2, 2024 at 1:04 PM", "Jan 2, 2024, 1:04 PM", "1/2/24"). `era`, `dayPeriod` and
 * `fractionalSecondDigits` are accepted and ignored. Missing options get ECMA-402's defaults
 * (ToDateTimeOptions): the date method adds numeric year/month/day, the time method numeric
 * hour/minute/second, `toLocaleString` both.
 */

import { type JsObject, type Value } from "../runtime/object.js"
import { toObject, toStr, truthy } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"
import { fieldsOf } from "./date-time.js"

type Required = "date" | "time" | "any"

const LONG_WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
const LONG_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

const TEXT = ["long", "short", "narrow"]
const NUMERIC = ["2-digit", "numeric"]
/** Each option this subset reads, with the values ECMA-402 allows for it. */
const ALLOWED: Record<string, readonly string[]> = {
  weekday: TEXT,
  era: TEXT,
  year: NUMERIC,
  month: [...NUMERIC, ...TEXT],
  day: NUMERIC,
  dayPeriod: TEXT,
  hour: NUMERIC,
  minute: NUMERIC,
  second: NUMERIC,
  timeZoneName: ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"],
  hourCycle: ["h11", "h12", "h23", "h24"],
  dateStyle: ["full", "long", "medium", "short"],
  timeStyle: ["full", "long", "medium", "short"],
}
const DATE_FIELDS = ["weekday", "year", "month", "day"]
const TIME_FIELDS = ["dayPeriod", "hour", "minute", "second", "fractionalSecondDigits"]
const UTC_NAMES = new Set(["utc", "etc/utc", "gmt", "etc/gmt", "uct", "etc/uct", "universal", "etc/universal", "zulu", "etc/zulu"])

type Options = Record<string, string | undefined> & { hour12?: boolean }

function readOptions(st: JsState, method: string, options: Value): Options {
  const out: Options = {}
  if (options === undefined) return out
  const o: JsObject = toObject(st, options)
  const h12 = o.get(st, "hour12")
  if (h12 !== undefined) out.hour12 = truthy(h12)
  for (const name of [...Object.keys(ALLOWED), "fractionalSecondDigits"]) {
    const v = o.get(st, name)
    if (v === undefined) continue
    const s = toStr(st, v)
    if (ALLOWED[name] !== undefined && !ALLOWED[name]!.includes(s)) {
      throw st.rangeError(`Value ${s} out of range for Date.prototype.${method} options property ${name}`)
    }
    out[name] = s
  }
  const zone = o.get(st, "timeZone")
  if (zone !== undefined && !UTC_NAMES.has(toStr(st, zone).toLowerCase())) {
    throw st.rangeError(`time zone ${toStr(st, zone)} is not available: Code Mode dates are in UTC only (use timeZone: 'UTC' or leave it out)`)
  }
  return out
}

/** ECMA-402 ToDateTimeOptions: style checks, then the method's default fields. */
function completeOptions(st: JsState, o: Options, required: Required): void {
  if (required === "date" && o.timeStyle !== undefined) throw st.typeError("Invalid option : timeStyle")
  if (required === "time" && o.dateStyle !== undefined) throw st.typeError("Invalid option : dateStyle")
  const style = o.dateStyle !== undefined ? "dateStyle" : o.timeStyle !== undefined ? "timeStyle" : null
  if (style !== null) {
    const clash = [...DATE_FIELDS, ...TIME_FIELDS, "timeZoneName"].find((f) => o[f] !== undefined)
    if (clash !== undefined) throw st.typeError(`Can't set option ${clash} when ${style} is used`)
    expandStyles(o)
    return
  }
  const hasDate = DATE_FIELDS.some((f) => o[f] !== undefined)
  const hasTime = TIME_FIELDS.some((f) => o[f] !== undefined)
  const needDefaults = !((required !== "time" && hasDate) || (required !== "date" && hasTime))
  if (!needDefaults) return
  if (required !== "time") o.year = o.month = o.day = "numeric"
  if (required !== "date") o.hour = o.minute = o.second = "numeric"
}

function expandStyles(o: Options): void {
  switch (o.dateStyle) {
    case "full":
      o.weekday = "long"
      o.month = "long"
      break
    case "long":
      o.month = "long"
      break
    case "medium":
      o.month = "short"
      break
    case "short":
      o.month = "numeric"
      break
  }
  if (o.dateStyle !== undefined) {
    o.day = "numeric"
    o.year = o.dateStyle === "short" ? "2-digit" : "numeric"
  }
  if (o.timeStyle !== undefined) {
    o.hour = o.minute = "numeric"
    if (o.timeStyle !== "short") o.second = "numeric"
    if (o.timeStyle === "full") o.timeZoneName = "long"
    if (o.timeStyle === "long") o.timeZoneName = "short"
  }
}

const pad2 = (n: number): string => String(n).padStart(2, "0")
const numeric = (n: number, style: string): string => (style === "2-digit" ? pad2(n % 100) : String(n))

function datePart(t: number, o: Options): string {
  const f = fieldsOf(t)
  const year = f.year <= 0 ? 1 - f.year : f.year
  const y = o.year === undefined ? "" : numeric(year, o.year)
  const d = o.day === undefined ? "" : numeric(f.date, o.day)
  let text: string
  if (o.month !== undefined && TEXT.includes(o.month)) {
    const name = LONG_MONTHS[f.month]!
    const m = o.month === "long" ? name : o.month === "short" ? name.slice(0, 3) : name[0]!
    text = d === "" ? m : `${m} ${d}`
    if (y !== "") text = d === "" ? `${text} ${y}` : `${text}, ${y}`
  } else {
    const m = o.month === undefined ? "" : numeric(f.month + 1, o.month)
    text = [m, d, y].filter((x) => x !== "").join("/")
  }
  if (o.weekday !== undefined) {
    const name = LONG_WEEKDAYS[f.weekDay]!
    const w = o.weekday === "long" ? name : o.weekday === "short" ? name.slice(0, 3) : name[0]!
    text = text === "" ? w : `${w}, ${text}`
  }
  return text
}

function timePart(t: number, o: Options): string {
  const f = fieldsOf(t)
  if (o.hour === undefined) {
    if (o.minute !== undefined && o.second !== undefined) return `${pad2(f.minutes)}:${pad2(f.seconds)}`
    if (o.minute !== undefined) return String(f.minutes)
    return o.second !== undefined ? String(f.seconds) : ""
  }
  // Node 20 maps hour12: false to the h24 cycle (midnight is 24), as ICU's en-US data does.
  const cycle = o.hour12 !== undefined ? (o.hour12 ? "h12" : "h24") : (o.hourCycle ?? "h12")
  const twelve = cycle === "h11" || cycle === "h12"
  let h: string
  if (twelve) {
    const n = cycle === "h12" && f.hours % 12 === 0 ? 12 : f.hours % 12
    h = o.hour === "2-digit" ? pad2(n) : String(n)
  } else {
    h = pad2(cycle === "h24" && f.hours === 0 ? 24 : f.hours)
  }
  let text = h
  if (o.minute !== undefined) text += `:${pad2(f.minutes)}`
  if (o.second !== undefined) text += `:${pad2(f.seconds)}`
  return twelve ? `${text} ${f.hours < 12 ? "AM" : "PM"}` : text
}

/** The en-US text of time value `t` (finite) for one of the three methods. */
export function localeFormat(st: JsState, t: number, method: string, required: Required, options: Value): string {
  const o = readOptions(st, method, options)
  completeOptions(st, o, required)
  const date = datePart(t, o)
  let time = timePart(t, o)
  if (o.timeZoneName !== undefined) {
    const zone = o.timeZoneName === "long" ? "Coordinated Universal Time" : "UTC"
    time = time === "" ? zone : `${time} ${zone}`
  }
  if (date === "" || time === "") return date + time
  const onlyWeekday = o.weekday !== undefined && o.year === undefined && o.month === undefined && o.day === undefined
  const separator = o.month === "long" ? " at " : onlyWeekday ? " " : ", "
  return date + separator + time
}
