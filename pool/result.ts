/**
 * The Result of one execution, and how output limits shape it.
 *
 * `execute` never fails: whatever happened, the caller gets one `Result`. Output is budgeted by
 * `maxOutputBytes` (bytes of UTF-8): first the value, then the logs in order, from one budget;
 * warnings from a second budget of the same size. Nothing is cut silently: a value that does not
 * fit becomes a string holding the start of its JSON text and an in-band marker saying how much
 * was cut; logs past the budget are cut at a line with a marker; omitted warnings are counted in a
 * final `Truncated` warning; and `truncated: true` is set whenever any of this happened.
 */

import type { Diagnostic } from "../protocol/diagnostic.js"
import type { DataValue } from "../protocol/data.js"
import type { Outcome } from "../protocol/task.js"
import { nonFiniteConverted } from "../protocol/json-numbers.js"
import type { Pending } from "./approvals.js"
import type { OutputBlock } from "./output.js"
import type { ExecutionUsage } from "../protocol/models.js"

export type { Diagnostic, DiagnosticKind, SourceLocation } from "../protocol/diagnostic.js"
export type { DataValue } from "../protocol/data.js"

/** How an admitted host call ended (`pending`: it waits for an approval; only in a paused Result). */
export type CallStatus = "success" | "failure" | "denied" | "interrupted" | "pending"

/** One admitted call into the host, in admission order. */
export interface ToolCall {
  /**
   * `tool` for catalog tools, `search` for the search built-in, `extension` for extension globals,
   * `model` for the models API (`models.classify`, ...).
   */
  readonly kind: "tool" | "search" | "extension" | "model"
  /** The tool path (`orders.lookup`), `search`, or the extension global's path. */
  readonly name: string
  readonly status: CallStatus
  readonly durationMs: number
}

export type Result =
  | {
      readonly ok: true
      readonly value: DataValue
      readonly warnings?: ReadonlyArray<Diagnostic>
      readonly logs?: ReadonlyArray<string>
      /** What the program output (`text`, `image`, console lines), in order; absent: nothing (pool/output.ts). */
      readonly output?: ReadonlyArray<OutputBlock>
      readonly truncated?: boolean
      readonly toolCalls: ReadonlyArray<ToolCall>
      /** What the program's model operations used (models.*), summed; absent when it made none. */
      readonly usage?: ExecutionUsage
    }
  | {
      readonly ok: false
      readonly error: Diagnostic
      readonly logs?: ReadonlyArray<string>
      /** What the program output (`text`, `image`, console lines), in order; absent: nothing (pool/output.ts). */
      readonly output?: ReadonlyArray<OutputBlock>
      readonly truncated?: boolean
      readonly toolCalls: ReadonlyArray<ToolCall>
      /** Set when `error.kind` is `ApprovalRequired`: the calls waiting for a decision and the token that resumes them. */
      readonly pending?: Pending
      /** What the program's model operations used (models.*), summed; absent when it made none. */
      readonly usage?: ExecutionUsage
    }

const utf8Length = (text: string): number => Buffer.byteLength(text, "utf8")

/** Even a tiny `maxOutputBytes` leaves an error message this many bytes, so it still says something. */
const MIN_ERROR_BYTES = 256

/** The in-band marker that ends a cut value or log line. */
export const truncationMarker = (kept: number, total: number): string =>
  `…[truncated: kept ${kept} of ${total} bytes]`

/** Cuts `text` to at most `budget` bytes including the marker, on a character boundary. */
const cutText = (text: string, budget: number, total: number): string => {
  let keep = Math.max(0, budget - utf8Length(truncationMarker(budget, total)))
  let head = Buffer.from(text, "utf8").subarray(0, keep).toString("utf8")
  // A cut inside a multi-byte character decodes to U+FFFD: drop it.
  if (head.endsWith("\uFFFD") && !text.startsWith(head)) head = head.slice(0, -1)
  keep = utf8Length(head)
  return head + truncationMarker(keep, total)
}

/** Builds the caller's Result from what the execution produced, applying `maxOutputBytes`. */
export const assembleResult = (
  outcome: Outcome,
  toolCalls: ReadonlyArray<ToolCall>,
  maxOutputBytes: number,
  output: { readonly blocks: ReadonlyArray<OutputBlock>; readonly truncated: boolean } = { blocks: [], truncated: false },
): Result => {
  let budget = maxOutputBytes
  // The output blocks have a budget of their own (maxOutputTokens, applied in output.ts).
  let truncated = output.truncated

  let value: DataValue = null
  if (outcome.ok) {
    value = outcome.value
    if (Number.isFinite(budget)) {
      const text = JSON.stringify(value)
      const size = utf8Length(text)
      if (size > budget) {
        value = cutText(text, budget, size)
        truncated = true
        budget = 0
      } else budget -= size
    }
  }

  const logs: string[] = []
  for (let i = 0; i < outcome.logs.length; i++) {
    const line = outcome.logs[i]!
    const size = utf8Length(line) + 1
    if (size <= budget || !Number.isFinite(budget)) {
      logs.push(line)
      budget -= size
      continue
    }
    truncated = true
    const remaining = outcome.logs.length - i
    if (budget > 64) logs.push(cutText(line, budget - 1, size - 1))
    if (remaining > 1 || budget <= 64) logs.push(`…[truncated: ${remaining} log line(s) omitted]`)
    break
  }

  const warnings: Diagnostic[] = []
  const allWarnings = outcome.warnings ?? []
  let warningBudget = maxOutputBytes
  for (let i = 0; i < allWarnings.length; i++) {
    const warning = allWarnings[i]!
    const size = utf8Length(JSON.stringify(warning))
    if (size <= warningBudget || !Number.isFinite(warningBudget)) {
      warnings.push(warning)
      warningBudget -= size
      continue
    }
    truncated = true
    warnings.push({ kind: "Truncated", message: `${allWarnings.length - i} more warning(s) omitted by maxOutputBytes` })
    break
  }

  // The error has a budget of its own, like the warnings: it is what the model needs most.
  const error = outcome.ok ? undefined : budgetedError(outcome.error, maxOutputBytes)
  // Field by field, in the order the Result has always listed them (spreads of optional parts
  // cost a copy each, once per execution).
  const result: { -readonly [K in ResultKey]?: unknown } = outcome.ok ? { ok: true, value } : { ok: false, error }
  if (outcome.ok && warnings.length > 0) result.warnings = warnings
  if (logs.length > 0) result.logs = logs
  if (output.blocks.length > 0) result.output = output.blocks
  if (truncated) result.truncated = true
  result.toolCalls = toolCalls
  if (!outcome.ok && error !== outcome.error) result.truncated = true
  return result as Result
}

type ResultKey = keyof Extract<Result, { ok: true }> | keyof Extract<Result, { ok: false }>

/** A diagnostic whose message fits `budget` bytes (cut with the in-band marker when it does not). */
const budgetedError = (error: Diagnostic, budget: number): Diagnostic => {
  if (!Number.isFinite(budget)) return error
  const size = utf8Length(error.message)
  if (size <= budget) return error
  return { ...error, message: cutText(error.message, Math.max(budget, MIN_ERROR_BYTES), size) }
}

/**
 * What the host found while serving calls — a `before` hook returning neither allow nor deny, a
 * non-finite number in an answer made null — added to
 * the outcome's warnings so the host reads them in the Result, one per call, in call order.
 */
export const withHostWarnings = (
  outcome: Outcome,
  calls: ReadonlyArray<{ readonly hostError?: string; readonly nonFinite?: { readonly path: string; readonly value: number }; readonly kind: string; readonly name: string }>,
): Outcome => {
  const found: Diagnostic[] = []
  for (const call of calls) if (call.hostError !== undefined) found.push({ kind: "ToolFailure", message: call.hostError })
  // One warning for non-finite numbers the host answered with: the first call's first place.
  const first = calls.find((call) => call.nonFinite !== undefined)
  if (first?.nonFinite !== undefined) {
    const label = first.kind === "tool" ? `tools.${first.name}` : first.name
    found.push(nonFiniteConverted(`${label}: ${first.nonFinite.path}`, first.nonFinite.value))
  }
  if (found.length === 0) return outcome
  return { ...outcome, warnings: [...(outcome.warnings ?? []), ...found] } as Outcome
}

/** The Result with the execution's model usage, when it had any. */
export const withUsage = (result: Result, usage: ExecutionUsage | undefined): Result => (usage === undefined ? result : { ...result, usage })
