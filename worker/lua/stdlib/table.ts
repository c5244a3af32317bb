/**
 * The `table` library: `concat insert move pack remove sort unpack`, as Lua 5.4.4 behaves.
 *
 * Each builtin follows `ltablib.c` step by step — the order in which arguments are checked, which
 * errors carry a position (those raised with `luaL_error`, via `st.error`) and which do not (type
 * errors raised by the VM inside a C function: `attempt to compare two table values`,
 * `attempt to get length of a nil value`), and the quirks (`table.remove` reports its position
 * as argument #1; `table.sort` checks its comparator only when there are two elements or more).
 * Expectations in `test/lua/data/table.test.ts` were recorded from the real interpreter.
 *
 * A table's elements 1..#t all live in its array part (see `LuaTable`), so the common cases work
 * on that JavaScript array directly: `concat` joins it when every element is a string (one size
 * check, one `join`), `insert` and `remove` shift it with `copyWithin`, `unpack` slices it. The
 * general paths go through `get`/`set`, for ranges outside the array part and for indices beyond
 * ±2^53 (bigints).
 *
 * `sort` is Lua's own quicksort (median of three, pivot at `up - 1`, recursion on the smaller half),
 * so that programs whose comparator ties or contradicts itself get the same order, and the same
 * "invalid order function for sorting" error, as real Lua. It works on a copy of the elements and
 * writes them back even when the comparator raises an error, as Lua's in-place sort leaves its
 * partial work behind; only a comparator that reads the table while sorting sees a difference.
 * Lua randomizes the pivot of badly unbalanced large partitions with the clock; here the
 * randomness is a fixed sequence, so every run sorts the same way.
 *
 * Costs: one unit of fuel per element moved, joined or unpacked, and per comparison.
 */

import { LuaMessages } from "../messages.js"
import { lessThan, numberMessages, numberToString } from "../runtime/number.js"
import type { LuaState } from "../runtime/state.js"
import {
  LuaError,
  LuaFloat,
  LuaTable,
  MAX_INTEGER,
  NO_VALUES,
  TableTooLarge,
  canonicalInteger,
  truthy,
  typeName,
  type LuaFunction,
  type LuaValue,
} from "../runtime/value.js"
import { argError, checkInteger, checkTable, optInteger, optString, typeError, libraryTable } from "./args.js"

/** This library's own messages, in Lua 5.4.4's words (positions are added by `st.error`). */
export const TableMessages = {
  invalidConcatValue: (type: string, index: number | bigint) => `invalid value (${type}) at index ${index} in table for 'concat'`,
  insertArgumentCount: () => "wrong number of arguments to 'insert'",
  positionOutOfBounds: () => "position out of bounds",
  tooManyToMove: () => "too many elements to move",
  destinationWrapsAround: () => "destination wrap around",
  tooManyResults: () => "too many results to unpack",
  arrayTooBig: () => "array too big",
  invalidOrder: () => "invalid order function for sorting",
}

/**
 * Most values `table.unpack` returns: real Lua's stack limit (`LUAI_MAXSTACK`, one million slots)
 * less what a call already uses.
 */
const MAX_UNPACK_RESULTS = 999_950

/** `INT_MAX`: `table.sort` refuses longer arrays (which no table here can reach). */
const MAX_SORT_LENGTH = 2_147_483_647

export const openTable = (st: LuaState): LuaTable => {
  const lib = libraryTable(st)
  const builtins: Record<string, LuaFunction> = {
    concat: (args) => [concat(st, args)],
    insert: (args) => insert(st, args),
    move: (args) => [move(st, args)],
    pack: (args) => [pack(st, args)],
    remove: (args) => [remove(st, args)],
    sort: (args) => sort(st, args),
    unpack: (args) => unpack(st, args),
  }
  for (const name in builtins) lib.set(name, builtins[name])
  return lib
}

// ---------------------------------------------------------------------------------------------
// concat

function concat(st: LuaState, args: LuaValue[]): string {
  const t = checkTable(st, args, 0, "concat")
  const sep = optString(st, args, 1, "concat", "")
  const first = optInteger(st, args, 2, "concat", 1)
  const last = optInteger(st, args, 3, "concat", t.length())
  if (first > last) return ""
  if (typeof first === "number" && typeof last === "number" && first >= 1 && last <= t.length()) {
    const joined = joinStrings(st, t.arraySegments(), first - 1, last, sep)
    if (joined !== undefined) return joined
  }
  return concatGeneral(st, t, first, last, sep)
}

/**
 * Elements `[from, to)` of an array part kept as `parts` (one array, or its segments: see
 * `LuaTable.arraySegments`) joined, when every one of them is a string; otherwise undefined.
 *
 * The range is joined in chunks of `JOIN_CHUNK`, each checked (all strings; the length so far
 * within `maxStringBytes`) and charged just before it is joined, and the chunks are joined last.
 * Checking the whole range first and joining it after read every string twice, far apart: a
 * buffer of 600,000 pieces is tens of megabytes of strings scattered over the heap, and the
 * second pass found none of them in the cache any more, which made the join cost three times
 * what joining the same strings costs fresh. A chunk's strings are still cached when it is
 * joined. No piece is built before its length is checked, so the pieces never pass the bound;
 * a range found to hold a non-string after some chunks were joined goes to `concatGeneral`,
 * which charges those chunks again.
 */
function joinStrings(st: LuaState, parts: ReadonlyArray<ReadonlyArray<LuaValue>>, from: number, to: number, sep: string): string | undefined {
  const pieces: string[] = []
  let bytes = 0
  let before = 0
  let offset = 0
  for (const part of parts) {
    const end = Math.min(to, offset + part.length)
    for (let i = Math.max(from, offset); i < end; i += JOIN_CHUNK) {
      const stop = Math.min(end, i + JOIN_CHUNK)
      for (let j = i - offset; j < stop - offset; j++) {
        const v = part[j]
        if (typeof v !== "string") return undefined
        bytes += v.length
      }
      st.charge(stop - i)
      st.checkStringSize(bytes + sep.length * (stop - from - 1))
      const chunkBytes = bytes - before + sep.length * (stop - i - 1)
      before = bytes
      const copied = chunkBytes <= SCRATCH_BYTES && chunkBytes <= SHORT_PIECE * (stop - i) ? copyShortPieces(part, i - offset, stop - offset, sep) : undefined
      pieces.push(copied ?? (stop - i === part.length ? part.join(sep) : part.slice(i - offset, stop - offset).join(sep)))
    }
    offset += part.length
  }
  return pieces.length === 1 ? pieces[0]! : pieces.join(sep)
}

/**
 * `Array.prototype.join` slows down on very long arrays (measured: 600,000 short strings take
 * about twice as long in one join as in joins of 4,096 followed by a join of those), so long
 * ranges are joined in chunks (a segmented array part is already in such chunks).
 */
const JOIN_CHUNK = 4096

/**
 * Fast path for chunks of short pieces (a JSON encoder's `{`, `"id":`, `,`, numbers): at most
 * `SHORT_PIECE` bytes a piece on average, they are copied byte by byte into `scratch` and the
 * chunk is read back as one string, rather than joined by `Array.prototype.join`, which costs
 * about 40 ns a piece however short it is (a copy call per piece, measured on 600,000 pieces of
 * 1 to 12 bytes: 23 ms joined, 7 ms copied). Longer pieces are joined: copying them one char
 * code at a time would be slower than join's block copies. A chunk uses this path only when it
 * fits in `SCRATCH_BYTES`, so the buffer, which lives as long as the worker, stays small.
 */
const SHORT_PIECE = 24
const SCRATCH_BYTES = 1 << 17
const scratch = Buffer.alloc(SCRATCH_BYTES)

/**
 * `part[start..stop)` (all strings, `sep` between them) as one string copied through `scratch`,
 * or undefined if a char code is above 255 (not a byte string; the caller joins the chunk).
 */
function copyShortPieces(part: ReadonlyArray<LuaValue>, start: number, stop: number, sep: string): string | undefined {
  const out = scratch
  let o = 0
  for (let j = start; j < stop; j++) {
    if (j > start) {
      for (let k = 0; k < sep.length; k++) {
        const c = sep.charCodeAt(k)
        if (c > 255) return undefined
        out[o++] = c
      }
    }
    const piece = part[j] as string
    for (let k = 0; k < piece.length; k++) {
      const c = piece.charCodeAt(k)
      if (c > 255) return undefined
      out[o++] = c
    }
  }
  return out.toString("latin1", 0, o)
}

/** Any range, any element kinds: numbers are formatted, anything else is an error. */
function concatGeneral(st: LuaState, t: LuaTable, first: number | bigint, last: number | bigint, sep: string): string {
  const parts: string[] = []
  let bytes = 0
  const add = (index: number | bigint): void => {
    const v = t.get(index)
    let s: string
    if (typeof v === "string") s = v
    else if (typeof v === "number" || typeof v === "bigint" || v instanceof LuaFloat) s = numberToString(v)
    else return st.error(TableMessages.invalidConcatValue(typeName(v), index))
    bytes += s.length + (parts.length > 0 ? sep.length : 0)
    if (bytes > st.bounds.maxStringBytes) st.checkStringSize(bytes)
    parts.push(s)
    st.charge(1)
  }
  if (typeof first === "number" && typeof last === "number") {
    for (let i = first; i <= last; i++) add(i)
  } else {
    for (let i = BigInt(first); i <= BigInt(last); i++) add(canonicalInteger(i))
  }
  return parts.join(sep)
}

// ---------------------------------------------------------------------------------------------
// insert, remove

function insert(st: LuaState, args: LuaValue[]): LuaValue[] {
  const t = checkTable(st, args, 0, "insert")
  const n = t.length()
  switch (args.length) {
    case 2:
      t.setInteger(n + 1, args[1])
      return NO_VALUES
    case 3: {
      const pos = checkInteger(st, args, 1, "insert")
      if (typeof pos !== "number" || pos < 1 || pos > n + 1) argError(st, 1, "insert", TableMessages.positionOutOfBounds())
      const p = pos as number
      if (p === n + 1) {
        t.setInteger(p, args[2])
        return NO_VALUES
      }
      st.charge(n - p + 1)
      // Grow by the last element first, so the table's own growth rules (size bound, migration
      // of the next keys from the hash) apply; then shift the rest up inside the array part.
      t.setInteger(n + 1, t.array[n - 1])
      const array = t.array
      array.copyWithin(p, p - 1, n - 1)
      array[p - 1] = args[2]
      return NO_VALUES
    }
    default:
      return st.error(TableMessages.insertArgumentCount())
  }
}

function remove(st: LuaState, args: LuaValue[]): LuaValue {
  const t = checkTable(st, args, 0, "remove")
  const size = t.length()
  const pos = optInteger(st, args, 1, "remove", size)
  // Lua 5.4.4 names the table, not the position, in this message.
  if (pos !== size && (typeof pos !== "number" || pos < 1 || pos > size + 1)) {
    argError(st, 0, "remove", TableMessages.positionOutOfBounds())
  }
  const p = pos as number
  if (p >= 1 && p <= size) {
    const array = t.array
    const value = array[p - 1]
    st.charge(size - p + 1)
    array.copyWithin(p - 1, p, size)
    t.setInteger(size, undefined)
    return value
  }
  // `#t + 1`, or `0` for an empty table: read the slot, then clear it, as Lua does.
  const value = t.get(p)
  t.set(p, undefined)
  return value
}

// ---------------------------------------------------------------------------------------------
// move

function move(st: LuaState, args: LuaValue[]): LuaTable {
  const f = checkInteger(st, args, 1, "move")
  const e = checkInteger(st, args, 2, "move")
  const t = checkInteger(st, args, 3, "move")
  const destination = args[4] !== undefined ? 4 : 0
  const source = checkTable(st, args, 0, "move")
  const target = checkTable(st, args, destination, "move")
  if (e < f) return target
  if (typeof f === "number" && typeof e === "number" && typeof t === "number" && Number.isSafeInteger(t + (e - f))) {
    // Within ±2^53 neither of Lua's overflow checks can fail.
    const n = e - f + 1
    st.charge(n)
    if (t > e || t <= f || source !== target) for (let i = 0; i < n; i++) target.setInteger(t + i, source.get(f + i))
    else for (let i = n - 1; i >= 0; i--) target.setInteger(t + i, source.get(f + i))
    return target
  }
  const F = BigInt(f)
  const E = BigInt(e)
  const T = BigInt(t)
  if (!(F > 0n || E < MAX_INTEGER + F)) argError(st, 2, "move", TableMessages.tooManyToMove())
  const n = E - F + 1n
  if (!(T <= MAX_INTEGER - n + 1n)) argError(st, 3, "move", TableMessages.destinationWrapsAround())
  st.charge(Number(n))
  if (T > E || T <= F || source !== target) {
    for (let i = 0n; i < n; i++) target.set(canonicalInteger(T + i), source.get(canonicalInteger(F + i)))
  } else {
    for (let i = n - 1n; i >= 0n; i--) target.set(canonicalInteger(T + i), source.get(canonicalInteger(F + i)))
  }
  return target
}

// ---------------------------------------------------------------------------------------------
// pack, unpack

function pack(st: LuaState, args: LuaValue[]): LuaTable {
  const n = args.length
  const t = new LuaTable(st.bounds.maxTableEntries)
  if (n > t.maxEntries) throw new TableTooLarge()
  st.charge(n + 1)
  if (!args.includes(undefined)) t.array = args.slice()
  else for (let i = 0; i < n; i++) t.setInteger(i + 1, args[i])
  t.set("n", n)
  return t
}

function unpack(st: LuaState, args: LuaValue[]): LuaValue[] {
  const list = args[0]
  const first = optInteger(st, args, 1, "unpack", 1)
  const last = args[2] === undefined ? lengthOf(list) : checkInteger(st, args, 2, "unpack")
  if (first > last) return NO_VALUES
  const count =
    typeof first === "number" && typeof last === "number" ? last - first + 1 : Number(BigInt(last) - BigInt(first) + 1n)
  if (count >= MAX_UNPACK_RESULTS) st.error(TableMessages.tooManyResults())
  st.charge(count)
  if (list instanceof LuaTable) {
    const array = list.array
    if (typeof first === "number" && first >= 1 && (last as number) <= array.length) return array.slice(first - 1, last as number)
    const out: LuaValue[] = []
    for (let i = BigInt(first); i <= BigInt(last); i++) out.push(list.get(canonicalInteger(i)))
    return out
  }
  // A string indexes through its metatable to `string[i]`, which is nil for every integer i.
  if (typeof list === "string") return new Array<LuaValue>(count).fill(undefined)
  throw new LuaError(LuaMessages.index(typeName(list), ""))
}

/** The `#` of `table.unpack`'s first argument, which Lua does not type-check beforehand. */
function lengthOf(v: LuaValue): number {
  if (v instanceof LuaTable) return v.length()
  if (typeof v === "string") return v.length
  throw new LuaError(LuaMessages.length(typeName(v), ""))
}

// ---------------------------------------------------------------------------------------------
// sort

function sort(st: LuaState, args: LuaValue[]): LuaValue[] {
  const t = checkTable(st, args, 0, "sort")
  const n = t.length()
  if (n <= 1) return NO_VALUES
  if (n >= MAX_SORT_LENGTH) argError(st, 0, "sort", TableMessages.arrayTooBig())
  const comparator = args[1]
  if (comparator !== undefined && typeof comparator !== "function") typeError(st, args, 1, "sort", "function")
  const elements: LuaValue[] = [undefined] // 1-based, as the algorithm is written
  for (let i = 0; i < n; i++) elements.push(t.array[i])
  const sorter = new QuickSort(st, elements, comparator as LuaFunction | undefined)
  try {
    sorter.sort(1, n, 0)
  } finally {
    writeBack(t, elements, n)
  }
  return NO_VALUES
}

function writeBack(t: LuaTable, elements: LuaValue[], n: number): void {
  const array = t.array
  if (array.length === n) {
    for (let i = 0; i < n; i++) array[i] = elements[i + 1]
    if (array[n - 1] === undefined) t.setInteger(n, undefined) // restore "never ends in nil"
  } else {
    for (let i = 1; i <= n; i++) t.setInteger(i, elements[i])
  }
}

/** Partitions smaller than this always pivot on their middle element (Lua's `RANLIMIT`). */
const RANDOM_PIVOT_LIMIT = 100

/** `auxsort` and `partition` of `ltablib.c`, over a 1-based array. */
class QuickSort {
  private seed = 0x2545f491

  constructor(
    private readonly st: LuaState,
    private readonly a: LuaValue[],
    private readonly comparator: LuaFunction | undefined,
  ) {}

  sort(lo: number, up: number, rnd: number): void {
    const a = this.a
    while (lo < up) {
      if (this.less(a[up], a[lo])) this.swap(lo, up)
      if (up - lo === 1) break
      let p = up - lo < RANDOM_PIVOT_LIMIT || rnd === 0 ? Math.floor((lo + up) / 2) : choosePivot(lo, up, rnd)
      if (this.less(a[p], a[lo])) this.swap(p, lo)
      else if (this.less(a[up], a[p])) this.swap(p, up)
      if (up - lo === 2) break
      const pivot = a[p]
      a[p] = a[up - 1]
      a[up - 1] = pivot
      p = this.partition(lo, up, pivot)
      let smaller: number
      if (p - lo < up - p) {
        this.sort(lo, p - 1, rnd)
        smaller = p - lo
        lo = p + 1
      } else {
        this.sort(p + 1, up, rnd)
        smaller = up - p
        up = p - 1
      }
      if (Math.floor((up - lo) / 128) > smaller) rnd = this.nextRandom()
    }
  }

  /** Invariant: a[lo..i] <= pivot <= a[j..up], a[up - 1] == pivot. */
  private partition(lo: number, up: number, pivot: LuaValue): number {
    const a = this.a
    let i = lo
    let j = up - 1
    for (;;) {
      while (this.less(a[++i], pivot)) {
        if (i === up - 1) this.invalidOrder()
      }
      while (this.less(pivot, a[--j])) {
        if (j < i) this.invalidOrder()
      }
      if (j < i) {
        a[up - 1] = a[i]
        a[i] = pivot
        return i
      }
      this.swap(i, j)
    }
  }

  private less(x: LuaValue, y: LuaValue): boolean {
    this.st.charge(1)
    if (this.comparator !== undefined) return truthy(this.st.call(this.comparator, [x, y])[0])
    if (typeof x === "number" && typeof y === "number") return x < y
    if (typeof x === "string" && typeof y === "string") return x < y
    const result = lessThan(x, y)
    if (result === undefined) throw compareError(x, y)
    return result
  }

  private swap(i: number, j: number): void {
    const a = this.a
    const v = a[i]
    a[i] = a[j]
    a[j] = v
  }

  private invalidOrder(): never {
    return this.st.error(TableMessages.invalidOrder())
  }

  /** Stands in for Lua's clock-based `l_randomizePivot`: a fixed xorshift sequence. */
  private nextRandom(): number {
    let x = this.seed
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    this.seed = x >>> 0
    return this.seed
  }
}

const choosePivot = (lo: number, up: number, rnd: number): number => {
  const r4 = Math.floor((up - lo) / 4)
  return (rnd % (r4 * 2)) + lo + r4
}

/** Raised by the VM inside `sort`, so without a position, as in real Lua. */
const compareError = (x: LuaValue, y: LuaValue): LuaError => new LuaError(numberMessages.compare(x, y))
