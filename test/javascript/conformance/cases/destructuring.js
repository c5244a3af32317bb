// Conformance cases: destructuring. Expectations recorded from Node by record.mjs.

// case: array destructuring
const [a, b, c = 3, ...rest] = [1, 2, undefined, 4, 5]; return [a, b, c, rest]
// result: [1,2,3,[4,5]]

// case: object destructuring
const { a, b: { c }, d = 'dflt', ...rest } = { a: 1, b: { c: 2 }, e: 5, f: 6 }; return [a, c, d, rest]
// result: [1,2,"dflt",{"e":5,"f":6}]

// case: swap with destructuring
let x = 1, y = 2; [x, y] = [y, x]; return [x, y]
// result: [2,1]

// case: holes in array patterns
const [, second, , fourth] = [1, 2, 3, 4]; return [second, fourth]
// result: [2,4]

// case: destructuring parameters
function f({ name, tags: [first] = [] }, [x, y] = [0, 0]) { return [name, first, x, y] } return f({ name: 'n', tags: ['t'] })
// result: ["n","t",0,0]

// case: destructuring strings and maps
const [a, b] = 'hi'; const [[k, v]] = new Map([['key', 'val']]); return [a, b, k, v]
// result: ["h","i","key","val"]

// case: destructuring null throws
const { a } = null
// error: TypeError: Cannot destructure property 'a' of 'null' as it is null.

// case: nested defaults
const { a: { b = 5 } = {} } = {}; return b
// result: 5

// case: destructuring in for of
const out = []; for (const { id, n = 0 } of [{ id: 1 }, { id: 2, n: 3 }]) out.push(id + n); return out
// result: [1,5]

// case: object entries destructuring
return Object.entries({ a: 1, b: 2 }).map(([k, v]) => k + '=' + v).join('&')
// result: "a=1&b=2"

// case: spread objects
const base = { a: 1, b: 2 }; const o = { ...base, b: 3, ...null, ...'hi' }; return o
// result: {"0":"h","1":"i","a":1,"b":3}

// case: spread arrays
const a = [1, 2]; return [...a, ...'ab', ...new Set([3, 3]), ...[]]
// result: [1,2,"a","b",3]
