/**
 * The models API's checks as functions: what a program may send (models/arguments.ts) and what a
 * provider may answer (models/answers.ts), each rule with the path its message names. The same
 * checks run through the runtime in test/pool/models.test.ts.
 */

import { describe, expect, it } from "vitest"
import { checkClassifyContext, checkGenerateContext, checkModelRef, ModelArgumentError } from "../../models/arguments.js"
import { classifyResult, generateResult, readUsage } from "../../models/answers.js"
import { ModelBounds, type ClassifyContext } from "../../protocol/models.js"

const PNG = Buffer.from("89504e470d0a1a0a0000", "hex").toString("base64")
const bool = { type: "bool", instructions: "?", criteria: { true: "y", false: "n" } }
const refusal = (run: () => unknown): string => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ModelArgumentError)
    return (error as Error).message
  }
  throw new Error("accepted")
}

describe("model arguments", () => {
  it("accepts each question type in its reference shape", () => {
    const context = {
      state: { text: "hi" },
      images: [{ type: "image", data: PNG, mimeType: "image/png" }],
      questions: {
        a: bool,
        b: { type: "choice", instructions: "which?", criteria: { x: "the x kind", y: "the y kind" } },
        c: { type: "score", instructions: "how much?", criteria: ["none", "some", "all"] },
      },
    }
    expect(checkClassifyContext(context)).toEqual(context)
  })

  it("names the path of the first problem, quoting keys that are not identifiers", () => {
    expect(refusal(() => checkClassifyContext({ state: {}, questions: { "my question": { ...bool, criteria: { true: "y", false: "" } } } }))).toBe(
      `models.classify: context.questions["my question"].criteria.false must not be empty`,
    )
    expect(refusal(() => checkClassifyContext({ state: {}, questions: { a: { type: "score", instructions: "?", criteria: ["low", 3] } } }))).toBe(
      "models.classify: context.questions.a.criteria[1] must be a string, got 3",
    )
    expect(refusal(() => checkClassifyContext({ state: {}, questions: { a: { ...bool, weight: 2 } } }))).toBe(
      `models.classify: context.questions.a has an unknown key 'weight'; it may hold "type", "instructions", "criteria"`,
    )
    expect(refusal(() => checkClassifyContext({ state: [], questions: { a: bool } }))).toBe("models.classify: context.state must be an object, got an array")
    expect(refusal(() => checkModelRef("classify", { provider: "p" }))).toBe("models.classify: model.id must be a string, got nothing")
  })

  it("takes Lua's empty table for images as no images", () => {
    expect(checkClassifyContext({ state: {}, images: {}, questions: { a: bool } })).toEqual({ state: {}, questions: { a: bool } })
    expect(refusal(() => checkClassifyContext({ state: {}, images: { 1: "x" }, questions: { a: bool } }))).toBe("models.classify: context.images must be an array, got an object")
  })

  it("refuses a choice of one label and a score of one level", () => {
    expect(refusal(() => checkClassifyContext({ state: {}, questions: { a: { type: "choice", instructions: "?", criteria: { only: "x" } } } }))).toContain("at least two labels")
    expect(refusal(() => checkClassifyContext({ state: {}, questions: { a: { type: "score", instructions: "?", criteria: ["x"] } } }))).toContain("at least two levels")
  })

  it("bounds images in, criteria and request size", () => {
    const images = Array.from({ length: ModelBounds.maxInputImages + 1 }, () => ({ type: "image", data: PNG, mimeType: "image/png" }))
    expect(refusal(() => checkClassifyContext({ state: {}, images, questions: { a: bool } }))).toBe("models.classify: context.images holds 9 images, over the bound of 8")
    expect(refusal(() => checkGenerateContext({ input: [{ type: "text", text: "x" }, ...images] }))).toBe("models.generateImages: context.input holds 9 images, over the bound of 8")
    const levels = Array.from({ length: ModelBounds.maxCriteria + 1 }, (_, i) => `level ${i}`)
    expect(refusal(() => checkClassifyContext({ state: {}, questions: { a: { type: "score", instructions: "?", criteria: levels } } }))).toBe(
      "models.classify: context.questions.a.criteria holds 33 levels, over the bound of 32",
    )
    const big = "x".repeat(ModelBounds.maxRequestChars)
    expect(refusal(() => checkClassifyContext({ state: { big }, questions: { a: bool } }))).toMatch(/^models\.classify: the request is \d+ characters of JSON, over the bound of 8388608$/)
  })

  it("refuses image blocks that are not base64 data of an accepted type", () => {
    const image = (data: string, mimeType: string) => () => checkGenerateContext({ input: [{ type: "image", data, mimeType }] })
    expect(refusal(image("data:image/png;base64,AAAA", "image/png"))).toContain("context.input[0].data must be an image block")
    expect(refusal(image(PNG, "image/svg+xml"))).toContain("context.input[0].mimeType must be an image block")
  })
})

describe("provider answers", () => {
  const context = {
    state: {},
    questions: { s: { type: "score", instructions: "?", criteria: ["a", "b", "c"] }, c: { type: "choice", instructions: "?", criteria: { x: "1", y: "2" } } },
  } as unknown as ClassifyContext

  it("accepts a level index and a label, and refuses anything else", () => {
    expect(classifyResult(context, { answers: { s: 2, c: "y" } })).toEqual({ stopReason: "stop", answers: { s: 2, c: "y" }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } })
    expect(classifyResult(context, { answers: { s: 3, c: "y" } }).errorMessage).toBe("the provider's answer to score question 's' is not valid: 3 is not a level index from 0 to 2")
    expect(classifyResult(context, { answers: { s: 1, c: "toString" } }).errorMessage).toBe(`the provider's answer to choice question 'c' is not valid: "toString" is not one of its labels`)
    expect(classifyResult(context, null).stopReason).toBe("error")
  })

  it("bounds the images a generation returns", () => {
    const many = Array.from({ length: ModelBounds.maxOutputImages + 1 }, () => ({ type: "image", data: PNG, mimeType: "image/png" }))
    expect(generateResult({ output: many }).errorMessage).toBe("the provider returned 9 images, over the bound of 8")
    const huge = [{ type: "image", data: "A".repeat(ModelBounds.maxOutputImageChars + 4), mimeType: "image/png" }]
    expect(generateResult({ output: huge }).errorMessage).toBe(`the provider returned ${ModelBounds.maxOutputImageChars + 4} characters of image data, over the bound of ${ModelBounds.maxOutputImageChars}`)
    expect(generateResult({ output: [{ type: "image", data: PNG, mimeType: "image/bmp" }] }).errorMessage).toBe("the provider's output is not valid: output[0] is not a text or image block")
  })

  it("reads usage leniently", () => {
    expect(readUsage({ inputTokens: 5, outputTokens: 2 })).toEqual({ inputTokens: 5, outputTokens: 2, totalTokens: 7 })
    expect(readUsage({ inputTokens: -1, outputTokens: Number.NaN, totalTokens: 4 })).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 4 })
    expect(readUsage("lots")).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 })
  })
})
