/**
 * One execution's model operations, on the host: checked, capped, asked of the provider once,
 * and counted.
 *
 * A program's `models.*` call arrives as an `op: "model"` host call (protocol/models.ts). The
 * execution's calls (calls.ts) admit it like a tool call (against `maxToolCalls`, listed in
 * `Result.toolCalls` as kind `model`), run it as its own fiber through `call` below, and log its
 * answer: a later run of the program (after a suspension, or on another thread) is answered from
 * the log, so the provider is asked exactly once per logical call and its usage counted once.
 *
 * What `call` does, in order:
 *
 * 1. The arguments are checked (models/arguments.ts) before anything else; a bad one is a
 *    catchable `InvalidToolInput` naming its path, and no provider is asked.
 * 2. `classify` and `generateImages` take the model from the provider's own list: it must be
 *    configured with that type and available, else the same catchable error.
 * 3. The provider is asked inside one of the execution's `ModelBounds.maxConcurrent` (4) slots: a
 *    JavaScript program that starts a fifth while four run waits for one to end. The slots are the
 *    execution's, not the runtime's, so one program cannot starve another of them.
 * 4. Its answer is checked (models/answers.ts). A `ModelError`, an answer that breaks the rules, or
 *    a provider that throws or dies all resolve to `stopReason: "error"` (or `"aborted"`) with an
 *    `errorMessage`: a provider's failure is a result the program inspects, never a throw.
 * 5. Usage is added to the execution's total, which the Result carries as `usage`.
 *
 * An execution that ends interrupts its calls in flight (calls.ts); the interruption reaches the
 * provider's Effect, so the OpenAI adapter's HTTP request is aborted.
 */

import { Cause, Context, Effect, Exit, Layer, Scope, Semaphore } from "effect"
import type { DataValue } from "../protocol/data.js"
import {
  isModelOperation,
  ModelBounds,
  MODEL_TYPES,
  type ClassifyResult,
  type ExecutionUsage,
  type GenerateImagesResult,
  type ModelListing,
  type ModelRef,
  type ModelType,
  type ModelUsage,
} from "../protocol/models.js"
import { checkClassifyContext, checkGenerateContext, checkModelRef, checkModelType, ModelArgumentError, optionalString, requiredString } from "../models/arguments.js"
import { classifyResult, failed, generateResult, generationFailed, imageCount, readUsage } from "../models/answers.js"
import { describeValue, ModelMessages } from "../models/messages.js"
import { ModelError, Models, PROVIDER_FUNCTIONS, type ModelInfo, type ModelProvider } from "../models/service.js"
import { describeError, failure, type CallRecord, type Reply } from "./dispatch.js"

export class ExecutionModels {
  /** Made at the first model operation: most executions make none. */
  private slots: Semaphore.Semaphore | undefined = undefined
  private modelCalls = 0
  private images = 0
  private inputTokens = 0
  private outputTokens = 0
  private totalTokens = 0

  constructor(private readonly provider: ModelProvider | undefined) {}

  /** What this execution's model operations used; undefined when none reached a provider. */
  usage(): ExecutionUsage | undefined {
    if (this.modelCalls === 0) return undefined
    return {
      modelCalls: this.modelCalls,
      images: this.images,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      totalTokens: this.totalTokens,
    }
  }

  /** Answers one `op: "model"` call; never fails (an interruption propagates). */
  call(name: string, args: ReadonlyArray<DataValue>, record: CallRecord): Effect.Effect<Reply> {
    return Effect.map(
      Effect.suspend(() => this.serve(name, args)),
      (reply) => {
        const stop = reply.ok ? (reply.value as { stopReason?: unknown } | undefined)?.stopReason : undefined
        record.status = reply.ok && (stop === undefined || stop === "stop") ? "success" : "failure"
        return reply
      },
    )
  }

  private serve(name: string, args: ReadonlyArray<DataValue>): Effect.Effect<Reply> {
    if (!isModelOperation(name)) return Effect.succeed(failure("ExecutionFailure", ModelMessages.unknownOperation(name)))
    try {
      switch (name) {
        case "getModelsOfType":
        case "getAvailableOfType": {
          const type = checkModelType(name, args[0])
          const provider = optionalString(name, "provider", args[1])
          const onlyAvailable = name === "getAvailableOfType"
          return this.listed(name, (models) =>
            models
              .filter((m) => m.type === type && (provider === undefined || m.provider === provider) && (!onlyAvailable || m.available !== false))
              .map(listing) as unknown as DataValue,
          )
        }
        case "getModelOfType": {
          const type = checkModelType(name, args[0])
          const provider = requiredString(name, "provider", args[1])
          const id = requiredString(name, "id", args[2])
          return this.listed(name, (models) => {
            const found = models.find((m) => m.type === type && m.provider === provider && m.id === id)
            return (found === undefined ? undefined : listing(found)) as unknown as DataValue
          })
        }
        case "classify": {
          const model = checkModelRef(name, args[0])
          const context = checkClassifyContext(args[1])
          return this.withModel(name, "classifier", model, (provider) =>
            this.ask(
              () => provider.classify({ model, ...context }),
              (response) => classifyResult(context, response),
              (reason, message, usage) => failed(reason, message, usage),
              name,
            ),
          )
        }
        case "generateImages": {
          const model = checkModelRef(name, args[0])
          const context = checkGenerateContext(args[1])
          return this.withModel(name, "image", model, (provider) =>
            this.ask(
              () => provider.generateImages({ model, ...context }),
              generateResult,
              (reason, message, usage) => generationFailed(reason, message, usage),
              name,
            ),
          )
        }
      }
    } catch (error) {
      if (error instanceof ModelArgumentError) return Effect.succeed(failure("InvalidToolInput", error.message))
      throw error
    }
  }

  /** Answers from the provider's model list (an empty one without a provider). */
  private listed(op: string, answer: (models: ReadonlyArray<ModelInfo>) => DataValue): Effect.Effect<Reply> {
    return Effect.map(this.list(op), (models) =>
      models.ok ? { ok: true, value: answer(models.models) } : failure("ToolFailure", models.message),
    )
  }

  /** The provider's list, checked; a failure as a message. */
  private list(op: string): Effect.Effect<ListOutcome> {
    const provider = this.provider
    if (provider === undefined) return Effect.succeed({ ok: true, models: [] })
    return Effect.map(Effect.exit(guarded(() => provider.list())), (exit): ListOutcome => {
      if (Exit.isFailure(exit)) return { ok: false, message: ModelMessages.providerFailed(op, causeText(exit.cause)) }
      const problem = listProblem(exit.value)
      return problem === undefined ? { ok: true, models: exit.value } : { ok: false, message: ModelMessages.providerFailed(op, ModelMessages.badList(problem)) }
    })
  }

  /** Runs `use` once the model is known to be configured with `type` and available. */
  private withModel(op: string, type: ModelType, model: ModelRef, use: (provider: ModelProvider) => Effect.Effect<DataValue>): Effect.Effect<Reply> {
    return Effect.flatMap(this.list(op), (listed): Effect.Effect<Reply> => {
      if (!listed.ok) return Effect.succeed(failure("ToolFailure", listed.message))
      const found = listed.models.find((m) => m.type === type && m.provider === model.provider && m.id === model.id)
      if (found === undefined || this.provider === undefined) return Effect.succeed(failure("InvalidToolInput", ModelMessages.unknownModel(op, type, model.provider, model.id)))
      if (found.available === false) return Effect.succeed(failure("InvalidToolInput", ModelMessages.unavailableModel(op, model.provider, model.id)))
      return Effect.map(use(this.provider), (value): Reply => ({ ok: true, value }))
    })
  }

  /** Asks the provider inside a slot; every ending but an interruption becomes a result. */
  private ask<A, T extends ClassifyResult | GenerateImagesResult>(
    request: () => Effect.Effect<A, ModelError>,
    success: (response: A) => T,
    failure_: (reason: "error" | "aborted", message: string, usage: ModelUsage) => T,
    op: string,
  ): Effect.Effect<DataValue> {
    return Effect.flatMap(Effect.exit((this.slots ??= Semaphore.makeUnsafe(ModelBounds.maxConcurrent)).withPermits(1)(guarded(request))), (exit): Effect.Effect<DataValue> => {
      if (Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)) return Effect.failCause(exit.cause as Cause.Cause<never>)
      let result: T
      if (Exit.isSuccess(exit)) result = success(exit.value)
      else {
        const error = Cause.squash(exit.cause)
        result =
          error instanceof ModelError
            ? failure_(error.reason === "aborted" ? "aborted" : "error", ModelMessages.providerFailed(op, error.message), readUsage(error.usage))
            : failure_("error", ModelMessages.providerFailed(op, describeError(error)), readUsage(undefined))
      }
      this.count(result)
      return Effect.succeed(result as unknown as DataValue)
    })
  }

  private count(result: ClassifyResult | GenerateImagesResult): void {
    this.modelCalls++
    this.inputTokens += result.usage.inputTokens
    this.outputTokens += result.usage.outputTokens
    this.totalTokens += result.usage.totalTokens
    if ("output" in result) this.images += imageCount(result)
  }
}

type ListOutcome = { readonly ok: true; readonly models: ReadonlyArray<ModelInfo> } | { readonly ok: false; readonly message: string }

/** A model as a program lists it: `{ provider, id, type }` and nothing of the host's. */
const listing = (model: ModelInfo): ModelListing => ({ provider: model.provider, id: model.id, type: model.type })

/** Calls host code that should return an Effect; a throw or a non-Effect is a defect of the call. */
const guarded = <A, E>(call: () => Effect.Effect<A, E>): Effect.Effect<A, E> =>
  Effect.suspend(() => {
    const effect: unknown = call()
    if (Effect.isEffect(effect)) return effect as Effect.Effect<A, E>
    return Effect.die(new TypeError(`the provider returned ${describeValue(effect)}, not an Effect`))
  })

const causeText = (cause: Cause.Cause<unknown>): string => {
  const error = Cause.squash(cause)
  return error instanceof ModelError ? error.message : describeError(error)
}

/** What is wrong with a provider's model list, if anything. */
const listProblem = (models: unknown): string | undefined => {
  if (!Array.isArray(models)) return `expected an array, got ${describeValue(models)}`
  for (const [i, model] of models.entries()) {
    const m = model as Partial<ModelInfo> | null
    if (m === null || typeof m !== "object") return `models[${i}] is ${describeValue(m)}`
    if (!(MODEL_TYPES as ReadonlyArray<unknown>).includes(m.type)) return `models[${i}].type is ${describeValue(m.type)}`
    if (typeof m.provider !== "string" || m.provider === "") return `models[${i}].provider is ${describeValue(m.provider)}`
    if (typeof m.id !== "string" || m.id === "") return `models[${i}].id is ${describeValue(m.id)}`
  }
  return undefined
}

/**
 * Builds the host's `models` layer at `CodeMode.make`, so a layer that is not one, cannot be
 * built synchronously, or gives a provider without its functions throws there, naming the key.
 */
export const openModels = (layer: unknown): { readonly provider: ModelProvider | undefined; readonly close: () => Promise<void> } => {
  if (layer === undefined) return { provider: undefined, close: () => Promise.resolve() }
  if (!Layer.isLayer(layer)) throw new TypeError(ModelMessages.notALayer())
  const scope = Scope.makeUnsafe()
  const built = Effect.runSyncExit(Layer.buildWithScope(layer as Layer.Layer<Models>, scope))
  if (Exit.isFailure(built)) {
    const error = Cause.squash(built.cause)
    if (error instanceof TypeError) throw error
    throw new TypeError(ModelMessages.notBuilt(describeError(error)))
  }
  const provider = Context.getOption(built.value, Models)
  if (provider._tag === "None") throw new TypeError(ModelMessages.notALayer())
  for (const key of PROVIDER_FUNCTIONS) {
    if (typeof provider.value[key] !== "function") throw new TypeError(ModelMessages.badProvider("CodeMode.make models", key))
  }
  return { provider: provider.value, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}
