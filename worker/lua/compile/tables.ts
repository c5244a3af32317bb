/**
 * Table constructors: `{}`, `{1, 2, 3}`, `{ id = 1, name = "x" }`, and everything mixed.
 *
 * The two common shapes skip the general `set` path: a list fills the array part in one go, a
 * record with distinct names builds the hash Map directly. The general case follows Lua's order:
 * fields are evaluated left to right, keyed fields are stored as they come, and positional items
 * are stored at the end (so `{[1] = "a", "b"}` has `"b"` at 1, as in real Lua). A final call or
 * `...` among the positional items contributes all its values.
 *
 * A list keeps nil items as holes inside its array part, which is what makes `#{1, nil, 3}` 3
 * here as in real Lua; trailing nils are dropped, since the array part never ends in nil.
 */

import type { Expression, TableConstructorExpression } from "luaparse"
import { LuaMessages } from "../messages.js"
import { LuaTable, TableTooLarge, type LuaKey, type LuaValue } from "../runtime/value.js"
import type { CompileContext, Expr, Frame, MultiExpr } from "./context.js"
import { compileExpression, compileMultiValue } from "./expressions.js"

export function compileTableConstructor(node: TableConstructorExpression, ctx: CompileContext): Expr {
  const max = ctx.bounds.maxTableEntries
  const fields = node.fields
  if (fields.length === 0) {
    return function emptyTable() {
      return new LuaTable(max)
    }
  }
  if (fields.every((f) => f.type === "TableValue")) return compileList(node, ctx)
  const names = fields.map((f) => (f.type === "TableKeyString" ? f.key.name : null))
  if (names.every((n) => n !== null) && new Set(names).size === names.length && names.length <= max) {
    return compileRecord(names as string[], fields.map((f) => compileExpression(f.value, ctx)), max)
  }
  return compileMixed(node, ctx)
}

/** The positional items as closures: single values, then possibly an open-ended last item. */
function positional(items: Expression[], ctx: CompileContext, node: TableConstructorExpression) {
  const end = (node as { range?: [number, number] }).range?.[1] ?? -1
  const last = items.length > 0 ? compileMultiValue(items[items.length - 1]!, ctx, end) : null
  const fixed = (last === null ? items : items.slice(0, -1)).map((e) => compileExpression(e, ctx))
  return { fixed, rest: last }
}

/** The array part from the item values: trailing nils dropped, size checked. */
function arrayOf(fixed: Expr[], rest: MultiExpr | null, R: Frame, max: number): LuaValue[] {
  const n = fixed.length
  const values = new Array<LuaValue>(n)
  for (let i = 0; i < n; i++) values[i] = fixed[i]!(R)
  if (rest !== null) {
    const more = rest(R)
    if (n + more.length > max) throw new TableTooLarge()
    for (let i = 0; i < more.length; i++) values.push(more[i])
  }
  let length = values.length
  while (length > 0 && values[length - 1] === undefined) length--
  if (length !== values.length) values.length = length
  if (length > max) throw new TableTooLarge()
  return values
}

function compileList(node: TableConstructorExpression, ctx: CompileContext): Expr {
  const max = ctx.bounds.maxTableEntries
  const { fixed, rest } = positional(
    node.fields.map((f) => f.value),
    ctx,
    node,
  )
  const rt = ctx.rt
  const line = ctx.line(node)
  return function listTable(R: Frame) {
    const t = new LuaTable(max)
    try {
      t.array = arrayOf(fixed, rest, R, max)
    } catch (error) {
      throw error instanceof TableTooLarge ? rt.st.tableTooLarge(line) : error
    }
    return t
  }
}

/**
 * `{ id = i, name = n }`: every table built here has the same keys in the same order, so they
 * share one key list (copied by a table only when it gains a key) and each gets just its values.
 * A nil value leaves its key as a tombstone, which reads and iterates as absent.
 */
function compileRecord(names: string[], values: Expr[], max: number): Expr {
  const n = names.length
  if (n > SMALL_RECORD) {
    return function largeRecordTable(R: Frame) {
      const t = new LuaTable(max)
      const hash = new Map<LuaKey, LuaValue>()
      for (let i = 0; i < n; i++) {
        const v = values[i]!(R)
        if (v !== undefined) hash.set(names[i]!, v)
      }
      t.hash = hash
      return t
    }
  }
  const keys: LuaKey[] = names
  return function recordTable(R: Frame) {
    const t = new LuaTable(max)
    const vs = new Array<LuaValue>(n)
    for (let i = 0; i < n; i++) vs[i] = values[i]!(R)
    t.keys = keys
    t.values = vs
    t.sharedKeys = true
    return t
  }
}

const constantKey =
  (name: string): Expr =>
  () =>
    name

/** Records with more fields than this get a Map at once (LuaTable's small form holds 8). */
const SMALL_RECORD = 8

function compileMixed(node: TableConstructorExpression, ctx: CompileContext): Expr {
  const max = ctx.bounds.maxTableEntries
  const items: Expression[] = []
  const keyed: Array<{ key: Expr; value: Expr; at: number }> = []
  let onlyStringKeys = true
  // A loop, not a `forEach` arrow: an arrow using `items` would put the tree's items in the scope
  // the table's closures keep (CompileContext, context.ts).
  for (const f of node.fields) {
    if (f.type === "TableValue") {
      items.push(f.value)
    } else if (f.type === "TableKeyString") {
      keyed.push({ key: constantKey(f.key.name), value: compileExpression(f.value, ctx), at: items.length })
    } else {
      if (f.key.type !== "StringLiteral") onlyStringKeys = false
      keyed.push({ key: compileExpression(f.key, ctx), value: compileExpression(f.value, ctx), at: items.length })
    }
  }
  const { fixed, rest } = positional(items, ctx, node)
  const line = ctx.line(node)
  const rt = ctx.rt
  // Keyed fields interleave with positional items in evaluation order: `at` is how many items
  // precede each keyed field.
  const build = function mixedTableParts(R: Frame): LuaTable {
    const t = new LuaTable(max)
    const values: LuaValue[] = []
    let next = 0
    for (const field of keyed) {
      while (next < field.at && next < fixed.length) values.push(fixed[next++]!(R))
      const k = field.key(R)
      if (k === undefined) rt.fail(line, LuaMessages.tableIndexNil())
      if (k !== k) rt.fail(line, LuaMessages.tableIndexNaN())
      t.set(k, field.value(R))
    }
    const remaining = fixed.slice(next)
    const array = arrayOf(remaining, rest, R, max)
    for (let i = 0; i < array.length; i++) values.push(array[i])
    if (values.length === 0) return t
    if (onlyStringKeys && t.array.length === 0) {
      let length = values.length
      while (length > 0 && values[length - 1] === undefined) length--
      values.length = length
      if (length > max) throw new TableTooLarge()
      t.array = values
    } else {
      for (let i = 0; i < values.length; i++) if (values[i] !== undefined) t.setInteger(i + 1, values[i])
    }
    return t
  }
  return function mixedTable(R: Frame) {
    try {
      return build(R)
    } catch (error) {
      throw error instanceof TableTooLarge ? rt.st.tableTooLarge(line) : error
    }
  }
}
