/**
 * The program's `Date`: a `JsDate` holding one time value (ms since the epoch, or NaN), and the
 * constructor, statics and prototype methods of ECMA-262 §21.4 over it.
 *
 * The arithmetic is `date-time.ts` (the standard's MakeDay/MakeTime/YearFromTime... on numbers),
 * the string forms are `date-text.ts`, and `Date.parse` is `date-parse.ts`; this file is only the
 * wiring: argument conversion in the standard's order, the NaN rules of the setters, receivers
 * checked with V8's wording. No host `Date` object exists anywhere: the current time is read as a
 * number (the execution's clock, `st.world.now()`: the host's `Date.now()`, read once more from
 * the replay log when the program runs again) and nothing else is taken from the host.
 *
 * Local time is UTC (see `date-time.ts`): the local and UTC getter/setter pairs are distinct
 * functions that compute the same thing, and `getTimezoneOffset()` is 0. The `toLocale*` methods
 * print en-US text whatever the locale argument (`date-locale.ts`).
 */

import { JsDate, JsFunction, JsObject, HIDDEN, READONLY, type FunctionImpl, type Value } from "../runtime/object.js"
import { toNumber, toObject, toPrimitive, toStr } from "../runtime/ops.js"
import { setup, spec, type MethodSpec, type Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { parseDate } from "./date-parse.js"
import { localeFormat } from "./date-locale.js"
import { dateText, dateTimeText, isoText, timeText, utcText } from "./date-text.js"
import * as T from "./date-time.js"

/** Messages a program can see, in V8's wording. */
const DateMessages = {
  notADate: () => "this is not a Date object.",
  invalidTime: () => "Invalid time value",
  invalidHint: (hint: string) => `Invalid hint: ${hint}`,
  toPrimitiveReceiver: (what: string) => `Method Date.prototype [ @@toPrimitive ] called on incompatible receiver ${what}`,
  invalidDate: () => "Invalid Date",
}

function thisDate(st: JsState, t: Value): JsDate {
  if (t instanceof JsDate) return t
  throw st.typeError(DateMessages.notADate())
}
const thisTime = (st: JsState, t: Value): number => thisDate(st, t).time


/** Two-digit years in the constructor and Date.UTC mean 1900-1999 (the standard's MakeFullYear). */
const makeFullYear = (y: number): number => {
  if (y !== y) return Number.NaN
  const yi = T.integerOf(y)
  return yi >= 0 && yi <= 99 ? 1900 + yi : y
}

/** Year, month, day, hours, minutes, seconds, ms from arguments, with the standard's defaults. */
function timeFromArguments(st: JsState, args: Value[]): number {
  const n = (i: number, absent: number): number => (i < args.length ? toNumber(st, args[i]) : absent)
  const y = n(0, Number.NaN)
  const m = n(1, 0)
  const dt = n(2, 1)
  const h = n(3, 0)
  const min = n(4, 0)
  const s = n(5, 0)
  const ms = n(6, 0)
  return T.timeFromFields(makeFullYear(y), m, dt, h, min, s, ms)
}

function parseText(st: JsState, text: string): number {
  st.charge(text.length >>> 4)
  return parseDate(text)
}

const constructDate: FunctionImpl = (st, _this, args, newTarget) => {
  if (newTarget === undefined) return dateTimeText(st.world.now())
  let tv: number
  if (args.length === 0) tv = st.world.now()
  else if (args.length === 1) {
    const value = args[0]
    if (value instanceof JsDate) tv = value.time
    else {
      const v = toPrimitive(st, value)
      tv = typeof v === "string" ? parseText(st, v) : toNumber(st, v)
    }
    tv = T.timeClip(tv)
  } else {
    tv = T.timeClip(T.utc(timeFromArguments(st, args)))
  }
  return new JsDate(st.realm.prototypeFor(newTarget, "Date.prototype"), tv)
}

/** A getter of one field of the (local or UTC) time. */
const field =
  (of: (t: number) => number): FunctionImpl =>
  (st, t) => {
    const tv = thisTime(st, t)
    return tv !== tv ? Number.NaN : of(tv)
  }

/** A string form; NaN prints "Invalid Date". */
const text =
  (format: (t: number) => string): FunctionImpl =>
  (st, t) => {
    const tv = thisTime(st, t)
    return tv !== tv ? DateMessages.invalidDate() : format(tv)
  }

/** A `toLocale*String` method: en-US text for the options it understands (`date-locale.ts`). */
const locale =
  (method: string, required: "date" | "time" | "any"): FunctionImpl =>
  (st, t, args) => {
    const tv = thisTime(st, t)
    return tv !== tv ? DateMessages.invalidDate() : localeFormat(st, tv, method, required, args[1])
  }

/**
 * A setter of time-of-day fields starting at `first` (0 hours, 1 minutes, 2 seconds, 3 ms): the
 * given arguments are converted first, then NaN stays NaN, then absent fields keep their values.
 */
const timeSetter =
  (first: number): FunctionImpl =>
  (st, t, args) => {
    const d = thisDate(st, t)
    // The date value is read before the arguments convert (their valueOf may set it).
    const before = d.time
    const given = args.slice(0, 4 - first).map((a) => toNumber(st, a))
    if (given.length === 0) given.push(Number.NaN)
    if (before !== before) return Number.NaN
    const local = T.localTime(before)
    const parts = [T.hourFromTime(local), T.minFromTime(local), T.secFromTime(local), T.msFromTime(local)]
    given.forEach((v, i) => (parts[first + i] = v))
    const time = T.makeTime(parts[0]!, parts[1]!, parts[2]!, parts[3]!)
    d.time = T.timeClip(T.utc(T.makeDate(T.day(local), time)))
    return d.time
  }

/**
 * A setter of calendar fields starting at `first` (0 year, 1 month, 2 date). Setting the year of
 * an invalid date starts from +0; the others leave it invalid.
 */
const dateSetter =
  (first: number): FunctionImpl =>
  (st, t, args) => {
    const d = thisDate(st, t)
    let tv = d.time
    const given = args.slice(0, 3 - first).map((a) => toNumber(st, a))
    if (given.length === 0) given.push(Number.NaN)
    if (tv !== tv) {
      if (first !== 0) return Number.NaN
      tv = 0
    } else {
      tv = T.localTime(tv)
    }
    const parts = [T.yearFromTime(tv), T.monthFromTime(tv), T.dateFromTime(tv)]
    given.forEach((v, i) => (parts[first + i] = v))
    const newDate = T.makeDate(T.makeDay(parts[0]!, parts[1]!, parts[2]!), T.timeWithinDay(tv))
    d.time = T.timeClip(T.utc(newDate))
    return d.time
  }

/** OrdinaryToPrimitive: `toString` then `valueOf` for "string", the reverse for "number". */
function ordinaryToPrimitive(st: JsState, o: JsObject, hint: "string" | "number"): Value {
  for (const name of hint === "string" ? ["toString", "valueOf"] : ["valueOf", "toString"]) {
    const method = o.get(st, name)
    if (method instanceof JsFunction) {
      const r = st.call(method, o, [])
      if (!(r instanceof JsObject)) return r
    }
  }
  throw st.typeError("Cannot convert object to primitive value")
}

const toPrimitiveMethod: FunctionImpl = (st, t, [hint]) => {
  if (!(t instanceof JsObject)) throw st.typeError(DateMessages.toPrimitiveReceiver(st.realm.describe(t)))
  if (hint === "string" || hint === "default") return ordinaryToPrimitive(st, t, "string")
  if (hint === "number") return ordinaryToPrimitive(st, t, "number")
  throw st.typeError(DateMessages.invalidHint(typeof hint === "string" ? hint : st.realm.describe(hint)))
}

const toJSON: FunctionImpl = (st, t) => {
  const o = toObject(st, t)
  const tv = toPrimitive(st, o, "number")
  if (typeof tv === "number" && !Number.isFinite(tv)) return null
  return st.call(o.get(st, "toISOString"), o, [])
}

const toISOString: FunctionImpl = (st, t) => {
  const tv = thisTime(st, t)
  if (tv !== tv) throw st.rangeError(DateMessages.invalidTime())
  return isoText(tv)
}

/** The field getters; the local ones read LocalTime(t) (which is t itself in Code Mode). */
const getters = (prefix: "" | "UTC"): Record<string, MethodSpec> => {
  const get = (of: (t: number) => number): MethodSpec => [0, field(prefix === "" ? (tv) => of(T.localTime(tv)) : of)]
  return {
    [`get${prefix}FullYear`]: get(T.yearFromTime),
    [`get${prefix}Month`]: get(T.monthFromTime),
    [`get${prefix}Date`]: get(T.dateFromTime),
    [`get${prefix}Day`]: get(T.weekDay),
    [`get${prefix}Hours`]: get(T.hourFromTime),
    [`get${prefix}Minutes`]: get(T.minFromTime),
    [`get${prefix}Seconds`]: get(T.secFromTime),
    [`get${prefix}Milliseconds`]: get(T.msFromTime),
  }
}

const setters = (prefix: string): Record<string, MethodSpec> => ({
  [`set${prefix}FullYear`]: [3, dateSetter(0)],
  [`set${prefix}Month`]: [2, dateSetter(1)],
  [`set${prefix}Date`]: [1, dateSetter(2)],
  [`set${prefix}Hours`]: [4, timeSetter(0)],
  [`set${prefix}Minutes`]: [3, timeSetter(1)],
  [`set${prefix}Seconds`]: [2, timeSetter(2)],
  [`set${prefix}Milliseconds`]: [1, timeSetter(3)],
})

/** Annex B `setYear`: a two-digit year means 19xx; an invalid date starts from +0. */
const setYear: FunctionImpl = (st, t, [year]) => {
  const d = thisDate(st, t)
  const y = toNumber(st, year)
  const tv = d.time !== d.time ? 0 : T.localTime(d.time)
  const yyyy = makeFullYear(y)
  if (yyyy !== yyyy) return (d.time = Number.NaN)
  const day = T.makeDay(yyyy, T.monthFromTime(tv), T.dateFromTime(tv))
  d.time = T.timeClip(T.utc(T.makeDate(day, T.timeWithinDay(tv))))
  return d.time
}

export function installDate(realm: Realm): void {
  const DP = new JsObject(realm.ObjectPrototype)
  const ctor = realm.constructorFunction("Date", 7, constructDate, DP)
  realm.defineGlobal("Date", ctor)
  realm.registerIntrinsic("Date.prototype", DP)

  realm.methods(ctor, {
    now: [0, (st) => st.world.now()],
    parse: [1, (st, _t, [s]) => parseText(st, toStr(st, s))],
    UTC: [7, (st, _t, args) => T.timeClip(timeFromArguments(st, args))],
  })

  realm.methods(DP, {
    ...getters(""),
    ...getters("UTC"),
    ...setters(""),
    ...setters("UTC"),
    getTime: [0, (st, t) => thisTime(st, t)],
    valueOf: spec(0, (st, t) => thisTime(st, t)),
    setTime: [1, (st, t, [time]) => {
      const d = thisDate(st, t)
      d.time = T.timeClip(toNumber(st, time))
      return d.time
    }],
    getTimezoneOffset: [0, field((tv) => (tv - T.localTime(tv)) / T.MS_PER_MINUTE)],
    getYear: [0, field((tv) => T.yearFromTime(T.localTime(tv)) - 1900)],
    setYear: [1, setYear],
    toISOString: [0, toISOString],
    toJSON: [1, toJSON],
    toString: spec(0, text(dateTimeText)),
    toDateString: [0, text(dateText)],
    toTimeString: [0, text(timeText)],
    toUTCString: [0, text(utcText)],
    toLocaleString: spec(0, locale("toLocaleString", "any")),
    toLocaleDateString: [0, locale("toLocaleDateString", "date")],
    toLocaleTimeString: [0, locale("toLocaleTimeString", "time")],
  })
  // Annex B: toGMTString is the same function object as toUTCString.
  setup(DP, "toGMTString", DP.get(realm.st, "toUTCString"), HIDDEN)
  setup(DP, Symbol.toPrimitive, realm.builtin("[Symbol.toPrimitive]", 1, toPrimitiveMethod), HIDDEN | READONLY)
}
