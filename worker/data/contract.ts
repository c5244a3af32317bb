/**
 * The plain-data contract, language-neutral part: how a copy failure is reported.
 *
 * Both directions of the copy (program value -> DataValue, DataValue -> program value) fail the
 * same way: a `DataContractError` whose message names the offending value by the path a program
 * would write to reach it (`result.items[3].fn`, `input["content-type"]`), so a model can find
 * and fix it. The converters throw it and stay ignorant of who asked; each caller maps it to what
 * its situation means:
 *
 * - a program's result or a tool's input (`luaToData`): `HostStop` with `InvalidDataValue`, which
 *   no `pcall` can catch — the program asked for something the contract cannot carry;
 * - a tool's output or an extension's result: the runtime's choice (`InvalidToolOutput`);
 * - `json.encode` / `json.decode`: an ordinary, catchable Lua error, because the program asked
 *   explicitly and may want to recover.
 *
 * Paths use the program's own indexing (Lua: 1-based), the caller records the segments as it
 * descends, and the path text is built only when something fails. Every message is built here, by a
 * named factory, so the wording is the same in both directions and tests can assert it exactly.
 */

export type { PathSegment } from "../../protocol/data-path.js"

export class DataContractError extends Error {
  constructor(
    message: string,
    /** The path of the offending value, as it appears in the message. */
    readonly path: string,
  ) {
    super(message)
    this.name = "DataContractError"
  }
}

// ---------------------------------------------------------------------------------------------
// Messages

const fail = (path: string, message: string): DataContractError => new DataContractError(message, path)

export const DataErrors = {
  /** A value of a kind JSON has no place for: a function, a tool reference, NaN, a symbol... */
  notData: (path: string, what: string, hint = ""): DataContractError =>
    fail(path, `${path} is ${what}, which cannot cross to JSON${hint}`),

  /** An integer beyond ±2^53 that no JSON number (a double) holds exactly. */
  inexactInteger: (path: string, digits: string): DataContractError =>
    fail(
      path,
      `${path} is the integer ${digits}, which a JSON number cannot hold exactly; send it as a string with tostring()`,
    ),

  notUtf8: (path: string, offset: number): DataContractError =>
    fail(path, `${path} is not valid UTF-8 text (invalid byte at position ${offset + 1})`),

  keyNotUtf8: (path: string): DataContractError => fail(path, `${path} has a key that is not valid UTF-8 text`),

  mixedKeys: (path: string, index: string, key: string): DataContractError =>
    fail(
      path,
      `${path} mixes array indices and string keys ([${index}] and ${JSON.stringify(key)}); ` +
        `a table crossing to JSON must be an array (keys 1..n) or an object (string keys)`,
    ),

  sparseArray: (path: string, missing: string, present: string): DataContractError =>
    fail(
      path,
      `${path} is a sparse array ([${missing}] is nil but [${present}] is set); ` +
        `use json.null to keep an empty slot`,
    ),

  indexBelowOne: (path: string, index: string): DataContractError =>
    fail(path, `${path} has the index [${index}], but arrays crossing to JSON start at [1]`),

  badKey: (path: string, key: string): DataContractError =>
    fail(path, `${path} has ${key} as a key; only string keys and array indices 1..n can cross to JSON`),

  cyclic: (path: string, target: string): DataContractError =>
    fail(path, `${path} refers back to ${target}, which contains it; a cyclic table cannot cross to JSON`),

  tooDeep: (path: string, limit: number): DataContractError =>
    fail(path, `${path} is nested more than ${limit} levels deep, the limit for data crossing to JSON`),

  tooLarge: (root: string, path: string, limit: number): DataContractError =>
    fail(path, `${root} is larger than ${limit} bytes of JSON, the limit for data crossing to JSON (stopped at ${path})`),

  tooManyEntries: (path: string, limit: number): DataContractError =>
    fail(path, `${path} has more than ${limit} entries, the limit for one table`),

  /** Host data that is not plain: a class instance, a Date, a Map, a Proxy, an accessor property. */
  notPlain: (path: string, what: string): DataContractError => fail(path, `${path} is ${what}, not plain JSON data`),
}

// ---------------------------------------------------------------------------------------------
// Size accounting

/** Bytes of a number's JSON text, estimated without formatting it (never much below the truth). */
export const jsonNumberBytes = (n: number): number => {
  if (!Number.isInteger(n)) return 18
  const a = n < 0 ? -n : n
  const sign = n < 0 ? 1 : 0
  if (a < 10) return sign + 1
  if (a < 100) return sign + 2
  if (a < 1e4) return sign + 4
  if (a < 1e6) return sign + 6
  if (a < 1e9) return sign + 9
  if (a < 1e12) return sign + 12
  return sign + 22
}
