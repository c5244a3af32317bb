/**
 * Modules of globals: `import`, `require` and `import()` over what the host provides.
 *
 * There are no packages and no files. A program that writes `import fs from "node:fs"` or
 * `require("fs")` is asking for the `fs` global the host may have added through an extension, so
 * a module name resolves to a global: the name itself (with or without `node:`), or, for the few
 * Node modules whose contents live in globals of other names, those globals (`fs/promises` is
 * `fs.promises`; `url` holds `URL` and `URLSearchParams`; `util` holds `TextEncoder` and
 * `TextDecoder`, all built in; `buffer` holds `Buffer` if the host provides it). Otherwise only
 * extension globals count as modules — `console` or `Math` are not — and anything else throws an
 * Error that says what there is.
 *
 * What each form gives, as in Node for a CommonJS module:
 * - `require(name)` and a default import: the module's value (the `fs` object itself);
 * - a named import `{ readFile }`: that property of the value, read at import time (a missing one
 *   is a SyntaxError, as Node reports it at link time);
 * - `import * as fs` and `await import(name)`: a fresh namespace object, `default` plus every own
 *   string-keyed property of the value.
 * Values are read from the program's global object when the import runs, so a module is exactly
 * the global the program could have named directly; nothing is cached or copied.
 */

import { JsMessages } from "../messages.js"
import { ABSENT, Accessor, JsObject, type Value } from "./object.js"
import { getV, toStr } from "./ops.js"
import type { Realm } from "./realm.js"
import type { JsState } from "./state.js"

/** Node modules whose exports are globals of other names. */
const MEMBER_MODULES: Readonly<Record<string, ReadonlyArray<string>>> = {
  url: ["URL", "URLSearchParams"],
  util: ["TextEncoder", "TextDecoder"],
  buffer: ["Buffer"],
}

/** Node modules that are a property of another global. */
const PATH_MODULES: Readonly<Record<string, ReadonlyArray<string>>> = {
  "fs/promises": ["fs", "promises"],
}

/** What an import binds: the value, one named export, or the namespace object. */
export type ImportKind = { readonly kind: "default" } | { readonly kind: "namespace" } | { readonly kind: "named"; readonly name: string }

/** A global's value if the program's global object holds one (an absent-on-purpose global does not). */
const globalValue = (realm: Realm, name: string): Value | undefined => {
  const own = realm.global.own(name)
  return own === ABSENT || own instanceof Accessor ? undefined : (own as Value)
}

/** The module `specifier` names, as a value; throws a catchable Error when there is none. */
export function resolveModule(st: JsState, specifier: string): Value {
  const realm = st.realm
  const name = specifier.startsWith("node:") ? specifier.slice(5) : specifier
  const roots = st.moduleRoots
  const path = PATH_MODULES[name]
  if (path !== undefined && roots.has(path[0]!)) {
    let value = globalValue(realm, path[0]!)
    for (let i = 1; i < path.length && value instanceof JsObject; i++) value = getV(st, value, path[i]!)
    if (value instanceof JsObject) return value
  }
  if (roots.has(name)) {
    const value = globalValue(realm, name)
    if (value !== undefined) return value
  }
  const members = MEMBER_MODULES[name]
  if (members !== undefined) {
    const exports = realm.newObject()
    let found = false
    for (const member of members) {
      // The built-in Web globals (`URL`, `TextEncoder`) count, as well as the host's (`Buffer`).
      const value = globalValue(realm, member)
      if (value === undefined) continue
      exports.defineOwn(st, member, value, 0)
      found = true
    }
    if (found) return exports
  }
  throw st.error("Error", JsMessages.moduleNotFound(specifier, [...roots].sort()))
}

/** The namespace object of a module: `default` and the value's own string-keyed properties. */
export function moduleNamespace(st: JsState, value: Value): JsObject {
  const namespace = st.realm.newObject()
  if (value instanceof JsObject) {
    for (const key of value.ownKeys()) {
      if (typeof key === "string" && key !== "default") namespace.defineOwn(st, key, getV(st, value, key), 0)
    }
  }
  namespace.defineOwn(st, "default", value, 0)
  return namespace
}

/** What one import specifier binds. */
export function importBinding(st: JsState, specifier: string, what: ImportKind): Value {
  const value = resolveModule(st, specifier)
  switch (what.kind) {
    case "default":
      return value
    case "namespace":
      return moduleNamespace(st, value)
    case "named": {
      if (what.name === "default") return value
      const has = value instanceof JsObject && value.own(what.name) !== ABSENT
      if (!has) throw st.error("SyntaxError", JsMessages.missingExport(specifier, what.name))
      return getV(st, value, what.name)
    }
  }
}

/** Installs `require` (what it may load is the execution's: `JsState.moduleRoots`). */
export function installRequire(realm: Realm): void {
  realm.defineGlobal(
    "require",
    realm.builtin("require", 1, (st, _t, [specifier]) => {
      if (typeof specifier !== "string") throw st.typeError(JsMessages.moduleSpecifier(typeof specifier))
      return resolveModule(st, specifier)
    }),
  )
}

/** `import(specifier)`: the module's namespace, as a promise (rejected when there is no such module). */
export function dynamicImport(st: JsState, specifier: Value): Value {
  return moduleNamespace(st, resolveModule(st, toStr(st, specifier)))
}
