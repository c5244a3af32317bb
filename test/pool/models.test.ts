/**
 * The models API through the public face, in both languages, over a host provider that counts
 * what it is asked: listing, the argument checks (a bad request never reaches the provider), the
 * cap of four operations at once, provider failures as `stopReason`, usage in `Result.usage`, and
 * exactly one provider call per logical call across suspensions.
 */

import { Effect, Layer } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { CodeMode, ModelError, Models, WorkerPool, type ClassifyRequest, type ModelProvider } from "../../index.js"

const runtimes: Array<{ close(): Promise<void> }> = []
const pools: WorkerPool[] = []
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((r) => r.close()))
  await Promise.all(pools.splice(0).map((p) => p.close()))
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const until = async (condition: () => boolean, what: string) => {
  for (let i = 0; i < 1000 && !condition(); i++) await sleep(10)
  if (!condition()) throw new Error(`timed out waiting for ${what}`)
}

const CATALOG = [
  { type: "classifier", provider: "local", id: "judge" },
  { type: "classifier", provider: "local", id: "offline", available: false },
  { type: "image", provider: "local", id: "painter" },
  { type: "chat", provider: "local", id: "talker" },
  { type: "chat", provider: "other", id: "talker-2" },
] as const

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex").toString("base64")

/** A provider whose classify answers `answer(request)` after `delay(request)` ms, counting calls. */
const countingProvider = (options: { answer?: (r: ClassifyRequest) => Effect.Effect<any, ModelError>; delayMs?: number } = {}) => {
  const asked: ClassifyRequest[] = []
  const provider: ModelProvider = {
    list: () => Effect.succeed(CATALOG),
    classify: (request) =>
      Effect.suspend(() => {
        asked.push(request)
        const answer = options.answer?.(request) ?? Effect.succeed({ answers: { urgent: true }, usage: { inputTokens: 100, outputTokens: 5 } })
        return options.delayMs === undefined ? answer : Effect.andThen(Effect.sleep(options.delayMs), answer)
      }),
    generateImages: () => Effect.succeed({ output: [{ type: "image", data: PNG, mimeType: "image/png" }, { type: "text", text: "a bird" }], usage: { inputTokens: 7, outputTokens: 1000, totalTokens: 1007 } }),
  }
  return { provider, asked }
}

const make = (language: "lua" | "javascript", provider: ModelProvider, extra: Record<string, unknown> = {}) => {
  const runtime = CodeMode.make({ language, models: Models.layer(provider), ...extra })
  runtimes.push(runtime)
  return runtime
}

const run = (runtime: { execute(source: string): Effect.Effect<any, never, never> }, source: string) => Effect.runPromise(runtime.execute(source))

const QUESTION_JS = `{ urgent: { type: "bool", instructions: "Is it urgent?", criteria: { true: "needs action today", false: "can wait" } } }`
const QUESTION_LUA = `{ urgent = { type = "bool", instructions = "Is it urgent?", criteria = { ["true"] = "needs action today", ["false"] = "can wait" } } }`

describe("models: listing", () => {
  it("lists configured and available models by type and provider, in JavaScript", async () => {
    const { provider } = countingProvider()
    const result = await run(
      make("javascript", provider),
      `return {
        classifiers: await models.getModelsOfType("classifier"),
        available: await models.getAvailableOfType("classifier"),
        chatOther: await models.getModelsOfType("chat", "other"),
        one: await models.getModelOfType("image", "local", "painter"),
        none: (await models.getModelOfType("image", "local", "judge")) === undefined,
        functions: Object.getOwnPropertyNames(models).sort(),
      }`,
    )
    expect(result).toMatchObject({
      ok: true,
      value: {
        classifiers: [
          { provider: "local", id: "judge", type: "classifier" },
          { provider: "local", id: "offline", type: "classifier" },
        ],
        available: [{ provider: "local", id: "judge", type: "classifier" }],
        chatOther: [{ provider: "other", id: "talker-2", type: "chat" }],
        one: { provider: "local", id: "painter", type: "image" },
        none: true,
        functions: ["classify", "generateImages", "getAvailableOfType", "getModelOfType", "getModelsOfType"],
      },
    })
    expect(result.usage).toBeUndefined()
    expect(result.toolCalls.map((c: any) => [c.kind, c.name])).toContainEqual(["model", "models.getModelsOfType"])
  })

  it("lists in Lua under Lua names; get_model_of_type gives nil for an unknown model", async () => {
    const { provider } = countingProvider()
    const result = await run(
      make("lua", provider),
      `local available = models.get_available_of_type("classifier")
       local images = models.get_models_of_type("image", "local")
       local none = models.get_model_of_type("chat", "local", "nope")
       return { n = #available, first = available[1].id, image = images[1].id, none = none == nil, chat = models.chat == nil }`,
    )
    expect(result).toMatchObject({ ok: true, value: { n: 1, first: "judge", image: "painter", none: true, chat: true } })
  })

  it("lists nothing without a provider, and classify refuses every model", async () => {
    const runtime = CodeMode.make({ language: "javascript" })
    runtimes.push(runtime)
    const result = await run(
      runtime,
      `const list = await models.getAvailableOfType("classifier")
       try { await models.classify({ provider: "local", id: "judge" }, { state: {}, questions: ${QUESTION_JS} }) } catch (e) { return { list, error: e.message } }`,
    )
    expect(result).toMatchObject({
      ok: true,
      value: { list: [], error: `models.classify: no classifier model { provider: "local", id: "judge" } is configured; list them with models.getAvailableOfType("classifier")` },
    })
  })
})

describe("models: argument checks, before any provider call", () => {
  const cases: Array<[string, string, string]> = [
    ["a combined string", `"local/judge", { state: {}, questions: Q }`, `the first argument must be a model object`],
    ["an endpoint key", `{ provider: "local", id: "judge", baseUrl: "http://x" }, { state: {}, questions: Q }`, `model has an unknown key 'baseUrl'`],
    ["state not an object", `M, { state: "text", questions: Q }`, `context.state must be an object, got "text"`],
    ["no questions", `M, { state: {}, questions: {} }`, `context.questions must hold at least one question`],
    ["a question without instructions", `M, { state: {}, questions: { a: { type: "bool", criteria: { true: "y", false: "n" } } } }`, `context.questions.a.instructions must be a string, got nothing`],
    ["an unknown question type", `M, { state: {}, questions: { a: { type: "scale", instructions: "i", criteria: [] } } }`, `context.questions.a.type must be "choice", "score" or "bool", got "scale"`],
    ["choice criteria as a list", `M, { state: {}, questions: { a: { type: "choice", instructions: "i", criteria: ["x", "y"] } } }`, `context.questions.a.criteria must map each label to what it means`],
    ["a choice meaning not a string", `M, { state: {}, questions: { a: { type: "choice", instructions: "i", criteria: { x: "ok", y: 2 } } } }`, `context.questions.a.criteria.y must be a string, got 2`],
    ["score criteria as an object", `M, { state: {}, questions: { a: { type: "score", instructions: "i", criteria: { low: "l" } } } }`, `context.questions.a.criteria must list the levels from lowest to highest`],
    ["bool criteria missing false", `M, { state: {}, questions: { a: { type: "bool", instructions: "i", criteria: { true: "y" } } } }`, `context.questions.a.criteria must give the meaning of true and of false`],
    ["an image URL", `M, { state: {}, images: [{ type: "image", data: "https://x/y.png", mimeType: "image/png" }], questions: Q }`, `context.images[0].data must be an image block`],
    ["an unconfigured model", `{ provider: "local", id: "nope" }, { state: {}, questions: Q }`, `no classifier model { provider: "local", id: "nope" } is configured`],
    ["an image model used to classify", `{ provider: "local", id: "painter" }, { state: {}, questions: Q }`, `no classifier model { provider: "local", id: "painter" } is configured`],
    ["an unavailable model", `{ provider: "local", id: "offline" }, { state: {}, questions: Q }`, `is configured but not available`],
  ]
  it.each(cases)("classify refuses %s, naming the path (JavaScript)", async (_name, args, message) => {
    const { provider, asked } = countingProvider()
    const result = await run(
      make("javascript", provider),
      `const M = { provider: "local", id: "judge" }; const Q = ${QUESTION_JS}
       try { await models.classify(${args}); return "resolved" } catch (e) { return { name: e.name, message: e.message } }`,
    )
    expect(result.ok).toBe(true)
    expect(result.value.message).toContain(message)
    expect(result.value.message.startsWith("models.classify: ")).toBe(true)
    expect(asked).toHaveLength(0)
  })

  it("generateImages takes { input: [blocks] } and refuses anything else, naming the path", async () => {
    const { provider } = countingProvider()
    const result = await run(
      make("javascript", provider),
      `const M = { provider: "local", id: "painter" }
       const tries = [{ prompt: "a bird" }, { input: [] }, { input: [{ type: "text" }] }, { input: ["a bird"] }, { input: [{ type: "video", url: "x" }] }]
       const out = []
       for (const context of tries) { try { await models.generateImages(M, context); out.push("resolved") } catch (e) { out.push(e.message) } }
       return out`,
    )
    expect(result.value).toEqual([
      "models.generateImages: context has an unknown key 'prompt'; it may hold \"input\"",
      `models.generateImages: context.input must hold at least one block, such as { type: "text", text: "..." }`,
      "models.generateImages: context.input[0].text must be a string, got nothing",
      "models.generateImages: context.input[0] must be { type: \"text\", text } or { type: \"image\", data, mimeType } with base64 data",
      "models.generateImages: context.input[0] must be { type: \"text\", text } or { type: \"image\", data, mimeType } with base64 data",
    ])
  })

  it("a Lua program catches the same message with pcall; the type argument is checked too", async () => {
    const { provider, asked } = countingProvider()
    const result = await run(
      make("lua", provider),
      `local m = models.get_available_of_type("classifier")[1]
       local ok1, e1 = pcall(models.classify, m, { state = {}, questions = {} })
       local ok2, e2 = pcall(models.get_models_of_type, "llm")
       local ok3, e3 = pcall(models.classify, m, { state = "x", questions = ${QUESTION_LUA} })
       return { ok1, e1, ok2, e2, ok3, e3 }`,
    )
    expect(result.value).toEqual([
      false,
      "models.classify: context.questions must hold at least one question",
      false,
      `models.getModelsOfType: type must be one of "chat", "image", "classifier", got "llm"`,
      false,
      `models.classify: context.state must be an object, got "x"`,
    ])
    expect(asked).toHaveLength(0)
  })

  it("refuses more questions than the bound", async () => {
    const { provider, asked } = countingProvider()
    const result = await run(
      make("javascript", provider),
      `const questions = {}
       for (let i = 0; i < 33; i++) questions["q" + i] = { type: "bool", instructions: "?", criteria: { true: "y", false: "n" } }
       try { await models.classify({ provider: "local", id: "judge" }, { state: {}, questions }) } catch (e) { return e.message }`,
    )
    expect(result.value).toBe("models.classify: context.questions holds 33 questions, over the bound of 32")
    expect(asked).toHaveLength(0)
  })
})

describe("models: results, failures and usage", () => {
  it("classifies in both languages and sums usage into Result.usage", async () => {
    for (const language of ["javascript", "lua"] as const) {
      const { provider, asked } = countingProvider()
      const source =
        language === "javascript"
          ? `const [m] = await models.getAvailableOfType("classifier")
             const a = await models.classify(m, { state: { subject: "server down" }, questions: ${QUESTION_JS} })
             const b = await models.classify(m, { state: { subject: "lunch" }, questions: ${QUESTION_JS} })
             const img = await models.generateImages({ provider: "local", id: "painter" }, { input: [{ type: "text", text: "a bird" }] })
             return [a.stopReason, a.answers.urgent, b.usage, img.output.map((p) => p.type)]`
          : `local m = models.get_available_of_type("classifier")[1]
             local a = models.classify(m, { state = { subject = "server down" }, questions = ${QUESTION_LUA} })
             local b = models.classify(m, { state = { subject = "lunch" }, questions = ${QUESTION_LUA} })
             local img = models.generate_images({ provider = "local", id = "painter" }, { input = { { type = "text", text = "a bird" } } })
             return { a.stopReason, a.answers.urgent, b.usage, { img.output[1].type, img.output[2].type } }`
      const result = await run(make(language, provider), source)
      expect(result).toMatchObject({
        ok: true,
        value: ["stop", true, { inputTokens: 100, outputTokens: 5, totalTokens: 105 }, ["image", "text"]],
        usage: { modelCalls: 3, images: 1, inputTokens: 207, outputTokens: 1010, totalTokens: 1217 },
      })
      expect(asked.map((r) => r.state)).toEqual([{ subject: "server down" }, { subject: "lunch" }])
      expect(asked[0]!.model).toEqual({ provider: "local", id: "judge" })
    }
  })

  it("maps provider failures to stopReason with errorMessage, never a throw, and keeps their usage", async () => {
    const { provider } = countingProvider({
      answer: (request) => {
        switch ((request.state as { case: string }).case) {
          case "error":
            return Effect.fail(new ModelError({ reason: "error", message: "HTTP 503: overloaded", usage: { inputTokens: 3 } }))
          case "aborted":
            return Effect.fail(new ModelError({ reason: "aborted", message: "timed out" }))
          case "defect":
            return Effect.die(new Error("provider bug"))
          case "wrong-answer":
            return Effect.succeed({ answers: { urgent: "maybe" } })
          case "missing-answer":
            return Effect.succeed({ answers: {} })
          default:
            return Effect.succeed({ answers: { urgent: false } })
        }
      },
    })
    const result = await run(
      make("javascript", provider),
      `const m = { provider: "local", id: "judge" }
       const out = {}
       for (const c of ["error", "aborted", "defect", "wrong-answer", "missing-answer", "fine"]) {
         const r = await models.classify(m, { state: { case: c }, questions: ${QUESTION_JS} })
         out[c] = [r.stopReason, r.errorMessage ?? null]
       }
       return out`,
    )
    expect(result.value).toEqual({
      error: ["error", "models.classify: the provider failed: HTTP 503: overloaded"],
      aborted: ["aborted", "models.classify: the provider failed: timed out"],
      defect: ["error", "models.classify: the provider failed: provider bug"],
      "wrong-answer": ["error", `the provider's answer to bool question 'urgent' is not valid: "maybe" is not true or false`],
      "missing-answer": ["error", "the provider gave no answer to question 'urgent'"],
      fine: ["stop", null],
    })
    expect(result.usage).toMatchObject({ modelCalls: 6, inputTokens: 3 })
    expect(result.toolCalls.filter((c: any) => c.name === "models.classify").map((c: any) => c.status)).toEqual([
      "failure", "failure", "failure", "failure", "failure", "success",
    ])
  })
})

describe("models: at most four operations of one program at once", () => {
  it("runs four classify calls together and holds the fifth until one ends", async () => {
    const events: string[] = []
    const gates = new Map<number, () => void>()
    let active = 0
    let maxActive = 0
    const provider: ModelProvider = {
      list: () => Effect.succeed(CATALOG),
      classify: (request) => {
        const n = (request.state as { n: number }).n
        return Effect.andThen(
          Effect.promise(
            () =>
              new Promise<void>((resolve) => {
                events.push(`start ${n}`)
                active++
                maxActive = Math.max(maxActive, active)
                gates.set(n, resolve)
              }),
          ),
          Effect.sync(() => {
            active--
            events.push(`end ${n}`)
            return { answers: { urgent: n % 2 === 0 } }
          }),
        )
      },
      generateImages: () => Effect.succeed({ output: [] }),
    }
    const program = run(
      make("javascript", provider),
      `const m = { provider: "local", id: "judge" }
       const results = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => models.classify(m, { state: { n }, questions: ${QUESTION_JS} })))
       return results.map((r) => r.answers.urgent)`,
    )
    await until(() => gates.size === 4, "four calls to start")
    // Give a fifth every chance to start if the cap did not hold.
    await sleep(150)
    expect(events.filter((e) => e.startsWith("start"))).toHaveLength(4)
    const first = Number(events[0]!.split(" ")[1])
    gates.get(first)!()
    await until(() => events.filter((e) => e.startsWith("start")).length === 5, "the fifth call to start")
    expect(events.indexOf(`end ${first}`)).toBeLessThan(events.findIndex((e, i) => i >= 4 && e.startsWith("start")))
    for (;;) {
      for (const [n, open] of gates) if (!events.includes(`end ${n}`)) open()
      if (events.filter((e) => e.startsWith("end")).length === 6) break
      await sleep(10)
    }
    const result = await program
    expect(result).toMatchObject({ ok: true, value: [true, false, true, false, true, false], usage: { modelCalls: 6 } })
    expect(maxActive).toBe(4)
  })

  it("gives each program its own four slots", async () => {
    const started: number[] = []
    const release: Array<() => void> = []
    const provider: ModelProvider = {
      list: () => Effect.succeed(CATALOG),
      classify: (request) =>
        Effect.andThen(
          Effect.promise(() => new Promise<void>((resolve) => (started.push((request.state as { n: number }).n), release.push(resolve)))),
          Effect.succeed({ answers: { urgent: true } }),
        ),
      generateImages: () => Effect.succeed({ output: [] }),
    }
    const runtime = make("javascript", provider)
    const source = (base: number) =>
      `await Promise.all([0, 1, 2, 3].map((n) => models.classify({ provider: "local", id: "judge" }, { state: { n: n + ${base} }, questions: ${QUESTION_JS} })))`
    const programs = [run(runtime, source(0)), run(runtime, source(10))]
    await until(() => started.length === 8, "both programs' four calls")
    for (;;) {
      release.splice(0).forEach((open) => open())
      const done = await Promise.race([Promise.all(programs).then(() => true), sleep(20).then(() => false)])
      if (done) break
    }
    expect((await Promise.all(programs)).map((r) => r.ok)).toEqual([true, true])
  })
})

describe("models: replay asks a provider once per logical call", () => {
  const makePool = async () => {
    const pool = WorkerPool.make({ maxThreads: 1, hotThreads: 1, suspendAfterMs: 1 })
    pools.push(pool)
    const warm = CodeMode.make({ language: "lua", pool })
    await Effect.runPromise(warm.execute("return 0"))
    await warm.close()
    return pool
  }

  it("a Lua program suspended on slow classify calls is answered from its log when it runs again", async () => {
    const pool = await makePool()
    const { provider, asked } = countingProvider({ delayMs: 120 })
    const runtime = make("lua", provider, { pool })
    const waiting = run(
      runtime,
      `local m = models.get_available_of_type("classifier")[1]
       local a = models.classify(m, { state = { n = 1 }, questions = ${QUESTION_LUA} })
       local b = models.classify(m, { state = { n = 2 }, questions = ${QUESTION_LUA} })
       return { a = a.answers.urgent, b = b.answers.urgent, r = math.random(1, 1000000) }`,
    )
    for (let i = 0; i < 4; i++) {
      await sleep(40)
      expect(await run(runtime, "return 1")).toMatchObject({ ok: true, value: 1 })
    }
    const result = await waiting
    expect(result).toMatchObject({ ok: true, value: { a: true, b: true }, usage: { modelCalls: 2, inputTokens: 200 } })
    expect(pool.stats.suspensions).toBeGreaterThanOrEqual(1)
    expect(asked.map((r) => r.state)).toEqual([{ n: 1 }, { n: 2 }])
  })

  it("a JavaScript program with concurrent model calls, suspended, asks each once", async () => {
    const pool = await makePool()
    let images = 0
    const { provider: base, asked } = countingProvider({ delayMs: 100 })
    const provider: ModelProvider = {
      ...base,
      generateImages: (request) => Effect.andThen(Effect.sleep(60), Effect.suspend(() => (images++, base.generateImages(request)))),
    }
    const runtime = make("javascript", provider, { pool })
    const waiting = run(
      runtime,
      `const m = { provider: "local", id: "judge" }
       const rs = await Promise.all([1, 2, 3].map((n) => models.classify(m, { state: { n }, questions: ${QUESTION_JS} })))
       const img = await models.generateImages({ provider: "local", id: "painter" }, { input: [{ type: "text", text: "bird" }] })
       return [rs.map((r) => r.stopReason), img.stopReason, Math.random() < 2]`,
    )
    for (let i = 0; i < 5; i++) {
      await sleep(30)
      void run(runtime, "return 1")
    }
    const result = await waiting
    expect(result).toMatchObject({ ok: true, value: [["stop", "stop", "stop"], "stop", true], usage: { modelCalls: 4, images: 1 } })
    expect(asked).toHaveLength(3)
    expect(images).toBe(1)
    expect(pool.stats.suspensions).toBeGreaterThanOrEqual(1)
  })
})

describe("models: configuration is checked at make", () => {
  it("the instructions describe models.* only on a runtime that has a provider", async () => {
    const withModels = CodeMode.make({ language: "javascript", models: Models.layer(countingProvider().provider) })
    const without = CodeMode.make({ language: "javascript" })
    expect(withModels.instructions()).toContain("## Models")
    expect(without.instructions()).not.toContain("## Models")
    await Promise.all([withModels.close(), without.close()])
  })

  it("refuses a models option that is not a Layer of the Models service", () => {
    expect(() => CodeMode.make({ models: { list: () => [] } as never })).toThrow(
      "CodeMode.make: 'models' must be a Layer of the Models service: Models.openAICompatible({ ... }), Models.layer(provider) or your own",
    )
  })

  it("refuses a provider missing a function, naming it", () => {
    expect(() => Models.layer({ list: () => Effect.succeed([]), classify: () => Effect.die("x") } as never)).toThrow("Models.layer: the provider's 'generateImages' must be a function")
    const raw = Layer.succeed(Models, { list: () => Effect.succeed([]), classify: 1, generateImages: () => Effect.die("x") } as never)
    expect(() => CodeMode.make({ models: raw })).toThrow("CodeMode.make models: the provider's 'classify' must be a function")
  })

  it("names a misspelt option", () => {
    expect(() => CodeMode.make({ model: Models.layer(countingProvider().provider) } as never)).toThrow(/unknown option 'model'\. Did you mean 'models'\?/)
  })

  it("refuses an extension that shadows the models global", async () => {
    const { Extension } = await import("../../index.js")
    expect(() => CodeMode.make({ language: "lua", extensions: [Extension.lua({ name: "m", globals: { models: () => Effect.succeed(1) } })] })).toThrow(/models/)
  })
})
