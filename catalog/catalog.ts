/**
 * The catalog: everything the host knows about its tools, built once per tools tree.
 *
 * Building is cheap on purpose (flatten the tree, index paths in a map): a runtime is often made
 * per request and a catalog may hold thousands of tools. What costs more is deferred and cached:
 * JSON Schema conversion and signature rendering happen when a signature is first read, the search
 * index when the first search runs, the worker snapshot when the first worker needs it.
 *
 * A worker never receives the catalog itself, only `snapshot()`: plain data (paths, descriptions,
 * namespaces), never a tool or a function. Each catalog has an `id`, unique in the process, so the
 * pool can send a worker the snapshot once and refer to it by id afterwards.
 */

import { buildIdentifierAliases, describeNamespace, describeTool, type NamespaceDeclaration, type ToolDeclaration } from "./discovery.js"
import * as Messages from "./messages.js"
import type { Namespace, ToolTree } from "./namespace.js"
import { flattenTools, type Language, type NamespaceInfo, referenceCandidates, type ToolEntry, toolExpression } from "./paths.js"
import { rank, search, type SearchRequest, type SearchResult, suggest } from "./search.js"
import { renderSignature } from "./signature.js"

/** What `runtime.catalog` lists for each tool. */
export interface ToolDescriptor {
  /** Canonical path (`orders.lookup`); `CodeMode.toolExpression(path, language)` renders it for a program. */
  readonly path: string
  readonly description: string
  /** The signature in the runtime's language (rendered when first read). */
  readonly signature: string
}

/** The plain-data part of a catalog that a worker needs. */
export interface CatalogSnapshot {
  readonly id: number
  readonly tools: ReadonlyArray<{ readonly path: string; readonly segments: ReadonlyArray<string>; readonly description: string }>
  readonly namespaces: ReadonlyArray<{
    readonly path: string
    readonly segments: ReadonlyArray<string>
    readonly description?: string
    readonly instructions?: string
  }>
}

export interface Catalog {
  /** Unique among the catalogs of this process. */
  readonly id: number
  /** Every tool, in the order the host declared them. */
  readonly entries: ReadonlyArray<ToolEntry>
  /** Every namespace level, declared or implied by nesting. */
  readonly namespaces: ReadonlyArray<NamespaceInfo>
  /**
   * The tool a path or expression names: `orders.lookup`, `tools.orders.lookup`, `tools.x["y-z"]`,
   * or an identifier alias (`tools.x.y_z`, see `identifierAliases`).
   */
  lookup(reference: string): ToolEntry | undefined
  /** The namespace level a path, expression or identifier alias names. */
  namespace(reference: string): NamespaceInfo | undefined
  /**
   * Identifier path -> canonical path, for tools and namespaces whose names are not identifiers in
   * `language` (`context7.resolve_library_id` -> `context7.resolve-library-id`). An alias never
   * shadows a declared name, and names that normalise alike get none (`discovery.ts`).
   */
  identifierAliases(language: Language): ReadonlyMap<string, string>
  /** The declaration of the tool a canonical path, expression or alias names, or `undefined`. */
  describeTool(reference: string, language: Language): ToolDeclaration | undefined
  /** A namespace's description, instructions and tools, or `undefined` when it names none. */
  describeNamespace(reference: string, language?: Language): NamespaceDeclaration | undefined
  /** Tools under a namespace path, in declaration order. */
  toolsIn(namespacePath: string): ReadonlyArray<ToolEntry>
  signature(entry: ToolEntry, language: Language): string
  descriptors(language: Language): ReadonlyArray<ToolDescriptor>
  snapshot(): CatalogSnapshot
  search(request: SearchRequest, language: Language): SearchResult
  /** "Did you mean" expressions for a path that names no tool. */
  suggest(reference: string, language: Language, count?: number): ReadonlyArray<string>
  /** The full message for a program that called a path naming no tool. */
  unknownToolMessage(reference: string, language: Language): string
}

let lastId = 0

class ToolCatalog implements Catalog {
  readonly id = ++lastId
  readonly entries: ReadonlyArray<ToolEntry>
  readonly namespaces: ReadonlyArray<NamespaceInfo>
  private readonly byPath: ReadonlyMap<string, ToolEntry>
  private readonly namespaceByPath: ReadonlyMap<string, NamespaceInfo>
  private readonly signatures: Record<Language, Map<ToolEntry, string>> = { lua: new Map(), javascript: new Map() }
  private readonly descriptorLists: Partial<Record<Language, ReadonlyArray<ToolDescriptor>>> = {}
  private snapshotCache: CatalogSnapshot | undefined
  private readonly aliases: Partial<Record<Language, ReadonlyMap<string, string>>> = {}

  constructor(tools: ToolTree | Namespace<ToolTree>) {
    const flat = flattenTools(tools)
    this.entries = Object.freeze([...flat.entries])
    this.namespaces = Object.freeze([...flat.namespaces])
    this.byPath = new Map(flat.entries.map((entry) => [entry.path, entry]))
    this.namespaceByPath = new Map(flat.namespaces.map((info) => [info.path, info]))
  }

  lookup(reference: string): ToolEntry | undefined {
    return this.resolve(this.byPath, reference)
  }

  namespace(reference: string): NamespaceInfo | undefined {
    return this.resolve(this.namespaceByPath, reference)
  }

  identifierAliases(language: Language): ReadonlyMap<string, string> {
    return (this.aliases[language] ??= buildIdentifierAliases(this, language))
  }

  describeTool(reference: string, language: Language): ToolDeclaration | undefined {
    const entry = this.lookup(reference)
    return entry === undefined ? undefined : describeTool(this, entry, language)
  }

  describeNamespace(reference: string, language: Language = "javascript"): NamespaceDeclaration | undefined {
    const info = this.namespace(reference)
    return info === undefined ? undefined : describeNamespace(this, info, language)
  }

  toolsIn(namespacePath: string): ReadonlyArray<ToolEntry> {
    const prefix = `${namespacePath}.`
    return this.entries.filter((entry) => entry.path.startsWith(prefix))
  }

  signature(entry: ToolEntry, language: Language): string {
    const cache = this.signatures[language]
    let signature = cache.get(entry)
    if (signature === undefined) {
      signature = renderSignature(toolExpression(entry.segments, language), entry.tool, language)
      cache.set(entry, signature)
    }
    return signature
  }

  descriptors(language: Language): ReadonlyArray<ToolDescriptor> {
    let list = this.descriptorLists[language]
    if (list === undefined) {
      const catalog = this
      list = this.descriptorLists[language] = Object.freeze(
        this.entries.map((entry) =>
          Object.freeze({
            path: entry.path,
            description: entry.tool.description,
            get signature() {
              return catalog.signature(entry, language)
            },
          }),
        ),
      )
    }
    return list
  }

  snapshot(): CatalogSnapshot {
    if (this.snapshotCache === undefined) {
      this.snapshotCache = {
        id: this.id,
        tools: this.entries.map((entry) => ({ path: entry.path, segments: [...entry.segments], description: entry.tool.description })),
        namespaces: this.namespaces.map((info) => ({
          path: info.path,
          segments: [...info.segments],
          ...(info.description === undefined ? {} : { description: info.description }),
          ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
        })),
      }
    }
    return this.snapshotCache
  }

  search(request: SearchRequest, language: Language): SearchResult {
    return search(this, request, language)
  }

  suggest(reference: string, language: Language, count?: number): ReadonlyArray<string> {
    return suggest(this, reference, language, count)
  }

  unknownToolMessage(reference: string, language: Language): string {
    const candidates = referenceCandidates(reference)
    const shown = candidates.length > 0 ? toolExpression(candidates[candidates.length - 1], language) : reference
    return Messages.unknownTool(shown, this.suggest(reference, language))
  }

  /** Declared names first; aliases only when no declared name matches, so they never shadow one. */
  private resolve<A>(table: ReadonlyMap<string, A>, reference: string): A | undefined {
    const direct = table.get(reference)
    if (direct !== undefined) return direct
    const candidates = referenceCandidates(reference)
    // Text that reads as no path (a search query, "create a pull request") has no alias either:
    // building the alias tables for it would cost a search its first milliseconds for nothing.
    if (candidates.length === 0) return undefined
    for (const candidate of candidates) {
      const found = table.get(candidate)
      if (found !== undefined) return found
    }
    for (const language of ["javascript", "lua"] as const) {
      const aliases = this.identifierAliases(language)
      if (aliases.size === 0) continue
      for (const candidate of candidates) {
        const path = aliases.get(candidate)
        const found = path === undefined ? undefined : table.get(path)
        if (found !== undefined) return found
      }
    }
    return undefined
  }
}

/** Builds the catalog of a tools tree; throws an `Error` naming the key for an invalid tree. */
const make = (tools: ToolTree | Namespace<ToolTree>): Catalog => new ToolCatalog(tools)

export const Catalog = {
  make,
  /** Tools matching a query, best first, without paging or rendering (for discovery built-ins). */
  rank: (catalog: Catalog, query: string, namespacePath?: string) => rank(catalog, query, namespacePath),
} as const
