/**
 * Hot code (worker/lua/runtime/hot.ts): the templates copied for hot functions and loops refer to
 * nothing but their parameters, and a program runs the same before, across and after the switch
 * to its private copies: same values, same errors and lines, same fuel.
 */

import { parse } from "acorn"
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { HOT_CALLS, HOT_ITERATIONS, MAX_COPIES_PER_RUN, TEMPLATES, copiesMade, privateCopy } from "../../../worker/lua/runtime/hot.js"
// Imported for the templates they register.
import "../../../worker/lua/compile/index.js"
import { failure, valueOf } from "./helpers.js"

/** JavaScript's own globals a template may use. */
const GLOBALS = new Set(["undefined", "Array", "Math", "Number", "Object", "Error", "Infinity", "NaN"])

type AnyNode = { type: string; [key: string]: unknown }

/** The identifiers `text` reads that it does not declare (parameters, variables, functions, catch bindings). */
function freeNames(text: string): string[] {
  const program = parse(`(${text})`, { ecmaVersion: "latest" }) as unknown as AnyNode
  const declared = new Set<string>()
  const used = new Set<string>()
  const declare = (pattern: AnyNode | null): void => {
    if (pattern === null) return
    if (pattern.type === "Identifier") declared.add(pattern.name as string)
    else if (pattern.type === "AssignmentPattern") declare(pattern.left as AnyNode)
    else if (pattern.type === "RestElement") declare(pattern.argument as AnyNode)
    else if (pattern.type === "ArrayPattern") for (const element of pattern.elements as AnyNode[]) declare(element)
    else if (pattern.type === "ObjectPattern") for (const property of pattern.properties as AnyNode[]) declare((property.value ?? property.argument) as AnyNode)
  }
  const visit = (node: unknown, parent: AnyNode | null, key: string): void => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, parent, key))
    if (node === null || typeof node !== "object" || typeof (node as AnyNode).type !== "string") return
    const n = node as AnyNode
    if (n.type === "FunctionExpression" || n.type === "FunctionDeclaration" || n.type === "ArrowFunctionExpression") {
      if (n.id) declare(n.id as AnyNode)
      for (const param of n.params as AnyNode[]) declare(param)
    }
    if (n.type === "VariableDeclarator") declare(n.id as AnyNode)
    if (n.type === "CatchClause") declare(n.param as AnyNode | null)
    if (n.type === "Identifier") {
      const isPropertyName = parent !== null && ((parent.type === "MemberExpression" && key === "property" && !parent.computed) || (parent.type === "Property" && key === "key" && !parent.computed))
      if (!isPropertyName) used.add(n.name as string)
    }
    for (const [childKey, child] of Object.entries(n)) if (childKey !== "type") visit(child, n, childKey)
  }
  visit(program, null, "")
  return [...used].filter((name) => !declared.has(name) && !GLOBALS.has(name)).sort()
}

describe("the templates", () => {
  it("are registered: the function entries, the named calls, the call path and the counted loop", () => {
    const names = TEMPLATES.map((t) => t.name)
    for (const name of ["entryOfTwo", "plainEntry", "generalEntry", "frameTemplate", "recycleTemplate", "invokeTemplate", "countedLoop", "whileLoop", "repeatLoop", "callUpvalueWithOffset", "callLocalWithTwo"]) {
      expect(names).toContain(name)
    }
  })

  it("each refers to nothing but its parameters and JavaScript's globals, so a copy runs as the original", () => {
    for (const factory of TEMPLATES) expect({ template: factory.name, free: freeNames(factory.toString()) }).toEqual({ template: factory.name, free: [] })
  })

  it("the check sees a name a template would take from its module", () => {
    expect(freeNames("function t(a) { return function (R) { return helper(a, R.x) } }")).toEqual(["helper"])
  })

  it("a copy is a new function of the same text; only templates are copied", () => {
    const factory = TEMPLATES[0]!
    const copy = privateCopy(factory)
    expect(copy).not.toBe(factory)
    expect(copy!.toString()).toBe(factory.toString())
    expect(privateCopy(factory)).not.toBe(copy)
    expect(privateCopy((() => 1) as never)).toBe(null)
  })
})

/** A program source no other test has run, so its functions and loops start cold. */
let fresh = 0
const unique = (source: string): string => `${source}\n-- ${++fresh}`

describe("a hot function", () => {
  const fib = `local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end`

  it("gives the same values before and after it turns hot, and in a later run of the cached program", () => {
    const calls = (n: number): number => (n < 2 ? 1 : 1 + calls(n - 1) + calls(n - 2))
    expect(calls(20)).toBeGreaterThan(HOT_CALLS)
    const source = unique(`${fib}\nlocal out = {} for i = 0, 20 do out[#out + 1] = fib(i) end return out`)
    const expected = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181, 6765]
    expect(valueOf(source)).toEqual(expected)
    expect(valueOf(source)).toEqual(expected)
  })

  it("raises its errors with the same message and line once hot", () => {
    const source = (n: number) =>
      unique(`local function f(n, t)\n  if n == 0 then return t.x end\n  return f(n - 1, t)\nend\nlocal ok = 0\nfor i = 1, ${n} do f(3, { x = i }) ok = ok + 1 end\nreturn f(3, nil)`)
    const cold = failure(source(1))
    const hot = failure(source(HOT_CALLS))
    expect(hot.message).toBe(cold.message)
    expect(hot.message).toContain(":2:")
    expect(hot.kind).toBe(cold.kind)
  })

  it("overflows the call depth where a cold one does", () => {
    const deep = (warm: number) =>
      failure(unique(`local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end\nfor i = 1, ${warm} do f(2) end\nreturn f(1e7)`), { bounds: { maxCallDepth: 150 } })
    const cold = deep(0)
    expect(deep(HOT_CALLS).message).toBe(cold.message)
  })

  it("keeps tail calls in constant stack and varargs intact", () => {
    const source = unique(`local function count(n, acc) if n == 0 then return acc end return count(n - 1, acc + 1) end
local function sum(...) local s = 0 for _, v in ipairs({ ... }) do s = s + v end return s end
local total = 0
for i = 1, ${HOT_CALLS * 2} do total = total + sum(i, 1, 2) end
return { count(100000, 0), total }`)
    const n = HOT_CALLS * 2
    expect(valueOf(source)).toEqual([100000, (n * (n + 1)) / 2 + 3 * n])
  })
})

describe("the copies a run makes", () => {
  it("are at most MAX_COPIES_PER_RUN, however many call sites its hot functions have; the rest runs shared", () => {
    const sites = 200
    const body = Array.from({ length: sites }, (_, i) => `s = s + g(${i})`).join("\n")
    const source = unique(`local function g(x) return x end
local function f() local s = 0\n${body}\nreturn s end
local total = 0
for i = 1, ${HOT_CALLS + 5} do total = total + f() end
return total`)
    const before = copiesMade()
    expect(valueOf(source)).toBe(((sites * (sites - 1)) / 2) * (HOT_CALLS + 5))
    const made = copiesMade() - before
    expect(made).toBeGreaterThan(0)
    expect(made).toBeLessThanOrEqual(MAX_COPIES_PER_RUN)
    // The next run may make copies of its own again.
    const next = copiesMade()
    expect(valueOf(unique(`local function h(n) return n end local s = 0 for i = 1, ${HOT_CALLS + 1} do s = s + h(1) end return s`))).toBe(HOT_CALLS + 1)
    expect(copiesMade()).toBeGreaterThan(next)
  })
})

describe("a hot loop", () => {
  it("goes on from the iteration it was at: sums, break and the control variable", () => {
    const n = HOT_ITERATIONS * 3 + 7
    expect(valueOf(unique(`local s = 0 for i = 1, ${n} do s = s + i end return s`))).toBe((n * (n + 1)) / 2)
    expect(valueOf(unique(`local last for i = 1, ${n} do last = i if i == ${HOT_ITERATIONS + 1} then break end end return last`))).toBe(HOT_ITERATIONS + 1)
    expect(valueOf(unique(`local s = 0 for i = ${n}, 1, -2 do s = s + 1 end return s`))).toBe(Math.ceil(n / 2))
  })

  it("while and repeat go on across the switch, each test evaluated once per iteration", () => {
    const n = HOT_ITERATIONS * 2 + 3
    // The test counts its own evaluations: one per iteration and one that ends the loop.
    const whileSource = unique(`local tests, i, s = 0, 0, 0
local function more() tests = tests + 1 return i < ${n} end
while more() do i = i + 1 s = s + i end
return { tests, i, s }`)
    expect(valueOf(whileSource)).toEqual([n + 1, n, (n * (n + 1)) / 2])
    const repeatSource = unique(`local tests, i = 0, 0
repeat i = i + 1 until (function() tests = tests + 1 return i >= ${n} end)()
return { tests, i }`)
    expect(valueOf(repeatSource)).toEqual([n, n])
    expect(valueOf(unique(`local i = 0 while true do i = i + 1 if i == ${n} then break end end return i`))).toBe(n)
    // A loop run again later (the statement inside an outer loop) starts in its private copy.
    expect(valueOf(unique(`local s = 0 for k = 1, 3 do local i = 0 while i < ${n} do i = i + 1 s = s + 1 end end return s`))).toBe(3 * n)
  })

  it("gives every iteration its own captured control variable across the switch", () => {
    const n = HOT_ITERATIONS + 10
    const source = unique(`local fs = {} for i = 1, ${n} do fs[i] = function() return i end end
return { fs[1](), fs[${HOT_ITERATIONS}](), fs[${HOT_ITERATIONS + 1}](), fs[${n}]() }`)
    expect(valueOf(source)).toEqual([1, HOT_ITERATIONS, HOT_ITERATIONS + 1, n])
  })

  it("spends one unit of fuel per iteration across the switch, as a cold loop does", () => {
    // The template itself, with a counter that turns hot at the third iteration (the budget is
    // checked only every FUEL_CHECK_INTERVAL units, so a run could not see one unit more).
    type Loop = (R: unknown[], st: { fuel: number; refuelAt(line: number): void }, i: number, c: number, count: number) => unknown
    const factory = TEMPLATES.find((t) => t.name === "countedLoop") as unknown as (...deps: unknown[]) => Loop
    const seen: number[] = []
    const body = (R: unknown[]) => void seen.push(R[0] as number)
    const hot = {
      n: 0,
      loop: null as Loop | null,
      iterated(): boolean {
        if (++this.n !== 3) return false
        this.loop = privateCopy(factory as never)!(0, false, body, 1, [], null) as Loop
        return true
      },
    }
    const st = { fuel: 1_000_000, refuelAt: () => {} }
    factory(0, false, body, 1, [], hot)([], st, 5, 2, 10)
    expect(seen).toEqual([5, 7, 9, 11, 13, 15, 17, 19, 21, 23])
    expect(1_000_000 - st.fuel).toBe(10)
    expect(hot.n).toBe(3)
  })
})

describe("a host that refuses code generation", () => {
  it("runs hot functions and loops on the shared code, with the same results", () => {
    // Node's own flag; the worker of such a host cannot make copies (built by `npm test`, in dist/).
    const engine = fileURLToPath(new URL("../../../dist/worker/lua/index.js", import.meta.url))
    const program = `local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
local s = 0 for i = 1, ${HOT_ITERATIONS * 3} do s = s + 1 end
local w = 0 while w < ${HOT_ITERATIONS * 2} do w = w + 1 end
return { fib(20), s, w }`
    const script = `import { runLua } from ${JSON.stringify(engine)}
let refused = false
try { new Function("return 1") } catch { refused = true }
const first = runLua(${JSON.stringify(program)})
const again = runLua(${JSON.stringify(program)})
console.log(JSON.stringify({ refused, first, again }))`
    const child = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 })
    expect(child.stderr).toBe("")
    const { refused, first, again } = JSON.parse(child.stdout) as { refused: boolean; first: { ok: boolean; value: unknown }; again: { value: unknown } }
    expect(refused).toBe(true)
    expect(first).toMatchObject({ ok: true, value: [6765, HOT_ITERATIONS * 3, HOT_ITERATIONS * 2] })
    expect(again.value).toEqual(first.value)
  })
})
