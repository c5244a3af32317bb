/**
 * Re-entrant callbacks: comparators, replacers, revivers and iteration callbacks that mutate what
 * they are called on, throw, or return nonsense. The builtin must end in a defined state — a
 * result, a program error, or a bound — never an internal error, never a host value.
 */

import { describe } from "vitest"
import { attackTable, fails, gives, guardHost, makeSuitePool, type Attack } from "./harness.js"

const pool = makeSuitePool()
guardHost()

/** Calls a callback method while the callback grows the array; JavaScript visits only the first length. */
const growing = (method: string): Attack => ({
  name: `${method} with a callback that grows the array visits the starting length only`,
  source: `const a = [1, 2, 3]; let n = 0; a.${method}((x) => { if (n++ > 100) throw new Error("ran past the start length"); a.push(1); return false }, 0); return [n, a.length]`,
  expect: gives([3, 6]),
})

const javascript: Attack[] = [
  { name: "a comparator that empties the array", source: `const a = [5, 3, 1, 4, 2]; a.sort((x, y) => { a.length = 0; return x - y }); return a`, expect: gives([1, 2, 3, 4, 5]) },
  { name: "a comparator that grows the array", source: `const a = [5, 3, 1, 4, 2]; a.sort((x, y) => { a.push(0); return x - y }); return a.slice(0, 5)`, expect: gives([1, 2, 3, 4, 5]) },
  // As in V8: sort writes its result back through [[Set]], which a frozen array refuses.
  { name: "a comparator that freezes the array", source: `const a = [3, 1, 2]; a.sort((x, y) => { Object.freeze(a); return x - y }); return a`, expect: fails("ExecutionFailure", "TypeError: Cannot assign to read only property '0' of object '[object Array]'") },
  { name: "a comparator returning NaN", source: `return [3, 1, 2].sort(() => NaN)`, expect: gives([3, 1, 2]) },
  { name: "a comparator whose result's valueOf throws", source: `return [3, 1, 2].sort(() => ({ valueOf() { throw new Error("valueOf") } }))`, expect: fails("ExecutionFailure", "Error: valueOf") },
  { name: "a comparator that throws", source: `return [3, 1, 2].sort(() => { throw new Error("cmp") })`, expect: fails("ExecutionFailure", "Error: cmp") },
  { name: "an inconsistent comparator", source: `return [5, 1, 4, 2, 3].sort(() => 1).length`, expect: gives(5) },
  { name: "a JSON replacer that throws", source: `return JSON.stringify({ a: { b: 1 } }, (k, v) => { if (k === "b") throw new Error("replacer"); return v })`, expect: fails("ExecutionFailure", "Error: replacer") },
  { name: "a JSON replacer that adds keys while walking", source: `const o = { a: 1 }; return JSON.stringify(o, (k, v) => { o.b = 2; return v })`, expect: gives('{"a":1,"b":2}') },
  { name: "a JSON replacer that makes a cycle", source: `const o = { a: {} }; return JSON.stringify(o, (k, v) => { if (k === "a") v.self = o; return v })`, expect: fails("ExecutionFailure", /circular|cyclic/i) },
  { name: "a JSON replacer returning functions", source: `return JSON.stringify({ a: 1 }, (k, v) => (k === "" ? v : () => 1))`, expect: gives("{}") },
  { name: "a toJSON that throws inside the program", source: `return JSON.stringify({ toJSON() { throw new Error("toJSON") } })`, expect: fails("ExecutionFailure", "Error: toJSON") },
  { name: "a reviver that writes to its holder", source: `return JSON.parse('{"a": 1}', function (k, v) { this.extra = 1; return v })`, expect: gives({ a: 1, extra: 1 }) },
  { name: "a reduce callback that truncates the array", source: `return [1, 2, 3].reduce((acc, x, i, arr) => { arr.length = 1; return acc + x }, 0)`, expect: gives(1) },
  { name: "a replace callback that throws", source: `return "abc".replace("b", () => { throw new Error("replacer fn") })`, expect: fails("ExecutionFailure", "Error: replacer fn") },
  { name: "map while the array grows", source: `const a = [1, 2, 3]; return a.map((x) => { a.push(x); return x })`, expect: gives([1, 2, 3]) },
  { name: "for-of while the array grows", source: `const a = [1, 2, 3]; for (const x of a) { if (a.length < 10) a.push(x) } return a.length`, expect: gives(10) },
  { name: "a Map mutated while iterated", source: `const m = new Map([[1, 1]]); let n = 0; for (const [k] of m) { if (n++ < 5) { m.delete(k); m.set(k + 1, 1) } } return n`, expect: gives(6) },
  growing("forEach"),
  growing("filter"),
  growing("some"),
  growing("find"),
  growing("reduce"),
]

const lua: Attack[] = [
  { name: "a comparator that empties the table", source: `local t = {5,4,3,2,1} table.sort(t, function(a, b) for i = #t, 1, -1 do t[i] = nil end return (a or 0) < (b or 0) end) return #t`, expect: gives(5) },
  { name: "a comparator that grows the table", source: `local t = {5,4,3,2,1} table.sort(t, function(a, b) t[#t + 1] = 0 return a < b end) return #t > 5`, expect: gives(true) },
  { name: "a comparator that throws", source: `table.sort({3, 2, 1}, function(a, b) error("cmp") end)`, expect: fails("ExecutionFailure", "input:1: cmp") },
  { name: "an always-true comparator", source: `local t = {} for i = 1, 100 do t[i] = i % 7 end table.sort(t, function(a, b) return true end)`, expect: fails("ExecutionFailure", "invalid order function for sorting") },
  { name: "a comparator comparing nil", source: `table.sort({3, 2, 1}, function(a, b) return nil < 1 end)`, expect: fails("ExecutionFailure", "attempt to compare nil with number") },
  { name: "pairs while adding keys", source: `local t = {1, 2, 3} for k, v in pairs(t) do t[k + 10] = v end return 1`, expect: gives(1) },
  { name: "pairs while clearing and adding", source: `local t = {a = 1, b = 2} for k in pairs(t) do t[k] = nil t.c = 1 end return 1`, expect: gives(1) },
  { name: "next with a key that is not there", source: `return next({}, "nokey")`, expect: fails("ExecutionFailure", "invalid key to 'next'") },
  { name: "gsub replacement returning a table", source: `return (string.gsub("abc", "%w", function(c) return {} end))`, expect: fails("ExecutionFailure", "invalid replacement value (a table)") },
  { name: "gsub replacement table holding a function", source: `return (string.gsub("abc", "%w", { a = print }))`, expect: fails("ExecutionFailure", "invalid replacement value (a function)") },
  { name: "inserting a table into itself", source: `local t = {1,2,3} table.insert(t, 1, t) return #t`, expect: gives(4) },
  { name: "table.move far past the end", source: `return table.move({1,2,3}, 1, 3, 4194303)`, expect: fails("InvalidDataValue", "result is a sparse array") },
  { name: "table.move wrapping around", source: `return table.move({1,2,3}, 1, math.maxinteger, 2)`, expect: fails("ExecutionFailure", "destination wrap around") },
  { name: "table.concat of a table element", source: `return table.concat({1, {}, 3})`, expect: fails("ExecutionFailure", "invalid value (table) at index 2 in table for 'concat'") },
]

describe("JavaScript: re-entrant comparators, replacers and callbacks", () => attackTable(pool, "javascript", javascript, { limits: { timeoutMs: 2_000 } }))
describe("Lua: re-entrant comparators and iteration", () => attackTable(pool, "lua", lua))
