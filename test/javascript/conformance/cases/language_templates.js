// Tagged templates: the strings array (cooked and raw), its identity per call site, the tag's `this`.

// case: tag receives strings and substitutions
function tag(strings, ...values) { return { strings: [...strings], values } }
return tag`a${1}b${"two"}c`
// result: {"strings":["a","b","c"],"values":[1,"two"]}

// case: empty template and substitution at the ends
const t = (s, ...v) => [s.length, [...s], v]
return [t``, t`${1}`, t`${1}${2}`]
// result: [[1,[""],[]],[2,["",""],[1]],[3,["","",""],[1,2]]]

// case: raw strings keep escapes
const t = (s) => [s[0], s.raw[0], s.raw.length]
return t`a\nb\tc\\d`
// result: ["a\nb\tc\\d","a\\nb\\tc\\\\d",1]

// case: invalid escapes are undefined when cooked but kept raw
const t = (s) => [s[0] === undefined, s.raw[0], s[1], s.raw[1]]
return t`\unicode${0}ok`
// result: [true,"\\unicode","ok","ok"]

// case: strings array and raw are frozen
const t = (s) => s
const s = t`a${1}b`
let threw = null
try { s[0] = "z" } catch (e) { threw = e.constructor.name }
return [Object.isFrozen(s), Object.isFrozen(s.raw), Array.isArray(s), Array.isArray(s.raw), threw, s[0]]
// result: [true,true,true,true,"TypeError","a"]

// case: raw is a non-enumerable own property
const s = ((x) => x)`q`
const d = Object.getOwnPropertyDescriptor(s, "raw")
return [d.enumerable, d.writable, d.configurable, Object.keys(s), JSON.stringify(s)]
// result: [false,false,false,["0"],"[\"q\"]"]

// case: same strings object per call site
const seen = []
const t = (s) => s
function f(x) { return t`x${x}y` }
for (let i = 0; i < 3; i++) seen.push(f(i))
const other = t`x${0}y`
return [seen[0] === seen[1], seen[1] === seen[2], seen[0] === other]
// result: [true,true,false]

// case: caching by strings identity
const cache = new Map()
let made = 0
function html(s, ...v) {
  if (!cache.has(s)) { made++; cache.set(s, s.join("?")) }
  return cache.get(s) + ":" + v.join(",")
}
const out = []
for (const n of [1, 2, 3]) out.push(html`<b>${n}</b>`)
return [out, made]
// result: [["<b>?</b>:1","<b>?</b>:2","<b>?</b>:3"],1]

// case: member tag gets this
const o = { prefix: ">", tag(s, ...v) { return this.prefix + s.raw.join("|") + v.join("") } }
return [o.tag`a${1}b`, o["tag"]`c`]
// result: [">a|b1",">c"]

// case: tag returning a function and chained tags
const t = (s) => (s2) => s[0] + s2[0]
return t`a``b`
// result: "ab"

// case: tag is evaluated before substitutions
const log = []
const get = () => { log.push("tag"); return (s, ...v) => v }
const v = (x) => { log.push("sub" + x); return x }
get()`${v(1)}${v(2)}`
return log
// result: ["tag","sub1","sub2"]

// case: tag that is not a function
const notFn = 5
try { notFn`x` } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","notFn is not a function"]

// case: substitutions are not converted to strings
const t = (s, ...v) => v.map((x) => typeof x)
return t`${1}${"a"}${null}${undefined}${{}}${[1]}${() => 1}`
// result: ["number","string","object","undefined","object","object","function"]

// case: template with line continuation and CRLF-free raw
const t = (s) => [s[0], s.raw[0]]
return t`a\
b`
// result: ["ab","a\\\nb"]

// case: tagged template with await in substitution
const t = (s, ...v) => s.raw.join("_") + v.join("+")
return t`x${await Promise.resolve(1)}y${2}`
// result: "x_y_1+2"

// case: tagged template inside an async function
const t = (s, ...v) => v
async function f() { return t`${await 1}${await Promise.resolve(2)}` }
return await f()
// result: [1,2]

// case: untagged template still converts
const o = { toString() { return "O" } }
return `${o}-${1}-${[1, 2]}`
// result: "O-1-1,2"

// case: dedent style tag
function dedent(s, ...v) {
  let out = ""
  s.raw.forEach((r, i) => { out += r.replace(/*no regex*/ "\\n", "\n") + (i < v.length ? v[i] : "") })
  return out.split("\n").map((l) => l.trim()).filter(Boolean).join("/")
}
return dedent`
  a ${1}
  b ${2}
`
// result: "a 1/b 2"

// case: tag called with new strings each evaluation of a different function
const made = new Set()
const t = (s) => { made.add(s); return s }
const fs = [0, 1].map(() => () => t`same`)
fs[0](); fs[1](); fs[0]()
return made.size
// result: 1

// case: strings length is substitutions plus one
const t = (s, ...v) => s.length - v.length
return [t``, t`${1}`, t`a${1}b${2}c${3}d`]
// result: [1,1,1]

// case: String.raw as a tag and called directly
return [String.raw`a\n${1}b${2}`, String.raw`\u{41}`, String.raw({ raw: "xyz" }, 1, 2, 3), String.raw({ raw: ["p", "q"] }, "-", "ignored"), String.raw({ raw: [] }), String.raw.length]
// result: ["a\\n1b2","\\u{41}","x1y2z","p-q","",1]

// case: String.raw with a non-object raw throws
try { String.raw({}) } catch (e) { return e.constructor.name }
// result: "TypeError"
