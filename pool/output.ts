/**
 * `Result.output`: the program's output blocks as the host hands them on, and the output budget.
 *
 * The worker records blocks (worker/output.ts) and hands them back in the final run's `Outcome`,
 * which repeats everything earlier runs did, so the blocks are built into the Result exactly once.
 * Here each image becomes a file of the runtime's own (output-files.ts) and the block names its
 * path; the returned value is appended as a last text block (JSON for anything but a string), so
 * a model that reads only the output sees the answer too. A program that returns `nil`,
 * `undefined` or `null` and outputs nothing has no `output`.
 *
 * The budget (`maxOutputTokens`, about `CHARS_PER_TOKEN` characters a token) counts the text of
 * text and console blocks. Output over it keeps a head and a tail of equal size, with one text
 * block between them saying how much was left out and naming a file that holds the whole output,
 * so a model can read the rest back with a tool. Images are files already: they cost nothing.
 *
 * Live output. When the host watches (`ExecuteOptions.onOutput`), each block reaches it as the
 * worker makes it, with its index. A run after a suspension makes the earlier blocks again, with
 * the same indices; only an index not forwarded yet is forwarded, so the observer never sees a
 * block twice, and an image received live is written then and its file reused for the Result.
 * The observer runs on the host, in order, and never holds the program back: one that returns a
 * promise (or an Effect) gets the next block when it settles; one that throws or fails is
 * reported in one warning, and the program goes on.
 */

import { Effect } from "effect"
import type { Diagnostic } from "../protocol/diagnostic.js"
import type { DataValue } from "../protocol/data.js"
import { CHARS_PER_TOKEN, consoleLine, type ConsoleLevel, type ImageMimeType, type WorkerBlock } from "../protocol/output.js"
import type { OutputFiles } from "./output-files.js"

/** One block of `Result.output`. */
export type OutputBlock =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image"; readonly mimeType: ImageMimeType; readonly path: string; readonly bytes: number }
  | { readonly type: "console"; readonly level: ConsoleLevel; readonly text: string }

/** What a live observer receives: a block and its place in the output (0 first). */
export interface OutputEvent {
  readonly index: number
  readonly block: OutputBlock
}

/** A live observer: called once per block, in order; a returned promise or Effect is waited for before the next. */
export type OutputObserver = (event: OutputEvent) => void | PromiseLike<unknown> | Effect.Effect<unknown, unknown>

/** Messages of the output layer, one factory each. */
export const OutputResultMessages = {
  cut: (omitted: number, total: number, tokens: number, path: string) =>
    `…[output cut to its budget of ${tokens} tokens (max_output_tokens): ${omitted} of ${total} characters left out here. ` +
    `The whole output is in ${path}; read it with offset/limit while it exists]`,
  cutNoFile: (omitted: number, total: number, tokens: number, reason: string) =>
    `…[output cut to its budget of ${tokens} tokens (max_output_tokens): ${omitted} of ${total} characters left out here; ` +
    `the whole output could not be saved (${reason})]`,
  imageNotSaved: (reason: string) => `[an image could not be saved: ${reason}]`,
  observerFailed: (count: number, index: number, detail: string) =>
    `The onOutput observer failed ${count} time(s), first on block ${index} (${detail}); the program was not affected`,
} as const

const NO_WARNINGS: ReadonlyArray<Diagnostic> = []

/** One execution's output on the host: live forwarding, then the Result's blocks. */
export class ExecutionOutput {
  /** Blocks forwarded live, by index (the next index to forward is their length). */
  private readonly live: OutputBlock[] = []
  private readonly workerLive: WorkerBlock[] = []
  private delivering: Promise<void> | undefined
  private readonly waiting: OutputEvent[] = []
  private failures = 0
  private firstFailure: { index: number; detail: string } | undefined

  constructor(
    private readonly files: OutputFiles,
    private readonly observer: OutputObserver | undefined,
    /** Blocks earlier legs' Results showed (an execution resumed after an approval): this leg starts after them. */
    private readonly before = 0,
  ) {}

  get isLive(): boolean {
    return this.observer !== undefined
  }

  /** A live block from a run. An index already forwarded (a replayed run's) is dropped. */
  receive(index: number, block: WorkerBlock): void {
    if (this.observer === undefined || index !== this.before + this.live.length) return
    const shown = this.hostBlock(block)
    this.live.push(shown)
    this.workerLive.push(block)
    this.deliver({ index: index - this.before, block: shown })
  }

  /** The warning about a failing observer, if it failed. */
  warnings(): ReadonlyArray<Diagnostic> {
    if (this.firstFailure === undefined) return NO_WARNINGS
    return [{ kind: "ExecutionFailure", message: OutputResultMessages.observerFailed(this.failures, this.firstFailure.index, this.firstFailure.detail) }]
  }

  /**
   * The Result's blocks: the outcome's (or, when the worker could not hand any back, those that
   * came live), the returned value last, shaped by the budget. `truncated` when the budget cut.
   */
  finalBlocks(blocks: ReadonlyArray<WorkerBlock> | undefined, value: DataValue | undefined, maxOutputTokens: number): { blocks: OutputBlock[]; truncated: boolean } {
    const source = blocks === undefined ? this.workerLive : this.before === 0 ? blocks : blocks.slice(this.before)
    const shown: OutputBlock[] = source.map((block, i) => (i < this.live.length ? this.live[i]! : this.hostBlock(block)))
    // The returned value is the output's last word, as the program's reader sees it (`nil`,
    // `undefined` and `null` return nothing to show); `Result.value` keeps it as data besides.
    if (value !== undefined && value !== null) shown.push({ type: "text", text: typeof value === "string" ? value : JSON.stringify(value, null, 2) })
    return budgeted(shown, maxOutputTokens, this.files)
  }

  private hostBlock(block: WorkerBlock): OutputBlock {
    if (block.type !== "image") return block
    const written = this.files.writeImage(block.mimeType, block.data)
    return written.ok
      ? { type: "image", mimeType: block.mimeType, path: written.path, bytes: written.bytes }
      : { type: "text", text: OutputResultMessages.imageNotSaved(written.message) }
  }

  private deliver(event: OutputEvent): void {
    if (this.delivering !== undefined) {
      this.waiting.push(event)
      return
    }
    const pending = this.call(event)
    if (pending === undefined) return
    this.delivering = pending.then(() => {
      this.delivering = undefined
      const next = this.waiting.shift()
      if (next !== undefined) this.deliver(next)
    })
  }

  /** Calls the observer; a promise when it is still working on the event. */
  private call(event: OutputEvent): Promise<void> | undefined {
    const failed = (error: unknown) => this.failed(event.index, error)
    try {
      const returned = this.observer!(event)
      if (Effect.isEffect(returned)) return Effect.runPromise(returned as Effect.Effect<unknown, unknown>).then(() => undefined, failed)
      if (returned !== undefined && typeof (returned as PromiseLike<unknown>).then === "function") {
        return Promise.resolve(returned as PromiseLike<unknown>).then(() => undefined, failed)
      }
    } catch (error) {
      failed(error)
    }
    return undefined
  }

  private failed(index: number, error: unknown): void {
    this.failures++
    this.firstFailure ??= { index, detail: error instanceof Error ? error.message : String(error) }
  }
}

// ---------------------------------------------------------------------------------------------
// The budget

const isText = (block: OutputBlock): block is Extract<OutputBlock, { text: string }> => block.type !== "image"

/** Blocks within `maxOutputTokens`: as they are, or a head and a tail around a marker naming the whole output's file. */
export const budgeted = (blocks: OutputBlock[], maxOutputTokens: number, files: OutputFiles): { blocks: OutputBlock[]; truncated: boolean } => {
  let total = 0
  for (const block of blocks) if (isText(block)) total += block.text.length
  const budget = maxOutputTokens * CHARS_PER_TOKEN
  if (total <= budget) return { blocks, truncated: false }
  const headBudget = Math.floor(budget / 2)
  const head: OutputBlock[] = []
  const tail: OutputBlock[] = []
  let left = headBudget
  let i = 0
  for (; i < blocks.length; i++) {
    const block = blocks[i]!
    if (!isText(block)) {
      if (left > 0) head.push(block)
      else break
      continue
    }
    if (block.text.length <= left) {
      head.push(block)
      left -= block.text.length
      continue
    }
    if (left > 0) head.push({ ...block, text: cutEnd(block.text, left) })
    break
  }
  left = budget - headBudget
  for (let j = blocks.length - 1; j >= i; j--) {
    const block = blocks[j]!
    if (!isText(block)) {
      if (left > 0) tail.push(block)
      else break
      continue
    }
    if (block.text.length <= left) {
      tail.push(block)
      left -= block.text.length
      continue
    }
    if (left > 0) tail.push({ ...block, text: cutStart(block.text, left) })
    break
  }
  let kept = 0
  for (const block of [...head, ...tail]) if (isText(block)) kept += block.text.length
  const file = files.writeText(render(blocks))
  const marker = file.ok
    ? OutputResultMessages.cut(total - kept, total, maxOutputTokens, file.path)
    : OutputResultMessages.cutNoFile(total - kept, total, maxOutputTokens, file.message)
  return { blocks: [...head, { type: "text", text: marker }, ...tail.reverse()], truncated: true }
}

/** The whole output as one text, as the budget's file holds it. */
export const render = (blocks: ReadonlyArray<OutputBlock>): string => {
  const lines: string[] = []
  for (const block of blocks) {
    if (block.type === "text") lines.push(block.text)
    else if (block.type === "console") lines.push(consoleLine(block.level, block.text))
    else lines.push(`[image ${block.mimeType}, ${block.bytes} bytes: ${block.path}]`)
  }
  lines.push("")
  return lines.join("\n")
}

/** The first `n` code units of `text`, not splitting a surrogate pair. */
const cutEnd = (text: string, n: number): string => {
  const code = text.charCodeAt(n - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n)
}

/** The last `n` code units of `text`, not splitting a surrogate pair. */
const cutStart = (text: string, n: number): string => {
  const start = text.length - n
  const code = text.charCodeAt(start)
  return text.slice(code >= 0xdc00 && code <= 0xdfff ? start + 1 : start)
}
