// Conformance cases: property descriptors on arrays. Expectations recorded from Node by record.mjs.

// case: defineProperty on an index
const a = [1, 2, 3]; Object.defineProperty(a, 1, { value: 'x', writable: false }); let msg; try { a[1] = 'y' } catch (e) { msg = e.message } return [a, msg, Object.getOwnPropertyDescriptor(a, 1)]
// result: [[1,"x",3],"Cannot assign to read only property '1' of object '[object Array]'",{"value":"x","writable":false,"enumerable":true,"configurable":true}]

// case: accessor on an index
let reads = 0; const a = [1, 2]; Object.defineProperty(a, 0, { get() { reads++; return 'g' }, enumerable: true, configurable: true }); return [a[0], a.join(), reads, a.length]
// result: ["g","g,2",2,2]

// case: defining an index past the end grows length
const a = []; Object.defineProperty(a, 3, { value: 'v', enumerable: true, configurable: true, writable: true }); return [a.length, Object.keys(a)]
// result: [4,["3"]]

// case: non-writable length refuses growth
const a = [1, 2]; Object.defineProperty(a, 'length', { writable: false }); const r = []; try { a.push(3) } catch (e) { r.push(e.constructor.name) } try { a[5] = 1 } catch (e) { r.push(e.constructor.name) } r.push(Reflect.defineProperty(a, 2, { value: 1 }), a.length, Object.getOwnPropertyDescriptor(a, 'length')); return r
// result: ["TypeError","TypeError",false,2,{"value":2,"writable":false,"enumerable":false,"configurable":false}]

// case: truncation stops at a non-configurable element
const a = [1, 2, 3, 4]; Object.defineProperty(a, 1, { value: 2, configurable: false }); let msg; try { a.length = 0 } catch (e) { msg = e.constructor.name } return [a.length, msg, Reflect.defineProperty(a, 'length', { value: 0 }), a.length]
// result: [2,"TypeError",false,2]

// case: length must be a valid uint32
const r = []; for (const v of [-1, 1.5, 2 ** 32, 'abc']) { try { [].length = v } catch (e) { r.push(e.constructor.name + ': ' + e.message) } } const a = []; a.length = '3'; r.push(a.length); return r
// result: ["RangeError: Invalid array length","RangeError: Invalid array length","RangeError: Invalid array length","RangeError: Invalid array length",3]

// case: length conversion calls valueOf twice through defineProperty
let calls = 0; const a = [1, 2, 3]; Object.defineProperty(a, 'length', { value: { valueOf() { calls++; return 1 } } }); return [a.length, calls]
// result: [1,2]

// case: freeze, seal and preventExtensions on arrays
const f = Object.freeze([1, 2]); const s = Object.seal([1, 2]); const p = Object.preventExtensions([1, 2]); const r = []; for (const [a, op] of [[f, (a) => { a[0] = 9 }], [f, (a) => a.push(1)], [s, (a) => { delete a[0] }], [s, (a) => a.push(1)], [p, (a) => { a[2] = 1 }]]) { try { op(a); r.push('ok') } catch (e) { r.push(e.constructor.name) } } s[0] = 'w'; return [r, s, Object.isFrozen(f), Object.isSealed(s), Object.isExtensible(p)]
// result: [["TypeError","TypeError","TypeError","TypeError","TypeError"],["w",2],true,true,false]

// case: getOwnPropertyNames order
const a = ['x', 'y']; a.extra = 1; a[5] = 'z'; return Object.getOwnPropertyNames(a)
// result: ["0","1","5","length","extra"]
