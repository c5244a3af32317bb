/**
 * What both engines' states share beyond the meter: what an execution records for the host as it
 * runs (its logs, output blocks and warnings) and what it knows of the catalog's names. Each
 * engine's state (worker/lua/runtime/state.ts, worker/javascript/runtime/state.ts) is kept from
 * run to run and begins every execution with `restartRecord`, so one place says what a fresh
 * execution's record is; each words its own stops (`stop`).
 */

import type { Bounds } from "../protocol/bounds.js"
import type { Diagnostic, DiagnosticKind } from "../protocol/diagnostic.js"
import type { HostStop } from "./engine-host.js"
import { Meter } from "./meter.js"
import { OutputRecorder, type LiveOutput } from "./output.js"
import type { ToolNames } from "./tool-names.js"

export const EngineStateMessages = {
  logsTooLarge: (limit: number) => `program printed more than ${limit} bytes of logs`,
} as const

export abstract class EngineState extends Meter {
  logs!: string[]
  /** The output blocks (`text`, `image`, `print` / console lines) and their caps (worker/output.ts). */
  output!: OutputRecorder
  warnings!: Diagnostic[]
  /** A non-finite number has crossed as null and been warned about (protocol/json-numbers.ts). */
  nonFiniteWarned!: boolean
  /** The catalog's names under `tools`, when known: unknown names read as nil / undefined (tool-names.ts). */
  toolNames!: ToolNames | undefined
  /** The last name read under `tools` that no tool has (`tools.crm.sendEmail`), for a later call's message. */
  lastUnknownToolRead!: string | undefined
  private logBytes!: number
  private maxLogBytes!: number

  /** A stop of the execution, worded and located as the engine does. */
  abstract stop(kind: DiagnosticKind, message: string): HostStop

  /** Starts a new execution's record: nothing logged, output or warned yet. */
  protected restartRecord(bounds: Bounds, live: LiveOutput | undefined): void {
    this.logs = []
    this.output = new OutputRecorder(bounds, live, (message) => this.stop("ExecutionFailure", message))
    this.warnings = []
    this.nonFiniteWarned = false
    this.toolNames = undefined
    this.lastUnknownToolRead = undefined
    this.logBytes = 0
    this.maxLogBytes = bounds.maxLogBytes
  }

  /** Appends a line to the execution's logs (`print`, `console.log`). */
  log(line: string): void {
    this.logBytes += line.length + 1
    if (this.logBytes > this.maxLogBytes) throw this.stop("ExecutionFailure", EngineStateMessages.logsTooLarge(this.maxLogBytes))
    this.logs.push(line)
  }
}
