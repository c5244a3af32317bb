/**
 * What every compile function shares: the shapes of compiled code and the compile context.
 *
 * Compiled code is a tree of closures over a frame `R` (a JavaScript array, one per call):
 *
 * - an expression is `(R) => LuaValue` (`Expr`); in a multi-value position (last argument, last
 *   table item, return list, end of an explist) it is `(R) => LuaValue[]` (`MultiExpr`);
 * - a condition is `(R) => boolean` (`Test`), so `if a < b` never boxes a Lua boolean;
 * - a statement is `(R) => Completion`: `undefined` to go on, or an array that unwinds — the
 *   results of a `return` (`TAIL_CALL` included), or one of the `BREAK` / `GOTO` markers, which
 *   are distinct empty arrays compared by identity. Loops catch `BREAK`, blocks with labels catch
 *   `GOTO` (the target is in `st.gotoLabel`), a function body returns whatever array is left.
 *
 * Two objects accompany compilation. `CompileContext` is compile-time only: the scope resolution,
 * the current function and labels, the source bytes; it is emptied when the program's first run
 * ends (a function that turns hot compiles again during that run, runtime/hot.ts). `Runtime` is what
 * closures keep: the execution's state `st`, the globals, the string library and the iterators
 * generic `for` recognises — rebound for each execution, so a compiled program can run again.
 */

import type { BinaryExpression, Node } from "luaparse"
import type { DiagnosticKind } from "../../../protocol/diagnostic.js"
import type { LuaState } from "../runtime/state.js"
import type { Bounds } from "../../../protocol/bounds.js"
import { LuaError, type LuaFunction, type LuaKey, type LuaTable, type LuaValue } from "../runtime/value.js"
import { compileErrorAt, type CompileError } from "../parse.js"
import { forgetTrees, type FunctionInfo, type Resolution } from "./scope.js"

/** A call frame. Slots hold values, cells (`Cell`) or the varargs array, as scope.ts assigns them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Frame = any[]

export interface Cell {
  v: LuaValue
}

export type Expr = (R: Frame) => LuaValue
export type MultiExpr = (R: Frame) => LuaValue[]
export type Test = (R: Frame) => boolean
export type Completion = LuaValue[] | undefined
export type Stmt = (R: Frame) => Completion

/** Completion of `break`: unwinds to the innermost loop. */
export const BREAK: LuaValue[] = []
/** Completion of `goto`: unwinds to the block holding `st.gotoLabel`. */
export const GOTO: LuaValue[] = []

/** A label as the compiler knows it: the block it is in and the statement index it jumps to. */
export interface Label {
  readonly name: string
  readonly line: number
  readonly index: number
  /** Identity of the block (its statements array) that holds the label. */
  readonly block: object
}

/** The labels visible while compiling one block (Lua labels are block-scoped). */
export interface LabelScope {
  readonly labels: Map<string, Label>
  readonly parent: LabelScope | null
  /** A function body starts a new chain: labels never cross functions. */
  readonly fn: FunctionInfo
}

/** The library iterators generic `for` recognises (see loops.ts). */
export interface KnownIterators {
  readonly next: LuaFunction
  readonly ipairs: LuaFunction
}

type Located = Node & { range?: [number, number]; loc?: { start: { line: number; column: number }; end: { line: number; column: number } } }

/**
 * What compiled closures reach at run time: the execution's state and globals. A compiled program
 * may run more than once (index.ts keeps recently compiled programs), each time with a fresh state
 * and fresh globals, so closures never capture these directly: they hold this object, which
 * `bind` points at the current execution before it runs.
 */
export class Runtime {
  st!: LuaState
  G!: LuaTable
  /** `G`'s hash part, where every global lives (read by `readGlobal` without a method call). */
  globals!: Map<LuaKey, LuaValue>
  /** The string library: what indexing a string value reads. */
  strings!: LuaTable
  iterators!: KnownIterators

  bind(st: LuaState, G: LuaTable, strings: LuaTable, iterators: KnownIterators): void {
    this.st = st
    this.G = G
    this.globals = G.hashMap()
    this.strings = strings
    this.iterators = iterators
  }

  /** The frame pools of this program's functions (see `framePool`). */
  private readonly framePools: Frame[][] = []

  /** A new, empty pool of frames for one function literal; emptied by `release`. */
  framePool(): Frame[] {
    const pool: Frame[] = []
    this.framePools.push(pool)
    return pool
  }

  /**
   * The functions that may still be compiled again when hot (compile/functions.ts), each keeping
   * the compile context for it; null once the program's first run is over (runtime/hot.ts).
   */
  private upgradable: Array<{ forget(): void }> | null = []

  /** The context this program was compiled in, retired when its first run is over. */
  private compiledIn: CompileContext | null = null

  /** Keeps `fn` able to compile itself again until the end of this program's first run. */
  keepUpgradable(fn: { forget(): void }): void {
    if (this.upgradable === null) fn.forget()
    else this.upgradable.push(fn)
  }

  /** Notes the context compiling this program, to retire it with the first run (`release`). */
  compilingIn(ctx: CompileContext): void {
    this.compiledIn = ctx
  }

  /**
   * Lets go of the last execution, so a cached program does not keep its heap alive, and of the
   * compile context, so it does not keep its tree either.
   */
  release(): void {
    for (const pool of this.framePools) pool.length = 0
    if (this.upgradable !== null) for (const fn of this.upgradable) fn.forget()
    this.upgradable = null
    this.compiledIn?.retire()
    this.compiledIn = null
    this.st = undefined as never
    this.G = undefined as never
    this.globals = undefined as never
    this.strings = undefined as never
    this.iterators = undefined as never
  }

  /** Raises a Lua runtime error at `line` (used by closures; never returns). */
  fail(line: number, message: string): never {
    throw new LuaError(this.st.where(line) + message)
  }
}

/**
 * What the compile functions share while compiling one program; retired once it is compiled and
 * its first run is over (a hot function compiles again during that run, runtime/hot.ts).
 *
 * Why it is retired rather than just dropped. V8 keeps one context object per function call for
 * all the closures made in it, holding every variable any of them uses: a compile function whose
 * helper arrow reads `ctx` (`node.variables.map((v) => ctx.resolution...)`) hands `ctx` to the
 * closure it returns as well. So every compiled closure may reach this object, and through its
 * scope resolution and current function the program's whole syntax tree, which then lived as
 * long as the cached program: a 106-character program kept its 12 KB tree beside 8 KB of
 * closures. `retire` empties the context, so whoever still reaches it reaches nothing.
 */
export class CompileContext {
  fn: FunctionInfo
  labels: LabelScope | null = null
  /** Number of enclosing loops in the current function (for `break`). */
  loops = 0
  /** Compiling a hot function again for its private code (runtime/hot.ts): its call sites and loops get private copies. */
  hot = false
  resolution: Resolution
  bytes: string

  constructor(
    readonly rt: Runtime,
    /** The bounds of the executions this program is compiled for (part of its cache key). */
    readonly bounds: Bounds,
    resolution: Resolution,
    bytes: string,
    main: FunctionInfo,
  ) {
    this.fn = main
    this.resolution = resolution
    this.bytes = bytes
    rt.compilingIn(this)
  }

  /** Lets go of the tree and the source: nothing compiles in this context again (see above). */
  retire(): void {
    forgetTrees(this.resolution)
    this.fn = undefined as never
    this.labels = null
    this.resolution = undefined as never
    this.bytes = undefined as never
  }

  /** The line a node starts on: what runtime errors raised by its closure report. */
  line(node: Node): number {
    return (node as Located).loc?.start.line ?? 0
  }

  /**
   * The line of a binary operator's own token, which real Lua gives the instruction of an
   * arithmetic, bitwise or concatenation operator (`luaK_fixline` in `luaK_posfix`): in
   * `a\n + 1` an error is reported on the line of the `+`. luaparse keeps no position for
   * operators, so the source decides: the token after the left operand and its closing parentheses.
   */
  operatorLine(node: BinaryExpression): number {
    const left = node.left as Located
    const from = left.range?.[1]
    const line = left.loc?.end.line
    if (from === undefined || line === undefined) return this.line(node)
    let at = skipSpaceAndComments(this.bytes, from)
    while (this.bytes.charCodeAt(at) === 41) at = skipSpaceAndComments(this.bytes, at + 1)
    return line + lineBreaks(this.bytes, from, at)
  }

  /**
   * The line a node ends on. Real Lua emits a comparison after reading its right operand, so the
   * instruction carries the line of that operand's last token (`1 <\n a` fails on the line of `a`).
   */
  endLine(node: Node): number {
    return (node as Located).loc?.end.line ?? this.line(node)
  }

  /** A compile error at a node, worded with Lua's `input:LINE: ` prefix. */
  compileError(node: Node, message: string, kind: DiagnosticKind = "ParseError"): CompileError {
    const located = node as Located
    return compileErrorAt(kind, this.bytes, located.range?.[0] ?? 0, this.line(node), message)
  }

  /**
   * True when the expression was written in parentheses, which truncates a call or `...` to one
   * value. luaparse drops parentheses from the tree, so the source decides: the first significant
   * character after the node is a `)` that does not close the call it is an argument of.
   */
  isParenthesized(node: Node, enclosingCallEnd = -1): boolean {
    const end = (node as Located).range?.[1]
    if (end === undefined) return false
    const at = skipSpaceAndComments(this.bytes, end)
    return this.bytes.charCodeAt(at) === 41 && at !== enclosingCallEnd - 1
  }
}

/** The line breaks between offsets `from` and `to`, counted as Lua counts them (`\r\n` is one). */
const lineBreaks = (s: string, from: number, to: number): number => {
  let n = 0
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i)
    if (c !== 10 && c !== 13) continue
    n++
    const d = s.charCodeAt(i + 1)
    if ((d === 10 || d === 13) && d !== c) i++
  }
  return n
}

/** The first offset at or after `i` that is not whitespace or a comment. */
const skipSpaceAndComments = (s: string, i: number): number => {
  const n = s.length
  while (i < n) {
    const c = s.charCodeAt(i)
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12) {
      i++
    } else if (c === 45 && s.charCodeAt(i + 1) === 45) {
      i += 2
      const long = /^\[(=*)\[/.exec(s.slice(i, i + 64))
      if (long !== null) {
        const close = s.indexOf(`]${long[1]}]`, i)
        i = close < 0 ? n : close + long[1]!.length + 2
      } else {
        while (i < n && s.charCodeAt(i) !== 10 && s.charCodeAt(i) !== 13) i++
      }
    } else {
      return i
    }
  }
  return i
}
