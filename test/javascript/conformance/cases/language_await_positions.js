// `await` in less common positions: switch, compound and logical member assignment, object literals
// with methods and spread, optional chains, super calls, updates, private members.

// case: await in switch discriminant, tests and bodies
const u = async (x) => x
const out = []
for (const v of [1, 2, 3]) {
  switch (await u(v)) {
    case await u(1): out.push("one"); break
    case 2: out.push(await u("two"))
    case 3: out.push("three"); break
    default: out.push("none")
  }
}
return out
// result: ["one","two","three","three"]

// case: await in switch with let bindings and return
async function f(k) {
  switch (k) {
    case "a": { const x = await Promise.resolve(1); return x }
    default: let y = await Promise.resolve(2); return y + 1
  }
}
return [await f("a"), await f("b")]
// result: [1,3]

// case: compound member assignment with await
const o = { n: 1, s: "a", arr: [1, 2] }
o.n += await Promise.resolve(10)
o["s"] += await "b"
o.arr[1] *= await 3
return o
// result: {"n":11,"s":"ab","arr":[1,6]}

// case: compound assignment reads before awaiting
const o = { n: 1 }
const p = (async () => { o.n += await Promise.resolve(10) })()
o.n = 100
await p
return o.n
// result: 11

// case: logical assignment with await on names and members
const o = { a: null, b: 0, c: "keep" }
let x
o.a ??= await Promise.resolve("filled")
o.b ||= await Promise.resolve(5)
o.c &&= await Promise.resolve("replaced")
x ??= await 1
let calls = 0
const y = "set"
const z = { v: "present" }
z.v ??= await (calls++, 9)
return [o, x, z.v, calls]
// result: [{"a":"filled","b":5,"c":"replaced"},1,"present",0]

// case: object literal with await next to methods, getters and spread
const base = { a: 1 }
const o = {
  ...(await Promise.resolve(base)),
  b: await Promise.resolve(2),
  [await Promise.resolve("c")]: 3,
  m() { return this.b },
  get g() { return this.a + 10 },
}
return [o.a, o.b, o.c, o.m(), o.g, Object.keys(o)]
// result: [1,2,3,2,11,["a","b","c","m","g"]]

// case: optional chains over awaited values
const u = async (x) => x
const user = { profile: { name: "Ann" }, greet() { return "hi " + this.profile.name } }
return [
  (await u(user))?.profile.name,
  (await u(null))?.profile.name,
  (await u(user))?.greet(),
  (await u(undefined))?.greet(),
  user.missing?.(await u(1)),
  user.profile?.[await u("name")],
]
// result: ["Ann",null,"hi Ann",null,null,"Ann"]

// case: super method call with an awaited argument
class A { add(x) { return x + 1 } }
class B extends A {
  async add(p) { return super.add(await p) * 10 }
}
return await new B().add(Promise.resolve(4))
// result: 50

// case: super property read with an awaited key
class A { get v() { return "A" + this.tag } }
class B extends A {
  tag = "!"
  async read(k) { return super[await k] }
}
return await new B().read(Promise.resolve("v"))
// result: "A!"

// case: update expressions with awaited keys
const counts = { a: 0, b: 5 }
counts[await "a"]++
const old = counts[await Promise.resolve("b")]--
++(await Promise.resolve(counts)).a
return [counts, old]
// result: [{"a":2,"b":4},5]

// case: private members with await
class Acc {
  #total = 0
  #log = []
  async add(p) {
    this.#total += await p
    this.#log.push(await p)
    return (await Promise.resolve(this)).#total
  }
  has(o) { return #total in o }
}
const a = new Acc()
await a.add(Promise.resolve(2))
return [await a.add(3), a.has(await Promise.resolve(a))]
// result: [5,true]

// case: await inside tagged template and nested template
const tag = (s, ...v) => s.join("|") + ":" + v.join(",")
return [tag`a${await 1}b${await Promise.resolve(2)}`, `x${await "y"}z`]
// result: ["a|b|:1,2","xyz"]

// case: await in a switch inside a loop with continue
const out = []
for (let i = 0; i < 4; i++) {
  switch (i % 2) {
    case 0: out.push(await Promise.resolve(i)); continue
    case 1: if (i === 3) break
    out.push("odd" + i)
  }
}
return out
// result: [0,"odd1",2]

// case: await in a switch inside a generator-driven loop
async function* g() { yield "a"; yield "b" }
const out = []
for await (const x of g()) {
  switch (x) {
    case "a": out.push(await Promise.resolve("A")); break
    default: out.push(x)
  }
}
return out
// result: ["A","b"]
