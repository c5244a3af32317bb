/**
 * What a host hands `OpenAPI.fromSpec` and what it gets back.
 *
 * The options are few on purpose. The document says what the service is; the host says only what
 * the document cannot: where the service lives for this deployment (`baseUrl`), how to obtain a
 * credential for each security scheme (`auth.resolve`), and how patient to be with it (a timeout,
 * a response size bound, retries for idempotent calls). Everything a program may vary is in the
 * tool's input, and nothing in that input can reach the base URL, the credentials or the headers
 * the adapter owns.
 *
 * Credentials are resolved per call, on the host, inside the caller's Effect context: a host may
 * read them from a vault, a session, or a refresh flow, and the program never sees them. The
 * resolver's error and requirements become the tools' own, so a runtime built from the tools asks
 * for the services the resolver needs.
 */

import type { Effect } from "effect"

/** The security scheme an operation needs, as `components.securitySchemes` declares it. */
export type SecurityScheme =
  | { readonly type: "http"; readonly scheme: string; readonly bearerFormat?: string; readonly description?: string }
  | {
      readonly type: "apiKey"
      readonly name: string
      readonly in: "header" | "query" | "cookie"
      readonly description?: string
    }
  | { readonly type: "oauth2"; readonly flows?: unknown; readonly description?: string }
  | { readonly type: "openIdConnect"; readonly openIdConnectUrl?: string; readonly description?: string }

/** Basic credentials, for `{ type: "http", scheme: "basic" }`. */
export interface BasicCredential {
  readonly username: string
  readonly password: string
}

/**
 * A credential for one scheme: a string is the bearer token (http bearer, oauth2, openIdConnect)
 * or the key (apiKey); basic schemes take `{ username, password }`.
 */
export type Credential = string | BasicCredential

/** What `auth.resolve` receives: the scheme's name in `components.securitySchemes` and its definition. */
export interface CredentialRequest {
  readonly name: string
  readonly scheme: SecurityScheme
}

export interface Auth<E = never, R = never> {
  /**
   * The credential for one scheme, or `undefined` to send none. Called on the host for every call
   * that needs the scheme; a failure fails the call (its message is not shown to the program).
   */
  readonly resolve: (request: CredentialRequest) => Effect.Effect<Credential | undefined, E, R>
}

export interface RetryOptions {
  /** Further attempts after the first one (GET, HEAD, OPTIONS, PUT, DELETE and TRACE only). */
  readonly times: number
}

export interface FromSpecOptions<E = never, R = never> {
  /** An OpenAPI 3.0 or 3.1 document: a parsed object, or its JSON or YAML text. */
  readonly spec: unknown
  /** Where credentials come from. Omit it for a service that needs none. */
  readonly auth?: Auth<E, R>
  /**
   * The service's base URL (`https://api.example.com/v2`); operation paths are appended to it.
   * Without it, the document's first server is used, its variables set to their defaults.
   */
  readonly baseUrl?: string
  /** Per call, request and response body together. Default 30,000 ms. */
  readonly timeoutMs?: number
  /** The largest response body a call accepts. Default 1,048,576 bytes. */
  readonly maxResponseBytes?: number
  /** Retries of idempotent calls after a transport failure, 429 or 5xx. Default: none. */
  readonly retry?: RetryOptions
}

/** An operation `fromSpec` did not turn into a tool, and why. */
export interface SkippedOperation {
  /** `GET /pets/{id}` */
  readonly operation: string
  readonly operationId: string | undefined
  readonly reason: string
}

/** The tool names the adapter chose, with the operation each one calls. */
export interface OperationEntry {
  /** The tool's path below the namespace (`pets.list`, `get_pets_petId`). */
  readonly name: string
  /** `GET /pets/{id}` */
  readonly operation: string
}

export const DEFAULT_TIMEOUT_MS = 30_000
export const DEFAULT_MAX_RESPONSE_BYTES = 1_048_576
