// tostring and string->number conversion, against real Lua 5.4.4 (expectations in expected.json).

import { describe as group, expect, it } from "vitest"
import { formatFloatG, numberToString, parseNumber, toNumber } from "../../../worker/lua/runtime/number.js"
import { LuaFloat, isNumber } from "../../../worker/lua/runtime/value.js"
import { describe, evaluate, expected, nonCanonical } from "./helpers.js"

group("tostring of numbers", () => {
  it.each(expected.tostring)("tostring(%s) == %s", (operand, result) => {
    const v = evaluate(operand)
    if (!isNumber(v)) throw new Error(`not a number: ${operand}`)
    expect(`string:${numberToString(v)}`).toBe(result)
  })

  it("prints negative and positive NaN as glibc does", () => {
    const zero = toNumber("0") as number
    expect(numberToString(zero / zero)).toBe("-nan")
    expect(numberToString(-(zero / zero))).toBe("nan")
  })

  it("formats %g with any precision, rounding exact ties to even", () => {
    expect(formatFloatG(123456789012345, 14)).toBe("1.2345678901234e+14")
    expect(formatFloatG(123456789012355, 14)).toBe("1.2345678901236e+14")
    expect(formatFloatG(0.5, 1)).toBe("0.5")
    expect(formatFloatG(2.5, 1)).toBe("2")
    expect(formatFloatG(3.5, 1)).toBe("4")
    expect(formatFloatG(1e-5, 6)).toBe("1e-05")
    expect(formatFloatG(123456, 6)).toBe("123456")
    expect(formatFloatG(1234567, 6)).toBe("1.23457e+06")
    expect(formatFloatG(-0, 6)).toBe("-0")
    expect(formatFloatG(0.1, 17)).toBe("0.10000000000000001")
  })
})

group("string to number", () => {
  it.each(expected.tonumber)("tonumber(%j) is %s", (text, result) => {
    const n = toNumber(text)
    expect(describe(n)).toBe(result)
    expect(nonCanonical(n)).toBeUndefined()
  })

  it("reads source numerals", () => {
    expect(parseNumber("3")).toBe(3)
    expect(parseNumber("3.0")).toEqual(new LuaFloat(3))
    expect(parseNumber("0x7fffffffffffffff")).toBe(9223372036854775807n)
    expect(parseNumber("0xffffffffffffffff")).toBe(-1)
    expect(parseNumber("9223372036854775808")).toEqual(new LuaFloat(9223372036854775808))
    expect(parseNumber("1e2")).toEqual(new LuaFloat(100))
    expect(parseNumber("9007199254740993")).toBe(9007199254740993n)
    expect(parseNumber(" 1")).toBeUndefined()
    expect(parseNumber("0x1p-1")).toBe(0.5)
  })

  it("rounds long hexadecimal floats correctly, subnormals included", () => {
    expect(describe(parseNumber("0x1.00000000000008p0"))).toBe("float:1") // tie, to even
    expect(describe(parseNumber("0x1.00000000000018p0"))).toBe("float:1.0000000000000004") // tie, to even (up)
    expect(describe(parseNumber("0x1.000000000000081p0"))).toBe("float:1.0000000000000002")
    expect(parseNumber("0x0.0000000000001p-1022")).toBe(5e-324)
    expect(parseNumber("0x0.00000000000008p-1022")).toEqual(new LuaFloat(0)) // half the smallest subnormal: to even
    expect(parseNumber("0x0.000000000000081p-1022")).toBe(5e-324)
    expect(parseNumber("0x1p-1080")).toEqual(new LuaFloat(0))
    expect(parseNumber("0x123456789abcdef0123p0")).toEqual(new LuaFloat(0x123456789abcdef0123))
  })
})
