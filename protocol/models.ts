/**
 * The models API as both sides agree on it: the operations, the shapes a program sends and gets
 * back, and the bounds.
 *
 * A program reaches a host-configured model through five functions on one `models` global
 * (`models.getModelsOfType`, ... in JavaScript; `models.get_models_of_type`, ... in Lua). Each is
 * one host call, `op: "model"`, whose `name` is the operation's JavaScript spelling in both
 * languages, so the host serves, checks and logs them once. A model operation reads the world (a
 * provider's answer), so, like a tool call, it is logged in the replay log and a re-run of the
 * program is answered from the log: the provider is asked once per logical call.
 *
 * Everything here is plain data. The host side (models/, pool/models.ts) builds on these types;
 * the worker needs only the operation names.
 */

/** The operations, by the name carried in `HostCall.name`. */
export const MODEL_OPERATIONS = ["getModelsOfType", "getAvailableOfType", "getModelOfType", "classify", "generateImages"] as const
export type ModelOperation = (typeof MODEL_OPERATIONS)[number]

/** The Lua spelling of each operation, as the discovery globals spell theirs. */
export const LUA_MODEL_FUNCTIONS: Readonly<Record<ModelOperation, string>> = {
  getModelsOfType: "get_models_of_type",
  getAvailableOfType: "get_available_of_type",
  getModelOfType: "get_model_of_type",
  classify: "classify",
  generateImages: "generate_images",
}

export const isModelOperation = (name: string): name is ModelOperation => (MODEL_OPERATIONS as ReadonlyArray<string>).includes(name)

/** What a model is for. Listing `chat` models gives no way to chat: there is no chat operation. */
export type ModelType = "chat" | "image" | "classifier"
export const MODEL_TYPES: ReadonlyArray<ModelType> = ["chat", "image", "classifier"]

/** A model as a program names it: the catalog's provider and id, never a combined string. */
export interface ModelRef {
  readonly provider: string
  readonly id: string
}

/** A model as a program lists it. */
export interface ModelListing extends ModelRef {
  readonly type: ModelType
}

// ---------------------------------------------------------------------------------------------
// Content blocks

export interface TextBlock {
  readonly type: "text"
  readonly text: string
}

/** An image as base64 data (no data URL prefix) and its MIME type. */
export interface ImageBlock {
  readonly type: "image"
  readonly data: string
  readonly mimeType: ImageMimeType
}

export type ImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp"
export const IMAGE_MIME_TYPES: ReadonlyArray<ImageMimeType> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

export type ContentBlock = TextBlock | ImageBlock

// ---------------------------------------------------------------------------------------------
// Classification

/**
 * One question. `choice`: `criteria` maps each label to what it means, and the answer is a label.
 * `score`: `criteria` lists the levels from lowest to highest, and the answer is a level's index
 * (0 the lowest). `bool`: `criteria` gives the meaning of `true` and of `false`, and the answer is a
 * boolean.
 */
export type ClassificationQuestion =
  | { readonly type: "choice"; readonly instructions: string; readonly criteria: Readonly<Record<string, string>> }
  | { readonly type: "score"; readonly instructions: string; readonly criteria: ReadonlyArray<string> }
  | { readonly type: "bool"; readonly instructions: string; readonly criteria: { readonly true: string; readonly false: string } }

export interface ClassifyContext {
  /** What is being classified, as any JSON object. */
  readonly state: { readonly [key: string]: unknown }
  /** Images the classifier may look at. */
  readonly images?: ReadonlyArray<ImageBlock>
  /** The questions, by the key their answers come back under. */
  readonly questions: Readonly<Record<string, ClassificationQuestion>>
}

/** One answer: a label (choice), a level index (score) or a boolean (bool). */
export type ClassificationAnswer = string | number | boolean

// ---------------------------------------------------------------------------------------------
// Image generation

export interface GenerateImagesContext {
  /** What to generate: text blocks, and image blocks as references. */
  readonly input: ReadonlyArray<ContentBlock>
}

// ---------------------------------------------------------------------------------------------
// Results

/** `stop`: the model answered. `error` / `aborted`: it did not, and `errorMessage` says why. */
export type StopReason = "stop" | "error" | "aborted"

/** Tokens one model operation used, as its provider reported them (0 when it reported none). */
export interface ModelUsage {
  readonly inputTokens: number
  readonly outputTokens: number
  readonly totalTokens: number
}

export interface ClassifyResult {
  readonly stopReason: StopReason
  /** Present when `stopReason` is `stop`: one answer per question, by its key. */
  readonly answers?: Readonly<Record<string, ClassificationAnswer>>
  readonly usage: ModelUsage
  readonly errorMessage?: string
}

export interface GenerateImagesResult {
  readonly stopReason: StopReason
  /** The images (and any text) the model produced; empty unless `stopReason` is `stop`. */
  readonly output: ReadonlyArray<ContentBlock>
  readonly usage: ModelUsage
  readonly errorMessage?: string
}

/** What one execution's model operations used, in `Result.usage`. */
export interface ExecutionUsage extends ModelUsage {
  /** Classify and generate calls that reached a provider. */
  readonly modelCalls: number
  /** Images the providers returned. */
  readonly images: number
}

// ---------------------------------------------------------------------------------------------
// Bounds (SECURITY.md lists them)

export const ModelBounds = {
  /** Model operations of one program running at once; more wait for a slot. */
  maxConcurrent: 4,
  /** Questions in one `classify` call. */
  maxQuestions: 32,
  /** Labels of a `choice` question, levels of a `score` question. */
  maxCriteria: 32,
  /** Image blocks in one request (`context.images`, or image blocks of `input`). */
  maxInputImages: 8,
  /** Characters of a request's JSON text (images included). */
  maxRequestChars: 8 * 1024 * 1024,
  /** Images one `generateImages` answer may hold. */
  maxOutputImages: 8,
  /** Base64 characters of all images of one `generateImages` answer (about 12 MiB of image). */
  maxOutputImageChars: 16 * 1024 * 1024,
} as const
