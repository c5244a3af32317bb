/**
 * A compiled program keeps none of its syntax tree once it is compiled and its first run is over
 * (CompileContext in each engine's compile/context.ts). The program cache holds hundreds of
 * programs per worker, each replayed several times; a tree kept beside its closures made each
 * cached program nearly three times its size, all of it copied by every young-generation
 * collection that found it alive.
 *
 * Every node of every program of the engines' conformance cases is watched through a `WeakRef`;
 * after a full collection, while the compiled programs are alive, at most a stray few may be: when
 * the trees were kept, 61% of the Lua nodes and all of the JavaScript ones were. (Under the full
 * suite's load one run in four kept 24 of the 20,000 Lua nodes, a program's worth, which V8 itself
 * may hold for a while; a leak of the trees keeps them all.)
 */

import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { describe, expect, it } from "vitest"
import { DEFAULT_BOUNDS } from "../../protocol/bounds.js"
import { noHost } from "../../worker/engine-host.js"
import { compileProgram as compileJavaScript } from "../../worker/javascript/compile/index.js"
import { parseJavaScript } from "../../worker/javascript/parse.js"
import { JsState } from "../../worker/javascript/runtime/state.js"
import { compileProgram as compileLua } from "../../worker/lua/compile/index.js"
import { parseLua } from "../../worker/lua/parse.js"

setFlagsFromString("--expose-gc")
const collect = runInNewContext("gc") as () => void

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The programs of a folder: each `case:` of a conformance file, or the whole file. */
function programsIn(folder: string, extension: string): string[] {
  const programs: string[] = []
  for (const name of readdirSync(here(folder)).filter((file) => file.endsWith(extension))) {
    const text = readFileSync(here(`${folder}/${name}`), "utf8")
    programs.push(...(text.includes("case:") ? text.split(/^(?:\/\/|--) case:.*$/m).slice(1) : [text]))
  }
  return programs
}

type Tree = { type?: unknown }

/** A `WeakRef` to every node under `root`. */
function watch(root: unknown, into: Array<WeakRef<object>>): void {
  if (root === null || typeof root !== "object") return
  if (Array.isArray(root)) return root.forEach((child) => watch(child, into))
  if (typeof (root as Tree).type === "string") into.push(new WeakRef(root))
  for (const [key, child] of Object.entries(root)) if (key !== "loc" && key !== "range") watch(child, into)
}

/** Compiles every program that compiles (some cases are compile errors), keeping the compiled forms. */
function compileAll(programs: string[], compile: (source: string, nodes: Array<WeakRef<object>>) => unknown): { kept: unknown[]; nodes: Array<WeakRef<object>> } {
  const kept: unknown[] = []
  const nodes: Array<WeakRef<object>> = []
  for (const source of programs) {
    try {
      kept.push(compile(source, nodes))
    } catch {
      // A case that expects a compile error.
    }
  }
  return { kept, nodes }
}

/** Nodes still alive after a full collection (a `WeakRef` read in this job stays alive until it ends). */
async function alive(nodes: Array<WeakRef<object>>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0))
  collect()
  return nodes.filter((node) => node.deref() !== undefined).length
}

/** At most this share of the nodes may be alive: a stray program's worth, never the trees. */
const STRAY_SHARE = 0.005

describe("a compiled program keeps none of its syntax tree", () => {
  it("in Lua, once its first run is over", async () => {
    const programs = [...programsIn("../lua/conformance/cases", ".lua")]
    const { kept, nodes } = compileAll(programs, (source, into) => {
      const parsed = parseLua(source, DEFAULT_BOUNDS)
      watch(parsed.chunk, into)
      const program = compileLua(parsed, DEFAULT_BOUNDS)
      // What the end of a run does (lua/index.ts); the first one retires the compile context.
      program.runtime.release()
      return program
    })
    expect(kept.length).toBeGreaterThan(900)
    expect(nodes.length).toBeGreaterThan(15_000)
    expect(await alive(nodes)).toBeLessThan(nodes.length * STRAY_SHARE)
    // Read after the collection, so the programs were alive through it.
    expect(kept.every((program) => program !== undefined)).toBe(true)
  })

  it("in JavaScript, once it is compiled", async () => {
    const programs = [...programsIn("../javascript/conformance/cases", ".js")]
    const { kept, nodes } = compileAll(programs, (source, into) => {
      const parsed = parseJavaScript(source, DEFAULT_BOUNDS)
      watch(parsed, into)
      const st = new JsState({ host: noHost, bounds: DEFAULT_BOUNDS, deadline: Infinity })
      const program = compileJavaScript(parsed, st, source)
      st.release()
      return program
    })
    expect(kept.length).toBeGreaterThan(1_000)
    expect(nodes.length).toBeGreaterThan(30_000)
    expect(await alive(nodes)).toBeLessThan(nodes.length * STRAY_SHARE)
    // Read after the collection, so the programs were alive through it.
    expect(kept.every((program) => program !== undefined)).toBe(true)
  })
})
