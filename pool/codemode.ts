/**
 * `CodeMode.make` and `CodeMode.execute`: the host's entry points.
 *
 * `make` validates everything it can at once (limits, the tools tree, pool options) so that a
 * misconfigured runtime throws where it is built, not in the middle of an agent's turn. The
 * runtime's requirements are inferred from its tools, extensions and hooks: `execute` returns
 * `Effect<Result, never, R>` and runs each tool in the caller's context, so per-execution services
 * (the calling session, a request-scoped client) come from wherever the caller provides them.
 *
 * The runtime borrows a worker pool: the process-wide shared one (taken on the first execution and
 * given back on `close`) or one the host made with `WorkerPool.make` and owns.
 */

import { Cause, Clock, Context, Effect, Exit, Layer, Scope } from "effect"
import { Catalog, type ToolDescriptor } from "../catalog/catalog.js"
import { decodeInput, decodeOutput } from "../catalog/decode.js"
import { renderInstructions, type InstructionsOptions } from "../catalog/instructions.js"
import { luaSearchSignature, readSearchRequest, searchSignature } from "../catalog/search.js"
import { toolExpression } from "../catalog/paths.js"
import { toJsonSchema } from "../catalog/schema.js"
import { ApprovalMessages, Approvals, digestOf, readDecisions, ResumeTokenError, type ApprovalDecision, type ApprovalOptions } from "./approvals.js"
import type { ToolRequirements, ToolTree } from "../catalog/namespace.js"
import type { DataValue } from "../protocol/data.js"
import type { DispatchGlobal, DispatchTool } from "./dispatch.js"
import { ResultFunctions } from "./result-functions.js"
import { answerDiscovery, semanticSearchOperation } from "./discovery.js"
import type { ToolEmbeddings } from "../catalog/semantic.js"
import { collectExtensions, invokeGlobal, type Extension, type ExtensionRequirements } from "./extension.js"
import { ExecutionMessages, runExecution, type Execution } from "./execution.js"
import type { ExecutionPlan, RuntimePlan } from "./plan.js"
import type { Hooks } from "./hooks.js"
import { checkKnownKeys, keysOf, normalizeHooks } from "./options.js"
import { isLanguage, type Language } from "../protocol/language.js"
import { resolveLimits, type Limits } from "./limits.js"
import { ExecutionOutput, type OutputObserver } from "./output.js"
import { OutputFiles, resolveOutputFilesOptions, type OutputFilesOptions } from "./output-files.js"
import { NO_HEADER, readOptionsHeader, tightenByHeader } from "./options-header.js"
import type { Diagnostic } from "../protocol/diagnostic.js"
import type { Result } from "./result.js"
import { acquireSharedPool, releaseSharedPool, type WorkerPool } from "./workers.js"
import { StateRequests } from "./state-requests.js"
import { ExecutionModels, openModels } from "./models.js"
import type { Models } from "../models/service.js"
import { State, type BranchSummary, type StateStore } from "../state/service.js"
import { StagedState } from "../state/staging.js"
import { sqliteState } from "../state/sqlite.js"
import { branchNameProblem, DEFAULT_BRANCH } from "../state/bounds.js"
import { BranchError, StateError, StateMessages } from "../state/errors.js"

/** Any extension, whatever its requirements. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyExtension = Extension<any>

export interface CodeModeOptions<T extends ToolTree, RH, X extends ReadonlyArray<AnyExtension> = []> {
  /**
   * The program's language. Default `"javascript"`, as the first reference has it; agent-facing
   * tools should say `"lua"`, the language this runtime is built for.
   */
  readonly language?: Language
  /** The tools the program may call: records, `Namespace.make` wrappers and `Tool.make` tools. */
  readonly tools?: T
  /**
   * Host functions the program calls as globals (`Extension.make` for JavaScript, `Extension.lua`
   * for Lua). Not in the catalog; a global shadowing a built-in or another extension's throws here.
   */
  readonly extensions?: X
  readonly hooks?: Hooks<RH>
  readonly limits?: Partial<Limits>
  /** A pool the host made with `WorkerPool.make`; default: the process-wide shared pool. */
  readonly pool?: WorkerPool
  /**
   * Seed for Lua's `math.random` in every execution of this runtime, for reproducible programs.
   * Default: a fresh seed per execution. A program may still call `math.randomseed` itself.
   */
  readonly randomSeed?: number
  /**
   * Where `store` / `load` keep per-branch state: `State.sqlite({ path })`, `State.postgres({ url })`
   * or the host's own `Layer` of the `State` service. It must build synchronously (open files, not
   * connect: the PostgreSQL layer connects at first use). Default: an in-memory SQLite database of
   * this runtime's own, gone when the runtime closes.
   */
  readonly state?: Layer.Layer<State, StateError>
  /**
   * How paused executions' tokens are signed and bounded (pool/approvals.ts): `{ key }` shared by
   * the runtimes that resume each other's tokens, `expiresInMs`, `maxTokenBytes`. Default: a
   * random key of this runtime's own, 24 hours, 1 MiB.
   */
  readonly approvals?: ApprovalOptions
  /**
   * Where the runtime keeps the files `Result.output` names (images, whole outputs the budget
   * cut): one directory of its own under `parentDirectory` (default: the system's temporary
   * directory), files removed after `maxAgeMs` (default one hour) and all of it by `close()`.
   */
  readonly outputFiles?: OutputFilesOptions
  /**
   * The models a program reaches through `models.*`: `Models.openAICompatible({ ... })`,
   * `Models.layer(provider)` or the host's own `Layer` of the `Models` service, built here
   * synchronously. Default: none (every list is empty).
   */
  readonly models?: Layer.Layer<Models>
  /**
   * The host's embedding model (`ToolEmbeddings.of({ embed })`): `search` and `searchTools` then
   * fuse its ranking with the lexical one (catalog/semantic.ts). Default: lexical ranking alone.
   */
  readonly embeddings?: ToolEmbeddings["Service"]
}

/** How one execution is run. */
export interface ExecuteOptions {
  /** The branch whose state `store` / `load` use. Default `"main"` (`DEFAULT_BRANCH`). */
  readonly branch?: string
  /**
   * Live output: called with each output block (and so each console line) as the program makes
   * it, before the Result, in order, never twice (pool/output.ts). It never holds the program
   * back: a returned promise or Effect delays only the next call; a throw or failure becomes one
   * warning in the Result.
   */
  readonly onOutput?: OutputObserver
}

/** How a paused execution is resumed: live output, as for `execute` (the leg's blocks, from index 0). */
export interface ResumeOptions {
  readonly onOutput?: OutputObserver
}

/** The runtime's branches of state, as Effects. */
export interface Branches {
  /** Copies branch `from` (an empty one if it does not exist) to the new branch `to`. */
  fork(from: string, to: string): Effect.Effect<void, StateError | BranchError>
  /** Every branch, by name, with its number of keys and its size in characters. */
  list(): Effect.Effect<ReadonlyArray<BranchSummary>, StateError>
  /** Deletes a branch and all its keys; true when it existed. */
  delete(name: string): Effect.Effect<boolean, StateError | BranchError>
}

export interface Runtime<R> {
  readonly language: Language
  readonly limits: Limits
  /** Every tool the program can call: path, description and signature in the runtime's language. */
  readonly catalog: ReadonlyArray<ToolDescriptor>
  /**
   * The text for the host's `execute` tool description: how to write a program in this language,
   * its globals, and as many tool declarations as `inlineBudget` estimated tokens hold (default
   * 3,000), fairly across namespaces (catalog/instructions.ts).
   */
  instructions(options?: InstructionsOptions): string
  /**
   * Runs one program on a branch of state (default `"main"`). Never fails: every outcome is a
   * `Result`. Interrupting it stops the program and discards what it stored.
   */
  execute(source: string, options?: ExecuteOptions): Effect.Effect<Result, never, R>
  /**
   * Resumes an execution that paused for an approval (`Result.error.kind === "ApprovalRequired"`),
   * with a decision for its pending call (or an array, one per pending call, in order). Its Result
   * is the next leg's: the output and calls made after the pause. Fails only with
   * `ResumeTokenError`, when the token is malformed, forged, expired, already used, or meets
   * changed tools or limits; then nothing runs.
   */
  resume(token: string, decision: ApprovalDecision | ReadonlyArray<ApprovalDecision>, options?: ResumeOptions): Effect.Effect<Result, ResumeTokenError, R>
  /** Fork, list and delete the branches of this runtime's state. */
  readonly branches: Branches
  /**
   * Ends the runtime: executions still running or suspended end with a Result saying the runtime
   * was closed, after at most `drainMs` milliseconds in which they may finish (default 0: at
   * once); executions started afterwards are refused. Gives the worker pool back (the shared
   * pool stays warm for a while for the next runtime) and closes the state database this
   * runtime opened. Idempotent.
   */
  close(options?: CloseOptions): Promise<void>
}

export interface CloseOptions {
  /** How long running and suspended executions may go on before they are ended. Default 0. */
  readonly drainMs?: number
}

/** Every key `CodeMode.make` reads; any other is a `TypeError` (a misspelt option must not be ignored). */
const MAKE_OPTION_KEYS = keysOf<CodeModeOptions<ToolTree, unknown>>()({
  language: true, tools: true, extensions: true, hooks: true, limits: true, pool: true, randomSeed: true, state: true,
  approvals: true, outputFiles: true, models: true, embeddings: true,
})

const make = <const T extends ToolTree = {}, RH = never, const X extends ReadonlyArray<AnyExtension> = []>(
  options: CodeModeOptions<T, RH, X> = {},
): Runtime<ToolRequirements<T> | ExtensionRequirements<X> | RH> => {
  type R = ToolRequirements<T> | ExtensionRequirements<X> | RH
  if (options === null || typeof options !== "object") throw new TypeError("CodeMode.make expects an options object")
  checkKnownKeys("CodeMode.make", options, MAKE_OPTION_KEYS)
  const language = options.language ?? "javascript"
  if (!isLanguage(language)) {
    throw new RangeError(`Unknown language '${String(language)}'; use "lua" or "javascript"`)
  }
  const limits = resolveLimits(language, options.limits)
  if (options.randomSeed !== undefined && !Number.isSafeInteger(options.randomSeed)) {
    throw new RangeError(`randomSeed must be an integer, got ${options.randomSeed}`)
  }
  const hooks = normalizeHooks<R>(options.hooks)
  const signer = Approvals.make(options.approvals)
  const models = openModels(options.models)
  const state = openState(options.state)
  const files = new OutputFiles(resolveOutputFilesOptions(options.outputFiles))
  const catalog = Catalog.make(options.tools ?? {})
  if (options.embeddings !== undefined && typeof options.embeddings?.embed !== "function") {
    throw new TypeError("embeddings must be a ToolEmbeddings service: ToolEmbeddings.of({ embed: (texts) => Effect<vectors> })")
  }
  const semanticSearch = options.embeddings === undefined ? undefined : semanticSearchOperation(catalog, language, options.embeddings)
  const extensionEntries = collectExtensions(language, options.extensions ?? [])
  const dispatchGlobals = new Map<string, DispatchGlobal<R>>()
  for (const [path, entry] of extensionEntries) {
    dispatchGlobals.set(path, {
      extension: entry.extension,
      run: (args) => invokeGlobal(entry.fn, args) as Effect.Effect<unknown, unknown, R>,
    })
  }
  const globals = [...extensionEntries.values()].map(({ path, async }) => ({ path, async }))
  let snapshot: DataValue | undefined
  const dispatchTools = new Map<string, DispatchTool<R>>()
  const lookupTool = (path: string): DispatchTool<R> | undefined => {
    let tool = dispatchTools.get(path)
    if (tool === undefined) {
      const entry = catalog.lookup(path)
      if (entry === undefined) return undefined
      const t = entry.tool
      const needsApproval = t.needsApproval
      tool = {
        decodeInput: (input) => decodeInput(t, input),
        execute: (input) => t.execute(input),
        decodeOutput: (output, onNonFinite) => decodeOutput(t, output, onNonFinite),
        needsApproval: needsApproval === undefined ? undefined : (input) => needsApproval(input),
      }
      dispatchTools.set(path, tool)
    }
    return tool
  }

  /** Executions of this runtime that have not produced their Result. */
  const live = new Set<Execution<R>>()
  const track = (execution: Execution<R>) => {
    live.add(execution)
    return () => void live.delete(execution)
  }
  let pool: WorkerPool | undefined = options.pool
  let borrowsShared = false
  let closed = false
  const poolForExecution = (): WorkerPool => {
    if (pool === undefined) {
      pool = acquireSharedPool()
      borrowsShared = true
    }
    return pool
  }

  // A token is bound to the tools its log used (paths and schemas) and to the limits and language.
  const toolsDigest = (paths: ReadonlyArray<string>): string =>
    digestOf([...new Set(paths)].sort().map((path) => {
      const entry = catalog.lookup(path)
      if (entry === undefined) return `${path}: absent`
      const { input, output, needsApproval } = entry.tool
      return `${path}: ${schemaText(input, "input")} -> ${output === undefined ? "" : schemaText(output, "output")}${needsApproval === undefined ? "" : " (approval)"}`
    }))
  const runtimeDigest = digestOf([language, JSON.stringify(limits, (_, value) => (value === Infinity ? "Infinity" : value))])
  const approvals = { signer, toolsDigest, runtimeDigest }

  const runtimePlan: RuntimePlan<R> = {
    language,
    hooks,
    catalogId: catalog.id,
    // The worker's view: tool paths and extension global paths, never a function.
    catalogSnapshot: () => (snapshot ??= { ...catalog.snapshot(), globals } as unknown as DataValue),
    lookupTool,
    unknownToolMessage: (path) => catalog.unknownToolMessage(path, language),
    search: (args) => catalog.search(readSearchRequest(args), language) as unknown as DataValue,
    discover: (name, args) => answerDiscovery(catalog, language, name, args),
    semanticSearch,
    randomSeed: options.randomSeed,
    approvals,
  }

  // One plan per execution, around the runtime's shared part: the functions its extension results
  // return live in it (result-functions.ts), and its state, output and models are its own.
  const planFor = (
    activePool: WorkerPool,
    run: {
      readonly limits: Limits
      readonly warnings: ReadonlyArray<Diagnostic>
      readonly onOutput: OutputObserver | undefined
      /** Output blocks earlier legs showed (a resumed execution). */
      readonly outputBefore?: number
    },
    branch: string,
    /** The state a paused execution's token kept (a resumed leg). */
    restored?: StagedState,
  ): ExecutionPlan<R> => ({
    runtime: runtimePlan,
    limits: run.limits,
    pool: activePool,
    globals: new ResultFunctions<R>(language, dispatchGlobals),
    state: new StateRequests(state.store, branch, restored),
    output: new ExecutionOutput(files, run.onOutput, run.outputBefore ?? 0),
    warnings: run.warnings,
    models: new ExecutionModels(models.provider),
  })
  /** What a program without an `@options` header runs under: the runtime's limits, no warnings. */
  const untightened = { limits, warnings: [] as ReadonlyArray<Diagnostic> }

  /** Checks a token and a decision against this runtime; the leg to run, or why not. */
  const openToken = (token: string, decision: unknown, now: number) => {
    const paused = signer.open(token, now)
    if (paused instanceof ResumeTokenError) return paused
    if (paused.runtime !== runtimeDigest) return new ResumeTokenError({ reason: "runtime-changed", message: ApprovalMessages.runtimeChanged() })
    const used = paused.log.calls.flatMap((call) => (call !== null && call.op === "tool" ? [call.name] : []))
    if (paused.tools !== toolsDigest([...used, ...paused.pending.map((call) => call.name)])) {
      return new ResumeTokenError({ reason: "tools-changed", message: ApprovalMessages.toolsChanged() })
    }
    const decisions = readDecisions(decision, paused.pending.length)
    if (decisions instanceof ResumeTokenError) return decisions
    if (!signer.claim(paused, now)) return new ResumeTokenError({ reason: "used", message: ApprovalMessages.used() })
    return { paused, decisions }
  }

  const branchOperation = <A, E>(names: ReadonlyArray<string>, run: (store: StateStore) => Effect.Effect<A, E>) =>
    Effect.suspend((): Effect.Effect<A, E | StateError | BranchError> => {
      if (closed) return Effect.fail(new StateError({ reason: "closed", message: StateMessages.closed() }))
      for (const name of names) {
        const problem = branchNameProblem(name)
        if (problem !== undefined) return Effect.fail(new BranchError({ reason: "invalid-name", branch: String(name), message: StateMessages.invalidBranch(problem) }))
      }
      return run(state.store)
    })

  return {
    language,
    limits,
    get catalog() {
      return catalog.descriptors(language)
    },
    instructions: (instructionsOptions) => renderInstructions(catalog, language, instructionsOptions, models.provider !== undefined),
    branches: {
      fork: (from, to) => branchOperation([from, to], (store) => store.fork(from, to)),
      list: () => Effect.suspend(() => (closed ? Effect.fail(new StateError({ reason: "closed", message: StateMessages.closed() })) : state.store.list())),
      delete: (name) => branchOperation([name], (store) => store.remove(name)),
    },
    execute(source: string, executeOptions?: ExecuteOptions) {
      return Effect.suspend(() => {
        if (closed) {
          return Effect.succeed<Result>({
            ok: false,
            error: { kind: "ExecutionFailure", message: ExecutionMessages.closed() },
            toolCalls: [],
          })
        }
        if (typeof source !== "string") {
          return Effect.succeed<Result>({
            ok: false,
            error: { kind: "ParseError", message: `The program must be a string, got ${typeof source}` },
            toolCalls: [],
          })
        }
        const branch = executeOptions?.branch ?? DEFAULT_BRANCH
        const problem = branchNameProblem(branch)
        if (problem !== undefined) {
          return Effect.succeed<Result>({ ok: false, error: { kind: "ExecutionFailure", message: StateMessages.invalidBranch(problem) }, toolCalls: [] })
        }
        const onOutput = executeOptions?.onOutput
        if (onOutput !== undefined && typeof onOutput !== "function") {
          return Effect.succeed<Result>({ ok: false, error: { kind: "ExecutionFailure", message: "execute: onOutput must be a function" }, toolCalls: [] })
        }
        // The `@options` first line: read before anything runs; a bad one is the Result.
        const header = readOptionsHeader(source, language)
        if (!header.ok) return Effect.succeed<Result>({ ok: false, error: header.error, toolCalls: [] })
        const { limits: runLimits, warnings } = header === NO_HEADER ? untightened : tightenByHeader(limits, header.limits)
        return runExecution(planFor(poolForExecution(), { limits: runLimits, warnings, onOutput }, branch), source, track)
      })
    },
    resume(token, decision, resumeOptions?: ResumeOptions) {
      return Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.suspend((): Effect.Effect<Result, ResumeTokenError, R> => {
          if (closed) return Effect.succeed<Result>({ ok: false, error: { kind: "ExecutionFailure", message: ExecutionMessages.closed() }, toolCalls: [] })
          const onOutput = resumeOptions?.onOutput
          if (onOutput !== undefined && typeof onOutput !== "function") {
            return Effect.succeed<Result>({ ok: false, error: { kind: "ExecutionFailure", message: "resume: onOutput must be a function" }, toolCalls: [] })
          }
          const leg = openToken(token, decision, now)
          if (leg instanceof ResumeTokenError) return Effect.fail(leg)
          const { paused } = leg
          // The header is part of the program: it tightens this leg as it did the first.
          const header = readOptionsHeader(paused.source, language)
          const tightened = header.ok ? tightenByHeader(limits, header.limits) : { limits, warnings: [] }
          const staged = StagedState.restore(state.store, paused.branch, paused.state)
          const plan = planFor(poolForExecution(), { ...tightened, onOutput, outputBefore: paused.outputBefore }, paused.branch, staged)
          return runExecution(plan, paused.source, track, leg)
        }),
      )
    },
    async close(closeOptions: CloseOptions = {}) {
      if (closed) return
      closed = true
      const drainMs = closeOptions.drainMs ?? 0
      if (!Number.isFinite(drainMs) || drainMs < 0) throw new RangeError(`close: drainMs must be a finite number >= 0, got ${drainMs}`)
      if (live.size > 0 && drainMs > 0) await drain(live, drainMs)
      for (const execution of [...live]) execution.close()
      if (borrowsShared) releaseSharedPool()
      files.close()
      await state.close()
      await models.close()
    },
  }
}

/** A schema as the text a token digest covers; one that cannot be rendered is named by its kind. */
const schemaText = (schema: Parameters<typeof toJsonSchema>[0], side: "input" | "output"): string => {
  try {
    return JSON.stringify(toJsonSchema(schema, side))
  } catch {
    return `(${typeof schema})`
  }
}

/** Waits until every execution in `live` has its Result, or `ms` milliseconds have passed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
const drain = (live: ReadonlySet<Execution<any>>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const deadline = setTimeout(done, ms)
    const poll = setInterval(() => live.size === 0 && done(), 5)
    function done() {
      clearTimeout(deadline)
      clearInterval(poll)
      resolve()
    }
  })

/**
 * Builds the state layer now, so a database that cannot be opened (not a database, corrupt,
 * locked) throws its typed `StateError` from `make`; the scope closes it with the runtime.
 */
const openState = (layer: Layer.Layer<State, StateError> | undefined): { readonly store: StateStore; readonly close: () => Promise<void> } => {
  if (layer !== undefined && !Layer.isLayer(layer)) {
    throw new TypeError("state must be a Layer of the State service: State.sqlite({ path }), State.postgres({ url }) or your own")
  }
  const scope = Scope.makeUnsafe()
  const built = Effect.runSyncExit(Layer.buildWithScope(layer ?? sqliteState({ path: ":memory:" }), scope))
  if (Exit.isFailure(built)) {
    const error = Cause.squash(built.cause)
    if (error instanceof StateError) throw error
    throw new TypeError(`The state layer could not be built synchronously: ${error instanceof Error ? error.message : String(error)}`)
  }
  return {
    store: Context.get(built.value, State),
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
  }
}

/** Runs one program with a runtime made for it, then gives the pool back. */
const execute = <const T extends ToolTree = {}, RH = never, const X extends ReadonlyArray<AnyExtension> = []>(
  options: CodeModeOptions<T, RH, X> & { readonly code: string },
): Effect.Effect<Result, never, ToolRequirements<T> | ExtensionRequirements<X> | RH> =>
  Effect.suspend(() => {
    if (options === null || typeof options !== "object") return Effect.die(new TypeError("CodeMode.execute expects { code, ... }"))
    const { code, ...runtimeOptions } = options
    const runtime = make(runtimeOptions as CodeModeOptions<T, RH, X>)
    return Effect.ensuring(runtime.execute(code), Effect.promise(() => runtime.close()))
  })

export const CodeMode = {
  make,
  execute,
  /** How a JavaScript program calls `search`, for the host's instructions to the model. */
  searchSignature,
  /** How a Lua program calls `search`, for the host's instructions to the model. */
  luaSearchSignature,
  /** How a program writes the call of a tool path: `tools.orders.lookup`, `tools.x["y-z"]`. */
  toolExpression: (path: string, language: Language = "javascript"): string => toolExpression(path, language),
} as const

type RuntimeExecuteOptions = ExecuteOptions

export declare namespace CodeMode {
  export type ExecuteOptions = RuntimeExecuteOptions
  export type Options<T extends ToolTree = ToolTree, RH = never, X extends ReadonlyArray<AnyExtension> = []> = CodeModeOptions<T, RH, X>
  export type Result = import("./result.js").Result
  export type Diagnostic = import("./result.js").Diagnostic
  export type DataValue = import("./result.js").DataValue
  export type ToolCall = import("./result.js").ToolCall
}
