/**
 * Extensions: host functions a program calls directly as globals (`fetch`, `fs.readFile`).
 *
 * Tools are described to the model and searched; extensions are not. An extension is a named set
 * of globals the host decides the meaning of, so it lives beside the catalog rather than in it:
 * its globals are absent from `runtime.catalog` and `search`, and only their paths (and, for
 * JavaScript, whether each is asynchronous) reach a worker. The functions themselves never leave
 * the host; a call arrives as `{ op: "global", name: path, args }` with plain-data arguments.
 *
 * Why the async mark is declared rather than discovered by calling. A JavaScript program must know
 * before the call whether `fetch(url)` gives a promise or a value, because a denied or failed call
 * has to fail the same way the call would: a rejected promise for an asynchronous global, a thrown
 * error for a synchronous one. An `async` function says so by its kind; a plain function that
 * returns a Promise or an Effect says so with `Extension.async(fn)`. Either way the host waits for
 * the value (the worker is blocked on the call), so the mark only shapes what the program sees.
 *
 * A global may be an object of functions: every function reachable from it is an entry point named
 * by its path (`fs.readFile`, `fs.promises.readFile`), so hooks see which one was called. A function
 * inside a global's result is callable too, in JavaScript (callables.ts). Names are
 * checked once, at `CodeMode.make`: a path that is not made of identifiers, a global that shadows a
 * built-in of the language, or two extensions claiming the same global all throw there.
 *
 * The Effect requirements of the globals are inferred like a tool's (`ExtensionRequirements`), and
 * join the runtime's: a global returning `Effect<A, E, Session>` makes `execute` require `Session`.
 */

import { Effect } from "effect"
import type { Language } from "../protocol/language.js"
import { checkKnownKeys } from "./options.js"

const ExtensionTypeId: unique symbol = Symbol.for("codemode/Extension")
const AsyncMark: unique symbol = Symbol.for("codemode/Extension.async")

/** Any host function a global may be. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GlobalFunction = (...args: any[]) => unknown

/** A global: a function, or an object whose reachable functions are globals by path. */
export interface GlobalTree {
  readonly [name: string]: GlobalFunction | GlobalTree
}

/** A Lua global: a function returning an Effect that produces JSON (or `undefined` for nil). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
export type LuaGlobalFunction = (...args: any[]) => Effect.Effect<unknown, unknown, any>

export interface LuaGlobalTree {
  readonly [name: string]: LuaGlobalFunction | LuaGlobalTree
}

/** One entry point: the path a program calls, and the host function behind it. */
export interface ExtensionEntry {
  readonly path: string
  readonly fn: GlobalFunction
  /** JavaScript: the call returns a promise (an `async` function or `Extension.async`). */
  readonly async: boolean
}

export interface Extension<R = never> {
  readonly [ExtensionTypeId]: { readonly _R: (_: never) => R }
  readonly name: string
  /** The language whose programs may call it: `Extension.make` is JavaScript, `Extension.lua` Lua. */
  readonly language: Language
  readonly entries: ReadonlyArray<ExtensionEntry>
}

/** What the Effects of a global tree require. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
export type GlobalRequirements<G> = G extends (...args: any[]) => infer Out
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
  ? Out extends Effect.Effect<any, any, infer R>
    ? R
    : never
  : G extends object
    ? { [K in keyof G]: GlobalRequirements<G[K]> }[keyof G]
    : never

/** The union of the requirements of a list of extensions. */
export type ExtensionRequirements<X> = X extends ReadonlyArray<infer E> ? (E extends Extension<infer R> ? R : never) : never

export const isExtension = (value: unknown): value is Extension<unknown> =>
  value !== null && typeof value === "object" && ExtensionTypeId in value

/** Marks a plain function as asynchronous: the program gets a promise, as from an `async` function. */
const markAsync = <F extends GlobalFunction>(fn: F): F => {
  if (typeof fn !== "function") throw new TypeError(`Extension.async expects a function, got ${typeof fn}`)
  const marked = ((...args: unknown[]) => fn(...args)) as unknown as F
  Object.defineProperty(marked, AsyncMark, { value: true })
  Object.defineProperty(marked, "name", { value: fn.name })
  return marked
}

/** An `async` function, or one marked with `Extension.async`: the program gets a promise. */
export const isAsyncFunction = (fn: GlobalFunction): boolean =>
  (fn as unknown as Record<symbol, unknown>)[AsyncMark] === true || Object.prototype.toString.call(fn) === "[object AsyncFunction]"

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const LUA_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Flattens a global tree into entry points, checking every name on the way. */
const flatten = (extension: string, globals: unknown, language: Language): ExtensionEntry[] => {
  if (globals === null || typeof globals !== "object" || Array.isArray(globals)) {
    throw new TypeError(`Extension '${extension}': globals must be an object of functions`)
  }
  const entries: ExtensionEntry[] = []
  const seen = new Set<object>()
  const walk = (node: object, prefix: string) => {
    if (seen.has(node)) throw new TypeError(`Extension '${extension}': ${prefix} refers to itself`)
    seen.add(node)
    for (const key of Object.keys(node)) {
      const path = prefix === "" ? key : `${prefix}.${key}`
      const pattern = language === "lua" ? LUA_IDENTIFIER : IDENTIFIER
      if (!pattern.test(key)) {
        throw new TypeError(`Extension '${extension}': global name '${path}' is not an identifier a program can write`)
      }
      const value = (node as Record<string, unknown>)[key]
      if (typeof value === "function") {
        const fn = value as GlobalFunction
        entries.push({ path, fn, async: language === "javascript" && isAsyncFunction(fn) })
      } else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        walk(value, path)
      } else {
        throw new TypeError(`Extension '${extension}': global '${path}' must be a function or an object of functions, got ${describe(value)}`)
      }
    }
    seen.delete(node)
  }
  walk(globals, "")
  if (entries.length === 0) throw new TypeError(`Extension '${extension}' declares no global function`)
  return entries
}

const describe = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value)

const checkName = (name: unknown, maker: string): string => {
  if (typeof name !== "string" || name.length === 0) throw new TypeError(`${maker} expects a non-empty string name`)
  return name
}

const build = <R>(name: string, language: Language, globals: unknown): Extension<R> => ({
  [ExtensionTypeId]: { _R: (_: never) => _ },
  name,
  language,
  entries: Object.freeze(flatten(name, globals, language)),
})

/** The keys `Extension.make` / `Extension.lua` read; any other is a `TypeError`. */
const EXTENSION_OPTION_KEYS = ["name", "globals"] as const

/** A JavaScript extension: each global is synchronous unless `async` or marked with `Extension.async`. */
const make = <const G extends GlobalTree>(options: { readonly name: string; readonly globals: G }): Extension<GlobalRequirements<G>> => {
  if (options === null || typeof options !== "object") throw new TypeError("Extension.make expects { name, globals }")
  checkKnownKeys("Extension.make", options, EXTENSION_OPTION_KEYS)
  return build(checkName(options.name, "Extension.make"), "javascript", options.globals)
}

/** A Lua extension: each global returns an Effect producing JSON (or `undefined`, which is nil). */
const lua = <const G extends LuaGlobalTree>(options: { readonly name: string; readonly globals: G }): Extension<GlobalRequirements<G>> => {
  if (options === null || typeof options !== "object") throw new TypeError("Extension.lua expects { name, globals }")
  checkKnownKeys("Extension.lua", options, EXTENSION_OPTION_KEYS)
  return build(checkName(options.name, "Extension.lua"), "lua", options.globals)
}

export const Extension = { make, lua, async: markAsync } as const

// ---------------------------------------------------------------------------------------------
// What a program starts with: globals no extension may shadow. test/pool/extensions.test.ts
// checks these lists against the engines' own globals, so they cannot drift.

const LUA_BUILTINS = [
  "_G", "_VERSION", "assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "print", "rawequal", "rawlen",
  "rawget", "rawset", "select", "tonumber", "tostring", "type", "string", "table", "unpack", "math", "utf8", "json",
  "tools", "search", "search_tools", "describe_tool", "describe_namespace", "ALL_TOOLS", "store", "load",
  "text", "image", "exit", "models",
]

const JAVASCRIPT_BUILTINS = [
  "Object", "Function", "Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError", "EvalError", "URIError",
  "AggregateError", "Array", "String", "globalThis", "undefined", "NaN", "Infinity", "Number", "Boolean", "Symbol",
  "BigInt", "parseInt", "parseFloat", "isNaN", "isFinite", "encodeURIComponent", "decodeURIComponent", "encodeURI",
  "decodeURI", "Math", "JSON", "Map", "Set", "WeakMap", "WeakSet", "Promise", "console", "tools", "search",
  "searchTools", "describeTool", "describeNamespace", "ALL_TOOLS", "require", "eval", "arguments", "RegExp", "Date",
  "DOMException", "Uint8Array", "TextEncoder", "TextDecoder", "URL", "URLSearchParams", "structuredClone", "crypto",
  "atob", "btoa", "queueMicrotask", "Reflect", "store", "load", "text", "image", "exit", "models",
  "ArrayBuffer", "DataView", "Int8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array",
  "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array",
]

/** The built-in globals of each language (tools, search and discovery included). */
export const BUILTIN_GLOBALS: Readonly<Record<Language, ReadonlySet<string>>> = {
  lua: new Set(LUA_BUILTINS),
  javascript: new Set(JAVASCRIPT_BUILTINS),
}

/**
 * Checks a runtime's extensions and returns their entries by path. Throws (a `TypeError` naming
 * the culprit) on a wrong language, a shadowed built-in, or a global claimed twice.
 */
export const collectExtensions = (
  language: Language,
  extensions: ReadonlyArray<Extension<unknown>>,
): ReadonlyMap<string, ExtensionEntry & { readonly extension: string }> => {
  if (!Array.isArray(extensions)) throw new TypeError("extensions must be an array of Extension.make / Extension.lua values")
  const byPath = new Map<string, ExtensionEntry & { readonly extension: string }>()
  const owners = new Map<string, string>()
  for (const extension of extensions) {
    if (!isExtension(extension)) throw new TypeError("extensions must be made with Extension.make (JavaScript) or Extension.lua (Lua)")
    if (extension.language !== language) {
      const maker = language === "lua" ? "Extension.lua" : "Extension.make"
      throw new TypeError(`Extension '${extension.name}' is for ${extension.language} programs; a ${language} runtime needs one made with ${maker}`)
    }
    for (const entry of extension.entries) {
      const root = entry.path.split(".")[0]!
      if (BUILTIN_GLOBALS[language].has(root)) {
        throw new TypeError(`Extension '${extension.name}': global '${root}' would shadow the built-in '${root}' of ${language} programs; choose another name`)
      }
      const owner = owners.get(root)
      if (owner !== undefined && owner !== extension.name) {
        throw new TypeError(`Extension '${extension.name}': global '${root}' is already provided by extension '${owner}'`)
      }
      if (owner !== undefined && byPath.has(entry.path)) {
        throw new TypeError(`Extension '${extension.name}' is given twice to the same runtime`)
      }
      owners.set(root, extension.name)
      byPath.set(entry.path, { ...entry, extension: extension.name })
    }
  }
  // A path that is both a function and a namespace (`fs` and `fs.readFile` from two extensions)
  // cannot happen: roots are owned by one extension, and one object cannot be both.
  return byPath
}

/**
 * Runs a global as an Effect: a thrown exception, a rejected promise or a failed Effect all fail
 * it. `self` is the `this` of a function found in a result (the object holding it).
 */
export const invokeGlobal = (fn: GlobalFunction, args: ReadonlyArray<unknown>, self?: unknown): Effect.Effect<unknown, unknown, unknown> =>
  Effect.suspend(() => {
    let returned: unknown
    try {
      returned = self === undefined ? fn(...args) : fn.apply(self, args as unknown[])
    } catch (error) {
      return Effect.fail(error)
    }
    if (Effect.isEffect(returned)) return returned
    if (returned !== null && typeof returned === "object" && typeof (returned as PromiseLike<unknown>).then === "function") {
      return Effect.tryPromise({ try: () => Promise.resolve(returned), catch: (error) => error })
    }
    return Effect.succeed(returned)
  })
