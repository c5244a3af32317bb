/**
 * The JavaScript comparison: our engine beside quickjs-emscripten, sval and js-interpreter, with
 * plain V8 as the ceiling, on the same six ES5 programs, in one process (engines: js-engines.ts).
 *
 * The right answer of each program is V8's: it is run once, untimed, before the rounds, and every
 * engine's every answer is compared with it. A wrong answer is shown as WRONG next to its time and
 * never counts as a win; an engine that throws shows ERROR and is not run on that program again.
 * (V8's answer is also checked against the workloads README's checksum, and a mismatch is named.)
 *
 * Rounds are interleaved as in the Lua scenario — each round runs every engine on every program
 * once, in an order that rotates with the round and the program — and the garbage collector is
 * forced before every run, outside the clock. js-interpreter is 10-200x slower than the rest, so
 * it takes part in fewer rounds (`--slow-rounds`, default 1); its medians then rest on fewer runs,
 * which the heading says.
 */
import { readdir, readFile } from "node:fs/promises"
import { basename, join } from "node:path"
import vm from "node:vm"
import { JS_ENGINE_ORDER, loadJsContender, type Contender, type JsEngineName } from "./js-engines.js"
import { describe, machine } from "./measure.js"
import { type Cells, readChecksums, runRounds, showAnswer, type TimedWorkload } from "./workloads.js"
import { formatMs, print, progress, renderTable, targetLine, verdictOf } from "./report.js"

export interface JsScenarioOptions {
  readonly rounds: number
  /** Untimed rounds before the timed ones (js-interpreter, which takes fewer rounds, takes none). */
  readonly warmupRounds: number
  /** Rounds js-interpreter takes part in (it is by far the slowest). */
  readonly slowRounds: number
  readonly workloadsDir: string
  readonly peersOnly: boolean
  /** Only programs whose file name starts with one of these (all when undefined). */
  readonly programs: ReadonlyArray<string> | undefined
}

/** A program with V8's answer (`expected`), the reference every engine is checked against. */
type Workload = TimedWorkload

/** The loop program and the time it must stay under ("well under a second"). */
const LOOP_PROGRAM = "2_loop"
const LOOP_LIMIT_MS = 1000

export async function runJsScenario(options: JsScenarioOptions): Promise<void> {
  const loaded = await loadWorkloads(options.workloadsDir, options.programs)
  if (typeof loaded === "string") {
    progress(`js: ${loaded}`)
    print(`js scenario skipped: ${loaded}`)
    process.exitCode = 1
    return
  }
  const { workloads, notes } = loaded

  const contenders: Contender[] = []
  const absent = new Map<JsEngineName, string>()
  for (const name of JS_ENGINE_ORDER) {
    if (name === "ours" && options.peersOnly) {
      absent.set(name, "skipped (--peers-only)")
      continue
    }
    const contender = await loadJsContender(name)
    if (typeof contender === "string") {
      absent.set(name, contender)
      progress(`js: ${name} unavailable: ${contender}`)
    } else contenders.push(contender)
  }

  const cells = await runRounds("js", contenders, workloads, options.rounds, (name) =>
    name === "js-interpreter" ? options.slowRounds : options.rounds,
    options.warmupRounds,
  )

  print(renderJsReport(workloads, cells, absent, notes, options))
}

// ---------------------------------------------------------------------------------------------
// The table

type Peer = Exclude<JsEngineName, "ours">
const PEERS: ReadonlyArray<Peer> = ["quickjs", "sval", "js-interpreter", "v8"]

function renderJsReport(
  workloads: ReadonlyArray<Workload>,
  cells: Cells<JsEngineName>,
  absent: ReadonlyMap<JsEngineName, string>,
  workloadNotes: ReadonlyArray<string>,
  options: JsScenarioOptions
): string {
  const rows = workloads.map((w) => [
    w.name,
    w.expected,
    cells.shownTime("ours", w),
    ...PEERS.map((peer) => cells.shownTime(peer, w)),
    ...PEERS.map((peer) => cells.shownRatio(peer, "ours", w))
  ])
  const headers = ["program", "answer (V8)", "ours ms", ...PEERS.map((p) => `${p} ms`), ...PEERS.map((p) => `${p}/ours`)]
  const table = renderTable(headers, rows, new Set(headers.map((_, i) => i).filter((i) => i >= 2)))

  const notes: string[] = [...workloadNotes]
  for (const [engine, reason] of absent) notes.push(`${engine}: not measured — ${reason}`)
  notes.push(...cells.problems(workloads, JS_ENGINE_ORDER))

  const heading =
    `## js: ours vs quickjs-emscripten vs sval vs js-interpreter, V8 the ceiling — medians of ${options.rounds} interleaved round(s) after ${options.warmupRounds} untimed` +
    ` (js-interpreter: ${Math.min(options.rounds, options.slowRounds)})`
  const legend =
    "peer/ours = how many times longer the peer took than we did (above 1x we are faster; V8/ours is the ceiling, below 1x)." +
    " Timed: ours runJavaScript(source) whole; quickjs evalCode+dump; sval run (with `exports.result = main();`);" +
    " js-interpreter appendCode+run; V8 vm.runInContext (contexts and interpreters built before the clock)."
  return [heading, machine(), "", table, "", ...notes.map((n) => `note: ${n}`), "", ...jsTargets(workloads, cells), "", legend]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
}

function jsTargets(workloads: ReadonlyArray<Workload>, cells: Cells<JsEngineName>): string[] {
  const timeOf = (engine: JsEngineName, w: Workload) => cells.timeOf(engine, w)
  const isRight = (engine: JsEngineName, w: Workload) => cells.isRight(engine, w)
  const ours = workloads.filter((w) => isRight("ours", w))
  const oursFailed = workloads.filter((w) => !isRight("ours", w)).map((w) => w.name)
  const failedDetail = oursFailed.length > 0 ? `; ours wrong or failing on ${oursFailed.join(", ")}` : ""
  const ratio = (peer: Peer, w: Workload) => (timeOf(peer, w) ?? NaN) / (timeOf("ours", w) ?? NaN)

  // quickjs: compared only where both answered correctly.
  const vsQuick = ours.filter((w) => isRight("quickjs", w))
  const faster = vsQuick.filter((w) => ratio("quickjs", w) > 1)
  const worst = vsQuick.reduce<Workload | undefined>((acc, w) => (acc === undefined || ratio("quickjs", w) < ratio("quickjs", acc) ? w : acc), undefined)
  const worstSlowdown = worst === undefined ? NaN : 1 / ratio("quickjs", worst)

  // sval and V8: the geometric mean of peer/ours over the programs both answered correctly.
  const geomeanOf = (peer: Peer) => {
    const both = ours.filter((w) => isRight(peer, w))
    return { count: both.length, geomean: Math.exp(both.reduce((sum, w) => sum + Math.log(ratio(peer, w)), 0) / both.length) }
  }
  const { count: svalCount, geomean } = geomeanOf("sval")
  const v8 = geomeanOf("v8")
  // Five of six, scaled when a workloads folder holds another number of programs.
  const quickNeeded = Math.ceil((5 * workloads.length) / 6)

  const loop = workloads.find((w) => w.name === LOOP_PROGRAM)
  const loopMs = loop === undefined ? undefined : timeOf("ours", loop)
  return [
    targetLine(
      verdictOf(vsQuick.length === 0 ? undefined : faster.length >= quickNeeded),
      `faster than quickjs-emscripten on at least ${quickNeeded} of ${workloads.length}`,
      `faster on ${faster.length}/${vsQuick.length}` + (faster.length > 0 ? ` (${faster.map((w) => w.name).join(", ")})` : "")
    ),
    targetLine(
      verdictOf(worst === undefined ? undefined : worstSlowdown <= 2 && oursFailed.length === 0),
      "never more than 2x slower than quickjs-emscripten",
      (worst === undefined ? "" : `worst: ${worst.name}, ours/quickjs = ${worstSlowdown.toFixed(2)}x`) + failedDetail
    ),
    targetLine(
      verdictOf(svalCount === 0 ? undefined : geomean >= 5 && oursFailed.length === 0),
      "at least 5x faster than sval (geometric mean)",
      svalCount === 0 ? "" : `sval/ours geometric mean = ${geomean.toFixed(1)}x over ${svalCount} program(s)${failedDetail}`
    ),
    targetLine(
      verdictOf(v8.count === 0 ? undefined : 1 / v8.geomean <= 3 && oursFailed.length === 0),
      "within 3x of V8 (geometric mean)",
      v8.count === 0 ? "" : `ours/V8 geometric mean = ${(1 / v8.geomean).toFixed(2)}x over ${v8.count} program(s)${failedDetail}`
    ),
    targetLine(
      verdictOf(loop === undefined || loopMs === undefined ? undefined : loopMs < LOOP_LIMIT_MS && isRight("ours", loop)),
      `the 3,000,000-iteration loop under ${LOOP_LIMIT_MS} ms`,
      loopMs === undefined ? "not measured" : `${LOOP_PROGRAM}: ${formatMs(loopMs)} ms`
    )
  ]
}

// ---------------------------------------------------------------------------------------------
// The workloads

/**
 * The `.js` files of the folder, each with V8's answer. A program V8 cannot run is skipped (an
 * unchecked answer is never timed); a V8 answer that differs from the README's checksum is noted.
 */
async function loadWorkloads(
  dir: string,
  filter: ReadonlyArray<string> | undefined
): Promise<{ workloads: Workload[]; notes: string[] } | string> {
  let files: string[]
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith(".js")).sort()
  } catch {
    return `workloads folder not found: ${dir} (expected ../shared/workloads/js beside the project; pass --workloads DIR)`
  }
  if (filter !== undefined) files = files.filter((file) => filter.some((prefix) => file.startsWith(prefix)))
  if (files.length === 0) return `no .js programs in ${dir}${filter === undefined ? "" : ` matching ${filter.join(",")}`}`

  const checksums = await readChecksums(dir)
  const workloads: Workload[] = []
  const notes: string[] = []
  for (const file of files) {
    const name = basename(file, ".js")
    const source = await readFile(join(dir, file), "utf8")
    let expected: string
    try {
      expected = showAnswer(vm.runInNewContext(source))
    } catch (cause) {
      progress(`js: V8 cannot run ${file} (${describe(cause)}); skipped`)
      continue
    }
    const checksum = checksums.get(name)
    if (checksum !== undefined && checksum !== expected) notes.push(`${name}: V8 answers ${expected}, the README's checksum is ${checksum}`)
    workloads.push({ name, source, expected })
  }
  return workloads.length > 0 ? { workloads, notes } : `V8 could run no program in ${dir}`
}
