/**
 * What every compile function shares: the shapes of compiled code and the compile context.
 *
 * Compiled code is a tree of closures over a frame `R` (a host array, one per call):
 *
 * - an expression is `(R) => Value` (`Expr`);
 * - a statement is `(R) => Completion`: `undefined` to go on, or one of the signals `BREAK`,
 *   `CONTINUE`, `RETURN` (distinct objects compared by identity). The label of a pending
 *   break/continue is in `st.label` (null: the innermost loop), the value of a pending return in
 *   `st.returned`;
 * - code that contains `await` or `yield` is compiled a second way, as host generator functions
 *   (`RExpr`, `RStmt` in resumable.ts), which can suspend; only the nodes on the path to an
 *   `await` are compiled so — everything else inside an async function stays a plain closure.
 *
 * Captured variables live in cells (`{ v }`) so closures share them; `TDZ` marks a `let`,
 * `const` or `class` binding that has not been initialised yet.
 */

import type {
  AnonymousFunctionDeclaration,
  AnyNode as AcornNode,
  ArrowFunctionExpression,
  BlockStatement,
  Expression,
  FunctionDeclaration,
  FunctionExpression,
  MemberExpression,
  ModuleDeclaration,
  Node,
  Statement,
} from "acorn"
import type { ImportKind } from "../runtime/modules.js"
import type { JsState } from "../runtime/state.js"
import type { Value } from "../runtime/object.js"
import { type CompileError, compileErrorAt } from "../parse.js"
import { JsMessages } from "../messages.js"
import { forgetTrees, type FunctionInfo, type Resolution } from "./scope.js"
import type { DiagnosticKind } from "../../../protocol/diagnostic.js"

/**
 * A frame: one call's slots. A slot holds a binding's value, or, for a binding a closure
 * captures, its `Cell`; which one is decided at compile time (scope.ts), so each read says which
 * it expects.
 */
export type Frame = Array<Value | Cell>

/**
 * The nodes the compiler reads are acorn's own (its `AnyNode` union, narrowed by `type`), plus the
 * few it makes itself:
 *
 * - `ModuleImport` (modules.ts): what a hoisted `import` declaration initialises its bindings with;
 * - `MemberInitializer` (scope.ts): a class field's initialiser or a static block, compiled as a
 *   method with no parameters — a function expression whose body may be an expression.
 */
export interface ModuleImportNode extends Node {
  readonly type: "ModuleImport"
  readonly source: string
  readonly what: ImportKind
}
export interface MemberInitializer extends Omit<FunctionExpression, "body"> {
  body: BlockStatement | Expression
}
export type SyntaxNode = AcornNode | ModuleImportNode
export type FunctionNode = FunctionDeclaration | AnonymousFunctionDeclaration | FunctionExpression | ArrowFunctionExpression | MemberInitializer

/** The node types the handler tables are keyed by: acorn's own plus `ModuleImport`. */
export type ExpressionNode = Expression | ModuleImportNode

/** The name in `o.name` (acorn gives an Identifier there); "" for a computed or private key. */
export const propertyName = (node: MemberExpression): string => (node.property.type === "Identifier" ? node.property.name : "")
export type StatementNode = Statement | ModuleDeclaration

/**
 * An exhaustive table of compile functions, one per node type of the union `N`: a node type
 * added to acorn's unions, or forgotten, is a type error here rather than a run-time surprise.
 */
export type HandlerTable<N extends { readonly type: string }, Compiled, Extra extends unknown[] = []> = {
  readonly [K in N["type"]]: (node: Extract<N, { readonly type: K }>, ctx: CompileContext, ...extra: Extra) => Compiled
}

/**
 * The handler a table holds for a node, or undefined for a node type outside the table's union
 * (a partial table, or a node acorn produced that the union does not name). TypeScript cannot
 * relate a node to the handler its own `type` selects, so the lookup is typed here, once.
 */
export function handlerOf<N extends { readonly type: string }, Compiled, Extra extends unknown[]>(
  table: NoInfer<Partial<HandlerTable<N, Compiled, Extra>>>,
  node: N,
): ((node: N, ctx: CompileContext, ...extra: Extra) => Compiled) | undefined {
  return (table as Readonly<Record<string, ((node: N, ctx: CompileContext, ...extra: Extra) => Compiled) | undefined>>)[node.type]
}

export interface Cell {
  v: Value
}

export type Expr = (R: Frame) => Value
export type Signal = { readonly signal: string }
export type Completion = Signal | undefined
export type Stmt = (R: Frame) => Completion

export const BREAK: Signal = { signal: "break" }
export const CONTINUE: Signal = { signal: "continue" }
export const RETURN: Signal = { signal: "return" }

/** The value of an uninitialised lexical binding. */
export const TDZ = Symbol("uninitialized") as unknown as Value

export class CompileContext {
  fn: FunctionInfo
  /** Labels that apply to the next loop compiled (from `label: for (...)`). */
  pendingLabels: string[] = []
  /** Compiling inside an optional chain (links may return SHORT). */
  inChain = false
  /** The program's top-level expression statements: their value is the program's completion. */
  readonly topLevelExpressions = new Set<Node>()

  resolution: Resolution
  source: string

  constructor(
    readonly st: JsState,
    resolution: Resolution,
    source: string,
    main: FunctionInfo,
  ) {
    this.fn = main
    this.resolution = resolution
    this.source = source
  }

  /**
   * Lets go of the tree and the source once the program has compiled: compiled closures may still
   * reach this object through the scopes V8 shares among closures, and through it the whole syntax
   * tree would live as long as the cached program (the Lua engine's CompileContext says why; a
   * 120-character program kept its tree beside its closures, 20 KB in all). Emptied, it leads nowhere.
   */
  retire(): void {
    forgetTrees(this.resolution)
    this.fn = undefined as never
    this.resolution = undefined as never
    this.source = undefined as never
    this.pendingLabels = []
    this.topLevelExpressions.clear()
  }

  line(node: Node): number {
    return node.loc?.start.line ?? 0
  }

  /** True when the node contains an `await` or `yield` of the current function. */
  suspends(node: Node): boolean {
    return this.resolution.suspending.has(node)
  }

  error(node: Node, message: string, kind: DiagnosticKind = "UnsupportedSyntax"): CompileError {
    return compileErrorAt(kind, node.loc?.start.line ?? 1, (node.loc?.start.column ?? 0) + 1, message)
  }

  /** A node where the grammar allows none of its kind (`super.#x`): a bug here or in the parser. */
  unexpected(node: Node): CompileError {
    return this.error(node, JsMessages.internalError(`unexpected ${node.type}`), "ExecutionFailure")
  }
}
