/**
 * Catastrophic matching and invalid text. Lua's pattern matcher is metered (a unit per step), so
 * an exponential pattern meets the deadline like any loop; JavaScript regular expressions must do
 * the same once they exist. Byte strings that are not UTF-8 live freely inside a Lua program but
 * cannot leave it as text: a result, a key or a tool argument with one is `InvalidDataValue`, and
 * logs are made valid (U+FFFD) rather than refused.
 */

import { describe, expect } from "vitest"
import { attackTable, fails, gives, guardHost, makeSuitePool, timesOut, type Attack } from "./harness.js"

const pool = makeSuitePool(4)
guardHost()

const LOOP_MS = 400

const luaPatterns: Attack[] = [
  { name: "string.find with many '.-'", source: `local s = string.rep("a", 30) return string.find(s, ".-.-.-.-.-.-.-.-.-.-.-.-.-.-b")`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "string.match with nested '.*'", source: `return string.match(string.rep("a", 40), "(.*)(.*)(.*)(.*)(.*)(.*)(.*)(.*)x")`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "gmatch of a backtracking pattern over a long subject", source: `local n = 0 for _ in string.gmatch(string.rep("a", 5000), "a-a-a-a-b") do n = n + 1 end return n`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "gsub of a backtracking pattern", source: `return (string.gsub(string.rep("ab", 5000), "(.-)(.-)(.-)c", "x"))`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "a catastrophic pattern inside pcall", source: `return pcall(string.find, string.rep("a", 30), ".-.-.-.-.-.-.-.-.-.-.-.-b")`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "%b over a long unbalanced subject (quadratic)", source: `return string.find(string.rep("(", 100000), "%b()")`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "too many captures", source: `return string.match("a", string.rep("()", 40))`, expect: fails("ExecutionFailure", "too many captures") },
  { name: "a malformed pattern", source: `return string.find("a", "[a")`, expect: fails("ExecutionFailure", "malformed pattern (missing ']')") },
  { name: "a pattern ending in %", source: `return string.find("a", "%")`, expect: fails("ExecutionFailure", "malformed pattern (ends with '%')") },
  { name: "a huge repetition of a pattern item", source: `return #string.rep("a?", 100000)`, expect: gives(200000) },
  { name: "a pattern nested past the matcher's depth", source: `return string.find(string.rep("a", 1000), string.rep("(", 200) .. "a" .. string.rep(")", 200))`, expect: fails("ExecutionFailure", "too many captures") },
]

const javascriptRegex: Attack[] = [
  { name: "(a+)+b over a's", source: `return /(a+)+b/.test("a".repeat(40) + "c")`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "(a|aa)*c", source: `return new RegExp("(a|aa)*c").test("a".repeat(60))`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "nested quantifiers in replace", source: `return "x".repeat(40).replace(/(x*)*y/, "z")`, expect: timesOut, timeoutMs: LOOP_MS },
  { name: "backreference explosion", source: `return /^(\\w+\\s?)*$/.test("word ".repeat(30) + "!")`, expect: timesOut, timeoutMs: LOOP_MS },
]

const luaUtf8: Attack[] = [
  { name: "returning a byte string '\\xff'", source: `return "\\xff"`, expect: fails("InvalidDataValue", "result is not valid UTF-8 text (invalid byte at position 1)") },
  { name: "a key that is not UTF-8", source: `return { ["\\xff"] = 1 }`, expect: fails("InvalidDataValue", "result has a key that is not valid UTF-8 text") },
  { name: "a surrogate from utf8.char", source: `return utf8.char(0xD800)`, expect: fails("InvalidDataValue", "result is not valid UTF-8 text") },
  { name: "a code point past U+10FFFF", source: `return utf8.char(0x7FFFFFFF)`, expect: fails("InvalidDataValue", "result is not valid UTF-8 text") },
  { name: "an overlong encoding", source: `return "\\xC0\\x80"`, expect: fails("InvalidDataValue", "result is not valid UTF-8 text") },
  { name: "a truncated sequence at the end", source: `return "ok\\xE2\\x82"`, expect: fails("InvalidDataValue", "result is not valid UTF-8 text (invalid byte at position 3)") },
  { name: "invalid bytes deep in a result", source: `return { items = { "fine", { name = "\\xff" } } }`, expect: fails("InvalidDataValue", "result.items[2].name is not valid UTF-8 text") },
  { name: "bytes are fine inside the program", source: `local s = "\\xff\\xfe" return { #s, s:byte(1), s:byte(2) }`, expect: gives([2, 255, 254]) },
  { name: "json.encode of invalid bytes", source: `return json.encode({ s = "\\xff" })`, expect: fails("ExecutionFailure", /UTF-8/) },
  { name: "json.decode of invalid bytes", source: `return json.decode('"\\xff"')`, expect: fails("ExecutionFailure", /UTF-8|invalid/) },
  {
    name: "printed invalid bytes become U+FFFD in the logs",
    source: `print("a\\xffb") return 1`,
    expect: { check: (r) => { expect(r).toMatchObject({ ok: true, value: 1 }); expect(r.logs?.[0]).toBe("a\uFFFDb") } },
  },
  { name: "valid multi-byte text crosses intact", source: `return "héllo €𝄞"`, expect: gives("héllo €𝄞") },
]

const javascriptText: Attack[] = [
  // JavaScript strings cross as JSON.stringify keeps them: a lone surrogate stays (a JSON consumer gets it escaped).
  { name: "a lone surrogate in a result crosses as it is", source: `return "\\uD800"`, expect: gives("\uD800") },
  { name: "a lone surrogate as a key crosses as it is", source: `return { ["\\uDC00"]: 1 }`, expect: gives({ "\uDC00": 1 }) },
  { name: "a surrogate pair crosses intact", source: `return "\\uD834\\uDD1E"`, expect: gives("𝄞") },
  {
    name: "logging a lone surrogate",
    source: `console.log("a\\uD800b"); return 1`,
    expect: { check: (r) => { expect(r).toMatchObject({ ok: true, value: 1 }); expect(r.logs).toHaveLength(1) } },
  },
]

describe("Lua: catastrophic patterns are metered", () => attackTable(pool, "lua", luaPatterns, { concurrent: true }))
describe("JavaScript: catastrophic regular expressions", () => attackTable(pool, "javascript", javascriptRegex, { concurrent: true }))
describe("Lua: invalid UTF-8 cannot leave as text", () => attackTable(pool, "lua", luaUtf8))
describe("JavaScript: text that is not Unicode", () => attackTable(pool, "javascript", javascriptText))
