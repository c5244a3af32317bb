// Conformance cases: Symbol.species. Expectations recorded from Node by record.mjs.

// case: subclass results keep the subclass
class MyArray extends Array {} const m = MyArray.from([1, 2, 3]); return [m instanceof MyArray, m.map((x) => x) instanceof MyArray, m.filter(Boolean) instanceof MyArray, m.slice(1) instanceof MyArray, m.concat([4]) instanceof MyArray]
// result: [true,true,true,true,true]

// case: species returning Array
class Plain extends Array { static get [Symbol.species]() { return Array } } const p = new Plain(1, 2, 3); return [p.map((x) => x) instanceof Plain, Array.isArray(p.map((x) => x)), p.length]
// result: [false,true,3]

// case: species on a plain array through constructor
const a = [1, 2, 3]; const made = []; a.constructor = { [Symbol.species]: function (n) { made.push(n); return { length: 0 } } }; const r = a.map((x) => x * 2); return [made, r]
// result: [[3],{"0":2,"1":4,"2":6,"length":0}]

// case: null species gives a plain array
const a = [1, 2]; a.constructor = { [Symbol.species]: null }; return Array.isArray(a.slice())
// result: true

// case: a species that is not a constructor
const a = [1]; a.constructor = { [Symbol.species]: 1 }; a.map((x) => x)
// error: TypeError: object.constructor[Symbol.species] is not a constructor

// case: well-known species getters
return [Array[Symbol.species] === Array, Object.getOwnPropertyDescriptor(Array, Symbol.species).get.name, typeof Symbol.species, Symbol.species.toString(), Uint8Array[Symbol.species] === Uint8Array, ArrayBuffer[Symbol.species] === ArrayBuffer]
// result: [true,"get [Symbol.species]","symbol","Symbol(Symbol.species)",true,true]

// case: typed array species
class Bytes extends Uint8Array {} const b = new Bytes([1, 2, 3]); return [b.map((x) => x) instanceof Bytes, b.subarray(1) instanceof Bytes, b.slice(1).length, b.filter((x) => x > 1).join()]
// result: [true,true,2,"2,3"]

// case: concat spreads what isConcatSpreadable says
const o = { length: 2, 0: 'a', 1: 'b', [Symbol.isConcatSpreadable]: true }; const a = [1, 2]; a[Symbol.isConcatSpreadable] = false; return [[0].concat(o), [0].concat(a).length]
// result: [[0,"a","b"],2]
