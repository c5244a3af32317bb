/**
 * Approvals: a call that needs a person's (or a policy service's) yes pauses its execution, and a
 * signed token resumes it, by replay, in any process that holds the key.
 *
 * A paused execution is nothing but what suspension by replay already keeps (protocol/replay.ts):
 * the program, its seed, the answers it was given, the clock readings and settlement order it saw.
 * The token is that, plus the calls waiting for a decision, the counts that must carry across legs
 * (`maxToolCalls` attempts, running time, log lines already shown) and the staged state. Resuming
 * runs the program again from the start: every logged answer is replayed, never asked for again,
 * and the calls that were waiting get their decision.
 *
 * The token is plain text (`cm1.<payload>.<mac>`: base64url JSON, then HMAC-SHA256 over it under
 * the runtime's key), so a host may keep it in a database row, a chat message or a URL. It is
 * authenticated, not encrypted: whoever holds it can read the program and every answer in its log.
 * It is bound to a digest of the tools its log used and of the guarded calls (paths and schemas)
 * and one of the limits and language, so a changed tool voids it while an unrelated catalog change
 * does not; it expires; and a runtime refuses to resume a token id twice while it remembers it.
 * Every refusal is a `ResumeTokenError` with a `reason`, and runs nothing.
 */

import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import { Data } from "effect"
import type { Language } from "../protocol/language.js"
import type { ReplayLog } from "../protocol/replay.js"
import type { StagedSnapshot } from "../state/staging.js"
import { checkKnownKeys, keysOf } from "./options.js"

/** Most characters an approval token may have (`approvals.maxTokenBytes`); the default, 1 MiB. */
export const MAX_APPROVAL_TOKEN_BYTES = 1_048_576

/** How long a token resumes after its pause, by default: 24 hours. */
export const DEFAULT_TOKEN_EXPIRY_MS = 86_400_000

/** Shortest key `approvals.key` accepts, in bytes. */
export const MIN_KEY_BYTES = 16

const TOKEN_PREFIX = "cm1"

export interface ApprovalOptions {
  /**
   * The HMAC key tokens are signed with (a string, as UTF-8, or bytes; at least 16 bytes, 32
   * recommended). Runtimes with the same key resume each other's tokens. Default: a random key of
   * this runtime's own, so its tokens resume only in it.
   */
  readonly key?: string | Uint8Array
  /** Milliseconds a token resumes after its pause. Default 24 hours. */
  readonly expiresInMs?: number
  /** Most characters a token may have; a pause that would need more fails. Default 1 MiB. */
  readonly maxTokenBytes?: number
}

const APPROVAL_OPTION_KEYS = keysOf<ApprovalOptions>()({ key: true, expiresInMs: true, maxTokenBytes: true })

/** The decision for one pending call. */
export type ApprovalDecision = { readonly approved: true } | { readonly approved: false; readonly reason?: string }

/** One call a paused execution waits on, as the host shows it to whoever decides. */
export interface PendingCall {
  /** The tool's path, e.g. `payments.send`. */
  readonly name: string
  /** The input as the program passed it (plain data). */
  readonly input: unknown
  /** Why approval was asked, when the policy or hook said. */
  readonly reason?: string
}

/** What a paused Result carries. */
export interface Pending {
  /** Give it to `runtime.resume(token, decision)`. Plain text; authenticated, not encrypted. */
  readonly token: string
  /** The token's id: a host that needs once-only resumes across processes keeps it. */
  readonly id: string
  /** `Date.now()`-style milliseconds after which the token no longer resumes. */
  readonly expiresAt: number
  /** The calls waiting for a decision, in program order. */
  readonly calls: ReadonlyArray<PendingCall>
}

/** Why `resume` refused a token. */
export type ResumeTokenReason =
  /** Not a token: truncated, altered in transit, or not one at all. */
  | "malformed"
  /** Forged, altered, or made under another key. */
  | "signature"
  | "expired"
  /** This runtime already resumed the token. */
  | "used"
  /** A tool the log used, or a guarded call's tool, was removed or changed its schema. */
  | "tools-changed"
  /** The runtime's limits or language differ from the ones the token was made under. */
  | "runtime-changed"
  /** The decision does not fit the pending calls. */
  | "decision"

export class ResumeTokenError extends Data.TaggedError("ResumeTokenError")<{
  readonly reason: ResumeTokenReason
  readonly message: string
}> {}

/**
 * What a `tool.before` hook fails with to ask for an approval instead of denying:
 * `Effect.fail(Approval.required({ reason: "over the limit" }))`.
 */
export class ApprovalRequired extends Data.TaggedError("ApprovalRequired")<{ readonly reason?: string }> {}

export const isApprovalRequired = (error: unknown): error is ApprovalRequired => error instanceof ApprovalRequired

export const ApprovalMessages = {
  paused: (calls: ReadonlyArray<{ readonly name: string; readonly reason?: string }>) =>
    `The program paused: ${calls.map((c) => `tools.${c.name}` + (c.reason === undefined ? "" : ` (${c.reason})`)).join(", ")} ` +
    `${calls.length === 1 ? "needs" : "need"} an approval. The host resumes it with runtime.resume(token, decision).`,
  denied: (name: string, reason: string | undefined) => `Call to tools.${name} was denied: ${reason ?? "not approved"}`,
  policyFailed: (name: string, detail: string) => `Call to tools.${name} was denied: its needsApproval policy failed: ${detail}`,
  tokenTooLarge: (chars: number, max: number) =>
    `The program paused for an approval, but its resume token would be ${chars} characters, over its bound of ${max} ` +
    `(approvals.maxTokenBytes): the answers it received before the pause are too large to carry; return less data from the tools it calls`,
  malformed: (detail: string) => `This is not a resume token (${detail})`,
  signature: () => "The resume token's signature does not match: it was altered, forged, or made under another key",
  expired: (at: number) => `The resume token expired at ${new Date(at).toISOString()}`,
  used: () => "This resume token was already used; a token resumes once",
  toolsChanged: () => "A tool this paused program used has changed (removed, or its schema changed) since the pause",
  runtimeChanged: () => "The runtime's limits or language differ from the runtime that paused this program",
  decisionCount: (given: number, pending: number) => `The decision lists ${given} decision(s) but ${pending} call(s) are pending: give one per call, in order`,
  decisionShape: (at: string) => `The decision${at} must be { approved: true } or { approved: false, reason?: string }`,
} as const

/** Who asked for the approval: the tool's `needsApproval`, or the `tool.before` hook. */
export type AskedBy = "tool" | "hook"

/** A call waiting for a decision, as the token keeps it. */
export interface PausedCall {
  readonly ordinal: number
  readonly name: string
  /** The arguments' JSON text, as logged. */
  readonly args: string
  readonly reason?: string
  readonly by: AskedBy
}

/** Everything a token carries: enough to run the program again up to its pause, anywhere. */
export interface PausedExecution {
  readonly v: 1
  readonly id: string
  readonly issuedAt: number
  readonly expiresAt: number
  readonly language: Language
  readonly source: string
  readonly seed: string
  readonly randomSeed?: number
  readonly branch: string
  readonly log: ReplayLog
  readonly pending: ReadonlyArray<PausedCall>
  /** Host call attempts admitted against `maxToolCalls` so far, across legs. */
  readonly attempts: number
  /** Running time of the legs so far, in milliseconds. */
  readonly usedMs: number
  /** Log lines the earlier legs' Results already showed. */
  readonly logsBefore: number
  /** Output blocks the earlier legs' Results already showed. */
  readonly outputBefore: number
  readonly state: StagedSnapshot
  /** Digest of the tools the log used and the guarded calls' tools. */
  readonly tools: string
  /** Digest of the limits and language. */
  readonly runtime: string
}

/** A runtime's signer: validated options, its key, and the ids it has resumed. */
export class Approvals {
  private readonly key: Buffer
  readonly expiresInMs: number
  readonly maxTokenBytes: number
  /** Token ids resumed, until their expiry (then a second resume fails as expired anyway). */
  private readonly used = new Map<string, number>()

  private constructor(key: Buffer, expiresInMs: number, maxTokenBytes: number) {
    this.key = key
    this.expiresInMs = expiresInMs
    this.maxTokenBytes = maxTokenBytes
  }

  /** Reads `CodeMode.make({ approvals })`; a bad option throws naming it. */
  static make(options: ApprovalOptions | undefined): Approvals {
    if (options === undefined) return new Approvals(randomBytes(32), DEFAULT_TOKEN_EXPIRY_MS, MAX_APPROVAL_TOKEN_BYTES)
    if (options === null || typeof options !== "object" || Array.isArray(options)) throw new TypeError("CodeMode.make: 'approvals' must be an object such as { key }")
    checkKnownKeys("CodeMode.make approvals", options, APPROVAL_OPTION_KEYS)
    let key: Buffer
    if (options.key === undefined) key = randomBytes(32)
    else if (typeof options.key === "string") key = Buffer.from(options.key, "utf8")
    else if (options.key instanceof Uint8Array) key = Buffer.from(options.key)
    else throw new TypeError("CodeMode.make: 'approvals.key' must be a string or a Uint8Array")
    if (key.length < MIN_KEY_BYTES) throw new RangeError(`CodeMode.make: 'approvals.key' must be at least ${MIN_KEY_BYTES} bytes (32 recommended), got ${key.length}`)
    const expiresInMs = positiveInteger("expiresInMs", options.expiresInMs ?? DEFAULT_TOKEN_EXPIRY_MS)
    const maxTokenBytes = positiveInteger("maxTokenBytes", options.maxTokenBytes ?? MAX_APPROVAL_TOKEN_BYTES)
    return new Approvals(key, expiresInMs, maxTokenBytes)
  }

  /** A fresh token id (128 random bits, hex). */
  static freshId(): string {
    return randomBytes(16).toString("hex")
  }

  /** Signs a paused execution; the token's size instead when it would be over its bound. */
  seal(paused: PausedExecution): { readonly token: string } | { readonly tooLarge: number } {
    const payload = Buffer.from(JSON.stringify(paused), "utf8").toString("base64url")
    const token = `${TOKEN_PREFIX}.${payload}.${this.mac(payload)}`
    return token.length > this.maxTokenBytes ? { tooLarge: token.length } : { token }
  }

  /** Checks a token's form, signature and expiry, and reads it; `ResumeTokenError` when it does not hold. */
  open(token: unknown, now: number): PausedExecution | ResumeTokenError {
    if (typeof token !== "string") return refuse("malformed", ApprovalMessages.malformed(`expected a string, got ${token === null ? "null" : typeof token}`))
    if (token.length > this.maxTokenBytes) return refuse("malformed", ApprovalMessages.malformed(`${token.length} characters, over the bound of ${this.maxTokenBytes}`))
    const parts = token.split(".")
    if (parts.length !== 3 || parts[0] !== TOKEN_PREFIX || parts[1] === "" || parts[2] === "") {
      return refuse("malformed", ApprovalMessages.malformed(`expected ${TOKEN_PREFIX}.<payload>.<signature>`))
    }
    const [, payload, mac] = parts as [string, string, string]
    const expected = Buffer.from(this.mac(payload), "utf8")
    const given = Buffer.from(mac, "utf8")
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse("signature", ApprovalMessages.signature())
    let paused: PausedExecution
    try {
      paused = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as PausedExecution
    } catch {
      // Signed by this key but unreadable: only a bug of ours could do that; still the host's input.
      return refuse("malformed", ApprovalMessages.malformed("its payload is not JSON"))
    }
    if (paused === null || typeof paused !== "object" || paused.v !== 1) return refuse("malformed", ApprovalMessages.malformed("unknown token version"))
    if (now > paused.expiresAt) return refuse("expired", ApprovalMessages.expired(paused.expiresAt))
    return paused
  }

  /** Claims a token id for one resume; false when this runtime has resumed it already. */
  claim(paused: PausedExecution, now: number): boolean {
    for (const [id, expiresAt] of this.used) if (expiresAt < now) this.used.delete(id)
    if (this.used.has(paused.id)) return false
    this.used.set(paused.id, paused.expiresAt)
    return true
  }

  private mac(payload: string): string {
    return createHmac("sha256", this.key).update(payload).digest("base64url")
  }
}

const refuse = (reason: ResumeTokenReason, message: string): ResumeTokenError => new ResumeTokenError({ reason, message })

const positiveInteger = (name: string, value: unknown): number => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`CodeMode.make: 'approvals.${name}' must be a positive integer, got ${String(value)}`)
  }
  return value
}

/** A SHA-256 digest of some parts, in order (base64url). */
export const digestOf = (parts: ReadonlyArray<string>): string => {
  const hash = createHash("sha256")
  for (const part of parts) hash.update(part).update("\u0000")
  return hash.digest("base64url")
}

/**
 * The decisions for `count` pending calls: one decision applies to a single call; an array gives
 * one per call, in order. A shape that is neither is a `ResumeTokenError` ("decision").
 */
export const readDecisions = (decision: unknown, count: number): ReadonlyArray<ApprovalDecision> | ResumeTokenError => {
  const list = Array.isArray(decision) ? decision : [decision]
  if (list.length !== count) {
    if (!Array.isArray(decision) && count > 1) return refuse("decision", ApprovalMessages.decisionCount(1, count))
    return refuse("decision", ApprovalMessages.decisionCount(list.length, count))
  }
  const read: ApprovalDecision[] = []
  for (let i = 0; i < list.length; i++) {
    const at = Array.isArray(decision) ? ` [${i}]` : ""
    const entry = list[i] as { approved?: unknown; reason?: unknown } | null
    if (entry === null || typeof entry !== "object" || typeof entry.approved !== "boolean") return refuse("decision", ApprovalMessages.decisionShape(at))
    const keys = Object.keys(entry)
    if (keys.some((k) => k !== "approved" && k !== "reason")) return refuse("decision", ApprovalMessages.decisionShape(at))
    if (entry.approved) {
      if (entry.reason !== undefined) return refuse("decision", ApprovalMessages.decisionShape(at))
      read.push({ approved: true })
    } else {
      if (entry.reason !== undefined && typeof entry.reason !== "string") return refuse("decision", ApprovalMessages.decisionShape(at))
      read.push(entry.reason === undefined ? { approved: false } : { approved: false, reason: entry.reason })
    }
  }
  return read
}

/** Asking for an approval from a hook, and reading a stored token's id. */
export const Approval = {
  /** The failure a `tool.before` hook returns to ask for an approval rather than deny. */
  required: (options: { readonly reason?: string } = {}): ApprovalRequired =>
    new ApprovalRequired(options.reason === undefined ? {} : { reason: String(options.reason) }),
  /** One decision for every call a token waits on (a single call takes it as it is). */
  forEachPending: (token: string, decision: ApprovalDecision): ApprovalDecision | ReadonlyArray<ApprovalDecision> => {
    const count = Approval.inspect(token)?.pendingCalls ?? 1
    return count > 1 ? Array.from({ length: count }, () => decision) : decision
  },
  /** Reads a token's id, expiry and number of pending calls without checking it (to index stored tokens; `resume` checks). */
  inspect: (token: string): { readonly id: string; readonly expiresAt: number; readonly pendingCalls: number } | undefined => {
    try {
      const paused = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as PausedExecution
      if (typeof paused?.id !== "string" || typeof paused.expiresAt !== "number" || !Array.isArray(paused.pending)) return undefined
      return { id: paused.id, expiresAt: paused.expiresAt, pendingCalls: paused.pending.length }
    } catch {
      return undefined
    }
  },
} as const
