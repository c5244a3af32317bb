/**
 * What Code Mode's Lua deliberately leaves out, and why.
 *
 * These names stay nil — `type(os) == "nil"`, and a program may define its own global `os` — but
 * a program that calls or indexes one of them while it is nil gets an error that says the feature
 * is not available and what to do instead, not a bare "attempt to call a nil value". The compiler
 * consults this table when it words "attempt to call/index a nil value (global 'X')" (and, for
 * `string.dump`, "(field 'dump')" on the global `string`), so the lookup costs nothing until the
 * program has already failed.
 *
 * Lua's `load` is absent in its own sense (no chunk loading), and the name is taken by per-branch
 * state (state.ts): `load(key)` reads what an earlier execution stored.
 */

const METATABLES = "metatables are not supported; use plain tables and functions"
const COROUTINES = "coroutines are not supported; write the steps as a loop or with callbacks"
const NO_DYNAMIC_CODE = "programs cannot load or compile code at run time; write the code directly"
const NO_MODULES = "there are no modules to load; everything available is already a global"
const NO_OS = "programs cannot reach the operating system; use the tools the host provides"
const NO_IO = "programs cannot read or write files or streams; use the tools the host provides, and print() for logs"
const NO_DEBUG = "the debug library is not available; use print() and error values to inspect a program"
const NO_GC = "memory is managed by the host; there is no garbage collector to control"

/** Global name -> why it is absent. */
export const ABSENT_GLOBALS: ReadonlyMap<string, string> = new Map([
  ["setmetatable", METATABLES],
  ["getmetatable", METATABLES],
  ["coroutine", COROUTINES],
  ["loadstring", NO_DYNAMIC_CODE],
  ["dofile", NO_DYNAMIC_CODE],
  ["loadfile", NO_DYNAMIC_CODE],
  ["require", NO_MODULES],
  ["module", NO_MODULES],
  ["package", NO_MODULES],
  ["io", NO_IO],
  ["os", NO_OS],
  ["debug", NO_DEBUG],
  ["collectgarbage", NO_GC],
  ["newproxy", METATABLES],
  ["_ENV", "_ENV is not supported; use _G to reach globals by name"],
])

/** `library.field` -> why it is absent, for fields of libraries that are otherwise present. */
export const ABSENT_FIELDS: ReadonlyMap<string, string> = new Map([
  ["string.dump", "functions cannot be dumped to bytecode; there is no dynamic code loading"],
])

/** The reason `name` (a global, or `library.field`) is absent, or `undefined` if it is not. */
export const absentReason = (name: string): string | undefined => ABSENT_GLOBALS.get(name) ?? ABSENT_FIELDS.get(name)
