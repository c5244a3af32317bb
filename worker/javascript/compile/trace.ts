/**
 * A printer for the compiler's one intermediate form worth looking at: the scope resolution —
 * each function's frame layout, where each binding lives (a plain slot or a cell), which cells it
 * captures from the functions around it, and which nodes suspend. `compileProgram` prints it to
 * stderr when `CODEMODE_TRACE=1` is set in the environment of an in-process run, as the Lua
 * compiler does (workers start with an empty environment, so it never prints there).
 */

import type { Node } from "acorn"
import type { Binding, Resolution } from "./scope.js"

/** True when the environment asks for the trace (`CODEMODE_TRACE=1`). */
export const tracing = (): boolean => typeof process !== "undefined" && process.env.CODEMODE_TRACE === "1"

export function describeScopes(resolution: Resolution): string {
  const lines: string[] = []
  const bindings = new Set<Binding>(resolution.declarations.values())
  for (const scope of resolution.scopes.values()) for (const b of scope.names.values()) bindings.add(b)
  const located = (node: Node): string => `line ${node.loc?.start.line ?? 1}`
  for (const [node, fn] of resolution.functions) {
    const what = node.type === "Program" ? "program" : describeFunction(node)
    const suspends = node.type !== "Program" && resolution.suspending.has((node as unknown as { body: Node }).body)
    lines.push(`${what} (${located(node)}): frame of ${fn.frameSize} slots${fn.arrow ? ", arrow" : ""}${suspends ? ", suspends" : ""}`)
    const own = [...bindings].filter((b) => b.fn === fn).sort((a, b) => a.slot - b.slot)
    for (const b of own) lines.push(`  slot ${b.slot}: ${b.kind} ${b.name}${b.captured ? " (cell)" : ""}`)
    fn.upvalues.forEach((u, i) => lines.push(`  slot ${fn.upvalueSlot(i)}: upvalue ${u.binding.name} (cell from outer slot ${u.sourceSlot()})`))
  }
  return lines.join("\n")
}

const describeFunction = (node: Node): string => {
  const named = node as unknown as { id?: { name?: string } | null; async?: boolean; generator?: boolean }
  const kind = `${named.async === true ? "async " : ""}${node.type === "ArrowFunctionExpression" ? "arrow" : "function"}${named.generator === true ? "*" : ""}`
  return named.id?.name !== undefined ? `${kind} ${named.id.name}` : kind
}
