/**
 * The values the README's TypeScript examples show in comments (`// result: { ok: true, value: 42,
 * toolCalls: [...] }`), read as patterns and matched against what the example really produced.
 *
 * A pattern is a JavaScript literal in which `...` stands for "anything": `[...]` is any array,
 * `[a, ...]` one that starts with `a`, and an object containing `...` may have more keys than it
 * lists (one without it must have exactly those keys, so a Result that grew `warnings` no longer
 * matches `{ ok: true, value: 42, toolCalls: [] }`). A bare key (`{ path, description }`) only says
 * the key is there. Anything else in the text (words, `3 calls`, `open().insert`) makes it prose:
 * `parsePattern` answers undefined and the caller reports the comment as not checked, rather than
 * guessing at what the prose promises.
 *
 * A hand-written recursive descent over a small token list: the grammar is a dozen lines, and a
 * parser we own gives "prose" a precise meaning (the first token the grammar cannot take).
 */

export type Pattern =
  | { readonly kind: "any" }
  | { readonly kind: "literal"; readonly value: string | number | boolean | null | undefined }
  | { readonly kind: "array"; readonly items: ReadonlyArray<Pattern>; readonly open: boolean }
  | { readonly kind: "object"; readonly entries: ReadonlyArray<readonly [string, Pattern]>; readonly open: boolean }

const ANY: Pattern = { kind: "any" }
const TOKEN = /\s*(\.\.\.|[{}[\]:,]|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?|[A-Za-z_$][\w$]*)/y
const KEYWORDS: Readonly<Record<string, Pattern>> = {
  true: { kind: "literal", value: true },
  false: { kind: "literal", value: false },
  null: { kind: "literal", value: null },
  undefined: { kind: "literal", value: undefined },
}

const tokenize = (text: string): Array<string> | undefined => {
  const tokens: Array<string> = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(text)
    if (match === null) return text.slice(at).trim() === "" ? tokens : undefined
    tokens.push(match[1])
  }
  return tokens
}

const stringValue = (token: string): string =>
  token.startsWith("'") ? JSON.parse(`"${token.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) : JSON.parse(token)

const isString = (token: string | undefined) => token !== undefined && (token.startsWith('"') || token.startsWith("'"))
const isName = (token: string | undefined) => token !== undefined && /^[A-Za-z_$]/.test(token)

/** The pattern a comment's text spells, or undefined when the text is prose. */
export const parsePattern = (text: string): Pattern | undefined => {
  const tokens = tokenize(text)
  if (tokens === undefined || tokens.length === 0) return undefined
  let position = 0
  const peek = () => tokens[position]
  const take = () => tokens[position++]
  const expect = (token: string) => {
    if (take() !== token) throw new SyntaxError(token)
  }

  const value = (): Pattern => {
    const token = take()
    if (token === undefined) throw new SyntaxError("end")
    if (token === "...") return ANY
    if (token === "{") return object()
    if (token === "[") return array()
    if (isString(token)) return { kind: "literal", value: stringValue(token) }
    if (/^-?\d/.test(token)) return { kind: "literal", value: Number(token.replace(/_/g, "")) }
    const keyword = KEYWORDS[token]
    if (keyword === undefined) throw new SyntaxError(token)
    return keyword
  }

  const array = (): Pattern => {
    const items: Array<Pattern> = []
    let open = false
    while (peek() !== "]") {
      if (peek() === "...") {
        take()
        open = true
      } else items.push(value())
      if (peek() !== "]") expect(",")
    }
    take()
    return open && items.length === 0 ? ANY : { kind: "array", items, open }
  }

  const object = (): Pattern => {
    const entries: Array<readonly [string, Pattern]> = []
    let open = false
    while (peek() !== "}") {
      const key = take()
      if (key === "...") open = true
      else if (isName(key) || isString(key)) {
        const name = isString(key) ? stringValue(key) : key
        if (peek() === ":") {
          take()
          entries.push([name, value()])
        } else entries.push([name, ANY])
      } else throw new SyntaxError(String(key))
      if (peek() !== "}") expect(",")
    }
    take()
    return { kind: "object", entries, open }
  }

  try {
    const pattern = value()
    return position === tokens.length ? pattern : undefined
  } catch {
    return undefined
  }
}

const show = (value: unknown) => JSON.stringify(value) ?? String(value)

/** Where `value` departs from `pattern`, as "at value.id: expected ..., got ...", or undefined when it matches. */
export const mismatch = (pattern: Pattern, value: unknown, path = "value"): string | undefined => {
  switch (pattern.kind) {
    case "any":
      return undefined
    case "literal":
      return Object.is(pattern.value, value) ? undefined : `at ${path}: expected ${show(pattern.value)}, got ${show(value)}`
    case "array": {
      if (!Array.isArray(value)) return `at ${path}: expected an array, got ${show(value)}`
      if (pattern.open ? value.length < pattern.items.length : value.length !== pattern.items.length) {
        return `at ${path}: expected ${pattern.open ? "at least " : ""}${pattern.items.length} items, got ${value.length}: ${show(value)}`
      }
      for (const [index, item] of pattern.items.entries()) {
        const found = mismatch(item, value[index], `${path}[${index}]`)
        if (found !== undefined) return found
      }
      return undefined
    }
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return `at ${path}: expected an object, got ${show(value)}`
      const record = value as Record<string, unknown>
      for (const [key, item] of pattern.entries) {
        if (!(key in record)) return `at ${path}: expected the key "${key}", got ${show(value)}`
        const found = mismatch(item, record[key], `${path}.${key}`)
        if (found !== undefined) return found
      }
      const listed = new Set(pattern.entries.map(([key]) => key))
      const extra = Object.keys(record).filter((key) => !listed.has(key) && record[key] !== undefined)
      if (!pattern.open && extra.length > 0) return `at ${path}: unexpected keys ${extra.join(", ")} in ${show(value)}`
      return undefined
    }
  }
}
