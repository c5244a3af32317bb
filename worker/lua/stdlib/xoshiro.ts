/**
 * Lua 5.4's pseudo-random generator, xoshiro256**, bit for bit, so that
 * `math.randomseed(42); print(math.random(1, 100))` prints what real Lua 5.4 prints.
 *
 * The 256-bit state is eight unsigned 32-bit halves held in fields, not four BigInts: a BigInt
 * step allocates and is about twenty times slower, while the halves need only 32-bit operations
 * and two exact multiplications by small constants (`x * 5` and `x * 9` carry between the halves).
 * `next()` leaves the 64-bit output in `high`/`low` rather than returning an object.
 *
 * How real Lua turns outputs into numbers (`lmathlib.c`), reproduced by the methods below:
 * - a float takes the top 53 bits: `(output >> 11) * 2^-53`, in [0, 1);
 * - an integer in [low, up] projects the output onto [0, up - low]: mask it with the smallest
 *   all-ones number covering the range and draw again while the result is above the range;
 * - seeding with (n1, n2) sets the state to (n1, 0xff, n2, 0) and discards 16 outputs.
 */

import { canonicalInteger } from "../runtime/value.js"

const TWO_32 = 4294967296
const TWO_21 = 2097152
const TWO_NEG_53 = 2 ** -53
const MAX_SAFE = Number.MAX_SAFE_INTEGER

/** The smallest 2^k - 1 not below `n` (32-bit). */
const smear32 = (n: number): number => {
  n |= n >>> 1
  n |= n >>> 2
  n |= n >>> 4
  n |= n >>> 8
  n |= n >>> 16
  return n >>> 0
}

export class Xoshiro256 {
  private h0 = 0
  private l0 = 0
  private h1 = 0
  private l1 = 0
  private h2 = 0
  private l2 = 0
  private h3 = 0
  private l3 = 0
  /** The last output, high and low 32 bits (unsigned). */
  high = 0
  low = 0

  /** Lua's `setseed`: the state from two 64-bit integers, then 16 outputs thrown away. */
  seed(n1: number | bigint, n2: number | bigint): void {
    this.h0 = highWord(n1)
    this.l0 = lowWord(n1)
    this.h1 = 0
    this.l1 = 0xff
    this.h2 = highWord(n2)
    this.l2 = lowWord(n2)
    this.h3 = 0
    this.l3 = 0
    for (let i = 0; i < 16; i++) this.next()
  }

  /** One step of xoshiro256**; the output lands in `high`/`low`. */
  next(): void {
    const h0 = this.h0
    const l0 = this.l0
    const h1 = this.h1
    const l1 = this.l1
    const h2 = (this.h2 ^ h0) >>> 0
    const l2 = (this.l2 ^ l0) >>> 0
    const h3 = (this.h3 ^ h1) >>> 0
    const l3 = (this.l3 ^ l1) >>> 0

    // Output: rotl(s1 * 5, 7) * 9.
    let lo = l1 * 5
    const hi = (h1 * 5 + Math.floor(lo / TWO_32)) >>> 0
    lo >>>= 0
    const rh = ((hi << 7) | (lo >>> 25)) >>> 0
    const rl = ((lo << 7) | (hi >>> 25)) >>> 0
    lo = rl * 9
    this.high = (rh * 9 + Math.floor(lo / TWO_32)) >>> 0
    this.low = lo >>> 0

    this.h0 = (h0 ^ h3) >>> 0
    this.l0 = (l0 ^ l3) >>> 0
    this.h1 = (h1 ^ h2) >>> 0
    this.l1 = (l1 ^ l2) >>> 0
    // s2 ^= s1 << 17
    this.h2 = (h2 ^ ((h1 << 17) | (l1 >>> 15))) >>> 0
    this.l2 = (l2 ^ (l1 << 17)) >>> 0
    // s3 = rotl(s3, 45): swap the halves, then rotate by 13.
    this.h3 = ((l3 << 13) | (h3 >>> 19)) >>> 0
    this.l3 = ((h3 << 13) | (l3 >>> 19)) >>> 0
  }

  /** `math.random()`: a float in [0, 1) from the top 53 bits (`output >> 11`, scaled). */
  nextFloat(): number {
    this.next()
    return (this.high * TWO_21 + (this.low >>> 11)) * TWO_NEG_53
  }

  /** `math.random(0)`: all 64 bits as a signed integer. */
  nextInteger(): number | bigint {
    this.next()
    return toSigned(this.high, this.low)
  }

  /**
   * `math.random(low, up)` for `low <= up`: a uniform integer in the interval (Lua's `project`).
   * The first output is drawn here, so the sequence of outputs consumed matches real Lua's.
   */
  nextInRange(low: number | bigint, up: number | bigint): number | bigint {
    this.next()
    if (typeof low === "number" && typeof up === "number") {
      const span = up - low
      if (span < TWO_32) return low + this.projectSmall(span)
      if (span <= MAX_SAFE) return low + this.projectMedium(span)
    }
    const span = BigInt.asUintN(64, BigInt(up) - BigInt(low))
    return canonicalInteger(BigInt(low) + this.projectLarge(span))
  }

  /** Projection onto [0, n] for n < 2^32: only the low word matters. */
  private projectSmall(n: number): number {
    const mask = smear32(n)
    let r = (this.low & mask) >>> 0
    while (r > n) {
      this.next()
      r = (this.low & mask) >>> 0
    }
    return r
  }

  /** Projection onto [0, n] for 2^32 <= n < 2^53: the mask keeps the whole low word. */
  private projectMedium(n: number): number {
    const mask = smear32(Math.floor(n / TWO_32))
    let r = ((this.high & mask) >>> 0) * TWO_32 + this.low
    while (r > n) {
      this.next()
      r = ((this.high & mask) >>> 0) * TWO_32 + this.low
    }
    return r
  }

  private projectLarge(n: bigint): bigint {
    let mask = n
    for (let shift = 1n; shift <= 32n; shift <<= 1n) mask |= mask >> shift
    let r = ((BigInt(this.high) << 32n) | BigInt(this.low)) & mask
    while (r > n) {
      this.next()
      r = ((BigInt(this.high) << 32n) | BigInt(this.low)) & mask
    }
    return r
  }
}

const lowWord = (n: number | bigint): number =>
  typeof n === "number" ? n >>> 0 : Number(BigInt.asUintN(32, n))

const highWord = (n: number | bigint): number =>
  typeof n === "number" ? Math.floor(n / TWO_32) >>> 0 : Number(BigInt.asUintN(32, n >> 32n))

/** A 64-bit two's complement value from its halves, canonical. */
const toSigned = (high: number, low: number): number | bigint => {
  const signedHigh = high | 0
  if (signedHigh >= -TWO_21 && signedHigh < TWO_21) {
    const value = signedHigh * TWO_32 + low
    if (value >= -MAX_SAFE) return value
  }
  return canonicalInteger((BigInt(signedHigh) << 32n) | BigInt(low))
}
