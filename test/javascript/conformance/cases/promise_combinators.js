// Conformance cases: promise_combinators. Expectations recorded from Node by record.mjs.

// case: Promise.all over a subclass builds a subclass instance
class P extends Promise {} const p = P.all([1, P.resolve(2)]); return [p instanceof P, p.constructor === P, await p]
// result: [true,true,[1,2]]

// case: Promise.all reads C.resolve once and calls it per element
const log = []; class P extends Promise { static get resolve() { log.push('get'); return (v) => { log.push('resolve ' + v); return Promise.resolve(v) } } } const r = await P.all([1, 2, 3]); return [log, r]
// result: [["get","resolve 1","resolve 2","resolve 3"],[1,2,3]]

// case: Promise.all over a foreign constructor
const seen = []; function C(executor) { executor((v) => seen.push(['resolved', v]), (e) => seen.push(['rejected', e])) } C.resolve = (v) => ({ then(onF) { onF(v * 10) } }); Promise.all.call(C, [1, 2]); return seen
// result: [["resolved",[10,20]]]

// case: Promise.race over a foreign constructor and thenables
const seen = []; function C(executor) { executor((v) => seen.push('win ' + v), (e) => seen.push('lose ' + e)) } C.resolve = (v) => v; Promise.race.call(C, [{ then(f) { f('a') } }, { then(f, r) { r('b') } }]); return seen
// result: ["win a","lose b"]

// case: Promise.all with a non-constructor receiver throws at once
try { Promise.all.call({}, []) } catch (e) { return [e instanceof TypeError, typeof e.message] }
// result: [true,"string"]

// case: Promise.all closes the iterator when then throws
let closed = 0; class P extends Promise { static resolve() { return { then() { throw new Error('then broke') } } } } const it = { [Symbol.iterator]() { return { next: () => ({ value: 1, done: false }), return() { closed++; return {} } } } }; try { await P.all(it) } catch (e) { return [e.message, closed] }
// result: ["then broke",1]

// case: Promise.all does not close an iterator whose next throws
let closed = 0; const it = { [Symbol.iterator]() { return { next() { throw new Error('next broke') }, return() { closed++; return {} } } } }; try { await Promise.all(it) } catch (e) { return [e.message, closed] }
// result: ["next broke",0]

// case: Promise.any over an infinite iterator stops at a thrown resolve
let n = 0; class P extends Promise { static resolve(v) { if (++n > 3) throw new RangeError('enough'); return Promise.resolve(v) } } const it = { [Symbol.iterator]() { return { next: () => ({ value: n, done: false }) } } }; try { await P.any(it) } catch (e) { return [e.name, n] }
// result: ["RangeError",4]

// case: Promise.allSettled over a subclass
class P extends Promise {} return await P.allSettled([P.reject('no'), 1])
// result: [{"status":"rejected","reason":"no"},{"status":"fulfilled","value":1}]

// case: Promise.any rejects with an AggregateError of every reason
try { await Promise.any([Promise.reject(1), Promise.reject(2)]) } catch (e) { return [e.constructor.name, e.errors, Object.getOwnPropertyDescriptor(e, 'errors').enumerable] }
// result: ["AggregateError",[1,2],false]

// case: then uses the species constructor
let made = 0; class P extends Promise { static get [Symbol.species]() { made++; return Promise } } const q = P.resolve(1).then((x) => x); return [q instanceof P, q instanceof Promise, made, await q]
// result: [false,true,1,1]

// case: finally keeps the value and uses the species for its inner promise
class P extends Promise {} const p = P.resolve(5).finally(() => 'ignored'); return [p instanceof P, await p]
// result: [true,5]

// case: Promise.resolve returns a promise whose constructor is the receiver
class P extends Promise {} const a = P.resolve(1); return [P.resolve(a) === a, Promise.resolve(a) === a, Promise[Symbol.species] === Promise]
// result: [true,false,true]

// case: Promise.reject over a subclass
class P extends Promise {} const r = P.reject('x'); return [r instanceof P, await r.catch((e) => e + '!')]
// result: [true,"x!"]

// case: an executor called twice with functions is refused
let caught; function C(executor) { executor(() => {}, () => {}); try { executor(() => {}, () => {}) } catch (e) { caught = e.constructor.name } } Promise.resolve.call(C, 1); return caught
// result: "TypeError"
