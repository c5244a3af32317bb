/**
 * `string.pack`, `string.unpack` and `string.packsize`: Lua 5.4's binary formats, byte for byte.
 *
 * A format is read one option at a time, exactly as lstrlib.c's `getoption`/`getdetails` read it,
 * so alignment, endianness switches and the order in which errors are found all match real Lua
 * (the messages are 5.4.4's, in `PackErrors`). The platform these formats describe is the one the
 * recorded fixtures come from, x86-64 Linux: `short` 2 bytes, `int` 4, `long`, `size_t` and
 * `lua_Integer` 8, little-endian, native maximum alignment 8.
 *
 * Integers are 64-bit two's complement in Lua; the engine holds them as safe JavaScript numbers or
 * bigints (runtime/value.ts), so packing goes through one `BigInt.asUintN(64, ...)` and emits its
 * bytes, and unpacking gathers up to eight bytes into a bigint and makes it canonical again. Sizes
 * 9 to 16 sign-extend on packing and, on unpacking, must carry only sign bytes beyond the eighth
 * ("does not fit into Lua Integer"). Floats go through one private 8-byte `DataView`, which no
 * program value can reach.
 *
 * Bounds, as for `string.rep`: the size of the string being built is checked against
 * `maxStringBytes` before each piece is added (so `pack("c1000000000", "")` stops before
 * allocating), and the work is charged as fuel, one unit per `BYTES_PER_FUEL` bytes of format,
 * output or input, plus one per value unpacked.
 */

import type { LuaState } from "../runtime/state.js"
import { canonicalFloat, canonicalInteger, toDouble, type LuaValue } from "../runtime/value.js"
import { argError, checkInteger, checkNumber, checkSafeInteger, checkString, MAX_RESULTS } from "./args.js"
import { BYTES_PER_FUEL } from "./string-match.js"

export const PackErrors = {
  integralSize: (size: number) => `integral size (${size}) out of limits [1,${MAX_INT_SIZE}]`,
  missingCharSize: () => "missing size for format option 'c'",
  invalidOption: (option: string) => `invalid format option '${option}'`,
  invalidNextForX: () => "invalid next option for option 'X'",
  alignmentNotPowerOfTwo: () => "format asks for alignment not power of 2",
  integerOverflow: () => "integer overflow",
  unsignedOverflow: () => "unsigned overflow",
  stringLongerThanSize: () => "string longer than given size",
  lengthDoesNotFit: () => "string length does not fit in given size",
  containsZeros: () => "string contains zeros",
  variableLength: () => "variable-length format",
  resultTooLarge: () => "format result too large",
  doesNotFit: (size: number) => `${size}-byte integer does not fit into Lua Integer`,
  positionOutOfString: () => "initial position out of string",
  dataTooShort: () => "data string too short",
  unfinishedZeroString: () => "unfinished string for format 'z'",
  tooManyResults: () => "stack overflow (too many results)",
} as const

/** Largest integer size a format may ask for (`i16`). */
const MAX_INT_SIZE = 16
/** Bytes of a `lua_Integer`. */
const INTEGER_SIZE = 8
/** Native maximum alignment (`offsetof(struct { char c; union { double ... } u; }, u)`). */
const NATIVE_ALIGN = 8
/** lstrlib.c's MAXSIZE: sizes are kept within a C `int`. */
const MAX_SIZE = 2_147_483_647

const enum Kind {
  Int,
  Uint,
  Float,
  Number,
  Double,
  Char,
  String,
  ZeroString,
  Padding,
  PadAlign,
  Nop,
}

/** The reading state of one format: where we are, and what `<`/`>`/`=`/`!` have set. */
class FormatReader {
  pos = 0
  little = true
  maxAlign = 1
  /** The size of the option just read (`getoption`'s `*size`). */
  size = 0
  /** Padding bytes the option just read needs before it (`getdetails`' `*ntoalign`). */
  toAlign = 0

  constructor(
    readonly st: LuaState,
    readonly fmt: string,
    readonly fname: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.fmt.length
  }

  private isDigit(): boolean {
    const c = this.fmt.charCodeAt(this.pos)
    return c >= 48 && c <= 57
  }

  /** `getnum`: a decimal numeral, or `fallback` when none follows. */
  private number(fallback: number): number {
    if (!this.isDigit()) return fallback
    let a = 0
    do a = a * 10 + (this.fmt.charCodeAt(this.pos++) - 48)
    while (this.isDigit() && a <= (MAX_SIZE - 9) / 10)
    return a
  }

  /** `getnumlimit`: a size for integers and length prefixes, 1 to 16. */
  private limitedNumber(fallback: number): number {
    const size = this.number(fallback)
    if (size > MAX_INT_SIZE || size <= 0) this.st.error(PackErrors.integralSize(size))
    return size
  }

  /** `getoption`: one option; sets `size`. */
  private option(): Kind {
    const c = this.fmt[this.pos++]!
    this.size = 0
    switch (c) {
      case "b": this.size = 1; return Kind.Int
      case "B": this.size = 1; return Kind.Uint
      case "h": this.size = 2; return Kind.Int
      case "H": this.size = 2; return Kind.Uint
      case "l": case "j": this.size = 8; return Kind.Int
      case "L": case "J": case "T": this.size = 8; return Kind.Uint
      case "f": this.size = 4; return Kind.Float
      case "n": this.size = 8; return Kind.Number
      case "d": this.size = 8; return Kind.Double
      case "i": this.size = this.limitedNumber(4); return Kind.Int
      case "I": this.size = this.limitedNumber(4); return Kind.Uint
      case "s": this.size = this.limitedNumber(8); return Kind.String
      case "c":
        this.size = this.number(-1)
        if (this.size === -1) this.st.error(PackErrors.missingCharSize())
        return Kind.Char
      case "z": return Kind.ZeroString
      case "x": this.size = 1; return Kind.Padding
      case "X": return Kind.PadAlign
      case " ": break
      case "<": case "=": this.little = true; break
      case ">": this.little = false; break
      case "!": this.maxAlign = this.limitedNumber(NATIVE_ALIGN); break
      default: this.st.error(PackErrors.invalidOption(c))
    }
    return Kind.Nop
  }

  /** `getdetails`: the next option with the padding it needs at offset `total`. */
  next(total: number): Kind {
    const kind = this.option()
    let align = this.size
    if (kind === Kind.PadAlign) {
      // `Xop` aligns like `op`, which is read and otherwise ignored.
      const size = this.size
      if (this.done || this.option() === Kind.Char || this.size === 0) argError(this.st, 0, this.fname, PackErrors.invalidNextForX())
      align = this.size
      this.size = size
    }
    if (align <= 1 || kind === Kind.Char) this.toAlign = 0
    else {
      if (align > this.maxAlign) align = this.maxAlign
      if ((align & (align - 1)) !== 0) argError(this.st, 0, this.fname, PackErrors.alignmentNotPowerOfTwo())
      this.toAlign = (align - (total & (align - 1))) & (align - 1)
    }
    return kind
  }
}

// ---------------------------------------------------------------------------------------------
// Bytes

const scratch = new DataView(new ArrayBuffer(8))
const zeros = (n: number): string => (n === 0 ? "" : "\0".repeat(n))

/** `packint`: the low `size` bytes of `value` (sign bytes beyond the eighth when negative). */
const integerBytes = (value: number | bigint, size: number, little: boolean): string => {
  let u = BigInt.asUintN(64, BigInt(value))
  const codes = new Array<number>(size)
  const fill = value < 0 ? 0xff : 0
  for (let i = 0; i < size; i++) {
    codes[little ? i : size - 1 - i] = i < INTEGER_SIZE ? Number(u & 0xffn) : fill
    u >>= 8n
  }
  return String.fromCharCode.apply(null, codes)
}

const floatBytes = (value: number, size: 4 | 8, little: boolean): string => {
  if (size === 4) scratch.setFloat32(0, value, little)
  else scratch.setFloat64(0, value, little)
  let out = ""
  for (let i = 0; i < size; i++) out += String.fromCharCode(scratch.getUint8(i))
  return out
}

/** `unpackint`: `size` bytes at `at` as a Lua integer. */
const readInteger = (st: LuaState, data: string, at: number, size: number, little: boolean, signed: boolean): number | bigint => {
  const limit = size <= INTEGER_SIZE ? size : INTEGER_SIZE
  let u = 0n
  for (let i = limit - 1; i >= 0; i--) u = (u << 8n) | BigInt(data.charCodeAt(at + (little ? i : size - 1 - i)))
  if (size < INTEGER_SIZE) {
    if (signed) u = BigInt.asIntN(size * 8, u)
  } else if (size > INTEGER_SIZE) {
    const fill = !signed || BigInt.asIntN(64, u) >= 0n ? 0 : 0xff
    for (let i = limit; i < size; i++) {
      if (data.charCodeAt(at + (little ? i : size - 1 - i)) !== fill) st.error(PackErrors.doesNotFit(size))
    }
  }
  return canonicalInteger(u)
}

const readFloat = (data: string, at: number, size: 4 | 8, little: boolean): number => {
  for (let i = 0; i < size; i++) scratch.setUint8(i, data.charCodeAt(at + i))
  return size === 4 ? scratch.getFloat32(0, little) : scratch.getFloat64(0, little)
}

// ---------------------------------------------------------------------------------------------
// The functions

export const makePack = (st: LuaState) =>
  function pack(args: LuaValue[]): LuaValue[] {
    const fmt = checkString(st, args, 0, "pack")
    const reader = new FormatReader(st, fmt, "pack")
    const parts: string[] = []
    let total = 0
    let arg = 0
    /** Checks the result may grow by `n` bytes, before it does. */
    const grow = (n: number): void => {
      total += n
      st.checkStringSize(total)
    }
    while (!reader.done) {
      const kind = reader.next(total)
      const size = reader.size
      // lstrlib.c pushes a nil after the arguments, so a missing one is reported as "got nil".
      if (arg + 1 >= args.length && kind < Kind.Padding) args = [...args, undefined]
      if (kind !== Kind.String && kind !== Kind.ZeroString) grow(reader.toAlign + size)
      else grow(reader.toAlign)
      if (reader.toAlign > 0) parts.push(zeros(reader.toAlign))
      arg++
      switch (kind) {
        case Kind.Int: {
          const n = checkInteger(st, args, arg, "pack")
          if (size < INTEGER_SIZE) {
            const limit = 2 ** (size * 8 - 1)
            if (!(-limit <= n && n < limit)) argError(st, arg, "pack", PackErrors.integerOverflow())
          }
          parts.push(integerBytes(n, size, reader.little))
          break
        }
        case Kind.Uint: {
          const n = checkInteger(st, args, arg, "pack")
          // Compared as unsigned 64-bit, as lstrlib.c does: a negative value is huge.
          if (size < INTEGER_SIZE && !(n >= 0 && n < 2 ** (size * 8))) argError(st, arg, "pack", PackErrors.unsignedOverflow())
          parts.push(integerBytes(n, size, reader.little))
          break
        }
        case Kind.Float:
        case Kind.Number:
        case Kind.Double:
          parts.push(floatBytes(toDouble(checkNumber(st, args, arg, "pack")), size as 4 | 8, reader.little))
          break
        case Kind.Char: {
          const s = checkString(st, args, arg, "pack")
          if (s.length > size) argError(st, arg, "pack", PackErrors.stringLongerThanSize())
          parts.push(s, zeros(size - s.length))
          break
        }
        case Kind.String: {
          const s = checkString(st, args, arg, "pack")
          if (size < INTEGER_SIZE && s.length >= 2 ** (size * 8)) argError(st, arg, "pack", PackErrors.lengthDoesNotFit())
          grow(size + s.length)
          parts.push(integerBytes(s.length, size, reader.little), s)
          break
        }
        case Kind.ZeroString: {
          const s = checkString(st, args, arg, "pack")
          if (s.includes("\0")) argError(st, arg, "pack", PackErrors.containsZeros())
          grow(s.length + 1)
          parts.push(s, "\0")
          break
        }
        case Kind.Padding:
          parts.push("\0")
          arg--
          break
        case Kind.PadAlign:
        case Kind.Nop:
          arg--
          break
      }
    }
    st.charge(1 + Math.floor((fmt.length + total) / BYTES_PER_FUEL))
    return [parts.join("")]
  }

export const makePacksize = (st: LuaState) =>
  function packsize(args: LuaValue[]): LuaValue[] {
    const fmt = checkString(st, args, 0, "packsize")
    const reader = new FormatReader(st, fmt, "packsize")
    let total = 0
    while (!reader.done) {
      const kind = reader.next(total)
      if (kind === Kind.String || kind === Kind.ZeroString) argError(st, 0, "packsize", PackErrors.variableLength())
      const size = reader.size + reader.toAlign
      if (total > MAX_SIZE - size) argError(st, 0, "packsize", PackErrors.resultTooLarge())
      total += size
    }
    st.charge(1 + Math.floor(fmt.length / BYTES_PER_FUEL))
    return [total]
  }

export const makeUnpack = (st: LuaState) =>
  function unpack(args: LuaValue[]): LuaValue[] {
    const fmt = checkString(st, args, 0, "unpack")
    const data = checkString(st, args, 1, "unpack")
    const length = data.length
    const init = args[2] === undefined ? 1 : checkSafeInteger(st, args, 2, "unpack")
    // posrelatI, then 0-based; a position past the end (beyond length + 1) is an error.
    let pos = (init > 0 ? init : init === 0 || init < -length ? 1 : length + init + 1) - 1
    if (pos > length) argError(st, 2, "unpack", PackErrors.positionOutOfString())
    const reader = new FormatReader(st, fmt, "unpack")
    const out: LuaValue[] = []
    const start = pos
    while (!reader.done) {
      const kind = reader.next(pos)
      const size = reader.size
      if (reader.toAlign + size > length - pos) argError(st, 1, "unpack", PackErrors.dataTooShort())
      pos += reader.toAlign
      if (out.length >= MAX_RESULTS) st.error(PackErrors.tooManyResults())
      switch (kind) {
        case Kind.Int:
        case Kind.Uint:
          out.push(readInteger(st, data, pos, size, reader.little, kind === Kind.Int))
          break
        case Kind.Float:
        case Kind.Number:
        case Kind.Double:
          out.push(canonicalFloat(readFloat(data, pos, size as 4 | 8, reader.little)))
          break
        case Kind.Char:
          out.push(data.slice(pos, pos + size))
          break
        case Kind.String: {
          const len = readInteger(st, data, pos, size, reader.little, false)
          // A length that reads as negative is, as lstrlib.c's size_t, larger than any string.
          if (len < 0 || len > length - pos - size) argError(st, 1, "unpack", PackErrors.dataTooShort())
          out.push(data.slice(pos + size, pos + size + Number(len)))
          pos += Number(len)
          break
        }
        case Kind.ZeroString: {
          const end = data.indexOf("\0", pos)
          if (end < 0) argError(st, 1, "unpack", PackErrors.unfinishedZeroString())
          out.push(data.slice(pos, end))
          pos = end + 1
          break
        }
        case Kind.PadAlign:
        case Kind.Padding:
        case Kind.Nop:
          break
      }
      pos += size
    }
    st.charge(1 + out.length + Math.floor((fmt.length + pos - start) / BYTES_PER_FUEL))
    out.push(pos + 1)
    return out
  }
