/**
 * Tool paths: from the host's tree of records to a flat list of addressable tools, and back from
 * what a program or model writes (`tools.context7["resolve-library-id"]`) to a path.
 *
 * A path is a list of segments; its canonical text joins them with dots (`orders.lookup`), which is
 * unambiguous because a dot in a key always splits it (`{ "a.b": tool }` is `a.b`). Anything else a
 * key may contain is addressed with brackets, so the catalog only refuses what no program could
 * write reliably: empty segments, whitespace, control characters, quotes, backslashes, square
 * brackets and lone surrogates. Those, two keys that land on the same path, and a path that is both
 * a tool and a namespace are host mistakes, reported at build time with the key that caused them.
 *
 * The same path renders differently per language: a segment that is not an identifier, and in Lua
 * also a keyword (`end`, `function`), is written `["..."]`; JavaScript reserved words are fine as
 * property names and stay dotted.
 */

import * as Messages from "./messages.js"
import { Namespace, type ToolTree } from "./namespace.js"
import { type AnyTool, Tool } from "./tool.js"

export type Language = "lua" | "javascript"

/** A namespace level of the catalog; levels made by plain records have no description. */
export interface NamespaceInfo {
  readonly path: string
  readonly segments: ReadonlyArray<string>
  readonly description: string | undefined
  readonly instructions: string | undefined
}

/** One addressable tool. */
export interface ToolEntry {
  /** Canonical path: segments joined by dots (`orders.lookup`, `context7.resolve-library-id`). */
  readonly path: string
  readonly segments: ReadonlyArray<string>
  readonly tool: AnyTool
  /** Every enclosing namespace level, outermost first. */
  readonly namespaces: ReadonlyArray<NamespaceInfo>
}

export interface FlattenedTools {
  /** Tools in the order the host declared them. */
  readonly entries: ReadonlyArray<ToolEntry>
  /** Every namespace level (declared or implied by nesting), in the order first seen. */
  readonly namespaces: ReadonlyArray<NamespaceInfo>
}

/** Flattens a tools tree; throws an `Error` naming the key for anything that cannot be addressed. */
export const flattenTools = (tree: ToolTree | Namespace<ToolTree>): FlattenedTools => {
  const tools = new Map<string, { segments: ReadonlyArray<string>; tool: AnyTool }>()
  const namespaces = new Map<string, { segments: ReadonlyArray<string>; declared?: Namespace<ToolTree> }>()

  const claimNamespace = (segments: ReadonlyArray<string>, declared: Namespace<ToolTree> | undefined): void => {
    for (let length = 1; length <= segments.length; length++) {
      const prefix = segments.slice(0, length)
      const path = prefix.join(".")
      if (tools.has(path)) throw new Error(Messages.toolAndNamespace(path))
      const known = namespaces.get(path)
      if (known === undefined) namespaces.set(path, { segments: prefix })
    }
    if (declared !== undefined) {
      const path = segments.join(".")
      const known = namespaces.get(path)!
      if (known.declared !== undefined) throw new Error(Messages.duplicateNamespace(path))
      known.declared = declared
    }
  }

  const claimTool = (segments: ReadonlyArray<string>, tool: AnyTool): void => {
    const path = segments.join(".")
    if (tools.has(path)) throw new Error(Messages.duplicatePath(path))
    if (namespaces.has(path)) throw new Error(Messages.toolAndNamespace(path))
    // Claiming a namespace claims all its ancestors, so a known parent means nothing is left to do.
    if (segments.length > 1) {
      const parent = segments.slice(0, -1)
      if (!namespaces.has(parent.join("."))) claimNamespace(parent, undefined)
    }
    tools.set(path, { segments, tool })
  }

  const walk = (record: object, prefix: ReadonlyArray<string>): void => {
    const location = toolExpression(prefix, "javascript")
    for (const key of Object.keys(record)) {
      const segments = [...prefix, ...splitKey(key, location)]
      const value = (record as Record<string, unknown>)[key]
      if (Tool.is(value)) claimTool(segments, value)
      else if (Namespace.is(value)) {
        claimNamespace(segments, value)
        walk(value.tools, segments)
      } else if (isPlainRecord(value)) {
        claimNamespace(segments, undefined)
        walk(value, segments)
      } else {
        throw new Error(Messages.notAToolEntry(toolExpression(segments, "javascript"), describeValue(value)))
      }
    }
  }

  if (!isPlainRecord(tree) && !Namespace.is(tree)) {
    throw new Error(Messages.notAToolEntry("tools", describeValue(tree)))
  }
  walk(Namespace.is(tree) ? tree.tools : tree, [])

  const infos = new Map<string, NamespaceInfo>()
  for (const [path, level] of namespaces) {
    infos.set(
      path,
      Object.freeze({
        path,
        segments: level.segments,
        description: level.declared?.description,
        instructions: level.declared?.instructions,
      }),
    )
  }
  // Siblings share their list of enclosing namespaces; thousands of tools sit in a few dozen levels.
  const enclosingByParent = new Map<string, ReadonlyArray<NamespaceInfo>>([["", []]])
  const enclosingOf = (segments: ReadonlyArray<string>): ReadonlyArray<NamespaceInfo> => {
    const parent = segments.slice(0, -1).join(".")
    let enclosing = enclosingByParent.get(parent)
    if (enclosing === undefined) {
      enclosing = Object.freeze([...enclosingOf(segments.slice(0, -1)), infos.get(parent)!])
      enclosingByParent.set(parent, enclosing)
    }
    return enclosing
  }
  const entries: Array<ToolEntry> = []
  for (const [path, { segments, tool }] of tools) {
    entries.push(Object.freeze({ path, segments, tool, namespaces: enclosingOf(segments) }))
  }
  return { entries, namespaces: [...infos.values()] }
}

/** The common case, checked first because it is cheap: keys made of ASCII letters, digits, `_`, `$`, `-`. */
const PLAIN_KEY = /^[A-Za-z0-9_$-]+$/

/** Characters no tool key may contain: they cannot be written reliably inside `["..."]`. */
const UNADDRESSABLE = /[\s"'`\\[\]\u0000-\u001f\u007f]|[\uD800-\uDFFF]/u

const splitKey = (key: string, location: string): ReadonlyArray<string> => {
  if (PLAIN_KEY.test(key)) return [key]
  const segments = key.split(".")
  for (const segment of segments) {
    if (PLAIN_KEY.test(segment)) continue
    if (segment === "") throw new Error(Messages.emptyKey(location, key))
    const bad = UNADDRESSABLE.exec(segment)
    if (bad !== null) throw new Error(Messages.unaddressableKey(location, key, bad[0]))
  }
  return segments
}

const isPlainRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

const describeValue = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  if (typeof value === "object") {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name
    return typeof name === "string" && name !== "" ? `an instance of ${name}` : "an object"
  }
  return typeof value === "function" ? "a function" : `${typeof value} ${JSON.stringify(value)}`
}

// ---------------------------------------------------------------------------------------------
// Rendering paths as program expressions

const LUA_KEYWORDS = new Set([
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
  "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
])

const LUA_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
const JS_IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u

/** Whether a property name can follow a dot in the given language. */
export const isPropertyIdentifier = (name: string, language: Language): boolean =>
  language === "lua" ? LUA_IDENTIFIER.test(name) && !LUA_KEYWORDS.has(name) : JS_IDENTIFIER.test(name)

/** How a program writes a property access: `.name` or `["name"]`. */
export const propertyAccess = (name: string, language: Language): string =>
  isPropertyIdentifier(name, language) ? `.${name}` : `[${JSON.stringify(name)}]`

/** How a program reaches a tool: `tools.orders.lookup`, `tools.context7["resolve-library-id"]`. */
export const toolExpression = (path: string | ReadonlyArray<string>, language: Language = "javascript"): string => {
  const segments = typeof path === "string" ? (path === "" ? [] : path.split(".")) : path
  let text = "tools"
  for (const segment of segments) text += propertyAccess(segment, language)
  return text
}

/**
 * The canonical paths a piece of text may mean, most literal first: `orders.lookup`,
 * `tools.orders.lookup`, `tools.context7["resolve-library-id"]`, with single or double quotes,
 * surrounding whitespace and a trailing call `(...)` tolerated. Text that does not read as a path
 * gives none.
 */
export const referenceCandidates = (text: string): ReadonlyArray<string> => {
  let source = text.trim()
  const call = source.indexOf("(")
  if (call > 0) source = source.slice(0, call).trimEnd()
  const segments = parseSegments(source)
  if (segments === undefined || segments.length === 0) return []
  const candidates = [segments.join(".")]
  if (segments.length > 1 && segments[0] === "tools") candidates.push(segments.slice(1).join("."))
  return candidates
}

const parseSegments = (source: string): Array<string> | undefined => {
  const segments: Array<string> = []
  let position = 0
  while (position < source.length) {
    const character = source[position]
    if (character === "[") {
      const quote = source[position + 1]
      if (quote !== '"' && quote !== "'") return undefined
      const close = source.indexOf(quote, position + 2)
      if (close < 0 || source[close + 1] !== "]") return undefined
      segments.push(source.slice(position + 2, close))
      position = close + 2
      continue
    }
    if (character === ".") {
      if (segments.length === 0) return undefined
      position++
    } else if (segments.length > 0) {
      return undefined
    }
    let end = position
    while (end < source.length && source[end] !== "." && source[end] !== "[") end++
    const segment = source.slice(position, end)
    if (segment === "" || /\s/u.test(segment)) return undefined
    segments.push(segment)
    position = end
  }
  return segments
}
