/**
 * Call expressions: `f(a, b)`, `f{...}`, `f"..."`, `obj:m(...)`, in every position.
 *
 * A call site evaluates the callee, then the arguments (left to right, the last one open-ended
 * when it is itself a call or `...`), then calls. When the callee is a function — a compiled Lua
 * function or a builtin, which share one convention — it goes through `invoke` (fuel, depth,
 * line, tail-call loop). Anything else goes through `callOther`: a `ToolReference` calls the host,
 * and the rest is Lua's "attempt to call a nil value (global 'f')" — or, for a global Code Mode
 * leaves out on purpose, the message that says so.
 *
 * Each call site compiles to one of three closures: the result list (multi-value positions and
 * call statements), the first result (everywhere else), or — for `return f(x)` — a tail call,
 * which hands the callee and arguments to the caller's `invoke` loop through the state instead of
 * calling (`TAIL_CALL`), so tail recursion runs in constant stack and depth.
 */

import type { Expression, MemberExpression } from "luaparse"
import { LuaMessages, variableInfo } from "../messages.js"
import { absentReason } from "../stdlib/absent.js"
import { callTool, callUnknownTool } from "../runtime/host-calls.js"
import { invoke, invokeDirect, invokeDirectFirst, invokeFirst, isDirect, type CallSite, type DirectFunction } from "../runtime/call.js"
import { TAIL_CALL } from "../runtime/state.js"
import { LuaTable, NO_VALUES, ToolReference, typeName, type LuaFunction, type LuaValue } from "../runtime/value.js"
import type { CompileContext, Expr, Frame, MultiExpr } from "./context.js"
import { compileExpression, compileListToArray, compileValueList, describe, globalName, type CallNode } from "./expressions.js"
import { indexFailure, indexOther, staticToolPath } from "./indexing.js"
import { compileNamedCallFirst, firstWithOne } from "./named.js"

export type CallOther = (f: LuaValue, args: LuaValue[]) => LuaValue[]

/** What every shape of call site needs, compiled once. */
interface CallParts {
  /** For a plain call: the callee. */
  readonly callee: Expr | null
  /** For a method call `obj:m(...)`: the object and a lookup of `m` on it. */
  readonly method: ((o: LuaValue) => LuaValue) | null
  readonly object: Expr | null
  readonly args: MultiExpr
  /** The fixed arguments when there are at most three and none is open-ended (fast paths). */
  readonly fixed: Expr[] | null
  /** The same for a method call (arguments after `self`). */
  readonly methodFixed: Expr[] | null
  readonly line: number
  readonly site: CallSite
  readonly other: CallOther
}

function argumentNodes(node: CallNode): Expression[] {
  if (node.type === "CallExpression") return node.arguments
  if (node.type === "TableCallExpression") return [node.arguments]
  return [node.argument]
}

function callParts(node: CallNode, ctx: CompileContext): CallParts {
  const line = ctx.line(node)
  const base = node.base
  const isMethod = base.type === "MemberExpression" && base.indexer === ":"
  const end = (node as { range?: [number, number] }).range?.[1] ?? -1
  let callee: Expr | null = null
  let object: Expr | null = null
  let method: ((o: LuaValue) => LuaValue) | null = null
  let info: string
  if (isMethod) {
    const member = base as MemberExpression
    const name = member.identifier.name
    object = compileExpression(member.base, ctx)
    const fail = indexFailure(member.base, ctx, line)
    const rt = ctx.rt
    method = (o) => (o instanceof LuaTable ? o.getString(name) : indexOther(rt, o, name, line, fail))
    info = variableInfo("method", name)
  } else {
    callee = compileExpression(base, ctx)
    info = describe(base, ctx)
  }
  const list = compileValueList(argumentNodes(node), ctx, end)
  const simple = list.rest === null && list.fixed.length <= 3
  const fixed = simple && !isMethod ? list.fixed : null
  const methodFixed = simple && isMethod ? list.fixed : null
  return {
    callee,
    method,
    object,
    args: compileListToArray(list),
    fixed,
    methodFixed,
    line,
    site: callSite(line, info, isMethod),
    other: compileCallOther(ctx, line, info, absentName(base, ctx), staticToolPath(base, ctx)),
  }
}

/** The call site `invoke` gets: its line, and the callee's name as Lua's error messages use it. */
export function callSite(line: number, info: string, method: boolean): CallSite {
  const name = /'(.*)'\)$/s.exec(info)
  return { line, name: name === null ? null : name[1]!, method }
}

/** The name of an absent feature this callee would be, if it is nil: `os`, `string.dump`, ... */
function absentName(base: Expression, ctx: CompileContext): string | undefined {
  const global = globalName(base, ctx)
  if (global !== undefined) return absentReason(global) === undefined ? undefined : global
  if (base.type === "MemberExpression" && base.indexer === ".") {
    const library = globalName(base.base, ctx)
    const path = `${library}.${base.identifier.name}`
    if (library !== undefined && absentReason(path) !== undefined) return path
  }
  return undefined
}

/**
 * Calls a value that is not a JavaScript function: a tool, or an error. A nil read from a name no
 * tool has, called in place (`tools.crm.send_email(x)`), is the host's `UnknownTool` with its "Did
 * you mean"; a nil kept from such a read and called later says what it may have been read from.
 */
export function compileCallOther(ctx: CompileContext, line: number, info: string, absent?: string, toolPath?: string): CallOther {
  const rt = ctx.rt
  return function callOtherValue(f, args) {
    if (f instanceof ToolReference) {
      rt.st.line = line
      return callTool(rt.st, f, args)
    }
    if (f === undefined && absent !== undefined) rt.fail(line, LuaMessages.absent(absent, absentReason(absent)!))
    const unknown = rt.st.lastUnknownToolRead
    if (f === undefined && unknown !== undefined) {
      if (toolPath !== undefined) {
        rt.st.line = line
        callUnknownTool(rt.st, toolPath, line)
      }
      return rt.fail(line, LuaMessages.callFromUnknownTool(LuaMessages.call(typeName(f), info), unknown))
    }
    return rt.fail(line, LuaMessages.call(typeName(f), info))
  }
}


/** The call's full result list. */
export function compileCallMulti(node: CallNode, ctx: CompileContext): MultiExpr {
  return compileCall(node, ctx, false) as MultiExpr
}

/** The call's first result (every single-value position). */
export function compileCallExpression(node: CallNode, ctx: CompileContext): Expr {
  return compileCall(node, ctx, true) as Expr
}

/**
 * One call site, specialised by shape (method or not, number of fixed arguments) and by whether
 * it yields the result list or only the first result — so a call in an expression costs no
 * extra closure to pick its first value. With at most three fixed arguments (`self` included), a
 * callee marked `direct` gets them without an argument list (`invokeDirect`, runtime/call.ts).
 */
function compileCall(node: CallNode, ctx: CompileContext, first: boolean): MultiExpr | Expr {
  const { callee, method, object, args, fixed, methodFixed, site, other } = callParts(node, ctx)
  const rt = ctx.rt
  if (method !== null) {
    const o = object!
    if (methodFixed !== null && methodFixed.length <= 2) {
      const a = methodFixed[0]
      const b = methodFixed[1]
      if (first) {
        return function callMethodFirst(R: Frame) {
          const self = o(R)
          const f = method(self)
          const x = a === undefined ? undefined : a(R)
          const y = b === undefined ? undefined : b(R)
          if (typeof f === "function" && isDirect(f as LuaFunction)) return invokeDirectFirst(rt.st, f as DirectFunction, site, self, x, y)
          const list: LuaValue[] = a === undefined ? [self] : b === undefined ? [self, x] : [self, x, y]
          if (typeof f === "function") return invokeFirst(rt.st, f as LuaFunction, list, site)
          return other(f, list)[0]
        }
      }
      return function callMethodSimple(R: Frame) {
        const self = o(R)
        const f = method(self)
        const x = a === undefined ? undefined : a(R)
        const y = b === undefined ? undefined : b(R)
        if (typeof f === "function" && isDirect(f as LuaFunction)) return invokeDirect(rt.st, f as DirectFunction, site, self, x, y)
        const list: LuaValue[] = a === undefined ? [self] : b === undefined ? [self, x] : [self, x, y]
        if (typeof f === "function") return invoke(rt.st, f as LuaFunction, list, site)
        return other(f, list)
      }
    }
    const call = function callMethod(R: Frame) {
      const self = o(R)
      const f = method(self)
      const more = args(R)
      const list = new Array<LuaValue>(more.length + 1)
      list[0] = self
      for (let i = 0; i < more.length; i++) list[i + 1] = more[i]
      if (typeof f === "function") return invoke(rt.st, f as LuaFunction, list, site)
      return other(f, list)
    }
    return first ? (R: Frame) => call(R)[0] : call
  }
  const fn = callee!
  if (fixed !== null && fixed.length === 0) {
    if (first) {
      return function callWithoutArgumentsFirst(R: Frame) {
        const f = fn(R)
        if (typeof f === "function") {
          if (isDirect(f as LuaFunction)) return invokeDirectFirst(rt.st, f as DirectFunction, site)
          return invokeFirst(rt.st, f as LuaFunction, NO_VALUES, site)
        }
        return other(f, NO_VALUES)[0]
      }
    }
    return function callWithoutArguments(R: Frame) {
      const f = fn(R)
      if (typeof f === "function") {
        if (isDirect(f as LuaFunction)) return invokeDirect(rt.st, f as DirectFunction, site)
        return invoke(rt.st, f as LuaFunction, NO_VALUES, site)
      }
      return other(f, NO_VALUES)
    }
  }
  if (first && fixed !== null) {
    const named = compileNamedCallFirst(node.base, argumentNodes(node), ctx, fixed, site, other)
    if (named !== null) return named
  }
  if (fixed !== null && fixed.length === 1) {
    const a = fixed[0]!
    if (first) {
      return function callWithOneArgumentFirst(R: Frame) {
        const f = fn(R)
        return firstWithOne(rt, f, site, other, a(R))
      }
    }
    return function callWithOneArgument(R: Frame) {
      const f = fn(R)
      const x = a(R)
      if (typeof f === "function" && isDirect(f as LuaFunction)) return invokeDirect(rt.st, f as DirectFunction, site, x)
      const list: LuaValue[] = [x]
      if (typeof f === "function") return invoke(rt.st, f as LuaFunction, list, site)
      return other(f, list)
    }
  }
  if (fixed !== null && fixed.length === 2) {
    const [a, b] = fixed as [Expr, Expr]
    if (first) {
      return function callWithTwoArgumentsFirst(R: Frame) {
        const f = fn(R)
        const x = a(R)
        const y = b(R)
        if (typeof f === "function" && isDirect(f as LuaFunction)) return invokeDirectFirst(rt.st, f as DirectFunction, site, x, y)
        const list: LuaValue[] = [x, y]
        if (typeof f === "function") return invokeFirst(rt.st, f as LuaFunction, list, site)
        return other(f, list)[0]
      }
    }
    return function callWithTwoArguments(R: Frame) {
      const f = fn(R)
      const x = a(R)
      const y = b(R)
      if (typeof f === "function" && isDirect(f as LuaFunction)) return invokeDirect(rt.st, f as DirectFunction, site, x, y)
      const list: LuaValue[] = [x, y]
      if (typeof f === "function") return invoke(rt.st, f as LuaFunction, list, site)
      return other(f, list)
    }
  }
  if (fixed !== null && fixed.length === 3) {
    const [a, b, c] = fixed as [Expr, Expr, Expr]
    if (first) {
      return function callWithThreeArgumentsFirst(R: Frame) {
        const f = fn(R)
        const x = a(R)
        const y = b(R)
        const z = c(R)
        if (typeof f === "function" && isDirect(f as LuaFunction)) return invokeDirectFirst(rt.st, f as DirectFunction, site, x, y, z)
        const list: LuaValue[] = [x, y, z]
        if (typeof f === "function") return invokeFirst(rt.st, f as LuaFunction, list, site)
        return other(f, list)[0]
      }
    }
    return function callWithThreeArguments(R: Frame) {
      const f = fn(R)
      const x = a(R)
      const y = b(R)
      const z = c(R)
      if (typeof f === "function" && isDirect(f as LuaFunction)) return invokeDirect(rt.st, f as DirectFunction, site, x, y, z)
      const list: LuaValue[] = [x, y, z]
      if (typeof f === "function") return invoke(rt.st, f as LuaFunction, list, site)
      return other(f, list)
    }
  }
  if (first) {
    return function callFirst(R: Frame) {
      const f = fn(R)
      const list = args(R)
      if (typeof f === "function") return invokeFirst(rt.st, f as LuaFunction, list, site)
      return other(f, list)[0]
    }
  }
  return function call(R: Frame) {
    const f = fn(R)
    const list = args(R)
    if (typeof f === "function") return invoke(rt.st, f as LuaFunction, list, site)
    return other(f, list)
  }
}

/** `return f(...)`: hands the call to the caller's `invoke` loop instead of making it. */
export function compileTailCall(node: CallNode, ctx: CompileContext): MultiExpr {
  const { callee, method, object, args, line, site, other } = callParts(node, ctx)
  const rt = ctx.rt
  if (method !== null) {
    return function tailCallMethod(R: Frame) {
      const o = object!(R)
      const f = method(o)
      const list: LuaValue[] = [o, ...args(R)]
      if (typeof f !== "function") return other(f, list)
      const st = rt.st
      st.tailFunction = f as LuaFunction
      st.tailArgs = list
      st.tailSite = site
      st.line = line
      return TAIL_CALL
    }
  }
  const fn = callee!
  return function tailCall(R: Frame) {
    const f = fn(R)
    const list = args(R)
    if (typeof f !== "function") return other(f, list)
    const st = rt.st
    st.tailFunction = f as LuaFunction
    st.tailArgs = list
    st.tailSite = site
    st.line = line
    return TAIL_CALL
  }
}
