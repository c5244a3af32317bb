/**
 * Lua -> plain data: the copy behind `luaToData` and `json.encode` (contract in `lua.ts`).
 *
 * One recursive walk that builds the `DataValue` as it goes. The path of the value being copied is
 * two arrays indexed by depth — the table at each level and the key being copied in it — written,
 * never pushed or popped, so descending costs two stores; the path text is built only when
 * something fails. A table is an array when its hash part is empty, an object when its array part
 * is; anything else is an error, classified (mixed, sparse, bad key) only then. Strings are checked
 * and decoded as UTF-8 on the way (ASCII: one regular-expression test, no copy).
 */

import { formatDataPath } from "../../../protocol/data-path.js"
import type { DataValue } from "../../../protocol/data.js"
import { nonFiniteConverted } from "../../../protocol/json-numbers.js"
import { DataErrors, jsonNumberBytes, type DataContractError, type PathSegment } from "../../data/contract.js"
import { invalidUtf8Offset, textFromBytes, textFromBytesLossy } from "../../data/utf8.js"
import { numberToString } from "../runtime/number.js"
import type { LuaState } from "../runtime/state.js"
import { LuaFloat, LuaTable, TableShape, ToolReference, type LuaKey, type LuaValue } from "../runtime/value.js"

/** A path as a Lua program writes it. */
const pathInLua = (root: string, segments: ArrayLike<PathSegment>, count?: number): string =>
  formatDataPath(root, segments, "lua", count)

/** Copies a Lua value to plain data; throws `DataContractError`. Exposes its counters for `json.encode`. */
export class LuaToData {
  /** Approximate size of the JSON text so far. */
  bytes = 0
  /** Sum, over values inside containers, of their nesting depth: what indentation would add. */
  indentUnits = 0
  /** `keys[d]`: the key being copied in the table at depth `d` (the root table is depth 1). */
  private readonly keys: LuaKey[] = []
  /** `tables[d]`: the table at depth `d` on the path being copied. */
  private readonly tables: LuaTable[] = []
  private readonly maxBytes: number
  private readonly maxDepth: number

  /**
   * @param boundary a crossing to the host (a result, a tool's input): NaN and infinities become
   *   null with the execution's one warning (protocol/json-numbers.ts); `json.encode` refuses them.
   */
  constructor(
    private readonly st: LuaState,
    private readonly root: string,
    private readonly boundary = false,
  ) {
    this.maxBytes = st.bounds.maxDataBytes
    this.maxDepth = st.bounds.maxDataDepth
  }

  copy(value: LuaValue): DataValue {
    const data = this.value(value, 0)
    if (this.bytes > this.maxBytes) throw this.boundExceeded(0, false)
    return data
  }

  /** A value inside the table at `depth` (0: the top), under key `keys[depth]`. */
  private value(v: LuaValue, depth: number): DataValue {
    switch (typeof v) {
      case "string":
        return this.string(v, depth)
      case "number":
        if (!Number.isFinite(v)) return this.nonFinite(v, depth)
        this.bytes += jsonNumberBytes(v)
        return v
      case "boolean":
        this.bytes += 5
        return v
      case "symbol": // json.null, the only symbol a program holds
      case "undefined": // nil at the top; inside a table, a hole is caught by its container
        this.bytes += 4
        return null
      case "bigint":
        return this.bigInteger(v, depth)
      case "function":
        throw DataErrors.notData(this.path(depth), "a function")
      default:
        if (v instanceof LuaTable) return this.table(v, depth + 1)
        if (v instanceof LuaFloat) {
          if (!Number.isFinite(v.n)) return this.nonFinite(v.n, depth)
          this.bytes += jsonNumberBytes(v.n)
          return v.n
        }
        if (v instanceof ToolReference) {
          const name = v.path === "" ? "tools" : `tools.${v.path}`
          throw DataErrors.notData(this.path(depth), `the tool reference ${name}`, "; call the tool and pass its result")
        }
        throw DataErrors.notData(this.path(depth), "a value of an unknown kind")
    }
  }

  private string(s: string, depth: number): string {
    this.bytes += s.length + 2
    if (s.length > 4096) this.st.charge(s.length >>> 12)
    const text = textFromBytes(s)
    if (text === undefined) throw DataErrors.notUtf8(this.path(depth), invalidUtf8Offset(s))
    return text
  }

  private bigInteger(v: bigint, depth: number): number {
    const n = Number(v)
    if (BigInt(n) !== v) throw DataErrors.inexactInteger(this.path(depth), v.toString())
    this.bytes += 20
    return n
  }

  /** At the boundary: null, warned once per execution. In `json.encode`: an error. */
  private nonFinite(n: number, depth: number): null {
    if (this.boundary) {
      if (!this.st.nonFiniteWarned) {
        this.st.nonFiniteWarned = true
        this.st.warnings.push(nonFiniteConverted(this.path(depth), n))
      }
      this.bytes += 4
      return null
    }
    const what = n !== n ? "NaN (not a number)" : n > 0 ? "inf (infinite)" : "-inf (infinite)"
    throw DataErrors.notData(this.path(depth), what)
  }

  private table(t: LuaTable, depth: number): DataValue {
    this.tables[depth] = t
    if (depth > this.maxDepth) throw this.boundExceeded(depth, true)
    const array = t.array
    const size = t.hashSize()
    const n = array.length
    if (size === 0) {
      if (n === 0) {
        this.bytes += 2
        return t.shape === TableShape.Array ? [] : {}
      }
      return this.array(array, n, depth)
    }
    if (n > 0) throw this.notArrayNorObject(t, depth)
    return this.object(t, size, depth)
  }

  private array(array: LuaValue[], n: number, depth: number): DataValue[] {
    this.st.charge(n + 1)
    this.bytes += n + 1
    this.indentUnits += (n + 1) * depth
    const keys = this.keys
    const out: DataValue[] = []
    for (let i = 0; i < n; i++) {
      const v = array[i]
      keys[depth] = i + 1
      if (typeof v === "string") {
        this.bytes += v.length + 2
        const text = textFromBytes(v)
        out.push(text !== undefined ? text : this.string(v, depth))
      } else if (v === undefined) {
        throw this.notArrayNorObject(this.tables[depth], depth)
      } else {
        out.push(this.value(v, depth))
      }
      if (this.bytes > this.maxBytes) throw this.boundExceeded(depth, false)
    }
    return out
  }

  private object(t: LuaTable, size: number, depth: number): DataValue {
    this.st.charge(size + 1)
    this.bytes += size + 1
    this.indentUnits += (size + 1) * depth
    const keys = this.keys
    const out: Record<string, DataValue> = {}
    for (const [k, v] of t.hashEntries()) {
      if (typeof k !== "string") throw this.notArrayNorObject(this.tables[depth], depth)
      if (v === undefined) continue
      keys[depth] = k
      const name = textFromBytes(k)
      if (name === undefined) throw DataErrors.keyNotUtf8(this.path(depth - 1))
      this.bytes += k.length + 3
      const data = typeof v === "string" ? this.string(v, depth) : this.value(v, depth)
      if (name === "__proto__") Object.defineProperty(out, name, { value: data, enumerable: true, writable: true, configurable: true })
      else out[name] = data
      if (this.bytes > this.maxBytes) throw this.boundExceeded(depth, false)
    }
    return out
  }

  /** Why a table with keys is neither an array nor an object; only reached on the error path. */
  private notArrayNorObject(t: LuaTable, depth: number): DataContractError {
    const path = this.path(depth - 1)
    const array = t.array
    const n = array.length
    let stringKey: string | undefined
    let otherKey: LuaKey | undefined
    let belowOne: number | bigint | undefined
    let aboveN: number | bigint | undefined
    for (const [k] of t.hashEntries()) {
      if (typeof k === "string") stringKey ??= k
      else if (typeof k === "number" ? Number.isSafeInteger(k) : typeof k === "bigint") {
        const i = k as number | bigint
        if (i < 1) belowOne ??= i
        else if (aboveN === undefined || i < aboveN) aboveN = i
      } else otherKey ??= k
    }
    if (otherKey !== undefined) return DataErrors.badKey(path, describeKey(otherKey))
    const someIndex = n > 0 ? 1 : (aboveN ?? belowOne)
    if (stringKey !== undefined && someIndex !== undefined) {
      return DataErrors.mixedKeys(path, String(someIndex), textFromBytesLossy(stringKey))
    }
    if (belowOne !== undefined) return DataErrors.indexBelowOne(path, String(belowOne))
    for (let i = 0; i < n; i++) {
      if (array[i] !== undefined) continue
      let next = i + 1
      while (array[next] === undefined) next++
      return DataErrors.sparseArray(path, String(i + 1), String(next + 1))
    }
    return DataErrors.sparseArray(path, String(n + 1), String(aboveN))
  }

  /**
   * A bound tripped at `depth`. A cyclic table trips one sooner or later, so first look for a
   * table repeated on the current path and report the cycle instead.
   */
  private boundExceeded(depth: number, tooDeep: boolean): DataContractError {
    const seen = new Map<LuaTable, number>()
    for (let d = 1; d <= depth; d++) {
      const first = seen.get(this.tables[d])
      if (first !== undefined) return DataErrors.cyclic(this.path(d - 1), this.path(first - 1))
      seen.set(this.tables[d], d)
    }
    if (tooDeep) return DataErrors.tooDeep(this.path(depth - 1), this.maxDepth)
    return DataErrors.tooLarge(this.root, this.path(depth), this.maxBytes)
  }

  /** The path of the value under `keys[1..count]`. */
  private path(count: number): string {
    const segments: PathSegment[] = []
    for (let d = 1; d <= count; d++) {
      const k = this.keys[d]
      segments.push(typeof k === "string" ? textFromBytesLossy(k) : (k as number))
    }
    return pathInLua(this.root, segments)
  }
}

/** A key that no JSON object or array can have, as a message names it. */
const describeKey = (k: LuaKey): string => {
  switch (typeof k) {
    case "boolean":
      return `the boolean ${k}`
    case "number":
      return `the float ${numberToString(new LuaFloat(k))}`
    case "function":
      return "a function"
    case "symbol":
      return "json.null"
    default:
      if (k instanceof LuaFloat) return `the float ${numberToString(k)}`
      if (k instanceof ToolReference) return "a tool reference"
      return "a table"
  }
}
