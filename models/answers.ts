/**
 * A provider's answers, checked before a program sees them, and turned into the program's results.
 *
 * A provider is the host's code (or a remote model behind it), so its answers are read like a
 * tool's output: an answer to a `choice` question must be one of its labels, a `score` a level's
 * index, a `bool` a boolean; every question must be answered and nothing else; generated output
 * must be text or base64 image blocks within the bounds. An answer that breaks a rule is not
 * handed on half-right: the result is `stopReason: "error"` with a message saying what was wrong,
 * and the usage the call cost is kept.
 *
 * Usage is read leniently (a provider may report none, or only some counts): missing or negative
 * counts are 0, and a missing total is input plus output.
 */

import {
  IMAGE_MIME_TYPES,
  ModelBounds,
  type ClassificationAnswer,
  type ClassifyContext,
  type ClassifyResult,
  type ContentBlock,
  type GenerateImagesResult,
  type ImageMimeType,
  type ModelUsage,
  type StopReason,
} from "../protocol/models.js"
import { describeValue, ModelMessages } from "./messages.js"
import type { ClassifyResponse, GenerateImagesResponse } from "./service.js"

export const NO_USAGE: ModelUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 }

const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0)

export const readUsage = (usage: unknown): ModelUsage => {
  if (usage === null || typeof usage !== "object") return NO_USAGE
  const given = usage as Partial<Record<keyof ModelUsage, unknown>>
  const inputTokens = count(given.inputTokens)
  const outputTokens = count(given.outputTokens)
  const totalTokens = given.totalTokens === undefined ? inputTokens + outputTokens : count(given.totalTokens)
  return { inputTokens, outputTokens, totalTokens }
}

/** The checked answer to one question, or a message saying why it is not one. */
const answerProblem = (key: string, question: ClassifyContext["questions"][string], answer: unknown): string | undefined => {
  if (answer === undefined) return ModelMessages.missingAnswer(key)
  switch (question.type) {
    case "bool":
      return typeof answer === "boolean" ? undefined : ModelMessages.badAnswer(key, "bool", `${describeValue(answer)} is not true or false`)
    case "choice":
      return typeof answer === "string" && Object.prototype.hasOwnProperty.call(question.criteria, answer)
        ? undefined
        : ModelMessages.badAnswer(key, "choice", `${describeValue(answer)} is not one of its labels`)
    case "score":
      return Number.isInteger(answer) && (answer as number) >= 0 && (answer as number) < question.criteria.length
        ? undefined
        : ModelMessages.badAnswer(key, "score", `${describeValue(answer)} is not a level index from 0 to ${question.criteria.length - 1}`)
  }
}

export const classifyResult = (context: ClassifyContext, response: unknown): ClassifyResult => {
  const usage = readUsage((response as ClassifyResponse | null)?.usage)
  const answers = (response as ClassifyResponse | null)?.answers
  if (answers === null || typeof answers !== "object" || Array.isArray(answers)) {
    return failed("error", ModelMessages.badOutput(`answers must be an object, got ${describeValue(answers)}`), usage)
  }
  const checked: Record<string, ClassificationAnswer> = {}
  for (const [key, question] of Object.entries(context.questions)) {
    const answer = (answers as Record<string, unknown>)[key]
    const problem = answerProblem(key, question, answer)
    if (problem !== undefined) return failed("error", problem, usage)
    checked[key] = answer as ClassificationAnswer
  }
  return { stopReason: "stop", answers: checked, usage }
}

export const generateResult = (response: unknown): GenerateImagesResult => {
  const usage = readUsage((response as GenerateImagesResponse | null)?.usage)
  const output = (response as GenerateImagesResponse | null)?.output
  if (!Array.isArray(output)) return generationFailed("error", ModelMessages.badOutput(`output must be an array, got ${describeValue(output)}`), usage)
  let images = 0
  let chars = 0
  const blocks: ContentBlock[] = []
  for (const [i, block] of output.entries()) {
    const b = block as Partial<Record<string, unknown>> | null
    if (b?.type === "text" && typeof b.text === "string") {
      blocks.push({ type: "text", text: b.text })
    } else if (b?.type === "image" && typeof b.data === "string" && (IMAGE_MIME_TYPES as ReadonlyArray<unknown>).includes(b.mimeType)) {
      images++
      chars += b.data.length
      blocks.push({ type: "image", data: b.data, mimeType: b.mimeType as ImageMimeType })
    } else {
      return generationFailed("error", ModelMessages.badOutput(`output[${i}] is not a text or image block`), usage)
    }
  }
  if (images > ModelBounds.maxOutputImages) return generationFailed("error", ModelMessages.tooManyImages(images), usage)
  if (chars > ModelBounds.maxOutputImageChars) return generationFailed("error", ModelMessages.outputTooLarge(chars), usage)
  return { stopReason: "stop", output: blocks, usage }
}

export const failed = (stopReason: Exclude<StopReason, "stop">, errorMessage: string, usage: ModelUsage = NO_USAGE): ClassifyResult => ({
  stopReason,
  usage,
  errorMessage,
})

export const generationFailed = (stopReason: Exclude<StopReason, "stop">, errorMessage: string, usage: ModelUsage = NO_USAGE): GenerateImagesResult => ({
  stopReason,
  output: [],
  usage,
  errorMessage,
})

/** How many image blocks a result holds (for `Result.usage.images`). */
export const imageCount = (result: GenerateImagesResult): number => result.output.reduce((n, block) => n + (block.type === "image" ? 1 : 0), 0)
