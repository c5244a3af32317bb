// Conformance cases: operators. Expectations recorded from Node by record.mjs.

// case: addition of numbers and strings
console.log(1 + 2, '1' + 2, 1 + '2', 1 + 2 + '3', '3' + 1 + 2)
// expect:
// 3 12 12 33 312

// case: floating point formatting
console.log(0.1 + 0.2, 1e21, 1e-7, 123456789012345680000, -0, 0 / -1, 2 ** 53 + 1)
// expect:
// 0.30000000000000004 1e+21 1e-7 123456789012345680000 -0 -0 9007199254740992

// case: division and remainder
console.log(7 / 2, -7 % 3, 7 % -3, 5.5 % 2, 1 / 0, -1 / 0, 0 / 0)
// expect:
// 3.5 -1 1 1.5 Infinity -Infinity NaN

// case: exponent operator
console.log(2 ** 10, (-2) ** 3, 2 ** -1, 2 ** 0.5)
// expect:
// 1024 -8 0.5 1.4142135623730951

// case: bitwise operators
console.log(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 31, -16 >> 2, -16 >>> 28)
// expect:
// 1 7 6 -6 -2147483648 -4 15

// case: comparison of mixed types
console.log(1 < 2, '10' < '9', 10 < 9, '10' < 9, null >= 0, undefined == null, NaN == NaN)
// expect:
// true true false false true true false

// case: loose equality table
console.log(0 == '', '0' == false, null == 0, [] == '', [1] == 1, ({}) == '[object Object]')
// expect:
// true true false true true true

// case: strict equality
console.log(1 === 1, '1' === 1, NaN === NaN, +0 === -0, null === undefined)
// expect:
// true false false true false

// case: typeof every kind
console.log(typeof 1, typeof 'a', typeof true, typeof undefined, typeof null, typeof {}, typeof [], typeof (() => 1), typeof 1n, typeof Symbol())
// expect:
// number string boolean undefined object object object function bigint symbol

// case: typeof an undeclared name
return typeof notDeclaredAnywhere
// result: "undefined"

// case: logical operators return operands
console.log(0 || 'a', 1 && 'b', null ?? 'c', 0 ?? 'd', '' || null, 'x' && 0)
// expect:
// a b c 0 null 0

// case: logical assignment
let a = null, b = 1, c = 0; a ??= 5; b &&= 7; c ||= 9; return [a, b, c]
// result: [5,7,9]

// case: compound assignment
let x = 10; x += 5; x -= 3; x *= 2; x /= 4; x %= 4; x **= 3; return x
// result: 8

// case: increment and decrement
let i = 5; const a = i++; const b = ++i; const c = i--; const d = --i; return [a, b, c, d, i]
// result: [5,7,7,5,5]

// case: increment on properties
const o = { n: 1 }; o.n++; ++o.n; o['n'] += 10; return o.n
// result: 13

// case: comma and void
const x = (1, 2, 3); return [x, void 0 === undefined]
// result: [3,true]

// case: in operator
const o = { a: 1 }; console.log('a' in o, 'b' in o, 'toString' in o, 0 in [5], 1 in [5])
// expect:
// true false true true false

// case: instanceof
class A {} class B extends A {} const b = new B(); console.log(b instanceof B, b instanceof A, b instanceof Object, [] instanceof Array, {} instanceof Array)
// expect:
// true true true true false

// case: delete property
const o = { a: 1, b: 2 }; delete o.a; return [Object.keys(o), 'a' in o]
// result: [["b"],false]

// case: unary plus and minus conversions
console.log(+'42', +'', +' 12 ', +'0x10', +'abc', -'3', +true, +null, +undefined, +[], +[7], +{})
// expect:
// 42 0 12 16 NaN -3 1 0 NaN 0 7 NaN

// case: string concatenation with objects
console.log('' + {}, '' + [1, 2], '' + null, `${[1, [2, 3]]}`)
// expect:
// [object Object] 1,2 null 1,2,3

// case: valueOf and toString are used
const o = { valueOf() { return 42 }, toString() { return 'str' } }; console.log(o + 1, `${o}`, o * 2, String(o))
// expect:
// 43 str 84 str

// case: bigint arithmetic
console.log((2n ** 64n).toString(), 7n / 2n, -7n % 3n, 10n > 9, 10n == 10, typeof (1n + 2n))
// expect:
// 18446744073709551616 3n -1n true true bigint

// case: mixing bigint and number throws
return 1n + 1
// error: TypeError: Cannot mix BigInt and other types, use explicit conversions

// case: conditional operator
const f = (n) => n > 0 ? 'pos' : n < 0 ? 'neg' : 'zero'; return [f(1), f(-1), f(0)]
// result: ["pos","neg","zero"]

// case: optional chaining
const o = { a: { b: null, f() { return 1 } } }; return [o?.a?.b, o.x?.y.z, o.a.f?.(), o.a.g?.(), o?.['a']?.b ?? 'd']
// result: [null,null,1,null,"d"]

// case: nullish coalescing precedence
const a = null; const b = 0; return [a ?? 1, b ?? 1, (a || b) ?? 2]
// result: [1,0,0]

// case: exponent assignment on member
const o = { v: 3 }; o.v **= 2; return o.v
// result: 9

// case: relational with strings
console.log('a' < 'b', 'B' < 'a', 'abc' < 'abd', 'a' < 'aa')
// expect:
// true true true true

// case: number to string radix
console.log((255).toString(16), (255).toString(2), (-255).toString(36), (0.5).toString(2))
// expect:
// ff 11111111 -73 0.1
