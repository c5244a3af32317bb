// Async generators, for await, Symbol.asyncIterator, and their microtask ordering against Node.

// case: for await over an async generator
async function* g() { yield 1; yield 2; yield 3 }
const out = []
for await (const x of g()) out.push(x)
return out
// result: [1,2,3]

// case: async generator awaits inside
async function* g() { for (let i = 0; i < 3; i++) yield await Promise.resolve(i * 10) }
const out = []
for await (const x of g()) out.push(x)
return out
// result: [0,10,20]

// case: yield awaits promises
async function* g() { yield Promise.resolve("a"); yield "b" }
const it = g()
return [await it.next(), await it.next(), await it.next()]
// result: [{"value":"a","done":false},{"value":"b","done":false},{"done":true}]

// case: return value awaited and done
async function* g() { yield 1; return Promise.resolve("end") }
const it = g()
return [await it.next(), await it.next(), await it.next()]
// result: [{"value":1,"done":false},{"value":"end","done":true},{"done":true}]

// case: next returns promises
async function* g() { yield 1 }
const it = g()
const p = it.next()
return [p instanceof Promise, typeof p.then, await p]
// result: [true,"function",{"value":1,"done":false}]

// case: async generator object and prototype chain
async function* g() {}
const it = g()
const AGP = Object.getPrototypeOf(g.prototype)
const AIP = Object.getPrototypeOf(AGP)
return [
  Object.prototype.toString.call(it),
  Object.getPrototypeOf(it) === g.prototype,
  Object.getOwnPropertyNames(AGP).sort(),
  typeof AIP[Symbol.asyncIterator],
  it[Symbol.asyncIterator]() === it,
  Object.prototype.toString.call(g),
  Object.getPrototypeOf(g) === Object.getPrototypeOf(async function* () {}),
  typeof g,
  g.prototype.hasOwnProperty("constructor"),
]
// result: ["[object AsyncGenerator]",true,["constructor","next","return","throw"],"function",true,"[object AsyncGeneratorFunction]",true,"function",false]

// case: async generators are not constructors
async function* g() {}
try { new g() } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","g is not a constructor"]

// case: AsyncGeneratorFunction constructor refuses
async function* g() {}
const AGF = Object.getPrototypeOf(g).constructor
return [AGF.name, AGF.prototype === Object.getPrototypeOf(g)]
// result: ["AsyncGeneratorFunction",true]

// case: throw into an async generator
async function* g() { try { yield 1 } catch (e) { yield "caught " + e } }
const it = g()
await it.next()
return [await it.throw("x"), await it.next()]
// result: [{"value":"caught x","done":false},{"done":true}]

// case: throw before start rejects and completes
async function* g() { yield 1 }
const it = g()
let err
try { await it.throw(new Error("early")) } catch (e) { err = e.message }
return [err, await it.next()]
// result: ["early",{"done":true}]

// case: return runs finally and awaits the value
const log = []
async function* g() { try { yield 1; yield 2 } finally { log.push("finally") } }
const it = g()
await it.next()
return [await it.return(Promise.resolve(9)), await it.next(), log]
// result: [{"value":9,"done":true},{"done":true},["finally"]]

// case: return before start does not run the body
const log = []
async function* g() { log.push("body"); yield 1 }
const it = g()
return [await it.return("r"), await it.next(), log]
// result: [{"value":"r","done":true},{"done":true},[]]

// case: return with a rejected promise before start
async function* g() { yield 1 }
const it = g()
try { await it.return(Promise.reject(new Error("rej"))) } catch (e) { return [e.message, await it.next()] }
// result: ["rej",{"done":true}]

// case: return with a rejected promise at a yield is thrown inside
async function* g() { try { yield 1 } catch (e) { yield "inside " + e } }
const it = g()
await it.next()
return [await it.return(Promise.reject("no")), await it.next()]
// result: [{"value":"inside no","done":false},{"done":true}]

// case: finally that yields during return
async function* g() { try { yield 1 } finally { yield "cleanup" } }
const it = g()
await it.next()
return [await it.return(5), await it.next(), await it.next()]
// result: [{"value":"cleanup","done":false},{"value":5,"done":true},{"done":true}]

// case: requests queue up while the generator runs
async function* g() { yield 1; yield 2 }
const it = g()
const ps = [it.next(), it.next(), it.next(), it.next()]
return await Promise.all(ps)
// result: [{"value":1,"done":false},{"value":2,"done":false},{"done":true},{"done":true}]

// case: queued return after the body ends
async function* g() { yield 1 }
const it = g()
const ps = [it.next(), it.next(), it.return("r"), it.next()]
return await Promise.all(ps)
// result: [{"value":1,"done":false},{"done":true},{"value":"r","done":true},{"done":true}]

// case: error thrown in the body rejects next
async function* g() { yield 1; throw new Error("bad") }
const it = g()
await it.next()
let msg
try { await it.next() } catch (e) { msg = e.message }
return [msg, await it.next()]
// result: ["bad",{"done":true}]

// case: parameter errors throw synchronously
async function* g({ a }) { yield a }
try { g() } catch (e) { return [e.constructor.name, "sync"] }
return "no throw"
// result: ["TypeError","sync"]

// case: for await over an array of promises
const out = []
for await (const x of [Promise.resolve(1), 2, new Promise((r) => r(3))]) out.push(x)
return out
// result: [1,2,3]

// case: for await over a sync generator
function* g() { yield 1; yield Promise.resolve(2) }
const out = []
for await (const x of g()) out.push(x)
return out
// result: [1,2]

// case: for await over a custom async iterable
const src = {
  [Symbol.asyncIterator]() {
    let i = 0
    return { next: () => Promise.resolve(i < 3 ? { value: i++, done: false } : { value: undefined, done: true }) }
  },
}
const out = []
for await (const x of src) out.push(x)
return out
// result: [0,1,2]

// case: for await with break calls return and awaits it
const log = []
const src = {
  [Symbol.asyncIterator]() { return this },
  i: 0,
  next() { return Promise.resolve({ value: this.i++, done: false }) },
  return() { log.push("return"); return Promise.resolve({ done: true }) },
}
for await (const x of src) { log.push(x); if (x === 1) break }
return log
// result: [0,1,"return"]

// case: for await closes an async generator on break
const log = []
async function* g() { try { yield 1; yield 2 } finally { log.push("cleanup") } }
for await (const x of g()) { log.push(x); break }
log.push("after")
return log
// result: [1,"cleanup","after"]

// case: for await rethrows after closing on throw
const log = []
async function* g() { try { yield 1 } finally { log.push("closed") } }
try { for await (const x of g()) throw new Error("inside") } catch (e) { log.push(e.message) }
return log
// result: ["closed","inside"]

// case: for await with destructuring and labels
async function* g() { yield [1, "a"]; yield [2, "b"]; yield [3, "c"] }
const out = []
outer: for await (const [n, s] of g()) {
  for (const k of [1, 2]) { if (n === 2) continue outer; if (n === 3) break outer; out.push(s + k) }
}
return out
// result: ["a1","a2"]

// case: for await with return inside an async function
async function first(it) { for await (const x of it) return x }
async function* g() { try { yield "x"; yield "y" } finally { console.log("cleaned") } }
return await first(g())
// expect:
// cleaned
// result: "x"

// case: for await over a rejected promise in an array
const out = []
try { for await (const x of [1, Promise.reject(new Error("r")), 3]) out.push(x) } catch (e) { out.push(e.message) }
return out
// result: [1,"r"]

// case: for await of a non-iterable
try { for await (const x of 5) {} } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","5 is not async iterable"]

// case: for await with a non-object result
const src = { [Symbol.asyncIterator]() { return { next() { return 1 } } } }
try { for await (const x of src) {} } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","Iterator result 1 is not an object"]

// case: yield* in an async generator over async and sync sources
async function* a() { yield 1; return "ra" }
async function* g() { const r = yield* a(); yield r; yield* [2, Promise.resolve(3)] }
const out = []
for await (const x of g()) out.push(x)
return out
// result: [1,"ra",2,3]

// case: yield* in an async generator forwards throw and return
const log = []
async function* inner() { try { yield 1; yield 2 } catch (e) { log.push("inner caught " + e); yield 3 } finally { log.push("inner finally") } }
async function* outer() { yield* inner() }
const it = outer()
const a = await it.next()
const b = await it.throw("E")
const c = await it.return("R")
return [a, b, c, log]
// result: [{"value":1,"done":false},{"value":3,"done":false},{"value":"R","done":true},["inner caught E","inner finally"]]

// case: async generator method in a class and object literal
class Stream { constructor(n) { this.n = n } async *[Symbol.asyncIterator]() { for (let i = 0; i < this.n; i++) yield i } }
const o = { async *gen() { yield "o" } }
const out = []
for await (const x of new Stream(3)) out.push(x)
for await (const x of o.gen()) out.push(x)
return out
// result: [0,1,2,"o"]

// case: async generator paginating tool-like calls
const fetchPage = async (n) => ({ items: [n * 2, n * 2 + 1], next: n < 2 ? n + 1 : null })
async function* pages() {
  let n = 0
  while (n !== null) { const page = await fetchPage(n); yield* page.items; n = page.next }
}
const all = []
for await (const item of pages()) all.push(item)
return all
// result: [0,1,2,3,4,5]

// case: async arrow collecting from an async generator
async function* g() { yield* [1, 2, 3] }
const collect = async (it) => { const out = []; for await (const x of it) out.push(x * 2); return out }
return await collect(g())
// result: [2,4,6]

// case: yield inside try finally with await in finally
const log = []
async function* g() { try { yield 1 } finally { await null; log.push("async finally") } }
for await (const x of g()) { log.push(x) }
return log
// result: [1,"async finally"]

// case: AsyncGenerator next on a wrong receiver rejects
async function* g() {}
const next = g().next
const p = next.call({})
try { await p } catch (e) { return [p instanceof Promise, e.constructor.name] }
// result: [true,"TypeError"]

// case: order of for await over an async generator and then-chain
const order = []
async function* g() { order.push("a1"); yield 1; order.push("a2"); yield 2 }
const p = (async () => { for await (const v of g()) order.push("v" + v); order.push("done") })()
Promise.resolve().then(() => order.push("t1")).then(() => order.push("t2")).then(() => order.push("t3")).then(() => order.push("t4")).then(() => order.push("t5")).then(() => order.push("t6"))
await p
await null; await null; await null
return order.join(" ")
// result: "a1 t1 v1 a2 t2 t3 v2 t4 done t5 t6"

// case: order of for await over an array
const order = []
const p = (async () => { for await (const v of [1, 2]) order.push("v" + v); order.push("done") })()
Promise.resolve().then(() => order.push("t1")).then(() => order.push("t2")).then(() => order.push("t3")).then(() => order.push("t4")).then(() => order.push("t5")).then(() => order.push("t6"))
await p
await null; await null; await null
return order.join(" ")
// result: "t1 v1 t2 t3 v2 t4 t5 done t6"

// case: order of next calls against then callbacks
const order = []
async function* g() { order.push("start"); yield "a"; order.push("resumed"); yield "b" }
const it = g()
it.next().then((r) => order.push("n1:" + r.value))
it.next().then((r) => order.push("n2:" + r.value))
Promise.resolve().then(() => order.push("t1")).then(() => order.push("t2")).then(() => order.push("t3"))
order.push("sync")
await null; await null; await null; await null
return order.join(" ")
// result: "start sync resumed t1 n1:a t2 n2:b t3"

// case: order of return while suspended at a yield
const order = []
async function* g() { try { yield 1 } finally { order.push("finally") } }
const it = g()
await it.next()
it.return("x").then((r) => order.push("returned " + r.value))
Promise.resolve().then(() => order.push("t1")).then(() => order.push("t2")).then(() => order.push("t3")).then(() => order.push("t4"))
await null; await null; await null; await null; await null
return order.join(" ")
// result: "finally t1 returned x t2 t3 t4"

// case: order of return before start
const order = []
async function* g() { yield 1 }
const it = g()
it.return(Promise.resolve("v")).then((r) => order.push("returned " + r.value))
Promise.resolve().then(() => order.push("t1")).then(() => order.push("t2")).then(() => order.push("t3")).then(() => order.push("t4"))
await null; await null; await null; await null; await null
return order.join(" ")
// result: "t1 returned v t2 t3 t4"

// case: order of yield star over an async generator
const order = []
async function* inner() { yield 1; yield 2 }
async function* outer() { yield* inner() }
const p = (async () => { for await (const v of outer()) order.push("v" + v); order.push("done") })()
Promise.resolve().then(() => order.push("t1")).then(() => order.push("t2")).then(() => order.push("t3")).then(() => order.push("t4")).then(() => order.push("t5")).then(() => order.push("t6")).then(() => order.push("t7")).then(() => order.push("t8"))
await p
for (let i = 0; i < 6; i++) await null
return order.join(" ")
// result: "t1 t2 v1 t3 t4 t5 v2 t6 t7 done t8"

// case: order of interleaved async generators
const order = []
async function* g(name) { for (let i = 0; i < 2; i++) { order.push(name + i); yield i } }
const run = async (name) => { for await (const x of g(name)) order.push(name + "got" + x) }
await Promise.all([run("A"), run("B")])
return order.join(" ")
// result: "A0 B0 Agot0 A1 Bgot0 B1 Agot1 Bgot1"

// case: order of await in an async generator body
const order = []
async function* g() { order.push("g1"); await null; order.push("g2"); yield "y"; order.push("g3") }
const it = g()
it.next().then(() => order.push("next1"))
Promise.resolve().then(() => order.push("t1")).then(() => order.push("t2")).then(() => order.push("t3")).then(() => order.push("t4"))
await null; await null; await null; await null; await null
return order.join(" ")
// result: "g1 g2 t1 t2 next1 t3 t4"

// case: for await over sync iterable of thenables
const thenable = (v) => ({ then(res) { res(v) } })
const out = []
for await (const x of [thenable("a"), thenable("b")]) out.push(x)
return out
// result: ["a","b"]

// case: for await assigns to an existing variable
let last
for await (last of [1, 2, 3]);
return last
// result: 3

// case: Symbol.asyncIterator defined by a class
class Countdown {
  constructor(n) { this.n = n }
  [Symbol.asyncIterator]() {
    let n = this.n
    return { next: async () => (n > 0 ? { value: n--, done: false } : { done: true }) }
  }
}
const out = []
for await (const x of new Countdown(3)) out.push(x)
return [out, typeof Symbol.asyncIterator, Symbol.asyncIterator.toString()]
// result: [[3,2,1],"symbol","Symbol(Symbol.asyncIterator)"]

// case: spreading an async generator is a TypeError
async function* g() { yield 1 }
try { [...g()] } catch (e) { return [e.constructor.name, typeof g()[Symbol.iterator]] }
// result: ["TypeError","undefined"]
