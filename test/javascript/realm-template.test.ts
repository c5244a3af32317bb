/**
 * The realm template (runtime/realm-copy.ts): a worker builds its built-ins once and every
 * execution works on its own copy. Two things keep that as safe as a realm built afresh, and
 * this file holds both:
 *
 * - what one execution does to any built-in it can reach (a property added, a prototype changed,
 *   an object frozen, a global deleted) is invisible to the next, checked over every object a
 *   program can reach from its globals and from the hidden prototypes (iterators, generators);
 * - no function an installer makes keeps an object of the realm it was made in: the installers run
 *   once, into the template, so such an object would be the template's, shared by every execution.
 *   They may capture constants and functions only, and read every object from `st.realm` when they
 *   run. Checked on the source, with the TypeScript checker.
 */

import { readdirSync } from "node:fs"
import { join, resolve } from "node:path"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { runJavaScript } from "../../worker/javascript/index.js"

const value = (source: string) => {
  const r = runJavaScript(source)
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`)
  return r.value
}

/** Walks every object reachable from the globals and the hidden prototypes; `visit(o, path)` for each. */
const WALK = `
const roots = [
  ["globalThis", globalThis],
  ["ArrayIterator", Object.getPrototypeOf([][Symbol.iterator]())],
  ["StringIterator", Object.getPrototypeOf(""[Symbol.iterator]())],
  ["MapIterator", Object.getPrototypeOf(new Map().entries())],
  ["SetIterator", Object.getPrototypeOf(new Set().values())],
  ["RegExpStringIterator", Object.getPrototypeOf("a".matchAll(/a/g))],
  ["SearchParamsIterator", Object.getPrototypeOf(new URLSearchParams().entries())],
  ["Generator", Object.getPrototypeOf(function* () {})],
  ["AsyncFunction", Object.getPrototypeOf(async function () {})],
  ["AsyncGenerator", Object.getPrototypeOf(async function* () {})],
  ["stack", Object.getOwnPropertyDescriptor(new Error("x"), "stack").get],
  ["stackSetter", Object.getOwnPropertyDescriptor(new Error("x"), "stack").set],
]
const seen = new Set()
const walk = (visit) => {
  const queue = roots.slice()
  while (queue.length > 0) {
    const [path, o] = queue.shift()
    if ((typeof o !== "object" && typeof o !== "function") || o === null || seen.has(o) || o === tools) continue
    seen.add(o)
    visit(o, path)
    queue.push([path + ".__proto__", Object.getPrototypeOf(o)])
    for (const k of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, k)
      const name = path + "." + String(k)
      if ("value" in d) queue.push([name, d.value])
      else queue.push([name + ".get", d.get], [name + ".set", d.set])
    }
  }
}
`

/** One line per reachable object: its path, its extensibility, its own keys and their attributes. */
const DESCRIBE = `${WALK}
const lines = []
walk((o, path) => {
  const keys = Reflect.ownKeys(o).map((k) => {
    const d = Object.getOwnPropertyDescriptor(o, k)
    return String(k) + ":" + [d.writable, d.enumerable, d.configurable, typeof d.value === "function" || typeof d.value === "object" ? typeof d.value : String(d.value)].join("/")
  })
  lines.push(path + " " + Object.isExtensible(o) + " " + keys.join(","))
})
return lines
`

describe("every execution sees pristine built-ins", () => {
  it("whatever the previous one did to every object it could reach", () => {
    const before = value(DESCRIBE) as string[]
    expect(before.length).toBeGreaterThan(500)
    // Mark, rewire and freeze everything reachable, in one execution.
    const marked = value(`${WALK}
      const { ownKeys } = Reflect
      const { defineProperty, freeze, setPrototypeOf } = Object
      let n = 0
      const all = []
      walk((o) => all.push(o))
      for (let i = 0; i < all.length; i++) {
        const o = all[i]
        try { o.__mark = n++ } catch {}
        try { defineProperty(o, "extra", { value: 1, enumerable: true }) } catch {}
        const keys = ownKeys(o)
        for (let j = 0; j < keys.length; j++) { try { delete o[keys[j]] } catch {} }
      }
      for (let i = 0; i < all.length; i++) { try { setPrototypeOf(all[i], null) } catch {} ; freeze(all[i]) }
      return n
    `)
    expect(marked).toBeGreaterThan(500)
    expect(value(DESCRIBE)).toEqual(before)
  })

  it("after the common mutations a program makes", () => {
    value(`
      Array.prototype.map = () => "mine"; Object.prototype.polluted = 1; Math.max = () => 0; JSON.stringify = null
      Object.freeze(Object); delete globalThis.Map; globalThis.Set = 1; Array.prototype.push.extra = 2
      Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true })
      Object.defineProperty(Error.prototype, "name", { get() { throw 1 } })
      Function.prototype.call = null
      return 1
    `)
    expect(
      value(`return [[1, 2].map((x) => x * 2), ({}).polluted, Math.max(1, 2), JSON.stringify([1]), Object.isFrozen(Object), typeof Map, typeof Set,
        Array.prototype.push.extra, [...[1, 2]], new TypeError("m").name, typeof Function.prototype.call]`),
    ).toEqual([[2, 4], null, 2, "[1]", false, "function", "function", null, [1, 2], "TypeError", "function"])
  })

  it("keeps identity within an execution", () => {
    expect(
      value(`const m = [].map; return [m === Array.prototype.map, Object.getPrototypeOf(new Map()) === Map.prototype,
        new Map().entries().__proto__ === new Map().keys().__proto__, Object.getPrototypeOf(Uint8Array.prototype) === Object.getPrototypeOf(Int8Array.prototype),
        new TypeError() instanceof Error, RegExp.prototype.source, Object.getOwnPropertyDescriptor(RegExp.prototype, "global").get.call(RegExp.prototype)]`),
    ).toEqual([true, true, true, true, true, "(?:)", null])
  })
})

// -- No installer's function keeps an object of its realm ------------------------------------

const BUILTINS = resolve(import.meta.dirname, "../../worker/javascript/builtins")
const RUNTIME = resolve(import.meta.dirname, "../../worker/javascript/runtime")

/**
 * The captures that break the rule: in a function that runs while the template is built (one that
 * takes the realm or a realm object and no `JsState`), a function made there that reads, at any
 * depth, a variable of that install-time scope holding anything but constant data or a function.
 */
const PRIMITIVE = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike | ts.TypeFlags.ESSymbolLike |
  ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.EnumLike

function installTimeCaptures(): string[] {
  const files = readdirSync(BUILTINS).filter((f) => f.endsWith(".ts")).map((f) => join(BUILTINS, f))
  files.push(join(RUNTIME, "modules.ts"))
  const options = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true }
  const program = ts.createProgram(files, options)
  const checker = program.getTypeChecker()
  const isFunction = (n: ts.Node): n is ts.FunctionLikeDeclaration =>
    ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n)
  const typeName = (n: ts.Node) => checker.typeToString(checker.getTypeAtLocation(n))
  const takesState = (f: ts.FunctionLikeDeclaration) => f.parameters.some((p) => typeName(p) === "JsState")
  const runsAtInstall = (f: ts.FunctionLikeDeclaration) => !takesState(f) && f.parameters.some((p) => /^(Realm|JsObject|JsFunction)$/.test(typeName(p)))
  /** Primitives, functions, and objects whose every property is read-only constant data. */
  const constant = (t: ts.Type, depth = 0): boolean => {
    if (t.isUnion()) return t.types.every((u) => constant(u, depth))
    if (t.flags & PRIMITIVE) return true
    if (t.getCallSignatures().length > 0 || t.getConstructSignatures().length > 0) return true
    if (depth > 2 || !(t.flags & ts.TypeFlags.Object)) return false
    return t.getProperties().every((p) => {
      const decl = p.valueDeclaration
      const readonly = decl !== undefined && (ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Readonly) !== 0
      return readonly && constant(checker.getTypeOfSymbol(p), depth + 1)
    })
  }
  const found: string[] = []
  for (const sf of program.getSourceFiles()) {
    if (!files.includes(sf.fileName)) continue
    const where = (n: ts.Node) => `${sf.fileName.slice(BUILTINS.length - "builtins".length)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`
    const checkCaptures = (made: ts.FunctionLikeDeclaration, scope: ts.FunctionLikeDeclaration) => {
      const reported = new Set<ts.Symbol>()
      const walk = (n: ts.Node): void => {
        if (ts.isIdentifier(n)) {
          const symbol = checker.getSymbolAtLocation(n)
          const decl = symbol?.valueDeclaration
          if (symbol !== undefined && decl !== undefined && !reported.has(symbol)) {
            let p: ts.Node | undefined = decl
            let inMade = false
            while (p !== undefined && p !== scope) {
              if (p === made) inMade = true
              p = p.parent
            }
            if (p === scope && !inMade) {
              const isConst = ts.isParameter(decl) || ts.isFunctionDeclaration(decl) || (ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) !== 0
              if (!isConst || !constant(checker.getTypeAtLocation(decl))) {
                reported.add(symbol)
                found.push(`${where(n)} ${n.text}`)
              }
            }
          }
        }
        ts.forEachChild(n, walk)
      }
      if (made.body !== undefined) walk(made.body)
    }
    const visit = (n: ts.Node, scopes: ts.FunctionLikeDeclaration[]): void => {
      if (isFunction(n)) {
        if (scopes.length === 0) return ts.forEachChild(n, (c) => visit(c, runsAtInstall(n) ? [n] : []))
        if (takesState(n)) {
          for (const scope of scopes) checkCaptures(n, scope)
          return
        }
        return ts.forEachChild(n, (c) => visit(c, [...scopes, n]))
      }
      ts.forEachChild(n, (c) => visit(c, scopes))
    }
    visit(sf, [])
  }
  return found
}

describe("the installers", () => {
  it("make functions that keep no object of the realm they were made in", () => {
    expect(installTimeCaptures()).toEqual([])
  }, 60_000)
})
