/**
 * A models provider for an OpenAI-compatible HTTP API: `Models.openAICompatible({ baseUrl, apiKey,
 * models })`.
 *
 * Many hosts reach their models through this one API shape (OpenAI itself, and the gateways and
 * local servers that copy it), so one adapter covers them:
 *
 * - `classify` is one chat completion (`POST /chat/completions`) whose `response_format` is a JSON
 *   schema built from the questions: every question key is a required property, a `bool` question
 *   a boolean, a `choice` a string restricted to its labels, a `score` an integer restricted to
 *   its level indices. The system message explains each question and its criteria; the user
 *   message carries `state` as JSON and the images as data URLs. The answer's content is that
 *   JSON object (the runtime checks it again: pool/models.ts).
 * - `generateImages` is `POST /images/generations` with the text blocks as the prompt, or
 *   `POST /images/edits` (multipart) when image blocks are given as references; images come back
 *   as base64 (`b64_json`) and their type is read from their first bytes.
 * - `finish_reason` other than `stop` (`length`, `content_filter`, ...), a refusal, an HTTP status
 *   other than 2xx, and an unreachable endpoint are `ModelError`s with `reason: "error"`; a request
 *   cut short by the host's `timeoutMs` is `reason: "aborted"` (openai-http.ts).
 *
 * The configuration is checked when the layer is made (so `CodeMode.make({ models:
 * Models.openAICompatible({...}) })` throws there): an unknown key, or a key of the wrong type, is
 * a `TypeError` naming it. A model is available when the adapter has a key (`apiKey`), or when the
 * host says the endpoint needs none (`apiKey: null`).
 */

import { Effect, Layer } from "effect"
import { ModelBounds, type ClassifyContext, type ContentBlock, type ImageBlock, type ImageMimeType, type ModelType } from "../protocol/models.js"
import { postJson, type Endpoint } from "./openai-http.js"
import { ModelError, Models, type ClassifyRequest, type GenerateImagesRequest, type ModelInfo, type ModelProvider } from "./service.js"
import { readOpenAIOptions, type OpenAICompatibleOptions } from "./openai-options.js"

export type { OpenAICompatibleOptions } from "./openai-options.js"

export const OpenAIMessages = {
  finished: (reason: string) =>
    reason === "length"
      ? "the model stopped at its output token limit before it finished the answer (finish_reason: length)"
      : reason === "content_filter"
        ? "the endpoint's content filter withheld the answer (finish_reason: content_filter)"
        : `the model stopped without an answer (finish_reason: ${reason})`,
  refused: (text: string) => `the model refused: ${text}`,
  noChoice: () => "the answer has no choices[0].message",
  notJson: (start: string) => `the model's answer is not a JSON object: ${start}`,
  noImages: () => "the answer has no images (data[].b64_json); the endpoint may have sent URLs instead",
  unknownImageType: (i: number) => `image ${i} is not PNG, JPEG, GIF or WebP`,
} as const

/** The layer of a provider for an OpenAI-compatible endpoint; throws a `TypeError` for a bad option. */
export const openAICompatible = (options: OpenAICompatibleOptions): Layer.Layer<Models> =>
  Layer.succeed(Models, openAICompatibleProvider(options))

/** The provider itself, for a host that composes it with its own. */
export const openAICompatibleProvider = (options: OpenAICompatibleOptions): ModelProvider => {
  const config = readOpenAIOptions(options)
  const endpoint: Endpoint = {
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    headers: config.headers,
    timeoutMs: config.timeoutMs,
    maxResponseBytes: config.maxResponseBytes,
  }
  const available = config.apiKey !== undefined || config.keyless
  const listed: ReadonlyArray<ModelInfo> = (Object.entries(config.models) as Array<[ModelType, ReadonlyArray<string>]>).flatMap(([type, ids]) =>
    ids.map((id) => ({ type, provider: config.provider, id, available })),
  )
  return {
    list: () => Effect.succeed(listed),
    classify: (request) => classify(endpoint, request),
    generateImages: (request) => generateImages(endpoint, request),
  }
}

// ---------------------------------------------------------------------------------------------
// classify

interface ChatCompletion {
  readonly choices?: ReadonlyArray<{ readonly finish_reason?: string; readonly message?: { readonly content?: string | null; readonly refusal?: string | null } }>
  readonly usage?: { readonly prompt_tokens?: number; readonly completion_tokens?: number; readonly total_tokens?: number }
}

const classify = (endpoint: Endpoint, request: ClassifyRequest) =>
  Effect.flatMap(postJson(endpoint, "/chat/completions", chatRequest(request)), (answer) => {
    const completion = answer as ChatCompletion
    const usage = {
      inputTokens: completion.usage?.prompt_tokens,
      outputTokens: completion.usage?.completion_tokens,
      totalTokens: completion.usage?.total_tokens,
    }
    const choice = completion.choices?.[0]
    const fail = (message: string) => Effect.fail(new ModelError({ reason: "error", message, usage }))
    if (choice?.message === undefined) return fail(OpenAIMessages.noChoice())
    if (typeof choice.message.refusal === "string" && choice.message.refusal !== "") return fail(OpenAIMessages.refused(choice.message.refusal))
    if (choice.finish_reason !== "stop") return fail(OpenAIMessages.finished(String(choice.finish_reason)))
    const content = choice.message.content ?? ""
    let answers: unknown
    try {
      answers = JSON.parse(content)
    } catch {
      return fail(OpenAIMessages.notJson(content.slice(0, 80)))
    }
    if (answers === null || typeof answers !== "object" || Array.isArray(answers)) return fail(OpenAIMessages.notJson(content.slice(0, 80)))
    return Effect.succeed({ answers: answers as Record<string, string | number | boolean>, usage })
  })

/** The chat completion request for a classification. */
export const chatRequest = (request: ClassifyRequest) => ({
  model: request.model.id,
  messages: [
    { role: "system", content: systemPrompt(request.questions) },
    {
      role: "user",
      content: [
        { type: "text", text: JSON.stringify(request.state) },
        ...(request.images ?? []).map((image) => ({ type: "image_url", image_url: { url: dataUrl(image) } })),
      ],
    },
  ],
  response_format: { type: "json_schema", json_schema: { name: "classification", strict: true, schema: answerSchema(request.questions) } },
})

const systemPrompt = (questions: ClassifyContext["questions"]): string => {
  const lines = [
    "Classify the state the user sends (a JSON object, with any images). Answer every question below with one JSON object whose keys are the question keys.",
  ]
  for (const [key, question] of Object.entries(questions)) {
    lines.push("", `Question "${key}" (${question.type}): ${question.instructions}`)
    if (question.type === "bool") lines.push(`- true: ${question.criteria.true}`, `- false: ${question.criteria.false}`)
    else if (question.type === "choice") for (const [label, meaning] of Object.entries(question.criteria)) lines.push(`- "${label}": ${meaning}`)
    else question.criteria.forEach((level, i) => lines.push(`- ${i}: ${level}${i === 0 ? " (lowest)" : i === question.criteria.length - 1 ? " (highest)" : ""}`))
  }
  return lines.join("\n")
}

/** The JSON schema of the answer object (OpenAI's strict subset: every key required, no others). */
export const answerSchema = (questions: ClassifyContext["questions"]) => {
  const properties: Record<string, unknown> = {}
  for (const [key, question] of Object.entries(questions)) {
    properties[key] =
      question.type === "bool"
        ? { type: "boolean", description: question.instructions }
        : question.type === "choice"
          ? { type: "string", enum: Object.keys(question.criteria), description: question.instructions }
          : { type: "integer", enum: question.criteria.map((_, i) => i), description: question.instructions }
  }
  return { type: "object", properties, required: Object.keys(questions), additionalProperties: false }
}

const dataUrl = (image: ImageBlock): string => `data:${image.mimeType};base64,${image.data}`

// ---------------------------------------------------------------------------------------------
// generateImages

interface ImagesAnswer {
  readonly data?: ReadonlyArray<{ readonly b64_json?: string; readonly revised_prompt?: string }>
  readonly usage?: { readonly input_tokens?: number; readonly output_tokens?: number; readonly total_tokens?: number }
}

const generateImages = (endpoint: Endpoint, request: GenerateImagesRequest) => {
  const prompt = request.input.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n\n")
  const references = request.input.filter((block): block is ImageBlock => block.type === "image")
  const body = references.length === 0 ? { model: request.model.id, prompt, n: 1, response_format: "b64_json" } : editForm(request.model.id, prompt, references)
  return Effect.flatMap(postJson(endpoint, references.length === 0 ? "/images/generations" : "/images/edits", body), (answer) => {
    const images = answer as ImagesAnswer
    const usage = { inputTokens: images.usage?.input_tokens, outputTokens: images.usage?.output_tokens, totalTokens: images.usage?.total_tokens }
    const data = Array.isArray(images.data) ? images.data : []
    const output: ContentBlock[] = []
    for (const [i, item] of data.entries()) {
      if (typeof item?.b64_json !== "string" || item.b64_json === "") continue
      const mimeType = sniffImage(item.b64_json)
      if (mimeType === undefined) return Effect.fail(new ModelError({ reason: "error", message: OpenAIMessages.unknownImageType(i), usage }))
      output.push({ type: "image", data: item.b64_json, mimeType })
      if (typeof item.revised_prompt === "string" && item.revised_prompt !== "") output.push({ type: "text", text: item.revised_prompt })
    }
    if (!output.some((block) => block.type === "image")) return Effect.fail(new ModelError({ reason: "error", message: OpenAIMessages.noImages(), usage }))
    return Effect.succeed({ output, usage })
  })
}

const editForm = (model: string, prompt: string, references: ReadonlyArray<ImageBlock>): FormData => {
  const form = new FormData()
  form.set("model", model)
  form.set("prompt", prompt)
  form.set("n", "1")
  references.slice(0, ModelBounds.maxInputImages).forEach((image, i) => {
    const extension = image.mimeType.slice("image/".length)
    form.append("image[]", new Blob([Buffer.from(image.data, "base64")], { type: image.mimeType }), `reference-${i}.${extension}`)
  })
  return form
}

/** The image type by its magic bytes, read from the base64 text's first characters. */
export const sniffImage = (base64: string): ImageMimeType | undefined => {
  const head = Buffer.from(base64.slice(0, 24), "base64")
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47 && head.readUInt32BE(4) === 0x0d0a1a0a) return "image/png"
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg"
  if (head.length >= 6 && head.toString("latin1", 0, 6).match(/^GIF8[79]a$/)) return "image/gif"
  if (head.length >= 12 && head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP") return "image/webp"
  return undefined
}
