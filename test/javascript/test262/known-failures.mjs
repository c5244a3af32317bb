/**
 * known-failures.txt: the test262 files we know fail, each with the reason, so that a run reports
 * only what changed — a NEW failure (a regression, or a test newly in scope) and a FIXED one.
 *
 * Format, one entry a line: `<path>  <reason>` — the path relative to test262's `test/`, two or
 * more spaces, then the reason. A path ending in `/` stands for every test under that directory
 * (written when all of a directory's tests fail for one cause, to keep the file short). Lines
 * starting with `#` are comments; `--write-known` writes one `# ==` heading per cause, the causes
 * sorted by how many files they cover, so the file reads as a list of work items.
 *
 * `--write-known` replaces only the entries under the directories of that run and keeps the rest,
 * so running one directory does not forget the others.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"

export function loadKnownFailures(file) {
  const known = { paths: new Map(), dirs: new Map() }
  if (!existsSync(file)) return known
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue
    const match = /^(\S+)\s{2,}(.*)$/.exec(line) ?? /^(\S+)()$/.exec(line)
    if (match === null) continue
    ;(match[1].endsWith("/") ? known.dirs : known.paths).set(match[1], match[2])
  }
  return known
}

export function isKnown(known, path) {
  if (known.paths.has(path)) return true
  for (const dir of known.dirs.keys()) if (path.startsWith(dir)) return true
  return false
}

/**
 * The cause of a failure, with the details that differ file by file (values compared, line and
 * column numbers, counts) taken out, so that one bug groups into one cause.
 */
export function causeOf(message) {
  return tidy(message)
    .replace(/^ExecutionFailure: /, "")
    .replace(/«[^»]*»/g, "«…»")
    .replace(/\((line \d+, )?column \d+\)|\(line \d+\)|line \d+/g, "")
    .replace(/\b\d+\b/g, "N")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160)
}

/** The message on one line, a thrown `Test262Error { message: 'x' }` shown as `Test262Error: x`. */
export function tidy(message) {
  return message
    .replace(/\s+/g, " ")
    .replace(/Uncaught (\w+) \{ message: '(.*)' \}$/, "$1: $2")
    .replace(/Uncaught (\w+) \{ message: "(.*)" \}$/, "$1: $2")
}

/** Rewrites the file: entries under `dirs` come from `outcomes`; the others are kept as they were. */
export function writeKnownFailures(file, outcomes, known, dirs) {
  const inRun = (path) => dirs.some((dir) => path === dir || path.startsWith(`${dir}/`))
  const entries = new Map() // path (or dir/) -> reason
  for (const [path, reason] of [...known.paths, ...known.dirs]) if (!inRun(path)) entries.set(path, reason)

  // Directories (deepest first) whose every applicable test fails for one cause collapse to `dir/`.
  const failing = [...outcomes].filter(([, o]) => o.status === "fail").map(([path, o]) => [path, causeOf(o.message)])
  const byDir = new Map()
  for (const [path, o] of outcomes) {
    if (o.status === "skip") continue
    const dir = path.slice(0, path.lastIndexOf("/") + 1)
    const row = byDir.get(dir) ?? { pass: 0, causes: new Set(), count: 0 }
    if (o.status === "pass") row.pass++
    else row.causes.add(causeOf(o.message))
    row.count++
    byDir.set(dir, row)
  }
  const collapsed = new Set()
  for (const [dir, row] of byDir) {
    if (row.pass === 0 && row.causes.size === 1 && row.count >= 5) {
      collapsed.add(dir)
      entries.set(dir, [...row.causes][0])
    }
  }
  for (const [path, cause] of failing) {
    if (!collapsed.has(path.slice(0, path.lastIndexOf("/") + 1))) entries.set(path, cause)
  }

  const groups = new Map()
  for (const [path, reason] of entries) {
    const list = groups.get(reason) ?? []
    list.push(path)
    groups.set(reason, list)
  }
  const lines = [
    "# test262 files known to fail, with the reason; see README.md. Rewritten by run.mjs --write-known;",
    "# format: <path under test/ (a trailing / covers a whole directory)>  <reason>",
    ""
  ]
  for (const [reason, paths] of [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))) {
    lines.push(`# == ${reason} (${paths.length} ${paths.length === 1 ? "entry" : "entries"})`)
    for (const path of paths.sort()) lines.push(`${path}  ${reason}`)
    lines.push("")
  }
  writeFileSync(file, lines.join("\n"))
  return entries.size
}
