// Conformance cases: errors. Expectations recorded from Node by record.mjs.

// case: error properties
const e = new Error('msg', { cause: 'why' }); return [e.name, e.message, e.cause, e instanceof Error, String(e)]
// result: ["Error","msg","why",true,"Error: msg"]

// case: error types
return [new TypeError('t').name, new RangeError('r') instanceof Error, Object.prototype.toString.call(new SyntaxError())]
// result: ["TypeError",true,"[object Error]"]

// case: runtime type errors
const out = []; for (const f of [() => null.x, () => undefined.y, () => (1)(), () => ({}).a.b, () => new (() => {})()]) { try { f() } catch (e) { out.push(e.constructor.name + ': ' + e.message) } } return out
// result: ["TypeError: Cannot read properties of null (reading 'x')","TypeError: Cannot read properties of undefined (reading 'y')","TypeError: 1 is not a function","TypeError: Cannot read properties of undefined (reading 'b')","TypeError: (intermediate value) is not a constructor"]

// case: error stack mentions program lines only
function f() { return new Error('x') } const s = f().stack; return [s.startsWith('Error: x'), s.includes('.ts'), s.includes('node:')]
// result: [true,false,false]

// case: error message of a thrown custom
class E extends Error {} throw new E('custom')
// error: Error: custom

// case: error without message
return [String(new Error()), new Error().message === '']
// result: ["Error",true]

// case: AggregateError
const e = new AggregateError([1, 2], 'agg'); return [e.name, e.message, e.errors]
// result: ["AggregateError","agg",[1,2]]
