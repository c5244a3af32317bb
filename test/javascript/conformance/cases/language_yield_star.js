// yield* in generators: delegation to iterables and generators, with next/throw/return forwarded.

// case: yield* over an array and a string
function* g() { yield* [1, 2]; yield* "ab"; yield 3 }
return [...g()]
// result: [1,2,"a","b",3]

// case: yield* returns the inner generator's return value
function* inner() { yield 1; return "done" }
function* outer() { const r = yield* inner(); yield r }
return [...outer()]
// result: [1,"done"]

// case: next values are forwarded to the inner generator
const log = []
function* inner() { log.push(yield "a"); log.push(yield "b") }
function* outer() { yield* inner() }
const it = outer()
it.next("ignored"); it.next(1); it.next(2)
return log
// result: [1,2]

// case: recursive tree walk
function* walk(t) { if (t === null) return; yield* walk(t.l); yield t.v; yield* walk(t.r) }
const tree = { v: 2, l: { v: 1, l: null, r: null }, r: { v: 3, l: null, r: { v: 4, l: null, r: null } } }
return [...walk(tree)]
// result: [1,2,3,4]

// case: throw is forwarded and caught by the inner generator
function* inner() { try { yield 1 } catch (e) { yield "caught " + e } }
function* outer() { yield* inner(); yield "after" }
const it = outer()
return [it.next(), it.throw("x"), it.next(), it.next()]
// result: [{"value":1,"done":false},{"value":"caught x","done":false},{"value":"after","done":false},{"done":true}]

// case: throw not caught inside propagates out of the outer generator
function* inner() { yield 1 }
function* outer() { try { yield* inner() } catch (e) { yield "outer caught " + e } }
const it = outer()
it.next()
return [it.throw("y"), it.next()]
// result: [{"value":"outer caught y","done":false},{"done":true}]

// case: return is forwarded and runs finally blocks inside out
const log = []
function* inner() { try { yield 1; yield 2 } finally { log.push("inner finally") } }
function* outer() { try { yield* inner() } finally { log.push("outer finally") } }
const it = outer()
it.next()
return [it.return(5), it.next(), log]
// result: [{"value":5,"done":true},{"done":true},["inner finally","outer finally"]]

// case: inner finally that yields during return
function* inner() { try { yield 1 } finally { yield "cleanup" } }
function* outer() { yield* inner(); yield "not reached" }
const it = outer()
it.next()
return [it.return(7), it.next(), it.next()]
// result: [{"value":"cleanup","done":false},{"value":"not reached","done":false},{"done":true}]

// case: delegated result objects are passed through as they are
const iter = {
  [Symbol.iterator]() { return this },
  n: 0,
  next() { this.n++; return this.n < 3 ? { value: this.n, done: false, extra: "x" } : { value: "end", done: true } },
}
function* g() { const r = yield* iter; return r }
const it = g()
const a = it.next()
return [a, it.next(), it.next()]
// result: [{"value":1,"done":false,"extra":"x"},{"value":2,"done":false,"extra":"x"},{"value":"end","done":true}]

// case: delegated value is not read for a yield
let reads = 0
const iter = {
  [Symbol.iterator]() { return this },
  next() { return { done: false, get value() { reads++; return 1 } } },
}
function* g() { yield* iter }
const it = g()
const r = it.next()
const before = reads
return [before, r.value, reads]
// result: [0,1,1]

// case: inner iterator without throw is closed and TypeError thrown
const log = []
const iter = { [Symbol.iterator]() { return this }, next() { return { value: 1, done: false } }, return() { log.push("closed"); return {} } }
function* g() { yield* iter }
const it = g()
it.next()
try { it.throw(new Error("boom")) } catch (e) { log.push(e.constructor.name, e.message) }
return log
// result: ["closed","TypeError","The iterator does not provide a 'throw' method."]

// case: inner iterator without return lets the outer return
const iter = { [Symbol.iterator]() { return this }, next() { return { value: 1, done: false } } }
function* g() { try { yield* iter } finally { console.log("outer finally") } }
const it = g()
it.next()
return it.return(3)
// expect:
// outer finally
// result: {"value":3,"done":true}

// case: inner return that does not finish keeps delegating
let returned = 0
const iter = {
  [Symbol.iterator]() { return this },
  next() { return { value: "n", done: false } },
  return(v) { returned++; return returned === 1 ? { value: "still", done: false } : { value: v, done: true } },
}
function* g() { yield* iter }
const it = g()
it.next()
return [it.return(1), it.return(2), it.next()]
// result: [{"value":"still","done":false},{"value":2,"done":true},{"done":true}]

// case: yield* of a non-iterable throws TypeError
function* g() { yield* 5 }
try { g().next() } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","number 5 is not iterable (cannot read property Symbol(Symbol.iterator))"]

// case: yield* of a non-object result throws
const iter = { [Symbol.iterator]() { return this }, next() { return 1 } }
function* g() { yield* iter }
try { g().next() } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","Iterator result 1 is not an object"]

// case: yield* expression value used inline
function* inner() { yield "a"; return 10 }
function* outer() { const x = 1 + (yield* inner()); yield x }
return [...outer()]
// result: ["a",11]

// case: yield* over a Map and a Set
function* g() { yield* new Map([["k", 1]]); yield* new Set([2, 3]) }
return [...g()]
// result: [["k",1],2,3]

// case: yield* inside a loop with break closes the inner generator
const log = []
function* inner(n) { try { for (let i = 0; ; i++) yield n + i } finally { log.push("close " + n) } }
function* outer() { yield* inner(10) }
for (const v of outer()) { log.push(v); if (v === 11) break }
return log
// result: [10,11,"close 10"]

// case: yield* with spread and destructuring consumers
function* nums() { yield* [1, 2, 3] }
function* both() { yield* nums(); yield* nums() }
const [a, , b, ...rest] = both()
return [a, b, rest, Math.max(...both())]
// result: [1,3,[1,2,3],3]

// case: yield* delegating to a generator method of a class
class Bag {
  items = [1, 2];
  *[Symbol.iterator]() { yield* this.items; yield* [3] }
}
return [...new Bag()]
// result: [1,2,3]

// case: throw forwarded to inner that finishes with return
function* inner() { try { yield 1 } catch (e) { return "handled " + e } }
function* outer() { const r = yield* inner(); return r }
const it = outer()
it.next()
return it.throw("E")
// result: {"value":"handled E","done":true}

// case: nested yield* three levels
function* a() { yield 1; return "a" }
function* b() { const x = yield* a(); yield x; return "b" }
function* c() { const y = yield* b(); yield y }
return [...c()]
// result: [1,"a","b"]

// case: return value of a finished delegation is the done value
function* inner() { return "only" }
function* outer() { return yield* inner() }
return [outer().next()]
// result: [{"value":"only","done":true}]
