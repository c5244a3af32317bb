/**
 * A program's arguments to `models.*`, checked before any provider sees them.
 *
 * The second reference's rules, read strictly: a model is an object `{ provider, id }` (a
 * `"provider/id"` string is refused, as is any other key, such as an endpoint); a classification's
 * `context.state` is an object, `images` (optional) are base64 image blocks, and `questions` is a
 * non-empty object whose every question has `instructions`, `type` and `criteria` of its type's
 * shape (`choice`: labels to meanings; `score`: rising levels; `bool`: the meanings of true and
 * false); a generation's context is `{ input: [blocks] }`. The bounds (protocol/models.ts) are
 * checked here too. The first problem found is thrown as a `ModelArgumentError` whose message
 * names the offending path; the pool answers it as a catchable `InvalidToolInput`, so the program
 * can tell a bad request from a provider that failed (which resolves with `stopReason`).
 *
 * The arguments arrive as plain data (they crossed the channel), so there are no getters, cycles
 * or host objects to fear; only shapes.
 */

import {
  IMAGE_MIME_TYPES,
  MODEL_TYPES,
  ModelBounds,
  type ClassificationQuestion,
  type ClassifyContext,
  type ContentBlock,
  type GenerateImagesContext,
  type ImageBlock,
  type ModelRef,
  type ModelType,
} from "../protocol/models.js"
import { describeValue, ModelMessages } from "./messages.js"

export class ModelArgumentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "ModelArgumentError"
  }
}

const fail = (message: string): never => {
  throw new ModelArgumentError(message)
}

type Plain = { readonly [key: string]: unknown }

const isObject = (value: unknown): value is Plain => value !== null && typeof value === "object" && !Array.isArray(value)

/** Base64 text as an image block carries it (standard alphabet, optional padding). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** A path segment: `.key` when it reads as an identifier, `["key"]` otherwise. */
export const pathOf = (base: string, key: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`)

const onlyKeys = (op: string, path: string, value: Plain, known: ReadonlyArray<string>): void => {
  for (const key of Object.keys(value)) if (!known.includes(key)) fail(ModelMessages.unknownKey(op, path, key, known))
}

const nonEmptyString = (op: string, path: string, value: unknown): string => {
  if (typeof value !== "string") return fail(ModelMessages.notString(op, path, describeValue(value)))
  if (value.trim() === "") fail(ModelMessages.emptyString(op, path))
  return value
}

export const checkModelType = (op: string, value: unknown): ModelType => {
  if (typeof value !== "string" || !(MODEL_TYPES as ReadonlyArray<string>).includes(value)) fail(ModelMessages.badType(op, "type", describeValue(value)))
  return value as ModelType
}

/** An optional string argument: absent, `null` (Lua's nil) or a string. */
export const optionalString = (op: string, path: string, value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined
  return nonEmptyString(op, path, value)
}

export const requiredString = nonEmptyString

export const checkModelRef = (op: string, value: unknown): ModelRef => {
  if (!isObject(value)) return fail(ModelMessages.missingModel(op))
  onlyKeys(op, "model", value, ["provider", "id", "type"])
  return { provider: nonEmptyString(op, "model.provider", value.provider), id: nonEmptyString(op, "model.id", value.id) }
}

const checkImage = (op: string, path: string, value: unknown): ImageBlock => {
  if (!isObject(value) || value.type !== "image") return fail(ModelMessages.badImage(op, path))
  onlyKeys(op, path, value, ["type", "data", "mimeType"])
  const { data, mimeType } = value
  if (typeof data !== "string" || data.length === 0 || data.length % 4 === 1 || !BASE64.test(data)) fail(ModelMessages.badImage(op, `${path}.data`))
  if (typeof mimeType !== "string" || !(IMAGE_MIME_TYPES as ReadonlyArray<string>).includes(mimeType)) fail(ModelMessages.badImage(op, `${path}.mimeType`))
  return value as unknown as ImageBlock
}

const checkQuestion = (op: string, path: string, value: unknown): ClassificationQuestion => {
  if (!isObject(value)) return fail(ModelMessages.notObject(op, path, describeValue(value)))
  onlyKeys(op, path, value, ["type", "instructions", "criteria"])
  nonEmptyString(op, `${path}.instructions`, value.instructions)
  const criteriaPath = `${path}.criteria`
  const criteria = value.criteria
  switch (value.type) {
    case "choice": {
      if (!isObject(criteria)) return fail(ModelMessages.choiceCriteria(op, criteriaPath))
      const labels = Object.keys(criteria)
      if (labels.length < 2) fail(ModelMessages.choiceCriteria(op, criteriaPath))
      if (labels.length > ModelBounds.maxCriteria) fail(ModelMessages.tooMany(op, criteriaPath, labels.length, ModelBounds.maxCriteria, "labels"))
      for (const label of labels) {
        if (label.trim() === "") fail(ModelMessages.choiceCriteria(op, criteriaPath))
        nonEmptyString(op, pathOf(criteriaPath, label), criteria[label])
      }
      break
    }
    case "score": {
      if (!Array.isArray(criteria) || criteria.length < 2) return fail(ModelMessages.scoreCriteria(op, criteriaPath))
      if (criteria.length > ModelBounds.maxCriteria) fail(ModelMessages.tooMany(op, criteriaPath, criteria.length, ModelBounds.maxCriteria, "levels"))
      criteria.forEach((level, i) => nonEmptyString(op, `${criteriaPath}[${i}]`, level))
      break
    }
    case "bool": {
      if (!isObject(criteria)) return fail(ModelMessages.boolCriteria(op, criteriaPath))
      onlyKeys(op, criteriaPath, criteria, ["true", "false"])
      if (criteria.true === undefined || criteria.false === undefined) fail(ModelMessages.boolCriteria(op, criteriaPath))
      nonEmptyString(op, `${criteriaPath}.true`, criteria.true)
      nonEmptyString(op, `${criteriaPath}.false`, criteria.false)
      break
    }
    default:
      fail(ModelMessages.badQuestionType(op, `${path}.type`, describeValue(value.type)))
  }
  return value as unknown as ClassificationQuestion
}

const checkSize = (op: string, value: unknown): void => {
  const chars = JSON.stringify(value)?.length ?? 0
  if (chars > ModelBounds.maxRequestChars) fail(ModelMessages.requestTooLarge(op, chars))
}

export const checkClassifyContext = (value: unknown): ClassifyContext => {
  const op = "classify"
  if (!isObject(value)) return fail(ModelMessages.notObject(op, "context", describeValue(value)))
  onlyKeys(op, "context", value, ["state", "images", "questions"])
  if (!isObject(value.state)) fail(ModelMessages.notObject(op, "context.state", describeValue(value.state)))
  // Lua writes an empty list as `{}`, which crosses as an empty object: no images either way.
  const noImages = value.images === undefined || value.images === null || (isObject(value.images) && Object.keys(value.images).length === 0)
  if (!noImages) {
    if (!Array.isArray(value.images)) fail(ModelMessages.notArray(op, "context.images", describeValue(value.images)))
    const images = value.images as ReadonlyArray<unknown>
    if (images.length > ModelBounds.maxInputImages) fail(ModelMessages.tooMany(op, "context.images", images.length, ModelBounds.maxInputImages, "images"))
    images.forEach((image, i) => checkImage(op, `context.images[${i}]`, image))
  }
  if (!isObject(value.questions)) fail(ModelMessages.notObject(op, "context.questions", describeValue(value.questions)))
  const questions = value.questions as Plain
  const keys = Object.keys(questions)
  if (keys.length === 0) fail(ModelMessages.noQuestions(op))
  if (keys.length > ModelBounds.maxQuestions) fail(ModelMessages.tooMany(op, "context.questions", keys.length, ModelBounds.maxQuestions, "questions"))
  for (const key of keys) checkQuestion(op, pathOf("context.questions", key), questions[key])
  checkSize(op, value)
  const images = noImages ? undefined : (value.images as ReadonlyArray<ImageBlock>)
  return { state: value.state as Plain, questions: questions as ClassifyContext["questions"], ...(images === undefined ? {} : { images }) }
}

export const checkGenerateContext = (value: unknown): GenerateImagesContext => {
  const op = "generateImages"
  if (!isObject(value)) return fail(ModelMessages.notObject(op, "context", describeValue(value)))
  onlyKeys(op, "context", value, ["input"])
  if (!Array.isArray(value.input)) return fail(ModelMessages.notArray(op, "context.input", describeValue(value.input)))
  const input = value.input as ReadonlyArray<unknown>
  if (input.length === 0) fail(ModelMessages.emptyInput(op))
  let images = 0
  input.forEach((block, i) => {
    const path = `context.input[${i}]`
    if (isObject(block) && block.type === "text") {
      onlyKeys(op, path, block, ["type", "text"])
      nonEmptyString(op, `${path}.text`, block.text)
    } else if (isObject(block) && block.type === "image") {
      checkImage(op, path, block)
      images++
    } else fail(ModelMessages.badBlock(op, path))
  })
  if (images > ModelBounds.maxInputImages) fail(ModelMessages.tooMany(op, "context.input", images, ModelBounds.maxInputImages, "images"))
  checkSize(op, value)
  return { input: input as ReadonlyArray<ContentBlock> }
}
