/**
 * The OpenAI-compatible adapter against a real HTTP server on 127.0.0.1 that speaks the API's
 * JSON: what the adapter sends (the key, the model, the JSON schema built from the questions, the
 * images endpoint), how it reads answers, and how `finish_reason`, HTTP failures, timeouts and
 * oversized bodies become `stopReason`. The programs run through `CodeMode` like a host's would.
 */

import { Effect } from "effect"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { CodeMode, Models } from "../../index.js"

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(24, 7)]).toString("base64")

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage["headers"]
  readonly body: string
}

/** What the next request to each path is answered with. */
type Reply = { status?: number; json?: unknown; raw?: string; delayMs?: number; bytes?: number }
let seen: Seen[] = []
let replies: Record<string, Reply[]> = {}
let server: Server
let baseUrl = ""

const answer = (path: string, reply: Reply) => (replies[path] ??= []).push(reply)

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const url = request.url ?? ""
      seen.push({ method: request.method ?? "", url, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") })
      const reply = replies[url.replace(/^\/v1/, "")]?.shift() ?? { status: 404, json: { error: { message: `no reply for ${url}` } } }
      const send = () => {
        if (response.destroyed) return
        if (reply.bytes !== undefined) {
          response.writeHead(200, { "content-type": "application/json" })
          response.end(Buffer.alloc(reply.bytes, 0x20))
          return
        }
        response.writeHead(reply.status ?? 200, { "content-type": "application/json" })
        response.end(reply.raw ?? JSON.stringify(reply.json))
      }
      if (reply.delayMs === undefined) send()
      else setTimeout(send, reply.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  seen = []
  replies = {}
})

const completion = (content: string, finish = "stop", usage = { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 }) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  choices: [{ index: 0, finish_reason: finish, message: { role: "assistant", content, refusal: null } }],
  usage,
})

const runtimeFor = (options: Partial<Parameters<typeof Models.openAICompatible>[0]> = {}, language: "javascript" | "lua" = "javascript") =>
  CodeMode.make({
    language,
    models: Models.openAICompatible({ baseUrl, apiKey: "sk-test", provider: "gateway", models: { classifier: ["mini"], image: ["painter"], chat: ["talk"] }, ...options }),
  })

const execute = async (source: string, runtime = runtimeFor()) => {
  try {
    return await Effect.runPromise(runtime.execute(source))
  } finally {
    await runtime.close()
  }
}

const CLASSIFY = `
  const [model] = await models.getAvailableOfType("classifier")
  return await models.classify(model, {
    state: { subject: "Move tomorrow's meeting to Friday" },
    images: [{ type: "image", data: "${PNG}", mimeType: "image/png" }],
    questions: {
      scheduling: { type: "bool", instructions: "Does this request change a meeting?", criteria: { true: "A meeting change", false: "No meeting change" } },
      topic: { type: "choice", instructions: "What is it about?", criteria: { work: "Work matters", home: "Home matters" } },
      urgency: { type: "score", instructions: "How urgent?", criteria: ["not at all", "somewhat", "very"] },
    },
  })`

describe("OpenAI-compatible adapter: classify", () => {
  it("sends one chat completion with a strict JSON schema built from the questions, and reads the answers", async () => {
    answer("/chat/completions", { json: completion(JSON.stringify({ scheduling: true, topic: "work", urgency: 2 })) })
    const result = await execute(CLASSIFY)
    expect(result).toMatchObject({
      ok: true,
      value: { stopReason: "stop", answers: { scheduling: true, topic: "work", urgency: 2 }, usage: { inputTokens: 120, outputTokens: 9, totalTokens: 129 } },
      usage: { modelCalls: 1, inputTokens: 120, outputTokens: 9, totalTokens: 129, images: 0 },
    })
    expect(seen).toHaveLength(1)
    const request = seen[0]!
    expect(request.method).toBe("POST")
    expect(request.url).toBe("/v1/chat/completions")
    expect(request.headers.authorization).toBe("Bearer sk-test")
    const body = JSON.parse(request.body)
    expect(body.model).toBe("mini")
    expect(body.response_format).toEqual({
      type: "json_schema",
      json_schema: {
        name: "classification",
        strict: true,
        schema: {
          type: "object",
          properties: {
            scheduling: { type: "boolean", description: "Does this request change a meeting?" },
            topic: { type: "string", enum: ["work", "home"], description: "What is it about?" },
            urgency: { type: "integer", enum: [0, 1, 2], description: "How urgent?" },
          },
          required: ["scheduling", "topic", "urgency"],
          additionalProperties: false,
        },
      },
    })
    expect(body.messages[0].role).toBe("system")
    expect(body.messages[0].content).toContain(`Question "topic" (choice): What is it about?\n- "work": Work matters`)
    expect(body.messages[1].content).toEqual([
      { type: "text", text: JSON.stringify({ subject: "Move tomorrow's meeting to Friday" }) },
      { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
    ])
  })

  it("works the same from Lua", async () => {
    answer("/chat/completions", { json: completion(`{"spam": false}`) })
    const result = await execute(
      `local m = models.get_model_of_type("classifier", "gateway", "mini")
       local r = models.classify(m, { state = { text = "hello" }, questions = { spam = { type = "bool", instructions = "Spam?", criteria = { ["true"] = "spam", ["false"] = "not spam" } } } })
       return { r.stopReason, r.answers.spam }`,
      runtimeFor({}, "lua"),
    )
    expect(result).toMatchObject({ ok: true, value: ["stop", false], usage: { modelCalls: 1 } })
  })

  const failures: Array<[string, Reply, string, string]> = [
    ["finish_reason length", { json: completion(`{"scheduling": tr`, "length") }, "error", "stopped at its output token limit before it finished the answer (finish_reason: length)"],
    ["finish_reason content_filter", { json: completion("", "content_filter") }, "error", "content filter withheld the answer (finish_reason: content_filter)"],
    ["a refusal", { json: { choices: [{ finish_reason: "stop", message: { content: null, refusal: "I can't help with that" } }] } }, "error", "the model refused: I can't help with that"],
    ["HTTP 429 with the API's error", { status: 429, json: { error: { message: "Rate limit reached", type: "requests" } } }, "error", "/chat/completions answered HTTP 429: Rate limit reached"],
    ["HTTP 500 with a text body", { status: 500, raw: "upstream exploded" }, "error", "/chat/completions answered HTTP 500: upstream exploded"],
    ["a body that is not JSON", { raw: "<html>gateway</html>" }, "error", "the answer from /chat/completions is not JSON: <html>gateway</html>"],
    ["content that is not JSON", { json: completion("yes, it is") }, "error", "the model's answer is not a JSON object: yes, it is"],
    ["an answer outside the schema", { json: completion(JSON.stringify({ scheduling: true, topic: "garden", urgency: 2 })) }, "error", `choice question 'topic' is not valid: "garden" is not one of its labels`],
    ["a slow endpoint", { delayMs: 1500, json: completion("{}") }, "aborted", "the request to /chat/completions was aborted after 300 ms (the host's timeoutMs)"],
    ["an oversized body", { bytes: 5000 }, "error", "the answer from /chat/completions is larger than 4096 bytes (the host's maxResponseBytes)"],
  ]
  it.each(failures)("maps %s to stopReason with errorMessage", async (_name, reply, stopReason, message) => {
    answer("/chat/completions", reply)
    const result = await execute(CLASSIFY, runtimeFor({ timeoutMs: 300, maxResponseBytes: 4096 }))
    expect(result.ok).toBe(true)
    expect(result.value.stopReason).toBe(stopReason)
    expect(result.value.errorMessage).toContain(message)
    expect(result.value.answers).toBeUndefined()
    expect(result.usage.modelCalls).toBe(1)
  })

  it("keeps the usage of a completion that stopped at its limit", async () => {
    answer("/chat/completions", { json: completion(`{"scheduling"`, "length", { prompt_tokens: 50, completion_tokens: 400, total_tokens: 450 }) })
    const result = await execute(CLASSIFY)
    expect(result.usage).toEqual({ modelCalls: 1, images: 0, inputTokens: 50, outputTokens: 400, totalTokens: 450 })
  })

  it("reports an endpoint that cannot be reached as an error", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const result = await execute(CLASSIFY, runtimeFor({ baseUrl: `http://127.0.0.1:${port}/v1` }))
    expect(result.value.stopReason).toBe("error")
    expect(result.value.errorMessage).toMatch(/^models\.classify: the provider failed: the request to \/chat\/completions failed: ECONNREFUSED/)
  })

  it("lists models as unavailable without a key, and available with apiKey: null", async () => {
    const noKey = await execute(`return [(await models.getModelsOfType("classifier")).length, (await models.getAvailableOfType("classifier")).length]`, runtimeFor({ apiKey: undefined }))
    expect(noKey.value).toEqual([1, 0])
    answer("/chat/completions", { json: completion(`{"a": true}`) })
    const keyless = await execute(
      `const [m] = await models.getAvailableOfType("classifier", "gateway")
       return (await models.classify(m, { state: {}, questions: { a: { type: "bool", instructions: "?", criteria: { true: "y", false: "n" } } } })).stopReason`,
      runtimeFor({ apiKey: null }),
    )
    expect(keyless.value).toBe("stop")
    expect(seen.at(-1)!.headers.authorization).toBeUndefined()
  })
})

describe("OpenAI-compatible adapter: generateImages", () => {
  it("asks /images/generations for base64 images and returns image blocks with their type", async () => {
    answer("/images/generations", { json: { created: 1, data: [{ b64_json: PNG, revised_prompt: "A blue bird icon" }], usage: { input_tokens: 12, output_tokens: 4160, total_tokens: 4172 } } })
    const result = await execute(`
      const [model] = await models.getAvailableOfType("image")
      const r = await models.generateImages(model, { input: [{ type: "text", text: "A simple blue bird icon on white" }] })
      return { stopReason: r.stopReason, parts: r.output.map((p) => p.type === "image" ? [p.mimeType, p.data.length] : [p.type, p.text]) }`)
    expect(result).toMatchObject({
      ok: true,
      value: { stopReason: "stop", parts: [["image/png", PNG.length], ["text", "A blue bird icon"]] },
      usage: { modelCalls: 1, images: 1, inputTokens: 12, outputTokens: 4160, totalTokens: 4172 },
    })
    expect(JSON.parse(seen[0]!.body)).toEqual({ model: "painter", prompt: "A simple blue bird icon on white", n: 1, response_format: "b64_json" })
  })

  it("sends image references to /images/edits as multipart form data", async () => {
    answer("/images/edits", { json: { data: [{ b64_json: PNG }] } })
    const result = await execute(`
      const r = await models.generateImages({ provider: "gateway", id: "painter" }, {
        input: [{ type: "text", text: "Make it red" }, { type: "image", data: "${PNG}", mimeType: "image/png" }],
      })
      return r.stopReason`)
    expect(result.value).toBe("stop")
    expect(seen[0]!.url).toBe("/v1/images/edits")
    expect(seen[0]!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen[0]!.body).toContain(`name="prompt"\r\n\r\nMake it red`)
    expect(seen[0]!.body).toContain(`name="image[]"; filename="reference-0.png"`)
  })

  it("refuses an answer with URLs instead of data, and data that is not an image", async () => {
    answer("/images/generations", { json: { data: [{ url: "https://cdn.example/x.png" }] } })
    answer("/images/generations", { json: { data: [{ b64_json: Buffer.from("not an image at all").toString("base64") }] } })
    const result = await execute(`
      const m = { provider: "gateway", id: "painter" }
      const a = await models.generateImages(m, { input: [{ type: "text", text: "x" }] })
      const b = await models.generateImages(m, { input: [{ type: "text", text: "x" }] })
      return [a.stopReason, a.errorMessage, a.output.length, b.stopReason, b.errorMessage]`)
    expect(result.value).toEqual([
      "error",
      "models.generateImages: the provider failed: the answer has no images (data[].b64_json); the endpoint may have sent URLs instead",
      0,
      "error",
      "models.generateImages: the provider failed: image 0 is not PNG, JPEG, GIF or WebP",
    ])
  })
})

describe("OpenAI-compatible adapter: options are checked when it is made", () => {
  const cases: Array<[string, unknown, string]> = [
    ["an unknown key", { baseUrl: "http://x/v1", apikey: "k", models: {} }, "Models.openAICompatible: unknown option 'apikey'. The options are 'baseUrl', 'apiKey', 'provider', 'models', 'timeoutMs', 'headers', 'maxResponseBytes'."],
    ["an unknown model type", { baseUrl: "http://x/v1", models: { classifiers: ["m"] } }, "Models.openAICompatible: unknown option 'models.classifiers'. The options of 'models' are 'chat', 'image', 'classifier'."],
    ["a base URL that is not one", { baseUrl: "api.openai.com", models: {} }, `Models.openAICompatible: 'baseUrl' must be an http(s) URL such as "https://api.openai.com/v1", got "api.openai.com"`],
    ["a model list that is a string", { baseUrl: "http://x/v1", models: { image: "dall-e" } }, `Models.openAICompatible: 'models.image' must be an array of model ids (non-empty strings), got "dall-e"`],
    ["a timeout that is not a positive integer", { baseUrl: "http://x/v1", models: {}, timeoutMs: -1 }, "Models.openAICompatible: 'timeoutMs' must be a positive integer, got -1"],
    ["a key that is a number", { baseUrl: "http://x/v1", models: {}, apiKey: 42 }, "Models.openAICompatible: 'apiKey' must be a non-empty string, or null for an endpoint that needs no key"],
    ["an Authorization header", { baseUrl: "http://x/v1", models: {}, headers: { Authorization: "Bearer x" } }, "Models.openAICompatible: 'headers' must be headers other than Authorization (give the key as apiKey)"],
  ]
  it.each(cases)("refuses %s with a TypeError naming the key", (_name, options, message) => {
    expect(() => CodeMode.make({ models: Models.openAICompatible(options as never) })).toThrow(TypeError)
    expect(() => Models.openAICompatible(options as never)).toThrow(message)
  })
})
