/**
 * Whether a plain object is a JSON Schema document, decided by its keywords.
 *
 * A tool contract given as a plain object used to be read as a JSON Schema whatever it held, so a
 * typo (`type: "strng"`), a zod 3 object (which has no Standard Schema face) or an options object
 * passed by mistake all became a silent `any`: the model saw a wrong signature and no value was
 * ever checked. Now every keyword must be one JSON Schema defines — draft-07 or 2020-12 (and
 * 2019-09, which sits between them) — with a value of the kind that keyword takes, checked
 * through every subschema. OpenAPI 3.0's schema keywords (`nullable`, `discriminator`, `xml`,
 * `externalDocs`, `example`) and vendor extensions (`x-...`) are accepted too, since hosts bring
 * OpenAPI and MCP schemas as they are and the signature renderer reads them.
 *
 * The check is structural, not a meta-schema validation: it refuses what cannot be meant (an
 * unknown keyword, a type that does not exist, a negative `minLength`, a `pattern` that is not a
 * regular expression) and names the first offending place by path (`input.properties.id.type`),
 * so the host finds it in their own source. It runs once, at `Tool.make`, and reads data properties
 * only: a keyword behind a getter is checked by name, its value left to the lazy renderer.
 */

/** The first problem found, as a sentence naming its path; undefined when the document is well formed. */
export const checkJsonSchemaDocument = (document: Record<string, unknown>, root: string): string | undefined => {
  // An Effect `JsonSchema.Document` wraps the schema: { dialect, schema, definitions }.
  if (typeof document.dialect === "string" && isObject(document.schema)) {
    const inner = checkNode(document.schema)
    if (inner !== undefined) return sentence(root, inner)
    if (document.definitions === undefined) return undefined
    const definitions = schemaMap(document.definitions)
    return definitions === undefined ? undefined : sentence(`${root}.definitions`, definitions)
  }
  const problem = checkNode(document)
  return problem === undefined ? undefined : sentence(root, problem)
}

/**
 * A problem and where it is below the value checked. Paths are built only on the way out of a
 * failure (`within`), so checking a well-formed document concatenates no strings.
 */
interface Problem {
  path: string
  readonly text: string
}

const problem = (text: string): Problem => ({ path: "", text })
const within = (found: Problem | undefined, step: string): Problem | undefined => {
  if (found !== undefined) found.path = step + found.path
  return found
}
const sentence = (root: string, found: Problem): string => `${root}${found.path}: ${found.text}`

const TYPES = new Set(["null", "boolean", "object", "array", "number", "integer", "string"])

type Check = (value: unknown) => Problem | undefined

const schema: Check = (value) => checkNode(value)
const schemaMap: Check = (value) => (isObject(value) ? checkSchemaMap(value) : problem("must be an object of schemas"))
const schemaList: Check = (value) => {
  if (!Array.isArray(value) || value.length === 0) return problem("must be a non-empty array of schemas")
  for (let i = 0; i < value.length; i++) {
    const found = checkNode(value[i])
    if (found !== undefined) return within(found, `[${i}]`)
  }
  return undefined
}
const string: Check = (value) => (typeof value === "string" ? undefined : problem(`must be a string, got ${describe(value)}`))
const boolean: Check = (value) => (typeof value === "boolean" ? undefined : problem(`must be true or false, got ${describe(value)}`))
const number: Check = (value) => (typeof value === "number" && Number.isFinite(value) ? undefined : problem(`must be a number, got ${describe(value)}`))
const count: Check = (value) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : problem(`must be a non-negative integer, got ${describe(value)}`)
const anything: Check = () => undefined
const object: Check = (value) => (isObject(value) ? undefined : problem(`must be an object, got ${describe(value)}`))
const stringList: Check = (value) =>
  Array.isArray(value) && value.every((item) => typeof item === "string") ? undefined : problem("must be an array of strings")
const list: Check = (value) => (Array.isArray(value) ? undefined : problem(`must be an array, got ${describe(value)}`))

const type: Check = (value) => {
  if (typeof value === "string" && TYPES.has(value)) return undefined
  const names = Array.isArray(value) ? value : [value]
  if (names.length === 0) return problem("must name at least one type")
  for (const name of names) {
    if (typeof name !== "string" || !TYPES.has(name)) {
      return problem(`${JSON.stringify(name) ?? String(name)} is not a JSON Schema type (${[...TYPES].join(", ")})`)
    }
  }
  return new Set(names).size === names.length ? undefined : problem("lists a type twice")
}

const pattern: Check = (value) => {
  if (typeof value !== "string") return problem(`must be a regular expression string, got ${describe(value)}`)
  try {
    new RegExp(value, "u")
    return undefined
  } catch (error) {
    return problem(`${JSON.stringify(value)} is not a regular expression (${(error as Error).message})`)
  }
}

const multipleOf: Check = (value) =>
  typeof value === "number" && value > 0 && Number.isFinite(value) ? undefined : problem("must be a number greater than 0")

/** draft-07 `exclusiveMinimum` is a number; OpenAPI 3.0 (draft-04) writes a boolean beside `minimum`. */
const bound: Check = (value) => (typeof value === "boolean" ? undefined : number(value))

/** `items`: one schema (2020-12, and draft-07 for every item) or, in draft-07, a tuple of schemas. */
const items: Check = (value) => (Array.isArray(value) ? schemaList(value) : checkNode(value))

/** draft-07 `dependencies`: each value a schema or a list of property names. */
const dependencies: Check = (value) => {
  if (!isObject(value)) return problem("must be an object")
  for (const key of Object.keys(value)) {
    const entry = value[key]
    const found = Array.isArray(entry) ? stringList(entry) : checkNode(entry)
    if (found !== undefined) return within(found, step(key))
  }
  return undefined
}

const dependentRequired: Check = (value) => {
  if (!isObject(value)) return problem("must be an object")
  for (const key of Object.keys(value)) {
    const found = stringList(value[key])
    if (found !== undefined) return within(found, step(key))
  }
  return undefined
}

/** Every keyword a document may hold, and what its value must be. */
const KEYWORDS: Readonly<Record<string, Check>> = {
  // Core and identifiers (draft-07, 2019-09, 2020-12).
  $schema: string, $id: string, $ref: string, $comment: string, $anchor: string, $dynamicRef: string,
  $dynamicAnchor: string, $recursiveRef: string, $recursiveAnchor: boolean, $vocabulary: object,
  $defs: schemaMap, definitions: schemaMap,
  // Applicators.
  allOf: schemaList, anyOf: schemaList, oneOf: schemaList, not: schema, if: schema, then: schema, else: schema,
  properties: schemaMap, patternProperties: schemaMap, additionalProperties: schema, propertyNames: schema,
  dependentSchemas: schemaMap, dependencies, items, prefixItems: schemaList, additionalItems: schema,
  contains: schema, unevaluatedItems: schema, unevaluatedProperties: schema, contentSchema: schema,
  // Validation.
  type, enum: list, const: anything, multipleOf, maximum: number, minimum: number,
  exclusiveMaximum: bound, exclusiveMinimum: bound, maxLength: count, minLength: count, pattern,
  maxItems: count, minItems: count, uniqueItems: boolean, maxContains: count, minContains: count,
  maxProperties: count, minProperties: count, required: stringList, dependentRequired,
  // Format and content.
  format: string, contentEncoding: string, contentMediaType: string,
  // Annotations.
  title: string, description: string, default: anything, deprecated: boolean, readOnly: boolean,
  writeOnly: boolean, examples: list,
  // OpenAPI 3.0's schema object.
  nullable: boolean, discriminator: object, xml: object, externalDocs: object, example: anything,
}

const checkNode = (node: unknown): Problem | undefined => {
  if (typeof node === "boolean") return undefined
  if (!isObject(node)) return problem(`must be a schema (an object or true / false), got ${describe(node)}`)
  for (const keyword of Object.keys(node)) {
    if (keyword.startsWith("x-")) continue
    const check = Object.hasOwn(KEYWORDS, keyword) ? KEYWORDS[keyword] : undefined
    if (check === undefined) return problem(`'${keyword}' is not a JSON Schema keyword (draft-07 or 2020-12)`)
    // A keyword behind a getter is left to the renderer, which reads it only when a signature is
    // asked for (catalog.ts renders lazily); make must not run host code to check it.
    const descriptor = Object.getOwnPropertyDescriptor(node, keyword)!
    if (!("value" in descriptor)) continue
    const found = check(descriptor.value)
    if (found !== undefined) return within(found, `.${keyword}`)
  }
  return undefined
}

const checkSchemaMap = (map: Record<string, unknown>): Problem | undefined => {
  for (const key of Object.keys(map)) {
    const found = checkNode(map[key])
    if (found !== undefined) return within(found, step(key))
  }
  return undefined
}

/** How a key is written in a path: `.id`, or `["content-type"]`. */
const step = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const describe = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "string" ? JSON.stringify(value) : typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`
