// Conformance cases: Object built-ins in depth (accessors, integrity levels, key order, descriptors). Expectations recorded from Node by record.mjs.

// case: defineProperty data defaults
const o = {}; Object.defineProperty(o, 'x', { value: 1 }); const d = Object.getOwnPropertyDescriptor(o, 'x'); return [d, Object.keys(o), JSON.stringify(o), o.x]
// result: [{"value":1,"writable":false,"enumerable":false,"configurable":false},[],"{}",1]

// case: defineProperty non writable assignment throws in strict code
const o = {}; Object.defineProperty(o, 'x', { value: 1, enumerable: true }); try { o.x = 2 } catch (e) { return [e.name, e.message, o.x] }
// result: ["TypeError","Cannot assign to read only property 'x' of object '#<Object>'",1]

// case: defineProperty accessor
const o = { _v: 1 }; Object.defineProperty(o, 'v', { get() { return this._v * 10 }, set(x) { this._v = x }, enumerable: true, configurable: true }); o.v = 5; const d = Object.getOwnPropertyDescriptor(o, 'v'); return [o.v, typeof d.get, typeof d.set, d.enumerable, d.configurable, 'value' in d, 'writable' in d]
// result: [50,"function","function",true,true,false,false]

// case: defineProperty mixing value and get throws
try { Object.defineProperty({}, 'x', { value: 1, get() { return 2 } }) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Invalid property descriptor. Cannot both specify accessors and a value or writable attribute, #<Object>"]

// case: defineProperty on non configurable throws
const o = {}; Object.defineProperty(o, 'x', { value: 1 }); try { Object.defineProperty(o, 'x', { value: 2 }) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Cannot redefine property: x"]

// case: defineProperty same value on non configurable is fine
const o = {}; Object.defineProperty(o, 'x', { value: 1 }); Object.defineProperty(o, 'x', { value: 1 }); return o.x
// result: 1

// case: defineProperty writable non configurable can change value
const o = {}; Object.defineProperty(o, 'x', { value: 1, writable: true }); Object.defineProperty(o, 'x', { value: 2 }); Object.defineProperty(o, 'x', { writable: false }); return [o.x, Object.getOwnPropertyDescriptor(o, 'x')]
// result: [2,{"value":2,"writable":false,"enumerable":false,"configurable":false}]

// case: defineProperty on non object throws
try { Object.defineProperty(1, 'x', { value: 1 }) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Object.defineProperty called on non-object"]

// case: defineProperties
const o = Object.defineProperties({}, { a: { value: 1, enumerable: true }, b: { get() { return 2 }, enumerable: false } }); return [o.a, o.b, Object.keys(o)]
// result: [1,2,["a"]]

// case: getter only assignment throws
const o = { get x() { return 1 } }; try { o.x = 2 } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Cannot set property x of #<Object> which has only a getter"]

// case: setter only read is undefined
const log = []; const o = { set x(v) { log.push(v) } }; o.x = 3; return [o.x, log]
// result: [null,[3]]

// case: getters in literal order and this
const o = { a: 1, get b() { return this.a + 1 }, c: 3 }; return [Object.keys(o), o.b, JSON.stringify(o)]
// result: [["a","b","c"],2,"{\"a\":1,\"b\":2,\"c\":3}"]

// case: inherited setter is called
const proto = { set v(x) { this._seen = x } }; const o = Object.create(proto); o.v = 4; return [o._seen, Object.keys(o), 'v' in o, o.hasOwnProperty('v')]
// result: [4,["_seen"],true,false]

// case: inherited readonly blocks assignment
const proto = Object.freeze({ x: 1 }); const o = Object.create(proto); try { o.x = 2 } catch (e) { return [e.name, e.message, o.x] }
// result: ["TypeError","Cannot assign to read only property 'x' of object '#<Object>'",1]

// case: freeze
const o = Object.freeze({ a: 1, nested: { b: 2 } }); o.nested.b = 3; let err; try { o.a = 5 } catch (e) { err = e.name } return [Object.isFrozen(o), Object.isSealed(o), Object.isExtensible(o), o.a, o.nested.b, err, Object.isFrozen(o.nested)]
// result: [true,true,false,1,3,"TypeError",false]

// case: freeze add property throws
const o = Object.freeze({}); try { o.x = 1 } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Cannot add property x, object is not extensible"]

// case: freeze delete throws
const o = Object.freeze({ a: 1 }); try { delete o.a } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Cannot delete property 'a' of #<Object>"]

// case: seal
const o = Object.seal({ a: 1 }); o.a = 2; let e1, e2; try { o.b = 1 } catch (e) { e1 = e.name } try { delete o.a } catch (e) { e2 = e.name } return [o.a, e1, e2, Object.isSealed(o), Object.isFrozen(o), Object.getOwnPropertyDescriptor(o, 'a')]
// result: [2,"TypeError","TypeError",true,false,{"value":2,"writable":true,"enumerable":true,"configurable":false}]

// case: preventExtensions
const o = Object.preventExtensions({ a: 1 }); delete o.a; let err; try { o.b = 1 } catch (e) { err = e.name } return [Object.isExtensible(o), 'a' in o, err, Object.isFrozen(o), Object.isSealed(o)]
// result: [false,false,"TypeError",true,true]

// case: freeze of primitives and arrays
const a = Object.freeze([1, 2]); let err; try { a.push(3) } catch (e) { err = e.name } return [Object.freeze(5), Object.isFrozen(5), Object.isFrozen('x'), err, a.length]
// result: [5,true,true,"TypeError",2]

// case: integer keys come first in ascending order
const o = { b: 1, 10: 'x', a: 2, 2: 'y', '-1': 'z', '01': 'w', 1.5: 'v', [Symbol('s')]: 0, 4294967294: 'big', 4294967295: 'over' }; return Object.keys(o)
// result: ["2","10","4294967294","b","a","-1","01","1.5","4294967295"]

// case: key order after delete and re-add
const o = { a: 1, b: 2, c: 3 }; delete o.a; o.a = 4; o[0] = 'z'; return [Object.keys(o), JSON.stringify(o)]
// result: [["0","b","c","a"],"{\"0\":\"z\",\"b\":2,\"c\":3,\"a\":4}"]

// case: for in order with prototype keys
const proto = { p: 1, 0: 'p0' }; const o = Object.create(proto); o.b = 1; o[1] = 2; o.a = 3; const ks = []; for (const k in o) ks.push(k); return ks
// result: ["1","b","a","0","p"]

// case: for in skips shadowed non enumerable
const proto = { x: 1, y: 2 }; const o = Object.create(proto); Object.defineProperty(o, 'x', { value: 5, enumerable: false }); const ks = []; for (const k in o) ks.push(k); return ks
// result: ["y"]

// case: entries values fromEntries
const o = { b: 2, a: 1, 1: 'one' }; return [Object.entries(o), Object.values(o), Object.fromEntries([['x', 1], ['y', [2]]]), Object.fromEntries(new Map([[1, 'a'], [true, 'b']]))]
// result: [[["1","one"],["b",2],["a",1]],["one",2,1],{"x":1,"y":[2]},{"1":"a","true":"b"}]

// case: fromEntries with generator
function* gen() { yield ['a', 1]; yield ['b', 2] } return Object.fromEntries(gen())
// result: {"a":1,"b":2}

// case: fromEntries bad entry throws
try { Object.fromEntries([1]) } catch (e) { return e.name }
// result: "TypeError"

// case: entries ignore symbols and non enumerable
const o = { a: 1, [Symbol('s')]: 2 }; Object.defineProperty(o, 'h', { value: 3 }); return [Object.entries(o), Object.getOwnPropertyNames(o), Object.getOwnPropertySymbols(o).length]
// result: [[["a",1]],["a","h"],1]

// case: entries of strings and arrays
return [Object.entries('hi'), Object.keys([5, 6]), Object.values('ab'), Object.keys(5)]
// result: [[["0","h"],["1","i"]],["0","1"],["a","b"],[]]

// case: getOwnPropertyDescriptors
const o = { a: 1, get b() { return 2 } }; const ds = Object.getOwnPropertyDescriptors(o); return [ds.a, Object.keys(ds.b), typeof ds.b.get, ds.b.set]
// result: [{"value":1,"writable":true,"enumerable":true,"configurable":true},["get","set","enumerable","configurable"],"function",null]

// case: clone with descriptors keeps getters
const src = { get now() { return 'live' } }; const c = Object.defineProperties({}, Object.getOwnPropertyDescriptors(src)); return [typeof Object.getOwnPropertyDescriptor(c, 'now').get, c.now]
// result: ["function","live"]

// case: assign invokes getters and setters
const log = []; const src = { get a() { log.push('get a'); return 1 }, b: 2 }; const target = { set a(v) { log.push('set a ' + v) } }; Object.assign(target, src); return [log, Object.keys(target), target.b]
// result: [["get a","set a 1"],["a","b"],2]

// case: spread invokes getters but defines data
const src = { get a() { return 5 } }; const o = { ...src }; const d = Object.getOwnPropertyDescriptor(o, 'a'); return [d.value, d.writable, 'get' in d]
// result: [5,true,false]

// case: spread does not call setters of target literal
const log = []; const o = { set a(v) { log.push(v) }, ...{ a: 1 } }; return [log, o.a]
// result: [[],1]

// case: assign skips null sources and copies symbols
const s = Symbol('k'); const o = Object.assign({}, null, undefined, { [s]: 1, x: 2 }, 'ab'); return [o[s], o.x, o[0], o[1], Object.keys(o)]
// result: [1,2,"a","b",["0","1","x"]]

// case: assign to frozen throws
try { Object.assign(Object.freeze({ a: 1 }), { a: 2 }) } catch (e) { return e.name }
// result: "TypeError"

// case: prototype chains
const a = { x: 1 }; const b = Object.create(a); const c = Object.create(b); c.y = 2; return [c.x, Object.getPrototypeOf(c) === b, a.isPrototypeOf(c), Object.prototype.isPrototypeOf(c), 'x' in c, Object.hasOwn(c, 'x'), Object.hasOwn(c, 'y')]
// result: [1,true,true,true,true,false,true]

// case: null prototype objects
const o = Object.create(null); o.a = 1; return [Object.getPrototypeOf(o), 'toString' in o, Object.keys(o), String(Object.prototype.toString.call(o))]
// result: [null,false,["a"],"[object Object]"]

// case: setPrototypeOf
const o = Object.setPrototypeOf({ a: 1 }, { greet() { return 'hi ' + this.a } }); return [o.greet(), Object.setPrototypeOf(1, null)]
// result: ["hi 1",1]

// case: setPrototypeOf cycle throws
const a = {}; const b = Object.create(a); try { Object.setPrototypeOf(a, b) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Cyclic __proto__ value"]

// case: create with descriptors
const o = Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true }, hidden: { value: 3 } }); return [o.inherited, o.own, o.hidden, Object.keys(o)]
// result: [1,2,3,["own"]]

// case: create with bad prototype throws
try { Object.create(5) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Object prototype may only be an Object or null: 5"]

// case: proto accessor in literals
const o = { __proto__: { z: 9 }, a: 1 }; const p = { ['__proto__']: 5 }; return [o.z, Object.keys(o), Object.keys(p), p.__proto__]
// result: [9,["a"],["__proto__"],5]

// case: toString tags
return [Object.prototype.toString.call([]), Object.prototype.toString.call(null), Object.prototype.toString.call(undefined), Object.prototype.toString.call(1), Object.prototype.toString.call(() => 1), Object.prototype.toString.call(new Date(0)), Object.prototype.toString.call(/x/), Object.prototype.toString.call({ [Symbol.toStringTag]: 'Custom' })]
// result: ["[object Array]","[object Null]","[object Undefined]","[object Number]","[object Function]","[object Date]","[object RegExp]","[object Custom]"]

// case: valueOf and toString conversions
const o = { valueOf() { return 42 }, toString() { return 'str' } }; return [o + 1, `${o}`, String(o), o * 2, [o] + '', o > 41, JSON.stringify({ [o]: 1 })]
// result: [43,"str","str",84,"str",true,"{\"str\":1}"]

// case: toPrimitive symbol
const o = { [Symbol.toPrimitive](hint) { return hint === 'number' ? 7 : hint === 'string' ? 'S' : 'D' } }; return [+o, `${o}`, o + '', o * 1]
// result: [7,"S","D",7]

// case: propertyIsEnumerable and hasOwnProperty
const o = { a: 1 }; Object.defineProperty(o, 'b', { value: 2 }); return [o.propertyIsEnumerable('a'), o.propertyIsEnumerable('b'), o.propertyIsEnumerable('toString'), o.hasOwnProperty('b'), Object.prototype.hasOwnProperty.call(o, 'a')]
// result: [true,false,false,true,true]

// case: Object is
return [Object.is(NaN, NaN), Object.is(0, -0), Object.is('a', 'a'), Object.is({}, {}), NaN === NaN, 0 === -0]
// result: [true,false,true,false,false,true]

// case: Object called as function
const o = { a: 1 }; return [Object(o) === o, typeof Object(1), Object(null) instanceof Object, typeof Object('s'), Object('s').length, new Object(true) instanceof Boolean]
// result: [true,"object",true,"object",1,true]

// case: object equality and computed keys
const k = { toString() { return 'key' } }; const o = { [k]: 1, [1 + 1]: 2, ['a' + 'b']: 3 }; return Object.keys(o)
// result: ["2","key","ab"]

// case: delete semantics
const o = { a: 1 }; return [delete o.a, delete o.nothing, 'a' in o, delete o['toString'], typeof o.toString]
// result: [true,true,false,true,"function"]

// case: accessor defined with defineProperty on array index
const a = [1, 2, 3]; Object.defineProperty(a, 1, { get() { return 'g' }, enumerable: true }); return [a[1], a.length, JSON.stringify(a)]
// result: ["g",3,"[1,\"g\",3]"]

// case: class getter setter on prototype not own
class P { #v = 1; get v() { return this.#v } set v(x) { this.#v = x * 2 } } const p = new P(); p.v = 5; return [p.v, Object.keys(p), Object.getOwnPropertyNames(P.prototype), typeof Object.getOwnPropertyDescriptor(P.prototype, 'v').get]
// result: [10,[],["constructor","v"],"function"]

// case: static getter and inherited static
class A { static get tag() { return 'A:' + this.name } } class B extends A {} return [A.tag, B.tag, Object.getPrototypeOf(B) === A]
// result: ["A:A","A:B",true]

// case: bound function name and length
function add(a, b, c) { return a + b + c } const b = add.bind(null, 1); return [b.name, b.length, b(2, 3), add.bind().name, (() => 1).bind().name, Object.getOwnPropertyNames(b).sort()]
// result: ["bound add",2,6,"bound add","bound ",["length","name"]]

// case: function name and length properties
const f = function (a, b = 1, ...c) {}; const o = { m() {}, get g() { return 1 }, ['comp' + 'uted']() {} }; return [f.name, f.length, o.m.name, Object.getOwnPropertyDescriptor(o, 'g').get.name, o.computed.name, (class K {}).name, Symbol.iterator.description]
// result: ["f",1,"m","get g","computed","K","Symbol.iterator"]

// case: call and apply with array likes
function f() { return [this?.tag, ...arguments] } return [f.call({ tag: 't' }, 1, 2), f.apply({ tag: 'a' }, { length: 2, 0: 'x', 1: 'y' }), f.apply(undefined, [1]), Math.max.apply(null, [1, 9, 3])]
// result: [["t",1,2],["a","x","y"],[null,1],9]

// case: apply with non object throws
try { (function () {}).apply(null, 5) } catch (e) { return e.name }
// result: "TypeError"

// case: new on bound class
class P { constructor(x, y) { this.s = x + y } } const B = P.bind(null, 1); const p = new B(2); return [p.s, p instanceof P, p instanceof B]
// result: [3,true,true]

// case: function toString of builtin
return [String(Math.max).includes('native code'), typeof Function.prototype.toString.call(parseInt)]
// result: [true,"string"]

// case: getters on classes via defineProperty on prototype
class T {} Object.defineProperty(T.prototype, 'x', { get() { return 'gx' }, configurable: true }); return [new T().x, Object.keys(new T())]
// result: ["gx",[]]

// case: object keys count with integer like strings
const o = { '1': 'a', '01': 'b', '1.0': 'c', '-0': 'd', '0': 'e' }; return Object.keys(o)
// result: ["0","1","01","1.0","-0"]

// case: Object entries on Map and class instance
class A { x = 1; #y = 2; static s = 3 } return [Object.entries(new A()), Object.entries(new Map([[1, 2]])), Object.keys(A)]
// result: [[["x",1]],[],["s"]]

// case: getOwnPropertyNames of array and function
return [Object.getOwnPropertyNames([1, 2]), Object.getOwnPropertyNames(function f(a) {}).sort(), Object.getOwnPropertyNames('ab')]
// result: [["0","1","length"],["length","name","prototype"],["0","1","length"]]

// case: a generic descriptor keeps an accessor an accessor
const o = { v: 1 }; Object.defineProperty(o, "x", { get() { return this.v }, set(x) { this.v = x }, configurable: true, enumerable: true })
Object.defineProperty(o, "x", { enumerable: false }); o.x = 5
const d = Object.getOwnPropertyDescriptor(o, "x"); return [o.x, typeof d.get, typeof d.set, d.enumerable, d.configurable, "value" in d]
// result: [5,"function","function",false,true,false]

// case: freeze makes a non-configurable writable property read-only
const o = {}; Object.defineProperty(o, "a", { value: 1, writable: true, configurable: false }); const f = function () {}
Object.freeze(o); Object.freeze(f); return [Object.getOwnPropertyDescriptor(o, "a").writable, Object.isFrozen(o), Object.isFrozen(f), Object.getOwnPropertyDescriptor(f, "prototype").writable]
// result: [false,true,true,false]

// case: entries and values skip a key a getter deleted or hid
const o = { a: 1, get b() { delete this.c; Object.defineProperty(this, "d", { enumerable: false }); return 2 }, c: 3, d: 4 }
const p = { a: 1, get b() { delete this.c; return 2 }, c: 3 }
return [Object.entries(o), Object.values(p)]
// result: [[["a",1],["b",2]],[1,2]]

// case: fromEntries reads key and value before converting the key
const log = []; const key = { toString() { log.push("key"); return "k" } }
const entry = { get 0() { log.push("get 0"); return key }, get 1() { log.push("get 1"); return 1 } }
return [Object.fromEntries([entry]), log]
// result: [{"k":1},["get 0","get 1","key"]]

// case: toLocaleString calls toString on the unboxed receiver
Boolean.prototype.toString = function () { return typeof this }
const r = [true.toLocaleString(), [true, false].toLocaleString()]; delete Boolean.prototype.toString
try { Object.prototype.toLocaleString.call(null) } catch (e) { r.push(e.message) }
return r
// result: ["boolean","boolean,boolean","Object.prototype.toLocaleString called on null or undefined"]

// case: arguments objects, hasOwnProperty order, the __proto__ setter on null
const args = (function () { return arguments })(1, 2); const r = [Object.prototype.toString.call(args)]
try { Object.prototype.hasOwnProperty.call(undefined, { toString() { throw new RangeError("key first") } }) } catch (e) { r.push(e.name) }
try { Object.getOwnPropertyDescriptor(Object.prototype, "__proto__").set.call(null, {}) } catch (e) { r.push(e.message) }
return r
// result: ["[object Arguments]","RangeError","set Object.prototype.__proto__ called on null or undefined"]
