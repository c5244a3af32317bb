/**
 * A run's reply travels to the host as JSON through its thread's dock (pool/docks.ts), and JSON
 * writes `-0` as `0`: the reply carries the paths of its `-0`s beside it (protocol/task.ts). These
 * check the walk and the whole trip, in both languages.
 */
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, WorkerPool } from "../../index.js"
import { negativeZeroPaths, withNegativeZeros } from "../../protocol/task.js"
import type { DataValue } from "../../protocol/data.js"

describe("negative zeros across the dock", () => {
  it("finds every -0, at any depth, and puts each back into the parsed JSON", () => {
    const value = { a: [1, -0, { b: -0, c: [0, [-0]] }], d: -0, e: 0 } as unknown as DataValue
    const paths = negativeZeroPaths(value)
    expect(paths).toEqual([["a", 1], ["a", 2, "b"], ["a", 2, "c", 1, 0], ["d"]])
    const back = withNegativeZeros(JSON.parse(JSON.stringify(value)) as DataValue, paths) as any
    expect([back.a[1], back.a[2].b, back.a[2].c[1][0], back.d].every((v: number) => Object.is(v, -0))).toBe(true)
    expect(Object.is(back.e, 0)).toBe(true)
    expect(Object.is(withNegativeZeros(0, negativeZeroPaths(-0)), -0)).toBe(true)
    expect(negativeZeroPaths({ x: [0, 1, "-0"] } as unknown as DataValue)).toEqual([])
  })

  const pool = WorkerPool.make({ maxThreads: 1 })
  afterAll(() => pool.close())

  it.each([
    ["lua", "return { z = -0.0, list = { 1, -0.0 } }"],
    ["javascript", "({ z: -0, list: [1, -0] })"],
  ] as const)("a %s program's -0 reaches the host as -0", async (language, source) => {
    const runtime = CodeMode.make({ language, tools: {}, pool })
    const result = (await Effect.runPromise(runtime.execute(source))) as any
    await runtime.close()
    expect(result.ok).toBe(true)
    expect(Object.is(result.value.z, -0)).toBe(true)
    expect(Object.is(result.value.list[1], -0)).toBe(true)
  })
})
