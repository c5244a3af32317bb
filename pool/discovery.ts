/**
 * The discovery built-ins on the host: what `searchTools`, `describeTool` and `describeNamespace`
 * (Lua: `search_tools`, `describe_tool`, `describe_namespace`) answer.
 *
 * These are the discovery API agents know from Code Mode tools, beside our own `search`. `ALL_TOOLS` needs no
 * host: the worker lists it from its catalog snapshot. The three functions come here (`op:
 * "discovery"`) because what they need lives in the host's catalog: the ranker, the identifier
 * aliases and the signatures, which are rendered lazily and cached, so a catalog of thousands of
 * tools pays only for the few a program asks about.
 *
 * Names. A tool's `name` is its canonical path (`context7.resolve-library-id`), the same in both
 * languages and in `ALL_TOOLS`. Every function accepts that, the expression that calls it
 * (`tools.context7["resolve-library-id"]`), or the identifier form a model tends to write
 * (`context7.resolve_library_id`): aliases that never shadow a declared name (catalog/discovery.ts).
 *
 * What each returns:
 * - `searchTools(query, { limit, namespace })`: up to `limit` (default 8, at most the search page
 *   bound) `{ name, description, signature }`, best first; an empty query lists in path order.
 * - `describeTool(name)`: the declaration as text, the description as comment lines above the
 *   signature, in the program's language; `undefined` / `nil` for a name that is no tool.
 * - `describeNamespace(name)`: `{ name, description?, instructions?, tools, namespaces }`, `tools`
 *   being the expressions that call them; `undefined` / `nil` for a name that is no namespace.
 *
 * Semantic search: when the host gives `CodeMode.make` an embedding model (`embeddings`, the
 * `ToolEmbeddings` service), `search` and `searchTools` rank by the fusion of the lexical and the
 * semantic orders (catalog/semantic.ts), answered as an Effect (`semanticSearchOperation`); a
 * failing model falls back to the lexical answer with a warning for the host (pool/dispatch.ts).
 *
 * Counting: each call is a host call like `search`, so each counts toward `maxToolCalls` in both
 * languages and appears in `Result.toolCalls` with kind `search` and the name the program called.
 * A malformed request throws `DiscoveryRequestError`, which the program sees as a catchable error.
 */

import { Effect } from "effect"
import { Catalog } from "../catalog/catalog.js"
import { MAX_SEARCH_LIMIT } from "../catalog/limits.js"
import { unknownNamespace } from "../catalog/messages.js"
import type { ToolEntry } from "../catalog/paths.js"
import { readSearchRequest, SearchRequestError } from "../catalog/search.js"
import { semanticRank, semanticSearch, ToolEmbeddings } from "../catalog/semantic.js"
import type { DataValue } from "../protocol/data.js"
import type { Language } from "../protocol/language.js"
import { callSemanticSearch, type CallRecord, type Reply } from "./dispatch.js"

/** Results of `searchTools` when the program gives no `limit` (the default agents know). */
export const DEFAULT_SEARCH_TOOLS_LIMIT = 8

type Builtin = "searchTools" | "describeTool" | "describeNamespace"

/** The built-in a wire name means, in either language's spelling. */
const BUILTINS: ReadonlyMap<string, Builtin> = new Map([
  ["searchTools", "searchTools"],
  ["search_tools", "searchTools"],
  ["describeTool", "describeTool"],
  ["describe_tool", "describeTool"],
  ["describeNamespace", "describeNamespace"],
  ["describe_namespace", "describeNamespace"],
])

/** A discovery request the program made wrongly; its message says how to ask. */
export class DiscoveryRequestError extends Error {
  override readonly name = "DiscoveryRequestError"
}

/** Program-facing messages of the discovery built-ins, one factory each. */
export const DiscoveryMessages = {
  unknownBuiltin: (name: string) => `Unknown discovery built-in '${name}'`,
  badSearch: (name: string, detail: string, language: Language) =>
    `Invalid ${name} request: ${detail}. Call ${
      language === "lua" ? `${name}("words", { limit = 5, namespace = "orders" })` : `${name}("words", { limit: 5, namespace: "orders" })`
    }.`,
  notAName: (name: string, got: string) => `${name} expects a name string (a tool or namespace path), got ${got}`,
} as const

/** Answers one discovery call; `undefined` is `undefined` in JavaScript and `nil` in Lua. */
export const answerDiscovery = (
  catalog: Catalog,
  language: Language,
  name: string,
  args: ReadonlyArray<DataValue>,
): DataValue | undefined => {
  switch (BUILTINS.get(name)) {
    case "searchTools":
      return searchTools(catalog, language, name, args)
    case "describeTool":
      return describeTool(catalog, language, readName(name, args[0]))
    case "describeNamespace":
      return describeNamespace(catalog, language, readName(name, args[0]))
    default:
      throw new DiscoveryRequestError(DiscoveryMessages.unknownBuiltin(name))
  }
}

/** What a `searchTools` call asks for, read and checked (throws `DiscoveryRequestError`). */
interface SearchToolsRequest {
  readonly query: string
  readonly scope: string | undefined
  readonly limit: number
}

const readSearchTools = (catalog: Catalog, language: Language, name: string, args: ReadonlyArray<DataValue>): SearchToolsRequest => {
  const [query, options] = args
  const bad = (detail: string) => new DiscoveryRequestError(DiscoveryMessages.badSearch(name, detail, language))
  if (query !== undefined && query !== null && typeof query !== "string") throw bad("the query must be a string")
  let limit = DEFAULT_SEARCH_TOOLS_LIMIT
  let namespace: string | undefined
  if (options !== undefined && options !== null) {
    if (typeof options !== "object" || Array.isArray(options)) throw bad("the options must be a table of { limit, namespace }")
    for (const [key, value] of Object.entries(options)) {
      if (value === null) continue
      if (key === "limit") {
        if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) throw bad("'limit' must be an integer of at least 1")
        limit = Math.min(value, MAX_SEARCH_LIMIT)
      } else if (key === "namespace") {
        if (typeof value !== "string") throw bad("'namespace' must be a string")
        namespace = value
      } else throw bad(`unknown option '${key}'`)
    }
  }
  let scope: string | undefined
  if (namespace !== undefined && namespace.trim() !== "") {
    const info = catalog.namespace(namespace)
    if (info === undefined) {
      const known = catalog.namespaces.filter((each) => each.segments.length === 1).map((each) => each.path)
      throw new DiscoveryRequestError(unknownNamespace(namespace, known))
    }
    scope = info.path
  }
  return { query: query ?? "", scope, limit }
}

const searchToolsAnswer = (catalog: Catalog, language: Language, ranked: ReadonlyArray<ToolEntry>, limit: number): DataValue =>
  ranked.slice(0, limit).map((entry) => ({ name: entry.path, description: entry.tool.description, signature: catalog.signature(entry, language) }))

const searchTools = (catalog: Catalog, language: Language, name: string, args: ReadonlyArray<DataValue>): DataValue => {
  const { query, scope, limit } = readSearchTools(catalog, language, name, args)
  return searchToolsAnswer(catalog, language, Catalog.rank(catalog, query, scope), limit)
}

/** Whether a discovery built-in ranks tools (and so uses the host's embedding model when there is one). */
export const isSearchBuiltin = (name: string): boolean => BUILTINS.get(name) === "searchTools"

/**
 * `search` (`name` "search") and `searchTools` ranked with the host's embedding model, as the
 * Effect that answers the call; the lexical answer to the same request is its fallback.
 */
export const semanticSearchOperation =
  (catalog: Catalog, language: Language, embeddings: ToolEmbeddings["Service"]) =>
  (name: string, args: ReadonlyArray<DataValue>, record: CallRecord): Effect.Effect<Reply> => {
    const lexical = () => (name === "search" ? (catalog.search(readSearchRequest(args), language) as unknown as DataValue) : searchTools(catalog, language, name, args))
    const ranked: Effect.Effect<DataValue, unknown, ToolEmbeddings> =
      name === "search"
        ? Effect.suspend(() => semanticSearch(catalog, readSearchRequest(args), language)).pipe(Effect.map((result) => result as unknown as DataValue))
        : Effect.suspend(() => {
            const request = readSearchTools(catalog, language, name, args)
            return Effect.map(semanticRank(catalog, request.query, request.scope), (entries) => searchToolsAnswer(catalog, language, entries, request.limit))
          })
    return callSemanticSearch(Effect.provideService(ranked, ToolEmbeddings, embeddings), lexical, isRequestError, record)
  }

const isRequestError = (error: unknown): boolean => error instanceof SearchRequestError || error instanceof DiscoveryRequestError

const readName = (builtin: string, value: DataValue | undefined): string => {
  if (typeof value === "string") return value
  const got = value === undefined || value === null ? "nothing" : Array.isArray(value) ? "an array" : typeof value
  throw new DiscoveryRequestError(DiscoveryMessages.notAName(builtin, got))
}

/** The declaration text: the description as comment lines, then the signature. */
const describeTool = (catalog: Catalog, language: Language, reference: string): DataValue | undefined => {
  const declaration = catalog.describeTool(reference, language)
  if (declaration === undefined) return undefined
  const comment = language === "lua" ? "-- " : "// "
  const lines = declaration.description.trim() === "" ? [] : declaration.description.trim().split(/\r?\n/)
  return [...lines.map((line) => `${comment}${line}`.trimEnd()), declaration.signature].join("\n")
}

const describeNamespace = (catalog: Catalog, language: Language, reference: string): DataValue | undefined => {
  const declaration = catalog.describeNamespace(reference, language)
  if (declaration === undefined) return undefined
  return {
    name: declaration.path,
    ...(declaration.description === undefined ? {} : { description: declaration.description }),
    ...(declaration.instructions === undefined ? {} : { instructions: declaration.instructions }),
    tools: [...declaration.tools],
    namespaces: [...declaration.namespaces],
  }
}
