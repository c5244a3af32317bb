/**
 * The Web globals (builtins/web*.ts): behaviour Node's recordings cannot show (random values,
 * bounds, fuel), and sealing — every value a program can reach from them is one of the engine's
 * own objects, checked both from inside the program and by walking the realm from the host side.
 */

import { describe, expect, it } from "vitest"
import { noHost, SynchronousHostCalls } from "../../worker/engine-host.js"
import { DEFAULT_BOUNDS, type resolveBounds } from "../../protocol/bounds.js"
import { createRealm } from "../../worker/javascript/builtins/index.js"
import { compileProgram } from "../../worker/javascript/compile/index.js"
import { runJavaScript } from "../../worker/javascript/index.js"
import { parseJavaScript } from "../../worker/javascript/parse.js"
import { Accessor, JsObject } from "../../worker/javascript/runtime/object.js"
import { JsState } from "../../worker/javascript/runtime/state.js"

const run = (source: string, bounds?: Parameters<typeof resolveBounds>[0]) => runJavaScript(source, bounds === undefined ? {} : { bounds })
const value = (source: string): unknown => {
  const r = run(source)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const failure = (source: string, bounds?: Parameters<typeof resolveBounds>[0]): string => {
  const r = run(source, bounds)
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`)
  return `${r.error.kind}: ${r.error.message}`
}

/** Runs a program and returns its realm afterwards, for a host-side walk of what it left in globals. */
function realmAfter(source: string) {
  const st = new JsState({ host: noHost, bounds: DEFAULT_BOUNDS, deadline: Infinity })
  st.hostCalls = new SynchronousHostCalls(noHost)
  const realm = createRealm(st)
  const promise = compileProgram(parseJavaScript(source, st.bounds), st, source)()
  st.drainJobs()
  if (promise.rejected) throw new Error("program failed")
  return realm
}

/** Every value reachable through prototypes, properties and accessors; returns the foreign ones. */
function foreignValues(root: JsObject): string[] {
  const foreign: string[] = []
  const seen = new Set<unknown>()
  const stack: Array<[unknown, string]> = [[root, "globalThis"]]
  while (stack.length > 0) {
    const [v, path] = stack.pop()!
    if (v === null || (typeof v !== "object" && typeof v !== "function") || seen.has(v)) continue
    seen.add(v)
    if (v instanceof Accessor) {
      stack.push([v.getter, `${path}.get`], [v.setter, `${path}.set`])
      continue
    }
    if (!(v instanceof JsObject)) {
      foreign.push(`${path}: ${Object.prototype.toString.call(v)}`)
      continue
    }
    stack.push([v.proto, `${path}.__proto__`])
    for (const key of v.ownKeys()) stack.push([v.own(key), `${path}.${String(key)}`])
  }
  return foreign
}

describe("URL and URLSearchParams", () => {
  it("parses, resolves and serialises", () => {
    expect(value(`const u = new URL("../x?a=1#h", "https://Ex.com/p/q"); return [u.href, u.origin, u.searchParams.get("a")]`)).toEqual([
      "https://ex.com/x?a=1#h",
      "https://ex.com",
      "1",
    ])
  })
  it("keeps searchParams and the query in step both ways", () => {
    expect(
      value(`const u = new URL("http://a/?x=1"); const p = u.searchParams; p.set("y", "2 3"); const a = u.href; u.search = "z=9"; return [a, p.get("z"), p.has("x"), u.searchParams === p]`),
    ).toEqual(["http://a/?x=1&y=2+3", "9", false, true])
  })
  it("URL.parse returns null on failure", () => {
    expect(value(`return [URL.parse("nope"), URL.parse("b", "http://a/").href]`)).toEqual([null, "http://a/b"])
  })
  it("can be subclassed", () => {
    expect(value(`class My extends URL { get top() { return this.hostname.split(".").pop() } }; return new My("http://a.b.org").top`)).toBe("org")
  })
  it("members are enumerable WebIDL attributes", () => {
    expect(value(`const keys = []; for (const k in new URL("http://a")) keys.push(k); return keys.slice(0, 3)`)).toEqual(["href", "origin", "protocol"])
  })
})

describe("encoding and bytes", () => {
  it("TextEncoder gives our Uint8Array", () => {
    expect(value(`const b = new TextEncoder().encode("€"); return [b.length, b.constructor === Uint8Array, Array.isArray(b)]`)).toEqual([3, true, false])
  })
  it("bytes refuse a size over maxStringBytes, before allocating", () => {
    expect(failure(`new Uint8Array(5000)`, { maxStringBytes: 4096 })).toMatch(/^ExecutionFailure: byte array of 5000 bytes exceeds .*maxStringBytes/)
    expect(failure(`new TextEncoder().encode("€".repeat(2000))`, { maxStringBytes: 4096 })).toMatch(/byte array of 6000 bytes/)
    expect(failure(`btoa("x".repeat(4000))`, { maxStringBytes: 4096 })).toMatch(/exceeds the limit/)
  })
  it("charges fuel in proportion to the input", () => {
    // "x".repeat(n) costs n/64; encoding it costs n/16, which is what the budget cannot pay.
    const big = `const s = "x".repeat(200000);`
    expect(run(`${big} s.length`, { maxFuel: 8000 }).ok).toBe(true)
    expect(failure(`${big} new TextEncoder().encode(s).length`, { maxFuel: 8000 })).toMatch(/work budget/)
    expect(failure(`${big} for (let i = 0; i < 20; i++) atob(btoa(s))`, { maxFuel: 8000 })).toMatch(/work budget/)
    expect(failure(`${big} for (let i = 0; i < 20; i++) new URL("http://a/" + s)`, { maxFuel: 8000 })).toMatch(/work budget/)
  })
  it("a write converts with ToUint8 and a write past the end is dropped", () => {
    expect(value(`const b = new Uint8Array(2); b[0] = -1; b[1] = 2.9; b[5] = 1; return [Array.from(b), b[5], Object.keys(b)]`)).toEqual([[255, 2], null, ["0", "1"]])
  })
  it("subarray shares bytes, slice copies", () => {
    expect(value(`const a = new Uint8Array([1,2,3]); a.subarray(1)[0] = 9; a.slice(2)[0] = 7; return Array.from(a)`)).toEqual([1, 9, 3])
  })
})

describe("random values", () => {
  it("randomUUID is a version 4 UUID and differs each call", () => {
    const [a, b] = value(`return [crypto.randomUUID(), crypto.randomUUID()]`) as string[]
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(a).not.toBe(b)
  })
  it("getRandomValues fills the array in place", () => {
    const bytes = value(`const a = new Uint8Array(64); crypto.getRandomValues(a); return Array.from(a)`) as number[]
    expect(bytes).toHaveLength(64)
    expect(new Set(bytes).size).toBeGreaterThan(8)
  })
})

describe("structuredClone and queueMicrotask", () => {
  it("clones Dates when Date exists, else plain objects", () => {
    expect(value(`const o = { a: 1, n: { m: [1] } }; const c = structuredClone(o); c.n.m.push(2); return [o.n.m.length, c.n.m.length]`)).toEqual([1, 2])
  })
  it("a deep value is a RangeError, not a host stack overflow", () => {
    expect(failure(`let o = {}; for (let i = 0; i < 2000; i++) o = { o }; structuredClone(o)`)).toMatch(/RangeError: Maximum call stack/)
  })
  it("an exception in a microtask ends the program with it", () => {
    expect(failure(`queueMicrotask(() => { throw new Error("boom") }); await null; await null; return 1`)).toMatch(/Error: boom/)
  })
  it("queueMicrotask is no longer an absent global", () => {
    expect(value(`return typeof queueMicrotask`)).toBe("function")
  })
})

describe("sealing", () => {
  it("constructors and prototypes are the program's own", () => {
    expect(
      value(`return [
        new URL("http://a").constructor.constructor === Function,
        Object.getPrototypeOf(new TextEncoder().encode("x")) === Uint8Array.prototype,
        Object.getPrototypeOf(Object.getPrototypeOf(Uint8Array.prototype)) === Object.prototype,
        Object.getPrototypeOf(new URL("http://a").searchParams) === URLSearchParams.prototype,
        Object.getPrototypeOf(Object.getPrototypeOf(new URLSearchParams().keys())) === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
        (() => { try { atob("!") } catch (e) { return Object.getPrototypeOf(Object.getPrototypeOf(e)) === Error.prototype && e.constructor === DOMException } })(),
        (() => { try { new URL("x") } catch (e) { return Object.getPrototypeOf(e) === TypeError.prototype } })(),
        crypto.randomUUID.constructor === Function,
        Object.getPrototypeOf(crypto) === Object.prototype,
        new TextDecoder().decode.call.constructor === Function,
      ]`),
    ).toEqual(Array(10).fill(true))
  })
  it("host objects behind web objects stay unreachable", () => {
    const r = value(`const u = new URL("http://a/?q"); const d = new TextDecoder();
      const bytes = new Uint8Array(1)
      return [Object.getOwnPropertyNames(u), Object.getOwnPropertyNames(d), Object.getOwnPropertyNames(new TextEncoder().encode("ab")), Object.getOwnPropertyNames(u.searchParams),
        bytes.buffer instanceof ArrayBuffer && Object.getOwnPropertyNames(bytes.buffer).length === 0]`)
    // A typed array's buffer is the program's own ArrayBuffer, with no own properties: the host's bytes stay behind it.
    expect(r).toEqual([[], [], ["0", "1"], [], true])
  })
  it("changing the program's prototypes does not reach the host", () => {
    value(`URL.prototype.toString = () => "x"; Uint8Array.prototype.polluted = 1; Object.prototype.polluted = 1; return new URL("http://a") + ""`)
    expect(new URL("http://a").toString()).toBe("http://a/")
    expect((new Uint8Array(1) as unknown as Record<string, unknown>).polluted).toBeUndefined()
    expect(value(`return [String(new URL("http://a")), new Uint8Array(1).polluted]`)).toEqual(["http://a/", null])
  })
  it("a host-side walk of the realm after using every web global finds only engine objects", () => {
    const realm = realmAfter(`
      const u = new URL("https://u:p@a.example/p?x=1#h"); u.searchParams.append("y", "2")
      globalThis.stash = [u, u.searchParams, u.searchParams.entries(), new URLSearchParams({ a: 1 }).keys(),
        new TextEncoder(), new TextEncoder().encode("héllo"), new TextDecoder("utf-16le"), new Uint8Array([1, 2]).subarray(1),
        new Uint8Array(2).entries(), structuredClone({ m: new Map([[1, new Set([2])]]), e: new TypeError("t", { cause: 1 }), b: new Uint8Array(2) }),
        new TextEncoder().encodeInto("x", new Uint8Array(2)), crypto.getRandomValues(new Uint8Array(4)), new DOMException("m", "AbortError")]
      for (const f of [() => atob("!"), () => new URL("x"), () => structuredClone(() => 1), () => new TextDecoder("x"), () => new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([255]))]) {
        try { f() } catch (e) { stash.push(e) }
      }
      queueMicrotask(() => stash.push("ran"))
    `)
    expect(foreignValues(realm.global)).toEqual([])
    const stash = realm.global.own("stash") as JsObject
    expect(stash.own("18")).toBe("ran")
  })
})
