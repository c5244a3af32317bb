/**
 * Date: the calendar arithmetic against the host's UTC methods (which do not depend on a time
 * zone), `Date.parse` against a table recorded from Node under `TZ=UTC`, independence from the
 * host's time zone, and Dates crossing to plain data as ISO strings.
 */

import { afterEach, describe, expect, it } from "vitest"
import { HostFailure, type Host, type HostCall } from "../../worker/engine-host.js"
import { parseDate } from "../../worker/javascript/builtins/date-parse.js"
import { dateTimeText, isoText, utcText } from "../../worker/javascript/builtins/date-text.js"
import * as T from "../../worker/javascript/builtins/date-time.js"
import { runJavaScript } from "../../worker/javascript/index.js"

/** A small deterministic generator (LCG), so the sampled instants are the same on every run. */
const sampler = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}

const value = (source: string, host?: Host): unknown => {
  const r = runJavaScript(source, host === undefined ? undefined : { host })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe("calendar arithmetic", () => {
  it("breaks time values down as the host's UTC getters do, and composes them back", () => {
    const random = sampler(7)
    for (let i = 0; i < 20_000; i++) {
      const span = i % 3 === 0 ? 8.64e15 : 4e12
      const t = Math.floor((random() * 2 - 1) * span)
      const d = new Date(t)
      const f = T.fieldsOf(t)
      expect([f.year, f.month, f.date, f.weekDay, f.hours, f.minutes, f.seconds, f.ms]).toEqual([
        d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds(),
      ])
      expect(T.timeFromFields(f.year, f.month, f.date, f.hours, f.minutes, f.seconds, f.ms)).toBe(t)
      expect(isoText(t)).toBe(d.toISOString())
      expect(utcText(t)).toBe(d.toUTCString())
    }
  })

  it("MakeDay/MakeTime normalise out-of-range fields as Date.UTC does", () => {
    const random = sampler(11)
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo))
    for (let i = 0; i < 20_000; i++) {
      const a = [int(100, 300_000), int(-30, 30), int(-60, 60), int(-30, 50), int(-90, 150), int(-90, 150), int(-2000, 3000)] as const
      expect(T.timeClip(T.timeFromFields(...a))).toBe(Date.UTC(...a))
    }
  })

  it("TimeClip bounds and non-finite fields", () => {
    expect(T.timeClip(8.64e15)).toBe(8.64e15)
    expect(T.timeClip(8.64e15 + 1)).toBeNaN()
    expect(Object.is(T.timeClip(-0), 0)).toBe(true)
    expect(T.makeDay(2024, Number.POSITIVE_INFINITY, 1)).toBeNaN()
    expect(T.makeTime(0, Number.NaN, 0, 0)).toBeNaN()
    expect(T.makeDay(1e300, 0, 1)).toBeNaN()
  })

  it("the string forms", () => {
    const t = Date.UTC(2024, 0, 2, 13, 4, 5, 6)
    expect(dateTimeText(t)).toBe("Tue Jan 02 2024 13:04:05 GMT+0000 (Coordinated Universal Time)")
    expect(dateTimeText(Date.UTC(-1, 0, 1))).toBe("Fri Jan 01 -0001 00:00:00 GMT+0000 (Coordinated Universal Time)")
    expect(utcText(Date.UTC(-1, 0, 1))).toBe("Fri, 01 Jan -0001 00:00:00 GMT")
    expect(isoText(Date.UTC(-1, 0, 1))).toBe("-000001-01-01T00:00:00.000Z")
  })
})

/** Recorded from Node 20 with TZ=UTC (`Date.parse(s)`). */
const PARSED: readonly (readonly [string, number])[] = [
  ["2024", 1704067200000],
  ["2024-01", 1704067200000],
  ["2024-01-02", 1704153600000],
  ["2024-01-02T03:04", 1704164640000],
  ["2024-01-02T03:04Z", 1704164640000],
  ["2024-01-02t03:04Z", 1704164640000],
  ["2024-01-02 03:04:05", 1704164645000],
  ["2024-01-02T03:04:05.1234567Z", 1704164645123],
  ["2024-01-02T03:04:05.1Z", 1704164645100],
  ["2024-1-2", 1704153600000],
  ["2024-01-02T24:00:00Z", 1704240000000],
  ["2024-01-02T24:00:01Z", NaN],
  ["2024-02-30", 1709251200000],
  ["2024-02-29", 1709164800000],
  ["2023-02-29", 1677628800000],
  ["2024-13-01", NaN],
  ["-000000-01-01", 978307200000],
  ["+002024-01-02", 1704153600000],
  ["-000001-01-01T00:00:00Z", -62198755200000],
  ["2024-01-02T03:04:05+0100", 1704161045000],
  ["2024-01-02T03:04:05+01:00", 1704161045000],
  ["2024-01-02T03:04:05-01:30", 1704170045000],
  ["2024-01-02Z", 1704153600000],
  ["2024-01-02T03Z", NaN],
  ["2024-01-02T03:04:05,5Z", NaN],
  ["Tue Jan 02 2024 03:04:05 GMT+0000 (Coordinated Universal Time)", 1704164645000],
  ["Tue Jan 02 2024 03:04:05 GMT+0530", 1704144845000],
  ["Tue, 02 Jan 2024 03:04:05 GMT", 1704164645000],
  ["Jan 2 2024", 1704153600000],
  ["January 2, 2024", 1704153600000],
  ["2 January 2024", 1704153600000],
  ["2 Jan 2024 10:00", 1704189600000],
  ["Jan 2, 2024 10:00 PM", 1704232800000],
  ["Jan 2, 2024 12:00 AM", 1704153600000],
  ["1/2/2024", 1704153600000],
  ["01/02/2024 13:14:15", 1704201255000],
  ["2024/01/02", 1704153600000],
  ["2024/1/2 3:04", 1704164640000],
  ["Tuesday, January 2, 2024", 1704153600000],
  ["Jan 2 24", 1704153600000],
  ["Jan 2 99", 915235200000],
  ["1/2/24", 1704153600000],
  ["2024-01-02 03:04:05Z", 1704164645000],
  ["2024-01-02 03:04:05 UTC", 1704164645000],
  ["2024-01-02T03:04:05 GMT", NaN],
  ["hello", NaN],
  ["", NaN],
  ["  2024-01-02  ", 1704153600000],
  ["Jan 2024", 1704067200000],
  ["2024 Jan 2", 1704153600000],
  ["March 7, 2024 10:30:00 EST", 1709825400000],
  ["Mar 7 2024 PST", 1709798400000],
  ["12/31/1999 23:59:59", 946684799000],
  ["Dec 25, 1995", 819849600000],
  ["Mon, 25 Dec 1995 13:30:00 +0430", 819882000000],
  ["2024-01-02T03:04:05.000+00:00", 1704164645000],
  ["1970", 0],
  ["0", 946684800000],
  ["1", 978307200000],
  ["12", 1007164800000],
  ["2024-01-02T03:04:05.123456Z", 1704164645123],
  ["2024-01-02T3:04", NaN],
  ["Jan 2 2024 3pm", NaN],
  ["2024.01.02", 1704153600000],
  ["02.01.2024", 1706745600000],
  ["Jan-02-2024", 1704153600000],
  ["2-Jan-2024", 1704153600000],
  ["2024-Jan-02", 1704153600000],
  ["Thu, 01 Jan 1970 00:00:00 GMT-0100", 3600000],
  ["1 2 2024", 1704153600000],
  ["2024 1 2", 1704153600000],
  ["Jan 32 2024", NaN],
  ["Feb 30 2024", 1709251200000],
  ["13/01/2024", NaN],
  ["2024-01-02T03:04:05.Z", NaN],
  ["10:00 Jan 2 2024", 1704189600000],
  ["Jan 2 2024 10:00:00.5", 1704189600500],
  ["June 5", 991699200000],
  ["5 June", 991699200000],
  ["Z", NaN],
  ["2024-06-05T12:00:00.000Z junk", NaN],
  ["Sat Jan 01 -0001 00:00:00 GMT+0000", NaN],
  ["+275760-09-13T00:00:00.000Z", 8640000000000000],
  ["+275760-09-13T00:00:00.001Z", NaN],
  ["2024-01-02T03:04:60Z", NaN],
  ["2024-01-02T03:60Z", NaN],
  ["2024-", 1704067200000],
  ["2024-01-", 1704067200000],
  ["2024-01-02T", NaN],
  ["2024-01-02T10:00:00+05", NaN],
  ["2024-01-02T10:00:00+5:00", NaN],
  ["2024-01-02T10:00:00 +05:00", NaN],
  ["Jan 2 2024 10:00 GMT+5", 1704171600000],
  ["Jan 2 2024 10:00 GMT+05:30", 1704169800000],
  ["Jan 2 2024 10:00 +05:30", 1704169800000],
  ["Jan 2 2024 10:00 -8", 1704218400000],
  ["Jan 2 2024 10:00 (PST)", 1704189600000],
  ["Jan 2 2024 (comment (nested)) 10:00", 1704189600000],
  ["Jan 2 2024 10:00)", NaN],
  ["Jan 2 2024 10:00 +", NaN],
  ["Jan 2 2024 10:00 GMT-", NaN],
  ["2024-01-02T10:00:00.000000000001Z", 1704189600000],
  ["Fri Dec 31 1999", 946598400000],
  ["12:30", NaN],
  ["12:30 1/2/2024", 1704198600000],
  ["1/2/2024 12:30 am", 1704155400000],
  ["1/2/2024 12:30 pm", 1704198600000],
  ["1/2/2024 13:30 pm", NaN],
  ["1/2/2024 0:30 pm", 1704198600000],
  ["Jan 2 2024 10::", 1704189600000],
  ["Jan 2 2024 10:: 5", 1704189605000],
  ["1/2/2024 10:00:00.123", 1704189600123],
  ["2024-06-15T10:00:00.000-07:00", 1718470800000],
  ["-271821-04-20T00:00:00.000Z", -8640000000000000],
  ["-271821-04-19T23:59:59.999Z", NaN],
  ["+020000-01-01", 568971820800000],
  ["020000-01-01", 568971820800000],
  ["20000-01-01", 568971820800000],
  ["2024-01-02T10:00:00Z ", NaN],
  ["2024-01-02T10:00:00.000Z\n", NaN],
  ["2024-01-02\t10:00", 1704189600000],
  ["Mon Jan 1 2024", 1704067200000],
  ["Sep 9, 1999 9:09:09 PM UTC", 936911349000],
  ["Sept 9 1999", 936835200000],
  ["Septober 9 1999", 936835200000],
  ["Ma 9 1999", NaN],
  ["2024-01-02T10:00:00 UT", NaN],
  ["2024-01-02 10:00:00 +0000", 1704189600000],
  ["2024-01-02 10:00:00 -0800 (PST)", 1704218400000],
  ["2024/13/01", NaN],
  ["31/12/2024", NaN],
  ["12/31", 1009756800000],
  ["May 5, 2024, 10:00:00 AM", 1714903200000],
  ["5/5/2024, 10:00:00 AM", 1714903200000],
  ["2024-05-05T10:00:00.000Z.", NaN],
  ["T10:00", NaN],
  ["2024T10:00", 1704103200000],
  ["2024-01T10:00Z", 1704103200000],
  ["1e3", NaN],
  ["100", -59011459200000],
  ["99", 915148800000],
  ["49", 2493072000000],
  ["50", -631152000000],
  ["1/1/50", -631152000000],
  ["1/1/49", 2493072000000],
  ["1/1/0", 946684800000],
  ["1/1/100", -59011459200000],
  ["Jan 1 100", -59011459200000],
  ["1000-01-01", -30610224000000],
  ["0999-01-01", -30641760000000],
  ["999-01-01", -30641760000000],
  ["0000-01-01T00:00:00Z", -62167219200000],
  ["-0001-01-01", 978307200000],
  ["+0001-01-01", 978307200000],
  ["Jan 2 2024 10am", NaN],
  ["Jan 2 2024 am", NaN],
  ["am Jan 2 2024", 1704153600000],
  ["Jan 2 2024 10:00 am pm", 1704232800000],
  ["2024-01-02T10:00:00.5+01:00", 1704186000500],
  ["2024-01-02T10:00:00+01:00Z", NaN],
  ["24:00 1/1/2024", 1704153600000],
  ["1/1/2024 24:00", 1704153600000],
  ["1/1/2024 24:01", NaN],
  ["2024-01-01T24:00Z", 1704153600000],
]

describe("Date.parse", () => {
  it("agrees with Node on ISO, toString/toUTCString output and V8's legacy formats", () => {
    const wrong = PARSED.filter(([s, want]) => !Object.is(parseDate(s), want)).map(([s, want]) => `${JSON.stringify(s)}: want ${want}, got ${parseDate(s)}`)
    expect(wrong).toEqual([])
  })

  it("round-trips every string form it produces", () => {
    const random = sampler(3)
    for (let i = 0; i < 2000; i++) {
      const t = Math.floor((random() * 2 - 1) * 8.64e15)
      expect(parseDate(isoText(t))).toBe(t)
      // The legacy forms drop milliseconds, and read years 0-99 as 1900s/2000s (as V8 does).
      const seconds = t - T.msFromTime(t)
      if (T.yearFromTime(t) < 100) continue
      expect(parseDate(dateTimeText(t))).toBe(seconds)
      expect(parseDate(utcText(t))).toBe(seconds)
    }
  })

  it("is linear and bounded on hostile input", () => {
    expect(parseDate("(".repeat(100_000))).toBeNaN()
    expect(parseDate("1".repeat(100_000))).toBeNaN()
    expect(parseDate(`Jan 2 2024 ${" ".repeat(100_000)}`)).toBe(Date.UTC(2024, 0, 2))
  })
})

describe("local time is UTC whatever the host's time zone", () => {
  const saved = process.env.TZ
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ
    else process.env.TZ = saved
  })

  it("gives the same answers under another host zone", () => {
    const program = `const d = new Date(2024, 6, 1, 12); return [d.getHours(), d.getTimezoneOffset(), d.toString(), Date.parse('Jul 1 2024 12:00'), new Date('2024-07-01T12:00').getTime()]`
    const utc = value(program)
    process.env.TZ = "America/New_York"
    expect(new Date(2024, 6, 1, 12).getTimezoneOffset()).not.toBe(0)
    expect(value(program)).toEqual(utc)
    expect(utc).toEqual([12, 0, "Mon Jul 01 2024 12:00:00 GMT+0000 (Coordinated Universal Time)", 1719835200000, 1719835200000])
  })
})

describe("Dates crossing to plain data", () => {
  it("a result Date is its ISO string; an invalid one is null", () => {
    expect(value(`return { at: new Date(0), bad: new Date(NaN), list: [new Date(Date.UTC(2024, 1, 29))] }`)).toEqual({
      at: "1970-01-01T00:00:00.000Z",
      bad: null,
      list: ["2024-02-29T00:00:00.000Z"],
    })
  })

  it("a tool input Date is its ISO string, without running program code", () => {
    const calls: HostCall[] = []
    const host: Host = {
      call(c) {
        calls.push(c)
        return null
      },
    }
    value(`const d = new Date(86400000); d.toJSON = () => 'hijacked'; d.toISOString = () => 'hijacked'; await tools.save({ d }); return null`, host)
    expect(calls[0]!.args[0]).toEqual({ d: "1970-01-02T00:00:00.000Z" })
    void HostFailure
  })
})

describe("sealing", () => {
  it("Date values and methods are the program's own", () => {
    expect(value(`const d = new Date(0); return [Object.getPrototypeOf(d) === Date.prototype, Object.getPrototypeOf(Date.prototype) === Object.prototype, Date.prototype.getTime.constructor === Function, typeof Date.now()]`)).toEqual([true, true, true, "number"])
  })

  it("changes to Date.prototype do not outlive the execution", () => {
    value(`Date.prototype.toISOString = () => 'patched'; return null`)
    expect(value(`return new Date(0).toISOString()`)).toBe("1970-01-01T00:00:00.000Z")
  })
})

describe("standard details Node 20 does not show", () => {
  it("setters convert every argument before looking at an invalid date (ES2023 order)", () => {
    // V8 in Node 20 still stops converting after the first argument when the date is invalid.
    expect(value(`const log = []; const d = new Date(NaN); d.setHours({ valueOf() { log.push('h'); return 1 } }, { valueOf() { log.push('m'); return 2 } }); return log`)).toEqual(["h", "m"])
  })

  it("toLocale* refuse a time zone other than UTC instead of ignoring it", () => {
    const r = runJavaScript(`return new Date(0).toLocaleString('en-US', { timeZone: 'America/New_York' })`)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toContain("Code Mode dates are in UTC only")
    expect(value(`return new Date(0).toLocaleString('de-DE', { timeZone: 'Etc/UTC' })`)).toBe("1/1/1970, 12:00:00 AM")
  })
})

