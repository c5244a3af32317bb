/**
 * Copying host values into plain data, and naming the place where one is not.
 *
 * Whatever a tool returns reaches a program only as a fresh copy of JSON data (DESIGN.md, The
 * plain-data contract). Tools are host code and may hand back class instances, Maps, functions or
 * cyclic graphs; the copy refuses those with a message that names the field
 * (`output.items[3].fetch: Expected plain data ..., got a function`), so the tool's author and the
 * model both see what went wrong. We follow JSON where JSON has an answer: `undefined` properties
 * are dropped, `undefined` array slots and holes become `null`, an object with `toJSON` (a `Date`)
 * is copied as what `toJSON` returns. Non-finite numbers become `null`, as `JSON.stringify` writes
 * them, and the caller is told the first place (`onNonFinite`) so it can warn
 * (protocol/json-numbers.ts). Strings with a lone surrogate are kept as they are, as
 * `JSON.stringify` keeps them (a JSON consumer gets them escaped).
 *
 * Shared references are copied twice (the result is a tree); only a true cycle is an error.
 */

import type { DataValue } from "../protocol/data.js"
import { formatDataPath } from "../protocol/data-path.js"
import { MAX_DATA_DEPTH } from "./limits.js"
import * as Messages from "./messages.js"

export type CopyResult = { readonly ok: true; readonly value: DataValue } | { readonly ok: false; readonly message: string }

/** Told the path of the first non-finite number a copy converted to `null`. */
export type NonFiniteNote = (path: string, value: number) => void

/** Copies `value` as plain data; `root` names it in messages (`input`, `output`). */
export const copyPlainData = (
  value: unknown,
  root: string,
  maxDepth: number = MAX_DATA_DEPTH,
  onNonFinite?: NonFiniteNote,
): CopyResult => {
  const copier = new PlainCopier(root, maxDepth, onNonFinite)
  try {
    return { ok: true, value: value === undefined ? null : copier.copy(value, 0) }
  } catch (error) {
    if (error instanceof NotPlainData) return { ok: false, message: error.message }
    throw error
  }
}

class NotPlainData extends Error {}

class PlainCopier {
  private readonly path: Array<PropertyKey> = []
  private readonly ancestors = new Set<object>()

  constructor(
    private readonly root: string,
    private readonly maxDepth: number,
    private onNonFinite: NonFiniteNote | undefined,
  ) {}

  copy(value: unknown, depth: number): DataValue {
    switch (typeof value) {
      case "string":
        return value
      case "number":
        if (Number.isFinite(value)) return value
        if (this.onNonFinite !== undefined) {
          this.onNonFinite(this.where(), value)
          this.onNonFinite = undefined
        }
        return null
      case "boolean":
        return value
      case "undefined":
        return null
      case "object":
        if (value === null) return null
        return this.copyObject(value, depth)
      case "function":
        return this.fail("a function")
      case "bigint":
        return this.fail(`a bigint (${String(value)}n)`)
      case "symbol":
        return this.fail("a symbol")
    }
  }

  private copyObject(value: object, depth: number): DataValue {
    if (depth >= this.maxDepth) throw new NotPlainData(Messages.dataTooDeep(this.where(), this.maxDepth))
    if (this.ancestors.has(value)) throw new NotPlainData(Messages.cyclicData(this.where()))
    this.ancestors.add(value)
    try {
      if (Array.isArray(value)) return this.copyArray(value, depth)
      const prototype = Object.getPrototypeOf(value)
      if (prototype === Object.prototype || prototype === null) return this.copyRecord(value as Record<string, unknown>, depth)
      const toJSON = (value as { toJSON?: unknown }).toJSON
      if (typeof toJSON === "function") return this.copy(toJSON.call(value), depth + 1)
      return this.fail(describeInstance(value))
    } finally {
      this.ancestors.delete(value)
    }
  }

  private copyArray(value: ReadonlyArray<unknown>, depth: number): DataValue {
    const copy: Array<DataValue> = new Array(value.length)
    for (let index = 0; index < value.length; index++) {
      this.path.push(index)
      copy[index] = this.copy(value[index], depth + 1)
      this.path.pop()
    }
    return copy
  }

  private copyRecord(value: Record<string, unknown>, depth: number): DataValue {
    const copy: Record<string, DataValue> = {}
    for (const key of Object.keys(value)) {
      const field = value[key]
      if (field === undefined) continue
      this.path.push(key)
      const fieldCopy = this.copy(field, depth + 1)
      this.path.pop()
      // An own "__proto__" key (JSON.parse makes them) must stay data, not become a prototype.
      if (key === "__proto__") {
        Object.defineProperty(copy, key, { value: fieldCopy, enumerable: true, writable: true, configurable: true })
      } else {
        copy[key] = fieldCopy
      }
    }
    return copy
  }

  private where(): string {
    return formatDataPath(this.root, this.path, "javascript")
  }

  private fail(got: string): never {
    throw new NotPlainData(Messages.notPlainData(this.where(), got))
  }
}

const describeInstance = (value: object): string => {
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name
  return typeof name === "string" && name !== "" ? `an instance of ${name}` : "an object with a custom prototype"
}
