/**
 * From a document's `paths` to operation plans: everything a call needs, decided once at
 * `fromSpec`, so that a call only serializes values and never reads the document again.
 *
 * A plan says where each parameter goes and how it is written (its style and explode flag), what
 * body is sent, what responses mean, and which security requirements apply. What the adapter cannot
 * call faithfully is decided here too, and the operation is skipped with a reason instead of
 * becoming a tool that fails on every call: label and matrix path styles, header or cookie styles
 * other than the simple ones, parameter content that is not JSON, request bodies with no JSON
 * media type, binary or event-stream responses, and connection upgrades (a `101` response or an
 * `Upgrade` header parameter, the way WebSocket endpoints are written down).
 *
 * Parameters the specification says to ignore (`Accept`, `Content-Type` and `Authorization`
 * headers) are dropped, and so is a parameter that duplicates where an apiKey scheme of the
 * operation puts its key: the adapter owns those, so a program cannot set them.
 */

import { describe, followReference, isObject, type JsonObject, ReferenceProblem } from "./document.js"
import * as Messages from "./messages.js"
import { securityRequirements, type SecurityAlternative } from "./security.js"

export type ParameterLocation = "path" | "query" | "header" | "cookie"

export interface ParameterPlan {
  /** The key in the tool's input. */
  readonly key: string
  /** The name on the wire. */
  readonly name: string
  readonly location: ParameterLocation
  readonly required: boolean
  readonly style: string
  readonly explode: boolean
  /** `content: { application/json: ... }`: the value is sent as JSON text. */
  readonly json: boolean
  readonly schema: unknown
  readonly description: string | undefined
  readonly deprecated: boolean
}

export interface BodyPlan {
  readonly mediaType: string
  readonly required: boolean
  readonly schema: unknown
  readonly description: string | undefined
}

export type ResponseKind = "json" | "text" | "any" | "none"

export interface ResponsePlan {
  readonly status: string
  readonly kind: ResponseKind
  readonly mediaType: string | undefined
  readonly schema: unknown
}

export interface OperationPlan {
  readonly method: string
  readonly path: string
  /** `GET /pets/{petId}`: how messages name the operation. */
  readonly label: string
  readonly operationId: string | undefined
  readonly summary: string | undefined
  readonly description: string | undefined
  readonly deprecated: boolean
  readonly tags: ReadonlyArray<string>
  readonly parameters: ReadonlyArray<ParameterPlan>
  readonly body: BodyPlan | undefined
  readonly responses: ReadonlyArray<ResponsePlan>
  /** Alternatives, in order; empty when the operation needs no credentials. */
  readonly security: ReadonlyArray<SecurityAlternative>
  /** The operation's or path's own `servers`, if any. */
  readonly servers: unknown
}

export interface PlannedOperations {
  readonly plans: ReadonlyArray<OperationPlan>
  readonly skipped: ReadonlyArray<{ readonly operation: string; readonly operationId: string | undefined; readonly reason: string }>
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"])
const STYLES: Record<ParameterLocation, ReadonlySet<string>> = {
  path: new Set(["simple"]),
  query: new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject"]),
  header: new Set(["simple"]),
  cookie: new Set(["form"]),
}
const DEFAULT_STYLE: Record<ParameterLocation, string> = { path: "simple", query: "form", header: "simple", cookie: "form" }

class Skip {
  constructor(readonly reason: string) {}
}

export const planOperations = (root: JsonObject): PlannedOperations => {
  const plans: Array<OperationPlan> = []
  const skipped: Array<PlannedOperations["skipped"][number]> = []
  const paths = isObject(root.paths) ? root.paths : {}
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = followReference(root, rawItem)
    for (const method of METHODS) {
      const operation = item instanceof ReferenceProblem ? undefined : item[method]
      if (item instanceof ReferenceProblem || !isObject(operation)) continue
      const label = `${method.toUpperCase()} ${path}`
      const operationId = typeof operation.operationId === "string" ? operation.operationId : undefined
      try {
        plans.push(planOperation(root, path, method, label, item, operation))
      } catch (error) {
        if (!(error instanceof Skip)) throw error
        skipped.push({ operation: label, operationId, reason: error.reason })
      }
    }
  }
  return { plans, skipped }
}

const planOperation = (
  root: JsonObject,
  path: string,
  method: string,
  label: string,
  item: JsonObject,
  operation: JsonObject,
): OperationPlan => {
  const security = securityRequirements(root, operation)
  const ownedByAuth = new Set<string>()
  for (const alternative of security) {
    for (const { scheme } of alternative) if (scheme.type === "apiKey") ownedByAuth.add(`${scheme.in}:${scheme.name.toLowerCase()}`)
  }
  const responses = planResponses(root, operation)
  const parameters = planParameters(root, item, operation, ownedByAuth)
  const body = planBody(root, operation)
  for (const match of path.matchAll(/\{([^}]*)\}/g)) {
    if (!parameters.some((parameter) => parameter.location === "path" && parameter.name === match[1])) {
      throw new Skip(Messages.skipInvalid(`path template '{${match[1]}}' has no path parameter`))
    }
  }
  return {
    method: method.toUpperCase(),
    path,
    label,
    operationId: typeof operation.operationId === "string" ? operation.operationId : undefined,
    summary: text(operation.summary) ?? text(item.summary),
    description: text(operation.description) ?? text(item.description),
    deprecated: operation.deprecated === true,
    tags: Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === "string") : [],
    parameters,
    body,
    responses,
    security,
    servers: operation.servers ?? item.servers,
  }
}

const follow = (root: JsonObject, node: unknown): JsonObject => {
  const target = followReference(root, node)
  if (target instanceof ReferenceProblem) throw new Skip(Messages.skipBadReference(target.ref, target.detail))
  return target
}

// ---------------------------------------------------------------------------------------------
// Parameters

const planParameters = (
  root: JsonObject,
  item: JsonObject,
  operation: JsonObject,
  ownedByAuth: ReadonlySet<string>,
): Array<ParameterPlan> => {
  // Operation parameters override path-item ones with the same name and location.
  const byIdentity = new Map<string, JsonObject>()
  for (const list of [item.parameters, operation.parameters]) {
    if (list === undefined) continue
    if (!Array.isArray(list)) throw new Skip(Messages.skipInvalid(`'parameters' is ${describe(list)}`))
    for (const raw of list) {
      const parameter = follow(root, raw)
      if (typeof parameter.name !== "string" || typeof parameter.in !== "string") {
        throw new Skip(Messages.skipInvalid("a parameter has no 'name' or 'in'"))
      }
      byIdentity.set(`${parameter.in}:${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`, parameter)
    }
  }
  const plans: Array<ParameterPlan> = []
  const taken = new Set<string>(["body"])
  const ordered = [...byIdentity.values()].sort((a, b) => LOCATION_ORDER.indexOf(a.in as never) - LOCATION_ORDER.indexOf(b.in as never))
  for (const parameter of ordered) {
    const name = parameter.name as string
    const location = parameter.in as string
    if (!isLocation(location)) throw new Skip(Messages.skipInvalid(`parameter '${name}' is in '${location}'`))
    if (location === "header" && IGNORED_HEADERS.has(name.toLowerCase())) continue
    if (location === "header" && name.toLowerCase() === "upgrade") throw new Skip(Messages.skipWebSocket("an 'Upgrade' header parameter"))
    if (ownedByAuth.has(`${location}:${name.toLowerCase()}`)) continue
    const style = typeof parameter.style === "string" ? parameter.style : DEFAULT_STYLE[location]
    if (!STYLES[location].has(style)) throw new Skip(Messages.skipUnsupportedStyle(location, name, style))
    let json = false
    let schema = parameter.schema
    if (parameter.content !== undefined) {
      const content = isObject(parameter.content) ? Object.entries(parameter.content) : []
      const mediaTypes = content.map(([type]) => type).join(", ") || "nothing"
      if (content.length !== 1 || !isJsonMediaType(content[0][0])) throw new Skip(Messages.skipParameterContent(name, mediaTypes))
      json = true
      schema = isObject(content[0][1]) ? content[0][1].schema : undefined
    }
    const key = taken.has(name) ? `${location}:${name}` : name
    taken.add(key)
    plans.push({
      key,
      name,
      location,
      required: location === "path" || parameter.required === true,
      style,
      explode: typeof parameter.explode === "boolean" ? parameter.explode : style === "form",
      json,
      schema,
      description: text(parameter.description),
      deprecated: parameter.deprecated === true,
    })
  }
  return plans
}

const LOCATION_ORDER: ReadonlyArray<ParameterLocation> = ["path", "query", "header", "cookie"]
const isLocation = (value: string): value is ParameterLocation => (LOCATION_ORDER as ReadonlyArray<string>).includes(value)

// ---------------------------------------------------------------------------------------------
// Request body

const planBody = (root: JsonObject, operation: JsonObject): BodyPlan | undefined => {
  if (operation.requestBody === undefined) return undefined
  const body = follow(root, operation.requestBody)
  const content = isObject(body.content) ? Object.entries(body.content) : []
  const required = body.required === true
  const json = content.find(([type]) => mediaTypeBase(type) === "application/json") ?? content.find(([type]) => isJsonMediaType(type))
  if (json !== undefined) {
    return { mediaType: mediaTypeBase(json[0]), required, schema: isObject(json[1]) ? json[1].schema : undefined, description: text(body.description) }
  }
  // An optional body with nothing in it (Stripe declares one on every GET) is no body at all.
  if (!required && content.every(([, media]) => isEmptySchema(isObject(media) ? media.schema : undefined))) return undefined
  throw new Skip(Messages.skipNonJsonBody(content.map(([type]) => type).join(", ") || "empty"))
}

const isEmptySchema = (schema: unknown): boolean =>
  schema === undefined ||
  (isObject(schema) &&
    (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) &&
    schema.$ref === undefined &&
    (schema.additionalProperties === undefined || schema.additionalProperties === false))

// ---------------------------------------------------------------------------------------------
// Responses

const planResponses = (root: JsonObject, operation: JsonObject): Array<ResponsePlan> => {
  const responses = isObject(operation.responses) ? operation.responses : {}
  if (Object.prototype.hasOwnProperty.call(responses, "101")) throw new Skip(Messages.skipWebSocket("a '101 Switching Protocols' response"))
  let statuses = Object.keys(responses).filter((status) => /^2(\d\d|XX)$/i.test(status))
  if (statuses.length === 0 && responses.default !== undefined) statuses = ["default"]
  const plans: Array<ResponsePlan> = []
  for (const status of statuses) {
    const response = follow(root, responses[status])
    const content = isObject(response.content) ? Object.entries(response.content) : []
    if (content.length === 0) {
      plans.push({ status, kind: "none", mediaType: undefined, schema: undefined })
      continue
    }
    const pick = (kind: ResponseKind) => content.find(([type]) => classifyMediaType(type) === kind)
    const chosen = pick("json") ?? pick("any") ?? pick("text")
    if (chosen === undefined) {
      if (content.some(([type]) => classifyMediaType(type) === "event-stream")) throw new Skip(Messages.skipEventStream(status))
      throw new Skip(Messages.skipBinaryResponse(status, content.map(([type]) => type).join(", ")))
    }
    const kind = classifyMediaType(chosen[0]) as ResponseKind
    plans.push({ status, kind, mediaType: mediaTypeBase(chosen[0]), schema: isObject(chosen[1]) ? chosen[1].schema : undefined })
  }
  return plans
}

// ---------------------------------------------------------------------------------------------
// Media types

export const mediaTypeBase = (type: string): string => type.split(";")[0].trim().toLowerCase()

export const isJsonMediaType = (type: string): boolean => {
  const base = mediaTypeBase(type)
  return base === "application/json" || base.endsWith("+json") || base === "*/*" || base === "application/*"
}

/** Media types read as text: what is not JSON but is still characters a program can use. */
const TEXT_TYPES = new Set([
  "application/xml",
  "application/yaml",
  "application/x-yaml",
  "application/javascript",
  "application/x-ndjson",
  "application/x-www-form-urlencoded",
])

/** How a response body of this media type reaches a program. */
export const classifyMediaType = (type: string): ResponseKind | "event-stream" | "binary" => {
  const base = mediaTypeBase(type)
  if (base === "text/event-stream") return "event-stream"
  if (base === "*/*" || base === "application/*") return "any"
  if (base === "application/json" || base.endsWith("+json")) return "json"
  if (base.startsWith("text/") || base.endsWith("+xml") || TEXT_TYPES.has(base)) return "text"
  return "binary"
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined)
