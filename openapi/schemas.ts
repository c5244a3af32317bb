/**
 * OpenAPI schemas become the JSON Schema documents a tool's signature is rendered from.
 *
 * An operation's schemas are scattered: parameters each have one, the body has one, responses have
 * theirs, and all of them `$ref` into `components/schemas`, which `$ref` each other, cycles
 * included. A tool schema must be one self-contained document, so each component a tool reaches is
 * copied under the document's `$defs` and every reference is rewritten to point there. The catalog's
 * renderer then does the rest: it follows `#/$defs/...`, prints recursive and shared definitions
 * once by name, reads `nullable` (3.0) and `type: [.., "null"]` (3.1), `allOf`, `oneOf`, `anyOf`.
 *
 * There are two views of every component, because OpenAPI lets one schema serve both directions:
 * a request never sends `readOnly` properties and a response never carries `writeOnly` ones, so
 * the request view drops the former (and their `required` entries) and the response view the
 * latter. A component is converted at most once per view, when a tool first reaches it, and the
 * converted nodes are shared by every tool that uses them: GitHub's thousand operations reuse a few
 * hundred components.
 *
 * What does not shape a signature is left behind (`example`, `examples`, `xml`, `externalDocs`,
 * `discriminator`, embedded `$defs`): large descriptions are mostly examples. References that point
 * outside the document read as "any". Nesting deeper than any honest schema is cut to "any" as
 * well, so a hostile document cannot exhaust the stack.
 *
 * These schemas only shape what the model reads. They never filter values: a body is sent as the
 * program wrote it and a response reaches the program as the server sent it.
 */

import { isObject, resolvePointer, type JsonObject } from "./document.js"

export type View = "request" | "response"
export type SchemaNode = { [keyword: string]: unknown } | boolean

/** Keywords dropped from copies: they document or annotate, they do not shape a type. */
const DROPPED = new Set([
  "example",
  "examples",
  "xml",
  "externalDocs",
  "discriminator",
  "$defs",
  "definitions",
  "$id",
  "$schema",
  "$anchor",
  "$dynamicAnchor",
  "$comment",
])

/** Keywords whose value is one schema. */
const SINGLE = new Set([
  "items",
  "additionalProperties",
  "additionalItems",
  "not",
  "contains",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
])

/** Keywords whose value is a list of schemas. */
const LIST = new Set(["allOf", "anyOf", "oneOf", "prefixItems"])

/** Keywords whose value maps names to schemas. */
const MAP = new Set(["patternProperties", "dependentSchemas"])

/** Deeper than this, a schema reads as "any". */
const MAX_DEPTH = 64

interface ConvertedDefinition {
  readonly node: SchemaNode
  readonly refs: ReadonlyArray<string>
}

/** Converts the schemas of one document, sharing converted components across tools. */
export class SchemaConverter {
  private readonly keyByPointer = new Map<string, string>()
  private readonly pointerByKey = new Map<string, string>()
  private readonly converted: Record<View, Map<string, ConvertedDefinition>> = { request: new Map(), response: new Map() }

  constructor(private readonly root: JsonObject) {}

  /**
   * A self-contained document for `schema`, with every component it reaches under `$defs`.
   * `schema` is already converted (built by `node`, whose references are in `refs`).
   */
  document(schema: SchemaNode, refs: ReadonlyArray<string>, view: View): { [keyword: string]: unknown } {
    const base: { [keyword: string]: unknown } = schema === true ? {} : schema === false ? { not: {} } : schema
    if (refs.length === 0) return base
    const defs: Record<string, SchemaNode> = {}
    const pending = [...refs]
    const seen = new Set<string>()
    for (let next = 0; next < pending.length; next++) {
      const key = pending[next]
      if (seen.has(key)) continue
      seen.add(key)
      const definition = this.definition(key, view)
      defs[key] = definition.node
      for (const inner of definition.refs) if (!seen.has(inner)) pending.push(inner)
    }
    return { ...base, $defs: defs }
  }

  /** Converts one inline schema for `view`, collecting the definitions it references into `refs`. */
  node(schema: unknown, view: View, refs: Array<string>): SchemaNode {
    return this.copy(schema, view, refs, 0)
  }

  private definition(key: string, view: View): ConvertedDefinition {
    let definition = this.converted[view].get(key)
    if (definition === undefined) {
      const refs: Array<string> = []
      const target = resolvePointer(this.root, this.pointerByKey.get(key)!)
      const node = this.copy(target === undefined ? true : target, view, refs, 0)
      definition = { node, refs }
      this.converted[view].set(key, definition)
    }
    return definition
  }

  private copy(schema: unknown, view: View, refs: Array<string>, depth: number): SchemaNode {
    if (typeof schema === "boolean") return schema
    if (!isObject(schema) || depth > MAX_DEPTH) return {}
    if (typeof schema.$ref === "string") return this.reference(schema, view, refs)
    const out: { [keyword: string]: unknown } = {}
    for (const [keyword, value] of Object.entries(schema)) {
      if (DROPPED.has(keyword)) continue
      if (keyword === "properties" && isObject(value)) {
        const properties: Record<string, SchemaNode> = {}
        const omitted: Array<string> = []
        for (const [name, property] of Object.entries(value)) {
          if (this.omitted(property, view)) omitted.push(name)
          else properties[name] = this.copy(property, view, refs, depth + 1)
        }
        out.properties = properties
        if (omitted.length > 0 && Array.isArray(schema.required)) {
          out.required = schema.required.filter((name) => !omitted.includes(name as string))
        }
      } else if (keyword === "required" && out.required !== undefined) {
        continue
      } else if (SINGLE.has(keyword)) {
        out[keyword] = Array.isArray(value)
          ? value.map((item) => this.copy(item, view, refs, depth + 1))
          : this.copy(value, view, refs, depth + 1)
      } else if (LIST.has(keyword) && Array.isArray(value)) {
        out[keyword] = value.map((item) => this.copy(item, view, refs, depth + 1))
      } else if (MAP.has(keyword) && isObject(value)) {
        const map: Record<string, SchemaNode> = {}
        for (const [name, item] of Object.entries(value)) map[name] = this.copy(item, view, refs, depth + 1)
        out[keyword] = map
      } else {
        out[keyword] = value
      }
    }
    return out
  }

  /** A `$ref` becomes a reference into `$defs`; its siblings (3.1) keep their annotations. */
  private reference(schema: JsonObject, view: View, refs: Array<string>): SchemaNode {
    const pointer = schema.$ref as string
    const annotations: { [keyword: string]: unknown } = {}
    for (const keyword of ["description", "title", "deprecated", "nullable"] as const) {
      if (schema[keyword] !== undefined) annotations[keyword] = schema[keyword]
    }
    if (!pointer.startsWith("#") || resolvePointer(this.root, pointer) === undefined) return annotations
    const key = this.keyFor(pointer)
    refs.push(key)
    const ref = `#/$defs/${encodeURIComponent(key.replace(/~/g, "~0").replace(/\//g, "~1"))}`
    // A 3.0 `nullable` beside a `$ref` needs a union to mean anything.
    if (annotations.nullable === true) {
      delete annotations.nullable
      return { ...annotations, anyOf: [{ $ref: ref }, { type: "null" }] }
    }
    return { ...annotations, $ref: ref }
  }

  /** Whether a property is left out of this view (`readOnly` in requests, `writeOnly` in responses). */
  private omitted(property: unknown, view: View): boolean {
    let node = property
    if (isObject(node) && typeof node.$ref === "string" && node.readOnly === undefined && node.writeOnly === undefined) {
      node = resolvePointer(this.root, node.$ref)
    }
    if (!isObject(node)) return false
    return view === "request" ? node.readOnly === true : node.writeOnly === true
  }

  /** The `$defs` key of a pointer: the component's own name where it has one, unique per document. */
  private keyFor(pointer: string): string {
    let key = this.keyByPointer.get(pointer)
    if (key !== undefined) return key
    const tokens = pointer.slice(2).split("/")
    const last = tokens[tokens.length - 1] ?? "Self"
    let base = last
    try {
      base = decodeURIComponent(last)
    } catch {
      // Keep the token as written.
    }
    base = base.replace(/~1/g, "/").replace(/~0/g, "~") || "Self"
    key = base
    for (let suffix = 2; this.pointerByKey.has(key); suffix++) key = `${base}_${suffix}`
    this.keyByPointer.set(pointer, key)
    this.pointerByKey.set(key, pointer)
    return key
  }
}
