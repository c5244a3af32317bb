/**
 * Live progress of an execution, as far as the runtime can tell it today.
 *
 * The runtime has no live output stream yet (output blocks and streaming are being built
 * elsewhere), and logs arrive only with the Result, which is not live. What the host does see
 * while a program runs is every tool call it makes, through the `tool.before` / `tool.after`
 * hooks. So progress is a per-execution service those hooks report to: `codemode serve` provides
 * one that turns each report into an MCP `notifications/progress` message when the client asked
 * for progress, and the CLI provides one that draws a status line on a terminal. Outside both it
 * is simply absent (`Effect.serviceOption`) and the hooks do nothing.
 *
 * When the runtime grows live output, the same service is where it would be forwarded.
 */

import { Context, Effect, Option } from "effect"
import type { Hooks } from "../pool/hooks.js"

export interface ProgressReporter {
  /** One step of an execution: a tool call starting or ending. */
  readonly report: (message: string) => void
}

export class ExecutionProgress extends Context.Service<ExecutionProgress, ProgressReporter>()("codemode/mcp/ExecutionProgress") {}

const reportTo = (message: string) =>
  Effect.map(Effect.serviceOption(ExecutionProgress), (progress) => {
    if (Option.isSome(progress)) progress.value.report(message)
  })

/**
 * Hooks that report every tool call to the execution's `ExecutionProgress`, if it has one.
 *
 * `before` is also the place approvals will hang from: when the runtime can pause a call for a
 * person's yes (`ApprovalRequired` and a resumable token), a policy that decides which calls need
 * one runs here, before the call, and fails it with the pending token instead of letting it run.
 */
export const progressHooks: Hooks<never> = {
  tool: {
    before: ({ name }) => reportTo(`calling tools.${name}`),
    after: ({ name, outcome }) => reportTo(`tools.${name}: ${outcome.status}`),
  },
}
