/**
 * The table library against real Lua 5.4.4. Each case mirrors one of a recording script run with
 * `lua5.4` (the `case` and `show` helpers of `helpers.ts` print as that script does); the expected
 * strings are its output, with `table.lua:N:` positions read as `input:1:`.
 */

import { describe, expect, it } from "vitest"
import { openTable } from "../../../worker/lua/stdlib/table.js"
import {
  LuaError,
  LuaFloat,
  LuaTable,
  MAX_INTEGER,
  MIN_INTEGER,
  type LuaFunction,
  type LuaValue,
} from "../../../worker/lua/runtime/value.js"
import { HostStop } from "../../../worker/engine-host.js"
import { arrayPart, call, list, newState, outcome, show, table } from "./helpers.js"

const st = newState()
const lib = openTable(st)
const T = (name: string, ...args: LuaValue[]): LuaValue[] => call(lib, name, ...args)
const f = (n: number): LuaFloat => new LuaFloat(n)

/** name -> [the case, what real Lua printed] */
const cases: Record<string, [() => LuaValue[], string]> = {
  ins1: [() => { const t = list(1, 2, 3); T("insert", t, 4); return [t, t.length()] }, "2:{1,2,3,4},4"],
  ins2: [() => { const t = list(1, 2, 3); T("insert", t, 1, 0); return [t, t.length()] }, "2:{0,1,2,3},4"],
  ins3: [() => { const t = list(1, 2, 3); T("insert", t, 2, "x"); return [t] }, '1:{1,"x",2,3}'],
  ins4: [() => { const t = list(1, 2, 3); T("insert", t, 4, "x"); return [t] }, '1:{1,2,3,"x"}'],
  ins5: [() => { const t = list(); T("insert", t, 1, "a"); return [t] }, '1:{"a"}'],
  ins6: [() => T("insert", list(1, 2, 3), 5, "x"), "ERR input:1: bad argument #2 to 'insert' (position out of bounds)"],
  ins7: [() => T("insert", list(1, 2, 3), 0, "x"), "ERR input:1: bad argument #2 to 'insert' (position out of bounds)"],
  ins8: [() => T("insert", list(1, 2, 3)), "ERR input:1: wrong number of arguments to 'insert'"],
  ins9: [() => T("insert", list(1, 2, 3), 1, 2, 3), "ERR input:1: wrong number of arguments to 'insert'"],
  ins10: [() => T("insert", undefined, 1), "ERR input:1: bad argument #1 to 'insert' (table expected, got nil)"],
  ins11: [() => T("insert", list(1, 2), 1.5, 1), "ERR input:1: bad argument #2 to 'insert' (number has no integer representation)"],
  ins12: [() => { const t = list(1, 2, 3); T("insert", t, "2", "x"); return [t] }, '1:{1,"x",2,3}'],
  ins13: [() => { const t = list(1, 2, 3); T("insert", t, f(2), "x"); return [t] }, '1:{1,"x",2,3}'],
  ins14: [() => { const t = table([1, 1], [2, 2], [4, 4]); T("insert", t, 1, 0); return [t, t.length()] }, "2:{0,1,2,4},4"],
  ins15: [() => { const t = list(1, 2); T("insert", t, undefined); return [t, t.length()] }, "2:{1,2},2"],
  ins16: [() => {
    const t = list()
    for (let i = 1; i <= 1000; i++) T("insert", t, 1, i)
    return [t.length(), t.get(1), t.get(500), t.get(1000)]
  }, "4:1000,1000,501,1"],
  ins17: [() => { const t = list(1, 2); T("insert", t, 1, undefined); return [t.get(1), t.get(2), t.get(3)] }, "3:nil,1,2"],
  ins18: [() => T("insert", list(1, 2), "x", 1), "ERR input:1: bad argument #2 to 'insert' (number expected, got string)"],
  ins19: [() => T("insert", list(1, 2), MAX_INTEGER, 1), "ERR input:1: bad argument #2 to 'insert' (position out of bounds)"],

  rem1: [() => { const t = list(1, 2, 3); const v = T("remove", t); return [...v, t] }, "2:3,{1,2}"],
  rem2: [() => { const t = list(1, 2, 3); const v = T("remove", t, 1); return [...v, t] }, "2:1,{2,3}"],
  rem3: [() => T("remove", list()), "1:nil"],
  rem4: [() => T("remove", list(), 0), "1:nil"],
  rem5: [() => T("remove", list(), 1), "1:nil"],
  rem6: [() => T("remove", list(), 2), "ERR input:1: bad argument #1 to 'remove' (position out of bounds)"],
  rem7: [() => { const t = list(1, 2, 3); const v = T("remove", t, 4); return [...v, t] }, "2:nil,{1,2,3}"],
  rem8: [() => T("remove", list(1, 2, 3), 5), "ERR input:1: bad argument #1 to 'remove' (position out of bounds)"],
  rem9: [() => { const t = table([0, "z"]); const v = T("remove", t); return [...v, t] }, '2:"z",{}'],
  rem10: [() => T("remove", list(1, 2, 3), -1), "ERR input:1: bad argument #1 to 'remove' (position out of bounds)"],
  rem11: [() => { const t = list(1, 2, 3); const v = T("remove", t, 2); return [...v, t, t.length()] }, "3:2,{1,3},2"],
  rem12: [() => T("remove", undefined), "ERR input:1: bad argument #1 to 'remove' (table expected, got nil)"],
  rem13: [() => { const t = list(1, 2, 3); return [...T("remove", t, 3), t] }, "2:3,{1,2}"],

  cat1: [() => T("concat", list("a", "b", "c")), '1:"abc"'],
  cat2: [() => T("concat", list("a", "b", "c"), ", "), '1:"a, b, c"'],
  cat3: [() => T("concat", list("a", "b", "c"), "-", 2, 3), '1:"b-c"'],
  cat4: [() => T("concat", list("a", "b", "c"), "-", 3, 2), '1:""'],
  cat5: [
    () => T("concat", list(1, 2.5, "x", f(2 ** 63), f(-0), f(1e100), f(2 ** 53), MIN_INTEGER, Infinity, 0.1), " "),
    '1:"1 2.5 x 9.2233720368548e+18 -0.0 1e+100 9.007199254741e+15 -9223372036854775808 inf 0.1"',
  ],
  cat6: [() => T("concat", list(1, list(), 3)), "ERR input:1: invalid value (table) at index 2 in table for 'concat'"],
  cat7: [() => T("concat", list(1, 2, 3), "x", 2, 5), "ERR input:1: invalid value (nil) at index 4 in table for 'concat'"],
  cat8: [() => T("concat", list(), list()), "ERR input:1: bad argument #2 to 'concat' (string expected, got table)"],
  cat9: [() => T("concat", undefined), "ERR input:1: bad argument #1 to 'concat' (table expected, got nil)"],
  cat10: [() => T("concat", list(1, 2), 0), '1:"102"'],
  cat11: [() => T("concat", table([1, "a"], [3, "c"], [2, "b"])), '1:"abc"'],
  cat12: [() => T("concat", table([0, "z"], [-1, "y"], [1, "a"]), ",", -1, 1), '1:"y,z,a"'],
  cat13: [() => T("concat", list("a", true)), "ERR input:1: invalid value (boolean) at index 2 in table for 'concat'"],
  cat14: [() => T("concat", list()), '1:""'],
  cat15: [() => T("concat", list("a", "b"), ",", 1, f(2)), '1:"a,b"'],
  cat16: [() => T("concat", list("a", "b"), ",", 1.5), "ERR input:1: bad argument #3 to 'concat' (number has no integer representation)"],
  cat17: [() => T("concat", list("a"), ",", MAX_INTEGER), '1:""'],
  cat18: [
    () => T("concat", list("a"), ",", MAX_INTEGER - 1n, MAX_INTEGER),
    "ERR input:1: invalid value (nil) at index 9223372036854775806 in table for 'concat'",
  ],

  pack1: [() => T("pack"), "1:{n=0}"],
  pack2: [() => T("pack", 1, undefined, 3), "1:{1,nil,3,n=3}"],
  pack3: [() => T("pack", undefined), "1:{n=1}"],
  pack4: [() => { const t = T("pack", 1, 2)[0] as LuaTable; return [t.length(), t.get("n")] }, "2:2,2"],
  unp1: [() => T("unpack", list(1, 2, 3)), "3:1,2,3"],
  unp2: [() => T("unpack", list(1, 2, 3), 2), "2:2,3"],
  unp3: [() => T("unpack", list(1, 2, 3), 2, 5), "4:2,3,nil,nil"],
  unp4: [() => T("unpack", list(1, 2, 3), -1, 1), "3:nil,nil,1"],
  unp5: [() => T("unpack", list(), 1, 0), "0:"],
  unp6: [() => T("unpack", list(1, 2), 3), "0:"],
  unp7: [() => T("unpack", "abc"), "3:nil,nil,nil"],
  unp8: [() => T("unpack", undefined), "ERR attempt to get length of a nil value"],
  unp9: [() => T("unpack", list(), 1, f(1e7)), "ERR input:1: too many results to unpack"],
  unp10: [() => T("unpack", list(), MIN_INTEGER, MAX_INTEGER), "ERR input:1: too many results to unpack"],
  unp11: [() => T("unpack", list(1, 2, 3), "2", f(3)), "2:2,3"],
  unp12: [() => T("unpack", list(1, 2), 1.5), "ERR input:1: bad argument #2 to 'unpack' (number has no integer representation)"],
  unp13: [() => T("unpack", list(), MAX_INTEGER, MAX_INTEGER), "1:nil"],
  unp14: [() => T("unpack", 5, 1, 2), "ERR attempt to index a number value"],
  unp15: [() => [T("unpack", list(), 1, 500000).length], "1:500000"],

  mov1: [() => T("move", list(1, 2, 3), 1, 3, 2), "1:{1,1,2,3}"],
  mov2: [() => T("move", list(1, 2, 3), 2, 3, 1), "1:{2,3,3}"],
  mov3: [() => { const t = list(1, 2, 3); const u = T("move", t, 1, 3, 1, list())[0]; return [u, u !== t] }, "2:{1,2,3},true"],
  mov4: [() => T("move", list(1, 2, 3), 1, 0, 5), "1:{1,2,3}"],
  mov5: [() => T("move", list(1, 2, 3), 1, MAX_INTEGER, 2), "ERR input:1: bad argument #4 to 'move' (destination wrap around)"],
  mov6: [() => T("move", list(1, 2, 3), -1, MAX_INTEGER, 2), "ERR input:1: bad argument #3 to 'move' (too many elements to move)"],
  mov7: [() => T("move", list(1, 2, 3), 1, 3, MAX_INTEGER), "ERR input:1: bad argument #4 to 'move' (destination wrap around)"],
  mov8: [() => T("move", list(1, 2, 3), 1, 3, 3), "1:{1,2,1,2,3}"],
  mov9: [() => T("move", list(1, 2, 3), MAX_INTEGER - 1n, MAX_INTEGER, 1), "1:{nil,nil,3}"],
  mov10: [() => T("move", undefined, 1, 2, 3), "ERR input:1: bad argument #1 to 'move' (table expected, got nil)"],
  mov11: [() => T("move", list(), undefined, 2, 3), "ERR input:1: bad argument #2 to 'move' (number expected, got nil)"],
  mov12: [() => T("move", list(), 1, 2, 3, 5), "ERR input:1: bad argument #5 to 'move' (table expected, got number)"],
  mov13: [() => T("move", list(1, 2, 3), 1, 3, 1, undefined), "1:{1,2,3}"],
  mov14: [() => { const b = list("a", "b", "c", "d"); T("move", list(1, 2, 3), 2, 3, 3, b); return [b] }, '1:{"a","b",2,3}'],
  mov15: [() => T("move", list(1, 2, 3), MIN_INTEGER, -1, 1), "ERR input:1: bad argument #3 to 'move' (too many elements to move)"],
  mov16: [() => T("move", list(1, 2, 3), 1, 3, -1), "1:{3,2,3,-1=1,0=2}"],
}

describe("table library, as real Lua 5.4", () => {
  for (const [name, [run, expected]] of Object.entries(cases)) {
    it(name, () => expect(outcome(run)).toBe(expected))
  }
})

// ---------------------------------------------------------------------------------------------
// sort

/** The recording script's `rand`: an LCG both sides can run. */
const lcg = (start: number) => {
  let seed = BigInt(start)
  return (): number => {
    seed = (seed * 1103515245n + 12345n) % 2147483648n
    return Number(seed)
  }
}

const listOf = (t: LuaTable): string => {
  const out: string[] = []
  for (let i = 1; i <= t.length(); i++) out.push(show(t.get(i)).replace(/^"(.*)"$/, "$1"))
  return out.join(",")
}

const comparator = (less: (a: LuaValue, b: LuaValue) => boolean): LuaFunction => (args) => [less(args[0], args[1])]
const num = (v: LuaValue): number => v as number

describe("table.sort, as real Lua 5.4", () => {
  const sortCases: Record<string, [() => string, string]> = {
    s1: [() => { const t = list(5, 2, 8, 1, 9, 3); T("sort", t); return listOf(t) }, "1,2,3,5,8,9"],
    s2: [() => { const t = list("b", "a", "C", "aa", ""); T("sort", t); return listOf(t) }, ",C,a,aa,b"],
    s3: [() => { const t = list(3, 1.5, 2, -1, f(2), f(1e300), -Infinity, 0); T("sort", t); return listOf(t) }, "-inf,-1,0,1.5,2.0,2,3,1e+300"],
    s4: [() => { const t = list(5, 2, 8, 1, 9, 3); T("sort", t, comparator((a, b) => num(a) > num(b))); return listOf(t) }, "9,8,5,3,2,1"],
    s5: [() => { const t = list(1, 2, 3); T("sort", t, comparator(() => true)); return listOf(t) }, "2,3,1"],
    s6: [() => { T("sort", list(1, 2, 3, 4), comparator(() => true)); return "" }, "ERR input:1: invalid order function for sorting"],
    s7: [() => { T("sort", list(5, 5, 5, 5, 5), comparator((a, b) => num(a) <= num(b))); return "" }, "ERR input:1: invalid order function for sorting"],
    s8: [() => { T("sort", list(list(), list())); return "" }, "ERR attempt to compare two table values"],
    s9: [() => { T("sort", list(1, "x")); return "" }, "ERR attempt to compare string with number"],
    s10: [() => { T("sort", arrayPart(1, 2, undefined, 4)); return "" }, "ERR attempt to compare nil with number"],
    s11: [() => { T("sort", list(1), 5); return "ok" }, "ok"],
    s12: [() => { T("sort", list(1, 2), 5); return "" }, "ERR input:1: bad argument #2 to 'sort' (function expected, got number)"],
    s13: [() => { T("sort", list(1, 2), list()); return "" }, "ERR input:1: bad argument #2 to 'sort' (function expected, got table)"],
    s14: [() => { T("sort", undefined); return "" }, "ERR input:1: bad argument #1 to 'sort' (table expected, got nil)"],
    s15: [() => { const t = list(); T("sort", t); return String(t.length()) }, "0"],
    s16: [() => { const t = list(3, 1, 2); T("sort", t, undefined); return listOf(t) }, "1,2,3"],
    s22: [() => { const t = list(1, 2, 3, 4, 5); T("sort", t, comparator(() => false)); return listOf(t) }, "1,4,3,2,5"],
    s23: [() => { const t = list(1, 2, 3, 4, 5, 6, 7, 8); T("sort", t, comparator((a, b) => num(a) % 3 < num(b) % 3)); return listOf(t) }, "6,3,1,7,4,2,5,8"],
    s25: [() => {
      const t = list(...Array.from({ length: 100 }, (_, i) => 99 - i))
      let calls = 0
      T("sort", t, comparator((a, b) => (calls++, num(a) < num(b))))
      return `${calls} ${show(t.get(1))} ${show(t.get(100))}`
    }, "710 0 99"],
    s26: [() => { T("sort", arrayPart(1, undefined, 3)); return "" }, "ERR attempt to compare nil with number"],
    s27: [() => { T("sort", list(1, 2, 3, 4, 5, 6), comparator(() => true)); return "" }, "ERR input:1: invalid order function for sorting"],
    s28: [() => { const t = list(5, 1, 4, 2, 3); T("sort", t, comparator((a) => num(a) > 2)); return listOf(t) }, "ERR input:1: invalid order function for sorting"],
  }
  for (const [name, [run, expected]] of Object.entries(sortCases)) {
    it(name, () => {
      let got: string
      try {
        got = run()
      } catch (error) {
        if (!(error instanceof LuaError)) throw error
        got = `ERR ${String(error.value)}`
      }
      expect(got).toBe(expected)
    })
  }

  // The script draws s17, s19 and s20 from one LCG in this order.
  const rand = lcg(12345)
  const draws = {
    s17: Array.from({ length: 300 }, () => rand() % 1000),
    s19: Array.from({ length: 50 }, () => rand() % 100),
    s20: Array.from({ length: 20 }, () => rand() % 10),
  }

  it("makes exactly Lua's comparisons (s17: 300 random numbers)", () => {
    const t = list(...draws.s17)
    let calls = 0
    T("sort", t, comparator((a, b) => (calls++, num(a) < num(b))))
    const values = t.array as number[]
    expect(values.every((v, i) => i === 0 || values[i - 1] <= v)).toBe(true)
    expect(`${calls} ${values[0]} ${values[149]} ${values[299]}`).toBe("2350 0 469 999")
  })

  it("orders ties as Lua does (s18: records keyed by i % 7)", () => {
    const records = Array.from({ length: 200 }, (_, i) => table(["k", (i + 1) % 7], ["id", i + 1]))
    const t = list(...records)
    T("sort", t, comparator((a, b) => num((a as LuaTable).get("k")) < num((b as LuaTable).get("k"))))
    const ids = (t.array as LuaTable[]).map((r) => r.get("id")).join(",")
    expect(ids).toBe(
      "77,112,161,119,56,42,21,105,28,49,140,154,35,147,126,175,168,98,7,91,84,70,196,189,133,63,14,182,106,127,43,71,92,113,85,64,120,99,57,50,141,1,15,176,134,22,183,190,8,197,162,169,78,29,36,148,155,86,128,156,198,191,79,184,177,114,163,107,142,149,121,170,93,135,100,30,9,65,23,51,58,16,37,44,72,2,150,38,178,52,108,31,157,17,122,171,136,164,24,129,45,59,143,10,115,185,94,87,66,192,199,3,73,80,101,88,39,165,74,137,151,158,67,144,25,32,81,4,18,102,130,200,53,116,193,179,11,109,186,60,172,46,123,95,180,166,12,5,187,159,194,173,26,19,138,117,47,124,131,89,96,103,61,54,68,110,75,40,145,33,82,152,97,104,188,83,6,90,69,55,195,62,153,111,139,41,167,34,146,160,181,20,125,13,27,132,118,174,48,76",
    )
  })

  it("leaves Lua's partial order behind when the comparator fails (s19)", () => {
    const t = list(...draws.s19)
    let calls = 0
    const failing: LuaFunction = (args) => {
      if (++calls === 40) throw new LuaError("input:1: boom")
      return [num(args[0]) < num(args[1])]
    }
    expect(() => T("sort", t, failing)).toThrow(LuaError)
    expect(listOf(t)).toBe(
      "22,1,0,3,2,1,20,5,7,95,4,57,46,11,80,37,46,11,56,77,58,71,28,65,86,94,40,67,58,89,40,25,50,91,96,73,62,27,32,85,46,27,48,71,86,39,96,77,23,34",
    )
  })

  it("detects a non-strict comparator on data with ties (s20)", () => {
    const t = list(...draws.s20)
    expect(() => T("sort", t, comparator((a, b) => num(a) <= num(b)))).toThrow("input:1: invalid order function for sorting")
  })

  it("s21: 1000 distinct numbers, 10320 comparisons", () => {
    const t = list(...Array.from({ length: 1000 }, (_, i) => ((i + 1) * 7919) % 1000))
    let calls = 0
    T("sort", t, comparator((a, b) => (calls++, num(a) < num(b))))
    expect(`${calls} ${show(t.get(1))} ${show(t.get(1000))}`).toBe("10320 0 999")
  })

  it("never loops or crashes on random answers from the comparator", () => {
    const coin = lcg(7)
    for (let n = 0; n < 300; n += 7) {
      const t = list(...Array.from({ length: n }, (_, i) => i))
      try {
        T("sort", t, comparator(() => coin() % 2 === 0))
      } catch (error) {
        expect(String((error as LuaError).value)).toBe("input:1: invalid order function for sorting")
      }
      // whatever happened, the elements are still a permutation of 0..n-1
      expect([...(t.array as number[])].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i))
    }
  })

  it("sorts a large array of mixed integers and floats with the default order", () => {
    const rand2 = lcg(99)
    const values: LuaValue[] = Array.from({ length: 20000 }, (_, i) => (i % 3 === 0 ? rand2() % 5000 : (rand2() % 5000) + 0.5))
    const t = list(...values)
    T("sort", t)
    const sorted = t.array as number[]
    expect(sorted.every((v, i) => i === 0 || sorted[i - 1] <= v)).toBe(true)
  })

  it("charges fuel per comparison, so a small budget stops a big sort", () => {
    const small = newState({ maxFuel: 50_000 })
    const t = list(...Array.from({ length: 20000 }, (_, i) => (i * 7919) % 20000))
    expect(() => call(openTable(small), "sort", t)).toThrow(HostStop)
  })
})

// ---------------------------------------------------------------------------------------------
// Fast paths and bounds

describe("table library fast paths and bounds", () => {
  it("joins 100,000 pieces (3b_concat_buffer)", () => {
    const t = list()
    for (let i = 1; i <= 100000; i++) t.setInteger(i, "ab")
    const [s] = T("concat", t)
    expect((s as string).length).toBe(200000)
  })

  it("checks the result size before joining", () => {
    const small = newState({ maxStringBytes: 1000 })
    const t = list(...Array.from({ length: 100 }, () => "0123456789"))
    expect(call(openTable(small), "concat", t)[0]).toHaveLength(1000)
    expect(() => call(openTable(small), "concat", t, ",")).toThrow(/string of 1099 bytes exceeds the limit of 1000 bytes/)
    const mixed = list(...Array.from({ length: 100 }, (_, i) => (i === 50 ? 1234567890 : "0123456789")))
    expect(() => call(openTable(small), "concat", mixed, ",")).toThrow(HostStop)
  })

  it("appends and inserts in the array part, keeping the border", () => {
    const t = list()
    for (let i = 1; i <= 1000; i++) T("insert", t, i)
    T("insert", t, 500, "middle")
    expect(t.length()).toBe(1001)
    expect(t.get(500)).toBe("middle")
    expect(t.get(501)).toBe(500)
    expect(T("remove", t, 500)).toEqual(["middle"])
    expect(t.array.length).toBe(1000)
    expect(t.hash === null || t.hash.size === 0).toBe(true)
  })

  it("stops a table that grows past its entry bound", () => {
    const small = newState({ maxTableEntries: 10 })
    const lib2 = openTable(small)
    const t = new LuaTable(10)
    for (let i = 0; i < 10; i++) call(lib2, "insert", t, i)
    expect(() => call(lib2, "insert", t, 1, "x")).toThrow()
    expect(() => call(lib2, "pack", ...Array.from({ length: 11 }, () => 1))).toThrow()
  })

  it("keeps a table's array part free of trailing nils after sorting holes", () => {
    const t = arrayPart("b", undefined, "a")
    T("sort", t, comparator((a, b) => (a === undefined ? false : b === undefined ? true : (a as string) < (b as string))))
    expect(t.array[t.array.length - 1]).not.toBe(undefined)
    expect(listOf(t)).toBe("a,b")
  })
})
