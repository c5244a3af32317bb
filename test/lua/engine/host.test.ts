/**
 * Host calls from Lua: tool paths, `search`, extension globals, and what the program sees when
 * the host answers, fails (catchable, with its kind kept if uncaught) or stops (never catchable).
 */

import { describe, expect, it } from "vitest"
import type { DataValue } from "../../../protocol/data.js"
import { HostFailure, HostStop, type Host, type HostCall } from "../../../worker/engine-host.js"
import { expectFailure, failure, printed, valueOf } from "./helpers.js"

/** A host that records its calls and answers with `answer`. */
const recordingHost = (answer: (call: HostCall) => DataValue = () => null) => {
  const calls: HostCall[] = []
  const host: Host = {
    call(request) {
      calls.push(request)
      return answer(request)
    },
  }
  return { host, calls }
}

describe("tools", () => {
  it("a call goes to the host with the dotted path and the input as plain data", () => {
    const { host, calls } = recordingHost(() => ({ id: "order_42", items: [1, 2] }))
    const value = valueOf(
      'local o = tools.orders["lookup-by-id"]({ id = "order_42", n = 1.5 }) return { o.id, #o.items }',
      { host },
    )
    expect(value).toEqual(["order_42", 2])
    expect(calls).toEqual([{ op: "tool", name: "orders.lookup-by-id", args: [{ id: "order_42", n: 1.5 }] }])
  })
  it("a missing input is an empty object; nil is too", () => {
    const { host, calls } = recordingHost()
    valueOf("tools.a.b() tools.a.b(nil)", { host })
    expect(calls.map((c) => c.args)).toEqual([[{}], [{}]])
  })
  it("tools looks like a table but cannot be assigned or listed", () => {
    expect(valueOf("return { type(tools), type(tools.x.y) }")).toEqual(["table", "table"])
    expectFailure("tools.x = 1", "ExecutionFailure", "input:1: tools is read-only: tools can be called, not assigned")
    expectFailure("tools.a.b = 1", "ExecutionFailure", "input:1: tools.a is read-only: tools can be called, not assigned")
    expect(failure("for k in pairs(tools) do end").message).toContain("use search(")
    expect(failure("tools[1]()").message).toContain("indexed with names")
  })
  it("calling a tool with ':' is explained", () => {
    expect(failure("tools.orders:lookup({ id = 1 })", { host: recordingHost().host }).message).toContain(
      "call tools with '.'",
    )
  })
  it("a tool can be passed around and called through pcall", () => {
    const { host } = recordingHost((c) => (c.args[0] as { x: number }).x * 2)
    expect(valueOf("local f = tools.math.double local ok, v = pcall(f, { x = 21 }) return v", { host })).toBe(42)
  })
  it("input that is not plain data stops the execution with InvalidDataValue", () => {
    const error = failure("tools.a.b({ f = print })", { host: recordingHost().host })
    expect(error.kind).toBe("InvalidDataValue")
    expect(error.message).toContain("input.f")
  })
})

describe("host answers", () => {
  it("a HostFailure is a catchable error whose value is the message", () => {
    const host: Host = {
      call() {
        throw new HostFailure("ToolFailure", "the order service is down")
      },
    }
    expect(printed("print(pcall(tools.orders.get, { id = 1 }))", { host })).toEqual(["false\tthe order service is down"])
  })
  it("uncaught, it fails with the host's kind, the message and the line", () => {
    const host: Host = {
      call() {
        throw new HostFailure("InvalidToolInput", "id must be a string")
      },
    }
    const error = failure("local x = 1\nreturn tools.orders.get({ id = 1 })", { host })
    expect(error).toEqual({ kind: "InvalidToolInput", message: "input:2: id must be a string", location: { line: 2 } })
  })
  it("a HostStop passes through pcall and ends the execution with its diagnostic", () => {
    const host: Host = {
      call() {
        throw new HostStop({ kind: "ToolCallLimitExceeded", message: "too many tool calls" })
      },
    }
    const result = failure('local ok = pcall(tools.a.b) print("after") return ok', { host })
    expect(result).toEqual({ kind: "ToolCallLimitExceeded", message: "too many tool calls" })
  })
  it("the default host knows no tools", () => {
    expect(failure("return tools.nothing.here()").kind).toBe("UnknownTool")
  })
})

describe("search and extension globals", () => {
  it("search passes its arguments as they are", () => {
    const { host, calls } = recordingHost(() => [{ path: "orders.lookup" }])
    expect(valueOf('return search({ query = "order" }, 5)[1].path', { host })).toBe("orders.lookup")
    expect(calls).toEqual([{ op: "search", name: "search", args: [{ query: "order" }, 5] }])
  })
  it("extension globals become builtins by their dotted paths", () => {
    const { host, calls } = recordingHost((c) => `${c.name}:${JSON.stringify(c.args)}`)
    const value = valueOf('return { fetch("https://x", { method = "GET" }), fs.readFile("a.txt"), type(fs) }', {
      host,
      globals: ["fetch", "fs.readFile"],
    })
    expect(value).toEqual(['fetch:["https://x",{"method":"GET"}]', 'fs.readFile:["a.txt"]', "table"])
    expect(calls.map((c) => c.op)).toEqual(["global", "global"])
  })
  it("an extension global under a library extends it", () => {
    const { host } = recordingHost(() => "ok")
    expect(valueOf("return { string.shout('x'), string.upper('a') }", { host, globals: ["string.shout"] })).toEqual(["ok", "A"])
  })
})
