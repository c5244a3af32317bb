/**
 * The scope printer (worker/javascript/compile/trace.ts): what `CODEMODE_TRACE=1` prints, read
 * from the resolution of a small program with a captured local, an upvalue and a suspending arrow.
 */

import { describe, expect, it } from "vitest"
import { parseJavaScript } from "../../worker/javascript/parse.js"
import { resolveScopes } from "../../worker/javascript/compile/scope.js"
import { describeScopes } from "../../worker/javascript/compile/trace.js"
import { DEFAULT_BOUNDS } from "../../protocol/bounds.js"

describe("the JavaScript scope printer", () => {
  it("shows each function's frame, its cells and its upvalues", () => {
    const program = parseJavaScript("let n = 0\nfunction add(a) { return a + n }\nconst f = async () => { await 1 }", DEFAULT_BOUNDS)
    const text = describeScopes(resolveScopes(program)).split("\n")
    expect(text).toContain("program (line 1): frame of 6 slots")
    expect(text).toContain("  slot 3: let n (cell)")
    expect(text).toContain("function add (line 2): frame of 5 slots")
    expect(text).toContain("  slot 3: param a")
    expect(text).toContain("  slot 4: upvalue n (cell from outer slot 3)")
    expect(text).toContain("async arrow (line 3): frame of 0 slots, arrow, suspends")
  })
})
