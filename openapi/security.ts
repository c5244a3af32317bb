/**
 * Security requirements and credentials.
 *
 * An operation's `security` (or the document's, when the operation has none) is a list of
 * alternatives; each alternative is a set of schemes that must all be satisfied together; an
 * empty alternative (`{}`) means "no credentials is fine", and `security: []` means the operation
 * is public. At `fromSpec` the alternatives are read into scheme definitions once; an alternative
 * naming a scheme the adapter cannot satisfy over plain HTTP (mutual TLS, digest, a name
 * `components.securitySchemes` does not define) is dropped, since the host could not satisfy it
 * here either.
 *
 * At call time the alternatives are tried in order: every scheme of one is resolved through the
 * host's `auth.resolve`, and the first alternative whose schemes all yield a credential is used.
 * If none does, the request goes without credentials and the server decides.
 *
 * A credential goes where its scheme says and nowhere else: an `Authorization` header, an API-key
 * header, query parameter or cookie. It never enters the tool's input, a message, or anything the
 * program can read back; a resolver failure is reported by the scheme's name alone, because its
 * message is the host's and may quote what it was looking up.
 */

import { Effect } from "effect"
import { followReference, isObject, type JsonObject, ReferenceProblem } from "./document.js"
import * as Messages from "./messages.js"
import type { Auth, Credential, SecurityScheme } from "./types.js"

export type SecurityAlternative = ReadonlyArray<{ readonly name: string; readonly scheme: SecurityScheme }>

/** Where a resolved credential goes on the request. */
export interface CredentialPlacement {
  readonly headers: Array<readonly [string, string]>
  readonly query: Array<readonly [string, string]>
  readonly cookies: Array<readonly [string, string]>
  /** The raw credential values, so messages can be scrubbed of them. */
  readonly secrets: Array<string>
}

/** A call failed while obtaining its credentials. The message names the scheme, never the secret. */
export class CredentialError extends Error {
  override readonly name = "CredentialError"
  constructor(message: string, override readonly cause?: unknown) {
    super(message)
  }
}

export const securityRequirements = (root: JsonObject, operation: JsonObject): ReadonlyArray<SecurityAlternative> => {
  const requirements = operation.security !== undefined ? operation.security : root.security
  if (!Array.isArray(requirements) || requirements.length === 0) return []
  const schemes = isObject(root.components) && isObject(root.components.securitySchemes) ? root.components.securitySchemes : {}
  const alternatives: Array<SecurityAlternative> = []
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue
    const alternative: Array<{ name: string; scheme: SecurityScheme }> = []
    let satisfiable = true
    for (const name of Object.keys(requirement)) {
      const definition = Object.prototype.hasOwnProperty.call(schemes, name) ? followReference(root, schemes[name]) : undefined
      const scheme = definition === undefined || definition instanceof ReferenceProblem ? undefined : readScheme(definition)
      if (scheme === undefined) satisfiable = false
      else alternative.push({ name, scheme })
    }
    if (satisfiable) alternatives.push(alternative)
  }
  // Only unsatisfiable alternatives: the host's client (mutual TLS, a proxy) must deal with it.
  return alternatives
}

const readScheme = (definition: JsonObject): SecurityScheme | undefined => {
  const description = typeof definition.description === "string" ? { description: definition.description } : {}
  switch (definition.type) {
    case "http": {
      const scheme = typeof definition.scheme === "string" ? definition.scheme.toLowerCase() : ""
      if (scheme !== "bearer" && scheme !== "basic") return undefined
      const bearerFormat = typeof definition.bearerFormat === "string" ? { bearerFormat: definition.bearerFormat } : {}
      return { type: "http", scheme, ...bearerFormat, ...description }
    }
    case "apiKey": {
      const where = definition.in
      if (typeof definition.name !== "string" || (where !== "header" && where !== "query" && where !== "cookie")) return undefined
      return { type: "apiKey", name: definition.name, in: where, ...description }
    }
    case "oauth2":
      return { type: "oauth2", flows: definition.flows, ...description }
    case "openIdConnect":
      return {
        type: "openIdConnect",
        ...(typeof definition.openIdConnectUrl === "string" ? { openIdConnectUrl: definition.openIdConnectUrl } : {}),
        ...description,
      }
    default:
      return undefined
  }
}

const NONE: CredentialPlacement = Object.freeze({ headers: [], query: [], cookies: [], secrets: [] }) as never

/** Resolves credentials for one call: the first alternative whose schemes all have one. */
export const resolveCredentials = <E, R>(
  alternatives: ReadonlyArray<SecurityAlternative>,
  auth: Auth<E, R> | undefined,
): Effect.Effect<CredentialPlacement, CredentialError, R> =>
  Effect.gen(function* () {
    if (auth === undefined) return NONE
    for (const alternative of alternatives) {
      if (alternative.length === 0) return NONE
      const placement: CredentialPlacement = { headers: [], query: [], cookies: [], secrets: [] }
      let complete = true
      for (const { name, scheme } of alternative) {
        const credential = yield* Effect.suspend(() => auth.resolve({ name, scheme })).pipe(
          Effect.catchCause((cause) => Effect.fail(new CredentialError(Messages.credentialFailed(name), cause))),
        )
        if (credential === undefined) {
          complete = false
          break
        }
        yield* place(name, scheme, credential, placement)
      }
      if (complete) return placement
    }
    return NONE
  })

const place = (
  name: string,
  scheme: SecurityScheme,
  credential: Credential,
  placement: CredentialPlacement,
): Effect.Effect<void, CredentialError> => {
  if (scheme.type === "http" && scheme.scheme === "basic") {
    if (!isObject(credential) || typeof credential.username !== "string" || typeof credential.password !== "string") {
      return Effect.fail(new CredentialError(Messages.badCredential(name, "{ username, password }")))
    }
    placement.secrets.push(credential.username, credential.password)
    const encoded = Buffer.from(`${credential.username}:${credential.password}`, "utf8").toString("base64")
    placement.headers.push(["authorization", `Basic ${encoded}`])
    placement.secrets.push(encoded)
    return Effect.void
  }
  if (typeof credential !== "string" || credential === "" || /[\r\n\0]/.test(credential)) {
    return Effect.fail(new CredentialError(Messages.badCredential(name, "a non-empty string without line breaks")))
  }
  placement.secrets.push(credential)
  if (scheme.type === "apiKey") {
    const target = scheme.in === "header" ? placement.headers : scheme.in === "query" ? placement.query : placement.cookies
    target.push([scheme.in === "header" ? scheme.name.toLowerCase() : scheme.name, credential])
  } else {
    placement.headers.push(["authorization", `Bearer ${credential}`])
  }
  return Effect.void
}
