/**
 * compile/scope.ts: where every variable lives — frame slots, cells for captured locals and
 * upvalues, globals — and the behaviour that layout must give: a fresh upvalue per iteration,
 * cells shared between closures, slots reused once a block ends.
 */

import type { Chunk, FunctionDeclaration, LocalStatement } from "luaparse"
import { describe, expect, it } from "vitest"
import { DEFAULT_BOUNDS } from "../../../protocol/bounds.js"
import { resolveScopes, type FunctionInfo } from "../../../worker/lua/compile/scope.js"
import { parseLua } from "../../../worker/lua/parse.js"
import { printed, valueOf } from "./helpers.js"

const resolve = (source: string) => {
  const program = parseLua(source, DEFAULT_BOUNDS)
  return { chunk: program.chunk, resolution: resolveScopes(program.chunk, program.bytes, program.constants) }
}

const mainOf = (chunk: Chunk, functions: Map<unknown, FunctionInfo>): FunctionInfo => functions.get(chunk)!

describe("slots", () => {
  it("locals take slots in order; a block's slots are reused after it ends", () => {
    const { chunk, resolution } = resolve("local a, b = 1, 2\ndo local c, d = 3, 4 end\nlocal e = 5")
    const slots = [...resolution.declarations.values()].map((b) => [b.name, b.slot])
    expect(slots).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
      ["d", 3],
      ["e", 2],
    ])
    const main = mainOf(chunk, resolution.functions)
    expect(main.localSlots).toBe(4)
    // The main chunk is a vararg function: its varargs take the slot after the locals.
    expect(main.frameSize).toBe(5)
  })
  it("parameters come first, `self` before them in a method", () => {
    const { chunk, resolution } = resolve("local t = {}\nfunction t:m(x, y) return self, x, y end")
    const fn = resolution.functions.get(chunk.body[1] as FunctionDeclaration)!
    expect(fn.params.map((p) => [p.name, p.slot])).toEqual([
      ["self", 0],
      ["x", 1],
      ["y", 2],
    ])
  })
})

describe("captures", () => {
  it("only locals an inner function uses live in cells", () => {
    const { resolution } = resolve("local a, b = 1, 2\nlocal function f() return a end")
    const byName = new Map([...resolution.declarations.values()].map((b) => [b.name, b.captured]))
    expect(byName.get("a")).toBe(true)
    expect(byName.get("b")).toBe(false)
  })
  it("a function two levels down captures through the function between", () => {
    const { chunk, resolution } = resolve(
      "local x = 1\nlocal function outer()\n  return function() return x end\nend",
    )
    const outer = resolution.functions.get(chunk.body[1] as FunctionDeclaration)!
    const inner = [...resolution.functions.values()].find((f) => f.parent === outer)!
    expect(outer.upvalues.map((u) => u.binding.name)).toEqual(["x"])
    expect(inner.upvalues.map((u) => u.binding.name)).toEqual(["x"])
    // The inner function finds the cell in the outer function's upvalue slot.
    expect(inner.upvalues[0]!.sourceSlot()).toBe(outer.upvalueSlot(0))
  })
  it("the initializer of a local sees the outer variable of the same name", () => {
    const { chunk, resolution } = resolve("local x = 1\nlocal x = x + 1")
    const second = chunk.body[1] as LocalStatement
    const init = (second.init[0] as unknown as { left: never }).left
    const ref = resolution.references.get(init)!
    expect(ref.kind === "local" && ref.binding.slot).toBe(0)
  })
})

describe("behaviour", () => {
  it("each loop iteration gets its own upvalue", () => {
    const source = `
      local fs = {}
      for i = 1, 3 do fs[i] = function() return i end end
      for _, v in ipairs({10, 20}) do fs[#fs + 1] = function() return v end end
      local j = 0
      while j < 2 do j = j + 1 local k = j * 100 fs[#fs + 1] = function() return k end end
      local out = {}
      for i, f in ipairs(fs) do out[i] = f() end
      return out`
    expect(valueOf(source)).toEqual([1, 2, 3, 10, 20, 100, 200])
  })
  it("closures created together share their upvalues", () => {
    const source = `
      local function counter()
        local n = 0
        return function() n = n + 1 return n end, function() return n end
      end
      local inc, get = counter()
      inc() inc()
      local inc2, get2 = counter()
      inc2()
      return { get(), get2() }`
    expect(valueOf(source)).toEqual([2, 1])
  })
  it("a captured parameter and a recursive local function", () => {
    const source = `
      local function make(x) return function() x = x * 2 return x end end
      local double = make(3)
      double()
      local function fact(n) if n <= 1 then return 1 end return n * fact(n - 1) end
      return { double(), fact(10) }`
    expect(valueOf(source)).toEqual([12, 3628800])
  })
  it("a slot reused by a later block does not leak the earlier value", () => {
    expect(printed("do local a = 1 end do local b print(b) end")).toEqual(["nil"])
  })
  it("a repeat condition sees the body's locals", () => {
    expect(valueOf("local n = 0 repeat local done = n >= 3 n = n + 1 until done return n")).toBe(4)
  })
  it("varargs: count, truncation, and `...` in the main chunk", () => {
    const source = `
      local function f(...) return select('#', ...), (...) end
      local function g(a, ...) local t = {...} return a, #t, ... end
      print(f(nil, nil))
      print(g(1, 2, 3))
      print(select('#', ...))`
    expect(printed(source)).toEqual(["2\tnil", "1\t2\t2\t3", "0"])
  })
})

describe("the scope printer (CODEMODE_TRACE=1)", () => {
  it("shows each function's frame layout", async () => {
    const { describeScopes } = await import("../../../worker/lua/compile/trace.js")
    const { resolution } = resolve("local a, b = 1, 2\nlocal function f(x, ...) return a + x end")
    expect(describeScopes(resolution).split("\n")).toEqual([
      "main chunk (line 1): frame of 4 slots, vararg",
      "  slot 0: local a (cell)",
      "  slot 1: local b",
      "  slot 2: local f",
      "  slot 3: ...",
      "function (line 2): frame of 3 slots, vararg",
      "  slot 0: local x",
      "  slot 1: upvalue a (cell from outer slot 0)",
      "  slot 2: ...",
    ])
  })
})
