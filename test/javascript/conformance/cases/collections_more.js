// Conformance cases: Map, Set, WeakMap, WeakSet in depth (order, SameValueZero keys, mutation during iteration). Expectations recorded from Node by record.mjs.

// case: Map insertion order after delete and re-add
const m = new Map([['a', 1], ['b', 2], ['c', 3]]); m.delete('a'); m.set('a', 4); m.set('b', 5); return [[...m.keys()], [...m.values()]]
// result: [["b","c","a"],[5,3,4]]

// case: Set insertion order after delete and re-add
const s = new Set([3, 1, 2]); s.delete(3); s.add(3); s.add(1); return [...s]
// result: [1,2,3]

// case: Map keys negative zero normalised
const m = new Map(); m.set(-0, 'z'); return [m.get(0), m.has(-0), Object.is([...m.keys()][0], 0), m.size]
// result: ["z",true,true,1]

// case: Set negative zero normalised
const s = new Set([-0, 0]); return [s.size, Object.is([...s][0], 0), s.has(-0)]
// result: [1,true,true]

// case: NaN keys
const m = new Map([[NaN, 'n']]); const s = new Set([NaN, NaN, 0 / 0]); return [m.get(NaN), m.has(Number('x')), s.size]
// result: ["n",true,1]

// case: object keys by identity
const k1 = {}; const k2 = {}; const m = new Map([[k1, 1], [k2, 2]]); return [m.get(k1), m.get({}), m.size, new Set([[1], [1]]).size]
// result: [1,null,2,2]

// case: mixed key types stay distinct
const m = new Map([[1, 'num'], ['1', 'str'], [true, 'bool'], [null, 'null'], [undefined, 'undef']]); return [m.get(1), m.get('1'), m.get(true), m.get(null), m.get(undefined), m.size, m.has(void 0)]
// result: ["num","str","bool","null","undef",5,true]

// case: iteration while adding visits new entries
const m = new Map([[1, 1]]); const seen = []; for (const [k] of m) { seen.push(k); if (k < 4) m.set(k + 1, 0) } return seen
// result: [1,2,3,4]

// case: iteration while deleting skips removed
const s = new Set([1, 2, 3, 4]); const seen = []; for (const x of s) { seen.push(x); if (x === 1) { s.delete(2); s.delete(1) } } return [seen, [...s]]
// result: [[1,3,4],[3,4]]

// case: delete and re-add during iteration revisits
const s = new Set([1, 2]); const seen = []; for (const x of s) { seen.push(x); if (seen.length < 4 && x === 1) { s.delete(1); s.add(1) } } return seen
// result: [1,2,1,1]

// case: clear during iteration ends it
const m = new Map([[1, 1], [2, 2], [3, 3]]); const seen = []; for (const [k] of m) { seen.push(k); m.clear() } return [seen, m.size]
// result: [[1],0]

// case: forEach order and arguments
const m = new Map([['a', 1], ['b', 2]]); const out = []; m.forEach(function (v, k, map) { out.push([k, v, map === m, this.t]) }, { t: 'T' }); const s = new Set(['x']); s.forEach((v, k, set) => out.push([v, k, set === s])); return out
// result: [["a",1,true,"T"],["b",2,true,"T"],["x","x",true]]

// case: forEach sees additions
const s = new Set([1]); const out = []; s.forEach((x) => { out.push(x); if (x < 3) s.add(x + 1) }); return out
// result: [1,2,3]

// case: entries keys values iterators
const s = new Set(['a', 'b']); const m = new Map([[1, 'x']]); return [[...s.entries()], [...s.keys()], [...m.entries()], s.keys === s.values, Set.prototype[Symbol.iterator] === Set.prototype.values, Map.prototype[Symbol.iterator] === Map.prototype.entries]
// result: [[["a","a"],["b","b"]],["a","b"],[[1,"x"]],true,true,true]

// case: iterator objects are iterable and exhaust
const it = new Map([[1, 2]]).keys(); const first = it.next(); const second = it.next(); return [first, second, it[Symbol.iterator]() === it, Object.prototype.toString.call(it)]
// result: [{"value":1,"done":false},{"done":true},true,"[object Map Iterator]"]

// case: set returns this and chains
const m = new Map().set('a', 1).set('b', 2); const s = new Set().add(1).add(2).add(1); return [m.size, s.size, m.delete('a'), m.delete('a'), s.has(2)]
// result: [2,2,true,false,true]

// case: constructor from iterables
return [new Map(Object.entries({ a: 1, b: 2 })).get('b'), new Set('hello').size, [...new Set('hello')].join(''), new Map(new Map([[1, 2]])).get(1), new Set(null).size, new Map(undefined).size]
// result: [2,4,"helo",2,0,0]

// case: Map constructor bad entry throws
try { new Map([1]) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Iterator value 1 is not an entry object"]

// case: Map without new throws
try { Map() } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Constructor Map requires 'new'"]

// case: Set from non iterable throws
try { new Set(5) } catch (e) { return e.name }
// result: "TypeError"

// case: WeakMap basics
const wm = new WeakMap(); const k = {}; wm.set(k, 'v'); return [wm.get(k), wm.has(k), wm.has({}), wm.delete(k), wm.has(k), wm.get(k), wm.set({}, 1) === wm]
// result: ["v",true,false,true,false,null,true]

// case: WeakMap primitive key throws
try { new WeakMap().set('a', 1) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Invalid value used as weak map key"]

// case: WeakSet basics
const ws = new WeakSet(); const o = {}; ws.add(o); return [ws.has(o), ws.has({}), ws.delete(o), ws.has(o), typeof ws.size]
// result: [true,false,true,false,"undefined"]

// case: WeakSet primitive throws
try { new WeakSet([1]) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Invalid value used in weak set"]

// case: WeakMap non object lookups
const wm = new WeakMap(); return [wm.get(1), wm.has('x'), wm.delete(null)]
// result: [null,false,false]

// case: collections toString and tags
return [String(new Map()), Object.prototype.toString.call(new Set()), String(new WeakMap()), new Map()[Symbol.toStringTag]]
// result: ["[object Map]","[object Set]","[object WeakMap]","Map"]

// case: spread and Array from with map function
const m = new Map([['a', 1], ['b', 2]]); return [Array.from(m, ([k, v]) => k + v), [...m].flat(), Object.fromEntries(m)]
// result: [["a1","b2"],["a",1,"b",2],{"a":1,"b":2}]

// case: Map size is a getter
const d = Object.getOwnPropertyDescriptor(Map.prototype, 'size'); return [typeof d.get, d.set, 'size' in new Map(), Object.keys(new Map([[1, 1]]))]
// result: ["function",null,true,[]]

// case: Map size getter on wrong receiver throws
try { Object.getOwnPropertyDescriptor(Map.prototype, 'size').get.call({}) } catch (e) { return e.name }
// result: "TypeError"

// case: Set methods on wrong receiver throw
try { Set.prototype.add.call(new Map(), 1) } catch (e) { return e.name }
// result: "TypeError"

// case: Map and Set subclass
class Counter extends Map { inc(k) { this.set(k, (this.get(k) ?? 0) + 1); return this } } const c = new Counter(); c.inc('a').inc('a').inc('b'); return [c.get('a'), c.size, c instanceof Map, [...c]]
// result: [2,2,true,[["a",2],["b",1]]]

// case: Set subclass add override called by constructor
const log = []; class S extends Set { add(v) { log.push(v); return super.add(v * 2) } } const s = new S([1, 2]); return [log, [...s]]
// result: [[1,2],[2,4]]

// case: Map groupBy style counting
const words = ['a', 'bb', 'cc', 'd', 'eee']; const m = new Map(); for (const w of words) { const l = w.length; if (!m.has(l)) m.set(l, []); m.get(l).push(w) } return [...m]
// result: [[1,["a","d"]],[2,["bb","cc"]],[3,["eee"]]]

// case: Set dedupe preserves first occurrence order
return [...new Set([3, 1, 3, 2, 1, 4])]
// result: [3,1,2,4]

// case: JSON of Map via entries
const m = new Map([['x', { y: 1 }]]); return JSON.stringify([...m])
// result: "[[\"x\",{\"y\":1}]]"

// case: string keys versus numeric in Map order
const m = new Map(); m.set('b', 1); m.set(2, 1); m.set('a', 1); m.set(1, 1); return [...m.keys()]
// result: ["b",2,"a",1]

// case: Map iterator next after exhaustion and toStringTag
const it = new Set([1]).values(); it.next(); return [it.next(), it.next().done, Object.prototype.toString.call(new Set().entries()), Object.prototype.toString.call(new Map().keys())]
// result: [{"done":true},true,"[object Set Iterator]","[object Map Iterator]"]

// case: Map iterator prototype shared
const a = new Map().keys(); const b = new Map().entries(); return [Object.getPrototypeOf(a) === Object.getPrototypeOf(b), typeof Object.getPrototypeOf(a).next, Object.getPrototypeOf(new Set().values()) === Object.getPrototypeOf(a)]
// result: [true,"function",false]

// case: WeakMap constructor with entries
const k = {}; const wm = new WeakMap([[k, 1]]); return wm.get(k)
// result: 1

// case: WeakMap constructor with primitive key throws
try { new WeakMap([[1, 2]]) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Invalid value used as weak map key"]

// case: Map constructor with overridden set
const seen = []; class M extends Map { set(k, v) { seen.push(k); return super.set(k, v * 10) } } const m = new M([['a', 1]]); return [seen, m.get('a')]
// result: [["a"],10]

// case: a replaced Map.prototype.set and Set.prototype.add are what the constructors call
const calls = []
const set = Map.prototype.set, add = Set.prototype.add
Map.prototype.set = function (k, v) { calls.push("set " + k); return set.call(this, k, v) }
Set.prototype.add = function (v) { calls.push("add " + v); return add.call(this, v) }
try {
  new Map([[1, "a"], [2, "b"]]); new Set(["x"])
  let closed = 0
  const endless = { [Symbol.iterator]() { return { next() { return { value: [0, 0], done: false } }, return() { closed++; return {} } } } }
  Map.prototype.set = function () { throw new Error("refused") }
  try { new Map(endless) } catch (e) { calls.push(e.message + " closed " + closed) }
  return calls
} finally { Map.prototype.set = set; Set.prototype.add = add }
// result: ["set 1","set 2","add x","refused closed 1"]
