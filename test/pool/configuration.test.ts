/**
 * Configuration is refused when it cannot be understood: the reference's hook spelling works, the
 * nested alias works, and every other key — in the options, in `hooks`, in `WorkerPool.make`, in
 * `Extension.make` — is a `TypeError` naming it. A `before` hook that returns neither allow nor deny
 * denies the call and tells the host. Each case here let a tool run, or ran the wrong language,
 * before.
 */

import { Effect, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Extension, Tool, WorkerPool } from "../../index.js"

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1 })
afterAll(() => pool.close())

let sent = 0
const send = Tool.make({
  description: "Send an email",
  input: Schema.Struct({ to: Schema.String }),
  execute: ({ to }) => Effect.sync(() => ({ sent: to, count: ++sent })),
})
const tools = { mail: { send } }
const deny = () => Effect.fail(new Error("mail is off today"))

const runJs = (options: Record<string, unknown>, code: string) =>
  Effect.runPromise(CodeMode.execute({ pool, tools, ...options, code } as never) as Effect.Effect<CodeMode.Result>)

const callMail = `try { await tools.mail.send({ to: "a@b.c" }); return "sent" } catch (e) { return e.message }`

describe("hook spelling", () => {
  it('"tool.before" (the reference spelling) denies the call', async () => {
    const before = sent
    const result = await runJs({ language: "javascript", hooks: { "tool.before": deny } }, callMail)
    expect(result).toMatchObject({ ok: true, value: "Call to tools.mail.send was denied: mail is off today" })
    expect(result.toolCalls.map((c) => c.status)).toEqual(["denied"])
    expect(sent).toBe(before)
  })

  it("the nested { tool: { before } } alias denies too", async () => {
    const result = await runJs({ language: "javascript", hooks: { tool: { before: deny } } }, callMail)
    expect(result).toMatchObject({ ok: true, value: "Call to tools.mail.send was denied: mail is off today" })
  })

  it('"tool.after" and "extension.before" / "extension.after" are read', async () => {
    const seen: string[] = []
    const ext = Extension.make({ name: "clock", globals: { now: () => 42 } })
    const result = await runJs(
      {
        language: "javascript",
        extensions: [ext],
        hooks: {
          "tool.after": ({ name }: { name: string }) => Effect.sync(() => seen.push(`tool.after ${name}`)),
          "extension.before": ({ name }: { name: string }) => Effect.sync(() => seen.push(`extension.before ${name}`)),
          "extension.after": ({ name }: { name: string }) => Effect.sync(() => seen.push(`extension.after ${name}`)),
        },
      },
      `await tools.mail.send({ to: "x" }); return now()`,
    )
    expect(result).toMatchObject({ ok: true, value: 42 })
    expect(seen).toEqual(["tool.after mail.send", "extension.before now", "extension.after now"])
  })

  it("misspelt hooks throw at make, naming the key", () => {
    expect(() => CodeMode.make({ language: "javascript", hooks: { tools: { before: deny } } } as never)).toThrow(
      new TypeError(
        `CodeMode.make hooks: unknown option 'tools'. Did you mean 'tool'? The options are 'tool.before', 'tool.after', 'extension.before', 'extension.after', 'tool', 'extension'.`,
      ),
    )
    expect(() => CodeMode.make({ language: "javascript", hooks: { tool: { beforeCall: deny } } } as never)).toThrow(
      "CodeMode.make hooks.tool: unknown option 'beforeCall'. Did you mean 'before'?",
    )
    expect(() => CodeMode.make({ language: "javascript", hooks: { "tool.beforeCall": deny } } as never)).toThrow(
      "unknown option 'tool.beforeCall'. Did you mean 'tool.before'?",
    )
    expect(() => CodeMode.make({ language: "javascript", hooks: { "tool.before": "deny" } } as never)).toThrow(
      'CodeMode.make hooks: "tool.before" must be a function, got string',
    )
    expect(() => CodeMode.make({ language: "javascript", hooks: { "tool.before": deny, tool: { before: deny } } } as never)).toThrow(
      "given twice",
    )
  })
})

describe("unknown options", () => {
  it("CodeMode.make names the key (langauge no longer gives a Lua runtime; limit: is not ignored)", () => {
    expect(() => CodeMode.make({ langauge: "javascript" } as never)).toThrow(TypeError)
    expect(() => CodeMode.make({ langauge: "javascript" } as never)).toThrow(
      "CodeMode.make: unknown option 'langauge'. Did you mean 'language'? The options are 'language', 'tools', 'extensions', 'hooks', 'limits', 'pool', 'randomSeed'",
    )
    expect(() => CodeMode.make({ language: "lua", limit: { timeoutMs: 5 } } as never)).toThrow("unknown option 'limit'. Did you mean 'limits'?")
    expect(() => CodeMode.make({ language: "lua", limits: { timeout: 5 } } as never)).toThrow(
      new TypeError("CodeMode.make limits: unknown option 'timeout'. Did you mean 'timeoutMs'? The options are 'timeoutMs', 'maxToolCalls', 'maxOutputBytes', 'maxOutputTokens'."),
    )
    expect(() => Effect.runSync(CodeMode.execute({ code: "1", tool: {} } as never) as Effect.Effect<unknown>)).toThrow("unknown option 'tool'")
  })

  it("WorkerPool.make and Extension.make name the key", () => {
    expect(() => WorkerPool.make({ maxThread: 4 } as never)).toThrow(TypeError)
    expect(() => WorkerPool.make({ maxThread: 4 } as never)).toThrow("WorkerPool.make: unknown option 'maxThread'. Did you mean 'maxThreads'? The options are 'minThreads', 'maxThreads'")
    expect(() => WorkerPool.make({ resourceLimits: { maxOldGenerationSize: 64 } } as never)).toThrow(
      "WorkerPool.make resourceLimits: unknown option 'maxOldGenerationSize'. Did you mean 'maxOldGenerationSizeMb'?",
    )
    expect(() => Extension.make({ name: "x", globals: { f: () => 1 }, async: true } as never)).toThrow(
      "Extension.make: unknown option 'async'.",
    )
    expect(() => Extension.lua({ name: "x", global: {} } as never)).toThrow("Extension.lua: unknown option 'global'. Did you mean 'globals'?")
  })
})

describe("the default language", () => {
  it("is JavaScript, as in the first reference", async () => {
    const runtime = CodeMode.make({ pool })
    expect(runtime.language).toBe("javascript")
    const result = await Effect.runPromise(runtime.execute("const x = [1, 2, 3]; return x.map((n) => n * 2)"))
    expect(result).toMatchObject({ ok: true, value: [2, 4, 6] })
    await runtime.close()
    expect(await Effect.runPromise(CodeMode.execute({ pool, code: "return typeof globalThis" }))).toMatchObject({ ok: true, value: "object" })
  })
})

describe("a before hook that returns neither allow nor deny", () => {
  for (const [label, hook] of [
    ["() => false", () => false],
    ["() => true", () => true],
    ["async () => false", async () => false],
    ['() => "deny"', () => "deny"],
  ] as const) {
    it(`${label} denies the call and warns the host`, async () => {
      const before = sent
      const result = await runJs({ language: "javascript", hooks: { "tool.before": hook } }, callMail)
      expect(sent).toBe(before)
      expect(result.ok).toBe(true)
      if (!result.ok) return
      expect(result.value).toMatch(/^Call to tools\.mail\.send was denied: hooks\["tool\.before"\] returned .*, not an Effect/)
      expect(result.toolCalls.map((c) => c.status)).toEqual(["denied"])
      expect(result.warnings).toEqual([
        { kind: "ToolFailure", message: expect.stringMatching(/^hooks\["tool\.before"\] returned .*the call was denied$/) },
      ])
    })
  }

  it("in Lua, and for extension.before, the same", async () => {
    const ext = Extension.lua({ name: "clock", globals: { now: () => Effect.succeed(1) } })
    const result = await runJs(
      { language: "lua", extensions: [ext], hooks: { "extension.before": () => 0 } },
      `local ok, e = pcall(now) return { ok = ok, e = e }`,
    )
    expect(result).toMatchObject({ ok: true, value: { ok: false, e: expect.stringContaining('hooks["extension.before"] returned number 0') } })
    expect(result.ok && result.warnings?.length).toBe(1)
  })

  it("nothing, Effect.void and a Promise of nothing still allow", async () => {
    for (const hook of [() => undefined, () => Effect.void, async () => undefined]) {
      const result = await runJs({ language: "javascript", hooks: { "tool.before": hook } }, callMail)
      expect(result).toMatchObject({ ok: true, value: "sent" })
      expect(result.ok && result.warnings).toBeUndefined()
    }
  })
})
