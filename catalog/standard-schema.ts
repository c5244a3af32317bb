/**
 * Standard Schema contracts: zod, valibot, arktype and any other library that implements the
 * Standard Schema interface (`~standard`, version 1).
 *
 * Such a schema is enforced the way an Effect Schema is: the program's input goes through
 * `~standard.validate` before `execute` runs (so `execute` receives the library's output type,
 * transforms applied), and the tool's result goes through the output schema's `validate` before
 * the program sees it, then is copied as plain data. `validate` may answer with a Promise (an
 * async refinement); both are awaited the same way. Issues become the same field-level messages
 * Effect Schema issues do (`input.id: Expected string`), by their `path`.
 *
 * The signature the model reads comes from the library's own JSON Schema when it publishes one
 * through Standard JSON Schema (`~standard.jsonSchema.input` / `.output`, which zod 4 provides);
 * a library that does not (valibot without its converter) gets an open signature, and its values
 * are still validated. The interface is declared here rather than imported: it is a published
 * shape meant to be copied, and the runtime needs no library to read it.
 */

import { Effect } from "effect"
import type { JsonSchemaDocument } from "./tool.js"
import { formatDataPath } from "../protocol/data-path.js"

/** The Standard Schema v1 interface, as far as this runtime reads it. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
    readonly jsonSchema?: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>
      readonly output: (options: { readonly target: string }) => Record<string, unknown>
    }
  }
}

type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> }

interface StandardIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
}

/** Whether a value implements Standard Schema v1 (checked before it could be read as JSON Schema). */
export const isStandardSchema = (value: unknown): value is StandardSchemaV1 => {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false
  const props = (value as { "~standard"?: unknown })["~standard"]
  return (
    typeof props === "object" &&
    props !== null &&
    (props as { version?: unknown }).version === 1 &&
    typeof (props as { validate?: unknown }).validate === "function"
  )
}

/** The schema's input or output type, when its library declares them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: infer one side whatever the other
export type StandardInput<S> = S extends StandardSchemaV1<infer I, any> ? I : never
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: infer one side whatever the other
export type StandardOutput<S> = S extends StandardSchemaV1<any, infer O> ? O : never

/**
 * Validates `value`: the library's output on success, or the issues as field-level sentences
 * rooted at `root` (`input`, `output`). A `validate` that throws is a failure naming the library.
 */
export const validateStandard = (
  schema: StandardSchemaV1,
  value: unknown,
  root: string,
): Effect.Effect<unknown, ReadonlyArray<string>> =>
  Effect.flatMap(
    Effect.tryPromise({
      try: async () => schema["~standard"].validate(value),
      catch: (error) => [`${root}: the ${schema["~standard"].vendor} schema's validate threw: ${error instanceof Error ? error.message : String(error)}`],
    }),
    (result) => (result.issues === undefined ? Effect.succeed(result.value) : Effect.fail(result.issues.map((issue) => describeIssue(issue, root)))),
  )

const describeIssue = (issue: StandardIssue, root: string): string => {
  const segments = (issue.path ?? []).map((segment) => {
    const key = typeof segment === "object" && segment !== null ? segment.key : segment
    return typeof key === "symbol" ? String(key) : (key as string | number)
  })
  return `${formatDataPath(root, segments, "javascript")}: ${issue.message}`
}

/**
 * The JSON Schema a Standard Schema publishes for its input (what the program sends) or its
 * output (what the program receives), or an open schema when the library publishes none or
 * cannot describe this one.
 */
export const standardJsonSchema = (schema: StandardSchemaV1, side: "input" | "output"): JsonSchemaDocument => {
  const converter = schema["~standard"].jsonSchema
  if (converter === undefined || typeof converter[side] !== "function") return {}
  for (const target of ["draft-2020-12", "draft-07"]) {
    try {
      const document = converter[side]({ target })
      if (typeof document === "object" && document !== null) {
        const { $schema: _dialect, ...rest } = document
        return rest
      }
    } catch {
      // The library cannot describe this schema for this target; try the next, then give up.
    }
  }
  return {}
}
