/**
 * How a place inside a plain-data value is named in messages: the path a program would write to
 * reach it (`result.items[3]["content-type"]`), in the program's own language.
 *
 * Both sides name places: the engines when a program's value cannot cross (`result.fn`), the host
 * when a tool's output or an extension's result cannot (`output.rows[2].next`). One formatter
 * serves both so a model sees the same spelling wherever the failure was found. The languages
 * differ only in what may follow a dot: Lua's reserved words cannot (`t["end"]`), JavaScript's
 * can (`o.end`). Indexes are given as the program writes them (Lua's are 1-based: the caller
 * records them so). Very deep paths keep their head and tail and elide the middle.
 */

import type { Language } from "./language.js"

/** One step of a path: a key, or an index as the program writes it. Symbols appear only on the host. */
export type PathSegment = string | number | symbol

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const LUA_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Names that are identifiers but cannot follow a dot in Lua (`t.end` does not parse). */
const LUA_KEYWORDS = new Set([
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
  "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
])

/** Paths longer than this many segments keep their head and tail and elide the middle. */
const PATH_SEGMENTS_SHOWN = 12

/** Keys longer than this are shortened in the path text. */
const KEY_CHARS_SHOWN = 60

const formatSegment = (segment: PathSegment, language: Language): string => {
  if (typeof segment === "number") return `[${segment}]`
  if (typeof segment === "symbol") return `[${String(segment)}]`
  const dotted = language === "lua" ? LUA_NAME.test(segment) && !LUA_KEYWORDS.has(segment) : IDENTIFIER.test(segment)
  if (dotted) return `.${segment}`
  const shown = segment.length > KEY_CHARS_SHOWN ? `${segment.slice(0, KEY_CHARS_SHOWN - 3)}...` : segment
  return `[${JSON.stringify(shown)}]`
}

/** `root` followed by the first `count` segments, as `language` writes them. */
export const formatDataPath = (
  root: string,
  segments: ArrayLike<PathSegment>,
  language: Language,
  count: number = segments.length,
): string => {
  let path = root
  if (count <= PATH_SEGMENTS_SHOWN) {
    for (let i = 0; i < count; i++) path += formatSegment(segments[i]!, language)
    return path
  }
  const keep = PATH_SEGMENTS_SHOWN / 2
  for (let i = 0; i < keep; i++) path += formatSegment(segments[i]!, language)
  path += `...(${count - 2 * keep} more levels)...`
  for (let i = count - keep; i < count; i++) path += formatSegment(segments[i]!, language)
  return path
}
