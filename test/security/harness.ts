/**
 * The adversarial suite's driver: attacks are data, one table per category, run through the public
 * `CodeMode` API on one worker pool per test file.
 *
 * Every attack states its exact outcome — a typed Diagnostic with a message fragment, or the
 * harmless value the program gets — and two checks run on every Result whatever the attack:
 * `expectPlainData` walks the whole Result (value, error, logs, warnings, tool calls) and refuses
 * anything that is not JSON data made of the host's own `Object.prototype` and `Array.prototype`
 * objects, so no function, accessor, Proxy or foreign prototype can ride out on a Result; and
 * `guardHost` (called once per file) compares the host's built-in prototypes and `process.env`
 * after each test with a snapshot taken before the first, so no attack can leave a trace in the
 * process that runs the pool.
 *
 * Loop attacks use short timeouts (`timeoutMs` on the attack); the suite asserts only that such an
 * attack ended with `TimeoutExceeded`, never how long it took.
 */

import { Effect } from "effect"
import { types } from "node:util"
import { afterAll, afterEach, expect, it } from "vitest"
import {
  CodeMode,
  WorkerPool,
  type AnyExtension,
  type DiagnosticKind,
  type Hooks,
  type Language,
  type Limits,
  type Result,
} from "../../index.js"

export type Expectation =
  /** The execution fails with this kind; `message` is a fragment (or pattern) of its message. */
  | { readonly error: DiagnosticKind; readonly message: string | RegExp; readonly toolCalls?: number }
  /** The execution succeeds with exactly this value. */
  | { readonly value: unknown }
  /** Anything else worth asserting; the plain-data walk still runs. */
  | { readonly check: (result: Result) => void }

export interface Attack {
  readonly name: string
  readonly source: string
  readonly expect: Expectation
  /** A tighter timeout for attacks that only end by running out of time. */
  readonly timeoutMs?: number
  /** Per-attack limits (merged over the table's). */
  readonly limits?: Partial<Limits>
  /** A known bug in a part this suite does not own: the test is marked `it.fails`, naming it. */
  readonly knownBug?: string
  /** Skipped, with the reason (a feature still absent). */
  readonly skip?: string
}

export interface TableOptions {
   
  readonly tools?: any
  readonly extensions?: ReadonlyArray<AnyExtension>
   
  readonly hooks?: Hooks<any>
  readonly limits?: Partial<Limits>
  /** Run the table's attacks at once (loop attacks that each wait for their deadline). */
  readonly concurrent?: boolean
}

/** The generous default (a loaded CI machine): attacks that end by a bound finish far sooner. */
const DEFAULT_TIMEOUT_MS = 15_000

/** One pool per test file, closed when the file ends. */
export const makeSuitePool = (maxThreads = 2): WorkerPool => {
  const pool = WorkerPool.make({ maxThreads, minThreads: 1 })
  afterAll(() => pool.close())
  return pool
}

export const execute = (
  pool: WorkerPool,
  language: Language,
  source: string,
  options: TableOptions = {},
): Promise<Result> => {
  const runtime = CodeMode.make({
    language,
    pool,
    tools: options.tools ?? {},
    extensions: (options.extensions ?? []) as never,
    hooks: options.hooks,
    limits: { timeoutMs: DEFAULT_TIMEOUT_MS, ...options.limits },
  })
  return Effect.runPromise(runtime.execute(source) as Effect.Effect<Result>)
}

/** Asserts one Result against its expectation, after the plain-data walk. */
export const expectOutcome = (result: Result, expectation: Expectation, name = "attack"): void => {
  expectPlainData(result, "result")
  if ("error" in expectation) {
    expect(result.ok, `${name}: expected ${expectation.error}, got ${JSON.stringify(result).slice(0, 400)}`).toBe(false)
    if (result.ok) return
    expect(result.error.kind, result.error.message).toBe(expectation.error)
    if (typeof expectation.message === "string") expect(result.error.message).toContain(expectation.message)
    else expect(result.error.message).toMatch(expectation.message)
    if (expectation.toolCalls !== undefined) expect(result.toolCalls).toHaveLength(expectation.toolCalls)
  } else if ("value" in expectation) {
    expect(result.ok, `${name}: expected a value, got ${JSON.stringify(result).slice(0, 400)}`).toBe(true)
    if (result.ok) expect(result.value).toEqual(expectation.value)
  } else {
    expectation.check(result)
  }
}

/** Registers one test per attack. */
export const attackTable = (pool: WorkerPool, language: Language, attacks: ReadonlyArray<Attack>, options: TableOptions = {}): void => {
  for (const attack of attacks) {
    const limits = { ...options.limits, ...attack.limits, ...(attack.timeoutMs === undefined ? {} : { timeoutMs: attack.timeoutMs }) }
    const body = async () => {
      const result = await execute(pool, language, attack.source, { ...options, limits })
      expectOutcome(result, attack.expect, attack.name)
    }
    if (attack.skip !== undefined) it.skip(`${attack.name} (skipped: ${attack.skip})`, body)
    else if (attack.knownBug !== undefined) it.fails(`${attack.name} [known bug: ${attack.knownBug}]`, body)
    else if (options.concurrent === true) it.concurrent(attack.name, body)
    else it(attack.name, body)
  }
}

// ---------------------------------------------------------------------------------------------
// The host stays untouched

const ownKeys = (o: object): string =>
  Reflect.ownKeys(o)
    .map((k) => String(k))
    .sort()
    .join(",")

const hostSnapshot = () => ({
  objectPrototype: ownKeys(Object.prototype),
  arrayPrototype: ownKeys(Array.prototype),
  functionPrototype: ownKeys(Function.prototype),
  stringPrototype: ownKeys(String.prototype),
  promisePrototype: ownKeys(Promise.prototype),
  objectToString: Object.prototype.toString,
  arrayPush: Array.prototype.push,
  jsonStringify: JSON.stringify,
  env: JSON.stringify(Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1))),
})

/** Compares the host's prototypes and environment after every test of the file with the start. */
export const guardHost = (): void => {
  const before = hostSnapshot()
  afterEach(() => {
    expect(hostSnapshot()).toEqual(before)
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined()
  })
}

// ---------------------------------------------------------------------------------------------
// Results are plain data

/**
 * Walks `value` and fails unless it is JSON data built from the host's own prototypes: plain
 * objects (`Object.prototype`), arrays (`Array.prototype`), strings, finite numbers, booleans and
 * null, every property a data property, nothing a Proxy. `undefined` is allowed only as an absent
 * optional field of the Result itself (the walk reads own properties, so none appears).
 */
export const expectPlainData = (value: unknown, path: string, depth = 0): void => {
  if (depth > 1_000) throw new Error(`${path}: nested more than 1000 levels`)
  if (value === null || typeof value === "string" || typeof value === "boolean") return
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${path}: non-finite number ${value}`)
    return
  }
  if (typeof value !== "object") throw new Error(`${path}: ${typeof value} is not plain data`)
  if (types.isProxy(value)) throw new Error(`${path}: a Proxy`)
  const proto = Object.getPrototypeOf(value)
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) throw new Error(`${path}: an array with a foreign prototype`)
  } else if (proto !== Object.prototype) {
    throw new Error(`${path}: an object with a foreign prototype (${String(proto?.constructor?.name)})`)
  }
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === "symbol") throw new Error(`${path}: a symbol key ${String(key)}`)
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!
    if (!("value" in descriptor)) throw new Error(`${path}.${key}: an accessor`)
    if (Array.isArray(value) && key === "length") continue
    if (descriptor.value === undefined) throw new Error(`${path}.${key}: undefined`)
    expectPlainData(descriptor.value, `${path}.${key}`, depth + 1)
  }
}

/** Shorthands for expectations. */
export const fails = (error: DiagnosticKind, message: string | RegExp): Expectation => ({ error, message })
/** Fails before any tool ran: the host never saw the value. */
export const refusedBeforeTheHost = (error: DiagnosticKind, message: string | RegExp): Expectation => ({ error, message, toolCalls: 0 })
export const gives = (value: unknown): Expectation => ({ value })
export const timesOut: Expectation = { error: "TimeoutExceeded", message: "timed out" }
