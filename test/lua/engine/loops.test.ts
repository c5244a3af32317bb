/**
 * compile/loops.ts and compile/blocks.ts: numeric `for` on every kind of bound, generic `for`
 * with and without the table-walking fast path (which must be indistinguishable from calling
 * `next`), `break`, and `goto` in both directions.
 */

import { describe, expect, it } from "vitest"
import { expectFailure, failure, printed, valueOf } from "./helpers.js"

const collect = (loop: string): string =>
  printed(`local out = {} ${loop} print(table.concat(out, " "))`)[0]!

describe("numeric for", () => {
  it("integer loops, up and down, and empty ranges", () => {
    expect(collect("for i = 1, 5 do out[#out + 1] = i end")).toBe("1 2 3 4 5")
    expect(collect("for i = 10, 1, -3 do out[#out + 1] = i end")).toBe("10 7 4 1")
    expect(collect("for i = 1, 0 do out[#out + 1] = i end")).toBe("")
  })
  it("a float limit is floored (or ceiled going down); a float start or step makes a float loop", () => {
    expect(collect("for i = 1, 3.7 do out[#out + 1] = i end")).toBe("1 2 3")
    expect(collect("for i = 3, 0.5, -1 do out[#out + 1] = i end")).toBe("3 2 1")
    expect(collect("for i = 1.0, 3 do out[#out + 1] = i end")).toBe("1.0 2.0 3.0")
    expect(collect("for i = 0, 1, 0.25 do out[#out + 1] = i end")).toBe("0.0 0.25 0.5 0.75 1.0")
  })
  it("loops at the edges of the integer range neither overflow nor stop early", () => {
    expect(collect("for i = math.maxinteger - 2, math.maxinteger do out[#out + 1] = i end")).toBe(
      "9223372036854775805 9223372036854775806 9223372036854775807",
    )
    expect(collect("for i = math.mininteger, math.mininteger + 2 do out[#out + 1] = i end")).toBe(
      "-9223372036854775808 -9223372036854775807 -9223372036854775806",
    )
    expect(collect("for i = 1, math.huge do out[#out + 1] = i if i == 3 then break end end")).toBe("1 2 3")
    expect(collect("for i = 9007199254740990, 9007199254740993 do out[#out + 1] = i end")).toBe(
      "9007199254740990 9007199254740991 9007199254740992 9007199254740993",
    )
  })
  it("changing the control variable in the body does not change the iteration", () => {
    expect(collect("for i = 1, 3 do out[#out + 1] = i i = 10 end")).toBe("1 2 3")
  })
  it("errors with Lua's wording", () => {
    expectFailure("for i = 1, 10, 0 do end", "ExecutionFailure", "input:1: 'for' step is zero")
    expectFailure("for i = 1, {} do end", "ExecutionFailure", "input:1: bad 'for' limit (number expected, got table)")
    expectFailure("for i = 'a', 2 do end", "ExecutionFailure", "input:1: bad 'for' initial value (number expected, got string)")
  })
})

describe("generic for", () => {
  it("pairs walks the array part in order, then the other keys in insertion order", () => {
    expect(collect("local t = {10, 20, x = 1, y = 2} t.z = 3 for k, v in pairs(t) do out[#out + 1] = k .. '=' .. v end")).toBe(
      "1=10 2=20 x=1 y=2 z=3",
    )
  })
  it("the fast path gives what calling next gives, even when the body clears fields", () => {
    const body = "if type(k) == 'string' then t[k] = nil end out[#out + 1] = tostring(k)"
    const setup = "local t = {1, 2, nil, 4, a = 1, b = 2, c = 3} t[2^53] = 'big' t[1.5] = 'f'"
    const fast = collect(`${setup} for k, v in pairs(t) do ${body} end`)
    const slow = collect(`${setup} local nxt = function(...) return next(...) end for k, v in nxt, t do ${body} end`)
    expect(fast).toBe(slow)
    expect(fast).toBe("1 2 4 a b c 9007199254740992 1.5")
  })
  it("ipairs stops at the first nil", () => {
    expect(collect("for i, v in ipairs({1, 2, nil, 4}) do out[#out + 1] = v end")).toBe("1 2")
  })
  it("any iterator function, with extra variables and state", () => {
    const source = `
      local function range(n)
        return function(limit, i) if i < limit then return i + 1, (i + 1) * 10, 'x' end end, n, 0
      end
      for i, tens, x, extra in range(3) do out[#out + 1] = i .. ':' .. tens .. ':' .. x .. ':' .. tostring(extra) end`
    expect(collect(source)).toBe("1:10:x:nil 2:20:x:nil 3:30:x:nil")
    expect(collect("for w in string.gmatch('a bb ccc', '%a+') do out[#out + 1] = w end")).toBe("a bb ccc")
  })
  it("errors with Lua's wording", () => {
    expectFailure("for k in pairs(nil) do end", "ExecutionFailure", "input:1: bad argument #1 to 'for iterator' (table expected, got nil)")
    expectFailure("for k in 5 do end", "ExecutionFailure", "input:1: attempt to call a number value (for iterator 'for iterator')")
  })
})

describe("break and goto", () => {
  it("break leaves the innermost loop from inside nested blocks", () => {
    expect(collect("for i = 1, 3 do for j = 1, 3 do if j == 2 then do break end end out[#out + 1] = i .. j end end")).toBe("11 21 31")
  })
  it("goto continue, in every kind of loop", () => {
    expect(collect("for i = 1, 5 do if i % 2 == 0 then goto continue end out[#out + 1] = i ::continue:: end")).toBe("1 3 5")
    expect(collect("local i = 0 while i < 5 do i = i + 1 if i == 3 then goto next end out[#out + 1] = i ::next:: end")).toBe("1 2 4 5")
    expect(collect("local i = 0 repeat i = i + 1 if i == 2 then goto skip end out[#out + 1] = i ::skip:: until i >= 3")).toBe("1 3")
  })
  it("goto backwards is a loop, and spends fuel like one", () => {
    expect(collect("local i = 1 ::top:: out[#out + 1] = i i = i + 1 if i <= 3 then goto top end")).toBe("1 2 3")
    expect(failure("::top:: goto top", { bounds: { maxFuel: 20_000 } }).message).toContain("work budget")
  })
  it("goto out of nested loops and blocks", () => {
    const source = `
      for i = 1, 3 do
        for j = 1, 3 do
          if i * j == 4 then goto done end
          out[#out + 1] = i * j
        end
      end
      ::done::`
    expect(collect(source)).toBe("1 2 3 2")
  })
  it("a fresh local per backward jump", () => {
    const source = `
      local fs, i = {}, 1
      ::again::
      local captured = i
      fs[i] = function() return captured end
      i = i + 1
      if i <= 3 then goto again end
      return { fs[1](), fs[2](), fs[3]() }`
    expect(valueOf(source)).toEqual([1, 2, 3])
  })
})
