/**
 * The output scenario (`npm run perf -- output`): what output blocks cost.
 *
 * 1. µs per `text` call, in each engine, measured as the difference between a loop of N calls of
 *    `text("line " .. i)` and the same loop building the same string without outputting it, divided
 *    by N. Run in the engine directly (no pool), so the number is the engine's and the recorder's.
 *    With live output on, each block also becomes a one-way frame; that is measured through the
 *    pool (the frame's encoding, the ring, the host's read and forward), against the same program
 *    without an observer.
 * 2. The budget's file: building `Result.output` for output over the budget (head and tail, the
 *    whole output rendered and written to the runtime's directory), against the same blocks
 *    within budget (no file), for three sizes of output, beside the floor: one `writeFileSync` of
 *    the same text.
 *
 * Reported as medians of several rounds, and as ratios beside their baseline.
 */

import { Effect } from "effect"
import { tmpdir } from "node:os"
import { CodeMode, WorkerPool } from "../index.js"
import { runLua } from "../worker/lua/index.js"
import { runJavaScript } from "../worker/javascript/index.js"
import { writeFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { budgeted, render, type OutputBlock } from "../pool/output.js"
import { OutputFiles } from "../pool/output-files.js"
import { formatRatio, median, print, progress, renderTable } from "./report.js"

export interface OutputScenarioOptions {
  readonly rounds: number
}

const CALLS = 50_000

const timeOnce = (run: () => unknown): number => {
  const started = performance.now()
  run()
  return performance.now() - started
}

const medianOf = (rounds: number, run: () => unknown): number => {
  run() // warm: compile, caches
  return median(Array.from({ length: rounds }, () => timeOnce(run)))
}

export async function runOutputScenario(options: OutputScenarioOptions): Promise<void> {
  const rounds = options.rounds
  progress("output: µs per text call")
  const engineRows: string[][] = []
  const lua = {
    with: `for i = 1, ${CALLS} do text("line " .. i) end`,
    without: `local s for i = 1, ${CALLS} do s = "line " .. i end`,
  }
  const js = {
    with: `for (let i = 1; i <= ${CALLS}; i++) text("line " + i)`,
    without: `let s; for (let i = 1; i <= ${CALLS}; i++) s = "line " + i`,
  }
  for (const [name, run, programs] of [
    ["Lua", (source: string) => runLua(source, { bounds: {} }), lua],
    ["JavaScript", (source: string) => runJavaScript(source), js],
  ] as const) {
    const withText = medianOf(rounds, () => run(programs.with))
    const without = medianOf(rounds, () => run(programs.without))
    engineRows.push([name, `${((withText - without) * 1000 / CALLS).toFixed(3)} µs`, `${withText.toFixed(1)} ms`, `${without.toFixed(1)} ms`, formatRatio(withText, without)])
  }
  print(`\nOutput: cost of one text() call, ${CALLS} calls per run, median of ${rounds} rounds (engine only)\n`)
  print(renderTable(["engine", "µs per text call", "loop with text", "loop without", "ratio"], engineRows, new Set([1, 2, 3, 4])))

  progress("output: live output through the pool")
  const pool = WorkerPool.make({ maxThreads: 1, hotThreads: 1 })
  const liveRows: string[][] = []
  try {
    for (const language of ["lua", "javascript"] as const) {
      const runtime = CodeMode.make({ language, pool, limits: { timeoutMs: 120_000, maxOutputTokens: Infinity } })
      const source = language === "lua" ? lua.with : js.with
      const once = async (live: boolean) => {
        let seen = 0
        const started = performance.now()
        const result = await Effect.runPromise(runtime.execute(source, live ? { onOutput: () => void seen++ } : {}))
        if (!result.ok || (live && seen !== CALLS)) throw new Error(`output perf: the ${language} program failed or missed blocks`)
        return performance.now() - started
      }
      await once(false)
      await once(true)
      const quiet: number[] = []
      const watched: number[] = []
      for (let i = 0; i < rounds; i++) {
        quiet.push(await once(false))
        watched.push(await once(true))
      }
      const q = median(quiet)
      const w = median(watched)
      liveRows.push([language, `${q.toFixed(1)} ms`, `${w.toFixed(1)} ms`, `${((w - q) * 1000 / CALLS).toFixed(3)} µs`, formatRatio(w, q)])
      await runtime.close()
    }
  } finally {
    await pool.close()
  }
  print(`\nOutput: ${CALLS} text calls through the pool, Result with every block, with and without a live observer\n`)
  print(renderTable(["language", "no observer", "onOutput", "µs per live block", "ratio"], liveRows, new Set([1, 2, 3, 4])))

  progress("output: the budget's file")
  const files = new OutputFiles({ parentDirectory: tmpdir(), maxAgeMs: 60_000 })
  const fileRows: string[][] = []
  try {
    for (const [label, count, size] of [["100 × 100 chars", 100, 100], ["1,000 × 1,000 chars", 1_000, 1_000], ["4,000 × 4,000 chars", 4_000, 4_000]] as const) {
      const blocks: OutputBlock[] = Array.from({ length: count }, (_, i) => ({ type: "text", text: `${i}`.padEnd(size, "x") }))
      const within = medianOf(rounds * 4, () => budgeted(blocks, Infinity, files))
      const cut = medianOf(rounds * 4, () => {
        const shaped = budgeted(blocks, 1_000, files)
        if (!shaped.truncated) throw new Error("output perf: expected a cut")
      })
      // The floor: writing the same text to a file, nothing else (no head, tail or rendering).
      const text = render(blocks)
      const floorPath = join(tmpdir(), `codemode-perf-floor-${process.pid}.txt`)
      const floor = medianOf(rounds * 4, () => writeFileSync(floorPath, text))
      rmSync(floorPath, { force: true })
      fileRows.push([label, `${((count * size) / 1e6).toFixed(2)} M`, `${(within * 1000).toFixed(1)} µs`, `${cut.toFixed(2)} ms`, `${floor.toFixed(2)} ms`, formatRatio(cut, floor)])
    }
  } finally {
    files.close()
  }
  print(`\nOutput: building Result.output past a budget of 1,000 tokens (head, tail, the whole output written to a file)\n`)
  print(renderTable(["output", "characters", "within budget", "cut + file", "floor: writeFileSync", "ratio"], fileRows, new Set([1, 2, 3, 4, 5])))
}
