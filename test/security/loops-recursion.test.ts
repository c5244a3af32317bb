/**
 * Loops, recursion and nesting. A loop ends at the deadline (or the work budget) wherever it runs:
 * inside `pcall`/`xpcall`, `try`/`catch`/`finally`, a comparator, a message handler — none of them
 * can catch the stop. Recursion ends at `maxCallDepth` (tail calls run in constant stack and meet
 * the deadline instead); deeply nested source ends in a `ParseError` before anything runs.
 */

import { describe } from "vitest"
import { attackTable, fails, gives, guardHost, makeSuitePool, timesOut, type Attack } from "./harness.js"

const pool = makeSuitePool(4)
guardHost()

const LOOP_MS = 400
const STACK = "more than 500 nested function calls (unbounded recursion?); use a loop or a shallower recursion"
const NESTS_JS = "program nests more than 200 levels deep: flatten it"
const NESTS_LUA = "program nests blocks, brackets and braces more than 200 levels deep: flatten it"
const NO_STACK_TO_PARSE = "Not enough stack space to parse input"

const loop = (name: string, source: string): Attack => ({ name, source, expect: timesOut, timeoutMs: LOOP_MS })

const javascriptLoops: Attack[] = [
  loop("while (true)", `while (true) {}`),
  loop("for (;;) inside try/catch", `for (;;) { try { throw 1 } catch (e) {} }`),
  loop("a loop inside try whose catch returns", `try { while (true) {} } catch (e) { return "caught" }`),
  loop("a loop inside finally", `try { return 1 } finally { while (true) {} }`),
  loop("a loop inside catch", `try { null.x } catch (e) { while (true) {} }`),
  loop("finally that restarts the loop", `while (true) { try { continue } finally { } }`),
  loop("a sort comparator that loops", `[3, 2, 1].sort(() => { while (true) {} })`),
  loop("a JSON.parse reviver that loops", `JSON.parse("[1]", () => { while (true) {} })`),
  loop("a getter that loops", `const o = { get x() { while (true) {} } }; return o.x`),
  loop("an async function that loops after await", `await null; while (true) {}`),
  loop("a generator that never ends", `function* g() { while (true) yield 1 } for (const x of g()) {}`),
  loop("labelled continue forever", `outer: while (true) { for (;;) continue outer }`),
  loop("do-while with a catching body", `do { try { undefined.x } catch {} } while (true)`),
  { name: "the work budget stops a loop when no deadline is set", source: `while (true) {}`, expect: fails("ExecutionFailure", "work budget"), limits: { timeoutMs: 60_000 }, skip: "the 10^9-unit budget takes several seconds; the engine tests lower it" },
]

const javascriptRecursion: Attack[] = [
  { name: "unbounded recursion", source: `function f() { return f() + 1 } return f()`, expect: fails("ExecutionFailure", `Maximum call stack size exceeded: ${STACK}`) },
  { name: "recursion inside try cannot be caught", source: `function f() { return f() } try { f() } catch (e) { return "caught" }`, expect: fails("ExecutionFailure", `Maximum call stack size exceeded: ${STACK}`) },
  { name: "mutual recursion through methods", source: `const o = { a() { return this.b() }, b() { return this.a() } }; return o.a()`, expect: fails("ExecutionFailure", STACK) },
  { name: "recursion through a getter", source: `const o = { get x() { return this.x } }; return o.x`, expect: fails("ExecutionFailure", STACK) },
  { name: "recursion through toString", source: `const o = { toString() { return "" + this } }; return "" + o`, expect: fails("ExecutionFailure", STACK) },
  { name: "recursion through a sort comparator", source: `function s() { return [2, 1].sort(() => s()) } return s()`, expect: fails("ExecutionFailure", STACK) },
  { name: "recursion through JSON.stringify replacer", source: `function r(k, v) { return JSON.stringify({ a: 1 }, r) } return JSON.stringify({ a: 1 }, r)`, expect: fails("ExecutionFailure", STACK) },
  { name: "400 nested calls are fine", source: `function f(n) { return n === 0 ? 0 : 1 + f(n - 1) } return f(400)`, expect: gives(400) },
]

const javascriptNesting: Attack[] = [
  { name: "10,000 nested parentheses", source: `return ${"(".repeat(10_000)}1${")".repeat(10_000)}`, expect: fails("ParseError", NO_STACK_TO_PARSE) },
  { name: "10,000 nested brackets", source: `return ${"[".repeat(10_000)}${"]".repeat(10_000)}`, expect: fails("ParseError", NO_STACK_TO_PARSE) },
  { name: "10,000 nested ifs", source: `${"if (true) {".repeat(10_000)}${"}".repeat(10_000)}`, expect: fails("ParseError", NESTS_JS) },
  { name: "10,000 nested object literals", source: `return ${"{a:".repeat(10_000)}1${"}".repeat(10_000)}`, expect: fails("ParseError", NO_STACK_TO_PARSE) },
  { name: "10,000 unary nots", source: `return ${"!".repeat(10_000)}1`, expect: fails("ParseError", NESTS_JS) },
  { name: "2,000 nested arrow functions", source: `return ${"(() => ".repeat(2_000)}1${")".repeat(2_000)}`, expect: fails("ParseError", NESTS_JS) },
  { name: "5,000 nested conditionals", source: `return ${"a ? ".repeat(5_000)}1${" : 1".repeat(5_000)}`, expect: fails("ParseError", NESTS_JS) },
  { name: "a 100,000-term sum", source: `return 1${"+1".repeat(100_000)}`, expect: fails("ParseError", NO_STACK_TO_PARSE) },
  { name: "a program past maxSourceBytes", source: `return "${"x".repeat(2_000_000)}"`, expect: fails("ParseError", "the limit is 1048576 bytes") },
]

const luaLoops: Attack[] = [
  loop("while true", `while true do end`),
  loop("a loop inside pcall", `pcall(function() while true do end end)`),
  loop("pcall inside an endless loop", `while true do pcall(function() while true do end end) end`),
  loop("a loop after a caught error", `local ok, e = pcall(error, "x") while true do end`),
  loop("a loop inside xpcall", `xpcall(function() while true do end end, function() return 1 end)`),
  loop("a loop inside xpcall's message handler", `xpcall(function() error("x") end, function() while true do end end)`),
  loop("a sort comparator that loops", `table.sort({ 3, 2, 1 }, function(a, b) while true do end end)`),
  loop("a gsub function that loops", `string.gsub("aaa", "a", function() while true do end end)`),
  loop("goto forever", `::top:: do goto top end`),
  loop("repeat until false", `repeat local x = 1 until false`),
  loop("a proper tail call forever", `local function f(n) return f(n + 1) end return f(1)`),
  loop("numeric for to math.huge", `for i = 1, math.huge do end`),
  loop("a loop inside pcall after the stop was 'caught'", `while true do local ok = pcall(function() for i = 1, 1e9 do end end) end`),
]

const luaRecursion: Attack[] = [
  { name: "unbounded recursion", source: `local function f() return f() + 1 end return f()`, expect: fails("ExecutionFailure", `stack overflow: ${STACK}`) },
  { name: "stack overflow through pcall cannot be caught", source: `local function f() return f() + 1 end local ok, e = pcall(f) return { ok, e }`, expect: fails("ExecutionFailure", `stack overflow: ${STACK}`) },
  { name: "recursion through pcall itself", source: `local function f() local ok = pcall(f) return ok end return f()`, expect: fails("ExecutionFailure", `stack overflow: ${STACK}`) },
  { name: "recursion through table.sort", source: `local function s() table.sort({ 2, 1 }, function() s() return false end) end s()`, expect: fails("ExecutionFailure", STACK) },
  { name: "recursion through gsub", source: `local function g(s) return (s:gsub(".", g)) end return g("ab")`, expect: fails("ExecutionFailure", STACK) },
  { name: "400 nested calls are fine", source: `local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end return f(400)`, expect: gives(400) },
  { name: "a million tail calls run in constant stack", source: `local function f(n) if n == 0 then return "done" end return f(n - 1) end return f(1000000)`, expect: gives("done") },
]

const luaNesting: Attack[] = [
  { name: "10,000 nested parentheses", source: `return ${"(".repeat(10_000)}1${")".repeat(10_000)}`, expect: fails("ParseError", NESTS_LUA) },
  { name: "10,000 nested table constructors", source: `return ${"{".repeat(10_000)}${"}".repeat(10_000)}`, expect: fails("ParseError", NESTS_LUA) },
  { name: "10,000 nested ifs", source: `${"if true then ".repeat(10_000)}${"end ".repeat(10_000)}`, expect: fails("ParseError", NESTS_LUA) },
  { name: "2,000 nested functions", source: `local f = ${"function() return ".repeat(2_000)}1${" end".repeat(2_000)} return 1`, expect: fails("ParseError", NESTS_LUA) },
  { name: "a 100,000-term sum", source: `return 1${"+1".repeat(100_000)}`, expect: fails("ParseError", "program is too deeply nested to compile (an expression or chain is too long): split it") },
  { name: "a 100,000-term concatenation", source: `return 1${" .. 1".repeat(100_000)}`, expect: fails("ParseError", "program is too deeply nested to compile") },
  { name: "10,000 unary minuses", source: `return ${"- ".repeat(10_000)}1`, expect: gives(1) },
  { name: "a program past maxSourceBytes", source: `return "${"x".repeat(2_000_000)}"`, expect: fails("ParseError", "program is 2000009 bytes of UTF-8; the limit is 1048576 bytes") },
]

describe("JavaScript: loops end at the deadline wherever they run", () => attackTable(pool, "javascript", javascriptLoops, { concurrent: true }))
describe("JavaScript: recursion ends at maxCallDepth", () => attackTable(pool, "javascript", javascriptRecursion))
describe("JavaScript: deeply nested source", () => attackTable(pool, "javascript", javascriptNesting))
describe("Lua: loops end at the deadline wherever they run", () => attackTable(pool, "lua", luaLoops, { concurrent: true }))
describe("Lua: recursion ends at maxCallDepth", () => attackTable(pool, "lua", luaRecursion))
describe("Lua: deeply nested source", () => attackTable(pool, "lua", luaNesting))
