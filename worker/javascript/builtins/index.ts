/**
 * The list of built-in globals, in installation order: `createRealm` builds a fresh realm for one
 * execution by running each installer, and leaves the self-contained ones to be built on first use
 * (a realm is made per execution, so what it costs is paid by every program). Deliberately absent globals are in primitives.ts
 * (`ABSENT_GLOBALS`); SUPPORT.md is checked against both lists by a test.
 */

import { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"
import { installArray } from "./array.js"
import { installCollections } from "./collections.js"
import { installConsole } from "./console.js"
import { installDate } from "./date.js"
import { installDiscovery } from "./discovery.js"
import { installErrors } from "./errors.js"
import { installFunction } from "./function.js"
import { installGenerator } from "./generator.js"
import { installGlobals } from "./primitives.js"
import { installJson } from "./json.js"
import { installMath } from "./math.js"
import { installModels } from "./models.js"
import { installObject } from "./object.js"
import { installOutput } from "./output.js"
import { installPromise } from "./promise.js"
import { installReflect } from "./reflect.js"
import { installRegExp } from "./regexp.js"
import { installState } from "./state.js"
import { installString } from "./string.js"
import { WEB_GLOBALS } from "./web.js"

/** Installed with the realm: the engine itself needs their prototypes (literals, iteration, async). */
const INSTALLERS = [
  installObject, installFunction, installErrors, installArray, installGenerator, installString, installGlobals, installPromise,
  installConsole, installDiscovery, installState, installOutput,
]

/** Self-contained globals, built the first time a program looks one up (see `GlobalObject`). */
const DEFERRED: ReadonlyArray<readonly [ReadonlyArray<string>, (realm: Realm) => void]> = [
  [["Math"], installMath],
  [["JSON"], installJson],
  [["Date"], installDate],
  [["RegExp"], installRegExp],
  [["Map", "Set", "WeakMap", "WeakSet"], installCollections],
  [["Reflect"], installReflect],
  [["models"], installModels],
  ...WEB_GLOBALS,
]

export function createRealm(st: JsState): Realm {
  const realm = new Realm(st)
  st.realm = realm
  for (const install of INSTALLERS) install(realm)
  for (const [names, install] of DEFERRED) realm.deferGlobals(names, install)
  return realm
}
