/**
 * The `math` library: all of Lua 5.4's, with its integer/float results and its argument errors.
 *
 * Each function follows `lmathlib.c` of Lua 5.4.4 (the version Debian 12 ships), including the
 * parts that surprise: `math.floor(3.7)` and `math.modf(3.7)` return integers when the value fits
 * (`math.floor(2^70)` stays a float); `math.abs`, `floor`, `ceil`, `fmod` and `modf` keep an
 * integer argument integral but treat a numeric string as a float; `math.max`/`math.min` compare
 * with Lua's `<` and so accept strings too, raising "attempt to compare ..." without a position;
 * `math.tointeger("8")` is 8 in 5.4.4.
 *
 * NaN: glibc decides the sign of the NaN a function returns for an invalid argument, and `tostring`
 * shows it (`-nan` or `nan`). V8's math functions do not always agree, so `floatResult` replaces
 * such a NaN with the one glibc returns — the argument's own NaN if it was one, else the
 * function's default (`-nan` for `log`, `sqrt`, `fmod`..., `nan` for `log10`, `asin`, `acos`).
 *
 * Random numbers come from `Xoshiro256`, Lua 5.4's generator. Each execution's state holds one
 * (`st.random`), seeded by `begin` as `math.randomseed(st.randomSeed)` would seed it: a host that fixes
 * `randomSeed` gets the same sequence on every run, and the sequence equals real Lua's after
 * `math.randomseed(<that seed>)`. `math.randomseed()` without arguments (real Lua: time and an
 * address) draws its two seeds from the generator itself, so it stays deterministic per
 * execution, and returns them as Lua 5.4.4 does.
 */

import { DEFAULT_NAN, floatToInteger, lessThan, numberMessages, toInteger } from "../runtime/number.js"
import type { LuaState } from "../runtime/state.js"
import {
  LuaError,
  LuaFloat,
  type LuaTable,
  MAX_INTEGER,
  MIN_INTEGER,
  canonicalFloat,
  canonicalInteger,
  isInteger,
  isNumber,
  toDouble,
  type LuaFunction,
  type LuaValue,
} from "../runtime/value.js"
import { argError, checkAny, checkInteger, checkNumber, optInteger, libraryTable } from "./args.js"

/** The NaN JavaScript's own operations produce: sign bit clear, printed `nan`. */
const POSITIVE_NAN = NaN

/** A float result, with the NaN glibc would return (see the essay). */
const floatResult = (r: number, x: number, invalid: number = DEFAULT_NAN): LuaValue[] => {
  if (r !== r) r = x !== x ? x : invalid
  return [canonicalFloat(r)]
}

/** Lua's `pushnumint`: an integral float that fits becomes an integer, else it stays a float. */
const integerIfFits = (d: number): LuaValue => floatToInteger(d) ?? canonicalFloat(d)

export const openMath = (st: LuaState): LuaTable => {
  const math = libraryTable(st)
  // The state's own generator: these functions are made once per state, and `begin` reseeds it.
  const generator = st.random

  const number = (args: LuaValue[], i: number, name: string): number => toDouble(checkNumber(st, args, i, name))

  const unary =
    (name: string, fn: (x: number) => number, invalid: number = DEFAULT_NAN): LuaFunction =>
    (args) => {
      const x = number(args, 0, name)
      return floatResult(fn(x), x, invalid)
    }

  const functions: Record<string, LuaFunction> = {
    abs: (args) => {
      const v = args[0]
      if (typeof v === "number" && Number.isInteger(v)) return [Math.abs(v)]
      if (typeof v === "bigint") return [v < 0n ? canonicalInteger(-v) : v]
      return [canonicalFloat(Math.abs(number(args, 0, "abs")))]
    },
    ceil: (args) => (isInteger(args[0]) ? [args[0]] : [integerIfFits(Math.ceil(number(args, 0, "ceil")))]),
    floor: (args) => (isInteger(args[0]) ? [args[0]] : [integerIfFits(Math.floor(number(args, 0, "floor")))]),
    fmod: (args) => fmod(args),
    modf: (args) => {
      if (isInteger(args[0])) return [args[0], new LuaFloat(0)]
      const n = number(args, 0, "modf")
      const whole = n < 0 ? Math.ceil(n) : Math.floor(n)
      return [integerIfFits(whole), n === whole ? new LuaFloat(0) : canonicalFloat(n - whole)]
    },
    sqrt: unary("sqrt", Math.sqrt),
    exp: unary("exp", Math.exp),
    sin: unary("sin", Math.sin),
    cos: unary("cos", Math.cos),
    tan: unary("tan", Math.tan),
    asin: unary("asin", Math.asin, POSITIVE_NAN),
    acos: unary("acos", Math.acos, POSITIVE_NAN),
    atan: (args) => {
      const y = number(args, 0, "atan")
      const x = args[1] === undefined ? 1 : number(args, 1, "atan")
      return floatResult(Math.atan2(y, x), y !== y ? y : x)
    },
    log: (args) => log(args),
    deg: (args) => [canonicalFloat(number(args, 0, "deg") * (180 / Math.PI))],
    rad: (args) => [canonicalFloat(number(args, 0, "rad") * (Math.PI / 180))],
    max: (args) => [extreme(args, "max", true)],
    min: (args) => [extreme(args, "min", false)],
    tointeger: (args) => {
      // 5.4.4 converts strings here too (`lua_tointegerx`); later versions do not.
      const n = toInteger(args[0])
      if (n !== undefined) return [n]
      checkAny(st, args, 0, "tointeger")
      return [undefined]
    },
    type: (args) => {
      const v = args[0]
      if (isNumber(v)) return [isInteger(v) ? "integer" : "float"]
      checkAny(st, args, 0, "type")
      return [undefined]
    },
    ult: (args) => {
      const a = checkInteger(st, args, 0, "ult")
      const b = checkInteger(st, args, 1, "ult")
      // Unsigned order: same-sign values keep their order; a negative one is above every non-negative one.
      return [a < 0 === b < 0 ? a < b : b < 0]
    },
    random: (args) => random(args),
    randomseed: (args) => {
      let n1: number | bigint
      let n2: number | bigint
      if (args.length === 0) {
        n1 = generator.nextInteger()
        n2 = generator.nextInteger()
      } else {
        n1 = checkInteger(st, args, 0, "randomseed")
        n2 = optInteger(st, args, 1, "randomseed", 0)
      }
      generator.seed(n1, n2)
      return [n1, n2]
    },
  }

  const fmod = (args: LuaValue[]): LuaValue[] => {
    const a = args[0]
    const d = args[1]
    if (isInteger(a) && isInteger(d)) {
      if (d === 0 || d === -1) {
        if (d === 0) argError(st, 1, "fmod", "zero")
        return [0] // also avoids the overflow of mininteger % -1
      }
      // C's `%` truncates, as JavaScript's does.
      if (typeof a === "number" && typeof d === "number") return [a % d === 0 ? 0 : a % d]
      return [canonicalInteger(BigInt(a) % BigInt(d))]
    }
    const x = number(args, 0, "fmod")
    const y = number(args, 1, "fmod")
    const r = x % y
    return floatResult(r, x !== x ? x : y)
  }

  const log = (args: LuaValue[]): LuaValue[] => {
    const x = number(args, 0, "log")
    if (args[1] === undefined) return floatResult(Math.log(x), x)
    const base = number(args, 1, "log")
    if (base === 2) return floatResult(Math.log2(x), x)
    if (base === 10) return floatResult(Math.log10(x), x, POSITIVE_NAN)
    const numerator = floatResult(Math.log(x), x)[0] as number | LuaFloat
    const denominator = floatResult(Math.log(base), base)[0] as number | LuaFloat
    return [canonicalFloat(toDouble(numerator) / toDouble(denominator))]
  }

  /** `math.max` (`greatest`) or `math.min`: the first of the extreme values, compared with `<`. */
  const extreme = (args: LuaValue[], name: string, greatest: boolean): LuaValue => {
    if (args.length === 0) argError(st, 0, name, "value expected")
    st.charge(args.length)
    let best = args[0]
    for (let i = 1; i < args.length; i++) {
      const v = args[i]
      const left = greatest ? best : v
      const right = greatest ? v : best
      const less = lessThan(left, right)
      // Raised inside a C function in real Lua, so the message carries no position.
      if (less === undefined) throw new LuaError(numberMessages.compare(left, right))
      if (less) best = v
    }
    return best
  }

  const random = (args: LuaValue[]): LuaValue[] => {
    let low: number | bigint
    let up: number | bigint
    switch (args.length) {
      case 0:
        return [canonicalFloat(generator.nextFloat())]
      case 1:
        low = 1
        up = checkInteger(st, args, 0, "random")
        if (up === 0) return [generator.nextInteger()]
        break
      case 2:
        low = checkInteger(st, args, 0, "random")
        up = checkInteger(st, args, 1, "random")
        break
      default:
        st.error("wrong number of arguments")
    }
    if (low > up) argError(st, 0, "random", "interval is empty")
    return [generator.nextInRange(low, up)]
  }

  for (const name of Object.keys(functions)) math.set(name, functions[name])
  math.set("pi", Math.PI)
  math.set("huge", Infinity)
  math.set("maxinteger", MAX_INTEGER)
  math.set("mininteger", MIN_INTEGER)
  return math
}
