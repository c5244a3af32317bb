/**
 * Shaped objects and the property caches (runtime/shape.ts, runtime/property-cache.ts): what a
 * program sees must not depend on how its objects are stored. Each case runs one `o.name` site
 * over objects that share a shape and then over one that changed under it — an accessor over a
 * data property, a frozen object, a deleted key, an exotic object with the same keys — which are
 * exactly the moments a stale cache would answer wrongly.
 */

import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"

const value = (source: string) => {
  const r = runJavaScript(source)
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`)
  return r.value
}

describe("property caches", () => {
  it("read a getter defined over a data property of a shape they have cached", () => {
    expect(
      value(`
        const read = (o) => o.x
        const a = { x: 1, y: 2 }, b = { x: 3, y: 4 }
        const seen = [read(a), read(b)]
        Object.defineProperty(b, "x", { get() { return "getter" } })
        seen.push(read(a), read(b))
        return seen`),
    ).toEqual([1, 3, 1, "getter"])
  })

  it("refuse a write to a frozen object whose shape they have cached", () => {
    expect(
      value(`
        "use strict"
        const write = (o, v) => { o.x = v }
        const a = { x: 1 }, b = { x: 2 }
        write(a, 10); write(b, 20)
        Object.freeze(b)
        let refused = false
        try { write(b, 30) } catch (e) { refused = e instanceof TypeError }
        return [a.x, b.x, refused]`),
    ).toEqual([10, 20, true])
  })

  it("see a key deleted and added back (it goes to the end of the key order)", () => {
    expect(
      value(`
        const read = (o) => o.b
        const o = { a: 1, b: 2, c: 3 }
        const first = read(o)
        delete o.b
        const gone = read(o) === undefined
        o.b = 4
        return [first, gone, read(o), Object.keys(o).join("")]`),
    ).toEqual([2, true, 4, "acb"])
  })

  it("do not mistake an array or a function with the same keys for a plain object", () => {
    expect(
      value(`
        const read = (o) => o.length
        const plain = { length: "plain" }
        const arr = [1, 2, 3]
        arr.foo = 1
        function f(a, b) {}
        return [read(plain), read(arr), read(f), read(plain)]`),
    ).toEqual(["plain", 3, 2, "plain"])
  })

  it("do not cache a key found on the prototype", () => {
    expect(
      value(`
        const read = (o) => o.k
        const proto = { k: "proto" }
        const o = Object.create(proto)
        const before = read(o)
        proto.k = "changed"
        return [before, read(o)]`),
    ).toEqual(["proto", "changed"])
  })
})

describe("shaped storage", () => {
  it("keeps insertion order past the shape's key limit, with integer keys first", () => {
    expect(
      value(`
        const o = {}
        for (let i = 0; i < 100; i++) o["k" + i] = i
        o[5] = "five"; o[1] = "one"
        const keys = Object.keys(o)
        let sum = 0
        for (const k in o) if (typeof o[k] === "number") sum += o[k]
        return [keys.length, keys[0], keys[1], keys[2], keys[101], sum]`),
    ).toEqual([102, "1", "5", "k0", "k99", 4950])
  })

  it("gives for-in each object's own keys even when many objects share a shape", () => {
    expect(
      value(`
        const out = []
        for (let i = 0; i < 3; i++) {
          const o = { a: i, b: i * 2 }
          if (i === 1) o.c = "extra"
          const ks = []
          for (const k in o) ks.push(k)
          out.push(ks.join(""))
        }
        return out`),
    ).toEqual(["ab", "abc", "ab"])
  })

  it("gives for-in the keys left after a delete, and Object.prototype's keys once they turn enumerable", () => {
    expect(
      value(`
        const out = []
        const o = { a: 1, b: 2, c: 3 }
        for (const k in o) { out.push(k); if (k === "a") delete o.b }
        for (const k in { x: 1 }) out.push(k)
        Object.defineProperty(Object.prototype, "toString", { enumerable: true })
        for (const k in { y: 1 }) out.push(k)
        Object.defineProperty(Object.prototype, "toString", { enumerable: false })
        for (const k in { z: 1 }) out.push(k)
        Object.prototype.extra = 1
        for (const k in { w: 1 }) out.push(k)
        delete Object.prototype.extra
        for (const k in { v: 1 }) out.push(k)
        return out.join()`),
    ).toBe("a,c,x,y,toString,z,w,extra,v")
  })

  it("survives programs that invent more keys than the transition tree holds", () => {
    // Past the cap the tree starts again; older shapes stop growing and their objects use a Map.
    expect(
      value(`
        let total = 0
        for (let j = 0; j < 1500; j++) {
          const o = {}
          for (let i = 0; i < 40; i++) o["p" + j + "_" + i] = i
          total += Object.keys(o).length
        }
        return total`),
    ).toBe(60000)
  })
})
