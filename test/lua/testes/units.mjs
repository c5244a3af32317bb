/**
 * Splitting a Lua 5.4 testes file into units, for run.mjs (see its essay for why).
 *
 * A small tokenizer (strings, long brackets, comments, numbers, names, operators) feeds a splitter
 * that finds the top-level statements: it tracks blocks (`function`, `do`, `if`, `while`/`for`
 * with their `do`, `repeat ... until`) and brackets, and starts a new statement where Lua's
 * grammar requires one (a statement keyword, or a name or `function` after a token that can end
 * an expression). `toUnits` then rewrites each statement into a unit run under `pcall`, keeping
 * every statement on its own lines so that positions in messages still point into the file.
 */

// ---------------------------------------------------------------------------------------------
// Tokens

const KEYWORDS = new Set([
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
  "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
])
const PUNCTUATION = ["...", "<<", ">>", "//", "==", "~=", "<=", ">=", "::", ".."]

/** Lua tokens with their source offsets; comments and whitespace are skipped. */
export const tokenize = (src) => {
  const tokens = []
  let i = 0
  const longBracket = (at) => {
    // `[`, zero or more `=`, `[`: returns the level, or -1.
    let j = at + 1
    while (src[j] === "=") j++
    return src[j] === "[" ? j - at - 1 : -1
  }
  const skipLong = (at, level) => {
    const close = "]" + "=".repeat(level) + "]"
    const end = src.indexOf(close, at + level + 2)
    if (end < 0) throw new Error(`unfinished long bracket at offset ${at}`)
    return end + close.length
  }
  while (i < src.length) {
    const c = src[i]
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v") {
      i++
    } else if (c === "-" && src[i + 1] === "-") {
      const level = src[i + 2] === "[" ? longBracket(i + 2) : -1
      if (level >= 0) i = skipLong(i + 2, level)
      else {
        const nl = src.indexOf("\n", i)
        i = nl < 0 ? src.length : nl
      }
    } else if (i === 0 && c === "#") {
      const nl = src.indexOf("\n", i)
      i = nl < 0 ? src.length : nl
    } else if (c === "[" && longBracket(i) >= 0) {
      const end = skipLong(i, longBracket(i))
      tokens.push({ type: "string", value: "", start: i, end })
      i = end
    } else if (c === '"' || c === "'") {
      let j = i + 1
      while (j < src.length && src[j] !== c) {
        if (src[j] === "\\") {
          j++
          // `\z` skips the whitespace after it, line breaks included.
          if (src[j] === "z") while (/\s/.test(src[j + 1] ?? "")) j++
        } else if (src[j] === "\n") throw new Error(`unfinished string at offset ${i}`)
        j++
      }
      tokens.push({ type: "string", value: "", short: true, start: i, end: j + 1 })
      i = j + 1
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m = /^(0[xX]([0-9a-fA-F]*\.?[0-9a-fA-F]*)([pP][+-]?[0-9]+)?|[0-9]*\.?[0-9]*([eE][+-]?[0-9]+)?)/.exec(src.slice(i, i + 200))
      const end = i + Math.max(1, m[0].length)
      tokens.push({ type: "number", value: src.slice(i, end), start: i, end })
      i = end
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 300))
      const word = m[0]
      tokens.push({ type: KEYWORDS.has(word) ? "keyword" : "name", value: word, start: i, end: i + word.length })
      i += word.length
    } else {
      const p = PUNCTUATION.find((s) => src.startsWith(s, i)) ?? c
      tokens.push({ type: "op", value: p, start: i, end: i + p.length })
      i += p.length
    }
  }
  return tokens
}

// ---------------------------------------------------------------------------------------------
// Top-level statements

/** Tokens after which an expression may have ended, so a name or `function` starts a new statement. */
const endsExpression = (t) =>
  t === undefined ||
  t.type === "name" ||
  t.type === "number" ||
  t.type === "string" ||
  (t.type === "op" && (t.value === ")" || t.value === "]" || t.value === "}" || t.value === "..." || t.value === ";" || t.value === "::")) ||
  (t.type === "keyword" && ["end", "true", "false", "nil", "break"].includes(t.value))

const STATEMENT_KEYWORDS = new Set(["local", "do", "while", "repeat", "if", "for", "return", "break", "goto"])

/**
 * Splits the token list into top-level statements: arrays of tokens. Tracks blocks (`function`,
 * `do`, `if`, `while`/`for` with their `do`, `repeat ... until`) and brackets.
 */
export const splitStatements = (tokens) => {
  const statements = []
  let current = []
  let blocks = 0
  let brackets = 0
  let loopHeads = 0 // `while`/`for` whose `do` is still to come
  let afterUntil = false // in the condition after a top-level `until`
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]
    const prev = current[current.length - 1]
    if (blocks === 0 && brackets === 0 && t.value === "::" && tokens[k + 2]?.value === "::") {
      // A top-level label is a statement of its own: `::name::`.
      if (current.length > 0) statements.push(current)
      statements.push(tokens.slice(k, k + 3))
      current = []
      afterUntil = false
      k += 2
      continue
    }
    if (blocks === 0 && brackets === 0 && current.length > 0) {
      const startsStatement =
        (t.type === "keyword" && STATEMENT_KEYWORDS.has(t.value)) ||
        (t.type === "keyword" && t.value === "function" && endsExpression(prev)) ||
        (t.type === "name" && endsExpression(prev)) ||
        (t.type === "op" && t.value === ";")
      // `until cond` ends its statement only where a new one can start.
      if (startsStatement && (!afterUntil || endsExpression(prev))) {
        statements.push(current)
        current = []
        afterUntil = false
      }
    }
    current.push(t)
    if (t.type === "op") {
      if (t.value === "(" || t.value === "[" || t.value === "{") brackets++
      else if (t.value === ")" || t.value === "]" || t.value === "}") brackets--
      continue
    }
    if (t.type !== "keyword") continue
    switch (t.value) {
      case "function":
      case "if":
      case "repeat":
        blocks++
        break
      case "while":
      case "for":
        blocks++
        loopHeads++
        break
      case "do":
        if (loopHeads > 0) loopHeads--
        else blocks++
        break
      case "end":
        blocks--
        break
      case "until":
        blocks--
        if (blocks === 0) afterUntil = true
        break
    }
  }
  if (current.length > 0) statements.push(current)
  return statements
}

// ---------------------------------------------------------------------------------------------
// Units

const HEADER =
  "_port = true; _soft = true; " +
  // `require "utf8"` and friends: the libraries Code Mode has, by name; anything else fails as
  // absent (under real Lua, the real `require` answers instead).
  "local require = function(n) local lib = ({ string = string, table = table, math = math, utf8 = utf8, _G = _G })[n] " +
  "if lib == nil and package ~= nil then lib = require(n) end " +
  "if lib == nil then error(\"'\" .. n .. \"' is not available in Code Mode (module required by the test)\", 2) end return lib end; " +
  // Lua's `load` (the chunk loader) is absent by design; the global of that name is Code Mode's
  // per-branch state, a host call the runner has no host for. Testes mean the chunk loader, so
  // they get a stand-in that fails as absent (under real Lua, the real `load`).
  "local load = package ~= nil and load or function() error(\"load (compiling a chunk) is not available in Code Mode: programs cannot load or compile code at run time\", 2) end; " +
  "local __pcall, __print, __tostring, __pack, __unpack = pcall, print, tostring, table.pack, table.unpack; " +
  'local __unit = function(i, f, ...) __print("\\1S", i) local ok, e = __pcall(f, ...) ' +
  '__print("\\1E", i, ok, ok and "" or __tostring(e)) end; ' +
  'local __init = function(i, f, ...) __print("\\1S", i) local r = __pack(__pcall(f, ...)) ' +
  '__print("\\1E", i, r[1], r[1] and "" or __tostring(r[2])) if r[1] then return __unpack(r, 2, r.n) end end; ' +
  'local __skip = function(i, why) __print("\\1E", i, false, why) end; '

/**
 * Rewrites a testes file into units (see the essay at the top). `skipped` maps unit numbers to a
 * reason: those units are reported as failed without running. `dropped` holds indexes of
 * statements that are not units but cannot run (they do not compile): they become comments.
 * Returns the new source, the number of units, and each statement's line span and unit number.
 */
export const toUnits = (src, skipped = new Map(), dropped = new Set()) => {
  // A first line starting with '#' is skipped by Lua; keep it a comment once the header precedes it.
  if (src.startsWith("#")) src = "--" + src
  const lineStarts = [0]
  for (let i = src.indexOf("\n"); i >= 0; i = src.indexOf("\n", i + 1)) lineStarts.push(i + 1)
  const lineOf = (offset) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (lineStarts[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
  const statements = splitStatements(tokenize(src))
  const spans = []
  let out = ""
  let at = 0
  let units = 0
  statements.forEach((tokens, index) => {
    const first = tokens[0]
    const start = first.start
    const end = tokens[tokens.length - 1].end
    const text = src.slice(start, end)
    const span = { first: lineOf(start), last: lineOf(end - 1), unit: undefined, text }
    spans.push(span)
    out += src.slice(at, start)
    at = end
    if (dropped.has(index)) {
      out += asComment(text)
      return
    }
    if (first.value === ";" || first.value === "::" || first.value === "goto" || jumpsOut(tokens)) {
      out += text
      return
    }
    if (first.value === "local") {
      const isFunction = tokens[1]?.value === "function"
      const hasAttribute = tokens.some((t) => t.value === "<") && /<\s*(const|close)\s*>/.test(text)
      const eq = tokens.findIndex((t) => t.value === "=")
      if (isFunction || hasAttribute || eq < 0) {
        out += text
        return
      }
      // The values are computed before the names are in scope (`local print = print`).
      const names = src.slice(tokens[1].start, tokens[eq - 1].end)
      const values = src.slice(tokens[eq + 1].start, end)
      span.unit = ++units
      out += skipped.has(units)
        ? `local ${names}; ${wrap(units, values, skipped)}`
        : `local ${names} = __init(${units}, function(...) return ${values} end, ...)`
      return
    }
    span.unit = ++units
    out += wrap(units, text, skipped)
  })
  out += src.slice(at)
  return { source: HEADER + out, units, spans }
}

/** A statement turned into a comment that keeps its line breaks. */
const asComment = (text) => `--[==[${text.replace(/\]==\]/g, "] ==]")}]==]`

/** True when the statement has a `goto` to a label it does not define: a top-level label. */
const jumpsOut = (tokens) => {
  const defined = new Set()
  for (let k = 0; k + 2 < tokens.length; k++) {
    if (tokens[k].value === "::" && tokens[k + 2].value === "::") defined.add(tokens[k + 1].value)
  }
  return tokens.some((t, k) => t.value === "goto" && !defined.has(tokens[k + 1]?.value))
}

/**
 * Source for `runLua`, which takes text: the testes are Latin-1 bytes, so a byte >= 0x80 inside a
 * short string literal becomes a `\ddd` escape (exactly that byte in the Lua string, whatever the
 * text encoding). Bytes in long strings and comments are left as they are.
 */
export const escapeHighBytes = (src) => {
  let out = ""
  let at = 0
  for (const t of tokenize(src)) {
    if (!t.short) continue
    out += src.slice(at, t.start) + src.slice(t.start, t.end).replace(/[\u0080-\u00ff]/g, (ch) => `\\${ch.charCodeAt(0)}`)
    at = t.end
  }
  return out + src.slice(at)
}

const wrap = (i, text, skipped) =>
  skipped.has(i)
    ? `__skip(${i}, ${JSON.stringify(skipped.get(i))}) ${asComment(text)}`
    : `__unit(${i}, function(...) ${text} end, ...)`

