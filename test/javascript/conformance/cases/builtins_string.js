// Conformance cases: builtins string. Expectations recorded from Node by record.mjs.

// case: string basics
const s = 'Hello, World'; return [s.length, s.charAt(1), s.charCodeAt(0), s.codePointAt(0), s[4], s.at(-1)]
// result: [12,"e",72,72,"o","d"]

// case: search methods
const s = 'banana'; return [s.indexOf('an'), s.lastIndexOf('an'), s.includes('nan'), s.startsWith('ban'), s.endsWith('na'), s.indexOf('x')]
// result: [1,3,true,true,true,-1]

// case: slice substring
const s = 'abcdef'; return [s.slice(1, 3), s.slice(-2), s.substring(4, 1), s.substring(-3, 2), s.slice(2)]
// result: ["bc","ef","bcd","ab","cdef"]

// case: case and trim
return ['MiXeD'.toUpperCase(), 'MiXeD'.toLowerCase(), '  pad  '.trim(), '  pad  '.trimStart(), '  pad  '.trimEnd() + '|']
// result: ["MIXED","mixed","pad","pad  ","  pad|"]

// case: pad and repeat
return ['5'.padStart(3, '0'), 'ab'.padEnd(6, '12'), 'x'.padStart(1), 'ab'.repeat(3), ''.repeat(5)]
// result: ["005","ab1212","x","ababab",""]

// case: split
return ['a,b,,c'.split(','), 'abc'.split(''), 'a b c'.split(' ', 2), 'abc'.split(), ''.split(',')]
// result: [["a","b","","c"],["a","b","c"],["a","b"],["abc"],[""]]

// case: replace and replaceAll with strings
return ['aaa'.replace('a', 'b'), 'aaa'.replaceAll('a', 'b'), 'x-y-z'.replaceAll('-', (m) => '+'), 'abc'.replace('b', '[$&]')]
// result: ["baa","bbb","x+y+z","a[b]c"]

// case: concat and template literals
const n = 3; return ['a'.concat('b', 1, null), `n=${n} next=${n + 1} ${'nested ' + `${n * 2}`}`]
// result: ["ab1null","n=3 next=4 nested 6"]

// case: String conversion
return [String(123), String(null), String(undefined), String(true), String([1, 2]), String({}), String(Symbol('s'))]
// result: ["123","null","undefined","true","1,2","[object Object]","Symbol(s)"]

// case: string comparison and localeCompare
return ['a'.localeCompare('b'), 'b'.localeCompare('a'), 'a'.localeCompare('a')]
// result: [-1,1,0]

// case: repeat with negative count throws
'a'.repeat(-1)
// error: RangeError: Invalid count value: -1

// case: unicode strings
const s = 'né😀'; return [s.length, [...s].length, s.codePointAt(2), String.fromCodePoint(128512) === '😀', s.normalize('NFD').length]
// result: [4,3,128512,true,5]

// case: string iteration with index access
let out = ''; const s = 'abc'; for (let i = s.length - 1; i >= 0; i--) out += s[i]; return out
// result: "cba"

// case: fromCharCode
return String.fromCharCode(72, 105)
// result: "Hi"
