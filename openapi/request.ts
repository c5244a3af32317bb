/**
 * From a program's input to the parts of an HTTP request, following each parameter's plan.
 *
 * This is the file that keeps a program inside the operation it called. The base URL is the
 * host's; the program supplies only values, and every value is encoded for the place it goes:
 *
 * - Path values are percent-encoded as whole segments (`/`, `?`, `#`, `%` and everything outside
 *   the unreserved set), so `a/b` stays one segment and `?x=1` stays in the path. A segment that
 *   would be empty, `.` or `..` after substitution is refused: URL parsers collapse dot segments
 *   (`%2e%2e` included) however they are spelt, so no encoding could send them faithfully. The
 *   finished URL is parsed once more and must keep the base's origin.
 * - Query values travel through `URLSearchParams`, which encodes `&`, `=` and `#`.
 * - Header and cookie values may not contain line breaks or NUL, so no value can start a header
 *   of its own; cookie values are percent-encoded so `;` cannot start another cookie.
 *
 * The input shape is one object: each parameter under its name (a name used twice, say `id` in
 * the path and in a header, keeps it for the first location and is `header:id` for the next), and
 * the JSON request body under `body`. Keys the operation does not define are refused by name, so a
 * model's typo is a clear error rather than a silently missing filter.
 */

import { describe, isObject } from "./document.js"
import * as Messages from "./messages.js"
import type { OperationPlan, ParameterPlan } from "./operations.js"

export interface RequestParts {
  /** The path below the base URL, encoded. */
  readonly path: string
  readonly query: Array<readonly [string, string]>
  readonly headers: Array<readonly [string, string]>
  readonly cookies: Array<readonly [string, string]>
  /** JSON text, when the operation has a body and the program sent one. */
  readonly body: string | undefined
}

/** The program gave input the operation cannot take; the message names the key. */
export class InputError extends Error {
  override readonly name = "InputError"
}


export const buildRequestParts = (plan: OperationPlan, input: unknown): RequestParts => {
  const values = input === undefined || input === null ? {} : input
  if (!isObject(values)) throw new InputError(Messages.inputNotObject(describe(values)))
  const known = plan.parameters.map((parameter) => parameter.key)
  if (plan.body !== undefined) known.push("body")
  for (const key of Object.keys(values)) {
    if (!known.includes(key)) throw new InputError(Messages.unknownInputKey(key, known))
  }
  const parts: RequestParts = { path: "", query: [], headers: [], cookies: [], body: undefined }
  const pathValues = new Map<string, string>()
  for (const parameter of plan.parameters) {
    const value = values[parameter.key]
    if (value === undefined || (value === null && parameter.location !== "path")) {
      if (parameter.required) throw new InputError(Messages.missingParameter(parameter.key))
      continue
    }
    switch (parameter.location) {
      case "path":
        pathValues.set(parameter.name, serializeSimple(parameter, value, encodeURIComponent))
        break
      case "query":
        parts.query.push(...serializeQuery(parameter, value))
        break
      case "header":
        parts.headers.push([parameter.name.toLowerCase(), headerValue(parameter, serializeSimple(parameter, value, identity))])
        break
      case "cookie":
        parts.cookies.push([parameter.name, headerValue(parameter, serializeSimple(parameter, value, encodeURIComponent))])
        break
    }
  }
  const body = values.body
  let bodyText: string | undefined
  if (plan.body !== undefined && body !== undefined) bodyText = JSON.stringify(body)
  else if (plan.body?.required === true) throw new InputError(Messages.missingBody())
  return { ...parts, path: fillPath(plan, pathValues), body: bodyText }
}

/** Substitutes `{name}` templates segment by segment and refuses segments that would move the path. */
const fillPath = (plan: OperationPlan, values: ReadonlyMap<string, string>): string =>
  plan.path
    .split("/")
    .map((segment) => {
      if (!segment.includes("{")) return segment
      const filled = segment.replace(/\{([^}]*)\}/g, (_, name: string) => values.get(name) ?? "")
      if (filled === "" || filled === "." || filled === "..") {
        const names = [...segment.matchAll(/\{([^}]*)\}/g)].map((match) => match[1])
        const parameter = plan.parameters.find((candidate) => candidate.location === "path" && names.includes(candidate.name))
        throw new InputError(Messages.pathSegmentValue(parameter?.key ?? names[0], filled))
      }
      return filled
    })
    .join("/")

const identity = (text: string): string => text

/** `simple` (path, header) and `form` (cookie) values: lists and objects joined with commas. */
const serializeSimple = (parameter: ParameterPlan, value: unknown, encode: (text: string) => string): string => {
  if (parameter.json) return encode(JSON.stringify(value))
  if (Array.isArray(value)) return value.map((item) => encode(primitive(parameter, item))).join(",")
  if (isObject(value)) {
    const pairs = Object.entries(value).filter(([, item]) => item !== undefined)
    return parameter.explode
      ? pairs.map(([key, item]) => `${encode(key)}=${encode(primitive(parameter, item))}`).join(",")
      : pairs.map(([key, item]) => `${encode(key)},${encode(primitive(parameter, item))}`).join(",")
  }
  return encode(primitive(parameter, value))
}

const serializeQuery = (parameter: ParameterPlan, value: unknown): Array<readonly [string, string]> => {
  const name = parameter.name
  if (parameter.json) return [[name, JSON.stringify(value)]]
  if (parameter.style === "deepObject" && (isObject(value) || Array.isArray(value))) {
    const pairs: Array<readonly [string, string]> = []
    flattenDeep(parameter, name, value, pairs, 0)
    return pairs
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => primitive(parameter, item))
    if (parameter.explode) return items.map((item) => [name, item] as const)
    const separator = parameter.style === "spaceDelimited" ? " " : parameter.style === "pipeDelimited" ? "|" : ","
    return [[name, items.join(separator)]]
  }
  if (isObject(value)) {
    const pairs = Object.entries(value).filter(([, item]) => item !== undefined)
    if (parameter.explode) return pairs.map(([key, item]) => [key, primitive(parameter, item)] as const)
    return [[name, pairs.flatMap(([key, item]) => [key, primitive(parameter, item)]).join(",")]]
  }
  return [[name, primitive(parameter, value)]]
}

/**
 * `deepObject`: `filter[status]=open`, nested objects as `filter[a][b]`, lists as `filter[a][0]`; a
 * plain value (a schema may allow one, as Stripe's `created` does) is sent as `filter=value`.
 */
const flattenDeep = (
  parameter: ParameterPlan,
  prefix: string,
  value: unknown,
  pairs: Array<readonly [string, string]>,
  depth: number,
): void => {
  if (depth > 8) throw new InputError(Messages.badParameterValue(parameter.key, "at most 8 levels deep", "a deeper value"))
  if (Array.isArray(value)) {
    value.forEach((item, index) => flattenDeep(parameter, `${prefix}[${index}]`, item, pairs, depth + 1))
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) flattenDeep(parameter, `${prefix}[${key}]`, item, pairs, depth + 1)
    }
  } else if (value !== null && value !== undefined) {
    pairs.push([prefix, primitive(parameter, value)])
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

const primitive = (parameter: ParameterPlan, value: unknown): string => {
  if (typeof value === "string") {
    // Percent-encoding has no spelling for half a character, and URLSearchParams would silently swap one.
    if (LONE_SURROGATE.test(value)) throw new InputError(Messages.badParameterValue(parameter.key, "well-formed text", "a lone surrogate"))
    return value
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value)
  if (typeof value === "boolean") return value ? "true" : "false"
  throw new InputError(Messages.badParameterValue(parameter.key, "a string, number or boolean (or a list or object of them)", describe(value)))
}

const headerValue = (parameter: ParameterPlan, text: string): string => {
  if (/[\r\n\0]/.test(text)) throw new InputError(Messages.headerLineBreak(parameter.key))
  if (/[^\x20-\x7e\x80-\xff\t]/.test(text)) {
    throw new InputError(Messages.badParameterValue(parameter.key, "printable Latin-1 text (it is sent in a header)", "other characters"))
  }
  return text
}
