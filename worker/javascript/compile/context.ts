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

import type { Node } from "acorn"
import type { JsState } from "../runtime/state.js"
import type { Value } from "../runtime/object.js"
import { CompileError, compileErrorAt } from "../parse.js"
import type { FunctionInfo, Resolution } from "./scope.js"
import type { DiagnosticKind } from "../../../protocol/diagnostic.js"

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Frame = any[]
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyNode = any

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

  constructor(
    readonly st: JsState,
    readonly resolution: Resolution,
    readonly source: string,
    main: FunctionInfo,
  ) {
    this.fn = main
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
}
