// Conformance cases: DataView. Expectations recorded from Node by record.mjs.

// case: byte order
const v = new DataView(new ArrayBuffer(4)); v.setUint16(0, 0x1234); v.setUint16(2, 0x1234, true); return [v.getUint8(0), v.getUint8(1), v.getUint8(2), v.getUint8(3), v.getUint16(0), v.getUint16(2, true)]
// result: [18,52,52,18,4660,4660]

// case: every width
const v = new DataView(new ArrayBuffer(16)); v.setInt8(0, -1); v.setInt16(1, -2); v.setInt32(3, -3); v.setFloat32(7, 1.5); return [v.getUint8(0), v.getInt16(1), v.getUint16(1), v.getInt32(3), v.getUint32(3), v.getFloat32(7)]
// result: [255,-2,65534,-3,4294967293,1.5]

// case: floats and bigints
const v = new DataView(new ArrayBuffer(16)); v.setFloat64(0, Math.PI); v.setBigInt64(8, -5n, true); return [v.getFloat64(0), String(v.getBigInt64(8, true)), String(v.getBigUint64(8, true))]
// result: [3.141592653589793,"-5","18446744073709551611"]

// case: offsets and views over part of a buffer
const buf = new ArrayBuffer(8); const v = new DataView(buf, 2, 4); v.setUint8(0, 9); return [v.byteOffset, v.byteLength, new Uint8Array(buf)[2], v.buffer === buf]
// result: [2,4,9,true]

// case: out of range access
const v = new DataView(new ArrayBuffer(4)); const r = []; for (const f of [() => v.getUint32(1), () => v.setInt8(4, 1), () => v.getInt8(-1), () => new DataView(new ArrayBuffer(2), 3)]) { try { f(); r.push('ok') } catch (e) { r.push(e.constructor.name) } } return r
// result: ["RangeError","RangeError","RangeError","RangeError"]

// case: value converted before the bounds check
const v = new DataView(new ArrayBuffer(1)); let converted = false; try { v.setUint8(5, { valueOf() { converted = true; return 1 } }) } catch (e) { return [converted, e.constructor.name] }
// result: [true,"RangeError"]

// case: a DataView needs a buffer
new DataView([1, 2])
// error: TypeError: First argument to DataView constructor must be an ArrayBuffer
