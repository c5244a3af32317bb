/**
 * The list of built-in globals, in installation order, and the realm template they make.
 *
 * A worker runs every installer once, into a realm that becomes the template
 * (runtime/realm-copy.ts); `createRealm` gives each execution its own copy of it, made object by
 * object as the program reaches them. An installer may therefore run only once per worker, and
 * the functions it makes must not capture the objects it makes: they read what they need from
 * `st.realm` (test/javascript/realm-template.test.ts). Deliberately absent globals are in
 * primitives.ts (`ABSENT_GLOBALS`); SUPPORT.md is checked against both lists by a test.
 */

import { DEFAULT_BOUNDS } from "../../../protocol/bounds.js"
import { noHost } from "../../engine-host.js"
import { Realm } from "../runtime/realm.js"
import { RealmTemplate } from "../runtime/realm-copy.js"
import { JsState } from "../runtime/state.js"
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
import { WEB_INSTALLERS } from "./web.js"
import { installRequire } from "../runtime/modules.js"

const INSTALLERS: ReadonlyArray<(realm: Realm) => void> = [
  installObject, installFunction, installErrors, installArray, installGenerator, installString, installGlobals, installPromise,
  installConsole, installDiscovery, installState, installOutput, installRequire,
  installMath, installJson, installDate, installRegExp, installCollections, installReflect, installModels,
  ...WEB_INSTALLERS,
]

let template: RealmTemplate | undefined

/** The worker's template, built at the first execution. */
function realmTemplate(): RealmTemplate {
  if (template === undefined) {
    const realm = new Realm(new JsState({ host: noHost, bounds: DEFAULT_BOUNDS, deadline: Infinity }))
    realm.st.realm = realm
    for (const install of INSTALLERS) install(realm)
    template = new RealmTemplate(realm)
  }
  return template
}

/** A fresh realm for the execution of `st`: its own copy of the template. */
export function createRealm(st: JsState): Realm {
  const realm = new Realm(st, realmTemplate().copy())
  st.realm = realm
  return realm
}
