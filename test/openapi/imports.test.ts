/**
 * The integration rule of DESIGN.md for `openapi/`: it sits on the public face and nothing deeper.
 * Its files import each other, `index.ts`, effect, and the YAML parser; never `catalog/`, `pool/`,
 * `bridge/` or `worker/` internals, so anything it does a host could do with the published API.
 */

import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..")
const folder = join(root, "openapi")

const importsOf = (file: string): Array<string> =>
  [...readFileSync(file, "utf8").matchAll(/(?:import|export)[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
    (match) => match[1] ?? match[2],
  )

describe("openapi/ imports only the public face", () => {
  const files = readdirSync(folder).filter((name) => name.endsWith(".ts"))

  it("reads the imports it checks", () => {
    expect(files.length).toBeGreaterThan(5)
    expect(importsOf(join(folder, "tools.ts"))).toContain("../index.js")
  })

  it("has no import outside openapi/, index.ts, effect, yaml and node builtins", () => {
    const allowed = (target: string) =>
      target === "../index.js" || /^\.\/[\w-]+\.js$/.test(target) || target === "effect" || target.startsWith("effect/") || target === "yaml" || target.startsWith("node:")
    const violations = files.flatMap((name) => importsOf(join(folder, name)).filter((target) => !allowed(target)).map((target) => `${name} imports ${target}`))
    expect(violations).toEqual([])
  })
})
