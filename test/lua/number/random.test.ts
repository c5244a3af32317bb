// math.random and math.randomseed reproduce Lua 5.4's xoshiro256** sequences exactly.

import { describe as group, expect, it } from "vitest"
import { openMath } from "../../../worker/lua/stdlib/math.js"
import type { LuaFunction, LuaTable, LuaValue } from "../../../worker/lua/runtime/value.js"
import { Xoshiro256 } from "../../../worker/lua/stdlib/xoshiro.js"
import { describe, evaluate, expected, makeState, outcome } from "./helpers.js"

/** Runs one of the recorded scripts: `math.randomseed(...); return math.f(...), ...` or `return math.randomseed(...)`. */
const runScript = (math: LuaTable, script: string): string =>
  outcome(() => {
    const results: LuaValue[] = []
    const [setup, returned] = script.startsWith("return ") ? ["", script.slice(7)] : script.split("; return ")
    const calls = (text: string) => [...text.matchAll(/math\.(\w+)\(([^)]*)\)/g)]
    for (const [, name, args] of calls(setup!)) call(math, name!, args!)
    for (const [, name, args] of calls(returned!)) results.push(...call(math, name!, args!))
    return results
  })

const call = (math: LuaTable, name: string, args: string): LuaValue[] =>
  (math.get(name) as LuaFunction)(args === "" ? [] : args.split(", ").map(evaluate))

group("math.random", () => {
  it.each(expected.random)("%s", (script, result) => {
    expect(runScript(openMath(makeState()), script)).toBe(result)
  })

  it("seeds each execution from the state's randomSeed, as math.randomseed(seed) would", () => {
    const math = openMath(makeState(42))
    const random = math.get("random") as LuaFunction
    const draws = [1, 2, 3, 4].map(() => describe(random([1, 100])[0]))
    expect(draws.join(" ")).toBe("integer:50 integer:76 integer:86 integer:54")
  })

  it("reseeds deterministically without arguments and returns the two seeds", () => {
    const first = openMath(makeState(7))
    const second = openMath(makeState(7))
    const seeds = (first.get("randomseed") as LuaFunction)([])
    expect(seeds).toHaveLength(2)
    expect((second.get("randomseed") as LuaFunction)([])).toEqual(seeds)
    const random = (t: LuaTable) => (t.get("random") as LuaFunction)([])[0]
    expect(random(first)).toEqual(random(second))
  })

  it("draws floats in [0, 1) and integers within the interval", () => {
    const math = openMath(makeState(1))
    const random = math.get("random") as LuaFunction
    for (let i = 0; i < 2000; i++) {
      const f = random([])[0] as number
      expect(f >= 0 && f < 1).toBe(true)
      const n = random([-3, 3])[0] as number
      expect(n >= -3 && n <= 3).toBe(true)
    }
  })

  it("matches a direct 64-bit BigInt implementation of xoshiro256**", () => {
    const mask = (1n << 64n) - 1n
    const rotl = (x: bigint, n: bigint) => ((x << n) | (x >> (64n - n))) & mask
    const s = [12345n, 0xffn, 678n, 0n]
    const next = () => {
      const [s0, s1] = [s[0]!, s[1]!]
      const s2 = s[2]! ^ s0
      const s3 = s[3]! ^ s1
      const result = (rotl((s1 * 5n) & mask, 7n) * 9n) & mask
      s[0] = s0 ^ s3
      s[1] = s1 ^ s2
      s[2] = s2 ^ ((s1 << 17n) & mask)
      s[3] = rotl(s3, 45n)
      return result
    }
    for (let i = 0; i < 16; i++) next()
    const generator = new Xoshiro256()
    generator.seed(12345, 678)
    for (let i = 0; i < 1000; i++) {
      const expectedOutput = BigInt.asIntN(64, next())
      const actual = generator.nextInteger()
      expect(BigInt(actual)).toBe(expectedOutput)
    }
  })
})
