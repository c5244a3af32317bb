/**
 * Scope resolution: which declaration each name refers to, and where it lives at run time.
 *
 * A first pass over the syntax tree, before any closure is built, because how a local is stored
 * depends on something only the rest of its scope can tell: whether an inner function captures
 * it. So this pass walks the whole program once with Lua's scoping rules and decides:
 *
 * - every local (parameter, `local`, loop variable) gets a **slot** in its function's frame — a
 *   plain JavaScript array `R`. Slots are reused once a block ends, so a frame is as small as the
 *   deepest set of simultaneously live locals.
 * - a local that some inner function captures is **boxed**: its slot holds a cell `{ v }` made
 *   fresh each time the declaration runs (so each loop iteration gets its own upvalue), and every
 *   access reads `R[slot].v`. Locals nobody captures live in the slot directly.
 * - an **upvalue** (a local of an enclosing function) is a cell too. When a closure is created it
 *   collects the cells it needs from the creating frame; each call copies them into fixed slots of
 *   its own frame, after the locals, so an upvalue reads exactly like a captured local:
 *   `R[slot].v`. A function nested two levels deep captures through the function between, which
 *   lists the same cell among its own upvalues.
 * - the **varargs** of a vararg function sit in one slot after the upvalues.
 * - any other name is a **global**: a lookup by name in the program's `_G` table.
 *
 * Frame layout: `[ locals (params first) | upvalue cells | varargs ]`.
 *
 * The pass also reports the compile errors that depend on scopes: assignment to a `<const>`
 * local and `...` outside a vararg function.
 */

import type {
  Chunk,
  Expression,
  FunctionDeclaration,
  Identifier,
  Statement,
  TableKey,
  TableKeyString,
  TableValue,
} from "luaparse"
import { LuaMessages } from "../messages.js"
import { compileErrorAt } from "../parse.js"

export interface Binding {
  readonly name: string
  readonly slot: number
  /** Some inner function refers to it: it lives in a cell. */
  captured: boolean
  readonly constant: boolean
  readonly fn: FunctionInfo
  /**
   * For a `<const>` local initialized with a literal: Lua 5.4 folds it into a compile-time
   * constant, and its error messages then name the value (`constant 'abc'`) instead of the local.
   */
  literal?: Expression
}

export interface Upvalue {
  readonly binding: Binding
  /** The slot, in the frame of the function that creates the closure, holding the cell. */
  readonly sourceSlot: () => number
}

export class FunctionInfo {
  /** Slots used by locals (the most live at once). */
  localSlots = 0
  readonly upvalues: Upvalue[] = []
  readonly params: Binding[] = []
  isVararg = false

  constructor(
    /** The function's tree; let go by `forgetTrees` once its program has compiled. */
    public node: FunctionDeclaration | Chunk,
    readonly parent: FunctionInfo | null,
  ) {}

  upvalueSlot(index: number): number {
    return this.localSlots + index
  }

  get varargSlot(): number {
    return this.localSlots + this.upvalues.length
  }

  get frameSize(): number {
    return this.localSlots + this.upvalues.length + (this.isVararg ? 1 : 0)
  }
}

/** Where a name resolves: a slot of the current frame (value or cell), or a global. */
export type VariableRef =
  | { readonly kind: "local"; readonly binding: Binding }
  | { readonly kind: "upvalue"; readonly binding: Binding; readonly fn: FunctionInfo; readonly index: number }
  | { readonly kind: "global"; readonly name: string }

export interface Resolution {
  readonly functions: Map<FunctionDeclaration | Chunk, FunctionInfo>
  /** Every identifier that is a use of a name. */
  readonly references: Map<Identifier, VariableRef>
  /** Every identifier that declares a local. */
  readonly declarations: Map<Identifier, Binding>
}

/**
 * Lets go of the syntax trees the resolution's records point into. Compiled closures keep some
 * of those records (a `Binding` for its slot, through it a `FunctionInfo`), and through them the
 * whole tree would live as long as the program (CompileContext, context.ts).
 */
export function forgetTrees(resolution: Resolution): void {
  for (const info of resolution.functions.values()) info.node = undefined as never
  for (const binding of resolution.declarations.values()) binding.literal = undefined
  // Keyed by the tree's nodes, and reachable from every upvalue's `sourceSlot`.
  resolution.functions.clear()
  resolution.references.clear()
  resolution.declarations.clear()
}

/**
 * An upvalue's `sourceSlot`, made out here rather than inside `resolveScopes`: a closure made
 * there would keep the resolver's whole scope, and with it the syntax tree, as long as the
 * compiled program keeps the upvalue.
 */
const slotOfLocal = (binding: Binding) => (): number => binding.slot
const slotOfUpvalue = (fn: FunctionInfo, index: number) => (): number => fn.upvalueSlot(index)

/** The slot a reference reads in the current frame (not for globals). */
export const slotOf = (ref: VariableRef): number =>
  ref.kind === "local" ? ref.binding.slot : ref.kind === "upvalue" ? ref.fn.upvalueSlot(ref.index) : -1

/** True when the reference's slot holds a cell rather than the value. */
export const isBoxed = (ref: VariableRef): boolean => ref.kind === "upvalue" || (ref.kind === "local" && ref.binding.captured)

interface Block {
  readonly names: Map<string, Binding>
  readonly parent: Block | null
  readonly fn: FunctionInfo
  readonly firstSlot: number
}

const isLiteral = (e: Expression): boolean =>
  e.type === "StringLiteral" || e.type === "NumericLiteral" || e.type === "BooleanLiteral" || e.type === "NilLiteral"

type Ranged = { range?: [number, number]; loc?: { start: { line: number } } }

export function resolveScopes(chunk: Chunk, bytes: string, constants: ReadonlySet<number>): Resolution {
  const resolution: Resolution = { functions: new Map(), references: new Map(), declarations: new Map() }
  let fn = new FunctionInfo(chunk, null)
  fn.isVararg = true
  resolution.functions.set(chunk, fn)
  let block: Block = { names: new Map(), parent: null, fn, firstSlot: 0 }
  let nextSlot = 0

  const fail = (node: Ranged, message: string): never => {
    throw compileErrorAt("ParseError", bytes, node.range?.[0] ?? 0, node.loc?.start.line ?? 1, message)
  }

  const enterBlock = (): void => {
    block = { names: new Map(), parent: block, fn, firstSlot: nextSlot }
  }
  const leaveBlock = (): void => {
    nextSlot = block.firstSlot
    block = block.parent!
  }
  const declare = (id: Identifier): Binding => {
    const offset = (id as Ranged).range?.[0] ?? -1
    const binding: Binding = { name: id.name, slot: nextSlot++, captured: false, constant: constants.has(offset), fn }
    if (nextSlot > fn.localSlots) fn.localSlots = nextSlot
    block.names.set(id.name, binding)
    resolution.declarations.set(id, binding)
    return binding
  }

  /** The index of `binding` among `target`'s upvalues, adding it (and to every function between). */
  const capture = (target: FunctionInfo, binding: Binding): number => {
    const existing = target.upvalues.findIndex((u) => u.binding === binding)
    if (existing >= 0) return existing
    const parent = target.parent!
    const sourceSlot = parent === binding.fn ? slotOfLocal(binding) : slotOfUpvalue(parent, capture(parent, binding))
    target.upvalues.push({ binding, sourceSlot })
    return target.upvalues.length - 1
  }

  const lookup = (id: Identifier): VariableRef => {
    for (let b: Block | null = block; b !== null; b = b.parent) {
      const binding = b.names.get(id.name)
      if (binding === undefined) continue
      if (binding.fn === fn) return { kind: "local", binding }
      binding.captured = true
      return { kind: "upvalue", binding, fn, index: capture(fn, binding) }
    }
    return { kind: "global", name: id.name }
  }

  const use = (id: Identifier): void => {
    resolution.references.set(id, lookup(id))
  }

  const assignTo = (id: Identifier): void => {
    const ref = lookup(id)
    if (ref.kind !== "global" && ref.binding.constant) fail(id, LuaMessages.constAssignment(id.name))
    resolution.references.set(id, ref)
  }

  const body = (statements: Statement[]): void => {
    for (const s of statements) statement(s)
  }
  const scopedBody = (statements: Statement[]): void => {
    enterBlock()
    body(statements)
    leaveBlock()
  }

  const functionBody = (node: FunctionDeclaration, self: boolean): void => {
    const outerFn = fn
    const outerBlock = block
    const outerNext = nextSlot
    fn = new FunctionInfo(node, outerFn)
    resolution.functions.set(node, fn)
    block = { names: new Map(), parent: outerBlock, fn, firstSlot: 0 }
    nextSlot = 0
    if (self) fn.params.push(declare({ type: "Identifier", name: "self" }))
    for (const p of node.parameters) {
      if (p.type === "VarargLiteral") fn.isVararg = true
      else fn.params.push(declare(p))
    }
    body(node.body)
    fn = outerFn
    block = outerBlock
    nextSlot = outerNext
  }

  const expressions = (list: Expression[]): void => {
    for (const e of list) expression(e)
  }

  function expression(e: Expression): void {
    switch (e.type) {
      case "Identifier":
        return use(e)
      case "StringLiteral":
      case "NumericLiteral":
      case "BooleanLiteral":
      case "NilLiteral":
        return
      case "VarargLiteral":
        if (!fn.isVararg) fail(e, LuaMessages.varargOutsideVararg())
        return
      case "FunctionDeclaration":
        return functionBody(e, false)
      case "TableConstructorExpression":
        for (const field of e.fields as Array<TableKey | TableKeyString | TableValue>) {
          if (field.type === "TableKey") expression(field.key)
          expression(field.value)
        }
        return
      case "BinaryExpression":
      case "LogicalExpression":
        expression(e.left)
        return expression(e.right)
      case "UnaryExpression":
        return expression(e.argument)
      case "MemberExpression":
        return expression(e.base)
      case "IndexExpression":
        expression(e.base)
        return expression(e.index)
      case "CallExpression":
        expression(e.base)
        return expressions(e.arguments)
      case "TableCallExpression":
        expression(e.base)
        return expression(e.arguments)
      case "StringCallExpression":
        expression(e.base)
        return expression(e.argument)
    }
  }

  function assignmentTarget(target: Expression): void {
    if (target.type === "Identifier") assignTo(target)
    else expression(target)
  }

  function statement(s: Statement): void {
    switch (s.type) {
      case "LocalStatement":
        expressions(s.init)
        s.variables.forEach((v, i) => {
          const binding = declare(v)
          const init = s.init[i]
          if (binding.constant && init !== undefined && isLiteral(init)) binding.literal = init
        })
        return
      case "AssignmentStatement":
        for (const v of s.variables) assignmentTarget(v)
        return expressions(s.init)
      case "CallStatement":
        return expression(s.expression)
      case "FunctionDeclaration":
        if (s.identifier === null) return functionBody(s, false)
        if (s.isLocal) {
          declare(s.identifier as Identifier)
          return functionBody(s, false)
        }
        assignmentTarget(s.identifier)
        return functionBody(s, s.identifier.type === "MemberExpression" && s.identifier.indexer === ":")
      case "ReturnStatement":
        return expressions(s.arguments)
      case "IfStatement":
        for (const clause of s.clauses) {
          if (clause.type !== "ElseClause") expression(clause.condition)
          scopedBody(clause.body)
        }
        return
      case "WhileStatement":
        expression(s.condition)
        return scopedBody(s.body)
      case "DoStatement":
        return scopedBody(s.body)
      case "RepeatStatement":
        // The condition sees the body's locals.
        enterBlock()
        body(s.body)
        expression(s.condition)
        return leaveBlock()
      case "ForNumericStatement":
        expression(s.start)
        expression(s.end)
        if (s.step !== null) expression(s.step)
        enterBlock()
        declare(s.variable)
        body(s.body)
        return leaveBlock()
      case "ForGenericStatement":
        expressions(s.iterators)
        enterBlock()
        for (const v of s.variables) declare(v)
        body(s.body)
        return leaveBlock()
      case "LabelStatement":
      case "GotoStatement":
      case "BreakStatement":
        return
    }
  }

  body(chunk.body)
  return resolution
}
