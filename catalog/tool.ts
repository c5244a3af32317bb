/**
 * A tool: a description the model reads, an input and optional output contract, and an Effect.
 *
 * The contract is either an Effect Schema or a JSON Schema document, and the two mean different
 * things on purpose. An Effect Schema is enforced: the program's input is decoded before `execute`
 * runs (so `execute` receives the schema's `Type`, Dates and all), and the tool's result is checked
 * against the output schema and turned into its JSON form before the program sees it. A JSON Schema
 * document only shapes the signature the model reads; values cross unchecked except that they must
 * be plain data. That split lets hosts bring OpenAPI or MCP schemas as they are, while tools written
 * in Effect get real validation for free.
 *
 * Types flow through: `Tool.make` infers the input from the schema and the error and requirements
 * from what `execute` returns, so a runtime built from a tools tree knows which services the caller
 * must provide (`ToolRequirements` in `namespace.ts`). A schema that needs services to decode or
 * encode adds them to the tool's requirements too.
 *
 * A tool knows nothing of where it is mounted: its path comes from the key it sits under, so the
 * same tool may appear at two paths.
 */

import { type Effect, Schema } from "effect"
import * as Messages from "./messages.js"

/** A JSON Schema given as a plain object (draft 2020-12, draft 07 and OpenAPI 3.0 keywords are read). */
export interface JsonSchemaDocument {
  readonly [keyword: string]: unknown
}

/** How a tool states its input or output: an enforced Effect Schema or a render-only JSON Schema. */
export type ToolSchema = Schema.Top | JsonSchemaDocument

const ToolTypeId: unique symbol = Symbol.for("codemode/Tool") as never

/**
 * A tool whose `execute` takes `I` and produces an Effect of `O`, failing with `E` and requiring `R`
 * (which includes any services its schemas need to decode and encode).
 */
export interface Tool<in I, out O, out E, out R> {
  readonly [ToolTypeId]: typeof ToolTypeId
  readonly description: string
  readonly input: ToolSchema
  readonly output: ToolSchema | undefined
  readonly execute: (input: I) => Effect.Effect<O, E, R>
}

/** Any tool, whatever its types: what a tools tree holds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
export type AnyTool = Tool<any, any, any, any>

/** What `execute` receives for a given input contract. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
export type InputOf<S> = S extends Schema.Top ? S["Type"] : any

/** What `execute` must produce for a given output contract (anything when there is none). */
export type OutputOf<S> = S extends Schema.Top ? S["Type"] : unknown

/** Services the schemas themselves need: decoding the input, encoding the output to JSON. */
export type SchemaServices<In, Out> =
  | (In extends Schema.Top ? In["DecodingServices"] : never)
  | (Out extends Schema.Top ? Out["EncodingServices"] : never)

export interface ToolOptions<In extends ToolSchema, Out extends ToolSchema | undefined, E, R> {
  /** What the tool does, for the model. Keep it to a sentence or two. */
  readonly description: string
  readonly input: In
  readonly output?: Out
  readonly execute: (input: InputOf<In>) => Effect.Effect<OutputOf<Out>, E, R>
}

const make = <In extends ToolSchema, Out extends ToolSchema | undefined = undefined, E = never, R = never>(
  options: ToolOptions<In, Out, E, R>,
): Tool<InputOf<In>, OutputOf<Out>, E, R | SchemaServices<In, Out>> => {
  if (typeof options !== "object" || options === null) {
    throw new TypeError(Messages.invalidToolOption("options", "must be an object"))
  }
  if (typeof options.description !== "string") {
    throw new TypeError(Messages.invalidToolOption("description", "must be a string"))
  }
  checkSchemaOption("input", options.input)
  if (options.output !== undefined) checkSchemaOption("output", options.output)
  if (typeof options.execute !== "function") {
    throw new TypeError(Messages.invalidToolOption("execute", "must be a function returning an Effect"))
  }
  return Object.freeze({
    [ToolTypeId]: ToolTypeId,
    description: options.description,
    input: options.input,
    output: options.output,
    execute: options.execute,
  }) as Tool<InputOf<In>, OutputOf<Out>, E, R | SchemaServices<In, Out>>
}

const checkSchemaOption = (option: string, value: unknown): void => {
  if (Schema.isSchema(value) || isJsonSchemaDocument(value)) return
  throw new TypeError(Messages.invalidToolOption(option, "must be an Effect Schema or a JSON Schema object"))
}

/** A plain object that is not an Effect Schema: read as a JSON Schema document. */
export const isJsonSchemaDocument = (value: unknown): value is JsonSchemaDocument => {
  if (typeof value !== "object" || value === null || Array.isArray(value) || Schema.isSchema(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

const isTool = (value: unknown): value is AnyTool =>
  typeof value === "object" && value !== null && (value as { [ToolTypeId]?: unknown })[ToolTypeId] === ToolTypeId

export const Tool = {
  /** Defines a tool. Throws a `TypeError` at once when an option has the wrong shape. */
  make,
  /** Whether a value was made by `Tool.make`. */
  is: isTool,
} as const
