// Conformance cases: number formatting, parsing, Math edge values and BigInt basics. Expectations recorded from Node by record.mjs.

// case: toString radix
return [(255).toString(16), (255).toString(2), (-255).toString(36), (0.5).toString(2), (35).toString(36), (1e21).toString(36).length > 0]
// result: ["ff","11111111","-73","0.1","z",true]

// case: toString radix fractions
return [(0.1).toString(3), (3.75).toString(16), (-0.25).toString(8), (1/3).toString(2).slice(0, 12)]
// result: ["0.0022002200220022002200220022002201","3.c","-0.2","0.0101010101"]

// case: toString radix out of range
try { (1).toString(1) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","toString() radix argument must be between 2 and 36"]

// case: toString radix 37
try { (1).toString(37) } catch (e) { return e.name }
// result: "RangeError"

// case: number to string large and small
return [String(1e21), String(1e20), String(123456789012345680000), String(1e-7), String(1e-6), String(0.000001234), String(-1e-7), String(2**53), String(-(2**31))]
// result: ["1e+21","100000000000000000000","123456789012345680000","1e-7","0.000001","0.000001234","-1e-7","9007199254740992","-2147483648"]

// case: decimal artefacts
return [String(0.1 + 0.2), 0.1 + 0.2 === 0.3, String(0.3 - 0.1), String(1.1 * 3), String(9007199254740993), String(5e-324), String(1.7976931348623157e308)]
// result: ["0.30000000000000004",false,"0.19999999999999998","3.3000000000000003","9007199254740992","5e-324","1.7976931348623157e+308"]

// case: negative zero formatting
return [String(-0), (-0).toString(), `${-0}`, (-0).toFixed(2), JSON.stringify(-0), Object.is(-0 + 0, 0), 1 / -0, [-0].join(), (-0).toPrecision(3), (-0).toExponential()].map(String)
// result: ["0","0","0","0.00","0","true","-Infinity","0","0.00","0e+0"]

// case: toFixed rounding
return [(1.005).toFixed(2), (1.45).toFixed(1), (1.55).toFixed(1), (2.5).toFixed(0), (-2.5).toFixed(0), (0.000001).toFixed(7), (123.456).toFixed(10), (0).toFixed(0)]
// result: ["1.00","1.4","1.6","3","-3","0.0000010","123.4560000000","0"]

// case: toFixed large values
return [(1e21).toFixed(2), (1e20).toFixed(2), (-1.5e21).toFixed(3), (12345678901234567890).toFixed(1), NaN.toFixed(2), Infinity.toFixed(1)]
// result: ["1e+21","100000000000000000000.00","-1.5e+21","12345678901234567168.0","NaN","Infinity"]

// case: toFixed range
try { (1).toFixed(101) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","toFixed() digits argument must be between 0 and 100"]

// case: toFixed accepts 100
return (1.5).toFixed(100).length
// result: 102

// case: toPrecision
return [(123.456).toPrecision(4), (0.000123).toPrecision(2), (123456).toPrecision(2), (1.5).toPrecision(1), (2.5).toPrecision(1), (1e21).toPrecision(3), (0).toPrecision(5), (-1.25).toPrecision(2), (123.456).toPrecision()]
// result: ["123.5","0.00012","1.2e+5","2","3","1.00e+21","0.0000","-1.3","123.456"]

// case: toPrecision range
try { (1).toPrecision(0) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","toPrecision() argument must be between 1 and 100"]

// case: toExponential
return [(123456).toExponential(2), (0.00015).toExponential(1), (1).toExponential(), (12.5).toExponential(0), (-0.000001).toExponential(3), (1e21).toExponential(), NaN.toExponential(2), (5e-324).toExponential()]
// result: ["1.23e+5","1.5e-4","1e+0","1e+1","-1.000e-6","1e+21","NaN","5e-324"]

// case: toExponential range
try { (1).toExponential(-1) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","toExponential() argument must be between 0 and 100"]

// case: toLocaleString en-US default
return [(1234567.891).toLocaleString(), (1000).toLocaleString('en-US'), (-0.5).toLocaleString()]
// result: ["1,234,567.891","1,000","-0.5"]

// case: Number parse functions
return [Number.parseFloat('3.14abc'), Number.parseFloat('  -.5e3x'), Number.parseFloat('Infinityx'), Number.parseFloat('abc'), Number.parseInt('08'), Number.parseInt('0x1F'), Number.parseInt('1e3'), Number.parseInt('  -42px'), Number.parseFloat === parseFloat, Number.parseInt === parseInt].map(String)
// result: ["3.14","-500","Infinity","NaN","8","31","1","-42","true","true"]

// case: parseInt radix
return [parseInt('ff', 16), parseInt('0xff', 16), parseInt('z', 36), parseInt('10', 2), parseInt('2', 2), parseInt('12', 1), parseInt('12', 37), parseInt('12', 0), parseInt(''), parseInt('-0'), parseInt(0.0000005), parseInt('123', 4.9)].map(String)
// result: ["255","255","35","2","NaN","NaN","NaN","12","NaN","0","5","27"]

// case: parseFloat edge
return [parseFloat('1e1000'), parseFloat('-0'), Object.is(parseFloat('-0'), -0), parseFloat('.1.2'), parseFloat('1_000'), parseFloat('0x10'), parseFloat('\n\t 7')].map(String)
// result: ["Infinity","0","true","0.1","1","0","7"]

// case: Number conversion
return [Number(''), Number('  12  '), Number('0x10'), Number('0b101'), Number('0o17'), Number('1e3'), Number('1_000'), Number(null), Number(undefined), Number([]), Number([5]), Number([1, 2]), Number('Infinity'), Number('-Infinity'), Number(true), Number(10n)].map(String)
// result: ["0","12","16","5","15","1000","NaN","0","NaN","0","5","NaN","Infinity","-Infinity","1","10"]

// case: Number isInteger and isSafeInteger
return [Number.isInteger(5), Number.isInteger(5.0), Number.isInteger(5.5), Number.isInteger('5'), Number.isInteger(Infinity), Number.isInteger(-0), Number.isSafeInteger(2**53), Number.isSafeInteger(2**53 - 1), Number.isSafeInteger(-(2**53 - 1)), Number.isSafeInteger(1.5), Number.isSafeInteger('1')]
// result: [true,true,false,false,false,true,false,true,true,false,false]

// case: Number isNaN versus isNaN
return [Number.isNaN('abc'), isNaN('abc'), Number.isNaN(NaN), isNaN(undefined), Number.isNaN(undefined), Number.isFinite('5'), isFinite('5'), isFinite(null)]
// result: [false,true,true,true,false,false,true,true]

// case: Number constants
return [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.EPSILON > 0, Number.EPSILON === 2 ** -52, Number.MAX_VALUE, Number.MIN_VALUE, Number.POSITIVE_INFINITY === Infinity]
// result: [9007199254740991,-9007199254740991,true,true,1.7976931348623157e+308,5e-324,true]

// case: Math rounding edge values
return [Math.round(2.5), Math.round(-2.5), Math.round(-0.4), Object.is(Math.round(-0.4), -0), Math.round(0.49999999999999994), Math.floor(-0.5), Math.ceil(-0.5), Object.is(Math.ceil(-0.5), -0), Math.trunc(-4.7), Math.sign(-3), Object.is(Math.sign(-0), -0)].map(String)
// result: ["3","-2","0","true","0","-1","0","true","-4","-1","true"]

// case: Math max min edge values
return [Math.max(), Math.min(), Math.max(1, NaN, 3), Object.is(Math.max(-0, 0), 0), Object.is(Math.min(0, -0), -0), Math.max('7', 2), Math.min([1], [2]), Math.max(...[1, 5, 3])].map(String)
// result: ["-Infinity","Infinity","NaN","true","true","7","1","5"]

// case: Math functions
return [Math.abs(-7.5), Math.sqrt(-1), Math.cbrt(-27), Math.pow(2, 10), Math.pow(NaN, 0), Math.pow(1, Infinity), Math.hypot(3, 4), Math.hypot(), Math.hypot(NaN, Infinity), Math.log10(1000), Math.log2(8), Math.clz32(1), Math.imul(0xffffffff, 5), Math.fround(5.5), Math.fround(5.05), Math.atan2(0, -0), Math.exp(0), Math.expm1(0)].map(String)
// result: ["7.5","NaN","-3","1024","1","NaN","5","0","Infinity","3","3","31","-5","5.5","5.050000190734863","3.141592653589793","1","0"]

// case: Math constants and trig
return [Math.PI, Math.E, Math.SQRT2, Math.sin(0), Math.cos(Math.PI), Math.atan2(1, 1) * 4 === Math.PI, Math.sinh(0), Math.asin(2)].map(String)
// result: ["3.141592653589793","2.718281828459045","1.4142135623730951","0","-1","true","0","NaN"]

// case: Math random range
let ok = true; for (let i = 0; i < 100; i++) { const r = Math.random(); if (!(r >= 0 && r < 1)) ok = false } return ok
// result: true

// case: exponent operator edge values
return [2 ** -1, (-2) ** 3, 2 ** 0.5 === Math.SQRT2, 0 ** 0, NaN ** 0, (-8) ** (1/3), 10 ** 21, 10 ** -7].map(String)
// result: ["0.5","-8","true","1","1","NaN","1e+21","1e-7"]

// case: integer division and modulo signs
return [-7 % 3, 7 % -3, Object.is(-6 % 3, -0), 5.5 % 2, -5.5 % 2, 7 / 0, -7 / 0, 0 / 0, Infinity % 2, 2 % Infinity].map(String)
// result: ["-1","1","true","1.5","-1.5","Infinity","-Infinity","NaN","NaN","2"]

// case: bitwise conversions
return [~~3.7, ~~-3.7, 2**32 | 0, (2**31) | 0, -1 >>> 0, 1 << 31, 1 << 32, 5 >> 1, -5 >> 1, -5 >>> 28, 0xff ^ 0x0f, 1.9 | 0]
// result: [3,-3,0,-2147483648,4294967295,-2147483648,1,2,-3,15,240,1]

// case: BigInt basics
return [String(2n ** 64n), String(-7n / 2n), String(-7n % 2n), String(BigInt('0x1f')), String(BigInt(42)), typeof 1n, 1n == 1, 1n === 1, 2n > 1, String(BigInt.asUintN ? 1n : 1n), (255n).toString(16), String(10n ** 20n)]
// result: ["18446744073709551616","-3","-1","31","42","bigint",true,false,true,"1","ff","100000000000000000000"]

// case: BigInt mixing throws
try { 1n + 1 } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Cannot mix BigInt and other types, use explicit conversions"]

// case: BigInt of fraction throws
try { BigInt(1.5) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","The number 1.5 cannot be converted to a BigInt because it is not an integer"]

// case: BigInt from bad string
try { BigInt('1.5') } catch (e) { return [e.name, e.message] }
// result: ["SyntaxError","Cannot convert 1.5 to a BigInt"]

// case: BigInt comparisons and sort
return [[3n, 1, 2n, -1].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String), 0n == false, !!0n, 1n < 1.5, 2n == '2']
// result: [["-1","1","2","3"],true,false,true,true]

// case: BigInt negative and unary
return [String(-(5n)), String(5n - 10n), String(5n * -3n), String(1n << 70n), String(-9n >> 1n), String(7n & 3n)]
// result: ["-5","-5","-15","1180591620717411303424","-5","3"]

// case: unary plus BigInt throws
try { +1n } catch (e) { return [e.name, e.message] }
// result: ["TypeError","Cannot convert a BigInt value to a number"]

// case: Number of BigInt precision
return [Number(2n ** 64n), Number(9007199254740993n), parseInt('9007199254740993'), String(BigInt(Number.MAX_SAFE_INTEGER) + 2n)]
// result: [18446744073709552000,9007199254740992,9007199254740992,"9007199254740993"]

// case: number keys become strings
const o = {}; o[1.5] = 'a'; o[-0] = 'b'; o[1e21] = 'c'; o[0.1 + 0.2] = 'd'; return Object.keys(o)
// result: ["0","1.5","1e+21","0.30000000000000004"]

// case: String of special numbers
return [String(NaN), String(Infinity), String(-Infinity), `${1e300 * 1e10}`, (123.0).toString(), (100).toString(), (1e100).toString(), String(2e-7), String(123e-20)]
// result: ["NaN","Infinity","-Infinity","Infinity","123","100","1e+100","2e-7","1.23e-18"]

// case: Number prototype this checks
try { Number.prototype.toFixed.call('1', 2) } catch (e) { return e.name }
// result: "TypeError"

// case: boxed number methods
const n = new Number(12.345); return [typeof n, n.toFixed(1), n + 1, n.valueOf(), n instanceof Number, JSON.stringify(n), JSON.stringify({ n })]
// result: ["object","12.3",13.345,12.345,true,"12.345","{\"n\":12.345}"]

// case: Number toString of tiny and huge radix values
return [(1e-7).toString(2).slice(0, 20), (2 ** 60).toString(16), (-(2 ** 31)).toString(2), (123.456).toString(36), (0).toString(2), (-0).toString(16)]
// result: ["0.000000000000000000","1000000000000000","-10000000000000000000000000000000","3f.gez4w97ry","0","0"]

// case: toLocaleString options basic
return [(1234.5).toLocaleString('en-US', { minimumFractionDigits: 2 }), (0.256).toLocaleString('en-US', { style: 'percent' }), (1234.5678).toLocaleString('en-US', { maximumFractionDigits: 1 })]
// result: ["1,234.50","26%","1,234.6"]

// case: Number methods on boxed values and strings
return [Number('12px'), Number.parseFloat('12px'), +'  0x1A  ', +'1e', +'.5', +'5.', +'+5', +'--5', -'3'].map(String)
// result: ["NaN","12","26","NaN","0.5","5","5","NaN","-3"]

// case: Math sign and abs of strings and null
return [Math.abs('-3'), Math.abs(null), Math.sign('5'), Math.floor('7.9'), Math.round('2.5'), Math.max(null, -1), Math.min(undefined, 1)].map(String)
// result: ["3","0","1","7","3","0","NaN"]

// case: BigInt asIntN and asUintN
return [String(BigInt.asUintN(8, 257n)), String(BigInt.asIntN(8, 255n)), String(BigInt.asUintN(64, -1n)), String(BigInt.asIntN(3, 4n))]
// result: ["1","-1","18446744073709551615","-4"]

// case: BigInt toString radix and toLocaleString
return [(255n).toString(2), (-255n).toString(16), (12345678n).toLocaleString('en-US'), typeof BigInt(10).valueOf()]
// result: ["11111111","-ff","12,345,678","bigint"]
