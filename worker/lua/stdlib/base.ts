/**
 * The base library: `assert error ipairs next pairs pcall xpcall rawequal rawlen rawget rawset
 * select tonumber tostring type print`, `_G` and `_VERSION` (and `unpack`, installed with the
 * table library in stdlib/index.ts).
 *
 * Behaviour and messages are Lua 5.4.4's, including where a message has no position because real
 * Lua raises it inside a C function (`invalid key to 'next'`, `table index is nil` from `rawset`).
 *
 * `pcall` and `xpcall` catch Lua errors only: an `error(value)` of any type (returned unchanged, a
 * table stays the same table), runtime errors, and failed host calls (as their message). Every
 * bound, timeout, interruption and host stop passes through them, and so does a JavaScript stack
 * overflow, which becomes the call-depth stop. A caught error unwinds calls without lowering
 * `st.depth` (see runtime/call.ts), so `pcall` puts back the depth it started at.
 *
 * `error(msg, level)` finds the line of level `level` in `st.callLines`; a level that lands on a
 * builtin or beyond the main chunk adds no position, as in real Lua.
 */

import { textFromBytesLossy } from "../../data/utf8.js"
import { HostStop } from "../../engine-host.js"
import { LuaMessages } from "../messages.js"
import { addIntegers, toNumber } from "../runtime/number.js"
import type { LuaState } from "../runtime/state.js"
import { withUnary } from "../runtime/call.js"
import { tostring } from "../runtime/tostring.js"
import {
  InvalidTableKey,
  LuaError,
  LuaTable,
  TableTooLarge,
  ToolReference,
  canonicalInteger,
  rawEquals,
  truthy,
  typeName,
  type LuaTypeName,
  type LuaFunction,
  type LuaValue,
} from "../runtime/value.js"
import type { KnownIterators } from "../compile/context.js"
import { argError, checkAny, checkInteger, checkTable, typeError } from "./args.js"

export function openBase(st: LuaState, G: LuaTable): KnownIterators {
  const next: LuaFunction = (args) => {
    const t = args[0]
    if (t instanceof ToolReference) st.error(LuaMessages.toolsNotIterable())
    const table = checkTable(st, args, 0, "next")
    const entry = table.next(args[1])
    if (entry === null) throw new LuaError(LuaMessages.invalidNextKey())
    return entry === undefined ? [undefined] : entry
  }
  const ipairsIterator: LuaFunction = (args) => {
    const t = args[0]
    const previous = args[1]
    // Lua's `luaL_intop(+, i, 1)`: wraps at maxinteger.
    const i = typeof previous === "number" && Number.isInteger(previous) && previous < 9007199254740991 ? previous + 1 : addIntegers(checkInteger(st, args, 1, "ipairs"), 1)
    let v: LuaValue
    if (t instanceof LuaTable) v = t.get(i)
    else if (typeof t === "string") v = undefined
    else throw new LuaError(LuaMessages.index(typeName(t), ""))
    return v === undefined ? [undefined] : [i, v]
  }
  const builtins: Record<string, LuaFunction> = {
    assert: (args) => {
      if (args.length === 0) argError(st, 0, "assert", "value expected")
      if (truthy(args[0])) return args
      const message = args.length >= 2 ? args[1] : LuaMessages.assertionFailed()
      throw new LuaError(typeof message === "string" ? st.where() + message : message)
    },
    error: (args) => {
      const value = args[0]
      const level = args[1] === undefined ? 1 : checkInteger(st, args, 1, "error")
      if (typeof value === "string" && typeof level === "number" && level > 0) {
        const at = st.depth - level + 1
        const line = at >= 1 ? st.callLines[at] ?? 0 : 0
        throw new LuaError(st.where(line) + value)
      }
      const raised = new LuaError(value)
      raised.raisedAt = st.callLines[st.depth] ?? st.line
      throw raised
    },
    ipairs: (args) => {
      checkAny(st, args, 0, "ipairs")
      return [ipairsIterator, args[0], 0]
    },
    next,
    pairs: (args) => {
      checkAny(st, args, 0, "pairs")
      if (args[0] instanceof ToolReference) st.error(LuaMessages.toolsNotIterable())
      return [next, args[0], undefined]
    },
    pcall: (args) => {
      checkAny(st, args, 0, "pcall")
      const f = args[0]
      if (typeof f !== "function" && !(f instanceof ToolReference)) return [false, notCallableMessage(st, f)]
      const depth = st.depth
      const line = st.line
      try {
        const results = st.call(f, args.slice(1))
        return [true, ...results]
      } catch (error) {
        const value = caught(st, error)
        st.depth = depth
        st.line = line
        return [false, value]
      }
    },
    xpcall: (args) => {
      const handler = args[1]
      if (typeof handler !== "function") typeError(st, args, 1, "xpcall", "function")
      const f = args[0]
      const depth = st.depth
      const line = st.line
      try {
        if (typeof f !== "function" && !(f instanceof ToolReference)) throw new LuaError(notCallableMessage(st, f))
        return [true, ...st.call(f, args.slice(2))]
      } catch (error) {
        const value = caught(st, error)
        st.depth = depth
        st.line = line
        try {
          return [false, st.call(handler, [value])[0]]
        } catch (again) {
          caught(st, again)
          st.depth = depth
          st.line = line
          // Real Lua calls the handler again on its own error until the C stack gives out.
          return [false, LuaMessages.errorInErrorHandling()]
        }
      }
    },
    rawequal: (args) => {
      checkAny(st, args, 0, "rawequal")
      checkAny(st, args, 1, "rawequal")
      return [rawEquals(args[0], args[1])]
    },
    rawlen: (args) => {
      const v = args[0]
      if (v instanceof LuaTable) return [v.length()]
      if (typeof v === "string") return [v.length]
      return argError(st, 0, "rawlen", `table or string expected, got ${args.length === 0 ? "no value" : typeName(v)}`)
    },
    rawget: (args) => {
      const t = checkTable(st, args, 0, "rawget")
      checkAny(st, args, 1, "rawget")
      return [t.get(args[1])]
    },
    rawset: (args) => {
      const t = checkTable(st, args, 0, "rawset")
      checkAny(st, args, 1, "rawset")
      checkAny(st, args, 2, "rawset")
      t.set(args[1], args[2])
      return [t]
    },
    select: (args) => {
      const n = args[0]
      const top = args.length
      if (typeof n === "string" && n.charCodeAt(0) === 35 /* # */) return [top - 1]
      const requested = checkInteger(st, args, 0, "select")
      let i = typeof requested === "bigint" ? (requested < 0n ? -Infinity : Infinity) : requested
      if (i < 0) i = top + i
      else if (i > top) i = top
      if (!(i >= 1)) argError(st, 0, "select", "index out of range")
      return args.slice(i)
    },
    tonumber: (args) => [tonumber(st, args)],
    // Both also run without lists for `f(x)` sites (`withUnary`, runtime/call.ts).
    tostring: withUnary(
      (args) => {
        checkAny(st, args, 0, "tostring")
        return [tostring(st, args[0])]
      },
      (x) => tostring(st, x),
    ),
    type: withUnary(
      (args) => {
        checkAny(st, args, 0, "type")
        return TYPE_RESULTS[typeName(args[0])]
      },
      (x) => typeName(x),
    ),
    print: (args) => {
      let line = ""
      for (let i = 0; i < args.length; i++) {
        if (i > 0) line += "\t"
        line += tostring(st, args[i])
      }
      const text = textFromBytesLossy(line)
      st.log(text)
      // The same line as a console block of the output (output.ts).
      st.output.console("log", text)
      return []
    },
  }
  for (const name in builtins) G.set(name, builtins[name])
  G.set("_G", G)
  G.set("_VERSION", "Lua 5.4")
  return { next, ipairs: ipairsIterator }
}

/**
 * `type(v)`'s result lists, one per type name, shared by every call: result lists are never
 * mutated by whoever receives them (runtime/call.ts), and `type` is called in the inner loop of
 * most serialisers and validators, where a fresh one-element array per call was a tenth of the
 * garbage.
 */
const TYPE_RESULTS: Readonly<Record<LuaTypeName, LuaValue[]>> = {
  nil: ["nil"],
  boolean: ["boolean"],
  number: ["number"],
  string: ["string"],
  table: ["table"],
  function: ["function"],
  userdata: ["userdata"],
}

/**
 * The value a protected call returns for an exception, or the exception rethrown when no program
 * may catch it (bounds, stops, internal errors).
 */
export function caught(st: LuaState, error: unknown): LuaValue {
  if (error instanceof LuaError) return error.value
  if (error instanceof InvalidTableKey) return error.message
  if (error instanceof HostStop) throw error
  if (error instanceof TableTooLarge) throw st.tableTooLarge()
  throw st.stackCheck(error)
}

/** `tonumber(v [, base])`. */
function tonumber(st: LuaState, args: LuaValue[]): LuaValue {
  if (args[1] === undefined) {
    checkAny(st, args, 0, "tonumber")
    return toNumber(args[0])
  }
  const base = checkInteger(st, args, 1, "tonumber")
  const v = args[0]
  if (typeof v !== "string") typeError(st, args, 0, "tonumber", "string")
  if (!(base >= 2 && base <= 36)) argError(st, 1, "tonumber", "base out of range")
  return parseInBase(v as string, Number(base))
}

/** `tonumber` with a base, as Lua's `luaB_tonumber`: optional spaces and sign, at least one digit, wrapping to 64 bits. */
function parseInBase(s: string, base: number): LuaValue {
  const m = /^[ \f\n\r\t\v]*([-+]?)([0-9a-zA-Z]+)[ \f\n\r\t\v]*$/.exec(s)
  if (m === null) return undefined
  let n = 0n
  const b = BigInt(base)
  for (const ch of m[2]!.toLowerCase()) {
    const d = parseInt(ch, 36)
    if (d >= base) return undefined
    n = BigInt.asUintN(64, n * b + BigInt(d))
  }
  return canonicalInteger(m[1] === "-" ? -n : n)
}

/** `pcall(f)` of a non-function; a nil that may come from a name no tool has says so (tool-names.ts). */
const notCallableMessage = (st: LuaState, f: LuaValue): string => {
  const message = LuaMessages.call(typeName(f), "")
  return f === undefined && st.lastUnknownToolRead !== undefined ? LuaMessages.callFromUnknownTool(message, st.lastUnknownToolRead) : message
}
