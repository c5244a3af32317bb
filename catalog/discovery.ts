/**
 * What the discovery built-ins (`describeTool`, `describeNamespace`, `ALL_TOOLS` and their Lua
 * twins) read from the catalog, and the identifier aliases that let a program call a tool whose
 * name is not an identifier with plain dots.
 *
 * A tool key may be any addressable text (`resolve-library-id`, `größen_übersicht`), and the
 * canonical expression for it uses brackets. Models often write the identifier form instead
 * (`tools.context7.resolve_library_id`), as the discovery API's reference (an agent's Code Mode tool) does by design: its names are
 * normalised to identifiers, punctuation becoming `_`. We keep the canonical path and add the
 * identifier form as an alias, under two rules. An alias never shadows a declared name: if the
 * identifier form of one tool is the path of another tool or of a namespace, or would pass through
 * a tool, the declared one wins and there is no alias. And an alias must be unambiguous: two tools
 * normalising to the same identifier path (`a-b` and `a+b`) get no alias at all, since guessing
 * which one the program meant would be worse than an unknown-tool message with suggestions.
 *
 * Identifiers differ per language: JavaScript accepts any Unicode letter, Lua only ASCII, and Lua
 * reserves words (`end`) that JavaScript allows as property names. So the alias of a segment is the
 * segment itself when it already is an identifier in that language, and otherwise the segment with
 * accents stripped and every run of other characters replaced by `_`.
 */

import type { Catalog } from "./catalog.js"
import { isPropertyIdentifier, type Language, type NamespaceInfo, type ToolEntry, toolExpression } from "./paths.js"

/** What `describeTool` returns: everything a program needs to call the tool right. */
export interface ToolDeclaration {
  /** Canonical path (`context7.resolve-library-id`). */
  readonly path: string
  /** How the program calls it, in its language (`tools.context7["resolve-library-id"]`). */
  readonly expression: string
  readonly description: string
  readonly signature: string
}

/** What `describeNamespace` returns. */
export interface NamespaceDeclaration {
  readonly path: string
  readonly description?: string
  readonly instructions?: string
  /** The expressions of every tool below the namespace, in declaration order. */
  readonly tools: ReadonlyArray<string>
  /** The paths of the namespaces directly below it. */
  readonly namespaces: ReadonlyArray<string>
}

/** The identifier form of one path segment in a language: itself when it already is one. */
export const identifierSegment = (segment: string, language: Language): string => {
  if (isPropertyIdentifier(segment, language)) return segment
  const plain = segment.normalize("NFKD").replace(/\p{M}+/gu, "")
  const invalid = language === "lua" ? /[^A-Za-z0-9_]+/g : /[^\p{ID_Continue}$]+/gu
  let identifier = plain.replace(invalid, "_")
  if (!isPropertyIdentifier(identifier, language)) identifier = `_${identifier}`
  // Still not one (a Lua keyword with a leading `_` is fine; this guards odd Unicode starts).
  return isPropertyIdentifier(identifier, language) ? identifier : `_${identifier.replace(/[^A-Za-z0-9_]+/g, "_")}`
}

/** The identifier path of a tool in a language (`context7.resolve_library_id`). */
export const identifierPath = (segments: ReadonlyArray<string>, language: Language): string =>
  segments.map((segment) => identifierSegment(segment, language)).join(".")

/**
 * Identifier aliases of a catalog in a language: identifier path -> canonical path, for tools and
 * namespaces whose path is not already made of identifiers, under the two rules above.
 */
export const buildIdentifierAliases = (catalog: Catalog, language: Language): ReadonlyMap<string, string> => {
  const aliases = new Map<string, string>()
  const named = [...catalog.entries, ...catalog.namespaces]
  const needing = named.filter(({ segments }) => !segments.every((segment) => isPropertyIdentifier(segment, language)))
  // Most catalogs name everything with identifiers: then there is nothing to alias or check.
  if (needing.length === 0) return aliases
  const declared = new Set<string>(named.map((item) => item.path))
  const toolPaths = new Set(catalog.entries.map((entry) => entry.path))
  const ambiguous = new Set<string>()
  for (const { path, segments } of needing) {
    const alias = identifierPath(segments, language)
    if (declared.has(alias) || passesThroughTool(alias, toolPaths)) continue
    if (aliases.has(alias)) {
      // A namespace's alias is a prefix of its tools' aliases, never equal to one; equal means a clash.
      if (aliases.get(alias) !== path) ambiguous.add(alias)
    } else aliases.set(alias, path)
  }
  for (const alias of ambiguous) aliases.delete(alias)
  return aliases
}

const passesThroughTool = (alias: string, toolPaths: ReadonlySet<string>): boolean => {
  for (let dot = alias.indexOf("."); dot >= 0; dot = alias.indexOf(".", dot + 1)) {
    if (toolPaths.has(alias.slice(0, dot))) return true
  }
  return false
}

export const describeTool = (catalog: Catalog, entry: ToolEntry, language: Language): ToolDeclaration => ({
  path: entry.path,
  expression: toolExpression(entry.segments, language),
  description: entry.tool.description,
  signature: catalog.signature(entry, language),
})

export const describeNamespace = (catalog: Catalog, info: NamespaceInfo, language: Language): NamespaceDeclaration => {
  const depth = info.segments.length
  const children = catalog.namespaces.filter(
    (other) => other.segments.length === depth + 1 && other.path.startsWith(`${info.path}.`),
  )
  return {
    path: info.path,
    ...(info.description === undefined ? {} : { description: info.description }),
    ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
    tools: catalog.toolsIn(info.path).map((entry) => toolExpression(entry.segments, language)),
    namespaces: children.map((child) => child.path),
  }
}
