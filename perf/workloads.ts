/**
 * What the language scenarios (lua.ts, js.ts) share about the workload programs in
 * `../shared/workloads/<language>/`: the checksums their README lists, the rotation that
 * interleaves engines and programs between rounds, and the forced collection before each run.
 */

import { readFile } from "node:fs/promises"
import { join } from "node:path"
import v8 from "node:v8"
import vm from "node:vm"
import { progress } from "./report.js"

/**
 * Rows like "| `1_fib` | recursive calls | 75025 |": the name in backticks, the checksum last. The
 * README is looked for in the folder, then its parent.
 */
export async function readChecksums(dir: string): Promise<Map<string, string>> {
  const checksums = new Map<string, string>()
  for (const readme of [join(dir, "README.md"), join(dir, "..", "README.md")]) {
    const text = await readFile(readme, "utf8").catch(() => "")
    for (const line of text.split("\n")) {
      const row = /^\|\s*`([^`]+)`\s*\|.*\|\s*([^|]+?)\s*\|\s*$/.exec(line)
      if (row !== null && !checksums.has(row[1]!)) checksums.set(row[1]!, row[2]!)
    }
  }
  return checksums
}

/** The items starting at `by` (mod length), wrapping around. */
export function rotate<T>(items: ReadonlyArray<T>, by: number): T[] {
  if (items.length === 0) return []
  const start = by % items.length
  return [...items.slice(start), ...items.slice(0, start)]
}

/**
 * `global.gc` without asking the user for `--expose-gc`: the flag can be turned on at run time and
 * the function picked up from a fresh context. If that ever stops working the scenario still runs,
 * only without the forced collections.
 */
export function exposeGarbageCollector(scenario: string): () => void {
  try {
    v8.setFlagsFromString("--expose-gc")
    const gc: unknown = vm.runInNewContext("gc")
    if (typeof gc === "function") return () => gc()
  } catch {
    // fall through
  }
  progress(`${scenario}: cannot force garbage collection between runs; timings may include other engines' garbage`)
  return () => {}
}
