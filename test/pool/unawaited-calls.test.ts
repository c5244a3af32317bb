/**
 * A tool call still pending when a JavaScript program returns (a forgotten `await`,
 * `forEach(async ...)`): the call always reaches the host before the Result, is interrupted if
 * unfinished, `toolCalls` says so, and a warning names the call and asks "Missing await?". Before,
 * the Result was green and silent, and whether the call reached the host depended on timing.
 */

import { Effect, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, Tool, WorkerPool } from "../../index.js"

const pool = WorkerPool.make({ maxThreads: 2, minThreads: 1 })
afterAll(() => pool.close())

const started: string[] = []
const send = Tool.make({
  description: "Send an email (slowly)",
  input: Schema.Struct({ to: Schema.String }),
  execute: ({ to }) => Effect.sync(() => started.push(to)).pipe(Effect.andThen(Effect.sleep(300)), Effect.as({ sent: true })),
})
const quick = Tool.make({ description: "Tag", input: Schema.Struct({ id: Schema.String }), execute: ({ id }) => Effect.sync(() => (started.push(id), { id })) })
const after: string[] = []
const runtime = CodeMode.make({
  language: "javascript",
  pool,
  tools: { mail: { send }, crm: { quick } },
  hooks: { "tool.after": ({ name, outcome }) => Effect.sync(() => after.push(`${name}:${outcome.status}`)) },
})
afterAll(() => runtime.close())

describe("a call the program did not await", () => {
  it("always reaches the host, is interrupted, and is warned about (ten runs alike)", async () => {
    for (let run = 0; run < 10; run++) {
      started.length = 0
      after.length = 0
      const result = await Effect.runPromise(runtime.execute(`const x = 1\ntools.mail.send({ to: "ada" })\nreturn "done"`))
      expect(started).toEqual(["ada"])
      expect(after).toEqual(["mail.send:interrupted"])
      expect(result).toMatchObject({ ok: true, value: "done", toolCalls: [{ kind: "tool", name: "mail.send", status: "interrupted" }] })
      expect(result.ok && result.warnings).toEqual([
        {
          kind: "ExecutionFailure",
          message: expect.stringMatching(/^tools\.mail\.send \(line 2\) still running when the program returned: interrupted .* Missing await\?/),
          location: { line: 2 },
        },
      ])
    }
  })

  it("forEach(async ...) names the first call and counts the rest", async () => {
    started.length = 0
    const result = await Effect.runPromise(
      runtime.execute(`const people = ["a", "b", "c"]\npeople.forEach(async (p) => {\n  await tools.mail.send({ to: p })\n})\nreturn people.length`),
    )
    expect([...started].sort()).toEqual(["a", "b", "c"])
    expect(result.toolCalls.map((c) => c.status)).toEqual(["interrupted", "interrupted", "interrupted"])
    expect(result.ok && result.warnings?.[0]?.message).toMatch(/^tools\.mail\.send \(line 3\) and 2 more calls still running when the program returned/)
  })

  it("a call that finished but was never awaited is named too, whatever the timing", async () => {
    const result = await Effect.runPromise(runtime.execute(`tools.crm.quick({ id: "x" })\nawait tools.mail.send({ to: "y" })\nreturn 1`))
    expect(result).toMatchObject({ ok: true, value: 1 })
    expect(result.ok && result.warnings).toEqual([
      { kind: "ExecutionFailure", message: "tools.crm.quick (line 1) finished, but the program never awaited or used the result. Missing await?", location: { line: 1 } },
    ])
  })

  it("awaited calls, Promise.all and a returned promise give no warning", async () => {
    const result = await Effect.runPromise(
      runtime.execute(`const a = await tools.crm.quick({ id: "1" })\nconst all = await Promise.all([tools.crm.quick({ id: "2" }), tools.crm.quick({ id: "3" })])\nreturn tools.crm.quick({ id: "4" })`),
    )
    expect(result).toMatchObject({ ok: true, value: { id: "4" } })
    expect(result.ok && result.warnings).toBeUndefined()
  })
})
