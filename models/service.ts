/**
 * The models service: what the runtime needs of a host's models to serve a program's `models.*`.
 *
 * One `Context.Service`, `Models`, with a small shape: list the configured models, classify, and
 * generate images. A host gives it to `CodeMode.make({ models })` as a `Layer` (like `state`),
 * either the OpenAI-compatible adapter (openai.ts) or its own implementation. The shape is
 * deliberately narrow and checked by the runtime, not trusted: the runtime checks a program's
 * arguments before a provider sees them (arguments.ts), caps how many operations of one program
 * run at once, checks the provider's answers against the questions asked, and sums usage
 * (pool/models.ts). A provider only has to turn a well-formed request into an answer.
 *
 * A provider failure is a `ModelError` with a `reason` (`error`, or `aborted` for a request that
 * was cut short: a timeout, a cancelled connection) and a message a model can read; the program
 * sees it as `stopReason` and `errorMessage`, never as a thrown error. A provider that returns
 * something else, or dies, is reported the same way with the runtime's own words.
 */

import { Context, Data, type Effect } from "effect"
import type {
  ClassificationAnswer,
  ClassifyContext,
  ContentBlock,
  GenerateImagesContext,
  ModelRef,
  ModelType,
  ModelUsage,
} from "../protocol/models.js"

/** A model the host configured. */
export interface ModelInfo {
  readonly type: ModelType
  readonly provider: string
  readonly id: string
  /**
   * Whether it can be used now: its provider is enabled and its credentials resolve locally. Not
   * a remote probe. Default true.
   */
  readonly available?: boolean
}

/** A classification the runtime has checked: the model is configured as a classifier. */
export interface ClassifyRequest extends ClassifyContext {
  readonly model: ModelRef
}

export interface ClassifyResponse {
  /** One answer per question key. The runtime checks each against its question. */
  readonly answers: Readonly<Record<string, ClassificationAnswer>>
  readonly usage?: Partial<ModelUsage>
}

export interface GenerateImagesRequest extends GenerateImagesContext {
  readonly model: ModelRef
}

export interface GenerateImagesResponse {
  readonly output: ReadonlyArray<ContentBlock>
  readonly usage?: Partial<ModelUsage>
}

export type ModelErrorReason = "error" | "aborted"

/** A provider could not answer. `usage` is what the failed attempt still cost, when known. */
export class ModelError extends Data.TaggedError("ModelError")<{
  readonly reason: ModelErrorReason
  readonly message: string
  readonly usage?: Partial<ModelUsage>
  readonly cause?: unknown
}> {}

export interface ModelProvider {
  /** Every configured model, of every type. */
  readonly list: () => Effect.Effect<ReadonlyArray<ModelInfo>, ModelError>
  readonly classify: (request: ClassifyRequest) => Effect.Effect<ClassifyResponse, ModelError>
  readonly generateImages: (request: GenerateImagesRequest) => Effect.Effect<GenerateImagesResponse, ModelError>
}

export class Models extends Context.Service<Models, ModelProvider>()("codemode/Models") {}

/** The functions a provider must have, for the check `CodeMode.make` makes of the one it is given. */
export const PROVIDER_FUNCTIONS: ReadonlyArray<keyof ModelProvider> = ["list", "classify", "generateImages"]
