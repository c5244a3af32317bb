/**
 * The house rules of ARCHITECTURE.md, checked on the source tree.
 *
 * Each rule is about imports: who may depend on whom. The host keeps tools, hooks and the catalog;
 * the worker holds no host object; `protocol/` is what both share. A rule broken here is a door
 * left open (a host object reachable from a worker) or a knot a newcomer cannot untie (a cycle,
 * an integration reaching past the public face), so the test reads every import of every source
 * file, type-only ones included, and names the offending file and import.
 */

import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const ROOT = resolve(import.meta.dirname, "..")
const SKIPPED = new Set(["node_modules", "dist", ".git", "test", ".scratch"])

interface Import {
  /** Repository-relative path of the imported file, or the package name. */
  readonly target: string
  /** True for `import type` / `export type` (erased at run time). */
  readonly typeOnly: boolean
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return []
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts") ? [path] : []
  })

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g

const importsOf = (file: string): Import[] => {
  const text = readFileSync(file, "utf8")
  const found: Import[] = []
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith(".")) return found.push({ target: specifier, typeOnly })
    const target = relative(ROOT, resolve(dirname(file), specifier)).split(sep).join("/").replace(/\.js$/, ".ts")
    found.push({ target, typeOnly })
  }
  for (const match of text.matchAll(IMPORT)) {
    const statement = match[0]
    const named = /\{([^}]*)\}/.exec(statement)?.[1]
    const everyNameIsType = named !== undefined && named.split(",").every((n) => n.trim() === "" || n.trim().startsWith("type "))
    add(match[2]!, match[1] !== undefined || (everyNameIsType && !/\*|^\s*(import|export)\s+\w+\s*,/.test(statement)))
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) add(match[1]!, false)
  return found
}

const files = sourceFiles(ROOT).map((path) => relative(ROOT, path).split(sep).join("/"))
const graph = new Map(files.map((file) => [file, importsOf(join(ROOT, file))]))

const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`)
const isLocal = (target: string) => files.includes(target)

/** Every import of the files matching `from` that matches `forbidden`, as "file -> target". */
const violations = (from: (file: string) => boolean, forbidden: (target: string, file: string) => boolean): string[] =>
  [...graph].flatMap(([file, imports]) =>
    from(file) ? imports.filter((i) => isLocal(i.target) && forbidden(i.target, file)).map((i) => `${file} -> ${i.target}`) : [],
  )

const HOST_SIDE = ["pool", "catalog", "state", "models", "openapi", "mcp", "cli", "demo"]
const isHostSide = (file: string) => file === "index.ts" || HOST_SIDE.some((folder) => under(folder)(file))
const ENGINES = ["worker/lua", "worker/javascript"]
const engineOf = (file: string) => ENGINES.find((engine) => under(engine)(file))

/** What `index.ts` re-exports from: the core modules an integration may build on. */
const publicModules = new Set(graph.get("index.ts")!.map((i) => i.target))

describe("architecture: the import rules of ARCHITECTURE.md", () => {
  it("finds the source tree", () => {
    expect(files).toContain("index.ts")
    expect(files.filter(under("worker")).length).toBeGreaterThan(50)
  })

  it("the host side imports nothing under worker/", () => {
    expect(violations(isHostSide, under("worker"))).toEqual([])
  })

  it("worker/ imports nothing of the host side", () => {
    expect(violations(under("worker"), (target) => isHostSide(target))).toEqual([])
  })

  it("protocol/ imports only protocol/", () => {
    expect(violations(under("protocol"), (target) => !under("protocol")(target))).toEqual([])
  })

  it("bridge/ imports only bridge/ (it moves frames, it knows no tools or languages)", () => {
    expect(violations(under("bridge"), (target) => !under("bridge")(target))).toEqual([])
  })

  it("each side reaches the bridge only through its own end", () => {
    const hostEnd = (target: string) => target === "bridge/host-channel.ts"
    const workerEnd = (target: string) => target === "bridge/worker-channel.ts"
    expect(violations(isHostSide, (target) => under("bridge")(target) && !hostEnd(target))).toEqual([])
    expect(violations(under("worker"), (target) => under("bridge")(target) && !workerEnd(target))).toEqual([])
  })

  it("worker/data is language-neutral: it imports no engine", () => {
    expect(violations(under("worker/data"), (target) => engineOf(target) !== undefined)).toEqual([])
  })

  it("the engines never import each other", () => {
    expect(violations((file) => engineOf(file) !== undefined, (target, file) => {
      const engine = engineOf(target)
      return engine !== undefined && engine !== engineOf(file)
    })).toEqual([])
  })

  it("the worker's own modules outside the engines import no engine but through worker/entry.ts", () => {
    const neutral = (file: string) => under("worker")(file) && engineOf(file) === undefined && file !== "worker/entry.ts"
    expect(violations(neutral, (target) => engineOf(target) !== undefined)).toEqual([])
  })

  it("cli/ and demo/ import only the public faces (index.ts, an integration's index.ts) and their own folder", () => {
    const publicFace = (target: string) => target === "index.ts" || /^(openapi|mcp)\/index\.ts$/.test(target)
    for (const folder of ["cli", "demo"]) {
      expect(violations(under(folder), (target) => !publicFace(target) && !under(folder)(target))).toEqual([])
    }
  })

  it("integrations import only the core modules index.ts re-exports, protocol/, and their own folder", () => {
    for (const folder of ["openapi", "mcp", "state", "models"]) {
      const allowed = (target: string) => publicModules.has(target) || under("protocol")(target) || under(folder)(target)
      expect(violations(under(folder), (target) => !allowed(target) || under("worker")(target) || under("bridge")(target))).toEqual([])
    }
  })

  it("no run-time import cycle outside the compilers (whose node handlers recurse into each other)", () => {
    const compiler = (file: string) => /^worker\/(lua|javascript)\/compile\//.test(file)
    const state = new Map<string, "open" | "done">()
    const cycles: string[] = []
    const visit = (file: string, stack: string[]) => {
      state.set(file, "open")
      stack.push(file)
      for (const { target, typeOnly } of graph.get(file) ?? []) {
        if (typeOnly || !isLocal(target) || (compiler(file) && compiler(target))) continue
        if (state.get(target) === "open") cycles.push([...stack.slice(stack.indexOf(target)), target].join(" -> "))
        else if (!state.has(target)) visit(target, stack)
      }
      stack.pop()
      state.set(file, "done")
    }
    for (const file of files) if (!state.has(file)) visit(file, [])
    expect(cycles).toEqual([])
  })

  it("tsconfig's roots are exactly the folders (and top-level files) that hold source", () => {
    // TypeScript's own reader: tsconfig allows comments, which JSON.parse does not.
    const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile).config as { include: string[] }
    // The test runner's own configuration is read by vitest, not built.
    const roots = new Set(files.filter((file) => file !== "vitest.config.ts").map((file) => file.split("/")[0]!))
    expect([...config.include].sort()).toEqual([...roots].sort())
  })
})
