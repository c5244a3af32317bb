// Conformance cases: JSON edge cases (skipped values, toJSON, indentation, replacers, revivers). Expectations recorded from Node by record.mjs.

// case: undefined functions symbols in arrays versus objects
return [JSON.stringify([undefined, function () {}, Symbol('s'), () => 1]), JSON.stringify({ a: undefined, b: function () {}, c: Symbol('s') }), JSON.stringify({ [Symbol('k')]: 1, d: 2 })]
// result: ["[null,null,null,null]","{}","{\"d\":2}"]

// case: top level non serialisable values
return [JSON.stringify(Symbol('x')) === undefined, JSON.stringify(function () {}) === undefined, JSON.stringify([Symbol()]), String(JSON.stringify(undefined))]
// result: [true,true,"[null]","undefined"]

// case: toJSON receives key and is used for nested
const mk = (tag) => ({ toJSON(k) { return tag + '@' + k } }); return JSON.stringify({ a: mk('x'), b: [mk('y'), { c: mk('z') }] })
// result: "{\"a\":\"x@a\",\"b\":[\"y@0\",{\"c\":\"z@c\"}]}"

// case: toJSON returning undefined drops property
return JSON.stringify({ a: { toJSON() { return undefined } }, b: 1, c: [{ toJSON() {} }] })
// result: "{\"b\":1,\"c\":[null]}"

// case: toJSON on top level and date
return [JSON.stringify({ toJSON() { return [1, 2] } }), JSON.stringify(new Date(0)), JSON.stringify({ d: new Date(86400000) })]
// result: ["[1,2]","\"1970-01-01T00:00:00.000Z\"","{\"d\":\"1970-01-02T00:00:00.000Z\"}"]

// case: toJSON inherited from prototype
class P { constructor(x) { this.x = x } toJSON() { return { kind: 'P', x: this.x } } } return JSON.stringify([new P(1), { p: new P(2) }])
// result: "[{\"kind\":\"P\",\"x\":1},{\"p\":{\"kind\":\"P\",\"x\":2}}]"

// case: toJSON non function ignored
return JSON.stringify({ toJSON: 5, a: 1 })
// result: "{\"toJSON\":5,\"a\":1}"

// case: indentation with numbers
const v = { a: [1, { b: 2 }], c: 'x' }; return [JSON.stringify(v, null, 1), JSON.stringify(v, null, 0), JSON.stringify(v, null, -3), JSON.stringify(v, null, 2.9)]
// result: ["{\n \"a\": [\n  1,\n  {\n   \"b\": 2\n  }\n ],\n \"c\": \"x\"\n}","{\"a\":[1,{\"b\":2}],\"c\":\"x\"}","{\"a\":[1,{\"b\":2}],\"c\":\"x\"}","{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ],\n  \"c\": \"x\"\n}"]

// case: indentation over 10 is clamped
const v = { a: [1] }; return [JSON.stringify(v, null, 20) === JSON.stringify(v, null, 10), JSON.stringify(v, null, 12)]
// result: [true,"{\n          \"a\": [\n                    1\n          ]\n}"]

// case: indentation with strings
const v = { a: [1, 2], b: {} }; return [JSON.stringify(v, null, '\t'), JSON.stringify(v, null, 'abcdefghijklmnop'), JSON.stringify(v, null, ''), JSON.stringify([], null, 2), JSON.stringify([[]], null, 2)]
// result: ["{\n\t\"a\": [\n\t\t1,\n\t\t2\n\t],\n\t\"b\": {}\n}","{\nabcdefghij\"a\": [\nabcdefghijabcdefghij1,\nabcdefghijabcdefghij2\nabcdefghij],\nabcdefghij\"b\": {}\n}","{\"a\":[1,2],\"b\":{}}","[]","[\n  []\n]"]

// case: indentation with boxed number and string
return [JSON.stringify([1], null, new Number(3)), JSON.stringify([1], null, new String('ab')), JSON.stringify([1], null, true)]
// result: ["[\n   1\n]","[\nab1\n]","[1]"]

// case: replacer function sees holder and root
const seen = []; JSON.stringify({ a: [10] }, function (k, v) { seen.push([k, typeof v, Array.isArray(this)]); return v }); return seen
// result: [["","object",false],["a","object",false],["0","number",true]]

// case: replacer function replaces root and skips
return [JSON.stringify({ a: 1 }, () => 'root'), JSON.stringify({ a: 1, b: 'x' }, (k, v) => (typeof v === 'number' ? undefined : v)), JSON.stringify([1, 'a'], (k, v) => (typeof v === 'number' ? undefined : v))]
// result: ["\"root\"","{\"b\":\"x\"}","[null,\"a\"]"]

// case: replacer array with numbers and duplicates
return [JSON.stringify({ 1: 'one', a: 2, b: 3 }, [1, 'a', 'a']), JSON.stringify({ a: { a: 1, b: 2 }, b: 1 }, ['a']), JSON.stringify([{ a: 1, b: 2 }], ['b'])]
// result: ["{\"1\":\"one\",\"a\":2}","{\"a\":{\"a\":1}}","[{\"b\":2}]"]

// case: replacer array ignores non strings
return JSON.stringify({ a: 1, true: 2, null: 3 }, [true, null, 'a', {}])
// result: "{\"a\":1}"

// case: replacer and indentation together
return JSON.stringify({ a: 1, b: [1, 2], c: 3 }, ['b', 'c'], 2)
// result: "{\n  \"b\": [\n    1,\n    2\n  ],\n  \"c\": 3\n}"

// case: reviver deleting and altering
return JSON.parse('{"a":1,"b":"drop","c":{"d":2,"e":"drop"},"f":[1,"drop",3]}', (k, v) => (v === 'drop' ? undefined : typeof v === 'number' ? v * 2 : v))
// result: {"a":2,"c":{"d":4},"f":[2,null,6]}

// case: reviver order and root key
const seen = []; JSON.parse('{"a":[1,{"b":2}],"c":3}', function (k, v) { seen.push(k); return v }); return seen
// result: ["0","b","1","a","c",""]

// case: reviver this is holder
const out = []; JSON.parse('{"x":{"y":1}}', function (k, v) { if (k === 'y') out.push(Object.keys(this)); return v }); return out
// result: [["y"]]

// case: reviver replaces root
return JSON.parse('[1,2]', (k, v) => (k === '' ? 'root:' + v.length : v))
// result: "root:2"

// case: NaN and Infinity serialise as null
return [JSON.stringify({ a: NaN, b: Infinity, c: -Infinity }), JSON.stringify([NaN]), JSON.stringify(NaN), JSON.stringify(-0), JSON.stringify(new Number(NaN))]
// result: ["{\"a\":null,\"b\":null,\"c\":null}","[null]","null","0","null"]

// case: number formatting in JSON
return JSON.stringify([0.1 + 0.2, 1e21, 1e-7, -1e-7, 123e300, 5e-324, 2 ** 53 + 2])
// result: "[0.30000000000000004,1e+21,1e-7,-1e-7,1.23e+302,5e-324,9007199254740994]"

// case: nested getters run during stringify
let calls = 0; const o = { get a() { calls++; return { get b() { calls++; return [1] } } } }; const s = JSON.stringify(o); return [s, calls]
// result: ["{\"a\":{\"b\":[1]}}",2]

// case: non enumerable and symbol keys skipped
const o = { a: 1 }; Object.defineProperty(o, 'h', { value: 2, enumerable: false }); o[Symbol('s')] = 3; return JSON.stringify(o)
// result: "{\"a\":1}"

// case: key order with integer keys
return JSON.stringify({ b: 1, 2: 'x', a: 2, 1: 'y' })
// result: "{\"1\":\"y\",\"2\":\"x\",\"b\":1,\"a\":2}"

// case: big nesting
let v = 0; for (let i = 0; i < 200; i++) v = [v]; const s = JSON.stringify(v); return [s.length, JSON.parse(s).flat(Infinity)]
// result: [401,[0]]

// case: deep object nesting round trip
let v = { leaf: true }; for (let i = 0; i < 150; i++) v = { n: v }; let back = JSON.parse(JSON.stringify(v)); let depth = 0; while (back.n) { back = back.n; depth++ } return [depth, back.leaf]
// result: [150,true]

// case: boxed primitives serialise as primitives
return JSON.stringify([new String('s'), new Boolean(false), new Number(4), Object(1n) ? 'skip' : 0])
// result: "[\"s\",false,4,\"skip\"]"

// case: Map Set and RegExp serialise as empty objects
return JSON.stringify({ m: new Map([[1, 2]]), s: new Set([1]), r: /x/g, e: new Error('boom') })
// result: "{\"m\":{},\"s\":{},\"r\":{},\"e\":{}}"

// case: string escapes
return [JSON.stringify('\u0000\u001f\u007f'), JSON.stringify('\ud800'), JSON.stringify('\ud83d\ude00'), JSON.stringify('\b\f\r/'), JSON.stringify('\u2029')]
// result: ["\"\\u0000\\u001f\"","\"\\ud800\"","\"😀\"","\"\\b\\f\\r/\"","\" \""]

// case: parse escapes and unicode
return [JSON.parse('"\\u0041\\n\\/"'), JSON.parse('"\\ud83d\\ude00"').length, JSON.parse('"é"')]
// result: ["A\n/",2,"é"]

// case: parse numbers
return [JSON.parse('-0'), Object.is(JSON.parse('-0'), -0), JSON.parse('1E3'), JSON.parse('1.5e-2'), JSON.parse(' 12 '), JSON.parse('1e400')].map(String)
// result: ["0","true","1000","0.015","12","Infinity"]

// case: parse rejects trailing commas
try { JSON.parse('[1,]') } catch (e) { return e.name }
// result: "SyntaxError"

// case: parse rejects single quotes
try { JSON.parse("{'a':1}") } catch (e) { return e.name }
// result: "SyntaxError"

// case: parse rejects leading zeros
try { JSON.parse('01') } catch (e) { return e.name }
// result: "SyntaxError"

// case: parse rejects undefined and NaN
const r = []; for (const t of ['undefined', 'NaN', '', '{"a":1}x', '"\t"']) { try { JSON.parse(t); r.push('ok') } catch (e) { r.push(e.name) } } return r
// result: ["SyntaxError","SyntaxError","SyntaxError","SyntaxError","SyntaxError"]

// case: parse literals and whitespace
return [JSON.parse('true'), JSON.parse('null'), JSON.parse(' \n\t[ 1 , "a" ] '), JSON.parse('{}'), JSON.parse('"x"')]
// result: [true,null,[1,"a"],{},"x"]

// case: parse duplicate keys last wins
return JSON.parse('{"a":1,"a":2,"b":3}')
// result: {"a":2,"b":3}

// case: parse proto key is own data
const o = JSON.parse('{"__proto__":{"x":1}}'); return [Object.keys(o), o.x, Object.getPrototypeOf(o) === Object.prototype]
// result: [["__proto__"],null,true]

// case: parse non string argument
return [JSON.parse(1), JSON.parse(null), JSON.parse(true), JSON.parse({ toString() { return '[3]' } })]
// result: [1,null,true,[3]]

// case: stringify cycle through array throws
const a = [1]; a.push({ a }); try { JSON.stringify(a) } catch (e) { return e.name }
// result: "TypeError"

// case: stringify same object twice is not a cycle
const shared = { x: 1 }; return JSON.stringify({ a: shared, b: shared, c: [shared, shared] })
// result: "{\"a\":{\"x\":1},\"b\":{\"x\":1},\"c\":[{\"x\":1},{\"x\":1}]}"

// case: JSON toString tag
return [String(JSON), Object.prototype.toString.call(JSON), typeof JSON.rawJSON]
// result: ["[object JSON]","[object JSON]","undefined"]

// case: stringify bigint with toJSON
BigInt.prototype.toJSON = function () { return this.toString() + 'n' }; const s = JSON.stringify({ n: 5n }); delete BigInt.prototype.toJSON; return s
// result: "{\"n\":\"5n\"}"

// case: stringify array with extra properties
const a = [1, 2]; a.extra = 'x'; return JSON.stringify(a)
// result: "[1,2]"

// case: stringify class instance own fields only
class A { #p = 1; x = 2; get y() { return 3 } static z = 4 } return JSON.stringify(new A())
// result: "{\"x\":2}"

// case: a reviver cannot replace a property made non-configurable meanwhile
const o = JSON.parse('{"a": 1, "b": 2}', function (k, v) { if (k === "a") Object.defineProperty(this, "b", { configurable: false }); return k === "b" ? 22 : v })
return [o.a, o.b]
// result: [1,2]

// case: a BigInt's toJSON getter sees the bigint itself
Object.defineProperty(BigInt.prototype, "toJSON", { get() { "use strict"; return () => typeof this }, configurable: true })
const r = JSON.stringify(1n); delete BigInt.prototype.toJSON; return r
// result: "\"bigint\""
