/**
 * Scope resolution: which declaration each name refers to, and where it lives at run time.
 *
 * A first pass over the tree, before any closure is built, because how a binding is stored
 * depends on the rest of its scope (is it captured by an inner function?) and JavaScript hoists
 * (`var` and function declarations are visible before the line that declares them). For each
 * function the pass:
 *
 * - gives every binding — parameters, `var`s, `let`/`const`/`class`, function declarations,
 *   catch parameters, and the hidden `this`, `new.target` and `%func` of non-arrow functions —
 *   its own **slot** in the function's frame (slots are not reused; frames stay small anyway);
 * - marks a binding **captured** when an inner function refers to it: it then lives in a cell
 *   `{ v }`, made fresh each time its scope is entered (so each loop iteration of a `let` gets its
 *   own), and inner functions copy the cell into their own frame when they are created —
 *   **upvalues**, after the function's own slots: `[ own slots | upvalue cells ]`;
 * - decides which reads need a **TDZ check** (a `let` read from an inner function, or before its
 *   declaration in the source, or inside a `switch`);
 * - records which nodes **suspend** (contain an `await` or `yield` of their function), so the
 *   compiler builds resumable code for exactly those.
 *
 * Any other name is a global: a property of the program's global object.
 */

import type {
  BlockStatement,
  Expression,
  FunctionDeclaration,
  Identifier,
  ModuleDeclaration,
  Node,
  Pattern,
  Program,
  Statement,
  VariableDeclaration,
} from "acorn"
import type { FunctionNode, MemberInitializer, SyntaxNode } from "./context.js"

/**
 * How a binding was declared. A declaration's own kind comes as acorn gives it, `using` included
 * (read like a `var` of its block for now: nothing treats it specially).
 */
export type BindingKind = VariableDeclaration["kind"] | "class" | "function" | "param" | "catch" | "internal"

export class Binding {
  captured = false
  /** Reads must check for TDZ (set per reference; see `needsTdzCheck`). */
  constructor(
    readonly name: string,
    readonly slot: number,
    readonly kind: BindingKind,
    readonly fn: FunctionInfo,
    /** Source offset after which the binding is certainly initialised (same function, same block). */
    readonly readyAt: number,
    readonly inSwitch: boolean,
  ) {}
  /**
   * A parameter of a function whose parameters are not all plain names: until its own turn comes
   * it is in TDZ (`function f(a = b, b)` throws a ReferenceError), like a `let`.
   */
  paramInTdz = false
  get lexical(): boolean {
    return this.kind === "let" || this.kind === "const" || this.kind === "class"
  }
  /** Whether the binding starts uninitialised (TDZ) and reads before its initialisation may throw. */
  get checked(): boolean {
    return this.paramInTdz || this.kind === "let" || this.kind === "const" || this.kind === "class"
  }
}

export interface Upvalue {
  readonly binding: Binding
  readonly sourceSlot: () => number
}

export class FunctionInfo {
  slots = 0
  readonly upvalues: Upvalue[] = []
  /** Hidden bindings of non-arrow functions. */
  thisBinding: Binding | null = null
  newTargetBinding: Binding | null = null
  funcBinding: Binding | null = null
  argumentsBinding: Binding | null = null
  /** `var` names and top-level function declarations of this function. */
  readonly vars = new Map<string, Binding>()
  readonly params: Node[] = []
  simpleParams = true

  constructor(
    /** The function's tree; let go by `forgetTrees` once its program has compiled. */
    public node: FunctionNode | Program,
    readonly parent: FunctionInfo | null,
    readonly arrow: boolean,
  ) {}

  /** An async generator's `return v` awaits `v`. */
  get asyncGenerator(): boolean {
    return this.node.type !== "Program" && this.node.async && this.node.generator
  }

  upvalueSlot(index: number): number {
    return this.slots + index
  }
  get frameSize(): number {
    return this.slots + this.upvalues.length
  }
}

export type Ref =
  | { readonly kind: "local"; readonly binding: Binding; readonly tdz: boolean }
  | { readonly kind: "upvalue"; readonly binding: Binding; readonly fn: FunctionInfo; readonly index: number; readonly tdz: boolean }
  | { readonly kind: "global"; readonly name: string }

/**
 * Lets go of the syntax tree the resolution's records point into, once the program has compiled.
 * Compiled closures keep some of those records (a `Binding` for its slot, through it a
 * `FunctionInfo`), and through them the whole tree would live as long as the cached program
 * (CompileContext, context.ts).
 */
export function forgetTrees(resolution: Resolution): void {
  for (const info of resolution.functions.values()) {
    info.node = undefined as never
    info.params.length = 0
  }
  for (const scope of resolution.scopes.values()) scope.functions.length = 0
  // Keyed by the tree's nodes, and reachable from every upvalue's `sourceSlot`.
  resolution.functions.clear()
  resolution.references.clear()
  resolution.declarations.clear()
  resolution.scopes.clear()
  resolution.suspending.clear()
  resolution.superReferences.clear()
  resolution.derivedConstructors.clear()
  resolution.initializers.clear()
}

/**
 * An upvalue's `sourceSlot`, made out here rather than inside `resolveScopes`: a closure made
 * there would keep the resolver's whole scope, and with it the syntax tree, as long as the
 * compiled program keeps the upvalue.
 */
const slotOfLocal = (binding: Binding) => (): number => binding.slot
const slotOfUpvalue = (fn: FunctionInfo, index: number) => (): number => fn.upvalueSlot(index)

export const slotOf = (ref: Ref): number => (ref.kind === "local" ? ref.binding.slot : ref.kind === "upvalue" ? ref.fn.upvalueSlot(ref.index) : -1)
export const isBoxed = (ref: Ref): boolean => ref.kind === "upvalue" || (ref.kind === "local" && ref.binding.captured)

/** A block scope: the bindings it declares (compile initialises them at entry). */
export interface Scope {
  readonly names: Map<string, Binding>
  readonly parent: Scope | null
  readonly fn: FunctionInfo
  readonly isSwitch: boolean
  /** Lexical bindings and block-level function declarations, in order. */
  readonly lexicals: Binding[]
  readonly functions: FunctionDeclaration[]
}

export interface Resolution {
  readonly functions: Map<Node, FunctionInfo>
  /** Identifier / ThisExpression / MetaProperty / Super node -> what it refers to. */
  readonly references: Map<Node, Ref>
  /** Declaring identifier -> binding. */
  readonly declarations: Map<Node, Binding>
  /** Block-like node (BlockStatement, Program, function body, for head, switch, catch) -> scope. */
  readonly scopes: Map<Node, Scope>
  readonly suspending: Set<Node>
  /** `super` node -> the `this` and `new.target` of the method it appears in. */
  readonly superReferences: Map<Node, { readonly thisRef: Ref; readonly newTargetRef: Ref }>
  /** Constructors of classes that extend another: their `this` starts in TDZ until `super()`. */
  readonly derivedConstructors: Set<Node>
  /**
   * Class member (field with an initialiser, static block) -> the function the compiler makes of
   * it: a field initialiser or a static block runs like a method with no parameters.
   */
  readonly initializers: Map<Node, MemberInitializer>
}

/** Whether a value found under a node's keys is itself a node (the generic walks visit only those). */
const isNode = (v: unknown): v is SyntaxNode => v !== null && typeof v === "object" && typeof (v as { type?: unknown }).type === "string"

/** The values under a node's own keys: child nodes, arrays of them, and plain data. */
const fieldsOf = (node: SyntaxNode): Record<string, unknown> => node as unknown as Record<string, unknown>

export function resolveScopes(program: Program): Resolution {
  const res: Resolution = {
    functions: new Map(),
    references: new Map(),
    declarations: new Map(),
    scopes: new Map(),
    suspending: new Set(),
    superReferences: new Map(),
    derivedConstructors: new Set(),
    initializers: new Map(),
  }
  let fn = new FunctionInfo(program, null, false)
  res.functions.set(program, fn)
  let scope: Scope = newScope(null, fn, false)
  /** Ancestors of the node being visited within the current function (for `suspending`). */
  let path: Node[] = []

  function newScope(parent: Scope | null, f: FunctionInfo, isSwitch: boolean): Scope {
    return { names: new Map(), parent, fn: f, isSwitch, lexicals: [], functions: [] }
  }

  const declareIn = (s: Scope, name: string, kind: BindingKind, readyAt: number, node: Node | null): Binding => {
    const existing = s.names.get(name)
    if (existing !== undefined && (kind === "var" || kind === "function" || kind === "param") && !existing.lexical) {
      if (node !== null) res.declarations.set(node, existing)
      return existing
    }
    const b = new Binding(name, s.fn.slots++, kind, s.fn, readyAt, s.isSwitch)
    s.names.set(name, b)
    if (node !== null) res.declarations.set(node, b)
    return b
  }

  const capture = (target: FunctionInfo, binding: Binding): number => {
    const existing = target.upvalues.findIndex((u) => u.binding === binding)
    if (existing >= 0) return existing
    const parent = target.parent!
    const sourceSlot = parent === binding.fn ? slotOfLocal(binding) : slotOfUpvalue(parent, capture(parent, binding))
    target.upvalues.push({ binding, sourceSlot })
    return target.upvalues.length - 1
  }

  const lookup = (name: string, at: number): Ref => {
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      const b = s.names.get(name)
      if (b === undefined) continue
      const derivedThis = name === "this" && res.derivedConstructors.has(b.fn.node)
      if (b.fn === fn) return { kind: "local", binding: b, tdz: derivedThis || (b.checked && (at < b.readyAt || b.inSwitch)) }
      b.captured = true
      return { kind: "upvalue", binding: b, fn, index: capture(fn, b), tdz: derivedThis || b.checked }
    }
    return { kind: "global", name }
  }

  const use = (node: Node, name: string): void => {
    res.references.set(node, lookup(name, node.start))
  }

  // -- Declarations collected ahead (hoisting) ----------------------------------------------

  /** `var` declarations (and nested-block function names in sloppy code: none, we are strict). */
  const hoistVars = (value: unknown, f: FunctionInfo, s: Scope): void => {
    if (value === null || typeof value !== "object") return
    if (Array.isArray(value)) {
      for (const n of value) hoistVars(n, f, s)
      return
    }
    if (!isNode(value)) return
    const node = value
    switch (node.type) {
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression":
      case "ClassDeclaration":
      case "ClassExpression":
        return
      case "VariableDeclaration":
        if (node.kind === "var") for (const d of node.declarations) for (const id of patternNames(d.id)) f.vars.set(id.name, declareIn(s, id.name, "var", 0, null))
        for (const d of node.declarations) if (d.init) hoistVars(d.init, f, s)
        return
    }
    const fields = fieldsOf(node)
    for (const k in fields) {
      if (k === "loc" || k === "type") continue
      const v = fields[k]
      if (v !== null && typeof v === "object") hoistVars(v, f, s)
    }
  }

  /** Lexical declarations directly in a statement list, declared in `s` before visiting it. */
  const declareLexicals = (statements: ReadonlyArray<Statement | ModuleDeclaration>, s: Scope): void => {
    for (const st of statements) {
      const d = st.type === "ExportNamedDeclaration" ? st.declaration : st
      if (d === null || d === undefined) continue
      if (d.type === "VariableDeclaration" && d.kind !== "var") {
        for (const decl of d.declarations) for (const id of patternNames(decl.id)) s.lexicals.push(declareIn(s, id.name, d.kind, decl.end, id))
      } else if (d.type === "ClassDeclaration") {
        s.lexicals.push(declareIn(s, d.id.name, "class", d.end, d.id))
      } else if (d.type === "FunctionDeclaration") {
        const b = s.parent === null || s === functionTopScope ? declareIn(s, d.id.name, "function", 0, d.id) : declareIn(s, d.id.name, "let", 0, d.id)
        if (s === functionTopScope) fn.vars.set(d.id.name, b)
        s.functions.push(d)
      }
    }
  }

  let functionTopScope: Scope = scope

  // -- The walk -----------------------------------------------------------------------------

  const visitFunction = (node: FunctionNode): void => {
    const outerFn = fn
    const outerScope = scope
    const outerTop = functionTopScope
    const outerPath = path
    const arrow = node.type === "ArrowFunctionExpression"
    fn = new FunctionInfo(node, outerFn, arrow)
    res.functions.set(node, fn)
    path = []
    // A named function expression sees its own name in a scope of its own.
    if (node.type === "FunctionExpression" && node.id) {
      scope = newScope(scope, fn, false)
      declareIn(scope, node.id.name, "const", 0, node.id)
    }
    scope = newScope(scope, fn, false)
    functionTopScope = scope
    res.scopes.set(node, scope)
    if (!arrow) {
      fn.thisBinding = declareIn(scope, "this", "internal", 0, null)
      fn.newTargetBinding = declareIn(scope, "new.target", "internal", 0, null)
      fn.funcBinding = declareIn(scope, "%func", "internal", 0, null)
    }
    for (const p of node.params) {
      fn.params.push(p)
      if (p.type !== "Identifier") fn.simpleParams = false
      for (const id of patternNames(p)) declareIn(scope, id.name, "param", p.end, id)
    }
    if (!fn.simpleParams) for (const p of node.params) for (const id of patternNames(p)) res.declarations.get(id)!.paramInTdz = true
    if (!arrow && usesArguments(node)) fn.argumentsBinding = declareIn(scope, "arguments", "internal", 0, null)
    for (const p of node.params) visitPattern(p)
    if (node.body.type === "BlockStatement") {
      hoistVars(node.body.body, fn, scope)
      declareLexicals(node.body.body, scope)
      res.scopes.set(node.body, scope)
      path = [node.body]
      for (const s of node.body.body) visit(s)
    } else {
      visit(node.body)
    }
    fn = outerFn
    scope = outerScope
    functionTopScope = outerTop
    path = outerPath
  }

  const visitPattern = (p: Pattern): void => {
    switch (p.type) {
      case "Identifier":
        return use(p, p.name)
      case "ObjectPattern":
        for (const prop of p.properties) {
          if (prop.type === "RestElement") visitPattern(prop.argument)
          else {
            if (prop.computed) visit(prop.key)
            visitPattern(prop.value)
          }
        }
        return
      case "ArrayPattern":
        for (const e of p.elements) if (e) visitPattern(e)
        return
      case "RestElement":
        return visitPattern(p.argument)
      case "AssignmentPattern":
        visitPattern(p.left)
        return visit(p.right)
      default:
        return visit(p)
    }
  }

  const visitBlock = (node: Node, statements: Statement[], isSwitch = false): void => {
    const outer = scope
    scope = newScope(scope, fn, isSwitch)
    res.scopes.set(node, scope)
    declareLexicals(statements, scope)
    for (const s of statements) visit(s)
    scope = outer
  }

  function visit(node: SyntaxNode | null | undefined): void {
    if (node === null || node === undefined) return
    path.push(node)
    visitNode(node)
    path.pop()
  }

  function visitNode(node: SyntaxNode): void {
    switch (node.type) {
      case "Identifier":
        return use(node, node.name)
      case "ThisExpression":
        return use(node, "this")
      case "Super":
        res.superReferences.set(node, { thisRef: lookup("this", node.start), newTargetRef: lookup("new.target", node.start) })
        return use(node, "%func")
      case "MetaProperty":
        return use(node, "new.target")
      case "AwaitExpression":
      case "YieldExpression":
        for (const n of path) res.suspending.add(n)
        if (node.argument) visit(node.argument)
        return
      case "ReturnStatement":
        // In an async generator, `return v` awaits `v`.
        if (node.argument && fn.asyncGenerator) for (const n of path) res.suspending.add(n)
        if (node.argument) visit(node.argument)
        return
      case "FunctionDeclaration":
      case "FunctionExpression":
      case "ArrowFunctionExpression":
        return visitFunction(node)
      case "ClassDeclaration":
      case "ClassExpression": {
        const outer = scope
        if (node.type === "ClassDeclaration" && node.id) use(node.id, node.id.name)
        scope = newScope(scope, fn, false)
        res.scopes.set(node, scope)
        if (node.id) declareIn(scope, node.id.name, "const", 0, node.type === "ClassExpression" ? node.id : null)
        // Private names are hidden bindings of the class scope (see private.ts).
        for (const m of node.body.body) {
          if (m.type !== "StaticBlock" && m.key.type === "PrivateIdentifier" && !scope.names.has(`#${m.key.name}`)) declareIn(scope, `#${m.key.name}`, "internal", 0, m.key)
        }
        if (node.superClass) visit(node.superClass)
        for (const m of node.body.body) {
          if (m.type === "MethodDefinition" && m.kind === "constructor" && node.superClass) res.derivedConstructors.add(m.value)
          if (m.type === "StaticBlock") {
            // A static block runs like a static method with no parameters.
            const body: BlockStatement = { type: "BlockStatement", body: m.body, start: m.start, end: m.end, loc: m.loc }
            const initializer = memberInitializer(m, body)
            res.initializers.set(m, initializer)
            visitFunction(initializer)
            continue
          }
          if (m.computed) visit(m.key)
          if (m.value) {
            if (m.type === "PropertyDefinition") {
              const initializer = memberInitializer(m, m.value)
              res.initializers.set(m, initializer)
              visitFunction(initializer)
            }
            else visit(m.value)
          }
        }
        scope = outer
        return
      }
      case "PropertyDefinition":
        return
      case "BlockStatement":
        return visitBlock(node, node.body)
      case "StaticBlock":
        return visitBlock(node, node.body)
      case "SwitchStatement":
        visit(node.discriminant)
        {
          const outer = scope
          scope = newScope(scope, fn, true)
          res.scopes.set(node, scope)
          const all = node.cases.flatMap((c) => c.consequent)
          declareLexicals(all, scope)
          for (const c of node.cases) {
            path.push(c)
            if (c.test) visit(c.test)
            for (const s of c.consequent) visit(s)
            path.pop()
          }
          scope = outer
        }
        return
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement": {
        // `for await` awaits every step: it suspends like an `await`.
        if (node.type === "ForOfStatement" && node.await) for (const n of path) res.suspending.add(n)
        const outer = scope
        scope = newScope(scope, fn, false)
        res.scopes.set(node, scope)
        const head = node.type === "ForStatement" ? node.init : node.left
        const lexicalHead = head && head.type === "VariableDeclaration" && head.kind !== "var"
        if (lexicalHead) declareLexicals([head], scope)
        if (node.type === "ForStatement") {
          visit(node.init)
          visit(node.test)
          visit(node.update)
        } else visit(node.left)
        if (lexicalHead && node.type !== "ForStatement") {
          // `for (let x of [x])`: the source runs in a scope of its own (kept under the head) where the head's names
          // exist but are never initialised (TDZ), not in the loop's.
          const loopScope = scope
          scope = newScope(outer, fn, false)
          res.scopes.set(head, scope)
          for (const id of patternNames(head.declarations[0].id)) scope.lexicals.push(declareIn(scope, id.name, head.kind, Number.MAX_SAFE_INTEGER, null))
          visit(node.right)
          scope = loopScope
        } else if (node.type !== "ForStatement") visit(node.right)
        visit(node.body)
        scope = outer
        return
      }
      case "CatchClause": {
        const outer = scope
        scope = newScope(scope, fn, false)
        res.scopes.set(node, scope)
        if (node.param) {
          for (const id of patternNames(node.param)) declareIn(scope, id.name, "catch", 0, id)
          visitPattern(node.param)
        }
        visit(node.body)
        scope = outer
        return
      }
      case "VariableDeclaration":
        for (const d of node.declarations) {
          path.push(d)
          visitPattern(d.id)
          if (d.init) visit(d.init)
          path.pop()
        }
        return
      case "MemberExpression":
        visit(node.object)
        if (node.computed || node.property.type === "PrivateIdentifier") visit(node.property)
        return
      case "PrivateIdentifier":
        return use(node, `#${node.name}`)
      case "Property":
        if (node.computed) visit(node.key)
        if (node.shorthand && node.value.type === "Identifier") return use(node.value, node.value.name)
        return visit(node.value)
      case "LabeledStatement":
        return visit(node.body)
      case "BreakStatement":
      case "ContinueStatement":
        return
      case "AssignmentExpression":
        if (node.left.type === "Identifier") use(node.left, node.left.name)
        else if (node.left.type === "MemberExpression") visit(node.left)
        else visitPattern(node.left)
        return visit(node.right)
    }
    const fields = fieldsOf(node)
    for (const k in fields) {
      if (k === "loc" || k === "type" || k === "start" || k === "end") continue
      const v = fields[k]
      if (Array.isArray(v)) {
        for (const c of v) if (isNode(c)) visit(c)
      } else if (isNode(v)) visit(v)
    }
  }

  res.scopes.set(program, scope)
  fn.thisBinding = declareIn(scope, "this", "internal", 0, null)
  fn.newTargetBinding = declareIn(scope, "new.target", "internal", 0, null)
  fn.funcBinding = declareIn(scope, "%func", "internal", 0, null)
  hoistVars(program.body, fn, scope)
  declareLexicals(program.body, scope)
  for (const s of program.body) visit(s)
  return res
}

/** The function the compiler makes of a field initialiser or a static block (see `Resolution.initializers`). */
const memberInitializer = (member: Node, body: BlockStatement | Expression): MemberInitializer => ({
  type: "FunctionExpression",
  id: null,
  params: [],
  body,
  generator: false,
  expression: false,
  async: false,
  start: member.start,
  end: member.end,
  loc: member.loc,
})

/** The identifiers a binding pattern declares. */
export function patternNames(p: Pattern | null): Identifier[] {
  switch (p?.type) {
    case "Identifier":
      return [p]
    case "ObjectPattern":
      return p.properties.flatMap((q) => patternNames(q.type === "RestElement" ? q.argument : q.value))
    case "ArrayPattern":
      return p.elements.flatMap((e) => (e ? patternNames(e) : []))
    case "RestElement":
      return patternNames(p.argument)
    case "AssignmentPattern":
      return patternNames(p.left)
  }
  return []
}

/** Does a non-arrow function (or an arrow inside it) refer to `arguments`? */
function usesArguments(fnNode: FunctionNode): boolean {
  let found = false
  const walk = (value: unknown, top: boolean): void => {
    if (found || value === null || typeof value !== "object") return
    if (Array.isArray(value)) {
      for (const c of value) walk(c, top)
      return
    }
    if (!isNode(value)) return
    const n = value
    if (!top && (n.type === "FunctionDeclaration" || n.type === "FunctionExpression")) return
    if (n.type === "Identifier" && n.name === "arguments") {
      found = true
      return
    }
    const fields = fieldsOf(n)
    for (const k in fields) if (k !== "loc" && k !== "type") walk(fields[k], false)
  }
  walk(fnNode.params, false)
  walk(fnNode.body, false)
  return found
}
