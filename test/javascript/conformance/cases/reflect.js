// Conformance cases: Reflect, each method on ordinary objects, arrays, functions and classes, with its TypeErrors. Expectations recorded from Node by record.mjs.

// case: Reflect shape
return [typeof Reflect, Object.prototype.toString.call(Reflect), Object.getPrototypeOf(Reflect) === Object.prototype, Reflect.ownKeys(Reflect).map(String)]
// result: ["object","[object Reflect]",true,["defineProperty","deleteProperty","apply","construct","get","getOwnPropertyDescriptor","getPrototypeOf","has","isExtensible","ownKeys","preventExtensions","set","setPrototypeOf","Symbol(Symbol.toStringTag)"]]

// case: Reflect method lengths and names
return Object.getOwnPropertyNames(Reflect).map((k) => [k, Reflect[k].length, Reflect[k].name])
// result: [["defineProperty",3,"defineProperty"],["deleteProperty",2,"deleteProperty"],["apply",3,"apply"],["construct",2,"construct"],["get",2,"get"],["getOwnPropertyDescriptor",2,"getOwnPropertyDescriptor"],["getPrototypeOf",1,"getPrototypeOf"],["has",2,"has"],["isExtensible",1,"isExtensible"],["ownKeys",1,"ownKeys"],["preventExtensions",1,"preventExtensions"],["set",3,"set"],["setPrototypeOf",2,"setPrototypeOf"]]

// case: Reflect toStringTag descriptor
return Object.getOwnPropertyDescriptor(Reflect, Symbol.toStringTag)
// result: {"value":"Reflect","writable":false,"enumerable":false,"configurable":true}

// case: Reflect methods are not enumerable
const { value, ...rest } = Object.getOwnPropertyDescriptor(Reflect, 'get'); return [Object.keys(Reflect), rest, value === Reflect.get]
// result: [[],{"writable":true,"enumerable":false,"configurable":true},true]

// case: Reflect is not callable or constructible
const out = []; try { Reflect() } catch (e) { out.push(e.message) } try { new Reflect.get({}, 'x') } catch (e) { out.push(e.message) } return out
// result: ["Reflect is not a function","Reflect.get is not a constructor"]

// case: apply calls with this and arguments
function f(a, b) { return [this.x, a, b] } return Reflect.apply(f, { x: 1 }, [2, 3])
// result: [1,2,3]

// case: apply with an array-like
return Reflect.apply(Math.max, undefined, { length: 3, 0: 5, 1: 9, 2: 1 })
// result: 9

// case: apply on builtin methods
return [Reflect.apply(String.prototype.slice, 'hello', [1, 3]), Reflect.apply(Array.prototype.join, [1, 2], ['-']), Reflect.apply(Object.prototype.toString, [], [])]
// result: ["el","1-2","[object Array]"]

// case: apply needs an arguments list
const out = []; for (const v of [undefined, null, 1, 'ab']) { try { Reflect.apply(Math.max, null, v) } catch (e) { out.push(e.message) } } return out
// result: ["CreateListFromArrayLike called on non-object","CreateListFromArrayLike called on non-object","CreateListFromArrayLike called on non-object","CreateListFromArrayLike called on non-object"]

// case: apply on a non function
const out = []; for (const v of [1, 's', null, undefined, {}, [1], true]) { try { Reflect.apply(v, null, []) } catch (e) { out.push(e.message) } } return out
// result: ["Function.prototype.apply was called on 1, which is a number and not a function","Function.prototype.apply was called on s, which is a string and not a function","Function.prototype.apply was called on null, which is null and not a function","Function.prototype.apply was called on undefined, which is a undefined and not a function","Function.prototype.apply was called on #<Object>, which is an object and not a function","Function.prototype.apply was called on [object Array], which is an object and not a function","Function.prototype.apply was called on true, which is a boolean and not a function"]

// case: apply on a class constructor throws
class A {} try { Reflect.apply(A, null, []) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Class constructor A cannot be invoked without 'new'"]

// case: apply with a hostile receiver on a builtin
const out = []; try { Reflect.apply(Map.prototype.get, {}, ['x']) } catch (e) { out.push(e.name) } try { Reflect.apply(Array.prototype.push, null, [1]) } catch (e) { out.push(e.name) } return out
// result: ["TypeError","TypeError"]

// case: construct a class
class P { constructor(x) { this.x = x } } const p = Reflect.construct(P, [7]); return [p instanceof P, p.x]
// result: [true,7]

// case: construct with newTarget sets the prototype
class A { constructor() { this.t = new.target.name } } class B { } const o = Reflect.construct(A, [], B); return [o instanceof B, o instanceof A, o.t, Object.getPrototypeOf(o) === B.prototype]
// result: [true,false,"B",true]

// case: construct a plain function with newTarget
function F() { this.nt = new.target === G } function G() {} G.prototype.g = 1; const o = Reflect.construct(F, [], G); return [o.nt, o.g, o instanceof G]
// result: [true,1,true]

// case: construct builtins
const d = Reflect.construct(Date, [0]); const e = Reflect.construct(Error, ['boom']); const m = Reflect.construct(Map, [[[1, 2]]]); return [d.getTime(), e.message, e instanceof Error, m.get(1), Reflect.construct(Array, [3]).length]
// result: [0,"boom",true,2,3]

// case: construct an Error subclass through newTarget
class MyErr extends Error {} const e = Reflect.construct(Error, ['x'], MyErr); return [e instanceof MyErr, e.message, e.name]
// result: [true,"x","Error"]

// case: construct a derived class
class A { constructor(v) { this.a = v } } class B extends A { constructor(v) { super(v * 2); this.b = v } } const o = Reflect.construct(B, [5]); return [o.a, o.b, o instanceof B]
// result: [10,5,true]

// case: construct a bound function
function P(a, b) { this.s = a + b } const Bd = P.bind(null, 10); const o = Reflect.construct(Bd, [5]); return [o.s, o instanceof P]
// result: [15,true]

// case: construct refuses non constructors
const out = []; for (const f of [1, {}, [1], Symbol.iterator, null]) { try { Reflect.construct(f, []) } catch (e) { out.push(e.message) } } return out
// result: ["1 is not a constructor","#<Object> is not a constructor","[object Array] is not a constructor","Symbol(Symbol.iterator) is not a constructor","null is not a constructor"]

// case: construct refuses a non constructor newTarget
const out = []; function F() {} for (const nt of [1, {}, undefined]) { try { Reflect.construct(F, [], nt) } catch (e) { out.push(e.message) } } return out
// result: ["1 is not a constructor","#<Object> is not a constructor","undefined is not a constructor"]

// case: construct needs an arguments list
function F() {} try { Reflect.construct(F) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","CreateListFromArrayLike called on non-object"]

// case: defineProperty returns true and defines
const o = {}; const r = Reflect.defineProperty(o, 'x', { value: 1, enumerable: true }); return [r, Object.getOwnPropertyDescriptor(o, 'x')]
// result: [true,{"value":1,"writable":false,"enumerable":true,"configurable":false}]

// case: defineProperty returns false on a non configurable property
const o = {}; Object.defineProperty(o, 'x', { value: 1 }); return [Reflect.defineProperty(o, 'x', { value: 2 }), Reflect.defineProperty(o, 'x', { value: 1 }), o.x]
// result: [false,true,1]

// case: defineProperty returns false on a non extensible object
const o = Object.preventExtensions({ a: 1 }); return [Reflect.defineProperty(o, 'b', { value: 1 }), Reflect.defineProperty(o, 'a', { value: 2 }), o.a, 'b' in o]
// result: [false,true,2,false]

// case: defineProperty accessor and symbol key
const s = Symbol('s'); const o = {}; Reflect.defineProperty(o, s, { get() { return 42 }, configurable: true }); return [o[s], Reflect.ownKeys(o).length]
// result: [42,1]

// case: defineProperty with a bad descriptor still throws
const out = []; try { Reflect.defineProperty({}, 'x', 1) } catch (e) { out.push(e.message) } try { Reflect.defineProperty({}, 'x', { value: 1, get() {} }) } catch (e) { out.push(e.name) } return out
// result: ["Property description must be an object: 1","TypeError"]

// case: defineProperty key conversion
const o = {}; Reflect.defineProperty(o, 1, { value: 'one', enumerable: true }); Reflect.defineProperty(o, { toString() { return 'k' } }, { value: 'kay', enumerable: true }); return Object.keys(o)
// result: ["1","k"]

// case: deleteProperty
const o = { a: 1, b: 2 }; Object.defineProperty(o, 'c', { value: 3 }); return [Reflect.deleteProperty(o, 'a'), Reflect.deleteProperty(o, 'c'), Reflect.deleteProperty(o, 'missing'), Object.keys(o), o.c]
// result: [true,false,true,["b"],3]

// case: deleteProperty on a frozen object returns false
const o = Object.freeze({ a: 1 }); return [Reflect.deleteProperty(o, 'a'), o.a]
// result: [false,1]

// case: deleteProperty on arrays
const a = [1, 2, 3]; return [Reflect.deleteProperty(a, 'length'), Reflect.deleteProperty(a, 0), a.length, Reflect.deleteProperty(Object.freeze([1]), 0)]
// result: [false,true,3,false]

// case: get reads own and inherited properties
const p = { inherited: 1 }; const o = Object.create(p); o.own = 2; return [Reflect.get(o, 'own'), Reflect.get(o, 'inherited'), Reflect.get(o, 'missing'), Reflect.get([5, 6], 1), Reflect.get([5, 6], 'length')]
// result: [2,1,null,6,2]

// case: get with a receiver for getters
const o = { get who() { return this.name } , name: 'o' }; return [Reflect.get(o, 'who'), Reflect.get(o, 'who', { name: 'r' }), Reflect.get(o, 'who', 'str')]
// result: ["o","r",null]

// case: get with a primitive receiver in a getter
const o = { get t() { return typeof this } }; return [Reflect.get(o, 't', 1), Reflect.get(o, 't', undefined), Reflect.get(o, 't')]
// result: ["number","undefined","object"]

// case: get on a function and symbol keys
function f(a, b) {} return [Reflect.get(f, 'length'), Reflect.get(f, 'name'), typeof Reflect.get([], Symbol.iterator)]
// result: [2,"f","function"]

// case: set writes and returns true
const o = {}; const r = Reflect.set(o, 'x', 1); return [r, o.x]
// result: [true,1]

// case: set returns false on read only and getter only
const o = { get g() { return 1 } }; Object.defineProperty(o, 'ro', { value: 1 }); return [Reflect.set(o, 'ro', 2), Reflect.set(o, 'g', 2), o.ro, Reflect.set(Object.freeze({}), 'x', 1)]
// result: [false,false,1,false]

// case: set with a receiver calls setters with it
const o = { set v(x) { this.got = x } }; const r = {}; Reflect.set(o, 'v', 9, r); return [r.got, o.got]
// result: [9,null]

// case: set with a receiver defines on the receiver
const target = { x: 1 }; const receiver = {}; const ok = Reflect.set(target, 'x', 2, receiver); return [ok, target.x, receiver.x, Object.getOwnPropertyDescriptor(receiver, 'x')]
// result: [true,1,2,{"value":2,"writable":true,"enumerable":true,"configurable":true}]

// case: set with a receiver that has an accessor returns false
const receiver = { get x() { return 0 } }; return [Reflect.set({}, 'x', 1, receiver), Reflect.set({}, 'y', 1, Object.preventExtensions({}))]
// result: [false,false]

// case: set with a primitive receiver returns false
return [Reflect.set({}, 'x', 1, 1), Reflect.set({}, 'x', 1, 'abc')]
// result: [false,false]

// case: set on arrays grows and truncates
const a = [1, 2]; Reflect.set(a, 3, 'x'); const grown = a.length; Reflect.set(a, 'length', 1); return [grown, a]
// result: [4,[1]]

// case: getOwnPropertyDescriptor
const o = { a: 1, get b() { return 2 } }; const d = Reflect.getOwnPropertyDescriptor(o, 'b'); return [Reflect.getOwnPropertyDescriptor(o, 'a'), typeof d.get, d.set, Reflect.getOwnPropertyDescriptor(o, 'z'), Reflect.getOwnPropertyDescriptor([1], 'length')]
// result: [{"value":1,"writable":true,"enumerable":true,"configurable":true},"function",null,null,{"value":1,"writable":true,"enumerable":false,"configurable":false}]

// case: getPrototypeOf and setPrototypeOf
const p = { hi() { return 'hi' } }; const o = {}; const r = Reflect.setPrototypeOf(o, p); return [r, Reflect.getPrototypeOf(o) === p, o.hi(), Reflect.getPrototypeOf(Object.prototype), Reflect.getPrototypeOf([]) === Array.prototype]
// result: [true,true,"hi",null,true]

// case: setPrototypeOf to null
const o = { a: 1 }; return [Reflect.setPrototypeOf(o, null), Reflect.getPrototypeOf(o), 'toString' in o]
// result: [true,null,false]

// case: setPrototypeOf returns false on cycles and non extensible objects
const a = {}; const b = Object.create(a); const n = Object.preventExtensions({}); return [Reflect.setPrototypeOf(a, b), Reflect.setPrototypeOf(a, a), Reflect.setPrototypeOf(n, {}), Reflect.setPrototypeOf(n, Object.prototype)]
// result: [false,false,false,true]

// case: setPrototypeOf on Object prototype is refused
return [Reflect.setPrototypeOf(Object.prototype, Object.create(null)), Reflect.setPrototypeOf(Object.prototype, null)]
// result: [false,true]

// case: Object setPrototypeOf on Object prototype throws
try { Object.setPrototypeOf(Object.prototype, Object.create(null)) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Immutable prototype object 'Object.prototype' cannot have their prototype set"]

// case: setPrototypeOf with a bad prototype throws
const out = []; for (const p of [1, undefined, 'x']) { try { Reflect.setPrototypeOf({}, p) } catch (e) { out.push(e.message) } } return out
// result: ["Object prototype may only be an Object or null: 1","Object prototype may only be an Object or null: undefined","Object prototype may only be an Object or null: x"]

// case: has sees own inherited and symbol keys
const s = Symbol(); const o = Object.create({ up: 1 }); o[s] = 1; return [Reflect.has(o, 'up'), Reflect.has(o, s), Reflect.has(o, 'toString'), Reflect.has(o, 'nope'), Reflect.has([1], 0), Reflect.has([1], 1), Reflect.has(function () {}, 'prototype')]
// result: [true,true,true,false,true,false,true]

// case: isExtensible and preventExtensions
const o = {}; const before = Reflect.isExtensible(o); const r = Reflect.preventExtensions(o); o.a = 1; return 'unreachable'
// error: TypeError: Cannot add property a, object is not extensible

// case: preventExtensions stops additions
const o = { a: 1 }; const before = Reflect.isExtensible(o); const r = Reflect.preventExtensions(o); return [before, r, Reflect.isExtensible(o), Reflect.set(o, 'b', 1), Reflect.set(o, 'a', 5), o, Reflect.isExtensible(Object.freeze({})), Reflect.isExtensible(Object.seal({}))]
// result: [true,true,false,false,true,{"a":5},false,false]

// case: ownKeys order integers strings then symbols
const s1 = Symbol('a'); const s2 = Symbol('b'); const o = { z: 1, 2: 1, [s2]: 1, a: 1, 1: 1, [s1]: 1 }; Object.defineProperty(o, 'hidden', { value: 1 }); return Reflect.ownKeys(o).map(String)
// result: ["1","2","z","a","hidden","Symbol(b)","Symbol(a)"]

// case: ownKeys of arrays functions and String objects
function f(a) {} f.extra = 1; return [Reflect.ownKeys([7, 8]), Reflect.ownKeys(f).sort(), Reflect.ownKeys(new String('ab'))]
// result: [["0","1","length"],["extra","length","name","prototype"],["0","1","length"]]

// case: ownKeys of a class
class A { static s() {} m() {} } return [Reflect.ownKeys(A).sort(), Reflect.ownKeys(A.prototype)]
// result: [["length","name","prototype","s"],["constructor","m"]]

// case: non object targets throw V8 messages
const out = []; const calls = [() => Reflect.get(1, 'x'), () => Reflect.set('s', 'x', 1), () => Reflect.has(null, 'x'), () => Reflect.ownKeys(undefined), () => Reflect.getPrototypeOf(1), () => Reflect.setPrototypeOf(1, null), () => Reflect.isExtensible(true), () => Reflect.preventExtensions(1), () => Reflect.deleteProperty(1, 'x'), () => Reflect.defineProperty(1, 'x', {}), () => Reflect.getOwnPropertyDescriptor('s', 'length')]; for (const c of calls) { try { c() } catch (e) { out.push(`${e.name}: ${e.message}`) } } return out
// result: ["TypeError: Reflect.get called on non-object","TypeError: Reflect.set called on non-object","TypeError: Reflect.has called on non-object","TypeError: Reflect.ownKeys called on non-object","TypeError: Reflect.getPrototypeOf called on non-object","TypeError: Reflect.setPrototypeOf called on non-object","TypeError: Reflect.isExtensible called on non-object","TypeError: Reflect.preventExtensions called on non-object","TypeError: Reflect.deleteProperty called on non-object","TypeError: Reflect.defineProperty called on non-object","TypeError: Reflect.getOwnPropertyDescriptor called on non-object"]

// case: key conversion happens once through toPrimitive
let n = 0; const key = { [Symbol.toPrimitive]() { n++; return 'k' } }; const o = { k: 1 }; return [Reflect.get(o, key), Reflect.has(o, key), n]
// result: [1,true,2]

// case: Reflect works with getters that throw
const o = { get bad() { throw new RangeError('nope') } }; try { Reflect.get(o, 'bad') } catch (e) { return [e.name, e.message] }
// result: ["RangeError","nope"]

// case: Reflect on globalThis
globalThis.mine = 1; return [Reflect.has(globalThis, 'mine'), Reflect.get(globalThis, 'mine'), Reflect.has(globalThis, 'Math'), Reflect.get(globalThis, 'Reflect') === Reflect, Reflect.deleteProperty(globalThis, 'mine'), typeof globalThis.mine]
// result: [true,1,true,true,true,"undefined"]

// case: Reflect methods can be replaced by the program
const saved = [Reflect.get, Reflect.has]; try { Reflect.get = () => 'mine'; return [Reflect.get({ a: 1 }, 'a'), delete Reflect.has, 'has' in Reflect] } finally { Reflect.get = saved[0]; Reflect.has = saved[1] }
// result: ["mine",true,false]

// case: Reflect apply passes undefined this in strict code
function f() { return this } return [Reflect.apply(f, undefined, []), Reflect.apply(f, 5, [])]
// result: [null,5]

// case: set with an undefined receiver
const seen = []; const o = { set s(v) { seen.push(typeof this, v) }, d: 1 }; return [Reflect.set(o, 's', 1, undefined), Reflect.set(o, 'd', 2, undefined), Reflect.set(o, 'nope', 3, undefined), o.d, seen]
// result: [true,false,false,1,["undefined",1]]

// case: get with a missing receiver argument and an explicit one
const o = { get me() { return this === o } }; return [Reflect.get(o, 'me'), Reflect.get(o, 'me', o), Reflect.get(o, 'me', {})]
// result: [true,true,false]

// case: construct Promise and Set through Reflect
const s = Reflect.construct(Set, [[1, 1, 2]]); const p = Reflect.construct(Promise, [(res) => res(5)]); return [s.size, await p]
// result: [2,5]

// case: defineProperty on a frozen array index returns false
const a = Object.freeze([1, 2]); return [Reflect.defineProperty(a, '0', { value: 9 }), a[0], Reflect.defineProperty(a, 'x', { value: 1 })]
// result: [false,1,false]
