/**
 * The sealing suite: classic escape attempts from a sandboxed JavaScript program. Each must end
 * without the program reaching a host object, host function or host prototype, and without
 * changing anything of the host (its `Object.prototype`, `Array.prototype`, `Function`, globals)
 * or of the next execution, which starts from pristine built-ins.
 */

import { afterEach, describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"
import type { Host } from "../../worker/engine-host.js"

const hostSnapshot = () => ({
  object: Object.getOwnPropertyNames(Object.prototype).sort().join(),
  array: Object.getOwnPropertyNames(Array.prototype).sort().join(),
  fn: Object.getOwnPropertyNames(Function.prototype).sort().join(),
  promise: Object.getOwnPropertyNames(Promise.prototype).sort().join(),
  globals: Object.getOwnPropertyNames(globalThis).sort().join(),
  toStr: Object.prototype.toString,
})
const before = hostSnapshot()

afterEach(() => {
  expect(hostSnapshot()).toEqual(before)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})

/** Attempts that must fail (an error diagnostic); `pattern` is matched against its message. */
const mustFail: Array<[string, string, RegExp]> = [
  ["constructor.constructor", `({}).constructor.constructor("return process")()`, /not available in Code Mode/],
  ["function constructor via method", `[].map.constructor("return this")()`, /not available in Code Mode/],
  ["async function constructor", `Object.getPrototypeOf(async function(){}).constructor("return process")()`, /not available in Code Mode/],
  ["generator function constructor", `Object.getPrototypeOf(function*(){}).constructor("return 1")()`, /not available in Code Mode/],
  ["Function global", `Function("return globalThis.process")()`, /not available in Code Mode/],
  ["new Function", `new Function("return 1")`, /not available in Code Mode/],
  ["eval", `eval("1 + 1")`, /not available in Code Mode/],
  ["process", `process.exit(1)`, /not available in Code Mode/],
  // `require` and `import()` load only the host's extension globals; with none, nothing loads.
  ["require", `require("fs")`, /Cannot find module 'fs': Code Mode has no packages/],
  ["import expression", `await import("fs")`, /Cannot find module/],
  ["setTimeout", `setTimeout(() => 1, 0)`, /not available in Code Mode/],
  ["Proxy", `new Proxy({}, {})`, /not available in Code Mode/],
  ["Reflect.construct(Function)", `Reflect.construct(Function, ["return process"])()`, /not available in Code Mode/],
  ["Reflect.apply(Function)", `Reflect.apply(Function, null, ["return process"])()`, /not available in Code Mode/],
  ["with statement", `with ({}) {}`, /'with'|strict mode/],
  ["fetch global", `fetch("http://example.com")`, /not available in Code Mode/],
  ["tools are read-only", `tools.x = 1`, /read-only/],
  ["returning a function", `return () => 1`, /function, which cannot cross to JSON/],
  ["returning a tool reference", `return tools.orders`, /tool reference/],
  ["returning a class instance", `class A {}; return new A()`, /cannot cross to JSON/],
  ["returning an accessor", `return { get x() { return 1 } }`, /getter/],
  ["returning a cycle", `const o = {}; o.o = o; return o`, /cyclic|refers back/],
  ["infinite loop hits the work budget", `while (true) {}`, /work budget/],
  ["deep recursion", `function f() { return f() } f()`, /Maximum call stack/],
  ["string bomb", `let s = "x"; while (true) s = s + s`, /exceeds the limit/],
  // A sparse write allocates nothing (the array keeps its one element in dictionary mode); filling it does.
  ["array bomb", `const a = []; a[1e9] = 1; a.fill(0)`, /array grew past/],
  ["repeat bomb", `"ab".repeat(2 ** 30)`, /exceeds the limit/],
]

/** Attempts that may run, but must only ever see the program's own world. */
const mustStaySealed: Array<[string, string, unknown]> = [
  ["proto of object literal is ours", `return Object.getPrototypeOf({}) === Object.prototype`, true],
  ["__proto__ chain ends in ours", `return ({}).__proto__.__proto__`, null],
  ["pollution stays inside", `Object.prototype.polluted = 1; Array.prototype.polluted = 2; return [({}).polluted, [].polluted]`, [1, 2]],
  ["__proto__ assignment pollution", `const o = {}; o.__proto__.polluted = 'yes'; return ({}).polluted`, "yes"],
  ["JSON.parse __proto__ is an own key", `const o = JSON.parse('{"__proto__": {"polluted": 1}}'); return [({}).polluted === undefined, Object.keys(o)]`, [true, ["__proto__"]]],
  ["error stack has no host frames", `try { null.x } catch (e) { return /node:|\\.ts|\\.js|work/.test ? 0 : 0 }`, undefined],
  ["stack text", `try { null.x } catch (e) { return e.stack.includes("node:") || e.stack.includes(".ts") || e.stack.includes("/work/") }`, false],
  ["constructor of function is ours", `return (() => 1).constructor === Function`, true],
  ["globalThis is the program's", `globalThis.mine = 1; return [typeof process, typeof require, Object.keys(globalThis)]`, ["undefined", "function", ["mine"]]],
  ["thenable tool results cannot run host code", `const r = await Promise.resolve({ then(res) { res(Object.getPrototypeOf(res) === Function.prototype) } }); return r`, true],
  ["symbols are harmless", `return typeof Symbol.iterator.constructor`, "function"],
  ["bound functions stay ours", `const f = function () {}.bind(null); return f.constructor === Function`, true],
  ["Object.prototype.toString is ours", `return Object.prototype.toString.call(Object.prototype.toString)`, "[object Function]"],
  ["getter on Object.prototype does not leak", `Object.defineProperty(Object.prototype, "leak", { get() { return 1 } }); return ({}).leak`, 1],
  ["Reflect.getPrototypeOf ends in ours", `let o = async () => 1; while (Reflect.getPrototypeOf(o) !== null) o = Reflect.getPrototypeOf(o); return o === Object.prototype`, true],
  ["Reflect changes stay inside", `Reflect.set(Object.prototype, "polluted", 1); Reflect.defineProperty(Array.prototype, "polluted", { value: 2 }); return [({}).polluted, [].polluted]`, [1, 2]],
  ["Reflect.ownKeys(globalThis) has no host names", `const k = Reflect.ownKeys(globalThis); return ["global", "WebAssembly", "Atomics", "__dirname"].filter((n) => k.includes(n))`, []],
  ["String.prototype changes stay inside", `String.prototype.shout = function () { return this.toUpperCase() + "!" }; return "hi".shout()`, "HI!"],
]

const hostWithTools: Host = {
  call(request) {
    if (request.name === "echo") return request.args[0] ?? null
    throw new Error(`unexpected ${request.name}`)
  },
}

describe("sealing: escapes fail", () => {
  for (const [title, source, pattern] of mustFail) {
    it(title, () => {
      const r = runJavaScript(source, { bounds: { maxFuel: 2_000_000, maxStringBytes: 1_000_000, maxTableEntries: 100_000 } })
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toMatch(pattern)
    })
  }
})

describe("sealing: programs see their own world only", () => {
  for (const [title, source, expected] of mustStaySealed) {
    it(title, () => {
      const r = runJavaScript(source, { host: hostWithTools })
      if (expected !== undefined) expect(r).toMatchObject({ ok: true, value: expected })
    })
  }

  it("the globalThis of a program is not the host's", () => {
    const r = runJavaScript(`return typeof globalThis.process === "object" ? "absent-getter" : Object.keys(globalThis)`)
    expect(r.ok).toBe(false)
  })

  it("each execution starts from pristine built-ins", () => {
    runJavaScript(`Array.prototype.extra = 1; Object.prototype.polluted = 1; Math.max = () => 0; JSON.stringify = null`)
    const r = runJavaScript(`return [[].extra, ({}).polluted, Math.max(1, 2), typeof JSON.stringify]`)
    expect(r).toMatchObject({ ok: true, value: [null, null, 2, "function"] })
  })

  it("tool outputs become the program's own objects", () => {
    const r = runJavaScript(
      `const out = await tools.echo({ a: [1, { b: 2 }] }); return [Object.getPrototypeOf(out) === Object.prototype, Array.isArray(out.a), out.a.constructor === Array]`,
      { host: hostWithTools },
    )
    expect(r).toMatchObject({ ok: true, value: [true, true, true] })
  })

  it("tool outputs with accessors or class instances are refused", () => {
    let reads = 0
    const hostile: Host = {
      call: () => {
        const o = {}
        Object.defineProperty(o, "x", { enumerable: true, get: () => ++reads })
        return o as never
      },
    }
    const r = runJavaScript(`try { await tools.bad({}) } catch (e) { return e.message }`, { host: hostile })
    expect(r.ok).toBe(true)
    expect(reads).toBe(0)
    const r2 = runJavaScript(`return await tools.bad({})`, { host: { call: () => new Date() as never } })
    expect(r2.ok).toBe(false)
  })
})
