/**
 * What the host may write in an options object, checked where the object is given.
 *
 * A misspelt option is worse than a wrong one: a wrong value fails, a misspelt key is silently
 * ignored, and the runtime does something the host did not ask for (`langauge: "javascript"` runs
 * Lua; `hooks: { tools: { before: deny } }` drops a denial policy without a word). So every options
 * object the host hands us — `CodeMode.make`, its `hooks`, `WorkerPool.make`, `Extension.make` — is
 * read against the list of keys it may hold, and any other key is a `TypeError` that names it,
 * says where it was and, when one is close, which key was probably meant.
 *
 * The hooks have two spellings. The first reference writes them flat, `"tool.before"`,
 * `"tool.after"`, `"extension.before"`, `"extension.after"`; that is the documented spelling. The
 * nested `{ tool: { before, after } }` form is kept as an alias because earlier hosts wrote it.
 * `normalizeHooks` reads either (or both, when they do not name the same hook twice) into one
 * nested `Hooks` value the dispatcher reads, after checking every function is a function.
 */

import type { Hooks } from "./hooks.js"

/** An unknown key in an options object: the message names the key, where it was, and what may be meant. */
export const unknownOption = (where: string, key: string, known: ReadonlyArray<string>): string => {
  const near = closestKeys(key, known)
  const hint = near.length > 0 ? ` Did you mean ${near.map((k) => `'${k}'`).join(" or ")}?` : ""
  return `${where}: unknown option '${key}'.${hint} The options are ${known.map((k) => `'${k}'`).join(", ")}.`
}

/**
 * The keys of an options interface, listed once as a record so the compiler fails when the
 * interface gains a key the list lacks (`keysOf<WorkerPoolOptions>()({ minThreads: true, ... })`).
 */
export const keysOf =
  <T>() =>
  (keys: { readonly [K in keyof Required<T>]: true }): ReadonlyArray<string> =>
    Object.keys(keys)

/** Throws a `TypeError` for the first key of `value` that `known` does not list. */
export const checkKnownKeys = (where: string, value: object, known: ReadonlyArray<string>): void => {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw new TypeError(unknownOption(where, key, known))
  }
}

const HOOK_KEYS = ["tool.before", "tool.after", "extension.before", "extension.after", "tool", "extension"] as const
const HOOK_PAIR_KEYS = ["before", "after"] as const

/**
 * Reads the host's hooks, in the reference's flat spelling or the nested alias, into the nested
 * form. Throws a `TypeError` for an unknown key, a hook that is not a function, or one hook given
 * in both spellings.
 */
export const normalizeHooks = <R>(hooks: unknown): Hooks<R> | undefined => {
  if (hooks === undefined) return undefined
  if (hooks === null || typeof hooks !== "object" || Array.isArray(hooks)) {
    throw new TypeError(`CodeMode.make: 'hooks' must be an object such as { "tool.before": (event) => Effect.void }`)
  }
  checkKnownKeys("CodeMode.make hooks", hooks, HOOK_KEYS)
  const given = hooks as Record<string, unknown>
  const read = (scope: "tool" | "extension", phase: "before" | "after"): unknown => {
    const flat = given[`${scope}.${phase}`]
    const group = given[scope]
    let nested: unknown
    if (group !== undefined) {
      if (group === null || typeof group !== "object" || Array.isArray(group)) {
        throw new TypeError(`CodeMode.make hooks: '${scope}' must be an object { before, after } (or write "${scope}.before" / "${scope}.after")`)
      }
      checkKnownKeys(`CodeMode.make hooks.${scope}`, group, HOOK_PAIR_KEYS)
      nested = (group as Record<string, unknown>)[phase]
    }
    if (flat !== undefined && nested !== undefined) {
      throw new TypeError(`CodeMode.make hooks: the ${scope} ${phase} hook is given twice, as "${scope}.${phase}" and as ${scope}.${phase}; keep one`)
    }
    const hook = flat ?? nested
    if (hook !== undefined && typeof hook !== "function") {
      throw new TypeError(`CodeMode.make hooks: "${scope}.${phase}" must be a function, got ${hook === null ? "null" : typeof hook}`)
    }
    return hook
  }
  const pair = (scope: "tool" | "extension") => {
    const before = read(scope, "before")
    const after = read(scope, "after")
    if (before === undefined && after === undefined) return undefined
    return { ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) }
  }
  const tool = pair("tool")
  const extension = pair("extension")
  return { ...(tool === undefined ? {} : { tool }), ...(extension === undefined ? {} : { extension }) } as Hooks<R>
}

// ---------------------------------------------------------------------------------------------
// Which known option a misspelt one probably meant. Option lists are short, so a plain edit
// distance over all of them costs nothing; case and punctuation are set aside first, so
// `toolBefore` finds "tool.before" and `maxThread` finds `maxThreads`.

/** Known keys close to `key`, nearest first. */
const closestKeys = (key: string, known: ReadonlyArray<string>): ReadonlyArray<string> => {
  const folded = fold(key)
  const scored: Array<{ readonly name: string; readonly distance: number }> = []
  for (const name of known) {
    const candidate = fold(name)
    const distance = editDistance(folded, candidate)
    const allowed = Math.max(1, Math.floor(Math.max(folded.length, candidate.length) / 3))
    // `beforeCall` for `before`: one is the other with words added.
    const extends_ = candidate.length >= 4 && (folded.startsWith(candidate) || candidate.startsWith(folded))
    if (distance <= allowed || extends_) scored.push({ name, distance })
  }
  if (scored.length === 0) return []
  const best = Math.min(...scored.map((entry) => entry.distance))
  return scored.filter((entry) => entry.distance === best).map((entry) => entry.name)
}

/** Lower case without punctuation: `"tool.before"`, `toolBefore` and `tool_before` read alike. */
const fold = (key: string): string => key.toLowerCase().replace(/[^a-z0-9]/g, "")

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
const editDistance = (a: string, b: string): number => {
  const rows = a.length + 1
  const cols = b.length + 1
  const table: number[] = new Array(rows * cols).fill(0)
  for (let i = 0; i < rows; i++) table[i * cols] = i
  for (let j = 0; j < cols; j++) table[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(table[(i - 1) * cols + j]! + 1, table[i * cols + j - 1]! + 1, table[(i - 1) * cols + j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, table[(i - 2) * cols + j - 2]! + 1)
      table[i * cols + j] = best
    }
  }
  return table[rows * cols - 1]!
}
