/**
 * The catalog's public surface: tools, namespaces and the catalog built from them, plus what the
 * pool needs at a tool's edges (decoding, messages) and what hosts show the model (signatures,
 * search). The catalog is host-side only: nothing here knows about workers.
 */

export { Tool, isJsonSchemaDocument } from "./tool.js"
export type { AnyTool, InputOf, JsonSchemaDocument, OutputOf, SchemaServices, ToolOptions, ToolSchema } from "./tool.js"
export { Namespace } from "./namespace.js"
export type { NamespaceOptions, ToolErrors, ToolRequirements, ToolTree, ToolTreeNode } from "./namespace.js"
export {
  flattenTools,
  isPropertyIdentifier,
  propertyAccess,
  referenceCandidates,
  toolExpression,
} from "./paths.js"
export type { FlattenedTools, Language, NamespaceInfo, ToolEntry } from "./paths.js"
export { renderSchemaType, renderSignature, renderToolTypes, sanitizeComment } from "./signature.js"
export type { RenderedTypes } from "./signature.js"
export { toJsonSchema } from "./schema.js"
export {
  luaSearchSignature,
  rank,
  readSearchRequest,
  search,
  SearchRequestError,
  searchSignature,
  suggest,
} from "./search.js"
export type { SearchHit, SearchRequest, SearchResult } from "./search.js"
export { fuseRanks, semanticRank, semanticSearch, SemanticSearchError, ToolEmbeddings } from "./semantic.js"
export { Catalog } from "./catalog.js"
export { CHARS_PER_TOKEN, DEFAULT_INLINE_BUDGET, estimateTokens, InstructionsMessages, renderInstructions } from "./instructions.js"
export type { InstructionsOptions } from "./instructions.js"
export { identifierPath, identifierSegment } from "./discovery.js"
export type { NamespaceDeclaration, ToolDeclaration } from "./discovery.js"
export type { CatalogSnapshot, ToolDescriptor } from "./catalog.js"
export { decodeInput, decodeOutput, InvalidToolInput, InvalidToolOutput, isEnforced } from "./decode.js"
export { copyPlainData } from "./plain-copy.js"
export type { CopyResult } from "./plain-copy.js"
export * as CatalogMessages from "./messages.js"
