// Conformance cases: date. Expectations recorded from Node by record.mjs, run with TZ=UTC
// (Code Mode's local time is UTC): TZ=UTC node test/javascript/conformance/record.mjs date

// case: constructor from components
const d = new Date(2024, 0, 2, 3, 4, 5, 6); return [d.toISOString(), d.getTime()]
// result: ["2024-01-02T03:04:05.006Z",1704164645006]

// case: constructor component defaults
return [new Date(2024, 5).toISOString(), new Date(2024, 5, 15).toISOString(), new Date(2024, 5, 15, 7).toISOString()]
// result: ["2024-06-01T00:00:00.000Z","2024-06-15T00:00:00.000Z","2024-06-15T07:00:00.000Z"]

// case: two digit years are 1900s
return [new Date(99, 0).getFullYear(), new Date(0, 0).getFullYear(), new Date(100, 0).getFullYear(), Date.UTC(70, 0)]
// result: [1999,1900,100,0]

// case: month and day overflow both ways
return [new Date(2024, 12, 1).toISOString(), new Date(2024, -1, 1).toISOString(), new Date(2024, 1, 30).toISOString(), new Date(2024, 0, 0).toISOString(), new Date(2024, 0, 1, 24).toISOString(), new Date(2024, 0, 1, 0, -1).toISOString()]
// result: ["2025-01-01T00:00:00.000Z","2023-12-01T00:00:00.000Z","2024-03-01T00:00:00.000Z","2023-12-31T00:00:00.000Z","2024-01-02T00:00:00.000Z","2023-12-31T23:59:00.000Z"]

// case: from milliseconds
return [new Date(0).toISOString(), new Date(-1).toISOString(), new Date(1e12).toISOString(), new Date(1.9).getTime(), new Date(-1.9).getTime()]
// result: ["1970-01-01T00:00:00.000Z","1969-12-31T23:59:59.999Z","2001-09-09T01:46:40.000Z",1,-1]

// case: range limits
return [new Date(8.64e15).toISOString(), new Date(-8.64e15).toISOString(), String(new Date(8.64e15 + 1).getTime()), String(new Date(Infinity).getTime())]
// result: ["+275760-09-13T00:00:00.000Z","-271821-04-20T00:00:00.000Z","NaN","NaN"]

// case: extended years in toISOString
return [new Date(Date.UTC(-1, 0, 1)).toISOString(), new Date(Date.UTC(12345, 0, 1)).toISOString(), new Date(Date.UTC(10000, 0, 1)).toISOString()]
// result: ["-000001-01-01T00:00:00.000Z","+012345-01-01T00:00:00.000Z","+010000-01-01T00:00:00.000Z"]

// case: Date.UTC
return [Date.UTC(2024, 1, 29, 12, 30, 15, 250), Date.UTC(2024), Date.UTC(), Date.UTC(2024, NaN), Date.UTC(1970, 0, 1, 0, 0, 0, 0.9)].map(String)
// result: ["1709209815250","1704067200000","NaN","NaN","0"]

// case: parse ISO forms
return ['2024', '2024-03', '2024-03-04', '2024-03-04T05:06', '2024-03-04T05:06:07', '2024-03-04T05:06:07.8', '2024-03-04T05:06:07.891Z', '2024-03-04T05:06:07+02:00', '2024-03-04T05:06:07-0130', '+002024-03-04T00:00:00Z', '-000001-01-01T00:00:00Z', '2024-01-01T24:00:00Z'].map(Date.parse)
// result: [1704067200000,1709251200000,1709510400000,1709528760000,1709528767000,1709528767800,1709528767891,1709521567000,1709534167000,1709510400000,-62198755200000,1704153600000]

// case: parse rejects malformed ISO
return ['2024-13-01', '2024-01-02T25:00', '2024-01-02T3:04', '2024-01-02T24:00:01Z', '2024-01-02T03:04:05.Z', '2024-06-05T12:00:00Z junk', '-000000-01-01T00:00:00Z', '', 'hello'].map((s) => Number.isNaN(Date.parse(s)))
// result: [true,true,true,true,true,true,true,true,true]

// case: parse toString and toUTCString output
const d = new Date(Date.UTC(2023, 6, 14, 22, 5, 9)); return [Date.parse(d.toString()), Date.parse(d.toUTCString()), Date.parse(d.toISOString()), Date.parse(d.toDateString())]
// result: [1689372309000,1689372309000,1689372309000,1689292800000]

// case: parse common human formats
return ['January 2, 2024', 'Jan 2 2024 10:00', '2 Jan 2024', 'Tuesday, January 2, 2024', '1/2/2024', '01/02/2024 13:14:15', '2024/01/02', 'Jan 2, 2024 10:00 PM', 'Jan 2, 2024 12:30 AM', 'Dec 25, 1995', 'Jan 2 24', '1/2/99'].map(Date.parse)
// result: [1704153600000,1704189600000,1704153600000,1704153600000,1704153600000,1704201255000,1704153600000,1704232800000,1704155400000,819849600000,1704153600000,915235200000]

// case: parse zones and offsets in legacy formats
return ['Mon, 25 Dec 1995 13:30:00 +0430', 'Thu, 01 Jan 1970 00:00:00 GMT-0100', 'March 7, 2024 10:30:00 EST', 'Mar 7 2024 10:00 PST', 'Jan 2 2024 10:00 GMT+5', '2024-01-02 03:04:05 UTC', '2024-01-02 03:04:05Z', 'Jan 2 2024 10:00 (Pacific time)'].map(Date.parse)
// result: [819882000000,3600000,1709825400000,1709834400000,1704171600000,1704164645000,1704164645000,1704189600000]

// case: parse quirks of the legacy format
return ['2024-1-2', '2024.01.02', '02.01.2024', 'Jan 2024', '2-Jan-2024', 'Feb 30 2024', 'Jan 32 2024', '13/01/2024', 'Jan 2 2024 3pm', '  2024-01-02  '].map((s) => String(Date.parse(s)))
// result: ["1704153600000","1704153600000","1706745600000","1704067200000","1704153600000","1709251200000","NaN","NaN","NaN","1704153600000"]

// case: constructor with a string
return [new Date('2024-02-29').toISOString(), new Date('2024-02-29T12:00:00').getHours(), String(new Date('not a date'))]
// result: ["2024-02-29T00:00:00.000Z",12,"Invalid Date"]

// case: constructor copies a Date and converts objects
const a = new Date(5000); const b = new Date(a); b.setTime(0); return [a.getTime(), b.getTime(), new Date({ valueOf: () => 42 }).getTime(), new Date({ toString: () => '1970-01-01T00:00:01Z', valueOf: undefined }).getTime(), new Date(true).getTime(), new Date(null).getTime()]
// result: [5000,0,42,1000,1,0]

// case: invalid dates
const d = new Date(NaN); return [String(d.getTime()), String(d.getFullYear()), String(d.getDay()), String(d.getTimezoneOffset()), String(d), d.toDateString(), d.toUTCString(), d.toLocaleString(), d.toJSON(), isNaN(d)]
// result: ["NaN","NaN","NaN","NaN","Invalid Date","Invalid Date","Invalid Date","Invalid Date",null,true]

// case: toISOString of an invalid date throws RangeError
new Date(NaN).toISOString()
// error: RangeError: Invalid time value

// case: local getters
const d = new Date(2024, 1, 29, 13, 45, 30, 999); return [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds(), d.getTimezoneOffset()]
// result: [2024,1,29,4,13,45,30,999,0]

// case: UTC getters
const d = new Date(-1); return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()]
// result: [1969,11,31,3,23,59,59,999]

// case: weekdays across years
return [0, 1e11, -1e11, 951782400000, 4107542400000, -62135596800000].map((t) => new Date(t).getUTCDay())
// result: [4,6,1,2,1,1]

// case: leap years
return [1900, 2000, 2023, 2024, 2100, 2400].map((y) => new Date(Date.UTC(y, 1, 29)).getUTCMonth())
// result: [2,1,2,1,2,1]

// case: setters return the new time value
const d = new Date(0); return [d.setFullYear(2020), d.setMonth(5), d.setDate(15), d.setHours(10), d.setMinutes(20), d.setSeconds(30), d.setMilliseconds(400), d.toISOString()]
// result: [1577836800000,1590969600000,1592179200000,1592215200000,1592216400000,1592216430000,1592216430400,"2020-06-15T10:20:30.400Z"]

// case: setters with several fields
const d = new Date(0); d.setHours(25, 61, 61, 1001); const e = new Date(0); e.setFullYear(2021, 13, 32); const f = new Date(0); f.setMinutes(5, 6, 7); return [d.toISOString(), e.toISOString(), f.toISOString()]
// result: ["1970-01-02T02:02:02.001Z","2022-03-04T00:00:00.000Z","1970-01-01T00:05:06.007Z"]

// case: UTC setters
const d = new Date(Date.UTC(2024, 2, 31)); d.setUTCMonth(1); const first = d.toISOString(); d.setUTCDate(0); d.setUTCHours(-1); d.setUTCSeconds(90); d.setUTCMilliseconds(-1); d.setUTCMinutes(0); d.setUTCFullYear(1999, 0); return [first, d.toISOString()]
// result: ["2024-03-02T00:00:00.000Z","1999-01-28T23:00:29.999Z"]

// case: setters on an invalid date
const d = new Date(NaN); const r = [d.setMonth(1), d.setHours(1), d.setDate(1), d.setMilliseconds(1)]; r.push(d.setFullYear(2020)); r.push(d.toISOString()); return r.map(String)
// result: ["NaN","NaN","NaN","NaN","1577836800000","2020-01-01T00:00:00.000Z"]

// case: setters with NaN or missing arguments invalidate
const a = new Date(0); const b = new Date(0); const c = new Date(0); return [a.setHours(NaN), b.setDate(), c.setSeconds(1, undefined), a.getTime()].map(String)
// result: ["NaN","NaN","NaN","NaN"]

// case: setTime
const d = new Date(0); return [d.setTime(1234.9), d.setTime('77'), d.setTime(-0), Object.is(d.getTime(), 0), d.setTime(), d.setTime(9e15)].map(String)
// result: ["1234","77","0","true","NaN","NaN"]

// case: setter arguments are converted before the invalid check
const log = []; const d = new Date(NaN); const r = d.setHours({ valueOf() { log.push('h'); return 1 } }); const r2 = d.setUTCDate({ valueOf() { log.push('d'); return 1 } }); return [String(r), String(r2), log]
// result: ["NaN","NaN",["h","d"]]

// case: toString family
const d = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)); return [d.toString(), d.toDateString(), d.toTimeString(), d.toUTCString(), d.toGMTString === d.toUTCString, String(d)]
// result: ["Tue Jan 02 2024 03:04:05 GMT+0000 (Coordinated Universal Time)","Tue Jan 02 2024","03:04:05 GMT+0000 (Coordinated Universal Time)","Tue, 02 Jan 2024 03:04:05 GMT",true,"Tue Jan 02 2024 03:04:05 GMT+0000 (Coordinated Universal Time)"]

// case: toString of negative and large years
return [Date.UTC(-1, 0, 1), Date.UTC(0, 0, 1) - 1.5e12 * 0, Date.UTC(12345, 5, 6)].map((t) => { const d = new Date(t); d.setUTCFullYear(d.getUTCFullYear() === 1900 ? 0 : d.getUTCFullYear()); return [d.toString(), d.toUTCString(), d.toDateString()] })
// result: [["Fri Jan 01 -0001 00:00:00 GMT+0000 (Coordinated Universal Time)","Fri, 01 Jan -0001 00:00:00 GMT","Fri Jan 01 -0001"],["Sat Jan 01 0000 00:00:00 GMT+0000 (Coordinated Universal Time)","Sat, 01 Jan 0000 00:00:00 GMT","Sat Jan 01 0000"],["Wed Jun 06 12345 00:00:00 GMT+0000 (Coordinated Universal Time)","Wed, 06 Jun 12345 00:00:00 GMT","Wed Jun 06 12345"]]

// case: toLocale strings in the default locale
const d = new Date(Date.UTC(2024, 0, 2, 13, 4, 5)); const m = new Date(Date.UTC(2024, 11, 31, 0, 0, 9)); return [d.toLocaleString(), d.toLocaleDateString(), d.toLocaleTimeString(), m.toLocaleString(), m.toLocaleTimeString()]
// result: ["1/2/2024, 1:04:05 PM","1/2/2024","1:04:05 PM","12/31/2024, 12:00:09 AM","12:00:09 AM"]

// case: toJSON and JSON stringify
const d = new Date(Date.UTC(2020, 4, 17)); return [d.toJSON(), JSON.stringify({ when: d, list: [d, new Date(NaN)] }), Date.prototype.toJSON.call({ toISOString() { return 'custom' } }), Date.prototype.toJSON.call({ valueOf: () => NaN, toISOString() { return 'never' } })]
// result: ["2020-05-17T00:00:00.000Z","{\"when\":\"2020-05-17T00:00:00.000Z\",\"list\":[\"2020-05-17T00:00:00.000Z\",null]}","custom",null]

// case: a Date as the program result crosses as its ISO string
return { at: new Date(Date.UTC(2021, 8, 9, 10, 11, 12, 13)), list: [new Date(0)] }
// result: {"at":"2021-09-09T10:11:12.013Z","list":["1970-01-01T00:00:00.000Z"]}

// case: valueOf and arithmetic
const a = new Date(Date.UTC(2024, 0, 1)); const b = new Date(Date.UTC(2024, 2, 1)); return [b - a, (b - a) / 864e5, +a, a.valueOf() === a.getTime(), a < b, a > b, Math.max(a, b)]
// result: [5184000000,60,1704067200000,true,true,false,1709251200000]

// case: addition and equality use the string hint
const d = new Date(0); return [d + 1, `${d}`, d == d.toString(), d == 0, [d].join()]
// result: ["Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)1","Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)",true,false,"Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)"]

// case: Symbol.toPrimitive
const d = new Date(0); const p = Date.prototype[Symbol.toPrimitive]; return [p.call(d, 'number'), p.call(d, 'default'), p.call(d, 'string'), p.length, p.name, typeof Object.getOwnPropertyDescriptor(Date.prototype, Symbol.toPrimitive).writable]
// result: [0,"Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)","Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)",1,"[Symbol.toPrimitive]","boolean"]

// case: Symbol.toPrimitive rejects a bad hint
new Date(0)[Symbol.toPrimitive]('number2')
// error: TypeError: Invalid hint: number2

// case: Date called without new returns a string
const s = Date(2020, 1, 1); return [typeof s, s.endsWith('(Coordinated Universal Time)'), typeof Date.now(), Date.now() > 1.6e12, new Date().getTime() > 1.6e12]
// result: ["string",true,"number",true,true]

// case: Object prototype toString and instanceof
const d = new Date(0); return [Object.prototype.toString.call(d), d instanceof Date, Object.getPrototypeOf(d) === Date.prototype, Date.prototype.constructor === Date, Object.prototype.toString.call(Date.prototype)]
// result: ["[object Date]",true,true,true,"[object Object]"]

// case: methods refuse non Date receivers
try { Date.prototype.getTime.call({}) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","this is not a Date object."]

// case: Date prototype is not a Date
Date.prototype.valueOf()
// error: TypeError: this is not a Date object.

// case: lengths and names
return [Date.length, Date.name, Date.parse.length, Date.UTC.length, Date.now.length, Date.prototype.setFullYear.length, Date.prototype.setUTCHours.length, Date.prototype.setMinutes.length, Date.prototype.toJSON.length, Date.prototype.getTime.name]
// result: [7,"Date",1,7,0,3,4,3,1,"getTime"]

// case: subclassing Date
class Deadline extends Date { isPast(now) { return this.getTime() < now } label() { return 'due ' + this.toISOString().slice(0, 10) } }; const d = new Deadline(Date.UTC(2024, 5, 30)); return [d.isPast(Date.UTC(2025, 0, 1)), d.label(), d instanceof Date, Object.prototype.toString.call(d)]
// result: [true,"due 2024-06-30",true,"[object Date]"]

// case: sorting and grouping dates
const ds = ['2024-03-01', '2023-12-25', '2024-01-15'].map((s) => new Date(s)); ds.sort((a, b) => a - b); return ds.map((d) => `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}`)
// result: ["2023-12","2024-1","2024-3"]

// case: day arithmetic an agent writes
const start = new Date('2024-01-30T00:00:00Z'); const out = []; for (let i = 0; i < 4; i++) { const d = new Date(start); d.setUTCDate(d.getUTCDate() + i); out.push(d.toISOString().slice(0, 10)) } return out
// result: ["2024-01-30","2024-01-31","2024-02-01","2024-02-02"]

// case: days between and end of month
const days = (a, b) => Math.round((new Date(b) - new Date(a)) / 86400000); const lastDay = (y, m) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate(); return [days('2024-01-01', '2024-12-31'), lastDay(2024, 1), lastDay(2023, 1), lastDay(2024, 11)]
// result: [365,29,28,31]

// case: getYear and setYear
const d = new Date(Date.UTC(2024, 6, 4)); const r = [d.getYear()]; d.setYear(99); r.push(d.getFullYear()); d.setYear(2030); r.push(d.getFullYear()); const n = new Date(NaN); n.setYear(5); r.push(n.toISOString()); return r
// result: [124,1999,2030,"1905-01-01T00:00:00.000Z"]

// case: fractional and huge component arguments
return [new Date(2024, 0.9, 1.9, 1.5).toISOString(), Date.UTC(2024, 0, 1, 0, 0, 0, 1e20), Date.UTC(1e9, 0), Date.UTC(275760, 8, 13), Date.UTC(275760, 8, 13, 0, 0, 0, 1)].map(String)
// result: ["2024-01-01T01:00:00.000Z","NaN","NaN","8640000000000000","NaN"]

// case: ISO round trip of many instants
const out = []; for (let t = -4e12; t < 4e12; t += 7.77e11) { const s = new Date(t).toISOString(); out.push(Date.parse(s) === t ? s : 'bad') } return out
// result: ["1843-03-31T16:53:20.000Z","1867-11-13T18:13:20.000Z","1892-06-27T19:33:20.000Z","1917-02-10T20:53:20.000Z","1941-09-25T22:13:20.000Z","1966-05-10T23:33:20.000Z","1990-12-24T00:53:20.000Z","2015-08-08T02:13:20.000Z","2040-03-22T03:33:20.000Z","2064-11-04T04:53:20.000Z","2089-06-19T06:13:20.000Z"]

// case: toLocaleDateString with component options
const d = new Date(Date.UTC(2024, 0, 2, 13, 4, 5)); return [{ year: 'numeric', month: 'long', day: 'numeric' }, { weekday: 'long', year: 'numeric', month: 'short', day: 'numeric' }, { month: '2-digit', day: '2-digit', year: 'numeric' }, { month: 'long', year: 'numeric' }, { weekday: 'short' }, { month: 'short', day: 'numeric' }, { year: '2-digit', month: 'numeric', day: 'numeric' }].map((o) => d.toLocaleDateString('en-US', o))
// result: ["January 2, 2024","Tuesday, Jan 2, 2024","01/02/2024","January 2024","Tue","Jan 2","1/2/24"]

// case: toLocaleTimeString with component options
const d = new Date(Date.UTC(2024, 0, 2, 0, 4, 5)); return [{ hour: '2-digit', minute: '2-digit' }, { hour: 'numeric' }, { hour: 'numeric', minute: '2-digit', hour12: false }, { hourCycle: 'h23' }, { timeZoneName: 'short' }, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }, { minute: '2-digit', second: '2-digit' }].map((o) => d.toLocaleTimeString('en-US', o))
// result: ["12:04 AM","12 AM","24:04","00:04:05","12:04:05 AM UTC","12:04 AM","04:05"]

// case: toLocaleString with styles and mixed options
const d = new Date(Date.UTC(2024, 6, 4, 18, 30)); return [{ dateStyle: 'full', timeStyle: 'short' }, { dateStyle: 'medium', timeStyle: 'medium' }, { dateStyle: 'short' }, { timeStyle: 'long' }, { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }, { weekday: 'long', hour: 'numeric' }, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }].map((o) => d.toLocaleString('en-US', o))
// result: ["Thursday, July 4, 2024 at 6:30 PM","Jul 4, 2024, 6:30:00 PM","7/4/24","6:30:00 PM UTC","July 4 at 6:30 PM","Thursday 6 PM","Jul 4, 2024, 06:30 PM"]

// case: toLocale option errors
const d = new Date(0); const r = []; for (const f of [() => d.toLocaleDateString('en-US', { timeStyle: 'short' }), () => d.toLocaleTimeString('en-US', { dateStyle: 'short' }), () => d.toLocaleString('en-US', { dateStyle: 'long', month: 'long' }), () => d.toLocaleString('en-US', { month: 'longest' })]) { try { r.push(f()) } catch (e) { r.push(e.name + ': ' + e.message) } } return r
// result: ["TypeError: Invalid option : timeStyle","TypeError: Invalid option : dateStyle","TypeError: Can't set option month when dateStyle is used","RangeError: Value longest out of range for Date.prototype.toLocaleString options property month"]
