/**
 * What an execution needs from its runtime: the plan `CodeMode.make` draws up for each execution
 * (pool/codemode.ts), around the part every execution of the runtime shares, and the execution
 * (pool/execution.ts) and its calls (pool/calls.ts) read.
 */

import type { DataValue } from "../protocol/data.js"
import type { Language } from "../protocol/language.js"
import type { Effect } from "effect"
import type { Approvals } from "./approvals.js"
import type { CallRecord, DispatchTool, Reply } from "./dispatch.js"
import type { Hooks } from "./hooks.js"
import type { Limits } from "./limits.js"
import type { ExecutionOutput } from "./output.js"
import type { Diagnostic } from "../protocol/diagnostic.js"
import type { ExecutionModels } from "./models.js"
import type { ResultFunctions } from "./result-functions.js"
import type { StateRequests } from "./state-requests.js"
import type { WorkerPool } from "./workers.js"

/**
 * What every execution of a runtime shares, drawn up once by `CodeMode.make`: an execution's plan
 * points at it rather than copying it, so starting an execution allocates only what is its own.
 */
export interface RuntimePlan<R> {
  readonly language: Language
  readonly hooks: Hooks<R> | undefined
  readonly catalogId: number
  readonly catalogSnapshot: () => DataValue
  readonly lookupTool: (path: string) => DispatchTool<R> | undefined
  readonly unknownToolMessage: (path: string) => string
  readonly search: (args: ReadonlyArray<DataValue>) => DataValue
  /** A discovery built-in (`searchTools`, `describe_tool`, ...; pool/discovery.ts); throws for a bad request. */
  readonly discover: (name: string, args: ReadonlyArray<DataValue>) => DataValue | undefined
  /**
   * Set when the host gave an embedding model: `search` (name `"search"`) and `searchTools` are
   * answered by this Effect instead, fused with the model's ranking (pool/discovery.ts).
   */
  readonly semanticSearch?: ((name: string, args: ReadonlyArray<DataValue>, record: CallRecord) => Effect.Effect<Reply>) | undefined
  readonly randomSeed: number | undefined
  /** What a pause needs to sign its token (pool/approvals.ts). */
  readonly approvals: {
    readonly signer: Approvals
    /** Digest of the given tool paths (deduplicated) with their schemas, as this runtime has them. */
    readonly toolsDigest: (paths: ReadonlyArray<string>) => string
    /** Digest of the runtime's limits and language. */
    readonly runtimeDigest: string
  }
}

/** What an execution needs: its runtime's shared part, and its own. */
export interface ExecutionPlan<R> {
  readonly runtime: RuntimePlan<R>
  readonly limits: Limits
  readonly pool: WorkerPool
  /** Extension globals by path, and the functions this execution's results returned (pool/result-functions.ts). */
  readonly globals: ResultFunctions<R>
  /** This execution's `store` / `load` and their commit (pool/state-requests.ts). */
  readonly state: StateRequests
  /** This execution's output blocks: live forwarding and the Result's blocks (pool/output.ts). */
  readonly output: ExecutionOutput
  /** Warnings found before the program ran (an `@options` value clamped, pool/options-header.ts). */
  readonly warnings: ReadonlyArray<Diagnostic>
  /** This execution's `models.*` operations, their concurrency slots and usage (pool/models.ts). */
  readonly models: ExecutionModels
}
