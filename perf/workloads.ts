/**
 * What the language scenarios (lua.ts, js.ts) share about the workload programs in
 * `../shared/workloads/<language>/`: the checksums their README lists, the interleaved rounds
 * (rotation, a forced collection before each timed run, answers checked) and the cells of
 * medians the reports are drawn from.
 */

import { readFile } from "node:fs/promises"
import { join } from "node:path"
import v8 from "node:v8"
import vm from "node:vm"
import { describe } from "./measure.js"
import { formatMs, formatRatio, median, progress } from "./report.js"

/**
 * Rows like "| `1_fib` | recursive calls | 75025 |": the name in backticks, the checksum last. The
 * README is looked for in the folder, then its parent.
 */
export async function readChecksums(dir: string): Promise<Map<string, string>> {
  const checksums = new Map<string, string>()
  for (const readme of [join(dir, "README.md"), join(dir, "..", "README.md")]) {
    const text = await readFile(readme, "utf8").catch(() => "")
    for (const line of text.split("\n")) {
      const row = /^\|\s*`([^`]+)`\s*\|.*\|\s*([^|]+?)\s*\|\s*$/.exec(line)
      if (row !== null && !checksums.has(row[1]!)) checksums.set(row[1]!, row[2]!)
    }
  }
  return checksums
}

/** The items starting at `by` (mod length), wrapping around. */
export function rotate<T>(items: ReadonlyArray<T>, by: number): T[] {
  if (items.length === 0) return []
  const start = by % items.length
  return [...items.slice(start), ...items.slice(0, start)]
}

/**
 * `global.gc` without asking the user for `--expose-gc`: the flag can be turned on at run time and
 * the function picked up from a fresh context. If that ever stops working the scenario still runs,
 * only without the forced collections.
 *
 * A forced collection marks at once but leaves sweeping to background threads, and whatever is
 * left unswept when the next run allocates is swept on the main thread, inside that run's time: the
 * run after a garbage-heavy engine paid for its garbage. So the collection runs twice (a collection
 * first finishes the sweeping of the one before, and the second has next to nothing to sweep) and
 * then gives the background threads a moment before the clock starts.
 */
export function exposeGarbageCollector(scenario: string): () => Promise<void> {
  try {
    v8.setFlagsFromString("--expose-gc")
    const gc: unknown = vm.runInNewContext("gc")
    if (typeof gc === "function") {
      return async () => {
        gc()
        gc()
        await new Promise((settled) => setTimeout(settled, SWEEP_SETTLE_MS))
      }
    }
  } catch {
    // fall through
  }
  progress(`${scenario}: cannot force garbage collection between runs; timings may include other engines' garbage`)
  return async () => {}
}

/** How long the background sweepers get after a forced collection, before a timed run. */
const SWEEP_SETTLE_MS = 5

// ---------------------------------------------------------------------------------------------
// Interleaved rounds and what they measured

/** One run, ready to go: everything the engine allows to happen before the clock already has. */
export interface PreparedRun {
  run(): unknown
  dispose(): void
}

export interface Contender<Name extends string> {
  readonly name: Name
  prepare(source: string): PreparedRun | Promise<PreparedRun>
}

/** A workload program and the answer every engine must give. */
export interface TimedWorkload {
  readonly name: string
  readonly source: string
  readonly expected: string
}

/** What one engine did on one program over the rounds. */
export interface Cell {
  readonly times: number[]
  wrongAnswer: string | undefined
  error: string | undefined
}

/** How an answer is compared and shown: strings and numbers as they are, anything else as JSON. */
export const showAnswer = (answer: unknown): string =>
  typeof answer === "string" || typeof answer === "number" ? String(answer) : JSON.stringify(answer) ?? String(answer)

/** The cells of a scenario by engine and program, and how the report reads them. */
export class Cells<Name extends string> {
  private readonly cells = new Map<string, Cell>()

  /** The cell, made on first use. */
  cell(engine: Name, workload: TimedWorkload): Cell {
    const key = `${engine}/${workload.name}`
    let cell = this.cells.get(key)
    if (cell === undefined) this.cells.set(key, (cell = { times: [], wrongAnswer: undefined, error: undefined }))
    return cell
  }

  find(engine: Name, workload: TimedWorkload): Cell | undefined {
    return this.cells.get(`${engine}/${workload.name}`)
  }

  /** The median of a cell that has times, whatever its answer; undefined when it has none. */
  timeOf(engine: Name, workload: TimedWorkload): number | undefined {
    const cell = this.find(engine, workload)
    return cell === undefined || cell.error !== undefined || cell.times.length === 0 ? undefined : median(cell.times)
  }

  isRight(engine: Name, workload: TimedWorkload): boolean {
    const cell = this.find(engine, workload)
    return cell !== undefined && cell.error === undefined && cell.wrongAnswer === undefined && cell.times.length > 0
  }

  /** A table cell: the median, marked WRONG or ERROR. */
  shownTime(engine: Name, workload: TimedWorkload): string {
    const cell = this.find(engine, workload)
    if (cell === undefined) return "-"
    if (cell.error !== undefined) return "ERROR"
    const time = formatMs(median(cell.times))
    return cell.wrongAnswer !== undefined ? `WRONG ${time}` : time
  }

  /** peer/ours, marked when the peer's answer was wrong (never counted as a win). */
  shownRatio(peer: Name, ours: Name, workload: TimedWorkload): string {
    const mine = this.timeOf(ours, workload)
    const theirs = this.timeOf(peer, workload)
    if (mine === undefined || theirs === undefined || !this.isRight(ours, workload)) return "-"
    const ratio = formatRatio(theirs, mine)
    return this.isRight(peer, workload) ? ratio : `${ratio} (peer WRONG)`
  }

  /** Report notes for every ERROR and WRONG cell, engines in `order`. */
  problems(workloads: ReadonlyArray<TimedWorkload>, order: ReadonlyArray<Name>): string[] {
    const notes: string[] = []
    for (const w of workloads) {
      for (const engine of order) {
        const cell = this.find(engine, w)
        if (cell?.error !== undefined) notes.push(`${engine} on ${w.name}: ERROR ${cell.error}`)
        else if (cell?.wrongAnswer !== undefined) {
          notes.push(`${engine} on ${w.name}: WRONG answer ${cell.wrongAnswer}, expected ${w.expected} (time shown, never counted as a win)`)
        }
      }
    }
    return notes
  }
}

/**
 * Runs every contender on every workload for `rounds` rounds, rotating the order each round and
 * program so no engine always runs after the same one, with a collection before each timed run.
 * `roundsFor` lets a very slow peer take fewer rounds; an engine that errs is not run again.
 *
 * The timed rounds come after `warmupRounds` untimed ones, so the medians are of warm engines: a
 * JIT (V8's for ours and for V8 itself, its wasm tiers for quickjs and wasmoon) re-optimises after
 * a forced collection, and without a warm-up the median of five lands inside that warm-up. A peer
 * given fewer rounds than the others (`roundsFor`) is too slow to warm and takes none.
 */
export async function runRounds<Name extends string>(
  scenario: string,
  contenders: ReadonlyArray<Contender<Name>>,
  workloads: ReadonlyArray<TimedWorkload>,
  rounds: number,
  roundsFor: (name: Name) => number,
  warmupRounds: number,
): Promise<Cells<Name>> {
  const cells = new Cells<Name>()
  const collectGarbage = exposeGarbageCollector(scenario)
  const width = Math.max(...contenders.map((c) => c.name.length))
  for (let round = -warmupRounds; round < rounds; round++) {
    const timed = round >= 0
    const label = timed ? `round ${round + 1}/${rounds}` : `warm-up ${round + warmupRounds + 1}/${warmupRounds}`
    for (const [index, workload] of workloads.entries()) {
      for (const contender of rotate(contenders, round + warmupRounds + index)) {
        const allowed = roundsFor(contender.name)
        if (timed ? round >= allowed : allowed < rounds) continue
        const cell = cells.cell(contender.name, workload)
        if (cell.error !== undefined) continue // an error repeats; no point paying for it again
        const elapsed = await runOnce(contender, workload, cell, collectGarbage)
        if (timed && elapsed !== undefined) cell.times.push(elapsed)
        const shown = cell.error !== undefined ? `ERROR ${cell.error}` : `${formatMs(elapsed ?? NaN)} ms`
        const flag = cell.wrongAnswer !== undefined ? ` WRONG (${cell.wrongAnswer})` : ""
        progress(`${scenario} [${label}] ${workload.name.padEnd(18)} ${contender.name.padEnd(width)} ${shown}${flag}`)
      }
    }
  }
  return cells
}

/** One run of `workload`: its time, or undefined when it failed (the cell then says why). */
async function runOnce<Name extends string>(
  contender: Contender<Name>,
  workload: TimedWorkload,
  cell: Cell,
  collectGarbage: () => Promise<void>,
): Promise<number | undefined> {
  let prepared: PreparedRun
  try {
    prepared = await contender.prepare(workload.source)
  } catch (cause) {
    cell.error = describe(cause)
    return undefined
  }
  let answer: unknown
  let failure: unknown
  await collectGarbage() // last thing before the clock: this run starts with a clean, swept heap
  const start = performance.now()
  try {
    answer = prepared.run()
    if (isThenable(answer)) answer = await answer
  } catch (cause) {
    failure = cause ?? "thrown undefined"
  }
  const elapsed = performance.now() - start
  prepared.dispose()
  if (failure !== undefined) {
    cell.error = describe(failure)
    return undefined
  }
  const got = showAnswer(answer)
  if (got !== workload.expected) cell.wrongAnswer = got
  return elapsed
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function"
}
