// Conformance cases: builtins object. Expectations recorded from Node by record.mjs.

// case: Object keys values entries
const o = { b: 2, a: 1 }; return [Object.keys(o), Object.values(o), Object.entries(o)]
// result: [["b","a"],[2,1],[["b",2],["a",1]]]

// case: integer keys come first
return Object.keys({ z: 1, 10: 1, 2: 1, a: 1, '-1': 1, '01': 1 })
// result: ["2","10","z","a","-1","01"]

// case: Object assign and fromEntries
return [Object.assign({ a: 1 }, { b: 2 }, null, { a: 3 }), Object.fromEntries([['x', 1], ['y', 2]])]
// result: [{"a":3,"b":2},{"x":1,"y":2}]

// case: Object freeze
const o = Object.freeze({ a: 1 }); try { o.a = 2 } catch (e) { return [o.a, Object.isFrozen(o), e.constructor.name] }
// result: [1,true,"TypeError"]

// case: Object create and getPrototypeOf
const p = { greet() { return 'hi' } }; const o = Object.create(p); return [o.greet(), Object.getPrototypeOf(o) === p, Object.getPrototypeOf(Object.create(null))]
// result: ["hi",true,null]

// case: defineProperty data and accessor
const o = {}; Object.defineProperty(o, 'hidden', { value: 1 }); Object.defineProperty(o, 'calc', { get() { return 42 }, enumerable: true }); return [Object.keys(o), o.hidden, o.calc]
// result: [["calc"],1,42]

// case: hasOwnProperty and hasOwn
const o = { a: 1 }; return [o.hasOwnProperty('a'), o.hasOwnProperty('toString'), Object.hasOwn(o, 'a')]
// result: [true,false,true]

// case: Object groupBy
const g = Object.groupBy([1, 2, 3, 4, 5], (n) => (n % 2 ? 'odd' : 'even')); return { odd: g.odd, even: g.even }
// error: TypeError: Object.groupBy is not a function

// case: Object toString tags
return [Object.prototype.toString.call([]), Object.prototype.toString.call(null), Object.prototype.toString.call(new Map()), String({})]
// result: ["[object Array]","[object Null]","[object Map]","[object Object]"]

// case: property order is insertion order
const o = {}; o.z = 1; o.a = 2; o.m = 3; delete o.a; o.a = 4; return Object.keys(o)
// result: ["z","m","a"]

// case: Object is
return [Object.is(NaN, NaN), Object.is(0, -0), Object.is('a', 'a')]
// result: [true,false,true]
