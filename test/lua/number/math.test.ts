// The math library against real Lua 5.4.4: results with their subtypes, and argument errors.

import { describe as group, expect, it } from "vitest"
import { openMath } from "../../../worker/lua/stdlib/math.js"
import type { LuaFunction } from "../../../worker/lua/runtime/value.js"
import { closeTo, evaluate, expected, makeState, outcome } from "./helpers.js"

/** Functions whose results come from V8's libm, which may differ from glibc's in the last bit. */
const LIBM = new Set(["exp", "log", "sin", "cos", "tan", "asin", "acos", "atan"])

group("math library", () => {
  it.each(expected.math)("math.%s(%j) is %s", (name, args, result) => {
    const math = openMath(makeState())
    const fn = math.get(name) as LuaFunction
    const ours = outcome(() => fn(args.map(evaluate)))
    if (LIBM.has(name) && ours !== result) expect(closeTo(ours, result, 2), `${ours} vs ${result}`).toBe(true)
    else expect(ours).toBe(result)
  })

  it("has the constants", () => {
    const math = openMath(makeState())
    expect(math.get("pi")).toBe(Math.PI)
    expect(math.get("huge")).toBe(Infinity)
    expect(math.get("maxinteger")).toBe(9223372036854775807n)
    expect(math.get("mininteger")).toBe(-9223372036854775808n)
  })

  it("builds a fresh table for each execution", () => {
    const a = openMath(makeState())
    const b = openMath(makeState())
    expect(a).not.toBe(b)
    expect(a.get("floor")).not.toBe(b.get("floor"))
  })
})
