/**
 * An operation plan becomes a tool: a description, an input and an output JSON Schema document,
 * and an `execute` that calls the operation.
 *
 * The tools are made with `Tool.make` and JSON Schema contracts, the same public face any host
 * uses. JSON Schema contracts shape the signature and nothing else, which is what the reference
 * asks of OpenAPI tools: a body is sent as the program wrote it, a response reaches the program as
 * the server sent it, and the checks that matter for safety (where values go, how they are encoded)
 * are made by the adapter itself in `request.ts`.
 *
 * The input schema is the documented shape: one property per parameter (its description, and
 * where it goes when that is not the path or query, as the field comment) and the JSON body under
 * `body`. The output schema is the success response's schema, several success responses as a
 * union, plain text as a string, and no content as null.
 */

import { Tool } from "../catalog/tool.js"
import { callOperation, type CallSettings } from "./call.js"
import type { OperationPlan } from "./operations.js"
import type { SchemaConverter, SchemaNode } from "./schemas.js"

/** Longest tool description kept from an operation's summary and description. */
const MAX_DESCRIPTION = 400

export const makeOperationTool = <E, R>(plan: OperationPlan, converter: SchemaConverter, settings: CallSettings<E, R>) =>
  Tool.make({
    description: describeOperation(plan),
    input: inputSchema(plan, converter),
    output: outputSchema(plan, converter),
    execute: (input: unknown) => callOperation(plan, settings, input),
  })

const inputSchema = (plan: OperationPlan, converter: SchemaConverter): { [keyword: string]: unknown } => {
  const refs: Array<string> = []
  const properties: Record<string, SchemaNode> = {}
  const required: Array<string> = []
  for (const parameter of plan.parameters) {
    const schema = converter.node(parameter.schema ?? { type: "string" }, "request", refs)
    const notes = [parameter.description, parameter.location === "header" || parameter.location === "cookie" ? `(${parameter.location})` : undefined]
      .filter((note) => note !== undefined)
      .join(" ")
    properties[parameter.key] = annotate(schema, notes, parameter.deprecated)
    if (parameter.required) required.push(parameter.key)
  }
  if (plan.body !== undefined) {
    properties.body = annotate(converter.node(plan.body.schema ?? {}, "request", refs), plan.body.description ?? "", false)
    if (plan.body.required) required.push("body")
  }
  const schema = required.length === 0 ? { type: "object", properties } : { type: "object", properties, required }
  return converter.document(schema, refs, "request")
}

const outputSchema = (plan: OperationPlan, converter: SchemaConverter): { [keyword: string]: unknown } | undefined => {
  if (plan.responses.length === 0) return undefined
  const refs: Array<string> = []
  const branches: Array<SchemaNode> = []
  const seen = new Set<string>()
  for (const response of plan.responses) {
    const branch: SchemaNode =
      response.kind === "none"
        ? { type: "null" }
        : response.kind === "text"
          ? { type: "string" }
          : converter.node(response.schema ?? {}, "response", refs)
    const key = JSON.stringify(branch)
    if (!seen.has(key)) branches.push(branch)
    seen.add(key)
  }
  const schema = branches.length === 1 ? branches[0] : { anyOf: branches }
  return converter.document(schema, refs, "response")
}

const annotate = (schema: SchemaNode, description: string, deprecated: boolean): SchemaNode => {
  if (typeof schema === "boolean" || (description === "" && !deprecated)) return schema
  const out: { [keyword: string]: unknown } = { ...schema }
  if (description !== "") out.description = description
  if (deprecated) out.deprecated = true
  return out
}

const describeOperation = (plan: OperationPlan): string => {
  const parts = [plan.summary, firstParagraph(plan.description)].filter((part): part is string => part !== undefined)
  if (parts.length === 2 && parts[1].startsWith(parts[0].replace(/\.$/, ""))) parts.shift()
  let text = parts.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(" ")
  if (text === "") text = `${plan.label}.`
  if (plan.deprecated) text = `Deprecated. ${text}`
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 3).trimEnd()}...` : text
}

const firstParagraph = (text: string | undefined): string | undefined => {
  if (text === undefined) return undefined
  const paragraph = text.split(/\n\s*\n/)[0].replace(/\s+/g, " ").trim()
  return paragraph === "" ? undefined : paragraph
}
