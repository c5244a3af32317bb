/**
 * Values crossing the tool boundary, both ways. Tools are trusted code but may be broken: whatever
 * a tool returns — accessors, Proxies, cycles, BigInt, functions, class instances, symbols —
 * reaches the program only as a fresh copy of JSON data, or not at all
 * (`InvalidToolOutput` naming the field). What a program passes to a tool is copied the same way
 * before the host sees it: a getter is refused, never run; `toJSON` is data, never called.
 */

import { Effect } from "effect"
import { describe } from "vitest"
import { Tool, type Language } from "../../index.js"
import { attackTable, fails, gives, guardHost, makeSuitePool, refusedBeforeTheHost, type Attack } from "./harness.js"

const pool = makeSuitePool()
guardHost()

class Account {
  id = 1
  secret(): string {
    return "host method"
  }
}

const cycle: Record<string, unknown> = {}
cycle["self"] = cycle

/** Tool name -> what it returns (made fresh per call) and how the program must see it. */
const hostile: Array<[string, () => unknown, { readonly value: unknown } | { readonly refused: string }]> = [
  ["accessor", () => Object.defineProperty({}, "x", { get: () => 42, enumerable: true }), { value: { x: 42 } }],
  ["throwingAccessor", () => Object.defineProperty({}, "x", { get: () => { throw new Error("getter exploded") }, enumerable: true }), { refused: "getter exploded" }],
  ["proxy", () => new Proxy({ a: 1 }, { get: (t, k) => (k === "a" ? "trapped" : Reflect.get(t, k)) }), { value: { a: "trapped" } }],
  ["throwingProxy", () => new Proxy({}, { ownKeys: () => { throw new Error("trap exploded") } }), { refused: "trap exploded" }],
  ["revokedProxy", () => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy }, { refused: "revoked" }],
  ["proxyFunction", () => new Proxy(function () {}, {}), { refused: "output: Expected plain data (null, boolean, number, string, array or object), got a function" }],
  ["cycle", () => cycle, { refused: "output.self: Expected plain data, got a cyclic reference" }],
  ["bigint", () => ({ n: 10n }), { refused: "output.n: Expected plain data (null, boolean, number, string, array or object), got a bigint (10n)" }],
  ["fn", () => ({ f: () => process }), { refused: "output.f: Expected plain data (null, boolean, number, string, array or object), got a function" }],
  ["classInstance", () => new Account(), { refused: "got an instance of Account" }],
  ["symbol", () => ({ s: Symbol("x") }), { refused: "output.s: Expected plain data (null, boolean, number, string, array or object), got a symbol" }],
  ["symbolKey", () => ({ [Symbol("k")]: 1, ok: 2 }), { value: { ok: 2 } }],
  ["map", () => new Map([[1, 2]]), { refused: "got an instance of Map" }],
  ["date", () => new Date(0), { value: "1970-01-01T00:00:00.000Z" }],
  // JSON's rule (protocol/json-numbers.ts): null, with a warning; lone surrogates: test/pool/json-boundary.test.ts.
  ["nan", () => ({ x: NaN }), { value: { x: null } }],
  ["infinity", () => [Infinity], { value: [null] }],
  ["nullPrototype", () => Object.assign(Object.create(null), { a: 1 }), { value: { a: 1 } }],
  ["tooDeep", () => { let o: unknown = {}; for (let i = 0; i < 1_000; i++) o = { o }; return o }, { refused: "output.o.o.o" }],
  ["toJSONOnPlainObject", () => ({ toJSON: () => "forged" }), { refused: "output.toJSON: Expected plain data (null, boolean, number, string, array or object), got a function" }],
  ["toJSONReturningItself", () => { const o = new Account() as Account & { toJSON?: () => unknown }; o.toJSON = () => o; return o }, { refused: "Expected plain data" }],
  ["sparseArray", () => [1, , 3], { value: [1, null, 3] }],
  ["undefinedField", () => ({ a: undefined, b: 1 }), { value: { b: 1 } }],
  ["typedArray", () => new Uint8Array(3), { refused: "got an instance of Uint8Array" }],
  ["promise", () => Promise.resolve(1), { refused: "got an instance of Promise" }],
  ["thenable", () => ({ then: (resolve: (v: unknown) => void) => resolve("forged") }), { refused: "output.then: Expected plain data (null, boolean, number, string, array or object), got a function" }],
  ["errorObject", () => new Error("host error object"), { refused: "got an instance of Error" }],
  ["globalThis", () => globalThis, { refused: "Expected plain data" }],
  ["process", () => process, { refused: "got an instance of process" }],
  ["arrayWithExtraKeys", () => Object.assign([1, 2], { extra: "x" }), { value: [1, 2] }],
  ["ownProtoKey", () => JSON.parse('{"__proto__": {"polluted": 1}, "a": 2}'), { value: { a: 2, ["__proto__"]: { polluted: 1 } } }],
  ["hugeString", () => "x".repeat(17_000_000), { refused: "larger than 16777216 bytes of JSON" }],
]

const tools: Record<string, unknown> = Object.fromEntries(
  hostile.map(([name, make]) => [name, Tool.make({ description: name, input: { type: "object" }, execute: () => Effect.sync(make) })]),
)
tools["echo"] = Tool.make({ description: "Echo", input: { type: "object" }, execute: (input) => Effect.succeed(input) })
tools["fails"] = Tool.make({
  description: "Fails with a host error",
  input: { type: "object" },
  execute: () => Effect.fail(new Error("warehouse closed")),
})
tools["dies"] = Tool.make({
  description: "Throws inside its Effect",
  input: { type: "object" },
  execute: () => Effect.sync(() => { throw new TypeError("tool defect") }),
})

const hostileAttacks = (language: Language): Attack[] =>
  hostile.map(([name, , outcome]) => {
    const source = language === "lua" ? `return tools.${name}({})` : `return await tools.${name}({})`
    if ("value" in outcome) {
      const keeps = outcome.value as Record<string, unknown> | null
      // The own "__proto__" key must arrive as a key, and go back out as one.
      if (name === "ownProtoKey") {
        const probe = language === "lua"
          ? `local o = tools.${name}({}) return { o.a, o.__proto__.polluted, ({}).polluted == nil }`
          : `const o = await tools.${name}({}); return [o.a, o.__proto__.polluted, ({}).polluted === undefined, Object.keys(o)]`
        return { name: `tool returns ${name}`, source: probe, expect: gives(language === "lua" ? [2, 1, true] : [2, 1, true, ["__proto__", "a"]]) }
      }
      return { name: `tool returns ${name}`, source, expect: gives(keeps) }
    }
    if (name === "hugeString") {
      return {
        name: `tool returns ${name}`,
        source,
        expect: fails(language === "lua" ? "InvalidDataValue" : "InvalidToolOutput", outcome.refused),
      }
    }
    return { name: `tool returns ${name}`, source, expect: fails("InvalidToolOutput", `Invalid output from tools.${name}: `) }
  })

/** The refusals' exact wording, checked once per value in JavaScript where the message is caught. */
const hostileMessages: Attack[] = hostile
  .filter(([name, , outcome]) => "refused" in outcome && name !== "hugeString")
  .map(([name, , outcome]) => ({
    name: `the refusal of ${name} names the field`,
    source: `try { await tools.${name}({}) } catch (e) { return [e.name, e.message] }`,
    expect: {
      check: (r) => {
        if (!r.ok) throw new Error(JSON.stringify(r.error))
        const [errorName, message] = r.value as [string, string]
        if (errorName !== "Error" || !message.includes(`Invalid output from tools.${name}: `) || !message.includes((outcome as { refused: string }).refused)) {
          throw new Error(`unexpected refusal: ${errorName}: ${message}`)
        }
      },
    },
  }))

const javascriptArguments: Attack[] = [
  { name: "a getter in tool input is refused, not run", source: `let ran = 0; try { await tools.echo({ get x() { ran++; return 1 } }) } catch (e) { return [ran, e.message] } return "sent"`, expect: refusedBeforeTheHost("InvalidDataValue", "input.x is a getter or setter, which cannot cross to JSON") },
  { name: "toJSON in tool input is not called", source: `return await tools.echo({ toJSON() { return { forged: true } }, y: 1 })`, expect: refusedBeforeTheHost("InvalidDataValue", "input.toJSON is a function, which cannot cross to JSON") },
  { name: "a function in tool input", source: `return await tools.echo({ cb: () => 1 })`, expect: refusedBeforeTheHost("InvalidDataValue", "input.cb is a function") },
  { name: "a cycle in tool input", source: `const o = {}; o.o = o; return await tools.echo(o)`, expect: refusedBeforeTheHost("InvalidDataValue", "input.o refers back to input") },
  { name: "a BigInt in tool input", source: `return await tools.echo({ n: 10n })`, expect: refusedBeforeTheHost("InvalidDataValue", "input.n is a BigInt") },
  { name: "a symbol in tool input", source: `return await tools.echo({ s: Symbol("x") })`, expect: refusedBeforeTheHost("InvalidDataValue", "input.s is a symbol") },
  { name: "a class instance in tool input", source: `class A { constructor() { this.x = 1 } }; return await tools.echo(new A())`, expect: refusedBeforeTheHost("InvalidDataValue", "input is a class instance object") },
  { name: "an inherited field in tool input", source: `return await tools.echo(Object.create({ inherited: 1 }))`, expect: refusedBeforeTheHost("InvalidDataValue", "input is a class instance object") },
  { name: "a tool reference in tool input", source: `return await tools.echo({ t: tools.echo })`, expect: refusedBeforeTheHost("InvalidDataValue", "input.t is a tool reference") },
  { name: "an own __proto__ key reaches the tool as a key", source: `return await tools.echo(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'))`, expect: gives({ ["__proto__"]: { polluted: true }, a: 1 }) },
  { name: "a computed __proto__ key stays a key", source: `return await tools.echo({ ["__proto__"]: 5 })`, expect: gives({ ["__proto__"]: 5 }) },
  { name: "pollution inside the program does not reach the tool's copy", source: `Object.prototype.polluted = "yes"; Array.prototype.more = 1; return await tools.echo({ a: [1] })`, expect: gives({ a: [1] }) },
  { name: "a host error message reaches the program, not its stack", source: `try { await tools.fails({}) } catch (e) { return ["/work", "node:", ".ts", ".js"].filter((p) => e.stack.includes(p)).concat([e.message]) }`, expect: gives(["tools.fails failed: warehouse closed"]) },
  { name: "a lone surrogate in tool input reaches the tool as it is", source: `return await tools.echo({ s: "\\uD800" })`, expect: gives({ s: "\uD800" }) },
  { name: "a tool defect is a ToolFailure", source: `return await tools.dies({})`, expect: fails("ToolFailure", "tool defect") },
]

const luaArguments: Attack[] = [
  { name: "a function in tool input", source: `return tools.echo({ cb = function() end })`, expect: refusedBeforeTheHost("InvalidDataValue", "input.cb is a function") },
  { name: "a cycle in tool input", source: `local t = {} t.t = t return tools.echo(t)`, expect: refusedBeforeTheHost("InvalidDataValue", "input.t refers back to input") },
  { name: "a tool reference in tool input", source: `return tools.echo({ t = tools.echo })`, expect: refusedBeforeTheHost("InvalidDataValue", "tool reference") },
  { name: "invalid UTF-8 in tool input", source: `return tools.echo({ s = "\\xff" })`, expect: refusedBeforeTheHost("InvalidDataValue", "input.s is not valid UTF-8 text") },
  { name: "NaN in tool input reaches the tool as null (JSON's rule)", source: `return tools.echo({ n = 0/0 })`, expect: gives({ n: null }) },
  { name: "a mixed table in tool input", source: `return tools.echo({ 1, x = 2 })`, expect: refusedBeforeTheHost("InvalidDataValue", "input mixes array indices and string keys") },
  { name: "a __proto__ key reaches the tool as a key", source: `return tools.echo({ __proto__ = { polluted = true } })`, expect: gives({ ["__proto__"]: { polluted: true } }) },
  { name: "a host error message reaches the program as a string", source: `local ok, e = pcall(tools.fails, {}) return { ok, e }`, expect: gives([false, "tools.fails failed: warehouse closed"]) },
  { name: "a tool defect is a ToolFailure", source: `return tools.dies({})`, expect: fails("ToolFailure", "tool defect") },
]

describe("JavaScript: hostile tool results", () => attackTable(pool, "javascript", hostileAttacks("javascript"), { tools }))
describe("JavaScript: refusals name the field", () => attackTable(pool, "javascript", hostileMessages, { tools }))
describe("Lua: hostile tool results", () => attackTable(pool, "lua", hostileAttacks("lua"), { tools }))
describe("JavaScript: tool arguments", () => attackTable(pool, "javascript", javascriptArguments, { tools }))
describe("Lua: tool arguments", () => attackTable(pool, "lua", luaArguments, { tools }))
