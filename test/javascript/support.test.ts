/**
 * SUPPORT.md cannot drift: every global the realm defines, every deliberately absent global and
 * every unsupported construct the parser refuses must appear in it, and every global it lists as
 * supported must exist.
 */

import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { ABSENT_GLOBALS } from "../../worker/javascript/builtins/primitives.js"
import { runJavaScript } from "../../worker/javascript/index.js"
import { UNSUPPORTED } from "../../worker/javascript/parse.js"

const here = dirname(fileURLToPath(import.meta.url))
const support = readFileSync(join(here, "../../worker/javascript/SUPPORT.md"), "utf8")

/** Rows of the table under `## <heading>`: first cell (backticks stripped) -> second cell. */
const table = (heading: string): Map<string, string> => {
  const section = support.split(`## ${heading}`)[1]!.split("\n## ")[0]!
  const rows = new Map<string, string>()
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim())
    if (cells.length < 4 || cells[1] === "Global" || cells[1] === "Construct" || /^-+$/.test(cells[1]!)) continue
    rows.set(cells[1]!.replace(/`/g, ""), cells[2]!)
  }
  return rows
}

const realmGlobals = (): string[] => {
  const r = runJavaScript(`return Object.getOwnPropertyNames(globalThis)`)
  if (!r.ok) throw new Error(r.error.message)
  return r.value as string[]
}

describe("SUPPORT.md", () => {
  const globals = table("Built-in globals")
  const absent = table("Absent on purpose")

  it("lists every global of the realm", () => {
    for (const name of realmGlobals()) {
      expect(globals.has(name) || absent.has(name), `${name} is not in SUPPORT.md`).toBe(true)
    }
  })

  it("lists as supported only globals that exist", () => {
    const names = new Set(realmGlobals())
    for (const [name, status] of globals) {
      if (status === "supported") expect(names.has(name), `${name} is marked supported but the realm lacks it`).toBe(true)
      else expect(names.has(name), `${name} exists but is marked '${status}'`).toBe(false)
    }
  })

  it("lists every deliberately absent global", () => {
    for (const name of ABSENT_GLOBALS.keys()) expect(absent.has(name), `${name} is not in 'Absent on purpose'`).toBe(true)
    for (const name of absent.keys()) expect(ABSENT_GLOBALS.has(name), `${name} is listed absent but the engine does not refuse it`).toBe(true)
  })

  it("lists every unsupported construct", () => {
    const section = support.split("## Unsupported syntax")[1]!
    for (const [key, { construct }] of Object.entries(UNSUPPORTED)) {
      expect(section.includes(key), `${key} is not in SUPPORT.md`).toBe(true)
      expect(section.includes(construct.replace(/'/g, "'")), `${construct} is not in SUPPORT.md`).toBe(true)
    }
  })
})
