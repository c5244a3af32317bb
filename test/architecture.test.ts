/**
 * The import rules of DESIGN.md, checked on every run so they cannot drift:
 *
 * - `worker/` holds no host object: nothing in it imports `pool/`, `catalog/`, `index.ts` or an
 *   integration, so no host function or value can leak into a program.
 * - `bridge/` moves frames and knows nothing of tools or languages: it imports no other folder.
 * - `catalog/` knows nothing of workers: it imports only the plain-data and limit definitions of
 *   `worker/` (types and constants), never an engine or the bridge.
 * - Every host call goes through the bridge: `pool/` reaches workers only through `bridge/host.ts`
 *   and Piscina, never an engine module directly.
 */

import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, resolve, dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")

const sourceFiles = (folder: string): string[] => {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path)
    }
  }
  walk(join(root, folder))
  return out
}

/** Project-relative targets of every relative import or re-export in a file. */
const importsOf = (file: string): string[] => {
  const text = readFileSync(file, "utf8")
  const targets: string[] = []
  for (const match of text.matchAll(/(?:import|export)[^"']*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
    const spec = match[1] ?? match[2]!
    targets.push(relative(root, resolve(dirname(file), spec)))
  }
  return targets
}

const violations = (folder: string, allowed: (target: string) => boolean): string[] =>
  sourceFiles(folder).flatMap((file) =>
    importsOf(file)
      .filter((target) => !allowed(target))
      .map((target) => `${relative(root, file)} imports ${target}`),
  )

const inside = (target: string, ...folders: string[]) => folders.some((f) => target === f || target.startsWith(`${f}/`))

describe("import rules", () => {
  it("reads the imports it checks", () => {
    expect(importsOf(join(root, "pool/workers.ts"))).toContain("bridge/host.js")
    expect(importsOf(join(root, "worker/entry.ts"))).toContain("worker/lua/index.js")
  })

  it("worker/ imports nothing of the host", () => {
    expect(violations("worker", (t) => inside(t, "worker", "bridge"))).toEqual([])
  })

  it("worker/ reaches the bridge only through its worker end", () => {
    expect(violations("worker", (t) => !inside(t, "bridge") || t.startsWith("bridge/worker") || t.startsWith("bridge/protocol"))).toEqual([])
  })

  it("bridge/ knows nothing of tools or languages", () => {
    expect(violations("bridge", (t) => inside(t, "bridge"))).toEqual([])
  })

  it("catalog/ knows nothing of workers, engines or the pool", () => {
    expect(
      violations("catalog", (t) => inside(t, "catalog") || t.startsWith("worker/data/") || t === "worker/limits.js"),
    ).toEqual([])
  })

  it("pool/ never imports an engine", () => {
    expect(violations("pool", (t) => !inside(t, "worker/lua", "worker/javascript"))).toEqual([])
  })
})
