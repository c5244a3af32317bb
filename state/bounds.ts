/**
 * The bounds of per-branch state, and how sizes are counted against them.
 *
 * State outlives the execution that wrote it, so what one program stores is paid for by every later
 * program on the branch (each `load` copies it into a worker) and by the database. The two bounds
 * are the ones agents know from Code Mode tools: one serialised value at most `MAX_VALUE_CHARS` characters, and all
 * the keys and serialised values of one branch together at most `MAX_BRANCH_CHARS`. They are not
 * configurable: a host that wants more should keep its data in a tool, not in program state.
 *
 * "Characters" are what JavaScript counts (UTF-16 code units of the JSON text), the same in both
 * languages, so a program's `#json.encode(v)` in Lua may differ from the count for non-ASCII text
 * but the bound is one number for both engines and both backends. A key is counted by its own
 * length; a value by the length of `JSON.stringify(value)`.
 */

/** Longest serialised value one key may hold, in characters of its JSON text. */
export const MAX_VALUE_CHARS = 262_144

/** Most characters all keys and serialised values of one branch may hold together. */
export const MAX_BRANCH_CHARS = 1_048_576

/** Longest branch name, in characters (a name is any non-empty string up to this length). */
export const MAX_BRANCH_NAME_CHARS = 256

/** The branch an execution uses when `execute` is given none. */
export const DEFAULT_BRANCH = "main"

/** What one entry costs against `MAX_BRANCH_CHARS`: its key and its JSON text. */
export const entryChars = (key: string, json: string): number => key.length + json.length

/** Why a branch name cannot be used, or undefined when it can. */
export const branchNameProblem = (name: unknown): string | undefined => {
  if (typeof name !== "string") return `a branch name must be a string, got ${name === null ? "null" : typeof name}`
  if (name.length === 0) return "a branch name must not be empty"
  if (name.length > MAX_BRANCH_NAME_CHARS) return `a branch name is at most ${MAX_BRANCH_NAME_CHARS} characters, got ${name.length}`
  return undefined
}
