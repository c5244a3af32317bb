/**
 * How the perf scenarios say what they measured.
 *
 * Absolute times drift between runs and machines, so every table puts a ratio next to the raw
 * numbers, and every ratio is written the same way: `peer/ours = 3.2x` means the peer took 3.2
 * times as long as we did (above 1x we are faster, below 1x we are slower). Floors in the runtime
 * table are read the other way round — `ours/floor` — because there the floor is the best anyone
 * can do and the question is how close we come to it.
 *
 * Tables are printed as Markdown with padded columns: readable in a terminal and pasteable as-is
 * into a note. Progress goes to stderr so that `npm run perf -- lua > table.md` keeps only results.
 */

/** The middle of the samples (mean of the two middle ones for an even count); NaN when empty. */
export const median = (samples: ReadonlyArray<number>): number => percentile(samples, 0.5)

/** Linear-interpolated quantile `q` in [0, 1] of the samples; NaN when empty. */
export function percentile(samples: ReadonlyArray<number>, q: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const position = (sorted.length - 1) * q
  const below = Math.floor(position)
  const above = Math.ceil(position)
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below)
}

/** Milliseconds with three significant digits (`0.412`, `41.2`, `7017`). */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "-"
  if (ms >= 100) return Math.round(ms).toString()
  return ms.toPrecision(3)
}

/** A duration given in milliseconds, shown in microseconds below 1 ms and milliseconds above. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return "-"
  if (ms < 1) return `${(ms * 1000).toPrecision(3)} us`
  return `${formatMs(ms)} ms`
}

/** A rate with thousands separators and no decimals (`8,412/s`). */
export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond)) return "-"
  return `${Math.round(perSecond).toLocaleString("en-US")}/s`
}

/** `numerator / denominator` as `3.2x` (two significant digits below 10x, integers above). */
export function formatRatio(numerator: number, denominator: number): string {
  const ratio = numerator / denominator
  if (!Number.isFinite(ratio) || ratio <= 0) return "-"
  if (ratio >= 10) return `${Math.round(ratio)}x`
  return `${ratio.toPrecision(2)}x`
}

export type Verdict = "met" | "missed" | "n/a"

/** One line under a table: `[met]    faster than fengari on all six (6/6)`. */
export function targetLine(verdict: Verdict, target: string, detail: string): string {
  const tag = verdict === "met" ? "[met]   " : verdict === "missed" ? "[MISSED]" : "[n/a]   "
  return `${tag} ${target}${detail === "" ? "" : ` — ${detail}`}`
}

export const verdictOf = (ok: boolean | undefined): Verdict =>
  ok === undefined ? "n/a" : ok ? "met" : "missed"

/**
 * A Markdown table whose columns are padded to their widest cell. Columns listed in
 * `rightAligned` (by index) hold numbers and are right-aligned.
 */
export function renderTable(
  headers: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string>>,
  rightAligned: ReadonlySet<number> = new Set()
): string {
  const widths = headers.map((header, column) =>
    Math.max(3, header.length, ...rows.map((row) => (row[column] ?? "").length))
  )
  const pad = (text: string, column: number) =>
    rightAligned.has(column) ? text.padStart(widths[column]) : text.padEnd(widths[column])
  const line = (cells: ReadonlyArray<string>) =>
    `| ${widths.map((_, column) => pad(cells[column] ?? "", column)).join(" | ")} |`
  const rule = `|${widths
    .map((width, column) => (rightAligned.has(column) ? `${"-".repeat(width + 1)}:` : "-".repeat(width + 2)))
    .join("|")}|`
  return [line(headers), rule, ...rows.map(line)].join("\n")
}

/** Progress for the person watching; never part of the results on stdout. */
export function progress(message: string): void {
  process.stderr.write(`${message}\n`)
}

/** A results block on stdout, separated from the previous one by a blank line. */
export function print(block: string): void {
  process.stdout.write(`${block}\n\n`)
}
