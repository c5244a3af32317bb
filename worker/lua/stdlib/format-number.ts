/**
 * The printing half of `string.format`: C's `printf` conversions as glibc performs them.
 *
 * Integers print from their exact value (a bigint beyond 2^53), and `%u %o %x %X` read negative
 * integers as their unsigned 64-bit two's complement, as C does with Lua's `long long`.
 *
 * Floats: glibc rounds the exact binary value of the double to nearest, ties to even. JavaScript's
 * `toFixed` and `toExponential` also round the exact value, correctly, except that they break
 * exact ties upward. A tie needs the exact expansion to end right after the rounding digit, which
 * is rare and cheap to detect, so the JavaScript result is used and corrected only then:
 * - `%f` with `p` decimals: the double is a tie exactly when it has `p + 1` binary fraction digits
 *   (its exact decimal expansion then has `p + 1` decimals, the last one a 5);
 * - `%e`/`%g`: a tie rounded up leaves an odd last digit; only then is one more digit computed and
 *   the exact value compared with BigInt arithmetic.
 * Hexadecimal floats (`%a`) come from the bits of the double, rounded to even when a precision
 * cuts them, with glibc's layout: `0x1.8p+1`, subnormals as `0x0.0000000000001p-1022`.
 */

import { signBit } from "../runtime/number.js"
import { equalsDecimal, splitExponential } from "../runtime/numeral.js"

/** Flags, width and precision of one directive; `precision` is -1 when absent. */
export interface Directive {
  readonly left: boolean
  readonly plus: boolean
  readonly space: boolean
  readonly alternate: boolean
  readonly zero: boolean
  readonly width: number
  readonly precision: number
}

/** Pads `prefix + body` to the width: spaces before or after, or zeros between prefix and body. */
const pad = (prefix: string, body: string, d: Directive, zeroAllowed: boolean): string => {
  const fill = d.width - prefix.length - body.length
  if (fill <= 0) return prefix + body
  if (d.left) return prefix + body + " ".repeat(fill)
  if (d.zero && zeroAllowed) return prefix + "0".repeat(fill) + body
  return " ".repeat(fill) + prefix + body
}

/** Applies an integer precision: at least `precision` digits, and no digits at all for 0 with `.0`. */
const withPrecision = (digits: string, precision: number): string => {
  if (precision < 0) return digits
  if (precision === 0 && digits === "0") return ""
  return digits.length < precision ? "0".repeat(precision - digits.length) + digits : digits
}

/** `%d` / `%i`. */
export const formatSigned = (n: number | bigint, d: Directive): string => {
  const negative = n < 0
  const magnitude = typeof n === "number" ? String(negative ? -n : n) : (negative ? -n : n).toString()
  const sign = negative ? "-" : d.plus ? "+" : d.space ? " " : ""
  return pad(sign, withPrecision(magnitude, d.precision), d, d.precision < 0)
}

/** `%u`, `%o`, `%x`, `%X`: the 64-bit unsigned reading of the integer. */
export const formatUnsigned = (n: number | bigint, d: Directive, conversion: string): string => {
  const u = n < 0 ? BigInt.asUintN(64, BigInt(n)) : n
  let digits = u.toString(conversion === "o" ? 8 : conversion === "u" ? 10 : 16)
  if (conversion === "X") digits = digits.toUpperCase()
  const isZero = digits === "0"
  digits = withPrecision(digits, d.precision)
  let prefix = ""
  if (d.alternate) {
    if (conversion === "o") {
      if (digits.charCodeAt(0) !== 48) digits = "0" + digits
    } else if (!isZero) {
      prefix = conversion === "X" ? "0X" : "0x"
    }
  }
  return pad(prefix, digits, d, d.precision < 0)
}

/** `%c`: the low byte of the integer, as C's conversion to `unsigned char` takes it. */
export const formatChar = (n: number | bigint, d: Directive): string => {
  const code = typeof n === "number" ? n & 0xff : Number(n & 0xffn)
  return pad("", String.fromCharCode(code), d, false)
}

/** `%s` with a width or precision. */
export const formatString = (s: string, d: Directive): string =>
  pad("", d.precision >= 0 && s.length > d.precision ? s.slice(0, d.precision) : s, d, false)

// ---------------------------------------------------------------------------------------------
// Floats

const signOf = (x: number, d: Directive): string =>
  x < 0 || (x === 0 && 1 / x < 0) ? "-" : d.plus ? "+" : d.space ? " " : ""

/** `inf`, `-inf`, `nan`, `-nan` (by the sign bit), padded with spaces whatever the flags say. */
const formatNonFinite = (x: number, d: Directive, upper: boolean): string => {
  const negative = x !== x ? signBit(x) : x < 0
  const text = x !== x ? "nan" : "inf"
  return pad(negative ? "-" : d.plus ? "+" : d.space ? " " : "", upper ? text.toUpperCase() : text, d, false)
}

/** `%f` / `%F`. */
export const formatFixed = (x: number, d: Directive, upper: boolean): string => {
  if (!Number.isFinite(x)) return formatNonFinite(x, d, upper)
  const p = d.precision < 0 ? 6 : d.precision
  let body = fixedDigits(Math.abs(x), p)
  if (p === 0 && d.alternate) body += "."
  return pad(signOf(x, d), body, d, true)
}

/** `%e` / `%E`. */
export const formatExponential = (x: number, d: Directive, upper: boolean): string => {
  if (!Number.isFinite(x)) return formatNonFinite(x, d, upper)
  const p = d.precision < 0 ? 6 : d.precision
  const [digits, exponent] = significantDigits(Math.abs(x), p + 1)
  const point = p > 0 || d.alternate ? "." : ""
  const body = digits.slice(0, 1) + point + digits.slice(1) + (upper ? "E" : "e") + exponentText(exponent)
  return pad(signOf(x, d), body, d, true)
}

/** `%g` / `%G`: `%e` or `%f` by the exponent, trailing zeros removed unless `#`. */
export const formatGeneral = (x: number, d: Directive, upper: boolean): string => {
  if (!Number.isFinite(x)) return formatNonFinite(x, d, upper)
  const p = d.precision < 0 ? 6 : d.precision === 0 ? 1 : d.precision
  const [digits, exponent] = significantDigits(Math.abs(x), p)
  let whole: string
  let fraction: string
  let suffix = ""
  if (exponent < -4 || exponent >= p) {
    whole = digits.slice(0, 1)
    fraction = digits.slice(1)
    suffix = (upper ? "E" : "e") + exponentText(exponent)
  } else if (exponent >= 0) {
    whole = digits.slice(0, exponent + 1)
    fraction = digits.slice(exponent + 1)
  } else {
    whole = "0"
    fraction = "0".repeat(-exponent - 1) + digits
  }
  if (!d.alternate) {
    let end = fraction.length
    while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--
    fraction = fraction.slice(0, end)
  }
  const body = whole + (fraction !== "" || d.alternate ? "." + fraction : "") + suffix
  return pad(signOf(x, d), body, d, true)
}

/** `%a` / `%A`. */
export const formatHexFloat = (x: number, d: Directive, upper: boolean): string => {
  if (!Number.isFinite(x)) return formatNonFinite(x, d, upper)
  const prefix = signOf(x, d) + (upper ? "0X" : "0x")
  return pad(prefix, hexFloatBody(Math.abs(x), d.precision, upper, d.alternate), d, true)
}

const exponentText = (e: number): string => {
  const magnitude = e < 0 ? -e : e
  return (e < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + magnitude
}

/** `abs` (finite, >= 0) with `p` decimals, rounded half to even on its exact value. */
const fixedDigits = (abs: number, p: number): string => {
  if (abs >= 1e21) {
    // Such a double is an integer, and BigInt prints it exactly (toFixed would switch to e-notation).
    const whole = BigInt(abs).toString()
    return p > 0 ? whole + "." + "0".repeat(p) : whole
  }
  const rounded = abs.toFixed(p)
  if (Number.isInteger(abs)) return rounded
  // A tie: the exact value has exactly p + 1 binary, hence decimal, fraction digits.
  if (!Number.isInteger(abs * 2 ** (p + 1)) || Number.isInteger(abs * 2 ** p)) return rounded
  const exact = abs.toFixed(p + 1) // exact: nothing follows the final 5
  const kept = exact.slice(0, p === 0 ? -2 : -1)
  return (kept.charCodeAt(kept.length - 1) & 1) === 0 ? kept : rounded
}

/**
 * The first `n` (1..100) significant digits of `abs` (finite, >= 0), rounded half to even on the
 * exact value, and the decimal exponent of the first digit.
 */
const significantDigits = (abs: number, n: number): [string, number] => {
  if (abs === 0) return ["0".repeat(n), 0]
  const [digits, exponent] = splitExponential(abs.toExponential(n - 1))
  // toExponential breaks ties upward; that differs from even rounding only when the result's last
  // digit is odd (a carry out of 9 ends in 0, and rounding to even carries too).
  if ((digits.charCodeAt(n - 1) & 1) === 0) return [digits, exponent]
  const longer = abs.toExponential(n)
  if (longer.charCodeAt(n + 1) !== 53 /* 5 */) return [digits, exponent]
  const [longDigits, longExponent] = splitExponential(longer)
  if (!equalsDecimal(abs, BigInt(longDigits), longExponent - n)) return [digits, exponent]
  // An exact tie: keep the truncated digits when the last one is even. (A carry out of a 9 can
  // leave an odd result, `9.5` -> `1e+01`; the 9 is odd and rounding up was right.)
  if ((longDigits.charCodeAt(n - 1) & 1) === 1) return [digits, exponent]
  return [longDigits.slice(0, n), longExponent]
}

const bits = new Float64Array(1)
const words = new Uint32Array(bits.buffer)

/**
 * `abs` (finite, >= 0) in glibc's `%a` layout without the `0x` prefix: `1.8p+1`. `precision` -1
 * means as many hex digits as needed.
 */
export const hexFloatBody = (abs: number, precision: number, upper: boolean, alternate: boolean): string => {
  bits[0] = abs
  const high = words[1]!
  const biased = (high >>> 20) & 0x7ff
  let lead = biased === 0 ? 0 : 1
  const exponent = abs === 0 ? 0 : biased === 0 ? -1022 : biased - 1023
  let fraction = (high & 0xfffff).toString(16).padStart(5, "0") + words[0]!.toString(16).padStart(8, "0")
  if (precision < 0) {
    let end = fraction.length
    while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--
    fraction = fraction.slice(0, end)
  } else if (precision < fraction.length) {
    const [rounded, carry] = roundHexHalfEven(fraction, precision, lead)
    fraction = rounded
    lead += carry
  } else {
    fraction = fraction.padEnd(precision, "0")
  }
  const text = String(lead) + (fraction !== "" || alternate ? "." + fraction : "") + "p" + (exponent < 0 ? "-" : "+") + Math.abs(exponent)
  return upper ? text.toUpperCase() : text
}

/** The first `keep` hex digits of `fraction`, rounded half to even; and the carry into the lead digit. */
const roundHexHalfEven = (fraction: string, keep: number, lead: number): [string, number] => {
  const first = parseInt(fraction[keep]!, 16)
  const restNonZero = /[1-9a-f]/.test(fraction.slice(keep + 1))
  const last = keep > 0 ? parseInt(fraction[keep - 1]!, 16) : lead
  const up = first > 8 || (first === 8 && (restNonZero || (last & 1) === 1))
  const digits: number[] = []
  for (let i = 0; i < keep; i++) digits.push(parseInt(fraction[i]!, 16))
  let carry = up ? 1 : 0
  for (let i = keep - 1; i >= 0 && carry === 1; i--) {
    if (digits[i] === 15) digits[i] = 0
    else {
      digits[i]! += 1
      carry = 0
    }
  }
  return [digits.map((v) => v.toString(16)).join(""), carry]
}
