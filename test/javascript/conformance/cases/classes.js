// Conformance cases: classes. Expectations recorded from Node by record.mjs.

// case: class basics
class Point { constructor(x, y) { this.x = x; this.y = y } norm() { return Math.hypot(this.x, this.y) } } return new Point(3, 4).norm()
// result: 5

// case: class getters setters and static
class T { static count = 0; #x = 0; constructor() { T.count++ } } new T(); new T(); return T.count
// result: 2

// case: inheritance and super calls
class A { constructor(n) { this.n = n } hello() { return 'A' + this.n } } class B extends A { constructor() { super(2) } hello() { return 'B>' + super.hello() } } return new B().hello()
// result: "B>A2"

// case: static methods and inheritance
class A { static make() { return new this() } who() { return 'A' } } class B extends A { who() { return 'B' } } return [A.make().who(), B.make().who()]
// result: ["A","B"]

// case: instance fields
class C { a = 1; b = this.a + 1; static s = 'st' } const c = new C(); return [c.a, c.b, C.s, Object.keys(c)]
// result: [1,2,"st",["a","b"]]

// case: class accessors
class Temp { constructor() { this.c = 0 } get f() { return this.c * 9 / 5 + 32 } set f(v) { this.c = (v - 32) * 5 / 9 } } const t = new Temp(); t.f = 212; return [t.c, t.f]
// result: [100,212]

// case: class without new throws
class A {} A()
// error: TypeError: Class constructor A cannot be invoked without 'new'

// case: extending builtins: Error
class MyError extends Error { constructor(m) { super(m); this.name = 'MyError' } } try { throw new MyError('oops') } catch (e) { return [e.name, e.message, e instanceof MyError, e instanceof Error, String(e)] }
// result: ["MyError","oops",true,true,"MyError: oops"]

// case: extending Map
class Counter extends Map { add(k) { this.set(k, (this.get(k) ?? 0) + 1); return this } } const c = new Counter(); c.add('a').add('a').add('b'); return [...c.entries()]
// result: [["a",2],["b",1]]

// case: super property access in object literal
const base = { hi() { return 'base hi' } }; const o = { __proto__: base, hi() { return 'o > ' + super.hi() } }; return o.hi()
// result: "o > base hi"

// case: class name binding
class Foo { static name2() { return Foo.name } } return [Foo.name2(), typeof Foo]
// result: ["Foo","function"]

// case: this before super throws
class A {} class B extends A { constructor() { this.x = 1; super() } } new B()
// error: ReferenceError: Must call super constructor in derived class before accessing 'this' or returning from derived constructor

// case: method is not enumerable
class A { m() {} } return Object.keys(A.prototype).length
// result: 0

// case: toString override used by template
class P { toString() { return 'P!' } } return `${new P()}`
// result: "P!"

// case: class private fields
class Acc { #total = 0; add(n) { this.#total += n; return this } get total() { return this.#total } } return new Acc().add(2).add(3).total
// result: 5

// case: a derived constructor returning a primitive is a TypeError, even from a try
class Base {}
class Num extends Base { constructor() { super(); return 0 } }
class Caught extends Base { constructor() { super(); try { return 1 } catch (e) { return } } }
class Obj extends Base { constructor() { super(); return { replaced: true } } }
class Undef extends Base { constructor() { super(); return undefined } }
const out = []
for (const C of [Num, Caught]) {
  try { new C() } catch (e) { out.push(e instanceof TypeError) }
}
out.push(new Obj(), new Undef() instanceof Undef)
return out
// result: [true,true,{"replaced":true},true]
