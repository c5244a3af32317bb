/**
 * Parsing: program text to an acorn syntax tree, checked before anything runs.
 *
 * The program is the body of an async function, so acorn parses it as a script that may `await`
 * and `return` at the top level. Three checks follow, all before compilation:
 *
 * - static bounds: the source size, and the nesting depth of the tree (measured by one walk that
 *   stops at the bound, so a program of 100,000 "(" is a clean `ParseError`);
 * - the supported subset: every node type is looked up in `UNSUPPORTED` (the single table of
 *   constructs the engine refuses, with the reason the program's author sees); the first one found
 *   is an `UnsupportedSyntax` diagnostic with its line and column;
 * - TypeScript: a syntax error on a program that looks like TypeScript (`: number`, `interface`,
 *   `as const`...) gets a hint that Code Mode runs JavaScript; one that looks like Lua, a hint to
 *   run it as Lua. acorn's "Unexpected token" is said in V8's words, with the cause in the common
 *   cases (parse-explain.ts).
 */

import { parse, type Node, type Program } from "acorn"
import type { Diagnostic, DiagnosticKind } from "../../protocol/diagnostic.js"
import type { Bounds } from "../../protocol/bounds.js"
import { JsMessages } from "./messages.js"
import { explainSyntaxError, looksLikeLua } from "./parse-explain.js"

export class CompileError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message)
    this.name = "CompileError"
  }
}

export const compileErrorAt = (kind: DiagnosticKind, line: number, column: number, message: string): CompileError =>
  new CompileError({ kind, message: `${message} (line ${line}, column ${column})`, location: { line, column } })

/** Constructs the engine refuses, by node type, with the reason shown to the program's author. */
export const UNSUPPORTED: Readonly<Record<string, { readonly construct: string; readonly reason: string }>> = {
  ImportMeta: { construct: "import.meta", reason: "programs are not module files; there is no module metadata" },
  NestedImport: { construct: "import inside a block or function", reason: JsMessages.nestedImport() },
  ExportNamedDeclaration: { construct: "export", reason: "a program is not a module; return the value instead" },
  ExportDefaultDeclaration: { construct: "export", reason: "a program is not a module; return the value instead" },
  ExportAllDeclaration: { construct: "export", reason: "a program is not a module; return the value instead" },
}

const TYPESCRIPT = /(^|[\s(,])(interface|type)\s+[A-Z]\w*\s*[={<]|:\s*(number|string|boolean|any|unknown|void|never|Record<|Array<|Promise<)\b|\bas\s+(const|any|unknown|string|number)\b|<[A-Z]\w*>\(|\)\s*:\s*\w+\s*(=>|\{)|\benum\s+[A-Z]|\b(private|public|protected|readonly)\s+\w+\s*[:;=(]/

export function parseJavaScript(source: string, bounds: Bounds): Program {
  const bytes = Buffer.byteLength(source, "utf8")
  if (bytes > bounds.maxSourceBytes) {
    throw new CompileError({ kind: "ParseError", message: JsMessages.sourceTooLarge(bytes, bounds.maxSourceBytes) })
  }
  let program: Program
  try {
    program = parse(source, {
      ecmaVersion: "latest",
      sourceType: "script",
      // A program is the body of a strict-mode function: strict early errors apply (duplicate
      // parameters, binding `eval`/`arguments`, octal literals, `delete` of a name...).
      strict: true,
      allowAwaitOutsideFunction: true,
      allowReturnOutsideFunction: true,
      // Import declarations are read in a script (the program is a function body); only
      // top-level ones are kept (`NestedImport`), and compile/modules.ts hoists them.
      allowImportExportEverywhere: true,
      locations: true,
    })
  } catch (error) {
    if (error instanceof RangeError) throw new CompileError({ kind: "ParseError", message: JsMessages.expressionTooComplex() })
    if (error instanceof SyntaxError) {
      const located = error as SyntaxError & { loc?: { line: number; column: number }; pos?: number }
      const raw = error.message.replace(/ \(\d+:\d+\)$/, "")
      const hint = looksLikeLua(source) ? JsMessages.luaHint() : TYPESCRIPT.test(source) ? JsMessages.typeScriptHint() : ""
      if (located.loc === undefined || located.pos === undefined) throw new CompileError({ kind: "ParseError", message: raw + hint })
      const explained = explainSyntaxError(source, raw, located.pos)
      const at = explained.pos === located.pos ? located.loc : positionOf(source, explained.pos)
      throw compileErrorAt("ParseError", at.line, at.column + 1, `SyntaxError: ${explained.message}${hint}`)
    }
    throw error
  }
  const topLevelImports = new Set<Node>(program.body.filter((s) => s.type === "ImportDeclaration"))
  checkTree(program, bounds.maxSyntaxDepth, topLevelImports)
  return program
}

/** The unsupported-construct key of a node, if it is one (some are refinements of a node type). */
function unsupportedKey(node: Node & Record<string, unknown>, topLevelImports: ReadonlySet<Node>): string | null {
  switch (node.type) {
    case "MetaProperty":
      return (node.meta as { name: string }).name === "import" ? "ImportMeta" : null
    case "ImportDeclaration":
      return topLevelImports.has(node) ? null : "NestedImport"
  }
  return node.type in UNSUPPORTED ? node.type : null
}

/** One walk: nesting depth against the bound, and the first unsupported construct. */
function checkTree(root: Program, maxDepth: number, topLevelImports: ReadonlySet<Node>): void {
  const stack: Array<[Node, number]> = [[root, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (depth > maxDepth) {
      const loc = node.loc!.start
      throw compileErrorAt("ParseError", loc.line, loc.column + 1, JsMessages.syntaxTooDeep(maxDepth))
    }
    const key = unsupportedKey(node as Node & Record<string, unknown>, topLevelImports)
    if (key !== null) {
      const { construct, reason } = UNSUPPORTED[key]!
      const loc = node.loc!.start
      throw compileErrorAt("UnsupportedSyntax", loc.line, loc.column + 1, JsMessages.unsupported(construct, reason))
    }
    const children: Array<[Node, number]> = []
    for (const k in node) {
      if (k === "loc" || k === "type" || k === "start" || k === "end") continue
      const v = (node as unknown as Record<string, unknown>)[k]
      if (Array.isArray(v)) {
        for (const c of v) if (c !== null && typeof c === "object" && typeof (c as Node).type === "string") children.push([c as Node, depth + 1])
      } else if (v !== null && typeof v === "object" && typeof (v as Node).type === "string") {
        children.push([v as Node, depth + 1])
      }
    }
    // Visit in source order, so the first unsupported construct reported is the first written.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!)
  }
}

/** The 1-based line and 0-based column of an offset. */
function positionOf(source: string, pos: number): { line: number; column: number } {
  let line = 1
  let start = 0
  for (let i = 0; i < pos; i++) {
    if (source.charCodeAt(i) !== 10) continue
    line++
    start = i + 1
  }
  return { line, column: pos - start }
}
