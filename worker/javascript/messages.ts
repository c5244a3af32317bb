/**
 * Every message the JavaScript engine itself words, in one table.
 *
 * Errors a program can catch (TypeError, RangeError, ReferenceError) use V8's wording, because
 * models have read a great deal of it and because the conformance suite compares our messages with
 * what Node printed. Messages V8 has no equivalent for — bounds, deliberately absent features,
 * unsupported syntax — say what happened and what to write instead.
 */

export const JsMessages = {
  // -- Parsing and compiling ---------------------------------------------------------------
  sourceTooLarge: (bytes: number, limit: number) =>
    `program is ${bytes} bytes of UTF-8; the limit is ${limit} bytes: write a shorter program`,
  syntaxTooDeep: (limit: number) => `program nests more than ${limit} levels deep: flatten it`,
  expressionTooComplex: () => "program is too deeply nested to compile: split it",
  awaitOutsideAsync: () => "await is only valid in async functions and the top level bodies of modules (mark the enclosing function async)",
  unclosedBracket: (char: string, line: number, column: number) =>
    `Unexpected end of input: the '${char}' opened at line ${line}, column ${column} is never closed`,
  luaHint: () =>
    ' (this looks like Lua: this runtime runs JavaScript; write JavaScript, or run the program with language: "lua")',
  typeScriptHint: () =>
    " (this looks like TypeScript: Code Mode runs JavaScript, so remove type annotations, interfaces and type-only syntax)",
  unsupported: (construct: string, reason: string) => `${construct} is not supported in Code Mode: ${reason}`,
  awaitPosition: (construct: string) =>
    `await inside ${construct} is not supported yet: move the awaited value into a variable first (const x = await ...)`,

  // -- Runtime errors (V8 wording) -----------------------------------------------------------
  notAFunction: (what: string) => `${what} is not a function`,
  notAFunctionFromUnknownTool: (what: string, tool: string) =>
    `${what} is not a function (if it was read from ${tool}: there is no such tool, so it read as undefined; use search(...) to find tools)`,
  notAConstructor: (what: string) => `${what} is not a constructor`,
  notDefined: (name: string) => `${name} is not defined`,
  beforeInitialization: (name: string) => `Cannot access '${name}' before initialization`,
  constAssignment: () => "Assignment to constant variable.",
  readProperty: (base: string, key: string) => `Cannot read properties of ${base} (reading '${key}')`,
  setProperty: (base: string, key: string) => `Cannot set properties of ${base} (setting '${key}')`,
  readOnly: (key: string, obj: string) => `Cannot assign to read only property '${key}' of object '${obj}'`,
  notExtensible: (key: string) => `Cannot add property ${key}, object is not extensible`,
  cannotDelete: (key: string, obj: string) => `Cannot delete property '${key}' of ${obj}`,
  notIterable: (what: string) => `${what} is not iterable`,
  incompatibleReceiver: (method: string, what: string) => `Method ${method} called on incompatible receiver ${what}`,
  notObjectIn: (key: string, what: string) => `Cannot use 'in' operator to search for '${key}' in ${what}`,
  instanceofNotCallable: () => "Right-hand side of 'instanceof' is not callable",
  classWithoutNew: (name: string) => `Class constructor ${name} cannot be invoked without 'new'`,
  derivedReturn: () => "Derived constructors may only return object or undefined",
  superNotCalled: () =>
    "Must call super constructor in derived class before accessing 'this' or returning from derived constructor",
  superTwice: () => "Super constructor may only be called once",
  mixBigInt: () => "Cannot mix BigInt and other types, use explicit conversions",
  symbolToString: () => "Cannot convert a Symbol value to a string",
  symbolToNumber: () => "Cannot convert a Symbol value to a number",
  bigintToNumber: () => "Cannot convert a BigInt value to a number",
  toPrimitive: () => "Cannot convert object to primitive value",
  destructureNullish: (what: string) => `Cannot destructure '${what}' as it is ${what}.`,
  destructureProperty: (key: string, what: string) => `Cannot destructure property '${key}' of '${what}' as it is ${what}.`,
  notIterableValue: (what: string) => `${what} is not iterable (cannot read property Symbol(Symbol.iterator))`,
  cyclicJson: () => "Converting circular structure to JSON",
  bigintJson: () => "Do not know how to serialize a BigInt",
  reduceEmpty: () => "Reduce of empty array with no initial value",
  invalidLength: () => "Invalid array length",
  promiseSelf: () => "Chaining cycle detected for promise #<Promise>",
  resolverNotCallable: (what: string) => `Promise resolver ${what} is not a function`,
  allRejected: () => "All promises were rejected",
  privateMissing: (name: string) => `Cannot read private member ${name} from an object whose class did not declare it`,
  privateWriteMissing: (name: string) => `Cannot write private member ${name} to an object whose class did not declare it`,

  // -- Bounds (never catchable) -------------------------------------------------------------
  workBudget: (limit: number) => `program exceeded its work budget of ${limit} steps (an endless loop?)`,
  timeout: (line: number) => `execution timed out while running code at line ${line}`,
  interrupted: () => "execution was interrupted",
  stackOverflow: (limit: number) =>
    `Maximum call stack size exceeded: more than ${limit} nested function calls (unbounded recursion?); use a loop or a shallower recursion`,
  arrayTooLarge: (limit: number) => `array grew past the limit of ${limit} elements (maxTableEntries)`,
  stringTooLong: (length: number, limit: number) =>
    `string of ${length} characters exceeds the limit of ${limit} characters`,
  tooManyPendingCalls: (limit: number) =>
    `more than ${limit} host calls are pending at once (maxPendingCalls); await some before starting more`,

  // -- Code Mode features ------------------------------------------------------------------
  absent: (name: string, reason: string) => `${name} is not available in Code Mode: ${reason}`,
  toolsReadOnly: () => "tools are read-only: call a tool with tools.name(input), do not assign to it",
  toolNotData: (path: string) => `the tool reference ${path}; call the tool and pass its result`,
  stateKeyNotString: (fname: string, what: string) => `${fname}(key): the key must be a string, got ${what}`,

  moduleNotFound: (specifier: string, available: ReadonlyArray<string>) =>
    `Cannot find module '${specifier}': Code Mode has no packages; import and require only load the globals the host provides (${
      available.length === 0 ? "none in this runtime" : available.join(", ")
    })`,
  missingExport: (specifier: string, name: string) => `The requested module '${specifier}' does not provide an export named '${name}'`,
  moduleSpecifier: (type: string) => `The "id" argument must be of type string. Received type ${type}`,
  nestedImport: () => "put import declarations at the top level of the program, or call require(...) where you need the module",

  // -- Internal ----------------------------------------------------------------------------
  internalError: (detail: string) => `internal error in the JavaScript engine: ${detail}`,
}
