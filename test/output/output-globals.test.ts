/**
 * The output globals through the public API, in both languages: `text`, `image`, the console
 * blocks, `exit`, the returned value as a last block, output kept by a failed program, the hard
 * caps, image validation, and the `@options` header's errors and clamping.
 */

import { Effect } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { afterAll, describe, expect, it } from "vitest"
import { CodeMode, type Language, type Result } from "../../index.js"

const runtimes: Array<{ close(): Promise<void> }> = []
afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.close()))
})

const runtimeFor = (language: Language, limits: Record<string, number> = {}) => {
  const runtime = CodeMode.make({ language, limits: { timeoutMs: 60_000, ...limits } })
  runtimes.push(runtime)
  return runtime
}
const run = (language: Language, source: string, limits?: Record<string, number>): Promise<Result> =>
  Effect.runPromise(runtimeFor(language, limits).execute(source))

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const PNG = `data:image/png;base64,${PNG_BYTES.toString("base64")}`
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00", "latin1").toString("base64")
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]).toString("base64")
const WEBP = Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1").toString("base64")

describe("output blocks", () => {
  it("JavaScript: text, console levels and images in program order, the value last", async () => {
    const result = await run(
      "javascript",
      `text("hello"); console.log("n =", 1); console.warn("careful"); console.error({ a: 1 })
       image(${JSON.stringify(PNG)}); image({ type: "image", mimeType: "image/gif", data: ${JSON.stringify(GIF)} })
       text({ items: [1, 2] }); text(3)
       return { done: true }`,
    )
    expect(result.ok).toBe(true)
    const output = result.output!
    expect(output.map((b) => b.type)).toEqual(["text", "console", "console", "console", "image", "image", "text", "text", "text"])
    expect(output[0]).toEqual({ type: "text", text: "hello" })
    expect(output[1]).toEqual({ type: "console", level: "log", text: "n = 1" })
    expect(output[2]).toEqual({ type: "console", level: "warn", text: "careful" })
    expect(output[3]).toEqual({ type: "console", level: "error", text: "{ a: 1 }" })
    const image = output[4] as Extract<typeof output[number], { type: "image" }>
    expect(image).toMatchObject({ type: "image", mimeType: "image/png", bytes: PNG_BYTES.length })
    expect(readFileSync(image.path)).toEqual(PNG_BYTES)
    expect(output[5]).toMatchObject({ mimeType: "image/gif" })
    expect(output[6]).toEqual({ type: "text", text: '{\n  "items": [\n    1,\n    2\n  ]\n}' })
    expect(output[7]).toEqual({ type: "text", text: "3" })
    expect(output[8]).toEqual({ type: "text", text: '{\n  "done": true\n}' })
    // Result.logs keeps the console lines as before.
    expect(result.logs).toEqual(["n = 1", "careful", "{ a: 1 }"])
  })

  it("Lua: text, print as console, images, the value last", async () => {
    const result = await run(
      "lua",
      `text("hello") print("a", 1, nil) image(${JSON.stringify(PNG)})
       image({ type = "image", mimeType = "image/jpeg", data = ${JSON.stringify(JPEG)} })
       image({ data = ${JSON.stringify(WEBP)} })
       text({ x = { 1, 2 } }) text(1.5) text(true)
       return "the end"`,
    )
    expect(result.ok).toBe(true)
    expect(result.output!.map((b) => (b.type === "image" ? b.mimeType : b.type === "text" ? b.text : `${b.level}:${b.text}`))).toEqual([
      "hello", "log:a\t1\tnil", "image/png", "image/jpeg", "image/webp", '{\n  "x": [\n    1,\n    2\n  ]\n}', "1.5", "true", "the end",
    ])
    expect(result.logs).toEqual(["a\t1\tnil"])
  })

  it("exit() ends the program at once, successfully, past try/finally and pcall", async () => {
    const js = await run("javascript", `text("before"); try { exit() } finally { text("finally") } text("after"); return 1`)
    expect(js).toMatchObject({ ok: true, value: null, output: [{ type: "text", text: "before" }] })
    const lua = await run("lua", `text("before") pcall(exit) text("after") return 1`)
    expect(lua).toMatchObject({ ok: true, value: null, output: [{ type: "text", text: "before" }] })
  })

  it("a failed program keeps the output it made", async () => {
    const js = await run("javascript", `text("step 1"); console.info("going"); throw new Error("boom")`)
    expect(js).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" }, output: [{ text: "step 1" }, { level: "info", text: "going" }] })
    const lua = await run("lua", `text("step 1") error("boom")`)
    expect(lua).toMatchObject({ ok: false, output: [{ type: "text", text: "step 1" }] })
  })

  it("a program that outputs nothing and returns nothing has no output field", async () => {
    const result = await run("javascript", `const x = 1`)
    expect(result.ok).toBe(true)
    expect(result.output).toBeUndefined()
  })
})

describe("the output caps", () => {
  it("fails past 100,000 output calls, naming the cap, and keeps what was output", async () => {
    for (const [language, source] of [
      ["javascript", `for (let i = 0; i < 100001; i++) text("")`],
      ["lua", `for i = 1, 100001 do print("") end`],
    ] as const) {
      const result = await run(language, source)
      expect(result.ok).toBe(false)
      if (result.ok) continue
      expect(result.error.kind).toBe("ExecutionFailure")
      expect(result.error.message).toContain("more than 100000 output calls")
      expect(result.error.message).toContain("maxOutputCalls")
      expect(result.output!.length).toBeGreaterThan(0)
    }
  })

  it("fails past 16,777,216 characters of output, naming the cap", async () => {
    for (const [language, source] of [
      ["javascript", `const s = "x".repeat(9000000); text(s); text(s)`],
      ["lua", `local s = string.rep("x", 9000000) text(s) text(s)`],
    ] as const) {
      const result = await run(language, source, { maxOutputTokens: 10 })
      expect(result).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: expect.stringContaining("more than 16777216 characters of output") } })
    }
  })
})

describe("image validation", () => {
  const cases: Array<[string, string]> = [
    ['"https://example.com/cat.png"', "refuses remote URLs"],
    ['{ data: "http://example.com/cat.png" }', "refuses remote URLs"],
    ['"data:image/png,rawbytes"', "base64 data URL"],
    ['"data:image/png;base64,@@@@"', "not valid base64"],
    [`"data:text/plain;base64,${Buffer.from("hello world!").toString("base64")}"`, "PNG, JPEG, GIF or WebP images only"],
    [`"data:image/jpeg;base64,${PNG_BYTES.toString("base64")}"`, "says it is image/jpeg but its bytes are image/png"],
    ["42", "got 42"],
  ]
  it.each(cases)("JavaScript image(%s) is a catchable TypeError", async (argument, message) => {
    const result = await run("javascript", `try { image(${argument}); return "accepted" } catch (e) { return e.name + ": " + e.message }`)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value).toMatch(/^TypeError: /)
    expect(result.value).toContain(message)
  })

  it("Lua image() errors are catchable with pcall and say why", async () => {
    const result = await run("lua", `local ok, err = pcall(image, "https://example.com/cat.png") return err`)
    expect(result).toMatchObject({ ok: true, value: expect.stringContaining("refuses remote URLs") })
    const big = await run("lua", `local ok, err = pcall(image, "data:image/png;base64," .. string.rep("A", 12000000)) return err`)
    expect(big).toMatchObject({ ok: true, value: expect.stringContaining("over the bound of 8388608 bytes (maxImageBytes)") })
  })
})

describe("the @options header", () => {
  it("tightens the timeout: a header's timeout_ms ends the program", async () => {
    const result = await run("javascript", `// @options: {"timeout_ms": 200}\nwhile (true) {}`)
    expect(result).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
  })

  it("clamps a looser value to the host's, with a warning", async () => {
    const result = await run("lua", `-- @options: {"timeout_ms": 2000000, "max_output_tokens": 50000}\nreturn 1`, { maxOutputTokens: 100 })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.warnings!.map((w) => w.message)).toEqual([
      "@options timeout_ms 2000000 is looser than the host allows; 60000 was used (a header can only tighten the host's limits)",
      "@options max_output_tokens 50000 is looser than the host allows; 100 was used (a header can only tighten the host's limits)",
    ])
  })

  const bad: Array<[Language, string, string]> = [
    ["javascript", `// @options: {"timeout_ms": 0}`, "timeout_ms must be a positive integer <= 2147483647, got 0"],
    ["javascript", `// @options: {"timeout_ms": 2147483648}`, "timeout_ms must be a positive integer"],
    ["javascript", `// @options: {"max_output_tokens": -1}`, "max_output_tokens must be a non-negative integer, got -1"],
    ["javascript", `// @options: {"max_output_tokens": "10"}`, 'max_output_tokens must be a non-negative integer, got "10"'],
    ["lua", `-- @options: {"timeout": 5}`, "unknown key 'timeout' in the @options header"],
    ["lua", `-- @options: {timeout_ms: 5}`, "not valid JSON"],
    ["lua", `-- @options: [1]`, "must be one JSON object, got an array"],
    ["lua", `-- @options {"timeout_ms": 5}`, "must read -- @options: {...}"],
  ]
  it.each(bad)("%s %s is a ParseError at line 1 and nothing runs", async (language, header, message) => {
    const runNothing = language === "lua" ? `text("ran")` : `text("ran")`
    const result = await run(language, `${header}\n${runNothing}`)
    expect(result).toMatchObject({ ok: false, error: { kind: "ParseError", message: expect.stringContaining(message), location: { line: 1 } } })
    expect(result.output).toBeUndefined()
  })

  it("is only read from the first line, in the program's own comment syntax", async () => {
    const result = await run("javascript", `const a = 1\n// @options: {"bogus": 1}\nreturn a`)
    expect(result).toMatchObject({ ok: true, value: 1 })
  })
})

describe("the output budget", () => {
  it("cuts to a head and a tail and names the file that holds the whole output", async () => {
    const result = await run("javascript", `for (let i = 0; i < 200; i++) text("line " + i)`, { maxOutputTokens: 50 })
    expect(result.ok).toBe(true)
    expect(result.truncated).toBe(true)
    const output = result.output!
    expect(output[0]).toEqual({ type: "text", text: "line 0" })
    expect(output.at(-1)).toEqual({ type: "text", text: "line 199" })
    const marker = output.find((b) => b.type === "text" && b.text.startsWith("…[output cut")) as { text: string }
    expect(marker.text).toContain("budget of 50 tokens (max_output_tokens)")
    const path = /is in (\S+);/.exec(marker.text)![1]!
    const whole = readFileSync(path, "utf8")
    expect(whole.split("\n").slice(0, 200)).toEqual(Array.from({ length: 200 }, (_, i) => `line ${i}`))
    let kept = 0
    for (const block of output) if (block !== marker && block.type === "text") kept += block.text.length
    expect(kept).toBeLessThanOrEqual(200)
  })

  it("max_output_tokens 0 in the header keeps only the marker; close() removes the files", async () => {
    const runtime = CodeMode.make({ language: "lua" })
    const result = await Effect.runPromise(runtime.execute(`-- @options: {"max_output_tokens": 0}\nfor i = 1, 10 do print(i) end`))
    expect(result.output).toHaveLength(1)
    const path = /is in (\S+);/.exec((result.output![0] as { text: string }).text)![1]!
    expect(readFileSync(path, "utf8")).toContain("[console.log] 10")
    await runtime.close()
    expect(existsSync(path)).toBe(false)
  })
})
