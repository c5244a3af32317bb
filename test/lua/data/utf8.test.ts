/** UTF-8 between byte strings and text (`worker/data/utf8.ts`). */

import { describe, expect, it } from "vitest"
import { bytesFromText, invalidUtf8Offset, isAscii, textFromBytes, textFromBytesLossy } from "../../../worker/data/utf8.js"

describe("utf8 helpers", () => {
  it("returns ASCII unchanged", () => {
    const s = "plain ascii \u0000\u007f"
    expect(isAscii(s)).toBe(true)
    expect(bytesFromText(s)).toBe(s)
    expect(textFromBytes(s)).toBe(s)
    expect(textFromBytesLossy(s)).toBe(s)
  })

  it("encodes and decodes every plane", () => {
    const text = "é 日本 😀 e\u0301 \ufeff \u{10ffff}"
    const bytes = bytesFromText(text)
    expect([...bytes].every((c) => c.charCodeAt(0) < 256)).toBe(true)
    expect(bytes).toBe(Buffer.from(text, "utf8").toString("latin1"))
    expect(textFromBytes(bytes)).toBe(text)
  })

  it("encodes a lone surrogate as U+FFFD", () => {
    expect(bytesFromText("a\ud800b")).toBe("a\xef\xbf\xbdb")
  })

  it("decodes strictly", () => {
    const invalid: Record<string, number> = {
      "\xff": 0,
      "ab\xc3": 2, // truncated
      "\xc0\xaf": 0, // overlong
      "\xe0\x80\xaf": 0, // overlong
      "\xed\xa0\x80": 0, // surrogate
      "\xf4\x90\x80\x80": 0, // above U+10FFFF
      "ok\x80": 2, // stray continuation
      "\xe6\x97": 0,
    }
    for (const [bytes, offset] of Object.entries(invalid)) {
      expect(textFromBytes(bytes), JSON.stringify(bytes)).toBe(undefined)
      expect(invalidUtf8Offset(bytes), JSON.stringify(bytes)).toBe(offset)
    }
    expect(invalidUtf8Offset("\xc3\xa9\xf0\x9f\x98\x80")).toBe(-1)
    expect(textFromBytesLossy("a\xffb")).toBe("a\ufffdb")
  })
})
