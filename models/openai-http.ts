/**
 * One HTTP exchange with an OpenAI-compatible endpoint, as an Effect that fails only with
 * `ModelError`.
 *
 * `fetch` (Node's own) is enough: the API is JSON over HTTPS with a bearer key, and an SDK would
 * bring a dependency for two endpoints. What this file adds to `fetch` is the mapping a program
 * relies on and the bounds a host relies on:
 *
 * - interruption (the execution ended) aborts the request through Effect's `AbortSignal`, and the
 *   host's per-request timeout aborts it too; a timeout is `reason: "aborted"`, so a program can
 *   tell "the model took too long" from "the model said no";
 * - an HTTP status other than 2xx is `reason: "error"` with the status and the endpoint's own
 *   `error.message` when it sent one (bounded: a message, not a page);
 * - the body is read with a byte bound, so an endpoint that streams without end cannot fill the
 *   host's memory; past the bound the request is aborted and the call fails saying so;
 * - a body that is not JSON is an error naming what came back.
 *
 * The key goes only in the `Authorization` header of requests to the configured base URL.
 */

import { Effect } from "effect"
import { ModelError } from "./service.js"

export interface Endpoint {
  readonly baseUrl: string
  readonly apiKey: string | undefined
  readonly headers: Readonly<Record<string, string>>
  readonly timeoutMs: number
  readonly maxResponseBytes: number
}

export const HttpMessages = {
  timedOut: (path: string, ms: number) => `the request to ${path} was aborted after ${ms} ms (the host's timeoutMs)`,
  aborted: (path: string) => `the request to ${path} was aborted`,
  unreachable: (path: string, detail: string) => `the request to ${path} failed: ${detail}`,
  status: (path: string, status: number, detail: string) => `${path} answered HTTP ${status}${detail === "" ? "" : `: ${detail}`}`,
  tooLarge: (path: string, max: number) => `the answer from ${path} is larger than ${max} bytes (the host's maxResponseBytes)`,
  notJson: (path: string, start: string) => `the answer from ${path} is not JSON: ${start}`,
} as const

/** The longest endpoint error message passed on. */
const MAX_DETAIL_CHARS = 500

class Oversize extends Error {}

/** POSTs `body` (a JSON value, or form data) to `path` under the base URL and reads the JSON answer. */
export const postJson = (endpoint: Endpoint, path: string, body: unknown): Effect.Effect<unknown, ModelError> =>
  Effect.tryPromise({
    try: (signal) => exchange(endpoint, path, body, signal),
    catch: (error) => (error instanceof ModelError ? error : new ModelError({ reason: "error", message: HttpMessages.unreachable(path, String(error)), cause: error })),
  })

async function exchange(endpoint: Endpoint, path: string, body: unknown, interrupted: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(endpoint.timeoutMs)
  const signal = AbortSignal.any([interrupted, timeout])
  const headers: Record<string, string> = { accept: "application/json", ...endpoint.headers }
  if (endpoint.apiKey !== undefined) headers.authorization = `Bearer ${endpoint.apiKey}`
  const isForm = body instanceof FormData
  if (!isForm) headers["content-type"] = "application/json"
  let response: Response
  let text: string
  try {
    response = await fetch(endpoint.baseUrl + path, { method: "POST", headers, body: isForm ? body : JSON.stringify(body), signal })
    text = await readBounded(response, endpoint.maxResponseBytes)
  } catch (error) {
    if (timeout.aborted) throw new ModelError({ reason: "aborted", message: HttpMessages.timedOut(path, endpoint.timeoutMs), cause: error })
    if (interrupted.aborted) throw new ModelError({ reason: "aborted", message: HttpMessages.aborted(path), cause: error })
    if (error instanceof Oversize) throw new ModelError({ reason: "error", message: HttpMessages.tooLarge(path, endpoint.maxResponseBytes) })
    throw new ModelError({ reason: "error", message: HttpMessages.unreachable(path, describeFetchError(error)), cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  if (!response.ok) throw new ModelError({ reason: "error", message: HttpMessages.status(path, response.status, errorDetail(json, text)) })
  if (json === undefined) throw new ModelError({ reason: "error", message: HttpMessages.notJson(path, clip(text, 80)) })
  return json
}

/** The body as text, refusing more than `max` bytes (the stream is cancelled at the bound). */
async function readBounded(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"))
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel()
    throw new Oversize()
  }
  if (response.body === null) return ""
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      throw new Oversize()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size).toString("utf8")
}

/** The endpoint's own words: `{ error: { message } }` or `{ error: "..." }`, else the body's start. */
const errorDetail = (json: unknown, text: string): string => {
  const error = (json as { error?: unknown } | undefined)?.error
  if (typeof error === "string") return clip(error, MAX_DETAIL_CHARS)
  const message = (error as { message?: unknown } | undefined)?.message
  if (typeof message === "string") return clip(message, MAX_DETAIL_CHARS)
  return clip(text.trim(), MAX_DETAIL_CHARS)
}

const describeFetchError = (error: unknown): string => {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause
  if (typeof cause?.code === "string") return `${cause.code}${typeof cause.message === "string" ? ` (${cause.message})` : ""}`
  const message = error instanceof Error ? error.message : String(error)
  return typeof cause?.message === "string" ? `${message} (${cause.message})` : message
}

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max)}…`)
