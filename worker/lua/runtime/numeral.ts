/**
 * Numerals: reading Lua number text and writing numbers the way Lua 5.4 prints them.
 *
 * Reading follows `luaO_str2num`, the one function real Lua uses for source literals, `tonumber`
 * and string coercion alike: first the text is tried as an integer (decimal, or hexadecimal that
 * wraps around modulo 2^64), and only when that fails as a float (decimal, or hexadecimal with an
 * optional binary exponent, `0x1.8p3`). A decimal integer too large for 64 bits becomes a float.
 * `inf` and `nan` are not numerals, though C's `strtod` would take them. The scanner is written
 * out by hand over char codes: a regular expression would allocate and still need the integer/float
 * split afterwards. Decimal float conversion is delegated to `Number(text)`, which is correctly
 * rounded exactly as glibc's `strtod` is; hexadecimal floats are rounded here (`scaleByPowerOfTwo`).
 *
 * Writing follows `tostring`: integers in full decimal, floats with C's `%.14g` and a `.0` suffix
 * when the result would otherwise read as an integer. `formatFloatG` reproduces `%.Ng` exactly,
 * including glibc's round-half-to-even on exact decimal ties, which `toExponential` (round half
 * up) gets wrong; a tie can only happen when the double's exact decimal expansion ends right after
 * the rounding digit, so the exact check with BigInt runs only in that rare case.
 *
 * NaN: real Lua on x86-64 prints `-nan` for the NaN the hardware makes (`0/0`) and `nan` for its
 * negation, because glibc prints the sign bit. We read the sign bit too, so a NaN made by a
 * JavaScript operation on run-time values prints as the same operation does in Lua.
 */

import { type LuaFloat, canonicalFloat, canonicalInteger } from "./value.js"

const INT64_MAX_MAGNITUDE = 1n << 63n

// ---------------------------------------------------------------------------------------------
// Reading

/** C's `isspace` in the C locale: space, \t, \n, \v, \f, \r. */
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13)
const isDigit = (c: number): boolean => c >= 48 && c <= 57
const hexValue = (c: number): number => {
  if (c >= 48 && c <= 57) return c - 48
  const lower = c | 32
  if (lower >= 97 && lower <= 102) return lower - 87
  return -1
}

/**
 * Reads a Lua numeral with nothing around it (source literals). The text may carry a sign, as
 * `tonumber` accepts one. Returns `undefined` when the text is not a numeral.
 */
export const parseNumber = (text: string): number | bigint | LuaFloat | undefined =>
  scanNumeral(text, 0, text.length)

/** Reads a string the way Lua converts strings to numbers: as `parseNumber`, with surrounding whitespace allowed. */
export const stringToNumber = (text: string): number | bigint | LuaFloat | undefined => {
  let start = 0
  let end = text.length
  while (start < end && isSpace(text.charCodeAt(start))) start++
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--
  return scanNumeral(text, start, end)
}

const scanNumeral = (s: string, start: number, end: number): number | bigint | LuaFloat | undefined => {
  let i = start
  let negative = false
  const first = s.charCodeAt(i)
  if (first === 45 /* - */) {
    negative = true
    i++
  } else if (first === 43 /* + */) {
    i++
  }
  if (s.charCodeAt(i) === 48 /* 0 */ && (s.charCodeAt(i + 1) | 32) === 120 /* x */) {
    return scanHexadecimal(s, i + 2, end, negative)
  }
  return scanDecimal(s, start, i, end, negative)
}

/** `signStart` includes the sign, `i` is past it: the float path hands the signed text to `Number`. */
const scanDecimal = (
  s: string,
  signStart: number,
  i: number,
  end: number,
  negative: boolean,
): number | bigint | LuaFloat | undefined => {
  const digitsStart = i
  while (i < end && isDigit(s.charCodeAt(i))) i++
  const integerDigits = i - digitsStart
  let fractionDigits = 0
  let isFloat = false
  if (i < end && s.charCodeAt(i) === 46 /* . */) {
    isFloat = true
    const fractionStart = ++i
    while (i < end && isDigit(s.charCodeAt(i))) i++
    fractionDigits = i - fractionStart
  }
  if (integerDigits + fractionDigits === 0) return undefined
  if (i < end && (s.charCodeAt(i) | 32) === 101 /* e */) {
    isFloat = true
    i++
    const sign = s.charCodeAt(i)
    if (sign === 43 || sign === 45) i++
    const exponentStart = i
    while (i < end && isDigit(s.charCodeAt(i))) i++
    if (i === exponentStart) return undefined
  }
  if (i !== end) return undefined
  if (!isFloat) {
    const integer = decimalInteger(s, digitsStart, end, negative)
    if (integer !== undefined) return integer
    // Too large for 64 bits: real Lua reads it again as a float.
  }
  return canonicalFloat(Number(s.slice(signStart, end)))
}

/** A decimal integer numeral, or `undefined` when it does not fit in 64 bits. */
const decimalInteger = (s: string, start: number, end: number, negative: boolean): number | bigint | undefined => {
  if (end - start <= 15) {
    let value = 0
    for (let i = start; i < end; i++) value = value * 10 + (s.charCodeAt(i) - 48)
    return negative && value !== 0 ? -value : value
  }
  const magnitude = BigInt(s.slice(start, end))
  if (magnitude > (negative ? INT64_MAX_MAGNITUDE : INT64_MAX_MAGNITUDE - 1n)) return undefined
  return canonicalInteger(negative ? -magnitude : magnitude)
}

const scanHexadecimal = (
  s: string,
  i: number,
  end: number,
  negative: boolean,
): number | bigint | LuaFloat | undefined => {
  const digitsStart = i
  while (i < end && hexValue(s.charCodeAt(i)) >= 0) i++
  const integerEnd = i
  let fractionStart = i
  let isFloat = false
  if (i < end && s.charCodeAt(i) === 46 /* . */) {
    isFloat = true
    fractionStart = ++i
    while (i < end && hexValue(s.charCodeAt(i)) >= 0) i++
  }
  const fractionEnd = i
  if (integerEnd - digitsStart + (fractionEnd - fractionStart) === 0) return undefined
  let exponent = 0
  if (i < end && (s.charCodeAt(i) | 32) === 112 /* p */) {
    isFloat = true
    i++
    const sign = s.charCodeAt(i)
    if (sign === 43 || sign === 45) i++
    const exponentStart = i
    // Saturate: any exponent past a few thousand already means zero or infinity.
    while (i < end && isDigit(s.charCodeAt(i))) exponent = Math.min(exponent * 10 + (s.charCodeAt(i++) - 48), 1e6)
    if (i === exponentStart) return undefined
    if (sign === 45) exponent = -exponent
  }
  if (i !== end) return undefined
  if (!isFloat) return hexInteger(s, digitsStart, integerEnd, negative)
  return hexFloat(s, digitsStart, integerEnd, fractionStart, fractionEnd, exponent, negative)
}

/** A hexadecimal integer numeral: any number of digits, wrapping around modulo 2^64. */
const hexInteger = (s: string, start: number, end: number, negative: boolean): number | bigint => {
  if (end - start <= 13) {
    let value = 0
    for (let i = start; i < end; i++) value = value * 16 + hexValue(s.charCodeAt(i))
    return negative && value !== 0 ? -value : value
  }
  const value = BigInt.asUintN(64, BigInt("0x" + s.slice(start, end)))
  return canonicalInteger(negative ? -value : value)
}

const hexFloat = (
  s: string,
  integerStart: number,
  integerEnd: number,
  fractionStart: number,
  fractionEnd: number,
  exponent: number,
  negative: boolean,
): number | LuaFloat => {
  let digits = s.slice(integerStart, integerEnd) + s.slice(fractionStart, fractionEnd)
  const binaryExponent = exponent - 4 * (fractionEnd - fractionStart)
  let firstSignificant = 0
  while (firstSignificant < digits.length && digits.charCodeAt(firstSignificant) === 48) firstSignificant++
  digits = digits.slice(firstSignificant)
  let magnitude: number
  if (digits.length === 0) magnitude = 0
  else if (digits.length <= 13) magnitude = scaleByPowerOfTwo(parseInt(digits, 16), binaryExponent)
  else magnitude = bigToDouble(BigInt("0x" + digits), binaryExponent)
  return canonicalFloat(negative ? -magnitude : magnitude)
}

/**
 * `mantissa * 2^exponent` rounded once, to nearest-even, for a mantissa of at most 53 bits.
 * `2 ** exponent` is itself inexact below 2^-1022, so tiny results are reached in two steps, the
 * first of which is exact.
 */
const scaleByPowerOfTwo = (mantissa: number, exponent: number): number => {
  if (mantissa === 0) return 0
  if (exponent >= -1022) return mantissa * 2 ** Math.min(exponent, 1100)
  return mantissa * 2 ** -1022 * 2 ** Math.max(exponent + 1022, -1100)
}

/** `mantissa * 2^exponent` for a mantissa of any size, correctly rounded, subnormals included. */
export const bigToDouble = (mantissa: bigint, exponent: number): number => {
  const bits = mantissa.toString(2).length
  // Bits a double can keep at this magnitude: 53, fewer in the subnormal range.
  const keep = Math.min(53, bits + exponent + 1074)
  if (keep < 0) return 0
  if (bits > keep) {
    const drop = BigInt(bits - keep)
    const kept = mantissa >> drop
    const rest = mantissa - (kept << drop)
    const half = 1n << (drop - 1n)
    mantissa = rest > half || (rest === half && (kept & 1n) === 1n) ? kept + 1n : kept
    exponent += Number(drop)
  }
  return scaleByPowerOfTwo(Number(mantissa), exponent)
}

// ---------------------------------------------------------------------------------------------
// Writing

const nanBits = new Float64Array(1)
const nanWords = new Uint32Array(nanBits.buffer)

/** Whether the sign bit of `x` is set (also for NaN, which `Object.is` cannot tell). */
export const signBit = (x: number): boolean => {
  nanBits[0] = x
  return nanWords[1]! >>> 31 === 1
}

/** The NaN the x86-64 hardware (and so glibc, mostly) produces for an invalid operation: sign bit set. */
export const DEFAULT_NAN: number = (() => {
  nanWords[0] = 0
  nanWords[1] = 0xfff80000
  return nanBits[0]!
})()

/** Lua's `tostring` for a number. */
export const numberToString = (v: number | bigint | LuaFloat): string => {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : floatToString(v)
  if (typeof v === "bigint") return String(v)
  return floatToString(v.n)
}

/** Lua's `tostring` for a float: `%.14g`, plus `.0` when that reads as an integer. */
export const floatToString = (x: number): string => {
  const text = formatFloatG(x, 14)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 45 && !isDigit(c)) return text
  }
  return text + ".0"
}

/**
 * C's `%.<precision>g` for a double (1 <= precision <= 100), as glibc prints it: `inf`, `-nan`,
 * exponents with at least two digits, trailing zeros removed.
 */
export const formatFloatG = (x: number, precision: number): string => {
  if (x !== x) return signBit(x) ? "-nan" : "nan"
  if (x === Infinity) return "inf"
  if (x === -Infinity) return "-inf"
  const sign = x < 0 || (x === 0 && 1 / x < 0) ? "-" : ""
  const magnitude = Math.abs(x)
  const [digits, exponent] = decimalDigits(magnitude, precision)
  if (exponent < -4 || exponent >= precision) {
    const mantissa = trimFraction(digits.slice(0, 1), digits.slice(1))
    const e = Math.abs(exponent)
    return `${sign}${mantissa}e${exponent < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`
  }
  if (exponent >= 0) return sign + trimFraction(digits.slice(0, exponent + 1), digits.slice(exponent + 1))
  return sign + trimFraction("0", "0".repeat(-exponent - 1) + digits)
}

const trimFraction = (whole: string, fraction: string): string => {
  let end = fraction.length
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--
  return end === 0 ? whole : `${whole}.${fraction.slice(0, end)}`
}

/**
 * The first `precision` significant decimal digits of `x` (> 0 or +0), rounded to nearest with
 * ties to even on the exact binary value, and the decimal exponent of the first digit.
 */
const decimalDigits = (x: number, precision: number): [string, number] => {
  if (x === 0) return ["0".repeat(precision), 0]
  const rounded = x.toExponential(precision - 1)
  const [digits, exponent] = splitExponential(rounded)
  // `toExponential` rounds exact ties up; glibc rounds them to even. A tie needs the exact value
  // to have precision + 1 significant digits, the last one a 5.
  // Rounding a tie up leaves an odd last digit (or a carry, which even rounding shares).
  if (precision >= 100 || (digits.charCodeAt(precision - 1) & 1) === 0) return [digits, exponent]
  if (!mayBeTie(x, precision, exponent)) return [digits, exponent]
  const longer = x.toExponential(precision)
  if (longer.charCodeAt(precision + 1) !== 53 /* 5 */) return [digits, exponent]
  const [longDigits, longExponent] = splitExponential(longer)
  if (!equalsDecimal(x, BigInt(longDigits), longExponent - precision)) return [digits, exponent]
  return [longDigits.slice(0, precision), longExponent]
}

/**
 * A cheap filter before the exact tie check: a tie needs `x * 10^(precision - 1 - exponent)` to be
 * exactly some N + 1/2. For up to 15 digits that product is below 10^15, where one rounding errs
 * by at most 1/16, so a fraction far from 1/2 rules the tie out.
 */
const mayBeTie = (x: number, precision: number, exponent: number): boolean => {
  const scale = precision - 1 - exponent
  if (precision > 15 || scale > 22 || scale < -22) return true
  const t = scale >= 0 ? x * 10 ** scale : x / 10 ** -scale
  return Math.abs(t - Math.floor(t) - 0.5) < 0.1
}

/** `"1.2345e+5"` -> `["12345", 5]`. */
export const splitExponential = (text: string): [string, number] => {
  const e = text.indexOf("e")
  const mantissa = text.slice(0, e)
  const digits = mantissa.length > 1 ? mantissa.slice(0, 1) + mantissa.slice(2) : mantissa
  return [digits, Number(text.slice(e + 1))]
}

/** Whether the double `x` (> 0, finite) equals `digits * 10^exponent` exactly. */
export const equalsDecimal = (x: number, digits: bigint, exponent: number): boolean => {
  nanBits[0] = x
  const high = nanWords[1]!
  const biased = (high >>> 20) & 0x7ff
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(nanWords[0]!)
  let binaryExponent = -1074
  if (biased !== 0) {
    mantissa |= 1n << 52n
    binaryExponent = biased - 1075
  }
  let left = mantissa
  let right = digits
  if (binaryExponent >= 0) left <<= BigInt(binaryExponent)
  else right <<= BigInt(-binaryExponent)
  if (exponent >= 0) right *= 10n ** BigInt(exponent)
  else left *= 10n ** BigInt(-exponent)
  return left === right
}
