// Destructuring as the standard orders it: `yield` and `await` inside patterns (defaults, computed
// keys, targets), property targets evaluated before the value is read, iterators closed when a
// pattern throws or its generator returns, TDZ in parameter lists and in a lexical for-of head,
// and compound assignment checking a null base before its key.

// case: yield in array and object pattern defaults of an assignment
let x, y
function* g() { [x = yield "a"] = []; ({ y = yield "b" } = {}); return [x, y] }
const it = g()
return [it.next().value, it.next(10).value, it.next(20)]
// result: ["a","b",{"value":[10,20],"done":true}]

// case: yield in a declaration's pattern, a computed key and a catch parameter
function* g() {
  const { [yield "key"]: v = yield "default" } = { k: undefined }
  try { throw {} } catch ({ c = yield "catch" }) { return [v, c] }
}
const it = g()
return [it.next().value, it.next("k").value, it.next(5).value, it.next(6)]
// result: ["key","default","catch",{"value":[5,6],"done":true}]

// case: yield in a for-of head pattern
const seen = []
function* g() { for ([seen[seen.length] = yield "d"] of [[1], [], [3]]); return seen }
const it = g()
const first = it.next()
return [first, it.next("filled"), seen]
// result: [{"value":"d","done":false},{"value":[1,"filled",3],"done":true},[1,"filled",3]]

// case: await in destructuring defaults
let a, b
;[a = await Promise.resolve(1)] = []
const { c = await 2, d: [e = await Promise.resolve(3)] = [] } = {}
for (const { f = await 4 } of [{}]) b = f
return [a, c, e, b]
// result: [1,2,3,4]

// case: property targets are evaluated before the iterator steps
const log = []
const target = { set v(x) { log.push("set " + x) } }
const iterable = { [Symbol.iterator]() { log.push("iterator"); return { next() { log.push("step"); return { done: false, value: 1 } }, return() { log.push("return"); return {} } } } }
const key = () => { log.push("key"); return "v" }
;[((log.push("target"), target))[key()]] = iterable
return log
// result: ["iterator","target","key","step","set 1","return"]

// case: an iterator is closed when a pattern's default throws
const log = []
const iterable = { [Symbol.iterator]() { return { next() { log.push("next"); return { done: false } }, return() { log.push("return"); return {} } } } }
try {
  const [a = (() => { throw new Error("boom") })()] = iterable
} catch (e) { log.push(e.message) }
return log
// result: ["next","return","boom"]

// case: an error from return() does not replace the pattern's own error
const iterable = { [Symbol.iterator]() { return { next() { return { done: false } }, get return() { throw new Error("from return") } } } }
let a
try { [a = (() => { throw new Error("own") })()] = iterable } catch (e) { return e.message }
// result: "own"

// case: an iterator whose next() throws is not closed
const log = []
const iterable = { [Symbol.iterator]() { return { next() { throw new Error("next failed") }, return() { log.push("return"); return {} } } } }
try { const [a] = iterable } catch (e) { log.push(e.message) }
return log
// result: ["next failed"]

// case: generator return() while suspended in a pattern closes the iterator
const log = []
const iterable = { [Symbol.iterator]() { return { next() { return { done: false } }, return() { log.push("closed"); return {} } } } }
function* g() { let x; [x = yield 1] = iterable; log.push("unreachable") }
const it = g()
it.next()
return [it.return(7), log]
// result: [{"value":7,"done":true},["closed"]]

// case: object rest of a string
let rest
const assigned = ({ ...rest } = "foo")
const { 0: first, ...others } = "bar"
return [rest, first, others, assigned]
// result: [{"0":"f","1":"o","2":"o"},"b",{"1":"a","2":"r"},"foo"]

// case: a parameter default cannot see a later parameter
function f(x = y, y) { return [x, y] }
const out = []
try { f() } catch (e) { out.push(e instanceof ReferenceError) }
out.push(f(1, 2))
const g = (a, b = a * 2, { c } = { c: b + 1 }, ...r) => [a, b, c, r]
out.push(g(1), g(1, 5, { c: 0 }, 9))
const h = (a = () => b, b = "later") => a()
out.push(h())
try { (function (x = x) {})() } catch (e) { out.push(e.constructor.name) }
return out
// result: [true,[1,2],[1,2,3,[]],[1,5,0,[9]],"later","ReferenceError"]

// case: a lexical for-of head's names are in TDZ in the source expression
const out = []
let x = 1
try { for (let x of [x]) out.push(x) } catch (e) { out.push(e.constructor.name) }
let probe
for (const k in (probe = () => typeof k, { a: 1 })) out.push(k)
try { probe() } catch (e) { out.push("probe " + e.constructor.name) }
return out
// result: ["ReferenceError","a","probe ReferenceError"]

// case: compound assignment checks a null base before converting the key
const key = { toString() { return "n" } }
const o = { n: 1 }
o[key] += 10
o[key]++
const out = [o.n]
const base = null
try { base[{ toString() { throw new Error("converted") } }] *= 2 } catch (e) { out.push(e.constructor.name) }
return out
// result: [12,"TypeError"]
