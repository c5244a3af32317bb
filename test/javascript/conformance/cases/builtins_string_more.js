// Conformance cases: String built-ins in depth (padding, code points, normalization, split, replaceAll, raw). Expectations recorded from Node by record.mjs.

// case: padStart padEnd
return ['5'.padStart(3, '0'), 'abc'.padStart(10, '123'), 'abc'.padStart(2), 'abc'.padEnd(6, 'xy'), 'abc'.padEnd(5), 'abc'.padStart(5, ''), 'x'.padEnd(3, undefined), '1'.padStart(3.9, 0)]
// result: ["005","1231231abc","abc","abcxyx","abc  ","abc","x  ","001"]

// case: at
const s = 'héllo😀'; const show = (v) => typeof v === "string" ? [...v].map((c) => c.length === 1 && c >= "\ud800" && c <= "\udfff" ? "U+" + c.charCodeAt(0).toString(16) : c).join("") : Array.isArray(v) ? v.map(show) : v; return show([s.at(0), s.at(-1), s.at(-2), s.at(10), s.at(), 'abc'.at(-3), 'abc'.at(-4)])
// result: ["h","U+de00","U+d83d",null,"h","a",null]

// case: codePointAt and charCodeAt
const s = 'a😀b'; return [s.codePointAt(0), s.codePointAt(1), s.codePointAt(2), s.charCodeAt(1), s.codePointAt(9), s.charCodeAt(9), s.length, [...s].length].map(String)
// result: ["97","128512","56832","55357","undefined","NaN","4","3"]

// case: fromCodePoint and fromCharCode
return [String.fromCodePoint(128512, 97), String.fromCharCode(72, 105, 65536 + 65), String.fromCharCode(), String.fromCodePoint()]
// result: ["😀a","HiA","",""]

// case: fromCodePoint invalid throws
try { String.fromCodePoint(0x110000) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","Invalid code point 1114112"]

// case: fromCodePoint fraction throws
try { String.fromCodePoint(1.5) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","Invalid code point 1.5"]

// case: fromCharCode many arguments
const codes = Array(70000).fill(66); return String.fromCharCode(...codes).length
// result: 70000

// case: normalize forms
const s = 'Å'; const nfd = s.normalize('NFD'); return [nfd.length, nfd.normalize('NFC').length, 'ﬁ'.normalize('NFKC'), 'ﬁ'.normalize('NFC'), '\u0041\u030A'.normalize() === '\u00C5', '①'.normalize('NFKD'), 'é'.normalize('NFD').length]
// result: [2,1,"fi","ﬁ",true,"1",2]

// case: normalize bad form throws
try { 'a'.normalize('NFX') } catch (e) { return [e.name, e.message] }
// result: ["RangeError","The normalization form should be one of NFC, NFD, NFKC, NFKD."]

// case: localeCompare basic
return ['a'.localeCompare('b'), 'b'.localeCompare('a'), 'a'.localeCompare('a'), 'a'.localeCompare('B'), ['b', 'A', 'a', 'B', 'c'].sort((x, y) => x.localeCompare(y)), 'résumé'.localeCompare('resume'), 'a'.localeCompare('á', undefined, { sensitivity: 'base' })]
// result: [-1,1,0,-1,["a","A","b","B","c"],1,0]

// case: localeCompare numeric option
return ['item10', 'item2', 'item1'].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
// result: ["item1","item2","item10"]

// case: split with limit
return ['a,b,c,d'.split(',', 2), 'a,b'.split(',', 0), 'abc'.split('', 2), 'a,b'.split(',', -1), 'abc'.split(), 'abc'.split(undefined, 0), ''.split(','), ''.split('')]
// result: [["a","b"],[],["a","b"],["a","b"],["abc"],[],[""],[]]

// case: split separators
const show = (v) => typeof v === "string" ? [...v].map((c) => c.length === 1 && c >= "\ud800" && c <= "\udfff" ? "U+" + c.charCodeAt(0).toString(16) : c).join("") : Array.isArray(v) ? v.map(show) : v; return show(['a1b2c3'.split(/\d/), 'a, b,c'.split(', '), 'aXbXc'.split('X', 10), '😀😀'.split(''), 'test'.split('t')])
// result: [["a","b","c",""],["a","b,c"],["a","b","c"],["U+d83d","U+de00","U+d83d","U+de00"],["","es",""]]

// case: replaceAll with strings
return ['a.b.c'.replaceAll('.', '-'), 'aaa'.replaceAll('a', 'b'), 'abc'.replaceAll('', '-'), 'xx'.replaceAll('x', 'xx'), 'a-b'.replace('-', '+')]
// result: ["a-b-c","bbb","-a-b-c-","xxxx","a+b"]

// case: replace dollar patterns
return ['abc'.replace('b', '[$&]'), 'abc'.replace('b', "[$`]"), 'abc'.replace('b', "[$']"), 'abc'.replace('b', '$$'), 'abc'.replace('b', '$1'), 'a.b.c'.replaceAll('.', '$&$&'), 'abc'.replace('b', '$<n>')]
// result: ["a[b]c","a[a]c","a[c]c","a$c","a$1c","a..b..c","a$<n>c"]

// case: replace with function receives offset
return ['x-y-z'.replaceAll('-', (m, off, str) => `[${off}/${str.length}]`), 'abc'.replace('c', (m) => m.toUpperCase() + '$&')]
// result: ["x[1/5]y[3/5]z","abC$&"]

// case: replaceAll regexp needs global flag
try { 'a'.replaceAll(/a/, 'b') } catch (e) { return [e.name, e.message] }
// result: ["TypeError","String.prototype.replaceAll called with a non-global RegExp argument"]

// case: trim family
const s = '\t\n  hi \u00a0\ufeff\u2028 '; return [s.trim(), s.trimStart(), s.trimEnd(), s.trimLeft === s.trimStart, '\u200b x'.trim()]
// result: ["hi","hi  ﻿  ","\t\n  hi",true,"​ x"]

// case: String raw
return [String.raw`a\nb${1 + 1}\t`, String.raw({ raw: ['x', 'y', 'z'] }, 1, 2, 3), String.raw({ raw: 'abc' }, '-', '+'), String.raw`\u{41}`.length]
// result: ["a\\nb2\\t","x1y2z","a-b+c",6]

// case: surrogate pairs
const s = '😀'; return [s.length, s.split('').length, [...s].length, s.charAt(0) === '\ud83d', s.slice(0, 1).length, Array.from('a😀b').length, s.codePointAt(0).toString(16), '\ud83d'.isWellFormed(), s.isWellFormed(), '\ud83dx'.toWellFormed().charCodeAt(0).toString(16)]
// result: [2,2,1,true,1,3,"1f600",false,true,"fffd"]

// case: string iteration lone surrogates
return [...'a\ud800b'].map((c) => c.length)
// result: [1,1,1]

// case: repeat
return ['ab'.repeat(3), 'x'.repeat(0), ''.repeat(100), 'a'.repeat(2.9)]
// result: ["ababab","","","aa"]

// case: repeat negative throws
try { 'a'.repeat(-1) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","Invalid count value: -1"]

// case: repeat infinity throws
try { 'a'.repeat(Infinity) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","Invalid count value: Infinity"]

// case: slice substring substr
const s = 'abcdef'; return [s.slice(-3, -1), s.substring(4, 1), s.substring(-2, 2), s.substr(-3, 2), s.slice(2), s.substring(NaN, 2), s.slice(4, 2)]
// result: ["de","bcd","ab","de","cdef","ab",""]

// case: indexOf lastIndexOf includes startsWith endsWith
const s = 'canal panama'; return [s.indexOf('an'), s.indexOf('an', 2), s.lastIndexOf('an'), s.lastIndexOf('an', 5), s.indexOf(''), s.indexOf('', 100), s.includes('pan', 7), s.startsWith('pan', 6), s.endsWith('canal', 5), s.lastIndexOf('')]
// result: [1,7,7,1,0,12,false,true,true,12]

// case: startsWith regexp throws
try { 'abc'.startsWith(/a/) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","First argument to String.prototype.startsWith must not be a regular expression"]

// case: case conversion
return ['İstanbul'.toLowerCase().length, 'ß'.toUpperCase(), 'ǅ'.toLowerCase(), 'ΑΣ'.toLowerCase(), 'hello'.toLocaleUpperCase(), 'ﬀ'.toUpperCase()]
// result: [9,"SS","ǆ","ας","HELLO","FF"]

// case: concat and plus conversions
return ['a'.concat(1, null, undefined, [2, 3], {}), 'x' + 1 + 2, 1 + 2 + 'x', 'a' + -0, 'a' + 1e21, 'a' + [], 'a' + Symbol.iterator.description]
// result: ["a1nullundefined2,3[object Object]","x12","3x","a0","a1e+21","a","aSymbol.iterator"]

// case: string comparison is by code unit
return ['a' < 'b', 'B' < 'a', 'a' < 'aa', '10' < '9', '😀' > '\uffff', 'é' > 'z']
// result: [true,true,true,true,false,true]

// case: charAt and bracket access
const s = 'abc'; return [s.charAt(1), s.charAt(5), s[5], s[-1], s.charAt(-1), s['length'], s.charAt(1.9)]
// result: ["b","",null,null,"",3,"b"]

// case: string immutability in strict mode
const s = 'abc'; try { s[0] = 'z' } catch (e) { return [e.name, s] }
// result: ["TypeError","abc"]

// case: search and match with strings
return ['a.b'.search('.'), 'abc'.match('b').index, 'x'.match('y'), 'a+b'.includes('+')]
// result: [0,1,null,true]

// case: String constructor conversions
return [String(null), String(undefined), String(Symbol('d')), String([1, [2]]), String({}), String(123n), String(-0), new String('ab').length, typeof new String('x'), typeof String(1)]
// result: ["null","undefined","Symbol(d)","1,2","[object Object]","123","0",2,"object","string"]

// case: String of symbol implicit throws
try { '' + Symbol('x') } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Cannot convert a Symbol value to a string"]

// case: template literal conversions
const o = { toString() { return 'T' }, valueOf() { return 'V' } }; return [`${o}`, '' + o, `${[1, 2]}`, `${null}${undefined}`]
// result: ["T","V","1,2","nullundefined"]

// case: string methods on null this throw
try { String.prototype.trim.call(null) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","String.prototype.trim called on null or undefined"]

// case: split by long separator and unicode
return ['a||b||c'.split('||'), 'ab'.split('abc'), 'abc'.split('abc'), 'x😀y😀'.split('😀')]
// result: [["a","b","c"],["ab"],["",""],["x","y",""]]

// case: padStart with long filler truncates
const show = (v) => typeof v === "string" ? [...v].map((c) => c.length === 1 && c >= "\ud800" && c <= "\udfff" ? "U+" + c.charCodeAt(0).toString(16) : c).join("") : Array.isArray(v) ? v.map(show) : v; return show(['abc'.padStart(7, 'defghij'), 'abc'.padEnd(4, '😀'), 'abc'.padEnd(5, '😀').length])
// result: ["defgabc","abcU+d83d",5]

// case: string length and unicode escapes
return ['\u{1F600}'.length, '\x41', '\u0041', '\0'.length, 'a\
b']
// result: [2,"A","A",1,"ab"]

// case: localeCompare of equal strings with case
return ['a'.localeCompare('A'), 'A'.localeCompare('a'), 'a'.localeCompare('A', undefined, { sensitivity: 'accent' })]
// result: [-1,1,0]

// case: anchor style methods absent are fine
return [typeof ''.at, typeof ''.codePointAt, typeof String.prototype.replaceAll, typeof ''.matchAll]
// result: ["function","function","function","function"]

// case: String raw edge cases
return [String.raw({ raw: [] }), String.raw({ raw: ['only'] }, 1, 2), String.raw({ raw: { length: 2, 0: 'a', 1: 'b' } }, 'X', 'Y'), String.raw.length]
// result: ["","only","aXb",1]

// case: String raw without raw throws
try { String.raw({}) } catch (e) { return e.name }
// result: "TypeError"

// case: localeCompare sorts accents and case
return ['é', 'e', 'f', 'E', 'ê', 'd'].sort((a, b) => a.localeCompare(b))
// result: ["d","e","E","é","ê","f"]

// case: localeCompare ignorePunctuation and caseFirst
return ['a'.localeCompare('A', 'en', { caseFirst: 'upper' }), 'a-b'.localeCompare('ab', 'en', { ignorePunctuation: true }), ['b', 'a', 'C'].sort((x, y) => x.localeCompare(y))]
// result: [1,0,["a","b","C"]]
