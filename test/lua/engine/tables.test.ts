/**
 * The table representation (runtime/value.ts): the shared empty array part, the small hash part
 * (parallel keys and values, tombstones, the move to a Map), record constructors sharing their key
 * list — seen from programs, where none of it may show — and the fast paths of calls and
 * arithmetic that a later change could break without a conformance case noticing.
 */

import { describe, expect, it } from "vitest"
import { runLua } from "../../../worker/lua/index.js"
import { LuaTable } from "../../../worker/lua/runtime/value.js"
import { failure, printed, valueOf } from "./helpers.js"

describe("the small hash part", () => {
  it("keeps insertion order through the move to a Map", () => {
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`)
    const source = `local t = {}\n${keys.map((k, i) => `t.${k} = ${i}`).join("\n")}\nlocal out = {}\nfor k in pairs(t) do out[#out + 1] = k end\nreturn out`
    expect(valueOf(source)).toEqual(keys)
  })
  it("lets a loop clear the key it is on, in both forms", () => {
    for (const n of [3, 20]) {
      const source = `local t = {}\nfor i = 1, ${n} do t["k" .. i] = i end\nlocal seen = 0\nfor k, v in pairs(t) do t[k] = nil; seen = seen + v end\nreturn { seen, next(t) == nil }`
      expect(valueOf(source)).toEqual([(n * (n + 1)) / 2, true])
    }
  })
  it("a cleared key set again goes last, as a new key", () => {
    expect(valueOf("local t = { a = 1, b = 2, c = 3 }\nt.a = nil\nt.a = 4\nlocal out = {}\nfor k in pairs(t) do out[#out + 1] = k end\nreturn out")).toEqual(["b", "c", "a"])
  })
  it("reuses the slots of cleared keys before moving to a Map", () => {
    const t = new LuaTable(100)
    for (let round = 0; round < 50; round++) {
      t.set(`k${round}`, round)
      t.set(`k${round}`, undefined)
    }
    expect(t.hash).toBe(null)
    expect(t.keys!.length).toBeLessThanOrEqual(8)
    expect(t.hashSize()).toBe(0)
  })
  it("counts only live keys against maxTableEntries", () => {
    const bounds = { maxTableEntries: 4 }
    expect(runLua("local t = {}\nfor i = 1, 20 do t['k' .. i] = i; t['k' .. i] = nil end\nreturn 1", { bounds })).toMatchObject({ ok: true })
    expect(failure("local t = {}\nfor i = 1, 5 do t['k' .. i] = i end", { bounds }).message).toContain("maxTableEntries")
  })
  it("keeps non-string keys apart from strings", () => {
    expect(valueOf("local t = {}\nt[1.5] = 'f'\nt['1.5'] = 's'\nt[true] = 'b'\nt[-1] = 'n'\nt['-1'] = 'ns'\nreturn { t[1.5], t['1.5'], t[true], t[-1], t['-1'] }")).toEqual(["f", "s", "b", "n", "ns"])
  })
  it("moves an integer key to the array part when the array reaches it", () => {
    expect(valueOf("local t = { x = 1 }\nt[2] = 'b'\nt[1] = 'a'\nreturn { #t, t[2], t.x }")).toEqual([2, "b", 1])
  })
})

describe("the segmented array part", () => {
  // 4,096 elements a segment: these lengths cross one, two and several segment boundaries.
  const N = 4096 * 3 + 5

  it("reads, writes and measures a long appended array as one", () => {
    const t = new LuaTable(1 << 20)
    for (let i = 1; i <= N; i++) t.setInteger(i, i * 2)
    expect(t.length()).toBe(N)
    expect([t.get(1), t.get(4096), t.get(4097), t.get(N), t.get(N + 1), t.get(4096.5)]).toEqual([2, 8192, 8194, 2 * N, undefined, undefined])
    t.setInteger(5000, "x")
    expect(t.get(5000)).toBe("x")
    expect(t.array.length).toBe(N)
    expect(t.array[4999]).toBe("x")
    expect(t.array[N - 1]).toBe(2 * N)
  })
  it("is not segmented again once joined, so a table kept at one segment's length is not copied at every append", () => {
    const t = new LuaTable(1 << 20)
    for (let i = 1; i <= 4097; i++) t.setInteger(i, i)
    expect(t.arraySegments().length).toBe(2)
    for (let round = 0; round < 3; round++) {
      expect(t.array.length).toBe(4097) // what table.insert and the other bulk functions read
      t.setInteger(4097, undefined)
      t.setInteger(4097, round)
      expect(t.arraySegments().length).toBe(1)
    }
  })
  it("trims trailing nils back across segment boundaries", () => {
    const source = `local t = {}\nfor i = 1, ${N} do t[i] = i end\nfor i = ${N}, 4000, -1 do t[i] = nil end\nlocal a = #t\nt[#t + 1] = "y"\nt[5000] = "z"\nreturn { a, #t, t[4000], t[5000], t[4001] == nil }`
    expect(valueOf(source)).toEqual([3999, 4000, "y", "z", true])
  })
  it("moves keys from the hash part when appending reaches them, past a segment", () => {
    expect(valueOf(`local t = {}\nt[4098] = "b"\nt[4099] = "c"\nfor i = 1, 4097 do t[i] = i end\nreturn { #t, t[4097], t[4098], t[4099] }`)).toEqual([4099, 4097, "b", "c"])
  })
  it("keeps next, ipairs, pairs and the library right on a segmented table", () => {
    const source = `local t = {}
for i = 1, ${N} do t[i] = i end
local s1, k, v = 0, next(t)
while k do s1 = s1 + v; k, v = next(t, k) end
local s2 = 0
for _, v in ipairs(t) do s2 = s2 + v end
local s3, order = 0, true
for k, v in pairs(t) do
  s3 = s3 + v
  order = order and k == v
  t[${N} + 1 - k] = nil
end
local u = {}
for i = 1, ${N} do u[i] = tostring(i % 10) end
local joined = table.concat(u, ",", 4090, 4100)
table.insert(u, 1, "first")
table.insert(u, "last")
local removed = table.remove(u, 2)
local unpacked = select("#", table.unpack(u))
table.sort(u)
return { s1, s2, s3, order, next(t) == nil, joined, removed, #u, unpacked, u[1], u[#u], #table.concat(u) }`
    const sum = (N * (N + 1)) / 2
    const half = ((N - 1) / 2) * ((N - 1) / 2 + 1) / 2 + (N + 1) / 2
    expect(valueOf(source)).toEqual([sum, sum, half, true, false, "0,1,2,3,4,5,6,7,8,9,0", "1", N + 1, N + 1, "0", "last", N - 1 + 5 + 4])
  })
  it("joins a segmented part with a separator and any range", () => {
    const source = `local t = {}\nfor i = 1, ${N} do t[i] = "ab" end\nreturn { #table.concat(t), #table.concat(t, "-"), table.concat(t, "", ${N} - 1), #table.concat(t, "", 10, 9000) }`
    expect(valueOf(source)).toEqual([2 * N, 3 * N - 1, "abab", 2 * 8991])
  })
})

describe("record constructors", () => {
  it("tables built by one constructor do not share what is added later", () => {
    const source = "local function make(i) return { id = i, name = 'n' .. i } end\nlocal a, b = make(1), make(2)\na.extra = true\nb.name = nil\nreturn { a.extra, b.extra == nil, a.name, b.name == nil, a.id, b.id }"
    expect(valueOf(source)).toEqual([true, true, "n1", true, 1, 2])
  })
  it("a nil field is absent, for pairs and for JSON", () => {
    expect(valueOf("local t = { a = nil, b = 2 }\nlocal n = 0\nfor _ in pairs(t) do n = n + 1 end\nreturn { n, t }")).toEqual([1, { b: 2 }])
  })
  it("records keep their fields in order in JSON", () => {
    expect(valueOf("return json.encode({ z = 1, y = 2, x = 3 })")).toBe('{"z":1,"y":2,"x":3}')
  })
})

describe("the empty array part", () => {
  it("is never shared by two tables once written", () => {
    expect(valueOf("local a, b = {}, {}\na[1] = 'x'\nreturn { #a, #b, b[1] == nil }")).toEqual([1, 0, true])
  })
  it("grows through table.insert and shrinks back", () => {
    expect(valueOf("local t = {}\ntable.insert(t, 1)\ntable.remove(t)\nlocal u = {}\nreturn { #t, #u, next(u) == nil }")).toEqual([0, 0, true])
  })
})

describe("single results and call shapes", () => {
  it("one returned value reaches every kind of caller", () => {
    const source = [
      "local function one(x) return x * 2 end",
      "local t = { one(1), one(2) }",
      "local a, b = one(3)",
      "local ok, v = pcall(one, 4)",
      "return { t[1], t[2], a, b == nil, ok, v, select('#', one(5)), (one(6)) }",
    ].join("\n")
    expect(valueOf(source)).toEqual([2, 4, 6, true, true, 8, 1, 12])
  })
  it("named calls through a global, a local and an upvalue", () => {
    const source = "function g(a, b) return a + (b or 0) end\nlocal l = g\nlocal function up() return l(1, 2) + g(3) end\nreturn up()"
    expect(valueOf(source)).toBe(6)
  })
  it("a named call of a nil value names it", () => {
    expect(failure("local f\nreturn f(1) + 1").message).toBe("input:2: attempt to call a nil value (local 'f')")
    expect(failure("return nothing(1, 2)").message).toBe("input:1: attempt to call a nil value (global 'nothing')")
  })
})

describe("guards and returned sums", () => {
  it("compare numbers in place and anything else as Lua does", () => {
    const source = "local function g(n) if n < 2 then return n end return -1 end\nreturn { g(1), g(1.5), g(2), g(3.0) == -1, g(-2^63) }"
    expect(valueOf(source)).toEqual([1, 1.5, -1, true, -9223372036854775808])
    expect(valueOf("local function g(s) if s >= 'b' then return s end return 'no' end\nreturn g('c') .. g('a')")).toBe("cno")
    expect(failure("local function g(n) if n <= 2 then return n end end\nreturn g({})").message).toBe("input:1: attempt to compare table with number")
  })
  it("return a + b and a - b, with every kind of operand", () => {
    expect(valueOf("local function f(n) if n < 2 then return n end return f(n - 1) + f(n - 2) end\nreturn f(20)")).toBe(6765)
    expect(valueOf("local function d(a, b) return a - b end\nreturn { d(5, 7), d(0.5, 1), d('3', 1), d(math.maxinteger, -1) == math.mininteger }")).toEqual([-2, -0.5, 2, true])
    expect(failure("local function s(a) return a + 1 end\nreturn s(nil)").message).toBe("input:1: attempt to perform arithmetic on a nil value (local 'a')")
  })
})

describe("arithmetic shapes", () => {
  it("x = x + e accumulates, and falls back to the general path", () => {
    expect(valueOf("local s = 0\nfor i = 1, 10 do s = s + i end\nreturn s")).toBe(55)
    expect(valueOf("local s = 0.5\nfor i = 1, 3 do s = s + i end\nreturn s")).toBe(6.5)
    expect(valueOf("local s = '1'\ns = s + 1\nreturn s")).toBe(2)
    expect(failure("local s\ns = s + 1").message).toBe("input:2: attempt to perform arithmetic on a nil value (local 's')")
  })
  it("(i * j) % k is exact, and wraps like Lua beyond 2^53", () => {
    expect(valueOf("local s = 0\nfor i = 1, 3000 do s = s + (i * i) % 7 end\nreturn s")).toBe(Array.from({ length: 3000 }, (_, i) => ((i + 1) * (i + 1)) % 7).reduce((a, b) => a + b, 0))
    expect(valueOf("local i, j = 3037000500, 3037000500\nreturn (i * j) % 7")).toBe(Number((3037000500n * 3037000500n - 2n ** 64n) % 7n + 7n) % 7)
    expect(valueOf("local i, j = 2.5, 2\nreturn (i * j) % 3")).toBe(2)
  })
})

describe("small requests", () => {
  it("string.format('%s') agrees with tostring", () => {
    const source = "local t = {}\nreturn { string.format('%s', t) == tostring(t), string.format('%s|%s', json.null, tools.a.b), string.format('%s', print) == tostring(print) }"
    expect(valueOf(source)).toEqual([true, "json.null|tools.a.b", true])
  })
  it("libraries open even when maxTableEntries is below their size", () => {
    const result = runLua("return type(string.format) .. type(math.floor) .. type(table.concat) .. type(utf8.char) .. type(json.encode)", {
      bounds: { maxTableEntries: 2 },
    })
    expect(result).toMatchObject({ ok: true, value: "function".repeat(5) })
  })
  it("print works with a low maxTableEntries", () => {
    expect(printed("print(('x'):rep(3))", { bounds: { maxTableEntries: 1 } })).toEqual(["xxx"])
  })
})
