/**
 * (being written) Installs the program's Web globals.
 */

import type { Realm } from "../runtime/realm.js"

export function installWeb(realm: Realm): void {
  void realm
}
