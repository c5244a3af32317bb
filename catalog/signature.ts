/**
 * Signatures: how the model sees a tool, rendered from its JSON Schema in the program's language.
 *
 *   Lua:        tools.orders.lookup({ id = string, limit? = integer }) -> { id = string, status = "open" | "closed" }
 *   JavaScript: tools.orders.lookup(input: { id: string; limit?: number }): Promise<{ id: string; status: "open" | "closed" }>
 *
 * The notation is the language's own where it has one (TypeScript types; Lua table constructors
 * with `json.null` for null, `{ T, ... }` for arrays and `{ [string] = T }` for records, literals
 * included) and only needs to be read, not parsed. Keys that are not identifiers in the language
 * (a Lua keyword, `content-type`) are quoted the way the language would write them. Small
 * objects stay on one line; an object that is long or has documented fields is laid out one field
 * per line, each field's description, format, default and bounds in a trailing comment.
 * Descriptions are host text, so they are flattened to one line, trimmed, and cannot close a
 * comment.
 *
 * `$ref`s are followed. A definition that is recursive, or used more than once, is printed once by
 * name under the signature (`type Category = ...` / `Category = ...`) and referred to by that name;
 * everything else is inlined. Nesting is bounded (deeper parts read `any`), as are the properties of
 * one object and the members of one union, so a hostile schema still yields a readable line.
 *
 * Rendering is lazy and cached per tool and language: a catalog of thousands of tools pays only for
 * the signatures somebody reads.
 */

import {
  INLINE_OBJECT_WIDTH,
  MAX_COMMENT_LENGTH,
  MAX_SIGNATURE_DEFINITIONS,
  MAX_SIGNATURE_DEPTH,
  MAX_SIGNATURE_PROPERTIES,
  MAX_SIGNATURE_UNION_MEMBERS,
} from "./limits.js"
import { isPropertyIdentifier, type Language } from "./paths.js"
import { ReferenceTable } from "./references.js"
import { isObject, type JsonSchemaNode, toJsonSchema } from "./schema.js"
import type { AnyTool, JsonSchemaDocument, ToolSchema } from "./tool.js"

/** A tool's types in one language, without the expression that calls it. */
export interface RenderedTypes {
  readonly input: string
  readonly output: string | undefined
  /** Named definitions (`type Category = ...`), one entry each, possibly multi-line. */
  readonly definitions: ReadonlyArray<string>
}

const renderedTools = new WeakMap<AnyTool, Partial<Record<Language, RenderedTypes>>>()

/** The input and output types of a tool, rendered once per language. */
export const renderToolTypes = (tool: AnyTool, language: Language): RenderedTypes => {
  let byLanguage = renderedTools.get(tool)
  if (byLanguage === undefined) renderedTools.set(tool, (byLanguage = {}))
  let types = byLanguage[language]
  if (types === undefined) {
    const input = renderContract(tool.input, language)
    const output = tool.output === undefined ? undefined : renderContract(tool.output, language, "output")
    const definitions = [...new Set([...input.definitions, ...(output?.definitions ?? [])])]
    types = byLanguage[language] = { input: input.type, output: output && nameShared(output.type, input.named), definitions }
  }
  return types
}

/** The full signature of a tool reached by `expression` (see `toolExpression`). */
export const renderSignature = (expression: string, tool: AnyTool, language: Language): string => {
  const types = renderToolTypes(tool, language)
  const head =
    language === "lua"
      ? `${expression}(${types.input})${types.output === undefined ? "" : ` -> ${types.output}`}`
      : `${expression}(input: ${types.input}): Promise<${types.output ?? "void"}>`
  return types.definitions.length === 0 ? head : `${head}\n${types.definitions.join("\n")}`
}

/** One schema's type, followed by any named definitions it uses. Handy for descriptions and tests. */
export const renderSchemaType = (schema: ToolSchema, language: Language): string => {
  const rendered = renderContract(schema, language)
  return [rendered.type, ...rendered.definitions].join("\n")
}

interface RenderedContract {
  readonly type: string
  readonly definitions: ReadonlyArray<string>
  /** Body -> name of each named definition, so the other contract of a tool can refer to it. */
  readonly named: ReadonlyMap<string, string>
}

/**
 * Input and output are separate documents, each naming only what it uses more than once. When the
 * output is exactly a definition the input already prints (`Money` in, `Money` out), say its name
 * rather than spelling it out a second time.
 */
const nameShared = (type: string, named: ReadonlyMap<string, string>): string => named.get(type) ?? type

/** Tools often share schemas (a common `Id` input, generated API tools): render each schema once. */
const renderedContracts = new WeakMap<ToolSchema, Partial<Record<`${Language}:${"input" | "output"}`, RenderedContract>>>()

const renderContract = (schema: ToolSchema, language: Language, side: "input" | "output" = "input"): RenderedContract => {
  let byLanguage = renderedContracts.get(schema)
  if (byLanguage === undefined) renderedContracts.set(schema, (byLanguage = {}))
  return (byLanguage[`${language}:${side}`] ??= renderDocument(toJsonSchema(schema, side), language))
}

const renderDocument = (root: JsonSchemaDocument, language: Language): RenderedContract => {
  const renderer = new TypeRenderer(root, language)
  const type = renderer.renderRoot(root)
  const definitions = renderer.renderDefinitions()
  return { type, definitions, named: renderer.namedBodies }
}

// ---------------------------------------------------------------------------------------------
// The renderer: one method per kind of schema node.

interface Spelling {
  readonly any: string
  readonly null: string
  readonly integer: string
  readonly comment: string
}

const SPELLINGS: Record<Language, Spelling> = {
  javascript: { any: "any", null: "null", integer: "number", comment: "//" },
  lua: { any: "any", null: "json.null", integer: "integer", comment: "--" },
}

/** Keywords that give a node structure; a union branch with none of them only adds constraints. */
const STRUCTURAL = ["type", "properties", "items", "prefixItems", "additionalItems", "$ref", "enum", "const", "anyOf", "oneOf", "allOf", "additionalProperties"]

class TypeRenderer {
  private readonly spelling: Spelling
  private readonly references: ReferenceTable
  /** Named definitions to print under the signature, by `$ref`, in first-use order. */
  private readonly named = new Set<string>()
  /** Body -> name of each definition printed, filled by `renderDefinitions`. */
  readonly namedBodies = new Map<string, string>()

  constructor(
    root: JsonSchemaDocument,
    private readonly language: Language,
  ) {
    this.spelling = SPELLINGS[language]
    this.references = new ReferenceTable(root)
  }

  /** The document's own type; a document that refers to itself (`"$ref": "#"`) is named too. */
  renderRoot(root: JsonSchemaDocument): string {
    return this.references.isNamed("#") ? this.renderReference("#", 0, "") : this.render(root, 0, "")
  }

  render(node: JsonSchemaNode | undefined, depth: number, indent: string): string {
    if (node === undefined || node === true) return this.spelling.any
    if (node === false) return "never"
    if (depth > MAX_SIGNATURE_DEPTH) return this.spelling.any
    if (typeof node.$ref === "string") return this.renderReference(node.$ref, depth, indent)
    if ("const" in node) return this.withNullable(node, this.renderLiteral(node.const))
    if (Array.isArray(node.enum)) return this.withNullable(node, this.renderEnum(node.enum))
    const union = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined
    if (union !== undefined && union.some(isStructural)) return this.withNullable(node, this.renderUnion(union, depth, indent))
    if (Array.isArray(node.allOf) && node.allOf.length > 0) return this.renderAllOf(node, depth, indent)
    if (Array.isArray(node.type)) {
      const members = node.type.map((type) => ({ ...node, type }) as JsonSchemaNode)
      return this.renderUnion(members, depth, indent)
    }
    return this.withNullable(node, this.renderTyped(node, depth, indent))
  }

  private renderTyped(node: JsonSchemaDocument, depth: number, indent: string): string {
    switch (node.type) {
      case "string":
      case "number":
      case "boolean":
        return node.type
      case "integer":
        return this.spelling.integer
      case "null":
        return this.spelling.null
      case "array":
        return this.renderArray(node, depth, indent)
      case "object":
        return this.renderObject(node, depth, indent)
      default:
        if (isObject(node.properties) || node.additionalProperties !== undefined) return this.renderObject(node, depth, indent)
        if (node.items !== undefined || node.prefixItems !== undefined) return this.renderArray(node, depth, indent)
        return this.spelling.any
    }
  }

  private renderReference(ref: string, depth: number, indent: string): string {
    const target = this.references.resolve(ref)
    if (target === undefined) return this.spelling.any
    if (this.references.isNamed(ref)) {
      this.named.add(ref)
      return this.references.nameOf(ref)
    }
    return this.render(target, depth + 1, indent)
  }

  /**
   * Prints each named definition once. Rendering one may name more, and a Set iterates over what
   * is added while it iterates, so this reaches every definition used, up to the bound.
   */
  renderDefinitions(): ReadonlyArray<string> {
    const definitions: Array<string> = []
    for (const ref of this.named) {
      if (definitions.length === MAX_SIGNATURE_DEFINITIONS) {
        definitions.push(`${this.spelling.comment} … and more definitions`)
        break
      }
      const body = this.render(this.references.resolve(ref), 1, "")
      const name = this.references.nameOf(ref)
      definitions.push(this.language === "lua" ? `${name} = ${body}` : `type ${name} = ${body}`)
      this.namedBodies.set(body, name)
    }
    return definitions
  }

  /** A literal in the language's own notation: `{ a = 1 }` in Lua, `{ a: 1 }` in JavaScript. */
  private renderLiteral(value: unknown, depth = 0): string {
    if (value === null) return this.spelling.null
    if (depth > MAX_SIGNATURE_DEPTH) return this.spelling.any
    if (Array.isArray(value)) {
      const elements = value.slice(0, MAX_SIGNATURE_UNION_MEMBERS).map((element) => this.renderLiteral(element, depth + 1))
      if (value.length > elements.length) elements.push("…")
      if (elements.length === 0) return this.language === "lua" ? "{}" : "[]"
      return this.language === "lua" ? `{ ${elements.join(", ")} }` : `[${elements.join(", ")}]`
    }
    if (isObject(value)) {
      const keys = Object.keys(value)
      const fields = keys.slice(0, MAX_SIGNATURE_PROPERTIES).map((key) => {
        const literal = this.renderLiteral(value[key], depth + 1)
        return this.language === "lua" ? `${this.renderKey(key)} = ${literal}` : `${this.renderKey(key)}: ${literal}`
      })
      if (keys.length > fields.length) fields.push("…")
      if (fields.length === 0) return "{}"
      return `{ ${fields.join(this.language === "lua" ? ", " : "; ")} }`
    }
    return JSON.stringify(value) ?? this.spelling.any
  }

  private renderEnum(values: ReadonlyArray<unknown>): string {
    if (values.length === 0) return "never"
    return joinUnion(
      values.map((value) => this.renderLiteral(value)),
      this.spelling.null,
    )
  }

  private renderUnion(branches: ReadonlyArray<unknown>, depth: number, indent: string): string {
    const members = branches.map((branch) => this.render(asNode(branch), depth + 1, indent))
    if (members.includes(this.spelling.any)) return this.spelling.any
    return joinUnion(members, this.spelling.null)
  }

  /** Objects that are all objects merge into one; anything else reads as an intersection. */
  private renderAllOf(node: JsonSchemaDocument, depth: number, indent: string): string {
    const { allOf, ...own } = node
    const parts = [own, ...(allOf as ReadonlyArray<unknown>).map((branch) => this.references.dereference(asNode(branch)))]
    const structured = parts.filter((part) => part === false || (isObject(part) && STRUCTURAL.some((keyword) => keyword in part)))
    if (structured.every(isObjectLike)) return this.render(mergeObjects(structured as Array<JsonSchemaDocument>), depth, indent)
    const members = [...new Set(structured.map((part) => this.render(part, depth + 1, indent)))]
    if (members.length === 0) return this.spelling.any
    return members.map((member) => (member.includes(" | ") ? `(${member})` : member)).join(" & ")
  }

  private renderArray(node: JsonSchemaDocument, depth: number, indent: string): string {
    const tuple = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined
    if (tuple !== undefined) {
      const elements = tuple.map((element) => this.render(asNode(element), depth + 1, indent))
      // Draft 2020-12 spells the rest `items` after `prefixItems`; drafts up to 07, `additionalItems`.
      const after = Array.isArray(node.items) ? node.additionalItems : node.items
      const rest = after === undefined || after === false ? undefined : after
      if (rest !== undefined) {
        const restType = this.render(asNode(rest), depth + 1, indent)
        elements.push(this.language === "lua" ? `${restType}, ...` : `...${arrayOf(restType)}`)
      }
      return this.language === "lua" ? `{ ${elements.join(", ")} }` : `[${elements.join(", ")}]`
    }
    const element = this.render(asNode(node.items), depth + 1, indent)
    return this.language === "lua" ? `{ ${element}, ... }` : arrayOf(element)
  }

  private renderObject(node: JsonSchemaDocument, depth: number, indent: string): string {
    const inner = `${indent}  `
    const properties = isObject(node.properties) ? Object.entries(node.properties) : []
    const required = new Set(Array.isArray(node.required) ? node.required : [])
    const fields: Array<{ readonly text: string; readonly comment: string | undefined }> = []
    for (const [key, schema] of properties.slice(0, MAX_SIGNATURE_PROPERTIES)) {
      const type = this.render(asNode(schema), depth + 1, inner)
      const optional = required.has(key) ? "" : "?"
      const name = this.renderKey(key)
      fields.push({
        text: this.language === "lua" ? `${name}${optional} = ${type}` : `${name}${optional}: ${type}`,
        comment: describe(asNode(schema)),
      })
    }
    const index = this.renderIndexType(node, properties.length > 0, depth, inner)
    if (index !== undefined) {
      fields.push({
        text: this.language === "lua" ? `[string] = ${index}` : `[key: string]: ${index}`,
        comment: undefined,
      })
    }
    const omitted = properties.length - Math.min(properties.length, MAX_SIGNATURE_PROPERTIES)
    if (fields.length === 0) return "{}"
    const inline = this.language === "lua" ? `{ ${fields.map((field) => field.text).join(", ")} }` : `{ ${fields.map((field) => field.text).join("; ")} }`
    const fitsOnOneLine =
      omitted === 0 && fields.every((field) => field.comment === undefined) && !inline.includes("\n") && inline.length <= INLINE_OBJECT_WIDTH
    if (fitsOnOneLine) return inline
    const lines = fields.map((field) => inner + this.layoutField(field.text, field.comment))
    if (omitted > 0) lines.push(`${inner}${this.spelling.comment} … and ${omitted} more properties`)
    return `{\n${lines.join("\n")}\n${indent}}`
  }

  /** The value type of keys beyond the listed properties, when the schema says something about them. */
  private renderIndexType(node: JsonSchemaDocument, hasProperties: boolean, depth: number, indent: string): string | undefined {
    const additional = node.additionalProperties
    const patterns = isObject(node.patternProperties) ? Object.values(node.patternProperties) : []
    const schemas = [...patterns, ...(isObject(additional) ? [additional] : [])]
    if (schemas.length > 0) return this.renderUnion(schemas, depth, indent)
    if (hasProperties || additional === false || isObject(node.properties)) return undefined
    return this.spelling.any
  }

  /** One field per line; its comment goes on the field's first line, Lua's comma after its last. */
  private layoutField(text: string, comment: string | undefined): string {
    const suffix = comment === undefined ? "" : ` ${this.spelling.comment} ${comment}`
    const newline = text.indexOf("\n")
    if (this.language === "lua") {
      return newline < 0 ? `${text},${suffix}` : `${text.slice(0, newline)}${suffix}${text.slice(newline)},`
    }
    return newline < 0 ? `${text}${suffix}` : `${text.slice(0, newline)}${suffix}${text.slice(newline)}`
  }

  private renderKey(key: string): string {
    if (isPropertyIdentifier(key, this.language)) return key
    return this.language === "lua" ? `[${JSON.stringify(key)}]` : JSON.stringify(key)
  }

  /** OpenAPI 3.0 spells "or null" as `nullable: true`. */
  private withNullable(node: JsonSchemaDocument, type: string): string {
    return node.nullable === true ? joinUnion([type, this.spelling.null], this.spelling.null) : type
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const asNode = (value: unknown): JsonSchemaNode =>
  typeof value === "boolean" ? value : isObject(value) ? (value as JsonSchemaDocument) : true

const isStructural = (branch: unknown): boolean =>
  typeof branch === "boolean" || (isObject(branch) && STRUCTURAL.some((keyword) => keyword in branch))

const isObjectLike = (part: JsonSchemaNode): boolean =>
  isObject(part) &&
  (part.type === "object" || (part.type === undefined && (isObject(part.properties) || part.additionalProperties !== undefined))) &&
  part.anyOf === undefined &&
  part.oneOf === undefined &&
  part.allOf === undefined

const mergeObjects = (parts: ReadonlyArray<JsonSchemaDocument>): JsonSchemaDocument => {
  const properties: Record<string, unknown> = {}
  const required = new Set<unknown>()
  let additionalProperties: unknown = undefined
  for (const part of parts) {
    if (isObject(part.properties)) Object.assign(properties, part.properties)
    if (Array.isArray(part.required)) for (const key of part.required) required.add(key)
    if (isObject(part.additionalProperties) || part.additionalProperties === false) additionalProperties = part.additionalProperties
  }
  return { type: "object", properties, required: [...required], ...(additionalProperties === undefined ? {} : { additionalProperties }) }
}

const arrayOf = (element: string): string =>
  element.includes(" | ") || element.includes(" & ") ? `(${element})[]` : `${element}[]`

/** Joins union members: duplicates removed, `null` last, long unions cut with a count. */
const joinUnion = (members: ReadonlyArray<string>, nullSpelling: string): string => {
  const unique = [...new Set(members)]
  const ordered = [...unique.filter((member) => member !== nullSpelling), ...unique.filter((member) => member === nullSpelling)]
  if (ordered.length <= MAX_SIGNATURE_UNION_MEMBERS) return ordered.join(" | ")
  const shown = ordered.slice(0, MAX_SIGNATURE_UNION_MEMBERS)
  return `${shown.join(" | ")} | … (${ordered.length - shown.length} more)`
}

/** A field's comment: description, format, default and bounds, on one safe line. */
const describe = (node: JsonSchemaNode): string | undefined => {
  if (!isObject(node)) return undefined
  const parts: Array<string> = []
  if (typeof node.description === "string" && node.description.trim() !== "") parts.push(node.description)
  else if (typeof node.title === "string" && node.title.trim() !== "") parts.push(node.title)
  if (node.deprecated === true) parts.push("deprecated")
  if (typeof node.format === "string") parts.push(`format: ${node.format}`)
  if ("default" in node) parts.push(`default: ${shorten(JSON.stringify(node.default) ?? "", 40)}`)
  const bound = (keyword: string, label: string) => {
    if (typeof node[keyword] === "number") parts.push(`${label} ${node[keyword] as number}`)
  }
  bound("minimum", ">=")
  bound("exclusiveMinimum", ">")
  bound("maximum", "<=")
  bound("exclusiveMaximum", "<")
  bound("minLength", "length >=")
  bound("maxLength", "length <=")
  if (!Array.isArray(node.prefixItems)) {
    bound("minItems", "items >=")
    bound("maxItems", "items <=")
  }
  if (typeof node.pattern === "string") parts.push(`pattern: ${shorten(node.pattern, 40)}`)
  if (parts.length === 0) return undefined
  return shorten(sanitizeComment(parts.join("; ")), MAX_COMMENT_LENGTH)
}

/** Host text inside a comment: one line, and unable to end a block comment. */
export const sanitizeComment = (text: string): string =>
  text.replace(/\s+/gu, " ").trim().replace(/\*\//g, "* /")

const shorten = (text: string, length: number): string =>
  text.length <= length ? text : `${text.slice(0, length - 1)}…`
