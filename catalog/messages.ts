/**
 * Every message the catalog produces, built by named factories.
 *
 * Two audiences read these. The model reads the program-facing ones (an unknown tool, bad input or
 * output, a malformed search request) and must be able to act on them: each names the exact
 * expression or field at fault and, where we can, what to do next. The host developer reads the
 * build-time ones (a key that cannot be addressed, two tools at one path) and must find the key in
 * their own source. Keeping the wording here lets tests assert it exactly and keeps it consistent.
 */

// ---------------------------------------------------------------------------------------------
// Program-facing

export const unknownTool = (expression: string, suggestions: ReadonlyArray<string>): string =>
  suggestions.length === 0
    ? `Unknown tool '${expression}'. Use search(...) to find tools.`
    : `Unknown tool '${expression}'. Did you mean: ${suggestions.join(", ")}? Use search(...) to find tools.`

/** One schema issue, prefixed by the path of the field (`input.items[2].id: Expected string, got 42`). */
export const schemaIssue = (path: string, message: string): string => `${path}: ${message}`

/** Several issues in one line; beyond `shown` the rest are counted, not listed. */
export const schemaIssues = (issues: ReadonlyArray<string>, shown: number): string =>
  issues.length <= shown
    ? issues.join("; ")
    : `${issues.slice(0, shown).join("; ")}; and ${issues.length - shown} more`

export const notPlainData = (path: string, got: string): string =>
  `${path}: Expected plain data (null, boolean, number, string, array or object), got ${got}`

export const cyclicData = (path: string): string => `${path}: Expected plain data, got a cyclic reference`

export const dataTooDeep = (path: string, maxDepth: number): string =>
  `${path}: Data nested deeper than ${maxDepth} levels`

export const invalidSearchRequest = (detail: string): string =>
  `Invalid search request: ${detail}. Call search("words") or search({ query = "words", namespace = "orders", limit = 10, offset = 0 }).`

export const unknownNamespace = (namespace: string, known: ReadonlyArray<string>): string =>
  known.length === 0
    ? `Unknown namespace '${namespace}'. This catalog has no namespaces.`
    : `Unknown namespace '${namespace}'. Known namespaces: ${known.join(", ")}.`

// ---------------------------------------------------------------------------------------------
// Host-facing (thrown while building a catalog)

export const emptyKey = (location: string, key: string): string =>
  key === ""
    ? `Invalid tool key at ${location}: a key cannot be empty`
    : `Invalid tool key ${JSON.stringify(key)} at ${location}: a dotted key cannot have an empty segment`

export const unaddressableKey = (location: string, key: string, character: string): string =>
  `Invalid tool key ${JSON.stringify(key)} at ${location}: ${describeCharacter(character)} cannot appear in a tool path`

export const duplicatePath = (path: string): string =>
  `Duplicate tool path '${path}': two keys name the same tool after dots are split`

export const toolAndNamespace = (path: string): string =>
  `Tool path '${path}' is both a tool and a namespace`

export const duplicateNamespace = (path: string): string =>
  `Namespace '${path}' is declared twice with Namespace.make; merge the two declarations`

export const notAToolEntry = (location: string, got: string): string =>
  `Invalid entry at ${location}: expected a Tool (Tool.make), a Namespace (Namespace.make) or a record of tools, got ${got}`

export const invalidToolOption = (option: string, detail: string): string => `Tool.make: '${option}' ${detail}`

export const invalidNamespaceOption = (option: string, detail: string): string =>
  `Namespace.make: '${option}' ${detail}`

const describeCharacter = (character: string): string => {
  const code = character.codePointAt(0) ?? 0
  if (code < 0x20 || code === 0x7f) return `the control character U+${code.toString(16).toUpperCase().padStart(4, "0")}`
  if (/\s/u.test(character)) return "whitespace"
  if (code >= 0xd800 && code <= 0xdfff) return "a lone surrogate"
  return `the character ${JSON.stringify(character)}`
}
