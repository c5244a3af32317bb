/**
 * The OpenAI-compatible adapter's options, read strictly where they are given.
 *
 * As with `CodeMode.make`'s own options (pool/options.ts), a misspelt key must not be silently
 * ignored: `apikey` for `apiKey` would leave every model unavailable without a word, and
 * `models: { classifiers: [...] }` would configure nothing. Every key is checked against the list,
 * every value against its type, and the first problem is a `TypeError` whose message names the key
 * (`Models.openAICompatible: 'timeoutMs' must be a positive integer, got -1`).
 */

import { MODEL_TYPES, type ModelType } from "../protocol/models.js"

export interface OpenAICompatibleOptions {
  /** The API's base URL, with its version path: `https://api.openai.com/v1`. */
  readonly baseUrl: string
  /**
   * The bearer key. `null`: the endpoint needs none (a local server). Absent: no key resolved, so
   * every model is listed as unavailable.
   */
  readonly apiKey?: string | null
  /** The provider name programs see in `{ provider, id }`. Default `"openai"`. */
  readonly provider?: string
  /** The model ids the host offers, by type. */
  readonly models: { readonly chat?: ReadonlyArray<string>; readonly image?: ReadonlyArray<string>; readonly classifier?: ReadonlyArray<string> }
  /** Per request, in milliseconds; past it the request is aborted (`stopReason: "aborted"`). Default 120000. */
  readonly timeoutMs?: number
  /** Extra request headers (an organisation, a gateway's routing header). */
  readonly headers?: Readonly<Record<string, string>>
  /** The largest answer body read, in bytes. Default 32 MiB. */
  readonly maxResponseBytes?: number
}

export interface OpenAIConfig {
  readonly baseUrl: string
  readonly apiKey: string | undefined
  readonly keyless: boolean
  readonly provider: string
  readonly models: Readonly<Partial<Record<ModelType, ReadonlyArray<string>>>>
  readonly timeoutMs: number
  readonly headers: Readonly<Record<string, string>>
  readonly maxResponseBytes: number
}

const WHERE = "Models.openAICompatible"
const KEYS = ["baseUrl", "apiKey", "provider", "models", "timeoutMs", "headers", "maxResponseBytes"]
export const DEFAULT_TIMEOUT_MS = 120_000
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024

export const OptionMessages = {
  notObject: () => `${WHERE} expects an options object { baseUrl, apiKey, models }`,
  unknownKey: (path: string, key: string, known: ReadonlyArray<string>) =>
    `${WHERE}: unknown option '${path === "" ? key : `${path}.${key}`}'. The options${path === "" ? "" : ` of '${path}'`} are ${known.map((k) => `'${k}'`).join(", ")}.`,
  bad: (key: string, expected: string, got: unknown) => `${WHERE}: '${key}' must be ${expected}, got ${describe(got)}`,
} as const

const describe = (value: unknown): string =>
  value === undefined ? "nothing" : value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "string" ? JSON.stringify(value.slice(0, 60)) : typeof value === "object" ? "an object" : String(value)

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value)

const checkKeys = (path: string, value: Record<string, unknown>, known: ReadonlyArray<string>): void => {
  for (const key of Object.keys(value)) if (!known.includes(key)) throw new TypeError(OptionMessages.unknownKey(path, key, known))
}

const positiveInteger = (key: string, value: unknown, fallback: number): number => {
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || (value as number) <= 0) throw new TypeError(OptionMessages.bad(key, "a positive integer", value))
  return value as number
}

export const readOpenAIOptions = (options: unknown): OpenAIConfig => {
  if (!isRecord(options)) throw new TypeError(OptionMessages.notObject())
  checkKeys("", options, KEYS)
  const { baseUrl, apiKey, provider, models, headers } = options
  if (typeof baseUrl !== "string" || !/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new TypeError(OptionMessages.bad("baseUrl", "an http(s) URL such as \"https://api.openai.com/v1\"", baseUrl))
  if (apiKey !== undefined && apiKey !== null && (typeof apiKey !== "string" || apiKey === "")) throw new TypeError(OptionMessages.bad("apiKey", "a non-empty string, or null for an endpoint that needs no key", "a value of another type"))
  if (provider !== undefined && (typeof provider !== "string" || provider === "" || provider.includes("/"))) throw new TypeError(OptionMessages.bad("provider", "a non-empty name without '/'", provider))
  if (!isRecord(models)) throw new TypeError(OptionMessages.bad("models", "an object such as { classifier: [\"gpt-4o-mini\"], image: [\"gpt-image-1\"] }", models))
  checkKeys("models", models, MODEL_TYPES)
  const lists: Partial<Record<ModelType, ReadonlyArray<string>>> = {}
  for (const type of MODEL_TYPES) {
    const ids = models[type]
    if (ids === undefined) continue
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string" || id === "")) throw new TypeError(OptionMessages.bad(`models.${type}`, "an array of model ids (non-empty strings)", ids))
    lists[type] = [...new Set(ids as string[])]
  }
  if (headers !== undefined && (!isRecord(headers) || Object.values(headers).some((v) => typeof v !== "string"))) {
    throw new TypeError(OptionMessages.bad("headers", "an object of header names to string values", headers))
  }
  const extra = (headers ?? {}) as Record<string, string>
  if (Object.keys(extra).some((name) => name.toLowerCase() === "authorization")) throw new TypeError(OptionMessages.bad("headers", "headers other than Authorization (give the key as apiKey)", "an Authorization header"))
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: typeof apiKey === "string" ? apiKey : undefined,
    keyless: apiKey === null,
    provider: provider ?? "openai",
    models: lists,
    timeoutMs: positiveInteger("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS),
    headers: extra,
    maxResponseBytes: positiveInteger("maxResponseBytes", options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
  }
}
