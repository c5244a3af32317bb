/**
 * Large dense arrays (runtime/array.ts): past 4,096 elements an array keeps its elements in a head
 * and segments, and what a program sees must not depend on it. Each case builds arrays across the
 * segment boundaries (4,095 .. 12,289 elements) by index writes and by `push`, then reads, joins,
 * truncates, iterates and hands them to the builtins, and its answer is compared with V8's for the
 * same program.
 */

import vm from "node:vm"
import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"

const SIZES = "[0, 1, 4095, 4096, 4097, 8191, 8192, 8193, 12288, 12289]"

const cases: Record<string, string> = {
  "reads, joins and truncations": `
    const out = []
    for (const n of ${SIZES}) {
      const a = [], b = []
      for (let i = 0; i < n; i++) a[i] = i % 7
      for (let i = 0; i < n; i++) b.push("s" + (i % 5))
      let sum = 0
      for (let i = 0; i < a.length; i++) sum += a[i]
      let chars = 0
      for (const v of b) chars += v.length
      out.push(n, a.length, sum, a.join("").length, b.join("-").length, a[n - 1], a[n], b[n - 1], a.slice(-3).join(),
        b.indexOf("s4", 8000), a.lastIndexOf(6), chars, JSON.stringify(b).length)
      a.length = Math.max(0, n - 1)
      a.push(9)
      out.push(a.length, a[a.length - 1], a.join("").length)
    }
    return out`,
  "writes inside the segments, holes and deletes": `
    const a = []
    for (let i = 0; i < 9000; i++) a[i] = i * 2
    a[5000] = -1; a[8999] = "x"
    const first = [a.length, a[5000], a[8999], a.indexOf(-1), a.lastIndexOf("x"), a.includes(16000)]
    a[9500] = 1
    delete a[10]
    return [first, a.length, a[9499], a[9500], 10 in a, a[11], Object.keys(a).length]`,
  "builtins over a segmented array": `
    const a = []
    for (let i = 0; i < 9000; i++) a.push(i)
    const b = a.slice(4000, 5000), c = a.map((x) => x + 1), d = a.filter((x) => x % 3 === 0)
    const popped = [a.pop(), a.shift()]
    a.push(8998, 8999)
    a.reverse()
    const e = a.concat([1, 2])
    a.splice(4000, 10, "a", "b")
    a.unshift(-1, -2)
    a.copyWithin(0, 8980)
    a.fill(3, 100, 200)
    let sum = 0
    a.forEach((v) => { if (typeof v === "number") sum += v })
    return [b[0], b[999], c[8999], d.length, popped, a.length, a[0], a[150], a[8990], e.length, sum,
      JSON.stringify(a).length, Math.max(...b), [...a].length, Array.from(a).length, a.at(-1),
      a.findLast((x) => x === 5), Object.keys(a).length]`,
  "iteration that appends past the head": `
    const a = []
    for (let i = 0; i < 4090; i++) a.push(i)
    let seen = 0
    for (const v of a) { seen++; if (a.length < 4200) a.push(v) }
    return [seen, a.length, a[4199], a.join(",").length]`,
}

describe("segmented arrays", () => {
  for (const [name, body] of Object.entries(cases)) {
    it(`answer as V8 does: ${name}`, () => {
      const ours = runJavaScript(body)
      if (!ours.ok) throw new Error(`${ours.error.kind}: ${ours.error.message}`)
      const v8: unknown = JSON.parse(JSON.stringify(vm.runInNewContext(`(function () { ${body} })()`)))
      expect(ours.value).toEqual(v8)
    })
  }

  it("keep the array bound for appends into the segments", () => {
    const r = runJavaScript(`const a = []; for (let i = 0; i < 6000; i++) a.push(i); return a.length`, { bounds: { maxTableEntries: 5000 } })
    expect(r).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: "array grew past the limit of 5000 elements (maxTableEntries)" } })
  })
})
