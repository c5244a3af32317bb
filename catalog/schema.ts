/**
 * One JSON Schema per tool contract, whatever the host wrote it in.
 *
 * Signatures are rendered from JSON Schema only. A JSON Schema document is used as given (an Effect
 * `JsonSchema.Document`, with its `dialect`, `schema` and `definitions`, is unwrapped). A Standard
 * Schema gives the JSON Schema its library publishes for the side in question (standard-schema.ts). An Effect
 * Schema goes through `Schema.toJsonSchemaDocument`, which describes the schema's canonical JSON
 * codec: the same codec `decode.ts` uses, so the signature shows exactly what a program sends and
 * receives. That codec has a few spellings that are right for a validator but noise for a reader,
 * and we tidy them here, before rendering:
 *
 * - a number may travel as "Infinity", "-Infinity" or "NaN": the branch is dropped, `number` stays;
 * - integers carry the safe-integer range as bounds: dropped, the range is implied;
 * - an `optional` field accepts `null` for "absent": that one `null` branch is dropped, since the
 *   field is already marked optional (an explicitly nullable optional field keeps its `null`);
 * - `Schema.Struct({})` ("anything but null") reads as the empty object it is written as.
 *
 * The conversion runs once per schema and only when a signature is first rendered.
 */

import { Schema } from "effect"
import { isStandardSchema, standardJsonSchema } from "./standard-schema.js"
import type { JsonSchemaDocument, ToolSchema } from "./tool.js"

/** A JSON Schema node: an object of keywords, or the boolean schemas `true` / `false`. */
export type JsonSchemaNode = JsonSchemaDocument | boolean

/** By side: a Standard Schema may publish different input and output documents (a transform). */
const converted = { input: new WeakMap<object, JsonSchemaDocument>(), output: new WeakMap<object, JsonSchemaDocument>() }

/** The JSON Schema of a tool contract, with any definitions under `$defs` at its root. */
export const toJsonSchema = (schema: ToolSchema, side: "input" | "output" = "input"): JsonSchemaDocument => {
  let document = converted[side].get(schema)
  if (document === undefined) {
    document = Schema.isSchema(schema)
      ? fromEffectSchema(schema)
      : isStandardSchema(schema)
      ? (tidyEffectNode(standardJsonSchema(schema, side)) as JsonSchemaDocument)
      : unwrapDocument(schema as JsonSchemaDocument)
    converted[side].set(schema, document)
  }
  return document
}

const fromEffectSchema = (schema: Schema.Top): JsonSchemaDocument => {
  let document: { readonly schema: JsonSchemaDocument; readonly definitions: Record<string, JsonSchemaDocument> }
  try {
    document = Schema.toJsonSchemaDocument(schema)
  } catch {
    // A schema Effect cannot describe still deserves a signature; an open one is honest.
    return {}
  }
  const root = tidyEffectNode(document.schema) as JsonSchemaDocument
  const names = Object.keys(document.definitions)
  if (names.length === 0) return root
  const $defs: Record<string, JsonSchemaNode> = {}
  for (const name of names) $defs[name] = tidyEffectNode(document.definitions[name])
  return { ...root, $defs }
}

/** Accepts an Effect `JsonSchema.Document` as well as a bare JSON Schema. */
const unwrapDocument = (document: JsonSchemaDocument): JsonSchemaDocument => {
  const inner = document.schema
  const definitions = document.definitions
  if (
    typeof document.dialect === "string" &&
    isObject(inner) &&
    (definitions === undefined || isObject(definitions))
  ) {
    return definitions === undefined || Object.keys(definitions).length === 0 ? inner : { ...inner, $defs: definitions }
  }
  return document
}

// ---------------------------------------------------------------------------------------------
// Tidying Effect's codec spellings

const MAX_SAFE = Number.MAX_SAFE_INTEGER

const tidyEffectNode = (node: unknown): JsonSchemaNode => {
  if (!isObject(node)) return typeof node === "boolean" ? node : {}
  if (isEmptyStruct(node)) return { type: "object", properties: {} }
  let out: Record<string, unknown> = { ...node }
  if (out.type === "integer") {
    if (out.minimum === -MAX_SAFE) delete out.minimum
    if (out.maximum === MAX_SAFE) delete out.maximum
  }
  if (isObject(out.properties)) {
    const required = new Set(Array.isArray(out.required) ? out.required : [])
    const properties: Record<string, JsonSchemaNode> = {}
    for (const [key, value] of Object.entries(out.properties)) {
      const tidied = tidyEffectNode(value)
      properties[key] = required.has(key) ? tidied : dropOneNullBranch(tidied)
    }
    out.properties = properties
  }
  for (const keyword of ["items", "additionalProperties", "not"] as const) {
    if (isObject(out[keyword])) out[keyword] = tidyEffectNode(out[keyword])
  }
  for (const keyword of ["prefixItems", "anyOf", "oneOf", "allOf"] as const) {
    if (Array.isArray(out[keyword])) out[keyword] = (out[keyword] as Array<unknown>).map(tidyEffectNode)
  }
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = out[keyword]
    if (!Array.isArray(branches)) continue
    const kept = branches.filter((branch) => !isNonFiniteSpelling(branch))
    if (kept.length === branches.length || !kept.some(isNumberBranch)) continue
    out = collapseBranches(out, keyword, kept)
  }
  return out
}

/** `Schema.Struct({})` means "any value but null": for a reader, an empty object. */
const isEmptyStruct = (node: Record<string, unknown>): boolean =>
  Object.keys(node).length === 1 && isObject(node.not) && isNullBranch(node.not)

const isNonFiniteSpelling = (branch: unknown): boolean =>
  isObject(branch) &&
  branch.type === "string" &&
  Array.isArray(branch.enum) &&
  branch.enum.length === 3 &&
  branch.enum.includes("Infinity") &&
  branch.enum.includes("-Infinity") &&
  branch.enum.includes("NaN")

const isNumberBranch = (branch: unknown): boolean =>
  isObject(branch) && (branch.type === "number" || branch.type === "integer")

const isNullBranch = (branch: unknown): boolean =>
  isObject(branch) && branch.type === "null" && Object.keys(branch).length === 1

/** An optional Effect field's codec adds one `null` branch meaning "absent"; remove just that one. */
const dropOneNullBranch = (node: JsonSchemaNode): JsonSchemaNode => {
  if (!isObject(node) || !Array.isArray(node.anyOf)) return node
  const index = node.anyOf.findIndex(isNullBranch)
  if (index < 0) return node
  const kept = node.anyOf.filter((_, position) => position !== index)
  return collapseBranches(node, "anyOf", kept)
}

/** Replaces a union's branches; a union left with one branch becomes that branch. */
const collapseBranches = (
  node: Record<string, unknown>,
  keyword: "anyOf" | "oneOf",
  kept: ReadonlyArray<unknown>,
): Record<string, unknown> => {
  const { [keyword]: _removed, ...rest } = node
  if (kept.length !== 1 || !isObject(kept[0])) return { ...rest, [keyword]: kept }
  return { ...kept[0], ...rest }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
