// Conformance cases: functions. Expectations recorded from Node by record.mjs.

// case: default parameters
function f(a, b = a * 2, c = b + 1) { return [a, b, c] } return [f(1), f(1, 5), f(1, undefined, 0)]
// result: [[1,2,3],[1,5,6],[1,2,0]]

// case: rest parameters
function f(a, ...rest) { return [a, rest] } return f(1, 2, 3)
// result: [1,[2,3]]

// case: arguments object
function f() { return [arguments.length, arguments[0], Array.from(arguments)] } return f('x', 'y')
// result: [2,"x",["x","y"]]

// case: spread in calls
function f(a, b, c) { return a + b + c } const xs = [1, 2, 3]; return [f(...xs), Math.max(...xs, 10)]
// result: [6,10]

// case: function length and name
function named(a, b = 1, ...c) {} const anon = function () {}; const arrow = (x) => x; return [named.length, named.name, anon.name, arrow.name, (() => {}).name]
// result: [1,"named","anon","arrow",""]

// case: arrow this is lexical
const o = { v: 1, f() { return [1, 2].map(() => this.v) } }; return o.f()
// result: [1,1]

// case: method this binding
const o = { v: 'o', get() { return this.v } }; const g = o.get; return [o.get(), (() => { try { return g() } catch (e) { return e.constructor.name } })()]
// result: ["o","TypeError"]

// case: call apply bind
function f(a, b) { return [this.n, a, b] } const o = { n: 1 }; return [f.call(o, 2, 3), f.apply(o, [4, 5]), f.bind(o, 6)(7)]
// result: [[1,2,3],[1,4,5],[1,6,7]]

// case: closures counter
function counter() { let n = 0; return { inc: () => ++n, get: () => n } } const c = counter(); c.inc(); c.inc(); return c.get()
// result: 2

// case: immediately invoked function
return (function (x) { return x * 2 })(21)
// result: 42

// case: recursive arrow via const
const fib = (n) => (n < 2 ? n : fib(n - 1) + fib(n - 2)); return fib(15)
// result: 610

// case: named function expression sees itself
const f = function me(n) { return n ? me(n - 1) + 1 : 0 }; return f(5)
// result: 5

// case: higher order functions
const compose = (...fs) => (x) => fs.reduceRight((v, f) => f(v), x); return compose((x) => x + 1, (x) => x * 2)(5)
// result: 11

// case: calling a non function
const o = {}; o.missing()
// error: TypeError: o.missing is not a function

// case: new on arrow throws
const A = () => {}; try { new A() } catch (e) { return e.message }
// result: "A is not a constructor"

// case: function constructor with prototype
function P(x) { this.x = x } P.prototype.get = function () { return this.x }; const p = new P(3); return [p.get(), p instanceof P, p.constructor === P]
// result: [3,true,true]

// case: constructor returning object
function F() { this.a = 1; return { b: 2 } } return new F()
// result: {"b":2}

// case: getter and setter in literal
const o = { _v: 1, get v() { return this._v * 10 }, set v(x) { this._v = x } }; o.v = 5; return [o.v, o._v]
// result: [50,5]

// case: computed property names
const k = 'dyn'; const o = { [k + 'amic']: 1, [`t${1 + 1}`]: 2 }; return o
// result: {"dynamic":1,"t2":2}

// case: shorthand and methods
const a = 1, b = 2; const o = { a, b, sum() { return this.a + this.b } }; return [o.a, o.sum()]
// result: [1,3]

// case: deep recursion hits the stack bound
function f(n) { return f(n + 1) } f(0)
// error: RangeError: Maximum call stack size exceeded
