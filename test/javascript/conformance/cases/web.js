// Conformance cases: Web globals (URL, URLSearchParams, TextEncoder/TextDecoder, Uint8Array, atob/btoa, structuredClone, crypto, queueMicrotask). Expectations recorded from Node by record.mjs.

// case: URL components of a special URL
const u = new URL("https://user:pw@Example.COM:8080/a/../b/./c?x=1&y=2#frag")
return [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash]
// result: ["https://user:pw@example.com:8080/b/c?x=1&y=2#frag","https://example.com:8080","https:","user","pw","example.com:8080","example.com","8080","/b/c","?x=1&y=2","#frag"]

// case: URL default port is dropped
return [new URL("http://a.com:80/").href, new URL("https://a.com:443").port, new URL("ws://a:81").port, new URL("ftp://x:21/").host]
// result: ["http://a.com/","","81","x"]

// case: URL relative resolution against a base
const base = "http://example.com/dir/sub/page.html?q#h"
return ["../up", "./same", "/root", "?only", "#only", "//other.org/x", "https:abs", ""].map((r) => new URL(r, base).href)
// result: ["http://example.com/dir/up","http://example.com/dir/sub/same","http://example.com/root","http://example.com/dir/sub/page.html?only","http://example.com/dir/sub/page.html?q#only","http://other.org/x","https://abs/","http://example.com/dir/sub/page.html?q"]

// case: URL base as URL object
return new URL("x/y", new URL("http://h/a/b")).href
// result: "http://h/a/x/y"

// case: URL invalid input throws TypeError
const out = []
for (const s of ["nope", "http://", "http://a b", "https://[::1", "", "//x"]) {
  try { new URL(s); out.push("ok") } catch (e) { out.push([e.name, e.message, e.code, e instanceof TypeError]) }
}
return out
// result: [["TypeError","Invalid URL","ERR_INVALID_URL",true],["TypeError","Invalid URL","ERR_INVALID_URL",true],["TypeError","Invalid URL","ERR_INVALID_URL",true],["TypeError","Invalid URL","ERR_INVALID_URL",true],["TypeError","Invalid URL","ERR_INVALID_URL",true],["TypeError","Invalid URL","ERR_INVALID_URL",true]]

// case: URL.canParse
return [URL.canParse("http://a"), URL.canParse("a"), URL.canParse("a", "http://b"), URL.canParse("http://[x")]
// result: [true,false,true,false]

// case: URL non-special schemes keep their case and opaque paths
return ["mailto:Someone@Example.com", "data:text/plain,Hello World", "urn:isbn:0451450523", "foo://Host/Path/../x", "javascript:alert(1)"].map((s) => { const u = new URL(s); return [u.href, u.protocol, u.host, u.pathname, u.origin] })
// result: [["mailto:Someone@Example.com","mailto:","","Someone@Example.com","null"],["data:text/plain,Hello World","data:","","text/plain,Hello World","null"],["urn:isbn:0451450523","urn:","","isbn:0451450523","null"],["foo://Host/x","foo:","Host","/x","null"],["javascript:alert(1)","javascript:","","alert(1)","null"]]

// case: URL file scheme
const u = new URL("file:///C:/dir/../file.txt")
return [u.href, u.host, u.pathname, new URL("file://server/share").host]
// result: ["file:///C:/file.txt","","/C:/file.txt","server"]

// case: URL percent-encoding per component
const u = new URL("http://h/a b/ü?q=a b&ü=é'#frag ment`")
return [u.pathname, u.search, u.hash, u.href]
// result: ["/a%20b/%C3%BC","?q=a%20b&%C3%BC=%C3%A9%27","#frag%20ment%60","http://h/a%20b/%C3%BC?q=a%20b&%C3%BC=%C3%A9%27#frag%20ment%60"]

// case: URL userinfo encoding
const u = new URL("http://h")
u.username = "us er@x"
u.password = "p:w/d"
return [u.href, u.username, u.password]
// result: ["http://us%20er%40x:p%3Aw%2Fd@h/","us%20er%40x","p%3Aw%2Fd"]

// case: URL IPv4 and IPv6 hosts
return ["http://127.1/", "http://0x7f.0.0.1/", "http://[0:0::1]/", "http://[2001:db8::8a2e:370:7334]:8080/p", "http://3232235777"].map((s) => new URL(s).host)
// result: ["127.0.0.1","127.0.0.1","[::1]","[2001:db8::8a2e:370:7334]:8080","192.168.1.1"]

// case: URL hostname lowercased and dots
return [new URL("HTTP://WWW.EXAMPLE.ORG./").href, new URL("http://a..b/").hostname]
// result: ["http://www.example.org./","a..b"]

// case: URL setters
const u = new URL("http://a.com/p?x#y")
u.protocol = "https"
u.hostname = "b.org"
u.port = "8443"
u.pathname = "q r"
u.search = "k=v"
u.hash = "frag"
return u.href
// result: "https://b.org:8443/q%20r?k=v#frag"

// case: URL setters that are ignored
const u = new URL("http://a.com/")
u.protocol = "mailto"
u.port = "99999"
u.host = ""
const r = [u.href]
const m = new URL("mailto:x@y")
m.pathname = "z"
m.host = "h"
r.push(m.href)
return r
// result: ["http://a.com/","mailto:x@y"]

// case: URL href setter and invalid href
const u = new URL("http://a/")
u.href = "https://b/c?d=1"
const r = [u.host, u.searchParams.get("d")]
try { u.href = "not a url" } catch (e) { r.push(e.name, e.message) }
r.push(u.href)
return r
// result: ["b","1","TypeError","Invalid URL","https://b/c?d=1"]

// case: URL port setter details
const u = new URL("http://a/")
const r = []
for (const p of ["8080", "80", "12abc", "", "0"]) { u.port = p; r.push(u.port) }
return r
// result: ["8080","","12","","0"]

// case: URL search and hash empty edge cases
const u = new URL("http://a/p?#")
const r = [u.href, u.search, u.hash]
u.search = ""
u.hash = ""
r.push(u.href)
return r
// result: ["http://a/p?#","","","http://a/p"]

// case: URL toString toJSON and JSON.stringify
const u = new URL("http://a/b")
return [u.toString(), u.toJSON(), JSON.stringify({ u }), `${u}`, String(u) === u.href]
// result: ["http://a/b","http://a/b","{\"u\":\"http://a/b\"}","http://a/b",true]

// case: URL searchParams are live both ways
const u = new URL("http://a/p?x=1&y=2")
const sp = u.searchParams
sp.append("z", "a b")
sp.delete("x")
const r = [u.href, u.search]
u.search = "?k=v&k=w"
r.push(sp.getAll("k"), sp.size, u.searchParams === sp)
sp.delete("k")
r.push(u.href)
return r
// result: ["http://a/p?y=2&z=a+b","?y=2&z=a+b",["v","w"],2,true,"http://a/p"]

// case: URLSearchParams from a string
const p = new URLSearchParams("?a=1&b=x+y&c=%20%41&d&=e&a=2&&f=%zz")
return [[...p], p.get("a"), p.getAll("a"), p.get("nope"), p.has("d"), p.size]
// result: [[["a","1"],["b","x y"],["c"," A"],["d",""],["","e"],["a","2"],["f","%zz"]],"1",["1","2"],null,true,7]

// case: URLSearchParams from an object and from pairs
return [new URLSearchParams({ a: 1, b: [1, 2], c: undefined, d: null }).toString(), new URLSearchParams([["x", "1"], ["x", "2"], ["y", 3]]).toString(), new URLSearchParams(new Map([["m", "n"]])).toString()]
// result: ["a=1&b=1%2C2&c=undefined&d=null","x=1&x=2&y=3","m=n"]

// case: URLSearchParams from another URLSearchParams copies
const a = new URLSearchParams("a=1")
const b = new URLSearchParams(a)
b.append("b", "2")
return [a.toString(), b.toString()]
// result: ["a=1","a=1&b=2"]

// case: URLSearchParams bad pairs throw
const r = []
for (const init of [[["a"]], [1], [["a", "b", "c"]]]) {
  try { new URLSearchParams(init) } catch (e) { r.push([e.name, e.message]) }
}
return r
// result: [["TypeError","Each query pair must be an iterable [name, value] tuple"],["TypeError","Each query pair must be an iterable [name, value] tuple"],["TypeError","Each query pair must be an iterable [name, value] tuple"]]

// case: URLSearchParams serialization encodes
const p = new URLSearchParams()
p.append("q", "a b&c=d/é~*-._!'()")
p.append("ü", "\u{1F600}")
return [p.toString(), [...new URLSearchParams(p.toString())]]
// result: ["q=a+b%26c%3Dd%2F%C3%A9%7E*-._%21%27%28%29&%C3%BC=%F0%9F%98%80",[["q","a b&c=d/é~*-._!'()"],["ü","😀"]]]

// case: URLSearchParams set and delete with value
const p = new URLSearchParams("a=1&b=2&a=3&a=4")
p.set("a", "x")
const r = [p.toString()]
p.append("b", "3")
p.delete("b", "2")
r.push(p.toString(), p.has("b", "3"), p.has("b", "2"))
return r
// result: ["a=x&b=2","a=x&b=3",true,false]

// case: URLSearchParams sort is stable by name
const p = new URLSearchParams("z=1&a=2&z=0&b=1&a=1&é=1&Z=1")
p.sort()
return p.toString()
// result: "Z=1&a=2&a=1&b=1&z=1&z=0&%C3%A9=1"

// case: URLSearchParams forEach keys values entries
const p = new URLSearchParams("a=1&b=2")
const seen = []
p.forEach((v, k, self) => seen.push(k + "=" + v, self === p))
return [seen, [...p.keys()], [...p.values()], [...p.entries()], Array.from(p), Object.fromEntries(p)]
// result: [["a=1",true,"b=2",true],["a","b"],["1","2"],[["a","1"],["b","2"]],[["a","1"],["b","2"]],{"a":"1","b":"2"}]

// case: URLSearchParams iterator is live
const p = new URLSearchParams("a=1&b=2")
const out = []
for (const [k] of p) { out.push(k); if (k === "a") p.append("c", "3") }
return [out, Object.prototype.toString.call(p.entries()), typeof p.entries().next]
// result: [["a","b","c"],"[object URLSearchParams Iterator]","function"]

// case: URLSearchParams missing arguments
const p = new URLSearchParams()
const r = []
for (const f of [() => p.append("a"), () => p.get(), () => p.set("a")]) { try { f() } catch (e) { r.push(e.name + ": " + e.message) } }
return r
// result: ["TypeError: The \"name\" and \"value\" arguments must be specified","TypeError: The \"name\" argument must be specified","TypeError: The \"name\" and \"value\" arguments must be specified"]

// case: TextEncoder encode
const e = new TextEncoder()
const b = e.encode("héllo €😀")
return [e.encoding, b.length, Array.from(b), e.encode().length, Array.from(e.encode("\uD800x"))]
// result: ["utf-8",14,[104,195,169,108,108,111,32,226,130,172,240,159,152,128],0,[239,191,189,120]]

// case: TextEncoder encodeInto
const e = new TextEncoder()
const dest = new Uint8Array(5)
const r1 = e.encodeInto("a€b", dest)
const small = new Uint8Array(3)
const r2 = e.encodeInto("ab😀", small)
return [r1, Array.from(dest), r2, Array.from(small)]
// result: [{"read":3,"written":5},[97,226,130,172,98],{"read":2,"written":2},[97,98,0]]

// case: TextDecoder decode utf-8
const d = new TextDecoder()
const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 104, 195, 169, 0xe2, 0x82, 0xac])
return [d.encoding, d.fatal, d.ignoreBOM, d.decode(bytes), new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).length, d.decode(), d.decode(new Uint8Array([0xff, 0x41]))]
// result: ["utf-8",false,false,"hé€",4,"","�A"]

// case: TextDecoder fatal
try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xc3])) } catch (e) { return [e.name, e.message, e.code] }
// result: ["TypeError","The encoded data was not valid for encoding utf-8","ERR_ENCODING_INVALID_ENCODED_DATA"]

// case: TextDecoder streaming
const d = new TextDecoder()
const b = new TextEncoder().encode("€")
return [d.decode(b.subarray(0, 1), { stream: true }), d.decode(b.subarray(1), { stream: true }), d.decode()]
// result: ["","€",""]

// case: TextDecoder labels
return [new TextDecoder("UTF8").encoding, new TextDecoder(" utf-8 ").encoding, new TextDecoder("latin1").encoding, new TextDecoder("utf-16le").decode(new Uint8Array([104, 0, 105, 0]))]
// result: ["utf-8","utf-8","windows-1252","hi"]

// case: TextDecoder unknown label and bad input
const r = []
try { new TextDecoder("klingon") } catch (e) { r.push([e.name, e.message]) }
try { new TextDecoder().decode([1, 2]) } catch (e) { r.push([e.name, e.code]) }
return r
// result: [["RangeError","The \"klingon\" encoding is not supported"],["TypeError","ERR_INVALID_ARG_TYPE"]]

// case: Uint8Array basics
const a = new Uint8Array([1, 2, 300, -1, 1.7, "5", NaN])
a[0] = 256 + 9
a[100] = 1
return [a.length, Array.from(a), a[100], a.join("-"), String(a), a instanceof Uint8Array, Object.prototype.toString.call(a), Uint8Array.BYTES_PER_ELEMENT]
// result: [7,[9,2,44,255,1,5,0],null,"9-2-44-255-1-5-0","9,2,44,255,1,5,0",true,"[object Uint8Array]",1]

// case: Uint8Array slice subarray and set
const a = Uint8Array.from([1, 2, 3, 4, 5])
const s = a.slice(1, 3)
const v = a.subarray(-2)
v[0] = 40
s[0] = 20
a.set([7, 8], 1)
return [Array.from(a), Array.from(s), Array.from(v), a.at(-1), a.indexOf(8), a.includes(40)]
// result: [[1,7,8,40,5],[20,3],[40,5],5,2,true]

// case: Uint8Array iteration and array methods
const a = new Uint8Array([3, 1, 2])
return [[...a], [...a.keys()], [...a.entries()], Array.from(a.map((x) => x * 100)), a.filter((x) => x > 1).length, a.reduce((s, x) => s + x, 0), Array.from(a.sort()), Array.from(new Uint8Array(3).fill(7)), JSON.stringify(a), Object.keys(a)]
// result: [[3,1,2],[0,1,2],[[0,3],[1,1],[2,2]],[44,100,200],2,6,[1,2,3],[7,7,7],"{\"0\":1,\"1\":2,\"2\":3}",["0","1","2"]]

// case: Uint8Array length errors
try { new Uint8Array(-1) } catch (e) { return [e.name, e.message] }
// result: ["RangeError","Invalid typed array length: -1"]

// case: btoa and atob round trip
return [btoa(""), btoa("f"), btoa("fo"), btoa("foo"), btoa("\xff\xfe"), atob("Zm9v"), atob(" Zm 9v\n"), atob("Zg"), atob("Zg=="), atob("YR==")]
// result: ["","Zg==","Zm8=","Zm9v","//4=","foo","foo","f","f","a"]

// case: atob invalid input
const r = []
for (const s of ["a", "Zg=", "Zm9v!", "Zg===", "Z=g="]) { try { atob(s); r.push("ok") } catch (e) { r.push([e.name, e.message, e.code, e instanceof Error]) } }
return r
// result: [["InvalidCharacterError","The string to be decoded is not correctly encoded.",5,true],["InvalidCharacterError","Invalid character",5,true],["InvalidCharacterError","Invalid character",5,true],["InvalidCharacterError","Invalid character",5,true],["InvalidCharacterError","Invalid character",5,true]]

// case: btoa rejects non-latin1
try { btoa("€") } catch (e) { return [e.name, e.message, e.code, String(e)] }
// result: ["InvalidCharacterError","Invalid character",5,"InvalidCharacterError: Invalid character"]

// case: binary string via TextEncoder and btoa
const bytes = new TextEncoder().encode("héllo")
const b64 = btoa(String.fromCharCode(...bytes))
const back = new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)))
return [b64, back]
// result: ["aMOpbGxv","héllo"]

// case: structuredClone deep copy with cycles
const shared = { s: 1 }
const o = { a: [1, { b: 2 }], shared, again: shared, date: null, m: new Map([[1, new Set([2])]]) }
o.self = o
const c = structuredClone(o)
return [c !== o, c.self === c, c.shared === c.again, c.shared !== shared, c.a[1].b, c.m.get(1).has(2), c.m instanceof Map, JSON.stringify(c.a)]
// result: [true,true,true,true,2,true,true,"[1,{\"b\":2}]"]

// case: structuredClone drops prototypes and runs getters
class A { constructor() { this.x = 1 } get y() { return 2 } }
const o = { get g() { return 5 } }
Object.defineProperty(o, "hidden", { value: 1, enumerable: false })
const arr = [1, 2]
arr.extra = "e"
const ca = structuredClone(arr)
return [structuredClone(new A()), structuredClone(new A()) instanceof A, structuredClone(o), ca.extra, Array.isArray(ca)]
// result: [{"x":1},false,{"g":5},"e",true]

// case: structuredClone errors
const e = new TypeError("bad", { cause: { why: 1 } })
const c = structuredClone(e)
const f = new RangeError("r")
f.name = "SyntaxError"
return [c instanceof TypeError, c.name, c.message, c.cause, c === e, structuredClone(f).name, structuredClone(new AggregateError([], "x")).name, Object.getOwnPropertyNames(structuredClone(new Error())).includes("message")]
// result: [true,"TypeError","bad",{"why":1},false,"SyntaxError","Error",false]

// case: structuredClone refuses functions and symbols
const r = []
for (const v of [Symbol("s"), { p: Promise.resolve() }, [new WeakMap()], () => 1]) {
  try { structuredClone(v); r.push("ok") } catch (e) { r.push([e.name, e.code, e instanceof Error]) }
}
r.push(structuredClone({ n: 1, s: "x", b: true, u: undefined, nil: null, big: 10n }).big === 10n)
return r
// result: [["DataCloneError",25,true],["DataCloneError",25,true],["DataCloneError",25,true],["DataCloneError",25,true],true]

// case: structuredClone of primitives and boxed
return [structuredClone(1), structuredClone("s"), structuredClone(null), structuredClone(new Number(3)) + 1, typeof structuredClone(new String("x")), Array.from(structuredClone(new Uint8Array([1, 2])))]
// result: [1,"s",null,4,"object",[1,2]]

// case: crypto.randomUUID shape
const ids = Array.from({ length: 20 }, () => crypto.randomUUID())
return [ids.every((id) => id.length === 36 && id[14] === "4" && "89ab".includes(id[19]) && id.split("-").map((p) => p.length).join() === "8,4,4,4,12"), new Set(ids).size]
// result: [true,20]

// case: crypto.getRandomValues
const a = new Uint8Array(16)
const same = crypto.getRandomValues(a) === a
const r = [same, a.length]
try { crypto.getRandomValues(new Uint8Array(65537)) } catch (e) { r.push(e.name) }
try { crypto.getRandomValues([1, 2]) } catch (e) { r.push(e.name) }
return r
// result: [true,16,"QuotaExceededError","TypeMismatchError"]

// case: queueMicrotask ordering
const out = []
queueMicrotask(() => out.push("micro 1"))
Promise.resolve().then(() => out.push("then"))
queueMicrotask(() => { out.push("micro 2"); queueMicrotask(() => out.push("nested")) })
out.push("sync")
await null
out.push("after await")
await new Promise((resolve) => queueMicrotask(resolve))
return out
// result: ["sync","micro 1","then","micro 2","after await","nested"]

// case: queueMicrotask needs a function
try { queueMicrotask(1) } catch (e) { return [e.name, e.message] }
// result: ["TypeError","The \"callback\" argument must be of type function. Received type number (1)"]

// case: DOMException
const e = new DOMException("stop", "AbortError")
return [e.name, e.message, e.code, e instanceof Error, String(e), new DOMException().name, Object.prototype.toString.call(e)]
// result: ["AbortError","stop",20,true,"AbortError: stop","Error","[object DOMException]"]

// case: constructors need new
const r = []
for (const C of [URL, URLSearchParams, TextEncoder, TextDecoder, Uint8Array]) { try { C("http://a") ; r.push("ok") } catch (e) { r.push(e.name) } }
return r
// result: ["TypeError","TypeError","TypeError","TypeError","TypeError"]

// case: typeof web globals
return [typeof URL, typeof URLSearchParams, typeof TextEncoder, typeof TextDecoder, typeof atob, typeof btoa, typeof structuredClone, typeof crypto, typeof crypto.randomUUID, typeof queueMicrotask, typeof Uint8Array, URL.name, URL.length, URLSearchParams.length]
// result: ["function","function","function","function","function","function","function","object","function","function","function","URL",1,0]

// case: structuredClone of Dates
const d = new Date(Date.UTC(2024, 1, 29, 12, 30))
const c = structuredClone({ d, again: d })
return [c.d instanceof Date, c.d !== d, c.d.getTime() === d.getTime(), c.d === c.again, c.d.toISOString()]
// result: [true,true,true,true,"2024-02-29T12:30:00.000Z"]

// case: URLSearchParams as a query builder
const params = new URLSearchParams({ q: "caf\u00e9 & cr\u00e8me", page: 2 })
params.append("tag", "a")
params.append("tag", "b")
const url = new URL("https://api.example.com/search")
url.search = params
return [url.href, Object.fromEntries(url.searchParams), url.searchParams.getAll("tag")]
// result: ["https://api.example.com/search?q=caf%C3%A9+%26+cr%C3%A8me&page=2&tag=a&tag=b",{"q":"café & crème","page":"2","tag":"b"},["a","b"]]

// case: URL pathname segments and trailing slash
const u = new URL("https://ex.com/a/b/c/")
return [u.pathname.split("/").filter(Boolean), new URL("..", u).href, new URL(".", "https://ex.com/a/b").href]
// result: [["a","b","c"],"https://ex.com/a/b/","https://ex.com/a/"]
