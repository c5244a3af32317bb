/**
 * JavaScript: error objects, stack traces and thenables. V8's stack hooks (`prepareStackTrace`,
 * `captureStackTrace`) do not exist in the program's `Error`, a stack names only `input:LINE`,
 * and a thenable is only ever called by the program's own promise machinery — a hostile `then`
 * can loop (the deadline stops it), throw (a program error) or never settle (the program ends),
 * but it never runs with a host function in hand.
 */

import { describe, expect } from "vitest"
import { attackTable, fails, gives, guardHost, makeSuitePool, timesOut, type Attack } from "./harness.js"

const pool = makeSuitePool()
guardHost()

const stackTricks: Attack[] = [
  { name: "Error.prepareStackTrace is not a hook", source: `return typeof Error.prepareStackTrace`, expect: gives("undefined") },
  {
    name: "setting Error.prepareStackTrace changes nothing",
    source: `Error.prepareStackTrace = (e, frames) => frames; try { null.x } catch (e) { return typeof e.stack }`,
    expect: gives("string"),
  },
  { name: "Error.captureStackTrace is absent", source: `const o = {}; Error.captureStackTrace(o); return o.stack`, expect: fails("ExecutionFailure", "Error.captureStackTrace is not a function") },
  { name: "Error.stackTraceLimit has no effect on the host", source: `Error.stackTraceLimit = Infinity; try { null.x } catch (e) { return e.stack.split("\\n").length }`, expect: gives(2) },
  { name: "a TypeError's stack names only the program", source: `try { null.x } catch (e) { return e.stack }`, expect: gives("TypeError: Cannot read properties of null (reading 'x')\n    at <program> (input:1)") },
  {
    name: "stacks of nested program frames show no host path (includes)",
    source: `function a() { return b() } function b() { return undefined.y }
      try { a() } catch (e) { return ["/work", "/home", "node:", "file:", ".ts", ".js", "node_modules"].filter((p) => e.stack.includes(p)) }`,
    expect: gives([]),
  },
  {
    name: "a builtin's error shows no host path",
    source: `try { JSON.parse("{bad") } catch (e) { return ["/work", "node:", ".ts", ".js"].filter((p) => (e.stack + e.message).includes(p)) }`,
    expect: gives([]),
  },
  {
    name: "stack overflow is not catchable and names no host frame",
    source: `function f() { return f() + 1 } try { f() } catch (e) { return "caught" }`,
    expect: fails("ExecutionFailure", "Maximum call stack size exceeded: more than 500 nested function calls"),
  },
  { name: "an error's constructor is the program's", source: `try { null.x } catch (e) { return [e instanceof TypeError, e.constructor === TypeError, Object.getPrototypeOf(TypeError) === Error] }`, expect: gives([true, true, true]) },
  { name: "error.stack is writable data, not a host accessor", source: `const e = new Error("x"); e.stack = 5; return e.stack`, expect: gives(5) },
  { name: "throwing a non-error value", source: `throw { toString() { return "sneaky" } }`, expect: fails("ExecutionFailure", "Uncaught { toString: [Function: toString] }") },
  { name: "throwing a function", source: `throw () => process`, expect: fails("ExecutionFailure", "Uncaught [Function (anonymous)]") },
  {
    name: "an error whose message getter throws",
    source: `const e = new Error("x"); Object.defineProperty(e, "message", { get() { throw new Error("gotcha") } }); throw e`,
    expect: fails("ExecutionFailure", "Uncaught exception"),
  },
  {
    name: "an error whose toString loops is stopped by the deadline",
    source: `const e = new Error("x"); e.toString = () => { while (true) {} }; throw e`,
    expect: fails("ExecutionFailure", "Error: x"),
  },
  { name: "a caught host-side stop cannot be swallowed", source: `try { while (true) {} } catch (e) { return "swallowed" } finally { return "finally won" }`, expect: timesOut, timeoutMs: 400 },
]

const thenables: Attack[] = [
  { name: "a thenable returned resolves like a promise", source: `return { then(resolve) { resolve(42) } }`, expect: gives(42) },
  { name: "an awaited thenable", source: `return await { then(resolve) { resolve("ok") } }`, expect: gives("ok") },
  { name: "a thenable's resolve is the program's function", source: `return await { then(resolve) { resolve([typeof resolve, Object.getPrototypeOf(resolve) === Function.prototype]) } }`, expect: gives(["function", true]) },
  { name: "resolve's constructor is the EvalError", source: `return await { then(resolve) { resolve(resolve.constructor("return process")()) } }`, expect: fails("ExecutionFailure", "Function is not available in Code Mode") },
  { name: "a thenable that rejects", source: `return await { then(_, reject) { reject(new Error("boom")) } }`, expect: fails("ExecutionFailure", "Error: boom") },
  { name: "a then getter that throws", source: `return await { get then() { throw new Error("getter") } }`, expect: fails("ExecutionFailure", "Error: getter") },
  { name: "a then that loops forever", source: `return await { then() { while (true) {} } }`, expect: timesOut, timeoutMs: 400 },
  { name: "a then that never settles", source: `return await { then() {} }`, expect: fails("ExecutionFailure", "waiting on a promise that can never settle") },
  { name: "a self-resolving thenable chain", source: `const t = { then(r) { r(t) } }; return await t`, expect: timesOut, timeoutMs: 400 },
  { name: "a thenable resolving twice keeps the first", source: `return await { then(r) { r(1); r(2); throw new Error("late") } }`, expect: gives(1) },
  { name: "a thenable on Object.prototype", source: `Object.prototype.then = function (r) { r("hijacked") }; return 5`, expect: gives(5) },
  { name: "a thenable Promise subclass", source: `class P extends Promise {}; return await P.resolve(3)`, expect: gives(3) },
  { name: "a rejected promise nobody awaits becomes a warning", source: `Promise.reject(new Error("lost")); return 1`, expect: {
      check: (r) => {
        expect(r).toMatchObject({ ok: true, value: 1, warnings: [{ kind: "ExecutionFailure", message: "Unhandled promise rejection: Error: lost" }] })
      },
    },
  },
  { name: "promise flood ends at the work budget or deadline", source: `const loop = () => Promise.resolve().then(loop); loop(); await new Promise(() => {})`, expect: timesOut, timeoutMs: 400 },
]

const crossing: Attack[] = [
  { name: "a getter on a returned object is refused, not run", source: `let ran = false; const o = { get x() { ran = true; return 1 } }; return o`, expect: fails("InvalidDataValue", "result.x is a getter or setter, which cannot cross to JSON") },
  { name: "a setter on a returned object", source: `return { set x(v) {} }`, expect: fails("InvalidDataValue", "result.x is a getter or setter") },
  { name: "toJSON on a returned object is not called", source: `return { toJSON() { return "forged" } }`, expect: fails("InvalidDataValue", "result.toJSON is a function") },
  { name: "a nested accessor", source: `return { a: [1, { get deep() { return 2 } }] }`, expect: fails("InvalidDataValue", "result.a[1].deep is a getter or setter") },
  { name: "a non-enumerable property is left out", source: `const o = { a: 1 }; Object.defineProperty(o, "hidden", { value: 2 }); return o`, expect: gives({ a: 1 }) },
  { name: "symbol keys are left out", source: `return { [Symbol("k")]: 1, a: 2 }`, expect: gives({ a: 2 }) },
  { name: "a cyclic result", source: `const a = []; a.push(a); return a`, expect: fails("InvalidDataValue", "refers back to result") },
  { name: "a shared (not cyclic) reference is copied twice", source: `const s = { v: 1 }; return [s, s]`, expect: gives([{ v: 1 }, { v: 1 }]) },
  { name: "NaN in a result is null, as JSON.stringify writes it", source: `return { n: 0 / 0 }`, expect: gives({ n: null }) },
  { name: "a huge sparse array in a result", source: `const a = []; a[4000000] = 1; return a`, expect: fails("InvalidDataValue", "result is larger than 16777216 bytes of JSON") },
]

describe("stack and error-object tricks", () => attackTable(pool, "javascript", stackTricks))
describe("hostile thenables", () => attackTable(pool, "javascript", thenables))
describe("accessors and toJSON on values crossing to the host", () => attackTable(pool, "javascript", crossing))
