/**
 * The fuzzers' source of choices: a seeded generator (mulberry32) with the few helpers every
 * generator needs. One seed fixes a whole program, so a finding is reproduced by its seed alone.
 */

export const makeRandom = (seed) => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1))
  const pick = (xs) => xs[Math.floor(next() * xs.length)]
  const chance = (p) => next() < p
  /** Picks a producer by weight: `weighted([[3, f], [1, g]])()` calls f three times as often. */
  const weighted = (pairs) => {
    const total = pairs.reduce((s, [w]) => s + w, 0)
    let x = next() * total
    for (const [w, v] of pairs) {
      if (x < w) return v
      x -= w
    }
    return pairs[pairs.length - 1][1]
  }
  return { next, int, pick, chance, weighted }
}
