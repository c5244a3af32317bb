/**
 * What a program reads from the world besides the host's answers: the clock and random numbers.
 *
 * An execution must be a deterministic function of its source, its seed and its log, or it could
 * not be suspended and run again (protocol/replay.ts). So the engines never read `Date.now()`,
 * `Math.random()` or `crypto` themselves: they read a `World`. In a worker the world is the
 * execution's: random numbers come from generators keyed by the task's seed (the same numbers on
 * every run of the execution), and the clock is read through the replay layer (worker/replay.ts),
 * which answers from the log while replaying and records live readings for the host.
 *
 * Two generators, for two promises. `Math.random` (and nothing else) uses xoshiro128**, fast and
 * statistically good but predictable from its output, as V8's own is. `crypto.getRandomValues`
 * and `crypto.randomUUID` promise unpredictable bytes, so they come from SHA-256 in counter mode
 * over a 256-bit secret seed: nobody who does not know the seed can tell them from random, and
 * the seed never reaches the program.
 *
 * `liveWorld` is the real clock and the host's own random sources, for engines run directly
 * (tests, tools) where nothing is ever replayed.
 */

import { createHash, randomFillSync, randomUUID } from "node:crypto"

export interface World {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number
  /** A double in [0, 1), as `Math.random()`. */
  random(): number
  /** Fills `bytes` with unpredictable bytes. */
  fillRandom(bytes: Uint8Array): void
  /** A version 4 UUID made of unpredictable bytes. */
  randomUUID(): string
}

export const liveWorld: World = {
  now: () => Date.now(),
  random: () => Math.random(),
  fillRandom: (bytes) => void randomFillSync(bytes),
  randomUUID: () => randomUUID(),
}

/** Seeds whose derived state (the fast generator's, the Lua seed) is kept: a replay of an execution finds it here. */
const SEEDS_KEPT = 4_096
const fastStates = new Map<string, Int32Array>()

/** `kept`'s value for `seed`, derived and kept (the oldest dropped past `SEEDS_KEPT`) the first time. */
const keptFor = <T>(kept: Map<string, T>, seed: string, derive: () => T): T => {
  let value = kept.get(seed)
  if (value !== undefined) return value
  value = derive()
  if (kept.size >= SEEDS_KEPT) kept.delete(kept.keys().next().value!)
  kept.set(seed, value)
  return value
}

/**
 * The fast generator's state: a hash of the seed, so its (predictable) output says nothing about
 * the secret behind the crypto stream. Kept per seed, since every run of an execution (one per
 * suspension) needs the same state (the same hash on the Lua path was a fifth of a `return 1` run).
 */
const fastStateOf = (seed: string, secret: Buffer): Int32Array =>
  keptFor(fastStates, seed, () => {
    const digest = createHash("sha256").update("Math.random").update(secret).digest()
    return Int32Array.of(digest.readInt32LE(0), digest.readInt32LE(4), digest.readInt32LE(8), digest.readInt32LE(12) | 1)
  })

/** Random numbers for one execution, the same for every run of it. The clock is supplied. */
export class SeededWorld implements World {
  private readonly secret: Buffer
  /** xoshiro128** state. */
  private s0: number
  private s1: number
  private s2: number
  private s3: number
  /** Counter-mode SHA-256 output not handed out yet. */
  private block = Buffer.alloc(0)
  private used = 0
  private counter = 0

  constructor(
    seed: string,
    readonly now: () => number,
  ) {
    this.secret = Buffer.from(seed, "hex")
    const state = fastStateOf(seed, this.secret)
    this.s0 = state[0]!
    this.s1 = state[1]!
    this.s2 = state[2]!
    this.s3 = state[3]!
  }

  random(): number {
    // Two 32-bit outputs make the 53 bits of a double.
    const high = this.next32() >>> 5
    const low = this.next32() >>> 6
    return (high * 67108864 + low) / 9007199254740992
  }

  fillRandom(bytes: Uint8Array): void {
    let filled = 0
    while (filled < bytes.length) {
      if (this.used === this.block.length) this.refill()
      const take = Math.min(bytes.length - filled, this.block.length - this.used)
      bytes.set(this.block.subarray(this.used, this.used + take), filled)
      this.used += take
      filled += take
    }
  }

  randomUUID(): string {
    const bytes = new Uint8Array(16)
    this.fillRandom(bytes)
    bytes[6] = (bytes[6]! & 0x0f) | 0x40
    bytes[8] = (bytes[8]! & 0x3f) | 0x80
    const hex = Buffer.from(bytes).toString("hex")
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }

  private refill(): void {
    const counter = Buffer.alloc(8)
    counter.writeDoubleBE(this.counter++)
    this.block = createHash("sha256").update(this.secret).update(counter).digest()
    this.used = 0
  }

  /** xoshiro128**: one 32-bit output. */
  private next32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9)
    const t = this.s1 << 9
    this.s2 ^= this.s0
    this.s3 ^= this.s1
    this.s1 ^= this.s2
    this.s0 ^= this.s3
    this.s2 ^= t
    this.s3 = rotl(this.s3, 11)
    return result >>> 0
  }
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k))

/** Lua seeds kept per execution seed, for the same reason as the fast generator's states. */
const luaSeeds = new Map<string, number>()

/**
 * A Lua `math.random` seed (an integer below 2^52) drawn from an execution seed. Kept per seed:
 * every run of an execution needs the same one, and the hash was a twentieth of a resumed run.
 */
export const luaSeedOf = (seed: string): number =>
  keptFor(luaSeeds, seed, () => createHash("sha256").update("math.random").update(Buffer.from(seed, "hex")).digest().readUIntBE(0, 6) % 2 ** 52)
