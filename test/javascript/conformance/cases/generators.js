// Generator objects: iterable through every generic consumer, and the next/return/throw protocol.

// case: spread of a generator
function* g() { yield 1; yield 2 }
return [...g()]
// result: [1,2]

// case: for-of, Array.from, destructuring and Set over a generator
function* g() { yield 1; yield 2; yield 2 }
const out = []
for (const x of g()) out.push(x)
const [a, b, ...rest] = g()
return [out, Array.from(g()), Array.from(g(), (x) => x * 10), a, b, rest, [...new Set(g())], new Map([["k", g()]]).size]
// result: [[1,2,2],[1,2,2],[10,20,20],1,2,[2],[1,2],1]

// case: Promise.all over a generator
function* g() { yield Promise.resolve(1); yield 2 }
return await Promise.all(g())
// result: [1,2]

// case: a generator object is its own iterator
function* g() { yield 1 }
const it = g()
const GP = Object.getPrototypeOf(g.prototype)
return [it[Symbol.iterator]() === it, Object.getPrototypeOf(it) === g.prototype, GP === Object.getPrototypeOf(function* () {}.prototype), Object.getOwnPropertyNames(g.prototype), Object.getOwnPropertyNames(GP).sort(), Object.prototype.toString.call(it), typeof g]
// result: [true,true,true,[],["constructor","next","return","throw"],"[object Generator]","function"]

// case: next passes values in and return ends it
function* g() {
  const x = yield 1
  console.log("got", x)
  return 4
}
const it = g()
return [it.next("ignored"), it.next("b"), it.next(), it.return(9)]
// expect:
// got b
// result: [{"value":1,"done":false},{"value":4,"done":true},{"done":true},{"value":9,"done":true}]

// case: throw is caught inside the generator
function* g() {
  try { yield 1 } catch (e) { console.log("caught", e); yield 2 }
}
const it = g()
it.next()
return [it.throw("boom"), it.next()]
// expect:
// caught boom
// result: [{"value":2,"done":false},{"done":true}]

// case: throw before the first next
function* g() { yield 1 }
const it = g()
try { it.throw(new Error("early")) } catch (e) { console.log(e.message) }
return it.next()
// expect:
// early
// result: {"done":true}

// case: break closes the generator and runs finally
function* g() { try { yield 1; yield 2 } finally { console.log("cleanup") } }
for (const x of g()) { console.log(x); break }
const [first] = g()
return first
// expect:
// 1
// cleanup
// cleanup
// result: 1

// case: return runs finally which may yield or override
function* a() { try { yield 1 } finally { yield 2; console.log("after") } }
const i1 = a()
function* b() { try { yield 1 } finally { return 3 } }
const i2 = b()
i2.next()
return [i1.next(), i1.return(7), i1.next(), i1.next(), i2.return(7), i2.next()]
// expect:
// after
// result: [{"value":1,"done":false},{"value":2,"done":false},{"value":7,"done":true},{"done":true},{"value":3,"done":true},{"done":true}]

// case: return closes an inner for-of iterator
function* inner() { try { yield 1; yield 2 } finally { console.log("inner closed") } }
function* outer() { for (const x of inner()) yield x * 10 }
const it = outer()
return [it.next(), it.return(0), it.next()]
// expect:
// inner closed
// result: [{"value":10,"done":false},{"value":0,"done":true},{"done":true}]

// case: endless generator in an async for-of with await
function* nat() { let i = 0; try { for (;;) yield i++ } finally { console.log("closed") } }
async function f() {
  const out = []
  for (const x of nat()) { await null; if (x > 3) break; out.push(x) }
  return out
}
return await f()
// expect:
// closed
// result: [0,1,2,3]

// case: generator methods and Symbol.iterator
class C { *m() { yield 5 } }
const o = { *[Symbol.iterator]() { yield 7; yield 8 } }
return [[...new C().m()], [...o]]
// result: [[5],[7,8]]

// case: generators are not constructors
function* g() {}
try { new g() } catch (e) { console.log(e.message) }
try { g().next.call({}) } catch (e) { console.log(e.message) }
console.log(g)
// expect:
// g is not a constructor
// Method [Generator].prototype.next called on incompatible receiver #<Object>
// [GeneratorFunction: g]
