/**
 * The compiled-program cache (worker/javascript/programs.ts): a program run again reuses its
 * compiled closures, and nothing of one execution reaches the next. The conformance suite runs
 * every case twice; these cases aim at what a kept program could leak on purpose: globals and
 * built-ins the program changed, template objects, budgets spent, logs, pending jobs, and the
 * fields of the state object itself.
 */

import { describe, expect, it } from "vitest"
import { runJavaScript, type JsResult } from "../../worker/javascript/index.js"
import { compiledProgram } from "../../worker/javascript/programs.js"
import { JsState } from "../../worker/javascript/runtime/state.js"
import { DEFAULT_BOUNDS, resolveBounds } from "../../protocol/bounds.js"
import { noHost } from "../../worker/engine-host.js"

const value = (result: JsResult): unknown => {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return result.value
}

/** Runs `source` twice and returns both values, the second from the cache. */
const twice = (source: string): [unknown, unknown] => [value(runJavaScript(source)), value(runJavaScript(source))]

describe("a cached JavaScript program", () => {
  it("is the same compiled program the second time", () => {
    const source = "return 'cached ' + 1"
    const first = compiledProgram(source, DEFAULT_BOUNDS)
    expect(compiledProgram(source, DEFAULT_BOUNDS)).toBe(first)
    expect(compiledProgram(source, resolveBounds({ maxCallDepth: 10 }))).not.toBe(first)
  })

  it("sees fresh globals and built-ins each run", () => {
    const source = `
      globalThis.counter = (globalThis.counter ?? 0) + 1
      const before = Array.prototype.tagged === true
      Array.prototype.tagged = true
      Math.max = () => -1
      return [counter, before, Math.max(1, 2), [] instanceof Array]`
    expect(twice(source)).toEqual([
      [1, false, -1, true],
      [1, false, -1, true],
    ])
  })

  it("makes new template objects and functions of the new realm", () => {
    const source = `
      const tag = (strings) => strings
      const site = () => tag\`a\${1}b\`
      const first = site()
      return [Object.isFrozen(first), site() === first, Object.getPrototypeOf(site) === Function.prototype, first instanceof Array]`
    expect(twice(source)).toEqual([
      [true, true, true, true],
      [true, true, true, true],
    ])
  })

  it("starts with a full work budget, an empty log and no pending jobs", () => {
    const bounds = { maxFuel: 200_000 }
    const source = `
      console.log("start")
      Promise.resolve().then(() => console.log("job"))
      let n = 0
      for (let i = 0; i < 150000; i++) n++
      return n`
    const runs = [runJavaScript(source, { bounds }), runJavaScript(source, { bounds })]
    for (const run of runs) {
      expect(run.ok).toBe(true)
      expect(run.logs).toEqual(["start", "job"])
    }
  })

  it("runs again after a failure, a stop and a thrown error", () => {
    const source = "if (globalThis.seen) throw new Error('leaked'); globalThis.seen = true; for (;;) {}"
    const first = runJavaScript(source, { bounds: { maxFuel: 10_000 } })
    expect(first.ok).toBe(false)
    const second = runJavaScript(source, { bounds: { maxFuel: 10_000 } })
    expect(second.ok ? "" : second.error.message).toEqual(first.ok ? "" : first.error.message)
  })

  it("runs on its own copy when the cached one is busy", () => {
    const source = "return 2 + 2"
    const program = compiledProgram(source, DEFAULT_BOUNDS)
    program.busy = true
    try {
      expect(compiledProgram(source, DEFAULT_BOUNDS)).not.toBe(program)
      expect(value(runJavaScript(source))).toBe(4)
    } finally {
      program.busy = false
    }
  })

  it("begins its state exactly as a new state starts", () => {
    const source = "console.log('x'); Promise.reject(1); try { null.x } catch {} return [1, 2]"
    runJavaScript(source)
    const reused = compiledProgram(source, DEFAULT_BOUNDS).st
    const options = { host: noHost, bounds: DEFAULT_BOUNDS, deadline: 5 }
    reused.begin(options)
    const fresh = new JsState(options)
    expect(Object.keys(reused).sort()).toEqual(Object.keys(fresh).sort())
    for (const key of Object.keys(fresh)) {
      expect((reused as unknown as Record<string, unknown>)[key], key).toEqual((fresh as unknown as Record<string, unknown>)[key])
    }
  })
})
