// Conformance cases: typed arrays and ArrayBuffer. Expectations recorded from Node by record.mjs.

// case: element conversions
return [Array.from(new Int8Array([127, 128, -129, 1.9])), Array.from(new Uint8Array([256, -1, 3.7])), Array.from(new Uint8ClampedArray([300, -5, 1.5, 2.5])), Array.from(new Int16Array([40000])), Array.from(new Uint32Array([-1])), Array.from(new Float32Array([0.1]))]
// result: [[127,-128,127,1],[0,255,3],[255,0,2,2],[-25536],[4294967295],[0.10000000149011612]]

// case: BigInt typed arrays
const b = new BigInt64Array([1n, -1n]); const u = new BigUint64Array(b.buffer); let msg; try { b[0] = 1 } catch (e) { msg = e.constructor.name } return [String(b[1]), String(u[1]), msg, b.BYTES_PER_ELEMENT]
// result: ["-1","18446744073709551615","TypeError",8]

// case: views share one buffer
const buf = new ArrayBuffer(8); const bytes = new Uint8Array(buf); const words = new Uint32Array(buf); words[0] = 0x01020304; return [Array.from(bytes.subarray(0, 4)), new Uint8Array(buf, 2, 2).byteOffset, buf.byteLength, words.length]
// result: [[4,3,2,1],2,8,2]

// case: construction from buffers with offsets
const buf = new ArrayBuffer(8); const r = []; for (const f of [() => new Int32Array(buf, 1), () => new Int32Array(buf, 12), () => new Int32Array(buf, 4, 2), () => new Int16Array(new ArrayBuffer(3))]) { try { r.push(f().length) } catch (e) { r.push(e.constructor.name) } } return r
// result: ["RangeError","RangeError","RangeError","RangeError"]

// case: integer-indexed keys
const t = new Uint8Array(2); t[5] = 1; t['-0'] = 1; t['1.5'] = 1; t.foo = 'bar'; return [Object.keys(t), t[5], 5 in t, '-0' in t, Object.getOwnPropertyDescriptor(t, 0), delete t[0], delete t[5]]
// error: TypeError: Cannot delete property '0' of [object Uint8Array]

// case: methods
const t = new Int16Array([5, -3, 10, 0]); return [Array.from(t.slice().sort()), t.indexOf(10), t.includes(-3), t.join('|'), Array.from(t.map((x) => x * 2)), Array.from(t.filter((x) => x > 0)), t.reduce((a, b) => a + b), t.at(-1), Array.from(t.toReversed()), Array.from(t.with(0, 7))]
// result: [[-3,0,5,10],2,true,"5|-3|10|0",[10,-6,20,0],[5,10],12,0,[0,10,-3,5],[7,-3,10,0]]

// case: set from arrays and typed arrays
const t = new Float64Array(5); t.set([1, 2]); t.set(new Int8Array([-1, -2]), 3); let msg; try { t.set([1, 2, 3], 4) } catch (e) { msg = e.constructor.name } return [Array.from(t), msg]
// result: [[1,2,0,-1,-2],"RangeError"]

// case: fill, copyWithin, reverse
const t = new Uint8Array(6).fill(7, 1, 3); t.copyWithin(3, 0, 3); return [Array.from(t), Array.from(t.reverse())]
// result: [[0,7,7,0,7,7],[7,7,0,7,7,0]]

// case: sort numbers with -0 and NaN
return Array.from(new Float64Array([3, NaN, -0, 0, -Infinity, 1]).sort()).map((x) => Object.is(x, -0) ? '-0' : String(x))
// result: ["-Infinity","-0","0","1","3","NaN"]

// case: iteration
const t = new Uint16Array([10, 20]); return [[...t], [...t.keys()], [...t.entries()], Object.prototype.toString.call(t.values())]
// result: [[10,20],[0,1],[[0,10],[1,20]],"[object Array Iterator]"]

// case: prototype chain and tags
const TA = Object.getPrototypeOf(Int8Array); return [TA.name, Object.getPrototypeOf(Uint8Array.prototype) === TA.prototype, Object.prototype.toString.call(new Float32Array(1)), new Uint8Array(1)[Symbol.toStringTag], Uint8Array.prototype.toString === Array.prototype.toString]
// result: ["TypedArray",true,"[object Float32Array]","Uint8Array",true]

// case: the abstract TypedArray cannot be constructed
const TA = Object.getPrototypeOf(Int8Array); new TA()
// error: TypeError: Abstract class TypedArray not directly constructable

// case: constructors need new
Uint8Array(2)
// error: TypeError: Constructor Uint8Array requires 'new'

// case: ArrayBuffer slice and isView
const buf = new Uint8Array([1, 2, 3, 4]).buffer; const part = buf.slice(1, 3); return [part.byteLength, Array.from(new Uint8Array(part)), ArrayBuffer.isView(new Uint8Array(1)), ArrayBuffer.isView(buf), ArrayBuffer.isView(new DataView(buf))]
// result: [2,[2,3],true,false,true]

// case: freezing a typed array with elements
Object.freeze(new Uint8Array(1))
// error: TypeError: Cannot freeze array buffer views with elements

// case: from and of
return [Array.from(Uint8Array.from([1, 2, 3], (x) => x * 10)), Array.from(Int8Array.of(1, -1, 300)), Array.from(Float32Array.from({ length: 2, 0: 1.5 }))]
// result: [[10,20,30],[1,-1,44],[1.5,null]]
