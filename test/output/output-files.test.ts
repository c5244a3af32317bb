/**
 * The runtime's output files (pool/output-files.ts) and the budget's shaping (pool/output.ts),
 * directly: one directory per runtime, names of our own, removal by age and by close, options
 * checked; the head and tail kept around the marker, images kept where they fall.
 */

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { OutputFiles, resolveOutputFilesOptions } from "../../pool/output-files.js"
import { budgeted, type OutputBlock } from "../../pool/output.js"
import { CodeMode } from "../../index.js"

const parent = mkdtempSync(join(tmpdir(), "codemode-files-test-"))
afterAll(() => rmSync(parent, { recursive: true, force: true }))

describe("output files", () => {
  it("writes into one directory of its own, removes old files by age and everything on close", () => {
    const files = new OutputFiles(resolveOutputFilesOptions({ parentDirectory: parent, maxAgeMs: 1_000 }))
    expect(files.directory).toBeUndefined()
    const image = files.writeImage("image/png", Buffer.from("png bytes").toString("base64"))
    const text = files.writeText("the whole output")
    if (!image.ok || !text.ok) throw new Error("write failed")
    expect(dirname(image.path)).toBe(files.directory)
    expect(dirname(files.directory!)).toBe(parent)
    expect(readdirSync(files.directory!).sort()).toEqual(["image-1.png", "output-2.txt"])
    expect(readFileSync(text.path, "utf8")).toBe("the whole output")
    files.sweep(Date.now() + 500)
    expect(readdirSync(files.directory!)).toHaveLength(2)
    files.sweep(Date.now() + 5_000)
    expect(readdirSync(files.directory!)).toHaveLength(0)
    files.writeText("again")
    files.close()
    expect(existsSync(files.directory!)).toBe(false)
    expect(files.writeText("late")).toEqual({ ok: false, message: "the runtime is closed" })
  })

  it("checks its options at make, naming the key", () => {
    expect(() => CodeMode.make({ outputFiles: { maxAge: 5 } } as never)).toThrow("unknown option 'maxAge'")
    expect(() => CodeMode.make({ outputFiles: { maxAgeMs: 0 } })).toThrow("outputFiles.maxAgeMs must be a positive number, got 0")
    expect(() => CodeMode.make({ outputFiles: { parentDirectory: "" } })).toThrow("outputFiles.parentDirectory must be a directory path")
  })
})

describe("the budget", () => {
  const files = new OutputFiles(resolveOutputFilesOptions({ parentDirectory: parent }))
  afterAll(() => files.close())
  const text = (t: string): OutputBlock => ({ type: "text", text: t })

  it("leaves output within budget untouched and writes no file", () => {
    const blocks = [text("a".repeat(40))]
    expect(budgeted(blocks, 10, files)).toEqual({ blocks, truncated: false })
    expect(files.directory).toBeUndefined()
  })

  it("keeps half the budget from the start and half from the end, images where they fall", () => {
    const image: OutputBlock = { type: "image", mimeType: "image/png", path: "/x.png", bytes: 3 }
    const blocks = [image, text("0123456789"), text("middle".repeat(10)), { type: "console", level: "log", text: "abcdefghij" } as OutputBlock]
    const shaped = budgeted(blocks, 3, files)
    expect(shaped.truncated).toBe(true)
    expect(shaped.blocks[0]).toBe(image)
    expect(shaped.blocks[1]).toEqual(text("012345"))
    expect((shaped.blocks[2] as { text: string }).text).toMatch(/^…\[output cut to its budget of 3 tokens \(max_output_tokens\): 68 of 80 characters left out here/)
    expect(shaped.blocks[3]).toEqual({ type: "console", level: "log", text: "efghij" })
    const path = /is in (\S+);/.exec((shaped.blocks[2] as { text: string }).text)![1]!
    expect(readFileSync(path, "utf8")).toBe(`[image image/png, 3 bytes: /x.png]\n0123456789\n${"middle".repeat(10)}\n[console.log] abcdefghij\n`)
  })

  it("never splits a surrogate pair", () => {
    const shaped = budgeted([text("😀😀😀😀😀😀")], 1, files)
    for (const block of shaped.blocks) expect((block as { text: string }).text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
  })
})
