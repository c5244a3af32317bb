/**
 * Code Mode: run small model-written programs over host tools, in sealed interpreters inside a
 * worker pool. This is the public face; everything a host needs is exported here.
 */

export { CodeMode, type AnyExtension, type Branches, type CodeModeOptions, type ExecuteOptions, type Runtime } from "./pool/codemode.js"
export { WorkerPool, type WorkerPoolOptions } from "./pool/workers.js"
export {
  Approval,
  ApprovalRequired,
  ResumeTokenError,
  MAX_APPROVAL_TOKEN_BYTES,
  DEFAULT_TOKEN_EXPIRY_MS,
  type ApprovalDecision,
  type ApprovalOptions,
  type Pending,
  type PendingCall,
  type ResumeTokenReason,
} from "./pool/approvals.js"
export { DEFAULT_LIMITS, type Limits } from "./pool/limits.js"
export type { Language } from "./protocol/language.js"
export type { OutputBlock, OutputEvent, OutputObserver } from "./pool/output.js"
export type { OutputFilesOptions } from "./pool/output-files.js"
export type { ConsoleLevel, ImageMimeType } from "./protocol/output.js"
export { CHARS_PER_TOKEN, DEFAULT_MAX_OUTPUT_TOKENS, MAX_IMAGE_BYTES, MAX_OUTPUT_CALLS, MAX_OUTPUT_CHARS } from "./protocol/output.js"
export type { Result, ToolCall, CallStatus, Diagnostic, DiagnosticKind, SourceLocation, DataValue } from "./pool/result.js"
export type { Hooks, ToolCallEvent, ToolAfterEvent, ExtensionCallEvent, ExtensionAfterEvent, CallOutcome } from "./pool/hooks.js"
export {
  Extension,
  type ExtensionRequirements,
  type GlobalFunction,
  type GlobalRequirements,
  type GlobalTree,
  type LuaGlobalFunction,
  type LuaGlobalTree,
} from "./pool/extension.js"
export { Tool, type AnyTool, type JsonSchemaDocument, type ToolSchema } from "./catalog/tool.js"
export { Namespace, type ToolTree, type ToolRequirements } from "./catalog/namespace.js"
export { Catalog, semanticRank, semanticSearch, SemanticSearchError, ToolEmbeddings } from "./catalog/index.js"
export { DEFAULT_INLINE_BUDGET, estimateTokens, renderInstructions, type InstructionsOptions } from "./catalog/index.js"
export { DEFAULT_BOUNDS, type Bounds } from "./protocol/bounds.js"
export {
  OpenAPI,
  OpenApiCallError,
  OpenApiSpecError,
  CredentialError,
  type OpenApiTools,
  type OperationTool,
  type FromSpecOptions,
  type Auth,
  type Credential,
  type BasicCredential,
  type CredentialRequest,
  type SecurityScheme,
  type SkippedOperation,
  type OperationEntry,
  type RetryOptions,
} from "./openapi/index.js"
export {
  State,
  BranchError,
  StateBoundExceeded,
  StateConflict,
  StateError,
  DEFAULT_BRANCH,
  MAX_BRANCH_CHARS,
  MAX_BRANCH_NAME_CHARS,
  MAX_VALUE_CHARS,
  type BranchChanges,
  type BranchSummary,
  type CommitError,
  type PostgresStateOptions,
  type SqliteStateOptions,
  type StateErrorReason,
  type StateStore,
  type StoredEntry,
} from "./state/index.js"
export {
  Models,
  ModelError,
  ModelBounds,
  type ClassificationAnswer,
  type ClassificationQuestion,
  type ClassifyContext,
  type ClassifyRequest,
  type ClassifyResponse,
  type ClassifyResult,
  type ContentBlock,
  type ExecutionUsage,
  type GenerateImagesContext,
  type GenerateImagesRequest,
  type GenerateImagesResponse,
  type GenerateImagesResult,
  type ImageBlock,
  type ModelErrorReason,
  type ModelInfo,
  type ModelListing,
  type ModelProvider,
  type ModelRef,
  type ModelType,
  type ModelUsage,
  type OpenAICompatibleOptions,
  type StopReason,
  type TextBlock,
} from "./models/index.js"
