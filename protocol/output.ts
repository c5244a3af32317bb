/**
 * Output blocks: what a program shows its reader, as opposed to what it returns.
 *
 * An agent calling one `execute` tool reads the program's output, not only its value: `text(...)`,
 * `image(...)` and the console lines, in the order the program made them. The worker records
 * them as plain data (worker/output.ts) and hands them back in its `Outcome`; the host turns them
 * into `Result.output` (pool/output.ts), writing each image to a file of the runtime's own and
 * applying the output budget there. So the worker, the sandbox, never touches a file system, and
 * an image is written once however many times a suspended execution is run again.
 *
 * Live output. When the host watches output as it is made, the worker also sends each block the
 * moment it is made, as a one-way frame (`OUTPUT_OPERATION`) carrying the block's index. A run
 * after a suspension makes the same blocks again, with the same indices, from the start: the host
 * forwards an index only once, so an observer never sees a block twice.
 */

/** A console block's level: the `console` method that made it (`print` in Lua is `log`). */
export type ConsoleLevel = "log" | "info" | "warn" | "error" | "debug"

/** A console block as one line of text, wherever output is shown as text (`[console.warn] careful`). */
export const consoleLine = (level: string, text: string): string => `[console.${level}] ${text}`

/** A block as the worker records it. An image carries its bytes (base64), checked but not written. */
export type WorkerBlock =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image"; readonly mimeType: ImageMimeType; readonly data: string }
  | { readonly type: "console"; readonly level: ConsoleLevel; readonly text: string }

export type ImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp"

/** The one-way frame of a live block: `name` is the block's index, `args` is `[block]`. */
export const OUTPUT_OPERATION = "output"

/** Most characters of output one execution may make (text, console lines and image data together). */
export const MAX_OUTPUT_CHARS = 16_777_216

/** Most calls of `text`, `image` and `console.*` / `print` one execution may make. */
export const MAX_OUTPUT_CALLS = 100_000

/** Largest image, in decoded bytes, that `image(...)` accepts. */
export const MAX_IMAGE_BYTES = 8_388_608

/** Characters of output one token of the output budget stands for (`maxOutputTokens`). */
export const CHARS_PER_TOKEN = 4

/** The output budget when the host sets none. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000
