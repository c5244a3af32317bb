/**
 * The plain-data contract as a program meets it: what a `return` value becomes, which values
 * cannot cross (each with its path), and tool calls through a fake host — requests recorded,
 * canned answers returned — so that host JSON -> Lua -> host JSON is checked to be the identity.
 */

import { describe, expect, it } from "vitest"
import type { DataValue } from "../../../protocol/data.js"
import { HostFailure, HostStop, type Host, type HostCall } from "../../../worker/engine-host.js"
import { runLua } from "../../../worker/lua/index.js"

const value = (source: string, options?: Parameters<typeof runLua>[1]): DataValue => {
  const result = runLua(source, options)
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return result.value
}

const invalid = (source: string): string => {
  const result = runLua(source)
  if (result.ok) throw new Error(`expected InvalidDataValue, got ${JSON.stringify(result.value)}`)
  expect(result.error.kind).toBe("InvalidDataValue")
  return result.error.message
}

/** A host that records every request and answers from `answers` by name. */
const fakeHost = (answers: Record<string, (call: HostCall) => DataValue>) => {
  const calls: HostCall[] = []
  const host: Host = {
    call(request) {
      calls.push(structuredClone(request))
      const answer = answers[request.name]
      if (answer === undefined) throw new HostStop({ kind: "UnknownTool", message: `Unknown tool: ${request.name}` })
      return answer(request)
    },
  }
  return { host, calls }
}

describe("results that cross", () => {
  const cases: ReadonlyArray<readonly [title: string, source: string, expected: DataValue]> = [
    ["an empty table is an object", "return {}", {}],
    ["json.array() is an empty array", "return json.array()", []],
    ["json.array with values", "return json.array(1, 2, 3)", [1, 2, 3]],
    ["a sequence is an array", 'return { "a", "b", "c" }', ["a", "b", "c"]],
    ["string keys make an object", "return { a = 1, b = true }", { a: 1, b: true }],
    ["nested shapes", 'return { list = { 1, { x = "y" } }, empty = {}, none = json.array() }', { list: [1, { x: "y" }], empty: {}, none: [] }],
    ["json.null is kept in objects", "return { a = json.null, b = 1 }", { a: null, b: 1 }],
    ["json.null is kept in arrays", "return { 1, json.null, 3 }", [1, null, 3]],
    ["nil removes a field", "return { a = nil, b = 2 }", { b: 2 }],
    ["a field set to nil later is gone", "local t = { a = 1, b = 2 }\nt.a = nil\nreturn t", { b: 2 }],
    ["only the first returned value", "return 1, 2, 3", 1],
    ["nil is null", "return nil", null],
    ["no return is null", "local x = 1", null],
    ["integral floats are numbers", "return { 2.0, 1.5, 2^53 }", [2, 1.5, 9007199254740992]],
    ["integers", "return { 3 // 2, -7, 2^31 | 0 }", [1, -7, 2147483648]],
    ["strings are UTF-8 text", 'return "h\\u{E9}llo \\u{2713}"', "héllo ✓"],
    ["keys that look like numbers", 'return { ["1"] = "a", ["x y"] = "b" }', { "1": "a", "x y": "b" }],
    ["a table reachable twice is copied twice", "local shared = { 1 }\nreturn { a = shared, b = shared }", { a: [1], b: [1] }],
    ["booleans", "return { true, false }", [true, false]],
  ]
  for (const [title, source, expected] of cases) {
    it(title, () => expect(value(source)).toEqual(expected))
  }
  it("-0.0 stays negative zero", () => {
    expect(Object.is(value("return -0.0"), -0)).toBe(true)
  })
})

describe("InvalidDataValue", () => {
  it("a mixed table", () => {
    expect(invalid('return { 1, 2, x = "y" }')).toBe(
      'result mixes array indices and string keys ([1] and "x"); a table crossing to JSON must be an array (keys 1..n) or an object (string keys)',
    )
  })
  it("a sparse array", () => {
    expect(invalid("local t = { 1, 2, 3 }\nt[2] = nil\nreturn { items = t }")).toBe(
      "result.items is a sparse array ([2] is nil but [3] is set); use json.null to keep an empty slot",
    )
  })
  it("an array that does not start at 1", () => {
    expect(invalid('return { [0] = "zero" }')).toBe("result has the index [0], but arrays crossing to JSON start at [1]")
  })
  it("a cyclic table", () => {
    expect(invalid("local t = { name = 'x' }\nt.self = t\nreturn t")).toBe(
      "result.self refers back to result, which contains it; a cyclic table cannot cross to JSON",
    )
  })
  it("a function value, with its exact path", () => {
    expect(invalid("return { items = { 1, 2, { fn = print } } }")).toBe(
      "result.items[3].fn is a function, which cannot cross to JSON",
    )
  })
  it("a function at the top", () => {
    expect(invalid("return function() end")).toBe("result is a function, which cannot cross to JSON")
  })
  // NaN and infinities follow JSON (protocol/json-numbers.ts): null, and one warning.
  it("NaN crosses as null, with a warning naming it", () => {
    const result = runLua("return { x = 0/0, y = 1 }")
    expect(result).toMatchObject({ ok: true, value: { x: null, y: 1 } })
    expect(result.ok && result.warnings.map((w) => w.message.split(",")[0])).toEqual(["result.x was NaN"])
  })
  it("inf and -inf cross as null; only the first place is warned about", () => {
    const result = runLua("return { math.huge, -math.huge }")
    expect(result).toMatchObject({ ok: true, value: [null, null] })
    expect(result.ok && result.warnings.map((w) => w.message.split(",")[0])).toEqual(["result[1] was Infinity"])
    expect(value("return { n = -math.huge }")).toEqual({ n: null })
  })
  it("invalid UTF-8 in a string", () => {
    expect(invalid('return { name = "ok\\xff" }')).toBe("result.name is not valid UTF-8 text (invalid byte at position 3)")
  })
  it("invalid UTF-8 at the top", () => {
    expect(invalid('return "\\xff"')).toBe("result is not valid UTF-8 text (invalid byte at position 1)")
  })
  it("invalid UTF-8 in a key", () => {
    expect(invalid('return { ["\\xff"] = 1 }')).toBe("result has a key that is not valid UTF-8 text")
  })
  it("a boolean key", () => {
    expect(invalid("return { [true] = 1 }")).toBe(
      "result has the boolean true as a key; only string keys and array indices 1..n can cross to JSON",
    )
  })
  it("a float key", () => {
    expect(invalid("return { [1.5] = 1 }")).toBe(
      "result has the float 1.5 as a key; only string keys and array indices 1..n can cross to JSON",
    )
  })
  it("an integer beyond 2^53", () => {
    expect(invalid("return { id = math.maxinteger }")).toBe(
      "result.id is the integer 9223372036854775807, which a JSON number cannot hold exactly; send it as a string with tostring()",
    )
  })
  it("keys that are not identifiers are quoted in the path", () => {
    expect(invalid('return { ["content-type"] = { f = print } }')).toBe(
      'result["content-type"].f is a function, which cannot cross to JSON',
    )
  })
  it("is not catchable: the result is checked after the program ends", () => {
    const result = runLua("local ok = pcall(function() end)\nreturn { f = print }")
    expect(result.ok).toBe(false)
  })
})

describe("tool calls through the host", () => {
  it("a tool call sends its input as plain data and returns the output", () => {
    const { host, calls } = fakeHost({ "orders.lookup": () => ({ id: "order_42", status: "complete" }) })
    const result = runLua(
      'local order = tools.orders.lookup({ id = "order_42" })\nreturn { id = order.id, needsAttention = order.status ~= "complete" }',
      { host },
    )
    expect(result).toMatchObject({ ok: true, value: { id: "order_42", needsAttention: false } })
    expect(calls).toEqual([{ op: "tool", name: "orders.lookup", args: [{ id: "order_42" }] }])
  })
  it("bracket names reach the host verbatim", () => {
    const { host, calls } = fakeHost({ "context7.resolve-library-id": () => "ok" })
    expect(value('return tools.context7["resolve-library-id"]({ libraryName = "effect" })', { host })).toBe("ok")
    expect(calls[0]).toEqual({ op: "tool", name: "context7.resolve-library-id", args: [{ libraryName: "effect" }] })
  })
  it("round trip: host JSON -> Lua -> host JSON is the identity", () => {
    const canned: DataValue = {
      emptyArray: [],
      emptyObject: {},
      nothing: null,
      list: [1, null, 3, [], {}],
      nested: { deeper: { deepest: [{ a: [] }] } },
      text: "héllo ✓ \u0000 end",
      numbers: [0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e300, 0.1],
      flags: [true, false],
      "key with spaces": { "1": "numeric-looking key" },
    }
    const { host } = fakeHost({ "data.get": () => canned })
    expect(value("return tools.data.get()", { host })).toEqual(canned)
  })
  it("round trip through a tool input as well", () => {
    const canned: DataValue = { a: [], b: {}, c: [null, { d: null }], e: "x" }
    const { host, calls } = fakeHost({ "data.get": () => canned, "data.put": () => true })
    value("local v = tools.data.get()\nreturn tools.data.put(v)", { host })
    expect(calls[1].args[0]).toEqual(canned)
  })
  it("host shapes survive edits in Lua", () => {
    const { host } = fakeHost({ "data.get": () => ({ items: [], meta: {} }) })
    expect(value("local v = tools.data.get()\nv.count = #v.items\nreturn v", { host })).toEqual({ items: [], meta: {}, count: 0 })
  })
  it("an array emptied in Lua stays an array", () => {
    const { host } = fakeHost({ "data.get": () => ({ items: [1, 2] }) })
    expect(value("local v = tools.data.get()\nv.items[2] = nil\nv.items[1] = nil\nreturn v", { host })).toEqual({ items: [] })
  })
  it("json.null from the host is json.null in Lua", () => {
    const { host } = fakeHost({ "data.get": () => ({ a: null, list: [null] }) })
    expect(value("local v = tools.data.get()\nreturn { isNull = v.a == json.null, first = v.list[1] == json.null, n = #v.list }", { host })).toEqual({
      isNull: true,
      first: true,
      n: 1,
    })
  })
  it("host safe integers are Lua integers, other numbers floats", () => {
    const { host } = fakeHost({ "data.get": () => [1, 1.5, -0, 2 ** 53 - 1, 2 ** 53] })
    expect(value("local v = tools.data.get()\nreturn { math.type(v[1]), math.type(v[2]), math.type(v[3]), math.type(v[4]), math.type(v[5]) }", { host })).toEqual([
      "integer",
      "float",
      "float",
      "integer",
      "float",
    ])
  })
  it("a tool input that is not data stops the execution", () => {
    const { host, calls } = fakeHost({ "a.b": () => null })
    const result = runLua("tools.a.b({ callback = print })", { host })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.kind).toBe("InvalidDataValue")
      expect(result.error.message).toMatch(/callback is a function, which cannot cross to JSON/)
    }
    expect(calls).toEqual([])
  })
  it("a failed call is a catchable Lua error with the host's message", () => {
    const host: Host = {
      call() {
        throw new HostFailure("ToolFailure", "order not found")
      },
    }
    const caught = runLua('local ok, e = pcall(tools.orders.lookup, { id = "x" })\nreturn { ok = ok, message = e }', { host })
    expect(caught).toMatchObject({ ok: true })
    if (caught.ok) {
      expect((caught.value as { ok: boolean }).ok).toBe(false)
      expect((caught.value as { message: string }).message).toContain("order not found")
    }
    const uncaught = runLua('tools.orders.lookup({ id = "x" })', { host })
    expect(uncaught.ok).toBe(false)
    if (!uncaught.ok) {
      expect(uncaught.error.kind).toBe("ToolFailure")
      expect(uncaught.error.message).toContain("order not found")
    }
  })
  it("a host stop is not catchable and reports the host's diagnostic", () => {
    const host: Host = {
      call() {
        throw new HostStop({ kind: "ToolCallLimitExceeded", message: "too many tool calls (limit 1)" })
      },
    }
    const result = runLua('local ok = pcall(tools.a.b, {})\nprint("after")\nreturn ok', { host })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatchObject({ kind: "ToolCallLimitExceeded", message: "too many tool calls (limit 1)" })
    expect(result.logs).toEqual([])
  })
  it("an unknown tool is UnknownTool", () => {
    const { host } = fakeHost({})
    const result = runLua("return tools.nope.missing({})", { host })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.kind).toBe("UnknownTool")
  })
  it("search goes to the host with its arguments", () => {
    const { host, calls } = fakeHost({ search: () => [{ path: "orders.lookup" }] })
    const answer = value('local r = search({ query = "order lookup" })\nreturn r[1].path', { host })
    expect(answer).toBe("orders.lookup")
    expect(calls[0]).toMatchObject({ op: "search", args: [{ query: "order lookup" }] })
  })
  it("extension globals go to the host", () => {
    const { host, calls } = fakeHost({ fetch: (call) => ({ status: 200, body: String(call.args[0]) }) })
    const answer = value('local r = fetch("https://example.com")\nreturn r.body', { host, globals: ["fetch"] })
    expect(answer).toBe("https://example.com")
    expect(calls[0]).toEqual({ op: "global", name: "fetch", args: ["https://example.com"] })
  })
  it("tool calls are sequential and each sees the previous result", () => {
    let n = 0
    const { host, calls } = fakeHost({ "counter.next": () => ++n })
    expect(value("local a = tools.counter.next()\nlocal b = tools.counter.next()\nreturn { a, b }", { host })).toEqual([1, 2])
    expect(calls).toHaveLength(2)
  })
})
