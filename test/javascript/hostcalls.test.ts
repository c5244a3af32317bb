/**
 * Host calls from JavaScript: tools and `search` return promises settled by the host's answer;
 * failures reject with the host's message and, if uncaught, fail the execution with the host's
 * kind; a stop ends the program with no handler running.
 */

import { describe, expect, it } from "vitest"
import { HostFailure, HostStop, type Host, type HostCall } from "../../worker/engine-host.js"
import { runJavaScript } from "../../worker/javascript/index.js"

const recording = (answer: (c: HostCall) => unknown) => {
  const calls: HostCall[] = []
  const host: Host = {
    call(c) {
      calls.push(c)
      return answer(c) as never
    },
  }
  return { calls, host }
}

describe("host calls", () => {
  it("tools by dotted and bracket paths", () => {
    const { calls, host } = recording((c) => ({ path: c.name, input: c.args[0] }))
    const r = runJavaScript(`const a = await tools.orders["lookup-by-id"]({ id: "o1" }); const b = await tools.x.y(); return [a, b.path]`, { host })
    expect(r).toMatchObject({ ok: true, value: [{ path: "orders.lookup-by-id", input: { id: "o1" } }, "x.y"] })
    expect(calls.map((c) => c.op)).toEqual(["tool", "tool"])
  })

  it("Promise.all over tool calls", () => {
    const { host } = recording((c) => (c.args[0] as { n: number }).n * 2)
    const r = runJavaScript(`return await Promise.all([1, 2, 3].map((n) => tools.double({ n })))`, { host })
    expect(r).toMatchObject({ ok: true, value: [2, 4, 6] })
  })

  it("search is a promise too, and then works", () => {
    const { calls, host } = recording(() => [{ path: "a.b" }])
    const r = runJavaScript(`return await search({ query: "x" }).then((r) => r[0].path)`, { host })
    expect(r).toMatchObject({ ok: true, value: "a.b" })
    expect(calls[0]).toEqual({ op: "search", name: "search", args: [{ query: "x" }] })
  })

  it("a failure is catchable, and keeps its kind when uncaught", () => {
    const host: Host = {
      call() {
        throw new HostFailure("ToolFailure", "the tool broke")
      },
    }
    expect(runJavaScript(`try { await tools.t() } catch (e) { return e.message }`, { host })).toMatchObject({ ok: true, value: "the tool broke" })
    const r = runJavaScript(`await tools.t()`, { host })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.kind).toBe("ToolFailure")
  })

  it("a stop runs no handler", () => {
    const host: Host = {
      call() {
        throw new HostStop({ kind: "ToolCallLimitExceeded", message: "too many calls" })
      },
    }
    const r = runJavaScript(`try { await tools.t() } catch (e) { return "caught" } finally { console.log("finally") }`, { host })
    expect(r).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" }, logs: [] })
  })

  it("an invalid input stops the execution with InvalidDataValue naming the path", () => {
    const { host } = recording(() => null)
    const r = runJavaScript(`await tools.t({ items: [1, () => 2] })`, { host })
    expect(r).toMatchObject({ ok: false, error: { kind: "InvalidDataValue", message: "input.items[1] is a function, which cannot cross to JSON" } })
  })

  it("unhandled rejections become warnings", () => {
    const r = runJavaScript(`Promise.reject(new Error("ignored")); return 1`)
    expect(r).toMatchObject({ ok: true, value: 1, warnings: [{ message: "Unhandled promise rejection: Error: ignored" }] })
  })

  it("unsupported syntax is reported before anything runs", () => {
    const { calls, host } = recording(() => null)
    const r = runJavaScript(`await tools.t()\nexport const x = 1`, { host })
    expect(r.ok).toBe(false)
    expect(calls.length).toBe(0)
  })

  it("TypeScript gets a hint", () => {
    const r = runJavaScript(`const x: number = 1`)
    expect(r).toMatchObject({ ok: false, error: { kind: "ParseError" } })
    if (!r.ok) expect(r.error.message).toMatch(/TypeScript/)
  })

  it("unsupported constructs name themselves with a location", () => {
    const r = runJavaScript(`const a = 1\nconst r = import.meta`)
    expect(r).toMatchObject({ ok: false, error: { kind: "UnsupportedSyntax", location: { line: 2, column: 11 } } })
  })
})
