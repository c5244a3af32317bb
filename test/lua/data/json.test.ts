/**
 * `json.null`, `json.array`, `json.encode` and `json.decode`: the plain-data contract as a program
 * uses it directly, with catchable errors.
 */

import { describe, expect, it } from "vitest"
import { openJson } from "../../../worker/lua/stdlib/json.js"
import { HostStop } from "../../../worker/engine-host.js"
import { JSON_NULL, LuaError, LuaFloat, type LuaTable, MAX_INTEGER, TableShape, type LuaValue } from "../../../worker/lua/runtime/value.js"
import { arrayPart, call, jsonArray, list, newState, table } from "./helpers.js"

const st = newState()
const json = openJson(st)
const encode = (...args: LuaValue[]): LuaValue => call(json, "encode", ...args)[0]
const decode = (text: string): LuaValue => call(json, "decode", text)[0]

/** The message of the (catchable) Lua error `f` raises. */
const luaError = (f: () => unknown): string => {
  try {
    f()
  } catch (error) {
    if (error instanceof LuaError) return String(error.value)
    throw error
  }
  throw new Error("expected a Lua error")
}

describe("json.null and json.array", () => {
  it("json.null is the JSON null", () => {
    expect(json.get("null")).toBe(JSON_NULL)
    expect(encode(list(1, JSON_NULL, 3))).toBe("[1,null,3]")
    expect(encode(table(["a", JSON_NULL]))).toBe('{"a":null}')
  })

  it("json.array() is an empty array; {} an empty object", () => {
    const empty = call(json, "array")[0] as LuaTable
    expect(empty.shape).toBe(TableShape.Array)
    expect(encode(empty)).toBe("[]")
    expect(encode(list())).toBe("{}")
    expect(encode(table(["items", empty], ["meta", list()]))).toBe('{"items":[],"meta":{}}')
  })

  it("json.array(...) holds its arguments", () => {
    const t = call(json, "array", 1, "two", JSON_NULL)[0] as LuaTable
    expect(t.array).toEqual([1, "two", JSON_NULL])
    expect(encode(t)).toBe('[1,"two",null]')
    expect(luaError(() => encode(call(json, "array", 1, undefined, 3)[0]))).toBe(
      "input:1: bad argument #1 to 'encode' (value is a sparse array ([2] is nil but [3] is set); use json.null to keep an empty slot)",
    )
  })
})

describe("json.encode", () => {
  it("encodes scalars", () => {
    expect(encode(undefined)).toBe("null")
    expect(encode(true)).toBe("true")
    expect(encode(42)).toBe("42")
    expect(encode(1.5)).toBe("1.5")
    expect(encode(new LuaFloat(2))).toBe("2")
    expect(encode(new LuaFloat(-0))).toBe("0")
    expect(encode(new LuaFloat(1e300))).toBe("1e+300")
    // 2^60 crosses as the double 2^60, written in its shortest form (which reads back exactly).
    expect(encode(2n ** 60n)).toBe("1152921504606847000")
    expect(BigInt(JSON.parse("1152921504606847000"))).toBe(2n ** 60n)
    expect(encode('say "hi"\n')).toBe('"say \\"hi\\"\\n"')
  })

  it("produces UTF-8 byte strings", () => {
    expect(encode("\xc3\xa9 \xf0\x9f\x98\x80")).toBe('"\xc3\xa9 \xf0\x9f\x98\x80"')
  })

  it("keeps the table's key order", () => {
    const t = table(["zeta", 1], ["alpha", list(1, 2)], ["mid", table(["b", true], ["a", false])])
    expect(encode(t)).toBe('{"zeta":1,"alpha":[1,2],"mid":{"b":true,"a":false}}')
  })

  it("indents on request", () => {
    expect(encode(table(["a", list(1, 2)]), table(["indent", 2]))).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}')
    expect(luaError(() => encode(list(), table(["indent", 11])))).toBe(
      "input:1: bad argument #2 to 'encode' (indent must be an integer from 0 to 10)",
    )
    expect(luaError(() => encode(list(), 5))).toBe("input:1: bad argument #2 to 'encode' (table expected, got number)")
  })

  it("raises catchable errors with the path", () => {
    const items = list(table(["fn", 1]), table(["fn", 2]), table(["fn", () => []]))
    expect(luaError(() => encode(table(["items", items])))).toBe(
      "input:1: bad argument #1 to 'encode' (value.items[3].fn is a function, which cannot cross to JSON)",
    )
    expect(luaError(() => encode(table(["s", "\xff"])))).toBe(
      "input:1: bad argument #1 to 'encode' (value.s is not valid UTF-8 text (invalid byte at position 1))",
    )
    expect(luaError(() => encode(MAX_INTEGER))).toBe(
      "input:1: bad argument #1 to 'encode' (value is the integer 9223372036854775807, which a JSON number cannot hold exactly; send it as a string with tostring())",
    )
    expect(luaError(() => encode())).toBe("input:1: bad argument #1 to 'encode' (value expected)")
    const t = list()
    t.set(1, t)
    expect(luaError(() => encode(t))).toBe(
      "input:1: bad argument #1 to 'encode' (value[1] refers back to value, which contains it; a cyclic table cannot cross to JSON)",
    )
  })

  it("bounds the copy (catchably) and the text (not catchably)", () => {
    const small = openJson(newState({ maxDataBytes: 50, maxStringBytes: 10_000 }))
    const big = list(...Array.from({ length: 10 }, () => "0123456789"))
    expect(luaError(() => call(small, "encode", big))).toBe(
      "input:1: bad argument #1 to 'encode' (value is larger than 50 bytes of JSON, the limit for data crossing to JSON (stopped at value[4]))",
    )
    const tight = openJson(newState({ maxStringBytes: 100 }))
    let deep: LuaTable = list(1)
    for (let i = 0; i < 30; i++) deep = list(deep)
    expect(() => call(tight, "encode", deep, table(["indent", 10]))).toThrow(HostStop)
  })
})

describe("json.decode", () => {
  it("decodes with shapes, nulls and number subtypes", () => {
    const t = decode('{"a": [], "b": {}, "n": null, "i": 3, "f": 1.5, "one": 1.0, "big": 1e300, "list": [1, null, "x"]}') as LuaTable
    expect(t.shape).toBe(TableShape.Object)
    expect((t.get("a") as LuaTable).shape).toBe(TableShape.Array)
    expect((t.get("b") as LuaTable).shape).toBe(TableShape.Object)
    expect(t.get("n")).toBe(JSON_NULL)
    expect(t.get("i")).toBe(3)
    expect(t.get("f")).toBe(1.5)
    expect(t.get("one")).toBe(1)
    expect(t.get("big")).toEqual(new LuaFloat(1e300))
    expect((t.get("list") as LuaTable).array).toEqual([1, JSON_NULL, "x"])
    expect(decode("null")).toBe(JSON_NULL)
    expect(decode(' "text" ')).toBe("text")
  })

  it("gives UTF-8 byte strings, escapes included", () => {
    expect(decode('"\\u00e9\\ud83d\\ude00"')).toBe("\xc3\xa9\xf0\x9f\x98\x80")
    expect(decode('"\xc3\xa9"')).toBe("\xc3\xa9")
  })

  it("round-trips with encode", () => {
    const text = '{"items":[{"id":1,"tags":[],"meta":{}},{"id":2,"tags":["a"],"meta":{"x":null}}],"count":2}'
    expect(encode(decode(text))).toBe(text)
  })

  it("says where malformed JSON goes wrong, catchably", () => {
    const cases: Record<string, string> = {
      '{"a":}': "invalid JSON at byte 6: unexpected '}'",
      "[1,2,]": "invalid JSON at byte 6: unexpected ']'",
      '{"a" 1}': "invalid JSON at byte 6: expected ':', got '1'",
      '{"a":1 "b":2}': "invalid JSON at byte 8: expected ',' or '}', got '\"'",
      "[1 2]": "invalid JSON at byte 4: expected ',' or ']', got '2'",
      '"abc': "invalid JSON at byte 5: unterminated string",
      '"a\tb"': "invalid JSON at byte 3: control character in string (escape it)",
      '"\\x"': "invalid JSON at byte 2: invalid escape",
      '"\\u12"': "invalid JSON at byte 2: invalid \\u escape",
      "": "invalid JSON at byte 1: unexpected end of text",
      "   ": "invalid JSON at byte 4: unexpected end of text",
      "01": "invalid JSON at byte 2: unexpected '1' after the value",
      "-": "invalid JSON at byte 2: invalid number",
      "1.": "invalid JSON at byte 3: invalid number",
      "tru": "invalid JSON at byte 1: unexpected 't'",
      "{'a':1}": "invalid JSON at byte 2: expected a string key, got '''",
      "[1] x": "invalid JSON at byte 5: unexpected 'x' after the value",
      "\xc3\xa9": "invalid JSON at byte 1: unexpected byte 0xc3",
      NaN: "invalid JSON at byte 1: unexpected 'N'",
    }
    for (const [text, reason] of Object.entries(cases)) {
      expect(luaError(() => decode(text)), text).toBe(`input:1: bad argument #1 to 'decode' (${reason})`)
    }
  })

  it("refuses invalid UTF-8", () => {
    expect(luaError(() => decode('"ab\xff"'))).toBe("input:1: bad argument #1 to 'decode' (invalid UTF-8 at byte 4)")
  })

  it("bounds depth and size, catchably", () => {
    const shallow = openJson(newState({ maxDataDepth: 3 }))
    expect(luaError(() => call(shallow, "decode", "[[[[1]]]]"))).toBe(
      "input:1: bad argument #1 to 'decode' (value[1][1][1] is nested more than 3 levels deep, the limit for data crossing to JSON)",
    )
    expect(luaError(() => call(shallow, "decode", "[[[[1]]]"))).toBe(
      "input:1: bad argument #1 to 'decode' (invalid JSON at byte 4: nested more than 3 levels deep)",
    )
    const small = openJson(newState({ maxDataBytes: 20 }))
    expect(luaError(() => call(small, "decode", '["0123456789", "0123456789"]'))).toBe(
      "input:1: bad argument #1 to 'decode' (value is larger than 20 bytes of JSON, the limit for data crossing to JSON (stopped at value[2]))",
    )
    expect(luaError(() => decode("1e400"))).toBe(
      "input:1: bad argument #1 to 'decode' (value is an infinite number, which cannot cross to JSON)",
    )
  })

  it("survives pathological nesting", () => {
    expect(luaError(() => decode("[".repeat(100_000) + "]".repeat(100_000)))).toMatch(/nested more than 200 levels deep/)
    expect(luaError(() => decode("[".repeat(100_000)))).toMatch(/nested more than 200 levels deep/)
  })

  it("accepts numbers given as the text", () => {
    expect(call(json, "decode", 5)[0]).toBe(5)
    expect(luaError(() => call(json, "decode", list()))).toBe("input:1: bad argument #1 to 'decode' (string expected, got table)")
  })

  it("keeps __proto__ as an ordinary key", () => {
    const t = decode('{"__proto__": {"x": 1}}') as LuaTable
    expect((t.get("__proto__") as LuaTable).get("x")).toBe(1)
    expect(encode(t)).toBe('{"__proto__":{"x":1}}')
  })
})

describe("json and holes", () => {
  it("encodes an array part with a hole as a sparse-array error", () => {
    expect(luaError(() => encode(arrayPart(1, undefined, 3)))).toMatch(/sparse array \(\[2\] is nil but \[3\] is set\)/)
  })
  it("jsonArray helper marks the shape", () => {
    expect(encode(jsonArray())).toBe("[]")
  })
})
