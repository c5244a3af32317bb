/**
 * Growth bombs: strings, arrays, tables, logs and data that grow until something stops them.
 * Size bounds are checked before allocating (`string.rep`, `repeat`, `padStart`, `Array(n)`), so
 * most bombs end at once with the bound's name; a bomb that grows in small steps ends at the same
 * bound when it crosses it; one that builds many small objects ends at the worker's heap limit
 * (its worker is replaced, the next execution runs) or at the deadline.
 */

import { describe, expect, it } from "vitest"
import { WorkerPool } from "../../index.js"
import { attackTable, execute, expectOutcome, fails, gives, guardHost, makeSuitePool, timesOut, type Attack } from "./harness.js"

const pool = makeSuitePool()
guardHost()

const STRING_LIMIT = "exceeds the limit of 16777216"
const ARRAY_LIMIT = "array grew past the limit of 4194304 elements (maxTableEntries)"
const TABLE_LIMIT = "table grew past the limit of 4194304 entries (maxTableEntries)"
const LOG_LIMIT = "program printed more than 16777216 bytes of logs"

const javascript: Attack[] = [
  { name: "string doubling", source: `let s = "x"; while (true) s += s`, expect: fails("ExecutionFailure", `string of 33554432 characters ${STRING_LIMIT} characters`) },
  { name: "repeat(2 ** 30)", source: `return "ab".repeat(2 ** 30)`, expect: fails("ExecutionFailure", `string of 2147483648 characters ${STRING_LIMIT}`) },
  { name: "padStart(1e9)", source: `return "x".padStart(1e9)`, expect: fails("ExecutionFailure", `string of 1000000000 characters ${STRING_LIMIT}`) },
  { name: "padEnd(2 ** 25)", source: `return "x".padEnd(2 ** 25, "y")`, expect: fails("ExecutionFailure", `string of 33554432 characters ${STRING_LIMIT}`) },
  { name: "template literal of two big strings", source: "return `${'x'.repeat(9e6)}${'y'.repeat(9e6)}`", expect: fails("ExecutionFailure", `string of 18000000 characters ${STRING_LIMIT}`) },
  { name: "join of big strings", source: `return ["x".repeat(9e6), "y".repeat(9e6)].join("")`, expect: fails("ExecutionFailure", `string of 18000000 characters ${STRING_LIMIT}`) },
  { name: "join of a filled array", source: `return Array(1e6).fill("abcdefghijklmnopqrstuvwxyz").join("")`, expect: fails("ExecutionFailure", `string of 26000000 characters ${STRING_LIMIT}`) },
  { name: "replaceAll growth", source: `return "a".repeat(1e6).replaceAll("a", "aaaaaaaaaaaaaaaaaaaa")`, expect: fails("ExecutionFailure", STRING_LIMIT) },
  { name: "Array(1e9).fill", source: `return Array(1e9).fill(0)`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  { name: "new Array(1e9)", source: `return new Array(1e9)`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  { name: "Array.from({ length: 1e9 })", source: `return Array.from({ length: 1e9 })`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  // A sparse array's length costs nothing (its elements live in a map); its elements are bounded,
  // and so is every copy of it (a result, a spread, a conversion) and every loop over it.
  { name: "length = 2 ** 32 - 1", source: `const a = []; a.length = 2 ** 32 - 1; return a.length`, expect: gives(4294967295) },
  { name: "a[1e9] = 1 as a result", source: `const a = []; a[1e9] = 1; return a`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  { name: "spread of a sparse array", source: `const a = []; a[1e9] = 1; return [...a].length`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  { name: "indexOf over a huge sparse array", source: `const a = []; a[4294967294] = 1; return [a.indexOf(1), a.includes(2), a.length]`, expect: gives([4294967294, false, 4294967295]) },
  { name: "Array.from of a huge sparse array", source: `const a = []; a.length = 2 ** 32 - 1; return Array.from(a).length`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  { name: "ArrayBuffer(2 ** 30)", source: `return new ArrayBuffer(2 ** 30).byteLength`, expect: fails("ExecutionFailure", "byte array of 1073741824 bytes exceeds the limit of 16777216 bytes (maxStringBytes)") },
  { name: "Float64Array(1e8)", source: `return new Float64Array(1e8).length`, expect: fails("ExecutionFailure", "byte array of 800000000 bytes exceeds the limit of 16777216 bytes (maxStringBytes)") },
  { name: "typed arrays doubling", source: `let t = new Uint8Array(1); while (true) { const u = new Uint8Array(t.length * 2); u.set(t); t = u }`, expect: fails("ExecutionFailure", "exceeds the limit of 16777216 bytes (maxStringBytes)") },
  { name: "push forever", source: `const a = []; while (true) a.push(1)`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  { name: "split of a long string", source: `return "x".repeat(1e7).split("").length`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  { name: "concat past the bound", source: `const a = Array(4e6).fill(0); return a.concat(a).length`, expect: fails("ExecutionFailure", ARRAY_LIMIT) },
  { name: "JSON.stringify of exponential sharing", source: `let a = ["x".repeat(1e6)]; for (let i = 0; i < 5; i++) a = [a, a]; return JSON.stringify(a).length`, expect: fails("ExecutionFailure", STRING_LIMIT) },
  { name: "JSON.stringify of 100,000 nested objects", source: `let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; return JSON.stringify(o).length`, expect: fails("ExecutionFailure", "RangeError: Maximum call stack size exceeded") },
  { name: "JSON.parse of 100,000 nested arrays", source: `return JSON.parse("[".repeat(1e5) + "]".repeat(1e5))`, expect: fails("ExecutionFailure", "Maximum call stack size exceeded") },
  { name: "a result nested 100,000 deep", source: `let o = []; for (let i = 0; i < 1e5; i++) o = [o]; return o`, expect: fails("InvalidDataValue", "is nested more than 200 levels deep, the limit for data crossing to JSON") },
  { name: "flat(Infinity) of 10,000 levels", source: `let a = [1]; for (let i = 0; i < 1e4; i++) a = [a]; return a.flat(Infinity)`, expect: gives([1]) },
  { name: "spreading millions of arguments", source: `return String.fromCharCode(...Array(4e6).fill(65)).length`, expect: gives(4_000_000) },
  { name: "spreading past the array bound", source: `return Math.max(...Array(5e6).fill(1))`, expect: fails("ExecutionFailure", "array grew past the limit of 4194304 elements (maxTableEntries)") },
  { name: "a result larger than maxDataBytes", source: `const s = "x".repeat(9e6); return [s, s]`, expect: fails("InvalidDataValue", "result is larger than 16777216 bytes of JSON") },
]

const javascriptLogs: Attack[] = [
  { name: "console.log of 20 MB", source: `for (let i = 0; i < 20; i++) console.log("x".repeat(1e6)); return 1`, expect: fails("ExecutionFailure", LOG_LIMIT) },
  {
    name: "many log lines are cut at maxOutputBytes with a marker",
    source: `for (let i = 0; i < 100000; i++) console.log("line " + i); return 1`,
    limits: { maxOutputBytes: 10_000 },
    expect: {
      check: (r) => {
        expect(r).toMatchObject({ ok: true, value: 1, truncated: true })
        const logs = r.logs ?? []
        expect(logs.join("\n").length).toBeLessThan(11_000)
        expect(logs[logs.length - 1]).toContain("truncated")
      },
    },
  },
  {
    name: "logging a cyclic array prints a marker",
    source: `const a = []; a.push(a); console.log(a); return 1`,
    expect: { check: (r) => { expect(r).toMatchObject({ ok: true, value: 1 }); expect(r.logs?.[0]).toContain("Circular") } },
  },
  {
    name: "logging a 100,000-deep object",
    source: `const o = {}; for (let i = 0; i < 1e5; i++) { o.a = { o: o.a } } console.log(o); return 1`,
    expect: { check: (r) => { expect(r).toMatchObject({ ok: true, value: 1 }); expect(r.logs).toHaveLength(1) } },
  },
  {
    name: "a value past maxOutputBytes becomes a cut string",
    source: `return "x".repeat(100000)`,
    limits: { maxOutputBytes: 1_000 },
    expect: { check: (r) => { expect(r).toMatchObject({ ok: true, truncated: true }); expect(String(r.ok && r.value)).toContain("[truncated: kept") } },
  },
  {
    name: "an error message past maxOutputBytes is cut",
    source: `throw new Error("x".repeat(1e6))`,
    limits: { maxOutputBytes: 1_000 },
    expect: { check: (r) => { expect(r.ok).toBe(false); expect(JSON.stringify(r).length).toBeLessThan(2_000) } },
  },
]

const lua: Attack[] = [
  { name: "string.rep(1e9)", source: `return string.rep("x", 1e9)`, expect: fails("ExecutionFailure", `string of 1000000000 bytes ${STRING_LIMIT} bytes`) },
  { name: "string.rep with a separator", source: `return ("x"):rep(100000, string.rep(",", 1000))`, expect: fails("ExecutionFailure", `string of 100099000 bytes ${STRING_LIMIT}`) },
  { name: "s .. s doubling", source: `local s = "x" while true do s = s .. s end`, expect: fails("ExecutionFailure", `string of 33554432 bytes ${STRING_LIMIT}`) },
  { name: "concatenation of two big strings", source: `return string.rep("x", 8000000) .. string.rep("y", 9000000)`, expect: fails("ExecutionFailure", `string of 17000000 bytes ${STRING_LIMIT}`) },
  { name: "string.format of big strings", source: `return string.format("%s%s", string.rep("x", 9000000), string.rep("y", 9000000))`, expect: fails("ExecutionFailure", `string of 18000000 bytes ${STRING_LIMIT}`) },
  { name: "string.format with a huge width", source: `return string.format("%99999999d", 1)`, expect: fails("ExecutionFailure", "invalid conversion specification: '%99999999d'") },
  { name: "gsub with a growing replacement function", source: `return ("x"):rep(100):gsub(".", function(c) return string.rep(c, 1000000) end)`, expect: fails("ExecutionFailure", `string of 17000000 bytes ${STRING_LIMIT}`) },
  { name: "upper of a string past the bound", source: `return string.rep("ab", 1e7):upper()`, expect: fails("ExecutionFailure", `string of 20000000 bytes ${STRING_LIMIT}`) },
  { name: "table filled past the bound", source: `local t = {} for i = 1, 1e8 do t[i] = i end`, expect: fails("ExecutionFailure", TABLE_LIMIT) },
  { name: "table.insert past the bound", source: `local t = {} while true do table.insert(t, 1) end`, expect: fails("ExecutionFailure", TABLE_LIMIT) },
  { name: "table.concat past the string bound", source: `local t = {} for i = 1, 2000 do t[i] = string.rep("x", 10000) end return table.concat(t, string.rep(",", 1000))`, expect: fails("ExecutionFailure", STRING_LIMIT) },
  { name: "table.unpack of 1e8 values", source: `return table.unpack({}, 1, 1e8)`, expect: fails("ExecutionFailure", "too many results to unpack") },
  { name: "select('#') of a huge unpack", source: `return select("#", table.unpack({}, 1, 1e7))`, expect: fails("ExecutionFailure", "too many results to unpack") },
  { name: "a result nested 200 deep", source: `local t = {} for i = 1, 200 do t = {t} end return t`, expect: fails("InvalidDataValue", "is nested more than 200 levels deep") },
  { name: "a result larger than maxDataBytes", source: `local s = string.rep("x", 9000000) return { s, s }`, expect: fails("InvalidDataValue", "is larger than 16777216 bytes of JSON") },
  { name: "print of 20 MB", source: `local s = string.rep("x", 1000000) for i = 1, 20 do print(s) end return 1`, expect: fails("ExecutionFailure", LOG_LIMIT) },
  { name: "print of a string past the bound", source: `print(string.rep("x", 20000000))`, expect: fails("ExecutionFailure", `string of 20000000 bytes ${STRING_LIMIT}`) },
  {
    name: "many printed lines are cut at maxOutputBytes",
    source: `for i = 1, 100000 do print("line " .. i) end return 1`,
    expect: {
      check: (r) => {
        expect(r).toMatchObject({ ok: true, value: 1, truncated: true })
        expect((r.logs ?? []).join("\n").length).toBeLessThan(70_000)
      },
    },
  },
  {
    name: "error with a huge message past maxOutputBytes is cut",
    source: `error(string.rep("x", 1000000))`,
    limits: { maxOutputBytes: 1_000 },
    expect: { check: (r) => { expect(r.ok).toBe(false); expect(JSON.stringify(r).length).toBeLessThan(2_000) } },
  },
  { name: "json.encode of a deep table", source: `local t = {} for i = 1, 100000 do t = { t } end return #json.encode(t)`, expect: fails("ExecutionFailure", /nested more than 200 levels|too deep|depth/) },
]

describe("JavaScript growth bombs", () => attackTable(pool, "javascript", javascript))
describe("JavaScript huge logs and output", () => attackTable(pool, "javascript", javascriptLogs))
describe("Lua growth bombs and huge logs", () => attackTable(pool, "lua", lua))

describe("memory bombs end at the worker's heap limit, and the pool recovers", () => {
  // A small heap so the bomb reaches it in a second or two; the default is 256 MiB. One pool per
  // bomb, so the two run at once.
  const smallPool = () => WorkerPool.make({ maxThreads: 1, minThreads: 1, resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 } })
  const OUT_OF_MEMORY = fails("ExecutionFailure", "The program ran out of memory; its worker was stopped and replaced")

  it.concurrent("Lua: millions of small tables", async () => {
    const small = smallPool()
    try {
      const bomb = await execute(small, "lua", `local t = {} for i = 1, 4000000 do t[i] = { i, i, i, i, i, i, i, i } end return #t`, { limits: { timeoutMs: 20_000 } })
      expectOutcome(bomb, OUT_OF_MEMORY)
      expectOutcome(await execute(small, "lua", `return 1`), gives(1))
    } finally {
      await small.close()
    }
  })

  it.concurrent("JavaScript: millions of small objects", async () => {
    const small = smallPool()
    try {
      const bomb = await execute(small, "javascript", `const t = []; for (let i = 0; i < 4e6; i++) t.push({ a: i, b: [i, i] }); return t.length`, { limits: { timeoutMs: 20_000 } })
      expectOutcome(bomb, OUT_OF_MEMORY)
      expectOutcome(await execute(small, "javascript", `return 2`), gives(2))
    } finally {
      await small.close()
    }
  })
})

// A bomb that needs the deadline, for completeness: a map of millions of keys grows slowly.
describe("slow growth meets the deadline", () =>
  attackTable(pool, "javascript", [{ name: "a Map of millions of keys", source: `const m = new Map(); for (let i = 0; ; i++) m.set(i, i)`, expect: timesOut, timeoutMs: 500 }]))
