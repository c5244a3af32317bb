// Conformance cases: Array built-ins in depth (stable sort, ES2023 copies, from, flat, search edge values). Expectations recorded from Node by record.mjs.

// case: sort stability with 100 records
const recs = []; for (let i = 0; i < 100; i++) recs.push({ id: i, group: (i * 7) % 5 }); recs.sort((a, b) => a.group - b.group); let stable = true; for (let i = 1; i < recs.length; i++) if (recs[i - 1].group === recs[i].group && recs[i - 1].id > recs[i].id) stable = false; return [stable, recs.slice(0, 6).map((r) => r.id), recs.slice(-3).map((r) => r.id)]
// result: [true,[0,5,10,15,20,25],[87,92,97]]

// case: toSorted stability with 100 records
const recs = Array.from({ length: 100 }, (_, i) => ({ id: i, k: i % 3 })); const s = recs.toSorted((a, b) => b.k - a.k); return [s.slice(0, 5).map((r) => r.id), s[99].id, recs[0].id, s.length]
// result: [[2,5,8,11,14],99,0,100]

// case: default sort is by string
return [[10, 9, 1, 100, 25].sort(), [true, false, 'b', 'a', 3].sort(), ['b', undefined, 'a', undefined].sort(), [3, 20, 100].sort((a, b) => a - b)]
// result: [[1,10,100,25,9],[3,"a","b",false,true],["a","b",null,null],[3,20,100]]

// case: sort comparator returning booleans
return [5, 1, 4].sort((a, b) => a > b)
// result: [5,1,4]

// case: sort invalid comparator throws
try { [2, 1].sort('x') } catch (e) { return [e.name, e.message] }
// result: ["TypeError","The comparison function must be either a function or undefined"]

// case: sort returns same array
const a = [3, 1, 2]; const r = a.sort(); return [r === a, a]
// result: [true,[1,2,3]]

// case: sort strings with unicode
return ['é', 'e', 'z', 'a', 'Z', '😀', 'ä'].sort()
// result: ["Z","a","e","z","ä","é","😀"]

// case: toSorted toReversed do not mutate
const a = [3, 1, 2]; return [a.toSorted(), a.toReversed(), a]
// result: [[1,2,3],[2,1,3],[3,1,2]]

// case: toSpliced
const a = [1, 2, 3, 4]; return [a.toSpliced(1, 2), a.toSpliced(1, 0, 'x', 'y'), a.toSpliced(-1), a.toSpliced(), a.toSpliced(2), a]
// result: [[1,4],[1,"x","y",2,3,4],[1,2,3],[1,2,3,4],[1,2],[1,2,3,4]]

// case: with
const a = [1, 2, 3]; return [a.with(0, 'x'), a.with(-1, 'z'), a]
// result: [["x",2,3],[1,2,"z"],[1,2,3]]

// case: with out of range throws
try { [1, 2].with(2, 0) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","Invalid index : 2"]

// case: at
const a = [10, 20, 30]; return [a.at(0), a.at(-1), a.at(-4), a.at(3), a.at(1.7), a.at('1'), a.at()]
// result: [10,30,null,null,20,20,10]

// case: flat depths
const a = [1, [2, [3, [4, [5]]]]]; return [a.flat(), a.flat(2), a.flat(Infinity), a.flat(0), [[]].flat(), [1, , 3].flat()]
// result: [[1,2,[3,[4,[5]]]],[1,2,3,[4,[5]]],[1,2,3,4,5],[1,[2,[3,[4,[5]]]]],[],[1,3]]

// case: flatMap
return [[1, 2].flatMap((x) => [x, x * 2]), [1, 2].flatMap((x) => [[x]]), ['a b', 'c'].flatMap((s) => s.split(' ')), [1, 2, 3].flatMap((x, i) => (i === 1 ? [] : x))]
// result: [[1,2,2,4],[[1],[2]],["a","b","c"],[1,3]]

// case: copyWithin
return [[1, 2, 3, 4, 5].copyWithin(0, 3), [1, 2, 3, 4, 5].copyWithin(1, 0, 2), [1, 2, 3, 4, 5].copyWithin(-2), [1, 2, 3, 4, 5].copyWithin(0, -3, -1)]
// result: [[4,5,3,4,5],[1,1,2,4,5],[1,2,3,1,2],[3,4,3,4,5]]

// case: fill
return [new Array(3).fill(0), [1, 2, 3, 4].fill('x', 1, 3), [1, 2, 3].fill(9, -1), [1, 2].fill(), Array(2).fill({}).map((o, i, a) => o === a[0])]
// result: [[0,0,0],[1,"x","x",4],[1,2,9],[null,null],[true,true]]

// case: includes NaN indexOf NaN
const a = [1, NaN, 3]; return [a.includes(NaN), a.indexOf(NaN), a.lastIndexOf(NaN), a.findIndex(Number.isNaN)]
// result: [true,-1,-1,1]

// case: indexOf negative zero
const a = [-0, 1]; return [a.indexOf(0), a.includes(0), a.indexOf(-0), [0].includes(-0), Object.is(a.find((x) => x === 0), -0)]
// result: [0,true,0,true,true]

// case: indexOf from index
const a = [1, 2, 1, 2]; return [a.indexOf(2, 2), a.indexOf(1, -2), a.lastIndexOf(1, -2), a.lastIndexOf(2, 0), a.includes(1, 3), a.indexOf(1, 10)]
// result: [3,2,2,-1,false,-1]

// case: Array from iterables
return [Array.from('héllo'), Array.from(new Set([1, 1, 2])), Array.from(new Map([[1, 2]])), Array.from('😀a'), Array.from([1, 2].entries())]
// result: [["h","é","l","l","o"],[1,2],[[1,2]],["😀","a"],[[0,1],[1,2]]]

// case: Array from array likes
return [Array.from({ length: 3 }), Array.from({ length: 2, 0: 'a', 1: 'b', 2: 'c' }), Array.from({ length: 3 }, (_, i) => i * i), Array.from({}), Array.from({ length: '2' })]
// result: [[null,null,null],["a","b"],[0,1,4],[],[null,null]]

// case: Array from generator with map function
function* g() { yield 1; yield 2; yield 3 } return Array.from(g(), (x, i) => x * 10 + i)
// result: [10,21,32]

// case: Array from map fn this
return Array.from([1, 2], function (x) { return x + this.add }, { add: 100 })
// result: [101,102]

// case: Array from non callable map throws
try { Array.from([1], 5) } catch (e) { return e.name }
// result: "TypeError"

// case: Array of and constructor
return [Array.of(7), Array(7).length, Array.of(1, 2), Array(1, 2), new Array('3'), Array.of()]
// result: [[7],7,[1,2],[1,2],["3"],[]]

// case: Array constructor invalid length throws
try { new Array(-1) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","Invalid array length"]

// case: join of nested null undefined
return [[1, [2, [3, 4]], 5].join(), [null, undefined, 1].join('-'), [[], [[]], [null]].join(), [1, 2].join(undefined), [1, 2].join(null), [{}].join(), [].join()]
// result: ["1,2,3,4,5","--1",",,","1,2","1null2","[object Object]",""]

// case: toString of arrays
return [String([1, [2, 3]]), [1, 2] + '', `${[null]}`, String([undefined, , 'a']), [1.5, -0, 1e21].toString()]
// result: ["1,2,3","1,2","",",,a","1.5,0,1e+21"]

// case: holes read as undefined
const a = [1, , 3]; return [a.length, a[1], 1 in a, JSON.stringify(a), a.map((x) => x === undefined)]
// result: [3,null,false,"[1,null,3]",[false,null,false]]

// case: length truncation and extension
const a = [1, 2, 3, 4]; a.length = 2; const b = [1]; b.length = 3; return [a, b.length, JSON.stringify(b), b[2]]
// result: [[1,2],3,"[1,null,null]",null]

// case: assignment past the end
const a = []; a[3] = 'x'; return [a.length, JSON.stringify(a)]
// result: [4,"[null,null,null,\"x\"]"]

// case: splice variants
const a = [1, 2, 3, 4, 5]; const r1 = a.splice(1, 2); const r2 = a.splice(-1, 1, 'a', 'b'); const r3 = a.splice(1); return [r1, r2, r3, a]
// result: [[2,3],[5],[4,"a","b"],[1]]

// case: slice variants
const a = [1, 2, 3, 4]; return [a.slice(), a.slice(-2), a.slice(1, -1), a.slice(3, 1), a.slice(-10), a.slice(1.5)]
// result: [[1,2,3,4],[3,4],[2,3],[],[1,2,3,4],[2,3,4]]

// case: concat spreading
return [[1].concat(2, [3, [4]], 'ab'), [].concat([], []), [1].concat({ length: 1, 0: 'x' })]
// result: [[1,2,3,[4],"ab"],[],[1,{"0":"x","length":1}]]

// case: find family
const a = [5, 12, 8, 130, 44]; return [a.find((x) => x > 10), a.findIndex((x) => x > 10), a.findLast((x) => x > 10), a.findLastIndex((x) => x > 10), a.find((x) => x > 1000), a.findLastIndex((x) => x > 1000)]
// result: [12,1,44,4,null,-1]

// case: reduce and reduceRight
return [[1, 2, 3].reduce((a, b) => a + b), [1, 2, 3].reduce((a, b) => a + b, 10), [[1], [2]].reduceRight((a, b) => a.concat(b)), ['a', 'b', 'c'].reduceRight((a, b) => a + b, '')]
// result: [6,16,[2,1],"cba"]

// case: reduce empty throws
try { [].reduce((a, b) => a + b) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Reduce of empty array with no initial value"]

// case: every some filter map with index and array
return [[1, 2, 3].every((x, i, arr) => arr[i] === x), [].every(() => false), [].some(() => true), [1, 2, 3, 4].filter((x, i) => i % 2), ['a', 'b'].map((x, i) => x + i)]
// result: [true,true,false,[2,4],["a0","b1"]]

// case: callbacks see thisArg
return [1, 2].map(function (x) { return x * this.m }, { m: 3 })
// result: [3,6]

// case: forEach returns undefined and skips added
const a = [1, 2]; const seen = []; const r = a.forEach((x) => { seen.push(x); if (a.length < 5) a.push(x * 10) }); return [r, seen, a]
// result: [null,[1,2],[1,2,10,20]]

// case: keys values entries iterators
const a = ['a', 'b']; return [[...a.keys()], [...a.values()], [...a.entries()], typeof a[Symbol.iterator], a[Symbol.iterator] === a.values]
// result: [[0,1],["a","b"],[[0,"a"],[1,"b"]],"function",true]

// case: reverse shift unshift push pop
const a = [1, 2, 3]; const r = [a.push(4, 5), a.pop(), a.shift(), a.unshift(0, 0.5), a.reverse()]; return [r, a]
// result: [[5,5,1,5,[4,3,2,0.5,0]],[4,3,2,0.5,0]]

// case: isArray
return [Array.isArray([]), Array.isArray({ length: 0 }), Array.isArray(new Array()), Array.isArray('abc'), Array.isArray(Array.prototype)]
// result: [true,false,true,false,true]

// case: spread and destructure holes
const [a, , b = 9, ...rest] = [1, 2, undefined, 4, 5]; return [a, b, rest, [...'ab', ...[1]]]
// result: [1,9,[4,5],["a","b",1]]

// case: lastIndexOf and includes with strings
return [['a', 'b', 'a'].lastIndexOf('a'), ['1', 1].indexOf(1), ['1'].includes(1), [[1]].includes([1])]
// result: [2,1,false,false]

// case: array methods on array like
const al = { length: 3, 0: 'a', 1: 'b', 2: 'c' }; return [Array.prototype.map.call(al, (x) => x.toUpperCase()), Array.prototype.join.call(al, '+'), Array.prototype.slice.call(al, 1), Array.prototype.includes.call(al, 'b')]
// result: [["A","B","C"],"a+b+c",["b","c"],true]

// case: sort with undefined and holes last
return [[3, undefined, 1, undefined, 2].sort(), [3, undefined, 1].sort((a, b) => b - a)]
// result: [[1,2,3,null,null],[3,1,null]]

// case: sort numbers by default comparator mixes
return [[-1, -2, 0, -0, 2, 1].sort((a, b) => a - b).map((x) => Object.is(x, -0) ? '-0' : x), [0.1, 0.01, 1e-7].sort()]
// result: [[-2,-1,0,"-0",1,2],[0.01,0.1,1e-7]]

// case: array length max
try { const a = []; a.length = 2 ** 32 } catch (e) { return [e.name, e.message] }
// result: ["RangeError","Invalid array length"]

// case: entries of sparse after delete
const a = [1, 2, 3]; delete a[1]; return [a.length, a[1], JSON.stringify(a)]
// result: [3,null,"[1,null,3]"]
