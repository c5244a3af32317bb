// The numeric `for` helpers, driven the way the compiler drives them, against real Lua 5.4.4.

import { describe as group, expect, it } from "vitest"
import {
  ArithmeticFault,
  addIntegers,
  forLoopCount,
  forLoopFloat,
  forLoopIsSafe,
  numberMessages,
} from "../../../worker/lua/runtime/number.js"
import { canonicalFloat, isInteger, type LuaValue } from "../../../worker/lua/runtime/value.js"
import { describe, evaluate, expected } from "./helpers.js"

const CAP = 40

/** `for i = start, limit, step` as generate.mjs ran it: the count (capped at 40) and the first 4 values. */
const runLoop = (start: LuaValue, limit: LuaValue, step: LuaValue): string => {
  const values: LuaValue[] = []
  let n = 0
  try {
    if (isInteger(start) && isInteger(step)) {
      const count = forLoopCount(start, limit, step)
      let i: number | bigint = start
      while (n < count && n < CAP) {
        n++
        if (n <= 4) values.push(i)
        if (n < count) i = addIntegers(i, step)
      }
    } else {
      const last = forLoopFloat(limit, "limit")
      const stride = forLoopFloat(step, "step")
      let i = forLoopFloat(start, "initial value")
      if (stride === 0) throw new ArithmeticFault(numberMessages.forStepZero())
      if (stride > 0 ? !(last < i) : !(i < last)) {
        while (n < CAP) {
          n++
          if (n <= 4) values.push(canonicalFloat(i))
          i += stride
          if (!(stride > 0 ? i <= last : last <= i)) break
        }
      }
    }
  } catch (fault) {
    if (fault instanceof ArithmeticFault) return `E:input:2: ${fault.message}`
    throw fault
  }
  return [n, ...values].map(describe).join(" ")
}

group("numeric for", () => {
  it.each(expected.for)("for i = %s, %s, %s runs %s", (start, limit, step, result) => {
    expect(runLoop(evaluate(start), evaluate(limit), evaluate(step))).toBe(result)
  })

  it("counts exactly at the ends of the integer range", () => {
    expect(forLoopCount(9223372036854775806n, 9223372036854775807n, 1)).toBe(2)
    expect(forLoopCount(1, Infinity, 1)).toBe(2 ** 63 - 1)
    expect(forLoopCount(-9223372036854775808n, 9223372036854775807n, 1)).toBe(2 ** 64)
    expect(forLoopCount(0, 10, 3)).toBe(4)
    expect(forLoopCount(1, 0.5, 1)).toBe(0)
    expect(forLoopCount(1, "3", 1)).toBe(3)
    expect(forLoopCount(10, 1, -3)).toBe(4)
    expect(forLoopCount(-9007199254740991, 9007199254740991, 9007199254740991)).toBe(3)
  })

  it("tells when a loop stays on safe numbers", () => {
    expect(forLoopIsSafe(1, 1, 100)).toBe(true)
    expect(forLoopIsSafe(1, 1, 0)).toBe(true)
    expect(forLoopIsSafe(9007199254740990, 1, 2)).toBe(true)
    expect(forLoopIsSafe(9007199254740990, 1, 3)).toBe(false)
    expect(forLoopIsSafe(1, 1, 2 ** 63)).toBe(false)
    expect(forLoopIsSafe(9007199254740993n, 1, 1)).toBe(false)
  })
})
