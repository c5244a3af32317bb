// Conformance cases: the Error family in depth (name, message, cause, toString, subclasses, AggregateError, stack shape). Expectations recorded from Node by record.mjs.

// case: name message cause
const e = new Error('boom', { cause: { code: 42 } }); return [e.name, e.message, e.cause, 'cause' in new Error('x'), Object.keys(e), e.hasOwnProperty('message'), e.hasOwnProperty('name')]
// result: ["Error","boom",{"code":42},false,[],true,false]

// case: cause undefined is own
const e = new Error('x', { cause: undefined }); return ['cause' in e, e.cause, Object.getOwnPropertyDescriptor(e, 'cause').enumerable]
// result: [true,null,false]

// case: cause ignored without options object
return ['cause' in new Error('x', 'not an object'), 'cause' in new Error('x', {}), 'cause' in new TypeError('t', { cause: 0 })]
// result: [false,false,true]

// case: message conversion
return [new Error(undefined).message, new Error(null).message, new Error(42).message, new Error({ toString() { return 'obj' } }).message, 'message' in new Error(), new Error().hasOwnProperty('message')]
// result: ["","null","42","obj",true,false]

// case: toString variants
const e = new Error('m'); const noMsg = new Error(); const custom = { name: 'N', message: 'M' }; const emptyName = new Error('x'); emptyName.name = ''; return [String(e), String(noMsg), Error.prototype.toString.call(custom), String(emptyName), Error.prototype.toString.call({}), String(new RangeError('r'))]
// result: ["Error: m","Error","N: M","x","Error","RangeError: r"]

// case: toString with undefined name
const e = new Error('x'); e.name = undefined; const f = new TypeError(''); return [String(e), String(f)]
// result: ["Error: x","TypeError"]

// case: toString on non object throws
try { Error.prototype.toString.call(1) } catch (e) { return e.name }
// result: "TypeError"

// case: instanceof across the family
const all = [new Error(), new TypeError(), new RangeError(), new SyntaxError(), new ReferenceError(), new EvalError(), new URIError(), new AggregateError([])]; return all.map((e) => [e.name, e instanceof Error, e instanceof TypeError, Object.getPrototypeOf(Object.getPrototypeOf(e)) === Error.prototype])
// result: [["Error",true,false,false],["TypeError",true,true,true],["RangeError",true,false,true],["SyntaxError",true,false,true],["ReferenceError",true,false,true],["EvalError",true,false,true],["URIError",true,false,true],["AggregateError",true,false,true]]

// case: constructors without new
const e = TypeError('x'); return [e instanceof TypeError, e.message, Error('y').name]
// result: [true,"x","Error"]

// case: prototype names and messages
return [TypeError.prototype.name, TypeError.prototype.message, Error.prototype.message, Object.getPrototypeOf(TypeError) === Error, TypeError.prototype.hasOwnProperty('toString'), Error.prototype.hasOwnProperty('toString')]
// result: ["TypeError","","",true,false,true]

// case: AggregateError
const e = new AggregateError([new Error('a'), 'b'], 'many', { cause: 'c' }); return [e.name, e.message, e.errors.length, e.errors[1], e.cause, String(e), Array.isArray(e.errors)]
// result: ["AggregateError","many",2,"b","c","AggregateError: many",true]

// case: AggregateError from iterable
const e = new AggregateError(new Set([1, 2])); return [e.errors, e.message, e.hasOwnProperty('message')]
// result: [[1,2],"",false]

// case: AggregateError needs iterable
try { new AggregateError(5) } catch (e) { return e.name }
// result: "TypeError"

// case: Promise any rejects with AggregateError
try { await Promise.any([Promise.reject(new Error('x')), Promise.reject(2)]) } catch (e) { return [e.name, e.constructor === AggregateError, e.errors.map(String), e.message] }
// result: ["AggregateError",true,["Error: x","2"],"All promises were rejected"]

// case: custom subclass
class HttpError extends Error { constructor(status, msg) { super(msg); this.name = 'HttpError'; this.status = status } } const e = new HttpError(404, 'not found'); return [e instanceof HttpError, e instanceof Error, String(e), e.status, Object.keys(e), e.constructor.name]
// result: [true,true,"HttpError: not found",404,["name","status"],"HttpError"]

// case: custom subclass name from prototype
class MyErr extends TypeError {} MyErr.prototype.name = 'MyErr'; const e = new MyErr('m'); return [String(e), e instanceof TypeError, Object.getPrototypeOf(e) === MyErr.prototype, e.name]
// result: ["MyErr: m",true,true,"MyErr"]

// case: subclass with cause passes through
class Wrapped extends Error { constructor(m, opts) { super(m, opts) } } const e = new Wrapped('w', { cause: 'why' }); return [e.cause, e.message]
// result: ["why","w"]

// case: thrown subclass caught by type
class ValidationError extends Error { name = 'ValidationError' } try { throw new ValidationError('bad field') } catch (e) { return [e instanceof ValidationError, e.name, `${e}`] }
// result: [true,"ValidationError","ValidationError: bad field"]

// case: stack shape shows the error first
function inner() { return new Error('deep') } const e = inner(); const lines = e.stack.split('\n'); return [lines[0], lines.length > 1, lines.slice(1).every((l) => l.startsWith('    at ')), typeof e.stack]
// result: ["Error: deep",true,true,"string"]

// case: stack first line uses name and message
const e = new TypeError('tm'); return e.stack.split('\n')[0]
// result: "TypeError: tm"

// case: stack of custom subclass
class MyE extends Error { constructor(m) { super(m); this.name = 'MyE' } } return new MyE('q').stack.split('\n')[0]
// result: "MyE: q"

// case: stack is not enumerable
const e = new Error('x'); return [Object.keys(e), JSON.stringify(e), Object.getOwnPropertyDescriptor(e, 'stack')?.enumerable ?? 'absent']
// result: [[],"{}",false]

// case: message property is writable and non enumerable
const e = new Error('a'); e.message = 'b'; const d = Object.getOwnPropertyDescriptor(e, 'message'); return [e.message, d.enumerable, d.writable, d.configurable, String(e)]
// result: ["b",false,true,true,"Error: b"]

// case: throw primitives
const r = []; for (const v of [1, 'str', null, undefined, { a: 1 }]) { try { throw v } catch (e) { r.push(e === v) } } return r
// result: [true,true,true,true,true]

// case: runtime errors have right types
const r = []; const tries = [() => null.x, () => undefinedName, () => (1)(), () => new Array(-1), () => { 'use strict'; const c = 1; c = 2 }, () => Symbol() + '', () => decodeURIComponent('%')]; for (const t of tries) { try { t() } catch (e) { r.push(e.name) } } return r
// result: ["TypeError","ReferenceError","TypeError","RangeError","TypeError","TypeError","URIError"]

// case: runtime error messages
const r = []; const tries = [() => null.x, () => undefined.y, () => { const o = {}; o.f() }, () => { let u; u() }, () => nope]; for (const t of tries) { try { t() } catch (e) { r.push(e.message) } } return r
// result: ["Cannot read properties of null (reading 'x')","Cannot read properties of undefined (reading 'y')","o.f is not a function","u is not a function","nope is not defined"]

// case: error in finally overrides
function f() { try { throw new Error('first') } finally { throw new Error('second') } } try { f() } catch (e) { return e.message }
// result: "second"

// case: rethrow keeps identity
const orig = new Error('o'); try { try { throw orig } catch (e) { throw e } } catch (e2) { return e2 === orig }
// result: true

// case: Error captureStackTrace absent or callable
return typeof Error.captureStackTrace === 'function' || typeof Error.captureStackTrace === 'undefined'
// result: true

// case: error with Symbol toStringTag
const e = new Error('x'); return [Object.prototype.toString.call(e), Object.prototype.toString.call(new TypeError())]
// result: ["[object Error]","[object Error]"]

// case: uncaught custom error reported
class Oops extends Error { constructor() { super('it broke'); this.name = 'Oops' } } throw new Oops()
// error: Oops: it broke

// case: uncaught TypeError with cause reported
throw new TypeError('typed', { cause: 1 })
// error: TypeError: typed

// case: errors in promise rejections
const r = await Promise.allSettled([Promise.reject(new RangeError('r')), Promise.resolve(1)]); return r.map((x) => x.status === 'rejected' ? [x.status, x.reason.name, x.reason.message] : [x.status, x.value])
// result: [["rejected","RangeError","r"],["fulfilled",1]]

// case: error length and name properties of constructors
return [Error.length, TypeError.length, AggregateError.length, Error.name, RangeError.name]
// result: [1,1,2,"Error","RangeError"]
