/**
 * The call-depth bound holds across resumable bodies: a `catch` inside a generator or async
 * function restores the depth of the resumption it runs in, which may be deeper than the one its
 * `try` began in. (It used to restore the older, shallower depth, and recursion could then pass the
 * bound by that difference.)
 */

import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"

const STOP = /Maximum call stack size exceeded: more than 500 nested function calls/

describe("call depth across resumptions", () => {
  it("a generator caught an error after being resumed deeper than it started", () => {
    const r = runJavaScript(`
      function* g() { for (;;) { try { yield 1; throw new Error("inside") } catch (e) { } } }
      const it = g(); it.next()
      function deep(n) { if (n === 0) { it.next(); return more(300) } return deep(n - 1) }
      function more(n) { return n === 0 ? "no bound" : more(n - 1) }
      return deep(450)`)
    expect(r).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: expect.stringMatching(STOP) } })
  })

  it("the depth after such a catch is the caller's own, so shallow work still runs", () => {
    const r = runJavaScript(`
      function* g() { for (;;) { try { yield 1; throw new Error("inside") } catch (e) { } } }
      const it = g(); it.next()
      function deep(n) { if (n === 0) { it.next(); return more(30) } return deep(n - 1) }
      function more(n) { return n === 0 ? "ok" : more(n - 1) }
      return deep(400)`)
    expect(r).toMatchObject({ ok: true, value: "ok" })
  })

  it("an async function caught an error after a deep await resumed it", () => {
    const r = runJavaScript(`
      let release
      const gate = new Promise((r) => (release = r))
      async function waiter() { try { await gate; throw new Error("x") } catch (e) { return "caught" } }
      const p = waiter()
      function deep(n) { return n === 0 ? (release(1), 0) : deep(n - 1) }
      deep(450)
      return await p`)
    expect(r).toMatchObject({ ok: true, value: "caught" })
  })
})
