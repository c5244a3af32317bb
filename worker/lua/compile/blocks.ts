/**
 * Blocks, labels and `goto`.
 *
 * A block is its statements run in order until one completes abnormally (see context.ts). Most
 * blocks have no label, and compile to a plain loop — or, for the one-, two- and three-statement
 * blocks that dominate loop bodies and short functions, to straight-line code.
 *
 * A block that holds labels runs with a program counter instead. A `goto` completes with the
 * `GOTO` marker after putting its target label in `st.gotoLabel`; the marker unwinds through
 * enclosing statements (an `if`, a loop — which does not catch it — ) until it reaches the block
 * that owns the label, which moves its counter there and carries on. A jump backwards is a loop,
 * so it spends fuel like a loop's back-edge. Labels never cross functions, and luaparse already
 * checks that each `goto` sees its label; what is checked here is Lua's other rule: a forward
 * jump may not skip a `local` declaration into its scope, unless the label ends the block.
 */

import type { GotoStatement, LabelStatement, Statement } from "luaparse"
import { LuaMessages } from "../messages.js"
import { GOTO, type CompileContext, type Completion, type Frame, type Label, type LabelScope, type Stmt } from "./context.js"
import { compileStatement } from "./statements.js"

interface BlockLabels extends LabelScope {
  /** Index (among the block's source statements) of the statement being compiled. */
  current: number
  readonly statements: Statement[]
}

export function compileBlock(statements: Statement[], ctx: CompileContext): Stmt {
  return compileBlockParts(statements, ctx).body
}

/**
 * A block, and — when it has no labels — its compiled statements, so a function body can run a
 * short block in its own closure instead of calling the block's.
 */
export function compileBlockParts(statements: Statement[], ctx: CompileContext): { body: Stmt; parts: Stmt[] | null } {
  const hasLabels = statements.some((s) => s.type === "LabelStatement")
  const owner = {}
  const scope: BlockLabels = { labels: new Map(), parent: ctx.labels, fn: ctx.fn, current: 0, statements }
  // Labels first, so forward gotos find them; each jumps to the compiled statement after it.
  let compiledIndex = 0
  for (const s of statements) {
    if (s.type === "LabelStatement") {
      const label: Label = { name: s.label.name, line: ctx.line(s), index: compiledIndex, block: owner }
      scope.labels.set(label.name, label)
    } else {
      compiledIndex++
    }
  }
  const outer = ctx.labels
  ctx.labels = scope
  const compiled: Stmt[] = []
  statements.forEach((s, i) => {
    scope.current = i
    if (s.type !== "LabelStatement") compiled.push(compileStatement(s, ctx))
  })
  ctx.labels = outer
  return hasLabels ? { body: runWithLabels(compiled, owner, ctx), parts: null } : { body: sequence(compiled), parts: compiled }
}

function sequence(statements: Stmt[]): Stmt {
  const n = statements.length
  switch (n) {
    case 0:
      return emptyBlock
    case 1:
      return statements[0]!
    case 2: {
      const [a, b] = statements as [Stmt, Stmt]
      return function block2(R: Frame) {
        const c = a(R)
        if (c !== undefined) return c
        return b(R)
      }
    }
    case 3: {
      const [a, b, d] = statements as [Stmt, Stmt, Stmt]
      return function block3(R: Frame) {
        let c = a(R)
        if (c !== undefined) return c
        c = b(R)
        if (c !== undefined) return c
        return d(R)
      }
    }
    default:
      return function block(R: Frame) {
        for (let i = 0; i < n; i++) {
          const c = statements[i]!(R)
          if (c !== undefined) return c
        }
        return undefined
      }
  }
}

const emptyBlock: Stmt = () => undefined

function runWithLabels(statements: Stmt[], owner: object, ctx: CompileContext): Stmt {
  const rt = ctx.rt
  const n = statements.length
  return function blockWithLabels(R: Frame): Completion {
    const st = rt.st
    let i = 0
    while (i < n) {
      const c = statements[i]!(R)
      if (c === undefined) {
        i++
        continue
      }
      if (c === GOTO) {
        const target = st.gotoLabel as Label
        if (target.block === owner) {
          if (target.index <= i && --st.fuel <= 0) st.refuelAt(target.line)
          i = target.index
          continue
        }
      }
      return c
    }
    return undefined
  }
}

export function compileGotoStatement(node: GotoStatement, ctx: CompileContext): Stmt {
  const name = node.label.name
  const line = ctx.line(node)
  for (let scope = ctx.labels as BlockLabels | null; scope !== null && scope.fn === ctx.fn; scope = scope.parent as BlockLabels | null) {
    const label = scope.labels.get(name)
    if (label === undefined) continue
    checkJumpIntoScope(scope, name, line, ctx)
    const rt = ctx.rt
    return function goto() {
      rt.st.gotoLabel = label
      return GOTO
    }
  }
  throw ctx.compileError(node, `no visible label '${name}' for <goto> at line ${line}`)
}

/** Lua's rule: a forward goto may not enter the scope of a local declared before its label. */
function checkJumpIntoScope(scope: BlockLabels, name: string, line: number, ctx: CompileContext): void {
  const statements = scope.statements
  const labelAt = statements.findIndex((s) => s.type === "LabelStatement" && s.label.name === name)
  if (labelAt <= scope.current) return
  // A label followed only by other labels ends the block: jumping there enters no scope.
  if (statements.slice(labelAt + 1).every((s) => s.type === "LabelStatement")) return
  for (let i = scope.current + 1; i < labelAt; i++) {
    const s = statements[i]!
    const local =
      s.type === "LocalStatement" ? s.variables[0]?.name : s.type === "FunctionDeclaration" && s.isLocal ? (s.identifier as { name: string }).name : undefined
    if (local !== undefined) {
      throw ctx.compileError(statements[labelAt] as LabelStatement, LuaMessages.gotoIntoScope(name, line, local))
    }
  }
}
