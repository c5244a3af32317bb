/**
 * Unknown tools read as nothing, so a program can detect features; calling one in place is the
 * host's `UnknownTool` with its line and "Did you mean"; a read kept and called later is an
 * ordinary catchable error naming where it was read. Before, every name under `tools` read as a
 * callable reference: `if (tools.crm.sendEmail)` was always true and `"x" in tools.crm` lied.
 */

import { Effect, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Tool, WorkerPool, type Language } from "../../index.js"

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1 })
afterAll(() => pool.close())

const send = Tool.make({ description: "Send a text", input: Schema.Struct({}), execute: () => Effect.succeed({ sent: true }) })
const resolve = Tool.make({ description: "Resolve a library id", input: {}, execute: () => Effect.succeed("id") })
const tools = { crm: { sendSms: send, send }, context7: { "resolve-library-id": resolve } }
const run = (language: Language, code: string) =>
  Effect.runPromise(CodeMode.execute({ language, pool, tools, code }) as Effect.Effect<CodeMode.Result>)

const unknownTool = {
  kind: "UnknownTool",
  message: expect.stringMatching(/^Unknown tool 'tools\.crm\.sendEmail'\. Did you mean: tools\.crm\.send(Sms)?, tools\.crm\.send(Sms)?\? Use search\(\.\.\.\) to find tools\.$/),
  location: { line: 2 },
}

describe("JavaScript", () => {
  it("an unknown tool reads as undefined; in and Object.keys tell the truth", async () => {
    const result = await run(
      "javascript",
      `return {
        read: tools.crm.sendEmail === undefined, type: typeof tools.crm.sendEmail, known: typeof tools.crm.sendSms,
        has: "sendEmail" in tools.crm, hasKnown: "sendSms" in tools.crm, keys: Object.keys(tools.crm), top: Object.keys(tools),
        namespace: tools.nope === undefined, alias: typeof tools.context7.resolve_library_id,
      }`,
    )
    expect(result).toMatchObject({
      ok: true,
      value: { read: true, type: "undefined", known: "function", has: false, hasKnown: true, keys: ["sendSms", "send"], top: ["crm", "context7"], namespace: true, alias: "function" },
    })
  })

  it("feature detection then a fallback works", async () => {
    const result = await run("javascript", `const notify = tools.crm.sendEmail ?? tools.crm.sendSms\nreturn await notify({})`)
    expect(result).toMatchObject({ ok: true, value: { sent: true } })
  })

  it("calling an unknown tool in place is UnknownTool with its line and Did you mean", async () => {
    expect(await run("javascript", `const a = 1\nreturn await tools.crm.sendEmail({ to: "x" })`)).toMatchObject({ ok: false, error: unknownTool })
    expect(await run("javascript", `const a = 1\nreturn await tools.crms.sendEmail({})`)).toMatchObject({
      ok: false,
      error: { kind: "UnknownTool", message: expect.stringContaining("Unknown tool 'tools.crms.sendEmail'. Did you mean"), location: { line: 2 } },
    })
    expect(await run("javascript", `const a = 1\nreturn tools.crms.sendEmail({})`)).toMatchObject({ ok: false, error: { kind: "UnknownTool", location: { line: 2 } } })
    expect(await run("javascript", `return tools.crms?.sendEmail({}) ?? "absent"`)).toMatchObject({ ok: true, value: "absent" })
    expect(await run("javascript", `const a = 1\nfunction f() { return tools.crm.sendEmail({}) }\nreturn f()`)).toMatchObject({
      ok: false,
      error: { kind: "UnknownTool", location: { line: 2 } },
    })
  })

  it("a read kept and called later is a catchable TypeError naming the path", async () => {
    const result = await run("javascript", `const f = tools.crm.sendEmail\ntry { f({}) } catch (e) { return [e.name, e.message] }`)
    expect(result).toMatchObject({
      ok: true,
      value: ["TypeError", "f is not a function (if it was read from tools.crm.sendEmail: there is no such tool, so it read as undefined; use search(...) to find tools)"],
    })
  })
})

describe("Lua", () => {
  it("an unknown tool reads as nil; pairs keeps its explanation", async () => {
    const result = await run("lua", `return { missing = tools.crm.sendEmail == nil, known = type(tools.crm.sendSms), alias = type(tools.context7.resolve_library_id), ns = tools.nope == nil }`)
    expect(result).toMatchObject({ ok: true, value: { missing: true, known: "table", alias: "table", ns: true } })
    const pairs = await run("lua", `for k in pairs(tools.crm) do end`)
    expect(pairs).toMatchObject({ ok: false, error: { message: expect.stringContaining("search") } })
  })

  it("calling an unknown tool in place is UnknownTool with its line", async () => {
    expect(await run("lua", `local a = 1\nreturn tools.crm.sendEmail({ to = "x" })`)).toMatchObject({ ok: false, error: unknownTool })
    expect(await run("lua", `local a = 1\nreturn tools["crm"]["sendEmail"]({})`)).toMatchObject({ ok: false, error: unknownTool })
    expect(await run("lua", `local a = 1\nreturn tools.crms.sendEmail({})`)).toMatchObject({
      ok: false,
      error: { kind: "UnknownTool", message: expect.stringContaining("Unknown tool 'tools.crms.sendEmail'. Did you mean"), location: { line: 2 } },
    })
  })

  it("a nil kept from such a read and called later is a catchable error naming the path", async () => {
    const result = await run("lua", `local f = tools.crm.sendEmail\nlocal ok, e = pcall(function() return f({}) end)\nreturn { ok = ok, e = e }`)
    expect(result).toMatchObject({
      ok: true,
      value: { ok: false, e: "input:2: attempt to call a nil value (upvalue 'f') (if it was read from tools.crm.sendEmail: there is no such tool, so it read as nil; use search(...) to find tools)" },
    })
  })
})
