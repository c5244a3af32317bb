/**
 * Which failures of a testes file are Code Mode's design rather than the engine's fidelity, and
 * why: the runner reports them as *skipped, with a counted reason*, and the pass rate is taken over
 * the units it really attempted. Every unit still runs; only a unit that failed can be skipped,
 * and only for one of these reasons, each visible by name in the report:
 *
 * - **absent feature**: its error says a feature is not available in Code Mode (metatables,
 *   `load`, `collectgarbage`, `debug`, `coroutine`, `os`, `io`, `require`...), it is a statement
 *   Code Mode refuses to compile (`local x <close>`), or its own text uses one of those names.
 * - **a bound**: the execution was stopped by one of Code Mode's bounds (a string past
 *   `maxStringBytes`, calls nested past `maxCallDepth`), which no program may catch; testes probe
 *   Lua's own limits (2^31-byte strings, 200,000-deep recursion) on purpose. The runner's deadline
 *   is not one of these: a unit that runs out of time is a failure unless it depends on an absent
 *   feature (a loop waiting for a weak table to be collected).
 * - **depends on an absent feature**: its text names a variable that a unit skipped for one of
 *   the reasons above was to set or change (`local debug = require "debug"`, `setmetatable(x, mt)`,
 *   `local a = f()` whose `f` calls `collectgarbage`), so it runs on a nil or an unchanged value.
 *   A skipped unit may have stopped before any assignment in it, so every name assigned anywhere
 *   in its text is tainted (`n = n + 1` inside a loop that calls `collectgarbage`), and so is every
 *   name assigned inside a local function of the file that it calls (`local a = f(10)` whose `f`
 *   counts in `B.g`). Tainting follows these variables from unit to unit, in file order: a
 *   statement that ran on a tainted value passes the taint on to what it sets (`cases[1] =
 *   basiccases`), and a statement that ran on real values ends it for the names it sets. It never
 *   covers a name a unit merely reads, and helpers the file defines (`checkerror`) are not tainted
 *   by being used.
 *
 * Everything else is a failure of the engine and is listed as one.
 */

const ABSENT_MESSAGE = /not available in Code Mode|to-be-closed variables .* are not supported in Code Mode/
const BOUND_MESSAGE = /exceeds the limit of \d+ bytes|more than \d+ nested function calls/
const NAME = /[A-Za-z_][A-Za-z0-9_]*/g
const KEYWORDS = new Set(
  "and break do else elseif end false for function goto if in local nil not or repeat return then true until while".split(" "),
)

/**
 * The top-level names a statement sets or changes: `local a, b =`, `a, b =`, `a.x =`, `a[i] =`
 * (the statement's own targets only: assignments inside a `do` block are mostly to its locals),
 * and any `setmetatable(a, ...)` in it.
 */
const namesChangedBy = (text) => {
  const names = new Set()
  const local = /^\s*local\s+(?:function\s+)?([A-Za-z_][\w\s,<>]*?)\s*(=|$|\()/.exec(text)
  if (local !== null) for (const n of local[1].match(NAME) ?? []) if (!KEYWORDS.has(n) && n !== "const") names.add(n)
  const targets = /^\s*((?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\]\n]*\])*\s*,\s*)*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\]\n]*\])*)\s*=(?!=)/.exec(text)
  if (targets !== null) for (const t of targets[1].split(",")) names.add(/[A-Za-z_]\w*/.exec(t)[0])
  for (const m of text.matchAll(/\b(?:setmetatable|getmetatable|debug\.\w+)\s*\(\s*([A-Za-z_]\w*)/g)) names.add(m[1])
  for (const k of KEYWORDS) names.delete(k)
  return names
}

/** Every name assigned anywhere in a statement's text, inner blocks and functions included. */
const namesAssignedIn = (text) => {
  const names = new Set()
  for (const m of text.matchAll(/(?<![.:\w])([A-Za-z_]\w*)(?:\.[A-Za-z_]\w*|\[[^\]\n]*\])*\s*=(?!=)/g)) names.add(m[1])
  for (const k of KEYWORDS) names.delete(k)
  return names
}

/**
 * Splits a file's failures into skips (with their reasons) and real failures.
 * @param {Array<{ unit: number, line: number | undefined, message: string }>} failures
 * @param {Array<{ unit: number | undefined, text: string }>} spans the file's statements, in order
 * @param {string} file the testes file's name, for `FILE_RULES`
 */
export const classifyFailures = (failures, spans, file) => {
  const failed = new Map(failures.map((f) => [f.unit, f]))
  const tainted = new Map() // name -> the reason it carries
  const helperEffects = new Map() // a local function of the file -> the names its body assigns
  const skipped = []
  const real = []
  const taintOf = (text) => {
    const used = new Set(text.match(NAME) ?? [])
    return [...tainted].find(([n]) => used.has(n))
  }
  /** What a statement that ran sets: tainted again if it read a tainted value, real otherwise. */
  const ran = (text) => {
    const from = taintOf(text)
    for (const name of namesChangedBy(text)) {
      if (from !== undefined && name !== from[0]) tainted.set(name, `depends on an absent feature (through '${from[0]}')`)
      else tainted.delete(name)
    }
  }
  for (const span of spans) {
    if (span.unit === undefined) {
      // A helper defined with an absent feature (`local function dostring (x) return load(x)() end`)
      // carries it to every unit that calls it; any other declaration gives its names real values.
      const helper = /^\s*local\s+function\s+([A-Za-z_]\w*)/.exec(span.text)
      const uses = ABSENT_NAME.exec(span.text)
      if (helper !== null) helperEffects.set(helper[1], namesAssignedIn(span.text))
      if (helper !== null && uses !== null) tainted.set(helper[1], `absent feature: ${uses[1]}`)
      else ran(span.text)
      continue
    }
    const failure = failed.get(span.unit)
    if (failure === undefined) {
      ran(span.text)
      continue
    }
    let reason
    if (ABSENT_MESSAGE.test(failure.message)) reason = `absent feature: ${absentName(failure.message)}`
    else if (BOUND_MESSAGE.test(failure.message)) reason = `a bound: ${boundName(failure.message)}`
    else if (FILE_RULES.get(file)?.message.test(failure.message)) reason = FILE_RULES.get(file).reason
    else if (FILE_RULES.get(file)?.text?.test(span.text)) reason = FILE_RULES.get(file).reason
    else if (ABSENT_IN_TEXT.test(span.text)) reason = `absent feature: ${ABSENT_IN_TEXT.exec(span.text)[1]} (used by the unit)`
    else if (STRING_ADDRESS.test(span.text)) reason = "by design: strings have no address ('%p' of a string is '(null)')"
    else {
      const from = taintOf(span.text)
      if (from !== undefined) reason = `depends on an absent feature (through '${from[0]}')`
    }
    if (reason === undefined) {
      real.push(failure)
      continue
    }
    skipped.push({ ...failure, reason })
    const unset = new Set([...namesChangedBy(span.text), ...namesAssignedIn(span.text)])
    const used = new Set(span.text.match(NAME) ?? [])
    for (const [helper, names] of helperEffects) if (used.has(helper)) for (const n of names) unset.add(n)
    for (const name of unset) if (!tainted.has(name)) tainted.set(name, reason)
  }
  return { skipped, real }
}

/** Absent names as a unit's or a helper's text may use them. */
const ABSENT_NAME = /\b(setmetatable|getmetatable|coroutine|loadstring|load|dofile|loadfile|require|collectgarbage|debug\.\w+|string\.dump)\s*[("'{]/

/** An absent name used anywhere in a unit's text (`assert(_ENV == _G)` fails on a nil, not with a message). */
const ABSENT_IN_TEXT = /\b(_ENV|setmetatable|getmetatable|coroutine|collectgarbage|debug|load|loadstring|dofile|loadfile|require)\b(?!\s*=(?!=))/

/**
 * Code Mode's strings are values without an identity, so `string.format("%p", s)` is `(null)` for
 * every string (stdlib/format.ts); units comparing the addresses of strings cannot pass.
 */
const STRING_ADDRESS = /["']%p["']/

/**
 * Dependencies no name shows, one per file, each stated: what the file loads or installs that
 * Code Mode leaves out, and the exact failure it leads to.
 */
const FILE_RULES = new Map([
  [
    "bitwise.lua",
    {
      // `require "bwcoercion"` installs string metamethods so that `"0xAA" | 0` converts the string;
      // Lua 5.4 itself (and Code Mode) refuses bitwise operations on strings without them.
      message: /attempt to perform bitwise operation on a string value/,
      // ... and the units that look for the metamethods' own messages (`'band'`, `'bnot'`).
      text: /'b(?:and|or|xor|not|shl|shr)'/,
      reason: "depends on an absent feature (bwcoercion.lua: require and string metamethods)",
    },
  ],
])

const absentName = (message) =>
  /to-be-closed/.test(message)
    ? "<close>"
    : (/\b(setmetatable|getmetatable|coroutine|loadstring|load|dofile|loadfile|require|package|io|os|debug|collectgarbage|newproxy|_ENV|string\.dump)\b/.exec(message)?.[1] ?? "other")

const boundName = (message) =>
  /bytes/.test(message) ? "maxStringBytes" : /nested function calls/.test(message) ? "maxCallDepth" : /timed out/.test(message) ? "deadline" : "other"
