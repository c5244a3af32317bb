/**
 * Lua's `^` operator: C's `pow` as glibc computes it, which JavaScript's `**` does not quite match.
 *
 * The differences, all observable with `tostring` or `%.17g`:
 * - special cases: C's `pow(1, y)` is 1 and `pow(-1, ±inf)` is 1 even for a NaN or infinite `y`,
 *   where IEEE `**` gives NaN; an invalid power (`(-2)^0.5`) is glibc's negative NaN (`-nan`);
 * - `x^2` is `x * x` in Lua itself (`luai_numpow`), not a call to `pow`;
 * - accuracy: glibc's `pow` is correctly rounded in practice, while V8's `**` is often a unit or
 *   two off in the last place. For integral exponents — `7^65`, `1.1^3`, `10^-2`, the common case
 *   in programs — we compute the correctly rounded result: exponentiation by squaring in
 *   double-double arithmetic (about 100 bits, so the rounding is certain unless the exact value
 *   lies within 2^-94 of a rounding boundary), and exact BigInt arithmetic in that rare case or
 *   when an intermediate value leaves the comfortable range. Non-integral exponents use `**`: see
 *   the known differences in the package notes (a few last-bit differences, as for `exp`/`log`).
 */

import { DEFAULT_NAN, bigToDouble } from "./numeral.js"

const SPLITTER = 134217729 // 2^27 + 1, Dekker's constant for splitting a double into halves
const RANGE_HIGH = 2 ** 990
const RANGE_LOW = 2 ** -900
// Twice the error bound of the double-double result (about 2^-100 after 64 squarings).
const SAFETY = 2 ** -94

const bits = new Float64Array(1)
const words = new Uint32Array(bits.buffer)

/** Lua's `a ^ b` on doubles. */
export const powFloats = (a: number, b: number): number => {
  if (b === 2) return a * a
  if (a === 1 || b === 0) return 1
  if (Number.isInteger(b) && a !== 0 && a - a === 0) {
    // A finite non-zero base and an integral exponent: the correctly rounded power.
    if (b === 1) return a
    const x = Math.abs(a)
    const magnitude = doubleDoublePower(x, b) ?? exactPower(x, b) ?? x ** b
    return a < 0 && b % 2 !== 0 ? -magnitude : magnitude
  }
  if (a === -1 && (b === Infinity || b === -Infinity)) return 1
  const r = a ** b
  if (r !== r) {
    // glibc clears the sign of a NaN base raised to an odd integer.
    if (a !== a) return Number.isInteger(b) && b % 2 !== 0 ? Math.abs(a) : a
    return b !== b ? b : DEFAULT_NAN
  }
  return r
}

// ---------------------------------------------------------------------------------------------
// Double-double exponentiation. Products go through a two-slot typed array: module-level `let`
// numbers would be boxed on every write, and an allocation per step costs more than the arithmetic.

const product = new Float64Array(2)

/** (ah + al) * (bh + bl) -> `product`, with Dekker's exact product of the leading parts. */
const multiply = (ah: number, al: number, bh: number, bl: number): void => {
  const p = ah * bh
  let c = SPLITTER * ah
  const ahh = c - (c - ah)
  const ahl = ah - ahh
  c = SPLITTER * bh
  const bhh = c - (c - bh)
  const bhl = bh - bhh
  const error = ahh * bhh - p + ahh * bhl + ahl * bhh + ahl * bhl
  const tail = error + (ah * bl + al * bh)
  const sum = p + tail
  product[0] = sum
  product[1] = tail - (sum - p)
}

const inRange = (x: number): boolean => x < RANGE_HIGH && x > RANGE_LOW

/** `x^n` (x > 0 finite, n a non-zero integer) correctly rounded, or `undefined` when not certain. */
const doubleDoublePower = (x: number, n: number): number | undefined => {
  let k = Math.abs(n)
  if (k > 0x7fffffff) return undefined
  let rh = 1
  let rl = 0
  let bh = x
  let bl = 0
  for (;;) {
    if (k & 1) {
      multiply(rh, rl, bh, bl)
      rh = product[0]!
      rl = product[1]!
      if (!inRange(rh)) return undefined
    }
    k >>>= 1
    if (k === 0) break
    multiply(bh, bl, bh, bl)
    bh = product[0]!
    bl = product[1]!
    if (!inRange(bh)) return undefined
  }
  if (n < 0) {
    // 1 / (rh + rl): a first quotient, then the correction from the residual 1 - q * (rh + rl).
    const q = 1 / rh
    multiply(q, 0, rh, rl)
    const residual = 1 - product[0]! - product[1]!
    const correction = residual / rh
    const sum = q + correction
    rl = correction - (sum - q)
    rh = sum
    if (!inRange(rh)) return undefined
  }
  return roundsSafely(rh, rl) ? rh : undefined
}

/**
 * Whether every value within `SAFETY` (relative) of `h + l` rounds to `h`: rounding is monotonic,
 * so checking the two ends suffices. (`l ± e` rounds by far less than `e`.)
 */
const roundsSafely = (h: number, l: number): boolean => {
  const e = h * SAFETY
  return h + (l + e) === h && h + (l - e) === h
}

// ---------------------------------------------------------------------------------------------
// Exact fallback

/** `x^n` (x > 0 finite, n integral) exactly with BigInt, rounded once; `undefined` when too costly. */
const exactPower = (x: number, n: number): number | undefined => {
  bits[0] = x
  const top = words[1]!
  const biased = (top >>> 20) & 0x7ff
  let mantissa = (BigInt(top & 0xfffff) << 32n) | BigInt(words[0]!)
  let exponent = -1074
  if (biased !== 0) {
    mantissa |= 1n << 52n
    exponent = biased - 1075
  }
  while ((mantissa & 1n) === 0n) {
    mantissa >>= 1n
    exponent++
  }
  const k = Math.abs(n)
  if (mantissa.toString(2).length * k > 20_000) return undefined
  const power = mantissa ** BigInt(k)
  if (n > 0) return bigToDouble(power, exponent * k)
  // 1 / (power * 2^(exponent*k)): a quotient of 64 bits or more, the remainder as a sticky bit.
  const shift = power.toString(2).length + 64
  const numerator = 1n << BigInt(shift)
  const quotient = numerator / power
  const sticky = quotient * power === numerator ? 0n : 1n
  return bigToDouble(quotient | sticky, -shift - exponent * k)
}
