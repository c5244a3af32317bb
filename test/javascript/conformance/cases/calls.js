// Conformance cases: calls and small function bodies (returns-only bodies compiled as one
// expression, frames reused by functions that contain no other function). Expectations recorded
// from Node by record.mjs.

// case: recursive fib through guarded returns
function fib(n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2) } return [fib(0), fib(1), fib(15)]
// result: [0,1,610]

// case: guarded returns fall through to undefined
function r(x) { if (x) return 1; if (x === 0) { return 2 } } return [r(1), r(0), r(false) === undefined, r('') === undefined]
// result: [1,2,true,true]

// case: if/else return as the last statement, directive and hoisted declaration
function q(a) { 'use strict'; if (a) { return helper(a) } else return -a; function helper(v) { return v * 10 } } return [q(2), q(0) + 1, q(-4)]
// result: [20,1,-40]

// case: truthiness in a returns-only body
function t(v) { if (v) return 'yes'; return 'no' } return [t({}), t([]), t(''), t(NaN), t(0n), t(1n), t('0'), t(null), t(undefined), t(-1)]
// result: ["yes","yes","no","no","no","yes","yes","no","no","yes"]

// case: returns-only body under new
function P() { if (false) return 1 } function Q() { return { a: 1 } } function N() { return 5 } return [typeof new P(), new Q(), new N() instanceof N]
// result: ["object",{"a":1},true]

// case: a reused frame starts with undefined vars
function g(flag) { var x; if (flag) x = 5; return x } return [g(true), g(false) === undefined, g(true), g(false) === undefined]
// result: [5,true,5,true]

// case: a reused frame starts with block lets in TDZ
function h(n) { if (n > 0) { let y = n; return y } { try { return z } catch (e) { return e.constructor.name } let z = 1 } } return [h(3), h(0), h(2), h(0)]
// result: [3,"ReferenceError",2,"ReferenceError"]

// case: recursion keeps each active call's own parameters
function sum(a, b) { var s = a; if (b > 0) s = s + sum(a, b - 1); return s } return [sum(2, 3), sum(1, 0), sum(3, 2)]
// result: [8,1,9]

// case: a call that throws mid-recursion leaves later calls intact
function down(n) { var local = n * 2; if (n === 0) throw new Error('bottom'); return down(n - 1) + local } let caught; try { down(5) } catch (e) { caught = e.message } function up(n) { var local = n * 2; if (n === 0) return 0; return up(n - 1) + local } return [caught, up(5), up(3)]
// result: ["bottom",30,12]

// case: an error inside a returns-only body names its line
function bad(o) {
  if (o) return o.x
  return o.missing.y
}
return bad(null)
// error: TypeError: Cannot read properties of null (reading 'missing')

// case: a generator catching after resuming deeper calls a recursive function correctly
function depth(n) { var m = n; if (n === 0) return 0; return depth(n - 1) + m }
function* gen() { try { yield 1; throw 0 } catch (e) { yield depth(4) } }
const it = gen(); it.next()
function deeper(k) { var v = k; if (k === 0) return it.next().value; return deeper(k - 1) + depth(v) * 0 }
return [deeper(3), depth(3)]
// result: [10,6]

// case: a closure-free function called by builtins and directly
function inc(x) { var y = x + 1; return y } return [[1, 2, 3].map(inc), inc(9), [5].map((v) => inc(v))]
// result: [[2,3,4],10,[6]]

// case: calling what is not a function evaluates the arguments first
const log = []
const o = {}
const arg = (x) => { log.push(x); return x }
try { o.missing(arg(1), arg(2)) } catch (e) { log.push(e instanceof TypeError) }
try { o["also"](arg(3)) } catch (e) { log.push(e instanceof TypeError) }
const notFn = 5
try { notFn(arg(4), arg(5), arg(6), arg(7)) } catch (e) { log.push(e instanceof TypeError) }
return log
// result: [1,2,true,3,true,4,5,6,7,true]
