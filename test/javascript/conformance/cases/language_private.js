// Private class members (#x), static private members, `#x in o`, static initialization blocks.

// case: private field read and write
class Counter {
  #n = 0
  inc() { this.#n++; return this }
  get value() { return this.#n }
}
const c = new Counter().inc().inc()
return [c.value, Object.keys(c), JSON.stringify(c)]
// result: [2,[],"{}"]

// case: private fields are per instance
class P { #v; constructor(v) { this.#v = v } get() { return this.#v } }
const a = new P(1), b = new P(2)
return [a.get(), b.get()]
// result: [1,2]

// case: private field initial value undefined
class P { #v; read() { return this.#v } }
return [new P().read() === undefined]
// result: [true]

// case: private methods
class A {
  #secret() { return 42 }
  call() { return this.#secret() }
  ref() { return this.#secret === this.#secret }
  name() { return this.#secret.name }
}
const a = new A()
return [a.call(), a.ref(), a.name(), Object.getOwnPropertyNames(A.prototype)]
// result: [42,true,"#secret",["constructor","call","ref","name"]]

// case: private getters and setters
class T {
  #c = 0
  get #f() { return this.#c * 9 / 5 + 32 }
  set #f(v) { this.#c = (v - 32) * 5 / 9 }
  setF(v) { this.#f = v; return this.#c }
  getF() { return this.#f }
}
const t = new T()
return [t.setF(212), t.getF()]
// result: [100,212]

// case: compound assignment and update on private fields
class A {
  #x = 1
  run() {
    this.#x += 10
    this.#x *= 2
    const post = this.#x++
    const pre = ++this.#x
    this.#x ??= 5
    this.#x ||= 6
    return [post, pre, this.#x]
  }
}
return new A().run()
// result: [22,24,24]

// case: logical assignment on undefined private field
class A { #x; run() { this.#x ??= "set"; this.#x &&= this.#x + "!"; return this.#x } }
return new A().run()
// result: "set!"

// case: destructuring into private fields
class A {
  #a; #b
  constructor(pair) { [this.#a, this.#b] = pair; ({ x: this.#a } = { x: this.#a + 100 }) }
  get() { return [this.#a, this.#b] }
}
return new A([1, 2]).get()
// result: [101,2]

// case: static private fields and methods
class Id {
  static #next = 1
  static #bump() { return Id.#next++ }
  static make() { return "id" + Id.#bump() }
}
return [Id.make(), Id.make(), Id.make()]
// result: ["id1","id2","id3"]

// case: static private accessor and this in static method
class S {
  static #v = 3
  static get #double() { return this.#v * 2 }
  static run() { return this.#double }
}
return S.run()
// result: 6

// case: #x in obj brand checks
class A {
  #x
  #m() {}
  get #g() { return 1 }
  static check(o) { return [#x in o, #m in o, #g in o] }
}
class B {}
return [A.check(new A()), A.check(new B()), A.check({}), A.check(A)]
// result: [[true,true,true],[false,false,false],[false,false,false],[false,false,false]]

// case: #x in a primitive throws
class A { #x; static has(o) { return #x in o } }
try { A.has(1) } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","Cannot use 'in' operator to search for '#x' in 1"]

// case: reading a private field of another object
class A { #x = 1; static read(o) { return o.#x } }
try { A.read({}) } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","Cannot read private member #x from an object whose class did not declare it"]

// case: writing a private field of another object
class A { #x = 1; static write(o) { o.#x = 2 } }
try { A.write({}) } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","Cannot write private member #x to an object whose class did not declare it"]

// case: private method on the wrong receiver
class A { #m() { return 1 } static call(o) { return o.#m() } }
try { A.call({}) } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","Receiver must be an instance of class A"]

// case: static private method on the wrong receiver
class A { static #m() { return 1 } static call(o) { return o.#m() } }
class B extends A {}
const out = [A.call(A)]
try { B.call(B) } catch (e) { out.push(e.message) }
return out
// result: [1,"Receiver must be class A"]

// case: static private field is not inherited
class F { static #x = 1; static get() { return this.#x } }
class G extends F {}
const out = [F.get()]
try { G.get() } catch (e) { out.push(e.message) }
return out
// result: [1,"Cannot read private member #x from an object whose class did not declare it"]

// case: private method is not writable
class M { #a() {} static n(o) { o.#a = 1 } }
const out = []
try { M.n(new M()) } catch (e) { out.push(e.message) }
try { M.n({}) } catch (e) { out.push(e.message) }
return out
// result: ["Private method '#a' is not writable","Receiver must be an instance of class M"]

// case: accessor without getter or setter
class G {
  get #g() { return 1 }
  set #s(v) {}
  static w(o) { o.#g = 1 }
  static r(o) { return o.#s }
}
const out = []
try { G.w(new G()) } catch (e) { out.push(e.message) }
try { G.r(new G()) } catch (e) { out.push(e.message) }
return out
// result: ["'#g' was defined without a setter","'#s' was defined without a getter"]

// case: anonymous class in brand error
const X = class { #m() {} static f(o) { return o.#m() } }
try { X.f({}) } catch (e) { return [X.name, e.message] }
// result: ["X","Receiver must be an instance of class anonymous"]

// case: private access on null
class A { #x = 1; static r(o) { return o.#x } static w(o) { o.#x = 1 } }
const out = []
try { A.r(null) } catch (e) { out.push(e.message) }
try { A.w(undefined) } catch (e) { out.push(e.message) }
return out
// result: ["Cannot read properties of null (reading '#x')","Cannot set properties of undefined (setting '#x')"]

// case: optional chaining with private members
class A { #x = 7; #m() { return "m" } static get(o) { return [o?.#x, o?.#m()] } }
return [A.get(new A()), A.get(null)]
// result: [[7,"m"],[null,null]]

// case: private field holding a function is called with this
class A {
  #f = function () { return this === a }
  #arrow = () => this
  call() { return [this.#f(), this.#arrow() === this] }
}
const a = new A()
return a.call()
// result: [true,true]

// case: stamping an object returned by a base constructor
class Base { constructor(o) { return o } }
class Stamp extends Base {
  #tag = "stamped"
  static tagOf(o) { return #tag in o ? o.#tag : "none" }
}
const obj = {}
new Stamp(obj)
const out = [Stamp.tagOf(obj), Stamp.tagOf({}), Object.keys(obj)]
try { new Stamp(obj) } catch (e) { out.push(e.message) }
return out
// result: ["stamped","none",[],"Cannot initialize #tag twice on the same object"]

// case: private methods installed twice on one object
class Base { constructor(o) { return o } }
class D extends Base { #y = 1; #q() {} }
const o = {}
new D(o)
try { new D(o) } catch (e) { return e.message }
// result: "Cannot initialize private methods of class D twice on the same object"

// case: each class evaluation has its own private names
function make() { return class { #x = 1; static read(o) { return o.#x } } }
const A = make(), B = make()
const out = [A.read(new A())]
try { B.read(new A()) } catch (e) { out.push(e.constructor.name) }
return out
// result: [1,"TypeError"]

// case: private names in nested classes
class Outer {
  #o = "outer"
  inner() {
    const self = this
    return new (class {
      #i = "inner"
      both() { return [self.#o, this.#i] }
    })().both()
  }
}
return new Outer().inner()
// result: ["outer","inner"]

// case: private members with inheritance and super
class A { #x = "a"; getX() { return this.#x } }
class B extends A {
  #x = "b"
  getBoth() { return [super.getX(), this.#x] }
}
return new B().getBoth()
// result: ["a","b"]

// case: private fields initialised in order with public fields
const log = []
class A {
  a = log.push("a")
  #b = log.push("#b")
  c = log.push("c")
  #d = this.#b + this.c
  get d() { return this.#d }
}
return [new A().d, log]
// result: [5,["a","#b","c"]]

// case: private methods available in field initialisers
class A {
  v = this.#m()
  #m() { return "ready" }
}
return new A().v
// result: "ready"

// case: derived class fields after super
class A { constructor() { this.seen = typeof this.read } }
class B extends A {
  #x = 10
  constructor() { super(); this.after = this.#x }
  read() { return this.#x }
}
const b = new B()
return [b.seen, b.after, b.read()]
// result: ["function",10,10]

// case: private members of frozen objects
class A { #x = 1; constructor() { Object.freeze(this) } inc() { return ++this.#x } }
const a = new A()
return [Object.isFrozen(a), a.inc(), a.inc()]
// result: [true,2,3]

// case: private field with computed public neighbour
const k = "dyn"
class A { #p = 1; [k] = 2; static [k + "S"] = 3; sum() { return this.#p + this[k] } }
return [new A().sum(), A.dynS]
// result: [3,3]

// case: private getter in a static method via class binding
class C {
  static #count = 0
  static get #next() { return ++C.#count }
  static take() { return [C.#next, C.#next] }
}
return C.take()
// result: [1,2]

// case: private field with await in an async method
class A {
  #v = 1
  async add(p) { this.#v += await p; return this.#v }
}
const a = new A()
return [await a.add(Promise.resolve(5)), await a.add(2)]
// result: [6,8]

// case: static block runs once with this as the class
const log = []
class A {
  static x = 1
  static {
    log.push(this === A, this.x)
    this.y = this.x + 1
  }
  static z = A.y * 10
}
return [A.y, A.z, log]
// result: [2,20,[true,1]]

// case: static blocks and static fields run in order
const log = []
class A {
  static a = log.push("a")
  static { log.push("block1") }
  static b = log.push("b")
  static { log.push("block2") }
}
return log
// result: ["a","block1","b","block2"]

// case: static block can read private members
class A {
  static #secret = "s"
  #inst = "i"
  static read
  static { A.read = (o) => [A.#secret, o.#inst] }
}
return A.read(new A())
// result: ["s","i"]

// case: static block has its own scope and var
var outside = "outer"
class A {
  static {
    var outside = "inner"
    let x = 1
    this.v = outside + x
  }
}
return [A.v, outside]
// result: ["inner1","outer"]

// case: static block with super property
class P { static greet() { return "hi" } }
class C extends P { static { this.msg = super.greet() + "!" } }
return C.msg
// result: "hi!"

// case: exception in a static block
try {
  class A { static { throw new Error("in block") } }
} catch (e) { return e.message }
// result: "in block"

// case: class with private members as an expression result
const Point = class {
  #x; #y
  constructor(x, y) { this.#x = x; this.#y = y }
  equals(o) { return #x in o && this.#x === o.#x && this.#y === o.#y }
  toJSON() { return { x: this.#x, y: this.#y } }
}
return [new Point(1, 2).equals(new Point(1, 2)), new Point(1, 2).equals({}), JSON.stringify(new Point(3, 4))]
// result: [true,false,"{\"x\":3,\"y\":4}"]

// case: private method calling another via this
class Calc {
  #add(a, b) { return a + b }
  #twice(x) { return this.#add(x, x) }
  run(x) { return this.#twice(x) }
}
return new Calc().run(21)
// result: 42

// case: private call on a non-function field
class A { #x = 1; run() { return this.#x() } }
try { new A().run() } catch (e) { return [e.constructor.name, e.message] }
// result: ["TypeError","this[#x] is not a function"]
