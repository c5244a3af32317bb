/**
 * A printer for the compiler's one intermediate form worth looking at: the scope resolution —
 * each function's frame layout, where each local lives, which cells it captures. `runLua` prints
 * it to stderr when `CODEMODE_TRACE=1` is set in the environment of an in-process run (workers
 * start with an empty environment, so it never prints there).
 */

import type { Resolution } from "./scope.js"

export function describeScopes(resolution: Resolution): string {
  const lines: string[] = []
  const bindings = [...resolution.declarations.values()]
  const name = (node: object, fallback: string): string => {
    const located = node as { loc?: { start: { line: number } }; type?: string }
    return `${located.type === "Chunk" ? "main chunk" : fallback} (line ${located.loc?.start.line ?? 1})`
  }
  for (const [node, fn] of resolution.functions) {
    lines.push(`${name(node, "function")}: frame of ${fn.frameSize} slots${fn.isVararg ? ", vararg" : ""}`)
    for (const b of bindings.filter((b) => b.fn === fn)) {
      lines.push(`  slot ${b.slot}: local ${b.name}${b.captured ? " (cell)" : ""}${b.constant ? " <const>" : ""}`)
    }
    fn.upvalues.forEach((u, i) => lines.push(`  slot ${fn.upvalueSlot(i)}: upvalue ${u.binding.name} (cell from outer slot ${u.sourceSlot()})`))
    if (fn.isVararg) lines.push(`  slot ${fn.varargSlot}: ...`)
  }
  return lines.join("\n")
}
