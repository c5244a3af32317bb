/**
 * JavaScript: reaching the host through constructors, globals and module loading. Every path to a
 * code compiler (`Function` behind any function's `constructor`) ends in the same EvalError; every
 * host global is either absent or a thrower that says why; `require`/`import` load only the host's
 * extension globals. What a program *can* reach is its own realm, which the last tables show:
 * `Reflect` included, whose internal-method access meets only the program's own objects.
 */

import { Effect } from "effect"
import { describe } from "vitest"
import { Tool } from "../../index.js"
import { attackTable, fails, gives, guardHost, makeSuitePool, type Attack } from "./harness.js"

const pool = makeSuitePool()
guardHost()

const NO_FUNCTION = "EvalError: Function is not available in Code Mode"

const constructorChains: Attack[] = [
  { name: "({}).constructor.constructor('return process')()", source: `return ({}).constructor.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  // Binary data: a buffer's bytes are engine memory no program value can name.
  { name: "a typed array's buffer is the program's own", source: `const b = new Uint8Array(2).buffer; return [Object.getOwnPropertyNames(b), Object.getOwnPropertySymbols(b).length, Object.getPrototypeOf(b) === ArrayBuffer.prototype, b.bytes, b.data, b.constructor === ArrayBuffer]`, expect: gives([[], 0, true, null, null, true]) },
  { name: "a typed array exposes only its elements", source: `const t = new Uint8Array(2); return [Object.getOwnPropertyNames(t), t.view, t.buffer.constructor.name, new DataView(t.buffer).host]`, expect: gives([["0", "1"], null, "ArrayBuffer", null]) },
  { name: "a typed array does not cross to the host", source: `return { bytes: new Uint8Array([1, 2]) }`, expect: fails("InvalidDataValue", "result.bytes is a Uint8Array, which cannot cross to JSON; convert it first") },
  { name: "arrow function constructor", source: `return (() => 1).constructor('return this')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "async arrow constructor (AsyncFunction)", source: `return (async () => 1).constructor('return process')`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "generator function constructor", source: `return (function* () {}).constructor('return process')`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "AsyncFunction via getPrototypeOf", source: `return Object.getPrototypeOf(async function () {}).constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "bound function constructor", source: `return (function () {}).bind(null).constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "builtin method constructor", source: `return [].map.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Symbol().constructor.constructor", source: `return Symbol().constructor.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Symbol.constructor", source: `return Symbol.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "caught error's constructor chain", source: `try { null.x } catch (e) { return e.constructor.constructor('return process')() }`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "promise constructor chain", source: `return Promise.resolve().constructor.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "promise.then's constructor", source: `return Promise.resolve().then.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "string primitive's constructor chain", source: `return "".constructor.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "number via __proto__", source: `return (1).__proto__.constructor.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  // No tool is named constructor, so the name reads through to the program's own Function.
  { name: "tool reference's constructor", source: `return tools.constructor.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "new Function", source: `return new Function('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Function.prototype.constructor", source: `return Function.prototype.constructor('return 1')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "class constructor's constructor", source: `class A {}; return A.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Function.call indirection", source: `return Function.call(null, 'return 1')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Function.apply indirection", source: `return Function.apply(null, ['return 1'])()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
]

const absentGlobals: Attack[] = [
  { name: "eval", source: `return eval('1 + 1')`, expect: fails("ExecutionFailure", "eval is not available in Code Mode") },
  { name: "indirect eval", source: `return (0, globalThis.eval)('1')`, expect: fails("ExecutionFailure", "eval is not available in Code Mode") },
  { name: "process.env", source: `return process.env`, expect: fails("ExecutionFailure", "process is not available in Code Mode") },
  { name: "globalThis.process", source: `return globalThis.process.mainModule`, expect: fails("ExecutionFailure", "process is not available in Code Mode") },
  { name: "typeof process does not throw", source: `return typeof process`, expect: gives("undefined") },
  { name: "require('child_process')", source: `return require('child_process').execSync('id')`, expect: fails("ExecutionFailure", "Cannot find module 'child_process': Code Mode has no packages") },
  { name: "require('node:fs')", source: `return require('node:fs')`, expect: fails("ExecutionFailure", "Cannot find module 'node:fs'") },
  { name: "import('fs')", source: `return await import('fs')`, expect: fails("ExecutionFailure", "Cannot find module 'fs'") },
  { name: "static import", source: `import fs from "fs"\nreturn fs`, expect: fails("ExecutionFailure", "Cannot find module 'fs'") },
  { name: "module.exports", source: `return module.exports`, expect: fails("ExecutionFailure", "module is not available in Code Mode") },
  { name: "Buffer", source: `return Buffer.from('x')`, expect: fails("ExecutionFailure", "Buffer is not available in Code Mode") },
  { name: "Proxy", source: `return new Proxy({}, {})`, expect: fails("ExecutionFailure", "Proxy is not available in Code Mode") },
  { name: "WebAssembly", source: `return WebAssembly.compile`, expect: fails("ExecutionFailure", "WebAssembly is not defined") },
  { name: "SharedArrayBuffer", source: `return new SharedArrayBuffer(8)`, expect: fails("ExecutionFailure", "SharedArrayBuffer is not defined") },
  { name: "Atomics", source: `return Atomics.wait`, expect: fails("ExecutionFailure", "Atomics is not defined") },
  { name: "setTimeout", source: `setTimeout(() => 1, 0)`, expect: fails("ExecutionFailure", "setTimeout is not available in Code Mode") },
  { name: "setInterval", source: `setInterval(() => 1, 0)`, expect: fails("ExecutionFailure", "setInterval is not available in Code Mode") },
  { name: "fetch", source: `return await fetch('http://169.254.169.254/')`, expect: fails("ExecutionFailure", "fetch is not available in Code Mode") },
  { name: "WeakRef", source: `return new WeakRef({})`, expect: fails("ExecutionFailure", "WeakRef is not available in Code Mode") },
  { name: "with statement", source: `with ({}) {}`, expect: fails("ParseError", "'with' in strict mode") },
  { name: "absent host globals all report undefined to typeof", source: `return [typeof WebAssembly, typeof SharedArrayBuffer, typeof Atomics, typeof Buffer, typeof __dirname, typeof global]`, expect: gives(["undefined", "undefined", "undefined", "undefined", "undefined", "undefined"]) },
]

const ownWorld: Attack[] = [
  { name: "globalThis.constructor is the program's Object", source: `return globalThis.constructor === Object && Object.getPrototypeOf(globalThis) === Object.prototype`, expect: gives(true) },
  { name: "globalThis.constructor cannot be returned", source: `return globalThis.constructor`, expect: fails("InvalidDataValue", "result is a function, which cannot cross to JSON") },
  { name: "globalThis has only the program's own keys", source: `globalThis.mine = 1; return Object.keys(globalThis)`, expect: gives(["mine"]) },
  { name: "this at the top level is not the host's global", source: `return typeof this === "undefined" || this === globalThis || Object.keys(this ?? {}).length === 0`, expect: gives(true) },
  { name: "arguments.callee reveals nothing", source: `function f() { return arguments.callee } return typeof f()`, expect: gives("undefined") },
  { name: "function.caller reveals nothing", source: `function f() { return f.caller } return f()`, expect: gives(null) },
  { name: "__proto__ chain ends at the program's Object.prototype", source: `return [({}).__proto__ === Object.prototype, ({}).__proto__.__proto__]`, expect: gives([true, null]) },
  { name: "a function's prototype chain is the program's", source: `return Object.getPrototypeOf(Object.getPrototypeOf(() => 1)) === Object.prototype`, expect: gives(true) },
  { name: "returning a bound builtin", source: `return [].push.bind([])`, expect: fails("InvalidDataValue", "result is a function") },
  { name: "returning the tools object", source: `return tools`, expect: fails("InvalidDataValue", "tool reference") },
  { name: "writing to tools", source: `tools.x = 1`, expect: fails("ExecutionFailure", "read-only") },
  { name: "returning a Symbol", source: `return Symbol('x')`, expect: fails("InvalidDataValue", "result is a symbol") },
  { name: "returning a BigInt", source: `return 10n ** 30n`, expect: fails("InvalidDataValue", "result is a BigInt") },
  { name: "returning a Map", source: `return new Map([[1, 2]])`, expect: fails("InvalidDataValue", "result is a Map object") },
  { name: "returning a promise that resolves to a function", source: `return Promise.resolve(() => 1)`, expect: fails("InvalidDataValue", "result is a function") },
  { name: "returning the arguments object", source: `function f() { return arguments } return f(1, 2)`, expect: fails("InvalidDataValue", "an arguments object") },
  { name: "returning an object with a program prototype", source: `return Object.create({ inherited: 1 })`, expect: fails("InvalidDataValue", "class instance") },
  { name: "an error object cannot cross", source: `return new Error('x')`, expect: fails("InvalidDataValue", "result is a") },
]

/** Every own global, value or absent-name thrower, whose prototype chain does not end at the program's Object.prototype. */
const FOREIGN_GLOBALS = `
  const foreign = []
  for (const k of Reflect.ownKeys(globalThis)) {
    const d = Reflect.getOwnPropertyDescriptor(globalThis, k)
    let o = "value" in d ? d.value : d.get
    if (o === null || (typeof o !== "object" && typeof o !== "function")) continue
    while (Reflect.getPrototypeOf(o) !== null) o = Reflect.getPrototypeOf(o)
    if (o !== Object.prototype) foreign.push(String(k))
  }
  return foreign`

const reflectAttacks: Attack[] = [
  { name: "Reflect.construct(Function, ...)", source: `return Reflect.construct(Function, ['return process'])()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Reflect.apply(Function, ...)", source: `return Reflect.apply(Function, null, ['return process'])()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Reflect.construct of AsyncFunction", source: `return Reflect.construct(Reflect.getPrototypeOf(async () => 1).constructor, ['return process'])`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Reflect.construct of GeneratorFunction with newTarget Function", source: `return Reflect.construct(Reflect.getPrototypeOf(function* () {}).constructor, ['return process'], Function)`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "Reflect.get of a constructor chain", source: `return Reflect.get(Reflect.get({}, 'constructor'), 'constructor')('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "an object made with newTarget Function is a plain object", source: `const o = Reflect.construct(function () {}, [], Function); return [typeof o, Reflect.getPrototypeOf(o) === Function.prototype, Reflect.apply(Function.prototype.toString, Function, [])]`, expect: gives(["object", true, "function Function() { [native code] }"]) },
  { name: "...and its constructor still refuses", source: `const o = Reflect.construct(function () {}, [], Function); return o.constructor('return process')()`, expect: fails("ExecutionFailure", NO_FUNCTION) },
  { name: "getPrototypeOf chains end at the program's Object.prototype", source: `
    const ends = (v) => { let o = v, n = 0; while (Reflect.getPrototypeOf(o) !== null) { o = Reflect.getPrototypeOf(o); n++ } return o === Object.prototype && n < 8 }
    return [() => 1, async () => 1, function* () {}, async function* () {}, (function* () {})(), [][Symbol.iterator](), Promise.resolve(), new Error('x'), tools, tools.a.b, Reflect, globalThis, new Map().entries(), /x/, new Date(0), Symbol.iterator.constructor].map(ends)`, expect: gives(Array(16).fill(true)) },
  { name: "every global chains to the program's Object.prototype", source: FOREIGN_GLOBALS, expect: gives([]) },
  { name: "Reflect.ownKeys(globalThis) lists program globals and absent-name throwers only", source: `
    globalThis.mine = 1
    const keys = Reflect.ownKeys(globalThis)
    const d = Reflect.getOwnPropertyDescriptor(globalThis, 'process')
    let thrown = ''
    try { Reflect.apply(d.get, globalThis, []) } catch (e) { thrown = e.name }
    return [keys.every((k) => typeof k === 'string'), keys.includes('mine'), keys.includes('Reflect'), ['global', 'WebAssembly', 'SharedArrayBuffer', 'Atomics', '__dirname'].filter((k) => keys.includes(k)), typeof d.get, d.set, thrown]`, expect: gives([true, true, true, [], "function", null, "ReferenceError"]) },
  { name: "Reflect.apply of builtins to hostile receivers", source: `
    const out = []
    for (const [f, r] of [[Map.prototype.get, {}], [Array.prototype.push, tools], [Promise.prototype.then, { then() {} }], [Set.prototype.add, new Map()], [RegExp.prototype.exec, {}], [String.prototype.toUpperCase, undefined], [Function.prototype.call, {}], [Date.prototype.getTime, Object.create(Date.prototype)]]) {
      try { Reflect.apply(f, r, []); out.push('ran') } catch (e) { out.push(e.name) }
    }
    return out`, expect: gives(Array(8).fill("TypeError")) },
  { name: "Reflect.apply of toString to tools reveals no host source", source: `return [Reflect.apply(Object.prototype.toString, tools, []), Reflect.apply(Function.prototype.toString, tools.orders.get, [])]`, expect: gives(["[object Function]", "function get() { [native code] }"]) },
  { name: "Reflect.get with accessor receivers", source: `
    const out = []
    for (const [t, k, r] of [[Object.prototype, '__proto__', tools], [Map.prototype, 'size', {}], [URL.prototype, 'href', {}], [{ get x() { return this } }, 'x', globalThis]]) {
      try { const v = Reflect.get(t, k, r); out.push(v === Function.prototype ? 'Function.prototype' : v === globalThis ? 'globalThis' : typeof v) } catch (e) { out.push(e.name) }
    }
    return out`, expect: gives(["Function.prototype", "TypeError", "TypeError", "globalThis"]) },
  { name: "Reflect cannot re-parent or make tools thenable", source: `
    let refused = ''
    try { Reflect.set(Object.prototype, '__proto__', null, tools) } catch (e) { refused = e.name }
    Reflect.set({}, 'orders', 1, tools)
    return [refused, Reflect.setPrototypeOf(tools, null), Reflect.defineProperty(tools, 'then', { get() { return 1 } }), typeof tools.then, typeof tools.orders, Reflect.getPrototypeOf(tools) === Function.prototype, Reflect.ownKeys(tools)]`, expect: gives(["TypeError", false, false, "undefined", "function", true, ["orders", "a"]]) },
  { name: "Reflect.set on tools throws as assignment does", source: `Reflect.set(tools, 'x', 1)`, expect: fails("ExecutionFailure", "read-only") },
  { name: "Reflect changes stay in this execution's realm", source: `Reflect.setPrototypeOf(Array.prototype, null); Reflect.defineProperty(Object.prototype, 'polluted', { value: 1 }); return [[].polluted, ({}).polluted]`, expect: gives([null, 1]) },
]

describe("constructor chains end in the EvalError", () => attackTable(pool, "javascript", constructorChains))
describe("absent host globals and modules", () => attackTable(pool, "javascript", absentGlobals))
const someTool = Tool.make({ description: "x", input: {}, execute: () => Effect.succeed(1) })
describe("Reflect reaches only the program's own objects", () =>
  attackTable(pool, "javascript", reflectAttacks, { tools: { orders: { get: someTool }, a: { b: someTool } } }))
describe("the program's own realm, and what may leave it", () => attackTable(pool, "javascript", ownWorld))
