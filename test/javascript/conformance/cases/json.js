// Conformance cases: json. Expectations recorded from Node by record.mjs.

// case: stringify basics
return JSON.stringify({ a: 1, b: 'x', c: true, d: null, e: [1, 'two', false] })
// result: "{\"a\":1,\"b\":\"x\",\"c\":true,\"d\":null,\"e\":[1,\"two\",false]}"

// case: stringify skips undefined functions symbols
return JSON.stringify({ u: undefined, f() {}, s: Symbol('x'), n: null, arr: [undefined, () => 1, Symbol('y')] })
// result: "{\"n\":null,\"arr\":[null,null,null]}"

// case: stringify indentation
return JSON.stringify({ a: [1, { b: 2 }], c: {} , d: []}, null, 2)
// result: "{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ],\n  \"c\": {},\n  \"d\": []\n}"

// case: stringify with string indent
return JSON.stringify([1, [2]], null, '--')
// result: "[\n--1,\n--[\n----2\n--]\n]"

// case: stringify replacer function
return JSON.stringify({ a: 1, b: 2, c: { a: 3 } }, (k, v) => (k === 'a' ? v * 10 : v))
// result: "{\"a\":10,\"b\":2,\"c\":{\"a\":30}}"

// case: stringify replacer array
return JSON.stringify({ a: 1, b: 2, c: 3 }, ['c', 'a'])
// result: "{\"c\":3,\"a\":1}"

// case: stringify toJSON
const o = { x: 1, toJSON(key) { return 'custom:' + key } }; return JSON.stringify({ o, list: [o] })
// result: "{\"o\":\"custom:o\",\"list\":[\"custom:0\"]}"

// case: stringify non finite numbers
return JSON.stringify([NaN, Infinity, -0, 1e21])
// result: "[null,null,0,1e+21]"

// case: stringify strings with escapes
return JSON.stringify('quote" backslash\\ newline\n tab\t unicode\u2028')
// result: "\"quote\\\" backslash\\\\ newline\\n tab\\t unicode \""

// case: stringify cyclic throws
const o = {}; o.self = o; JSON.stringify(o)
// error: TypeError: Converting circular structure to JSON

// case: stringify bigint throws
JSON.stringify({ n: 1n })
// error: TypeError: Do not know how to serialize a BigInt

// case: stringify top level undefined
return [JSON.stringify(undefined) === undefined, JSON.stringify(() => 1) === undefined, JSON.stringify(null)]
// result: [true,true,"null"]

// case: parse basics
const v = JSON.parse('{"a":[1,2,{"b":null}],"c":"s","d":1.5e2}'); return [v.a[2].b, v.c, v.d, Array.isArray(v.a)]
// result: [null,"s",150,true]

// case: parse reviver
return JSON.parse('{"a":1,"b":{"c":2}}', (k, v) => (typeof v === 'number' ? v + 100 : v))
// result: {"a":101,"b":{"c":102}}

// case: parse errors are SyntaxError
try { JSON.parse('{bad') } catch (e) { return e.name }
// result: "SyntaxError"

// case: round trip
const data = { list: [1, 2, 3], nested: { deep: { x: 'y' } }, empty: [] }; return JSON.parse(JSON.stringify(data))
// result: {"list":[1,2,3],"nested":{"deep":{"x":"y"}},"empty":[]}

// case: parse key order
return Object.keys(JSON.parse('{"b":1,"a":2,"1":3}'))
// result: ["1","b","a"]
