/**
 * Built-ins that take any number of arguments must not pass them to one host call: spreading a
 * few hundred thousand values into `String.fromCharCode` (or `unshift`, `splice`, `Math.hypot`)
 * would overflow the host's stack and surface as a misleading "nested function calls" stop.
 * Node itself cannot run these (its own spread overflows), so they are not conformance cases.
 */

import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"

const run = (source: string): unknown => {
  const r = runJavaScript(source)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe("built-ins with very many arguments", () => {
  it("String.fromCharCode and fromCodePoint build their result in chunks", () => {
    expect(run("const s = String.fromCharCode(...Array(4e6).fill(65)); return [s.length, s.slice(0, 3), s.at(-1)]")).toEqual([4_000_000, "AAA", "A"])
    expect(run("return String.fromCodePoint(...Array(3e5).fill(128512)).length")).toBe(600_000)
  })

  it("array methods that insert many values keep their order", () => {
    expect(run("const a = [0]; a.unshift(...Array.from({ length: 3e5 }, (_, i) => i + 1)); return [a.length, a[0], a[299999], a[300000]]")).toEqual([300_001, 1, 300_000, 0])
    expect(run("const a = ['x', 'y']; a.splice(1, 0, ...Array.from({ length: 2e5 }, (_, i) => i)); return [a.length, a[1], a[200000], a[200001]]")).toEqual([200_002, 0, 199_999, "y"])
    expect(run("return [1, 2].toSpliced(1, 1, ...Array(2e5).fill(7)).length")).toBe(200_001)
  })

  it("Math.hypot over many arguments", () => {
    expect(run("return Math.hypot(...Array(4e5).fill(3))")).toBeCloseTo(Math.sqrt(9 * 4e5), 6)
  })

  it("the string bound is checked before the result is built", () => {
    const r = runJavaScript("return String.fromCharCode(...Array(3e6).fill(65))", { bounds: { maxStringBytes: 1_000_000 } })
    if (!r.ok) expect(r.error.message).toMatch(/string/i)
    expect(r.ok).toBe(false)
  })
})
