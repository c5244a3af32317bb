/**
 * Lua 5.4 number semantics: coercions, arithmetic, comparison and the numeric `for` preparation.
 *
 * These are the slow paths. The compiler inlines the cases where both operands are plain
 * JavaScript numbers and calls in here for everything else: strings, boxed integral floats,
 * integers beyond 2^53 (bigint), results that leave the safe range, and errors. So the functions
 * favour exactness over speed, but allocate nothing beyond their result (a `LuaFloat` box for an
 * integral float): BigInt appears only when an operand is a bigint or a result leaves the safe range.
 *
 * Integers are 64-bit two's complement as in real Lua: every integer result goes through
 * `canonicalInteger` when it may have left the safe range, which wraps it and turns safe values
 * back into numbers. A JavaScript integer operation can produce `-0` (`0 * -1`, `-0`, `-4 % 2`);
 * Lua integers have no negative zero, so integer results are normalized to `0` here — and the
 * compiler's inline fast paths must do the same.
 *
 * Coercion rules are real Lua's, and they differ by operator family:
 * - arithmetic (`+ - * / % // ^`, unary `-`) converts numeric strings (`"10" + 1 == 11`); in real
 *   Lua that is the string metatable's doing, which is why its error for a non-numeric string
 *   reads "attempt to add a 'string' with a 'number'";
 * - bitwise operators never convert strings (`"3" & 1` is an error) but accept floats with an exact
 *   integer value (`3.0 | 0 == 3`), and fail with "number has no integer representation" otherwise.
 *
 * `arith` returns `undefined` when an operand has the wrong type, so the compiler can raise the
 * error with the variable name it knows; `arithmeticErrorMessage` words it. Errors that do not
 * depend on names (division by zero, no integer representation) are thrown as `ArithmeticFault`.
 */

import { DEFAULT_NAN, stringToNumber } from "./numeral.js"
import { powFloats } from "./power.js"
import {
  LuaFloat,
  MAX_INTEGER,
  MIN_INTEGER,
  canonicalFloat,
  canonicalInteger,
  isNumber,
  toDouble,
  typeName,
  type LuaValue,
} from "./value.js"

export { floatToString, formatFloatG, numberToString, parseNumber, signBit, DEFAULT_NAN } from "./numeral.js"
export { powFloats } from "./power.js"

type Integer = number | bigint
type LuaNumber = number | bigint | LuaFloat

const MAX_SAFE = Number.MAX_SAFE_INTEGER
const TWO_32 = 4294967296
const TWO_63 = 9223372036854775808

// ---------------------------------------------------------------------------------------------
// Faults and messages

/**
 * An arithmetic error that does not depend on variable names. The message is Lua's, without a
 * position: the compiler adds `input:LINE: `, except when `withoutPosition` is set — real Lua raises
 * those inside the string metatable's C function, and its message then carries no position.
 */
export class ArithmeticFault extends Error {
  constructor(
    message: string,
    /** For "no integer representation": which operand (0 or 1) has none, so a name can be added. */
    readonly operand: 0 | 1 | undefined = undefined,
    readonly withoutPosition = false,
  ) {
    super(message)
    this.name = "ArithmeticFault"
  }
}

/** The wording of every number-related error, as Lua 5.4.4 prints it. `info` is Lua's `varinfo`: `" (local 'x')"` or `""`. */
export const numberMessages = {
  divideByZero: () => "attempt to divide by zero",
  moduloByZero: () => "attempt to perform 'n%0'",
  noIntegerRepresentation: (info = "") => `number${info} has no integer representation`,
  forStepZero: () => "'for' step is zero",
  forNotNumber: (what: "initial value" | "limit" | "step", value: LuaValue) =>
    `bad 'for' ${what} (number expected, got ${typeName(value)})`,
  compare: (a: LuaValue, b: LuaValue) => {
    const left = typeName(a)
    const right = typeName(b)
    return left === right ? `attempt to compare two ${left} values` : `attempt to compare ${left} with ${right}`
  },
}

const BITWISE = new Set<string>(["band", "bor", "bxor", "shl", "shr", "bnot"])

/**
 * The message for an operator whose operands are not numbers (after `arith`, `unm` or `bnot`
 * returned `undefined`). For unary operators pass the operand twice. `infoA`/`infoB` describe the
 * operands as Lua's `varinfo` does (`" (local 'x')"`, `" (constant 'abc')"`, `" (global 'g')"`,
 * `" (field 'f')"`, `" (upvalue 'u')"` or `""`).
 */
export const arithmeticErrorMessage = (
  op: ArithOp | "unm" | "bnot",
  a: LuaValue,
  b: LuaValue,
  infoA = "",
  infoB = "",
): string => {
  if (BITWISE.has(op)) {
    if (isNumber(a) && isNumber(b)) {
      return numberMessages.noIntegerRepresentation(bitOperand(a) === null ? infoA : infoB)
    }
    return isNumber(a)
      ? `attempt to perform bitwise operation on a ${typeName(b)} value${infoB}`
      : `attempt to perform bitwise operation on a ${typeName(a)} value${infoA}`
  }
  if (typeof a === "string" || typeof b === "string") {
    return `attempt to ${op} a '${typeName(a)}' with a '${typeName(b)}'`
  }
  return isNumber(a)
    ? `attempt to perform arithmetic on a ${typeName(b)} value${infoB}`
    : `attempt to perform arithmetic on a ${typeName(a)} value${infoA}`
}

// ---------------------------------------------------------------------------------------------
// Conversions

/** A Lua number for `v`: numbers as they are, numeric strings converted, anything else `undefined`. */
export const toNumber = (v: LuaValue): LuaNumber | undefined => {
  if (typeof v === "number" || typeof v === "bigint" || v instanceof LuaFloat) return v
  if (typeof v === "string") return stringToNumber(v)
  return undefined
}

/** `v` as a double (`luaL_checknumber`): numbers and numeric strings, else `undefined`. */
export const toFloat = (v: LuaValue): number | undefined => {
  if (typeof v === "number") return v
  const n = toNumber(v)
  return n === undefined ? undefined : toDouble(n)
}

/** A float with an exact integer value in the 64-bit range, as that integer. */
export const floatToInteger = (n: number): Integer | undefined => {
  if (!Number.isInteger(n)) return undefined
  if (n <= MAX_SAFE && n >= -MAX_SAFE) return n === 0 ? 0 : n
  if (n >= -TWO_63 && n < TWO_63) return BigInt(n)
  return undefined
}

/** `v` as an integer (`lua_tointeger`): integers, integral floats in range, strings that read as either. */
export const toInteger = (v: LuaValue): Integer | undefined => {
  if (typeof v === "number") return Number.isInteger(v) ? v : undefined
  if (typeof v === "bigint") return v
  if (v instanceof LuaFloat) return floatToInteger(v.n)
  if (typeof v === "string") {
    const n = stringToNumber(v)
    return n === undefined ? undefined : toInteger(n)
  }
  return undefined
}

/** A float rounded down (or up) to an integer when in range (`luaV_flttointeger` with floor/ceil). */
const floatToIntegerRounded = (n: number, up: boolean): Integer | undefined =>
  floatToInteger(up ? Math.ceil(n) : Math.floor(n))

const isIntegerNumber = (x: LuaNumber): x is Integer =>
  typeof x === "number" ? Number.isInteger(x) : typeof x === "bigint"

const big = (x: Integer): bigint => (typeof x === "bigint" ? x : BigInt(x))

// ---------------------------------------------------------------------------------------------
// Integer arithmetic (64-bit, wrapping)

export const addIntegers = (x: Integer, y: Integer): Integer => {
  if (typeof x === "number" && typeof y === "number") {
    const r = x + y
    if (r <= MAX_SAFE && r >= -MAX_SAFE) return r
  }
  return canonicalInteger(big(x) + big(y))
}

export const subtractIntegers = (x: Integer, y: Integer): Integer => {
  if (typeof x === "number" && typeof y === "number") {
    const r = x - y
    if (r <= MAX_SAFE && r >= -MAX_SAFE) return r
  }
  return canonicalInteger(big(x) - big(y))
}

export const multiplyIntegers = (x: Integer, y: Integer): Integer => {
  if (typeof x === "number" && typeof y === "number") {
    // An exact product within the safe range is computed exactly; anything larger rounds to >= 2^53.
    const r = x * y
    if (r <= MAX_SAFE && r >= -MAX_SAFE) return r === 0 ? 0 : r
  }
  return canonicalInteger(big(x) * big(y))
}

/** Floor division (`//`) of integers. */
export const floorDivideIntegers = (x: Integer, y: Integer): Integer => {
  if (typeof x === "number" && typeof y === "number") {
    if (y === 0) throw new ArithmeticFault(numberMessages.divideByZero())
    // `%` and the division of an exact multiple are both exact, where `Math.floor(x / y)` may round.
    const r = x % y
    let q = (x - r) / y
    if (r !== 0 && r < 0 !== y < 0) q -= 1
    return q === 0 ? 0 : q
  }
  const a = big(x)
  const b = big(y)
  if (b === 0n) throw new ArithmeticFault(numberMessages.divideByZero())
  let q = a / b
  if ((a % b !== 0n) && (a < 0n) !== (b < 0n)) q -= 1n
  return canonicalInteger(q)
}

/** Floor modulo (`%`) of integers: the result has the sign of the divisor. */
export const moduloIntegers = (x: Integer, y: Integer): Integer => {
  if (typeof x === "number" && typeof y === "number") {
    if (y === 0) throw new ArithmeticFault(numberMessages.moduloByZero())
    let r = x % y
    if (r !== 0 && r < 0 !== y < 0) r += y
    return r === 0 ? 0 : r
  }
  const a = big(x)
  const b = big(y)
  if (b === 0n) throw new ArithmeticFault(numberMessages.moduloByZero())
  let r = a % b
  if (r !== 0n && r < 0n !== b < 0n) r += b
  return canonicalInteger(r)
}

// ---------------------------------------------------------------------------------------------
// Float arithmetic (C semantics)

/** Lua's float `%`: C's `fmod`, then moved into the divisor's sign (`luai_nummod`). */
export const moduloFloats = (a: number, b: number): number => {
  let r = a % b
  if (r !== r) return nanOf(a, b)
  if (r > 0 ? b < 0 : r < 0 && b > 0) r += b
  return r
}

/** The NaN C returns for an invalid operation: an operand's own NaN, else the hardware default. */
const nanOf = (a: number, b: number): number => (a !== a ? a : b !== b ? b : DEFAULT_NAN)

// ---------------------------------------------------------------------------------------------
// Operators

export type ArithOp = "add" | "sub" | "mul" | "div" | "mod" | "idiv" | "pow" | "band" | "bor" | "bxor" | "shl" | "shr"

type Binary = (a: LuaValue, b: LuaValue) => LuaValue | undefined

/** An arithmetic operator: numeric strings converted, integers kept integral, floats otherwise. */
const arithmetic =
  (onIntegers: (x: Integer, y: Integer) => Integer, onFloats: (x: number, y: number) => number): Binary =>
  (a, b) => {
    const x = toNumber(a)
    const y = toNumber(b)
    if (x === undefined || y === undefined) return undefined
    if (isIntegerNumber(x) && isIntegerNumber(y)) {
      if (typeof a === "string" || typeof b === "string") return stringOperands(onIntegers, x, y)
      return onIntegers(x, y)
    }
    return canonicalFloat(onFloats(toDouble(x), toDouble(y)))
  }

/** Real Lua computes string arithmetic inside a C function, so its faults carry no position. */
const stringOperands = (onIntegers: (x: Integer, y: Integer) => Integer, x: Integer, y: Integer): Integer => {
  try {
    return onIntegers(x, y)
  } catch (fault) {
    if (fault instanceof ArithmeticFault) throw new ArithmeticFault(fault.message, undefined, true)
    throw fault
  }
}

/** An operator whose result is always a float (`/`, `^`). */
const floating =
  (onFloats: (x: number, y: number) => number): Binary =>
  (a, b) => {
    const x = toNumber(a)
    const y = toNumber(b)
    if (x === undefined || y === undefined) return undefined
    return canonicalFloat(onFloats(toDouble(x), toDouble(y)))
  }

/** A bitwise operand: a number with an integer value, `null` for a float without one, `undefined` for a non-number. */
const bitOperand = (v: LuaValue): Integer | null | undefined => {
  if (typeof v === "number") return Number.isInteger(v) ? v : null
  if (typeof v === "bigint") return v
  if (v instanceof LuaFloat) return floatToInteger(v.n) ?? null
  return undefined
}

const bitwise =
  (onIntegers: (x: Integer, y: Integer) => Integer): Binary =>
  (a, b) => {
    const x = bitOperand(a)
    const y = bitOperand(b)
    if (x === undefined || y === undefined) return undefined
    if (x === null) throw new ArithmeticFault(numberMessages.noIntegerRepresentation(), 0)
    if (y === null) throw new ArithmeticFault(numberMessages.noIntegerRepresentation(), 1)
    return onIntegers(x, y)
  }

/** `x op y` on the two 32-bit halves of safe integers (whose bits 53..63 all copy the sign). */
const splitBitwise = (x: number, y: number, op: (a: number, b: number) => number): number | bigint => {
  const high = op(Math.floor(x / TWO_32), Math.floor(y / TWO_32))
  const low = op(x >>> 0, y >>> 0) >>> 0
  const r = high * TWO_32 + low
  return r < -MAX_SAFE ? BigInt(r) : r
}

const and = (a: number, b: number): number => a & b
const or = (a: number, b: number): number => a | b
const xor = (a: number, b: number): number => a ^ b

export const andIntegers = (x: Integer, y: Integer): Integer => {
  if (typeof x === "number" && typeof y === "number") return (x | 0) === x && (y | 0) === y ? x & y : splitBitwise(x, y, and)
  return canonicalInteger(big(x) & big(y))
}

export const orIntegers = (x: Integer, y: Integer): Integer => {
  if (typeof x === "number" && typeof y === "number") return (x | 0) === x && (y | 0) === y ? x | y : splitBitwise(x, y, or)
  return canonicalInteger(big(x) | big(y))
}

export const xorIntegers = (x: Integer, y: Integer): Integer => {
  if (typeof x === "number" && typeof y === "number") return (x | 0) === x && (y | 0) === y ? x ^ y : splitBitwise(x, y, xor)
  return canonicalInteger(big(x) ^ big(y))
}

/** Lua's `<<`: logical, a negative count shifts the other way, 64 or more gives 0. */
export const shiftLeftIntegers = (x: Integer, n: Integer): Integer => {
  if (typeof n === "bigint" || n <= -64 || n >= 64) return 0
  if (n < 0) return shiftRightLogical(x, -n)
  if (typeof x === "number") {
    const r = x * 2 ** n
    if (r <= MAX_SAFE && r >= -MAX_SAFE) return r
  }
  return canonicalInteger(big(x) << BigInt(n))
}

/** Lua's `>>`: logical (zeros come in from the left). */
export const shiftRightIntegers = (x: Integer, n: Integer): Integer => {
  if (typeof n === "bigint" || n <= -64 || n >= 64) return 0
  return n < 0 ? shiftLeftIntegers(x, -n) : shiftRightLogical(x, n)
}

const shiftRightLogical = (x: Integer, n: number): Integer => {
  if (n === 0) return x
  if (typeof x === "number" && x >= 0) return Math.floor(x / 2 ** n)
  return canonicalInteger(BigInt.asUintN(64, big(x)) >> BigInt(n))
}

/** Each binary operator by name, for the compiler to bind at compile time. */
export const ARITH: Readonly<Record<ArithOp, Binary>> = {
  add: arithmetic(addIntegers, (x, y) => x + y),
  sub: arithmetic(subtractIntegers, (x, y) => x - y),
  mul: arithmetic(multiplyIntegers, (x, y) => x * y),
  mod: arithmetic(moduloIntegers, moduloFloats),
  idiv: arithmetic(floorDivideIntegers, (x, y) => Math.floor(x / y)),
  div: floating((x, y) => x / y),
  pow: floating(powFloats),
  band: bitwise(andIntegers),
  bor: bitwise(orIntegers),
  bxor: bitwise(xorIntegers),
  shl: bitwise(shiftLeftIntegers),
  shr: bitwise(shiftRightIntegers),
}

/**
 * `a op b` with Lua 5.4 semantics. `undefined` when an operand has the wrong type (see
 * `arithmeticErrorMessage`); throws `ArithmeticFault` for integer division by zero and for bitwise
 * operands without an integer value.
 */
export const arith = (op: ArithOp, a: LuaValue, b: LuaValue): LuaValue | undefined => ARITH[op](a, b)

/** Unary minus: numeric strings converted; integers wrap (`-math.mininteger == math.mininteger`). */
export const unm = (a: LuaValue): LuaValue | undefined => {
  const x = toNumber(a)
  if (x === undefined) return undefined
  if (typeof x === "number") return x === 0 ? 0 : -x // a raw 0 is the integer: no `-0` for it
  if (typeof x === "bigint") return canonicalInteger(-x)
  return new LuaFloat(-x.n)
}

/** Bitwise not: no string coercion; a float needs an exact integer value. */
export const bnot = (a: LuaValue): LuaValue | undefined => {
  const x = bitOperand(a)
  if (x === undefined) return undefined
  if (x === null) throw new ArithmeticFault(numberMessages.noIntegerRepresentation(), 0)
  if (typeof x === "number") {
    const r = -x - 1
    return r < -MAX_SAFE ? BigInt(r) : r
  }
  return canonicalInteger(~x)
}

// ---------------------------------------------------------------------------------------------
// Comparison

/**
 * `a < b`: numbers of any subtypes compared exactly (JavaScript compares bigint with number by
 * mathematical value, NaN always false), strings bytewise; `undefined` for any other pair, which
 * the caller reports with `numberMessages.compare`.
 */
export const lessThan = (a: LuaValue, b: LuaValue): boolean | undefined => {
  if (isNumber(a) && isNumber(b)) return plain(a) < plain(b)
  if (typeof a === "string" && typeof b === "string") return a < b
  return undefined
}

/** `a <= b`, as `lessThan`. */
export const lessEqual = (a: LuaValue, b: LuaValue): boolean | undefined => {
  if (isNumber(a) && isNumber(b)) return plain(a) <= plain(b)
  if (typeof a === "string" && typeof b === "string") return a <= b
  return undefined
}

const plain = (v: LuaNumber): number | bigint => (v instanceof LuaFloat ? v.n : v)

// ---------------------------------------------------------------------------------------------
// Numeric for

/**
 * Lua 5.4's `forprep` for an integer loop, which real Lua runs when the initial value and the step
 * are both integers (not strings, not floats; otherwise it is a float loop, see `forLoopFloat`).
 *
 * Returns how many times the body runs: 0 to skip, else `count`, where the control variable takes
 * `start, start + step, ...` (`count` values, none of which overflows). The limit may be an
 * integer, a float (floored for a positive step, ceiled for a negative one, clipped to the integer
 * range: `for i = 1, math.huge` is endless, `for i = 1, 0.5` runs zero times) or a numeric string.
 * A count beyond 2^53 is returned rounded: such a loop cannot finish within any fuel budget.
 *
 * Throws `ArithmeticFault` with Lua's wording for a zero step ("'for' step is zero", checked
 * first) and a limit that is not a number ("bad 'for' limit (number expected, got nil)").
 */
export const forLoopCount = (start: Integer, limit: LuaValue, step: Integer): number => {
  const ascending = step > 0
  if (!ascending && !(step < 0)) throw new ArithmeticFault(numberMessages.forStepZero())
  let last = forLimit(limit, ascending)
  if (last === undefined) {
    const f = toFloat(limit)
    if (f === undefined) throw new ArithmeticFault(numberMessages.forNotNumber("limit", limit))
    // Out of the integer range (or NaN): clip, or skip when no start can reach it.
    if (f > 0) {
      if (!ascending) return 0
      last = MAX_INTEGER
    } else {
      if (ascending) return 0
      last = MIN_INTEGER
    }
  }
  if (ascending ? start > last : start < last) return 0
  if (typeof start === "number" && typeof last === "number" && typeof step === "number") {
    const span = ascending ? last - start : start - last
    if (span <= MAX_SAFE) {
      const stride = ascending ? step : -step
      return (span - (span % stride)) / stride + 1
    }
  }
  const span = ascending ? big(last) - big(start) : big(start) - big(last)
  return Number(span / (ascending ? big(step) : -big(step))) + 1
}

/** The limit as an integer (`luaV_tointeger` with floor or ceil), or `undefined` when it has none. */
const forLimit = (limit: LuaValue, ascending: boolean): Integer | undefined => {
  if (typeof limit === "number") return Number.isInteger(limit) ? limit : floatToIntegerRounded(limit, !ascending)
  if (typeof limit === "bigint") return limit
  if (limit instanceof LuaFloat) return floatToInteger(limit.n)
  if (typeof limit === "string") {
    const n = stringToNumber(limit)
    return n === undefined ? undefined : forLimit(n, ascending)
  }
  return undefined
}

/**
 * Whether an integer loop from `start` by `step` for `count` iterations stays on safe JavaScript
 * numbers, so the compiler may run it with `i += step`. Conservative at the edge of the range.
 */
export const forLoopIsSafe = (start: Integer, step: Integer, count: number): boolean =>
  typeof start === "number" &&
  typeof step === "number" &&
  (count <= 1 || Math.abs(start) + (count - 1) * Math.abs(step) <= MAX_SAFE)

/**
 * One value of a float loop (any loop whose initial value or step is not an integer), as a double.
 * Real Lua converts, in this order, the limit, the step and the initial value (numeric strings
 * are accepted), then fails with "'for' step is zero" for a zero step; the loop is skipped when
 * `step > 0 ? limit < start : start < limit`, and continues while
 * `step > 0 ? i <= limit : limit <= i` after each `i += step` (all in doubles; NaN stops it).
 * The control variable is a float: pass each value through `canonicalFloat`.
 */
export const forLoopFloat = (v: LuaValue, what: "initial value" | "limit" | "step"): number => {
  const f = toFloat(v)
  if (f === undefined) throw new ArithmeticFault(numberMessages.forNotNumber(what, v))
  return f
}
