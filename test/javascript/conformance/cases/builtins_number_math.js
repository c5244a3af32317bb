// Conformance cases: builtins number math. Expectations recorded from Node by record.mjs.

// case: Number predicates
return [Number.isInteger(5), Number.isInteger(5.5), Number.isFinite('5'), isFinite('5'), Number.isNaN('x'), isNaN('x'), Number.isSafeInteger(2 ** 53)]
// result: [true,false,false,true,false,true,false]

// case: parseInt and parseFloat
return [parseInt('42px'), parseInt('0x1F'), parseInt('101', 2), parseInt('z', 36), parseFloat('3.14abc'), parseFloat('.5e1'), Number.isNaN(parseInt('')), Number.parseFloat('1e3')]
// result: [42,31,5,35,3.14,5,true,1000]

// case: toFixed and toPrecision
return [(1.005).toFixed(2), (1234.5678).toFixed(1), (0).toFixed(2), (1e21).toFixed(2), (123.456).toPrecision(4), (0.000123).toPrecision(2)]
// result: ["1.00","1234.6","0.00","1e+21","123.5","0.00012"]

// case: Number conversion
return [Number('  42  '), Number(''), Number.isNaN(Number('1_000')), Number(null), Number([5]), String(Number('12px')), Number(true), Number(10n)]
// result: [42,0,true,0,5,"NaN",1,10]

// case: Math functions
return [Math.max(1, 3, 2), String(Math.min()), String(Math.max()), Math.abs(-5), Math.floor(-1.5), Math.ceil(1.2), Math.round(2.5), Math.round(-2.5), Math.trunc(-4.7), Math.sign(-3)]
// result: [3,"Infinity","-Infinity",5,-2,2,3,-2,-4,-1]

// case: Math more
return [Math.sqrt(16), Math.cbrt(27), Math.pow(2, 10), Math.hypot(3, 4), Math.log2(8), Math.PI.toFixed(5), String(Math.max(1, NaN))]
// result: [4,3,1024,5,3,"3.14159","NaN"]

// case: Math random in range
const r = Math.random(); return r >= 0 && r < 1
// result: true

// case: number constants
return [Number.MAX_SAFE_INTEGER, Number.EPSILON > 0, Number.MIN_VALUE > 0, Infinity > Number.MAX_VALUE]
// result: [9007199254740991,true,true,true]

// case: number formatting edge cases
console.log(String(1e21), String(1e-7), String(123e-20), (100).toString(), (1.5e300 * 1e10), 0.000001, 5e-324)
// expect:
// 1e+21 1e-7 1.23e-18 100 Infinity 0.000001 5e-324

// case: toString with radix errors
(10).toString(1)
// error: RangeError: toString() radix argument must be between 2 and 36

// case: integer division idioms
return [Math.floor(7 / 2), (7 / 2) | 0, ~~(-7 / 2), 7 % 2]
// result: [3,3,-3,1]
