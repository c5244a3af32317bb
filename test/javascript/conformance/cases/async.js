// Conformance cases: async. Expectations recorded from Node by record.mjs.

// case: await a value
const v = await 5; return v + 1
// result: 6

// case: await a promise
const v = await new Promise((resolve) => resolve('done')); return v
// result: "done"

// case: async function returns promise
async function f() { return 1 } const p = f(); return [typeof p.then, await p]
// result: ["function",1]

// case: microtask order then vs await
const log = []; Promise.resolve().then(() => log.push('then1')).then(() => log.push('then2')); (async () => { log.push('async start'); await null; log.push('after await') })(); log.push('sync'); await null; await null; await null; return log
// result: ["async start","sync","then1","after await","then2"]

// case: then chaining
return await Promise.resolve(1).then((x) => x + 1).then((x) => { throw new Error('e' + x) }).catch((e) => e.message).finally(() => 'ignored')
// result: "e2"

// case: Promise all
const r = await Promise.all([1, Promise.resolve(2), new Promise((r) => r(3))]); return r
// result: [1,2,3]

// case: Promise all rejects
try { await Promise.all([Promise.resolve(1), Promise.reject(new Error('nope'))]) } catch (e) { return e.message }
// result: "nope"

// case: Promise allSettled
return await Promise.allSettled([Promise.resolve(1), Promise.reject('err')])
// result: [{"status":"fulfilled","value":1},{"status":"rejected","reason":"err"}]

// case: Promise race and any
const a = await Promise.race([new Promise(() => {}), Promise.resolve('fast')]); const b = await Promise.any([Promise.reject(1), Promise.resolve('ok')]); return [a, b]
// result: ["fast","ok"]

// case: Promise any all rejected
try { await Promise.any([Promise.reject(1)]) } catch (e) { return [e.name, e.message, e.errors] }
// result: ["AggregateError","All promises were rejected",[1]]

// case: async try catch
async function bad() { await null; throw new Error('async fail') } try { await bad() } catch (e) { return 'caught ' + e.message }
// result: "caught async fail"

// case: await in loops
let total = 0; for (let i = 0; i < 5; i++) total += await Promise.resolve(i); for (const x of [10, 20]) total += await x; return total
// result: 40

// case: interleaved async functions
const log = []; async function a() { log.push('a1'); await null; log.push('a2'); await null; log.push('a3') } async function b() { log.push('b1'); await null; log.push('b2') } await Promise.all([a(), b()]); return log
// result: ["a1","b1","a2","b2","a3"]

// case: uncaught rejection fails the program
await Promise.reject(new TypeError('rejected!'))
// error: TypeError: rejected!

// case: async arrow functions
const f = async (x) => (await x) * 2; return await f(Promise.resolve(21))
// result: 42

// case: promise executor throw rejects
const p = new Promise(() => { throw new Error('in executor') }); return await p.catch((e) => e.message)
// result: "in executor"

// case: thenable objects are adopted
const thenable = { then(resolve) { resolve('from thenable') } }; return await thenable
// result: "from thenable"

// case: await in conditions and arguments
async function v(x) { return x } if (await v(true)) { return Math.max(await v(3), await v(7)) }
// result: 7

// case: finally in async
const log = []; async function f() { try { await null; return 'r' } finally { log.push('fin') } } return [await f(), log]
// result: ["r",["fin"]]

// case: promise withResolvers
const { promise, resolve } = Promise.withResolvers(); resolve(9); return await promise
// error: TypeError: Promise.withResolvers is not a function

// case: then order with multiple handlers
const log = []; const p = Promise.resolve(); p.then(() => log.push(1)); p.then(() => log.push(2)); await p; log.push(3); return log
// result: [1,2,3]

// case: async main called at the end
async function main() { const x = await Promise.resolve(40); return x + 2 }
main()
// result: 42

// case: await with try finally override
async function f() { try { await null; throw new Error('x') } finally { return 'finally wins' } } return await f()
// result: "finally wins"

// case: resolved promise with promise
const inner = Promise.resolve('inner'); const outer = new Promise((r) => r(inner)); return await outer
// result: "inner"
