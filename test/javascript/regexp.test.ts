/**
 * The regular-expression engine (worker/javascript/regexp/): answers compared with the host's
 * engine on a table of patterns, and the bounds — a catastrophic pattern stops at the deadline,
 * huge quantifiers and deep nesting neither expand nor overflow, long inputs do not recurse.
 */

import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"
import { compileRegExp, execProgram } from "../../worker/javascript/regexp/index.js"
import { printProgram } from "../../worker/javascript/regexp/program.js"
import { DEFAULT_BOUNDS } from "../../protocol/bounds.js"
import { Meter } from "../../worker/meter.js"
import { HostStop } from "../../worker/engine-host.js"

class TestMeter extends Meter {
  protected workBudgetExceeded(): HostStop {
    return new HostStop({ kind: "ExecutionFailure", message: "budget" })
  }
  protected timedOut(): HostStop {
    return new HostStop({ kind: "TimeoutExceeded", message: "timeout" })
  }
  protected interrupted(): HostStop {
    return new HostStop({ kind: "ExecutionFailure", message: "interrupted" })
  }
}

const ours = (source: string, flags: string, input: string): Array<string | undefined> | null => {
  const program = compileRegExp(source, flags, DEFAULT_BOUNDS)
  const limits = { meter: new TestMeter(1e9, Infinity, undefined), maxStackEntries: 1e6, stackExceeded: () => new Error("stack") }
  const slots = execProgram(program, input, 0, flags.includes("y"), limits)
  if (slots === null) return null
  const out: Array<string | undefined> = []
  for (let i = 0; i < slots.length; i += 2) out.push(slots[i]! < 0 ? undefined : input.slice(slots[i], slots[i + 1]))
  return out
}
const host = (source: string, flags: string, input: string) => {
  const m = new RegExp(source, flags).exec(input)
  return m === null ? null : [...m]
}

const TABLE: Array<[string, string, string]> = [
  ["a(b+)c", "", "xxabbbcyy"],
  ["(a|ab)(c|bcd)(d*)", "", "abcd"],
  ["^(?:(a)|b)*$", "", "ab"],
  ["(z)((a+)?(b+)?(c))*", "", "zaacbbbcac"],
  ["(?<=\\$)\\d+(\\.\\d+)?", "", "cost $10.53"],
  ["(?<!\\$)\\b\\d+", "", "$10 20"],
  ["(a)\\1", "i", "aA"],
  ["(?=(a+))a*b\\1", "", "baaabac"],
  ["(.*?)a(?!(a+)b\\2c)\\2(.*)", "", "baaabaac"],
  ["[^a-z]+", "i", "abcDEF123"],
  ["\\u{1F600}", "u", "x😀"],
  [".", "u", "😀"],
  [".", "", "😀"],
  ["a{2,3}?", "", "aaaa"],
  ["(?:a|b)*?c", "", "ababc"],
  ["(?<=(\\d)(\\d))x", "", "12x"],
  ["(?<=\\1(a))b", "", "aab"],
  ["^$", "m", "a\n\nb"],
  ["\\p{Lu}+", "u", "abcÄÖÜdef"],
  ["[\\p{L}--[a-z]]+", "v", "abcXYZé"],
  ["[\\w&&\\d]+", "v", "ab12c"],
  ["ſ", "iu", "S"],
  ["ſ", "i", "S"],
  ["\\w", "iu", "ſ"],
  ["\\W", "iu", "ſ"],
  ["[^k]", "iu", "\u212a"],
  ["(a*)*b", "", "aaab"],
  ["(a*)+", "", "b"],
  ["(?:a?)*?b", "", "ab"],
  ["(a)|b", "", "b"],
  ["(?:(a)|(b))+", "", "ab"],
  ["\\bfoo\\b", "", "a foo b"],
  ["x*", "y", "xxy"],
  ["[\\d-z]+", "", "1-z"],
  ["\\0\\x41\\u0042\\cJ", "", "\0AB\n"],
  ["a{,2}", "", "a{,2}"],
  ["\\8", "", "8"],
  ["[\\b]", "", "\b"],
  ["(?<a>.)\\k<a>", "", "xyy"],
  ["\\k<a>(?<a>b)", "", "b"],
  ["^.+$", "s", "a\nb"],
  ["ab|cd", "", "xcd"],
  ["(?:ab){2,}", "", "abababx"],
  ["(?:a|){3}b", "", "ab"],
  ["Σ", "i", "σ"],
  ["ς", "iu", "Σ"],
]

describe("matching agrees with V8", () => {
  for (const [source, flags, input] of TABLE) {
    it(`/${source}/${flags} on ${JSON.stringify(input)}`, () => {
      expect(ours(source, flags, input)).toEqual(host(source, flags, input))
    })
  }
})

describe("bounds", () => {
  it("catastrophic backtracking stops at the deadline with TimeoutExceeded", () => {
    const r = runJavaScript(`return /(a+)+$/.test("a".repeat(40) + "b")`, { deadline: performance.now() + 100 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.kind).toBe("TimeoutExceeded")
  })

  it("catastrophic backtracking also spends the work budget, which try/catch cannot catch", () => {
    const r = runJavaScript(`try { return /(x+x+)+y/.test("x".repeat(30)) } catch (e) { return "caught" }`, { bounds: { maxFuel: 1_000_000 } })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/work budget/)
  })

  it("a huge quantifier is one loop, not a copy of its body", () => {
    const program = compileRegExp("(?:ab){1000000,2000000}", "", DEFAULT_BOUNDS)
    expect(program.code.length).toBeLessThan(100)
    expect(printProgram(program)).toContain("LoopGreedy")
    const r = runJavaScript(`return [/(?:ab){3,1000000000}/.test("abababab"), /a{99999999999}/.test("aaa"), /^(?:a|b){2,4}$/.test("abab")]`)
    expect(r).toMatchObject({ ok: true, value: [true, false, true] })
  })

  it("deeply nested groups are a SyntaxError, never a host stack overflow", () => {
    const r = runJavaScript(`try { new RegExp("(".repeat(100000) + "a" + ")".repeat(100000)) } catch (e) { return [e.name, e.message.slice(-60)] }`)
    expect(r.ok).toBe(true)
    if (r.ok) expect((r.value as string[])[0]).toBe("SyntaxError")
    const ok = runJavaScript(`return new RegExp("(".repeat(150) + "a" + ")".repeat(150)).exec("a").length`)
    expect(ok).toMatchObject({ ok: true, value: 151 })
  })

  it("long inputs need no host recursion", () => {
    const r = runJavaScript(`const s = "ab".repeat(200000); return [/^(?:a|b)*$/.test(s), /^(a|b)*$/.exec(s)[1], s.replace(/(a)(b)/g, "$2$1").slice(0, 4)]`)
    expect(r).toMatchObject({ ok: true, value: [true, "b", "baba"] })
  })

  it("the backtracking stack is bounded", () => {
    const r = runJavaScript(`return /^(?:a|b)*$/.test("ab".repeat(5000))`, { bounds: { maxTableEntries: 1000 } })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/backtracking entries/)
  })

  it("a pattern longer than the source bound is refused", () => {
    const r = runJavaScript(`try { new RegExp("a".repeat(5000)) } catch (e) { return e.message }`, { bounds: { maxSourceBytes: 4096 } })
    expect(r).toMatchObject({ ok: true })
    if (r.ok) expect(r.value).toMatch(/longer than the limit/)
  })
})

describe("the RegExp object", () => {
  it("literals are fresh objects per evaluation", () => {
    const r = runJavaScript(`const f = () => /a/g; const a = f(), b = f(); a.lastIndex = 3; return [a === b, b.lastIndex]`)
    expect(r).toMatchObject({ ok: true, value: [false, 0] })
  })

  it("a replaced exec is used by test and the Symbol methods", () => {
    const r = runJavaScript(`const re = /x/; let calls = 0; re.exec = function (s) { calls++; return null }; return [re.test("x"), "x".replace(re, "y"), calls]`)
    expect(r).toMatchObject({ ok: true, value: [false, "x", 2] })
  })

  it("no host RegExp is reachable", () => {
    const r = runJavaScript(`const re = /a/; return [re.constructor === RegExp, Object.getPrototypeOf(re) === RegExp.prototype, typeof re.exec("a").constructor.from]`)
    expect(r).toMatchObject({ ok: true, value: [true, true, "function"] })
  })
})
