/**
 * One execution's output blocks, as both engines record them: `text`, `image`, the console lines.
 *
 * The engines turn a program's arguments into text or image bytes (each in its own spelling) and
 * hand the result here; this module keeps the blocks in program order, holds the two hard caps
 * (characters and calls, `Bounds.maxOutputChars` / `maxOutputCalls`), and checks images. It is
 * plain TypeScript with no engine value in it, so the rules are one set for Lua and JavaScript.
 *
 * Why images are checked here and written on the host. The worker is the sandbox: it touches no
 * file system. But a bad image is the program's mistake and the program should hear of it at the
 * call, catchably, with the reason (a remote URL, not base64, not PNG/JPEG/GIF/WebP by its first
 * bytes, too large). So the worker validates and keeps the base64 text; the host decodes and
 * writes the file once, when it builds the Result or receives the live block (pool/output.ts).
 *
 * `exit()` ends the program at once and successfully: `ProgramExit` is a stop, so no `pcall`,
 * `catch` or `finally` runs, and each engine's top level turns it into a successful outcome.
 *
 * Live output: when the host watches (`ExecutionTask.live`), each block is also passed to `live`
 * with its index the moment it is recorded (the worker entry sends it as a one-way frame).
 */

import type { Bounds } from "../protocol/bounds.js"
import type { ConsoleLevel, ImageMimeType, WorkerBlock } from "../protocol/output.js"
import { HostStop } from "./engine-host.js"

/** Messages of the output globals, one factory each. */
export const OutputMessages = {
  tooManyChars: (max: number) =>
    `the program made more than ${max} characters of output (the output cap maxOutputChars); write a summary instead of whole data`,
  tooManyCalls: (max: number) =>
    `the program made more than ${max} output calls (text, image, console/print; the cap maxOutputCalls); gather lines and write them together`,
  remoteImage: () =>
    "image() refuses remote URLs: it takes a base64 data URL (\"data:image/png;base64,...\") or an image block " +
    "{ type: \"image\", mimeType, data }; fetch the image's bytes with a tool first",
  notAnImage: (got: string) =>
    `image() takes a base64 data URL ("data:image/png;base64,...") or an image block { type: "image", mimeType, data }, got ${got}`,
  notBase64: () => "image(): the image data is not valid base64",
  unknownFormat: () => "image() accepts PNG, JPEG, GIF or WebP images only; these bytes are none of them (checked by their first bytes)",
  mimeMismatch: (declared: string, found: string) => `image(): the image says it is ${declared} but its bytes are ${found}`,
  tooLarge: (bytes: number, max: number) => `image(): the image is ${bytes} bytes, over the bound of ${max} bytes (maxImageBytes)`,
  exited: () => "exit() ended the program",
} as const

/** A bad argument to `image` (or `text`): the engine raises it as a catchable TypeError. */
export class OutputArgumentError extends Error {
  override readonly name = "OutputArgumentError"
}

/** `exit()`: ends the program successfully; no program handler sees it. */
export class ProgramExit extends HostStop {
  constructor() {
    super({ kind: "ExecutionFailure", message: OutputMessages.exited() })
  }
}

/** Receives each block as it is recorded, with its index (live output). */
export type LiveOutput = (index: number, block: WorkerBlock) => void

export class OutputRecorder {
  readonly blocks: WorkerBlock[] = []
  private chars = 0

  // Private fields (#): a recorder compares equal to another with the same blocks (a cached
  // program's state is checked against a fresh one field by field), whoever its engine is.
  readonly #live: LiveOutput | undefined
  /** Builds the engine's stop at the current line (a cap passed). */
  readonly #stop: (message: string) => HostStop

  constructor(
    private readonly bounds: Bounds,
    live: LiveOutput | undefined,
    stop: (message: string) => HostStop,
  ) {
    this.#live = live
    this.#stop = stop
  }

  text(text: string): void {
    this.add({ type: "text", text }, text.length)
  }

  console(level: ConsoleLevel, text: string): void {
    this.add({ type: "console", level, text }, text.length)
  }

  /** Records a checked image (see `checkImage`). */
  image(mimeType: ImageMimeType, data: string): void {
    this.add({ type: "image", mimeType, data }, data.length)
  }

  /** What the outcome carries: the blocks, or nothing when there are none. */
  get outcomeField(): { readonly output?: ReadonlyArray<WorkerBlock> } {
    return this.blocks.length === 0 ? {} : { output: this.blocks }
  }

  private add(block: WorkerBlock, chars: number): void {
    // Both caps are counted before the block is kept: past either, nothing more is recorded.
    if (this.blocks.length >= this.bounds.maxOutputCalls) throw this.#stop(OutputMessages.tooManyCalls(this.bounds.maxOutputCalls))
    if (this.chars + chars > this.bounds.maxOutputChars) throw this.#stop(OutputMessages.tooManyChars(this.bounds.maxOutputChars))
    this.chars += chars
    const index = this.blocks.length
    this.blocks.push(block)
    if (this.#live !== undefined) this.#live(index, block)
  }
}

// ---------------------------------------------------------------------------------------------
// Images

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/i
const REMOTE_URL = /^\s*(?:https?|ftp|wss?):\/\//i
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** An image argument read as plain text fields: the data URL, or the block's `mimeType` and `data`. */
export type ImageArgument = { readonly url: string } | { readonly mimeType: string | undefined; readonly data: string }

/**
 * Checks an image argument and returns its type and base64 data; throws `OutputArgumentError`
 * with the reason. `charge` is spent in proportion to the data's length (the base64 check reads
 * every character).
 */
export const checkImage = (argument: ImageArgument, bounds: Bounds, charge: (units: number) => void): { mimeType: ImageMimeType; data: string } => {
  let declared: string | undefined
  let data: string
  if ("url" in argument) {
    const url = argument.url
    if (REMOTE_URL.test(url)) throw new OutputArgumentError(OutputMessages.remoteImage())
    const header = DATA_URL.exec(url.slice(0, 256))
    if (header === null || !/;base64$/i.test(header[2]!)) throw new OutputArgumentError(OutputMessages.notAnImage("a string that is not a base64 data URL"))
    declared = header[1]!.toLowerCase() || undefined
    data = url.slice(header[0].length)
  } else {
    declared = argument.mimeType?.toLowerCase()
    data = argument.data
    if (REMOTE_URL.test(data)) throw new OutputArgumentError(OutputMessages.remoteImage())
  }
  charge(1 + (data.length >> 6))
  // Padding aside, 4 characters hold 3 bytes: the size is known before anything is decoded.
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0
  const bytes = Math.floor((data.length * 3) / 4) - padding
  if (bytes > bounds.maxImageBytes) throw new OutputArgumentError(OutputMessages.tooLarge(bytes, bounds.maxImageBytes))
  if (data.length % 4 !== 0 || !BASE64.test(data)) throw new OutputArgumentError(OutputMessages.notBase64())
  const found = sniffImage(Buffer.from(data.slice(0, 16), "base64"))
  if (found === undefined) throw new OutputArgumentError(OutputMessages.unknownFormat())
  if (declared !== undefined && declared !== found && !(declared === "image/jpg" && found === "image/jpeg")) {
    throw new OutputArgumentError(OutputMessages.mimeMismatch(declared, found))
  }
  return { mimeType: found, data }
}

/** The image type its first bytes (the "magic numbers") say, or undefined for anything else. */
export const sniffImage = (head: Uint8Array): ImageMimeType | undefined => {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b)
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png"
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg"
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return "image/gif"
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp"
  return undefined
}
