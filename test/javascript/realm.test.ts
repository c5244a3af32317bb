/**
 * The realm: fresh per execution, each built-in copied from the worker's template when the
 * program first reaches it (runtime/realm-copy.ts). A global not copied yet must be
 * indistinguishable from one already made, whichever way the program reaches it.
 */

import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"

const value = (source: string) => {
  const r = runJavaScript(source)
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`)
  return r.value
}

describe("deferred globals", () => {
  it("are found by name, typeof, in, and enumeration of the global object", () => {
    expect(value(`return [typeof Math, typeof Map, "JSON" in globalThis, Object.getOwnPropertyNames(globalThis).includes("WeakSet")]`)).toEqual(["object", "function", true, true])
  })

  it("describe themselves like eager globals", () => {
    expect(value(`const d = Object.getOwnPropertyDescriptor(globalThis, "Math"); return [d.writable, d.enumerable, d.configurable]`)).toEqual([true, false, true])
  })

  it("can be replaced or deleted before first use", () => {
    expect(value(`Math = 5; return Math`)).toBe(5)
    expect(value(`globalThis.JSON = "mine"; return JSON`)).toBe("mine")
    expect(value(`delete globalThis.Map; return typeof Map`)).toBe("undefined")
    expect(runJavaScript(`delete globalThis.Set; return Set`)).toMatchObject({ ok: false, error: { message: expect.stringContaining("Set is not defined") } })
  })

  it("are there after the global object is made non-extensible", () => {
    expect(value(`Object.preventExtensions(globalThis); return [typeof Math, Math.max(1, 2), typeof Map]`)).toEqual(["object", 2, "function"])
  })

  it("built together: the siblings of one installer share their realm", () => {
    expect(value(`const s = new Set([1]); const m = new Map([[1, 2]]); return [Object.getPrototypeOf(s) === Set.prototype, m.get(1), new WeakMap() instanceof WeakMap]`)).toEqual([true, 2, true])
  })

  it("changes made by one execution are gone for the next", () => {
    expect(value(`Math.max = () => 42; Array.prototype.extra = 1; return Math.max(1, 2)`)).toBe(42)
    expect(value(`return [Math.max(1, 2), [].extra === undefined]`)).toEqual([2, true])
  })
})
