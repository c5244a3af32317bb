/**
 * `string.format`, as Lua 5.4.4 runs it on glibc.
 *
 * Lua hands each directive to C's `sprintf` after checking it, so the observable behaviour is two
 * layers: Lua's checks (which flags each conversion accepts, widths and precisions of at most two
 * digits, the order in which argument errors and format errors are raised) and glibc's printing
 * (padding, `#`, round-half-to-even on the exact binary value of a double, `-nan`, hexadecimal
 * floats). Both are reproduced here: the checks step for step after `lstrlib.c`, the printing by
 * `format-number.ts`.
 *
 * A format string is parsed once into pieces (literal text and directives) and cached per
 * execution, so `string.format("%d", i)` in a loop costs a Map lookup and the conversion. A
 * directive that Lua would reject keeps its error message in the piece and raises it when the
 * loop reaches it, after the argument checks Lua performs first, so the same call fails with the
 * same message as in real Lua.
 */

import { signBit } from "../runtime/number.js"
import type { LuaState } from "../runtime/state.js"
import { tostring } from "../runtime/tostring.js"
import { LuaFloat, LuaTable, MIN_INTEGER, toDouble, type LuaValue } from "../runtime/value.js"
import { argError, checkInteger, checkNumber, checkString } from "./args.js"
import {
  formatChar,
  formatFixed,
  formatExponential,
  formatGeneral,
  formatHexFloat,
  formatSigned,
  formatString,
  formatUnsigned,
  hexFloatBody,
  type Directive,
} from "./format-number.js"

export const FormatErrors = {
  noValue: () => "no value",
  tooLong: () => "invalid format (too long)",
  invalidConversion: (form: string) => `invalid conversion '${form}' to 'format'`,
  invalidSpecification: (form: string) => `invalid conversion specification: '${form}'`,
  qWithModifiers: () => "specifier '%q' cannot have modifiers",
  noLiteral: () => "value has no literal form",
  containsZeros: () => "string contains zeros",
} as const

/** Lua's MAX_FORMAT (32) less room for '%', a length modifier and '\0': the longest directive. */
const MAX_DIRECTIVE = 22
/** Format strings kept parsed per execution; the cache is cleared when it fills. */
const CACHE_SIZE = 64

/** The flags each conversion accepts (lstrlib.c's L_FMTFLAGS*). */
const FLAGS_FLOAT = "-+ #0"
const FLAGS_HEX = "-#0"
const FLAGS_INT = "-+ 0"
const FLAGS_UNSIGNED = "-0"
const FLAGS_CHAR = "-"

interface Spec extends Directive {
  /** The directive as written, `%` included: what error messages quote. */
  readonly form: string
  /** The conversion letter (or the character that stands where it should be). */
  readonly conversion: string
  /** Lua's `checkformat` verdict for this conversion, or null when the directive is valid. */
  readonly invalid: string | null
  /** Longer than Lua's buffer for a directive: an error before anything else is looked at. */
  readonly tooLong: boolean
  /** True when the directive has anything between `%` and the conversion. */
  readonly modified: boolean
}

type Piece = string | Spec

export const makeFormat = (st: LuaState) => {
  const cache = new Map<string, Piece[]>()
  return function format(args: LuaValue[]): LuaValue[] {
    const a0 = args[0]
    const fmt = typeof a0 === "string" ? a0 : checkString(st, args, 0, "format")
    let pieces = cache.get(fmt)
    if (pieces === undefined) {
      st.charge(Math.floor(fmt.length / 16))
      pieces = parseFormat(fmt)
      if (cache.size >= CACHE_SIZE) cache.clear()
      cache.set(fmt, pieces)
    }
    if (pieces.length === 1) {
      const only = pieces[0]
      if (typeof only === "string") return [only]
      return [convert(st, args, 1, only)]
    }
    let out = ""
    let arg = 0
    for (const piece of pieces) {
      out += typeof piece === "string" ? piece : convert(st, args, ++arg, piece)
      if (out.length > st.bounds.maxStringBytes) st.checkStringSize(out.length)
    }
    return [out]
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing (str_format's loop, getformat and checkformat)

const SPAN_CHARS = "-+ #0123456789."

const parseFormat = (fmt: string): Piece[] => {
  const pieces: Piece[] = []
  let literal = ""
  let i = 0
  while (i < fmt.length) {
    const at = fmt.indexOf("%", i)
    if (at < 0) {
      literal += fmt.slice(i)
      break
    }
    literal += fmt.slice(i, at)
    if (fmt.charCodeAt(at + 1) === 37) {
      literal += "%"
      i = at + 2
      continue
    }
    let end = at + 1
    while (end < fmt.length && SPAN_CHARS.includes(fmt[end]!)) end++
    // `end` is the conversion character (or the end of the string, C's '\0').
    if (literal !== "") pieces.push(literal)
    literal = ""
    pieces.push(parseDirective(fmt, at, end))
    i = end + 1
  }
  if (literal !== "" || pieces.length === 0) pieces.push(literal)
  return pieces
}

const parseDirective = (fmt: string, at: number, end: number): Spec => {
  const span = fmt.slice(at + 1, end)
  const conversion = end < fmt.length ? fmt[end]! : ""
  // C stops the directive at a NUL byte, so an embedded "\0" reads as a missing conversion.
  const form = "%" + span + (conversion === "\0" ? "" : conversion)
  let flags = ""
  let k = 0
  while (k < span.length && FLAGS_FLOAT.includes(span[k]!)) flags += span[k++]
  let width = 0
  while (k < span.length && isDigitChar(span[k]!)) width = width * 10 + Number(span[k++])
  let precision = -1
  if (span[k] === ".") {
    k++
    precision = 0
    while (k < span.length && isDigitChar(span[k]!)) precision = precision * 10 + Number(span[k++])
  }
  const tooLong = span.length + 1 >= MAX_DIRECTIVE
  return {
    form,
    conversion,
    invalid: checkFormat(form, conversion),
    tooLong,
    modified: span.length > 0,
    left: flags.includes("-"),
    plus: flags.includes("+"),
    space: flags.includes(" "),
    alternate: flags.includes("#"),
    zero: flags.includes("0"),
    width,
    precision,
  }
}

const isDigitChar = (c: string): boolean => c >= "0" && c <= "9"

/** Lua's `checkformat` for the conversion's flags; also rejects unknown conversions. */
const checkFormat = (form: string, conversion: string): string | null => {
  let flags: string
  let precision = true
  switch (conversion) {
    case "c": flags = FLAGS_CHAR; precision = false; break
    case "d": case "i": flags = FLAGS_INT; break
    case "u": flags = FLAGS_UNSIGNED; break
    case "o": case "x": case "X": flags = FLAGS_HEX; break
    case "a": case "A": case "e": case "E": case "f": case "g": case "G": flags = FLAGS_FLOAT; break
    case "s": flags = FLAGS_CHAR; break
    case "p": flags = FLAGS_CHAR; precision = false; break
    case "q": return form.length > 2 ? FormatErrors.qWithModifiers() : null
    default: return FormatErrors.invalidConversion(form)
  }
  let k = 1
  while (k < form.length && flags.includes(form[k]!)) k++
  if (form[k] !== "0") {
    if (isDigitChar(form[k] ?? "")) k++
    if (isDigitChar(form[k] ?? "")) k++
    if (form[k] === "." && precision) {
      k++
      if (isDigitChar(form[k] ?? "")) k++
      if (isDigitChar(form[k] ?? "")) k++
    }
  }
  return k === form.length - 1 ? null : FormatErrors.invalidSpecification(form)
}

// ---------------------------------------------------------------------------------------------
// Conversion of one argument

const convert = (st: LuaState, args: LuaValue[], arg: number, spec: Spec): string => {
  if (arg >= args.length) argError(st, arg, "format", FormatErrors.noValue())
  if (spec.tooLong) st.error(FormatErrors.tooLong())
  const invalid = spec.invalid
  switch (spec.conversion) {
    case "d":
    case "i": {
      const v = args[arg]
      const n = typeof v === "number" && Number.isInteger(v) ? v : checkInteger(st, args, arg, "format")
      if (invalid !== null) st.error(invalid)
      if (!spec.modified) return typeof n === "number" ? String(n) : n.toString()
      return formatSigned(n, spec)
    }
    case "u":
    case "o":
    case "x":
    case "X": {
      const n = checkInteger(st, args, arg, "format")
      if (invalid !== null) st.error(invalid)
      return formatUnsigned(n, spec, spec.conversion)
    }
    case "c": {
      if (invalid !== null) st.error(invalid)
      return formatChar(checkInteger(st, args, arg, "format"), spec)
    }
    case "a":
    case "A": {
      if (invalid !== null) st.error(invalid)
      return formatHexFloat(toDouble(checkNumber(st, args, arg, "format")), spec, spec.conversion === "A")
    }
    case "e":
    case "E":
    case "f":
    case "g":
    case "G": {
      const x = toDouble(checkNumber(st, args, arg, "format"))
      if (invalid !== null) st.error(invalid)
      const c = spec.conversion
      const upper = c === "E" || c === "G"
      if (c === "f") return formatFixed(x, spec, upper)
      if (c === "e" || c === "E") return formatExponential(x, spec, upper)
      return formatGeneral(x, spec, upper)
    }
    case "s": {
      const s = tostring(st, args[arg])
      if (!spec.modified) return s
      if (s.includes("\0")) argError(st, arg, "format", FormatErrors.containsZeros())
      if (invalid !== null) st.error(invalid)
      // 100 bytes or more is longer than any width (two digits): Lua adds such a string whole.
      if (spec.precision < 0 && s.length >= 100) return s
      return formatString(s, spec)
    }
    case "q": {
      if (invalid !== null) st.error(invalid)
      return quoteLiteral(st, args, arg)
    }
    case "p": {
      if (invalid !== null) st.error(invalid)
      return formatString(pointerText(st, args[arg]), spec)
    }
    default:
      return st.error(invalid ?? FormatErrors.invalidConversion(spec.form))
  }
}

// ---------------------------------------------------------------------------------------------
// %q

const quoteLiteral = (st: LuaState, args: LuaValue[], arg: number): string => {
  const v = args[arg]
  if (typeof v === "string") return quoteString(st, v)
  if (typeof v === "number") {
    if (Number.isInteger(v)) return String(v)
    return quoteFloat(v)
  }
  if (typeof v === "bigint") return v === MIN_INTEGER ? "0x8000000000000000" : v.toString()
  if (v instanceof LuaFloat) return quoteFloat(v.n)
  if (v === undefined || typeof v === "boolean") return String(v ?? "nil")
  return argError(st, arg, "format", FormatErrors.noLiteral())
}

const quoteFloat = (x: number): string => {
  if (x === Infinity) return "1e9999"
  if (x === -Infinity) return "-1e9999"
  if (x !== x) return "(0/0)"
  return (x < 0 || (x === 0 && signBit(x)) ? "-" : "") + "0x" + hexFloatBody(Math.abs(x), -1, false, false)
}

/** A Lua string literal that reads back as the same bytes (Lua's `addquoted`). */
const quoteString = (st: LuaState, s: string): string => {
  st.charge(Math.floor(s.length / 16))
  if (4 * s.length + 2 > st.bounds.maxStringBytes) st.checkStringSize(quotedSize(s))
  let out = '"'
  let from = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 34 || c === 92 || c === 10) {
      out += s.slice(from, i) + "\\" + s[i]
      from = i + 1
    } else if (c < 32 || c === 127) {
      const next = s.charCodeAt(i + 1)
      const digits = next >= 48 && next <= 57 ? String(c).padStart(3, "0") : String(c)
      out += s.slice(from, i) + "\\" + digits
      from = i + 1
    }
  }
  return out + s.slice(from) + '"'
}

/** The length `quoteString` will produce, counted before building it. */
const quotedSize = (s: string): number => {
  let size = 2
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 34 || c === 92 || c === 10) size += 2
    else if (c < 32 || c === 127) {
      const next = s.charCodeAt(i + 1)
      size += next >= 48 && next <= 57 ? 4 : 1 + String(c).length
    } else size += 1
  }
  return size
}

// ---------------------------------------------------------------------------------------------
// %p

/**
 * `%p`: the address `tostring` shows for a table or function; `(null)` for values that are not
 * objects. (Real Lua also gives strings an address; ours have none, so they print `(null)` too.)
 */
const pointerText = (st: LuaState, v: LuaValue): string =>
  typeof v === "function" || v instanceof LuaTable ? `0x${st.idOf(v).toString(16).padStart(8, "0")}` : "(null)"
