/**
 * The host as an engine sees it: one synchronous call that takes and returns plain data.
 *
 * An engine never holds a host object. Every reach outside the program — a tool, `search` and the
 * discovery built-ins, an extension global — is a `HostCall` handed to `Host.call`, which blocks
 * until the host answers (in a worker, over the bridge; in tests, directly). The answer is plain
 * data, or one of two exceptions:
 *
 * - `HostFailure`: the call failed in a way the program may handle (a tool failed, a hook denied
 *   it, its input did not decode). Engines raise it as an ordinary, catchable program error whose
 *   message is `message`; if the program does not catch it, the execution fails with `kind`.
 * - `HostStop`: the execution must end now (a limit, an unknown tool, interruption). Engines
 *   unwind without running any program handler (`pcall`, `catch`, `finally`) and report `diagnostic`.
 */

import type { Diagnostic, DiagnosticKind } from "./data/diagnostic.js"
import type { DataValue } from "./data/value.js"

export type HostOperation =
  /** A tool by its catalog path (`orders.lookup`); `args` is `[input]`. */
  | "tool"
  /** The `search` built-in; `args` are its arguments as given. */
  | "search"
  /**
   * An extension global by its path (`fetch`, `fs.readFile`), or a function an extension returned,
   * by the handle its result gave it (see worker/task.ts, `ResultFunctions`); `args` are its arguments.
   */
  | "global"
  /** A discovery built-in by the name the program called (`searchTools`, `describe_tool`, ...). */
  | "discovery"

export interface HostCall {
  readonly op: HostOperation
  readonly name: string
  readonly args: ReadonlyArray<DataValue>
}

export interface Host {
  call(request: HostCall): DataValue
}

/** A failed host call that the program may catch. */
export class HostFailure extends Error {
  constructor(
    readonly kind: Extract<DiagnosticKind, "ToolFailure" | "InvalidToolInput" | "InvalidToolOutput" | "ExecutionFailure">,
    message: string,
  ) {
    super(message)
    this.name = "HostFailure"
  }
}

/** The execution must end with this diagnostic; no program handler runs. */
export class HostStop extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message)
    this.name = "HostStop"
  }
}

/** A host with no tools: every call is an unknown tool. Useful for running engines alone. */
export const noHost: Host = {
  call(request) {
    throw new HostStop({ kind: "UnknownTool", message: `Unknown tool: ${request.name}` })
  },
}
