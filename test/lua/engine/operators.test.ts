/**
 * compile/arithmetic.ts and compile/operators.ts: the inline fast paths must agree with
 * runtime/number.ts (the exact, slow semantics) on every operand — checked here exhaustively over
 * a set of edge values, in each operand shape the compiler specialises — and errors must name
 * the operand real Lua names.
 */

import { describe, expect, it } from "vitest"
import { ARITH, numberToString, type ArithOp } from "../../../worker/lua/runtime/number.js"
import { LuaFloat, MAX_INTEGER, MIN_INTEGER, type LuaValue } from "../../../worker/lua/runtime/value.js"
import { expectFailure, printed, valueOf } from "./helpers.js"

/** Edge values: [Lua source, the same value as the engine represents it]. */
const VALUES: ReadonlyArray<readonly [string, LuaValue]> = [
  ["0", 0],
  ["1", 1],
  ["(-1)", -1],
  ["7", 7],
  ["(-7)", -7],
  ["2147483648", 2147483648],
  ["(-2147483649)", -2147483649],
  ["4503599627370496", 4503599627370496],
  ["(-4503599627370497)", -4503599627370497],
  ["9007199254740991", 9007199254740991],
  ["(-9007199254740991)", -9007199254740991],
  ["9007199254740993", 9007199254740993n],
  ["math.maxinteger", MAX_INTEGER],
  ["math.mininteger", MIN_INTEGER],
  ["0.5", 0.5],
  ["(-2.5)", -2.5],
  ["2.0", new LuaFloat(2)],
  ["(-0.0)", new LuaFloat(-0)],
  ["1e300", new LuaFloat(1e300)],
  ["(1/0)", Infinity],
  ["(-1/0)", -Infinity],
  ['"10"', "10"],
  ['"0x10"', "0x10"],
  ['"1.5"', "1.5"],
]

const OPS: ReadonlyArray<readonly [string, ArithOp]> = [
  ["+", "add"],
  ["-", "sub"],
  ["*", "mul"],
  ["/", "div"],
  ["%", "mod"],
  ["//", "idiv"],
  ["^", "pow"],
  ["&", "band"],
  ["|", "bor"],
  ["~", "bxor"],
  ["<<", "shl"],
  [">>", "shr"],
]

const show = (v: LuaValue): string => {
  if (typeof v === "number") return `${Number.isInteger(v) ? "integer" : "float"} ${numberToString(v)}`
  if (typeof v === "bigint") return `integer ${numberToString(v)}`
  if (v instanceof LuaFloat) return `float ${numberToString(v)}`
  return `other ${String(v)}`
}

const expected = (op: ArithOp, a: LuaValue, b: LuaValue): string => {
  try {
    const r = ARITH[op](a, b)
    return r === undefined ? "error" : show(r)
  } catch {
    return "error"
  }
}

/** A program printing `a op b` for every pair, in the shape `shape` builds. */
const program = (shape: (a: string, b: string, op: string) => string): string => {
  const lines = [
    "local function show(ok, v)",
    "  if not ok then return 'error' end",
    "  return (math.type(v) or 'other') .. ' ' .. tostring(v)",
    "end",
  ]
  for (const [op] of OPS) {
    for (const [a] of VALUES) for (const [b] of VALUES) lines.push(shape(a, b, op))
  }
  return lines.join("\n")
}

describe("arithmetic fast paths agree with number.ts", () => {
  const expectations = OPS.flatMap(([, op]) => VALUES.flatMap(([, a]) => VALUES.map(([, b]) => expected(op, a, b))))

  it("on locals", () => {
    const source = program((a, b, op) => `do local x, y = ${a}, ${b} print(show(pcall(function() return x ${op} y end))) end`)
    expect(printed(source)).toEqual(expectations)
  })
  it("on unboxed locals in one frame (the local/local and local/expression shapes)", () => {
    const source = program(
      (a, b, op) => `do local x, y = ${a}, ${b} local ok, r = pcall(function() local p, q = x, y return p ${op} q end) print(show(ok, r)) end`,
    )
    expect(printed(source)).toEqual(expectations)
  })
  it("on expressions", () => {
    const source = program((a, b, op) => `do local t = { ${a}, ${b} } print(show(pcall(function() return t[1] ${op} t[2] end))) end`)
    expect(printed(source)).toEqual(expectations)
  })
  it("with a numeric constant on the right", () => {
    const constants = ["7", "1", "2", "0", "0.5", "4503599627370496"]
    const lines = ["local function show(ok, v) if not ok then return 'error' end return math.type(v) .. ' ' .. tostring(v) end"]
    const wanted: string[] = []
    for (const [op, name] of OPS) {
      for (const [a, av] of VALUES) {
        for (const k of constants) {
          lines.push(`do local x = ${a} print(show(pcall(function() local p = x return p ${op} ${k} end))) end`)
          lines.push(`do local t = { ${a} } print(show(pcall(function() return t[1] ${op} ${k} end))) end`)
          const kv: LuaValue = k.includes(".") ? 0.5 : Number(k)
          wanted.push(expected(name, av, kv), expected(name, av, kv))
        }
      }
    }
    expect(printed(lines.join("\n"))).toEqual(wanted)
  })
})

describe("integer results", () => {
  it("never produce -0 for integers, and keep -0.0 for floats", () => {
    expect(printed("local z, n = 0, -3 print(z * n, -z, 0 // -5, -6 % 3, z * -0.5, -0.0, 0/-1)")).toEqual([
      "0\t0\t0\t0\t-0.0\t-0.0\t-0.0",
    ])
  })
  it("wrap at 64 bits", () => {
    expect(printed("local m = math.maxinteger print(m + 1 == math.mininteger, m * 2, -math.mininteger)")).toEqual([
      "true\t-2\t-9223372036854775808",
    ])
  })
})

describe("comparison and equality", () => {
  it("compares numbers of any subtype and strings bytewise", () => {
    expect(printed('print(1 < 1.5, 2^53 < 2^53 + 1, math.maxinteger < math.huge, "a" < "b", "Z" < "a", "" < "\\0")')).toEqual([
      "true\tfalse\ttrue\ttrue\ttrue\ttrue",
    ])
  })
  it("equality across subtypes, and never between numbers and strings", () => {
    expect(printed('print(1 == 1.0, 2^53 == 9007199254740992, 0.0 == -0.0, "1" == 1, 0/0 == 0/0)')).toEqual([
      "true\ttrue\ttrue\tfalse\tfalse",
    ])
  })
  it("errors name the types in Lua's order (`a > b` is `b < a`)", () => {
    expectFailure("local t = {} return t < 1", "ExecutionFailure", "input:1: attempt to compare table with number")
    expectFailure("local t = {} return t > 1", "ExecutionFailure", "input:1: attempt to compare number with table")
    expectFailure("return {} <= {}", "ExecutionFailure", "input:1: attempt to compare two table values")
  })
})

describe("concatenation", () => {
  it("joins strings and numbers as Lua formats them", () => {
    expect(valueOf('local i, f = 42, 2.0 return "n" .. i .. ":" .. f .. ":" .. 1e100 .. ":" .. -0.0')).toBe("n42:2.0:1e+100:-0.0")
  })
  it("reports the operand Lua reports: the pair on the right first", () => {
    expectFailure("local a, b = nil, {} return a .. 'x' .. b", "ExecutionFailure", "input:1: attempt to concatenate a table value (local 'b')")
    expectFailure("local t = {} return 'x' .. t.name", "ExecutionFailure", "input:1: attempt to concatenate a nil value (field 'name')")
    expectFailure("return 1 .. {}", "ExecutionFailure", "input:1: attempt to concatenate a table value")
  })
  it("checks the string bound before building", () => {
    const error = expectFailure(
      'local s = "abc" return s .. s .. s',
      "ExecutionFailure",
      "input:1: string of 9 bytes exceeds the limit of 8 bytes",
      { bounds: { maxStringBytes: 8 } },
    )
    expect(error.location).toEqual({ line: 1 })
  })
})

describe("error messages name the operand", () => {
  it("arithmetic", () => {
    expectFailure("local x return x + 1", "ExecutionFailure", "input:1: attempt to perform arithmetic on a nil value (local 'x')")
    expectFailure("return y * 2", "ExecutionFailure", "input:1: attempt to perform arithmetic on a nil value (global 'y')")
    expectFailure("local t = {} return 2 - t.n", "ExecutionFailure", "input:1: attempt to perform arithmetic on a nil value (field 'n')")
    expectFailure("local u local function f() return u % 2 end return f()", "ExecutionFailure", "input:1: attempt to perform arithmetic on a nil value (upvalue 'u')")
    expectFailure("return 'abc' + 1", "ExecutionFailure", "input:1: attempt to add a 'string' with a 'number'")
    expectFailure("local x = 1.5 return x | 1", "ExecutionFailure", "input:1: number (local 'x') has no integer representation")
    expectFailure("return 1 // 0", "ExecutionFailure", "input:1: attempt to divide by zero")
    expectFailure("local n = 5 return n % 0", "ExecutionFailure", "input:1: attempt to perform 'n%0'")
  })
  it("length, unary minus, bitwise not", () => {
    expectFailure("local t = {} return #t.list", "ExecutionFailure", "input:1: attempt to get length of a nil value (field 'list')")
    expectFailure("local b = true return -b", "ExecutionFailure", "input:1: attempt to perform arithmetic on a boolean value (local 'b')")
    expectFailure("return ~1.5", "ExecutionFailure", "input:1: number has no integer representation")
  })
})
