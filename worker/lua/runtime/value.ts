/**
 * Lua values, as the engine represents them.
 *
 * The representation is chosen so that the common case is a plain JavaScript value and the
 * interpreter's fast paths are one `typeof` away:
 *
 * | Lua                       | JavaScript                                                    |
 * | ------------------------- | ------------------------------------------------------------- |
 * | nil                       | `undefined`                                                   |
 * | boolean                   | `boolean`                                                     |
 * | integer                   | `number` while it is a safe integer (abs <= 2^53 - 1),        |
 * |                           | `bigint` beyond, always wrapped to 64-bit two's complement    |
 * | float, not integral       | `number` (including NaN and the infinities)                   |
 * | float, integral (`2.0`)   | `LuaFloat` box (including `-0.0`)                             |
 * | string                    | `string` of bytes: every char code is 0..255                  |
 * | table                     | `LuaTable`                                                    |
 * | function                  | `LuaFunction` (a JavaScript function; see its type)           |
 * | `json.null`               | `JSON_NULL` (type "userdata")                                 |
 * | `tools`, `tools.a.b`      | `ToolReference` (type "table": indexable and callable)       |
 *
 * So a raw JavaScript number is an integer exactly when `Number.isInteger` holds for it, and every
 * number has one canonical form: `canonicalInteger` and `canonicalFloat` build it. Equality of two
 * values of the same canonical form is `===`, except for numbers of different subtypes (`1 == 1.0`),
 * which `rawEquals` handles.
 *
 * Strings are byte strings so that `#s`, `string.byte` and patterns see bytes as real Lua does.
 * Text crossing to or from the host is UTF-8 encoded or decoded at the edge (`worker/data`).
 */

import type { DataValue } from "../../data/value.js"

/** An integral float, boxed so it stays distinct from the integer of the same value. */
export class LuaFloat {
  constructor(readonly n: number) {}
}

/** The value of `json.null`: a JSON null that survives in tables and arrays. */
export const JSON_NULL: unique symbol = Symbol("json.null")
export type JsonNull = typeof JSON_NULL

/**
 * A path into the host's tools: `tools` itself is `ToolReference("")`, `tools.orders.lookup` is
 * `ToolReference("orders.lookup")`. Indexing extends the path, calling it calls the tool. It holds
 * no host object: just the path.
 */
export class ToolReference {
  constructor(readonly path: string) {}
}

/**
 * A Lua function. Compiled Lua functions and builtins share this calling convention: the argument
 * list in, the result list out (`NO_VALUES` for none). A compiled function in tail position may
 * instead return `TAIL_CALL` after storing the callee and arguments on the execution state; only
 * `LuaState.call` and compiled call sites see that marker, so builtins never do.
 */
export type LuaFunction = (args: LuaValue[]) => LuaValue[]

export type LuaValue =
  | undefined
  | boolean
  | number
  | bigint
  | LuaFloat
  | string
  | LuaTable
  | LuaFunction
  | JsonNull
  | ToolReference

/** The shared empty result list. Never mutate it. */
export const NO_VALUES: LuaValue[] = []

// ---------------------------------------------------------------------------------------------
// Numbers: canonical forms

const MAX_SAFE = Number.MAX_SAFE_INTEGER
const TWO_64 = 1n << 64n
const TWO_63 = 1n << 63n

/** The canonical integer for a 64-bit value given as a bigint (wrapped to two's complement). */
export const canonicalInteger = (value: bigint): number | bigint => {
  let v = BigInt.asIntN(64, value)
  if (v >= -BigInt(MAX_SAFE) && v <= BigInt(MAX_SAFE)) return Number(v)
  return v
}

/** The canonical float for a JavaScript number: boxed when integral (including -0), raw otherwise. */
export const canonicalFloat = (n: number): number | LuaFloat => (Number.isInteger(n) ? new LuaFloat(n) : n)

export const isInteger = (v: LuaValue): v is number | bigint =>
  typeof v === "number" ? Number.isInteger(v) : typeof v === "bigint"

export const isFloat = (v: LuaValue): v is number | LuaFloat =>
  typeof v === "number" ? !Number.isInteger(v) : v instanceof LuaFloat

export const isNumber = (v: LuaValue): v is number | bigint | LuaFloat =>
  typeof v === "number" || typeof v === "bigint" || v instanceof LuaFloat

/** The value of any Lua number as a JavaScript double (rounding integers beyond 2^53). */
export const toDouble = (v: number | bigint | LuaFloat): number =>
  typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : v.n

/** Lua's `math.maxinteger` and `math.mininteger`. */
export const MAX_INTEGER: bigint = TWO_63 - 1n
export const MIN_INTEGER: bigint = -TWO_63
export { TWO_64 }

// ---------------------------------------------------------------------------------------------
// Types

export type LuaTypeName = "nil" | "boolean" | "number" | "string" | "table" | "function" | "userdata"

export const typeName = (v: LuaValue): LuaTypeName => {
  switch (typeof v) {
    case "undefined":
      return "nil"
    case "boolean":
      return "boolean"
    case "number":
    case "bigint":
      return "number"
    case "string":
      return "string"
    case "function":
      return "function"
    case "symbol":
      return "userdata"
    default:
      return v instanceof LuaFloat ? "number" : "table"
  }
}

/** Lua truthiness: only nil and false are false. */
export const truthy = (v: LuaValue): boolean => v !== undefined && v !== false

/** Raw equality (`==` without metamethods, which Code Mode does not have). */
export const rawEquals = (a: LuaValue, b: LuaValue): boolean => {
  if (a === b) return typeof a !== "number" || a === a
  if (typeof a === "number" && typeof b === "number") return false
  if (a instanceof LuaFloat) {
    if (b instanceof LuaFloat) return a.n === b.n
    if (typeof b === "number") return a.n === b
    if (typeof b === "bigint") return Number.isFinite(a.n) && BigInt(a.n) === b
    return false
  }
  if (b instanceof LuaFloat) return rawEquals(b, a)
  return false
}

// ---------------------------------------------------------------------------------------------
// Tables

/** What a table was when it came from the host or from `json.array()`: kept so empty ones keep their JSON shape. */
export const enum TableShape {
  Unknown = 0,
  Array = 1,
  Object = 2,
}

/** A normalized table key: never nil, NaN or an integral float. */
export type LuaKey = Exclude<LuaValue, undefined>

/** Thrown by `LuaTable.set` for a key Lua forbids; the interpreter turns it into a Lua error. */
export class InvalidTableKey extends Error {}

/** Thrown by `LuaTable` when growth passes `maxTableEntries`; the interpreter turns it into a stop. */
export class TableTooLarge extends Error {}

/**
 * A Lua table: an array part for the keys 1..n and a Map for every other key.
 *
 * Invariants: `array` never ends in `undefined` (holes inside are allowed), and `hash` never holds
 * the key `array.length + 1` (appending migrates it), so `array.length` is always a border and `#t`
 * is O(1). Keys are normalized before they reach `hash`: an integral float becomes the integer.
 * `hash` keeps insertion order, so `pairs` visits the array part in order and then the other keys
 * in the order they were first set.
 */
export class LuaTable {
  array: LuaValue[] = []
  hash: Map<LuaKey, LuaValue> | null = null
  shape: TableShape = TableShape.Unknown
  /** Where the last `next` over `hash` stopped, so a `pairs` loop is O(1) per step. */
  private cursorKey: LuaKey | undefined = undefined
  private cursor: Iterator<[LuaKey, LuaValue]> | null = null

  constructor(readonly maxEntries: number) {}

  get(key: LuaValue): LuaValue {
    if (typeof key === "number") {
      const array = this.array
      if (key >= 1 && key <= array.length) {
        const v = array[key - 1]
        if (v !== undefined || Number.isInteger(key)) return v
      }
    } else if (typeof key === "string") {
      return this.hash === null ? undefined : this.hash.get(key)
    } else if (key instanceof LuaFloat) {
      return this.get(normalizeFloatKey(key.n))
    }
    return this.hash === null ? undefined : this.hash.get(key as LuaKey)
  }

  /** `t.name` for a string key: the path the compiler uses for field access. */
  getString(key: string): LuaValue {
    return this.hash === null ? undefined : this.hash.get(key)
  }

  set(key: LuaValue, value: LuaValue): void {
    if (typeof key === "number") {
      if (Number.isInteger(key)) {
        this.setInteger(key, value)
        return
      }
      if (key !== key) throw new InvalidTableKey("table index is NaN")
    } else if (key === undefined) {
      throw new InvalidTableKey("table index is nil")
    } else if (key instanceof LuaFloat) {
      const k = normalizeFloatKey(key.n)
      if (typeof k === "number" && Number.isInteger(k)) this.setInteger(k, value)
      else this.setHash(k as LuaKey, value)
      return
    }
    this.setHash(key as LuaKey, value)
  }

  /** `t[i] = v` for an integer key: the array part when it can be. */
  setInteger(key: number, value: LuaValue): void {
    const array = this.array
    const length = array.length
    if (key >= 1 && key <= length) {
      array[key - 1] = value
      if (value === undefined && key === length) this.trimArray()
      return
    }
    if (key === length + 1) {
      if (value === undefined) {
        // The invariant keeps `length + 1` out of `hash`, so there is nothing to remove.
        return
      }
      if (length >= this.maxEntries) throw new TableTooLarge()
      array.push(value)
      if (this.hash !== null && this.hash.size > 0) this.migrateFromHash()
      return
    }
    this.setHash(key, value)
  }

  /** Appends at `#t + 1` (table constructors, `table.insert`). */
  push(value: LuaValue): void {
    this.setInteger(this.array.length + 1, value)
  }

  length(): number {
    return this.array.length
  }

  /** Number of entries, both parts (holes in the array part are not counted). */
  count(): number {
    let n = 0
    for (const v of this.array) if (v !== undefined) n++
    return n + (this.hash === null ? 0 : this.hash.size)
  }

  /**
   * Lua's `next`: the entry after `key` (nil: the first), or `undefined` at the end. Returns
   * `null` when `key` is not in the table, which Lua reports as an error.
   */
  next(key: LuaValue): [LuaKey, LuaValue] | undefined | null {
    const array = this.array
    let start = 0
    if (key !== undefined) {
      const k = key instanceof LuaFloat ? normalizeFloatKey(key.n) : key
      if (typeof k === "number" && Number.isInteger(k) && k >= 1 && k <= array.length) start = k
      else return this.nextInHash(k as LuaKey)
    }
    for (let i = start; i < array.length; i++) {
      const v = array[i]
      if (v !== undefined) return [i + 1, v]
    }
    return this.firstInHash()
  }

  private firstInHash(): [LuaKey, LuaValue] | undefined {
    if (this.hash === null) return undefined
    this.cursor = this.hash.entries()
    return this.advanceCursor()
  }

  private nextInHash(key: LuaKey): [LuaKey, LuaValue] | undefined | null {
    const hash = this.hash
    if (hash === null) return null
    if (this.cursor === null || this.cursorKey !== key) {
      // Not a continuation of the last traversal: find the key's position from the start.
      if (!hash.has(key)) return null
      this.cursor = hash.entries()
      for (;;) {
        const step = this.cursor.next()
        if (step.done) return undefined
        if (step.value[0] === key) break
      }
    }
    return this.advanceCursor()
  }

  private advanceCursor(): [LuaKey, LuaValue] | undefined {
    const cursor = this.cursor!
    for (;;) {
      const step = cursor.next()
      if (step.done) {
        this.cursor = null
        this.cursorKey = undefined
        return undefined
      }
      const entry = step.value
      if (entry[1] !== undefined) {
        // Lua allows clearing the current key while traversing: the cursor remembers it anyway.
        this.cursorKey = entry[0]
        return [floatKeyBack(entry[0]), entry[1]]
      }
    }
  }

  private setHash(key: LuaKey, value: LuaValue): void {
    let hash = this.hash
    if (value === undefined) {
      if (hash !== null) hash.delete(key)
      return
    }
    if (hash === null) hash = this.hash = new Map()
    else if (hash.size >= this.maxEntries && !hash.has(key)) throw new TableTooLarge()
    hash.set(key, value)
  }

  private migrateFromHash(): void {
    const hash = this.hash!
    const array = this.array
    for (;;) {
      const k = array.length + 1
      const v = hash.get(k)
      if (v === undefined) return
      hash.delete(k)
      array.push(v)
    }
  }

  private trimArray(): void {
    const array = this.array
    let n = array.length
    while (n > 0 && array[n - 1] === undefined) n--
    array.length = n
  }
}

/** A float key becomes the integer of the same value when there is one (`t[1.0]` is `t[1]`). */
const normalizeFloatKey = (n: number): LuaValue => {
  if (!Number.isInteger(n)) return n
  if (Number.isSafeInteger(n)) return n === 0 ? 0 : n
  if (n >= -9223372036854775808 && n < 9223372036854775808) return BigInt(n)
  // Beyond 64 bits there is no integer of that value: the raw double is the key, and
  // `floatKeyBack` boxes it again when `next` hands it to the program.
  return n
}

const floatKeyBack = (k: LuaKey): LuaKey =>
  typeof k === "number" && !Number.isSafeInteger(k) && Number.isInteger(k) ? (new LuaFloat(k) as unknown as LuaKey) : k

/** Builds a table from host data; see `worker/data/lua.ts` for the full contract. */
export type FromData = (value: DataValue) => LuaValue

// ---------------------------------------------------------------------------------------------
// Exceptions that unwind a Lua program

/** A Lua error: `error(value)` or a runtime error. Caught by `pcall`/`xpcall`; carries any value. */
export class LuaError extends Error {
  constructor(
    readonly value: LuaValue,
    /** For host failures: the diagnostic kind to report if the program does not catch it. */
    readonly kind: "ExecutionFailure" | "ToolFailure" | "InvalidToolInput" | "InvalidToolOutput" = "ExecutionFailure",
  ) {
    super(typeof value === "string" ? value : "(error object is not a string)")
    this.name = "LuaError"
  }
}

/**
 * The execution ends now: a bound, a limit, a timeout or interruption. Never caught by `pcall`.
 * Carries the diagnostic to report.
 */
export { HostStop as LuaStop } from "../../host.js"
