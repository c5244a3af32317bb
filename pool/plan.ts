/**
 * What an execution needs from its runtime: the plan `CodeMode.make` draws up once per execution
 * (pool/codemode.ts) and the execution (pool/execution.ts) and its calls (pool/calls.ts) read.
 */

import type { DataValue } from "../protocol/data.js"
import type { Language } from "../protocol/language.js"
import type { Effect } from "effect"
import type { Approvals } from "./approvals.js"
import type { CallRecord, DispatchGlobal, DispatchTool, Reply } from "./dispatch.js"
import type { Hooks } from "./hooks.js"
import type { Limits } from "./limits.js"
import type { ExecutionOutput } from "./output.js"
import type { Diagnostic } from "../protocol/diagnostic.js"
import type { ExecutionModels } from "./models.js"
import type { StateRequests } from "./state-requests.js"
import type { WorkerPool } from "./workers.js"

/** What an execution needs from its runtime. */
export interface ExecutionPlan<R> {
  readonly language: Language
  readonly limits: Limits
  readonly hooks: Hooks<R> | undefined
  readonly pool: WorkerPool
  readonly catalogId: number
  readonly catalogSnapshot: () => DataValue
  readonly lookupTool: (path: string) => DispatchTool<R> | undefined
  /** An extension global by its path (`fs.readFile`). */
  readonly lookupGlobal: (path: string) => DispatchGlobal<R> | undefined
  readonly unknownToolMessage: (path: string) => string
  readonly search: (args: ReadonlyArray<DataValue>) => DataValue
  /** A discovery built-in (`searchTools`, `describe_tool`, ...; pool/discovery.ts); throws for a bad request. */
  readonly discover: (name: string, args: ReadonlyArray<DataValue>) => DataValue | undefined
  /**
   * Set when the host gave an embedding model: `search` (name `"search"`) and `searchTools` are
   * answered by this Effect instead, fused with the model's ranking (pool/discovery.ts).
   */
  readonly semanticSearch?: (name: string, args: ReadonlyArray<DataValue>, record: CallRecord) => Effect.Effect<Reply>
  readonly randomSeed: number | undefined
  /** This execution's `store` / `load` and their commit (pool/state-requests.ts). */
  readonly state: StateRequests
  /** What a pause needs to sign its token (pool/approvals.ts). */
  readonly approvals: {
    readonly signer: Approvals
    /** Digest of the given tool paths (deduplicated) with their schemas, as this runtime has them. */
    readonly toolsDigest: (paths: ReadonlyArray<string>) => string
    /** Digest of the runtime's limits and language. */
    readonly runtimeDigest: string
  }
  /** This execution's output blocks: live forwarding and the Result's blocks (pool/output.ts). */
  readonly output: ExecutionOutput
  /** Warnings found before the program ran (an `@options` value clamped, pool/options-header.ts). */
  readonly warnings: ReadonlyArray<Diagnostic>
  /** This execution's `models.*` operations, their concurrency slots and usage (pool/models.ts). */
  readonly models: ExecutionModels
}
