/**
 * Indexing: `t.name`, `t[k]`, and the targets of assignments.
 *
 * The fast path is a table: `t.name` reads the table's hash directly (`getString`), `t[k]` goes
 * through `LuaTable.get`, which puts integer keys on the array part. Everything else takes
 * `indexOther`, out of line:
 *
 * - a string indexes the string library (`("x"):upper()`, `s.len`), as Lua's string metatable does;
 * - a `ToolReference` extends its path with a name (`tools.orders["lookup-by-id"]`); tools are
 *   read-only, and only names index them;
 * - anything else is Lua's "attempt to index a nil value (global 'x')" — or, when the nil is a
 *   global Code Mode leaves out on purpose (`os`, `debug`, ...), the message saying so.
 *
 * Stores check the key before the table sees it, so `t[nil] = 1` reports the statement's line.
 */

import { callUnknownTool } from "../runtime/host-calls.js"
import { formatDataPath } from "../../../protocol/data-path.js"
import type { Expression, IndexExpression, MemberExpression } from "luaparse"
import { LuaMessages } from "../messages.js"
import { absentReason } from "../stdlib/absent.js"
import { LuaTable, TableTooLarge, ToolReference, typeName, type LuaValue } from "../runtime/value.js"
import type { CompileContext, Expr, Frame, Runtime } from "./context.js"
import { compileExpression, describe, globalName } from "./expressions.js"
import { isBoxed, slotOf } from "./scope.js"

/** Builds the error for indexing a value that cannot be indexed (called with that value). */
export type IndexFailure = (value: LuaValue) => never

export function indexFailure(base: Expression, ctx: CompileContext, line: number, key?: string): IndexFailure {
  const info = describe(base, ctx)
  const global = globalName(base, ctx)
  const reason = global === undefined ? undefined : absentReason(global)
  // `tools.alpha.echo` where no namespace is called alpha: the host's UnknownTool, with "Did you mean".
  const basePath = key === undefined ? undefined : staticToolPath(base, ctx)
  const toolPath = basePath === undefined ? undefined : `${basePath}.${key}`
  const rt = ctx.rt
  return (value) => {
    if (value === undefined && reason !== undefined) rt.fail(line, LuaMessages.absent(global!, reason))
    if (value === undefined && toolPath !== undefined && rt.st.toolNames !== undefined) {
      rt.st.line = line
      callUnknownTool(rt.st, toolPath, line)
    }
    return rt.fail(line, LuaMessages.index(typeName(value), info))
  }
}

/** `tools.a.b` / `tools.a["b-c"]` with `tools` the global: the path "a.b"; otherwise undefined. */
export function staticToolPath(node: Expression, ctx: CompileContext): string | undefined {
  const keys: string[] = []
  let at: Expression = node
  for (;;) {
    if (at.type === "MemberExpression" && at.indexer === ".") {
      keys.unshift(at.identifier.name)
      at = at.base
    } else if (at.type === "IndexExpression" && at.index.type === "StringLiteral") {
      keys.unshift(at.index.value)
      at = at.base
    } else break
  }
  return keys.length > 0 && globalName(at, ctx) === "tools" ? keys.join(".") : undefined
}

/** `o[key]` for any `o` that is not a table. */
export function indexOther(rt: Runtime, o: LuaValue, key: LuaValue, line: number, fail: IndexFailure): LuaValue {
  if (typeof o === "string") return rt.strings.get(key)
  if (o instanceof ToolReference) return toolMember(rt, o, key, line)
  return fail(o)
}

/** `tools.a` + `b` -> `tools.a.b`; nil when the catalog has no such tool or namespace (tool-names.ts). */
export function toolMember(rt: Runtime, tool: ToolReference, key: LuaValue, line: number): ToolReference | undefined {
  if (typeof key !== "string") rt.fail(line, LuaMessages.toolBadKey(typeName(key)))
  const names = rt.st.toolNames
  if (names === undefined) return new ToolReference(tool.path === "" ? key : `${tool.path}.${key}`)
  const path = names.child(tool.path, key)
  if (path === undefined) {
    rt.st.lastUnknownToolRead = formatDataPath("tools", [...(tool.path === "" ? [] : tool.path.split(".")), key], "lua")
    return undefined
  }
  return new ToolReference(path)
}

export function compileMemberExpression(node: MemberExpression, ctx: CompileContext): Expr {
  const object = compileExpression(node.base, ctx)
  const line = ctx.line(node)
  const fail = indexFailure(node.base, ctx, line, node.identifier.name)
  return compileFieldRead(object, node.identifier.name, ctx, line, fail)
}

export function compileFieldRead(object: Expr, name: string, ctx: CompileContext, line: number, fail: IndexFailure): Expr {
  const rt = ctx.rt
  return function getField(R: Frame) {
    const o = object(R)
    if (o instanceof LuaTable) return o.getString(name)
    return indexOther(rt, o, name, line, fail)
  }
}

export function compileIndexExpression(node: IndexExpression, ctx: CompileContext): Expr {
  const object = compileExpression(node.base, ctx)
  const line = ctx.line(node)
  const fail = indexFailure(node.base, ctx, line, node.index.type === "StringLiteral" ? node.index.value : undefined)
  if (node.index.type === "StringLiteral") return compileFieldRead(object, node.index.value, ctx, line, fail)
  const key = compileExpression(node.index, ctx)
  const rt = ctx.rt
  return function getIndex(R: Frame) {
    const o = object(R)
    const k = key(R)
    if (o instanceof LuaTable) return o.get(k)
    return indexOther(rt, o, k, line, fail)
  }
}

// ---------------------------------------------------------------------------------------------
// Stores

/** `o[k] = v` once `o` and `k` are known. */
export type Store = (R: Frame, o: LuaValue, k: LuaValue, v: LuaValue) => void

/** An assignment target: what to evaluate before the right-hand side, and how to store. */
export interface AssignmentTarget {
  /** The table expression of `t.x` / `t[k]` (evaluated before the values), or null for a name. */
  readonly object: Expr | null
  /** The key expression of `t[k]`, or null. */
  readonly key: Expr | null
  readonly store: Store
}

export function compileAssignmentTarget(node: Expression, ctx: CompileContext): AssignmentTarget {
  const line = ctx.line(node)
  if (node.type === "Identifier") {
    const ref = ctx.resolution.references.get(node)!
    if (ref.kind === "global") {
      const rt = ctx.rt
      const name = node.name
      return { object: null, key: null, store: (_R, _o, _k, v) => rt.G.set(name, v) }
    }
    const slot = slotOf(ref)
    const store: Store = isBoxed(ref)
      ? (R, _o, _k, v) => {
          R[slot].v = v
        }
      : (R, _o, _k, v) => {
          R[slot] = v
        }
    return { object: null, key: null, store }
  }
  if (node.type === "MemberExpression") {
    const name = node.identifier.name
    const setField = storeInto(ctx, line, indexFailure(node.base, ctx, line))
    return { object: compileExpression(node.base, ctx), key: null, store: (_R, o, _k, v) => setField(o, name, v) }
  }
  if (node.type === "IndexExpression") {
    const setIndex = storeInto(ctx, line, indexFailure(node.base, ctx, line))
    return {
      object: compileExpression(node.base, ctx),
      key: compileExpression(node.index, ctx),
      store: (_R, o, k, v) => setIndex(o, k, v),
    }
  }
  throw ctx.compileError(node, "cannot assign to this expression")
}

/** `o[k] = v` with Lua's checks: a table and a valid key, else the error at `line`. */
export function storeInto(
  ctx: CompileContext,
  line: number,
  fail: IndexFailure,
): (o: LuaValue, k: LuaValue, v: LuaValue) => void {
  const rt = ctx.rt
  return function setIndex(o, k, v) {
    if (o instanceof LuaTable) {
      if (k === undefined) rt.fail(line, LuaMessages.tableIndexNil())
      if (k !== k) rt.fail(line, LuaMessages.tableIndexNaN())
      try {
        o.set(k, v)
      } catch (error) {
        throw error instanceof TableTooLarge ? rt.st.tableTooLarge(line) : error
      }
      return
    }
    if (o instanceof ToolReference) rt.fail(line, LuaMessages.toolsReadOnly(o.path))
    fail(o)
  }
}
