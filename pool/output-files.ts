/**
 * The runtime's temporary files: images a program output, and whole outputs the budget cut.
 *
 * A model reads `Result.output`; what did not fit there, and every image, is a file it can read
 * back with a host tool while the file exists. These files are the only thing Code Mode writes to
 * a file system, so they are kept on a short leash:
 *
 * - One directory per runtime, made on the first write (`mkdtemp` under the system's temporary
 *   directory, or under the parent the host names), readable by this user only.
 * - Names are made here from a counter and the file's kind (`image-3.png`, `output-7.txt`);
 *   nothing a program says reaches a path, so nothing is ever written outside the directory.
 * - Files older than `maxAgeMs` are removed by a sweep that runs at most once a minute (an
 *   unreferenced timer: it never keeps the process alive); `close()` removes the directory.
 *
 * Writes are synchronous: they happen once per image or per cut output while a Result is built,
 * and a Result that cannot name its file is worse than one that waited a millisecond for it
 * (perf/output.ts measures the cost). A write that fails is reported, never thrown.
 */

import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ImageMimeType } from "../protocol/output.js"
import { checkKnownKeys, keysOf } from "./options.js"

export interface OutputFilesOptions {
  /** Where the runtime's directory is made. Default: the system's temporary directory. */
  readonly parentDirectory?: string
  /** Files older than this are removed. Default one hour. */
  readonly maxAgeMs?: number
}

export const DEFAULT_OUTPUT_FILE_AGE_MS = 3_600_000

/** How often the age sweep runs, at most. */
const SWEEP_INTERVAL_MS = 60_000

const EXTENSIONS: Readonly<Record<ImageMimeType, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
}

const OPTION_KEYS = keysOf<OutputFilesOptions>()({ parentDirectory: true, maxAgeMs: true })

/** Checks the `outputFiles` option of `CodeMode.make`; throws naming the bad key. */
export const resolveOutputFilesOptions = (given: OutputFilesOptions | undefined): Required<OutputFilesOptions> => {
  if (given === undefined) return { parentDirectory: tmpdir(), maxAgeMs: DEFAULT_OUTPUT_FILE_AGE_MS }
  if (given === null || typeof given !== "object") throw new TypeError("CodeMode.make outputFiles must be an object")
  checkKnownKeys("CodeMode.make outputFiles", given, OPTION_KEYS)
  const maxAgeMs = given.maxAgeMs ?? DEFAULT_OUTPUT_FILE_AGE_MS
  if (typeof maxAgeMs !== "number" || !(maxAgeMs > 0)) throw new RangeError(`outputFiles.maxAgeMs must be a positive number, got ${String(maxAgeMs)}`)
  const parentDirectory = given.parentDirectory ?? tmpdir()
  if (typeof parentDirectory !== "string" || parentDirectory === "") {
    throw new TypeError(`outputFiles.parentDirectory must be a directory path, got ${String(parentDirectory)}`)
  }
  return { parentDirectory, maxAgeMs }
}

export type FileWrite = { readonly ok: true; readonly path: string; readonly bytes: number } | { readonly ok: false; readonly message: string }

export class OutputFiles {
  private dir: string | undefined
  private counter = 0
  private closed = false
  private sweeper: ReturnType<typeof setInterval> | undefined

  constructor(private readonly options: Required<OutputFilesOptions>) {}

  /** The runtime's directory, once a file has been written (undefined before). */
  get directory(): string | undefined {
    return this.dir
  }

  writeImage(mimeType: ImageMimeType, base64: string): FileWrite {
    return this.write(`image-${++this.counter}.${EXTENSIONS[mimeType]}`, Buffer.from(base64, "base64"))
  }

  writeText(text: string): FileWrite {
    return this.write(`output-${++this.counter}.txt`, text)
  }

  /** Removes the directory and everything in it; later writes fail. Idempotent. */
  close(): void {
    this.closed = true
    if (this.sweeper !== undefined) clearInterval(this.sweeper)
    this.sweeper = undefined
    if (this.dir !== undefined) rmSync(this.dir, { recursive: true, force: true })
  }

  /** Removes the files older than `maxAgeMs`. */
  sweep(now = Date.now()): void {
    if (this.dir === undefined) return
    for (const name of safeList(this.dir)) {
      const path = join(this.dir, name)
      try {
        if (now - statSync(path).mtimeMs > this.options.maxAgeMs) rmSync(path, { force: true })
      } catch {
        // Gone already, or unreadable: nothing to remove.
      }
    }
  }

  private write(name: string, bytes: Buffer | string): FileWrite {
    if (this.closed) return { ok: false, message: "the runtime is closed" }
    try {
      const path = join(this.ensureDirectory(), name)
      writeFileSync(path, bytes, { mode: 0o600, flag: "wx", encoding: "utf8" })
      return { ok: true, path, bytes: typeof bytes === "string" ? Buffer.byteLength(bytes, "utf8") : bytes.length }
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) }
    }
  }

  private ensureDirectory(): string {
    if (this.dir !== undefined) return this.dir
    this.dir = mkdtempSync(join(this.options.parentDirectory, "codemode-"))
    chmodSync(this.dir, 0o700)
    this.sweeper = setInterval(() => this.sweep(), Math.min(SWEEP_INTERVAL_MS, this.options.maxAgeMs))
    this.sweeper.unref()
    return this.dir
  }
}

const safeList = (dir: string): string[] => {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
