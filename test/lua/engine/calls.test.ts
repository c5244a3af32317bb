/**
 * compile/calls.ts and runtime/call.ts: the calling convention — multiple values and their
 * truncation, methods, proper tail calls, the call-depth bound — and Lua's naming of the callee
 * in error messages.
 */

import { describe, expect, it } from "vitest"
import type { Host } from "../../../worker/engine-host.js"
import { runLua } from "../../../worker/lua/index.js"
import { expectFailure, failure, printed, valueOf } from "./helpers.js"

describe("values in and out", () => {
  it("the last expression of a list spreads, any other gives one value", () => {
    const source = `
      local function three() return 1, 2, 3 end
      print(three())
      print(three(), 10)
      print(10, three())
      print((three()))
      local t = { three(), three() }
      print(#t, select('#', three()), select('#', (three())))
      local a, b, c, d = three()
      print(a, b, c, d)`
    expect(printed(source)).toEqual(["1\t2\t3", "1\t10", "10\t1\t2\t3", "1", "4\t3\t1", "1\t2\t3\tnil"])
  })
  it("parentheses around the last argument truncate, the call's own do not", () => {
    const source = `
      local function two() return 1, 2 end
      print(select('#', two()), select('#', (two())), select('#', ( two() )))
      print(select('#', two() --[[ a comment before the paren ]] ))
      return select('#', (two()))`
    expect(printed(source)).toEqual(["2\t1\t1", "2"])
    expect(valueOf("local function two() return 1, 2 end return select('#', (two()))")).toBe(1)
  })
  it("string and table call syntax", () => {
    expect(valueOf('local function id(x) return x end return id"text" .. #id{1, 2}')).toBe("text2")
  })
  it("method calls pass the object as self, on tables and strings", () => {
    const source = `
      local account = { balance = 10 }
      function account:deposit(n) self.balance = self.balance + n return self end
      account:deposit(5):deposit(1)
      return { account.balance, ("abc"):upper(), ("x"):rep(3, "-") }`
    expect(valueOf(source)).toEqual([16, "ABC", "x-x-x"])
  })
  it("missing arguments are nil, extra ones are dropped", () => {
    expect(printed("local function f(a, b) print(a, b) end f(1) f(1, 2, 3)")).toEqual(["1\tnil", "1\t2"])
  })
})

describe("tail calls", () => {
  it("a million-deep tail recursion runs in constant stack", () => {
    const source = `
      local function loop(n, acc) if n == 0 then return acc end return loop(n - 1, acc + 1) end
      return loop(1000000, 0)`
    expect(valueOf(source)).toBe(1000000)
  })
  it("mutual tail recursion and tail calls to builtins and methods", () => {
    const source = `
      local even, odd
      function even(n) if n == 0 then return true end return odd(n - 1) end
      function odd(n) if n == 0 then return false end return even(n - 1) end
      local obj = { f = function(self, x) return x * 2 end }
      local function m(x) return obj:f(x) end
      local function s(x) return tostring(x) end
      return { even(100001), m(21), s(5) }`
    expect(valueOf(source)).toEqual([false, 42, "5"])
  })
  it("a tail call does not count toward the call depth", () => {
    expect(valueOf("local function f(n) if n == 0 then return 'ok' end return f(n - 1) end return f(100)", { bounds: { maxCallDepth: 10 } })).toBe("ok")
  })
})

describe("call depth", () => {
  it("stops a deep recursion at maxCallDepth, and pcall cannot catch it", () => {
    const error = failure("local function f(n) return 1 + f(n + 1) end\nlocal ok = pcall(f, 1)\nprint('after')", {
      bounds: { maxCallDepth: 50 },
    })
    expect(error.kind).toBe("ExecutionFailure")
    expect(error.message).toMatch(/^input:1: stack overflow: more than 50 nested function calls/)
  })
  it("counts calls made by builtins (sort comparators, gsub callbacks)", () => {
    const source = `
      local function f(n)
        return (string.gsub("a", "a", function() return f(n + 1) end))
      end
      return f(1)`
    expect(failure(source, { bounds: { maxCallDepth: 40 } }).message).toContain("stack overflow")
  })
  it("pcall restores the depth after an error, so a caught error can be retried many times", () => {
    const source = `
      local function deep(n) if n == 0 then error("bottom") end return 1 + deep(n - 1) end
      local caught = 0
      for i = 1, 200 do if not pcall(deep, 30) then caught = caught + 1 end end
      return caught`
    expect(valueOf(source, { bounds: { maxCallDepth: 40 } })).toBe(200)
  })
})

describe("the JavaScript stack", () => {
  it("running out of it is the call-depth stop, reported by the run it happened in", () => {
    // Each tool call runs the same program again, one level deeper, until V8's stack gives out.
    const messages: string[] = []
    const host: Host = {
      call: () => {
        const inner = runLua("return tools.again.deeper()", { host })
        if (!inner.ok) messages.push(inner.error.message)
        return inner.ok ? inner.value : "stopped"
      },
    }
    const outer = runLua("return tools.again.deeper()", { host })
    expect(outer.ok || outer.error.kind === "ExecutionFailure").toBe(true)
    expect(messages.some((m) => m.includes("stack overflow"))).toBe(true)
  })
})

describe("calling what is not a function", () => {
  it("names the callee as Lua does", () => {
    expectFailure("foo()", "ExecutionFailure", "input:1: attempt to call a nil value (global 'foo')")
    expectFailure("local t = {} t.bar()", "ExecutionFailure", "input:1: attempt to call a nil value (field 'bar')")
    expectFailure("local t = {} t:baz()", "ExecutionFailure", "input:1: attempt to call a nil value (method 'baz')")
    expectFailure("local f = 5 f()", "ExecutionFailure", "input:1: attempt to call a number value (local 'f')")
    expectFailure('local h <const> = "text" h()', "ExecutionFailure", "input:1: attempt to call a string value (constant 'text')")
    expectFailure("return (nil)()", "ExecutionFailure", "input:1: attempt to call a nil value")
  })
  it("a tail call to a non-function fails at the return", () => {
    expectFailure("local function f() return g() end\nf()", "ExecutionFailure", "input:1: attempt to call a nil value (global 'g')")
  })
})

describe("argument errors are named after the call, as in Lua", () => {
  it("by the name the call uses", () => {
    expectFailure("local f = string.rep f()", "ExecutionFailure", "input:1: bad argument #1 to 'f' (string expected, got no value)")
    expectFailure("string.rep()", "ExecutionFailure", "input:1: bad argument #1 to 'rep' (string expected, got no value)")
  })
  it("not counting self in a method call", () => {
    expectFailure('("x"):rep("y")', "ExecutionFailure", "input:1: bad argument #1 to 'rep' (number expected, got string)")
    expectFailure(
      "local t = { f = string.rep } t:f()",
      "ExecutionFailure",
      "input:1: calling 'f' on bad self (string expected, got table)",
    )
  })
  it("with the qualified name, and no position, when a builtin made the call", () => {
    expect(printed("print(pcall(string.rep))")).toEqual(["false\tbad argument #1 to 'string.rep' (string expected, got no value)"])
  })
  it("only for the function that raised it, not for its callers", () => {
    expectFailure(
      "local function wrapper() return string.rep() + 1 end\nlocal w = wrapper\nw()",
      "ExecutionFailure",
      "input:1: bad argument #1 to 'rep' (string expected, got no value)",
    )
  })
})

describe("builtins with a one-argument form (type, tostring)", () => {
  it("give the same values with one argument, from a name, a field or a local", () => {
    const source = `
      local t, s = type, tostring
      print(type(nil), type(1), t({}), _G.type("x"), s(nil), tostring(1.5), s(2^53), tostring(true))
      print(select('#', type(1)), (type(print)), type(type(1)))`
    expect(printed(source)).toEqual(["nil\tnumber\ttable\tstring\tnil\t1.5\t9.007199254741e+15\ttrue", "1\tfunction\tstring"])
  })
  it("still tell no argument from nil, and name their errors after the call", () => {
    expectFailure("type()", "ExecutionFailure", "input:1: bad argument #1 to 'type' (value expected)")
    expectFailure("local f = tostring\nlocal x = f()", "ExecutionFailure", "input:2: bad argument #1 to 'f' (value expected)")
    expect(printed("print(pcall(type))")).toEqual(["false\tbad argument #1 to 'type' (value expected)"])
  })
  it("raise errors a pcall around the call site catches, with the call's position", () => {
    expect(printed("print(pcall(function() local v = tostring() end))")).toEqual(["false\tinput:1: bad argument #1 to 'tostring' (value expected)"])
  })
})
