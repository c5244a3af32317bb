/**
 * `$ref`s inside one JSON Schema document, for the signature renderer.
 *
 * Only local references (`#`, `#/$defs/Name`, `#/definitions/Name`, any JSON Pointer into the
 * document) are followed; a remote one reads as `any`, since the host gave us nothing to fetch and
 * we would not fetch it anyway. The table decides up front which references are printed by name
 * rather than inlined: those on a cycle (inlining would never end) and those used more than once
 * (inlining would repeat them, and a chain of shared definitions would grow exponentially). It
 * walks each definition once, with a budget, so a hostile document cannot make it spin.
 */

import { isObject, type JsonSchemaNode } from "./schema.js"
import type { JsonSchemaDocument } from "./tool.js"

/**
 * The local `$ref`s of one document: where they point, what to call them, and which must be
 * printed by name (recursive ones, and ones used more than once).
 */
export class ReferenceTable {
  private readonly targets = new Map<string, JsonSchemaNode | undefined>()
  private readonly names = new Map<string, string>()
  private readonly namedRefs: ReadonlySet<string>

  constructor(private readonly root: JsonSchemaDocument) {
    const uses = new Map<string, number>()
    const edges = new Map<string, ReadonlyArray<string>>()
    const pending = collectReferences(root)
    for (const ref of pending) uses.set(ref, (uses.get(ref) ?? 0) + 1)
    for (let next = 0; next < pending.length; next++) {
      const ref = pending[next]
      if (edges.has(ref)) continue
      const inner = collectReferences(this.resolve(ref))
      edges.set(ref, inner)
      for (const target of inner) {
        uses.set(target, (uses.get(target) ?? 0) + 1)
        pending.push(target)
      }
    }
    const named = new Set<string>()
    for (const [ref, count] of uses) if (count > 1 || reaches(edges, ref, ref)) named.add(ref)
    this.namedRefs = named
  }

  isNamed(ref: string): boolean {
    return this.namedRefs.has(ref)
  }

  resolve(ref: string): JsonSchemaNode | undefined {
    if (this.targets.has(ref)) return this.targets.get(ref)
    let node: unknown = undefined
    if (ref.startsWith("#")) {
      node = this.root
      for (const token of ref.slice(1).split("/").slice(1)) {
        const key = safeDecode(token).replace(/~1/g, "/").replace(/~0/g, "~")
        node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined
      }
    }
    const target = typeof node === "boolean" || isObject(node) ? (node as JsonSchemaNode) : undefined
    this.targets.set(ref, target)
    return target
  }

  /** A node with its `$ref` followed (one step), for merging `allOf` parts. */
  dereference(node: JsonSchemaNode): JsonSchemaNode {
    return isObject(node) && typeof node.$ref === "string" ? (this.resolve(node.$ref) ?? true) : node
  }

  nameOf(ref: string): string {
    let name = this.names.get(ref)
    if (name === undefined) {
      const title = this.root.title
      const last = ref === "#" ? (typeof title === "string" ? title : "Self") : safeDecode(ref.slice(ref.lastIndexOf("/") + 1))
      // Effect names the JSON side of a class `<Name>Encoded`; the reader knows it as `<Name>`.
      const plain = last.length > 7 && last.endsWith("Encoded") ? last.slice(0, -7) : last
      name = plain.replace(/[^\p{L}\p{N}_$]+/gu, "_") || "Definition"
      this.names.set(ref, name)
    }
    return name
  }
}

/** Every `$ref` inside a node; definition tables are skipped, they are reached through their refs. */
const collectReferences = (node: unknown): Array<string> => {
  const found: Array<string> = []
  let budget = 100_000
  const visit = (value: unknown): void => {
    if (--budget < 0) return
    if (Array.isArray(value)) {
      for (const element of value) visit(element)
      return
    }
    if (!isObject(value)) return
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref") {
        if (typeof child === "string") found.push(child)
      } else if (SCHEMA_MAPS.has(key) && isObject(child)) {
        for (const schema of Object.values(child)) visit(schema)
      } else if (!NOT_SCHEMAS.has(key)) {
        visit(child)
      }
    }
  }
  visit(node)
  return found
}

/** Keywords whose values are data or definition tables, not schemas to search for `$ref`s. */
const NOT_SCHEMAS = new Set(["$defs", "definitions", "enum", "const", "default", "examples"])

/** Keywords whose values map names to schemas (the names themselves are not keywords). */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "dependentSchemas"])

const reaches = (edges: ReadonlyMap<string, ReadonlyArray<string>>, from: string, target: string): boolean => {
  const seen = new Set<string>()
  const stack = [...(edges.get(from) ?? [])]
  while (stack.length > 0) {
    const ref = stack.pop()!
    if (ref === target) return true
    if (seen.has(ref)) continue
    seen.add(ref)
    stack.push(...(edges.get(ref) ?? []))
  }
  return false
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
