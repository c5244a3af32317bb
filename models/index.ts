/**
 * The public face of the models API: `Models`, the service and its constructors in one name.
 *
 * `Models` is the `Context.Service` key, so a host may write its own provider
 * (`Models.layer({ list, classify, generateImages })`, or `Layer.succeed(Models, ...)`), and it
 * carries the one real adapter: `Models.openAICompatible({ baseUrl, apiKey, models })`. Either is
 * given to `CodeMode.make({ models })`.
 */

import { Layer } from "effect"
import { Models as ModelsService, PROVIDER_FUNCTIONS, type ModelProvider } from "./service.js"
import { openAICompatible, openAICompatibleProvider } from "./openai.js"

export type { ClassifyRequest, ClassifyResponse, GenerateImagesRequest, GenerateImagesResponse, ModelErrorReason, ModelInfo, ModelProvider } from "./service.js"
export { ModelError } from "./service.js"
export type { OpenAICompatibleOptions } from "./openai-options.js"
export type {
  ClassificationAnswer,
  ClassificationQuestion,
  ClassifyContext,
  ClassifyResult,
  ContentBlock,
  ExecutionUsage,
  GenerateImagesContext,
  GenerateImagesResult,
  ImageBlock,
  ModelListing,
  ModelRef,
  ModelType,
  ModelUsage,
  StopReason,
  TextBlock,
} from "../protocol/models.js"
export { ModelBounds } from "../protocol/models.js"

/** A layer of the host's own provider; throws a `TypeError` naming a missing function. */
const layer = (provider: ModelProvider): Layer.Layer<ModelsService> => {
  if (provider === null || typeof provider !== "object") throw new TypeError("Models.layer expects a provider { list, classify, generateImages }")
  for (const key of PROVIDER_FUNCTIONS) {
    if (typeof provider[key] !== "function") throw new TypeError(`Models.layer: the provider's '${key}' must be a function`)
  }
  return Layer.succeed(ModelsService, provider)
}

export const Models = Object.assign(ModelsService, {
  layer,
  openAICompatible,
  openAICompatibleProvider,
})

export type Models = ModelsService
