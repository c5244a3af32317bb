// Conformance cases: builtins_wrappers_protocols. Expectations recorded from Node by record.mjs.

// case: the Number, Boolean and String prototypes are wrappers
return [Number.prototype.valueOf(), Boolean.prototype.valueOf(), String.prototype.valueOf(), String.prototype.length, Object.prototype.toString.call(Number.prototype), Object.prototype.toString.call(Boolean.prototype), Object.prototype.toString.call(String.prototype)]
// result: [0,false,"",0,"[object Number]","[object Boolean]","[object String]"]

// case: a wrapper reaches ToPrimitive through its own methods
const n = new Number(2); n.valueOf = () => 40; const s = new String('a'); s.toString = () => 'b'; return [n + 2, `${s}`, JSON.stringify([n, s])]
// result: [42,"b","[40,\"b\"]"]

// case: Symbol.keyFor and the symbol wrapper
const reg = Symbol.for('app.key'); const local = Symbol('app.key'); const w = Object(reg); return [Symbol.keyFor(reg), Symbol.keyFor(local), w.description, w.toString(), w[Symbol.toPrimitive]('default') === reg, Object.prototype.toString.call(w)]
// result: ["app.key",null,"app.key","Symbol(app.key)",true,"[object Symbol]"]

// case: Symbol.keyFor of a non-symbol throws a TypeError
try { Symbol.keyFor('x') } catch (e) { return e.constructor.name }
// result: "TypeError"

// case: BigInt.asIntN converts booleans and strings
return [BigInt.asIntN(8, true), BigInt.asUintN(8, '0x1ff'), BigInt.asIntN(8, ' 255 ')].map(String)
// result: ["1","255","-1"]

// case: BigInt.asIntN refuses numbers and bad strings
const out = []; for (const v of [1, 'x1']) { try { BigInt.asIntN(8, v) } catch (e) { out.push(e.constructor.name) } } return out
// result: ["TypeError","SyntaxError"]

// case: bigint wrappers and radix errors
const out = [Object(5n).valueOf() === 5n, Object(255n).toString(16), Object.prototype.toString.call(Object(1n))]; try { (1n).toString(1) } catch (e) { out.push(e.constructor.name) } return out
// result: [true,"ff","[object BigInt]","RangeError"]

// case: toPrecision and toExponential of NaN and Infinity ignore the range
return [NaN.toPrecision(1000), Infinity.toExponential(-5), (-Infinity).toPrecision(0)]
// result: ["NaN","Infinity","-Infinity"]

// case: Map methods refuse a WeakMap and Set methods a WeakSet
const out = []; try { Map.prototype.get.call(new WeakMap(), {}) } catch (e) { out.push(e.constructor.name) } try { Set.prototype.has.call(new WeakSet(), {}) } catch (e) { out.push(e.constructor.name) } try { WeakMap.prototype.get.call(new Map(), {}) } catch (e) { out.push(e.constructor.name) } return out
// result: ["TypeError","TypeError","TypeError"]

// case: Map and Set species and forEach callbacks
const out = [Map[Symbol.species] === Map, Set[Symbol.species] === Set, RegExp[Symbol.species] === RegExp]; try { new Map().forEach(null) } catch (e) { out.push(e.constructor.name) } return out
// result: [true,true,true,"TypeError"]

// case: split uses the species constructor with a sticky flag
const seen = []; class R extends RegExp { static get [Symbol.species]() { return function (source, flags) { seen.push(flags); return new RegExp(source, flags) } } } return ['a-b-c'.split(new R('-', 'g')), seen]
// result: [["a","b","c"],["gy"]]

// case: split by a RegExp subclass with a custom exec
class R extends RegExp { exec(s) { return super.exec(s) } } return 'x1y22z'.split(new R('\\d+'))
// result: ["x","y","z"]

// case: matchAll copies the pattern through its species and lastIndex
const re = /a/g; re.lastIndex = 2; return [...'aaaa'.matchAll(re)].map((m) => m.index)
// result: [2,3]

// case: a redefined flag getter is seen by match
const re = /a/y; Object.defineProperty(re, 'flags', { value: '' }); re.lastIndex = 1; return ['aXa'.match(re), re.lastIndex]
// result: [null,0]

// case: a pattern's Symbol.replace receives the receiver unconverted
const o = { toString() { return 'converted' } }; const pattern = { [Symbol.replace](s, r) { return [typeof s, r] } }; return String.prototype.replace.call(o, pattern, 'r')
// result: ["object","r"]

// case: padStart and padEnd have length 1
return [String.prototype.padStart.length, String.prototype.padEnd.length]
// result: [1,1]

// case: super.exec in a RegExp subclass runs the built-in matcher
class R extends RegExp { exec(s) { const m = super.exec(s); return m } } const r = new R('\\d+', 'y'); r.lastIndex = 1; const m = r.exec('x1y'); return [m && m[0], r.lastIndex, 'a1b'.replace(r, '#')]
// result: ["1",2,"a1b"]
