// Conformance cases: collections. Expectations recorded from Node by record.mjs.

// case: Map basics
const m = new Map(); m.set('a', 1).set('b', 2); m.set('a', 3); return [m.size, m.get('a'), m.has('b'), m.delete('b'), m.has('b'), [...m]]
// result: [2,3,true,true,false,[["a",3]]]

// case: Map keys by identity and NaN
const k = {}; const m = new Map([[k, 'obj'], [NaN, 'nan'], [0, 'zero']]); return [m.get(k), m.get({}), m.get(NaN), m.get(-0)]
// result: ["obj",null,"nan","zero"]

// case: Map iteration order and forEach
const m = new Map([['z', 1], ['a', 2]]); const out = []; m.forEach((v, k) => out.push(k + v)); return [out, [...m.keys()], [...m.values()]]
// result: [["z1","a2"],["z","a"],[1,2]]

// case: Set basics
const s = new Set([1, 2, 2, 3]); s.add(4).add(1); s.delete(2); return [s.size, [...s], s.has(3)]
// result: [3,[1,3,4],true]

// case: Set dedupe idiom
return [...new Set('mississippi')].join('')
// result: "misp"

// case: Map groupBy
const m = Map.groupBy([1, 2, 3], (x) => x % 2); return [...m].map(([k, v]) => [k, v])
// error: TypeError: Map.groupBy is not a function

// case: WeakMap and WeakSet
const k = {}; const wm = new WeakMap([[k, 1]]); const ws = new WeakSet([k]); return [wm.get(k), wm.has({}), ws.has(k)]
// result: [1,false,true]

// case: Map in console log
console.log(new Map([['a', 1]]), new Set([1, 'x']))
// expect:
// Map(1) { 'a' => 1 } Set(2) { 1, 'x' }

// case: modifying set during iteration
const s = new Set([1, 2, 3]); const out = []; for (const x of s) { out.push(x); if (x === 1) { s.delete(2); s.add(4) } } return out
// result: [1,3,4]
