/**
 * The ordering and splicing shared by `sort`/`toSorted` and `splice`/`toSpliced`, apart so that
 * array.ts and array-methods.ts both import it without importing each other.
 */

import { JsFunction, type Value } from "../runtime/object.js"
import { toNumber, toStr } from "../runtime/ops.js"
import type { JsState } from "../runtime/state.js"

/**
 * `items.splice(start, count, ...inserted)` without spreading a long list into one host call (a
 * program can pass hundreds of thousands of arguments; the host's stack cannot take them).
 */
const SPREAD_CHUNK = 8192
export function spliceItems(items: Value[], start: number, count: number, inserted: Value[]): Value[] {
  if (inserted.length <= SPREAD_CHUNK) return items.splice(start, count, ...inserted)
  const removed = items.splice(start, count)
  for (let i = 0; i < inserted.length; i += SPREAD_CHUNK) items.splice(start + i, 0, ...inserted.slice(i, i + SPREAD_CHUNK))
  return removed
}

export function compareDefault(st: JsState, a: Value, b: Value): number {
  if (a === undefined) return b === undefined ? 0 : 1
  if (b === undefined) return -1
  const x = toStr(st, a)
  const y = toStr(st, b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** SortIndexedProperties' ordering: undefined last, the comparator's NaN as 0. */
export function sortValues(st: JsState, values: Value[], cmp: Value): Value[] {
  st.charge(values.length * Math.ceil(Math.log2(values.length + 2)))
  const undef: Value[] = values.filter((v) => v === undefined)
  const defined: Value[] = values.filter((v) => v !== undefined)
  const compare =
    cmp === undefined
      ? (a: Value, b: Value) => compareDefault(st, a, b)
      : (a: Value, b: Value) => {
          const r = toNumber(st, st.call(cmp, undefined, [a, b]))
          return r !== r ? 0 : r
        }
  defined.sort(compare as (a: unknown, b: unknown) => number)
  for (const u of undef) defined.push(u)
  return defined
}

export const checkComparator = (st: JsState, cmp: Value): void => {
  if (cmp !== undefined && !(cmp instanceof JsFunction)) throw st.typeError("The comparison function must be either a function or undefined")
}

