// Conformance cases: builtins array. Expectations recorded from Node by record.mjs.

// case: push pop shift unshift
const a = [2]; a.push(3, 4); a.unshift(0, 1); const p = a.pop(); const s = a.shift(); return [a, p, s, a.length]
// result: [[1,2,3],4,0,3]

// case: slice and splice
const a = [1, 2, 3, 4, 5]; const removed = a.splice(1, 2, 'x', 'y', 'z'); return [a, removed, a.slice(-2), a.slice(1, 3)]
// result: [[1,"x","y","z",4,5],[2,3],[4,5],["x","y"]]

// case: concat join reverse
return [[1, 2].concat([3], 4, [[5]]), [1, null, undefined, 2].join('-'), [1, 2, 3].reverse()]
// result: [[1,2,3,4,[5]],"1---2",[3,2,1]]

// case: indexOf includes with NaN
const a = [1, NaN, 3]; return [a.indexOf(NaN), a.includes(NaN), a.indexOf(3), a.lastIndexOf(1)]
// result: [-1,true,2,0]

// case: find family
const a = [5, 12, 8, 130, 44]; return [a.find((x) => x > 10), a.findIndex((x) => x > 10), a.findLast((x) => x > 10), a.findLastIndex((x) => x > 1000)]
// result: [12,1,44,-1]

// case: map filter reduce
const a = [1, 2, 3, 4]; return [a.map((x) => x * x), a.filter((x) => x % 2), a.reduce((s, x) => s + x, 0), a.reduceRight((s, x) => s + x, '')]
// result: [[1,4,9,16],[1,3],10,"4321"]

// case: reduce empty without initial throws
[].reduce((a, b) => a + b)
// error: TypeError: Reduce of empty array with no initial value

// case: some every forEach
const out = []; [1, 2].forEach((x, i) => out.push(x * i)); return [[1, 2].some((x) => x > 1), [1, 2].every((x) => x > 1), out]
// result: [true,false,[0,2]]

// case: sort default is lexicographic
return [10, 9, 1, 100, 25].sort()
// result: [1,10,100,25,9]

// case: sort with comparator
return [10, 9, 1, 100, 25].sort((a, b) => a - b)
// result: [1,9,10,25,100]

// case: sort is stable
const people = [{ n: 'a', g: 2 }, { n: 'b', g: 1 }, { n: 'c', g: 2 }, { n: 'd', g: 1 }]; return people.sort((x, y) => x.g - y.g).map((p) => p.n).join('')
// result: "bdac"

// case: sort puts undefined last
return [3, undefined, 1, 2].sort()
// result: [1,2,3,null]

// case: flat and flatMap
return [[1, [2, [3, [4]]]].flat(), [1, [2, [3, [4]]]].flat(Infinity), [1, 2].flatMap((x) => [x, x * 10])]
// result: [[1,2,[3,[4]]],[1,2,3,4],[1,10,2,20]]

// case: at fill keys entries
const a = [1, 2, 3]; return [a.at(-1), a.at(5), new Array(3).fill(0), [...a.keys()], [...a.entries()]]
// result: [3,null,[0,0,0],[0,1,2],[[0,1],[1,2],[2,3]]]

// case: Array from and of
return [Array.from('abc'), Array.from({ length: 3 }, (_, i) => i * 2), Array.of(7, 8), Array.from(new Set([1, 1, 2]))]
// result: [["a","b","c"],[0,2,4],[7,8],[1,2]]

// case: toSorted toReversed with toSpliced
const a = [3, 1, 2]; return [a.toSorted(), a.toReversed(), a.with(0, 9), a.toSpliced(1, 1), a]
// result: [[1,2,3],[2,1,3],[9,1,2],[3,2],[3,1,2]]

// case: isArray
return [Array.isArray([]), Array.isArray({ length: 0 }), Array.isArray('a')]
// result: [true,false,false]

// case: length assignment truncates
const a = [1, 2, 3, 4]; a.length = 2; return a
// result: [1,2]

// case: array toString and join nested
return String([1, [2, [3]], null])
// result: "1,2,3,"

// case: array holes read as undefined
const a = []; a[2] = 'x'; return [a.length, a[0]]
// result: [3,null]

// case: map with index and array
return ['a', 'b'].map((x, i, arr) => x + i + arr.length)
// result: ["a02","b12"]
