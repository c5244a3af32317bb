/**
 * `import` declarations and `import()` expressions, over the modules of globals
 * (runtime/modules.ts explains what a module is here).
 *
 * Import declarations are hoisted in JavaScript: their bindings exist before any other statement
 * runs. So before scopes are resolved, each top-level declaration is rewritten into a `const`
 * declaration whose initialisers are `ModuleImport` nodes (a node type of our own, with no
 * children), and all of them move to the front of the program in source order. From then on they
 * are ordinary constants: scope resolution, TDZ and closures need nothing new. A module that does
 * not exist fails when the imports run, before the rest of the program, as an uncaught Error.
 *
 * `import(name)` compiles to a call that returns a promise for the module's namespace, rejected
 * (not thrown) when there is no such module.
 */

import type { Expression, ImportExpression, Node, Program, VariableDeclaration, VariableDeclarator } from "acorn"
import { dynamicImport, importBinding, type ImportKind } from "../runtime/modules.js"
import { newPromise, rejectPromise, resolvePromise } from "../runtime/promise.js"
import { ThrowSignal } from "../runtime/state.js"
import type { CompileContext, Expr, ModuleImportNode } from "./context.js"
import { compileExpression } from "./expressions.js"

/** Rewrites the program's import declarations into leading `const` declarations (see above). */
export function hoistImports(program: Program): void {
  const body = program.body
  if (!body.some((s) => s.type === "ImportDeclaration")) return
  const imports: VariableDeclaration[] = []
  const rest: Program["body"] = []
  let hidden = 0
  for (const s of body) {
    if (s.type !== "ImportDeclaration") {
      rest.push(s)
      continue
    }
    const source = String(s.source.value)
    // Source offsets 0: the hoisted bindings are initialised before anything else runs, so no read
    // of them is "before the declaration" (scope.ts decides TDZ checks by offset).
    const declarator = (local: string, what: ImportKind, at: Node): VariableDeclarator => {
      const init: ModuleImportNode = { type: "ModuleImport", source, what, start: 0, end: 0, loc: at.loc }
      return {
        type: "VariableDeclarator",
        start: 0,
        end: 0,
        loc: at.loc,
        id: { type: "Identifier", name: local, start: 0, end: 0, loc: at.loc },
        // Not an acorn expression: EXPRESSIONS (expressions.ts) has a handler for it all the same.
        init: init as unknown as Expression,
      }
    }
    const declarations = s.specifiers.map((spec) => {
      switch (spec.type) {
        case "ImportDefaultSpecifier":
          return declarator(spec.local.name, { kind: "default" }, spec)
        case "ImportNamespaceSpecifier":
          return declarator(spec.local.name, { kind: "namespace" }, spec)
        default: {
          const imported = spec.imported.type === "Identifier" ? spec.imported.name : String(spec.imported.value)
          return declarator(spec.local.name, { kind: "named", name: imported }, spec)
        }
      }
    })
    // `import "fs"` binds nothing but must still find its module: a binding no program can name.
    if (declarations.length === 0) declarations.push(declarator(`%import${hidden++}`, { kind: "default" }, s))
    imports.push({ type: "VariableDeclaration", kind: "const", start: 0, end: 0, loc: s.loc, declarations })
  }
  program.body = [...imports, ...rest]
}

export function compileModuleImport(node: ModuleImportNode, ctx: CompileContext): Expr {
  const st = ctx.st
  const line = ctx.line(node)
  const source = node.source
  const what = node.what
  return function moduleImport() {
    st.line = line
    return importBinding(st, source, what)
  }
}

export function compileImportExpression(node: ImportExpression, ctx: CompileContext): Expr {
  const st = ctx.st
  const specifier = compileExpression(node.source, ctx)
  return function importExpression(R) {
    const name = specifier(R)
    const promise = newPromise(st)
    try {
      resolvePromise(st, promise, dynamicImport(st, name))
    } catch (error) {
      if (!(error instanceof ThrowSignal)) throw error
      rejectPromise(st, promise, error.value)
    }
    return promise
  }
}
