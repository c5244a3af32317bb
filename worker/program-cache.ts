/**
 * The bounded store behind each engine's cache of compiled programs (lua/programs.ts,
 * javascript/programs.ts): least recently used first out, bounded by count and by source size.
 *
 * Why the bound is in source characters and not a count alone. With suspension by replay an
 * execution is run once per suspension, and each run of it may land on this worker again after
 * hundreds of other executions' runs: 1,000 programs in flight, each waiting on two tool calls,
 * make three runs each. A cache of the 16 most recent programs then never held the one being
 * replayed (a least-recently-used store read in a cycle longer than itself hits nothing), so
 * every run parsed and compiled its program again; that was the largest cost of a run on the
 * worker (1.4 s of 8 s of worker time in that burst, against 0.3 s for opening the libraries).
 * Small programs are what agents send in bursts, and a compiled program's memory grows with its
 * source (a 106-character Lua program compiles to about 7 KB of closures, a JavaScript one of the
 * same size to about 15 KB; neither keeps its syntax tree, see the engines' compile/context.ts),
 * so the store keeps many small programs and few large ones: `RECENT` programs whatever their
 * size (the old rule), and past them programs while their sources add up to at most
 * `SOURCE_BUDGET` characters (about 600 such programs, 4 to 9 MB, per engine and worker).
 */

/** Programs kept whatever their size. */
const RECENT = 16
/** Characters of source the programs kept past `RECENT` may add up to. */
const SOURCE_BUDGET = 64 * 1024
/** Programs kept at most, however small. */
const MAX_PROGRAMS = 2_048

export class ProgramCache<P> {
  private readonly programs = new Map<string, { readonly program: P; readonly size: number }>()
  private characters = 0

  /** The program under `key`, now the most recently used; undefined when absent. */
  get(key: string): P | undefined {
    const entry = this.programs.get(key)
    if (entry === undefined) return undefined
    this.programs.delete(key)
    this.programs.set(key, entry)
    return entry.program
  }

  has(key: string): boolean {
    return this.programs.has(key)
  }

  /** Keeps `program` (compiled from `sourceLength` characters), the oldest going past the bounds. */
  set(key: string, program: P, sourceLength: number): void {
    const previous = this.programs.get(key)
    if (previous !== undefined) {
      this.programs.delete(key)
      this.characters -= previous.size
    }
    this.programs.set(key, { program, size: sourceLength })
    this.characters += sourceLength
    while (this.programs.size > MAX_PROGRAMS || (this.programs.size > RECENT && this.characters > SOURCE_BUDGET)) {
      const [oldest, entry] = this.programs.entries().next().value!
      this.programs.delete(oldest)
      this.characters -= entry.size
    }
  }
}
