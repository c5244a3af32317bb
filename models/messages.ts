/**
 * Every sentence the models API says to a program or a host, built by named factories so the
 * wording is the same in both languages and tests can assert it exactly.
 *
 * Argument messages name the operation as JavaScript spells it and the offending path from the
 * argument's name (`context.questions.urgent.criteria`), which reads the same in Lua: the
 * argument names and keys are the same in both.
 */

import { ModelBounds, MODEL_TYPES, IMAGE_MIME_TYPES } from "../protocol/models.js"

const list = (items: ReadonlyArray<string>): string => items.map((item) => `"${item}"`).join(", ")

export const ModelMessages = {
  // --- arguments ----------------------------------------------------------------------------
  badType: (op: string, path: string, got: string) =>
    `models.${op}: ${path} must be one of ${list(MODEL_TYPES)}, got ${got}`,
  notString: (op: string, path: string, got: string) => `models.${op}: ${path} must be a string, got ${got}`,
  emptyString: (op: string, path: string) => `models.${op}: ${path} must not be empty`,
  notObject: (op: string, path: string, got: string) => `models.${op}: ${path} must be an object, got ${got}`,
  notArray: (op: string, path: string, got: string) => `models.${op}: ${path} must be an array, got ${got}`,
  missingModel: (op: string) =>
    `models.${op}: the first argument must be a model object { provider, id } from models.getAvailableOfType (not a "provider/id" string)`,
  unknownKey: (op: string, path: string, key: string, known: ReadonlyArray<string>) =>
    `models.${op}: ${path} has an unknown key '${key}'; it may hold ${list(known)}`,
  noQuestions: (op: string) => `models.${op}: context.questions must hold at least one question`,
  tooMany: (op: string, path: string, count: number, max: number, what: string) =>
    `models.${op}: ${path} holds ${count} ${what}, over the bound of ${max}`,
  badQuestionType: (op: string, path: string, got: string) =>
    `models.${op}: ${path} must be "choice", "score" or "bool", got ${got}`,
  choiceCriteria: (op: string, path: string) =>
    `models.${op}: ${path} must map each label to what it means, as { label: "meaning", ... } with at least two labels`,
  scoreCriteria: (op: string, path: string) =>
    `models.${op}: ${path} must list the levels from lowest to highest, as ["lowest", ..., "highest"] with at least two levels`,
  boolCriteria: (op: string, path: string) =>
    `models.${op}: ${path} must give the meaning of true and of false, as { true: "...", false: "..." }`,
  emptyInput: (op: string) => `models.${op}: context.input must hold at least one block, such as { type: "text", text: "..." }`,
  badBlock: (op: string, path: string) =>
    `models.${op}: ${path} must be { type: "text", text } or { type: "image", data, mimeType } with base64 data`,
  badImage: (op: string, path: string) =>
    `models.${op}: ${path} must be an image block { type: "image", data, mimeType } with base64 data (no URL) and mimeType one of ${list(IMAGE_MIME_TYPES)}`,
  requestTooLarge: (op: string, chars: number) =>
    `models.${op}: the request is ${chars} characters of JSON, over the bound of ${ModelBounds.maxRequestChars}`,
  unknownModel: (op: string, type: string, provider: string, id: string) =>
    `models.${op}: no ${type} model { provider: "${provider}", id: "${id}" } is configured; list them with models.getAvailableOfType("${type}")`,
  unavailableModel: (op: string, provider: string, id: string) =>
    `models.${op}: the model { provider: "${provider}", id: "${id}" } is configured but not available (its provider is disabled or has no credentials)`,
  unknownOperation: (name: string) => `Unknown model operation '${name}'`,

  // --- provider answers ---------------------------------------------------------------------
  providerFailed: (op: string, detail: string) => `models.${op}: the provider failed: ${detail}`,
  missingAnswer: (key: string) => `the provider gave no answer to question '${key}'`,
  badAnswer: (key: string, type: string, got: string) => `the provider's answer to ${type} question '${key}' is not valid: ${got}`,
  badOutput: (detail: string) => `the provider's output is not valid: ${detail}`,
  outputTooLarge: (chars: number) =>
    `the provider returned ${chars} characters of image data, over the bound of ${ModelBounds.maxOutputImageChars}`,
  tooManyImages: (count: number) => `the provider returned ${count} images, over the bound of ${ModelBounds.maxOutputImages}`,
  badList: (detail: string) => `the host's model list is not valid: ${detail}`,

  // --- host configuration -------------------------------------------------------------------
  notALayer: () => "CodeMode.make: 'models' must be a Layer of the Models service: Models.openAICompatible({ ... }), Models.layer(provider) or your own",
  notBuilt: (detail: string) => `CodeMode.make: the 'models' layer could not be built synchronously: ${detail}`,
  badProvider: (where: string, key: string) => `${where}: the provider's '${key}' must be a function`,
} as const

/** How a value reads in a message: its JSON when short, else its type. */
export const describeValue = (value: unknown): string => {
  if (value === undefined) return "nothing"
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  if (typeof value === "object") return "an object"
  if (typeof value === "string") return value.length <= 40 ? JSON.stringify(value) : `a string of ${value.length} characters`
  return String(value)
}
