/**
 * A tool: a description the model reads, an input and optional output contract, and an Effect.
 *
 * The contract is an Effect Schema, a Standard Schema (zod, valibot, arktype, ...) or a JSON
 * Schema document, and they mean different things on purpose. An Effect Schema is enforced: the
 * program's input is decoded before `execute` runs (so `execute` receives the schema's `Type`,
 * Dates and all), and the tool's result is checked against the output schema and turned into its
 * JSON form before the program sees it. A Standard Schema is enforced through its own
 * `~standard.validate` (standard-schema.ts). A JSON Schema document only shapes the signature the
 * model reads; values cross unchecked except that they must be plain data. That split lets hosts
 * bring OpenAPI or MCP schemas as they are, while tools written with a schema library get real
 * validation for free.
 *
 * Nothing else is a contract. An object that is none of the three — a zod 3 schema (no Standard
 * Schema face), a JSON Schema with `type: "strng"` or a keyword no draft defines — is a
 * `TypeError` here, naming the place (json-schema-check.ts), rather than a silent `any`.
 *
 * `execute` should return an Effect. A Promise or a plain value is accepted and wrapped (a
 * rejection is the tool's failure, like `Effect.fail`), because a host bug that only shows at the
 * first call would be reported to the model as a `ToolFailure` it can do nothing about.
 *
 * Types flow through: `Tool.make` infers the input from the schema and the error and requirements
 * from what `execute` returns, so a runtime built from a tools tree knows which services the caller
 * must provide (`ToolRequirements` in `namespace.ts`). A schema that needs services to decode or
 * encode adds them to the tool's requirements too.
 *
 * A tool may need a person's yes before it runs (`needsApproval`: `true`, or a policy of the decoded
 * input returning a boolean or an Effect of one). The tool only says so; the pool pauses the
 * program at such a call and resumes it from a signed token (pool/approvals.ts).
 *
 * A tool knows nothing of where it is mounted: its path comes from the key it sits under, so the
 * same tool may appear at two paths.
 */

import { Effect, Schema } from "effect"
import { checkJsonSchemaDocument } from "./json-schema-check.js"
import * as Messages from "./messages.js"
import { isStandardSchema, type StandardInput, type StandardOutput, type StandardSchemaV1 } from "./standard-schema.js"

/** A JSON Schema given as a plain object (draft 2020-12, draft 07 and OpenAPI 3.0 keywords are read). */
export interface JsonSchemaDocument {
  readonly [keyword: string]: unknown
}

/** How a tool states its input or output: an enforced Effect or Standard Schema, or a render-only JSON Schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: a Standard Schema of any types
export type ToolSchema = Schema.Top | StandardSchemaV1<any, any> | JsonSchemaDocument

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
  /** Whether this call needs an approval first (absent: never); an Effect so a policy may look things up. */
  readonly needsApproval: ((input: I) => Effect.Effect<boolean, unknown, R>) | undefined
}

/** Any tool, whatever its types: what a tools tree holds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
export type AnyTool = Tool<any, any, any, any>

/** Any Standard Schema, whatever its types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: a Standard Schema of any types
type AnyStandardSchema = StandardSchemaV1<any, any>

/** What `execute` receives for a given input contract. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
export type InputOf<S> = S extends Schema.Top ? S["Type"] : S extends AnyStandardSchema ? StandardOutput<S> : any

/** What `execute` must produce for a given output contract (anything when there is none). */
export type OutputOf<S> = S extends Schema.Top ? S["Type"] : S extends AnyStandardSchema ? StandardInput<S> : unknown

/**
 * What `execute` may return: an Effect, a Promise, or (with an output contract) the value itself.
 * Without one the plain form is left out of the type, so the Effect's error and requirements are
 * still inferred; at run time a plain value is accepted either way.
 */
export type ExecuteReturn<O, E, R> = Effect.Effect<O, E, R> | PromiseLike<O> | (unknown extends O ? never : O)

/** Services the schemas themselves need: decoding the input, encoding the output to JSON. */
export type SchemaServices<In, Out> =
  | (In extends Schema.Top ? In["DecodingServices"] : never)
  | (Out extends Schema.Top ? Out["EncodingServices"] : never)

export interface ToolOptions<In extends ToolSchema, Out extends ToolSchema | undefined, E, R> {
  /** What the tool does, for the model. Keep it to a sentence or two. */
  readonly description: string
  readonly input: In
  readonly output?: Out
  readonly execute: (input: InputOf<In>) => ExecuteReturn<OutputOf<Out>, E, R>
  /**
   * Ask for an approval before the call runs: `true` for every call, or a policy of the decoded
   * input returning a boolean or an Effect of one. The program pauses at such a call and the host
   * resumes it with `runtime.resume(token, decision)`.
   */
  readonly needsApproval?: boolean | ((input: InputOf<In>) => boolean | Effect.Effect<boolean, unknown, R>)
}

/** Every key `Tool.make` reads; any other is a `TypeError` (a misspelt option must not be ignored). */
const TOOL_OPTION_KEYS: ReadonlySet<string> = new Set(["description", "input", "output", "execute", "needsApproval"])

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
  for (const key of Object.keys(options)) {
    if (!TOOL_OPTION_KEYS.has(key)) throw new TypeError(Messages.invalidToolOption(key, `is not an option (known: ${[...TOOL_OPTION_KEYS].join(", ")})`))
  }
  const needsApproval = approvalPolicy(options.needsApproval as ToolOptions<In, Out, E, R>["needsApproval"])
  return Object.freeze({
    [ToolTypeId]: ToolTypeId,
    description: options.description,
    input: options.input,
    output: options.output,
    execute: asEffect(options.execute as (input: unknown) => unknown),
    needsApproval,
  }) as Tool<InputOf<In>, OutputOf<Out>, E, R | SchemaServices<In, Out>>
}

/** `needsApproval` as the dispatcher calls it: an Effect of a boolean, or absent when no call needs one. */
const approvalPolicy = (option: unknown): ((input: unknown) => Effect.Effect<boolean, unknown, unknown>) | undefined => {
  if (option === undefined || option === false) return undefined
  if (option === true) return () => Effect.succeed(true)
  if (typeof option !== "function") {
    throw new TypeError(Messages.invalidToolOption("needsApproval", `must be a boolean or a function of the input returning a boolean or an Effect of one, got ${describeContract(option)}`))
  }
  const policy = asEffect(option as (input: unknown) => unknown)
  return (input) =>
    Effect.flatMap(policy(input), (answer) =>
      typeof answer === "boolean"
        ? Effect.succeed(answer)
        : Effect.die(new TypeError(`needsApproval returned ${answer === null ? "null" : typeof answer}, not a boolean`)),
    )
}

const checkSchemaOption = (option: string, value: unknown): void => {
  if (Schema.isSchema(value) || isStandardSchema(value)) return
  if (isPlainObject(value)) {
    const problem = checkJsonSchemaDocument(value, option)
    if (problem === undefined) return
    throw new TypeError(Messages.invalidToolOption(option, `is not a valid JSON Schema: ${problem}`))
  }
  throw new TypeError(Messages.invalidToolOption(option, `must be an Effect Schema, a Standard Schema (zod 4, valibot, arktype) or a JSON Schema object, got ${describeContract(value)}`))
}

const describeContract = (value: unknown): string => {
  if (value === null) return "null"
  if (typeof value === "function") return "a function"
  if (typeof value !== "object") return typeof value
  if (Array.isArray(value)) return "an array"
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name
  const zod3 = typeof (value as { _def?: unknown })._def === "object" && typeof (value as { safeParse?: unknown }).safeParse === "function"
  if (zod3) return "a zod 3 schema (no Standard Schema interface; use zod >= 3.24 or zod 4)"
  return typeof name === "string" && name !== "" ? `an instance of ${name}` : "an object with a prototype"
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** A plain object that is neither an Effect Schema nor a Standard Schema: read as a JSON Schema document. */
export const isJsonSchemaDocument = (value: unknown): value is JsonSchemaDocument =>
  isPlainObject(value) && !Schema.isSchema(value) && !isStandardSchema(value)

/**
 * `execute` as the dispatcher calls it: always an Effect. A Promise becomes an Effect that fails
 * with its rejection; a plain value one that succeeds with it; a throw stays a throw (a defect the
 * dispatcher reports as the call's failure).
 */
const asEffect = (execute: (input: unknown) => unknown) =>
  function executeAsEffect(input: unknown): Effect.Effect<unknown, unknown, unknown> {
    const returned = execute(input)
    if (Effect.isEffect(returned)) return returned as Effect.Effect<unknown, unknown, unknown>
    if (returned !== null && typeof returned === "object" && typeof (returned as PromiseLike<unknown>).then === "function") {
      return Effect.tryPromise({ try: () => Promise.resolve(returned), catch: (error) => error })
    }
    return Effect.succeed(returned)
  }

const isTool = (value: unknown): value is AnyTool =>
  typeof value === "object" && value !== null && (value as { [ToolTypeId]?: unknown })[ToolTypeId] === ToolTypeId

export const Tool = {
  /** Defines a tool. Throws a `TypeError` at once when an option has the wrong shape. */
  make,
  /** Whether a value was made by `Tool.make`. */
  is: isTool,
} as const
