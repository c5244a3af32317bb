/**
 * The fuzzing invariants, and the comparison with a real interpreter.
 *
 * `runChecked` runs one program in-process with a deadline and holds its outcome to what every
 * execution owes the host: exactly one Result of the documented shape (ok with plain data, or a
 * Diagnostic of a kind from the fixed list), never an internal error (an exception that escaped
 * the engine), never a run that outlives its deadline by more than a grace period, and no change
 * to the host's own prototypes or globals. `compareLua` / `compareJs` set our Result beside real
 * Lua's or Node's report on the same text and name the first difference: `output` (printed lines),
 * `value` (returned value, or one side failing where the other did not) or `message` (both
 * failed, with different kinds or text — worth knowing, usually less severe).
 */

export const DIAGNOSTIC_KINDS = new Set([
  "ParseError", "UnsupportedSyntax", "UnknownTool", "InvalidToolInput", "InvalidToolOutput", "InvalidDataValue",
  "ToolCallLimitExceeded", "TimeoutExceeded", "ToolFailure", "ExecutionFailure", "Truncated",
])

/** What a program could change on the host if it escaped: own keys of the shared prototypes and globals. */
const hostSnapshot = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype, Promise.prototype, globalThis]
    .map((o) => Reflect.ownKeys(o).map(String).sort().join(","))
    .join("|") + `|env:${Object.keys(process.env).length}`

/** JSON text with sorted keys; undefined when the value is not plain data. */
export const canonical = (value) => {
  const seen = new Set()
  const walk = (v) => {
    if (v === null || typeof v === "string" || typeof v === "boolean") return v
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw new Error(`non-finite number ${v}`)
      return v
    }
    if (typeof v !== "object") throw new Error(`${typeof v} in value`)
    if (seen.has(v)) throw new Error("cycle")
    seen.add(v)
    const proto = Object.getPrototypeOf(v)
    let out
    if (Array.isArray(v) && proto === Array.prototype) out = v.map(walk)
    else if (proto === Object.prototype || proto === null) {
      out = {}
      for (const k of Object.keys(v).sort()) out[k] = walk(v[k])
    } else throw new Error("host object in value")
    seen.delete(v)
    return out
  }
  try {
    return JSON.stringify(walk(value))
  } catch {
    return undefined
  }
}

/**
 * Runs `source` with `run(source, options)` and returns `{ result, elapsed, problems }`;
 * problems are `{ category: "internal" | "hang" | "crash", detail }`.
 */
export const runChecked = (run, source, { deadlineMs = 1_000, graceMs = 1_000, options = {} } = {}) => {
  const before = hostSnapshot()
  const started = performance.now()
  let result
  let thrown
  try {
    result = run(source, { ...options, deadline: started + deadlineMs })
  } catch (error) {
    thrown = error
  }
  const elapsed = performance.now() - started
  const problems = []
  if (thrown !== undefined) problems.push({ category: "crash", detail: `the engine threw: ${thrown?.stack ?? thrown}` })
  else problems.push(...shapeProblems(result))
  if (elapsed > deadlineMs + graceMs) problems.push({ category: "hang", detail: `ran ${Math.round(elapsed)} ms with a ${deadlineMs} ms deadline` })
  if (hostSnapshot() !== before) problems.push({ category: "crash", detail: "the host's prototypes, globals or environment changed" })
  return { result, elapsed, problems }
}

const shapeProblems = (result) => {
  if (result === null || typeof result !== "object" || typeof result.ok !== "boolean") return [{ category: "crash", detail: "no Result" }]
  if (!Array.isArray(result.logs) || !result.logs.every((l) => typeof l === "string")) return [{ category: "crash", detail: "logs are not strings" }]
  if (result.ok) return canonical(result.value) === undefined ? [{ category: "crash", detail: "value is not plain data" }] : []
  const { kind, message } = result.error ?? {}
  if (!DIAGNOSTIC_KINDS.has(kind) || typeof message !== "string") return [{ category: "crash", detail: `not a typed Diagnostic: ${JSON.stringify(result.error)}` }]
  if (/internal error/i.test(message)) return [{ category: "internal", detail: `${kind}: ${message}` }]
  return []
}

/** Our Result in one line, for reports. */
export const describeResult = (result) =>
  result === undefined ? "(none)" : `logs=${JSON.stringify(result.logs.join("\n"))} ${result.ok ? `value=${canonical(result.value)}` : `error=${result.error.kind}: ${result.error.message}`}`

/** Against real Lua's harness report (`{ logs, error?, syntax?, result?, unencodable? }`). */
export const compareLua = (ours, real) => {
  const expected = `logs=${JSON.stringify(real.logs.join("\n"))} ${real.error !== undefined ? `error=${real.syntax ? "ParseError" : "ExecutionFailure"}: ${real.error}` : real.unencodable !== undefined ? `unencodable (${real.unencodable})` : `value=${JSON.stringify(real.result ?? null)}`}`
  const diff = (category) => ({ category, expected, actual: describeResult(ours) })
  if (/nan/.test(real.logs.join("\n"))) return undefined // "nan" vs "-nan" is the C library's choice
  if (ours.logs.join("\n") !== real.logs.join("\n")) return diff("output")
  if (real.error !== undefined) {
    if (ours.ok) return diff("value")
    const kind = real.syntax ? "ParseError" : "ExecutionFailure"
    return ours.error.kind === kind && ours.error.message === real.error ? undefined : diff("message")
  }
  if (real.unencodable !== undefined) return undefined
  // Strings crossing to the host must be UTF-8 (the plain-data contract): not a disagreement.
  if (JSON.stringify(real.result ?? null).includes("\uFFFD") && !ours.ok && ours.error.kind === "InvalidDataValue") return undefined
  if (!ours.ok) return diff("value")
  return canonical(ours.value) === canonical(real.result ?? null) ? undefined : diff("value")
}

/** Against Node's report (`{ logs, error?, resultText? }`) from node-oracle.mjs. */
export const compareJs = (ours, real) => {
  const expected = `logs=${JSON.stringify(real.logs.join("\n"))} ${real.error !== undefined ? `error=ExecutionFailure: ${real.error}` : `value=${real.resultText}`}`
  const diff = (category) => ({ category, expected, actual: describeResult(ours) })
  if (ours.logs.join("\n") !== real.logs.join("\n")) return diff("output")
  if (real.error !== undefined) {
    if (ours.ok) return diff("value")
    return ours.error.kind === "ExecutionFailure" && ours.error.message === real.error ? undefined : diff("message")
  }
  // NaN and infinities are not JSON: Code Mode refuses them where JSON.stringify writes null (by design).
  if (!ours.ok && ours.error.kind === "InvalidDataValue" && /NaN|infinit/i.test(ours.error.message)) return undefined
  if (!ours.ok) return diff("value")
  return canonical(ours.value) === canonical(JSON.parse(real.resultText)) ? undefined : diff("value")
}

/**
 * What a disagreement is about, with numbers and line positions blanked, so that hundreds of
 * findings with one cause group under one signature: the first differing line of the output,
 * or the two messages / values.
 */
export const signature = (expected, actual) => {
  const norm = (t) => t.replace(/input:\d+:/g, "input:N:").replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/g, "#").slice(0, 160)
  const lines = (t) => (JSON.parse(/^logs=("(?:[^"\\]|\\.)*")/.exec(t)?.[1] ?? '""')).split("\n")
  const [e, a] = [lines(expected), lines(actual)]
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    if (e[i] !== a[i]) return `print: ${norm(e[i] ?? "(none)")}  =>  ${norm(a[i] ?? "(none)")}`
  }
  const tail = (t) => t.replace(/^logs=("(?:[^"\\]|\\.)*") /, "")
  return `end: ${norm(tail(expected))}  =>  ${norm(tail(actual))}`
}
