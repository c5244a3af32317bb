/**
 * Checking what crosses a tool's edges: the program's input on the way in, the tool's result on
 * the way out.
 *
 * Both directions go through the schema's canonical JSON codec (`Schema.toCodecJson`), because the
 * program lives in JSON: input arrives as JSON and is decoded to the schema's `Type` (an ISO string
 * becomes a `Date` for a `Schema.Date` field), and the tool's result, a `Type`, is checked and
 * encoded back to its JSON form, which is exactly what the signature (rendered from the same
 * codec's JSON Schema) promised. Properties the schema does not declare are dropped on the way
 * out, so a tool cannot leak fields its contract does not name. Either way the result is then
 * copied as plain data. A Standard Schema (zod, valibot, ...) is enforced through its own
 * `~standard.validate` both ways, its issues named by path the same way (standard-schema.ts). A
 * JSON Schema document is not enforced: values are only copied.
 *
 * Failures are tagged errors whose `message` lists the fields at fault by path
 * (`input.id: Expected string, got 42`). Input messages quote the offending value, since the program
 * wrote it; output messages do not, so a failing tool cannot leak through its error what its
 * contract would have dropped.
 */

import { Data, Effect, Schema, SchemaIssue } from "effect"
import type { DataValue } from "../protocol/data.js"
import { MAX_ISSUE_LENGTH, MAX_REPORTED_ISSUES } from "./limits.js"
import * as Messages from "./messages.js"
import { formatDataPath } from "../protocol/data-path.js"
import { copyPlainData, type NonFiniteNote } from "./plain-copy.js"
import { isStandardSchema, validateStandard } from "./standard-schema.js"
import type { Tool, ToolSchema } from "./tool.js"

/** The program's input did not decode; `message` names the fields (`input.id: Expected string, got 42`). */
export class InvalidToolInput extends Data.TaggedError("InvalidToolInput")<{
  readonly message: string
  readonly issues: ReadonlyArray<string>
}> {}

/** The tool's result did not match its output schema or was not plain data. */
export class InvalidToolOutput extends Data.TaggedError("InvalidToolOutput")<{
  readonly message: string
  readonly issues: ReadonlyArray<string>
}> {}

/** Decodes a program's input for `tool`: the schema's `Type` for an Effect Schema, a plain copy otherwise. */
export const decodeInput = <I, O, E, R>(tool: Tool<I, O, E, R>, input: unknown): Effect.Effect<I, InvalidToolInput, R> => {
  const schema = tool.input
  if (isStandardSchema(schema) && !Schema.isSchema(schema)) {
    return Effect.flatMap(copyInput(input), (copy) =>
      Effect.mapError(validateStandard(schema, copy, "input"), inputError),
    ) as Effect.Effect<I, InvalidToolInput, R>
  }
  if (!Schema.isSchema(schema)) {
    return Effect.suspend(() => {
      const copy = copyPlainData(input, "input")
      return copy.ok ? Effect.succeed(copy.value as I) : Effect.fail(inputError([copy.message]))
    })
  }
  const codec = jsonCodec(schema)
  return Effect.catchEager(codec.decode(input, FIRST_ISSUE), () =>
    codec.decode(input, INPUT_OPTIONS).pipe(Effect.mapError((error) => inputError(describeIssues("input", error.issue)))),
  ) as Effect.Effect<I, InvalidToolInput, R>
}

/**
 * Checks a tool's result and returns what the program will see: the JSON form of the output
 * schema's `Type` for an Effect Schema, a plain copy otherwise (also without an output schema).
 */
export const decodeOutput = <I, O, E, R>(
  tool: Tool<I, O, E, R>,
  output: unknown,
  onNonFinite?: NonFiniteNote,
): Effect.Effect<DataValue, InvalidToolOutput, R> => {
  const copyOutput = (value: unknown) => copyOutputData(value, onNonFinite)
  const schema = tool.output
  if (isStandardSchema(schema) && !Schema.isSchema(schema)) {
    return Effect.flatMap(Effect.mapError(validateStandard(schema, output, "output"), outputError), copyOutput)
  }
  if (schema === undefined || !Schema.isSchema(schema)) return Effect.suspend(() => copyOutput(output))
  const codec = jsonCodec(schema)
  return Effect.flatMapEager(
    Effect.catchEager(codec.encode(output, FIRST_ISSUE), () =>
      codec.encode(output, OUTPUT_OPTIONS).pipe(Effect.mapError((error) => outputError(describeIssues("output", error.issue)))),
    ),
    copyOutput,
  ) as Effect.Effect<DataValue, InvalidToolOutput, R>
}

const copyInput = (value: unknown): Effect.Effect<unknown, InvalidToolInput> =>
  Effect.suspend(() => {
    const copy = copyPlainData(value, "input")
    return copy.ok ? Effect.succeed(copy.value) : Effect.fail(inputError([copy.message]))
  })

const copyOutputData = (value: unknown, onNonFinite: NonFiniteNote | undefined): Effect.Effect<DataValue, InvalidToolOutput> => {
  const copy = copyPlainData(value, "output", undefined, onNonFinite)
  return copy.ok ? Effect.succeed(copy.value) : Effect.fail(outputError([copy.message]))
}

/**
 * Values are checked first under the default parse options, where Effect's parser takes its fast
 * path (a struct's fields checked in a plain loop that returns an `Exit`, where collecting every
 * issue runs a generator per value). Only a value that fails is checked again with every issue
 * collected and the input quoted, for the message: the options decide which issues are reported,
 * never whether a value decodes or what it decodes to.
 */
const FIRST_ISSUE = {} as const
const INPUT_OPTIONS = { errors: "all", reportInput: true } as const
const OUTPUT_OPTIONS = { errors: "all" } as const

const inputError = (issues: ReadonlyArray<string>) =>
  new InvalidToolInput({ message: Messages.schemaIssues(issues, MAX_REPORTED_ISSUES), issues })

const outputError = (issues: ReadonlyArray<string>) =>
  new InvalidToolOutput({ message: Messages.schemaIssues(issues, MAX_REPORTED_ISSUES), issues })

// ---------------------------------------------------------------------------------------------
// The JSON codec of a schema, derived once per schema.

interface JsonCodec {
  readonly decode: (input: unknown, options: typeof INPUT_OPTIONS | typeof FIRST_ISSUE) => Effect.Effect<unknown, Schema.SchemaError, unknown>
  readonly encode: (value: unknown, options: typeof OUTPUT_OPTIONS | typeof FIRST_ISSUE) => Effect.Effect<unknown, Schema.SchemaError, unknown>
}

const codecs = new WeakMap<Schema.Top, JsonCodec>()

const jsonCodec = (schema: Schema.Top): JsonCodec => {
  let codec = codecs.get(schema)
  if (codec === undefined) {
    const json = Schema.toCodecJson(schema)
    codec = { decode: Schema.decodeUnknownEffect(json), encode: Schema.encodeUnknownEffect(json) }
    codecs.set(schema, codec)
  }
  return codec
}

/** Whether a tool's schema is enforced (an Effect or Standard Schema) or only rendered (a JSON Schema document). */
export const isEnforced = (schema: ToolSchema | undefined): boolean =>
  schema !== undefined && (Schema.isSchema(schema) || isStandardSchema(schema))

// ---------------------------------------------------------------------------------------------
// Issue messages

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

const describeIssues = (root: string, issue: SchemaIssue.Issue): ReadonlyArray<string> =>
  formatter(issue).issues.map((entry) =>
    Messages.schemaIssue(
      formatDataPath(root, (entry.path ?? []).map((segment) => (typeof segment === "object" ? segment.key : segment)), "javascript"),
      readableIssue(entry.message),
    ),
  )

/**
 * The JSON codec lets a number travel as the strings "Infinity", "-Infinity" and "NaN"; Effect's
 * messages then list those strings where a reader expects `number`. Say `number` instead.
 */
const NON_FINITE_SPELLINGS = /(number \| )?"Infinity" \| "-Infinity" \| "NaN"/g

const readableIssue = (message: string): string => {
  const readable = message.replace(NON_FINITE_SPELLINGS, "number")
  return readable.length <= MAX_ISSUE_LENGTH ? readable : `${readable.slice(0, MAX_ISSUE_LENGTH - 1)}…`
}
