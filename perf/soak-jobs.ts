/**
 * The soak's programs: a weighted mix of every kind of ending a production host sees, each job a
 * program with the Result it must produce and the tool calls it must make (soak-tools.ts).
 *
 * Most of the weight is where agent backends spend their time: programs waiting on slow tools,
 * in Lua (sequential calls, each input computed from the answer before), in JavaScript with
 * sequential awaits, and with `Promise.all` over several calls followed by one more. Beside them
 * run fast programs (the pool's hot path), quick tools (2 to 50 ms: answers that land while a
 * worker gives its thread back), busy loops stopped by a 50 ms `timeoutMs`, memory bombs (on a
 * small-heap pool of their own), runtime errors, failing tools, tools with defects, and tools that
 * never answer. Timeouts and bombs are kept rare: each costs a hot thread tens of milliseconds,
 * and a soak that mostly burns CPU on them would say little about waiting programs.
 *
 * Every job is a pure function of its index and the seeded generator, so `jobFor` over the same
 * seed draws the same programs.
 */

import type { Result } from "../index.js"
import {
  callId, canonical, expectError, expectValue, int, quickMs, saltOf, slowMs, sleepyValue,
  type Invocations, type Job,
} from "./soak-tools.js"

/** Weights of the scenarios, in executions per thousand. */
const MIX: ReadonlyArray<readonly [number, (i: number, r: () => number) => Job]> = [
  [200, fastLua],
  [150, fastJs],
  [60, quickToolLua],
  [60, quickToolsJs],
  [130, slowSequentialLua],
  [120, slowSequentialJs],
  [130, slowConcurrentJs],
  [8, timeoutLua],
  [7, timeoutJs],
  [2, memoryBomb],
  [40, runtimeErrorLua],
  [30, toolFailureLua],
  [25, errorJs],
  [15, toolFailureJs],
  [13, toolDefect],
  [10, hangingTool],
]
const TOTAL_WEIGHT = MIX.reduce((sum, [w]) => sum + w, 0)

export function jobFor(i: number, r: () => number): Job {
  let pick = r() * TOTAL_WEIGHT
  for (const [weight, make] of MIX) {
    if (pick < weight) return make(i, r)
    pick -= weight
  }
  return fastLua(i, r)
}

const pure = (scenario: string, runtime: Job["runtime"], source: string, check: (result: Result) => string | undefined): Job =>
  ({ scenario, runtime, source, calls: [], mayCall: [], check })

// ---------------------------------------------------------------------------------------------
// Waiting on tools: the calls are chained, salted with a random number, and checked against the ledger

/** `values[k]` of a chain that starts at `x` with `salt`: each next input is the answer mod 1000 plus its rank. */
const chain = (x: number, salt: number, n: number): number[] => {
  const values: number[] = []
  for (let k = 0; k < n; k++) {
    const value = sleepyValue(x, salt)
    values.push(value)
    x = (value % 1000) + k + 1
  }
  return values
}

/** A chained job's check: the salt the tools received, then the Result recomputed from it. */
const chainCheck = (ids: ReadonlyArray<string>, expected: (salt: number, ledger: Invocations) => unknown) =>
  (result: Result, ledger: Invocations): string | undefined => {
    const salt = saltOf(ledger, ids)
    if (salt === undefined) return `the calls ${ids.join(", ")} did not all reach the tool with one salt`
    return expectValue(expected(salt, ledger))(result)
  }

function quickToolLua(i: number, r: () => number): Job {
  const id = callId(i, 0), ms = quickMs(r), x = int(r, 1000)
  const source = `local salt = math.random(1000)
    local a = tools.soak.sleepy({ id = "${id}", ms = ${ms}, x = ${x}, salt = salt })
    return { id = a.id, slept = a.slept, value = a.value, salt = salt }`
  const check = chainCheck([id], (salt) => ({ id, slept: ms, value: sleepyValue(x, salt), salt }))
  return { scenario: "lua quick tool", runtime: "lua", source, calls: [id], mayCall: [], check }
}

function quickToolsJs(i: number, r: () => number): Job {
  const ms = [quickMs(r), quickMs(r), quickMs(r)], ids = ms.map((_, k) => callId(i, k)), x = int(r, 1000)
  const calls = ms.map((m, k) => `tools.soak.sleepy({ id: "${ids[k]}", ms: ${m}, x: ${x + k}, salt })`).join(", ")
  const source = `const salt = Math.floor(Math.random() * 1000) + 1
    const rs = await Promise.all([${calls}])
    return { salt, values: rs.map((a) => a.value) }`
  const check = chainCheck(ids, (salt) => ({ salt, values: ms.map((_, k) => sleepyValue(x + k, salt)) }))
  return { scenario: "js quick tools", runtime: "js", source, calls: ids, mayCall: [], check }
}

function slowSequentialLua(i: number, r: () => number): Job {
  const ms = Array.from({ length: 2 + int(r, 2) }, () => slowMs(r)), ids = ms.map((_, k) => callId(i, k)), x = int(r, 1000)
  const specs = ms.map((m, k) => `{ id = "${ids[k]}", ms = ${m} }`).join(", ")
  const source = `local salt = math.random(1000)
    local values, x = {}, ${x}
    for k, spec in ipairs({ ${specs} }) do
      local a = tools.soak.sleepy({ id = spec.id, ms = spec.ms, x = x, salt = salt })
      values[k] = a.value
      x = a.value % 1000 + k
    end
    return { salt = salt, values = values }`
  const check = chainCheck(ids, (salt) => ({ salt, values: chain(x, salt, ms.length) }))
  return { scenario: "lua slow sequential", runtime: "lua", source, calls: ids, mayCall: [], check }
}

/**
 * JavaScript, sequential awaits, with `Date.now()` read around each call: a reading taken before a
 * call must be no later than the tool's start, one after it no earlier than its end (both are the
 * process's wall clock), which holds on every run only if replays answer readings from the log.
 */
function slowSequentialJs(i: number, r: () => number): Job {
  const ms = Array.from({ length: 2 + int(r, 2) }, () => slowMs(r)), ids = ms.map((_, k) => callId(i, k)), x = int(r, 1000)
  const specs = ms.map((m, k) => `{ id: "${ids[k]}", ms: ${m} }`).join(", ")
  const source = `const salt = Math.floor(Math.random() * 1000) + 1
    const values = [], stamps = []
    let x = ${x}
    const specs = [${specs}]
    for (let k = 0; k < specs.length; k++) {
      const before = Date.now()
      const a = await tools.soak.sleepy({ id: specs[k].id, ms: specs[k].ms, x, salt })
      stamps.push([before, Date.now()])
      values.push(a.value)
      x = a.value % 1000 + k + 1
    }
    return { salt, values, stamps }`
  const check = (result: Result, ledger: Invocations): string | undefined => {
    if (!result.ok) return `expected a value, got ${result.error.kind}: ${result.error.message}`
    const { stamps, ...rest } = result.value as { stamps?: unknown }
    const wrong = chainCheck(ids, (salt) => ({ salt, values: chain(x, salt, ms.length) }))({ ...result, value: rest as never }, ledger)
    if (wrong !== undefined) return wrong
    if (!Array.isArray(stamps) || stamps.length !== ids.length) return `expected ${ids.length} clock stamps, got ${canonical(stamps)}`
    for (const [k, id] of ids.entries()) {
      const [before, after] = stamps[k] as [number, number]
      const call = ledger.byId.get(id)!
      if (!(before <= call.startedAt && after >= call.endedAt)) {
        return `call ${id} ran from ${call.startedAt} to ${call.endedAt}, but the program read the clock at ${before} and ${after}`
      }
    }
    return undefined
  }
  return { scenario: "js slow sequential", runtime: "js", source, calls: ids, mayCall: [], check }
}

/** JavaScript, `Promise.all` over two to four slow calls, then one more computed from their sum. */
function slowConcurrentJs(i: number, r: () => number): Job {
  const ms = Array.from({ length: 2 + int(r, 3) }, () => slowMs(r)), lastMs = slowMs(r), x = int(r, 1000)
  const ids = ms.map((_, k) => callId(i, k)), lastId = callId(i, "L")
  const specs = ms.map((m, k) => `{ id: "${ids[k]}", ms: ${m} }`).join(", ")
  const source = `const salt = Math.floor(Math.random() * 1000) + 1
    const order = []
    const specs = [${specs}]
    const values = await Promise.all(specs.map((s, k) =>
      tools.soak.sleepy({ id: s.id, ms: s.ms, x: ${x} + k, salt }).then((a) => { order.push(k); return a.value })))
    const sum = values.reduce((s, v) => s + v, 0)
    const last = await tools.soak.sleepy({ id: "${lastId}", ms: ${lastMs}, x: sum % 1000, salt })
    return { salt, values, last: last.value, settled: order.slice().sort((a, b) => a - b) }`
  const check = chainCheck([...ids, lastId], (salt) => {
    const values = ms.map((_, k) => sleepyValue(x + k, salt))
    const sum = values.reduce((s, v) => s + v, 0)
    return { salt, values, last: sleepyValue(sum % 1000, salt), settled: ms.map((_, k) => k) }
  })
  return { scenario: "js slow Promise.all", runtime: "js", source, calls: [...ids, lastId], mayCall: [], check }
}

// ---------------------------------------------------------------------------------------------
// The other endings

function fastLua(i: number, r: () => number): Job {
  const a = int(r, 1000), b = int(r, 1000), n = 1 + int(r, 50)
  const source = `
    local t = {}
    for k = 1, ${n} do t[k] = k * ${a} end
    local s = ("x"):rep(${n})
    return { sum = ${a} * ${n} * (${n} + 1) // 2 == (function() local z = 0 for _, v in ipairs(t) do z = z + v end return z end)(), len = #s + ${b}, id = ${i} }`
  return pure("lua fast", "lua", source, expectValue({ id: i, len: n + b, sum: true }))
}

function fastJs(i: number, r: () => number): Job {
  const a = int(r, 1000), n = 1 + int(r, 50)
  const source = `const xs = Array.from({ length: ${n} }, (_, k) => k * ${a}); return { total: xs.reduce((s, x) => s + x, 0), id: ${i}, text: \`n=\${xs.length}\` }`
  return pure("js fast", "js", source, expectValue({ id: i, text: `n=${n}`, total: (a * (n - 1) * n) / 2 }))
}

function timeoutLua(_i: number, r: () => number): Job {
  const source = r() < 0.5 ? `local n = 0 while true do n = n + 1 end` : `local ok = pcall(function() while true do end end) return ok`
  return pure("lua timeout", "luaHurried", source, expectError("TimeoutExceeded", /timed out/))
}

function timeoutJs(_i: number, r: () => number): Job {
  const source = r() < 0.5 ? `let n = 0; while (true) { n++ }` : `try { for (;;) {} } finally { let k = 0; while (true) k++ }`
  return pure("js timeout", "jsHurried", source, expectError("TimeoutExceeded", /timed out/))
}

function memoryBomb(_i: number, r: () => number): Job {
  if (r() < 0.5) {
    const source = `
      local all = {}
      for i = 1, 100000 do
        local t = {}
        for j = 1, 1000 do t[j] = i + j + 0.5 end
        all[i] = t
      end
      return #all`
    return pure("memory bomb", "bombLua", source, expectError("ExecutionFailure", /memory/))
  }
  const source = `const all = []; for (let i = 0; i < 100000; i++) { const t = []; for (let j = 0; j < 1000; j++) t.push(i + j + 0.5); all.push(t) } return all.length`
  return pure("memory bomb", "bombJs", source, expectError("ExecutionFailure", /memory/))
}

function runtimeErrorLua(i: number, r: () => number): Job {
  if (r() < 0.5) return pure("lua error", "lua", `local t = nil\nreturn t.x`, expectError("ExecutionFailure", /attempt to index a nil value/))
  return pure("lua error", "lua", `error("boom${i}")`, expectError("ExecutionFailure", new RegExp(`^input:1: boom${i}$`)))
}

function errorJs(i: number, r: () => number): Job {
  if (r() < 0.5) return pure("js error", "js", `throw new RangeError("bad${i}")`, expectError("ExecutionFailure", new RegExp(`^RangeError: bad${i}$`)))
  return pure("js error", "js", `const o = undefined; return o.x`, expectError("ExecutionFailure", /TypeError/))
}

function toolFailureLua(i: number, r: () => number): Job {
  const id = callId(i, 0)
  if (r() < 0.5) {
    const source = `tools.soak.failing({ id = "${id}", reason = "no${i}" }) return 1`
    return { scenario: "lua tool failure", runtime: "lua", source, calls: [id], mayCall: [], check: expectError("ToolFailure", new RegExp(`no${i}`)) }
  }
  const source = `local ok, err = pcall(tools.soak.failing, { id = "${id}", reason = "no${i}" }) return { ok = ok, caught = string.find(err, "no${i}", 1, true) ~= nil }`
  return { scenario: "lua tool failure", runtime: "lua", source, calls: [id], mayCall: [], check: expectValue({ caught: true, ok: false }) }
}

function toolFailureJs(i: number, r: () => number): Job {
  const id = callId(i, 0)
  if (r() < 0.5) {
    const source = `await tools.soak.failing({ id: "${id}", reason: "no${i}" }); return 1`
    return { scenario: "js tool failure", runtime: "js", source, calls: [id], mayCall: [], check: expectError("ToolFailure", new RegExp(`no${i}`)) }
  }
  const source = `try { await tools.soak.failing({ id: "${id}", reason: "no${i}" }); return "not reached" } catch (e) { return e.message.includes("no${i}") }`
  return { scenario: "js tool failure", runtime: "js", source, calls: [id], mayCall: [], check: expectValue(true) }
}

function toolDefect(i: number, r: () => number): Job {
  const id = callId(i, 0), how = r() < 0.5 ? "die" : "throw"
  const word = how === "die" ? "defect" : "thrown"
  if (r() < 0.5) {
    const source = `local ok, err = pcall(tools.soak.defective, { id = "${id}", how = "${how}" }) return { ok = ok, caught = string.find(err, "${word} ${id}", 1, true) ~= nil }`
    return { scenario: "tool defect", runtime: "lua", source, calls: [id], mayCall: [], check: expectValue({ caught: true, ok: false }) }
  }
  const source = `try { await tools.soak.defective({ id: "${id}", how: "${how}" }); return "not reached" } catch (e) { return e.message.includes("${word} ${id}") }`
  return { scenario: "tool defect", runtime: "js", source, calls: [id], mayCall: [], check: expectValue(true) }
}

/** A tool that never answers meets the 50 ms deadline, which may also come before the call is made. */
function hangingTool(i: number, r: () => number): Job {
  const id = callId(i, 0), check = expectError("TimeoutExceeded", /timed out/)
  if (r() < 0.5) return { scenario: "hanging tool", runtime: "luaHurried", source: `return tools.soak.hanging({ id = "${id}" })`, calls: [], mayCall: [id], check }
  return { scenario: "hanging tool", runtime: "jsHurried", source: `await tools.soak.hanging({ id: "${id}" }); 1`, calls: [], mayCall: [id], check }
}
