/**
 * The store behind the engines' compiled-program caches (worker/program-cache.ts): it must keep
 * enough small programs that a replay of one of 1,000 executions in flight finds its program, and
 * still keep few large ones.
 */

import { describe, expect, it } from "vitest"
import { ProgramCache } from "../../worker/program-cache.js"
import { compiledProgram } from "../../worker/lua/programs.js"
import { DEFAULT_BOUNDS } from "../../protocol/bounds.js"

describe("ProgramCache", () => {
  it("keeps hundreds of small programs read in a cycle (a store of 16 kept none of them)", () => {
    const cache = new ProgramCache<number>()
    const programs = 400
    for (let i = 0; i < programs; i++) cache.set(`p${i}`, i, 120)
    // Read back in the order they were made, as replays of a burst come back.
    let hits = 0
    for (let i = 0; i < programs; i++) if (cache.get(`p${i}`) === i) hits++
    expect(hits).toBe(programs)
  })

  it("keeps the 16 most recent programs whatever their size, and no more past the source budget", () => {
    const cache = new ProgramCache<number>()
    for (let i = 0; i < 40; i++) cache.set(`big${i}`, i, 100_000)
    const kept = Array.from({ length: 40 }, (_, i) => cache.has(`big${i}`))
    expect(kept.filter(Boolean).length).toBe(16)
    // The ones kept are the most recent.
    expect(kept.slice(24).every(Boolean)).toBe(true)
  })

  it("drops the least recently used first: a program read again stays", () => {
    const cache = new ProgramCache<string>()
    cache.set("first", "a", 60_000)
    for (let i = 0; i < 20; i++) {
      cache.set(`other${i}`, "b", 1_000)
      expect(cache.get("first")).toBe("a")
    }
    for (let i = 0; i < 20; i++) cache.set(`big${i}`, "c", 60_000)
    expect(cache.has("first")).toBe(false)
  })

  it("counts a program set twice once", () => {
    const cache = new ProgramCache<number>()
    for (let round = 0; round < 3; round++) for (let i = 0; i < 300; i++) cache.set(`p${i}`, i, 200)
    for (let i = 0; i < 300; i++) expect(cache.get(`p${i}`)).toBe(i)
  })
})

describe("the Lua engine's compiled programs", () => {
  it("a program compiled before 500 others is still the same compiled program", () => {
    const source = (i: number) => `local a = tools.svc.fetch({ ms = 200, n = ${i} }) return a`
    const first = compiledProgram(source(0), DEFAULT_BOUNDS)
    for (let i = 1; i <= 500; i++) compiledProgram(source(i), DEFAULT_BOUNDS)
    expect(compiledProgram(source(0), DEFAULT_BOUNDS)).toBe(first)
  })
})
