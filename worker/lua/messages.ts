/**
 * Every message the Lua engine itself words, in one table.
 *
 * Runtime errors use real Lua 5.4.4's wording exactly (`attempt to index a nil value (local 'x')`)
 * because models have read a great deal of Lua and act on those messages, and because the
 * conformance suite compares them with what the real interpreter printed. Messages Lua has no
 * equivalent for — bounds, absent features, host calls — say what happened and what to do instead.
 *
 * Positions (`input:3: `) are not part of these texts: the caller adds them (`LuaState.where`),
 * since whether a message carries one depends on where it is raised, as in real Lua.
 *
 * `info` arguments are Lua's "variable info" suffix, built by `variableInfo`: `" (local 'x')"`,
 * `" (global 'f')"`, `" (field 'y')"`, `" (method 'm')"`, `" (upvalue 'u')"`,
 * `" (constant 'abc')"`, or `""` when the value has no name (a call result, a literal).
 */

export type VariableKind = "local" | "global" | "field" | "method" | "upvalue" | "constant" | "for iterator"

export const variableInfo = (kind: VariableKind, name: string): string => ` (${kind} '${name}')`

export const LuaMessages = {
  // -- Parsing and compiling -----------------------------------------------------------------
  emptyProgram: () => "program is empty: write Lua statements ending in `return <value>`",
  sourceTooLarge: (bytes: number, limit: number) =>
    `program is ${bytes} bytes of UTF-8; the limit is ${limit} bytes: write a shorter program`,
  syntaxTooDeep: (limit: number) =>
    `program nests blocks, brackets and braces more than ${limit} levels deep: flatten it`,
  expressionTooComplex: () => "program is too deeply nested to compile (an expression or chain is too long): split it",
  constAssignment: (name: string) => `attempt to assign to const variable '${name}'`,
  unknownAttribute: (name: string) => `unknown attribute '${name}'`,
  closeUnsupported: () =>
    "to-be-closed variables (`local x <close>`) are not supported in Code Mode: release resources explicitly",
  gotoIntoScope: (label: string, line: number, local: string) =>
    `<goto ${label}> at line ${line} jumps into the scope of local '${local}'`,
  varargOutsideVararg: () => "cannot use '...' outside a vararg function near '...'",

  // -- Runtime errors (Lua 5.4.4 wording) -----------------------------------------------------
  index: (type: string, info: string) => `attempt to index a ${type} value${info}`,
  call: (type: string, info: string) => `attempt to call a ${type} value${info}`,
  callFromUnknownTool: (message: string, tool: string) =>
    `${message} (if it was read from ${tool}: there is no such tool, so it read as nil; use search(...) to find tools)`,
  concatenate: (type: string, info: string) => `attempt to concatenate a ${type} value${info}`,
  length: (type: string, info: string) => `attempt to get length of a ${type} value${info}`,
  tableIndexNil: () => "table index is nil",
  tableIndexNaN: () => "table index is NaN",
  invalidNextKey: () => "invalid key to 'next'",
  forIteratorArgument: (type: string) => `bad argument #1 to 'for iterator' (table expected, got ${type})`,
  assertionFailed: () => "assertion failed!",
  errorInErrorHandling: () => "error in error handling",
  /** What an uncaught non-string error value shows, as the `lua` standalone prints it. */
  errorObject: (type: string) => `(error object is a ${type} value)`,

  // -- Bounds and stops (never catchable) ---------------------------------------------------
  fuelExhausted: (limit: number) => `program exceeded its work budget of ${limit} steps (an endless loop?)`,
  timedOut: (line: number) => `execution timed out while running code at line ${line}`,
  interrupted: () => "execution was interrupted",
  stringTooLarge: (bytes: number, limit: number) => `string of ${bytes} bytes exceeds the limit of ${limit} bytes`,
  stackOverflow: (limit: number) =>
    `stack overflow: more than ${limit} nested function calls (unbounded recursion?); use a loop or a shallower recursion`,
  stackExhausted: (depth: number) =>
    `stack overflow: function calls nested too deeply (${depth} levels, with deep expressions in each); use a loop or a shallower recursion`,
  tableTooLarge: (limit: number) => `table grew past the limit of ${limit} entries (maxTableEntries)`,

  // -- Code Mode features --------------------------------------------------------------------
  absent: (name: string, reason: string) => `'${name}' is not available in Code Mode: ${reason}`,
  toolsReadOnly: (path: string) =>
    `${path === "" ? "tools" : `tools.${path}`} is read-only: tools can be called, not assigned`,
  toolsNotIterable: () =>
    "tools cannot be listed with pairs/next: use search({ query = ... }) to find tools and their paths",
  toolBadKey: (type: string) => `tools can only be indexed with names (got a ${type} key)`,
  toolMethodCall: (path: string) =>
    `tools.${path} was called with ':'; call tools with '.' and pass the input table: tools.${path}({ ... })`,
  toolLength: () => "attempt to get length of tools: use search({ query = ... }) to find tools",

  // -- Internal ------------------------------------------------------------------------------
  internalError: (detail: string) => `internal error in the Lua engine: ${detail}`,
}
