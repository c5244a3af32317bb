/**
 * `Math`: every function of the standard, on numbers converted with ToNumber. `Math.random` reads
 * the execution's generator (worker/world.ts), seeded per execution so a replay sees the same numbers.
 */

import { toNumber } from "../runtime/ops.js"
import { type Realm, setup } from "../runtime/realm.js"
import type { FunctionImpl } from "../runtime/object.js"

const UNARY = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "clz32", "cos", "cosh", "exp", "expm1", "floor", "fround", "log", "log1p", "log10", "log2", "round", "sign", "sin", "sinh", "sqrt", "tan", "tanh", "trunc"] as const

export function installMath(realm: Realm): void {
  const M = realm.namespace("Math")
  realm.defineGlobal("Math", M)
  const table: Record<string, readonly [number, FunctionImpl]> = {}
  for (const name of UNARY) {
    const f = Math[name] as (x: number) => number
    table[name] = [1, (st, _t, args) => f(toNumber(st, args[0]))]
  }
  table.atan2 = [2, (st, _t, [y, x]) => Math.atan2(toNumber(st, y), toNumber(st, x))]
  table.pow = [2, (st, _t, [x, y]) => Math.pow(toNumber(st, x), toNumber(st, y))]
  table.imul = [2, (st, _t, [x, y]) => Math.imul(toNumber(st, x), toNumber(st, y))]
  table.max = [2, (st, _t, args) => {
    let r = -Infinity
    for (const a of args) {
      const n = toNumber(st, a)
      if (n !== n) r = n
      else if (r === r && (n > r || (n === 0 && r === 0 && Object.is(r, -0)))) r = n
    }
    return r
  }]
  table.min = [2, (st, _t, args) => {
    let r = Infinity
    for (const a of args) {
      const n = toNumber(st, a)
      if (n !== n) r = n
      else if (r === r && (n < r || (n === 0 && r === 0 && Object.is(n, -0)))) r = n
    }
    return r
  }]
  table.hypot = [2, (st, _t, args) => {
    // In slices: a program may pass more arguments than one host call can take.
    const ns = args.map((a) => toNumber(st, a))
    if (ns.length <= 8192) return Math.hypot(...ns)
    const partial: number[] = []
    for (let i = 0; i < ns.length; i += 8192) partial.push(Math.hypot(...ns.slice(i, i + 8192)))
    return Math.hypot(...partial)
  }]
  table.random = [0, (st) => st.world.random()]
  realm.methods(M, table)
  for (const name of ["E", "LN10", "LN2", "LOG10E", "LOG2E", "PI", "SQRT1_2", "SQRT2"] as const) setup(M, name, Math[name], 7)
}
