/**
 * Plain data -> Lua: the copy behind `dataToLua` and `json.decode` (contract in `lua.ts`).
 *
 * The input comes from host code and is not trusted to be what its type says. Before touching a
 * container the walk asks `isProxy` (which runs no trap, unlike `getPrototypeOf` or `Object.keys`
 * on a Proxy, and does not throw on a revoked one as `Array.isArray` does) and then whether the
 * prototype is `Array.prototype`, `Object.prototype` or null. It lists own enumerable string keys
 * with `Object.keys` and reads each property through its descriptor, so an accessor is reported
 * instead of called. Data the caller decoded itself (`JSON.parse`, a structured clone) cannot hold
 * accessors, so `trusted` skips the descriptors, which make the walk several times slower. Tables
 * are built directly (array part, hash `Map`), with their shape recorded.
 */

import { formatDataPath } from "../../../protocol/data-path.js"
import { types } from "node:util"
import { DataErrors, jsonNumberBytes, type DataContractError, type PathSegment } from "../../data/contract.js"
import { bytesFromText } from "../../data/utf8.js"
import type { LuaState } from "../runtime/state.js"
import { JSON_NULL, LuaFloat, LuaTable, TableShape, type LuaKey, type LuaValue } from "../runtime/value.js"

/** A path as a Lua program writes it. */
const pathInLua = (root: string, segments: ArrayLike<PathSegment>, count?: number): string =>
  formatDataPath(root, segments, "lua", count)

export interface DataToLuaOptions {
  /** Root of paths in messages (`output`, `value`). */
  readonly root?: string
  /**
   * The caller guarantees plain data with no accessor properties (it came from `JSON.parse` or a
   * structured clone): values are read directly instead of through property descriptors.
   */
  readonly trusted?: boolean
}

const getOwnProperty = Object.getOwnPropertyDescriptor
const getPrototype = Object.getPrototypeOf
const { isProxy } = types

/** Copies host data into Lua values; throws `DataContractError`. */
export class DataToLua {
  bytes = 0
  private readonly keys: PathSegment[] = []
  private readonly objects: object[] = []
  private readonly maxBytes: number
  private readonly maxDepth: number
  private readonly maxEntries: number

  constructor(
    private readonly st: LuaState,
    private readonly root: string,
    private readonly trusted: boolean,
  ) {
    this.maxBytes = st.bounds.maxDataBytes
    this.maxDepth = st.bounds.maxDataDepth
    this.maxEntries = st.bounds.maxTableEntries
  }

  copy(data: unknown): LuaValue {
    const value = this.value(data, 0)
    if (this.bytes > this.maxBytes) throw this.boundExceeded(0, false)
    return value
  }

  private value(v: unknown, depth: number): LuaValue {
    switch (typeof v) {
      case "string":
        this.bytes += v.length + 2
        return bytesFromText(v)
      case "number":
        return this.number(v, depth)
      case "boolean":
        this.bytes += 5
        return v
      case "object":
        if (v === null) {
          this.bytes += 4
          return JSON_NULL
        }
        return this.container(v, depth + 1)
      case "undefined": // only at the top: containers skip or nullify their own
        this.bytes += 4
        return undefined
      case "bigint":
        throw DataErrors.notData(this.path(depth), "a BigInt", "; convert it to a number or a string")
      case "symbol":
        throw DataErrors.notData(this.path(depth), "a symbol")
      default:
        throw DataErrors.notData(this.path(depth), "a function")
    }
  }

  private number(n: number, depth: number): LuaValue {
    if (Number.isSafeInteger(n)) {
      this.bytes += jsonNumberBytes(n)
      return n === 0 && 1 / n < 0 ? new LuaFloat(-0) : n
    }
    if (!Number.isFinite(n)) {
      throw DataErrors.notData(this.path(depth), n !== n ? "NaN (not a number)" : "an infinite number")
    }
    this.bytes += 18
    return Number.isInteger(n) ? new LuaFloat(n) : n
  }

  private container(v: object, depth: number): LuaTable {
    this.objects[depth] = v
    if (depth > this.maxDepth) throw this.boundExceeded(depth, true)
    // Before anything that could run a trap: Array.isArray and getPrototypeOf see through
    // a Proxy (or throw when it is revoked).
    if (isProxy(v)) throw DataErrors.notPlain(this.path(depth - 1), "a Proxy")
    const proto = getPrototype(v)
    if (Array.isArray(v)) {
      if (proto !== Array.prototype) throw DataErrors.notPlain(this.path(depth - 1), describeInstance(proto))
      return this.array(v, depth)
    }
    if (proto !== Object.prototype && proto !== null) {
      throw DataErrors.notPlain(this.path(depth - 1), describeInstance(proto))
    }
    return this.object(v, depth)
  }

  private array(v: readonly unknown[], depth: number): LuaTable {
    const n = v.length
    if (n > this.maxEntries) throw DataErrors.tooManyEntries(this.path(depth - 1), this.maxEntries)
    this.bytes += n + 1
    if (this.bytes > this.maxBytes) throw this.boundExceeded(depth - 1, false)
    this.st.charge(n + 1)
    const t = new LuaTable(this.maxEntries)
    t.shape = TableShape.Array
    const out: LuaValue[] = []
    t.array = out
    const keys = this.keys
    const trusted = this.trusted
    for (let i = 0; i < n; i++) {
      keys[depth] = i + 1
      let e: unknown
      if (trusted) e = v[i]
      else {
        const d = getOwnProperty(v, i)
        if (d !== undefined && !("value" in d)) throw DataErrors.notPlain(this.path(depth), "an accessor property")
        e = d === undefined ? undefined : d.value
      }
      if (typeof e === "string") {
        this.bytes += e.length + 2
        out.push(bytesFromText(e))
      } else {
        out.push(e === undefined ? JSON_NULL : this.value(e, depth))
      }
      if (this.bytes > this.maxBytes) throw this.boundExceeded(depth, false)
    }
    return t
  }

  private object(v: object, depth: number): LuaTable {
    const names = Object.keys(v)
    const n = names.length
    if (n > this.maxEntries) throw DataErrors.tooManyEntries(this.path(depth - 1), this.maxEntries)
    this.st.charge(n + 1)
    this.bytes += n + 1
    const t = new LuaTable(this.maxEntries)
    t.shape = TableShape.Object
    if (n === 0) return t
    const hash = new Map<LuaKey, LuaValue>()
    const keys = this.keys
    const trusted = this.trusted
    for (let i = 0; i < n; i++) {
      const name = names[i]
      keys[depth] = name
      let e: unknown
      if (trusted) e = (v as Record<string, unknown>)[name]
      else {
        const d = getOwnProperty(v, name)
        if (d !== undefined && !("value" in d)) throw DataErrors.notPlain(this.path(depth), "an accessor property")
        e = d === undefined ? undefined : d.value
      }
      if (e === undefined) continue
      this.bytes += name.length + 3
      hash.set(bytesFromText(name), this.value(e, depth))
      if (this.bytes > this.maxBytes) throw this.boundExceeded(depth, false)
    }
    if (hash.size > 0) t.hash = hash
    return t
  }

  private boundExceeded(depth: number, tooDeep: boolean): DataContractError {
    const seen = new Map<object, number>()
    for (let d = 1; d <= depth; d++) {
      const first = seen.get(this.objects[d])
      if (first !== undefined) return DataErrors.cyclic(this.path(d - 1), this.path(first - 1))
      seen.set(this.objects[d], d)
    }
    if (tooDeep) return DataErrors.tooDeep(this.path(depth - 1), this.maxDepth)
    return DataErrors.tooLarge(this.root, this.path(depth), this.maxBytes)
  }

  private path(count: number): string {
    return pathInLua(this.root, this.keys.slice(1, count + 1))
  }
}

/** What a non-plain object is, found without running any of its code (no getter, no trap). */
const describeInstance = (proto: object | null): string => {
  if (proto === null || isProxy(proto)) return "an object with an unusual prototype"
  const ctor = getOwnProperty(proto, "constructor")
  const fn = ctor !== undefined && "value" in ctor ? ctor.value : undefined
  if (typeof fn !== "function" || isProxy(fn)) return "an object with an unusual prototype"
  const name = getOwnProperty(fn, "name")
  const text = name !== undefined && "value" in name && typeof name.value === "string" ? name.value : ""
  return text === "" ? "an instance of an anonymous class" : `an instance of ${text}`
}
