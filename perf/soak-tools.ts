/**
 * The soak's tools, which count every real invocation, and what its programs are checked with:
 * the Result each must produce and the tool calls each must make (the programs: soak-jobs.ts).
 *
 * Exactly once, checked from the tool's side. Suspension by replay and crash recovery both re-run
 * a program from its log, and the promise a host relies on is that a re-run never reaches a tool
 * for a call an earlier run already made. The Result cannot show a broken promise (a second
 * invocation returns the same answer), so every call carries a call id unique in the whole soak
 * (`e<execution>c<call>`), and every tool counts its invocations by id in an `Invocations` ledger.
 * After the run each job's ids must have been invoked exactly once (`calls`), or at most once for
 * a program that may be stopped by its deadline before it reaches the call (`mayCall`); an id
 * invoked twice is a duplicate, an id no job owns is a call made with the wrong arguments.
 *
 * Results checked from the inputs. The slow-tool programs chain their calls (each input is
 * computed from the answer before), read `math.random` / `Math.random()` before the first call and
 * pass it in, and in JavaScript read `Date.now()` around each call; the check recomputes the
 * chain from the salt the tool actually received and holds the clock readings against the times
 * the tool started and ended. A replay that read a fresh random number or a fresh clock where the
 * log had one, or handed one call's answer to another, gives a wrong Result or diverges.
 *
 * Tool times: "quick" tools take 2 to 50 ms (answers land while a worker is giving its thread
 * back), "slow" tools 50 ms to 2 s, skewed short (median about 300 ms, mean about 540 ms), the
 * range agent backends see from HTTP APIs and databases. Each job is drawn from a seeded generator,
 * so a soak is reproducible in its mix (not in its timing).
 */

import { Effect, Schema } from "effect"
import { Tool, type Result } from "../index.js"

// ---------------------------------------------------------------------------------------------
// The ledger and the tools

/** One call id's invocations: how many, and when the first started and ended (Date.now). */
export interface Invocation {
  count: number
  readonly input: Readonly<Record<string, unknown>>
  readonly startedAt: number
  endedAt: number
}

/** Every real tool invocation of one soak, by call id. */
export class Invocations {
  readonly byId = new Map<string, Invocation>()

  /** Counts one invocation of `id`; the first one's input and times are kept. */
  enter(id: string, input: Readonly<Record<string, unknown>>): Invocation {
    const known = this.byId.get(id)
    if (known !== undefined) {
      known.count++
      return known
    }
    const invocation: Invocation = { count: 1, input, startedAt: Date.now(), endedAt: NaN }
    this.byId.set(id, invocation)
    return invocation
  }
}

/** The value a `sleepy` call answers with: a function of its input only. */
export const sleepyValue = (x: number, salt: number): number => x * 7 + salt

export const soakTools = (ledger: Invocations) => {
  const sleepy = Tool.make({
    description: "Waits ms milliseconds, then answers x * 7 + salt",
    input: Schema.Struct({ id: Schema.String, ms: Schema.Number, x: Schema.Number, salt: Schema.Number }),
    output: Schema.Struct({ id: Schema.String, value: Schema.Number, slept: Schema.Number }),
    execute: (input) =>
      Effect.suspend(() => {
        const invocation = ledger.enter(input.id, input)
        return Effect.as(
          Effect.tap(Effect.sleep(input.ms), () => Effect.sync(() => void (invocation.endedAt = Date.now()))),
          { id: input.id, value: sleepyValue(input.x, input.salt), slept: input.ms },
        )
      }),
  })
  const failing = Tool.make({
    description: "Always fails with the given reason",
    input: Schema.Struct({ id: Schema.String, reason: Schema.String }),
    execute: (input) => Effect.suspend(() => (ledger.enter(input.id, input), Effect.fail(new Error(input.reason)))),
  })
  /** Faults a production host meets: a tool with a bug (a defect, not a failure). */
  const defective = Tool.make({
    description: "Dies with a defect, or throws inside Effect.sync",
    input: Schema.Struct({ id: Schema.String, how: Schema.String }),
    execute: (input) =>
      Effect.suspend(() => {
        ledger.enter(input.id, input)
        return input.how === "die"
          ? Effect.die(new Error(`defect ${input.id}`))
          : Effect.sync(() => { throw new TypeError(`thrown ${input.id}`) })
      }),
  })
  const hanging = Tool.make({
    description: "Never returns",
    input: Schema.Struct({ id: Schema.String }),
    execute: (input) => Effect.suspend(() => (ledger.enter(input.id, input), Effect.never)),
  })
  return { soak: { sleepy, failing, defective, hanging } }
}

// ---------------------------------------------------------------------------------------------
// Jobs

/** Which runtime a job runs on: the shared pool (`lua`, `js`, and 50 ms `Hurried` ones) or the bomb pool. */
export type RuntimeName = "lua" | "luaHurried" | "js" | "jsHurried" | "bombLua" | "bombJs"

export interface Job {
  readonly scenario: string
  readonly runtime: RuntimeName
  readonly source: string
  /** Call ids the program must make, each reaching its tool exactly once. */
  readonly calls: ReadonlyArray<string>
  /** Call ids the program may not reach (its deadline may come first), at most once each. */
  readonly mayCall: ReadonlyArray<string>
  /** What is wrong with the Result (given the tools' ledger), or undefined when it is right. */
  readonly check: (result: Result, ledger: Invocations) => string | undefined
}

/** JSON text with object keys sorted, so two values compare by content, not key order. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )

export const expectValue = (expected: unknown) => (result: Result): string | undefined => {
  if (!result.ok) return `expected value ${canonical(expected)}, got ${result.error.kind}: ${result.error.message}`
  return canonical(result.value) === canonical(expected) ? undefined : `expected ${canonical(expected)}, got ${canonical(result.value)}`
}

export const expectError = (kind: string, message: RegExp) => (result: Result): string | undefined => {
  if (result.ok) return `expected ${kind}, got value ${JSON.stringify(result.value)}`
  if (result.error.kind !== kind) return `expected ${kind}, got ${result.error.kind}: ${result.error.message}`
  return message.test(result.error.message) ? undefined : `expected ${kind} matching ${message}, got: ${result.error.message}`
}

/** A small deterministic generator (mulberry32). */
export const random = (seed: number) => {
  let a = seed >>> 0
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const int = (r: () => number, below: number): number => Math.floor(r() * below)

/** A slow tool's time: 50 ms to 2 s, skewed short (the cube of a uniform draw). */
export const slowMs = (r: () => number): number => 50 + Math.floor(1950 * r() ** 3)

/** A quick tool's time: 2 to 50 ms. */
export const quickMs = (r: () => number): number => 2 + int(r, 49)

/** The call id of call `k` of execution `i`: unique in the soak. */
export const callId = (i: number, k: number | string): string => `e${i}c${k}`

/**
 * The `salt` every call of a chained job received, read from the ledger (the program drew it from
 * its random generator); undefined when the calls disagree or were not made.
 */
export const saltOf = (ledger: Invocations, ids: ReadonlyArray<string>): number | undefined => {
  const salts = new Set(ids.map((id) => ledger.byId.get(id)?.input.salt))
  const [salt] = salts
  return salts.size === 1 && typeof salt === "number" ? salt : undefined
}
