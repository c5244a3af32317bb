// Conformance cases: control. Expectations recorded from Node by record.mjs.

// case: if else chain
function f(x) { if (x > 10) return 'big'; else if (x > 5) return 'mid'; else return 'small' } return [f(20), f(7), f(1)]
// result: ["big","mid","small"]

// case: for loop sum
let s = 0; for (let i = 0; i < 10; i++) s += i; return s
// result: 45

// case: while and do while
let i = 0, n = 0; while (i < 5) { i++; n += i } do { n++ } while (false); return n
// result: 16

// case: break and continue
const out = []; for (let i = 0; i < 10; i++) { if (i % 2) continue; if (i > 6) break; out.push(i) } return out
// result: [0,2,4,6]

// case: labelled break out of nested loops
let found; outer: for (let i = 0; i < 5; i++) { for (let j = 0; j < 5; j++) { if (i * j === 6) { found = [i, j]; break outer } } } return found
// result: [2,3]

// case: labelled continue
const out = []; outer: for (let i = 0; i < 3; i++) { for (let j = 0; j < 3; j++) { if (j === 1) continue outer; out.push(`${i}${j}`) } } return out
// result: ["00","10","20"]

// case: labelled block
const out = []; blk: { out.push(1); if (out.length) break blk; out.push(2) } return out
// result: [1]

// case: switch with fall through
function f(x) { const r = []; switch (x) { case 1: r.push('one'); case 2: r.push('two'); break; case 3: r.push('three'); break; default: r.push('other') } return r } return [f(1), f(2), f(3), f(4)]
// result: [["one","two"],["two"],["three"],["other"]]

// case: switch uses strict equality
switch ('1') { case 1: return 'number'; case '1': return 'string' }
// result: "string"

// case: switch default in the middle
function f(x) { switch (x) { case 1: return 'a'; default: return 'd'; case 2: return 'b' } } return [f(1), f(2), f(3)]
// result: ["a","b","d"]

// case: for of over array
let s = ''; for (const x of ['a', 'b', 'c']) s += x; return s
// result: "abc"

// case: for of over string
const out = []; for (const ch of 'héllo') out.push(ch); return out
// result: ["h","é","l","l","o"]

// case: for of over map and set
const m = new Map([['a', 1], ['b', 2]]); const out = []; for (const [k, v] of m) out.push(k + v); for (const x of new Set([3, 3, 4])) out.push(x); return out
// result: ["a1","b2",3,4]

// case: for in over object
const o = { b: 1, a: 2, 1: 'x', 0: 'y' }; const keys = []; for (const k in o) keys.push(k); return keys
// result: ["0","1","b","a"]

// case: for in includes inherited enumerable
const p = { inherited: 1 }; const o = Object.create(p); o.own = 2; const keys = []; for (const k in o) keys.push(k); return keys
// result: ["own","inherited"]

// case: for in over array
const keys = []; for (const k in ['x', 'y']) keys.push(k); return keys
// result: ["0","1"]

// case: closures capture per iteration let
const fs = []; for (let i = 0; i < 3; i++) fs.push(() => i); return fs.map((f) => f())
// result: [0,1,2]

// case: closures share var
const fs = []; for (var i = 0; i < 3; i++) fs.push(() => i); return fs.map((f) => f())
// result: [3,3,3]

// case: closures in for of
const fs = []; for (const x of [1, 2, 3]) fs.push(() => x * 10); return fs.map((f) => f())
// result: [10,20,30]

// case: try catch finally order
const log = []; try { log.push('try'); throw new Error('boom') } catch (e) { log.push('catch ' + e.message) } finally { log.push('finally') } return log
// result: ["try","catch boom","finally"]

// case: finally overrides return
function f() { try { return 'try' } finally { return 'finally' } } return f()
// result: "finally"

// case: finally runs on return
const log = []; function f() { try { return 'r' } finally { log.push('cleanup') } } const v = f(); return [v, log]
// result: ["r",["cleanup"]]

// case: finally runs on break
const log = []; for (let i = 0; i < 3; i++) { try { if (i === 1) break; log.push(i) } finally { log.push('f' + i) } } return log
// result: [0,"f0","f1"]

// case: catch without binding
try { JSON.parse('{') } catch { return 'caught' }
// result: "caught"

// case: nested try rethrow
try { try { throw new TypeError('inner') } catch (e) { throw new RangeError('outer ' + e.message) } } catch (e) { return [e.name, e.message] }
// result: ["RangeError","outer inner"]

// case: throw non error values
try { throw { code: 42 } } catch (e) { return e.code }
// result: 42

// case: uncaught error is reported
function f() { throw new Error('bad thing') } f()
// error: Error: bad thing

// case: uncaught non error value
throw 'just a string'
// error: Uncaught 'just a string'

// case: reference error for undeclared
return undeclaredVariable + 1
// error: ReferenceError: undeclaredVariable is not defined

// case: tdz error
function f() { return x } const r = (() => { try { return f() } catch (e) { return e.name + ': ' + e.message } })(); let x = 1; return r
// result: "ReferenceError: Cannot access 'x' before initialization"

// case: const assignment throws
const c = 1; try { c = 2 } catch (e) { return e.message }
// result: "Assignment to constant variable."

// case: block scoping shadows
let x = 1; { let x = 2; { let x = 3 } } return x
// result: 1

// case: var hoisting
function f() { const before = v; var v = 5; return [before, v] } return f()
// result: [null,5]

// case: function hoisting
return g(); function g() { return 'hoisted' }
// result: "hoisted"

// case: nested functions and recursion
function fact(n) { return n <= 1 ? 1 : n * fact(n - 1) } return [fact(5), fact(20)]
// result: [120,2432902008176640000]

// case: repl result is the last expression
const a = 1
a + 41
// result: 42

// case: repl result undefined is null
let x = 5
x = undefined
// expect:

// case: return without value gives null
return
// expect:

// case: empty program gives null

// expect:

// case: counting loop bounded by a length that changes, and by things that are not arrays
const out = []
let a = [1, 2, 3]
for (let i = 0; i < a.length; i++) { if (i === 0) a.push(4); if (i === 2) a.pop(); out.push(a[i]) }
let s = "hey"
for (let i = 0; i < s.length; i++) out.push(s[i])
let o = { get length() { out.push("get"); return 2 } }
for (let i = 0; i < o.length; i++) out.push(i)
let m = [5, 6]
for (let i = 0; i < m.length; i++) { out.push(m[i]); if (i === 0) m = "xyz" }
let none = null
try { for (let i = 0; i < none.length; i++) {} } catch (e) { out.push(e.constructor.name) }
return out
// result: [1,2,3,"h","e","y","get",0,"get",1,"get",5,"y","z","TypeError"]
