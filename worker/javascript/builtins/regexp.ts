/**
 * (being written) Installs the program's RegExp globals.
 */

import type { Realm } from "../runtime/realm.js"

export function installRegExp(realm: Realm): void {
  void realm
}
