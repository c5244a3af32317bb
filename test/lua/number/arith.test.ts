// Arithmetic, bitwise and comparison operators against real Lua 5.4.4 (expectations in expected.json,
// produced with `local a, b = A, B; return a OP b`, hence the "(local 'a')" in messages).

import { describe as group, expect, it } from "vitest"
import {
  ArithmeticFault,
  arith,
  arithmeticErrorMessage,
  bnot,
  lessEqual,
  lessThan,
  numberMessages,
  unm,
  type ArithOp,
} from "../../../worker/lua/runtime/number.js"
import { rawEquals, type LuaValue } from "../../../worker/lua/runtime/value.js"
import { closeTo, describe, evaluate, expected, nonCanonical } from "./helpers.js"

const INFO_A = " (local 'a')"
const INFO_B = " (local 'b')"

/** What the compiler does with our results: the value, or the error real Lua raises. */
const run = (op: string, a: LuaValue, b: LuaValue): string => {
  try {
    let result: LuaValue
    if (op === "lt") result = lessThan(a, b)
    else if (op === "le") result = lessEqual(a, b)
    else if (op === "eq") result = rawEquals(a, b)
    else if (op === "unm") result = unm(a)
    else if (op === "bnot") result = bnot(a)
    else result = arith(op as ArithOp, a, b)
    if (result === undefined) {
      if (op === "lt" || op === "le") return `E:input:1: ${numberMessages.compare(a, b)}`
      const unary = op === "unm" || op === "bnot"
      return `E:input:1: ${arithmeticErrorMessage(op as ArithOp, a, unary ? a : b, INFO_A, unary ? INFO_A : INFO_B)}`
    }
    const complaint = nonCanonical(result)
    if (complaint !== undefined) return `non-canonical result: ${complaint}`
    return describe(result)
  } catch (fault) {
    if (!(fault instanceof ArithmeticFault)) throw fault
    const message =
      fault.operand === undefined ? fault.message : numberMessages.noIntegerRepresentation(fault.operand === 0 ? INFO_A : INFO_B)
    return fault.withoutPosition ? `E:${message}` : `E:input:1: ${message}`
  }
}

group("binary operators", () => {
  it.each(expected.arith)("%s(%s, %s) is %s", (op, a, b, result) => {
    const ours = run(op, evaluate(a), evaluate(b))
    // `^` with a non-integral exponent is V8's pow, which may differ from glibc's in the last bits.
    if (op === "pow" && ours !== result) expect(closeTo(ours, result, 4), `${ours} vs ${result}`).toBe(true)
    else expect(ours).toBe(result)
  })
})

group("unary operators", () => {
  it.each(expected.unary)("%s(%s) is %s", (op, a, result) => {
    expect(run(op, evaluate(a), undefined)).toBe(result)
  })
})

group("comparisons beyond the expectations file", () => {
  it("compares integers and floats exactly, without rounding", () => {
    const big = 9007199254740993n
    expect(lessThan(9007199254740992, big)).toBe(true)
    expect(lessThan(evaluate("2^53"), big)).toBe(true)
    expect(lessEqual(big, evaluate("2^53"))).toBe(false)
    expect(lessThan(evaluate("math.maxinteger"), evaluate("2^63"))).toBe(true)
    expect(lessThan(evaluate("-2^63"), evaluate("math.mininteger"))).toBe(false)
    expect(lessEqual(evaluate("-2^63"), evaluate("math.mininteger"))).toBe(true)
    expect(lessThan(evaluate("0/0"), 1)).toBe(false)
    expect(lessEqual(big, evaluate("0/0"))).toBe(false)
    expect(lessThan("\u00ff", "a")).toBe(false)
    expect(lessThan("a\u0000b", "a\u0000c")).toBe(true)
  })

  it("says which operand of a bitwise operator has no integer value", () => {
    expect(() => arith("band", 1.5, 1)).toThrow("number has no integer representation")
    expect(() => arith("band", 1.5, 1)).toThrow(ArithmeticFault)
    expect(() => arith("band", 1, 1.5)).toThrowError(expect.objectContaining({ operand: 1 }))
    expect(() => bnot(0.5)).toThrowError(expect.objectContaining({ operand: 0 }))
  })
})
