/**
 * The document: from whatever the host gave (an object, JSON text, YAML text) to a checked
 * OpenAPI 3 object, and the local `$ref`s inside it.
 *
 * JSON is tried first because most large published descriptions are JSON and `JSON.parse` is
 * several times faster than any YAML parser; YAML goes through the `yaml` package, which follows
 * YAML 1.2 (the version OpenAPI requires) and reports the line of a syntax error. Anchors and
 * aliases are resolved by the parser, with its own bound on alias expansion, so a "billion laughs"
 * document is an error rather than a hang.
 *
 * A document that is not OpenAPI 3 (a Swagger 2.0 one, an AsyncAPI one, a bare JSON Schema) is
 * refused with what was found, before anything else is read.
 *
 * Two kinds of `$ref` live in a description. Structural ones (a parameter, a request body, a
 * response pointing into `components`) are followed here, at build time, with cycle detection.
 * Schema ones stay references: `schemas.ts` turns them into `$defs` entries of each tool schema,
 * where the signature renderer prints recursive ones by name.
 */

import { parse as parseYaml } from "yaml"
import * as Messages from "./messages.js"

export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
export type JsonObject = { readonly [key: string]: unknown }

export class OpenApiSpecError extends Error {
  override readonly name = "OpenApiSpecError"
}

export interface OpenApiDocument {
  readonly root: JsonObject
  /** `3.0` or `3.1`. */
  readonly version: "3.0" | "3.1"
}

/** Parses and checks the host's document. Throws `OpenApiSpecError` with what was found. */
export const readDocument = (spec: unknown): OpenApiDocument => {
  const root = typeof spec === "string" ? parseText(spec) : spec
  if (!isObject(root)) throw new OpenApiSpecError(Messages.specNotObject(describe(root)))
  const version = root.openapi
  if (typeof version !== "string" || !/^3\.[01](\.|$)/.test(version)) {
    throw new OpenApiSpecError(Messages.notOpenApi3(foundVersion(root)))
  }
  if (!isObject(root.paths) && root.paths !== undefined) {
    throw new OpenApiSpecError(Messages.invalidSpecField("'paths'", `must be an object, got ${describe(root.paths)}`))
  }
  return { root, version: version.startsWith("3.1") ? "3.1" : "3.0" }
}

const parseText = (text: string): unknown => {
  const trimmed = text.trimStart()
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.parse(text)
    } catch {
      // JSON is a subset of YAML 1.2: let the YAML parser say where the text goes wrong.
    }
  }
  try {
    return parseYaml(text, { maxAliasCount: 1_000, prettyErrors: true, uniqueKeys: false })
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error)
    throw new OpenApiSpecError(Messages.specNotParsable(detail))
  }
}

const foundVersion = (root: JsonObject): string => {
  if (typeof root.swagger === "string") return `Swagger ${root.swagger} ('swagger: ${root.swagger}')`
  if (typeof root.asyncapi === "string") return `AsyncAPI ${root.asyncapi}`
  if (root.openapi !== undefined) return `'openapi: ${String(root.openapi)}'`
  const keys = Object.keys(root).slice(0, 5)
  return keys.length === 0 ? "an empty object" : `an object with keys ${keys.map((key) => `'${key}'`).join(", ")}`
}

// ---------------------------------------------------------------------------------------------
// Local references

/** The node a local JSON Pointer (`#/components/parameters/Limit`) names, or `undefined`. */
export const resolvePointer = (root: JsonObject, ref: string): unknown => {
  if (ref === "#") return root
  if (!ref.startsWith("#/")) return undefined
  let node: unknown = root
  for (const token of ref.slice(2).split("/")) {
    const key = decodePointerToken(token)
    if (Array.isArray(node)) node = node[Number(key)]
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, key)) node = node[key]
    else return undefined
  }
  return node
}

const decodePointerToken = (token: string): string => {
  let decoded = token
  try {
    decoded = decodeURIComponent(token)
  } catch {
    // A stray '%' is part of the name.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~")
}

/** Why a structural `$ref` could not be followed; the operation that uses it is skipped. */
export class ReferenceProblem {
  constructor(
    readonly ref: string,
    readonly detail: string,
  ) {}
}

/**
 * Follows a structural `$ref` chain (a parameter, request body or response that is a reference)
 * to the object it names. Returns a `ReferenceProblem` for remote, missing or cyclic references.
 */
export const followReference = (root: JsonObject, node: unknown): JsonObject | ReferenceProblem => {
  const seen = new Set<string>()
  let current = node
  while (isObject(current) && typeof current.$ref === "string") {
    const ref = current.$ref
    if (!ref.startsWith("#")) return new ReferenceProblem(ref, "is not local; only references inside the document are followed")
    if (seen.has(ref)) return new ReferenceProblem(ref, "refers to itself")
    seen.add(ref)
    const target = resolvePointer(root, ref)
    if (target === undefined) return new ReferenceProblem(ref, "names nothing in the document")
    current = target
  }
  if (!isObject(current)) return new ReferenceProblem("(inline)", `is ${describe(current)}, not an object`)
  return current
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A short, safe description of a value for error messages. */
export const describe = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  if (typeof value === "string") return value.length > 40 ? `a string ("${value.slice(0, 40)}...")` : `a string (${JSON.stringify(value)})`
  if (typeof value === "object") return "an object"
  return `${typeof value === "undefined" ? "nothing" : `a ${typeof value}`}${typeof value === "number" || typeof value === "boolean" ? ` (${String(value)})` : ""}`
}
