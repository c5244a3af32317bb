/**
 * `OpenAPI.fromSpec`: an OpenAPI 3.0 or 3.1 document becomes a namespace of tools, one per
 * operation the adapter can call faithfully, and a list of the operations it skipped and why.
 *
 * The pipeline reads top-down: read the document (`document.ts`), fix the base URL
 * (`servers.ts`), plan every operation (`operations.ts`, `security.ts`), name the plans
 * (`names.ts`), and make a tool of each (`tools.ts`, which calls through `call.ts` and
 * `request.ts`). Everything is decided synchronously, here, so a bad document is a thrown
 * `OpenApiSpecError` at start-up and never a surprise at call time; schemas are converted only for
 * the components the operations reach, and signatures are rendered by the catalog on first use.
 *
 * The tools require `HttpClient.HttpClient` (from `effect/http`), plus whatever `auth.resolve`
 * requires: the host chooses the client, its middleware, and where credentials come from.
 */

import type { HttpClient } from "effect/http"
import { Namespace } from "../catalog/namespace.js"
import type { Tool } from "../catalog/tool.js"
import type { OpenApiCallError } from "./call.js"
import { isObject, readDocument } from "./document.js"
import * as Messages from "./messages.js"
import { planOperations } from "./operations.js"
import { toolNames } from "./names.js"
import { SchemaConverter } from "./schemas.js"
import type { CredentialError } from "./security.js"
import { checkBaseUrl, documentBaseUrl, serverUrl } from "./servers.js"
import { makeOperationTool } from "./tools.js"
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type FromSpecOptions,
  type OperationEntry,
  type SkippedOperation,
} from "./types.js"

export { OpenApiSpecError } from "./document.js"
export { OpenApiCallError } from "./call.js"
export { CredentialError } from "./security.js"
export type * from "./types.js"

/** A generated tool: input and output are plain JSON, checked by the adapter, not by a schema. */
export type OperationTool<R> = Tool<unknown, unknown, OpenApiCallError | CredentialError, HttpClient.HttpClient | R>

export interface OpenApiTools<R> {
  /** One tool per supported operation, under the document's title as the namespace description. */
  readonly tools: Namespace<{ readonly [name: string]: OperationTool<R> }>
  /** The operations that became tools, in document order. */
  readonly operations: ReadonlyArray<OperationEntry>
  /** The operations that did not, with the reason. */
  readonly skipped: ReadonlyArray<SkippedOperation>
}

const fromSpec = <E = never, R = never>(options: FromSpecOptions<E, R>): OpenApiTools<R> => {
  const settings = readOptions(options)
  const document = readDocument(options.spec)
  const root = document.root
  const baseUrl = documentBaseUrl(root, options.baseUrl)
  const { plans, skipped } = planOperations(root)
  const names = toolNames(plans)
  const converter = new SchemaConverter(root)
  const tools: Record<string, OperationTool<R>> = {}
  const operations: Array<OperationEntry> = []
  plans.forEach((plan, index) => {
    const own = options.baseUrl === undefined ? serverUrl(plan.servers, baseUrl) : undefined
    const base = own === undefined ? baseUrl : checkBaseUrl(own, `the servers of ${plan.label}`)
    tools[names[index]] = makeOperationTool(plan, converter, { ...settings, baseUrl: base }) as OperationTool<R>
    operations.push({ name: names[index], operation: plan.label })
  })
  return { tools: Namespace.make({ description: describeDocument(root), tools }), operations, skipped }
}

const readOptions = <E, R>(options: FromSpecOptions<E, R>) => {
  if (!isObject(options)) throw new TypeError(Messages.invalidOption("options", "must be an object"))
  if (options.auth !== undefined && (!isObject(options.auth) || typeof options.auth.resolve !== "function")) {
    throw new TypeError(Messages.invalidOption("auth", "must be { resolve: ({ name, scheme }) => Effect }"))
  }
  if (options.baseUrl !== undefined && typeof options.baseUrl !== "string") {
    throw new TypeError(Messages.invalidOption("baseUrl", "must be a string"))
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(Messages.invalidOption("timeoutMs", "must be a positive number"))
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes <= 0) {
    throw new RangeError(Messages.invalidOption("maxResponseBytes", "must be a positive integer"))
  }
  const retries = options.retry?.times ?? 0
  if (!Number.isSafeInteger(retries) || retries < 0 || retries > 10) {
    throw new RangeError(Messages.invalidOption("retry.times", "must be an integer from 0 to 10"))
  }
  return { auth: options.auth, timeoutMs, maxResponseBytes, retries }
}

const describeDocument = (root: Record<string, unknown>): string | undefined => {
  const info = isObject(root.info) ? root.info : {}
  const title = typeof info.title === "string" ? info.title.trim() : ""
  const summary = typeof info.summary === "string" ? info.summary : typeof info.description === "string" ? info.description : ""
  const first = summary.split(/\n\s*\n/)[0].replace(/\s+/g, " ").trim().slice(0, 300)
  const text = [title, first].filter((part) => part !== "").join(": ")
  return text === "" ? undefined : text
}

export const OpenAPI = {
  /**
   * Builds one tool per supported operation of an OpenAPI 3.0 or 3.1 document (an object, or JSON
   * or YAML text). Throws `OpenApiSpecError` for a document that is not OpenAPI 3 or has no usable
   * base URL, and `TypeError` / `RangeError` for bad options.
   */
  fromSpec,
} as const

