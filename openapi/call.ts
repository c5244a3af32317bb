/**
 * One call of one operation, over the host's `HttpClient`.
 *
 * The host chooses the client (fetch, Node's, a test double) and its middleware (tracing, a proxy,
 * rate limits) by providing `HttpClient.HttpClient`; the adapter only builds the request, bounds
 * the exchange, and turns the response into a value or a `ToolFailure` a model can act on:
 *
 * - a non-2xx status fails with the status and a short excerpt of the body;
 * - the whole exchange, retries included, is bounded by `timeoutMs`, and the body by
 *   `maxResponseBytes` (checked against `content-length` first, then counted while streaming, so a
 *   server cannot make the host buffer more than the bound);
 * - the body is read as its actual `content-type` says (the declared one when the server sends
 *   none): JSON is parsed and passed on unchanged, text is a string, an empty body is null, and
 *   binary content or JSON that does not parse is a failure that says so;
 * - retries, when the host asks for them, repeat idempotent methods only, after a transport failure,
 *   429 or 5xx;
 * - redirects are followed only while they stay on the base URL's origin (at most five): the
 *   request carries credentials, and a redirect elsewhere would hand them over.
 *
 * Every message is built from the operation's label (`GET /pets/{petId}`), never from the URL, and
 * is scrubbed of the call's credential values before it leaves, in case a server quotes them back.
 */

import { Effect, Option, Stream } from "effect"
import { FetchHttpClient, HttpBody, HttpClient, HttpClientRequest, type HttpClientResponse } from "effect/http"
import * as Messages from "./messages.js"
import { classifyMediaType, mediaTypeBase, type OperationPlan } from "./operations.js"
import { buildRequestParts, InputError, type RequestParts } from "./request.js"
import { type CredentialError, resolveCredentials } from "./security.js"
import type { Auth } from "./types.js"

/** A call that reached the adapter and failed; its message is what the program sees. */
export class OpenApiCallError extends Error {
  readonly _tag = "OpenApiCallError"
  override readonly name = "OpenApiCallError"
  constructor(
    message: string,
    readonly operation: string,
    readonly status?: number,
    readonly retryable = false,
  ) {
    super(message)
  }
}

export interface CallSettings<E, R> {
  /** Absolute, without a trailing slash. */
  readonly baseUrl: string
  readonly auth: Auth<E, R> | undefined
  readonly timeoutMs: number
  readonly maxResponseBytes: number
  readonly retries: number
}

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"])
const EXCERPT_LENGTH = 200

export const callOperation = <E, R>(
  plan: OperationPlan,
  settings: CallSettings<E, R>,
  input: unknown,
): Effect.Effect<unknown, OpenApiCallError | CredentialError, HttpClient.HttpClient | R> =>
  Effect.gen(function* () {
    const parts = yield* Effect.try({
      try: () => buildRequestParts(plan, input),
      catch: (error) => new OpenApiCallError(error instanceof InputError ? error.message : String(error), plan.label),
    })
    // The bound covers everything the host waits for: credentials, every attempt, every body.
    return yield* send(plan, settings, parts).pipe(
      Effect.timeoutOrElse({
        duration: settings.timeoutMs,
        orElse: () => Effect.fail(new OpenApiCallError(Messages.timedOut(plan.label, settings.timeoutMs), plan.label)),
      }),
    )
  })

const send = <E, R>(
  plan: OperationPlan,
  settings: CallSettings<E, R>,
  parts: RequestParts,
): Effect.Effect<unknown, OpenApiCallError | CredentialError, HttpClient.HttpClient | R> =>
  Effect.gen(function* () {
    const credentials = yield* resolveCredentials(plan.security, settings.auth)
    const search = new URLSearchParams([...parts.query, ...credentials.query] as Array<[string, string]>).toString()
    const url = `${settings.baseUrl}${parts.path}${search === "" ? "" : `?${search}`}`
    if (new URL(url).origin !== new URL(settings.baseUrl).origin) {
      return yield* Effect.fail(new OpenApiCallError(Messages.transportFailed(plan.label, "the request would leave the service"), plan.label))
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of [...parts.headers, ...credentials.headers]) headers[name] = value
    const cookies = [...parts.cookies, ...credentials.cookies]
    if (cookies.length > 0) headers.cookie = cookies.map(([name, value]) => `${name}=${value}`).join("; ")
    const accept = acceptHeader(plan)
    if (accept !== undefined) headers.accept = accept
    let request = HttpClientRequest.make(plan.method as "GET")(url, { headers })
    if (parts.body !== undefined) {
      request = HttpClientRequest.bodyText(request, parts.body, plan.body!.mediaType.includes("*") ? "application/json" : plan.body!.mediaType)
    }
    const client = yield* HttpClient.HttpClient
    const attempt = exchange(plan, client, request, settings.maxResponseBytes)
    const retried =
      settings.retries > 0 && IDEMPOTENT.has(plan.method)
        ? Effect.retry(attempt, { times: settings.retries, while: (error) => error.retryable })
        : attempt
    return yield* retried.pipe(Effect.mapError((error) => redact(error, credentials.secrets)))
  })

const exchange = (
  plan: OperationPlan,
  client: HttpClient.HttpClient,
  first: HttpClientRequest.HttpClientRequest,
  maxBytes: number,
): Effect.Effect<unknown, OpenApiCallError> =>
  Effect.gen(function* () {
    const origin = new URL(first.url).origin
    let request = first
    for (let redirects = 0; ; redirects++) {
      const response = yield* client.execute(request).pipe(
        withManualRedirects,
        Effect.mapError((error) => new OpenApiCallError(Messages.transportFailed(plan.label, describeClientError(error)), plan.label, undefined, true)),
      )
      const location = REDIRECTS.has(response.status) ? response.headers.location : undefined
      if (location !== undefined) {
        const next = new URL(location, request.url)
        if (next.origin !== origin) return yield* Effect.fail(new OpenApiCallError(Messages.crossOriginRedirect(plan.label, response.status), plan.label, response.status))
        if (redirects >= MAX_REDIRECTS) return yield* Effect.fail(new OpenApiCallError(Messages.tooManyRedirects(plan.label, MAX_REDIRECTS), plan.label, response.status))
        request = HttpClientRequest.setUrl(request, next.href)
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === "POST")) {
          request = HttpClientRequest.setBody(HttpClientRequest.setMethod(request, "GET"), HttpBody.empty)
        }
        continue
      }
      const body = yield* readBounded(plan, response, maxBytes)
      const contentType = response.headers["content-type"]
      if (response.status < 200 || response.status > 299) {
        const retryable = response.status === 429 || response.status >= 500
        return yield* Effect.fail(new OpenApiCallError(Messages.statusFailure(plan.label, response.status, excerpt(body)), plan.label, response.status, retryable))
      }
      return yield* decodeBody(plan, response.status, contentType, body)
    }
  }).pipe(Effect.scoped)

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 5

/**
 * A fetch-based client must not follow redirects itself: fetch keeps custom headers (an API key)
 * across origins. With `redirect: "manual"` the 3xx reaches `exchange`, which follows only
 * redirects that stay on the service's origin. Other clients follow their own policy.
 */
const withManualRedirects = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(Effect.serviceOption(FetchHttpClient.RequestInit), (init) =>
    Effect.provideService(effect, FetchHttpClient.RequestInit, { ...Option.getOrElse(init, () => ({})), redirect: "manual" }),
  )

const readBounded = (
  plan: OperationPlan,
  response: HttpClientResponse.HttpClientResponse,
  maxBytes: number,
): Effect.Effect<string, OpenApiCallError> => {
  const tooLarge = () => new OpenApiCallError(Messages.responseTooLarge(plan.label, maxBytes), plan.label, response.status)
  const declared = Number(response.headers["content-length"])
  if (Number.isFinite(declared) && declared > maxBytes) return Effect.fail(tooLarge())
  if (response.status === 204 || response.status === 205 || response.status === 304 || plan.method === "HEAD") return Effect.succeed("")
  return Stream.runFoldEffect(
    response.stream.pipe(Stream.mapError(toCallFailure)),
    () => ({ chunks: [] as Array<Uint8Array>, size: 0 }),
    (state, chunk: Uint8Array) => {
      state.size += chunk.byteLength
      if (state.size > maxBytes) return Effect.fail(tooLarge())
      state.chunks.push(chunk)
      return Effect.succeed(state)
    },
  ).pipe(
    Effect.map((state) => Buffer.concat(state.chunks).toString("utf8")),
    // A response without a body (some servers say 200 and send nothing) has no stream at all.
    Effect.catch((failure) => (failure === EMPTY_BODY ? Effect.succeed("") : Effect.fail(failure as OpenApiCallError))),
  )

  function toCallFailure(error: unknown): OpenApiCallError | typeof EMPTY_BODY {
    if ((error as { reason?: { _tag?: unknown } }).reason?._tag === "EmptyBodyError") return EMPTY_BODY
    return new OpenApiCallError(Messages.transportFailed(plan.label, describeClientError(error)), plan.label, response.status, true)
  }
}

const EMPTY_BODY: unique symbol = Symbol("EmptyBody")

const decodeBody = (
  plan: OperationPlan,
  status: number,
  contentType: string | undefined,
  body: string,
): Effect.Effect<unknown, OpenApiCallError> => {
  if (body === "" || status === 204 || status === 205) return Effect.succeed(null)
  const declared = plan.responses.find((response) => response.status === String(status)) ?? plan.responses[0]
  const type = contentType !== undefined && contentType !== "" ? contentType : declared?.mediaType ?? "application/octet-stream"
  const kind = contentType === undefined || contentType === "" ? declared?.kind ?? "any" : classifyMediaType(type)
  if (kind === "text") return Effect.succeed(body)
  if (kind === "json" || kind === "any" || kind === "none") {
    try {
      return Effect.succeed(JSON.parse(body))
    } catch (error) {
      if (kind !== "json") return Effect.succeed(body)
      const detail = error instanceof Error ? error.message : String(error)
      return Effect.fail(new OpenApiCallError(Messages.undecodableBody(plan.label, mediaTypeBase(type), detail), plan.label, status))
    }
  }
  return Effect.fail(new OpenApiCallError(Messages.binaryBody(plan.label, mediaTypeBase(type)), plan.label, status))
}

const acceptHeader = (plan: OperationPlan): string | undefined => {
  const types = [...new Set(plan.responses.flatMap((response) => (response.mediaType === undefined ? [] : [response.mediaType])))]
  return types.length === 0 ? undefined : types.join(", ")
}

/** What went wrong on the wire, without the URL (it may carry a key in its query string). */
const describeClientError = (error: unknown): string => {
  const reason = (error as { reason?: { _tag?: unknown; description?: unknown; cause?: unknown } }).reason
  const tag = typeof reason?._tag === "string" ? reason._tag : "TransportError"
  const cause = reason?.cause as { message?: unknown; cause?: { code?: unknown; message?: unknown } } | undefined
  const code = typeof cause?.cause?.code === "string" ? ` (${cause.cause.code})` : ""
  const description =
    typeof reason?.description === "string" ? reason.description : typeof cause?.message === "string" ? cause.message : "the request failed"
  return `${tag}: ${description}${code}`
}

const excerpt = (body: string): string => {
  const flat = body.replace(/\s+/g, " ").trim()
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}...` : flat
}

const redact = <X extends Error>(error: X, secrets: ReadonlyArray<string>): X => {
  let message = error.message
  for (const secret of secrets) if (secret.length >= 4) message = message.split(secret).join("[redacted]")
  if (message !== error.message) error.message = message
  return error
}
