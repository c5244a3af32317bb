/**
 * The plain-data contract for Lua (`worker/data/lua.ts`): round trips, every `InvalidDataValue`
 * shape with its exact message, and host data that tries to run code during the copy.
 */

import { describe, expect, it } from "vitest"
import { DataContractError } from "../../../worker/data/contract.js"
import { copyDataToLua, copyLuaToData, dataToLua, luaToData } from "../../../worker/lua/data/convert.js"
import { HostStop } from "../../../worker/engine-host.js"
import {
  JSON_NULL,
  LuaFloat,
  type LuaTable,
  MAX_INTEGER,
  MIN_INTEGER,
  TableShape,
  ToolReference,
  type LuaValue,
} from "../../../worker/lua/runtime/value.js"
import { arrayPart, jsonArray, list, newState, table } from "./helpers.js"

const st = newState()
const roundTrip = (data: unknown): unknown => luaToData(st, dataToLua(st, data), "result")

/** The message of the `DataContractError` that copying `value` out of Lua raises. */
const outError = (value: LuaValue, bounds?: Parameters<typeof newState>[0]): string => {
  try {
    copyLuaToData(bounds === undefined ? st : newState(bounds), value, "result")
  } catch (error) {
    if (error instanceof DataContractError) return error.message
    throw error
  }
  throw new Error("expected a DataContractError")
}

/** The message of the `DataContractError` that copying host `data` into Lua raises. */
const inError = (data: unknown, bounds?: Parameters<typeof newState>[0]): string => {
  try {
    copyDataToLua(bounds === undefined ? st : newState(bounds), data)
  } catch (error) {
    if (error instanceof DataContractError) return error.message
    throw error
  }
  throw new Error("expected a DataContractError")
}

describe("round trips: host JSON -> Lua -> host JSON is the identity", () => {
  const documents: Record<string, unknown> = {
    "empty object": {},
    "empty array": [],
    "nested empties": { a: [], b: {}, c: [[], {}, [[]]], d: { e: { f: [] } } },
    "nulls in arrays and objects": { list: [null, 1, null], field: null, nested: [{ x: null }] },
    "top-level null": null,
    scalars: [true, false, 0, 1, -1, "", "text"],
    "unicode text": ["héllo", "日本語", "emoji 😀🎉", "e\u0301 combining", "\u0000\u001f control", "\u2028", "\ufeffbom"],
    "unicode keys": { "clé": 1, "😀": [2], "": 3 },
    "integers and floats": [1.5, 1e300, -1e-300, 5e-324, Number.MAX_VALUE, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 2 ** 64, 0.1],
    "key order": { zeta: 1, alpha: 2, mid: { b: 1, a: 2 } },
    "index-like keys": { "1": "a", "2": "b" },
    "__proto__ as data": JSON.parse('{"__proto__": {"polluted": true}, "x": 1}'),
    "deep nesting": JSON.parse("[".repeat(200) + "]".repeat(200)),
    records: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `n${i}`, tags: [`t${i % 3}`], meta: { ok: i % 2 === 0 } })),
  }
  for (const [name, doc] of Object.entries(documents)) {
    it(name, () => {
      const back = roundTrip(doc)
      expect(back).toEqual(doc)
      expect(JSON.stringify(back)).toBe(JSON.stringify(doc))
    })
  }

  it("keeps -0 (as the float -0.0)", () => {
    const lua = dataToLua(st, -0)
    expect(lua).toBeInstanceOf(LuaFloat)
    expect(Object.is(roundTrip(-0), -0)).toBe(true)
    expect(Object.is((roundTrip([-0]) as number[])[0], -0)).toBe(true)
  })

  it("keeps the key order and the prototype of index-like and __proto__ keys", () => {
    const back = roundTrip(JSON.parse('{"__proto__": 1, "b": 2, "a": 3}')) as object
    expect(Object.keys(back)).toEqual(["__proto__", "b", "a"])
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype)
  })
})

describe("host data as Lua sees it", () => {
  it("gives integers, floats, json.null, shapes and byte strings", () => {
    const t = dataToLua(st, { i: 3, f: 1.5, big: 2 ** 53, z: -0, n: null, a: [], o: {}, s: "é" }) as LuaTable
    expect(t.shape).toBe(TableShape.Object)
    expect(t.get("i")).toBe(3)
    expect(t.get("f")).toBe(1.5)
    expect(t.get("big")).toEqual(new LuaFloat(2 ** 53))
    expect(t.get("z")).toEqual(new LuaFloat(-0))
    expect(t.get("n")).toBe(JSON_NULL)
    expect((t.get("a") as LuaTable).shape).toBe(TableShape.Array)
    expect((t.get("o") as LuaTable).shape).toBe(TableShape.Object)
    expect(t.get("s")).toBe("\xc3\xa9")
  })

  it("keeps null array slots so positions survive", () => {
    const t = dataToLua(st, [null, "x", null]) as LuaTable
    expect(t.length()).toBe(3)
    expect(t.array).toEqual([JSON_NULL, "x", JSON_NULL])
  })

  it("treats undefined as JSON.stringify does: absent field, null element, nil at the top", () => {
    const t = dataToLua(st, { a: undefined, b: [undefined, 1], c: 2 }) as LuaTable
    expect(t.get("a")).toBe(undefined)
    expect((t.get("b") as LuaTable).array).toEqual([JSON_NULL, 1])
    expect(dataToLua(st, undefined)).toBe(undefined)
     
    expect((dataToLua(st, [1, , 3]) as LuaTable).array).toEqual([1, JSON_NULL, 3])
  })

  it("remembers the shape of a non-empty array after it is emptied", () => {
    const t = dataToLua(st, [1]) as LuaTable
    t.set(1, undefined)
    expect(luaToData(st, t, "result")).toEqual([])
  })
})

describe("Lua values as the host sees them", () => {
  it("copies scalars, shapes and json.null", () => {
    expect(luaToData(st, undefined, "result")).toBe(null)
    expect(luaToData(st, JSON_NULL, "result")).toBe(null)
    expect(luaToData(st, list(), "result")).toEqual({})
    expect(luaToData(st, jsonArray(), "result")).toEqual([])
    expect(luaToData(st, new LuaFloat(2), "result")).toBe(2)
    expect(luaToData(st, 2n ** 60n, "result")).toBe(2 ** 60)
    expect(luaToData(st, MIN_INTEGER, "result")).toBe(-(2 ** 63))
    expect(luaToData(st, "\xe6\x97\xa5", "result")).toBe("日")
    expect(luaToData(st, list(1, "a", true, JSON_NULL), "result")).toEqual([1, "a", true, null])
  })

  it("orders object keys by insertion, index-like keys first (a JavaScript rule)", () => {
    const t = table(["b", 1], ["a", 2], ["10", 3], ["c", 4])
    t.set("b", undefined)
    t.set("b", 5)
    expect(JSON.stringify(luaToData(st, t, "result"))).toBe('{"10":3,"a":2,"c":4,"b":5}')
  })

  it("copies a table reached twice without a cycle twice", () => {
    const shared = list(1, 2)
    const data = luaToData(st, table(["a", shared], ["b", shared]), "result") as { a: unknown; b: unknown }
    expect(data).toEqual({ a: [1, 2], b: [1, 2] })
    expect(data.a).not.toBe(data.b)
  })

  it("stops the execution with InvalidDataValue", () => {
    let stop: unknown
    try {
      luaToData(st, table(["f", () => []]), "result")
    } catch (error) {
      stop = error
    }
    expect(stop).toBeInstanceOf(HostStop)
    expect((stop as HostStop).diagnostic).toEqual({
      kind: "InvalidDataValue",
      message: "result.f is a function, which cannot cross to JSON",
    })
  })
})

describe("InvalidDataValue shapes, Lua -> JSON", () => {
  const fn = () => []
  it("function, with the path a model reads", () => {
    const items = list(table(["fn", 1]), table(["fn", 2]), table(["fn", fn]))
    expect(outError(table(["items", items]))).toBe("result.items[3].fn is a function, which cannot cross to JSON")
  })
  it("keys that are not identifiers go in brackets", () => {
    expect(outError(table(["content-type", fn]))).toBe('result["content-type"] is a function, which cannot cross to JSON')
    expect(outError(table(["end", fn]))).toBe('result["end"] is a function, which cannot cross to JSON')
    expect(outError(table(["a b", list(fn)]))).toBe('result["a b"][1] is a function, which cannot cross to JSON')
  })
  it("tool reference", () => {
    expect(outError(table(["t", new ToolReference("orders.lookup")]))).toBe(
      "result.t is the tool reference tools.orders.lookup, which cannot cross to JSON; call the tool and pass its result",
    )
  })
  it("mixed keys", () => {
    const t = list(1, 2)
    t.set("name", "x")
    expect(outError(table(["tags", t]))).toBe(
      'result.tags mixes array indices and string keys ([1] and "name"); a table crossing to JSON must be an array (keys 1..n) or an object (string keys)',
    )
    expect(outError(table(["name", "x"], [5, "y"]))).toBe(
      'result mixes array indices and string keys ([5] and "name"); a table crossing to JSON must be an array (keys 1..n) or an object (string keys)',
    )
  })
  it("sparse arrays", () => {
    expect(outError(table(["tags", arrayPart(1, undefined, 3)]))).toBe(
      "result.tags is a sparse array ([2] is nil but [3] is set); use json.null to keep an empty slot",
    )
    expect(outError(list(1, undefined, 3))).toBe("result is a sparse array ([2] is nil but [3] is set); use json.null to keep an empty slot")
    expect(outError(table([2, "a"]))).toBe("result is a sparse array ([1] is nil but [2] is set); use json.null to keep an empty slot")
    expect(outError(table([0, "a"]))).toBe("result has the index [0], but arrays crossing to JSON start at [1]")
    expect(outError(list(list(1, 2, 3), arrayPart("a", undefined, undefined, "d")))).toBe(
      "result[2] is a sparse array ([2] is nil but [4] is set); use json.null to keep an empty slot",
    )
  })
  it("keys of other types", () => {
    const suffix = " as a key; only string keys and array indices 1..n can cross to JSON"
    expect(outError(table([true, 1]))).toBe(`result has the boolean true${suffix}`)
    expect(outError(table(["x", table([1.5, 1])]))).toBe(`result.x has the float 1.5${suffix}`)
    expect(outError(table([list(), 1]))).toBe(`result has a table${suffix}`)
    expect(outError(table([2 ** 70, 1]))).toBe(`result has the float 1.1805916207174e+21${suffix}`)
  })
  it("cycles, naming where they close", () => {
    const t = table(["name", "root"])
    t.set("self", t)
    expect(outError(t)).toBe("result.self refers back to result, which contains it; a cyclic table cannot cross to JSON")
    const b = table()
    const a = table(["b", b])
    b.set("c", list(1, table(["back", b])))
    expect(outError(a)).toBe("result.b.c[2].back refers back to result.b, which contains it; a cyclic table cannot cross to JSON")
  })
  it("a cycle behind a large sibling is still a cycle", () => {
    const big = list(...Array.from({ length: 1000 }, (_, i) => `string number ${i}`))
    const t = table(["big", big])
    t.set("again", t)
    expect(outError(t, { maxDataBytes: 100_000 })).toBe(
      "result.again refers back to result, which contains it; a cyclic table cannot cross to JSON",
    )
  })
  it("NaN and infinities", () => {
    expect(outError(table(["x", NaN]))).toBe("result.x is NaN (not a number), which cannot cross to JSON")
    expect(outError(list(Infinity))).toBe("result[1] is inf (infinite), which cannot cross to JSON")
    expect(outError(-Infinity)).toBe("result is -inf (infinite), which cannot cross to JSON")
  })
  it("invalid UTF-8", () => {
    expect(outError(table(["name", "ab\xc3("]))).toBe("result.name is not valid UTF-8 text (invalid byte at position 3)")
    expect(outError(list("\xff"))).toBe("result[1] is not valid UTF-8 text (invalid byte at position 1)")
    expect(outError("\xed\xa0\x80")).toBe("result is not valid UTF-8 text (invalid byte at position 1)")
    expect(outError(table(["\xff", 1]))).toBe("result has a key that is not valid UTF-8 text")
  })
  it("integers beyond 2^53 that a double cannot hold", () => {
    expect(outError(table(["id", MAX_INTEGER]))).toBe(
      "result.id is the integer 9223372036854775807, which a JSON number cannot hold exactly; send it as a string with tostring()",
    )
    expect(outError(list(2n ** 53n + 1n))).toBe(
      "result[1] is the integer 9007199254740993, which a JSON number cannot hold exactly; send it as a string with tostring()",
    )
  })
  it("too deep", () => {
    const deep = table(["a", table(["a", table(["a", table()])])])
    expect(copyLuaToData(newState({ maxDataDepth: 4 }), deep, "result")).toEqual({ a: { a: { a: {} } } })
    expect(outError(deep, { maxDataDepth: 3 })).toBe("result.a.a.a is nested more than 3 levels deep, the limit for data crossing to JSON")
    let t = list()
    for (let i = 0; i < 300; i++) t = list(t)
    expect(outError(t)).toBe(
      "result[1][1][1][1][1][1]...(188 more levels)...[1][1][1][1][1][1] is nested more than 200 levels deep, the limit for data crossing to JSON",
    )
  })
  it("too large", () => {
    const t = list(...Array.from({ length: 20 }, () => "0123456789"))
    expect(outError(t, { maxDataBytes: 100 })).toBe(
      "result is larger than 100 bytes of JSON, the limit for data crossing to JSON (stopped at result[7])",
    )
    expect(outError("x".repeat(200), { maxDataBytes: 100 })).toBe(
      "result is larger than 100 bytes of JSON, the limit for data crossing to JSON (stopped at result)",
    )
  })
})

describe("hostile host data, JSON -> Lua", () => {
  it("never calls a getter", () => {
    let called = false
    const data = {
      get secret() {
        called = true
        throw new Error("boom")
      },
    }
    expect(inError({ outer: data })).toBe("value.outer.secret is an accessor property, not plain JSON data")
    const array: unknown[] = [1]
    Object.defineProperty(array, 1, { get: () => ((called = true), 2), enumerable: true })
    expect(inError({ list: array })).toBe("value.list[2] is an accessor property, not plain JSON data")
    expect(called).toBe(false)
  })

  it("never runs a Proxy trap", () => {
    let trapped = false
    const handler = new Proxy({}, { get: () => () => ((trapped = true), undefined) })
    expect(inError({ p: new Proxy({ a: 1 }, handler) })).toBe("value.p is a Proxy, not plain JSON data")
    expect(inError([new Proxy([1, 2], handler)])).toBe("value[1] is a Proxy, not plain JSON data")
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(inError(proxy)).toBe("value is a Proxy, not plain JSON data")
    expect(inError({ x: Object.create(new Proxy({}, handler)) })).toBe(
      "value.x is an object with an unusual prototype, not plain JSON data",
    )
    expect(trapped).toBe(false)
  })

  it("reports cycles", () => {
    const o: Record<string, unknown> = { name: "o" }
    o.self = o
    expect(inError(o)).toBe("value.self refers back to value, which contains it; a cyclic table cannot cross to JSON")
    const a: unknown[] = []
    a.push(1, { back: a })
    expect(inError({ a })).toBe("value.a[2].back refers back to value.a, which contains it; a cyclic table cannot cross to JSON")
  })

  it("refuses values JSON does not have", () => {
    expect(inError({ n: 10n })).toBe("value.n is a BigInt, which cannot cross to JSON; convert it to a number or a string")
    expect(inError({ s: Symbol("x") })).toBe("value.s is a symbol, which cannot cross to JSON")
    expect(inError({ f() {} })).toBe("value.f is a function, which cannot cross to JSON")
    expect(inError({ toJSON: () => 1 })).toBe("value.toJSON is a function, which cannot cross to JSON")
    expect(inError([NaN])).toBe("value[1] is NaN (not a number), which cannot cross to JSON")
    expect(inError({ x: -Infinity })).toBe("value.x is an infinite number, which cannot cross to JSON")
  })

  it("refuses objects that are not plain", () => {
    class Order {
      id = 1
    }
    class Tags extends Array {}
    expect(inError(new Order())).toBe("value is an instance of Order, not plain JSON data")
    expect(inError({ when: new Date(0) })).toBe("value.when is an instance of Date, not plain JSON data")
    expect(inError({ m: new Map() })).toBe("value.m is an instance of Map, not plain JSON data")
    expect(inError({ b: new Uint8Array(2) })).toBe("value.b is an instance of Uint8Array, not plain JSON data")
    expect(inError({ t: Tags.from([1]) })).toBe("value.t is an instance of Tags, not plain JSON data")
    expect(inError({ s: new String("x") })).toBe("value.s is an instance of String, not plain JSON data")
  })

  it("accepts null-prototype objects and ignores symbol keys and non-enumerable properties", () => {
    const o = Object.create(null) as Record<string | symbol, unknown>
    o.a = 1
    o[Symbol("hidden")] = 2
    Object.defineProperty(o, "quiet", { value: 3, enumerable: false })
    expect(luaToData(st, dataToLua(st, o), "result")).toEqual({ a: 1 })
  })

  it("bounds huge arrays before walking them", () => {
    const a: unknown[] = []
    a.length = 1e9
    expect(inError({ a })).toBe("value.a has more than 4194304 entries, the limit for one table")
    expect(inError(new Array(1000).fill(1), { maxDataBytes: 500 })).toBe(
      "value is larger than 500 bytes of JSON, the limit for data crossing to JSON (stopped at value)",
    )
  })

  it("bounds depth", () => {
    expect(inError({ a: { a: { a: {} } } }, { maxDataDepth: 3 })).toBe(
      "value.a.a.a is nested more than 3 levels deep, the limit for data crossing to JSON",
    )
  })

  it("stops with InvalidDataValue through dataToLua", () => {
    expect(() => dataToLua(st, { d: new Date() }, { root: "output" })).toThrow(
      expect.objectContaining({
        diagnostic: { kind: "InvalidDataValue", message: "output.d is an instance of Date, not plain JSON data" },
      }),
    )
  })
})

describe("metering", () => {
  it("charges fuel per value copied", () => {
    const small = newState({ maxFuel: 10_000 })
    const doc = Array.from({ length: 30_000 }, (_, i) => i)
    expect(() => dataToLua(small, doc)).toThrow(HostStop)
  })
})
