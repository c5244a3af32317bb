// Conformance cases: arrays with holes. Expectations recorded from Node by record.mjs.

// case: elisions make holes
const a = [1, , 3, ,]; return [a.length, 1 in a, 3 in a, Object.keys(a), JSON.stringify(a)]
// result: [4,false,false,["0","2"],"[1,null,3,null]"]

// case: delete leaves a hole and keeps the length
const a = [1, 2, 3]; delete a[1]; delete a[2]; return [a.length, Object.keys(a), a.indexOf(undefined), a.includes(undefined)]
// result: [3,["0"],-1,true]

// case: writing past the end grows with holes
const a = []; a[5] = 'x'; return [a.length, Object.keys(a), a.findIndex((v) => v === undefined), a.filter(() => true)]
// result: [6,["5"],0,["x"]]

// case: length truncation and growth
const a = [1, 2, 3, 4]; a.length = 2; const b = [1]; b.length = 3; return [a, a[3], b.length, 1 in b, Object.keys(b)]
// result: [[1,2],null,3,false,["0"]]

// case: callbacks skip holes, find does not
const seen = []; [1, , 3].forEach((v, i) => seen.push(i)); const found = []; [1, , 3].find((v, i) => { found.push(i) }); return [seen, found, [1, , 3].map((x) => x * 2).length, 1 in [1, , 3].map((x) => x * 2)]
// result: [[0,2],[0,1,2],3,false]

// case: holes read through the prototype
Array.prototype[1] = 'proto'; const a = [0, , 2]; const r = [a[1], a.indexOf('proto'), a.join('-')]; delete Array.prototype[1]; return r
// result: ["proto",1,"0-proto-2"]

// case: sort moves holes to the end
const a = [3, , 1, undefined, 2]; a.sort(); return [a.length, Object.keys(a), a[3], 4 in a]
// result: [5,["0","1","2","3"],null,false]

// case: reverse, shift and splice keep holes
const a = [1, , 3]; a.reverse(); const b = [, 1, 2]; b.shift(); const c = [1, , 3, 4]; c.splice(0, 1); return [Object.keys(a), Object.keys(b), b.length, Object.keys(c)]
// result: [["0","2"],["0","1"],2,["1","2"]]

// case: new Array(n) filled in order
const a = new Array(4); const before = Object.keys(a).length; for (let i = 0; i < 4; i++) a[i] = i * i; return [before, a, a.length]
// result: [0,[0,1,4,9],4]

// case: spread and Array.from turn holes into undefined
const a = [1, , 3]; const s = [...a]; const f = Array.from(a); return [1 in s, 1 in f, s.length]
// result: [true,true,3]

// case: flat removes holes
return [[1, , [2, , 3]].flat(), [, 1].flatMap((x) => [x, x])]
// result: [[1,2,3],[1,1]]

// case: console.log shows empty items
console.log([1, , 3]); console.log(new Array(3)); const a = [1, 2]; delete a[0]; console.log(a)
// expect:
// [ 1, <1 empty item>, 3 ]
// [ <3 empty items> ]
// [ <1 empty item>, 2 ]

// case: generic methods over array-likes
const o = { length: 3, 0: 'a', 2: 'c' }; return [Array.prototype.map.call(o, (x) => x.toUpperCase()), Array.prototype.join.call(o, '+'), Array.prototype.indexOf.call(o, 'c'), Array.prototype.slice.call(o, 1)]
// result: [["A",null,"C"],"a++c",2,[null,"c"]]

// case: mutating methods on array-likes
const o = { length: 0 }; Array.prototype.push.call(o, 'x', 'y'); Array.prototype.unshift.call(o, 'w'); const popped = Array.prototype.pop.call(o); Array.prototype.reverse.call(o); return [o, popped]
// result: [{"0":"x","1":"w","length":2},"y"]

// case: splice on an array-like
const o = { length: 4, 0: 1, 1: 2, 2: 3, 3: 4 }; const removed = Array.prototype.splice.call(o, 1, 2, 'x'); return [o, removed]
// result: [{"0":1,"1":"x","2":4,"length":3},[2,3]]

// case: sparse array-like with a huge length
const o = { length: 2 ** 53 - 1, 5: 'five', 9007199254740990: 'last' }; return [Array.prototype.indexOf.call(o, 'five'), Array.prototype.lastIndexOf.call(o, 'last')]
// result: [5,9007199254740990]
